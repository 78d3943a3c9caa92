"""Undo at the table: the button and its keys (U, Ctrl+Z), the table and the log as before the
move, the statistics, the save Continue reads, and who may use it (the setting with one human,
the setup's agreement in pass-and-play)."""

from __future__ import annotations

import dataclasses

import pygame
from table_harness import FRAME, run_until, step

from craits.engine import Play
from craits.engine.cards import rank
from craits.ui.menus.new_game_form import NewGameForm, load_rule_book
from craits.ui.table.controls_help import ControlsScene
from craits.ui.table.scene import TableScene
from craits.ui.tabletop.intents import PlayCard

PLAIN = {1, 3, 11, 12, 13}


def start(app, kinds, seed=11) -> TableScene:
    app.new_game(app.seats_for(kinds), None, seed)
    table = app.current_table()
    assert table is not None
    return table


def to_plain_play(app, table) -> int:
    """Play on (the first legal move) until the viewer may play a card that shows nothing
    new; its code."""
    for _ in range(40):
        run_until(app, lambda: table.match.my_turn() and app.scenes.top is table, 120)
        view = table.match.view()
        plain = [a.card for a in view.legal if isinstance(a, Play) and rank(a.card) in PLAIN
                 and a.suit is None]
        if plain and len(view.hand) > 2 and not view.crank:
            return plain[0]
        assert table.match.act(view.legal[0])
    raise AssertionError("no plain play came up")


def key(app, code: int, mod: int = 0) -> None:
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=code, mod=mod, unicode="", scancode=0))
    step(app, 2)


def hand_codes(table) -> list[int]:
    return [sprite.code for sprite in table.hand.hand()]


def test_u_takes_back_a_plain_play_and_the_table_is_as_before(make_app):
    app = make_app()
    table = start(app, ["human", "easy", "easy"])
    assert table.session.undo  # one human: the setting, on by default
    code = to_plain_play(app, table)
    view, records = table.match.view(), list(table.session.records)
    shown, log = hand_codes(table), table.chor.log.recent(0, 30)
    assert not table.buttons.undo.visible
    assert table.post(PlayCard(code))
    step(app, 1)
    assert table.buttons.undo.visible
    assert code not in table.match.view().hand
    key(app, pygame.K_u)
    after = table.match.view()
    assert (after.hand, after.discard, after.turn) == (view.hand, view.discard, view.turn)
    assert table.session.records == records
    assert hand_codes(table) == shown and table.model.discard[-1].code == view.discard[-1]
    assert table.chor.log.recent(0, 30) == log  # the play's line is gone
    assert not table.buttons.undo.visible
    assert app.statistics.undos_used == 1
    assert app.statistics.hints_in(table.session.match_id) == 1  # counted as help
    assert app.statistics.hints_used == 0
    # The save follows: Continue resumes before the move.
    app.matches.keeper.flush()
    data, _ = app.matches.saves.load()
    assert data is not None and data["actions"] == records
    assert app.continue_game()
    resumed = app.current_table()
    assert resumed is not table and resumed.session.records == records
    assert resumed.session.undo
    assert resumed.match.view().hand == view.hand


def test_ctrl_z_and_the_button_take_back_too(make_app):
    app = make_app()
    table = start(app, ["human", "easy"], seed=12)
    code = to_plain_play(app, table)
    hand = table.match.view().hand
    table.post(PlayCard(code))
    step(app, 1)
    key(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert table.match.view().hand == hand
    table.post(PlayCard(code))
    step(app, 1)
    button = table.buttons.undo
    assert button.visible
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=button.rect.center, button=1))
    step(app, 2)
    assert table.match.view().hand == hand
    assert app.statistics.undos_used == 2


def test_after_the_computer_moved_undo_is_gone_and_u_says_why(make_app):
    app = make_app()
    table = start(app, ["human", "easy"], seed=13)
    code = to_plain_play(app, table)
    table.post(PlayCard(code))
    records = len(table.session.records)
    assert table.match.director.waiting.seat == 1  # the computer is to move
    run_until(app, lambda: len(table.session.records) > records, 30)
    step(app, 1)
    assert not table.buttons.undo.visible
    moved = list(table.session.records)
    key(app, pygame.K_u)
    assert table.session.records == moved
    assert app.statistics.undos_used == 0
    texts = [getattr(b, "text", "") for b in table.model.banners]
    assert any("Nothing to take back" in t for t in texts), texts


