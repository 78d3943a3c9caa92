"""Speech at the table, heard through the recording backend (CRAITS_SPEECH_LOG): every log
entry of a seeded round is said in words in each language, the turn is said with what may be
played, the state keys and the history keys answer, and a table without speech plays on."""

from __future__ import annotations

import dataclasses
import re

import pygame
import pytest
from app_driver import make_app as open_app
from table_harness import press, run_until, set_position
from transcript_tail import TranscriptTail

from craits import i18n
from craits.engine.notation import read_card
from craits.ui.speech import speaker as speaker_module
from craits.ui.speech.words import spoken
from craits.ui.table.scoreboard import ScoreboardScene

SYMBOLS = re.compile(r"[♠♥♦♣]")
CODES = re.compile(r"\b(10|[2-9AJQKT])[SHDC]\b")


_TAILS: dict[str, TranscriptTail] = {}


def heard(path) -> list[str]:
    return _TAILS.setdefault(str(path), TranscriptTail(path)).texts()


@pytest.fixture
def open_table(tmp_path, monkeypatch, transcript):
    apps = []

    def make(kinds, language="en", seed=11, speed="instant", rules=None):
        app = open_app(tmp_path / "home", monkeypatch, size=(1280, 800), language=language,
                       speed=speed)
        apps.append(app)
        app.new_game(app.seats_for(kinds), rules, seed)
        return app, app.current_table()

    yield make
    for app in apps:
        app.shutdown()
    i18n.set_language("en")


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_every_entry_of_a_seeded_round_is_said_in_words(open_table, transcript, language):
    app, table = open_table(["easy", "medium", "easy"], language)
    table.speech.policy.words_per_minute = 1e9  # a listener who keeps up with any pace
    run_until(app, lambda: isinstance(app.scenes.top, ScoreboardScene), 120, dt=1 / 10)
    run_until(app, lambda: not table.chor.busy, 10)
    app.step(1 / 30)
    said = heard(transcript)
    text = "\n".join(said)
    entries = [line.text_for(None) for line in table.chor.log.lines]
    entries = [e for e in entries if e]
    assert len(entries) > 10
    for entry in entries:
        assert spoken(entry) in text, entry
    assert not SYMBOLS.search(text) and not CODES.search(text), text
    i18n.set_language(language)
    opening = re.escape(i18n.t("score.round_results", n=999)).replace("999", r"\d+")
    assert any(re.match(opening, s) for s in said)  # the scoreboard's opening


def human_position() -> dict:
    return {
        "hands": [["8S", "KH", "3H", "AS", "10D"], ["2C", "3C", "4C"], ["5C", "6C", "7C"]],
        "draw_pile": ["9C", "10C", "JC", "QC", "AC", "9S", "10S", "JS", "QS"],
        "discard": ["4D", "5H"],
        "turn": 0,
        "dealer": 2,
    }


def test_the_turn_is_said_with_what_may_be_played(open_table, transcript):
    app, table = open_table(["human", "easy", "easy"], speed="fast")
    run_until(app, lambda: app.scenes.top is table and not table.chor.busy
              and not table.match.cut_pending, 60)
    set_position(table, human_position())
    app.step(1 / 30)
    app.step(1 / 30)
    last = heard(transcript)[-1]
    assert last.startswith("Your turn. On the table: the five of hearts. Suit in force: hearts.")
    assert "You can play: the eight of spades, the three of hearts, the king of hearts." in last


def test_state_keys_say_the_hand_by_suit_with_counts(open_table, transcript):
    app, table = open_table(["human", "easy", "easy"], speed="fast")
    run_until(app, lambda: app.scenes.top is table and not table.chor.busy
              and not table.match.cut_pending, 60)
    set_position(table, human_position())
    app.step(1 / 30)
    answers = {}
    for key in (pygame.K_k, pygame.K_t, pygame.K_s, pygame.K_w, pygame.K_c, pygame.K_n):
        press(app, key)
        answers[key] = heard(transcript)[-1]
    assert answers[pygame.K_k] == ("Your hand, 5 cards: spades, 2 cards: ace, eight. "
                                   "hearts, 2 cards: three, king. diamonds, 1 card: ten.")
    assert answers[pygame.K_t] == "On the table: the five of hearts. Suit in force: hearts."
    names = table.match.names
    assert answers[pygame.K_s].startswith(f"{names[0]}: 5 cards, 0 points; {names[1]}: 3 cards")
    assert answers[pygame.K_w] == "Your turn."
    assert answers[pygame.K_c] == "No crank is running."
    assert answers[pygame.K_n] == "Draw pile: 9 cards."
    assert table.match.my_turn()  # the keys did nothing else at the table


