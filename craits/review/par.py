"""Par: what the expert would have scored in a seat, with that seat's cards, against the same
opponents: the one par of every game, a deal of the day's included (``craits.daily.keeper``).

The method, for a reviewed game, round by round (duplicate replays): the match is replayed as
it was played up to the deal of round k (so the totals and everyone's habits so far are the
game's), the reviewed seat is handed to the par level (the expert), every other seat keeps its
level, and the round is played out. The deal is the game's own: a round's cards come from the
match seed and the round's number only. Replay r draws every player's own randomness (a
search's samples, a reflex's timing) from ``seed:par:r``, so replays differ where a player's
randomness decides, and each depends on the record, the round, the replay number and the
levels only: the same par on every run, on any number of processes and whatever the load (no
search is cut short by a level's time cap here).

The par's player is the review's expert: the expert level as it plays, deciding with the
review's race (``thinking.REVIEW_RACE``), so the player a par measures you against is the one
whose choices the review shows beside yours; the race spends about a third fewer rollouts and
loses no measurable points a choice (``thinking``'s figures). The other seats play as they do at
the table.

A round's par is the mean of its replays' scores for the seat; the game's par is the sum of
its rounds', with the standard error of that sum (the rounds' replays are independent). The
errors come from one replay's spread pooled over the game's rounds and shrunk towards the
spread known from many rounds (``pooled_spread``): two replays that happen to agree do not make
a round's par exact, so no error reads 0.

A par is offered only when every other seat is a computer level this game knows: a person's
choices cannot be replayed against moves they never saw, and a level standing in for them would
be another table.

Pure: no files, no processes (the workbench, ``craits.work``, runs replays in the background).
"""

from __future__ import annotations

import dataclasses
import hashlib
import math
import random
import statistics
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from craits.ai import Bot, bot_for
from craits.config.levels import default_profiles
from craits.director import TURN_SECONDS, FixedPace, InlineRunner, MatchDirector
from craits.engine.notation import NEXT_ROUND, MatchRecord, SeatRecord
from craits.persistence.game_record import game_key
from craits.persistence.par_store import ParStore
from craits.session import Session

from .thinking import REVIEW_RACE

PAR_LEVEL = "expert"
# A round's replays. A full 4-player game's par at 4 takes about 115 CPU seconds: with the
# review of its 222 choices, shown from 2 replays at 49 s and at 4 by 73 s on two cores
# (benchmarks/review_speed.py --with-par). A game played here has it worked out as it goes
# (``while_playing``), ready at its end; kept once found.
PAR_REPLAYS = 4
# The race of the par's player (see the module's docstring).
PAR_RACE = REVIEW_RACE
# One replay's spread of a round's score, in points, before a game's own replays say more, and
# what it is worth (degrees of freedom: ``pooled_spread``). Pooled over 24 rounds of 4 replays
# (3 games of 8 rounds) it measured 36 with easy in the seat and 34 with medium, though 4 of
# the 24 rounds gave 4 equal replays; the expert, a steadier player, is taken a little lower.
PAR_SPREAD = 30.0
PAR_SPREAD_WEIGHT = 4
PAR_VERSION = 2  # up whenever the method changes: pars kept from before are dropped
NO_TIME_CAP = 120.0  # the most a level's file allows: a busy machine never cuts a search short
MAX_UPDATES = 100_000  # a round of computer players ends long before (a safety net)


def par_bot(level: str, race: tuple[int, float] | None = None) -> Bot:
    """The level as it plays, save the time cap: a par must not depend on the machine's load
    (the cap is a safety net at the table; here waiting longer is better than another par).
    ``race``: its search's race, if not the table's (the par's player has ``PAR_RACE``)."""
    profile = default_profiles()[level]
    search = dataclasses.replace(profile.search, time_cap=NO_TIME_CAP)
    return bot_for(dataclasses.replace(profile, search=search), race)


class ParSession(Session):
    """A session whose players' generators are drawn from the replay too, not the seed only:
    the same cards, other choices where a player's randomness decides."""

    replay_number = 0

    def decision_rng(self, seat: int) -> random.Random:
        return random.Random(f"{self.seed}:par:{self.replay_number}:decision:"
                             f"{len(self.records)}:{seat}")


# ---------------------------------------------------------------- the figures


