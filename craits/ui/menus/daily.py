"""The deal of the day's screen: today's deal number, whom it is against, whether it was played
and how, the streak of days played, and the par of the game played (worked out while it is
played, as every game's; what is left at the game's end is finished by the app, and its
progress shows here as rounds worked out, on a bar, until the par is known); Play opens the
table like a new game.

The ``DailyKeeper`` is one per player's folder for the app's life; ``keeper_for`` finds it.
``start_deal`` is also what ``--deal N`` does.
"""

from __future__ import annotations

import secrets
import weakref
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol, runtime_checkable

import pygame

from craits import i18n
from craits.daily.deal import deal
from craits.daily.keeper import DailyKeeper
from craits.persistence.archive import GameArchive
from craits.review.par import PAR_REPLAYS, GamePar
from craits.review.while_playing import GameAnalysis
from craits.ui.dialogs.menu_base import MenuScene
from craits.ui.notices import problem_notice
from craits.ui.scene import SceneContext
from craits.ui.seat_names import default_seats
from craits.ui.speech.screen import joined
from craits.ui.widgets import Widget, draw_text_fit
from craits.ui.widgets.drawing import draw_share_bar


class _Files(Protocol):
    home: Path
    archive: GameArchive


@runtime_checkable
class _HasFiles(Protocol):
    @property
    def files(self) -> _Files: ...


_keepers: weakref.WeakKeyDictionary[object, DailyKeeper] = weakref.WeakKeyDictionary()


def keeper_for(app: SceneContext) -> DailyKeeper | None:
    """The app's keeper of the deals of the day (None: a test's stand-in without files)."""
    if not isinstance(app, _HasFiles):
        return None
    files = app.files
    keeper = _keepers.get(files)
    if keeper is None:
        keeper = _keepers[files] = DailyKeeper(files.home, files.archive)
        app.notices.extend(problem_notice(p) for p in keeper.problems)
    return keeper


def start_deal(app: SceneContext, number: int) -> None:
    """Deal ``number`` at the table, noted as started (the result is found when it ends)."""
    keeper = keeper_for(app)
    match_id = secrets.token_hex(8)  # the game the deal is found finished by
    if keeper is not None:
        keeper.started(number, match_id=match_id)
    the_deal = deal(number)
    app.new_game(default_seats(the_deal.kinds), the_deal.rules, the_deal.seed,
                 match_id=match_id)


def status_line(keeper: DailyKeeper, number: int) -> str:
    result = keeper.result(number)
    if result is None:
        return i18n.t("daily.not_played")
    return i18n.t("daily.played", total=result.total, place=result.place,
                  players=result.players)


def working_on(app: SceneContext, keeper: DailyKeeper, number: int) -> GameAnalysis | None:
    """The analysis of the game deal ``number`` was played as, while the app finishes it."""
    played = keeper.played(number)
    return None if played is None else app.finishing.working(played[0])


@dataclass(frozen=True)
class ParState:
    """The par of the game a deal was played as, as its screen shows it."""

    played: bool  # the deal has a result
    par: GamePar | None  # found so far by the game's analysis, or kept beside the game
    working: GameAnalysis | None  # the analysis the app finishes, while the par is not known

    def line(self) -> str:
        """The par with its error; while it is worked out, the rounds done."""
        if self.par is not None:
            return i18n.t("daily.par", par=round(self.par.value),
                          error=max(1, round(self.par.stderr)))
        if not self.played:
            return i18n.t("daily.par_after_play")
        working = self.working
        if working is not None and working.with_par and not working.failed:
            done, rounds, _ = working.par_progress()
            return i18n.tn("daily.par_working", rounds, done=done)
        return i18n.t("daily.par_in_review")


def par_state(app: SceneContext, keeper: DailyKeeper, number: int) -> ParState:
    """Worked out afresh: from the analysis the app finishes (two replays of every round at
    least, refined as more come), else from the par's file, read once."""
    played = keeper.played(number)
    if played is None:
        return ParState(keeper.result(number) is not None, None, None)
    working = app.finishing.working(played[0])
    par = working.par(played[1]) if working is not None else None
    if par is None:
        par = keeper.par(number)
    return ParState(True, par, working if par is None else None)


class ParWatch:
    """A deal's ``ParState``, worked out again only when what it stands on changes: the
    deal's result and the replays found by the analysis finishing its game (what that writes
    to the par's file). A frame asks several times; the file is read once in a while, not
    each time."""

    def __init__(self, app: SceneContext, keeper: DailyKeeper, number: int) -> None:
        self.app, self.keeper, self.number = app, keeper, number
        self._stamp: tuple[object, ...] | None = None
        self._state = ParState(False, None, None)

    def state(self) -> ParState:
        result = self.keeper.result(self.number)
        working = None if result is None else working_on(self.app, self.keeper, self.number)
        stamp = (result, working) if working is None else (
            result, working, working.par_progress(), working.failed)
        if stamp != self._stamp:
            self._stamp, self._state = stamp, par_state(self.app, self.keeper, self.number)
        return self._state

    def forget(self) -> None:
        """Read afresh at the next ask (another screen may have written the file)."""
        self._stamp = None