def test_the_computer_waits_for_the_undo_window_at_the_table(make_app):
    app = make_app(speed="instant")
    table = start(app, ["human", "easy"], seed=14)
    code = to_plain_play(app, table)
    table.post(PlayCard(code))
    assert table.match.director.waiting.seat == 1
    records = len(table.session.records)
    run_until(app, lambda: not table.chor.busy, 10)
    step(app, round(1.3 / FRAME))  # the computer's own pace is shorter than the grace
    assert len(table.session.records) == records and table.buttons.undo.visible


def test_the_setting_turns_it_off_for_games_with_one_human(make_app):
    app = make_app()
    app.settings = dataclasses.replace(app.settings, undo=False)
    table = start(app, ["human", "easy"], seed=15)
    assert not table.session.undo
    code = to_plain_play(app, table)
    table.post(PlayCard(code))
    step(app, 1)
    assert not table.buttons.undo.visible
    key(app, pygame.K_u)
    texts = [getattr(b, "text", "") for b in table.model.banners]
    assert any("off in this game" in t for t in texts), texts


def test_pass_and_play_needs_every_player_to_agree(make_app):
    app = make_app()
    assert not start(app, ["human", "human"]).session.undo  # no agreement: off
    book, _ = load_rule_book()
    form = NewGameForm(book, app.settings.new_game)
    form.set_count(2)
    form.set_kind(0, "human")
    form.set_kind(1, "human")
    assert form.game_setup().undo is False  # default off in the setup
    form.set_undo_agreed(True)
    app.new_game(form.game_setup(), replace_ok=True)
    assert app.current_table().session.undo
    form.set_kind(1, "computer")
    assert form.game_setup().undo is None  # one human: the setting decides


def test_the_setup_shows_the_agreement_only_with_two_humans(make_app):
    from craits.ui.menus.new_game import NewGameScene

    app = make_app()
    scene = NewGameScene(app)
    assert scene.players_panel.undo_toggle is None or scene.form.humans() > 1
    scene.players_panel.count_choice.set_value(2)
    scene.players_panel.seat_rows[0][1].set_value("human")
    scene.players_panel.seat_rows[1][1].set_value("human")
    toggle = scene.players_panel.undo_toggle
    assert toggle is not None and not toggle.value
    toggle.set_value(True)
    assert scene.form.undo_agreed
    scene.players_panel.seat_rows[1][1].set_value("computer")
    assert scene.players_panel.undo_toggle is None


def test_f1_lists_the_undo_keys(make_app):
    app = make_app()
    rows = ControlsScene(app).rows()
    assert ("U, Ctrl+Z", "Take back your last move, until a card is drawn or another player "
            "acts") in rows


def test_pass_and_play_with_the_agreement_holds_the_hand_off_for_the_undo(make_app):
    from craits.ui.table.handoff import HandoffScene

    app = make_app(speed="instant")
    book, _ = load_rule_book()
    form = NewGameForm(book, app.settings.new_game)
    form.set_count(2)
    form.set_kind(0, "human")
    form.set_kind(1, "human")
    form.set_undo_agreed(True)
    app.new_game(dataclasses.replace(form.game_setup(), seed=16), replace_ok=True)
    table = app.current_table()

    def at_screen() -> bool:
        if isinstance(app.scenes.top, HandoffScene):
            step(app, 30)
            key(app, pygame.K_RETURN)
        return table.match.my_turn() and app.scenes.top is table

    for _ in range(40):
        run_until(app, at_screen, 120)
        view = table.match.view()
        plain = [a.card for a in view.legal if isinstance(a, Play) and rank(a.card) in PLAIN
                 and a.suit is None]
        if plain and len(view.hand) > 2 and not view.crank:
            break
        table.match.act(view.legal[0])
    mover = table.match.viewer
    table.post(PlayCard(plain[0]))
    assert table.match.director.waiting.seat != mover
    step(app, round(1.2 / FRAME))
    assert app.scenes.top is table and table.buttons.undo.visible  # not handed on yet
    step(app, round(0.6 / FRAME))
    assert isinstance(app.scenes.top, HandoffScene)  # the grace is over: the next player
    key(app, pygame.K_u)
    assert isinstance(app.scenes.top, HandoffScene) and app.statistics.undos_used == 0
