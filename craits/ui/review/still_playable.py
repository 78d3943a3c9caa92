"""Nothing the player can still play on is shown beyond that seat's view.

A review shows every hand face up, so before one opens, ``StillPlayable`` says from which
round a game's deals can still be played: the saved game and the previous game (Continue,
Continue the previous game) from their round in play on (the rounds finished before it
cannot be played again), and a deal of the day with no result yet from its first round (it
can be started again from its deal). Deals are told apart by the seed, which fixes them all.
``shown_part`` cuts a replay to the rounds that may be shown; the review says why the rest is
not there. A puzzle opens only at a choice its seat made (``puzzle_fits``).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from craits.daily.deal import SEED_BASE, deal_seed
from craits.persistence.game_record import read_save
from craits.persistence.saves import SaveStore
from craits.review import Replay
from craits.review.puzzles import Spot
from craits.session import Session

log = logging.getLogger(__name__)


class StillPlayable:
    """``saves``: the saved game's store (its previous game is found beside it); ``played``:
    the numbers of the deals of the day with a result (None: not known, as in a test's
    stand-in app)."""

    def __init__(self, saves: SaveStore,
                 played: Callable[[], Iterable[int] | None] = lambda: None) -> None:
        self.saves = saves
        self.played = played

    def withheld(self, replay: Replay) -> Withheld | None:
        """What of ``replay`` the player can still play (None: nothing)."""
        seed = replay.seed
        if seed >= SEED_BASE and not replay.session.match.is_over():
            played = self.played()
            if played is not None and not any(deal_seed(n) == seed for n in played):
                return Withheld(0, daily=True)  # it can be started again from its deal
        rounds = [r for r in (_round_in_play(store, seed)
                              for store in (self.saves, self.saves.previous())) if r is not None]
        first = min(rounds, default=len(replay.rounds))
        return Withheld(first, daily=False) if first < len(replay.rounds) else None


@dataclass(frozen=True)
class Withheld:
    """A replay's rounds from ``first`` on can still be played; ``daily``: it is a deal of the
    day with no result yet (all of it)."""

    first: int
    daily: bool = False


def _round_in_play(store: SaveStore, seed: int) -> int | None:
    """The round a saved game dealt from ``seed`` is in (the next one, between rounds);
    None when the store holds no such game, or one that is over."""
    data = store.peek()
    if data is None or data.get("seed") != seed:
        return None
    try:
        read = read_save(data)
        match = Session.replay(read.data, bots={}, entries=read.entries).match
    except Exception:  # a save that does not replay: nothing of it can be played either
        log.info("a saved game did not replay to tell its round", exc_info=True)
        return None
    if match.is_over():
        return None
    return match.round_index + (1 if match.state.is_over() else 0)


def shown_part(replay: Replay, withheld: Withheld) -> Replay:
    """``replay`` without the rounds ``withheld`` (at least its first round is kept)."""
    if withheld.first >= len(replay.rounds):
        return replay
    deal = replay.rounds[max(1, withheld.first)].steps[0].index  # the entry that dealt it
    assert deal is not None
    save = {key: replay.save[key] for key in ("seed", "rules", "seats")}
    return Replay({**save, "actions": list(replay.save["actions"][:deal])})


def puzzle_fits(replay: Replay, spot: Spot) -> bool:
    """Whether ``spot`` is a choice its seat made in ``replay`` (a puzzle file may name a seat
    the game does not have, or a step that is not a turn)."""
    if not (0 <= spot.seat < replay.n_players and 0 <= spot.number < len(replay.steps)):
        return False
    step = replay.steps[spot.number]
    return step.player == spot.seat and step.is_turn

