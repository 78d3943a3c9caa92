"""A copy that only shows a message (another copy holds the folder, say) ends when it is
terminated, although SDL turns a termination into a quit event nobody reads while a box is open."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap

import pytest

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")

SCRIPT = textwrap.dedent("""
    import os, signal, sys, time
    import pygame
    pygame.init()  # SDL installs its own termination handler here
    if sys.argv[1] == "plain":
        from craits.ui.startup import _plain_termination
        _plain_termination()
    os.kill(os.getpid(), signal.SIGTERM)
    time.sleep(0.2)
    print("still running")
""")


def run(mode: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-c", SCRIPT, mode], env=env, capture_output=True,
                          text=True, timeout=60)


def test_sdl_alone_swallows_a_termination() -> None:
    assert "still running" in run("sdl").stdout


def test_a_message_only_copy_ends_on_termination() -> None:
    done = run("plain")
    assert done.returncode == -signal.SIGTERM
    assert "still running" not in done.stdout
