"""The scrolling list of *Open game record*: one row a file (date, players and result or
title, where it comes from), only the rows shown drawn. Up / Down move the selection,
Page Up / Page Down a page, Home / End to the ends, Enter opens; the wheel scrolls; a click
selects a row and a click on the selected row opens it. By ear, the selected row is said with
its place, date, players and result in words, and where it comes from."""

from __future__ import annotations

from collections.abc import Callable

import pygame

from craits import i18n
from craits.ui.review.record_list import PAST_GAME, Entry, RecordList, Summary
from craits.ui.speech.rows import spoken_scores
from craits.ui.speech.screen import joined
from craits.ui.widgets import Color, ScrollBar, Widget, draw_rounded, draw_text_fit

PROBLEM: Color = (255, 170, 150)


def players_text(summary: Summary) -> str:
    """"Ada 23 ★, Hard 41 · 8 rounds" (the winners of a finished game starred; one left
    before its end says so); without a result, the names."""
    names = [name or i18n.t("setup.default_name", n=seat + 1)
             for seat, name in enumerate(summary.names)]
    if summary.totals is None:
        return ", ".join(names)
    winners = summary.winners
    players = ", ".join(f"{name} {total}" + (" ★" if seat in winners else "")
                        for seat, (name, total) in enumerate(zip(names, summary.totals,
                                                                 strict=True)))
    rounds = "" if summary.rounds is None else " · " + i18n.tn("review.rounds", summary.rounds)
    left = "" if summary.over else " · " + i18n.t("review.unfinished")
    return players + rounds + left


def row_text(entry: Entry) -> str:
    """What a row says after its date: the title and players, or why it cannot be read."""
    summary = entry.summary
    if summary is None:
        return entry.name
    if summary.problem:
        return i18n.t("open_record.unreadable", error=summary.problem)
    players = players_text(summary)
    return f"{summary.title} — {players}" if summary.title else players


def spoken_row(entry: Entry, summary: Summary) -> str:
    """A row for the ear: "2026-11-30 14:50. Ada, 23 points, the best total; Hard, 41 points.
    8 rounds. Past game" (the date is said in words by the screen's speech)."""
    if summary.problem:
        said = [i18n.t("open_record.unreadable", error=summary.problem)]
    elif summary.totals is None:
        said = [summary.title, players_text(summary)]  # the names
    else:
        said = [summary.title, spoken_scores(summary.names, summary.totals, summary.winners),
                "" if summary.rounds is None else i18n.tn("review.rounds", summary.rounds),
                "" if summary.over else i18n.t("review.unfinished")]
    when = "" if entry.when.year < 1900 else entry.when.strftime("%Y-%m-%d %H:%M")
    tag = i18n.t("open_record.past_game" if entry.source == PAST_GAME else "open_record.record")
    return joined((when, *said, tag))