def pooled_spread(rounds: Iterable[Sequence[int]]) -> float:
    """The standard deviation of one replay's score, pooled over ``rounds`` (each a round's
    replays) and shrunk towards ``PAR_SPREAD``, worth ``PAR_SPREAD_WEIGHT`` replays: a few
    replays that happen to agree (the seat's cards often leave one sensible line) say little
    about how far another replay could land, so an error is never 0 from equal replays."""
    squares, freedom = PAR_SPREAD_WEIGHT * PAR_SPREAD**2, float(PAR_SPREAD_WEIGHT)
    for scores in rounds:
        if len(scores) > 1:
            squares += (len(scores) - 1) * statistics.variance(scores)
            freedom += len(scores) - 1
    return float((squares / freedom) ** 0.5)


@dataclass(frozen=True, slots=True)
class RoundPar:
    """Round ``round`` (0-based): the seat's score in each replay, and what it scored itself."""

    round: int
    scores: tuple[int, ...]
    yours: int | None = None

    @property
    def value(self) -> float:
        return statistics.fmean(self.scores)

    @property
    def stderr(self) -> float:
        """The error of ``value`` from this round's replays alone (``GamePar.round_stderr``
        pools a game's rounds)."""
        return pooled_spread([self.scores]) / math.sqrt(len(self.scores))

    def to_json(self, stderr: float | None = None) -> dict[str, Any]:
        error = self.stderr if stderr is None else stderr
        return {"value": round(self.value, 1), "stderr": round(error, 1),
                "replays": len(self.scores), "yours": self.yours}


@dataclass(frozen=True, slots=True)
class GamePar:
    """The par of the rounds in ``rounds``: the sum of their pars."""

    level: str
    rounds: tuple[RoundPar, ...]

    @property
    def value(self) -> float:
        return sum(r.value for r in self.rounds)

    @property
    def spread(self) -> float:
        """One replay's standard deviation, pooled over the game's rounds (``pooled_spread``)."""
        return pooled_spread(r.scores for r in self.rounds)

    def round_stderr(self, round_par: RoundPar) -> float:
        """The error of one of its rounds' par, from the pooled spread."""
        return self.spread / math.sqrt(len(round_par.scores))

    @property
    def stderr(self) -> float:
        # Independent rounds: their variances add.
        spread = self.spread
        return float(sum(spread**2 / len(r.scores) for r in self.rounds) ** 0.5)

    @property
    def replays(self) -> int:
        """Replays a round (the fewest of any round)."""
        return min((len(r.scores) for r in self.rounds), default=0)

    @property
    def yours(self) -> int | None:
        """The seat's own points in the same rounds (None if a round is not finished)."""
        if any(r.yours is None for r in self.rounds):
            return None
        return sum(r.yours for r in self.rounds if r.yours is not None)

    def to_json(self) -> dict[str, Any]:
        return {"level": self.level, "value": round(self.value, 1),
                "stderr": round(self.stderr, 1), "replays": self.replays,
                "rounds": len(self.rounds), "yours": self.yours}


def game_par(level: str, found: Mapping[int, Mapping[int, int]], rounds: Iterable[int],
             replays: int, yours: Mapping[int, int | None] | None = None) -> GamePar | None:
    """The par of ``rounds`` from the replays ``found`` (round -> replay -> score), using
    replays 0 to ``replays - 1`` of each; None while any of them is missing."""
    if replays < 1:
        return None
    out = []
    for index in rounds:
        scores = found.get(index, {})
        if any(r not in scores for r in range(replays)):
            return None
        out.append(RoundPar(index, tuple(scores[r] for r in range(replays)),
                            (yours or {}).get(index)))
    return GamePar(level, tuple(out)) if out else None


def best_par(level: str, found: Mapping[int, Mapping[int, int]], rounds: Iterable[int],
             replays: int, yours: Mapping[int, int | None] | None = None,
             least: int = 2) -> GamePar | None:
    """The par from the most replays, up to ``replays``, that every round has (at least
    ``least``, the fewest that give a standard error): a par is shown while it is refined."""
    order = list(rounds)
    have = min((len(list(_prefix(found.get(i, {})))) for i in order), default=0)
    count = min(replays, have)
    return game_par(level, found, order, count, yours) if count >= least else None


def _prefix(scores: Mapping[int, int]) -> Iterable[int]:
    """Replays 0, 1, 2, ... as far as they are all there."""
    r = 0
    while r in scores:
        yield r
        r += 1


# ---------------------------------------------------------------- whether there is one


def par_blocker(kinds: Sequence[str], seat: int) -> str | None:
    """Why ``seat`` of a table of ``kinds`` gets no par ("human", "unknown"), or None."""
    profiles = default_profiles()
    others = [k for i, k in enumerate(kinds) if i != seat]
    if any(k == "human" for k in others):
        return "human"
    if any(k not in profiles for k in others):
        return "unknown"
    return None


