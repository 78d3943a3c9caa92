"""The table's sound cues fire exactly on their events: the viewer's turn (once a turn, each
hand-off in pass-and-play), a refused card, a player down to one card, a call against a human;
never for a table of computers alone, and not again for a move taken back."""

from __future__ import annotations

import random

import pygame
import pytest
from app_driver import make_app
from table_harness import run_until, set_position

from craits.config.levels import make_bot
from craits.engine import Call, Draw, Play
from craits.engine import events as ev
from craits.engine.notation import read_card
from craits.ui.table.cue_part import Cue, CuePart, down_to_one
from craits.ui.table.handoff import HandoffScene
from craits.ui.table.scoreboard import ScoreboardScene

FRAME = 1 / 30


@pytest.fixture
def open_table(tmp_path, monkeypatch):
    """A table whose cues are recorded (name, app time) instead of played."""
    apps = []

    def make(kinds, seed=11, speed="fast"):
        app = make_app(tmp_path / f"home{len(apps)}", monkeypatch, size=(1280, 800), speed=speed)
        apps.append(app)
        heard: list[str] = []
        monkeypatch.setattr(app.audio, "play_cue", lambda name: heard.append(name) or True)
        app.new_game(app.seats_for(kinds), None, seed)
        return app, app.current_table(), heard

    yield make
    for app in apps:
        app.shutdown()


def settle(app, table) -> None:
    run_until(app, lambda: app.scenes.top is table and not table.chor.busy
              and not table.match.cut_pending, 60)


def human_to_play() -> dict:
    return {
        "hands": [["8S", "KH", "3H", "AS", "10D"], ["2C", "3C", "4C"], ["5C", "6C", "7C"]],
        "draw_pile": ["9C", "10C", "JC", "QC", "AC", "9S", "10S", "JS", "QS"],
        "discard": ["4D", "5H"],
        "turn": 0,
        "dealer": 2,
    }


def test_the_turn_is_cued_once_when_it_begins_and_again_next_turn(open_table):
    app, table, heard = open_table(["human", "easy", "easy"])
    settle(app, table)
    set_position(table, human_to_play())
    heard.clear()
    for _ in range(30):  # a second of the same turn: still one cue
        app.step(FRAME)
    assert heard == [Cue.TURN]
    assert table.match.act(Play(read_card("KH")))  # round the computers and back
    run_until(app, lambda: table.match.my_turn(), 60)
    app.step(FRAME)
    assert heard.count(Cue.TURN) == 2


def test_a_card_drawn_to_be_played_at_once_is_the_same_turn(open_table):
    """With play_drawn_card the turn goes on after the draw: no second turn cue."""
    app, table, heard = open_table(["human", "easy", "easy"])
    settle(app, table)
    position = human_to_play()
    position["rules"] = {"play_drawn_card": True}
    position["hands"][0] = ["2S", "3S", "4S"]  # nothing goes on the 5 of hearts
    position["draw_pile"] = ["9H", *position["draw_pile"][1:]]  # the card drawn does
    set_position(table, position)
    run_until(app, lambda: table.match.my_turn(), 10)
    app.step(FRAME)
    assert heard[-1:] == [Cue.TURN]
    heard.clear()
    assert table.match.act(Draw())
    run_until(app, lambda: table.match.my_turn(), 10)
    for _ in range(5):
        app.step(FRAME)
    assert table.match.view().phase == "drawn"
    assert heard == []


def test_a_refused_card_is_cued_and_nothing_else(open_table):
    app, table, heard = open_table(["human", "easy", "easy"])
    settle(app, table)
    set_position(table, human_to_play())
    app.step(FRAME)
    heard.clear()
    table.refuse_card(read_card("10D"))  # neither the suit nor the rank of the 5 of hearts
    for _ in range(5):
        app.step(FRAME)
    assert heard == [Cue.REFUSED]


def test_with_cues_silent_a_refused_card_still_clicks(open_table, monkeypatch):
    app, table, heard = open_table(["human", "easy", "easy"])
    settle(app, table)
    effects: list[str] = []
    monkeypatch.setattr(table.cues, "play", lambda name: False)  # cue volume 0
    monkeypatch.setattr(app.audio, "play", lambda name: effects.append(name) or True)
    table.refuse_card(read_card("10D"))
    assert effects == ["click"]


def test_a_player_down_to_one_card_is_cued_as_the_card_is_played(open_table):
    app, table, heard = open_table(["human", "easy", "easy"])
    settle(app, table)
    position = human_to_play()
    position["hands"][0] = ["KH", "3H"]  # the human plays down to one
    set_position(table, position)
    app.step(FRAME)
    heard.clear()
    table.match.act(Play(read_card("KH")))
    app.step(FRAME)
    assert heard == [Cue.ONE_CARD]  # at once, before the card has landed
    assert table.chor.busy


def test_a_call_against_the_human_is_cued_and_one_by_the_human_is_not(open_table):
    app, table, heard = open_table(["human", "easy", "easy"])
    settle(app, table)
    position = human_to_play()
    position["hands"][0] = ["KH", "3H"]
    set_position(table, position)
    app.step(FRAME)
    table.match.act(Play(read_card("KH")))  # down to one, not announced
    app.step(FRAME)
    heard.clear()
    table.match.director.act(Call(1, 0))  # the computer on the left catches it
    table.match.pull()
    app.step(FRAME)
    assert heard == [Cue.CALLED]

    view = table.match.view()
    calls: list[str] = []
    events: list[ev.Event] = []
    part = CuePart(lambda name: calls.append(name) or True, [0], events)
    events.append(ev.IdiotCalled(0, 1, 2))  # the human catches a computer: not against them
    part.update(events, view, False)
    assert calls == []
    events.append(ev.IdiotCalled(2, 0, 2))
    part.update(events, view, False)
    assert calls == [Cue.CALLED]


