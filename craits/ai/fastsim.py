"""A mutable twin of the engine's round, for the thousands of rollouts a search plays.

The engine copies its state and records events on every action (about 25 µs a step); a rollout
needs neither, so ``Sim`` changes lists in place. It follows ``craits.engine.core`` rule for rule
(tests/test_ai_fastsim.py replays random games through both and compares every step), with one
simplification: last-card announcements and idiot calls are left out (everyone is assumed to
announce in time), while a forfeit turn already owed (``lose_turn``) is still honoured.

The draw pile is stored reversed (``pile[-1]`` is drawn next) so a draw is a ``list.pop()``.
"""

from __future__ import annotations

import random

from craits.engine.actions import (
    CHOOSE_SUITS,
    DRAW,
    KEEP_SUIT,
    PASS,
    PLAIN_PLAYS,
    SUITED_PLAYS,
    Action,
    ChooseSuit,
    Draw,
    Pass,
    Play,
)
from craits.engine.cards import ACE, PARTNER_SUIT, RANK_OF, SUIT_OF
from craits.engine.scoring import score_hand
from craits.engine.state import CHOOSE_SUIT, DRAWN, OVER, PLAY, RoundState

# Phases as small ints: compared in the hot loop.
S_PLAY, S_CHOOSE, S_DRAWN, S_OVER = 0, 1, 2, 3
_PHASE_IN = {PLAY: S_PLAY, CHOOSE_SUIT: S_CHOOSE, DRAWN: S_DRAWN, OVER: S_OVER}
_PHASE_OUT = {v: k for k, v in _PHASE_IN.items()}


class Sim:
    """One round in mutable form. Build with ``from_state``; ``copy`` is cheap. ``shuffler``
    (a ``random.Random``, default None) replaces the engine's seeded reshuffles."""

    __slots__ = (
        "hands", "pile", "discard", "suit", "turn", "direction", "crank", "lose", "phase",
        "drawn", "winner", "scores", "n", "seed", "shuffles", "rules",
        "optional_crank", "draw_when_able", "play_drawn", "seven_skips", "ten_skips", "threes",
        "shuffler",
    )  # fmt: skip

    def copy(self) -> Sim:
        s = _new(Sim)
        s.hands = [h[:] for h in self.hands]
        s.pile = self.pile[:]
        s.discard = self.discard[:]
        s.lose = self.lose[:]
        for name in _SCALARS:
            setattr(s, name, getattr(self, name))
        return s

    @property
    def top(self) -> int:
        return self.discard[-1]

    def is_over(self) -> bool:
        return self.phase == S_OVER


_new = object.__new__
_SCALARS = (
    "suit", "turn", "direction", "crank", "phase", "drawn", "winner", "scores", "n", "seed",
    "shuffles", "rules", "optional_crank", "draw_when_able", "play_drawn", "seven_skips",
    "ten_skips", "threes", "shuffler",
)  # fmt: skip


def from_state(state: RoundState, hands=None, draw_pile=None, seed: int | None = None) -> Sim:
    """A Sim of ``state``; ``hands``, ``draw_pile`` (engine order) and ``seed`` may replace the
    state's own (a determinized guess at the hidden cards)."""
    s = _new(Sim)
    rules = state.rules
    s.rules = rules
    s.hands = [list(h) for h in (state.hands if hands is None else hands)]
    pile = state.draw_pile if draw_pile is None else draw_pile
    s.pile = list(pile)[::-1]
    s.discard = list(state.discard)
    s.lose = list(state.lose_turn)
    s.suit, s.turn, s.direction, s.crank = state.suit, state.turn, state.direction, state.crank
    s.phase = _PHASE_IN[state.phase]
    s.drawn, s.winner, s.scores = state.drawn, state.winner, state.scores
    s.n = len(s.hands)
    s.seed = state.seed if seed is None else seed
    s.shuffles = state.shuffles
    s.optional_crank = rules.crank_optional
    s.draw_when_able = rules.draw_when_able
    s.play_drawn = rules.play_drawn_card
    s.seven_skips = rules.seven_skips
    s.ten_skips = rules.two_player_reverse == "skip"
    s.threes = rules.threes
    s.shuffler = None
    return s


