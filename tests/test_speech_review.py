"""The round review by ear: as the player steps through their choices each one is said with the
expert's verdict on it, in words (no card codes or suit symbols), and a verdict that comes
while the step is shown is said as it comes; the past games are said row by row."""

from __future__ import annotations

import re
from dataclasses import replace

import pygame
import pytest
from test_review_replay import play

from craits import i18n
from craits.persistence import Settings, Statistics
from craits.persistence.archive import GameArchive
from craits.review import Replay
from craits.review.analysis import choices
from craits.review.thinking import level_profile
from craits.ui import widgets
from craits.ui.cards.art import CardArt
from craits.ui.menus.past_games import PastGamesScene
from craits.ui.review.scene import ReviewScene
from craits.ui.scene import SceneStack
from craits.ui.screens import AppScreens
from craits.ui.speech import Speaker
from craits.ui.speech.symbols import in_words
from craits.ui.speech.words import spoken
from craits.work import inline_job

EXPERT = level_profile("expert")
FAST = {"profile": replace(EXPERT, search=replace(EXPERT.search, iterations=40)),
        "make_runner": inline_job}
SYMBOLS = re.compile(r"[♠♥♦♣]")


class Ear:
    """A speech backend that keeps what it was given."""

    def __init__(self) -> None:
        self.said: list[str] = []

    def speak(self, text: str, interrupt: bool) -> None:
        self.said.append(text)

    def close(self) -> None:
        pass


class Audio:
    def play(self, name: str) -> None:
        pass


class App:
    """What the review uses of the app, with a speaker that keeps what is said."""

    def __init__(self) -> None:
        self.size = (1280, 800)
        self.scenes = SceneStack()
        self.settings = Settings()
        self.statistics = Statistics()
        self.card_art = CardArt()
        self.audio = Audio()
        self.notices: list = []
        self.keys_down: set[int] = set()
        self.screens = AppScreens(self)
        self.ear = Ear()
        self.speech = Speaker([self.ear])

    def apply_settings(self) -> None:
        pass

    def save_settings(self) -> None:
        pass


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.init()
    pygame.display.set_mode((1280, 800))
    yield
    widgets.set_click_sound(None)


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CRAITS_HOME", str(tmp_path))
    yield tmp_path
    i18n.set_language("en")


@pytest.fixture(scope="module")
def session():
    return play(3, ("human", "easy", "medium"))


def key(scene, k: int) -> None:
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))
    scene.update(0.03)


def verdict_line(scene) -> str:
    verdict = scene.verdict()
    assert verdict is not None
    return verdict.message.text(i18n.t, card=i18n.card_name, suit=i18n.suit_name,
                                player=scene.board.names.__getitem__)


@pytest.mark.parametrize("language", ["en", "es"])
def test_each_choice_is_said_with_the_experts_verdict_in_words(session, language):
    i18n.set_language(language)
    replay = Replay(session)
    index = next(r.index for r in replay.rounds if len(choices(replay, 0, r.index)) >= 3)
    app = App()
    scene = ReviewScene(app, replay, round_index=index, **FAST)
    app.scenes.push(scene)
    scene.update(0.03)
    assert app.ear.said[0].startswith(f"{i18n.t('review.title')}. ")  # where the review is
    for _ in range(400):
        if not scene.running:
            break
        scene.update(0.03)
    assert not scene.running
    first = choices(replay, 0, index)[0]
    scene.go(replay.rounds[index].first)
    scene.update(0.03)
    for number in choices(replay, 0, index)[:3]:
        key(scene, pygame.K_DOWN)  # to the next of the player's choices
        assert scene.number == number >= first
        said = app.ear.said[-1]
        assert said.startswith(spoken(f"{i18n.t('review.your_choice')}: "))
        assert spoken(verdict_line(scene).rstrip(".")) in said
        assert not SYMBOLS.search(said) and not re.search(r"\b(10|[2-9AJQK])[SHDC]\b", said)


def test_a_verdict_that_comes_while_its_step_is_shown_is_said_then(session):
    replay = Replay(session)
    index = next(r.index for r in replay.rounds if len(choices(replay, 0, r.index)) >= 3)
    app = App()
    scene = ReviewScene(app, replay, round_index=index, **FAST)
    app.scenes.push(scene)
    scene.go(choices(replay, 0, index)[0])
    assert scene.verdict() is None
    scene.update(0.03)  # the move made is said; its verdict is not judged yet
    before = len(app.ear.said)
    assert i18n.t("review.your_choice") in app.ear.said[-1]
    for _ in range(40):
        scene.update(0.03)
        if scene.verdict() is not None:
            break
    scene.update(0.03)
    assert app.ear.said[before:] == [spoken(verdict_line(scene))]
    scene.cancel()


def test_past_games_are_said_row_by_row_with_their_place(home):
    archive = GameArchive(home)
    for seed in (1, 2):
        archive.keep(play(seed, ("human", "easy")))
    app = App()
    scene = PastGamesScene(app, archive, analyse=False)
    app.scenes.push(scene)
    scene.update(0.03)
    # Said as its own words (dates in words, the best total named, not starred).
    first, second = (spoken(in_words(row.speech_label)) for row in scene.rows)
    assert "★" in scene.rows[0].label and "★" not in first
    assert app.ear.said == [f"{i18n.t('review.past_games')}. {first}, 1 of 2"]
    key(scene, pygame.K_DOWN)
    assert app.ear.said[-1] == f"{second}, 2 of 2"
