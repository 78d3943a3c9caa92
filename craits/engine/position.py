"""The one implementation of a round's rules: a mutable ``Position`` that is stepped in place.

Everything that plays a round steps a Position. ``apply`` (the immutable, validating API of
``core``) builds one from a ``RoundState``, steps it with events recorded and freezes the result;
the AI copies and steps Positions without events for its rollouts, guesses and trees.

Phases of a round::

    CHOOSE_SUIT --(ChooseSuit)--> PLAY <--(Play/Draw)--> PLAY ... --> OVER
    (turned-up 8 or 9)             |  ^
                          (Draw a  v  | (Play the drawn card, or Pass)
                     playable card) DRAWN      (variant play_drawn_card)

Reshuffles use ``shuffler`` when one is given (a search's own generator), else the seeded
``random.Random(f"{seed}:reshuffle:{k}")`` that makes every recorded game replay exactly.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Sequence

from . import events as ev
from .actions import (
    Action,
    Announce,
    Call,
    ChooseSuit,
    Draw,
    Pass,
    Play,
)
from .cards import ACE, RANK_OF, SUIT_OF
from .legality import (
    FOLLOWS,
    callable_targets,
    can_announce,
    can_call,
    legal_of,
)
from .rules import Rules
from .scoring import score_hand
from .shuffle import shuffle
from .state import CHOOSE_SUIT, DRAWN, OVER, PLAY, RoundState

# Ranks whose play simply passes the turn on (an 8's or a 9's suit is settled before).
_NO_ABILITY = frozenset((ACE, 3, 8, 9, 11, 12, 13))

_tuple_new = tuple.__new__


class Position:
    """One round, mutable. Build it, ``step`` legal actions, ``copy`` to branch, ``freeze``."""

    __slots__ = (
        "rules", "seed", "shuffles", "dealer", "hands", "pile", "discard", "suit", "turn",
        "direction", "crank", "announced", "lose_turn", "window", "phase", "drawn", "winner",
        "blocked", "scores", "n", "events", "shuffler",
    )  # fmt: skip

    rules: Rules
    seed: int
    shuffles: int
    dealer: int
    hands: list[list[int]]
    pile: Sequence[int]  # the draw pile, index 0 drawn next; replaced, never changed in place
    discard: list[int]  # the last card is face up
    suit: int
    turn: int
    direction: int
    crank: int
    announced: list[bool]
    lose_turn: list[bool]
    window: int | None
    phase: str
    drawn: int | None
    winner: int | None
    blocked: bool
    scores: tuple[int, ...] | None
    n: int
    events: list[ev.Event] | None  # None: nothing is recorded
    shuffler: random.Random | None

    def __init__(
        self,
        rules: Rules,
        hands: Sequence[Sequence[int]],
        draw_pile: Sequence[int],
        discard: Sequence[int],
        *,
        dealer: int = 0,
        suit: int | None = None,
        turn: int = 0,
        direction: int = 1,
        crank: int = 0,
        announced: Sequence[bool] | None = None,
        lose_turn: Sequence[bool] | None = None,
        window: int | None = None,
        phase: str = PLAY,
        drawn: int | None = None,
        seed: int = 0,
        shuffles: int = 0,
        winner: int | None = None,
        blocked: bool = False,
        scores: tuple[int, ...] | None = None,
        record: bool = False,
        shuffler: random.Random | None = None,
    ) -> None:
        """``draw_pile`` in dealing order (index 0 drawn next); ``suit`` None is the top's."""
        n = len(hands)
        self.rules = rules
        self.seed = seed
        self.shuffles = shuffles
        self.dealer = dealer
        self.hands = [list(h) for h in hands]
        self.pile = list(draw_pile)
        self.discard = list(discard)
        self.suit = SUIT_OF[self.discard[-1]] if suit is None else suit
        self.turn = turn
        self.direction = direction
        self.crank = crank
        self.announced = [False] * n if announced is None else list(announced)
        self.lose_turn = [False] * n if lose_turn is None else list(lose_turn)
        self.window = window
        self.phase = phase
        self.drawn = drawn
        self.winner = winner
        self.blocked = blocked
        self.scores = scores
        self.n = n
        self.events = [] if record else None
        self.shuffler = shuffler

    @staticmethod
    def from_state(s: RoundState, record: bool = False) -> Position:
        p = _blank()
        (
            p.rules, p.seed, p.shuffles, p.dealer, hands, draw_pile, discard, p.suit, p.turn,
            p.direction, p.crank, announced, lose_turn, p.window, p.phase, p.drawn, p.winner,
            p.blocked, p.scores,
        ) = s  # fmt: skip
        p.hands = [list(h) for h in hands]
        p.pile = draw_pile  # a tuple is never changed in place (see _draw)
        p.discard = list(discard)
        p.announced = list(announced)
        p.lose_turn = list(lose_turn)
        p.n = len(hands)
        p.events = [] if record else None
        p.shuffler = None
        return p

    def freeze(self) -> RoundState:
        """The position as an immutable ``RoundState``."""
        return _tuple_new(
            RoundState,
            (
                self.rules, self.seed, self.shuffles, self.dealer,
                tuple(map(tuple, self.hands)), tuple(self.pile),
                tuple(self.discard), self.suit, self.turn, self.direction, self.crank,
                tuple(self.announced), tuple(self.lose_turn), self.window, self.phase,
                self.drawn, self.winner, self.blocked, self.scores,
            ),
        )  # fmt: skip

    def copy(self) -> Position:
        """An independent copy that records no events (a search's branch)."""
        p = _blank()
        p.rules, p.seed, p.shuffles, p.dealer = self.rules, self.seed, self.shuffles, self.dealer
        p.hands = [list(h) for h in self.hands]
        p.pile = self.pile  # shared: replaced, never changed in place
        p.discard = self.discard[:]
        p.suit, p.turn, p.direction, p.crank = self.suit, self.turn, self.direction, self.crank
        p.announced = self.announced[:]
        p.lose_turn = self.lose_turn[:]
        p.window, p.phase, p.drawn = self.window, self.phase, self.drawn
        p.winner, p.blocked, p.scores = self.winner, self.blocked, self.scores
        p.n = self.n
        p.events = None
        p.shuffler = self.shuffler
        return p

    # ------------------------------------------------------------ questions

    @property
    def top(self) -> int:
        return self.discard[-1]

    def is_over(self) -> bool:
        return self.phase == OVER

    def can_draw(self) -> bool:
        """Whether a card can be drawn now (from the pile, or after a reshuffle)."""
        return bool(self.pile) or len(self.discard) > 1

    # The questions are ``legality``'s functions, so a RoundState can ask them too.
    def legal(self) -> tuple[Action, ...]:
        return legal_of(self)

    def can_announce(self, player: int) -> bool:
        return can_announce(self, player)

    def can_call(self, caller: int, target: int) -> bool:
        return can_call(self, caller, target)

    def callable_targets(self) -> tuple[int, ...]:
        return callable_targets(self)

    # ------------------------------------------------------------ actions (trusted legal)

    def step(self, action: Action) -> None:
        """Carry out ``action``, which must be legal now (``legal``, ``can_announce``...)."""
        if type(action) is Play:
            self.play(action.card, action.suit)
        elif type(action) is Draw:
            self.draw()
        elif type(action) is Pass:
            self.pass_turn()
        elif type(action) is ChooseSuit:
            self.choose_suit(action.suit)
        elif type(action) is Announce:
            self.announce(action.player)
        elif type(action) is Call:
            self.call(action.caller, action.target)
        else:
            raise TypeError(f"not an action: {action!r}")

    def play(self, card: int, suit: int | None = None) -> None:
        """The player to act plays ``card`` (an 8 or 9 naming ``suit``)."""
        self.window = None  # any turn action closes the catch window left open before it
        if self.phase == DRAWN:
            self.phase, self.drawn = PLAY, None
        p = self.turn
        hand = self.hands[p]
        hand.remove(card)
        self.discard.append(card)
        rank = RANK_OF[card]
        crank_before = self.crank
        if crank_before:
            self.crank = crank_before + (1 if rank == ACE else 2)
        elif rank == 2:
            self.crank = 2
        events = self.events
        if events is not None:
            events.append(ev.CardPlayed(p, card, self.crank))
            if rank == 2 and not crank_before:
                events.append(ev.CrankStarted(p, 2))
        if (rank == 8 or rank == 9) and suit is not None:
            self.suit = suit
        else:
            self.suit = SUIT_OF[card]
        if events is not None and (rank == 8 or rank == 9):
            events.append(ev.SuitChosen(p, self.suit, self.suit != SUIT_OF[card]))
        if len(hand) == 1:
            self.announced[p] = False
            if self.rules.announce_last_card:
                self.window = p
        if hand:
            self._resolve(p, rank)
            # Blocked only with nothing to draw: test that here, saving a call on most plays.
            if not self.pile and self.phase == PLAY:
                self._check_blocked()
        else:
            self._finish(p, rank)

    def draw(self) -> None:
        """The player to act draws a card, or takes a running crank's count."""
        self.window = None
        p = self.turn
        if self.crank:
            count, self.crank = self.crank, 0
            if self.events is not None:
                self.events.append(ev.CrankEnded(p, count))
            self._draw(p, count, "crank")
        else:
            drawn = self._draw(p, 1, "turn")
            if drawn and self.rules.play_drawn_card:
                card = drawn[0]
                if FOLLOWS[self.suit * 52 + self.discard[-1]][card]:
                    self.phase, self.drawn = DRAWN, card
                    return
        self._hand_turn((p + self.direction) % self.n)
        self._check_blocked()

    def pass_turn(self) -> None:
        """Keep the card just drawn and end the turn (variant ``play_drawn_card``)."""
        self.window = None
        p = self.turn
        self.phase, self.drawn = PLAY, None
        if self.events is not None:
            self.events.append(ev.Passed(p))
        self._hand_turn((p + self.direction) % self.n)
        self._check_blocked()

    def choose_suit(self, suit: int | None) -> None:
        """The dealer names the suit of a turned-up 8, or keeps or switches a turned-up 9."""
        self.window = None
        p = self.turn
        top = self.discard[-1]
        if suit is not None:
            self.suit = suit
        if self.events is not None:
            self.events.append(ev.SuitChosen(p, self.suit, self.suit != SUIT_OF[top]))
        self.phase = PLAY
        self._resolve(p, RANK_OF[top])
        if self.phase == PLAY:
            self._check_blocked()

    def announce(self, player: int) -> None:
        self.announced[player] = True
        if self.window == player:
            self.window = None
        if self.events is not None:
            self.events.append(ev.LastCardAnnounced(player))

    def call(self, caller: int, target: int) -> None:
        """``caller`` catches ``target``: the idiot draws the penalty and loses the next turn."""
        penalty = self.rules.idiot_penalty
        self.window = None
        self.lose_turn[target] = True
        if self.events is not None:
            self.events.append(ev.IdiotCalled(caller, target, penalty))
        self._draw(target, penalty, "idiot")
        if self.phase == PLAY:
            self._check_blocked()

    def start(self) -> None:
        """From the moment after the deal (turn = dealer), carry out the turned-up card."""
        dealer = self.dealer
        starter = self.discard[-1]
        rank = RANK_OF[starter]
        self.turn = dealer
        if not self.rules.starter_card_effects:
            self._hand_turn((dealer + self.direction) % self.n)
        elif rank == 8 or rank == 9:
            self.phase = CHOOSE_SUIT
        elif rank == 2:
            self.crank = 2
            if self.events is not None:
                self.events.append(ev.CrankStarted(dealer, 2))
            self._hand_turn((dealer + self.direction) % self.n)
        else:
            self._resolve(dealer, rank)
        if self.phase == PLAY:
            self._check_blocked()

    def settle(self) -> None:
        """Declare the round blocked if nothing can be drawn and no one can play (a given
        position may already be one)."""
        if self.phase == PLAY:
            self._check_blocked()

    def end_now(self) -> None:
        """Score the hands as they are, no one out (a rollout cut short)."""
        self._end_round(None)

    # ------------------------------------------------------------ mechanics

    def _reshuffle(self) -> bool:
        """Turn the discard pile, less its top card, into the draw pile; False if nothing to."""
        discard = self.discard
        if len(discard) <= 1:
            return False
        pile = discard[:-1]
        shuffle(self.shuffler or random.Random(f"{self.seed}:reshuffle:{self.shuffles}"), pile)
        self.shuffles += 1
        if self.events is not None:
            self.events.append(ev.PileReshuffled(len(pile)))
        self.pile = pile
        self.discard = discard[-1:]
        return True

    def _draw(self, p: int, count: int, reason: str) -> tuple[int, ...]:
        """``p`` draws up to ``count`` cards, reshuffling once when the pile runs out."""
        pile = self.pile
        # Slices, not deletions: the pile may still be the frozen state's tuple.
        if count <= len(pile):
            drawn = pile[:count]
            self.pile = pile[count:]
        else:
            drawn = list(pile)
            self.pile = []
            if self._reshuffle():
                pile = self.pile
                need = count - len(drawn)
                drawn += pile[:need]
                self.pile = pile[need:]
        hand = self.hands[p]
        hand += drawn
        if len(hand) != 1:
            # Holding more than one card cancels an announcement; no last card, nothing to catch.
            self.announced[p] = False
            if self.window == p:
                self.window = None
        drawn_cards = tuple(drawn)
        if self.events is not None:
            self.events.append(ev.CardsDrawn(p, drawn_cards, len(drawn_cards), reason))
        return drawn_cards

    def _hand_turn(self, p: int) -> None:
        """Give the turn to ``p``; an idiot's forfeit turn is used up here (RULES.md 9)."""
        lose = self.lose_turn
        while lose[p]:
            lose[p] = False
            if self.events is not None:
                self.events.append(ev.TurnLost(p))
            if self.crank:
                count, self.crank = self.crank, 0
                if self.events is not None:
                    self.events.append(ev.CrankEnded(p, count))
                self._draw(p, count, "crank")
            p = (p + self.direction) % self.n
        self.turn = p

    def _resolve(self, p: int, rank: int) -> None:
        """Carry out the ability of the card ``p`` just played (or the turned-up card)."""
        n, d = self.n, self.direction
        nxt = (p + d) % n
        if self.crank or rank in _NO_ABILITY:
            self._hand_turn(nxt)
        elif rank == 4:
            if self.events is not None:
                self.events.append(ev.PlayerSkipped(nxt, "four"))
            self._hand_turn((p + 2 * d) % n)
        elif rank == 5:
            q = nxt
            while q != p:
                self._draw(q, 1, "five")
                q = (q + d) % n
            self._hand_turn(nxt)
        elif rank == 6:
            self._hand_turn(p)
        elif rank == 7:
            self._draw(nxt, 1, "seven")
            if self.rules.seven_skips:
                if self.events is not None:
                    self.events.append(ev.PlayerSkipped(nxt, "seven"))
                self._hand_turn((p + 2 * d) % n)
            else:
                self._hand_turn(nxt)
        elif rank == 10:
            if n == 2:
                if self.rules.two_player_reverse == "skip":
                    if self.events is not None:
                        self.events.append(ev.PlayerSkipped(nxt, "ten"))
                    self._hand_turn(p)
                else:
                    self._hand_turn(nxt)
            else:
                self.direction = -d
                if self.events is not None:
                    self.events.append(ev.DirectionReversed(-d))
                self._hand_turn((p - d) % n)
        else:
            self._hand_turn(nxt)

    def _finish(self, p: int, rank: int) -> None:
        """``p`` went out: the last card still hits its targets, then the hands are scored."""
        n, d = self.n, self.direction
        nxt = (p + d) % n
        if self.crank:
            count, self.crank = self.crank, 0
            if self.events is not None:
                self.events.append(ev.CrankEnded(nxt, count))
            self._draw(nxt, count, "crank")
        elif rank == 7:
            self._draw(nxt, 1, "seven")
        elif rank == 5:
            q = nxt
            while q != p:
                self._draw(q, 1, "five")
                q = (q + d) % n
        self._end_round(p)

    def _end_round(self, winner: int | None) -> None:
        self.phase = OVER
        self.window = None
        self.winner = winner
        self.blocked = winner is None
        threes = self.rules.threes
        self.scores = tuple(
            0 if q == winner else score_hand(h, threes).total for q, h in enumerate(self.hands)
        )
        if self.events is not None:
            self.events.append(ev.RoundEnded(winner, winner is None, self.scores,
                                             tuple(tuple(h) for h in self.hands)))

    def _check_blocked(self) -> None:
        """End the round as blocked once nothing can be drawn and no player can play."""
        if self.crank or self.pile or len(self.discard) > 1:
            return
        ok = FOLLOWS[self.suit * 52 + self.discard[-1]]
        for hand in self.hands:
            for c in hand:
                if ok[c]:
                    return
        self._end_round(None)


def _made_by_init() -> Position:
    return Position(_NO_RULES, ((),), (), (0,))


_NO_RULES = Rules()
# A blank Position for ``copy`` and ``from_state`` to fill in. From source, skipping ``__init__``
# is cheaper; compiled (``craits.native``), a class cannot be made without it, and it is cheap.
_blank: Callable[[], Position] = (
    functools.partial(object.__new__, Position) if __file__.endswith(".py") else _made_by_init)
