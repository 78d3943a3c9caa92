"""Open a game record: a box for the file's path (filled in with the newest exported record),
Open and Cancel. A file that is not a usable record is refused with its reason in the box,
and the box stays open to try another. Returns the ``Replay`` (``dismiss``), or None."""

from __future__ import annotations

import os
from contextlib import suppress
from pathlib import Path

import pygame

from craits import i18n
from craits.paths import user_home
from craits.review import RecordError, Replay, read_record
from craits.ui.dialogs.overlay import OverlayScene
from craits.ui.review.scene import EXPORT_FOLDER
from craits.ui.scene import SceneContext
from craits.ui.widgets import Button, FocusGroup, TextInput, draw_text_fit

PATH_LENGTH = 1000


def newest_record(folder: Path) -> Path | None:
    """The newest ``.json`` file in ``folder`` (where the review exports records); a file
    that goes away while the folder is read is passed over."""
    found: list[tuple[int, str, Path]] = []
    try:
        for path in folder.iterdir():
            with suppress(OSError):
                if path.suffix == ".json" and path.is_file():
                    found.append((path.stat().st_mtime_ns, path.name, path))
    except OSError:
        return None
    return max(found)[2] if found else None


def default_path() -> str:
    """The newest exported record, else the folder records are exported to ("" when the
    data folder itself cannot be made: the player types a path)."""
    try:
        folder = user_home() / EXPORT_FOLDER
    except OSError:
        return ""
    newest = newest_record(folder)
    return str(newest) if newest is not None else str(folder) + os.sep


def typed_path(text: str) -> str:
    """The path the player typed, ``~`` and ``~user`` expanded where they can be: one that
    cannot (no such user, no home) stays as typed, and reading it says it cannot be read."""
    text = text.strip()
    try:
        return os.path.expanduser(text)
    except (OSError, ValueError, RuntimeError, KeyError):
        return text


class OpenRecordScene(OverlayScene):
    panel_share = (0.64, 0.42)
    panel_min = (700, 320)

    def __init__(self, app: SceneContext, path: str | None = None) -> None:
        super().__init__(app)
        if path is None:
            path = default_path()
        self.error = ""
        self.field = TextInput((0, 0, 1, 1), path, lambda _text: self._clear_error(),
                               max_length=PATH_LENGTH)
        self.focus = FocusGroup()
        self.layout()

    def _clear_error(self) -> None:
        self.error = ""

    def layout(self) -> None:
        th = self.theme
        panel = self.panel_rect()
        self.panel = panel
        pad = th.px(26)
        self.field.rect = pygame.Rect(panel.left + pad, panel.top + th.px(86),
                                      panel.width - 2 * pad, th.px(46))
        bw = min(th.px(240), (panel.width - 2 * pad - th.px(14)) // 2)
        bh = th.px(52)
        y = panel.bottom - pad - bh
        self.open_button = Button(pygame.Rect(panel.right - pad - bw, y, bw, bh),
                                  i18n.t("review.open_short"), self.open, text_size=th.px(20))
        self.cancel_button = Button(pygame.Rect(panel.right - pad - 2 * bw - th.px(14), y, bw,
                                                bh),
                                    i18n.t("common.cancel"), lambda: self.dismiss(None),
                                    style="secondary", text_size=th.px(20))
        widgets = [self.field, self.open_button, self.cancel_button]
        for widget in widgets:
            widget.set_theme(th)
        self.focus.set_widgets(widgets, focus_index=0)

    def open(self) -> None:
        try:
            replay = Replay(read_record(typed_path(self.field.text)))
        except RecordError as exc:
            self.error = i18n.t("review.open_failed", error=str(exc))
            return
        self.dismiss(replay)

    def handle(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.dismiss(None)
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and \
                    self.focus.focused is self.field:
                self.open()
                return
        self.focus.handle(event)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.focus.update(dt)

    def on_enter(self) -> None:
        pygame.key.start_text_input()

    def draw(self, surface: pygame.Surface) -> None:
        th = self.theme
        panel = self.panel
        self.draw_backdrop(surface, panel)
        pad = th.px(26)
        draw_text_fit(surface, i18n.t("review.open"),
                      pygame.Rect(panel.left + pad, panel.top + th.px(18), panel.width - 2 * pad,
                                  th.px(46)),
                      th.px(30), color=(250, 218, 130), bold=True, shadow=(0, 0, 0))
        error_top = self.field.rect.bottom + th.px(10)
        if self.error:
            draw_text_fit(surface, self.error,
                          pygame.Rect(panel.left + pad, error_top, panel.width - 2 * pad,
                                      self.open_button.rect.top - th.px(10) - error_top),
                          th.px(18), color=(255, 170, 150), wrap=True, valign="top",
                          align="left", min_size=th.px(11))
        self.focus.draw(surface)
