"""The table's flow: what it shows for what the match director waits for, and the scenes it
pushes on top of the table for that.

    fresh table ──> cut ──> deal ──┬──> human's move (the table itself)
                                   ├──> computer's move (thinking on the plate)
                                   ├──> hand-off (pass-and-play) ──> the next human sees the table
                                   ├──> suit for the turned-up card (suit dialog)
                                   └──> round over ──> scoreboard ──┬──> next round
                                                                    └──> game over

A scene on top (suit dialog, hand-off, cut, scoreboard, pause) sets ``modal_open``: match time
stops until it is dismissed; animations keep running under it. Mixed into the table scene,
which provides the session, the director, the choreographer (``chor``), the model, ``view``,
``act``, ``announce``, ``pull`` and ``become_viewer``.
"""

from __future__ import annotations

from typing import Any

from craits.director import Wait
from craits.engine import Announce, Play
from craits.engine import events as ev
from craits.engine.actions import ChooseSuit
from craits.ui.table.cut import CutScene
from craits.ui.table.game_over import GameOverScene
from craits.ui.table.handoff import HandoffScene
from craits.ui.table.pause import PauseScene
from craits.ui.table.scoreboard import ScoreboardScene
from craits.ui.table.suit_dialog import SuitDialog


class TableFlow:
    def _advance(self, dt: float) -> None:
        """One frame of the match while the table is the top scene: once presentation has
        caught up, match time flows and the table shows what the director waits for."""
        if self.cut_pending:
            self.cut_pending = False
            self._show_cut()
            return
        director = self.director
        director.think_ahead()  # the computer may think while the cards still move
        if self.chor.busy:
            return
        waiting = director.waiting
        if waiting.kind is Wait.ROUND_OVER:
            self.thinking = None
            round_index = self.session.match.round_index
            if self.scoreboard_shown_for != round_index:
                self.scoreboard_shown_for = round_index
                self._round_over()
            return
        if waiting.kind is Wait.MATCH_OVER:
            return
        if director.update(dt):
            self.pull()
            return
        waiting = director.waiting
        self.model.turn = waiting.seat
        self.thinking = waiting.seat if waiting.kind is Wait.COMPUTER else None
        if waiting.kind is Wait.HANDOFF:
            self._hand_off(waiting.seat)  # type: ignore[arg-type]
        elif waiting.kind is Wait.STARTER_SUIT and not self.modal_open:
            self._choose_starter_suit()

    # ------------------------------------------------------------ suit dialogs

    def _ask_suit(self, code: int, options: list[Play]) -> None:
        """The viewer plays an 8 or a 9: which suit (and, down to one card, "Last card!")."""
        rest = [c for c in self.view().hand if c != code]  # type: ignore[union-attr]
        dialog = SuitDialog(self.app, card=code, options=options, may_cancel=True,
                            offer_announce=len(rest) == 1 and self.session.rules.announce_last_card,
                            hand=rest, keyboard=self.keyboard)
        self.modal_open = True
        self.app.scenes.push(dialog, lambda result: self._suit_chosen(result))

    def _choose_starter_suit(self) -> None:
        options = [a for a in self.view().legal if isinstance(a, ChooseSuit)]  # type: ignore[union-attr]
        top = self.session.match.state.discard[-1]
        dialog = SuitDialog(self.app, card=top, options=options, may_cancel=False,
                            hand=list(self.view().hand),  # type: ignore[union-attr]
                            keyboard=self.keyboard)
        self.modal_open = True
        self.app.scenes.push(dialog, lambda result: self._suit_chosen(result))

    def _suit_chosen(self, result: Any) -> None:
        self.modal_open = False
        if result is None:
            return
        action, announce = result
        if self.act(action):
            if announce:
                self.announce()
            self.announce_if_armed()

    # ------------------------------------------------------------ scenes on top

    def _hand_off(self, seat: int) -> None:
        """Pass-and-play: hide the table until ``seat``'s player is at the screen."""
        announcer = None
        view = self.view()
        if view is not None and view.can_announce:
            announcer = self.viewer
        scene = HandoffScene(
            self.app, self.names[seat],
            announcer_name=self.names[announcer] if announcer is not None else None,
            on_announce=(lambda: self.act(Announce(announcer))) if announcer is not None else None,
        )  # fmt: skip
        self.modal_open = True

        def done(_result: Any) -> None:
            self.modal_open = False
            self.become_viewer(seat)

        self.app.scenes.push(scene, done)

    def _show_cut(self) -> None:
        events = self.session.events
        cuts = [e for e in events if isinstance(e, ev.CardCut)]
        dealer = next((e.player for e in events if isinstance(e, ev.DealerChosen)), 0)
        self.modal_open = True

        def done(_result: Any) -> None:
            self.modal_open = False
            self.pull()

        self.app.scenes.push(CutScene(self.app, self.names, cuts, dealer, self.viewer), done)

    def _round_over(self) -> None:
        self.modal_open = True
        self.selftest_round_done = True
        self.app.scenes.push(ScoreboardScene(self.app, self.session), self._after_scoreboard)

    def _after_scoreboard(self, result: Any) -> None:
        self.modal_open = False
        s = self.session
        self.director.round_seen()
        if self.director.waiting.kind is Wait.MATCH_OVER:
            self.app.scenes.push(GameOverScene(self.app, s))
            return
        self.pull()

    def open_pause(self) -> None:
        self.app.scenes.push(PauseScene(self.app, self))
