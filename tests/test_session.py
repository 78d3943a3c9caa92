"""The session: one match driven by humans and bots, its clock, its log and its replay."""

from __future__ import annotations

import json

import pytest

from craits.director import MatchDirector, play_headless
from craits.engine import Announce, Draw, Play, Rules
from craits.engine.events import CardsDrawn
from craits.engine.notation import read_action, write_action
from craits.session import Seat, Session


class ScriptedBot:
    """Plays the first legal action; announces and calls after fixed delays (None: never)."""

    def __init__(self, announce: float | None = 0.2, call: float | None = 0.3) -> None:
        self.level = "scripted"
        self.announce, self.call = announce, call
        self.seen_views = []

    def choose(self, view, history, rng):
        self.seen_views.append(view)
        return view.legal[rng.randrange(len(view.legal))]

    def announce_delay(self, view, history, rng):
        return self.announce

    def call_delay(self, view, history, rng):
        return self.call


def bots(**kwargs):
    return lambda level: ScriptedBot(**kwargs)


def test_a_computer_only_match_plays_to_the_end():
    session = Session([Seat("easy", "A"), Seat("easy", "B"), Seat("easy", "C")],
                      Rules(game_length="short"), seed=5, bot_factory=bots())  # fmt: skip
    play_headless(session)
    assert session.match.is_over()
    assert len(session.match.history) == 8
    assert session.events[-1].type == "match_ended"


def test_the_save_replays_the_exact_position():
    session = Session([Seat("easy", "A"), Seat("easy", "B")], Rules(game_length="short"),
                      seed=11, bot_factory=bots(announce=None, call=0.1))  # fmt: skip
    director = MatchDirector(session)
    for _ in range(120):
        if session.match.is_over():
            break
        if session.match.state.is_over():
            director.round_seen()
        else:
            director.think_ahead()
            director.update(0.8)
    data = json.loads(json.dumps(session.to_save()))
    again = Session.from_save(data, bot_factory=bots(announce=None, call=0.1))
    assert again.match == session.match
    assert [e.to_dict() for e in again.events] == [e.to_dict() for e in session.events]


def test_a_damaged_save_is_refused_clearly():
    with pytest.raises(ValueError, match="incomplete or damaged"):
        Session.from_save({"seed": 1, "seats": "nope"})


def test_views_and_histories_hide_other_players_cards():
    session = Session([Seat("easy", "A"), Seat("easy", "B"), Seat("easy", "C")], seed=8,
                      bot_factory=bots())  # fmt: skip
    director = MatchDirector(session)
    for _ in range(40):
        if session.match.state.is_over():
            break
        director.think_ahead()
        director.update(0.8)
    for seat in range(3):
        for event in session.events_for(seat):
            if isinstance(event, CardsDrawn) and event.player != seat:
                assert event.cards is None
        view = session.view(seat)
        assert view.hand == session.match.state.hands[seat]
        assert not hasattr(view, "hands")


@pytest.mark.parametrize(
    "action", [Play(5), Play(7, 2), Draw(), Announce(1)],
)
def test_action_records_round_trip(action):
    player = 1
    assert read_action(write_action(action, player)) == (player, action)
