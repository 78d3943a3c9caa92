"""Puzzles: the costliest choices of the player's own finished games, each played again from that
seat's view only ("Find a better move" in the review); a puzzle is solved when the new choice is
as good as the expert's. Reached from the statistics screen.

The games kept in ``games`` are looked through on a thread (the list says how far it is) for
choices their review verdicts say cost more than ``review.puzzles.THRESHOLD``: those kept from
a review (``review.cache``) at once, then the rounds never reviewed are analysed on the
workbench's background workers (and kept, so a review of that game opens at once), newest game
first, until the screen is left. What is found joins ``puzzles.json``
(``persistence.puzzles``), which keeps solved and unsolved.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from functools import partial
from typing import Literal

import pygame

from craits import i18n
from craits.paths import user_home
from craits.persistence.archive import GameArchive, PastGame
from craits.persistence.files import Problem
from craits.persistence.puzzles import Puzzle, PuzzleStore
from craits.review import RecordError, Replay
from craits.review.analysis import ReviewLevel, RoundAnalysis, RoundReview, review_level
from craits.review.cache import ReviewCache, game_key
from craits.review.puzzles import Grade, Spot, spots, step_at_focus
from craits.review.record import os_reason
from craits.ui.dialogs.menu_base import MenuScene, button_list
from craits.ui.dialogs.message import MessageScene
from craits.ui.scene import SceneContext
from craits.ui.seat_names import shown_names
from craits.ui.widgets import Widget
from craits.ui.widgets.textcache import blit_text
from craits.work import Job, Lane

log = logging.getLogger(__name__)


class PuzzleSearch:
    """The kept games looked through for puzzles on a thread: ``progress`` (games looked
    through, all), ``found`` growing (``labels`` for each), ``done`` at the end; ``stop``
    gives up the analysis (``make_pool``: a job of the workbench, None to use kept verdicts only)."""

    def __init__(self, archive: GameArchive, cache: ReviewCache,
                 make_pool: Callable[[], Job] | None = None,
                 level: ReviewLevel | None = None) -> None:
        self.archive = archive
        self.cache = cache
        self.make_pool = make_pool
        self.level = level or review_level()  # the review's: its kept verdicts are used
        self.progress = (0, 0)
        self.found: list[Puzzle] = []
        self.labels: dict[tuple[str, int, int], tuple[str, int, str]] = {}
        self.done = False
        self.stopped = False

    def start(self) -> None:
        threading.Thread(target=self.run, name="craits-puzzles", daemon=True).start()

    def stop(self) -> None:
        self.stopped = True

    def run(self) -> None:
        pool: Job | None = None
        try:
            games, _ = self.archive.games()  # problems are the past games list's to tell
            games = [g for g in games if g.over]
            level = self.level
            unreviewed: list[tuple[PastGame, Replay, list[tuple[int, int]]]] = []
            for i, game in enumerate(games):  # first what is kept: at once
                self.progress = (i, len(games))
                try:
                    replay = Replay(self.archive.record(game))
                except (RecordError, ValueError):
                    continue
                kept = self.cache.load(game_key(replay.save), level)
                self._add(game, replay, list(kept.values()))
                humans = [s for s, seat in enumerate(replay.seats) if seat.is_human]
                missing = [(seat, r) for seat in humans for r in range(len(replay.rounds))
                           if (seat, r) not in kept]
                if missing:
                    unreviewed.append((game, replay, missing))
            done = len(games) - len(unreviewed)
            self.progress = (done, len(games))
            if unreviewed and self.make_pool is not None and not self.stopped:
                pool = self.make_pool()
                for game, replay, missing in unreviewed:
                    if self.stopped:
                        break
                    self._analyse(pool, game, replay, missing, level)
                    done += 1
                    self.progress = (done, len(games))
        except Exception:  # a thread that dies would leave the list waiting for ever
            log.exception("looking for puzzles failed")
        finally:
            if pool is not None:
                pool.drop()
        self.done = True

    def _analyse(self, pool: Job, game: PastGame, replay: Replay,
                 missing: list[tuple[int, int]], level: ReviewLevel) -> None:
        """The rounds never reviewed, judged and kept, their puzzles added as each ends."""
        key = game_key(replay.save)
        for seat, round_index in missing:
            analysis = RoundAnalysis(replay, seat, round_index, level)
            while not analysis.finished and not self.stopped:
                if not analysis.poll(pool):
                    pool.wait(0.05)
            result = analysis.result
            if result is None:
                analysis.cancel()
                return
            self.cache.store(key, level, result)
            self._add(game, replay, [result])

    def _add(self, game: PastGame, replay: Replay, reviews: list[RoundReview]) -> None:
        humans = [s for s, seat in enumerate(replay.seats) if seat.is_human]
        names = shown_names(replay.seats)
        key = game_key(replay.save)
        for spot in spots(replay, reviews, humans):
            puzzle = Puzzle(game.path.name, key, spot.seat, spot.focus, round(spot.cost, 1))
            self.labels[puzzle.key] = (game.finished.strftime("%Y-%m-%d"),
                                       replay.steps[spot.number].round + 1, names[spot.seat])
            self.found.append(puzzle)  # after its label: the screen reads both


class PuzzlesScene(MenuScene):
    heading_key = "puzzle.heading"

    def __init__(self, app: SceneContext, archive: GameArchive | None = None,
                 store: PuzzleStore | None = None, *, search: bool = True,
                 make_pool: Callable[[], Job] | Literal["app"] | None = "app") -> None:
        home = user_home()
        self.archive = archive or GameArchive()
        self.store = store or PuzzleStore(home)
        self.book, problem = self.store.load()
        self.problems: list[Problem] = [problem] if problem is not None else []
        # The unreviewed games are judged in the background lane of the app's workbench
        # ("app"), or by a test's own jobs, or not at all (None: kept verdicts only).
        self.search = PuzzleSearch(self.archive, ReviewCache.in_home(home), partial(
            app.workbench.job, Lane.BACKGROUND) if make_pool == "app" else make_pool)
        self.labels: dict[tuple[str, int, int], tuple[str, int, str]] = {}
        self._taken = 0  # of ``search.found``
        if search:
            self.search.start()
        self._merged = not search
        super().__init__(app)

    # ---- the list

    def row_text(self, puzzle: Puzzle) -> str:
        label = self.labels.get(puzzle.key)
        parts = [i18n.t("puzzle.row", date=label[0], round=label[1], player=label[2])] \
            if label is not None else []
        parts.append(i18n.tn("puzzle.cost", round(puzzle.cost)))
        parts.append(i18n.t("puzzle.solved" if puzzle.solved else "puzzle.unsolved"))
        return ("✓ " if puzzle.solved else "") + " · ".join(parts)

    def spoken_row(self, puzzle: Puzzle) -> str:
        """The row for the ear: no tick, its parts as a list (the words say "solved")."""
        return self.row_text(puzzle).removeprefix("✓ ").replace(" · ", ", ")

    def shown(self) -> list[Puzzle]:
        """Unsolved first, the costliest first; once the search has looked, only those of
        games still kept."""
        puzzles = self.book.puzzles
        if self._merged:
            puzzles = [p for p in puzzles if p.key in self.labels]
        return sorted(puzzles, key=lambda p: (p.solved, -p.cost))

    def layout(self) -> list[Widget]:
        th = self.theme
        self.panel = self.body_panel(1000, top=th.px(40))
        panel = self.panel.rect
        self.summary_rect = pygame.Rect(panel.left, self.body_rect().top, panel.width, th.px(32))
        # While looking, the line above says how far: no "none found" yet.
        self.region, self.rows = button_list(
            self.panel, th, [(self.row_text(puzzle), self.spoken_row(puzzle),
                              partial(self.play, puzzle)) for puzzle in self.shown()],
            i18n.t("puzzle.none") if self._merged else "", th.px(120))
        self.back_button = self.back_button_at()
        return [*self.region.widgets, self.back_button]

    def draw_content(self, surface: pygame.Surface) -> None:
        th = self.theme
        self.panel.draw(surface)
        puzzles = self.shown()
        done, total = self.search.progress
        text = i18n.t("puzzle.finding", done=done, total=total) if not self._merged else i18n.t(
            "puzzle.count", solved=sum(p.solved for p in puzzles), total=len(puzzles))
        blit_text(surface, text, th.px(18), th.text_dim, center=self.summary_rect.center,
                  max_width=self.summary_rect.width)

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self._merged:
            finished = self.search.done  # read first: then everything found is in ``found``
            found = self.search.found[self._taken:]
            self._taken += len(found)
            self.labels.update(self.search.labels)
            if found:
                self.book.merge(found)
            if finished:
                self._merged = True
            if found or finished:
                self._save()
                self.rebuild()
                if self.rows and self.focus.focused is self.back_button:
                    self.focus.focus(self.rows[0])  # the first puzzles came: Enter plays
        self.tell_problems(self.problems, i18n.t("puzzle.menu"))

    def on_exit(self) -> None:
        super().on_exit()
        if self not in list(self.app.scenes):
            self.search.stop()  # left: its queued work is dropped

    def _save(self) -> None:
        try:
            self.store.save(self.book)
        except OSError as exc:
            self.app.scenes.push(MessageScene(self.app, i18n.t("puzzle.menu"),
                                              i18n.t("puzzle.not_saved", error=os_reason(exc))))

    # ---- playing one

    def spot_of(self, puzzle: Puzzle) -> tuple[Replay, Spot] | None:
        """The puzzle's game replayed and its choice, or None when the game is gone."""
        try:
            replay = Replay(self.archive.record(self.archive.folder / puzzle.file))
        except (RecordError, ValueError, OSError):
            return None
        number = step_at_focus(replay, puzzle.focus)
        if game_key(replay.save) != puzzle.game or number is None:
            return None
        return replay, Spot(puzzle.seat, number, puzzle.focus, puzzle.cost)

    def play(self, puzzle: Puzzle) -> None:
        found = self.spot_of(puzzle)
        if found is None:
            self.app.scenes.push(MessageScene(self.app, i18n.t("puzzle.menu"),
                                              i18n.t("puzzle.gone")))
            return
        replay, spot = found
        def graded(number: int, grade: Grade | None) -> None:
            if number == spot.number and grade is Grade.AS_GOOD:
                self.book.mark(puzzle.key, True)
                self._save()
                self.rebuild()

        self.app.scenes.push(self.app.screens.puzzle(replay, spot, graded))
