"""Was it the cards or was it me? A round's result split into what was expected, what the
cards did (luck), what the seat's own choices did and what the other players' did, from what
the review already worked out (no search of its own).

The sign: everything is in points *in the seat's favour* against the opponents' average, so
good is positive, as a player reads it: the result is the mean of the others' scores minus the
seat's own (the game's points are bad to hold), a luck of +12 means the cards helped by 12, and
choices of −7 mean they cost 7. The review's search judges in the opposite sign (relative
points, lower is better: ``relative_score``); this module turns it round once, here.

The estimator, as backgammon programs split skill from luck. The seat's expected points at a
moment are the expert's estimate from that seat's own view and history (guesses at the hidden
cards, each played out):

- ``expected``, at the start of the round: the estimate before the seat saw its hand (with
  the starter card as turned), the ``before`` of the deal's ``Jump``.
- Luck is the sum of the chance events' jumps: the deal of the seat's hand and every card it
  drew, each valued by the estimate just after it against just before it, on the same
  guesses at everything else (``chance.value_chance``). A reshuffle shows no card: what it
  did is valued when its cards are drawn (a draw the reshuffle came in the middle of is not
  valued). A card is valued on guesses given it: the first guess that had it in the pile,
  moved to the top (``chance._drawn``), never by exchanging it out of an opponent's guessed
  hand. The guesses are the expert's own (its learned reader, ``judging.Worlds``), each seat
  read as its level plays (``thinking.read_as``): an easy player by its own rules of thumb
  and what is certain, as it sheds the 8s and 3s the learned reader, fitted on sensible
  hands, expects it to keep; a searching one by the reader's weights fitted on the searching
  levels' own tables, its guesses not counting twice how few of its slots may hold a card
  (``reader.read_hands``). The deal reads no one: nothing has been played yet. At tables of
  equal players (``benchmarks/figures.py --luck-games N --luck-iterations 200 --seed 3``, a
  round, 95 %): easy +0.6 ±1.4 (872 rounds), medium +0.5 ±1.7 (856), hard -1.9 ±1.7 (1,600;
  +0.4 ±2.1 at seed 2, 960), expert -0.2 ±2.2 (960). A hard player's draws still read a
  little unlucky at seed 3: the guesses put a card of the suit in force on top of the pile
  24.9 % of the time, and one is there 24.0 %.
- ``cost``, the seat's own choices: each verdict's cost (0 unless the move played trails the
  expert's beyond the estimate's noise), 0 or less.
- ``others``: the rest, what the other players' choices did to the seat (and what they
  showed of their hands): at a table of weaker players it is positive.

So ``result = expected + luck + cost + others`` exactly; ``shown`` rounds the parts for
printing and lets ``others`` take the rounding, so the printed numbers add up exactly too. A
review made before luck was valued (no jumps) has expected 0 and luck the whole rest, as
before. A game's split is the sum of its rounds'.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from craits.ai.choices import relative_score

from .analysis import ReviewLevel, RoundReview, review_level
from .cache import ReviewCache, game_key

DEAL_EXPECTED = 0.0  # the opponents' average: the expectation of a round with no deal valued


@dataclass(frozen=True, slots=True)
class Split:
    """A result in parts, in points in the seat's favour (higher is better): ``result =
    expected + luck + cost + others``. ``cost`` <= 0 is what the seat's own choices did to it
    (0: the expert's choices), ``luck`` what the cards dealt and drawn did, ``others`` what
    the other players' choices did."""

    expected: float
    luck: float
    cost: float
    result: float
    others: float = 0.0

    def __add__(self, other: Split) -> Split:
        return Split(self.expected + other.expected, self.luck + other.luck,
                     self.cost + other.cost, self.result + other.result,
                     self.others + other.others)

    def shown(self, digits: int = 0) -> Split:
        """Rounded for printing, ``others`` taking the rounding: the printed parts add up
        exactly. ``digits`` 0 gives whole numbers (ints in all but type)."""
        expected, luck, cost, result = (round(x, digits) for x in
                                        (self.expected, self.luck, self.cost, self.result))
        others = round(result - expected - luck - cost, digits)
        return Split(expected + 0.0, luck + 0.0, cost + 0.0, result + 0.0, others + 0.0)

    def as_dict(self, digits: int = 1) -> dict[str, float]:
        """The parts for the JSON, rounded to ``digits`` and adding up exactly."""
        s = self.shown(digits)
        return {"expected": s.expected, "luck": s.luck, "cost": s.cost, "others": s.others,
                "result": s.result}


ZERO = Split(0.0, 0.0, 0.0, 0.0)


def round_result(scores: Sequence[int], seat: int) -> float:
    """The seat's points in its favour for a round: the mean of the others' scores minus its
    own."""
    return -relative_score(scores, seat)


def round_split(review: RoundReview, scores: Sequence[int]) -> Split:
    """The split of one finished round, ``scores`` being every seat's score for it."""
    result = round_result(scores, review.seat)
    cost = -sum(v.cost for v in review.verdicts)
    if not review.jumps:  # the chances not valued: all but the choices is luck
        return Split(DEAL_EXPECTED, result - DEAL_EXPECTED - cost, cost, result)
    # The search's means are relative points (lower is better): turned round here.
    expected = -review.jumps[0].before
    luck = sum(jump.luck for jump in review.jumps)
    return Split(expected, luck, cost, result, result - expected - luck - cost)


def game_split(splits: Iterable[Split], digits: int | None = None) -> Split:
    """A game's split: the sum of its rounds' (of their ``shown(digits)`` parts when given, so
    the rounds printed add up to the game printed)."""
    total = ZERO
    for split in splits:
        total = total + (split if digits is None else split.shown(digits))
    return total if digits is None else total.shown(digits)


def game_total(save: Mapping[str, object], seat: int, scores: Sequence[Sequence[int]],
               cache: ReviewCache, level: ReviewLevel | None = None) -> Split | None:
    """``seat``'s whole game split, in whole points, when the review's cache holds every round
    of it; None otherwise (nothing is computed here: a review is a minute's work)."""
    if not scores:
        return None
    level = review_level() if level is None else level
    kept = cache.load(game_key(save), level)
    reviews = [kept.get((seat, index)) for index in range(len(scores))]
    if any(r is None for r in reviews):
        return None
    return game_split((round_split(r, s) for r, s in zip(reviews, scores, strict=True)
                       if r is not None), 0)
