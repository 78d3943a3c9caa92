"""What the table says beyond the log, heard through the transcript (CRAITS_SPEECH_LOG): a
player down to one card, the order of play (O), why D is refused, the hand in the order the
number keys count it, the turn at Brief detail, a nine's two choices, an opponent's late
"Last card!" during your turn; and the log's own wording of a forced draw and of your win."""

from __future__ import annotations

import dataclasses
import re

import pygame
import pytest
from app_driver import make_app as open_app
from table_harness import press, run_until, set_position

from craits import i18n
from craits.engine import events as ev
from craits.engine.notation import read_card
from craits.ui.controls_list import CONTROLS
from craits.ui.dialogs.suit_dialog import SuitDialog
from craits.ui.speech import transcript as transcript_file


def heard(path) -> list[str]:
    return transcript_file.texts(path)


@pytest.fixture
def open_table(tmp_path, monkeypatch, transcript):
    apps = []

    def make(kinds, seed=11, speed="fast", verbosity=None):
        app = open_app(tmp_path / "home", monkeypatch, size=(1280, 800), speed=speed)
        apps.append(app)
        if verbosity is not None:
            app.settings = dataclasses.replace(app.settings, speech_verbosity=verbosity)
        app.new_game(app.seats_for(kinds), None, seed)
        table = app.current_table()
        run_until(app, lambda: app.scenes.top is table and not table.chor.busy
                  and not table.match.cut_pending, 60)
        return app, table

    yield make
    for app in apps:
        app.shutdown()
    i18n.set_language("en")


def position(hands, top="5H", turn=0, **more) -> dict:
    return {"hands": hands, "draw_pile": ["9C", "10C", "JC", "QC", "AC", "9S", "10S", "JS"],
            "discard": ["4D", top], "turn": turn, "dealer": 2, **more}


def settle(app, table, seconds=3.0):
    run_until(app, lambda: not table.chor.busy, 30)
    for _ in range(int(seconds * 30)):
        app.step(1 / 30)


def test_a_player_down_to_one_card_is_said_after_the_play_with_whether_they_announced(
        open_table, transcript):
    app, table = open_table(["human", "easy", "easy"])
    set_position(table, position([["8S", "KH", "3H", "AS", "10D"], ["2H", "3C"], ["5C", "6C", "7C"]],
                                 top="4H", turn=1))
    names = table.match.names
    run_until(app, lambda: any("one card left" in line for line in heard(transcript)), 20)
    said = heard(transcript)
    alert = next(line for line in said if "one card left" in line)
    assert re.fullmatch(f"{names[1]} has one card left, (not announced|announced)\\.", alert)
    played = next(i for i, line in enumerate(said) if line.startswith(f"{names[1]} played"))
    assert played < said.index(alert)  # the move, then what it means


def test_your_own_last_card_is_a_reminder_to_announce_it(open_table, transcript):
    app, table = open_table(["human", "easy", "easy"])
    set_position(table, position([["3H", "KS"], ["2C", "3C", "4C"], ["5C", "6C", "7C"]]))
    app.step(1 / 30)
    press(app, pygame.K_2)  # the three of hearts (the hand: king of spades, three of hearts)
    press(app, pygame.K_RETURN)
    settle(app, table, 0.5)
    said = heard(transcript)
    assert said[-2:] == ["You played the three of hearts", i18n.t("speech.one_card_you")]


def test_o_says_the_direction_and_who_plays_after_whom(open_table, transcript):
    app, table = open_table(["human", "easy", "easy"])
    set_position(table, position([["8S", "KH", "3H", "AS", "10D"], ["2C", "3C", "4C"],
                                  ["5C", "6C", "7C"]]))
    app.step(1 / 30)
    press(app, pygame.K_o)
    names = table.match.names
    view = table.match.view()
    direction = "clockwise" if view.direction == 1 else "counter-clockwise"
    after = [names[(0 + view.direction * step) % 3] for step in (1, 2)]
    assert heard(transcript)[-1] == \
        f"Play goes {direction}. You are to play, then {after[0]}, {after[1]}."
    assert ("O", "speech.does_order") in CONTROLS  # in the F1 list


def test_d_with_a_card_that_fits_says_so_and_draws_nothing(open_table, transcript):
    app, table = open_table(["human", "easy", "easy"])
    set_position(table, position([["8S", "KH", "3H", "AS", "10D"], ["2C", "3C", "4C"],
                                  ["5C", "6C", "7C"]]))
    app.step(1 / 30)
    press(app, pygame.K_d)
    assert heard(transcript)[-1] == "A card fits, so you may not draw: play one."
    press(app, pygame.K_p)
    assert heard(transcript)[-1] == "You can't pass now. Play a card matching hearts or 5."
    assert len(table.match.view().hand) == 5


