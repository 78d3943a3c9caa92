"""Help at the table: the Hint button and key show a legal move worked out from the viewer's
view only (the hidden cards dealt otherwise give the same hint), in pass-and-play too, and
count in the statistics; first-game coaching notes appear once, by the seat, can be dismissed
and never take the table's input."""

from __future__ import annotations

import dataclasses
import json
import math
import random

import pygame
import pytest
from table_harness import click, press, run_until, set_position, sprite_centre, step
from test_review_replay import hidden_dealt_otherwise

from craits import i18n
from craits.engine import Play, seat_view
from craits.engine.notation import read_card as parse_card
from craits.ui.dialogs.suit_dialog import SuitDialog
from craits.ui.table.handoff import HandoffScene
from craits.ui.table.scene import TableScene
from craits.ui.tabletop.clearance import must_see

C = parse_card




def start(app, kinds, seed=11) -> TableScene:
    app.new_game(app.seats_for(kinds), None, seed)
    table = app.current_table()
    run_until(app, lambda: not table.chor.busy and not table.match.cut_pending
              and (app.scenes.top is table or isinstance(app.scenes.top, SuitDialog)), 60)
    return table


def quiet(table) -> None:
    """No coaching note showing or waiting (the deal may have brought one)."""
    table.coach.dismiss()
    table.coach.waiting.clear()


POSITION = {
    "hands": [["KD", "8S", "3D", "JC"], ["2C", "3C", "QH", "5S"], ["5C", "6C", "9C", "AH"]],
    "draw_pile": ["4H", "5H", "6H", "7S", "9S"], "discard": ["7D", "10D"], "turn": 0,
}


def my_turn_with_a_choice(app, table) -> None:
    """Play on (as the easy level) until the viewer is to act with more than one move."""
    for _ in range(200):
        run_until(app, lambda: table.match.my_turn() or app.scenes.top is not table, 60)
        if app.scenes.top is not table:
            press(app, pygame.K_RETURN)  # a suit dialog or the scoreboard
            continue
        if len(table.match.view().legal) > 1:
            quiet(table)
            return
        table.match.act(table.match.view().legal[0])
    raise AssertionError("no choice came up")


def test_the_hint_is_a_legal_move_from_the_view_only_and_glows(make_app):
    app = make_app()
    table = start(app, ["human", "easy", "easy"])
    my_turn_with_a_choice(app, table)
    step(app, 2)
    assert table.buttons.hint.visible and table.hint.line() is None
    press(app, pygame.K_h)
    run_until(app, lambda: table.hint.hint is not None, 5)
    hint = table.hint.hint
    assert hint.action in table.match.view().legal
    text, _ = table.hint.line()
    assert text == i18n.t("hint.button") + ": " + hint.message.text(
        i18n.t, card=i18n.card_name, suit=i18n.suit_name, player=table.match.names.__getitem__)
    glowing = [s.code for s in table.hand.hand() if s.highlight]
    assert glowing == ([hint.action.card] if isinstance(hint.action, Play) else [])
    assert app.statistics.hints_used == 1
    assert app.statistics.hints_in(table.session.match_id) == 1
    press(app, pygame.K_h)  # asked again here: the same hint, not counted again
    assert table.hint.hint is hint and app.statistics.hints_used == 1
    # The cards the player cannot see dealt otherwise: the same hint.
    session = table.session
    state = hidden_dealt_otherwise(session.match.state, 0, random.Random(3))
    assert state != session.match.state and seat_view(state, 0) == table.match.view()
    session.match = dataclasses.replace(session.match, state=state)
    session.version += 1
    table.match.sync_to_engine()
    step(app, 1)
    assert table.hint.hint is None  # the position changed: the old hint is gone
    click(app, table.buttons.hint.rect.center)  # the button does what H does
    run_until(app, lambda: table.hint.hint is not None, 5)
    assert table.hint.hint.action == hint.action and table.hint.hint.message == hint.message
    assert app.statistics.hints_used == 2
    # Playing on clears it; the statistics were written with the hints.
    table.match.act(hint.action)
    step(app, 1)
    assert table.hint.line() is None and not any(s.highlight for s in table.hand.hand())
    saved = json.loads(app.stats_store.path.read_text(encoding="utf-8"))
    assert saved["data"]["hints_used"] == 2


def test_no_hint_when_it_is_not_the_viewers_turn(make_app):
    app = make_app()
    table = start(app, ["human", "easy"])
    set_position(table, {**POSITION, "hands": POSITION["hands"][:2], "turn": 1})
    press(app, pygame.K_h)
    assert table.hint.position is None and app.statistics.hints_used == 0
    assert not table.buttons.hint.visible


def test_a_hint_in_pass_and_play_is_for_the_player_at_the_screen(make_app):
    app = make_app()
    app.new_game(app.seats_for(["human", "human"]), None, 5)
    table = app.current_table()
    hinted = set()
    handoffs = 0
    for _ in range(30):
        run_until(app, lambda: table.match.my_turn() or app.scenes.top is not table, 60)
        if app.scenes.top is not table:  # the cut, a hand-off, a suit dialog, the scoreboard
            handoffs += isinstance(app.scenes.top, HandoffScene)
            press(app, pygame.K_RETURN)
            continue
        if len(hinted) == 2:
            break
        quiet(table)
        press(app, pygame.K_h)
        run_until(app, lambda: table.hint.hint is not None, 5)
        seat = table.match.viewer
        assert table.session.to_act() == seat
        assert table.hint.hint.action in table.session.view(seat).legal
        hinted.add(seat)
        action = table.hint.hint.action
        table.match.act(action)
    assert hinted == {0, 1} and handoffs


