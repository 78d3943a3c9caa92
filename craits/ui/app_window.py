"""The app's window: its surface, fullscreen or windowed, and the windowed size to come back
to (and to remember when the player changed it). It never tells the scenes: the app does,
with the size ``follow_resize`` returns."""

from __future__ import annotations

import pygame

from craits import i18n
from craits.resources import resource_path
from craits.ui.window import MIN_SIZE, fit_window, usable_size


class AppWindow:
    """Opens at ``wanted`` (within what the display shows), titled in the language set."""

    def __init__(self, wanted: tuple[int, int], fullscreen: bool) -> None:
        pygame.display.init()
        self.windowed_size = fit_window(wanted, usable_size(pygame))
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
            size = fit_window(size, usable_size(pygame))
            screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.fullscreen = fullscreen
        self._known_size = screen.get_size()
        return screen


def _set_icon() -> None:
    try:
        pygame.display.set_icon(pygame.image.load(resource_path("assets", "icon", "craits.png")))
    except (FileNotFoundError, pygame.error, ValueError):
        pass  # no icon is no reason not to play