def test_k_reads_the_suits_in_the_order_the_number_keys_count_them(open_table, transcript):
    app, table = open_table(["human", "easy", "easy"])
    set_position(table, position([["10D", "2C", "KH", "8S", "3H"], ["2S", "3S", "4S"],
                                  ["5S", "6S", "7S"]]))
    app.step(1 / 30)
    press(app, pygame.K_k)
    assert heard(transcript)[-1] == ("Your hand, 5 cards: spades, 1 card: eight. "
                                     "hearts, 2 cards: three, king. clubs, 1 card: two. "
                                     "diamonds, 1 card: ten.")
    shown = [i18n.spoken_card(s.code) for s in table.hand.hand()]
    assert shown == ["the eight of spades", "the three of hearts", "the king of hearts",
                     "the two of clubs", "the ten of diamonds"]  # as 1 to 5 pick them


def test_brief_detail_says_to_draw_when_nothing_fits(open_table, transcript):
    app, table = open_table(["human", "easy", "easy"], verbosity="brief")
    set_position(table, position([["7S", "KC", "3C", "AS", "10D"], ["2C", "4C", "4S"],
                                  ["5C", "6C", "7C"]], top="5H"))
    settle(app, table, 0.2)
    turn = [line for line in heard(transcript) if line.startswith("Your turn")][-1]
    assert turn == ("Your turn. On the table: the five of hearts. Suit in force: hearts. "
                    "No card fits: draw one.")
    assert turn.count("Your turn") == 1


def test_the_turn_names_ranks_in_words_at_full_detail(open_table, transcript):
    app, table = open_table(["human", "easy", "easy"])
    set_position(table, position([["8S", "KC", "3H", "AS", "10D"], ["2C", "3C", "4C"],
                                  ["5C", "6C", "7C"]], top="KH"))
    settle(app, table, 0.2)
    turn = [line for line in heard(transcript) if line.startswith("Your turn")][-1]
    assert turn.endswith("Play a card matching hearts or king, or draw.") or \
        turn.endswith("Play a card matching hearts or king.")
    assert turn.count("Your turn") == 1


def test_a_nines_two_choices_are_keys_1_or_2(open_table, transcript):
    app, table = open_table(["human", "easy", "easy"])
    set_position(table, position([["9H", "KC", "3C", "AS", "10D"], ["2C", "4S", "4C"],
                                  ["5C", "6C", "7C"]], top="5H"))
    app.step(1 / 30)
    table.play_card(read_card("9H"))
    app.step(1 / 30)
    app.step(1 / 30)
    assert isinstance(app.scenes.top, SuitDialog)
    asked = heard(transcript)[-1]
    assert asked.startswith("Keep or switch the suit? 1: ")
    assert asked.endswith("Press 1 or 2 to choose, or the arrows and Enter.")


def test_an_opponents_late_last_card_does_not_repeat_your_turn(open_table, transcript):
    app, table = open_table(["human", "easy", "easy"])
    set_position(table, position([["8S", "KH", "3H", "AS", "10D"], ["2C"], ["5C", "6C", "7C"]],
                                 last_card_window=1))
    names = table.match.names
    for _ in range(30 * 12):  # the player thinks; the computer says its last card late
        app.step(1 / 30)
    said = heard(transcript)
    assert f"{names[1]}: “Last card!”" in said
    assert sum(line.startswith("Your turn") for line in said) == 1


def test_a_forced_draw_is_said_as_one_and_your_win_in_the_second_person():
    from test_ui_table_choreographer import make, run

    session, model, chor, _ = make()
    chor.feed([ev.CardsDrawn(0, (read_card("6C"),), 1, "seven"),
               ev.CardsDrawn(1, None, 1, "seven"), ev.CardsDrawn(2, None, 1, "turn")])
    run(chor, model, 2)
    lines = [text for _, text in chor.log.recent(0, 5)]
    assert lines[-3:] == ["You have to draw 6♣", "Bot1 has to draw 1 card", "Bot2 drew a card"]
    chor.feed([ev.MatchEnded((0,), (0, 30, 40))])
    run(chor, model, 1)
    assert chor.log.recent(0, 1)[-1][1] == "You win!"  # never "You wins!"


def test_czech_keeps_names_in_the_nominative_and_says_ranks_in_words():
    i18n.set_language("cs")
    try:
        called = i18n.tn("event.idiot_called", 2, caller="Anička", target="Ben")
        assert called.startswith("Anička volá na hráče Ben: ")  # not "volá na Ben"
        assert i18n.tn("event_you.catch", 2, target="Ben").startswith("Voláš na hráče Ben: ")
        from craits.ui.table.hints import rank_label

        assert [rank_label(read_card(c)) for c in ("QH", "JS", "KD", "AC", "10C")] == \
            ["dáma", "kluk", "král", "eso", "10"]
        assert i18n.t("table.hint_play", suit="♥", rank=rank_label(read_card("QH"))) == \
            "Zahraj barvu ♥ nebo hodnotu dáma, jinak si lízni."
        from craits.ui.seat_names import default_seats

        assert default_seats(["human", "easy"])[0].name == "Ty"  # not "You"
    finally:
        i18n.set_language("en")
