"""Smaller parts of the table: the bot helper in its three modes, the scoreboard's view of a
hand, the cut's rows, the final places, statistics and resuming between rounds."""

from __future__ import annotations

import time

import pygame
import pytest
from table_harness import press, run_until, step

from craits.director.bot_worker import BotWorker
from craits.engine import events as ev
from craits.engine.notation import read_card as parse_card
from craits.session import Seat, Session
from craits.ui.table.cut import cut_rows
from craits.ui.table.game_over import places
from craits.ui.table.scoreboard import ScoreboardScene, hand_groups
from craits.ui.tabletop.intents import Command

C = parse_card


def session_with_bot_to_act() -> Session:
    session = Session([Seat("medium", "A"), Seat("easy", "B"), Seat("medium", "C")], seed=3)
    while not session.is_bot_turn():
        session.act(session.view(session.to_act()).legal[0])
    return session


@pytest.mark.parametrize("mode", ["inline", "thread", "process"])
def test_the_bot_helper_answers_as_the_bot_would_in_place(mode):
    session = session_with_bot_to_act()
    _, job = session.bot_request()
    expected = job()  # the same job, thought about here
    worker = BotWorker(mode)
    try:
        ticket = worker.submit(job)
        deadline = time.monotonic() + 60
        answer = None
        while answer is None and time.monotonic() < deadline:
            answer = worker.poll(ticket)
            time.sleep(0.01)
        assert answer == expected
        assert answer in session.view(session.to_act()).legal
    finally:
        worker.stop()


def test_a_stale_answer_is_not_handed_out():
    session = session_with_bot_to_act()
    worker = BotWorker("inline")
    _, job = session.bot_request()
    first = worker.submit(job)
    second = worker.submit(job)  # a newer question: the first answer is moot
    assert worker.poll(first) is None
    assert worker.poll(second) is not None
    assert worker.poll(second) is None  # handed out once


def test_an_answer_for_an_old_table_never_reaches_a_new_one():
    """Tickets, not session versions, match answers to questions: a new match starts its
    versions from zero again."""
    session = session_with_bot_to_act()
    worker = BotWorker("thread")
    try:
        _, job = session.bot_request()
        slow_done = []

        def slow():
            time.sleep(0.3)
            slow_done.append(True)
            return "old table's move"

        old = worker.submit(slow)
        worker.submitted = None  # the old table closed
        new = worker.submit(job)
        assert new != old
        deadline = time.monotonic() + 10
        answer = None
        while answer is None and time.monotonic() < deadline:
            answer = worker.poll(new)
            time.sleep(0.01)
        assert answer != "old table's move"
    finally:
        worker.stop()


def test_a_failing_bot_is_reported_on_the_main_thread():
    worker = BotWorker("thread")

    def broken():
        raise ValueError("no move")

    ticket = worker.submit(broken)
    with pytest.raises(RuntimeError):
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline:
            worker.poll(ticket)
            time.sleep(0.01)
    worker.stop()


def test_the_worker_falls_back_to_a_thread_when_the_helper_dies():
    session = session_with_bot_to_act()
    worker = BotWorker("process")
    try:
        worker._process.terminate()
        worker._process.join(5)
        _, job = session.bot_request()
        ticket = worker.submit(job)
        deadline = time.monotonic() + 30
        answer = None
        while answer is None and time.monotonic() < deadline:
            answer = worker.poll(ticket)
            time.sleep(0.01)
        assert worker.mode == "thread" and answer is not None
    finally:
        worker.stop()


@pytest.mark.parametrize(
    ("hand", "counted", "pairs", "leftover", "bonus"),
    [
        (["3S", "2H", "8D"], ["2H"], [("3S", "8D")], [], 0),
        (["3S", "3H"], [], [], ["3S", "3H"], -100),
        (["3S", "3H", "8D"], [], [("3S", "8D")], ["3H"], -50),
        (["KD", "5C", "AS"], ["5C", "KD", "AS"], [], [], 0),
    ],
)
def test_hand_groups_match_the_scoring(hand, counted, pairs, leftover, bonus):
    got = hand_groups([C(c) for c in hand], "cancel_then_bonus")
    assert got[0] == [C(c) for c in counted]
    assert got[1] == [(C(a), C(b)) for a, b in pairs]
    assert sorted(got[2]) == sorted(C(c) for c in leftover)
    assert got[3] == bonus


def test_threes_only_bonus_variant_shows_no_bonus_beside_other_cards():
    _, _, leftover, bonus = hand_groups([C("3S"), C("3H"), C("8D")], "bonus_only_if_all_threes")
    assert leftover == [C("3H")] and bonus == 0


