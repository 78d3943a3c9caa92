"""Without --headless the game refuses to start on a window-less video driver SDL fell back to
(no display reachable): it says so on stderr and in the log, exits non-zero and leaves the
data folder unlocked. A window-less driver asked for by SDL_VIDEODRIVER (tests, the self test)
still runs."""

from __future__ import annotations

import pygame
import pytest

from craits.persistence.home_lock import lock_home
from craits.ui import startup
from craits.ui.app_window import unasked_windowless


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CRAITS_HOME", str(tmp_path))
    return tmp_path


def fall_back_to(monkeypatch, driver: str) -> None:
    """SDL_VIDEODRIVER unset, and SDL reporting ``driver`` (as with no DISPLAY on Linux)."""
    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.setattr(pygame.display, "init", lambda: None)
    monkeypatch.setattr(pygame.display, "quit", lambda: None)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: driver)


@pytest.mark.parametrize("driver", ["offscreen", "dummy"])
def test_a_window_less_fallback_is_refused_with_a_message(home, monkeypatch, capsys, caplog,
                                                          driver):
    fall_back_to(monkeypatch, driver)
    locked, logs = [], []
    monkeypatch.setattr(startup, "lock_home", lambda path: locked.append(path))
    real_logging = startup.setup_logging
    monkeypatch.setattr(startup, "setup_logging",
                        lambda folder=None: logs.append(folder) or real_logging(folder))
    assert startup.main(["--max-seconds", "0.3"]) == 1  # not played for 0.3 s and left
    err = capsys.readouterr().err
    assert "no window can be shown" in err and f'"{driver}"' in err and "--headless" in err
    assert "Traceback" not in err
    assert locked == []  # the data folder was never locked
    assert logs == [home]  # the log is the data folder's (opened once a process)
    assert [r.levelname for r in caplog.records if "no window can be shown" in r.message] \
        == ["ERROR"]
    lock_home(home).release()  # nothing holds it


def test_no_video_driver_at_all_is_refused_too(home, monkeypatch, capsys):
    monkeypatch.setenv("SDL_VIDEODRIVER", "x11")

    def no_display() -> None:
        raise pygame.error("No available video device")

    monkeypatch.setattr(pygame.display, "init", no_display)
    monkeypatch.setattr(pygame.display, "quit", lambda: None)
    assert startup.main(["--max-seconds", "0.3"]) == 1
    assert "no video driver works here" in capsys.readouterr().err


def test_a_real_display_or_an_asked_for_window_less_driver_passes(monkeypatch):
    monkeypatch.setattr(pygame.display, "init", lambda: None)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    assert unasked_windowless({}) is None
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")
    assert unasked_windowless({}) == "offscreen"
    assert unasked_windowless({"SDL_VIDEODRIVER": "offscreen"}) is None
    assert unasked_windowless({"SDL_VIDEODRIVER": "x11,offscreen"}) is None
    assert unasked_windowless({"SDL_VIDEODRIVER": "dummy"}) == "offscreen"


def test_an_explicitly_asked_dummy_driver_runs(home, monkeypatch, capsys):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    assert startup.main(["--max-seconds", "0.3"]) == 0
    assert "no window can be shown" not in capsys.readouterr().err
    lock_home(home).release()  # released at the end
