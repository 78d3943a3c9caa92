"""After a hint to play an 8, Enter plays it and the suit dialog opens on the suit the hint
named: a second Enter takes the hint whole."""

from __future__ import annotations

import pygame
from table_harness import press, run_until, set_position, step

from craits.engine import Play
from craits.engine import events as ev
from craits.engine.notation import read_card, read_suit
from craits.review.hint import Hint
from craits.review.messages import Message
from craits.ui.dialogs.suit_dialog import SuitDialog


def test_the_hinted_suit_is_the_dialogs_focus(make_app):
    app = make_app()
    app.new_game(app.seats_for(["human", "easy"]), None, 5)
    table = app.current_table()
    run_until(app, lambda: not table.chor.busy and not table.match.cut_pending
              and (app.scenes.top is table or isinstance(app.scenes.top, SuitDialog)), 60)
    # Only the 8 fits; the hint names hearts (not spades, the dialog's first tile).
    set_position(table, {"hands": [["8S", "KH", "QH", "JH", "4H"], ["QC", "4D", "JS"]],
                         "draw_pile": ["5S", "7C", "6C"], "discard": ["3D", "5D"], "turn": 0})
    step(app, 2)
    # The hint as the helper answers it (its reasoning is the review's to test).
    hinted = Play(read_card("8S"), read_suit("H"))
    table.hint.position = (table.session.version, 0)
    table.hint.hint = Hint(hinted, "hint.draw", {}, Message("hint.draw"))
    step(app, 2)
    assert table.hand.hand()[table.hand.focus].code == hinted.card
    press(app, pygame.K_RETURN)
    dialog = app.scenes.top
    assert isinstance(dialog, SuitDialog)
    assert dialog.options[dialog.selected] == hinted
    press(app, pygame.K_RETURN)
    chosen = [e for e in table.session.events if isinstance(e, ev.SuitChosen)]
    assert chosen and chosen[-1].suit == hinted.suit


def test_without_a_hint_the_dialog_opens_on_its_first_suit(make_app):
    app = make_app()
    app.new_game(app.seats_for(["human", "easy"]), None, 5)
    table = app.current_table()
    run_until(app, lambda: not table.chor.busy and not table.match.cut_pending
              and (app.scenes.top is table or isinstance(app.scenes.top, SuitDialog)), 60)
    set_position(table, {"hands": [["8S", "KH", "QH", "JH", "4H"], ["QC", "4D", "JS"]],
                         "draw_pile": ["5S", "7C", "6C"], "discard": ["3D", "5D"], "turn": 0})
    step(app, 2)
    table.hand.keyboard = True
    press(app, pygame.K_RETURN)
    dialog = app.scenes.top
    assert isinstance(dialog, SuitDialog) and dialog.selected == 0
