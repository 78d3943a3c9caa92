"""Smaller parts of the table: the bot helper in its three modes, the scoreboard's view of a
hand, the cut's rows, the final places, statistics and resuming between rounds."""

from __future__ import annotations

import time

import pygame
import pytest
from table_harness import press, run_until, step

from craits.engine import events as ev
from craits.engine.notation import read_card as parse_card
from craits.session import Seat, Session
from craits.ui.table.cut import cut_rows
from craits.ui.table.game_over import places
from craits.ui.table.scoreboard import ScoreboardScene, hand_groups
from craits.ui.tabletop.intents import Command
from craits.work import Lane, Latest, Workbench

C = parse_card


def session_with_bot_to_act() -> Session:
    session = Session([Seat("medium", "A"), Seat("easy", "B"), Seat("medium", "C")], seed=3)
    while session.to_act() not in session.bots:
        session.act(session.view(session.to_act()).legal[0])
    return session


def bot_lane(inline: bool = False) -> Latest:
    """The computer players' lane of a workbench of its own."""
    return Latest(Workbench(inline=inline).job(Lane.BOT))


def wait_for(worker: Latest, ticket: int, seconds: float = 60):
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        answer = worker.poll(ticket)
        if answer is not None:
            return answer
        time.sleep(0.01)
    return None


def old_tables_move() -> str:
    time.sleep(0.3)
    return "old table's move"


def broken_bot() -> None:
    raise ValueError("no move")


@pytest.mark.parametrize("inline", [True, False])
def test_the_bot_lane_answers_as_the_bot_would_in_place(inline):
    session = session_with_bot_to_act()
    _, job = session.bot_request()
    expected = job()  # the same job, thought about here
    worker = bot_lane(inline)
    try:
        answer = wait_for(worker, worker.submit(job))
        assert answer == expected
        assert answer in session.view(session.to_act()).legal
    finally:
        worker.job.bench.close()


def test_a_stale_answer_is_not_handed_out():
    session = session_with_bot_to_act()
    worker = bot_lane(inline=True)
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
    worker = bot_lane()
    try:
        _, job = session.bot_request()
        old = worker.submit(old_tables_move)
        worker.submitted = None  # the old table closed
        new = worker.submit(job)
        assert new != old
        answer = wait_for(worker, new, 30)
        assert answer is not None and answer != "old table's move"
    finally:
        worker.job.bench.close()


@pytest.mark.parametrize("inline", [True, False])
def test_a_failing_bot_is_reported_on_the_main_thread(inline):
    worker = bot_lane(inline)
    ticket = worker.submit(broken_bot)
    try:
        with pytest.raises(RuntimeError, match="no move"):
            wait_for(worker, ticket, 30)
    finally:
        worker.job.bench.close()


def test_the_bot_lane_starts_a_new_worker_when_its_worker_dies():
    session = session_with_bot_to_act()
    worker = bot_lane()
    try:
        _, job = session.bot_request()
        assert wait_for(worker, worker.submit(job)) is not None
        urgent = worker.job.bench._workers[0].process
        urgent.kill()
        urgent.join(5)
        assert wait_for(worker, worker.submit(job)) is not None
    finally:
        worker.job.bench.close()


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
    rows = cut_rows(cuts)
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
