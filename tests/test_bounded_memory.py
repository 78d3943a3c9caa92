"""Every record the app keeps per frame is bounded, and so are its caches of rendered
surfaces, in bytes as well as in items: hours of play cost no more memory than minutes. The
long measurement is ``benchmarks/app_soak.py``; a short run of it is here."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from app_driver import make_app

from craits.ui.frame_times import FRAME_RECORDS
from craits.ui.widgets.textcache import LRU, pixel_bytes

ROOT = Path(__file__).resolve().parents[1]


def test_frame_records_are_bounded(tmp_path, monkeypatch):
    app = make_app(tmp_path, monkeypatch)
    try:
        for _ in range(FRAME_RECORDS + 500):
            app.frames.wall.append(0.001)
            app.frames.cpu.append(0.001)
        assert len(app.frames.wall) == FRAME_RECORDS == len(app.frames.cpu)
        app.run(max_frames=3)
        assert len(app.frames.wall) == FRAME_RECORDS
        assert "frames=" in app.frames.report()
    finally:
        app.shutdown()


def test_surface_caches_are_bounded_in_bytes():
    cache = LRU(1000, max_bytes=1_000_000)
    for n in range(200):
        cache.get(n, lambda: pygame.Surface((100, 100), pygame.SRCALPHA))  # 40 kB each
    assert cache.bytes <= 1_000_000 and len(cache) == 1_000_000 // 40_000
    assert cache.bytes == sum(pixel_bytes(item) for item in cache._items.values())
    cache.clear()
    assert cache.bytes == 0 and len(cache) == 0
    lists = LRU(10, max_bytes=100_000)
    lists.get("a", lambda: [pygame.Surface((50, 50)), pygame.Surface((50, 50))])
    assert lists.bytes == 2 * pixel_bytes(pygame.Surface((50, 50)))


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("CRAITS_SOAK_MINUTES"),
                    reason="minutes of play: set CRAITS_SOAK_MINUTES (e.g. 8) to run it")
def test_a_soak_keeps_memory_flat_after_its_warm_up(tmp_path):
    minutes = float(os.environ["CRAITS_SOAK_MINUTES"])
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "app_soak.py"), "--minutes", str(minutes),
         "--warmup", str(min(5.0, minutes / 2)), "--limit", "10", "--seats",
         "easy,medium,easy,medium,easy", "--json"], cwd=ROOT, capture_output=True, text=True,
        timeout=minutes * 60 + 300, env={**os.environ, "CRAITS_HOME": str(tmp_path)})
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["crashes"] == 0 and report["frames"] > 1000
    assert report["growth_mb"] <= 10, report["samples"]
    assert result.returncode == 0
