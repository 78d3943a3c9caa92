"""Every click answered at the table: why a card cannot be played (in every language), the
keyboard focus on playable cards and through a long hand, the controls overlay (F1 or ?), and
a scoreboard a held key does not skip."""

from __future__ import annotations

import dataclasses

import pygame
import pytest
from table_harness import click, press, run_until, set_position, sprite_centre, step

from craits import i18n
from craits.engine import Draw, apply, seat_view
from craits.engine.notation import read_card as parse_card
from craits.engine.scenario import parse_position
from craits.ui.controls_list import CONTROLS
from craits.ui.dialogs.suit_dialog import SuitDialog
from craits.ui.table.controls_help import ControlsScene
from craits.ui.table.hints import refusal_reason
from craits.ui.tabletop.controls_tip import ControlsTip
from craits.ui.tabletop.hand_input import REFUSED_FILL

C = parse_card


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def view_of(doc, seat=0):
    state, _ = parse_position(doc)
    return seat_view(state, seat)


# ------------------------------------------------------------ the reasons, from the seat's view


def test_a_card_that_does_not_match_needs_the_suit_or_the_rank():
    doc = {"hands": [["3S", "KD"], ["2C"]], "draw_pile": ["4H"], "discard": ["7S", "8D"],
           "suit": "D", "turn": 0}
    assert refusal_reason(view_of(doc), C("3S"), True, None) == "Needs ♦ or 8"
    doc["hands"][0] = ["3S", "KC"]  # nothing fits
    assert refusal_reason(view_of(doc), C("3S"), True, None) == \
        "Needs ♦ or 8: nothing fits, so draw"


def test_a_crank_wants_a_two_or_an_ace_or_its_count():
    doc = {"hands": [["3S", "AC"], ["4C"]], "draw_pile": ["4H", "5H", "6H"],
           "discard": ["7S", "2D"], "turn": 0, "crank": 4}
    assert refusal_reason(view_of(doc), C("3S"), True, None) == \
        "Answer the crank with a 2 or an Ace"
    doc["rules"] = {"crank_optional": True}
    assert refusal_reason(view_of(doc), C("3S"), True, None) == \
        "Answer the crank with a 2 or an Ace, or take 4 cards"
    doc["hands"][0] = ["3S", "KC"]
    assert refusal_reason(view_of(doc), C("3S"), True, None) == \
        "No 2 or Ace to answer the crank: take 4 cards"


def test_after_a_draw_only_the_drawn_card_or_a_pass():
    state, _ = parse_position({
        "rules": {"play_drawn_card": True}, "hands": [["3S", "KC"], ["4C"]],
        "draw_pile": ["9D", "5H"], "discard": ["7S", "8D"], "turn": 0})
    state, _ = apply(state, Draw(), 0)
    view = seat_view(state, 0)
    assert view.phase == "drawn"
    assert refusal_reason(view, C("KC"), True, None) == "Play the card you drew, or pass"


def test_not_your_turn_a_lost_turn_and_a_suit_to_choose():
    doc = {"hands": [["3S", "KD"], ["2C", "5C"]], "draw_pile": ["4H"],
           "discard": ["7S", "8D"], "turn": 1}
    assert refusal_reason(view_of(doc), C("KD"), False, "Ben") == \
        "Not your turn: waiting for Ben"
    doc["lose_turn"] = [True, False]
    assert refusal_reason(view_of(doc), C("KD"), False, "Ben") == \
        "You lose your next turn: you were caught"
    mine = view_of({**doc, "turn": 0, "lose_turn": [False, False]})
    assert refusal_reason(mine, C("KD"), False, None) == \
        "One moment: the cards are still moving"
    choosing = dataclasses.replace(mine, phase="choose_suit")
    assert refusal_reason(choosing, C("KD"), True, None) == "Choose the suit first"
    assert refusal_reason(None, C("KD"), False, None) == "The round is over"


