"""Pass-and-play: between two human turns a hand-off screen hides every hand, and no hand is
ever drawn face up for the wrong player, nor told in the log."""

from __future__ import annotations

import pygame
import pytest
from table_harness import press, run_until, set_position, step

from craits.engine import Draw, Play
from craits.engine import events as ev
from craits.engine.notation import read_card as parse_card
from craits.ui.table.handoff import HandoffScene
from craits.ui.table.scoreboard import ScoreboardScene
from craits.ui.tabletop.sprites import CardSprite

C = parse_card


@pytest.fixture
def drawn_faces(monkeypatch, app):
    """Every card sprite drawn: (face code or None, the seat whose hand holds it)."""
    seen: list[tuple[int | None, int | None]] = []
    original = CardSprite.draw

    def spy(self, surface, painter):
        table = app.current_table()
        hands = table.model.hands if table is not None else []
        owner = next((seat for seat, hand in enumerate(hands) if self in hand), None)
        seen.append((self.code if self.face_up or self.flip_tween else None, owner))
        return original(self, surface, painter)

    monkeypatch.setattr(CardSprite, "draw", spy)
    return seen


def play_something(table) -> None:
    view = table.match.view()
    plays = [a for a in view.legal if isinstance(a, Play) and a.suit is None]
    suited = [a for a in view.legal if isinstance(a, Play)]
    table.match.act(plays[0] if plays else (suited[0] if suited else Draw()))


@pytest.mark.draws  # the cards drawn are what is checked
def test_hand_off_between_humans_hides_every_hand(app, drawn_faces):
    app.new_game(app.seats_for(["human", "human", "easy"]), None, 5)
    table = app.current_table()
    hand_offs = 0
    for _ in range(12):  # a dozen human turns, with computer turns between them
        run_until(app, lambda: table.match.my_turn() or isinstance(app.scenes.top, HandoffScene)
                  or isinstance(app.scenes.top, ScoreboardScene), 60)
        if isinstance(app.scenes.top, ScoreboardScene):
            break
        if isinstance(app.scenes.top, HandoffScene):
            hand_offs += 1
            handoff = app.scenes.top
            drawn_faces.clear()
            step(app, 20)
            # Opaque, and nothing of the table is drawn under it.
            assert not handoff.transparent
            assert drawn_faces == []
            press(app, pygame.K_SPACE)
            assert app.scenes.top is table
            continue
        viewer = table.match.viewer
        assert table.session.to_act() == viewer
        drawn_faces.clear()
        step(app, 3)
        assert any(code is not None and owner == viewer for code, owner in drawn_faces)
        for code, owner in drawn_faces:
            if owner is not None:
                assert owner == viewer or code is None, f"seat {owner}'s {code} shown to {viewer}"
        others = [s for seat in (0, 1) if seat != viewer for s in table.model.hands[seat]]
        assert all(s.code is None for s in others)
        play_something(table)
    assert hand_offs >= 2


def test_the_log_tells_each_viewer_only_their_own_cards(app):
    app.new_game(app.seats_for(["human", "human", "easy"]), None, 8)
    table = app.current_table()
    run_until(app, lambda: table.match.my_turn() or isinstance(app.scenes.top, HandoffScene), 60)
    if isinstance(app.scenes.top, HandoffScene):
        step(app, 20)  # the hand-off ignores input for a moment
        press(app, pygame.K_SPACE)
    first = table.match.viewer
    other = 1 - first
    # The first human draws (whatever they hold): their log says which card, the other's not.
    set_position(table, {"hands": [["3S", "9S"], ["4S", "10S"], ["5C", "6C"]],
                         "draw_pile": ["KH", "QH", "JH"], "discard": ["7D", "8D"],
                         "turn": first})
    step(app, 2)
    table.match.act(Draw())
    run_until(app, lambda: not table.chor.busy, 10)
    mine = [text for _, text in table.chor.log.recent(first, 20)]
    theirs = [text for _, text in table.chor.log.recent(other, 20)]
    assert any("K♥" in text for text in mine)
    assert not any("K♥" in text for text in theirs)
    assert any(table.match.names[first] in text for text in theirs)


@pytest.mark.draws  # the cards drawn are what is checked
def test_with_several_humans_no_hand_shows_before_the_first_hand_off(app, drawn_faces):
    app.new_game(app.seats_for(["human", "human", "easy"]), None, 5)
    table = app.current_table()
    assert table.match.viewer is None
    run_until(app, lambda: isinstance(app.scenes.top, HandoffScene), 60)
    assert all(code is None for code, _owner in drawn_faces if _owner is not None)
    step(app, 20)
    press(app, pygame.K_SPACE)
    assert table.match.viewer == table.session.to_act()
    assert all(s.code is not None for s in table.hand.hand())


def test_one_human_never_sees_a_hand_off(app):
    app.new_game(app.seats_for(["human", "easy", "easy"]), None, 3)
    table = app.current_table()
    for _ in range(6):
        run_until(app, lambda: table.match.my_turn() or isinstance(app.scenes.top, ScoreboardScene)
                  or isinstance(app.scenes.top, HandoffScene), 60)
        assert not isinstance(app.scenes.top, HandoffScene)
        if isinstance(app.scenes.top, ScoreboardScene):
            break
        play_something(table)


def test_hand_off_lets_the_last_player_still_announce(app):
    app.new_game(app.seats_for(["human", "human", "easy"]), None, 5)
    table = app.current_table()
    run_until(app, lambda: table.match.my_turn() or isinstance(app.scenes.top, HandoffScene), 60)
    if isinstance(app.scenes.top, HandoffScene):
        step(app, 20)  # the hand-off ignores input for a moment
        press(app, pygame.K_SPACE)
    first = table.match.viewer
    other = 1 - first
    set_position(table, {"hands": [["3D", "9S"], ["4S", "10S"], ["5C", "6C"]],
                         "draw_pile": ["KH", "QH", "JH"], "discard": ["7D", "8D"],
                         "turn": first} if first == 0 else
                 {"hands": [["4S", "10S"], ["3D", "9S"], ["5C", "6C"]],
                  "draw_pile": ["KH", "QH", "JH"], "discard": ["7D", "8D"], "turn": first})
    step(app, 2)
    table.match.act(Play(C("3D")))  # down to one card, not announced; the other human is next
    run_until(app, lambda: isinstance(app.scenes.top, HandoffScene), 20)
    handoff = app.scenes.top
    assert handoff.announce_button.visible
    step(app, 20)
    press(app, pygame.K_l)
    assert table.session.match.state.announced[first]
    assert app.scenes.top is handoff  # announcing does not pass the device on
    press(app, pygame.K_SPACE)
    assert table.match.viewer == other
    announced = [e for e in table.session.events if isinstance(e, ev.LastCardAnnounced)]
    assert announced and announced[-1].player == first
