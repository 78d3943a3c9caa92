"""The hint line above the hand, computed from a seat's view."""

import pytest

from craits import i18n
from craits.engine import seat_view
from craits.engine.scenario import parse_position
from craits.ui.table.hints import hint_for


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")


def view_of(doc, seat=0):
    state, _ = parse_position(doc)
    return seat_view(state, seat)


def test_your_turn_names_the_suit_and_rank_to_match():
    view = view_of({"hands": [["3D", "KC"], ["2C"]], "draw_pile": ["4H"],
                    "discard": ["7S", "8D"], "suit": "D", "turn": 0})
    assert hint_for(view, True, None) == "Your turn: Play a card matching ♦ or 8."


def test_nothing_fits_so_draw():
    view = view_of({"hands": [["3S", "KC"], ["2C"]], "draw_pile": ["4H"],
                    "discard": ["7S", "8D"], "turn": 0})
    assert hint_for(view, True, None) == "Your turn: No card fits: draw one."


def test_a_crank_you_cannot_answer():
    view = view_of({"hands": [["3S", "KC"], ["4C"]], "draw_pile": ["4H", "5H", "6H"],
                    "discard": ["7S", "2D"], "turn": 0, "crank": 2})
    assert hint_for(view, True, None) == "You can't answer the crank: take 2 cards."


def test_waiting_for_someone_else_or_reminded_to_announce():
    doc = {"hands": [["3S"], ["4C", "5C"]], "draw_pile": ["4H"], "discard": ["7S", "2D"],
           "turn": 1, "last_card_window": 0}
    assert hint_for(view_of(doc), False, "Ben") == "One card left: announce it!"
    doc["last_card_window"] = None
    assert hint_for(view_of(doc), False, "Ben") == "Waiting for Ben…"
    assert hint_for(None, False, "Ben") == ""