def test_every_language_has_the_reasons_and_the_controls():
    english = {k for k in i18n.load_catalogue(i18n.DEFAULT_DIR / "en.toml")
               if k.startswith(("feedback.", "controls."))}
    assert len(english) > 20
    for code, _name in i18n.available_languages():
        keys = set(i18n.load_catalogue(i18n.DEFAULT_DIR / f"{code}.toml"))
        assert english <= keys, (code, sorted(english - keys))
        i18n.set_language(code)
        doc = {"hands": [["3S", "AC"], ["4C"]], "draw_pile": ["4H"],
               "discard": ["7S", "2D"], "turn": 0, "crank": 3,
               "rules": {"crank_optional": True}}
        text = refusal_reason(view_of(doc), C("3S"), True, None)
        assert "3" in text and "{" not in text
        needs = refusal_reason(view_of({**doc, "crank": 0}), C("3S"), True, None)
        assert "♦" in needs and "2" in needs
        for keys, does in CONTROLS:
            assert i18n.t(does) != does
            if keys.startswith("controls."):
                assert i18n.t(keys) != keys


# ------------------------------------------------------------ at the table




def start_table(app, kinds=("human", "easy"), seed=11):
    app.new_game(app.seats_for(list(kinds)), None, seed)
    table = app.current_table()
    run_until(app, lambda: not table.chor.busy and not table.match.cut_pending
              and (app.scenes.top is table or isinstance(app.scenes.top, SuitDialog)), 60)
    return table


def refusals(table) -> list[str]:
    return [b.text for b in table.model.banners if not isinstance(b, ControlsTip)]


def hand_index(table, card: str) -> int:
    return [s.code for s in table.hand.hand()].index(C(card))


def post_key(key: int, mod: int = 0, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode,
                                         scancode=0))


def test_a_click_on_a_card_that_cannot_be_played_says_why_and_shakes_it(make_app):
    app = make_app()
    table = start_table(app)
    set_position(table, {"hands": [["3S", "QH", "KD", "4C"], ["2C", "3C"]],
                         "draw_pile": ["4H"], "discard": ["7D", "8D"], "turn": 0})
    step(app, 2)
    version = table.session.version
    click(app, sprite_centre(table, C("3S")))
    assert table.session.version == version  # nothing played
    assert refusals(table) == ["Needs ♦ or 8"]
    banner = next(b for b in table.model.banners if b.text == "Needs ♦ or 8")
    assert banner.pos == table.model.layout.banner_for(table.model.bottom)  # by the hand
    click(app, sprite_centre(table, C("3S")))
    assert refusals(table) == ["Needs ♦ or 8"]  # one at a time
    sprite = table.hand.hand()[hand_index(table, "3S")]
    assert sprite.motion is not None  # the shake
    rest = sprite.motion.end
    step(app, 20)
    assert sprite.motion is None and (sprite.x, sprite.y) == rest[:2]
    # The focus went to the nearest card that can be played (the right one of two as near).
    assert table.hand.focus == hand_index(table, "KD")
    assert REFUSED_FILL  # a colour of its own, unlike the table's other banners


def test_clicking_a_card_on_someone_elses_turn_says_whose_turn_it_is(make_app):
    app = make_app()
    table = start_table(app)
    set_position(table, {"hands": [["3S", "KD"], ["2C", "3C", "5C"]], "draw_pile": ["4H"],
                         "discard": ["7D", "8D"], "turn": 1})
    table.refuse_card(C("KD"))
    assert refusals(table) == [f"Not your turn: waiting for {table.match.names[1]}"]


def test_picking_a_card_that_cannot_be_played_says_why_and_focuses_a_playable_one(make_app):
    app = make_app()
    table = start_table(app)
    set_position(table, {"hands": [["3S", "5S", "9S", "KD", "4C"], ["2C", "3C"]],
                         "draw_pile": ["4H"], "discard": ["7D", "8D"], "turn": 0})
    step(app, 2)
    press(app, pygame.K_1 + hand_index(table, "3S"))
    assert table.hand.keyboard
    assert refusals(table) == ["Needs ♦ or 8"]
    assert table.hand.focus == hand_index(table, "KD")
    assert table.hand.hand()[table.hand.focus].focus
    press(app, pygame.K_RETURN)
    assert table.session.match.state.discard[-1] == C("KD")


def test_the_focus_starts_on_a_playable_card_when_the_turn_comes(make_app):
    app = make_app()
    table = start_table(app)
    table.hand.focus = 0
    set_position(table, {"hands": [["3S", "5S", "9S", "KD", "QD"], ["2C", "3C"]],
                         "draw_pile": ["4H"], "discard": ["7D", "8D"], "turn": 0})
    table.hand.focus = 0
    step(app, 2)
    assert table.hand.focus == hand_index(table, "QD")  # the nearest playable card
    # Keys not in use yet: the first Enter shows the focus, the second plays.
    assert not table.hand.keyboard
    press(app, pygame.K_RETURN)
    assert table.hand.keyboard and C("QD") in table.session.match.state.hands[0]
    press(app, pygame.K_RETURN)
    assert C("QD") not in table.session.match.state.hands[0]


