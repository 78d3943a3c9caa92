"""A learned reading of where the unseen cards are, for the searching levels' guesses.

For each opponent and each card the seat cannot see, a logistic model gives the chance that the
opponent holds it, from what the seat may know: the opponent's hand size and how many cards are
unseen, how many of the opponent's slots can still hold the card (``knowledge``'s certainties),
the hand-written reading of the opponent's choices (``knowledge._read_play`` and the suits
named, as one log weight), and features of the round so far (suits the opponent named, played
and drew on, ranks played, the suit and top card in force, how much of a suit is in sight and in
the seat's own hand). Its weights (``reader_weights``) were fitted on seeded self-play with the
true hands as labels (``tools/train_reader.py``). The chances become the guesses' weights per
card as odds (a card's chance in the opponent's hand against the draw pile), which
``determinize.Sampler`` draws from (for the review's reading of a searching seat, raised where
few of the opponent's slots may hold a card, which the model already counts). What is certain
stays certain there (a card no slot can hold is never dealt to it).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import cache
from math import exp, log

from craits.engine import events as ev
from craits.engine.cards import RANK_OF, SUIT_OF
from craits.engine.view import SeatView

from . import searching_reader_weights as searching_fit
from .knowledge import Knowledge, infer
from .reader_weights import FEATURES, VERSION, WEIGHTS

__all__ = ["FEATURES", "VERSION", "card_features", "feature_names", "read_hands"]

# Real-valued features first, then the one-hot groups: (name, size). The order is the model's.
REAL = ("bias", "base_log_odds", "slots_allowed", "soft_log_weight", "soft_small_hand")
GROUPS = (
    ("rank_by_hand", 13 * 5),  # the card's rank, by the opponent's hand size (1, 2, 3, 4-5, 6+)
    ("named_suit", 3),  # times the opponent named the card's suit with an 8 or a 9: 0, 1, 2+
    ("played_suit", 4),  # cards of the suit the opponent played this round: 0, 1, 2, 3+
    ("suit_in_force", 1),
    ("suit_left_by_them", 1),  # the suit in force after the opponent's last play
    ("suit_of_their_last", 1),  # the own suit of the card the opponent last played
    ("named_away", 1),  # the opponent's last 8 named another suit than the card's
    ("rank_played", 13),  # the opponent played a card of this rank this round, by rank
    ("rank_of_top", 1),
    ("drew_on_suit", 3),  # the opponent's turn draws while this suit was in force: 0, 1, 2+
    ("suit_in_sight", 4),  # cards of the suit the seat sees (hand, discards): 0-2, 3-5, 6-8, 9+
    ("passed_on_suit", 1),  # the opponent drew rather than played while this suit was in force
    ("left_by_them_by_hand", 5),  # the suit they last left in force, by their hand size
    ("left_by_them_just_now", 1),  # ... and theirs was the last card played
    ("times_left", 3),  # times the opponent left this suit in force this round: 1, 2, 3+
    ("played_suit_by_hand", 5),  # they played this suit this round, by their hand size
    ("own_suit", 4),  # cards of the suit in the seat's own hand: 0, 1, 2, 3+
    ("own_suit_in_force", 4),  # ... when it is the suit in force (a seat lacking it draws)
)
HAND_BUCKETS = (0, 0, 1, 2, 3, 3)
RULED_OUT = 1e-6  # hand size 0..5 -> bucket; 6 and more: 4


def feature_names() -> list[str]:
    """The model's inputs, in order."""
    names = list(REAL)
    for name, size in GROUPS:
        names.extend(f"{name}:{i}" for i in range(size))
    return names


_OFFSET: dict[str, int] = {}
_at = len(REAL)
for _name, _size in GROUPS:
    _OFFSET[_name] = _at
    _at += _size
N_FEATURES = _at


class _Round:
    """Per player: what their public actions this round were (one pass over the history)."""

    def __init__(self, n: int) -> None:
        self.played_suit = [[0] * 4 for _ in range(n)]
        self.played_rank = [[0] * 14 for _ in range(n)]
        self.drew_on = [[0] * 4 for _ in range(n)]
        self.left_suit = [-1] * n  # the suit in force after the player's last play
        self.last_suit = [-1] * n  # the own suit of the card the player last played
        self.named_last = [-1] * n  # the suit the player's last 8 named
        self.times_left = [[0] * 4 for _ in range(n)]  # times they left each suit in force
        self.last_player = -1  # who played the last card