class RecordRows(Widget):
    """The rows of ``listing``; ``on_open(entry)`` when one is opened."""

    def __init__(self, listing: RecordList, on_open: Callable[[Entry], object]) -> None:
        super().__init__((0, 0, 1, 1))
        self.listing = listing
        self.on_open = on_open
        self.selected = 0
        self.top = 0  # the first row shown
        self.mouse: tuple[int, int] | None = None  # the pointer's last place (None: unknown)
        self.bar = ScrollBar((0, 0, 1, 1), self._scroll_to_pixels)

    # ---- geometry

    @property
    def row_height(self) -> int:
        return self.theme.row_height

    @property
    def page(self) -> int:
        """Rows shown whole."""
        return max(1, self.rect.height // self.row_height)

    def shown(self) -> range:
        return range(self.top, min(len(self.listing), self.top + self.page + 1))

    def set_rect(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        bar_w = self.theme.px(8)
        self.bar.rect = pygame.Rect(self.rect.right - bar_w, self.rect.top, bar_w,
                                    self.rect.height)
        self.bar.set_theme(self.theme)
        self._keep_selection_shown()

    def _scroll_to_pixels(self, offset: float) -> None:
        self.scroll_to(round(offset / self.row_height))

    def scroll_to(self, top: int) -> None:
        self.top = max(0, min(top, len(self.listing) - self.page))
        self._sync_bar()

    def _sync_bar(self) -> None:
        self.bar.set_extent(len(self.listing) * self.row_height, self.page * self.row_height,
                            self.top * self.row_height)

    def _keep_selection_shown(self) -> None:
        if self.selected < self.top:
            self.top = self.selected
        elif self.selected >= self.top + self.page:
            self.top = self.selected - self.page + 1
        self.scroll_to(self.top)

    def select(self, index: int) -> None:
        if not len(self.listing):
            return
        self.selected = max(0, min(index, len(self.listing) - 1))
        self._keep_selection_shown()

    @property
    def entry(self) -> Entry | None:
        entries = self.listing.entries
        return entries[self.selected] if 0 <= self.selected < len(entries) else None

    # ---- speech

    def spoken_name(self) -> str:
        return i18n.t("speech_more.record_list")

    def spoken_value(self) -> str:
        """The selected row with its place ("3 of 20"), read now if it was not yet."""
        entry = self.entry
        if entry is None:
            return i18n.t("open_record.empty")
        place = i18n.t("speech_menu.position", position=self.selected + 1,
                       count=len(self.listing))
        return f"{place}: {spoken_row(entry, self.listing.summary_now(entry))}"

    # ---- input

    def open_selected(self) -> None:
        entry = self.entry
        if entry is not None:
            self.on_open(entry)

    def handle_key(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.KEYDOWN or not len(self.listing):
            return False
        at = self.selected
        targets = {pygame.K_UP: at - 1, pygame.K_DOWN: at + 1, pygame.K_PAGEUP: at - self.page,
                   pygame.K_PAGEDOWN: at + self.page, pygame.K_HOME: 0,
                   pygame.K_END: len(self.listing) - 1}
        if event.key in targets:
            self.select(targets[event.key])
        elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.open_selected()
        else:
            return False
        return True

    def handle(self, event: pygame.event.Event) -> bool:
        if not self._takes_input(event):
            return False
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN):
            self.mouse = event.pos
        if self.bar.handle(event):
            return True
        if event.type == pygame.MOUSEWHEEL:
            if self.mouse is None or self.rect.collidepoint(self.mouse):
                self.scroll_to(self.top - int(event.y) * 3)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 \
                and self.rect.collidepoint(event.pos):
            index = self.top + (event.pos[1] - self.rect.top) // self.row_height
            if index < len(self.listing):
                if index == self.selected:
                    self.open_selected()
                else:
                    self.select(index)
            return True
        return False

    # ---- drawing

    def draw(self, surface: pygame.Surface) -> None:
        th = self.theme
        draw_rounded(surface, self.rect, th.track, th.px(8), border=th.panel_border,
                     border_width=max(1, th.px(1)))
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip) if clip else self.rect)
        if not len(self.listing):
            draw_text_fit(surface, i18n.t("open_record.empty"), self.rect.inflate(-th.px(24), 0),
                          th.small_size, color=th.text_dim, wrap=True)
        row_w = self.rect.width - th.px(14)
        for index in self.shown():
            row = pygame.Rect(self.rect.left, self.rect.top + (index - self.top) * self.row_height,
                              row_w, self.row_height)
            self._draw_row(surface, self.listing.entries[index], row, index == self.selected)
        surface.set_clip(clip)
        self.bar.draw(surface)
        self.draw_focus(surface)

    def _draw_row(self, surface: pygame.Surface, entry: Entry, row: pygame.Rect,
                  selected: bool) -> None:
        th = self.theme
        if selected:
            draw_rounded(surface, row.inflate(-th.px(4), -th.px(4)),
                         (*th.gold[:3], 70 if self.focused else 40), th.px(6))
        pad = th.px(12)
        size = th.small_size
        date_w, tag_w = th.px(150), th.px(130)
        when = "" if entry.when.year < 1900 else entry.when.strftime("%Y-%m-%d %H:%M")
        draw_text_fit(surface, when, (row.left + pad, row.top, date_w, row.height), size,
                      color=th.text_dim, align="left")
        problem = entry.summary is not None and bool(entry.summary.problem)
        color = PROBLEM if problem else (th.text if entry.summary else th.text_dim)
        left = row.left + pad + date_w + pad
        draw_text_fit(surface, row_text(entry),
                      (left, row.top, row.right - left - tag_w - pad, row.height), size,
                      color=color, align="left", min_size=max(8, size * 5 // 6))
        tag = i18n.t("open_record.past_game" if entry.source == PAST_GAME
                     else "open_record.record")
        draw_text_fit(surface, tag, (row.right - tag_w - pad, row.top, tag_w, row.height),
                      size, color=th.text_dim, align="right")
