"""Open a game record: the record files of the ``records`` folder and the past games in a list,
newest first (``record_rows``), and a box for the path of any other file (filled in with the
newest exported record, shown from its end). Enter on a row, or on the box, opens it; a file
that is not a usable record is refused with its reason, and the dialog stays open to try
another. A long record is read and replayed on a thread (``opening``) while the window keeps
answering and shows its progress; Esc stops it. Returns the ``Replay`` (``dismiss``), or None."""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from pathlib import Path

import pygame

from craits import i18n
from craits.paths import safe_child, user_home
from craits.persistence.archive import GameArchive
from craits.review import RecordError, Replay, read_record
from craits.review.replay import Progress
from craits.ui.dialogs.opening import Opening, draw_progress, long_file, opening_text, stops
from craits.ui.dialogs.overlay import OverlayScene
from craits.ui.review.path_field import PathInput
from craits.ui.review.record_list import MAX_SCAN, Entry, RecordList, scan_records
from craits.ui.review.record_rows import PROBLEM, RecordRows
from craits.ui.review.scene import EXPORT_FOLDER
from craits.ui.scene import SceneContext
from craits.ui.speech.screen import ScreenSpeech
from craits.ui.widgets import Button, FocusGroup, Widget, draw_text_fit

PATH_LENGTH = 1000
READ_BUDGET = 0.008  # seconds of reading rows a frame: the window keeps answering
LIST_KEYS = (pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_HOME,
             pygame.K_END, pygame.K_RETURN, pygame.K_KP_ENTER)


def default_path() -> str:
    """The newest exported record, else the folder records are exported to ("" when the
    data folder itself cannot be made: the player types a path)."""
    try:
        folder = user_home() / EXPORT_FOLDER
    except OSError:
        return ""
    newest, _more = scan_records(folder)
    return str(newest[0].path) if newest else str(folder) + os.sep


def typed_path(text: str) -> str:
    """The path the player typed, ``~`` and ``~user`` expanded where they can be: one that
    cannot (no such user, no home) stays as typed, and reading it says it cannot be read."""
    text = text.strip()
    try:
        return os.path.expanduser(text)
    except (OSError, ValueError, RuntimeError, KeyError):
        return text


def default_listing() -> RecordList:
    """The player's records folder and past games (either left out when it cannot be used)."""
    try:
        records: Path | None = safe_child(EXPORT_FOLDER, user_home())
    except (OSError, ValueError):
        records = None
    try:
        archive: GameArchive | None = GameArchive()
    except (OSError, ValueError):
        archive = None
    return RecordList(records, archive)


