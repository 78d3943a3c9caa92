"""The scenes the table puts on top of itself: what the match asks for (the cut, a hand-off,
the turned-up card's suit, the scoreboard, then the game's end) and the suit of an 8 or 9 the
viewer plays. Each holds match time still (``TableMatch.modal_open``) until it is dismissed;
animations keep running under it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from craits import i18n
from craits.engine import Announce, Play
from craits.engine import events as ev
from craits.engine.actions import Action, ChooseSuit
from craits.review import move_message
from craits.review.while_playing import GameAnalysis
from craits.ui.dialogs.confirm import ConfirmScene
from craits.ui.dialogs.suit_dialog import SuitDialog
from craits.ui.scene import Scene, SceneContext
from craits.ui.table.cost_check import Ask
from craits.ui.table.cut import CutScene
from craits.ui.table.game_over import GameOverScene
from craits.ui.table.handoff import HandoffScene
from craits.ui.table.match import AskStarterSuit, HandOff, Next, ShowCut, ShowRoundEnd, TableMatch
from craits.ui.table.scoreboard import ScoreboardScene
from craits.ui.tabletop.hand_input import HandInput


class TableFlow:
    def __init__(self, app: SceneContext, match: TableMatch, hand: HandInput,
                 suit_chosen: Callable[[Action, bool], object],
                 analysis: Callable[[], GameAnalysis | None] = lambda: None) -> None:
        self.app = app
        self.analysis = analysis  # the viewer's game analysed while played, for its end
        self.match = match
        self.hand = hand
        self.suit_chosen = suit_chosen  # (the action with its suit, "Last card!" with it)
        self.rounds_shown = 0
        self.playing: int | None = None  # the viewer's 8 or 9 while its suit is chosen

    def _push(self, scene: Scene, done: Callable[[Any], None] | None = None) -> None:
        self.match.modal_open = True

        def finished(result: Any) -> None:  # a scene's result is its own type
            self.match.modal_open = False
            if done is not None:
                done(result)

        self.app.scenes.push(scene, finished)

    def show(self, step: Next) -> None:
        match = self.match
        events = match.session.events
        if isinstance(step, ShowCut):
            cuts = [e for e in events if isinstance(e, ev.CardCut)]
            dealer = next((e.player for e in events if isinstance(e, ev.DealerChosen)), 0)
            self._push(CutScene(self.app, match.names, cuts, dealer, match.viewer),
                       lambda _: match.pull())
        elif isinstance(step, HandOff):
            self._hand_off(step.seat)
        elif isinstance(step, AskStarterSuit):
            view = match.view()
            if view is not None and self.hand.guard is None:  # a new hand is seen first
                options = [a for a in view.legal if isinstance(a, ChooseSuit)]
                self._push(SuitDialog(self.app, card=view.top, options=options,
                                      may_cancel=False, hand=list(view.hand),
                                      keyboard=self.hand.keyboard), self.suit_answer)
        elif isinstance(step, ShowRoundEnd):
            self.rounds_shown += 1
            self._push(ScoreboardScene(self.app, match.session, step.ended),
                       self._after_scoreboard)

    def _hand_off(self, seat: int) -> None:
        """Pass-and-play: hide the table until ``seat``'s player is at the screen; the one
        leaving may still say "Last card!" on the cover."""
        match = self.match
        view = match.view()
        announcer = view.seat if view is not None and view.can_announce else None
        scene = HandoffScene(
            self.app, match.names[seat],
            announcer_name=match.names[announcer] if announcer is not None else None,
            on_announce=(lambda: match.act(Announce(announcer)))
            if announcer is not None else None,
        )  # fmt: skip

        def arrived(_result: Any) -> None:
            match.become_viewer(seat)
            self.hand.hover = self.hand.focus = None

        self._push(scene, arrived)

    def ask_suit(self, code: int, options: list[Play], hinted: Play | None = None) -> None:
        """The viewer plays an 8 or a 9: which suit (and, down to one card, "Last card!").
        The suit a hint named (``hinted``) has the focus, so Enter takes the hint whole."""
        view = self.match.view()
        rest = [c for c in view.hand if c != code] if view is not None else []
        offer = len(rest) == 1 and self.match.session.rules.announce_last_card
        self.playing = code
        dialog = SuitDialog(self.app, card=code, options=options, may_cancel=True,
                            offer_announce=offer, hand=rest, keyboard=self.hand.keyboard)
        if hinted in options:
            dialog.selected = options.index(hinted)
        self._push(dialog, self.suit_answer)

    def ask_costly(self, ask: Ask, answer: Callable[[bool], None]) -> None:
        """"Confirm costly moves": the viewer's play is expected to lose ``ask.cost.points``
        against the hard level's move; play it anyway (True), or choose again (False)."""
        best = move_message(ask.cost.best).text(i18n.t, card=i18n.card_name,
                                                 suit=i18n.suit_name)
        points = max(1, round(ask.cost.points))
        self._push(ConfirmScene(self.app, i18n.t("cost.title"),
                                i18n.tn("cost.body", points, move=best),
                                i18n.t("cost.play_anyway"), i18n.t("cost.choose_again")),
                   lambda result: answer(bool(result)))

    def suit_answer(self, result: tuple[Action, bool] | None) -> None:
        self.playing = None
        if result is not None:
            self.suit_chosen(*result)

    def _after_scoreboard(self, _result: Any) -> None:
        if self.match.round_seen():
            self.app.scenes.push(GameOverScene(self.app, self.match.session,
                                                 self.analysis()))
        else:
            self.hand.new_round(self.app.keys_down)  # the new hand is seen before it is played