def note_ids(table) -> list[str]:
    return [n.id for n in ([table.coach.note] if table.coach.note else []) + table.coach.waiting]


FOUR = {"hands": [["4D", "KD", "JC"], ["2C", "3C", "QH"], ["5C", "6C", "9H"]],
        "draw_pile": ["4H", "5H", "6H", "7S"], "discard": ["7D", "9D"], "turn": 0}


def test_a_coaching_note_shows_once_by_the_seat_and_is_dismissed(make_app):
    app = make_app()
    table = start(app, ["human", "easy", "easy"])
    set_position(table, FOUR)
    quiet(table)
    step(app, 2)
    table.coach.state.shown.discard("four_skip")
    click(app, sprite_centre(table, C("4D")))
    run_until(app, lambda: table.coach.note is not None and table.coach.note.id == "four_skip", 10)
    note = table.coach.note
    assert note.player == 1  # the skipped seat
    lay = table.model.layout
    spot = lay.seats[1]  # by the seat, covering nothing the player must see
    rect = table.coach.rect
    assert math.dist(rect.center, spot.plate.center) < lay.size[0] / 3
    assert all(rect.collidelist(group) < 0 for group in must_see(lay).values())
    assert "four_skip" in app.settings.coach["shown"]
    surface = pygame.Surface(app.size)
    table.draw(surface)
    # The note takes no input meant for the table: the game goes on under it.
    run_until(app, lambda: table.match.my_turn(), 30)
    assert table.coach.note is note
    version = table.session.version
    press(app, pygame.K_d) if table.buttons.draw.visible else table.match.act(
        table.match.view().legal[0])
    assert table.session.version != version and table.coach.note is note
    click(app, table.coach.button.rect.center)
    assert table.coach.note is None
    # Another 4 later: no note again.
    run_until(app, lambda: table.match.my_turn() or app.scenes.top is not table, 30)
    set_position(table, FOUR)
    quiet(table)
    step(app, 2)
    click(app, sprite_centre(table, C("4D")))
    step(app, 30)
    assert "four_skip" not in note_ids(table)
    # What was shown is written when the table closes (not in the middle of play).
    app.show_title()
    stored = json.loads(app.settings_store.path.read_text(encoding="utf-8"))
    assert "four_skip" in stored["data"]["coach"]["shown"]


def test_backspace_dismisses_a_note_and_notes_go_by_themselves(make_app):
    app = make_app()
    table = start(app, ["human", "easy", "easy"])
    set_position(table, FOUR)
    quiet(table)
    table.coach.state.shown.discard("four_skip")
    step(app, 2)
    click(app, sprite_centre(table, C("4D")))
    run_until(app, lambda: table.coach.note is not None, 10)
    press(app, pygame.K_BACKSPACE)
    assert table.coach.note is None
    table.coach.state.shown.discard("four_skip")
    run_until(app, lambda: table.match.my_turn() or app.scenes.top is not table, 30)
    set_position(table, FOUR)
    quiet(table)
    step(app, 2)
    click(app, sprite_centre(table, C("4D")))
    run_until(app, lambda: table.coach.note is not None, 10)
    run_until(app, lambda: table.coach.note is None, 20)  # gone by itself


def test_coaching_switched_off_shows_no_note(make_app):
    app = make_app()
    app.settings = dataclasses.replace(app.settings, coaching=False)
    table = start(app, ["human", "easy", "easy"])
    set_position(table, FOUR)
    step(app, 2)
    click(app, sprite_centre(table, C("4D")))
    step(app, 40)
    assert note_ids(table) == [] and not table.coach.state.active


@pytest.mark.parametrize("language", [code for code, _ in i18n.available_languages()])
def test_hint_and_note_draw_in_every_language(make_app, language):
    app = make_app(size=(960, 600))
    i18n.set_language(language)
    try:
        table = start(app, ["human", "easy", "easy"])
        my_turn_with_a_choice(app, table)
        press(app, pygame.K_h)
        run_until(app, lambda: table.hint.hint is not None, 5)
        table.draw(pygame.Surface(app.size))
        set_position(table, FOUR)
        quiet(table)
        table.coach.state.shown.discard("four_skip")
        step(app, 2)
        click(app, sprite_centre(table, C("4D")))
        run_until(app, lambda: table.coach.note is not None, 10)
        table.draw(pygame.Surface(app.size))
        assert table.coach.rect.bottom <= table.model.layout.hint.top
    finally:
        i18n.set_language("en")


def test_the_notes_button_fits_its_words_in_tagalog(make_app):
    from craits.ui.widgets.textcache import text_surface

    app = make_app()
    table = start(app, ["human", "easy", "easy"])
    set_position(table, FOUR)
    quiet(table)
    step(app, 2)
    table.coach.state.shown.discard("four_skip")
    click(app, sprite_centre(table, C("4D")))
    run_until(app, lambda: table.coach.note is not None, 10)
    try:
        i18n.set_language("tl")
        table.coach.place(table.model.layout, table.buttons.theme)
        label = i18n.t("coach.dismiss")
        lay = table.model.layout
        words = text_surface(label, lay.px(16), (0, 0, 0), bold=True).get_width()
        assert table.coach.button.label == label
        assert table.coach.button.rect.width >= words + lay.px(16)
    finally:
        i18n.set_language("en")
