"""The Bot interface the session and the table call, and the bots built from a level profile.

Every decision gets a ``random.Random`` from the caller (seeded from the match seed and the
decision's index), so the same position and seed always give the same choice. Bots see only a
``SeatView`` and their redacted history; the oracle alone, for research, reads the full state
through ``OracleBot.choose_full``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Protocol, runtime_checkable

from craits.engine.actions import Action
from craits.engine.events import Event
from craits.engine.state import RoundState
from craits.engine.view import SeatView

from .heuristic import choose_heuristic
from .knowledge import infer
from .profiles import Profile, Reflex
from .search import OracleSearch, SearchBot


@runtime_checkable
class Bot(Protocol):
    level: str

    def choose(self, view: SeatView, history: Sequence[Event], rng: random.Random) -> Action:
        """A turn action, one of ``view.legal``; ``history``: the match's events as this seat
        saw them (this round's at least)."""
        ...

    def announce_delay(
        self, view: SeatView, history: Sequence[Event], rng: random.Random
    ) -> float | None:
        """Seconds until this seat announces its last card, or None when it forgets."""
        ...

    def call_delay(
        self, view: SeatView, history: Sequence[Event], rng: random.Random
    ) -> float | None:
        """Seconds until this seat calls ``view.can_call`` an idiot, or None."""
        ...


def reaction(reflex: Reflex, rng: random.Random) -> float | None:
    """Whether the reflex fires this time and, if so, after how many seconds."""
    if rng.random() >= reflex.rate:
        return None
    return rng.uniform(reflex.delay_min, reflex.delay_max)


class ProfileBot:
    """A computer player of one level: its turn policy and its reflexes come from ``profile``."""

    def __init__(self, profile: Profile, race: tuple[int, float] | None = None) -> None:
        """``race``: when an action leaves a search (default: the table's, ``search.search``)."""
        self.profile = profile
        self.level = profile.name
        self._search = SearchBot(profile.search) if profile.play == "search" else None
        if self._search is not None and race is not None:
            self._search.race = race

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.level}>"

    def choose(self, view: SeatView, history: Sequence[Event], rng: random.Random) -> Action:
        legal = view.legal
        if not legal:
            raise ValueError(f"seat {view.seat} has no turn action to choose now")
        if len(legal) == 1:
            return legal[0]
        play = self.profile.play
        if play == "random":
            return rng.choice(legal)
        if play == "heuristic":
            know = infer(view, history, counts=False)
            return choose_heuristic(view, know, rng, self.profile.heuristic)
        if self._search is not None:
            return self._search.choose_turn(view, history, rng)
        raise ValueError(f"level {self.level!r} cannot choose from a seat view (play: {play})")

    @property
    def race(self) -> tuple[int, float] | None:
        """When an action leaves this bot's search (None: it does not search)."""
        return self._search.race if self._search is not None else None

    @property
    def searches_cut_short(self) -> int:
        """How many of this bot's searches the time cap stopped early (0 without a search)."""
        return self._search.cut_short if self._search is not None else 0

    def announce_delay(
        self, view: SeatView, history: Sequence[Event], rng: random.Random
    ) -> float | None:
        if not view.can_announce:
            return None
        return reaction(self.profile.announce, rng)

    def call_delay(
        self, view: SeatView, history: Sequence[Event], rng: random.Random
    ) -> float | None:
        if not view.can_call:
            return None
        return reaction(self.profile.call, rng)


class OracleBot(ProfileBot):
    """Research only: searches the true position, hidden cards included. Never offered in play;
    ``choose`` refuses, the driver must call ``choose_full``."""

    reads_hidden_cards = True  # drivers hand it the full state (craits.session.BotJob)

    def __init__(self, profile: Profile) -> None:
        super().__init__(profile)
        self._oracle = OracleSearch(profile.search)

    def choose(self, view: SeatView, history: Sequence[Event], rng: random.Random) -> Action:
        raise TypeError("the oracle reads the full state: call choose_full(state, rng)")

    def choose_full(self, state: RoundState, rng: random.Random) -> Action:
        return self._oracle.choose_full(state, rng)
