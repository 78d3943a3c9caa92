"""The player's statistics, kept in ``stats.json``, and how finished rounds and games add to it.

Statistics are about the human seats at this computer. They are kept overall and per level of
opponent, the level being that of the strongest computer player at the table ("humans_only"
when there is none). With several human seats, a round or game counts as won when any of them
wins it, and every human seat's total is a sample for the scores. Scores: lower is better.
A session calls ``record_round`` after each round and ``record_game`` after the last, with
plain data (seat kinds, scores), notes them in ``counted`` (``craits.persistence.counted``),
then saves through ``StatisticsStore``: figures and note in one atomic write. Each hint a
player asks for is noted against its match (``note_hint``), so that games won without a
hint can be told apart.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path

from craits.config.schema import Integer, Nullable
from craits.paths import safe_child, user_home
from craits.persistence.counted import ByMatch, Counted, CountedField
from craits.persistence.fieldwise import Entries, Group, Spec, read_fields
from craits.persistence.files import whole
from craits.persistence.settings import GAME_LENGTHS, LEVELS
from craits.persistence.store import JsonStore

STATS_FORMAT = "craits-stats"
STATS_VERSION = 1
STATS_FILE = "stats.json"

MAX_HINT_MATCHES = 20  # matches whose hints are remembered (only the one in progress matters)
OVERALL = "overall"
HUMANS_ONLY = "humans_only"
BUCKETS = (OVERALL, *LEVELS, HUMANS_ONLY)
# Bounds of what a stored figure can be: far past any lifetime of play (a million games of
# 15 rounds is 15 million rounds), yet small enough that every sum, average and percentage
# of them is an ordinary number. A value outside is damage, set aside as any other.
MAX_COUNT = 10**9  # games, rounds, wins, hints, calls, a crank's count
MAX_SCORE = 10**6  # one game's total or one round's score, either sign
MAX_TOTAL = MAX_COUNT * MAX_SCORE  # the sum of the final totals of every game
MAX_MATCH_HINTS = 1_000_000  # hints and take-backs in one match


@dataclass
class Tally:
    played: int = 0
    won: int = 0


@dataclass
class ScoreRecord:
    """Final totals of finished games of one length: the best (lowest) and the average."""

    best: int | None = None
    total: int = 0
    count: int = 0

    @property
    def average(self) -> float | None:
        return self.total / self.count if self.count else None

    def add(self, score: int) -> None:
        self.best = score if self.best is None else min(self.best, score)
        self.total = max(-MAX_TOTAL, min(MAX_TOTAL, self.total + score))
        self.count = _more(self.count)


def _tallies() -> dict[str, Tally]:
    return {bucket: Tally() for bucket in BUCKETS}


def _score_records() -> dict[str, ScoreRecord]:
    return {length: ScoreRecord() for length in GAME_LENGTHS}


@dataclass
class Statistics:
    games: dict[str, Tally] = field(default_factory=_tallies)
    rounds: dict[str, Tally] = field(default_factory=_tallies)
    game_scores: dict[str, ScoreRecord] = field(default_factory=_score_records)
    best_round_score: int | None = None
    longest_crank: int = 0  # the highest crank count reached at the table
    idiots_caught_by_you: int = 0
    idiots_caught_of_you: int = 0  # times a human seat was caught without announcing
    hints_used: int = 0  # hints asked for at the table, in every game
    # Finished games in which no hint was asked for: played, and won, per level.
    games_without_hints: dict[str, Tally] = field(default_factory=_tallies)
    # Match id -> hints and moves taken back (both are help), newest last.
    hints_by_match: dict[str, int] = field(default_factory=dict)
    undos_used: int = 0  # moves taken back at the table, in every game
    # What is already counted, by match (stored with the figures, not one of them).
    counted: Counted = field(default_factory=Counted, compare=False, repr=False)

    def record_round(
        self,
        seats: Sequence[str],
        round_scores: Sequence[int],
        winner: int | None,
        longest_crank: int = 0,
        idiot_calls: Iterable[tuple[int, int]] = (),
    ) -> None:
        """Add one finished round. ``seats``: each seat's kind (``human`` or a level);
        ``winner``: the seat that went out, None for a blocked round; ``idiot_calls``:
        ``(caller, caught)`` seat pairs. A table without a human seat is not recorded."""
        humans = _human_seats(seats, round_scores)
        if winner is not None and not 0 <= winner < len(seats):
            raise ValueError(f"winner {winner} is not a seat of {len(seats)}")
        calls = [(caller, caught) for caller, caught in idiot_calls]
        for caller, caught in calls:
            if not (0 <= caller < len(seats) and 0 <= caught < len(seats)):
                raise ValueError(f"idiot call {caller} -> {caught} names no seat")
        if not humans:
            return
        _count(self.rounds, seats, won=winner in humans)
        best = min(round_scores[seat] for seat in humans)
        self.best_round_score = best if self.best_round_score is None else min(
            self.best_round_score, best)
        self.longest_crank = max(self.longest_crank, longest_crank)
        self.idiots_caught_by_you = _more(self.idiots_caught_by_you,
                                          sum(1 for caller, _ in calls if caller in humans))
        self.idiots_caught_of_you = _more(self.idiots_caught_of_you,
                                          sum(1 for _, caught in calls if caught in humans))

    def record_game(self, seats: Sequence[str], totals: Sequence[int],
                    length: str = "full", hints: int = 0) -> None:
        """Add one finished game from its final totals; equal lowest totals share the win.
        ``hints``: how many hints were asked for during the game."""
        humans = _human_seats(seats, totals)
        if length not in GAME_LENGTHS:
            raise ValueError(f"game length {length!r} is not one of {', '.join(GAME_LENGTHS)}")
        if not humans:
            return
        lowest = min(totals)
        won = any(totals[seat] == lowest for seat in humans)
        _count(self.games, seats, won=won)
        if hints <= 0:
            _count(self.games_without_hints, seats, won=won)
        for seat in humans:
            self.game_scores[length].add(totals[seat])

    def note_hint(self, match_id: str) -> None:
        """A hint was asked for in the match ``match_id``."""
        self.hints_used = _more(self.hints_used)
        count = self.hints_by_match.pop(match_id, 0)
        self.hints_by_match[match_id] = min(MAX_MATCH_HINTS, count + 1)
        while len(self.hints_by_match) > MAX_HINT_MATCHES:
            del self.hints_by_match[next(iter(self.hints_by_match))]

    def note_undo(self, match_id: str) -> None:
        """A move was taken back in the match ``match_id``: help counted as a hint is, so the
        game is not one won without help."""
        self.undos_used = _more(self.undos_used)
        hints = self.hints_used
        self.note_hint(match_id)
        self.hints_used = hints

    def hints_in(self, match_id: str) -> int:
        """Hints asked for and moves taken back so far in the match ``match_id``."""
        return self.hints_by_match.get(match_id, 0)

    def to_dict(self) -> dict[str, object]:
        """The figures as plain JSON values (what is counted is stored beside them: ``_stored``)."""
        figures = asdict(self)
        del figures["counted"]
        return figures

    @classmethod
    def from_dict(cls, data: object) -> tuple[Statistics, list[str]]:
        """Statistics from stored data; a bad field falls back alone, with a note."""
        values, problems = read_fields(data, _STATS_SPEC)
        stats = cls(**values)
        return stats, problems + _consistent(stats)


def opponent_bucket(seats: Sequence[str]) -> str | None:
    """The level of the strongest computer player, ``humans_only``, or None when the computer
    players are all of levels the game does not offer (``random``, a level of the player's own
    in ai.yaml): such games count only overall. A level's classic version (``hard-classic``)
    counts with its level."""
    kinds = [kind.removesuffix("-classic") for kind in seats]
    levels = [LEVELS.index(kind) for kind in kinds if kind in LEVELS]
    if levels:
        return LEVELS[max(levels)]
    return HUMANS_ONLY if all(kind == "human" for kind in seats) else None


def _human_seats(seats: Sequence[str], scores: Sequence[int]) -> set[int]:
    bad = [kind for kind in seats if not isinstance(kind, str) or not kind]
    if bad:
        raise ValueError(f"seat kind {bad[0]!r} is neither 'human' nor a level name")
    if len(scores) != len(seats):
        raise ValueError(f"{len(scores)} scores for {len(seats)} seats")
    return {seat for seat, kind in enumerate(seats) if kind == "human"}


def _count(tallies: dict[str, Tally], seats: Sequence[str], won: bool) -> None:
    for bucket in (OVERALL, opponent_bucket(seats)):
        if bucket is None:
            continue
        tallies[bucket].played = _more(tallies[bucket].played)
        tallies[bucket].won = _more(tallies[bucket].won, int(won))


def _more(count: int, by: int = 1) -> int:
    """``count`` grown by ``by``, held at ``MAX_COUNT``: what is written is read back."""
    return min(MAX_COUNT, count + by)


_COUNT, _SCORE = Integer(0, MAX_COUNT), Nullable(Integer(-MAX_SCORE, MAX_SCORE))


_TALLIES = Entries(BUCKETS, Group({"played": (_COUNT, lambda: 0), "won": (_COUNT, lambda: 0)},
                                  Tally))
_SCORE_RECORDS = Entries(GAME_LENGTHS, Group({
    "best": (_SCORE, lambda: None), "total": (Integer(-MAX_TOTAL, MAX_TOTAL), lambda: 0),
    "count": (_COUNT, lambda: 0)}, ScoreRecord))


def _consistent(stats: Statistics) -> list[str]:
    """Entries that contradict themselves fall back alone (a tally won more than played)."""
    notes = []
    groups = {"games": stats.games, "rounds": stats.rounds,
              "games_without_hints": stats.games_without_hints}
    for group, tallies in groups.items():
        for name, tally in tallies.items():
            if tally.won > tally.played:
                notes.append(f"{group}.{name}.won (won {tally.won} of {tally.played}; "
                             f"using 0)")
                tally.won = 0
    for name, tally in stats.games_without_hints.items():
        games = stats.games.get(name)
        if games is not None and tally.played > games.played:
            notes.append(f"games_without_hints.{name}.played (more than the games played; "
                         f"using 0)")
            tally.played = tally.won = 0
    return notes


_STATS_SPEC: Spec = {
    "games": (_TALLIES, _tallies),
    "rounds": (_TALLIES, _tallies),
    "game_scores": (_SCORE_RECORDS, _score_records),
    "best_round_score": (_SCORE, lambda: None),
    "longest_crank": (_COUNT, lambda: 0),
    "idiots_caught_by_you": (_COUNT, lambda: 0),
    "idiots_caught_of_you": (_COUNT, lambda: 0),
    "hints_used": (_COUNT, lambda: 0),
    "games_without_hints": (_TALLIES, _tallies),
    "hints_by_match": (ByMatch(lambda count: whole(count, 0, MAX_MATCH_HINTS),
                               MAX_HINT_MATCHES), dict),
    "undos_used": (_COUNT, lambda: 0),
    "counted": (CountedField(), Counted),
}


def _stored(stats: Statistics) -> dict[str, object]:
    """The figures and the record of what they count: one atomic write."""
    return {**stats.to_dict(), "counted": stats.counted.to_dict()}


class StatisticsStore(JsonStore[Statistics]):
    """``stats.json`` in the user home (or ``home``)."""

    def __init__(self, home: Path | None = None) -> None:
        super().__init__(safe_child(STATS_FILE, user_home() if home is None else home,
                                    link_allowed=True), STATS_FORMAT, STATS_VERSION,
                         read=Statistics.from_dict, write=_stored, default=Statistics)
