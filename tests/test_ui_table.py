"""The card table under the dummy video driver: a scripted game from the title screen to the
scoreboard, the suit dialog, keyboard play, last card and idiot calls, saving and resuming."""

from __future__ import annotations

import pygame
from table_harness import click, press, run_until, set_position, sprite_centre, step

from craits.engine import Announce, Draw, Play
from craits.engine.notation import read_card as parse_card
from craits.ui.dialogs.suit_dialog import SuitDialog
from craits.ui.table.scene import TableScene
from craits.ui.table.scoreboard import ScoreboardScene


def start_table(app, kinds, seed=11) -> TableScene:
    app.new_game(app.seats_for(kinds), None, seed)
    table = app.current_table()
    assert table is not None
    return table


def settle(app, table) -> None:
    """Past the cut and the deal: the presentation has caught up (a suit dialog for a
    turned-up 8 or 9 the human deals may be waiting on top; positions set later close it)."""
    run_until(app, lambda: not table.chor.busy and not table.match.cut_pending
              and (app.scenes.top is table or isinstance(app.scenes.top, SuitDialog)), 60)


C = parse_card


def eight_position() -> dict:
    """The human (seat 0) holds 8♠ K♥; nobody else can follow hearts or an 8."""
    return {
        "hands": [["8S", "KH"], ["2C", "3C", "4C"], ["5C", "6C", "7C"], ["JD", "QD", "3S"]],
        "draw_pile": ["9C", "10C", "JC", "QC", "AC", "9S", "10S", "JS", "QS"],
        "discard": ["4D", "5D"],
        "turn": 0,
        "dealer": 3,
    }


def test_menu_to_scoreboard_with_a_suit_dialog_and_a_last_card(make_app):
    app = make_app()
    app.show_title()
    step(app, 3)
    title = app.scenes.top
    click(app, title.buttons["menu.new_game"].rect.center)
    new_game = app.scenes.top
    assert type(new_game).__name__ == "NewGameScene"
    click(app, new_game.start_button.rect.center)
    table = app.current_table()
    assert isinstance(table, TableScene)
    # The first-dealer cut is shown first; a click skips through it.
    step(app, 2)
    assert type(app.scenes.top).__name__ == "CutScene"
    settle(app, table)
    assert table.match.viewer == 0 and table.session.seats[0].is_human
    assert len(table.session.seats) == 4  # the remembered setup: you and three computers
    set_position(table, eight_position())
    step(app, 2)
    assert table.match.my_turn()
    # Playable cards are lifted; with 8♠ and K♥ on 5♦, only the 8 can be played.
    step(app, 20)
    eight, king = (s for s in table.hand.hand())
    assert eight.code == C("8S") and eight.lift > 0 and not eight.dim
    assert king.dim and king.lift == 0
    click(app, sprite_centre(table, C("8S")))
    dialog = app.scenes.top
    assert isinstance(dialog, SuitDialog)
    assert len(dialog.options) == 4 and dialog.offer_announce
    press(app, pygame.K_2)  # hearts
    assert app.scenes.top is table
    state = table.session.match.state
    assert state.suit == 1 and state.hands[0] == (C("KH"),)
    # "Last card!" is offered at once, by the hand.
    step(app, 1)
    assert table.buttons.last_card.visible
    click(app, table.buttons.last_card.rect.center)
    assert table.session.match.state.announced[0]
    # The others cannot follow hearts: they draw; then the king goes out.
    run_until(app, lambda: table.match.my_turn(), 30)
    click(app, sprite_centre(table, C("KH")))
    run_until(app, lambda: isinstance(app.scenes.top, ScoreboardScene), 30)
    assert table.session.match.state.winner == 0
    step(app, 31)  # the board takes Enter after its first second
    press(app, pygame.K_RETURN)
    assert app.scenes.top is table
    assert table.session.match.round_index == 1


