"""The app's ``Screens``: the scenes that one part of the UI opens from another's."""

from __future__ import annotations

from collections.abc import Callable

from craits import i18n
from craits.persistence.saves import SaveStore
from craits.review import Replay
from craits.review.puzzles import Grade, Spot
from craits.ui.dialogs.message import MessageScene
from craits.ui.menus.daily import keeper_for
from craits.ui.menus.rules import RulesScene
from craits.ui.menus.settings import SettingsScene
from craits.ui.review.open_record import OpenRecordScene
from craits.ui.review.scene import ReviewScene
from craits.ui.review.still_playable import StillPlayable, puzzle_fits, shown_part
from craits.ui.scene import Scene, SceneContext
from craits.ui.table.controls_help import ControlsScene


class AppScreens:
    """``saves``: the player's saved game, whose game (and the previous one, and a deal of
    the day not yet played to its end) a review never shows where it can still be played
    (None: every game is shown whole, as in a test's stand-in app)."""

    def __init__(self, app: SceneContext, saves: SaveStore | None = None) -> None:
        self.app = app
        self.playable = None if saves is None else StillPlayable(saves,
                                                                 lambda: played_deals(app))

    def rules(self) -> Scene:
        return RulesScene(self.app)

    def settings(self) -> Scene:
        return SettingsScene(self.app)

    def controls(self, where: str = "table") -> Scene:
        return ControlsScene(self.app, where)

    def review(self, replay: Replay, *, round_index: int | None = None,
               analyse: bool = True) -> Scene:
        withheld = self.playable.withheld(replay) if self.playable is not None else None
        if withheld is None:
            return ReviewScene(self.app, replay, round_index=round_index, analyse=analyse)
        if withheld.first == 0:
            return MessageScene(self.app, i18n.t("review.title"), i18n.t(
                "review.withheld_daily" if withheld.daily else "review.withheld_game"))
        shown = shown_part(replay, withheld)
        if round_index is not None:
            round_index = min(round_index, len(shown.rounds) - 1)
        return ReviewScene(self.app, shown, round_index=round_index, analyse=analyse,
                           withheld=i18n.t("review.withheld_round", n=withheld.first + 1))

    def open_record(self) -> Scene:
        return OpenRecordScene(self.app)

    def puzzle(self, replay: Replay, spot: Spot,
               on_grade: Callable[[int, Grade | None], None]) -> Scene:
        if not puzzle_fits(replay, spot):
            return MessageScene(self.app, i18n.t("puzzle.menu"), i18n.t("puzzle.unfit"))
        withheld = self.playable.withheld(replay) if self.playable is not None else None
        if withheld is not None:
            if replay.steps[spot.number].round >= withheld.first:
                return MessageScene(self.app, i18n.t("puzzle.menu"), i18n.t(
                    "review.withheld_daily" if withheld.daily else "puzzle.withheld"))
            replay = shown_part(replay, withheld)
        return ReviewScene(self.app, replay, puzzle=spot, on_grade=on_grade)


def played_deals(app: SceneContext) -> list[int] | None:
    """The deals of the day with a result (None: the app keeps none, as a stand-in)."""
    keeper = keeper_for(app)
    return None if keeper is None else list(keeper.record.results)
