"""Was it the cards or was it me? A round's result split into what was expected, luck and what
the seat's own choices did, from the verdicts the review already made (no search of its own).

The sign: everything is in points *in the seat's favour* against the opponents' average, so
good is positive, as a player reads it: the result is the mean of the others' scores minus the
seat's own (the game's points are bad to hold), a luck of +12 means the cards helped by 12, and
choices of −7 mean they cost 7. The review's search judges in the opposite sign (relative
points, lower is better: ``relative_score``); this module turns it round once, here.

The estimator. The seat's expected points at a moment are the expert's estimate, from that
seat's own view and history, of its best line found then:

- ``expected`` (E0), at the deal, before the seat has seen a card: 0, the opponents' average
  (nothing tells the seats apart before the cards are seen). So the hand dealt is luck, as the
  draws are.
- At each own choice k the search gives ``played_k`` (the move played) and ``best_k``, the
  better of the played move and the expert's on the same guesses: the choice did
  ``best_k - played_k <= 0`` in the seat's favour (minus the verdict's cost).
- Luck is every change of the expected points not made by a choice: from E0 to ``best_1``
  (the deal and everything before the first choice), from ``played_k`` to ``best_k+1`` (draws,
  the others' moves, what was revealed), and from the last ``played`` to the actual result. A
  round without a choice is all luck.

By construction ``result = expected + luck + cost`` exactly (``cost``: the choices' part, 0 or
less); ``shown`` rounds the parts for printing and lets luck take the rounding, so the printed
numbers add up exactly too. A game's split is the sum of its rounds'.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from craits.ai.search import relative_score

from .analysis import ReviewLevel, RoundReview, review_level
from .cache import ReviewCache, game_key

DEAL_EXPECTED = 0.0  # the opponents' average: see above


@dataclass(frozen=True, slots=True)
class Split:
    """A result in parts, in points in the seat's favour (higher is better): ``result =
    expected + luck + cost``. ``cost`` <= 0 is what the seat's own choices did to it (0: the
    expert's choices); ``luck`` is everything else."""

    expected: float
    luck: float
    cost: float
    result: float

    def __add__(self, other: Split) -> Split:
        return Split(self.expected + other.expected, self.luck + other.luck,
                     self.cost + other.cost, self.result + other.result)

    def shown(self, digits: int = 0) -> Split:
        """Rounded for printing, luck taking the rounding: the printed parts add up exactly.
        ``digits`` 0 gives whole numbers (ints in all but type)."""
        expected, cost, result = (round(x, digits) for x in
                                  (self.expected, self.cost, self.result))
        luck = round(result - expected - cost, digits)
        return Split(expected + 0.0, luck + 0.0, cost + 0.0, result + 0.0)

    def as_dict(self, digits: int = 1) -> dict[str, float]:
        """The parts for the JSON, rounded to ``digits`` and adding up exactly."""
        s = self.shown(digits)
        return {"expected": s.expected, "luck": s.luck, "cost": s.cost, "result": s.result}


ZERO = Split(0.0, 0.0, 0.0, 0.0)


def round_result(scores: Sequence[int], seat: int) -> float:
    """The seat's points in its favour for a round: the mean of the others' scores minus its
    own."""
    return -relative_score(scores, seat)


def steps(review: RoundReview, result: float) -> list[tuple[str, float]]:
    """The round's changes of the seat's expected points in its favour, in order: ("luck", x)
    between its decision points, ("cost", x) at each own choice. They add up to ``result -
    expected``."""
    out: list[tuple[str, float]] = []
    before = DEAL_EXPECTED
    for verdict in review.verdicts:
        # The search's means are relative points (lower is better): turned round here.
        best = -(verdict.played_mean - verdict.cost)
        out.append(("luck", best - before))
        out.append(("cost", -verdict.cost))
        before = -verdict.played_mean
    out.append(("luck", result - before))
    return out


def round_split(review: RoundReview, scores: Sequence[int]) -> Split:
    """The split of one finished round, ``scores`` being every seat's score for it."""
    result = round_result(scores, review.seat)
    cost = -sum(v.cost for v in review.verdicts)
    # Luck is the rest, so the identity is exact (the sum of ``steps``' luck, to rounding).
    return Split(DEAL_EXPECTED, result - DEAL_EXPECTED - cost, cost, result)


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
