"""The statistics screen: games and rounds per opponent level (and games won without a hint
or an undo), scores, cranks, idiot calls, hints used and moves taken back; Past games opens
the finished games kept for review.
A line under the per-level heading says how a table of several computer levels is counted
(under its strongest level, as ``craits.persistence.statistics.opponent_bucket`` does).

Reads ``app.statistics`` (``craits.persistence.Statistics``). Reset asks first, then clears the
numbers in place (the session may hold the same object) and saves.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Sequence

import pygame

from craits import i18n
from craits.persistence import LEVELS, ScoreRecord, Statistics, Tally
from craits.ui.dialogs.confirm import ConfirmScene
from craits.ui.dialogs.menu_base import MenuScene, ScrollRegion
from craits.ui.menus.past_games import PastGamesScene
from craits.ui.menus.rating_section import add_rating_section, ratings_of
from craits.ui.widgets import Button, Label, ReadRow, Widget, fit_text
from craits.ui.widgets.rows import Column, grid, split
from craits.ui.widgets.theme import Color

OVERALL = "overall"
HUMANS_ONLY = "humans_only"


def percent(won: int, played: int) -> str:
    if not played:
        return "–"
    return number(100 * won / played) + "%"


def number(value: int | float | None) -> str:
    """A figure as shown: whole points, "–" for none. Stored figures are bounded
    (``persistence.statistics.MAX_COUNT``...); one that still cannot be shown is "–"."""
    if value is None or (isinstance(value, float) and not math.isfinite(value)):
        return "–"
    try:
        # Totals are whole points; a decimal adds nothing.
        return str(round(value)) if isinstance(value, float) else str(value)
    except (OverflowError, ValueError):  # a number too long to write out
        return "–"


def _average(record: ScoreRecord) -> float | None:
    try:
        return record.average
    except (OverflowError, ZeroDivisionError):  # sums past what a float holds
        return None


class StatisticsScene(MenuScene):
    heading_key = "stats.title"

    @property
    def stats(self) -> Statistics:
        return self.app.statistics

    # ---- what is shown
    def columns(self) -> list[tuple[str, str]]:
        """(bucket, header): overall, then each level; humans-only when such games exist."""
        cols = [(OVERALL, i18n.t("stats.overall"))] + [(level, i18n.t(f"level.{level}"))
                                                       for level in LEVELS]
        humans = self.stats.games.get(HUMANS_ONLY)
        rounds = self.stats.rounds.get(HUMANS_ONLY)
        if (humans and humans.played) or (rounds and rounds.played):
            cols.append((HUMANS_ONLY, i18n.t("stats.humans_only")))
        return cols

    def level_rule(self) -> str:
        """How a game with several computer levels is counted, with the weakest and the
        strongest level as the example."""
        rule = i18n.t("stats.level_rule", weak=i18n.t(f"level.{LEVELS[0]}"),
                      strong=i18n.t(f"level.{LEVELS[-2]}"), overall=i18n.t("stats.overall"))
        # The example stays on one line: no break beside its + and →.
        return rule.replace(" + ", "\u00a0+\u00a0").replace(" → ", "\u00a0→\u00a0")

    def table_rows(self) -> list[tuple[str, list[str]]]:
        """Rows of the per-level table: a label and one cell per column."""
        s = self.stats
        buckets = [bucket for bucket, _ in self.columns()]

        def row(key: str, table: dict[str, Tally],
                figure: Callable[[Tally], str]) -> tuple[str, list[str]]:
            return i18n.t(key), [figure(table.get(b) or Tally()) for b in buckets]

        return [
            row("stats.games_played", s.games, lambda t: str(t.played)),
            row("stats.games_won", s.games, lambda t: str(t.won)),
            row("stats.win_rate", s.games, lambda t: percent(t.won, t.played)),
            row("undo.won_without_help", s.games_without_hints, lambda t: str(t.won)),
            row("stats.rounds_played", s.rounds, lambda t: str(t.played)),
            row("stats.rounds_won", s.rounds, lambda t: str(t.won)),
        ]

    def score_rows(self) -> tuple[list[str], list[tuple[str, list[str]]]]:
        """Best and average final totals by game length (lower is better)."""
        lengths = [length for length in ("full", "short") if length in self.stats.game_scores]
        headers = [i18n.t(f"setup.length_{length}") for length in lengths]
        records = [self.stats.game_scores[length] for length in lengths]
        return headers, [
            (i18n.t("stats.best_score"), [number(r.best) for r in records]),
            (i18n.t("stats.average_score"), [number(_average(r)) for r in records]),
        ]

    def record_rows(self) -> list[tuple[str, str]]:
        s = self.stats
        return [
            (i18n.t("stats.longest_crank"), number(s.longest_crank)),
            (i18n.t("stats.idiots_caught"), number(s.idiots_caught_by_you)),
            (i18n.t("stats.times_caught"), number(s.idiots_caught_of_you)),
            (i18n.t("stats.hints_used"), number(s.hints_used)),
            (i18n.t("undo.used"), number(s.undos_used)),
        ]

    def is_empty(self) -> bool:
        s = self.stats
        return not any(t.played for t in s.games.values()) and not any(
            t.played for t in s.rounds.values()
        )

    # ---- layout
    def layout(self) -> list[Widget]:
        th = self.theme
        body = self.body_rect()
        self.panel = self.body_panel(1100)
        panel_rect = self.panel.rect
        region = self.region = ScrollRegion(panel_rect.inflate(-th.px(40), -th.px(32)), th)
        content_w = region.viewport.width - th.px(20)
        row_h, pads = th.px(38), (th.px(8), th.px(4))

        def cell(rect: pygame.Rect, text: str, *, bold: bool = False, align: str = "center",
                 color: Color | None = None, size: int = th.body_size,
                 wrap: bool = False) -> Label:
            label = Label(rect, text, size=size, bold=bold, align=align, color=color, wrap=wrap)
            region.add(label, rect)
            return label

        def readable(rect: pygame.Rect, label: str, headers: Sequence[str],
                     cells: Sequence[str]) -> None:
            """The row for the ear: its label, then each figure under its column's name."""
            figures = [f"{header} {said}" if header else said
                       for header, text in zip(headers, cells, strict=True)
                       for said in [i18n.t("stats.no_figure") if text == "–" else text]]
            region.add(ReadRow(rect, f"{label}: {', '.join(figures)}"), rect)

        def heading(rect: pygame.Rect, text: str) -> None:
            cell(rect, text, bold=True, align="left", color=th.gold_light,
                 size=th.subheading_size)

        def table(column: Column, label_w: int, headers: Sequence[str],
                  rows: Sequence[tuple[str, Sequence[str]]], inset: int,
                  first_bold: bool = False) -> list[int]:
            """Column headings, then a row a line; the tops of the rows."""
            for rect, text in zip(grid(column.take(row_h), label_w, len(headers),
                                       inset=inset)[1:], headers, strict=True):
                cell(rect, text, bold=True, color=th.gold, size=th.small_size)
            tops = []
            for label, cells in rows:
                tops.append(column.y)
                row = column.take(row_h)
                readable(row, label, headers, cells)
                label_cell, *value_cells = grid(row, label_w, len(headers),
                                                inset=inset, label_pads=pads)
                cell(label_cell, label, align="left")
                for i, (rect, text) in enumerate(zip(value_cells, cells, strict=True)):
                    cell(rect, text, bold=first_bold and i == 0)
            return tops

        page = Column(0, 0, content_w)
        if self.is_empty():
            row = page.take(th.px(40), after=th.px(16))
            region.add(ReadRow(row, i18n.t("stats.none_yet")), row)
            cell(row, i18n.t("stats.none_yet"), color=th.text_dim)
        # Per-level table.
        heading(page.take(th.px(34), after=th.px(10)), i18n.t("stats.per_level"))
        rule = self.level_rule()
        fitted = fit_text(rule, content_w - th.px(8), th.px(400), th.small_size, wrap=True)
        rect = page.take(fitted.height + th.px(4), indent=th.px(8), after=th.px(10))
        self.rule_label = cell(rect, rule, align="left", color=th.text_dim, size=th.small_size,
                               wrap=True)
        cols = self.columns()
        self.row_tops = table(page, round(content_w * 0.30), [h for _, h in cols],
                              self.table_rows(), inset=4, first_bold=True)
        page.space(th.px(24))

        # Scores by game length, and records, side by side.
        half = (content_w - th.px(30)) // 2
        left, right = split(page.take(th.px(34), after=th.px(10)), [half, half], th.px(30))
        heading(left, i18n.t("score.score"))
        scores, records = Column(0, page.y, half), Column(right.left, page.y, half)
        headers, rows = self.score_rows()
        table(scores, round(half * 0.5), headers, rows, inset=0)
        for label, value in self.record_rows():
            row = records.take(row_h)
            readable(row, label, [""], [value])
            label_cell, value_cell = grid(row, round(half * 0.72), 1, label_pads=pads)
            cell(label_cell, label, align="left")
            cell(value_cell, value, bold=True)
        # Each player's rating and the chart of its history, under the figures.
        y, self.rating_chart = add_rating_section(region, th, max(scores.y, records.y)
                                                  + th.px(24), content_w, ratings_of(self.app))
        # Shrink the panel to what it holds; it scrolls when the window is shorter.
        height = min(body.height, y + th.px(32))
        panel_rect.height = height
        panel_rect.top = body.top + (body.height - height) // 2
        region.set_viewport(panel_rect.inflate(-th.px(40), -th.px(32)))

        # Back at the left, Reset at the right; Past games and Puzzles share the middle.
        footer = self.footer_rect()
        bw = self.footer_button_width()
        gap = th.px(16)
        mw = min(bw, (footer.width - 2 * bw - 3 * gap) // 2)
        middle = pygame.Rect(footer.centerx - gap // 2 - mw, footer.top, 2 * mw + gap,
                             footer.height)
        past, puzzles = split(middle, [mw, mw], gap)
        self.back_button = self.back_button_at()
        self.past_button = Button(past, i18n.t("review.past_games"), self.open_past_games,
                                  style="secondary")
        self.puzzles_button = Button(puzzles, i18n.t("puzzle.menu"), self.open_puzzles,
                                     style="secondary")
        self.reset_button = self.footer_button("right", i18n.t("stats.reset"), self.ask_reset,
                                               style="danger", enabled=not self.is_empty())
        self.table_width = content_w
        return [*region.widgets, self.back_button, self.past_button, self.puzzles_button,
                self.reset_button]

    def open_past_games(self) -> None:
        self.app.scenes.push(PastGamesScene(self.app))

    def open_puzzles(self) -> None:
        from craits.ui.menus.puzzles import PuzzlesScene  # the review pulls in the table

        self.app.scenes.push(PuzzlesScene(self.app))

    # ---- reset
    def ask_reset(self) -> None:
        confirm = ConfirmScene(
            self.app,
            i18n.t("stats.reset_title"),
            i18n.t("stats.reset_body"),
            i18n.t("stats.reset_confirm"),
            danger=True,
        )
        self.app.scenes.push(confirm, self._reset_answered)

    def _reset_answered(self, confirmed: bool) -> None:
        if not confirmed:
            return
        fresh = Statistics()
        for f in dataclasses.fields(Statistics):
            setattr(self.stats, f.name, getattr(fresh, f.name))
        self.app.save_statistics()  # if it cannot now, the app writes them again later
        self.rebuild()

    # ---- drawing
    def draw_content(self, surface: pygame.Surface) -> None:
        th = self.theme
        self.panel.draw(surface)
        # Zebra stripes behind the per-level rows make the wide table easy to follow.
        if self.region is None:
            return
        vp = self.region.viewport
        old = surface.get_clip()
        surface.set_clip(vp)
        for i, top in enumerate(self.row_tops):
            if i % 2 == 0:
                y = vp.top + top - self.region.offset
                stripe = pygame.Rect(vp.left, y, self.table_width, th.px(38))
                stripe_surface = pygame.Surface(stripe.size, pygame.SRCALPHA)
                stripe_surface.fill((255, 255, 255, 14))
                surface.blit(stripe_surface, stripe.topleft)
        surface.set_clip(old)