def _read_round(view: SeatView, history: Sequence[ev.Event]) -> _Round:
    history = history[ev.round_start(history):]
    out = _Round(view.n_players)
    suit = -1
    last_player = -1
    last_card = -1
    for event in history:
        kind = type(event)
        if kind is ev.StarterTurned:
            suit = SUIT_OF[event.card]  # type: ignore[attr-defined]
            last_player = -1
        elif kind is ev.CardPlayed:
            p, card = event.player, event.card  # type: ignore[attr-defined]
            out.played_suit[p][SUIT_OF[card]] += 1
            out.played_rank[p][RANK_OF[card]] += 1
            out.last_suit[p] = SUIT_OF[card]
            suit = SUIT_OF[card]
            out.left_suit[p] = suit
            out.times_left[p][suit] += 1
            last_player, last_card = p, card
        elif kind is ev.SuitChosen:
            p = event.player  # type: ignore[attr-defined]
            if p == last_player and event.suit != suit:  # type: ignore[attr-defined]
                out.times_left[p][suit] -= 1  # the suit the card set was not the one left
                out.times_left[p][event.suit] += 1  # type: ignore[attr-defined]
            suit = event.suit  # type: ignore[attr-defined]
            out.left_suit[p] = suit
            if p == last_player and RANK_OF[last_card] == 8:
                out.named_last[p] = suit
        elif kind is ev.CardsDrawn and event.reason == "turn" and suit >= 0:  # type: ignore[attr-defined]
            out.drew_on[event.player][suit] += 1  # type: ignore[attr-defined]
    out.last_player = last_player
    return out


