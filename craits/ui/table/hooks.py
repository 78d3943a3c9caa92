"""What the director tells the app about the match at this table."""

from __future__ import annotations

from craits.director import Hooks
from craits.session import Session
from craits.ui.scene import SceneContext


class AppHooks(Hooks):
    """The app keeps the match: saves after changes, statistics at each round's end."""

    def __init__(self, app: SceneContext) -> None:
        self.app = app

    def changed(self, session: Session) -> None:
        self.app.autosave(session)

    def round_over(self, session: Session) -> None:
        self.app.record_round(session)

    def match_over(self, session: Session) -> None:
        self.app.finish_match(session)
