"""The keyboard at the table: after a hint Enter plays the hinted card; the focus never rests
on a dimmed card; I with nobody to call says so; F1 lists announcing with the play, every row
in one font size."""

from __future__ import annotations

import pygame
import pytest
from table_harness import press, run_until, set_position, step
from test_ui_table_help import my_turn_with_a_choice, quiet, start

from craits import i18n
from craits.engine import Play
from craits.engine.notation import read_card as C
from craits.ui.controls_list import CONTROLS
from craits.ui.dialogs.suit_dialog import SuitDialog
from craits.ui.table.controls_help import ControlsScene
from craits.ui.tabletop.hand_input import Refusal
from craits.ui.widgets import fit_text


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")


MIXED = {"hands": [["3S", "KD", "9H", "QD", "4C", "JD"], ["2C", "3C", "5C"]],
         "draw_pile": ["4H", "5H"], "discard": ["7D", "8D"], "turn": 0}


def test_after_a_hint_enter_plays_the_hinted_card(make_app):
    app = make_app()
    table = start(app, ["human", "easy", "easy"], seed=4)
    for _ in range(30):  # a turn whose hint is a card other than where the focus is
        my_turn_with_a_choice(app, table)
        step(app, 2)
        press(app, pygame.K_END)
        press(app, pygame.K_h)
        run_until(app, lambda: table.hint.hint is not None, 10)
        step(app, 1)
        action = table.hint.hint.action
        if isinstance(action, Play) and table.hand.playable_indices()[-1] != \
                next(i for i, s in enumerate(table.hand.hand()) if s.code == action.card):
            break
        table.match.act(action)
    else:
        pytest.fail("no hint for a card away from the focus came up")
    press(app, pygame.K_RETURN)
    top = app.scenes.top
    if isinstance(top, SuitDialog):  # an 8 or a 9 asks for the suit first
        assert top.card == action.card
    else:
        assert action.card not in table.session.match.state.hands[0]


def playable_codes(table) -> set[int]:
    return {s.code for s in table.hand.hand() if s.code in table.hand.playable}


def test_the_focus_never_rests_on_a_dimmed_card(make_app):
    app = make_app()
    table = start(app, ["human", "easy"])
    set_position(table, MIXED)
    quiet(table)
    step(app, 2)
    seen = []
    for key in [pygame.K_RIGHT] * 8 + [pygame.K_LEFT] * 8 + [pygame.K_TAB] * 4 \
            + [pygame.K_HOME, pygame.K_END]:
        press(app, key)
        seen.append(table.hand.hand()[table.hand.focus].code)
        assert not table.hand.hand()[table.hand.focus].dim
    assert set(seen) == playable_codes(table) == {C("KD"), C("QD"), C("JD")}
    # A digit on a dimmed card says why and leaves the focus on a card that may be played.
    spade = next(i for i, s in enumerate(table.hand.hand()) if s.code == C("3S"))
    press(app, pygame.K_1 + spade)
    assert not table.hand.hand()[table.hand.focus].dim
    assert any(isinstance(b, Refusal) for b in table.model.banners)
    assert C("3S") in table.session.match.state.hands[0]


def test_i_with_nobody_to_call_says_so(make_app):
    app = make_app()
    table = start(app, ["human", "easy"])
    set_position(table, MIXED)
    quiet(table)
    step(app, 2)
    press(app, pygame.K_i)
    texts = [b.text for b in table.model.banners if isinstance(b, Refusal)]
    assert texts == [i18n.t("table.nobody_to_call")]


@pytest.mark.parametrize("language", [code for code, _ in i18n.available_languages()])
def test_the_controls_list_announcing_with_the_play_in_one_font_size(make_app, language):
    app = make_app(size=(960, 600))
    table = start(app, ["human", "easy"])
    del table
    i18n.set_language(language)
    overlay = ControlsScene(app)
    surface = pygame.Surface(app.size)
    overlay.draw(surface)
    rows = overlay.rows()
    assert (i18n.t("controls.keys_shift_play"), i18n.t("controls.does_shift_play")) in rows
    assert len(rows) == len(CONTROLS)
    size, boxes = overlay.row_boxes()
    th = overlay.theme
    assert size >= th.px(9)
    for (keys, does), (_, keys_box, does_box) in zip(rows, boxes, strict=True):
        # Every row fits whole at the one size: none shrunk or cut.
        assert not fit_text(keys, keys_box.width, keys_box.height, size, bold=True, wrap=True,
                            min_size=size).truncated
        assert not fit_text(does, does_box.width, does_box.height, size, wrap=True,
                            min_size=size).truncated
        assert overlay.panel.contains(keys_box) and overlay.panel.contains(does_box)
        assert keys_box.bottom <= overlay.close_button.rect.top


def test_the_controls_list_is_set_large_enough_to_read(make_app):
    i18n.set_language("en")
    app = make_app(size=(1280, 800))
    start(app, ["human", "easy"])
    overlay = ControlsScene(app)
    overlay.draw(pygame.Surface(app.size))
    size, _ = overlay.row_boxes()
    assert size >= overlay.theme.px(15)  # was 12


def test_while_the_suit_is_chosen_the_plate_counts_what_stays_in_hand(make_app):
    from craits.ui.table.view import seat_info

    app = make_app()
    table = start(app, ["human", "easy"])
    set_position(table, {"hands": [["8S", "KD", "3C"], ["2C", "3H", "5C"]],
                         "draw_pile": ["4H", "5H"], "discard": ["7D", "9D"], "turn": 0})
    quiet(table)
    step(app, 2)
    assert seat_info(table.frame(), 0).cards == 3
    table.play_card(C("8S"))
    step(app, 1)
    assert isinstance(app.scenes.top, SuitDialog)
    assert seat_info(table.frame(), 0).cards == 2
    app.scenes.top.dismiss(None)  # gone back: the 8 stays in hand
    step(app, 1)
    assert seat_info(table.frame(), 0).cards == 3
