"""The table's log: one line per action, a 6 says its player plays again, it scrolls back over
the round and the one before, and Continue reads it back from the saved game."""

from __future__ import annotations

import pygame
import pytest
from table_harness import press, run_until, step
from test_ui_table import settle, start_table

from craits import i18n
from craits.engine import events as ev
from craits.engine.notation import read_card as parse_card
from craits.ui.cards.painter import CardPainter
from craits.ui.tabletop.choreographer import Choreographer
from craits.ui.tabletop.model import TableModel
from craits.ui.tabletop.painter import TablePainter


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
    assert chor.log.recent(0, 1)[0][1] == "Ada played 6♥ and plays again"


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


def test_scrolled_back_the_view_stays_and_says_so_until_the_jump_to_now(make_app):
    app = make_app()
    table = start_table(app, ["human", "easy", "easy"], seed=5)
    settle(app, table)
    _play_a_while(app, table)
    log = table.chor.log
    assert table.frame().log_newer == 0  # following play: no marker
    press(app, pygame.K_PAGEUP)
    shown = log.recent(0, 8)
    assert table.frame().log_newer == 3
    _play_a_while(app, table, 3)  # play goes on: the same lines stay in view
    assert log.recent(0, 8) == shown
    newer = table.frame().log_newer
    assert newer > 3
    surface = pygame.Surface(app.size)
    table.draw(surface)  # the marker is drawn in its place
    lay = table.model.layout
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=lay.log_marker.center,
                                         button=1))
    step(app, 1)
    assert table.frame().log_newer == 0 and log.recent(0, 1)[-1][0] > shown[-1][0]
    press(app, pygame.K_PAGEUP)
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_END,
                                         mod=pygame.KMOD_CTRL, unicode="", scancode=0))
    step(app, 1)
    assert table.frame().log_newer == 0


def test_an_entry_longer_than_the_panel_shows_its_start(make_app):
    app = make_app(size=(960, 600))
    table = start_table(app, ["human", "easy"], seed=5)
    settle(app, table)
    lay = table.model.layout
    painter = TablePainter(CardPainter(app.card_art, "classic"))
    line_h = round(lay.tx(15) * 1.3)

    def drawn(lines):
        surface = pygame.Surface(app.size)
        surface.fill((0, 0, 0))
        painter.draw_log(surface, lay.log, lines, lay.tx)
        return surface.subsurface(lay.log).copy()

    long_text = "Start " + " ".join(f"w{i}" for i in range(600))
    whole = drawn([(1, "First"), (2, long_text)])
    start = drawn([(2, "Start")])
    # The panel is full, its top rows hold the entry's first words (as "Start" alone would
    # sit at the bottom, compare the first row drawn with "Start" drawn on the first row).
    first_row = next(y for y in range(whole.get_height())
                     if pygame.transform.average_color(whole.subsurface(
                         (0, y, whole.get_width(), 1)))[:3] != (0, 0, 0))
    assert first_row < 2 * line_h
    start.set_colorkey((0, 0, 0))
    word = start.get_bounding_rect()  # "Start" as drawn alone
    shifted = word.move(0, first_row - word.top)
    assert pygame.image.tobytes(whole.subsurface(shifted), "RGB") == \
        pygame.image.tobytes(start.subsurface(word), "RGB")


@pytest.mark.parametrize("size", [(960, 600), (1600, 1000)])
def test_the_log_holds_the_whole_last_turn_round(make_app, size):
    """Five seats, the smallest and a large window: when the viewer's turn comes round, every
    entry since their last move fits the panel, wrapped as it is drawn."""
    from craits.ui.tabletop.painter import _wrap

    app = make_app(size=size)
    table = start_table(app, ["human", "easy", "medium", "easy", "medium"], seed=5)
    settle(app, table)
    lay = table.model.layout
    text_size = lay.tx(15)
    room = lay.log.height // round(text_size * 1.3)
    checked = 0
    for _ in range(6):
        _play_a_while(app, table, 1)
        run_until(app, lambda: table.match.my_turn() or app.scenes.top is not table, 60)
        if app.scenes.top is not table:
            break
        entries = _texts(table)
        mine = [i for i, text in enumerate(entries) if text.startswith("You ")]
        if len(mine) < 1:
            continue
        since = entries[mine[-1]:]
        rows = sum(len(_wrap(text, text_size, lay.log.width, (255, 255, 255))) for text in since)
        assert rows <= room, (since, rows, room)
        checked += 1
    assert checked >= 2
