"""Soak: many whole computer-only matches on the match director, as the app plays them (not a test).

Each match is played by real bots with the session's clock (announcements and idiot calls
race as in the app); after every round the position is saved through the SaveStore (atomic
JSON) and the round goes into the statistics, which are saved too; at the end the save is
replayed and must give the same final position. Memory is traced between matches: the
growth per match is the slope of what is still allocated after each one (warm-up excluded).

    python benchmarks/soak.py [--matches 40] [--seats medium,medium,easy,easy] [--length full]
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import json
import resource
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from craits.config.levels import make_bot
from craits.director import TURN_SECONDS, FixedPace, MatchDirector
from craits.engine import Rules
from craits.persistence import SaveStore, Statistics, StatisticsStore
from craits.persistence.autosave import Autosaver
from craits.persistence.keeping import MatchKeeper
from craits.session import Seat, Session


@dataclass
class SoakResult:
    matches: int = 0
    rounds: int = 0
    actions: int = 0
    seconds: float = 0.0
    longest_match: int = 0  # actions
    after_match: list[int] = field(default_factory=list)  # bytes still traced after each
    peak_bytes: int = 0
    max_rss_kib: int = 0

    def growth_per_match(self, warm_up: int = 2) -> float:
        """Least-squares slope, in bytes per match, of the memory left after each match."""
        ys = self.after_match[warm_up:]
        if len(ys) < 2:
            return 0.0
        n = len(ys)
        mean_x, mean_y = (n - 1) / 2, sum(ys) / n
        num = sum((x - mean_x) * (y - mean_y) for x, y in enumerate(ys))
        den = sum((x - mean_x) ** 2 for x in range(n))
        return num / den

    def summary(self) -> dict:
        return {
            "matches": self.matches,
            "rounds": self.rounds,
            "actions": self.actions,
            "seconds": round(self.seconds, 2),
            "matches_per_second": round(self.matches / self.seconds, 3) if self.seconds else 0,
            "actions_per_second": round(self.actions / self.seconds) if self.seconds else 0,
            "longest_match_actions": self.longest_match,
            "peak_traced_kib": round(self.peak_bytes / 1024),
            "max_rss_kib": self.max_rss_kib,
            "growth_per_match_bytes": round(self.growth_per_match()),
        }


def play_match(seats: list[Seat], rules: Rules, seed: int, home: Path) -> Session:
    """One match on the match director, kept by the app's own ``MatchKeeper`` (the save
    after every change, each round and the game in the statistics once). The first seat is a
    human's as far as keeping goes (so the match is saved and counted as the app would),
    played by its level as a stand-in."""
    saves, stats_store = SaveStore(home), StatisticsStore(home)
    statistics = Statistics()

    def save_statistics() -> bool:
        stats_store.save(statistics)
        return True

    keeper = MatchKeeper(saves, Autosaver(saves, threaded=False), lambda: statistics,
                         save_statistics)
    stand_in = make_bot(seats[0].kind)
    kept = [Seat("human", seats[0].name), *seats[1:]]
    bots = {i: (stand_in if i == 0 else make_bot(s.kind)) for i, s in enumerate(seats)}
    session = Session(kept, rules, seed, bots=bots)
    keeper.begin(session)
    director = MatchDirector(session, pace=FixedPace(TURN_SECONDS), hooks=keeper)
    director.run()
    if not statistics.counted.game(session.match_id):
        raise RuntimeError(f"match {seed}: the game was not counted")
    return session


def _check_replay(session: Session, home: Path) -> None:
    """The save written after the last round replays to the same record (or was cleared)."""
    saves = SaveStore(home)
    data, problem = saves.load()
    if problem is not None:
        raise RuntimeError(f"the save could not be read back: {problem}")
    if data is not None:
        replayed = Session.from_save(data)
        if replayed.records != data["actions"]:
            raise RuntimeError("the save does not replay")
    saves.clear()


def soak(seats: list[Seat], rules: Rules, matches: int, seed: int = 0,
         home: Path | None = None,
         keep: Callable[[Session], None] | None = None, trace: bool = True) -> SoakResult:
    """Play ``matches`` matches, tracing memory (unless ``trace`` is false: full speed);
    ``keep`` sees every finished session (a test plants a leak with it)."""
    result = SoakResult()
    with tempfile.TemporaryDirectory(prefix="craits-soak-") as scratch:
        folder = Path(scratch) if home is None else home
        started = time.perf_counter()
        if trace:
            tracemalloc.start()
        try:
            for index in range(matches):
                session = play_match(seats, rules, seed + index, folder)
                _check_replay(session, folder)
                if not session.match.is_over():
                    raise RuntimeError(f"match {seed + index} did not end")
                result.matches += 1
                result.rounds += len(session.match.history)
                result.actions += len(session.records)
                result.longest_match = max(result.longest_match, len(session.records))
                if keep is not None:
                    keep(session)
                del session
                gc.collect()
                if trace:
                    result.after_match.append(tracemalloc.get_traced_memory()[0])
            if trace:
                result.peak_bytes = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        result.seconds = time.perf_counter() - started
    result.max_rss_kib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return result


def parse_seats(text: str) -> list[Seat]:
    levels = [part.strip() for part in text.split(",") if part.strip()]
    if not 2 <= len(levels) <= 5:
        raise SystemExit("--seats needs 2 to 5 computer levels")
    return [Seat(level, f"{level} {i + 1}") for i, level in enumerate(levels)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--seats", default="medium,medium,easy,easy",
                        help="computer levels by seat (hard and expert search: much slower)")
    parser.add_argument("--length", choices=("full", "short"), default="full")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--no-trace", action="store_true",
                        help="full speed: no memory tracing (only the process's peak size)")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args()
    rules = dataclasses.replace(Rules(), game_length=args.length)
    result = soak(parse_seats(args.seats), rules, args.matches, args.seed,
                  trace=not args.no_trace)
    summary = {"seats": args.seats, "length": args.length, **result.summary()}
    if args.json:
        print(json.dumps(summary))
        return
    for key, value in summary.items():
        print(f"{key:>24}: {value}")


if __name__ == "__main__":
    main()
