"""Past games: the last finished games kept in the player's folder, newest first; choosing one
opens its review at the first round. "Open game record" opens a record file (an exported game,
or one someone sent). Reached from the statistics screen.

A kept game found wrong (or that does not replay) is set aside (``game-....bad.json``), one the
system will not let be read is left in place, and the player told; the list goes on without
it. Reviewing changes no file. A long game is read and replayed on a thread (``opening``)
while the window keeps drawing its progress; Esc stops it.
"""

from __future__ import annotations

from functools import partial

import pygame

from craits import i18n
from craits.persistence.archive import GameArchive, PastGame
from craits.persistence.files import Problem
from craits.review import Replay
from craits.review.replay import Progress
from craits.ui.dialogs.menu_base import MenuScene, button_list
from craits.ui.dialogs.opening import Opening, draw_progress, long_file, opening_text, stops
from craits.ui.scene import SceneContext
from craits.ui.speech.rows import spoken_scores
from craits.ui.widgets import Widget


def game_line(game: PastGame) -> str:
    """"2026-11-30 14:50 · Ada 23 ★, Hard 41 · 8 rounds": when, everyone's total (the winners
    starred) and how long it went; a game replaced before its end says so, with no winner."""
    winners = game.winners if game.over else ()
    players = ", ".join(
        f"{name or i18n.t('setup.default_name', n=seat + 1)} {total}"
        + (" ★" if seat in winners else "")
        for seat, (name, total) in enumerate(zip(game.names, game.totals, strict=True)))
    return " · ".join(_game_parts(game, players))


def spoken_game_line(game: PastGame) -> str:
    """``game_line`` for the ear: the winners' totals said to be the best, not starred."""
    players = spoken_scores(game.names, game.totals, game.winners if game.over else ())
    return ". ".join(_game_parts(game, players))


def _game_parts(game: PastGame, players: str) -> list[str]:
    """When the game ended, ``players`` (their totals), how long it went, if left unfinished."""
    parts = [game.finished.strftime("%Y-%m-%d %H:%M"), players,
             i18n.tn("review.rounds", game.rounds)]
    return parts if game.over else [*parts, i18n.t("review.unfinished")]


class PastGamesScene(MenuScene):
    heading_key = "review.past_games"

    def __init__(self, app: SceneContext, archive: GameArchive | None = None,
                 *, analyse: bool = True) -> None:
        self.archive = archive or GameArchive()
        self.analyse = analyse  # whether a game opened is analysed at once (off in tests)
        self.games: list[PastGame] = []
        self.problems: list[Problem] = []
        self.opening: Opening | None = None  # a long game being read and replayed
        self.opening_game: PastGame | None = None
        self.reload()
        super().__init__(app)

    def reload(self) -> None:
        games, problems = self.archive.games()
        self.games = games
        self.problems.extend(problems)

    def layout(self) -> list[Widget]:
        th = self.theme
        self.panel = self.body_panel(1000)
        self.region, self.rows = button_list(
            self.panel, th, [(game_line(game), spoken_game_line(game),
                              partial(self.open_game, game)) for game in self.games],
            i18n.t("review.no_past_games"), th.px(160))
        self.back_button = self.back_button_at()
        self.open_button = self.footer_button("right", i18n.t("review.open"), self.ask_file)
        return [*self.region.widgets, self.back_button, self.open_button]

    def draw_content(self, surface: pygame.Surface) -> None:
        self.panel.draw(surface)

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.opening is not None:
            draw_progress(surface, self.progress_rect(), self.opening,
                          opening_text(self.opening.progress), self.theme)

    def progress_rect(self) -> pygame.Rect:
        """Between Back and Open, where the footer is free."""
        th = self.theme
        gap = th.px(16)
        left, right = self.back_button.rect.right + gap, self.open_button.rect.left - gap
        bar = pygame.Rect(0, 0, min(th.px(620), right - left), th.px(32))
        bar.center = ((left + right) // 2, self.back_button.rect.centery)
        return bar

    def on_enter(self) -> None:
        super().on_enter()
        self.tell_problems(self.problems, i18n.t("review.past_games"))

    def update(self, dt: float) -> None:
        super().update(dt)
        self._poll_opening()
        self.tell_problems(self.problems, i18n.t("review.past_games"))

    def handle(self, event: pygame.event.Event) -> None:
        if self.opening is not None:  # the list waits while a game opens; Esc stops it
            if stops(event, self.back_button.rect):
                self.cancel_opening()
            return
        super().handle(event)

    # ---- opening a game

    def open_game(self, game: PastGame) -> None:
        if self.opening is not None:
            return
        if long_file(game.path):
            self.opening = Opening(partial(self._replay_of, game))
            self.opening_game = game
            return
        try:
            replay = self._replay_of(game)
        except ValueError as exc:  # a RecordError, or the archive's reading
            self._refused(game, exc)
            return
        self.open_replay(replay)

    def _replay_of(self, game: PastGame, progress: Progress | None = None) -> Replay:
        return Replay(self.archive.record(game), progress)

    def _refused(self, game: PastGame, exc: ValueError) -> None:
        # One found wrong is set aside, one that cannot be read stays in place: both told.
        self.problems.append(self.archive.problem(game.path, exc))
        self.reload()
        self.rebuild()

    def _poll_opening(self) -> None:
        opening, game = self.opening, self.opening_game
        if opening is None or game is None:
            return
        try:
            replay = opening.poll()
        except ValueError as exc:
            self.opening = self.opening_game = None
            self._refused(game, exc)
            return
        if replay is not None:
            self.opening = self.opening_game = None
            self.open_replay(replay)

    def cancel_opening(self) -> None:
        """Stop opening the game (Esc): the list is back as it was."""
        if self.opening is not None:
            self.opening.cancel()
        self.opening = self.opening_game = None

    def open_replay(self, replay: Replay) -> None:
        self.app.scenes.push(self.app.screens.review(replay, analyse=self.analyse))

    def ask_file(self) -> None:
        self.app.scenes.push(self.app.screens.open_record(), self._file_chosen)

    def _file_chosen(self, replay: Replay | None) -> None:
        if replay is not None:
            self.open_replay(replay)
