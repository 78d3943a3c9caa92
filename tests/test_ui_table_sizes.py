"""The 2-seat scoreboard has no tall, empty rows."""

from __future__ import annotations

import pygame
from table_harness import run_until, set_position, step

from craits.engine import Play
from craits.engine.notation import read_card
from craits.ui.dialogs.suit_dialog import SuitDialog
from craits.ui.table.scoreboard import ROW_MAX, ScoreboardScene


def test_the_two_seat_scoreboard_rows_are_no_taller_than_their_cards_need(make_app):
    app = make_app()
    app.new_game(app.seats_for(["human", "easy"]), None, 5)
    table = app.current_table()
    run_until(app, lambda: not table.chor.busy and not table.match.cut_pending
              and (app.scenes.top is table or isinstance(app.scenes.top, SuitDialog)), 60)
    set_position(table, {"hands": [["KH"], ["QC", "4D", "JS", "8H", "3S"]],
                         "draw_pile": ["5S", "7C"], "discard": ["3D", "KD"], "turn": 0})
    step(app, 2)
    assert table.match.act(Play(read_card("KH")))
    run_until(app, lambda: isinstance(app.scenes.top, ScoreboardScene), 30)
    board = app.scenes.top
    th = board.theme
    panel = board.panel_rect()
    # the title, the headings, the buttons and two rows of at most ROW_MAX (1 px a rounding)
    assert panel.height <= th.px(64 + 28 + 34 + 2 * ROW_MAX) + th.button_height + 2
    assert panel.height < app.size[1] * 0.7  # was 86% of the window, half of it empty
    # Everything still fits: the buttons inside the panel, below the rows.
    assert panel.contains(board.next_button.rect)
    assert board.next_button.rect.top > panel.top + th.px(64 + 28) + 2 * th.px(100)
    board.draw(pygame.Surface(app.size))
