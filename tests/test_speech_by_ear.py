"""A whole match played by ear in every language, from the title screen: every key pressed is
chosen from what was said (through the recording backend, CRAITS_SPEECH_LOG), and what is
said is read through the catalogue's own texts, so the same player works in each language:
the title's New game, the new-game screen's players, seats, level and length, the turn with
the cards that may be played, the card each arrow moves to, the suit dialog, the scores and
the game-over screen's winner."""

from __future__ import annotations

import dataclasses
import re

import pygame
import pytest
from app_driver import make_app, post_key
from transcript_tail import TranscriptTail

from craits import i18n
from craits.director import Wait
from craits.engine.cards import RANKS, SUITS
from craits.ui.speech.words import spoken
from craits.ui.table.game_over import GameOverScene

pytestmark = pytest.mark.slow  # started first: see conftest.py

SEED = 5
SYMBOLS = re.compile(r"[♠♥♦♣]")
CODES = re.compile(r"\b(10|[2-9AJQKT])[SHDC]\b")


def pattern(text: str, **groups: str) -> str:
    """``text`` (made with ``QQnameQQ`` marks for its fields) as a regex: each field a group."""
    rx = re.escape(text)
    for name, group in groups.items():
        mark = re.escape(f"QQ{name}QQ")
        rx = rx.replace(mark, f"(?P<{name}>{group})", 1).replace(mark, f"(?P={name})")
    return rx


def template(key: str, **groups: str) -> re.Pattern[str]:
    return re.compile(pattern(i18n.t(key, **{n: f"QQ{n}QQ" for n in groups}), **groups))


def plural_templates(key: str, **groups: str) -> list[re.Pattern[str]]:
    """``key``'s text for each plural form, its count a number."""
    marks = {n: f"QQ{n}QQ" for n in groups}
    return [re.compile(pattern(i18n.tn(key, n, **marks), **groups).replace(str(n), r"\d+"))
            for n in range(1, 9)]


class Ear:
    """What the app says, read as a player would: the lines said since the last look."""

    def __init__(self, app, path) -> None:
        self.app, self.transcript, self.read = app, TranscriptTail(path), 0

    def all(self) -> list[str]:
        return self.transcript.texts()

    def new(self) -> list[str]:
        lines = self.all()
        new, self.read = lines[self.read:], len(lines)
        return new

    def step(self, n: int = 2, dt: float = 1 / 30) -> None:
        for _ in range(n):
            self.app.step(dt)

    def press(self, key: int, mod: int = 0) -> list[str]:
        """Press ``key``; what was said because of it (read)."""
        self.new()
        post_key(key, mod=mod)
        self.step()
        return self.new()

    def act(self, key: int) -> None:
        """Press ``key``; what follows is read as it comes (the turn that comes back)."""
        post_key(key)
        self.step()


class Menus:
    """The menus' spoken forms: a control "Label, value, position", a new value "value,
    position", the position "2 of 6" or a range "2 to 5"."""

    def __init__(self, ear: Ear) -> None:
        self.ear = ear
        position = pattern(i18n.t("speech_menu.position", position="QQaQQ", count="QQbQQ"),
                           a=r"\d+", b=r"\d+")
        span = pattern(i18n.t("speech_menu.range", low="QQcQQ", high="QQdQQ"),
                       c=r"\d+", d=r"\d+")
        self.place = f"(?:{position}|{span})(?:\\. .+)?"  # at full detail, its explanation

    def tab_to(self, label: str) -> str:
        """Tab until a control named ``label`` is said; what was said of it."""
        for _ in range(40):
            for line in self.ear.press(pygame.K_TAB):
                if line == label or line.startswith(f"{label}, "):
                    return line
        raise AssertionError(f"{label!r} was never said: {self.ear.all()[-5:]}")

    def value_of(self, line: str, label: str) -> str:
        match = re.fullmatch(f"{re.escape(label)}, (.+), {self.place}", line)
        assert match, line
        return match.group(1)

    def choose(self, said: str, label: str, wanted: str) -> None:
        """On the control said as ``said``, the arrows until its value ``wanted`` is said."""
        if self.value_of(said, label) == wanted:
            return
        for key in (pygame.K_RIGHT, pygame.K_LEFT):
            last = None
            for _ in range(12):
                lines = self.ear.press(key)
                values = [m.group(1) for line in lines
                          if (m := re.fullmatch(f"(.+), {self.place}", line))]
                if wanted in values:
                    return
                if not values or values[-1] == last:
                    break  # the end of the choices: the other way
                last = values[-1]
        raise AssertionError(f"{wanted!r} was never said: {self.ear.all()[-5:]}")


