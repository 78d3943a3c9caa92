"""The hand's order: by suit then rank, by rank, by points (what a card scores if kept), or as
the player arranges it (drag along the hand, or Shift + an arrow); remembered in the settings
across a restart; the number keys and K (speech) follow the order shown."""

from __future__ import annotations

import dataclasses

import pygame
import pytest
from table_harness import press, run_until, set_position, step

from craits.engine import Play
from craits.engine.notation import read_card
from craits.persistence.settings import HAND_ORDERS, SettingsStore
from craits.ui.dialogs.suit_dialog import SuitDialog
from craits.ui.tabletop.model import order_key
from craits.ui.tabletop.sprites import CardSprite

HAND = ["KH", "3C", "AS", "KD", "7H", "2S", "QC"]
DOC = {"hands": [HAND, ["QS", "4D", "JS"]], "draw_pile": ["6C", "7S", "5H"],
       "discard": ["3D", "9C"], "turn": 1}  # the computer's turn: the hand is at rest

WANTED = {
    "suit": ["AS", "2S", "7H", "KH", "3C", "QC", "KD"],
    "rank": ["AS", "2S", "3C", "7H", "QC", "KH", "KD"],
    "points": ["2S", "7H", "KH", "QC", "KD", "AS", "3C"],
}


def shown(table) -> list[int]:
    return [s.code for s in table.hand.hand()]


def cards(names) -> list[int]:
    return [read_card(n) for n in names]


def table_with(make_app, order):
    app = make_app(speed="instant")
    app.settings = dataclasses.replace(app.settings, hand_order=order, forced_moves=False)
    app.new_game(app.seats_for(["human", "easy"]), None, 5)
    table = app.current_table()
    run_until(app, lambda: not table.chor.busy and not table.match.cut_pending
              and (app.scenes.top is table or isinstance(app.scenes.top, SuitDialog)), 60)
    set_position(table, DOC)
    return app, table


@pytest.mark.parametrize("order", ["suit", "rank", "points"])
def test_each_order_sorts_the_hand(order):
    assert sorted(cards(HAND), key=lambda c: order_key(order, c)) == cards(WANTED[order])


@pytest.mark.parametrize("order", ["suit", "rank", "points"])
def test_the_table_shows_the_hand_in_the_chosen_order(make_app, order):
    app, table = table_with(make_app, order)
    assert shown(table) == cards(WANTED[order])


def test_each_order_is_remembered_across_a_restart_and_reorders_the_table(make_app, tmp_path):
    app, table = table_with(make_app, "suit")
    for order in HAND_ORDERS:
        app.settings = dataclasses.replace(app.settings, hand_order=order)
        app.save_settings()
        assert SettingsStore(tmp_path).load()[0].hand_order == order
        table.on_enter()  # back from the settings screen
        if order != "manual":
            assert shown(table) == cards(WANTED[order])
    assert shown(table) == cards(WANTED["points"])  # by hand keeps the order it was in


def test_shift_right_moves_the_focused_card_and_the_order_becomes_by_hand(make_app, tmp_path):
    app, table = table_with(make_app, "suit")
    set_position(table, {**DOC, "turn": 0, "discard": ["3D", "4S"]})  # the spades fit
    step(app, 2)
    table.hand.keyboard = True
    table.hand.focus = 0
    for _ in range(2):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT,
                                             mod=pygame.KMOD_SHIFT, unicode="", scancode=0))
        step(app, 2)
    assert shown(table) == cards(["2S", "7H", "AS", "KH", "3C", "QC", "KD"])
    assert table.hand.focus == 2  # the focus went with the card
    assert app.settings.hand_order == "manual"
    assert SettingsStore(tmp_path).load()[0].hand_order == "manual"
    # The number keys count the order shown: 1 picks the 2 of spades now.
    press(app, pygame.K_1)
    assert table.hand.focus == 0 and shown(table)[0] == read_card("2S")
    # A card that arrives joins the arrangement on the right.
    model = table.model
    model.add_to_hand(0, CardSprite(read_card("5H"), model.seat_point(0), model.layout.card),
                      0.1)
    assert shown(table) == cards(["2S", "7H", "AS", "KH", "3C", "QC", "KD", "5H"])