def phase_name(s: Sim) -> str:
    return _PHASE_OUT[s.phase]


def draw_pile_of(s: Sim) -> tuple[int, ...]:
    """The draw pile in the engine's order (index 0 drawn next)."""
    return tuple(reversed(s.pile))


# ---------------------------------------------------------------- queries


def playable(s: Sim, card: int) -> bool:
    rank = RANK_OF[card]
    return rank == 8 or SUIT_OF[card] == s.suit or rank == RANK_OF[s.discard[-1]]


def legal(s: Sim) -> tuple[Action, ...]:
    """The same list, in the same order, as ``craits.engine.legal_actions``."""
    if s.phase == S_PLAY:
        hand = s.hands[s.turn]
        out: list = []
        if s.crank:
            out = [PLAIN_PLAYS[c] for c in hand if RANK_OF[c] <= 2]
            if not out or s.optional_crank:
                out.append(DRAW)
            return tuple(out)
        suit, top_rank = s.suit, RANK_OF[s.discard[-1]]
        for c in hand:
            rank = RANK_OF[c]
            if rank == 8:
                out.extend(SUITED_PLAYS[c])
            elif SUIT_OF[c] == suit or rank == top_rank:
                out.append(PLAIN_PLAYS[c])
                if rank == 9:
                    out.append(SUITED_PLAYS[c][PARTNER_SUIT[SUIT_OF[c]]])
        if not out or (s.draw_when_able and (s.pile or len(s.discard) > 1)):
            out.append(DRAW)
        return tuple(out)
    if s.phase == S_DRAWN:
        card = s.drawn
        rank = RANK_OF[card]
        if rank == 8:
            return (*SUITED_PLAYS[card], PASS)
        if rank == 9:
            return (PLAIN_PLAYS[card], SUITED_PLAYS[card][PARTNER_SUIT[SUIT_OF[card]]], PASS)
        return (PLAIN_PLAYS[card], PASS)
    if s.phase == S_CHOOSE:
        top = s.discard[-1]
        if RANK_OF[top] == 8:
            return CHOOSE_SUITS
        return (KEEP_SUIT, CHOOSE_SUITS[PARTNER_SUIT[SUIT_OF[top]]])
    return ()


def step(s: Sim, action: Action) -> None:
    """Carry out a turn action of the player to act (trusted to be legal)."""
    if isinstance(action, Play):
        play(s, action.card, action.suit)
    elif isinstance(action, Draw):
        draw_turn(s)
    elif isinstance(action, Pass):
        pass_turn(s)
    elif isinstance(action, ChooseSuit):
        choose_suit(s, action.suit)
    else:
        raise ValueError(f"not a turn action: {action!r}")


# ---------------------------------------------------------------- turn actions


def play(s: Sim, card: int, suit: int | None = None) -> None:
    p = s.turn
    if s.phase == S_DRAWN:
        s.phase, s.drawn = S_PLAY, None
    hand = s.hands[p]
    hand.remove(card)
    s.discard.append(card)
    rank = RANK_OF[card]
    s.suit = SUIT_OF[card] if suit is None else suit
    if s.crank:
        s.crank += 1 if rank == ACE else 2
    elif rank == 2:
        s.crank = 2
    if hand:
        _resolve(s, p, rank)
    else:
        _finish(s, p, rank)
    if s.phase == S_PLAY:
        _check_blocked(s)


def draw_turn(s: Sim) -> None:
    p = s.turn
    if s.crank:
        count, s.crank = s.crank, 0
        _draw(s, p, count)
        _hand_turn(s, (p + s.direction) % s.n)
    else:
        got = _draw(s, p, 1)
        if got >= 0 and s.play_drawn and playable(s, got):
            s.phase, s.drawn = S_DRAWN, got
            return
        _hand_turn(s, (p + s.direction) % s.n)
    if s.phase == S_PLAY:
        _check_blocked(s)


