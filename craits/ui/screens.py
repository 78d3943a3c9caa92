"""The app's ``Screens``: the scenes that one part of the UI opens from another's."""

from __future__ import annotations

from collections.abc import Callable

from craits.review import Replay
from craits.review.puzzles import Grade, Spot
from craits.ui.menus.rules import RulesScene
from craits.ui.menus.settings import SettingsScene
from craits.ui.review.open_record import OpenRecordScene
from craits.ui.review.scene import ReviewScene
from craits.ui.scene import Scene, SceneContext


class AppScreens:
    def __init__(self, app: SceneContext) -> None:
        self.app = app

    def rules(self) -> Scene:
        return RulesScene(self.app)

    def settings(self) -> Scene:
        return SettingsScene(self.app)

    def review(self, replay: Replay, *, round_index: int | None = None,
               analyse: bool = True) -> Scene:
        return ReviewScene(self.app, replay, round_index=round_index, analyse=analyse)

    def open_record(self) -> Scene:
        return OpenRecordScene(self.app)

    def puzzle(self, replay: Replay, spot: Spot,
               on_grade: Callable[[int, Grade | None], None]) -> Scene:
        return ReviewScene(self.app, replay, puzzle=spot, on_grade=on_grade)