def start_from_the_title(ear: Ear) -> None:
    """Title -> New game -> two seats (you and an easy computer player), a short game ->
    Start, every key chosen from what was said."""
    t = i18n.t
    menus = Menus(ear)
    item = t("menu.new_game")
    line = ear.all()[-1]
    for _ in range(10):
        if line.startswith(f"{item}, ") or f". {item}, " in line:  # "Craits. New game, 1 of 6"
            break
        line = ear.press(pygame.K_DOWN)[-1]
    else:
        raise AssertionError(f"{item!r} was never said")
    said = ear.press(pygame.K_RETURN)[-1]
    heading = f"{t('setup.title')}. "
    assert said.startswith(heading), said
    players = t("setup.players")
    menus.choose(said[len(heading):], players, "2")
    seat = {field: t("speech_menu.seat_field", n=2, field=t(f"setup.{field}"))
            for field in ("kind", "level")}
    menus.choose(menus.tab_to(seat["kind"]), seat["kind"], t("setup.computer"))
    menus.choose(menus.tab_to(seat["level"]), seat["level"], i18n.level_name("easy"))
    length = t("setup.length")
    menus.choose(menus.tab_to(length), length, t("setup.length_short"))
    assert menus.tab_to(t("setup.start")) == t("setup.start")  # not "unavailable"
    ear.press(pygame.K_RETURN)


def deck_words() -> dict[str, str]:
    """Each card's spoken words -> its code; every card is said differently."""
    codes = [rank + suit for rank in RANKS for suit in SUITS]
    words = {i18n.spoken_card(code): code for code in codes}
    assert len(words) == len(codes), "two cards are said alike"
    return words


def play_by_ear(ear: Ear) -> tuple[int, int, str]:
    """The match to its end, by ear, until the game-over screen is said; the cards played,
    the rounds scored and what the game-over screen said."""
    t = i18n.t
    words = deck_words()
    high = {w for w, code in words.items() if code[0] in "89"}  # kept for later, if possible
    scores = template("score.round_results", n=r"\d+")  # the scoreboard's opening
    may_play = template("speech.may_play", cards=".+?")
    focus_playable = template("speech.focus_playable", card=".+", position=r"\d+",
                              count=r"\d+")
    round_started = [*plural_templates("event.round_started", n=r"\d+", player=".+"),
                     *plural_templates("event_you.round_started", n=r"\d+")]
    suit_questions = (t("suit.choose"), t("suit.keep_or_switch"))
    drawn = spoken(t("table.hint_drawn"))
    plays = rounds = frames = 0
    scores_said = False
    asked: tuple[int, int] | None = None  # the suit dialog's key, and when it was pressed
    over = t("event.game_over")
    while True:
        frames += 1
        assert frames < 8_000, ("the match did not end", ear.all()[-6:])
        ear.step(1, dt=1 / 10)
        if asked is not None and frames - asked[1] > 30:  # no answer yet: the key again
            ear.act(asked[0])
            asked = (asked[0], frames)
        if scores_said and frames % 15 == 0:
            post_key(pygame.K_RETURN)  # the scoreboard's "Next round" (it waits a moment)
        for line in ear.new():
            asked = None
            if line.startswith(over):
                assert isinstance(ear.app.scenes.top, GameOverScene)
                return plays, rounds, line
            if scores.match(line):
                rounds += 1
                scores_said = True
            elif any(rx.match(line) for rx in round_started):
                scores_said = False
            elif line.startswith(suit_questions):
                ear.act(pygame.K_1)
                asked = (pygame.K_1, frames)
            elif line.startswith(t("speech.your_turn")):
                listed = may_play.search(line)
                if listed is None:
                    ear.act(pygame.K_p if drawn in line else pygame.K_d)
                    break
                choices = listed.group("cards").split(", ")
                assert set(choices) <= set(words), line  # each card said in full words
                target = ([c for c in choices if c not in high] or choices)[0]
                focus = None
                for _ in range(12):
                    said = ear.press(pygame.K_RIGHT)
                    focus = focus_playable.fullmatch(said[-1]) if said else None
                    if focus and focus.group("card") == target:
                        break
                assert focus and focus.group("card") == target, ear.all()[-3:]
                ear.act(pygame.K_RETURN)
                plays += 1
                if focus.group("count") == "2":
                    ear.act(pygame.K_l)  # one card left: "Last card!"
                break


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_a_whole_match_is_played_by_ear_from_the_title(tmp_path, monkeypatch, transcript,
                                                       language):
    app = make_app(tmp_path / "home", monkeypatch, size=(1280, 800), language=language)
    start = app.new_game

    def seeded(setup, *args, **kwargs):  # the screen's game, on a known deal
        if dataclasses.is_dataclass(setup):
            setup = dataclasses.replace(setup, seed=SEED)
        return start(setup, *args, **kwargs)

    monkeypatch.setattr(app, "new_game", seeded)
    try:
        ear = Ear(app, transcript)
        app.show_title()
        ear.step()
        assert i18n.get_language() == language
        start_from_the_title(ear)
        table = app.current_table()
        assert table is not None
        assert len(table.match.names) == 2
        plays, rounds, line = play_by_ear(ear)
        assert plays > 8 and rounds >= 2
        assert table.match.director.waiting.kind is Wait.MATCH_OVER
        session = table.session
        winner = session.seats[session.match.winners()[0]].name
        wins = i18n.t("event.you_win") if session.match.winners()[0] in session.human_seats() \
            else i18n.t("event.player_wins", player=winner)
        assert wins in line, line
        said = "\n".join(ear.all())
        assert not SYMBOLS.search(said) and not CODES.search(said)
    finally:
        app.shutdown()
        i18n.set_language("en")
