"""What the start of the game does for each system and each way it is installed: bundled data
found in a source tree or an installed package, one version, a self test that fails loudly,
sharp drawing on Windows, macOS's own fullscreen keys, and a console for the windowed Windows
app's output."""

from __future__ import annotations

import io
import os
import sys
import tomllib
from pathlib import Path

import pygame
import pytest

import craits
from craits import resources
from craits.__main__ import ATTACH_PARENT_PROCESS, attach_parent_console
from craits.ui import startup
from craits.ui.app_window import fullscreen_keys, is_fullscreen_key, start_display
from craits.ui.controls_list import CONTROLS

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT_VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"][
    "version"]


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CRAITS_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


# --- bundled data --------------------------------------------------------------------------------

def test_installed_package_data_is_read_from_the_package(monkeypatch, tmp_path):
    (tmp_path / "_assets" / "fonts").mkdir(parents=True)
    monkeypatch.setattr(resources.importlib.resources, "files", lambda package: tmp_path)
    assert resources.resource_path("assets", "fonts", "DejaVuSans.ttf") == \
        tmp_path / "_assets" / "fonts" / "DejaVuSans.ttf"
    # A folder the package does not carry is looked for in the source tree.
    assert resources.resource_path("config", "rules.yaml") == ROOT / "config" / "rules.yaml"


def test_only_the_bundled_data_folders_are_resolved():
    with pytest.raises(ValueError, match="assets, config"):
        resources.resource_path("docs", "x.md")
    with pytest.raises(ValueError):
        resources.resource_path()


def test_a_selftest_without_its_files_says_what_failed_and_exits_1(home, monkeypatch, capsys):
    # As an install that left the data behind: nothing where the game looks for it.
    monkeypatch.setattr(sys, "_MEIPASS", str(home.parent / "empty"), raising=False)
    assert startup.main(["--selftest"]) == 1
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err
    assert "selftest: " in captured.err and "DejaVuSans.ttf" in captured.err
    assert captured.out.strip().splitlines()[-1].endswith("problem(s)")


def test_a_check_that_stops_on_an_error_is_a_problem_not_a_traceback(capsys):
    from craits.ui.selftest import run_selftest

    class Broken:  # an app whose cards cannot be listed and whose players cannot be seated
        running, crash_count = True, 0

        @property
        def card_art(self):
            raise RuntimeError("no cards")

        def seats_for(self, kinds):
            raise RuntimeError("no players")

        def new_game(self, seats, rules=None, seed=None):
            raise AssertionError("never reached: no players")

    assert run_selftest(Broken()) == 1  # type: ignore[arg-type]
    captured = capsys.readouterr()
    assert "selftest: the assets' check stopped: RuntimeError: no cards" in captured.err
    assert "selftest: the computer-only round stopped: RuntimeError: no players" in captured.err
    assert captured.out.strip().splitlines()[-1] == "selftest: 2 problem(s)"


def test_a_headless_run_that_met_an_error_exits_1(home, monkeypatch, capsys):
    from craits.ui.app import App

    frames = []

    def broken_once(self):  # one error, and the game plays on from the title
        frames.append(1)
        if len(frames) == 1:
            raise RuntimeError("boom in a frame")

    monkeypatch.setattr(App, "_watch_writing", broken_once)
    assert startup.main(["--headless", "--autoplay", "--seats", "easy,easy",
                         "--max-seconds", "1"]) == 1
    assert "unexpected error(s) during the run" in capsys.readouterr().err


def test_the_licence_is_mit_and_named_the_way_packaging_tools_read_it():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]
    assert project["license"] == "MIT" and "LICENSE" in project["license-files"]
    licence = (ROOT / "LICENSE").read_text("utf-8")
    assert licence.startswith("MIT License\n") and "Copyright (c) 2026 The Craits authors" in licence


# --- one version ---------------------------------------------------------------------------------

def test_the_version_is_pyprojects_everywhere_it_is_shown(capsys):
    assert resources.version() == PYPROJECT_VERSION == craits.__version__
    with pytest.raises(SystemExit) as stop:
        startup.main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"craits {PYPROJECT_VERSION}"


def test_outside_a_source_tree_the_version_is_the_installed_one(monkeypatch, tmp_path):
    import importlib.metadata

    monkeypatch.setattr(resources, "SOURCE_ROOT", tmp_path)  # no pyproject.toml there
    monkeypatch.setattr(importlib.metadata, "version", lambda name: f"9.8.7 of {name}")
    resources.version.cache_clear()
    try:
        assert resources.version() == "9.8.7 of craits"

        def missing(name):
            raise importlib.metadata.PackageNotFoundError(name)

        monkeypatch.setattr(importlib.metadata, "version", missing)
        resources.version.cache_clear()
        assert resources.version() == "unknown"
    finally:
        resources.version.cache_clear()