class OpenRecordScene(OverlayScene):
    panel_share = (0.84, 0.88)
    panel_min = (700, 500)

    def __init__(self, app: SceneContext, path: str | None = None,
                 listing: RecordList | None = None) -> None:
        super().__init__(app)
        self.listing = listing if listing is not None else default_listing()
        self.error = ""
        self.opening: Opening | None = None  # a long record being replayed
        self.field = PathInput((0, 0, 1, 1), default_path() if path is None else path,
                               lambda _text: self._typed(), max_length=PATH_LENGTH)
        self.rows = RecordRows(self.listing, self.open_entry)
        # What Open opens: the list, unless a path was given or the box was used last.
        self.chosen: Widget = self.field if path is not None or not self.listing else self.rows
        self.field.speech_label = i18n.t("open_record.other_file").rstrip(": ")
        self.focus = FocusGroup()
        self.speech = ScreenSpeech(self, lambda: i18n.t("review.open"), self.focus)
        self._said_error = ""  # a refusal is said once, as it comes
        self.layout()

    def _typed(self) -> None:
        self.error = ""
        self.chosen = self.field

    def layout(self) -> None:
        th = self.theme
        panel = self.panel_rect()
        self.panel = panel
        pad = th.px(26)
        inner_w = panel.width - 2 * pad
        bh = th.px(52)
        buttons_y = panel.bottom - pad - bh
        self.status_rect = pygame.Rect(panel.left + pad, buttons_y - th.px(50), inner_w,
                                       th.px(44))
        field_h = th.px(46)
        self.field.rect = pygame.Rect(panel.left + pad, self.status_rect.top - th.px(6) - field_h,
                                      inner_w, field_h)
        self.field_label = pygame.Rect(panel.left + pad, self.field.rect.top - th.px(30),
                                       inner_w, th.px(28))
        list_top = panel.top + th.px(74)
        self.rows.set_theme(th)
        self.rows.set_rect(pygame.Rect(panel.left + pad, list_top, inner_w,
                                       self.field_label.top - th.px(8) - list_top))
        bw = min(th.px(240), (inner_w - th.px(14)) // 2)
        self.open_button = Button(pygame.Rect(panel.right - pad - bw, buttons_y, bw, bh),
                                  i18n.t("review.open_short"), self.open, text_size=th.px(20))
        self.cancel_button = Button(pygame.Rect(panel.right - pad - 2 * bw - th.px(14),
                                                buttons_y, bw, bh),
                                    i18n.t("common.cancel"), lambda: self.dismiss(None),
                                    style="secondary", text_size=th.px(20))
        widgets: list[Widget] = [self.rows, self.field, self.open_button, self.cancel_button]
        for widget in widgets:
            widget.set_theme(th)
        focused = self.focus.focused
        self.focus.set_widgets(widgets, focus_index=widgets.index(
            focused if focused in widgets else self.chosen))
        if not self.listing:
            self.rows.focusable = False

    # ---- opening

    def open(self) -> None:
        """What the Open button does: open the row selected, or the path in the box."""
        if self.chosen is self.rows and self.rows.entry is not None:
            self.rows.open_selected()
        else:
            self.open_path()

    def open_path(self) -> None:
        path = typed_path(self.field.text)
        self._open(path, lambda progress: Replay(read_record(path), progress))

    def open_entry(self, entry: Entry) -> None:
        self._open(entry.path, functools.partial(self.listing.open, entry))

    def _open(self, path: str | Path, read: Callable[[Progress | None], Replay]) -> None:
        """The record at ``path`` made a replay by ``read``: a long one on a thread, while the
        dialog shows its progress; one that is not a usable record is refused with why."""
        if self.opening is not None:
            return
        if long_file(path):
            self.error = ""
            self.opening = Opening(read)
            return
        try:
            replay = read(None)
        except RecordError as exc:  # a listed row now says it cannot be read; the others open
            self.error = i18n.t("review.open_failed", error=str(exc))
            return
        self.dismiss(replay)

    def cancel_opening(self) -> None:
        """Stop opening a long record (Esc): the dialog is back as it was."""
        if self.opening is not None:
            self.opening.cancel()
            self.opening = None

    # ---- input

    def handle(self, event: pygame.event.Event) -> None:
        if self.opening is not None:  # the dialog waits while a record opens; Esc stops it
            if stops(event, self.cancel_button.rect):
                self.cancel_opening()
            return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.dismiss(None)
                return
            focused = self.focus.focused
            if focused is self.rows and event.key in LIST_KEYS:
                self.error = ""
                self.rows.handle_key(event)
                self.focus.tell()  # the row now selected
                return
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and focused is self.field:
                self.open_path()
                return
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1 \
                and self.rows.rect.collidepoint(event.pos):
            self.chosen = self.rows
            self.error = ""
        self.focus.handle(event)
        if self.focus.focused in (self.rows, self.field):
            self.chosen = self.focus.focused

    def update(self, dt: float) -> None:
        super().update(dt)
        self.focus.update(dt)
        if self.opening is not None:
            try:
                replay = self.opening.poll()
            except ValueError as exc:  # a RecordError, or the past games' own reading
                self.opening = None
                self.error = i18n.t("review.open_failed", error=str(exc))
            else:
                if replay is not None:
                    self.opening = None
                    self.dismiss(replay)
        self.listing.read_some(self.rows.shown(), READ_BUDGET)
        self.speech.update()
        if self.error != self._said_error:
            self._said_error = self.error
            if self.error:
                self.speech.say(self.error, interrupt=False)

    def on_enter(self) -> None:
        pygame.key.start_text_input()
        self.speech.again()

    def speak_screen(self) -> None:
        self.speech.again()

    # ---- drawing

    def draw(self, surface: pygame.Surface) -> None:
        th = self.theme
        panel = self.panel
        self.draw_backdrop(surface, panel)
        pad = th.px(26)
        draw_text_fit(surface, i18n.t("review.open"),
                      pygame.Rect(panel.left + pad, panel.top + th.px(18), panel.width - 2 * pad,
                                  th.px(46)),
                      th.px(30), color=(250, 218, 130), bold=True, shadow=(0, 0, 0))
        draw_text_fit(surface, i18n.t("open_record.other_file"), self.field_label,
                      th.small_size, color=th.text_dim, align="left", valign="bottom")
        status, color = self.error, PROBLEM
        if self.opening is not None:
            bar = self.status_rect.copy()
            bar.height = th.px(32)
            draw_progress(surface, bar, self.opening, opening_text(self.opening.progress), th)
            status = ""
        if not status and self.listing.more:
            status = i18n.t("open_record.more", count=str(MAX_SCAN))
            color = th.text_dim
        if status:
            draw_text_fit(surface, status, self.status_rect, th.px(18), color=color, wrap=True,
                          valign="top", align="left", min_size=th.px(11))
        self.focus.draw(surface)
