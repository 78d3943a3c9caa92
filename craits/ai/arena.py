"""Headless matches between computer levels, for the tournament command, benchmarks and tests.

A match is driven with the engine's match functions. Each decision's generator is seeded from
the match seed and the decision's index, so a match replays exactly. Last-card races: when a
play opens the catch window, the unannounced player's ``announce_delay`` and every other
player's ``call_delay`` are asked; the earliest wins if it comes before the next player acts
(``turn_seconds`` of virtual time), otherwise the window closes unused.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from craits.engine import (
    Announce,
    Call,
    Rules,
    apply_action,
    legal_actions,
    new_match,
    next_round,
    seat_view,
)
from craits.engine.events import Event, redact

from .bots import Bot, OracleBot

TURN_SECONDS = 0.8


@dataclass
class MatchRecord:
    seed: int
    levels: tuple[str, ...]  # by seat
    round_scores: list[tuple[int, ...]] = field(default_factory=list)
    totals: tuple[int, ...] = ()
    winners: tuple[int, ...] = ()
    think: list[list[float]] = field(default_factory=list)  # seconds, by seat; real choices only
    announced: list[int] = field(default_factory=list)  # by seat: windows closed by announcing
    caught: list[int] = field(default_factory=list)  # by seat: idiot calls suffered
    cut_short: list[int] = field(default_factory=list)  # by seat: searches the time cap stopped


def play_match(
    bots: Sequence[Bot],
    seed: int,
    rules: Rules | None = None,
    turn_seconds: float = TURN_SECONDS,
    max_actions: int = 200_000,
) -> MatchRecord:
    """Play a whole match between ``bots`` (one per seat) and record what happened."""
    n = len(bots)
    match, events = new_match(n, rules or Rules(), seed)
    record = MatchRecord(seed, tuple(b.level for b in bots), think=[[] for _ in range(n)],
                         announced=[0] * n, caught=[0] * n, cut_short=[0] * n)
    histories: list[list[Event]] = [[] for _ in range(n)]
    _share(histories, events)
    decision = 0
    for _ in range(max_actions):
        state = match.state
        if state.is_over():
            record.round_scores.append(state.scores)
            if match.is_over():
                record.totals, record.winners = match.totals, match.winners()
                return record
            match, events = next_round(match)
            histories = [[] for _ in range(n)]
            _share(histories, events)
            continue
        p = state.turn
        bot = bots[p]
        rng = random.Random(f"{seed}:decision:{decision}:{p}")
        decision += 1
        started = time.perf_counter()
        cut_before = getattr(bot, "searches_cut_short", 0)
        if isinstance(bot, OracleBot):
            action = bot.choose_full(state, rng)
            real = len(legal_actions(state)) > 1
        else:
            view = seat_view(state, p)
            action = bot.choose(view, histories[p], rng)
            real = len(view.legal) > 1
        if real:
            record.think[p].append(time.perf_counter() - started)
        record.cut_short[p] += getattr(bot, "searches_cut_short", 0) - cut_before
        match, events = apply_action(match, action)
        _share(histories, events)
        if match.state.window is not None:
            match = _race(match, bots, histories, record, seed, decision, turn_seconds)
    raise RuntimeError(f"match {seed} did not end within {max_actions} actions")


def _share(histories: list[list[Event]], events: Sequence[Event]) -> None:
    for seat, history in enumerate(histories):
        history.extend(redact(e, seat) for e in events)


def _race(match, bots, histories, record: MatchRecord, seed: int, decision: int,
          turn_seconds: float):
    """The catch window just opened: who, if anyone, announces or calls first."""
    state = match.state
    target = state.window
    offers: list[tuple[float, int, object]] = []
    for seat, bot in enumerate(bots):
        view = seat_view(state, seat)
        rng = random.Random(f"{seed}:react:{decision}:{seat}")
        if seat == target:
            delay = bot.announce_delay(view, histories[seat], rng) if view.can_announce else None
            action: object = Announce(seat)
        else:
            delay = bot.call_delay(view, histories[seat], rng) if view.can_call else None
            action = Call(seat, target)
        if delay is not None and delay < turn_seconds:
            offers.append((delay, seat, action))
    if not offers:
        return match
    _, seat, action = min(offers, key=lambda o: (o[0], o[1]))
    if isinstance(action, Announce):
        record.announced[seat] += 1
    else:
        record.caught[target] += 1
    match, events = apply_action(match, action)
    _share(histories, events)
    return match
