"""Rule-of-thumb play for the easy and medium levels: score each legal action, take the best.

The terms, each weighted from config/ai.yaml (``heuristic``): shed the card's points (more
urgently when someone is close to going out); keep 8s (wild) and 3s (each cancels a card at
scoring) unless they are needed; leave a suit in force that the hand can follow, or one the next
player is known to lack; spend a 6 only with a follow-up; use 2, 4, 5, 7 and 10 on a player
about to go out; start a crank when the next player probably cannot answer it. ``plan`` is the
chance of thinking at all: otherwise any legal action is taken.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from math import comb

from craits.engine.actions import Action, ChooseSuit, Draw, Pass, Play
from craits.engine.cards import RANK_OF, SUIT_OF
from craits.engine.legality import playable
from craits.engine.scoring import CARD_POINTS
from craits.engine.view import SeatView

from .knowledge import RANK_MASK, Knowledge


@dataclass(frozen=True, slots=True)
class HeuristicWeights:
    plan: float = 1.0  # chance of choosing by these rules rather than at random
    noise: float = 2.0  # uniform noise added to every action's score
    shed: float = 1.0  # per point of the card played
    urgency: float = 1.0  # extra weight on points when an opponent has two cards or fewer
    keep_eight: float = 60.0  # cost of spending an 8 while holding other cards
    keep_three: float = 1.2  # cost of a 3, per point of the card it would cancel
    follow: float = 6.0  # per card left in hand that can follow the suit set
    void: float = 10.0  # setting a suit the next player is known to lack
    six: float = 25.0  # a 6 with a follow-up (a cost without one)
    attack: float = 12.0  # per threat level (two cards: 1, one card: 2) of the player hit
    crank: float = 12.0  # per card a started crank probably makes the next player take


def choose_heuristic(
    view: SeatView, know: Knowledge, rng: random.Random, w: HeuristicWeights
) -> Action:
    legal = view.legal
    if len(legal) == 1:
        return legal[0]
    if rng.random() >= w.plan:
        return rng.choice(legal)
    best, best_value = legal[0], float("-inf")
    for action in legal:
        value = score_action(view, know, action, w) + w.noise * rng.random()
        if value > best_value:
            best, best_value = action, value
    return best


def score_action(view: SeatView, know: Knowledge, action: Action, w: HeuristicWeights) -> float:
    """Higher is better."""
    if isinstance(action, Play):
        if view.crank:
            return _crank_answer(view, action.card, w)
        return _play_value(view, know, action, w)
    if isinstance(action, Draw):
        # Taking a crank's count, or drawing by choice (draw_when_able): both cost cards.
        return -15.0 * (view.crank or 1) - 10.0
    if isinstance(action, Pass):  # keep the drawn card rather than play it
        return 0.0
    if isinstance(action, ChooseSuit):
        suit = view.suit if action.suit is None else action.suit
        return _suit_value(view, know, list(view.hand), suit, w)
    return 0.0


def _threat(count: int) -> int:
    return max(0, 3 - count)


def _others(view: SeatView) -> list[int]:
    return [q for q in range(view.n_players) if q != view.seat]


def _crank_answer(view: SeatView, card: int, w: HeuristicWeights) -> float:
    nxt = (view.seat + view.direction) % view.n_players
    added = 1 if RANK_OF[card] == 1 else 2
    # Shed the points; a bigger count matters more against a player about to go out.
    return 100.0 + w.shed * CARD_POINTS[RANK_OF[card]] + w.attack * added * _threat(
        view.hand_counts[nxt]) / 2


def _play_value(view: SeatView, know: Knowledge, action: Play, w: HeuristicWeights) -> float:
    card = action.card
    rank = RANK_OF[card]
    rest = [c for c in view.hand if c != card]
    if not rest:
        return 1000.0  # going out
    n, me, d = view.n_players, view.seat, view.direction
    counts = view.hand_counts
    danger = min(counts[q] for q in _others(view)) <= 2
    points = CARD_POINTS[rank]
    value = w.shed * points * (1 + (w.urgency if danger else 0.0))
    if rank == 8:
        value -= w.keep_eight
    elif rank == 3:
        value -= w.keep_three * _three_worth(rest)
    suit = SUIT_OF[card] if action.suit is None else action.suit
    if rank == 6:
        follow_up = any(playable(c, suit, card) for c in rest)
        value += w.six if follow_up else -w.six
    else:
        value += _suit_value(view, know, rest, suit, w)
    nxt = (me + d) % n
    if rank in (4, 7):
        value += w.attack * _threat(counts[nxt])
    elif rank == 5:
        value += w.attack * sum(_threat(counts[q]) for q in _others(view)) / 2
    elif rank == 10 and n > 2:
        prev = (me - d) % n
        value += w.attack * (_threat(counts[nxt]) - _threat(counts[prev]))
    elif rank == 2:
        p_stuck = _p_no_crank_card(view, know, nxt)
        value += w.crank * 2 * p_stuck + w.attack * _threat(counts[nxt]) * p_stuck
    return value


def _three_worth(rest: list[int]) -> float:
    """What a 3 is worth at scoring: the highest card it would cancel, or 50 alone."""
    others = [CARD_POINTS[RANK_OF[c]] for c in rest if RANK_OF[c] != 3]
    return float(max(others)) if others else 50.0


def _suit_value(
    view: SeatView, know: Knowledge, hand: list[int], suit: int, w: HeuristicWeights
) -> float:
    """How good it is to leave ``suit`` in force: cards to follow with, a next player void."""
    follow = sum(1 for c in hand if SUIT_OF[c] == suit and RANK_OF[c] != 8)
    value = w.follow * follow
    nxt = (view.seat + view.direction) % view.n_players
    if know.lacks(nxt, suit):
        value += w.void * (1 + _threat(view.hand_counts[nxt]))
    return value


def _p_no_crank_card(view: SeatView, know: Knowledge, player: int) -> float:
    """Chance that ``player`` holds no Ace or 2, from the unseen cards and what is known."""
    crank_mask = RANK_MASK[1] | RANK_MASK[2]
    if know.excluded_for(player) & crank_mask == crank_mask:
        return 1.0
    seen = set(view.hand) | set(view.discard)
    unseen = 52 - len(seen)
    unseen_crank = sum(1 for c in range(52) if RANK_OF[c] <= 2 and c not in seen)
    k = view.hand_counts[player]
    if k > unseen:
        return 0.0
    return comb(unseen - unseen_crank, k) / comb(unseen, k)
