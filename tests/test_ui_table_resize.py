"""Resized mid-turn, the table's "F1: controls" tip moves with the line above the hand: it never
sits on the piles."""

from __future__ import annotations

from table_harness import run_until

from craits.ui.tabletop.clearance import controls_tip_box
from craits.ui.tabletop.controls_tip import ControlsTip


def test_the_controls_tip_follows_a_resize(make_app):
    app = make_app(size=(960, 600))
    app.new_game(app.seats_for(["human", "easy", "easy"]), None, 11)
    table = app.current_table()
    run_until(app, lambda: table.match.my_turn() and app.scenes.top is table, 120)
    app.step(1 / 30)
    assert any(isinstance(b, ControlsTip) for b in table.model.banners)
    table.on_resize((1600, 1000))
    lay = table.model.layout
    tips = [b for b in table.model.banners if isinstance(b, ControlsTip)]
    assert len(tips) == 1
    box = controls_tip_box(lay)
    assert abs(tips[0].pos[0] - box.centerx) <= 1
    assert not lay.discard.collidepoint(tips[0].pos) and not lay.draw_pile.collidepoint(
        tips[0].pos)