def summary_line(keeper: DailyKeeper) -> str:
    """The title's line under its entry: the deal, played or not, the streak, the par."""
    number = keeper.today_number()
    parts = [i18n.t("daily.deal", n=number), status_line(keeper, number)]
    if keeper.streak():
        parts.append(i18n.tn("daily.streak", keeper.streak()))
    par = keeper.par(number)
    if par is not None:
        parts.append(ParState(True, par, None).line())
    return " · ".join(parts)


LINE_KEYS = ("deal", "against", "state", "streak", "par", "explain")  # ``DailyScene.lines``


class DailyScene(MenuScene):
    heading_key = "daily.heading"

    def __init__(self, app: SceneContext, keeper: DailyKeeper) -> None:
        self.keeper = keeper
        self.number = keeper.today_number()
        keeper.settle()
        self.par = ParWatch(app, keeper, self.number)
        super().__init__(app)

    def lines(self) -> list[tuple[str, str]]:
        """(text, style) from the top: the deal, whom against, the result, streak, par."""
        the_deal = deal(self.number)
        names = ", ".join(seat.name for seat in default_seats(the_deal.kinds)[1:])
        streak = self.keeper.streak()
        return [(line[:1].upper() + line[1:], style) for line, style in [
            (i18n.t("daily.deal_of", n=self.number, date=the_deal.day.isoformat()), "big"),
            (i18n.t("daily.against", names=names,
                    levels=", ".join(i18n.t(f"level.{k}") for k in the_deal.kinds[1:])), "text"),
            (status_line(self.keeper, self.number), "gold"),
            (i18n.tn("daily.streak", streak) if streak else i18n.t("daily.no_streak"), "text"),
            (self.par.state().line(), "gold"),
            (i18n.t("daily.explain", n=PAR_REPLAYS), "dim"),
        ]]  # a line of its own starts with a capital, as in the title's line it does not

    def spoken_title(self) -> str:
        """The screen as it opens: the deal, whom against, its state and the streak; the par
        too while it is not known (once known, ``status_text`` says it, also when it arrives
        later); the explanation at full detail."""
        speaker = getattr(self.app, "speech", None)
        full = speaker is not None and speaker.wants("full")
        known = self.par.state().par is not None
        said = [text for (text, style), key in zip(self.lines(), LINE_KEYS, strict=True)
                if (key != "par" or not known) and (key != "explain" or full)]
        return joined((i18n.t(self.heading_key), *said))

    def status_text(self) -> str:
        state = self.par.state()
        return state.line() if state.par is not None else ""

    def layout(self) -> list[Widget]:
        self.panel = self.body_panel(900)
        self.back_button = self.back_button_at()
        played = self.keeper.result(self.number) is not None
        self.play_button = self.footer_button(
            "right", i18n.t("daily.play_again" if played else "daily.play"), self.play,
            style="secondary" if played else "primary")
        return [self.play_button, self.back_button]

    def draw_content(self, surface: pygame.Surface) -> None:
        th = self.theme
        self.panel.draw(surface)
        box = self.panel.rect.inflate(-th.px(48), -th.px(40))
        # By style: type size, colour, and height in shares of the box.
        looks = {"big": (th.px(34), th.gold_light, 2.0), "gold": (th.body_size, th.gold_light, 1.6),
                 "text": (th.body_size, th.text, 1.6), "dim": (th.small_size, th.text_dim, 3.2)}
        lines = self.lines()
        working = self.par.state().working  # while the par is not known
        unit = box.height / sum(looks[style][2] for _, style in lines)
        y = float(box.top)
        for (text, style), key in zip(lines, LINE_KEYS, strict=True):
            size, color, share = looks[style]
            h = share * unit
            if key == "par" and working is not None:  # its progress, behind it
                bar = pygame.Rect(0, 0, min(box.width, th.px(560)), round(h * 0.8))
                bar.center = (box.centerx, round(y + h / 2))
                draw_share_bar(surface, bar, working.par_progress()[2], th)
            draw_text_fit(surface, text, pygame.Rect(box.left, round(y), box.width, round(h)),
                          size, color=color, bold=style == "big", wrap=style in ("dim", "text"),
                          min_size=th.px(10))
            y += h

    def on_enter(self) -> None:
        self.par.forget()
        if self.keeper.settle():  # the deal was just played
            self.rebuild()
        super().on_enter()

    def play(self) -> None:
        start_deal(self.app, self.number)