def card_features(view: SeatView, know: Knowledge, pool: Sequence[int],
                  history: Sequence[ev.Event]) -> dict[tuple[int, int], list[tuple[int, float]]]:
    """For each opponent and each unseen card one of their slots may hold: the model's inputs
    as (index, value) pairs, the others zero. ``know`` is ``infer`` with ``reading`` 1."""
    rnd = _read_round(view, history)
    n_pool = len(pool)
    top = view.top
    in_sight = [0] * 4
    for c in view.hand:
        in_sight[SUIT_OF[c]] += 1
    own = in_sight[:]
    for c in view.discard:
        in_sight[SUIT_OF[c]] += 1
    o = _OFFSET
    out: dict[tuple[int, int], list[tuple[int, float]]] = {}
    for p in range(view.n_players):
        if p == view.seat:
            continue
        slots = know.slots[p]
        k = len(slots)
        if not k:
            continue
        base = log((k + 0.5) / (n_pool - k + 0.5))
        hand_bucket = HAND_BUCKETS[k] if k < len(HAND_BUCKETS) else 4
        weights = know.weights[p] if p < len(know.weights) else []
        named = know.named[p]
        for c in pool:
            bit = 1 << c
            allowed = sum(1 for mask in slots if not mask & bit)
            if not allowed:
                continue
            soft = 0.0  # the mean over the slots of the hand-written reading's log weight
            for w in weights:
                if w is not None:
                    soft += log(max(w[c], 1e-9))
            soft = soft / len(weights) if weights else 0.0
            r, s = RANK_OF[c], SUIT_OF[c]
            row = [(0, 1.0), (1, base), (2, allowed / k), (3, soft),
                   (4, soft if k <= 2 else 0.0),
                   (o["rank_by_hand"] + (r - 1) * 5 + hand_bucket, 1.0),
                   (o["named_suit"] + min(named[s], 2), 1.0),
                   (o["played_suit"] + min(rnd.played_suit[p][s], 3), 1.0),
                   (o["drew_on_suit"] + min(rnd.drew_on[p][s], 2), 1.0),
                   (o["suit_in_sight"] + min(in_sight[s] // 3, 3), 1.0),
                   (o["own_suit"] + min(own[s], 3), 1.0)]
            if s == view.suit:
                row.append((o["suit_in_force"], 1.0))
                row.append((o["own_suit_in_force"] + min(own[s], 3), 1.0))
            if s == rnd.left_suit[p]:
                row.append((o["suit_left_by_them"], 1.0))
                row.append((o["left_by_them_by_hand"] + hand_bucket, 1.0))
                if rnd.last_player == p:
                    row.append((o["left_by_them_just_now"], 1.0))
            if rnd.times_left[p][s] > 0:
                row.append((o["times_left"] + min(rnd.times_left[p][s], 3) - 1, 1.0))
            if rnd.played_suit[p][s]:
                row.append((o["played_suit_by_hand"] + hand_bucket, 1.0))
            if s == rnd.last_suit[p]:
                row.append((o["suit_of_their_last"], 1.0))
            if rnd.named_last[p] >= 0 and rnd.named_last[p] != s:
                row.append((o["named_away"], 1.0))
            if rnd.played_rank[p][r]:
                row.append((o["rank_played"] + r - 1, 1.0))
            if r == RANK_OF[top]:
                row.append((o["rank_of_top"], 1.0))
            if rnd.drew_on[p][s]:
                row.append((o["passed_on_suit"], 1.0))
            out[(p, c)] = row
    return out


def read_hands(view: SeatView, history: Sequence[ev.Event], pool: Sequence[int],
               searching: Collection[int] = ()) -> Knowledge:
    """What ``view.seat`` knows of the others' hands, each slot weighted by the model: a card's
    weight is its odds of being in that opponent's hand rather than elsewhere. The hand-written
    reading enters per slot (what a choice says holds for the cards held then), the rest of
    the model per opponent. The opponents in ``searching`` are read by the weights fitted on
    the searching levels' own hands (``searching_reader_weights``: the review's reading of a
    hard or expert seat, whose odds are raised where few of its slots may hold a card), the
    others by the shipped ones, as the levels play by them."""
    shipped = _weights(FEATURES, WEIGHTS)
    fitted = _weights(searching_fit.FEATURES, searching_fit.WEIGHTS) if searching else shipped
    of = [fitted if p in searching else shipped for p in range(view.n_players)]
    know = infer(view, history, 1.0)
    rows = card_features(view, know, pool, history)
    base: dict[int, list[float]] = {}  # per opponent: each card's odds, less the reading
    for (p, c), row in rows.items():
        weights = of[p]
        odds = base.get(p)
        if odds is None:
            # A card no slot may hold keeps a weight above 0: the guesses drop the certainties
            # only for a history no deal fits, and must still deal every card then.
            odds = base[p] = [RULED_OUT] * 52
        z = 0.0
        for i, x in row:
            z += weights[i] * x
        soft = row[3][1]  # (3, the hand-written reading's mean log weight), as card_features
        z -= _reading_weight(weights, len(know.slots[p])) * soft
        if p in searching:
            # The guesses deal a card only to the slots that may hold it, and the model's
            # chance already counts how few they are (input 2): so many more odds a slot, or
            # the guesses count them twice (a suit the opponent drew on came 18 % too rarely).
            z -= log(row[2][1])
        odds[c] = exp(min(max(z, -12.0), 12.0))
    for p, odds in base.items():
        power = _reading_weight(of[p], len(know.slots[p]))
        slots = know.weights[p]
        for i, read in enumerate(slots):
            if read is None:
                slots[i] = odds
            else:
                slots[i] = [o * min(max(r, 1e-5), 1e5) ** power
                            for o, r in zip(odds, read, strict=True)]
    return know


def _reading_weight(weights: Sequence[float], hand: int) -> float:
    """The model's weight on the hand-written reading's log weight, for a hand this size."""
    return weights[3] + (weights[4] if hand <= 2 else 0.0)


_NAMES = tuple(feature_names())


@cache  # once per weights file: every search reads the hands
def _weights(features: tuple[str, ...], weights: tuple[float, ...]) -> tuple[float, ...]:
    """Fitted weights in the reader's order, an input they were not fitted to weighing 0 (the
    shipped weights predate the newest inputs, and the levels play by them as they were);
    refused if fitted to an input the reader no longer has."""
    unknown = sorted(set(features) - set(_NAMES))
    if unknown or len(weights) != len(features):
        raise ValueError(f"a reader's weights file does not fit the reader's inputs "
                         f"({', '.join(unknown[:3]) or 'its weights are not one per input'}): "
                         "retrain it (tools/train_reader.py)")
    by_name = dict(zip(features, weights, strict=True))
    return tuple(by_name.get(name, 0.0) for name in _NAMES)