def test_cut_rows_start_again_after_a_tie():
    cuts = [ev.CardCut(0, C("4D")), ev.CardCut(1, C("4S")), ev.CardCut(2, C("9C")),
            ev.CardCut(0, C("KD")), ev.CardCut(1, C("2H"))]
    rows = cut_rows(cuts, 3)
    assert [[c.player for c in row] for row in rows] == [[0, 1, 2], [0, 1]]


def test_equal_totals_share_a_place():
    assert places([30, 10, 30, 5]) == [(1, 3), (2, 1), (3, 0), (3, 2)]


def play_round_through(app, table):
    """The human plays its first legal action each turn until the scoreboard shows."""
    from craits.engine.actions import ChooseSuit, Play

    def step_round() -> bool:
        if isinstance(app.scenes.top, ScoreboardScene):
            return True
        if table.match.my_turn():
            view = table.match.view()
            action = next((a for a in view.legal if isinstance(a, (Play, ChooseSuit))),
                          view.legal[0])
            table.match.act(action)
        return False

    run_until(app, step_round, 300, dt=1 / 10)


def test_a_finished_round_counts_in_the_statistics_once(app):
    app.new_game(app.seats_for(["human", "easy", "medium"]), None, 6)
    table = app.current_table()
    play_round_through(app, table)
    assert app.statistics.rounds["overall"].played == 1
    won = table.session.match.state.winner == 0
    assert app.statistics.rounds["overall"].won == (1 if won else 0)
    assert app.stats_store.load()[0].rounds["overall"].played == 1
    # Saved between rounds and resumed: the scoreboard comes back, not a second count.
    app.autosaver.flush()
    app.show_title()
    assert app.continue_game()
    resumed = app.current_table()
    run_until(app, lambda: isinstance(app.scenes.top, ScoreboardScene), 10)
    assert app.statistics.rounds["overall"].played == 1
    assert resumed.model.revealed
    assert all(s.face_up for s in resumed.model.hands[1])  # the round is over: hands shown
    step(app, 31)  # the board takes Enter after its first second
    press(app, pygame.K_RETURN)
    assert resumed.session.match.round_index == 1


def test_settings_changed_in_the_pause_menu_reach_the_table(app):
    import dataclasses

    app.new_game(app.seats_for(["human", "easy"]), None, 6)
    table = app.current_table()
    run_until(app, lambda: app.scenes.top is table and not table.match.cut_pending, 30)
    table.post(Command.MENU)
    step(app, 2)
    app.settings = dataclasses.replace(app.settings, animation_speed="slow", large_cards=True,
                                       card_style="fourcolor")
    app.apply_settings()
    app.scenes.top.dismiss(None)  # back to the table
    step(app, 2)
    assert table.chor.factor > 1.0
    assert table.model.large_cards and table.cards.style == "fourcolor"


def test_the_last_round_leads_to_the_final_table_and_play_again(app):
    import dataclasses

    from craits.engine import Rules
    from craits.ui.table.game_over import GameOverScene

    app.new_game(app.seats_for(["human", "easy"]), Rules(game_length="short"), 9)
    table = app.current_table()
    run_until(app, lambda: app.scenes.top is table and not table.match.cut_pending, 30)
    session = table.session
    # Pretend seven rounds were played: this one is the last.
    session.match = dataclasses.replace(session.match, round_index=7,
                                        history=((5, 10),) * 7, totals=(35, 70))
    play_round_through(app, table)
    board = app.scenes.top
    assert board.next_button.label.startswith("Final results")
    step(app, 31)  # the board takes Enter after its first second
    press(app, pygame.K_RETURN)
    over = app.scenes.top
    assert isinstance(over, GameOverScene)
    assert app.statistics.games["overall"].played == 1
    assert not app.saves.exists()  # nothing left to continue
    press(app, pygame.K_RETURN)  # play again: same seats, a new deal
    again = app.current_table()
    assert again is not table and [s.kind for s in again.session.seats] == ["human", "easy"]
    assert again.session.match.round_index == 0


class IllegalBot:
    """Always plays the ace of spades, held or not."""

    def choose(self, view, history, rng):
        from craits.engine import Play

        return Play(C("AS"))

    def announce_delay(self, view, history, rng):
        return None

    def call_delay(self, view, history, rng):
        return None


def test_a_computer_choosing_an_illegal_move_does_not_stall_the_table(app):
    app.new_game(app.seats_for(["human", "easy"]), None, 6)
    table = app.current_table()
    run_until(app, lambda: app.scenes.top is table and not table.match.cut_pending, 30)
    table.session.bots[1] = IllegalBot()
    from table_harness import set_position

    set_position(table, {"hands": [["3D", "KD"], ["2C", "3C"]], "draw_pile": ["4H", "5H"],
                         "discard": ["7D", "8S"], "turn": 1})
    version = table.session.version
    run_until(app, lambda: table.session.version != version, 10)
    assert table.session.to_act() == 0 or len(table.session.match.state.hands[1]) != 2