def test_a_frozen_app_reads_the_version_from_its_bundled_metadata(monkeypatch):
    import importlib.metadata

    monkeypatch.setattr(sys, "frozen", True, raising=False)  # beside a source tree, even
    monkeypatch.setattr(importlib.metadata, "version", lambda name: "4.5.6")
    resources.version.cache_clear()
    try:
        assert resources.version() == "4.5.6"
    finally:
        resources.version.cache_clear()


# --- the display ---------------------------------------------------------------------------------

def test_windows_draws_each_real_pixel_and_macos_keeps_one_fullscreen():
    environ: dict[str, str] = {}
    start_display(environ, platform="win32")
    assert environ == {"SDL_WINDOWS_DPI_AWARENESS": "permonitorv2"}
    environ = {"SDL_WINDOWS_DPI_AWARENESS": "system"}  # the player's own choice stays
    start_display(environ, platform="win32")
    assert environ == {"SDL_WINDOWS_DPI_AWARENESS": "system"}
    environ = {}
    start_display(environ, platform="darwin")
    assert environ == {"SDL_VIDEO_MAC_FULLSCREEN_SPACES": "0"}
    environ = {}
    start_display(environ, platform="linux")
    assert environ == {}


def key(key: int, mod: int = 0, kind: int = pygame.KEYDOWN) -> pygame.event.Event:
    return pygame.event.Event(kind, key=key, mod=mod)


@pytest.mark.parametrize("platform", ["darwin", "win32", "linux"])
def test_f11_is_fullscreen_everywhere_and_ctrl_cmd_f_on_macos(platform):
    ctrl_cmd = pygame.KMOD_LCTRL | pygame.KMOD_LMETA
    assert is_fullscreen_key(key(pygame.K_F11), platform)
    assert not is_fullscreen_key(key(pygame.K_F11, kind=pygame.KEYUP), platform)
    assert is_fullscreen_key(key(pygame.K_f, ctrl_cmd), platform) == (platform == "darwin")
    assert not is_fullscreen_key(key(pygame.K_f, pygame.KMOD_LMETA), platform)  # Cmd+F alone
    assert not is_fullscreen_key(key(pygame.K_f, pygame.KMOD_LCTRL), platform)
    assert not is_fullscreen_key(key(pygame.K_f), platform)


def test_the_controls_list_shows_this_systems_fullscreen_keys():
    assert fullscreen_keys("darwin") == "Ctrl+Cmd+F" and fullscreen_keys("win32") == "F11"
    assert (fullscreen_keys(), "controls.does_fullscreen") in CONTROLS


# --- the windowed Windows app's console ----------------------------------------------------------

class FakeKernel32:
    def __init__(self, attached: bool) -> None:
        self.attached, self.calls = attached, []

    def AttachConsole(self, process: int) -> int:  # noqa: N802 - the Windows function's name
        self.calls.append(process)
        return int(self.attached)


def test_the_windowed_app_writes_to_the_console_it_was_started_from(monkeypatch):
    null = open(os.devnull, "w", encoding="utf-8")  # as the bundle's runtime hook leaves them
    opened: list[io.StringIO] = []

    def open_console(name):
        assert name == "CONOUT$"
        opened.append(io.StringIO())
        return opened[-1]

    monkeypatch.setattr(sys, "stdout", None)
    monkeypatch.setattr(sys, "stderr", null)
    kernel32 = FakeKernel32(attached=True)
    try:
        assert attach_parent_console(kernel32, "win32", open_console)
        assert kernel32.calls == [ATTACH_PARENT_PROCESS]
        assert sys.stdout is opened[0] and sys.stderr is opened[1]
    finally:
        null.close()


def test_started_from_the_desktop_the_streams_are_left_alone(monkeypatch):
    monkeypatch.setattr(sys, "stdout", None)
    kernel32 = FakeKernel32(attached=False)  # no parent console
    assert not attach_parent_console(kernel32, "win32", lambda name: io.StringIO())
    assert sys.stdout is None and kernel32.calls == [ATTACH_PARENT_PROCESS]


def test_a_console_app_or_another_system_never_attaches(monkeypatch):
    kernel32 = FakeKernel32(attached=True)
    assert not attach_parent_console(kernel32, "win32")  # stdout and stderr are there
    monkeypatch.setattr(sys, "stdout", None)
    assert not attach_parent_console(kernel32, "linux")
    assert kernel32.calls == []
