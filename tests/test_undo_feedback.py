"""Undo is seen: the card taken back flies from the discard pile to its place in the hand, a
banner by the hand says the move was taken back, and the Undo button sits by the hand."""

from __future__ import annotations

import pygame
from test_undo_table import hand_codes, key, start, to_plain_play

from craits import i18n
from craits.ui.tabletop.intents import PlayCard


def test_the_card_taken_back_flies_home_and_a_banner_says_so(make_app):
    app = make_app(speed="normal")
    table = start(app, ["human", "easy", "easy"])
    code = to_plain_play(app, table)
    shown = hand_codes(table)
    assert table.post(PlayCard(code))
    for _ in range(30):
        app.step(1 / 30)
    pile = table.model.discard[-1]
    assert pile.code == code
    key(app, pygame.K_u)
    assert hand_codes(table) == shown
    back = next(s for s in table.hand.hand() if s.code == code)
    assert back.moving  # on its way from the pile
    assert any(b.text == i18n.t("undo.taken_back") for b in table.model.banners)
    for _ in range(30):
        app.step(1 / 30)
    assert not back.moving
    slot = table.model.slots_for(0)[shown.index(code)]
    assert abs(back.x - slot.x) < 1 and abs(back.y - slot.y) < 1


def test_the_undo_button_sits_by_the_hand(make_app):
    app = make_app()
    table = start(app, ["human", "easy", "easy"])
    code = to_plain_play(app, table)
    assert table.post(PlayCard(code))
    app.step(1 / 30)
    button = table.buttons.undo.rect
    lay = table.model.layout
    assert button.colliderect(lay.hand_area.inflate(0, lay.px(80)))  # beside the hand
    assert button.bottom <= lay.size[1] and button.right <= lay.buttons.left