def test_cards_beyond_the_ninth_are_reached_and_played_from_the_keyboard(make_app):
    app = make_app()
    table = start_table(app)
    hand = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "9S", "10S", "JS", "QS", "KS"]
    set_position(table, {"hands": [hand, ["2C", "3C"]], "draw_pile": ["4H"],
                         "discard": ["7D", "8S"], "suit": "S", "turn": 0})
    step(app, 2)
    assert len(table.hand.hand()) == 12
    king = hand_index(table, "KS")
    assert king >= 10
    post_key(pygame.K_0)
    step(app, 2)
    assert table.hand.focus == 9  # 0: the 10th card
    post_key(pygame.K_1, pygame.KMOD_SHIFT)
    step(app, 2)
    assert table.hand.focus == 10  # Shift+1: the 11th
    press(app, pygame.K_END)
    assert table.hand.focus == 11
    press(app, pygame.K_TAB)
    assert table.hand.focus == 0  # round again
    post_key(pygame.K_TAB, pygame.KMOD_SHIFT)
    step(app, 2)
    assert table.hand.focus == 11
    table.hand.focus = king - 1
    press(app, pygame.K_RIGHT)
    assert table.hand.focus == king
    press(app, pygame.K_RETURN)
    assert table.session.match.state.discard[-1] == C("KS")


def test_f1_opens_and_closes_the_controls_and_the_hint_line_points_to_them(make_app):
    app = make_app()
    table = start_table(app)
    run_until(app, lambda: table.match.my_turn() and app.scenes.top is table, 30)
    step(app, 1)
    tips = [b for b in table.model.banners if isinstance(b, ControlsTip)]
    assert [t.text for t in tips] == ["F1: controls"]
    press(app, pygame.K_F1)
    overlay = app.scenes.top
    assert isinstance(overlay, ControlsScene)
    rows = dict(overlay.rows())
    for keys in ("P", "L", "I", "H", "Esc", "F11", "Backspace", "Home, End"):
        assert keys in rows
    texts = " ".join(f"{k} {v}" for k, v in overlay.rows())
    for words in ("Enter or Space", "D, or click the draw pile", "Shift + 1 to 9, 0",
                  "Last card!", "Idiot!", "hint", "menu", "Page Up", "F1 or ?"):
        assert words in texts
    surface = pygame.Surface(app.size)
    overlay.draw(surface)  # draws in English without trouble
    assert not any(isinstance(b, ControlsTip) for b in table.model.banners)  # seen
    press(app, pygame.K_F1)
    assert app.scenes.top is table
    post_key(pygame.K_SLASH, pygame.KMOD_SHIFT, "?")
    step(app, 2)
    assert isinstance(app.scenes.top, ControlsScene)
    press(app, pygame.K_ESCAPE)
    assert app.scenes.top is table
    # The tip is shown once per table, not at every turn.
    set_position(table, {"hands": [["3S", "KD"], ["2C", "3C"]], "draw_pile": ["4H"],
                         "discard": ["7D", "8D"], "turn": 0})
    step(app, 2)
    assert not any(isinstance(b, ControlsTip) for b in table.model.banners)


def test_the_controls_fit_in_every_language(make_app):
    app = make_app(size=(960, 600))
    start_table(app)
    for code, _name in i18n.available_languages():
        i18n.set_language(code)
        overlay = ControlsScene(app)
        overlay.draw(pygame.Surface(app.size))
        assert overlay.close_button.rect.bottom <= overlay.panel.bottom


def test_a_refusal_stays_clear_of_a_coaching_note_above_the_hand(make_app):
    app = make_app()
    table = start_table(app)
    set_position(table, {"hands": [["3S", "KD"], ["2C", "3C"]], "draw_pile": ["4H"],
                         "discard": ["7D", "8D"], "turn": 0})
    step(app, 2)
    lay = table.model.layout
    x, y = lay.banner_for(table.model.bottom)
    table.coach.rect = pygame.Rect(x - 190, y - 60, 380, 110)  # where a note for the hand sits
    table.refuse_card(C("3S"))
    banner = next(b for b in table.model.banners if b.text == "Needs ♦ or 8")
    assert banner.pos[1] < table.coach.rect.top
