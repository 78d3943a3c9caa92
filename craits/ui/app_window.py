"""The app's window: its surface, fullscreen or windowed, and the windowed size to come back
to (and to remember when the player changed it), within the smallest the table is laid out for
(``MIN_SIZE``) and what the display can show (``usable_size``). It never tells the scenes: the
app does, with the size ``follow_resize`` returns. A start that asked for a window but where
SDL found no display, and fell back to a window-less driver, is refused
(``unasked_windowless``)."""

from __future__ import annotations

import logging
import os
import sys
from collections.abc import Mapping, MutableMapping, Sequence

import pygame

from craits import i18n
from craits.resources import resource_path

MIN_SIZE = (960, 600)
HEADLESS_MAX_SIZE = (3840, 2160)  # no real display (the dummy driver): at most this
WINDOWLESS = ("dummy", "offscreen")  # SDL's video drivers that show nothing
NO_WINDOW = "no window can be shown: no display was found ({why}). Start Craits from your " \
    "desktop, or run it with --headless to play without a window."
WHY = {"none": "no video driver works here"}
FELL_BACK = "SDL fell back to its window-less \"{driver}\" video driver"

# Read by SDL when its video starts (a player's own setting wins). Windows: the game draws each
# real pixel at any display scaling, sharp, instead of being stretched by the system. macOS:
# one fullscreen, the game's own (Ctrl+Cmd+F, F11 and the setting agree), not also the Spaces
# one that SDL's View menu gives the same keys.
DISPLAY_HINTS = {
    "win32": {"SDL_WINDOWS_DPI_AWARENESS": "permonitorv2"},
    "darwin": {"SDL_VIDEO_MAC_FULLSCREEN_SPACES": "0"},
}


def usable_size() -> tuple[int, int]:
    """The largest window the display can show (its desktop size)."""
    try:
        sizes = pygame.display.get_desktop_sizes()
        driver = pygame.display.get_driver()
    except pygame.error:
        sizes, driver = [], "dummy"
    if driver == "dummy" or not sizes or min(sizes[0]) <= 0:
        return HEADLESS_MAX_SIZE
    return max(MIN_SIZE[0], sizes[0][0]), max(MIN_SIZE[1], sizes[0][1])


def fit_window(wanted: Sequence[int], usable: tuple[int, int]) -> tuple[int, int]:
    """``wanted`` within the minimum and what the display can show."""
    width, height = (max(low, min(high, int(value)))
                     for value, low, high in zip(wanted, MIN_SIZE, usable, strict=True))
    return width, height


def start_display(environ: MutableMapping[str, str] = os.environ,
                  platform: str = sys.platform) -> None:
    """Start SDL's video with this system's hints set first (``DISPLAY_HINTS``)."""
    for name, value in DISPLAY_HINTS.get(platform, {}).items():
        environ.setdefault(name, value)
    pygame.display.init()


def is_fullscreen_key(event: pygame.event.Event, platform: str = sys.platform) -> bool:
    """F11, and on macOS its own Ctrl+Cmd+F (the system keeps F11 there)."""
    if event.type != pygame.KEYDOWN:
        return False
    if event.key == pygame.K_F11:
        return True
    mods = getattr(event, "mod", 0)
    return platform == "darwin" and event.key == pygame.K_f \
        and bool(mods & pygame.KMOD_CTRL) and bool(mods & pygame.KMOD_META)


def fullscreen_keys(platform: str = sys.platform) -> str:
    """The fullscreen keys as the controls list prints them."""
    return "Ctrl+Cmd+F" if platform == "darwin" else "F11"


def unasked_windowless(environ: Mapping[str, str] = os.environ) -> str | None:
    """The window-less video driver SDL fell back to when no display could be reached and
    ``SDL_VIDEODRIVER`` did not ask for it ("none" when there is no video driver at all), or
    None when a window can be shown, or none was asked for (tests, ``--headless``). Starts the
    display to find out."""
    try:
        start_display()
        driver = pygame.display.get_driver().lower()
    except pygame.error:
        return "none"
    asked = {name.strip().lower() for name in environ.get("SDL_VIDEODRIVER", "").split(",")}
    return driver if driver in WINDOWLESS and driver not in asked else None


def refuse_windowless(driver: str) -> None:
    """Say that the game does not start without a window (``driver``: from
    ``unasked_windowless``) on stderr and in the log (a message box needs the display there
    is not), and shut the display."""
    message = NO_WINDOW.format(why=WHY.get(driver) or FELL_BACK.format(driver=driver))
    print(f"craits: {message}", file=sys.stderr)
    logging.getLogger("craits.app").error("%s", message)
    pygame.display.quit()


class AppWindow:
    """Opens at ``wanted`` (within what the display shows), titled in the language set."""

    def __init__(self, wanted: tuple[int, int], fullscreen: bool) -> None:
        start_display()
        self.windowed_size = fit_window(wanted, usable_size())
        self.fullscreen = False
        self.resized_by_player = False  # remembered for next time when so
        self._known_size = (0, 0)
        self.screen = self._set_mode(self.windowed_size, fullscreen)
        pygame.display.set_caption(i18n.t("app.title"))
        _set_icon()

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def set_fullscreen(self, fullscreen: bool) -> None:
        """Fullscreen or windowed (at the size it had); ``follow_resize`` after."""
        if not self.fullscreen:
            self.windowed_size = self.size
        self.screen = self._set_mode(self.windowed_size, fullscreen)

    def has_new_size(self) -> bool:
        """Whether the display's surface changed size since the window last followed it."""
        screen = pygame.display.get_surface()
        return screen is not None and screen.get_size() != self._known_size

    def follow_resize(self) -> tuple[int, int]:
        """Take the display's new size (held at the minimum the table fits in); that size."""
        screen = pygame.display.get_surface()
        if screen is not None:
            self.screen = screen
        size = self.size
        if not self.fullscreen and (size[0] < MIN_SIZE[0] or size[1] < MIN_SIZE[1]):
            self.screen = self._set_mode(size, False)
            size = self.size
        self._known_size = size
        if not self.fullscreen:
            self.windowed_size = size
            self.resized_by_player = True
        return size

    def _set_mode(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
        else:
            size = fit_window(size, usable_size())
            screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.fullscreen = fullscreen
        self._known_size = screen.get_size()
        return screen


def _set_icon() -> None:
    try:
        pygame.display.set_icon(pygame.image.load(resource_path("assets", "icon", "craits.png")))
    except (FileNotFoundError, pygame.error, ValueError):
        pass  # no icon is no reason not to play
