"""Luck against choices, a bar per round (``review.luck``): read at a glance whether the points
came from the cards or from the player.

Each round has three bars from one zero line: luck (blue), what the player's choices did
(orange) and what the other players' choices did (grey), all in points in the player's favour
against the opponents' average; right of zero
helped the player, left of zero went against them (good is positive, as ``review.luck`` signs
it). Every bar has its label and number beside it, never colour alone.
A round not analysed yet says so; the game's sums close the list once every round is in. The
par (``review.par``: the expert in this seat, in the seat's own points) closes the panel when
the review gives its line. The whole-game sentence of the game-over screen comes from
``craits.review.luck.game_total``, from the review's cache only (never a search).

By ear: the panel says its title, its legend and its keys as it opens; Up and Down (Home, End)
read its rows one by one with their place ("Round 2: luck plus 12, your choices minus 7, in
all plus 5, 2 of 9"); L or Esc closes it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import pygame

from craits import i18n
from craits.review.analysis import RoundReview
from craits.review.luck import Split, game_split, round_split
from craits.ui.review.board import CREAM, DIM, LINE_GOLD
from craits.ui.tabletop.layout import TableLayout
from craits.ui.widgets import Button, Theme, draw_rounded
from craits.ui.widgets.button_images import draw_button
from craits.ui.widgets.textcache import blit_text

LUCK = (104, 170, 236)
COST = (236, 150, 70)
OTHERS = (170, 170, 160)
AXIS = (230, 224, 200)
PANEL = (8, 30, 20, 248)  # the table barely shows through: the numbers stay readable
MIN_SCALE = 10.0  # points at the bar's end, at least: small numbers stay small bars


def signed(value: float) -> str:
    """A whole number with its sign ("+12", "−7", "0")."""
    n = round(value)
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


@dataclass(frozen=True, slots=True)
class LuckRow:
    """One round: its split in whole points, or None while it is not analysed (or not over)."""

    round: int  # 0-based
    split: Split | None


def luck_rows(rounds: int, review_of: Callable[[int], RoundReview | None],
              scores_of: Callable[[int], Sequence[int] | None]) -> list[LuckRow]:
    """A row per round from the reviews made so far and the rounds' scores."""
    rows = []
    for index in range(rounds):
        review, scores = review_of(index), scores_of(index)
        split = None if review is None or scores is None else round_split(review, scores).shown()
        rows.append(LuckRow(index, split))
    return rows