def test_keyboard_picks_and_plays_and_d_draws(make_app):
    app = make_app()
    table = start_table(app, ["human", "easy", "easy"])
    settle(app, table)
    set_position(table, {
        "hands": [["3S", "9H", "KC"], ["2C", "3C"], ["5C", "6C"]],
        "draw_pile": ["4H", "5H", "6H"], "discard": ["7D", "8C"], "suit": "C", "turn": 0,
    })
    step(app, 2)
    # Number keys pick a card (a focus ring, not a play); Enter plays it. The arrows step
    # over the cards that may not be played (3S, 9H): from KC round to KC.
    press(app, pygame.K_3)
    assert table.hand.focus == 2 and table.hand.hand()[2].focus
    press(app, pygame.K_LEFT)
    assert table.hand.focus == 2
    press(app, pygame.K_RIGHT)
    assert table.hand.focus == 2
    press(app, pygame.K_RETURN)
    assert C("KC") not in table.session.match.state.hands[0]
    # Next time round: nothing fits, D draws.
    set_position(table, {
        "hands": [["3S", "9H"], ["2C", "3C"], ["5C", "6C"]],
        "draw_pile": ["4H", "5H", "6H"], "discard": ["7D", "KC"], "turn": 0,
    })
    step(app, 2)
    assert Draw() in table.match.view().legal and table.buttons.draw.visible
    press(app, pygame.K_d)
    assert len(table.session.match.state.hands[0]) == 3


def test_clicking_an_unplayable_card_does_nothing(make_app):
    app = make_app()
    table = start_table(app, ["human", "easy"])
    settle(app, table)
    set_position(table, {"hands": [["3S", "KC"], ["2C", "3C"]], "draw_pile": ["4H"],
                         "discard": ["7D", "8D"], "turn": 0})
    step(app, 2)
    version = table.session.version
    click(app, sprite_centre(table, C("3S")))
    assert table.session.version == version


def test_a_nine_offers_keep_or_switch_and_esc_cancels(make_app):
    app = make_app()
    table = start_table(app, ["human", "easy"])
    settle(app, table)
    set_position(table, {"hands": [["9H", "KC", "2S"], ["2C", "3C"]], "draw_pile": ["4H"],
                         "discard": ["7D", "5H"], "turn": 0})
    step(app, 2)
    click(app, sprite_centre(table, C("9H")))
    dialog = app.scenes.top
    assert isinstance(dialog, SuitDialog)
    assert [dialog.suit_of(o) for o in dialog.options] == [1, 2]  # hearts kept, or diamonds
    assert not dialog.offer_announce
    press(app, pygame.K_ESCAPE)
    assert app.scenes.top is table
    assert C("9H") in table.session.match.state.hands[0]  # cancelled: nothing played
    click(app, sprite_centre(table, C("9H")))
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RETURN)
    state = table.session.match.state
    assert state.discard[-1] == C("9H") and state.suit == 2


def test_dragging_a_card_to_the_table_plays_it(make_app):
    app = make_app()
    table = start_table(app, ["human", "easy"])
    settle(app, table)
    set_position(table, {"hands": [["3D", "KC", "2S"], ["2C", "3C"]], "draw_pile": ["4H"],
                         "discard": ["7D", "8D"], "turn": 0})
    step(app, 2)
    start = sprite_centre(table, C("3D"))
    target = table.model.layout.discard.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for i in range(1, 6):
        pos = (start[0] + (target[0] - start[0]) * i // 5, start[1] + (target[1] - start[1]) * i // 5)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                             buttons=(1, 0, 0)))
    step(app, 2)
    assert table.hand.dragging is not None and table.hand.dragging.code == C("3D")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=target, button=1))
    step(app, 2)
    assert table.session.match.state.discard[-1] == C("3D")


def test_an_opponent_left_unannounced_can_be_called_an_idiot(make_app):
    app = make_app()
    table = start_table(app, ["human", "easy", "easy"])
    settle(app, table)
    # Seat 2 has just gone down to one card without announcing; the human is to act.
    set_position(table, {"hands": [["3S", "KC"], ["2C", "3C", "4C"], ["5D"]],
                         "draw_pile": ["4H", "5H", "6H"], "discard": ["7D", "8C"],
                         "turn": 0, "last_card_window": 2})
    step(app, 2)
    assert table.buttons.idiot.visible
    press(app, pygame.K_i)
    state = table.session.match.state
    assert len(state.hands[2]) == 3 and state.lose_turn[2]
    run_until(app, lambda: any(b.text == "Idiot!" for b in table.model.banners), 5)
    assert not table.buttons.idiot.visible


