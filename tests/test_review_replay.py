"""The review's replay: a saved match replayed exactly, step by step, with what each seat saw.

Also the helpers the other review tests share (games played by quick computer players).
"""

from __future__ import annotations

import copy
import json
import random
from functools import lru_cache

import pytest

from craits.config.levels import make_bot
from craits.director import play_headless
from craits.engine import Rules, apply, seat_view
from craits.engine.events import RoundStarted, round_start
from craits.review.record import RecordError, export_record
from craits.review.replay import Replay
from craits.seat import Seat
from craits.session import Session


class Witness:
    """A computer player that notes every view and history the table gave it."""

    def __init__(self, level: str, seen: list) -> None:
        self.bot = make_bot(level)
        self.level = level
        self.seen = seen

    def choose(self, view, history, rng):
        self.seen.append((view, list(history)))
        return self.bot.choose(view, history, rng)

    def announce_delay(self, view, history, rng):
        return self.bot.announce_delay(view, history, rng)

    def call_delay(self, view, history, rng):
        return self.bot.call_delay(view, history, rng)


def play(seed: int = 3, kinds: tuple[str, ...] = ("human", "easy", "medium"),
         rules: Rules | None = None, seen: list | None = None) -> Session:
    """A whole match; every seat (a "human" one too) is played by a quick computer player."""
    seats = [Seat(kind, f"P{i}") for i, kind in enumerate(kinds)]
    log = [] if seen is None else seen
    bots = {i: Witness("easy" if kind == "human" else kind, log) for i, kind in enumerate(kinds)}
    session = Session(seats, rules or Rules(game_length="short"), seed, bots=bots)
    play_headless(session)
    return session


@lru_cache(maxsize=8)
def saved_game(seed: int = 3, kinds: tuple[str, ...] = ("human", "easy", "medium"),
               game_length: str = "short") -> str:
    """A finished match's save, as JSON text (a fresh copy for every test that parses it)."""
    return json.dumps(play(seed, kinds, Rules(game_length=game_length)).to_save())


def game(seed: int = 3, kinds: tuple[str, ...] = ("human", "easy", "medium"),
         game_length: str = "short") -> dict:
    return json.loads(saved_game(seed, kinds, game_length))


def hidden_dealt_otherwise(state, seat: int, rng: random.Random):
    """The same round with the cards ``seat`` cannot see (the others' hands and the draw pile)
    dealt differently: every count, and all that ``seat`` sees, stays the same."""
    hidden = [c for p, hand in enumerate(state.hands) if p != seat for c in hand]
    hidden += state.draw_pile
    rng.shuffle(hidden)
    hands, used = [], 0
    for p, hand in enumerate(state.hands):
        if p == seat:
            hands.append(hand)
        else:
            hands.append(tuple(hidden[used:used + len(hand)]))
            used += len(hand)
    return state.replace(hands=tuple(hands), draw_pile=tuple(hidden[used:]))


# ---------------------------------------------------------------- tests


@pytest.mark.parametrize("seed", [3, 8])
def test_the_replay_reproduces_the_saved_game_exactly(seed):
    session = play(seed)
    replay = Replay(json.loads(json.dumps(session.to_save())))
    assert replay.session.events == session.events
    assert replay.steps[-1].state == session.state
    assert replay.session.match == session.match
    assert replay.steps[-1].totals == session.match.totals
    assert [s.index for s in replay.steps] == [None, *range(len(session.records))]


def test_every_step_is_the_engine_applying_that_action():
    replay = Replay(game())
    for step in replay.steps:
        before = replay.before(step.number)
        if step.is_deal:
            assert before is None
            continue
        state, events = apply(before, step.action, step.player if step.is_turn else None)
        assert state == step.state
        assert events == step.events or step.events[-1].type == "match_ended"


def test_a_seat_sees_in_the_replay_what_it_saw_at_the_table():
    seen: list = []
    session = play(5, seen=seen)
    replay = Replay(session.to_save())
    at_table = {(repr(view), repr(history)) for view, history in seen}
    checked = 0
    for step in replay.steps:
        if step.is_turn:
            view = replay.view_before(step.number, step.player)
            history = replay.history(step.number, step.player)
            assert (repr(view), repr(history)) in at_table, step
            checked += 1
    assert checked > 100


