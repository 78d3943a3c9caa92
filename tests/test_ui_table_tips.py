"""First-game tips arrive on time and in order: each shows while the situation it is about is
still on the table (no move has been made since), in the order things happened; a tip whose
moment has passed before it could show waits for the situation to come again."""

from __future__ import annotations

import pygame
from app_driver import FRAME, StandInPlayer, post_key

from craits.review.coaching import FirstsScanner
from craits.ui.table.scene import TableScene


def occurrences(events) -> list[tuple[str, int]]:
    """Every tip's situation in ``events``: (tip, index of the event it is about)."""
    scanner, out = FirstsScanner(), []
    for index, event in enumerate(events):
        out.extend((note.id, index) for note in scanner.scan([event]))
    return out


def test_each_tip_shows_while_its_situation_is_on_the_table_and_in_order(make_app):
    app = make_app(speed="normal")
    app.new_game(app.seats_for(["human", "easy", "easy", "easy"]), None, 7)
    player = StandInPlayer(3)
    shown: list[tuple[str, int]] = []
    table: TableScene | None = None
    for _ in range(40_000):
        table = app.current_table()
        note = table.coach.note if table is not None else None
        if note is not None and (not shown or shown[-1][0] != note.id):
            session = table.session
            about = [i for tip, i in occurrences(session.events) if tip == note.id]
            assert about, note.id
            # The last time it happened, and nothing was played, drawn or dealt since.
            assert max(session.batches) <= about[-1], \
                f"the tip {note.id!r} came after its moment ({len(shown)} shown before)"
            assert not table.chor.busy  # once the cards show what happened
            shown.append((note.id, about[-1]))
            if len(shown) >= 8:
                break
        player.act(app)
        app.step(FRAME)
    assert len(shown) >= 8, shown
    assert [i for _, i in shown] == sorted(i for _, i in shown)


def a_panel(make_app):
    from craits.review import CoachState
    from craits.ui.table.coach_panel import CoachPanel

    app = make_app()
    app.new_game(app.seats_for(["human", "easy", "easy"]), None, 2)
    table = app.current_table()
    log: list = []
    return CoachPanel(CoachState(), log, table.model.layout, table.buttons.theme,
                      lambda intent: True), log


def test_a_tip_whose_moment_passed_waits_for_the_next_time_and_holds_the_table_meanwhile(
        make_app):
    from craits.engine import events as ev
    from craits.ui.table.coach_panel import NOTE_HOLD_SECONDS

    panel, log = a_panel(make_app)
    log.append(ev.PlayerSkipped(1, "four"))
    assert panel.take(log, [0])
    assert [n.id for n in panel.waiting] == ["four_skip"] and panel.holding
    log.append(ev.Passed(0))  # the player moved on before the cards came to rest
    panel.take(log, [0, 1])
    panel.update(0.1, cards_moving=False)
    assert panel.note is None and not panel.waiting and not panel.holding
    assert "four_skip" not in panel.state.shown  # not used up: it comes next time
    log.append(ev.PlayerSkipped(2, "four"))
    panel.take(log, [0, 1, 2])
    panel.update(0.1, cards_moving=True)
    assert panel.note is None and panel.holding  # shown once the cards show it
    panel.update(0.1, cards_moving=False)
    assert panel.note is not None and panel.note.id == "four_skip" and panel.note.player == 2
    panel.update(NOTE_HOLD_SECONDS, cards_moving=False)
    assert panel.note is not None and not panel.holding  # read: the game goes on under it


def test_a_tip_about_a_move_taken_back_is_not_shown(make_app):
    from craits.engine import events as ev

    panel, log = a_panel(make_app)
    log.extend([ev.Passed(1), ev.PlayerSkipped(2, "four")])
    panel.take(log, [0, 1])
    assert [n.id for n in panel.waiting] == ["four_skip"]
    replayed = log[:1]  # undo: the log replayed without the move
    panel.take(replayed, [0])
    assert not panel.waiting and "four_skip" not in panel.state.shown
    replayed.append(ev.PlayerSkipped(1, "four"))  # the player's new move
    panel.take(replayed, [0, 1])
    assert [(n.id, n.player) for n in panel.waiting] == [("four_skip", 1)]


def test_a_tip_about_the_first_deal_shows_before_anyone_plays(make_app):
    """The turned-up card of a new game's first deal (here a 10: the other player is
    skipped) is coached then, not swallowed with the deal and shown the next time."""
    app = make_app(speed="normal")
    app.new_game(app.seats_for(["human", "easy"]), None, 5)
    table = app.current_table()
    cut_seen = False
    for _ in range(3000):
        if table.coach.note is not None:
            break
        if app.scenes.top is not table:  # the cut
            cut_seen = True
            post_key(pygame.K_RETURN)
        app.step(FRAME)
    assert table.coach.note is not None and table.coach.note.id in ("ten_skip", "starter")
    assert cut_seen and not table.chor.busy  # after the cut, once the deal is on the table
    assert not table.session.records  # and before anyone played


def test_while_a_tip_holds_the_table_the_plates_show_whose_turn_it_is(make_app):
    """A tip holds the computers while it is read; the plates meanwhile show the player to
    act (the glow, and the dots of a computer thinking), never the one who just played."""
    app = make_app(speed="normal")
    app.new_game(app.seats_for(["human", "medium", "medium", "medium"]), None, 4)
    held = 0
    for _ in range(1200):
        table = app.current_table()
        if app.scenes.top is not table:
            post_key(pygame.K_RETURN)  # the cut
        elif not table.chor.busy and not table.match.my_turn():
            view = table.match.view()
            frame = table.frame()
            if view is not None and frame.thinking is not None:
                assert frame.thinking == view.turn == table.model.turn
                held += table.coach.holding
        if table is not None and table.match.my_turn():
            break
        app.step(FRAME)
    assert held > 30  # frames a tip held the table while a computer was to play
