"""What the searches compare: which actions are different choices, and what a round's end is
worth to a seat."""

from __future__ import annotations

from collections.abc import Sequence

from craits.engine.actions import Action, Play
from craits.engine.cards import RANK_OF


def relative_score(scores: Sequence[int], me: int) -> float:
    """Own round score minus the mean of the others' (lower is better)."""
    total = sum(scores)
    mine = scores[me]
    return mine - (total - mine) / (len(scores) - 1)


def choice_key(action: Action) -> object:
    """What tells choices apart: two 8s naming the same suit are one choice (an 8 is wild
    whatever its own suit, and both score 50); any other action is its own."""
    if type(action) is Play and RANK_OF[action.card] == 8:
        return ("8", action.suit)
    return action


def distinct_actions(actions: Sequence[Action]) -> list[Action]:
    """The actions that are different choices (``choice_key``), the first of each kept."""
    seen: set[object] = set()
    out = []
    for a in actions:
        key = choice_key(a)
        if key not in seen:
            seen.add(key)
            out.append(a)
    return out