def test_rounds_group_the_steps_deal_first():
    data = game()
    replay = Replay(data)
    session = Session.from_save(data, bot_factory=lambda kind: make_bot("easy"))
    assert len(replay.rounds) == len(session.match.history) == 8
    for index, round_ in enumerate(replay.rounds):
        assert round_.index == index and round_.scores is not None
        assert round_.steps[0].is_deal and not any(s.is_deal for s in round_.steps[1:])
        assert round_.scores == session.match.history[index]
        assert round_.hand_size == Rules(game_length="short").deals[index]
        assert all(s.round == index for s in round_.steps)
        assert replay.round_of(round_.last) is round_
    assert sum(len(r.steps) for r in replay.rounds) == len(replay.steps)


def test_history_holds_the_match_so_far_its_round_last_and_hides_other_hands():
    replay = Replay(game())
    for index, round_ in enumerate(replay.rounds[:3]):
        number = round_.steps[1].number
        for seat in range(replay.n_players):
            history = replay.history(number, seat)
            assert history[0].type == "card_cut"  # from the match's very start
            started = history[round_start(history)]
            assert isinstance(started, RoundStarted) and started.round == index
            assert sum(e.type == "round_ended" for e in history) == index
            for event in history:
                if event.type in ("cards_dealt", "cards_drawn") and event.player != seat:
                    assert event.cards is None
    with pytest.raises(ValueError):
        replay.view_before(replay.rounds[1].first, 0)


def test_hidden_cards_dealt_otherwise_leave_the_view_alone():
    replay = Replay(game())
    rng = random.Random(2)
    for step in replay.steps[1:60]:
        other = hidden_dealt_otherwise(step.state, 0, rng)
        assert seat_view(other, 0) == seat_view(step.state, 0)
        assert sorted((*(c for h in other.hands for c in h), *other.draw_pile)) == sorted(
            (*(c for h in step.state.hands for c in h), *step.state.draw_pile))


def test_every_hand_is_face_up_in_the_steps():
    replay = Replay(game())
    step = replay.rounds[0].steps[3]
    assert all(step.state.hands)
    assert seat_view(step.state, 1).hand == step.state.hands[1]


def test_the_replay_reads_a_save_a_session_a_record_and_an_envelope_alike():
    data = game()
    kept = copy.deepcopy(data)
    session = Session.from_save(data, bot_factory=lambda kind: make_bot("easy"))
    sources = [data, session, export_record(data),
               {"format": "craits-save", "version": 1, "data": data}]
    replays = [Replay(source) for source in sources]
    assert all(r.session.events == replays[0].session.events for r in replays)
    assert data == kept  # reviewing changes nothing


def test_an_unfinished_game_replays_up_to_where_it_stopped():
    session = Session([Seat("human", "A"), Seat("easy", "B")], Rules(), seed=4,
                      bots={0: make_bot("easy"), 1: make_bot("easy")})
    rng = random.Random(1)
    for _ in range(9):
        if session.state.is_over():
            break
        session.act(rng.choice(session.view(session.state.turn).legal))
    replay = Replay(session.to_save())
    assert replay.steps[-1].state == session.state and len(replay.rounds) == 1
    assert replay.rounds[0].scores is None


def test_a_save_that_does_not_replay_names_the_action():
    data = game()
    data["actions"][5] = {"player": 0, "call": 0}  # calling oneself is never legal
    with pytest.raises(RecordError, match=r"actions\[5\]"):
        Replay(data)


def test_a_records_focus_is_the_step_after_that_many_actions():
    record = export_record(game(), focus=12)
    replay = Replay(record)
    assert replay.focus == 12 and replay.steps[12].index == 11
    assert Replay(game()).focus is None
    record["result"]["totals"] = [0, 0, 0]
    with pytest.raises(RecordError, match="result"):
        Replay(record)