class LuckBars:
    """The panel: ``draw(surface, rect, rows)`` lays the rows out in ``rect``."""

    def __init__(self, px: Callable[[float], int]) -> None:
        self.px = px

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, rows: Sequence[LuckRow],
             par: str | None = None, picked: int | None = None) -> None:
        """``picked``: the row the keyboard reads (rounds, the game, the par), picked out."""
        px = self.px
        draw_rounded(surface, rect, PANEL, px(12))
        inner = rect.inflate(-2 * px(14), -2 * px(10))
        head = px(26)
        blit_text(surface, i18n.t("luck.title"), px(19), LINE_GOLD, bold=True,
                  midleft=(inner.left, inner.top + head // 2), max_width=inner.width)
        blit_text(surface, i18n.t("luck.legend"), px(14), DIM,
                  midleft=(inner.left, inner.top + head + head // 2), max_width=inner.width)
        done = [r.split for r in rows if r.split is not None]
        total = game_total(rows)
        lines = len(rows) + 1 + (par is not None)
        top = inner.top + 2 * head + px(4)
        row_h = max(px(14), min(px(40), (inner.bottom - top) // max(1, lines)))
        label_w = round(inner.width * 0.16)
        text_w = round(inner.width * 0.38)
        bars = pygame.Rect(inner.left + label_w, top, inner.width - label_w - text_w, row_h)
        # Scaled to the rounds: the game's sums may run off the end (their numbers say how far).
        values = [abs(x) for s in done for x in (s.luck, s.cost, s.others)]
        scale = max(MIN_SCALE, *values) if values else MIN_SCALE
        zero = bars.centerx
        # Through the rounds and the game, not the par (another unit: words only).
        axis_end = top + row_h * (len(rows) + 1)
        if picked is not None and 0 <= picked < lines:
            band = pygame.Rect(inner.left - px(6), top + picked * row_h, inner.width + px(12),
                               row_h)
            draw_rounded(surface, band, (*LINE_GOLD, 60), px(6))
        pygame.draw.line(surface, AXIS, (zero, top), (zero, axis_end), max(1, px(2)))
        for i, row in enumerate(rows):
            self._row(surface, i18n.t("luck.round", n=row.round + 1), row.split,
                      top + i * row_h, row_h, inner, label_w, bars, zero, scale, CREAM)
        self._row(surface, i18n.t("luck.game"), total, top + len(rows) * row_h, row_h, inner,
                  label_w, bars, zero, scale, LINE_GOLD)
        if par is not None:
            self._par(surface, par, top + (len(rows) + 1) * row_h, row_h, inner, label_w)

    def _par(self, surface: pygame.Surface, text: str, y: int, h: int, inner: pygame.Rect,
             label_w: int) -> None:
        """The par's line: another unit than the bars (the seat's own points), so words only."""
        px = self.px
        size = max(10, min(px(15), round(h * 0.62)))
        mid = y + h // 2
        blit_text(surface, i18n.t("par.label"), size, LINE_GOLD, bold=True,
                  midleft=(inner.left, mid), max_width=label_w - px(6))
        blit_text(surface, text, size, CREAM, midleft=(inner.left + label_w, mid),
                  max_width=inner.width - label_w)

    def _row(self, surface: pygame.Surface, label: str, split: Split | None, y: int, h: int,
             inner: pygame.Rect, label_w: int, bars: pygame.Rect, zero: int, scale: float,
             colour: tuple[int, int, int]) -> None:
        px = self.px
        size = max(10, min(px(15), round(h * 0.62)))
        mid = y + h // 2
        blit_text(surface, label, size, colour, bold=True, midleft=(inner.left, mid),
                  max_width=label_w - px(6))
        words = (pygame.Rect(bars.right + px(8), y, inner.right - bars.right - px(8), h))
        if split is None:
            blit_text(surface, i18n.t("luck.pending"), size, DIM, midleft=words.midleft,
                      max_width=words.width)
            return
        half = bars.width // 2 - px(4)
        thick = max(2, (h - px(6)) // 3)
        parts = ((split.luck, LUCK), (split.cost, COST), (split.others, OTHERS))
        for k, (value, fill) in enumerate(parts):
            top = mid - (3 * thick) // 2 + k * thick
            length = round(half * min(1.0, abs(value) / scale))
            left = zero - length if value < 0 else zero
            if length > 0:
                pygame.draw.rect(surface, fill, pygame.Rect(left, top, length, thick - 1))
        text = i18n.t("luck.row", expected=signed(split.expected), luck=signed(split.luck),
                      cost=signed(split.cost), others=signed(split.others),
                      result=signed(split.result))
        blit_text(surface, text, size, colour, midleft=words.midleft, max_width=words.width)


def game_total(rows: Sequence[LuckRow]) -> Split | None:
    """The game's sums once every round is in: a part of the game would read as the whole."""
    done = [r.split for r in rows if r.split is not None]
    return game_split(done) if done and len(done) == len(rows) else None


def row_said(label: str, split: Split | None) -> str:
    """A row as the ear hears it: "Round 2: luck +12, your choices −7, in all +5"."""
    if split is None:
        return f"{label}: {i18n.t('luck.pending')}"
    return i18n.t("speech_board.luck_row", round=label, luck=signed(split.luck),
                  cost=signed(split.cost), result=signed(split.result))


class LuckPanel:
    """The review's part for the bars: a button (and the L key) shows and hides the panel over
    the table; ``rows`` gives the rows as they are now (rounds fill in as they are judged), ``par`` the
    par's line that closes them (None: not yet known);
    ``say`` speaks a line, interrupting (the panel's opening and the row the arrows reach)."""

    def __init__(self, rows: Callable[[], Sequence[LuckRow]], par: Callable[[], str | None],
                 say: Callable[[str], object] = lambda text: None) -> None:
        self.rows = rows
        self.par = par
        self.say = say
        self.shown = False
        self.row: int | None = None  # the row the arrows are on (None: none yet)
        self.button: Button | None = None
        self.bars: LuckBars | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)

    def layout(self, lay: TableLayout, theme: Theme) -> None:
        """Place the button above the review's column of buttons and the panel mid-table."""
        first = lay.button_rect(0, 4)
        self.button = Button(first.move(0, -first.height - lay.px(8)), i18n.t("luck.button"),
                             self.toggle, style="secondary", text_size=lay.tx(19))
        self.button.set_theme(theme)
        self.bars = LuckBars(lay.px)
        w, h = lay.size
        # The title, the legend, the game's row and the par's.
        count = len(self.rows()) + 4
        width = min(lay.px(900), first.left - 2 * lay.px(16))
        height = min(h - 2 * lay.menu_button.bottom, lay.px(34) * count + lay.px(24))
        self.rect = pygame.Rect(0, 0, width, height)
        self.rect.center = ((first.left) // 2, h // 2)

    def toggle(self) -> None:
        self.shown = not self.shown
        self.row = None
        if self.shown:
            self.say(" ".join((f"{i18n.t('luck.title')}.", i18n.t("speech_board.luck_legend"),
                               i18n.t("speech_board.luck_keys"))))

    def said_rows(self) -> list[str]:
        """Every row as said: the rounds, the game, and the par when the panel gives it."""
        rows = self.rows()
        said = [row_said(i18n.t("luck.round", n=row.round + 1), row.split) for row in rows]
        said.append(row_said(i18n.t("luck.game"), game_total(rows)))
        par = self.par()
        if par is not None:
            said.append(f"{i18n.t('par.label')}: {par}")
        return said

    def handle(self, event: pygame.event.Event) -> bool:
        """Whether the event was the panel's (its button, L; while it shows, the arrows that
        read its rows and Esc, which closes it)."""
        if self.button is not None and self.button.handle(event):
            return True
        if event.type != pygame.KEYDOWN:
            return False
        if event.key == pygame.K_l or (self.shown and event.key == pygame.K_ESCAPE):
            self.toggle()
            return True
        if not self.shown:
            return False
        said = self.said_rows()
        row = -1 if self.row is None else self.row
        steps = {pygame.K_DOWN: row + 1, pygame.K_UP: row - 1, pygame.K_HOME: 0,
                 pygame.K_END: len(said) - 1}
        if event.key not in steps:
            return False
        self.row = max(0, min(steps[event.key], len(said) - 1))
        place = i18n.t("speech_menu.position", position=self.row + 1, count=len(said))
        self.say(f"{said[self.row]}, {place}")
        return True

    def draw(self, surface: pygame.Surface) -> None:
        if self.button is not None:
            draw_button(self.button, surface)
        if self.shown and self.bars is not None:
            self.bars.draw(surface, self.rect, self.rows(), self.par(), self.row)
