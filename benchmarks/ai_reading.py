"""How well a searching level's guesses at the hidden cards match the truth (not a test; prints
figures).

Plays seeded matches between levels (medium against medium by default), keeps the real
choices of one seat, and for each asks the guesses (``infer`` and ``Sampler``, as the search
uses them) where every hidden card is. Two figures, averaged over choices: the share of the
opponents' hidden cards a guess places in the right hand, and the Brier score of where the
guesses put each unseen card (a proper score: unlike the share, it does not reward guessing
with more confidence than the evidence gives). The first line (``reading`` 0) uses only what is
certain; the others read the opponents' choices too (a number: the hand-written reading at that
strength; ``learned``: the trained model, ``craits.ai.reader``; either followed by ``+choices``:
its guesses weighed by how well the opponents' recorded plays fit them, ``craits.ai.plausible``,
at the temperature ``--choices`` from a pool of ``--worlds``), each compared with the first,
paired by match. Then the same figures by how many cards the round has shown so far (played
or turned up): the reading has more to go on later in a round.

    python benchmarks/ai_reading.py [--seats medium,medium] [--matches 40] [--seed 1]
        [--guesses 40] [--reading 0,1,learned,learned+choices] [--length short|full]
        [--choices 2] [--worlds 100]
"""

from __future__ import annotations

import argparse
import collections
import random
import statistics
import sys
from dataclasses import dataclass

from craits.ai.determinize import Sampler, unseen_cards
from craits.ai.knowledge import Knowledge, infer
from craits.ai.plausible import WeighedWorlds, read_by, recorded_plays
from craits.ai.reader import read_hands
from craits.config.levels import load_profiles, make_bot
from craits.director.director import Hooks
from craits.director.headless import play_headless
from craits.engine import Rules
from craits.engine.events import CardPlayed, Event, StarterTurned, round_start
from craits.engine.view import SeatView
from craits.seat import Seat
from craits.session import Session


@dataclass(frozen=True)
class Choice:
    """One real choice of the watched seat: what it saw, and where the hidden cards really were."""

    view: SeatView
    history: list[Event]
    hands: tuple[tuple[int, ...], ...]


class Watcher(Hooks):
    """Keeps every real choice of ``seat`` as the match goes on."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.choices: list[Choice] = []

    def changed(self, session: Session) -> None:
        if session.to_act() != self.seat:
            return
        view = session.view(self.seat)
        if len(view.legal) > 1:
            hands = tuple(tuple(h) for h in session.state.hands)
            self.choices.append(Choice(view, session.round_history(self.seat), hands))


def watch(levels: list[str], seed: int, rules: Rules) -> list[Choice]:
    """The real choices of seat 0 in one headless match."""
    profiles = load_profiles()
    bots = {i: make_bot(level, profiles) for i, level in enumerate(levels)}
    seats = [Seat(level, f"{level} {i + 1}") for i, level in enumerate(levels)]
    watcher = Watcher(0)
    play_headless(Session(seats, rules, seed, bot_factory=None, bots=bots), hooks=watcher)
    return watcher.choices


BUCKETS = ((0, 3), (4, 7), (8, 15), (16, 10**6))  # cards shown this round


def shown(choice: Choice) -> int:
    """Cards the round has shown so far: played, or turned up to start the discards."""
    history = choice.history[round_start(choice.history):]
    return sum(1 for e in history if isinstance(e, (CardPlayed, StarterTurned)))


def knowledge(choice: Choice, reading: str) -> Knowledge:
    """What the guesses draw from: a number is the hand-written reading's strength."""
    if reading == "learned":
        return read_hands(choice.view, choice.history, unseen_cards(choice.view))
    return infer(choice.view, choice.history, float(reading))


