"""The table's log: one line per action, a 6 says its player plays again, it scrolls back over
the round and the one before, and Continue reads it back from the saved game."""

from __future__ import annotations

import pygame
from table_harness import press, run_until, step
from test_ui_table import settle, start_table

from craits import i18n
from craits.engine import events as ev
from craits.engine.notation import read_card as parse_card
from craits.ui.tabletop.choreographer import Choreographer
from craits.ui.tabletop.model import TableModel


def _texts(table) -> list[str]:
    return [text for _, text in table.chor.log.recent(table.match.viewer, 400, 0)]


def _play_a_while(app, table, actions: int = 12) -> None:
    """The viewer plays its first legal action a few times; a round's end is seen through."""
    for _ in range(actions):
        run_until(app, lambda: table.match.my_turn() or app.scenes.top is not table, 60)
        if app.scenes.top is not table:  # the scoreboard: on to the next round
            step(app, 40)
            press(app, pygame.K_RETURN)
            run_until(app, lambda: app.scenes.top is table, 60)
            continue
        table.match.act(table.match.view().legal[0])
        step(app, 2)
    run_until(app, lambda: not table.chor.busy and app.scenes.top is table, 60)


def test_a_six_says_its_player_plays_again():
    i18n.set_language("en")
    model = TableModel(3, (1280, 800), bottom_seat=0, viewer=0)
    chor = Choreographer(model, ["You", "Ada", "Ben"], speed="instant", viewer=0)
    chor.feed([ev.CardsDealt(1, None, 3)])
    chor.finish()
    chor.feed([ev.CardPlayed(1, parse_card("6H"), 0)])
    chor.finish()
    assert chor.log.recent(0, 1)[0][1] == "Ada played 6♥ — Ada plays again"


def test_the_log_scrolls_back_and_forth(make_app):  # noqa: F811
    app = make_app()
    table = start_table(app, ["human", "easy", "easy"], seed=5)
    settle(app, table)
    _play_a_while(app, table)
    newest = table.chor.log.recent(0, 8)
    press(app, pygame.K_PAGEUP)
    older = table.chor.log.recent(0, 8)
    assert older != newest and older[-1][0] < newest[-1][0]
    press(app, pygame.K_PAGEDOWN)
    assert table.chor.log.recent(0, 8) == newest


def test_continue_reads_the_log_back_from_the_save(make_app):  # noqa: F811
    app = make_app()
    table = start_table(app, ["human", "easy", "easy"], seed=5)
    settle(app, table)
    _play_a_while(app, table)
    before = _texts(table)
    app.autosaver.flush()
    app.shutdown()
    again = make_app()
    assert again.continue_game()
    resumed = again.current_table()
    after = _texts(resumed)
    assert len(before) > 5 and after[-len(before):] == before[-len(after):]
    assert after[-5:] == before[-5:]
