"""A new round takes no key that was pressed or held before its hand was seen: Enter pressed
in the last round's stride (every 0.3 s, through the round's end, the scoreboard and the new
deal) plays nothing, and the first fresh press after the hand was shown does."""

from __future__ import annotations

import pygame
import pytest
from table_harness import FRAME, run_until, set_position, step

from craits.engine import events as ev
from craits.ui.dialogs.suit_dialog import SuitDialog
from craits.ui.table.scoreboard import ScoreboardScene
from craits.ui.tabletop.hand_input import NEW_HAND_SETTLE

SEEDS = (6, 7, 8, 10)  # each played or drew in the new round before the hand was seen


def key(kind: int, code: int = pygame.K_RETURN) -> None:
    pygame.event.post(pygame.event.Event(kind, key=code, mod=0, unicode="", scancode=0))


def round_two_actions(table) -> list[ev.Event]:
    """What the viewer did in the newest round."""
    events = table.session.events
    start = max(i for i, e in enumerate(events) if isinstance(e, ev.RoundStarted))
    mine = (ev.CardPlayed, ev.Passed, ev.SuitChosen)
    return [
        e
        for e in events[start:]
        if getattr(e, "player", None) == 0
        and (
            isinstance(e, mine) or (isinstance(e, ev.CardsDrawn) and e.reason in ("turn", "crank"))
        )
    ]


def table_at_last_card(make_app, seed):
    app = make_app()
    app.new_game(app.seats_for(["human", "easy"]), None, seed)
    table = app.current_table()
    run_until(
        app,
        lambda: (
            not table.chor.busy
            and not table.match.cut_pending
            and (app.scenes.top is table or isinstance(app.scenes.top, SuitDialog))
        ),
        60,
    )
    set_position(
        table,
        {
            "hands": [["KH"], ["QC", "4D", "JS"]],
            "draw_pile": ["5S", "7C"],
            "discard": ["3D", "KD"],
            "turn": 0,
        },
    )
    step(app, 2)
    return app, table


def hand_at_rest(app, table) -> bool:
    return table.session.match.round_index == 1 and app.scenes.top is table and not table.chor.busy


@pytest.mark.parametrize("seed", SEEDS)
def test_enter_every_0_3_s_through_the_round_end_plays_nothing_in_the_new_round(make_app, seed):
    app, table = table_at_last_card(make_app, seed)
    table.hand.keyboard = True  # a keyboard player: the focus is on show
    presses, shown = 0, None
    # Enter down and up every 0.3 s: ends the round, dismisses the board once it has settled,
    # and goes on into the new deal until its hand has been on screen for a moment.
    while shown is None or shown < NEW_HAND_SETTLE - 0.2:
        assert presses < 60, "the next round was never dealt"
        for frame in range(9):
            if frame < 2:
                key(pygame.KEYUP if frame else pygame.KEYDOWN)
            step(app, 1)
            if shown is not None:
                shown += FRAME
            elif hand_at_rest(app, table):
                shown = 0.0
        presses += 1
        if isinstance(app.scenes.top, ScoreboardScene):
            app.scenes.top.autoplay = False
    assert table.session.match.round_index == 1
    assert round_two_actions(table) == []
    assert not isinstance(app.scenes.top, SuitDialog)  # no 8 was begun either
    # A fresh press once the hand has been seen plays as usual.
    run_until(app, lambda: table.match.my_turn() and bool(table.match.legal_plays()), 60)
    step(app, round(NEW_HAND_SETTLE / FRAME) + 2)
    assert table.hand.guard is None
    key(pygame.KEYDOWN)
    key(pygame.KEYUP)
    step(app, 2)
    assert round_two_actions(table) or isinstance(app.scenes.top, SuitDialog)


def test_a_key_held_from_the_last_round_counts_only_once_let_go(make_app):
    app, table = table_at_last_card(make_app, 5)
    table.hand.new_round({pygame.K_d})
    table.hand.seen(NEW_HAND_SETTLE + 0.1)
    assert not table.hand.takes(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0))
    assert table.hand.takes(pygame.event.Event(pygame.KEYUP, key=pygame.K_d, mod=0))
    assert table.hand.takes(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_d, mod=0))
    assert table.hand.guard is None


def test_esc_opens_the_menu_at_once_in_a_new_round(make_app):
    app, table = table_at_last_card(make_app, 5)
    table.hand.new_round(set())
    assert not table.hand.takes(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0))
    assert not table.hand.takes(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(5, 5), button=1))
    assert table.hand.takes(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))


def test_the_dealers_suit_for_a_turned_up_8_is_asked_once_the_new_hand_was_seen(make_app):
    app, table = table_at_last_card(make_app, 5)
    set_position(table, {"start": True, "dealer": 0, "hands": [["KS", "QS", "4H"], ["QC", "JD"]],
                         "draw_pile": ["4C", "5C"], "discard": ["8D"]})
    table.hand.new_round(set())  # as after the scoreboard
    step(app, round(NEW_HAND_SETTLE / FRAME) - 4)
    assert not isinstance(app.scenes.top, SuitDialog)  # Enter in stride cannot name a suit
    step(app, 8)
    assert isinstance(app.scenes.top, SuitDialog)