def scores(choice: Choice, reading: str | float, guesses: int, rng: random.Random,
           weighing: tuple[float, int] = (2.0, 100)) -> tuple[float, float]:
    """The share of the opponents' hidden cards a guess puts in the right hand, and the Brier
    score of where the guesses put each unseen card (an opponent's hand or the draw pile).
    ``weighing``: the temperature and pool of a reading ending in ``+choices``."""
    view = choice.view
    base, _, weigh = str(reading).partition("+")
    know = knowledge(choice, base)
    sampler = Sampler(view, know)
    source: Sampler | WeighedWorlds = sampler
    models = read_by((), view.n_players, weighing[0])
    plays = recorded_plays(choice.history, view.seat, view.n_players, models) if weigh else []
    if plays:
        source = WeighedWorlds(sampler, know, plays, weighing[1], models, rng)
    truth = {c: p for p, hand in enumerate(choice.hands) if p != view.seat for c in hand}
    where = [collections.Counter[int]() for _ in range(52)]  # card -> place -> guesses
    for _ in range(guesses):
        hands, _ = source.deal(rng)
        for p, hand in enumerate(hands):
            if p != view.seat:
                for c in hand:
                    where[c][p] += 1
    right = sum(where[c][p] for c, p in truth.items()) / guesses
    brier = 0.0
    k = guesses
    for c in sampler.pool:
        places = dict(where[c])
        places[-1] = k - sum(places.values())  # the draw pile
        real = truth.get(c, -1)
        for place, n in places.items():
            # n(n-1)/k(k-1) estimates the squared chance without the bias of a finite sample.
            brier += n * (n - 1) / (k * (k - 1)) - (2 * n / k if place == real else 0.0)
        brier += 1.0
    return (right / len(truth) if truth else 1.0), brier / len(sampler.pool)


def stderr(values: list[float]) -> float:
    """The standard error of the mean of ``values``."""
    return statistics.stdev(values) / len(values) ** 0.5 if len(values) > 1 else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seats", default="medium,medium", help="levels, seat 0 watched")
    parser.add_argument("--matches", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--guesses", type=int, default=40, help="guesses per choice")
    parser.add_argument("--reading", default="0,1,learned,learned+choices",
                        help="opponent_model values, or learned (the model), each may be "
                             "followed by +choices (the guesses weighed by the recorded plays)")
    parser.add_argument("--choices", type=float, default=2.0,
                        help="temperature of the plays' chances, in medium's points")
    parser.add_argument("--worlds", type=int, default=100, help="pool of weighed guesses")
    parser.add_argument("--length", choices=("short", "full"), default="short")
    args = parser.parse_args(argv)
    levels = args.seats.split(",")
    rules = Rules(game_length=args.length)
    matches = [watch(levels, args.seed + i, rules) for i in range(args.matches)]
    count = sum(map(len, matches))
    print(f"{args.matches} matches of {' vs '.join(levels)} ({args.length}), {count} choices, "
          f"{args.guesses} guesses each")
    print(f"{'reading':>16}{'placed right':>14}{'vs first':>18}{'Brier':>9}{'vs first':>20}")
    base: list[tuple[float, float]] | None = None
    by_shown: dict[str, dict[int, list[tuple[float, float]]]] = {}
    readings = args.reading.split(",")
    for reading in readings:
        per_match = []
        buckets = by_shown[reading] = collections.defaultdict(list)
        for i, choices in enumerate(matches):
            rng = random.Random(args.seed * 1000 + i)
            both = [scores(c, reading, args.guesses, rng, (args.choices, args.worlds))
                    for c in choices]
            per_match.append((statistics.fmean(b[0] for b in both),
                              statistics.fmean(b[1] for b in both)))
            for c, b in zip(choices, both, strict=True):
                n = shown(c)
                buckets[next(j for j, (lo, hi) in enumerate(BUCKETS) if lo <= n <= hi)].append(b)
        base = base or per_match
        cells = []
        for j, fmt in ((0, ".2%"), (1, ".4f")):
            now = [m[j] for m in per_match]
            gain = [a - b[j] for a, b in zip(now, base, strict=True)]
            cells.append(f"{statistics.fmean(now):>10{fmt}}")
            cells.append(f"{statistics.fmean(gain):>+10{fmt}} ± {stderr(gain):{fmt}}"
                         if per_match is not base else " " * 19)
        print(f"{reading:>16}{''.join(cells)}")
    print("± one standard error over matches (the differences are paired by match); "
          "Brier: lower is better")
    print("\nby cards shown this round: placed right / Brier (choices)")
    print(f"{'reading':>16}" + "".join(f"{f'{lo}-{hi}' if hi < 10**6 else f'{lo}+':>22}"
                                      for lo, hi in BUCKETS))
    for reading in readings:
        cells = []
        for j in range(len(BUCKETS)):
            got = by_shown[reading].get(j, [])
            cells.append(f"{statistics.fmean(b[0] for b in got):>8.1%} /"
                         f"{statistics.fmean(b[1] for b in got):.4f} ({len(got):>4})"
                         if got else f"{'-':>22}")
        print(f"{reading:>16}{''.join(cells)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