def test_history_keys_say_earlier_messages_again(open_table, transcript):
    app, table = open_table(["human", "easy", "easy"], speed="fast")
    run_until(app, lambda: app.scenes.top is table and not table.chor.busy
              and not table.match.cut_pending, 60)
    set_position(table, human_position())
    app.step(1 / 30)
    press(app, pygame.K_t)
    press(app, pygame.K_n)
    history = list(table.speech.speaker.history)
    before = len(heard(transcript))
    press(app, pygame.K_LEFTBRACKET)
    press(app, pygame.K_LEFTBRACKET)
    press(app, pygame.K_RIGHTBRACKET)
    press(app, pygame.K_RIGHTBRACKET)
    assert heard(transcript)[before:] == [history[-1], history[-2], history[-1],
                                          "That was the latest message."]
    assert list(table.speech.speaker.history) == history  # re-reading adds nothing


def test_a_refused_card_is_said_with_its_reason(open_table, transcript):
    app, table = open_table(["human", "easy", "easy"], speed="fast")
    run_until(app, lambda: app.scenes.top is table and not table.chor.busy
              and not table.match.cut_pending, 60)
    set_position(table, human_position())
    app.step(1 / 30)
    table.refuse_card(read_card("10D"))
    app.step(1 / 30)
    said = heard(transcript)
    reason = table.hand.model.banners[-1].text
    assert said[-1] == "The ten of diamonds: Needs hearts or 5"  # the card refused, and why
    assert reason == "Needs ♥ or 5"
    assert reason not in said  # the banner is not said again without its card


def test_the_card_the_keyboard_moves_to_is_said(open_table, transcript):
    app, table = open_table(["human", "easy", "easy"], speed="fast")
    run_until(app, lambda: app.scenes.top is table and not table.chor.busy
              and not table.match.cut_pending, 60)
    set_position(table, human_position())
    app.step(1 / 30)
    said = []
    for _ in range(3):
        press(app, pygame.K_RIGHT)
        said.append(heard(transcript)[-1])
    hand = [s.code for s in table.hand.hand()]
    playable = {"the eight of spades", "the three of hearts", "the king of hearts"}
    for line in said:
        match = re.fullmatch(r"(.+), (\d) of 5, can be played", line)
        assert match and match.group(1) in playable, line
        assert i18n.spoken_card(hand[int(match.group(2)) - 1]) == match.group(1)
    assert len({line for line in said}) == 3  # three different cards, one after another


class Broken:
    def speak(self, text, interrupt):
        from craits.ui.speech.backends import SpeechUnavailable

        raise SpeechUnavailable("no speech here")

    def close(self):
        pass


def test_without_speech_the_player_is_told_once_and_plays_on(tmp_path, monkeypatch):
    monkeypatch.setenv("CRAITS_SPEECH", "1")  # asked for: told once that it cannot be had
    monkeypatch.setattr(speaker_module, "_shared", None)
    monkeypatch.setattr(speaker_module, "_backends", lambda: [Broken()])
    app = open_app(tmp_path / "home", monkeypatch, size=(1280, 800), speed="instant")
    try:
        for seed in (3, 4):  # a second table on the same run says nothing more
            app.new_game(app.seats_for(["easy", "easy"]), None, seed, replace_ok=True)
            table = app.current_table()
            run_until(app, lambda t=table: t.chor.log.readable(None) > 5, 60, dt=1 / 10)
        told = [n for n in app.notices if str(n) == i18n.t("speech.unavailable")]
        assert len(told) == 1
    finally:
        app.shutdown()