class Counted:
    """Plays the human seats like the test stand-in, counting the turns it took."""

    def __init__(self, seed: int = 0) -> None:
        self.bot, self.rng = make_bot("easy"), random.Random(seed)
        self.turns = 0

    def act(self, app) -> None:
        top = app.scenes.top
        if type(top).__name__ in ("CutScene", "SuitDialog", "HandoffScene"):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0,
                                                 unicode="\r", scancode=0))
            return
        table = app.current_table()
        if top is table and table.match.my_turn():
            seat = table.match.viewer
            action = self.bot.choose(table.session.view(seat),
                                     table.session.round_history(seat), self.rng)
            if isinstance(action, Play | Draw):  # one of these ends each turn (default rules)
                self.turns += 1
            table.match.act(action)


def seats_at_one(events: list[ev.Event]) -> list[int]:
    """Forward count from the deal: each card play that leaves its player one card."""
    counts: list[int] = []
    found = []
    for e in events:
        if isinstance(e, ev.RoundStarted):
            counts = [0] * 5
        elif isinstance(e, ev.CardsDealt | ev.CardsDrawn):
            counts[e.player] += e.count
        elif isinstance(e, ev.CardPlayed):
            counts[e.player] -= 1
            if counts[e.player] == 1:
                found.append(e.player)
    return found


@pytest.mark.parametrize(("kinds", "seed"), [(["human", "easy", "medium"], 4),
                                             (["human", "human", "easy"], 5)])
def test_a_seeded_round_cues_each_event_exactly_once(open_table, kinds, seed):
    """A whole round (pass-and-play in the second): as many turn cues as turns the humans
    took (each hand-off too), a one-card cue each time a seat went down to one (none for the
    deal), a call cue for each call against a human."""
    app, table, heard = open_table(kinds, seed)
    player = Counted(seed)
    hand_offs = 0
    for _ in range(20_000):
        if isinstance(app.scenes.top, ScoreboardScene):
            break
        hand_offs += isinstance(app.scenes.top, HandoffScene)
        player.act(app)
        app.step(FRAME)
    else:
        raise AssertionError("the round did not end")
    events = table.session.events
    humans = set(table.session.human_seats())
    assert heard.count(Cue.TURN) == player.turns > 3
    assert heard.count(Cue.ONE_CARD) == len(seats_at_one(events)) > 0
    assert heard.count(Cue.CALLED) == sum(isinstance(e, ev.IdiotCalled) and e.target in humans
                                          for e in events)
    assert Cue.REFUSED not in heard
    if len(humans) > 1:
        assert hand_offs > 0


def test_a_table_of_computers_alone_is_never_cued(open_table):
    app, table, heard = open_table(["easy", "medium", "easy"], speed="instant")
    run_until(app, lambda: isinstance(app.scenes.top, ScoreboardScene), 120, dt=1 / 10)
    assert seats_at_one(table.session.events)  # there was something to cue
    assert heard == []


def test_a_move_taken_back_is_not_cued_again(open_table):
    app, table, heard = open_table(["human", "easy", "easy"])
    settle(app, table)
    position = human_to_play()
    position["hands"][0] = ["KH", "3H"]
    set_position(table, position)
    app.step(FRAME)
    table.match.act(Play(read_card("KH")))
    app.step(FRAME)
    heard.clear()
    assert table.match.undo() is None  # the king back in the hand, the human to play again
    for _ in range(10):
        app.step(FRAME)
    assert heard == []


def test_down_to_one_reads_back_from_the_counts_now():
    """A position that did not begin with a deal (a puzzle): the counts now decide."""
    fresh = [ev.CardPlayed(1, read_card("2C"), 2), ev.CardsDrawn(2, None, 2, "crank"),
             ev.CardPlayed(2, read_card("3C"), 0)]
    assert down_to_one(fresh, [4, 1, 4]) == [1]
    assert down_to_one(fresh, [4, 2, 1]) == [2]
    assert down_to_one(fresh, [1, 1, 1]) == [1, 2]
    assert down_to_one([ev.CardsDealt(0, None, 1), ev.CardsDealt(1, None, 1)], [1, 1]) == []


def test_a_part_without_humans_stays_quiet_and_says_so_for_a_refusal():
    heard: list[str] = []
    part = CuePart(lambda name: heard.append(name) or True, [], [])
    part.update([ev.IdiotCalled(0, 1, 2)], None, False)
    assert heard == []
    assert part.refused() is True and heard == ["cue_refused"]


def test_what_a_resumed_game_holds_already_is_not_cued_again(open_table):
    app, table, _ = open_table(["human", "easy", "easy"])
    settle(app, table)
    view = table.match.view()
    heard: list[str] = []
    held = [*table.session.events, ev.IdiotCalled(1, 0, 2)]  # as the saved game ended
    part = CuePart(lambda name: heard.append(name) or True, [0], held)
    part.update(held, view, False)
    assert heard == []
    held.append(ev.IdiotCalled(2, 0, 2))  # new since the table opened
    part.update(held, view, False)
    assert heard == [Cue.CALLED]
