"""Forced moves (a setting, on by default): the table draws for the player when nothing fits
and passes when that is all there is, with the same log line and record as the player's own
draw; never while a choice exists (a drawn card that may be played stays the player's)."""

from __future__ import annotations

import dataclasses

import pygame
from table_harness import press, run_until, set_position, step

from craits.engine import Draw, Pass, Play
from craits.engine import events as ev
from craits.persistence import Settings
from craits.ui.dialogs.suit_dialog import SuitDialog
from craits.ui.table.forced import ForcedMoves, forced_action

NOTHING_FITS = {"hands": [["KH", "QH", "JC"], ["QC", "4D", "JS"]], "draw_pile": ["6C", "7S"],
                "discard": ["3D", "5D"], "turn": 0}


def table_at(make_app, doc, forced=True):
    app = make_app(speed="normal")
    app.settings = dataclasses.replace(app.settings, forced_moves=forced)
    app.new_game(app.seats_for(["human", "easy"]), None, 5)
    table = app.current_table()
    run_until(app, lambda: not table.chor.busy and not table.match.cut_pending
              and (app.scenes.top is table or isinstance(app.scenes.top, SuitDialog)), 60)
    set_position(table, doc)
    step(app, 2)
    return app, table


def my_draws(table) -> list[ev.CardsDrawn]:
    return [e for e in table.session.events if isinstance(e, ev.CardsDrawn) and e.player == 0]


def test_new_players_have_forced_moves_on_and_players_from_before_keep_them_off():
    assert Settings().forced_moves
    assert not Settings.from_dict({})[0].forced_moves  # a file written before the setting
    assert Settings.from_dict(Settings().to_dict())[0].forced_moves


def test_nothing_fits_draws_for_the_player_as_their_own_draw_would(make_app):
    app, table = table_at(make_app, NOTHING_FITS)
    assert table.match.view().legal == (Draw(),)
    step(app, 10)  # a moment to see that nothing fits
    assert my_draws(table) == []
    run_until(app, lambda: bool(my_draws(table)), 3)
    run_until(app, lambda: not table.chor.busy, 5)
    forced_record, forced_line = table.session.records[-1], table.chor.log.recent(0, 1)
    # The same position with the setting off, drawn by the player (D): the same.
    app.settings = dataclasses.replace(app.settings, forced_moves=False)
    set_position(table, NOTHING_FITS)
    drawn = len(my_draws(table))
    step(app, 90)
    assert len(my_draws(table)) == drawn  # off: the table waits for the player
    press(app, pygame.K_d)
    assert len(my_draws(table)) == drawn + 1
    run_until(app, lambda: not table.chor.busy, 5)
    assert table.session.records[-1] == forced_record == {"player": 0, "draw": True}
    assert table.chor.log.recent(0, 1)[0][1] == forced_line[0][1] == "You drew 6♣"


def test_a_card_that_fits_is_never_played_or_passed_for_the_player(make_app):
    app, table = table_at(make_app, {**NOTHING_FITS, "hands": [["KH", "QD", "JC"],
                                                              ["QC", "4D", "JS"]]})
    step(app, 150)  # five seconds
    assert table.session.records == [] or all(r.get("player") != 0
                                              for r in table.session.records)
    assert my_draws(table) == []


def test_a_drawn_card_that_may_be_played_stays_the_players_choice(make_app):
    # Draw-one-and-play: the 6 of diamonds drawn fits; play it or pass is a choice.
    doc = {**NOTHING_FITS, "draw_pile": ["6D", "7S"], "rules": {"play_drawn_card": True}}
    app, table = table_at(make_app, doc)
    run_until(app, lambda: bool(my_draws(table)), 3)
    run_until(app, lambda: table.match.my_turn(), 5)
    legal = table.match.view().legal
    assert Pass() in legal and any(isinstance(a, Play) for a in legal)
    step(app, 150)
    assert not any(isinstance(e, ev.Passed) for e in table.session.events)
    assert table.match.view().legal == legal


def test_only_a_single_draw_or_pass_is_forced():
    part = ForcedMoves(lambda: True)

    class View:
        can_call = ()

        def __init__(self, legal):
            self.legal = legal

    assert forced_action(View((Draw(),))) == Draw()
    assert forced_action(View((Pass(),))) == Pass()
    assert forced_action(View((Play(1), Draw()))) is None
    assert forced_action(View((Play(1), Pass()))) is None
    view = View((Pass(),))
    assert part.update(0.5, "p", view, True, 0.8, 1.5) is None
    assert part.update(0.5, "p", view, True, 0.8, 1.5) == Pass()
    off = ForcedMoves(lambda: False)
    assert all(off.update(1.0, "p", view, True, 0.8, 1.5) is None for _ in range(5))


def test_while_the_player_before_may_be_called_the_draw_waits_for_the_call_time():
    part = ForcedMoves(lambda: True)

    class View:
        legal = (Draw(),)
        can_call = (1,)

    for _ in range(14):
        assert part.update(0.1, "p", View(), True, 0.8, 1.5) is None
    assert part.update(0.2, "p", View(), True, 0.8, 1.5) == Draw()