def test_speech_off_by_default_tells_nobody_anything(tmp_path, monkeypatch):
    """A player who never asked for speech is never told it is missing."""
    monkeypatch.delenv("CRAITS_SPEECH", raising=False)
    monkeypatch.delenv("CRAITS_SPEECH_LOG", raising=False)
    monkeypatch.setattr(speaker_module, "_shared", None)
    monkeypatch.setattr(speaker_module, "_backends", lambda: [Broken()])
    app = open_app(tmp_path / "home", monkeypatch, size=(1280, 800), speed="instant")
    try:
        app.new_game(app.seats_for(["easy", "easy"]), None, 3)
        table = app.current_table()
        run_until(app, lambda: table.chor.log.readable(None) > 5, 60, dt=1 / 10)
        assert not [n for n in app.notices if str(n) == i18n.t("speech.unavailable")]
        assert not table.speech.speaker.enabled
    finally:
        app.shutdown()


YOUR_TURN = "Your turn."
FOCUS = re.compile(r"(.+), (\d+) of (\d+), can be played")


def test_a_short_match_is_played_by_ear_from_the_keyboard(open_table, transcript):
    """Every key pressed is chosen from what was said: the turn with the cards that may be
    played, the card each arrow moves to, the suit dialog's choices, the scores."""
    from craits.director import Wait
    from craits.engine.rules import Rules

    app, table = open_table(["human", "easy"], seed=5, rules=Rules(game_length="short"))
    read = 0
    plays = rounds = 0
    frames = 0
    scores_said = False
    while table.match.director.waiting.kind is not Wait.MATCH_OVER:
        frames += 1
        assert frames < 20_000, "the match did not end"
        app.step(1 / 30)
        lines = heard(transcript)
        new, read = lines[read:], len(lines)
        if scores_said and frames % 15 == 0:
            press(app, pygame.K_RETURN)  # the scoreboard's "Next round" (it waits a moment)
        for line in new:
            if re.match(r"Round \d+ results\.", line):  # the scoreboard's opening
                rounds += 1
                scores_said = True
            elif line.startswith("Round "):
                scores_said = False
            elif line.startswith(("Choose a suit: 1: ", "Keep or switch the suit? 1: ")):
                press(app, pygame.K_1)
            elif line.startswith(YOUR_TURN):
                listed = re.search(r"You can play: (.+?)\.(?: |$)", line)
                if listed is None:
                    press(app, pygame.K_p if "pass" in line.lower() else pygame.K_d)
                    continue
                choices = listed.group(1).split(", ")
                plain = [c for c in choices if " eight " not in c and " nine " not in c]
                target = (plain or choices)[0]
                for _ in range(12):
                    press(app, pygame.K_RIGHT)
                    focus = FOCUS.fullmatch(heard(transcript)[-1])
                    if focus and focus.group(1) == target:
                        break
                assert focus and focus.group(1) == target, heard(transcript)[-3:]
                read = len(heard(transcript))  # what the arrows answered has been read
                press(app, pygame.K_RETURN)
                plays += 1
                if focus.group(3) == "2":
                    press(app, pygame.K_l)  # one card left: "Last card!"
                break
    assert plays > 8 and rounds >= 7
    said = "\n".join(heard(transcript))
    assert not SYMBOLS.search(said) and not CODES.search(said)


def test_the_turn_is_said_once_when_it_comes_after_what_led_to_it(open_table, transcript):
    """Each time the computers have moved and the turn comes back, "Your turn" is said once,
    after their moves were said, and not again while the player thinks."""
    from app_driver import StandInPlayer

    app, table = open_table(["human", "easy", "easy"], speed="fast", seed=12)
    # The player thinks at each turn: no draw is made for them meanwhile.
    app.settings = dataclasses.replace(app.settings, forced_moves=False)
    player = StandInPlayer(3)
    read = turns = 0
    for _ in range(4000):
        if turns == 4:
            break
        app.step(1 / 30)
        if app.scenes.top is not table or table.match.cut_pending:
            player.act(app)  # the cut, a suit, the scoreboard
            continue
        if not table.match.my_turn() or table.chor.busy:
            continue
        for _ in range(20):  # the player thinks a while: nothing is said again
            app.step(1 / 30)
        lines = heard(transcript)
        new, read = lines[read:], len(lines)
        said = [line for line in new if line.startswith(YOUR_TURN)]
        assert len(said) == 1, new
        at = new.index(said[0])
        moves = re.compile(r"\b(played|drew|passed)\b")
        assert not any(moves.search(line) for line in new[at + 1:]), "\n".join(new)  # said after them
        if turns:
            assert any(moves.search(line) for line in new[:at]), new  # the computers' moves
        turns += 1
        player.act(app)
    assert turns == 4
