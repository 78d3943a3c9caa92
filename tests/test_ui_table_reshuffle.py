"""The draw pile as players draw through a reshuffle: its count never reads 0 while a draw is
shown, and once the cards are at rest it says what the engine says."""

from __future__ import annotations

from table_harness import run_until, set_position, step

from craits.engine import Draw
from craits.engine import events as ev
from craits.ui.dialogs.suit_dialog import SuitDialog


def test_the_pile_count_never_reads_0_while_a_player_draws_through_a_reshuffle(make_app):
    app = make_app(speed="normal")
    app.new_game(app.seats_for(["human", "easy"]), None, 5)
    table = app.current_table()
    run_until(app, lambda: not table.chor.busy and not table.match.cut_pending
              and (app.scenes.top is table or isinstance(app.scenes.top, SuitDialog)), 60)
    # A crank of 2 to take with one card left in the pile: the other comes from a reshuffle.
    set_position(table, {"hands": [["KH", "QH", "JH"], ["QC", "4D", "JS"]],
                         "draw_pile": ["6C"], "discard": ["3D", "4C", "5H", "9S", "2S"],
                         "crank": 2, "turn": 0})
    step(app, 2)
    assert table.model.draw_count == 1
    assert table.match.act(Draw())
    assert any(isinstance(e, ev.PileReshuffled) for e in table.session.events)
    counts = []
    while table.chor.busy:
        step(app, 1)
        counts.append(table.model.draw_count)
    assert counts and min(counts) > 0
    assert table.model.draw_count == table.match.view().draw_count == 3
    assert len(table.hand.hand()) == 5


def test_after_a_restart_the_pile_shows_the_same_count(make_app):
    app = make_app(speed="normal")
    app.new_game(app.seats_for(["human", "easy"]), None, 5)
    table = app.current_table()
    run_until(app, lambda: not table.chor.busy and not table.match.cut_pending
              and (app.scenes.top is table or isinstance(app.scenes.top, SuitDialog)), 60)
    set_position(table, {"hands": [["KH", "QH", "JH"], ["QC", "4D", "JS"]],
                         "draw_pile": ["6C", "7C"], "discard": ["3D", "4C", "5H", "9S", "2S"],
                         "crank": 4, "turn": 0})
    step(app, 2)
    assert table.match.act(Draw())
    run_until(app, lambda: not table.chor.busy, 10)
    shown = table.model.draw_count
    table.match.sync_to_engine()  # as Continue rebuilds the table
    assert table.model.draw_count == shown == 2