def pass_turn(s: Sim) -> None:
    s.phase, s.drawn = S_PLAY, None
    _hand_turn(s, (s.turn + s.direction) % s.n)
    _check_blocked(s)


def choose_suit(s: Sim, suit: int | None) -> None:
    if suit is not None:
        s.suit = suit
    s.phase = S_PLAY
    _resolve(s, s.turn, RANK_OF[s.discard[-1]])
    if s.phase == S_PLAY:
        _check_blocked(s)


# ---------------------------------------------------------------- mechanics


def _reshuffle(s: Sim) -> bool:
    if len(s.discard) <= 1:
        return False
    pile = s.discard[:-1]
    if s.shuffler is not None:  # a rollout's own generator: cheaper, as random
        s.shuffler.shuffle(pile)
    else:  # exactly as the engine does
        random.Random(f"{s.seed}:reshuffle:{s.shuffles}").shuffle(pile)
    s.shuffles += 1
    pile.reverse()
    s.pile = pile
    s.discard = s.discard[-1:]
    return True


def _draw(s: Sim, p: int, count: int) -> int:
    """``p`` draws up to ``count`` cards; returns the last card drawn, or -1 if none."""
    hand = s.hands[p]
    last = -1
    for _ in range(count):
        if not s.pile and not _reshuffle(s):
            break
        last = s.pile.pop()
        hand.append(last)
    return last


def _hand_turn(s: Sim, p: int) -> None:
    lose = s.lose
    while lose[p]:
        lose[p] = False
        if s.crank:
            count, s.crank = s.crank, 0
            _draw(s, p, count)
        p = (p + s.direction) % s.n
    s.turn = p


def _resolve(s: Sim, p: int, rank: int) -> None:
    n, d = s.n, s.direction
    nxt = (p + d) % n
    if s.crank:
        _hand_turn(s, nxt)
    elif rank == 4:
        _hand_turn(s, (p + 2 * d) % n)
    elif rank == 5:
        q = nxt
        while q != p:
            _draw(s, q, 1)
            q = (q + d) % n
        _hand_turn(s, nxt)
    elif rank == 6:
        _hand_turn(s, p)
    elif rank == 7:
        _draw(s, nxt, 1)
        _hand_turn(s, (p + 2 * d) % n if s.seven_skips else nxt)
    elif rank == 10:
        if n == 2:
            _hand_turn(s, p if s.ten_skips else nxt)
        else:
            s.direction = -d
            _hand_turn(s, (p - d) % n)
    else:
        _hand_turn(s, nxt)


def _finish(s: Sim, p: int, rank: int) -> None:
    n, d = s.n, s.direction
    nxt = (p + d) % n
    if s.crank:
        count, s.crank = s.crank, 0
        _draw(s, nxt, count)
    elif rank == 7:
        _draw(s, nxt, 1)
    elif rank == 5:
        q = nxt
        while q != p:
            _draw(s, q, 1)
            q = (q + d) % n
    _end(s, p)


def _end(s: Sim, winner: int | None) -> None:
    s.phase = S_OVER
    s.winner = winner
    threes = s.threes
    s.scores = tuple(
        0 if q == winner else score_hand(h, threes).total for q, h in enumerate(s.hands)
    )


def _check_blocked(s: Sim) -> None:
    if s.crank or s.pile or len(s.discard) > 1:
        return
    suit, top_rank = s.suit, RANK_OF[s.discard[-1]]
    for hand in s.hands:
        for c in hand:
            rank = RANK_OF[c]
            if rank == 8 or SUIT_OF[c] == suit or rank == top_rank:
                return
    _end(s, None)


def end_now(s: Sim) -> None:
    """Score the hands as they are (a rollout cut short); no one went out."""
    _end(s, None)
