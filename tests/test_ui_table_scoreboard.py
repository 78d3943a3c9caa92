"""The scoreboard is always seen: the press that ended the round cannot skip it, nothing counts
in its first second, and its Menu (Esc) leads out of the table."""

from __future__ import annotations

import pygame
from table_harness import FRAME, click, run_until, set_position, step

from craits.ui.dialogs.suit_dialog import SuitDialog
from craits.ui.menus.title import TitleScene
from craits.ui.table.pause import PauseScene
from craits.ui.table.scoreboard import SETTLE, ScoreboardScene


def key_down(key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))


def key_up(key: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))


def table_at_last_card(make_app):
    """A human to play their last card (a 6 ends the round: nothing answers it)."""
    app = make_app()
    app.new_game(app.seats_for(["human", "easy"]), None, 5)
    table = app.current_table()
    run_until(app, lambda: not table.chor.busy and not table.match.cut_pending
              and (app.scenes.top is table or isinstance(app.scenes.top, SuitDialog)), 60)
    set_position(table, {"hands": [["KH"], ["QC", "4D", "JS"]], "draw_pile": ["5S", "7C"],
                         "discard": ["3D", "KD"], "turn": 0})
    step(table.app, 2)
    return app, table


def end_round_by_enter(app, table) -> ScoreboardScene:
    """Enter goes down on the focused last card and stays down while the board appears."""
    key_down(pygame.K_RETURN)  # the first press shows the focus
    step(app, 2)
    key_up(pygame.K_RETURN)
    step(app, 2)
    key_down(pygame.K_RETURN)  # plays the card; not let go
    run_until(app, lambda: isinstance(app.scenes.top, ScoreboardScene), 30)
    board = app.scenes.top
    assert isinstance(board, ScoreboardScene)
    board.autoplay = False
    return board


def test_a_key_not_held_goes_on_once_the_board_has_settled(make_app):
    app, table = table_at_last_card(make_app)
    board = end_round_by_enter(app, table)
    run_until(app, lambda: board.age >= SETTLE + 0.5, 5)
    key_down(pygame.K_RETURN)  # the same press, repeated by a keyboard or a second device
    key_down(pygame.K_SPACE)  # Space was not held: it is a fresh press, so it goes on
    step(app, 2)
    assert app.scenes.top is not board


def test_a_held_enter_counts_again_only_once_let_go(make_app):
    app, table = table_at_last_card(make_app)
    board = end_round_by_enter(app, table)
    run_until(app, lambda: board.age >= SETTLE + 0.5, 5)
    for _ in range(3):
        key_down(pygame.K_RETURN)
        step(app, 3)
    assert app.scenes.top is board
    key_up(pygame.K_RETURN)
    key_down(pygame.K_RETURN)
    step(app, 2)
    assert app.scenes.top is not board


def test_nothing_counts_in_the_first_second(make_app):
    app, table = table_at_last_card(make_app)
    board = end_round_by_enter(app, table)
    key_up(pygame.K_RETURN)
    step(app, 1)
    while board.age + 3 * FRAME < SETTLE:
        for key in (pygame.K_RETURN, pygame.K_SPACE, pygame.K_KP_ENTER):
            key_down(key)
            key_up(key)
        click(app, board.next_button.rect.center)
        assert app.scenes.top is board
    run_until(app, lambda: board.age >= SETTLE, 2)
    click(app, board.next_button.rect.center)
    assert app.scenes.top is not board


def test_the_boards_menu_leads_out_of_the_table(make_app):
    app, table = table_at_last_card(make_app)
    board = end_round_by_enter(app, table)
    key_up(pygame.K_RETURN)
    run_until(app, lambda: board.age >= SETTLE, 2)
    key_down(pygame.K_ESCAPE)
    key_up(pygame.K_ESCAPE)
    step(app, 2)
    menu = app.scenes.top
    assert isinstance(menu, PauseScene)
    step(app, 30)
    assert app.scenes.top is menu  # the board does not go on under the menu
    menu.buttons[-1].activate()  # quit to the title
    step(app, 2)
    assert isinstance(app.scenes.top, TitleScene) and app.current_table() is None
