"""Ctrl+C in the terminal stops the game with one line, no traceback, and the game saved."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from craits.persistence import SaveStore


@pytest.mark.skipif(not hasattr(signal, "SIGINT") or os.name == "nt",
                    reason="Ctrl+C is sent as a signal here")
def test_ctrl_c_says_one_line_and_the_game_is_saved(tmp_path):
    env = {**os.environ, "CRAITS_HOME": str(tmp_path), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": os.pathsep.join(sys.path)}
    game = subprocess.Popen(
        [sys.executable, "-m", "craits", "--headless", "--seats", "human,easy",
         "--max-seconds", "120"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        text=True)
    try:
        deadline = time.monotonic() + 60
        while not (tmp_path / "save.json").exists() and time.monotonic() < deadline:
            assert game.poll() is None, game.communicate()
            time.sleep(0.1)
        assert (tmp_path / "save.json").exists()
        time.sleep(3)  # at the table, its helper processes started
        game.send_signal(signal.SIGINT)
        out, err = game.communicate(timeout=60)
    finally:
        if game.poll() is None:
            game.kill()
            game.communicate()
    assert "Traceback" not in err
    assert err.strip().splitlines() == ["craits: stopped by Ctrl+C"]
    assert game.returncode == 130
    data, problem = SaveStore(tmp_path).load()
    assert problem is None and data is not None and data["seats"][0]["kind"] == "human"