def test_computer_players_move_at_a_readable_pace(make_app):
    app = make_app(speed="normal")
    table = start_table(app, ["human", "medium", "medium"], seed=4)
    settle(app, table)
    set_position(table, {"hands": [["3S", "KC"], ["2C", "3C", "4C"], ["5C", "6C", "9C"]],
                         "draw_pile": ["4H", "5H", "6H"], "discard": ["7D", "8C"], "turn": 1})
    # A computer turn: a thinking cue, then the move, 0.5 to 1.2 s after it began.
    t, moved_at = 0.0, None
    version = table.session.version
    while t < 3.0:
        step(app, 1, 1 / 60)
        t += 1 / 60
        if table.session.version != version:
            moved_at = t
            break
        if t > 0.1:
            assert table.match.thinking == 1
    assert moved_at is not None and 0.4 <= moved_at <= 1.2


def test_instant_speed_lets_a_computer_round_finish_quickly(make_app):
    app = make_app(speed="instant")
    table = start_table(app, ["easy", "medium", "easy"])
    run_until(app, lambda: isinstance(app.scenes.top, ScoreboardScene) or
              type(app.scenes.top).__name__ == "CutScene", 30)
    run_until(app, lambda: isinstance(app.scenes.top, ScoreboardScene), 120, dt=1 / 10)
    assert table.session.match.state.is_over()


def test_saved_after_each_action_and_resumed_exactly(make_app):
    app = make_app()
    table = start_table(app, ["human", "easy", "medium"], seed=21)
    settle(app, table)
    run_until(app, lambda: table.match.my_turn(), 60)
    legal = [a for a in table.match.view().legal if isinstance(a, Play)] or [Draw()]
    table.match.act(legal[0])
    app.autosaver.flush()
    records = list(table.session.records)
    assert app.saves.exists()
    app.show_title()
    assert app.continue_game()
    resumed = app.current_table()
    assert resumed is not table
    assert resumed.session.records == records
    assert resumed.session.match.state == table.session.match.state
    # At rest, the resumed table shows the viewer's hand face up and the others as backs.
    assert sorted(s.code for s in resumed.hand.hand()) == sorted(
        resumed.session.match.state.hands[0])
    for seat in (1, 2):
        assert all(s.code is None for s in resumed.model.hands[seat])


def test_announce_key_works_while_the_play_is_still_flying(make_app):
    app = make_app(speed="slow")
    table = start_table(app, ["human", "easy"])
    settle(app, table)
    set_position(table, {"hands": [["3D", "KD"], ["2C", "3C"]], "draw_pile": ["4H"],
                         "discard": ["7D", "8D"], "turn": 0})
    step(app, 2)
    click(app, sprite_centre(table, C("3D")))
    assert table.chor.busy
    press(app, pygame.K_l)
    assert Announce(0) not in table.match.view().legal  # announcements are never turn actions
    assert table.session.match.state.announced[0]


def test_the_dealer_names_the_suit_of_a_turned_up_eight(make_app):
    app = make_app()
    table = start_table(app, ["human", "easy"])
    settle(app, table)
    set_position(table, {"hands": [["3S", "KC"], ["2C", "3C"]], "draw_pile": ["4H", "5H"],
                         "discard": ["8D"], "dealer": 0, "start": True})
    step(app, 3)
    dialog = app.scenes.top
    assert isinstance(dialog, SuitDialog) and not dialog.may_cancel
    press(app, pygame.K_ESCAPE)
    assert app.scenes.top is dialog  # the dealer must choose
    press(app, pygame.K_4)
    assert table.session.match.state.suit == 3
    assert table.session.match.state.phase == "play"
