"""Every record the app keeps per frame is bounded, and so are its caches of rendered
surfaces, in bytes as well as in items: hours of play cost no more memory than minutes. The
long measurement is ``benchmarks/app_soak.py``; a short run of it is here."""

from __future__ import annotations

import gc
import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from app_driver import make_app

from craits.ui.cards.art import CARD_CODES, CardArt, card_size_for_height
from craits.ui.frame_times import FRAME_RECORDS
from craits.ui.widgets.textcache import LRU, pixel_bytes

ROOT = Path(__file__).resolve().parents[1]


def soak_module():
    spec = importlib.util.spec_from_file_location("craits_app_soak",
                                                  ROOT / "benchmarks" / "app_soak.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_the_soak_gives_memory_at_the_warm_up_the_marks_and_the_end():
    soak = soak_module()
    # An hour sampled every 10 s: 100 MB, climbing 1 MB a minute from minute 10 to 30.
    samples = [(at, 100.0 + min(20.0, max(0.0, at / 60 - 10))) for at in range(0, 3601, 10)]
    report = soak.SoakReport(seconds=3600.0, samples=samples, second_match_at=300.0)
    soak.judge(report, warmup_minutes=5, window_minutes=5, marks=[20, 40, 90],
               span_minutes=40)
    assert report.warmup_seconds == 360  # a minute into the second match
    assert report.warm_mb == 100.0
    assert report.marks_mb == {"20": 107.5, "40": 120.0}  # 90 is past the end: not given
    assert report.end_mb == 120.0 and report.growth_mb == 20.0
    assert report.span_minutes == 40 and report.span_growth_mb == 12.5  # end minus minute 20
    lines = soak.summary(report, 5, 5.0, flat=False)
    assert "107.5 MB at 20 min" in lines[1] and "+12.5 MB over the last 40 min" in lines[2]


def test_a_soak_judges_its_last_minutes_whenever_its_second_match_starts():
    soak = soak_module()
    # Flat at 120 MB, then 30 MB more from the second match on (at 38 minutes).
    samples = [(at, 120.0 + (30.0 if at >= 2280 else 0.0)) for at in range(0, 3601, 10)]
    report = soak.SoakReport(seconds=3600.0, samples=samples, second_match_at=2280.0)
    soak.judge(report, warmup_minutes=5, window_minutes=5, marks=[20], span_minutes=40)
    assert report.warmup_seconds == 2340 and report.growth_mb == 0.0  # since the warm-up
    assert report.span_minutes == 40 and report.span_growth_mb == 30.0  # the last 40 minutes


def test_a_short_soak_judges_the_growth_since_its_warm_up():
    soak = soak_module()
    samples = [(at, 80.0 + at / 600) for at in range(0, 901, 10)]  # 0.1 MB a minute
    report = soak.SoakReport(seconds=900.0, samples=samples)
    soak.judge(report, warmup_minutes=5, window_minutes=2, marks=[20], span_minutes=40)
    assert report.marks_mb == {}
    assert report.span_minutes == 8.0  # from the end of the warm-up's window to the end
    assert report.span_growth_mb == report.growth_mb == pytest.approx(0.8, abs=0.15)


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


@pytest.mark.draws  # drawing fills the caches that hold it
def test_a_replaced_table_is_freed_by_the_next_frame(tmp_path, monkeypatch):
    # Its scenes and caches (tens of MB of card images) hold one another, so only the
    # collector frees it; the collector's own rounds may leave it for hours. Automatic
    # collection is off here so that only the app's own collection can free it.
    import weakref

    app = make_app(tmp_path, monkeypatch)
    gc.disable()
    try:
        app.new_game(app.seats_for(["easy", "easy", "easy"]), None, 1)
        app.run(max_frames=3)
        table = app.current_table()  # held, as a button's handler or a loop holds it
        assert table is not None
        gone = weakref.ref(table)
        app.new_game(app.seats_for(["easy", "easy", "easy"]), None, 2)
        assert app.current_table() is not table
        del table
        app.run(max_frames=1)
        assert gone() is None
    finally:
        gc.enable()
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


def test_card_images_are_bounded_in_bytes():
    # Faces at a large window's size are big: a count alone lets the cache hold hundreds.
    art = CardArt(max_entries=400, max_bytes=3_000_000)
    size = card_size_for_height(300)  # about 340 kB each
    for code in CARD_CODES[:20]:
        art.face(code, size)
    assert art.bytes <= 3_000_000 and 1 <= len(art) < 20
    assert art.bytes == sum(s.get_pitch() * s.get_height() for s in art._cache._items.values())
    newest = art.face(CARD_CODES[19], size)
    assert art.face(CARD_CODES[19], size) is newest  # the newest is kept
    art.clear()
    assert art.bytes == 0 and len(art) == 0


def test_button_images_are_bounded_in_bytes():
    from craits.ui.widgets import Button
    from craits.ui.widgets.button_images import _button_cache, draw_button

    screen = pygame.Surface((1900, 300), pygame.SRCALPHA)
    _button_cache.clear()
    for n in range(100):  # 100 wide buttons of about 0.7 MB each
        draw_button(Button((0, 0, 1800, 100), f"Button {n}", None), screen)
    assert 1 <= len(_button_cache) < 100
    assert _button_cache.bytes <= 6_000_000
    _button_cache.clear()


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("CRAITS_SOAK_MINUTES"),
                    reason="minutes of play: set CRAITS_SOAK_MINUTES (e.g. 8) to run it")
def test_a_soak_keeps_memory_flat_after_its_warm_up(tmp_path):
    minutes = float(os.environ["CRAITS_SOAK_MINUTES"])
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / "app_soak.py"), "--minutes", str(minutes),
         "--warmup", str(min(5.0, minutes / 2)), "--span", str(minutes), "--limit", "10",
         "--seats",
         "easy,medium,easy,medium,easy", "--json"], cwd=ROOT, capture_output=True, text=True,
        timeout=minutes * 60 + 300, env={**os.environ, "CRAITS_HOME": str(tmp_path)})
    report = json.loads(result.stdout.strip().splitlines()[-1])
    assert report["crashes"] == 0 and report["frames"] > 1000
    assert report["growth_mb"] <= 10, report["samples"]
    assert result.returncode == 0


def test_panel_shadows_are_bounded_in_bytes():
    """Each overlay's panel casts a shadow as big as itself, cached by size: however many
    panel sizes a long session meets (resizes, every screen), the cache stays within its
    bytes."""
    from craits.ui.widgets import drawing

    pygame.init()
    drawing._shadow_cache.clear()
    target = pygame.Surface((1920, 1080), pygame.SRCALPHA)
    for width in range(900, 1900, 25):
        drawing.draw_shadow(target, pygame.Rect(10, 10, width, 700), 16, 8)
    cache = drawing._shadow_cache
    assert len(cache) > 1
    assert cache.bytes <= cache.max_bytes
    assert cache.bytes == sum(pixel_bytes(s) for s in cache._items.values())
