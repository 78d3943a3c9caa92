"""Reading who gets caught as an idiot: from the match's history, into the search's rollouts."""

from __future__ import annotations

import random

import pytest

from craits.ai.knowledge import infer
from craits.ai.reflexes import PRIOR_WEIGHT, catch_chances
from craits.ai.rollout import RolloutPolicy
from craits.config.levels import make_bot
from craits.director import play_headless
from craits.engine import Position, Rules, new_round
from craits.engine import events as ev
from craits.engine.events import CardPlayed, IdiotCalled, RoundStarted
from craits.session import Seat, Session


def _deal(hand_size: int = 3, n: int = 3) -> list[ev.Event]:
    return [RoundStarted(0, 0, hand_size)] + [
        ev.CardsDealt(p, None, hand_size) for p in range(n)]


def test_each_player_is_read_from_their_own_windows_and_the_expectation() -> None:
    history = _deal()
    history += [CardPlayed(1, 5, 0), CardPlayed(1, 6, 0), IdiotCalled(0, 1, 2),  # 1 caught
                CardPlayed(2, 7, 0), CardPlayed(2, 8, 0), ev.LastCardAnnounced(2),  # 2 safe
                CardPlayed(0, 9, 0)]
    chances = catch_chances(history, 0, 3, 0.5)
    assert chances == pytest.approx([0.0, (0.5 * PRIOR_WEIGHT + 1) / (PRIOR_WEIGHT + 1),
                                     0.5 * PRIOR_WEIGHT / (PRIOR_WEIGHT + 1)])


def test_habits_carry_over_from_round_to_round_and_an_open_window_is_not_judged() -> None:
    one_round = _deal() + [CardPlayed(1, 5, 0), CardPlayed(1, 6, 0), IdiotCalled(0, 1, 2)]
    two_rounds = one_round + _deal() + [CardPlayed(1, 5, 0), CardPlayed(1, 6, 0),
                                        IdiotCalled(2, 1, 2)]
    assert catch_chances(two_rounds, 0, 3, 0.5)[1] == pytest.approx(  # type: ignore[index]
        (0.5 * PRIOR_WEIGHT + 2) / (PRIOR_WEIGHT + 2))
    # Player 1 just reached one card and nobody has acted since: not yet caught, nor safe.
    still_open = one_round + _deal() + [CardPlayed(1, 5, 0), CardPlayed(1, 6, 0)]
    assert catch_chances(still_open, 0, 3, 0.5) == catch_chances(one_round, 0, 3, 0.5)
    # A window nobody called, closed by the next player's turn, counts as not caught.
    missed = still_open + [ev.CardsDrawn(2, None, 1, "turn")]
    assert catch_chances(missed, 0, 3, 0.5)[1] == pytest.approx(  # type: ignore[index]
        (0.5 * PRIOR_WEIGHT + 1) / (PRIOR_WEIGHT + 2))


def test_an_expectation_of_zero_turns_the_model_off() -> None:
    assert catch_chances(_deal(), 0, 3, 0.0) is None


class _RecordingBot:
    """Plays as medium, with fixed reflexes, and keeps the last history it was given."""

    level = "recording"

    def __init__(self, announce: float | None, call: float | None) -> None:
        self.announce, self.call = announce, call
        self.history: list[ev.Event] = []
        self.medium = make_bot("medium")

    def choose(self, view, history, rng):  # type: ignore[no-untyped-def]
        self.history = list(history)
        return self.medium.choose(view, history, rng)

    def announce_delay(self, view, history, rng):  # type: ignore[no-untyped-def]
        return self.announce

    def call_delay(self, view, history, rng):  # type: ignore[no-untyped-def]
        return self.call


@pytest.mark.parametrize(("announce", "caught"), [(None, True), (0.05, False)])
def test_a_real_match_teaches_who_forgets(announce: float | None, caught: bool) -> None:
    # Seat 0 always announces (a player who never does can never go out); seat 1 as given.
    bots = {0: _RecordingBot(0.05, 0.2), 1: _RecordingBot(announce, 0.2)}
    session = Session([Seat("easy", "A"), Seat("easy", "B")], Rules(game_length="short"),
                      seed=3, bots=bots)  # type: ignore[dict-item]
    play_headless(session)
    history = bots[0].history
    # The whole match, not only the last round: earlier rounds' ends are in it.
    assert sum(isinstance(e, ev.RoundEnded) for e in history) >= 2
    knowledge = infer(session.view(0), history)
    assert knowledge == infer(session.view(0), history[_last_round_start(history):])
    calls = sum(isinstance(e, IdiotCalled) and e.target == 1 for e in history)
    announced = sum(isinstance(e, ev.LastCardAnnounced) and e.player == 1 for e in history)
    assert (calls > 0) is caught and (announced > 0) is not caught
    chances = catch_chances(history, 0, 2, 0.5)
    assert chances is not None and chances[0] == 0.0
    seen = calls + announced  # every window closed one way or the other here
    expected = (0.5 * PRIOR_WEIGHT + calls) / (PRIOR_WEIGHT + seen)
    assert chances[1] == pytest.approx(expected)
    assert (chances[1] > 0.5) is caught


def _last_round_start(history: list[ev.Event]) -> int:
    return max(i for i, e in enumerate(history) if isinstance(e, RoundStarted))


@pytest.mark.parametrize("seed", range(6))
def test_rollouts_catch_a_player_reaching_one_card_as_often_as_told(seed: int) -> None:
    state, _ = new_round(Rules(), 2, 0, 2, seed)  # two cards each: windows come at once
    policy = RolloutPolicy()
    counts = []
    for caught in (None, (0.0, 0.0), (1.0, 1.0)):
        sim = Position.from_state(state, record=True)
        policy.run(sim, random.Random(seed), caught)
        assert sim.events is not None
        calls = [e for e in sim.events if isinstance(e, IdiotCalled)]
        counts.append(len(calls))
        if caught == (1.0, 1.0):
            # Every player who reached one card was called, right after their play.
            dealt = [len(h) for h in state.hands]
            reached = sum(1 for e in sim.events if isinstance(e, CardPlayed)
                          and _held_after(dealt, sim.events, e) == 1)
            assert len(calls) == reached > 0
    assert counts[0] == counts[1] == 0


def _held_after(dealt: list[int], events: list[ev.Event], played: CardPlayed) -> int:
    held = dealt[played.player]
    for e in events:
        if isinstance(e, ev.CardsDrawn) and e.player == played.player:
            held += e.count
        elif isinstance(e, CardPlayed) and e.player == played.player:
            held -= 1
        if e is played:
            return held
    raise AssertionError("not in the events")
