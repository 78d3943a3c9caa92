"""Saying "Last card!" together with the play that leaves one card: the toggle beside the
hand, or Shift held with the click, so no computer can be quicker."""

from __future__ import annotations

import pygame
import pytest
from table_harness import click, run_until, set_position, sprite_centre, step
from test_ui_table import settle, start_table

from craits.engine.notation import read_card as parse_card

C = parse_card


def two_cards() -> dict:
    """The human (seat 0) holds K♥ 3♥ on 5♥; the others hold clubs only."""
    return {
        "hands": [["KH", "3H"], ["2C", "3C", "4C"], ["5C", "6C", "7C"]],
        "draw_pile": ["9C", "10C", "JC", "QC", "AC", "9S", "10S", "JS", "QS"],
        "discard": ["4D", "5H"],
        "turn": 0,
        "dealer": 2,
    }


def _table(make_app):  # noqa: F811
    app = make_app()
    table = start_table(app, ["human", "easy", "easy"])
    settle(app, table)
    set_position(table, two_cards())
    step(app, 2)
    return app, table


def test_the_armed_toggle_announces_with_the_play(make_app):  # noqa: F811
    app, table = _table(make_app)
    assert table.buttons.arm.visible and not table.buttons.last_armed
    click(app, table.buttons.arm.rect.center)
    assert table.buttons.last_armed and table.buttons.arm.label.startswith("✓")
    click(app, sprite_centre(table, C("KH")))
    state = table.session.match.state
    assert len(state.hands[0]) == 1 and state.announced[0] and state.window is None
    assert not table.buttons.last_armed


def test_shift_with_the_click_announces_too(make_app, monkeypatch):  # noqa: F811
    app, table = _table(make_app)
    monkeypatch.setattr(pygame.key, "get_mods", lambda: pygame.KMOD_LSHIFT)
    click(app, sprite_centre(table, C("KH")))
    assert table.session.match.state.announced[0]


def test_without_arming_the_play_leaves_the_window_open(make_app):  # noqa: F811
    app, table = _table(make_app)
    click(app, sprite_centre(table, C("KH")))
    state = table.session.match.state
    assert not state.announced[0] and state.window == 0
    run_until(app, lambda: not table.chor.busy, 10)
    assert table.buttons.last_card.visible and not table.buttons.arm.visible


@pytest.mark.parametrize("lang", ["en", "tl"])
def test_the_toggle_fits_its_place(make_app, lang):  # noqa: F811
    from craits import i18n

    app, table = _table(make_app)
    i18n.set_language(lang)
    table.on_enter()
    surface = pygame.Surface(app.size)
    table.draw(surface)
    arm, lay = table.buttons.arm, table.model.layout
    assert arm.rect == lay.last_card_button  # beside the hand of two cards
    assert pygame.Rect((0, 0), app.size).contains(arm.rect)
    assert not arm.rect.colliderect(lay.button_rect(2, 3))