def par_version(kinds: Sequence[str], seat: int, level: str = PAR_LEVEL) -> str:
    """Names what decides a par besides the game: the method and every player's level."""
    if par_blocker(kinds, seat) is not None:
        raise ValueError("a par needs every other seat to be a computer level")
    profiles = default_profiles()
    players = [level if i == seat else k for i, k in enumerate(kinds)]
    plays = [dataclasses.replace(profiles[k], description="") for k in players]
    text = repr((PAR_VERSION, NO_TIME_CAP, PAR_RACE, seat, plays))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


# ---------------------------------------------------------------- one replay


def round_starts(save: Mapping[str, Any]) -> list[int]:
    """For each round the game reached, how many entries of its action log come before its
    deal is seen (0 for the first; after the ``next_round`` entry for the others)."""
    return [0] + [i + 1 for i, entry in enumerate(save["actions"])
                  if isinstance(entry, dict) and NEXT_ROUND in entry]


def round_at_deal(save: Mapping[str, Any], seat: int, round_index: int, replay: int,
                  level: str = PAR_LEVEL) -> ParSession:
    """The match as played up to round ``round_index``'s deal, with ``level`` in ``seat``, the
    other seats at their own levels and replay ``replay``'s generators."""
    starts = round_starts(save)
    if not 0 <= round_index < len(starts):
        raise ValueError(f"the game has rounds 1 to {len(starts)}")
    kinds = [s["kind"] for s in save["seats"]]
    if par_blocker(kinds, seat) is not None:
        raise ValueError("a par needs every other seat to be a computer level")
    players = [level if i == seat else k for i, k in enumerate(kinds)]
    seats: list[SeatRecord] = [{"kind": k, "name": s["name"]}
                               for k, s in zip(players, save["seats"], strict=True)]
    bots = {i: par_bot(k, PAR_RACE if i == seat else None) for i, k in enumerate(players)}
    prefix: MatchRecord = {"seed": save["seed"], "rules": save["rules"], "seats": seats,
                           "actions": list(save["actions"][:starts[round_index]])}
    session = ParSession.replay(prefix, bots=bots)
    assert isinstance(session, ParSession)  # ``replay`` makes its own class
    session.replay_number = replay
    return session


def round_score(save: Mapping[str, Any], seat: int, round_index: int, replay: int,
                level: str = PAR_LEVEL) -> int:
    """``seat``'s score in round ``round_index`` when ``level`` plays it there, in replay
    ``replay`` (see the module's docstring)."""
    session = round_at_deal(save, seat, round_index, replay, level)
    director = MatchDirector(session, runner=InlineRunner(), pace=FixedPace(TURN_SECONDS))
    for _ in range(MAX_UPDATES):
        if session.match.state.is_over():
            scores = session.match.state.scores
            assert scores is not None  # set when a round ends
            return scores[seat]
        director.update(TURN_SECONDS)
    raise RuntimeError("the round did not end")


@dataclass(frozen=True)
class RoundScore:
    """A picklable job for the workbench: ``round_score`` of one game's seat and level, given
    a (round, replay) unit."""

    save: Mapping[str, Any]
    seat: int
    level: str = PAR_LEVEL

    def __call__(self, unit: tuple[int, int]) -> int:
        round_index, replay = unit
        return round_score(self.save, self.seat, round_index, replay, self.level)


def units(rounds: Iterable[int], replays: int,
          found: Mapping[int, Mapping[int, int]] | None = None) -> list[tuple[int, int]]:
    """The (round, replay) units still to play: every round's first replay, then every
    round's second, ... (a whole game's par is known as soon as it can be)."""
    found = found or {}
    order = list(rounds)
    return [(index, r) for r in range(replays) for index in order
            if r not in found.get(index, {})]


def kept_par(save: Mapping[str, Any], seat: int, scores: Sequence[Sequence[int]],
             store: ParStore, replays: int = PAR_REPLAYS,
             level: str = PAR_LEVEL, key: str | None = None) -> GamePar | None:
    """``seat``'s par for the finished rounds (``scores``: each one's scores) from the replays
    the store holds (``best_par``: two of every round at least); None otherwise (nothing is
    computed here). ``key``: the game's ``game_key`` when known (a long record's takes a
    tenth of a second)."""
    kinds = [s["kind"] for s in save["seats"]]
    if not scores or par_blocker(kinds, seat) is not None:
        return None
    found = store.load(key or game_key(save), par_version(kinds, seat, level))
    yours = {index: round_scores[seat] for index, round_scores in enumerate(scores)}
    return best_par(level, found, range(len(scores)), replays, yours)