def test_dragging_a_card_along_the_hand_puts_it_there(make_app):
    app, table = table_with(make_app, "rank")
    hand = table.hand.hand()
    first, last = hand[0], hand[-1]
    start = (round(first.x), round(first.y - first.lift))
    end = (round(last.x) + 4, round(last.y))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start, rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    step(app, 1)
    for i in range(1, 11):
        pos = (start[0] + (end[0] - start[0]) * i // 10, start[1] + (end[1] - start[1]) * i // 10)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(1, 0, 0)))
        step(app, 1)
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    step(app, 2)
    rank = cards(WANTED["rank"])
    assert shown(table) == [*rank[1:], rank[0]]
    assert app.settings.hand_order == "manual"
    assert not any(r.get("player") == 0 for r in table.session.records)  # nothing played


def test_k_says_the_hand_in_the_order_shown(make_app):
    app, table = table_with(make_app, "rank")
    step(app, 2)
    said = table.speech.state(pygame.K_k)
    names = ["ace of spades", "two of spades", "three of clubs", "seven of hearts"]
    positions = [said.lower().find(n) for n in names]
    assert -1 not in positions and positions == sorted(positions), said
    table.app.settings = dataclasses.replace(table.app.settings, hand_order="suit")
    table.on_enter()
    step(app, 2)
    assert "Spades" in table.speech.state(pygame.K_k) or "spades," in \
        table.speech.state(pygame.K_k).lower()


def test_a_card_taken_back_returns_to_its_place_in_an_arranged_hand(make_app):
    app, table = table_with(make_app, "suit")
    assert table.model.move_in_hand(6, 0)  # the king of diamonds first
    doc = {**DOC, "turn": 0, "discard": ["3D", "9D"]}
    set_position(table, doc)
    before = shown(table)
    assert before[0] == read_card("KD")
    assert table.match.act(Play(read_card("KD")))
    run_until(app, lambda: not table.chor.busy, 10)
    assert read_card("KD") not in shown(table)
    set_position(table, doc)  # the position before the play again, as undo shows it
    assert shown(table) == before


def _arrange_dealt_hand(make_app):
    """A new game at rest, the dealt hand arranged by hand (the last card first, the first
    card last, by Shift + arrows as a player would)."""
    app = make_app(speed="instant")
    app.settings = dataclasses.replace(app.settings, hand_order="suit", forced_moves=False)
    app.new_game(app.seats_for(["human", "easy"]), None, 5)
    table = app.current_table()
    run_until(app, lambda: not table.chor.busy and not table.match.cut_pending
              and app.scenes.top is table, 60)
    table.hand.keyboard = True
    table.hand.focus = len(shown(table)) - 1
    for _ in range(len(shown(table)) - 1):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LEFT,
                                             mod=pygame.KMOD_SHIFT, unicode="", scancode=0))
        step(app, 1)
    table.hand.focus = 1
    for _ in range(len(shown(table)) - 2):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT,
                                             mod=pygame.KMOD_SHIFT, unicode="", scancode=0))
        step(app, 1)
    step(app, 2)
    return app, table


def test_an_arranged_hand_comes_back_as_arranged_on_continue_and_after_a_restart(make_app):
    app, table = _arrange_dealt_hand(make_app)
    arranged = shown(table)
    suit_order = sorted(arranged, key=lambda c: order_key("suit", c))
    assert arranged != suit_order and arranged[0] == suit_order[-1] \
        and arranged[-1] == suit_order[0]
    assert not table.session.records or table.session.records[-1].get("player") != 0

    app.show_title()  # the menu's "Quit to title"
    assert app.continue_game()
    assert shown(app.current_table()) == arranged
    app.shutdown()

    again = make_app(speed="instant")  # the app started again
    assert again.continue_game()
    assert again.settings.hand_order == "manual"
    assert shown(again.current_table()) == arranged


def test_an_arrangement_of_a_past_round_is_not_put_on_a_new_hand(make_app):
    app, table = _arrange_dealt_hand(make_app)
    model = table.model
    model.round_index += 1  # the next round's deal
    assert model.arranged == []
    new_hand = sorted(shown(table), key=lambda c: order_key("rank", c))
    model.dealt(new_hand)
    assert model.arranged == sorted(new_hand, key=lambda c: order_key("suit", c))


def test_a_save_without_an_arrangement_or_with_a_damaged_one_still_loads():
    from craits.seat import Seat
    from craits.session import Session

    session = Session([Seat("human", "Ana"), Seat("easy", "Bo")], seed=3)
    data = session.to_save()
    assert "arranged" not in data  # nothing arranged: the save is as before
    assert Session.from_save(data).arranged == {}
    hand = list(session.view(0).hand)
    good = {"seat": 0, "round": 0, "cards": hand[::-1]}
    damaged = [good, {"seat": 1, "round": -1, "cards": [1]}, {"seat": 0, "cards": "x"}, 7,
               {"seat": 9, "round": 0, "cards": [2, 2]}]
    loaded = Session.from_save({**data, "arranged": damaged})
    assert loaded.arranged == {0: (0, tuple(hand[::-1]))}
    assert Session.from_save({**data, "arranged": "nonsense"}).arranged == {}
    assert Session.from_save(loaded.to_save()).arranged == loaded.arranged


def test_in_pass_and_play_each_player_keeps_their_own_arrangement():
    from craits.ui.tabletop.model import TableModel

    model = TableModel(2, (1280, 800), bottom_seat=0, viewer=0)
    model.hand_order = "manual"
    model.arranged = cards(["KD", "2S", "7H"])
    model.set_bottom(1, 1)  # handed to the other player
    assert model.arranged == []
    model.arranged = cards(["QC", "3C"])
    model.set_bottom(0, 0)
    assert model.arranged == cards(["KD", "2S", "7H"])
    assert model.arrangements[1] == (0, cards(["QC", "3C"]))
