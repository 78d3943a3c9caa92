"""The window is never larger than the display can show: ``--size`` or a stored size of
16384x16384 is shrunk, a size that is not one is refused with a message, and the game stays
quick enough to quit when asked (SIGTERM)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from app_driver import make_app

from craits.persistence import envelope
from craits.ui.app_window import HEADLESS_MAX_SIZE, MIN_SIZE, fit_window, usable_size
from craits.ui.startup import parse_size

ROOT = Path(__file__).resolve().parents[1]


def craits_env(home: Path) -> dict[str, str]:
    return {**os.environ, "CRAITS_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}


@pytest.mark.parametrize("text", ["99999999999999999999x800", "9" * 5000 + "x800", "-5x800",
                                  "1280x", "x", "1280x800x3", "1e4x800", "١٢٨٠x800"])
def test_sizes_that_are_not_sizes_are_refused(text):
    with pytest.raises(ValueError, match="--size must look like 1280x800") as caught:
        parse_size(text)
    assert len(str(caught.value)) < 200


def test_a_size_is_kept_within_the_minimum_and_the_display():
    assert parse_size("16384x16384") == (16384, 16384)
    assert fit_window((16384, 16384), (1920, 1080)) == (1920, 1080)
    assert fit_window((10, 10), (1920, 1080)) == MIN_SIZE
    assert fit_window((1280, 800), (1920, 1080)) == (1280, 800)


def test_a_huge_stored_window_size_is_shrunk(tmp_path, monkeypatch):
    stored = {"window_size": [16384, 16384]}
    (tmp_path / "settings.json").write_text(
        json.dumps(envelope("craits-settings", 1, stored)), "utf-8")
    app = make_app(tmp_path, monkeypatch, size=None)
    try:
        limit = usable_size()
        assert app.size[0] <= limit[0] and app.size[1] <= limit[1]
        assert limit == HEADLESS_MAX_SIZE  # the dummy driver has no real display
    finally:
        app.shutdown()


def test_a_huge_size_on_the_command_line_stays_quick_and_quits_on_sigterm(tmp_path):
    proc = subprocess.Popen(
        [sys.executable, "-m", "craits", "--size", "16384x16384", "--headless",
         "--max-seconds", "60"], cwd=ROOT, env=craits_env(tmp_path),
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(4)
        assert proc.poll() is None, proc.stderr.read()
        sent = time.monotonic()
        proc.send_signal(signal.SIGTERM)
        out, err = proc.communicate(timeout=20)
        assert time.monotonic() - sent < 5
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert "Traceback" not in err
    p50 = float(out.split("frame_ms_p50=")[1].split()[0])
    assert p50 < 200, out
