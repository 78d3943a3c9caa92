"""The menus by ear, through the recording backend (CRAITS_SPEECH_LOG): each screen says its
title and the focused control as it opens, each control is said as Tab and the arrows reach it
(name, value, state, position: "Players, 4, 2 to 5"), and each new value as it changes."""

from __future__ import annotations

import dataclasses

import pygame
import pytest
from app_driver import make_app, post_key

from craits import i18n
from craits.ui.dialogs.message import MessageScene
from craits.ui.menus.new_game import NewGameScene
from craits.ui.menus.settings import SettingsScene
from craits.ui.speech import transcript as transcript_file
from craits.ui.table.pause import PauseScene
from craits.ui.widgets import Button, Choice, Slider, TextInput, Toggle


@pytest.fixture
def title(tmp_path, monkeypatch, transcript):
    apps = []

    def make(language="en"):
        app = make_app(tmp_path / "home", monkeypatch, size=(1280, 800), language=language)
        apps.append(app)
        app.show_title()
        frames(app)
        return app

    yield make
    for app in apps:
        app.shutdown()
    i18n.set_language("en")


def frames(app, n: int = 2) -> None:
    for _ in range(n):
        app.step(1 / 30)


def heard(path) -> list[str]:
    return transcript_file.texts(path)


def press(app, path, key: int, *, mod: int = 0) -> list[str]:
    """Press ``key``; what was said because of it."""
    before = len(heard(path))
    post_key(key, mod=mod)
    frames(app)
    return heard(path)[before:]


def type_text(app, path, text: str) -> list[str]:
    before = len(heard(path))
    pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    frames(app)
    return heard(path)[before:]


def down_to(app, path, label: str) -> None:
    """Down through the title's menu until ``label`` is said."""
    for _ in range(10):
        if press(app, path, pygame.K_DOWN)[-1].startswith(f"{label}, "):
            return
    raise AssertionError(f"{label!r} was never reached")


def test_the_title_new_game_and_settings_are_said_as_the_keyboard_walks_them(title, transcript):
    app = title("en")
    # The title, then the focused entry and its place; under the deal of the day, its line.
    assert heard(transcript) == ["Craits. New game, 1 of 6"]
    deal = press(app, transcript, pygame.K_DOWN)
    assert len(deal) == 1 and deal[0].startswith("Deal of the day, Deal ")
    assert deal[0].endswith(", not played yet, 2 of 6")
    assert press(app, transcript, pygame.K_UP) == ["New game, 1 of 6"]

    assert press(app, transcript, pygame.K_RETURN) == ["New game. Players, 4, 2 to 5"]
    assert isinstance(app.scenes.top, NewGameScene)
    assert press(app, transcript, pygame.K_RIGHT) == ["5, 2 to 5"]  # a value change
    assert press(app, transcript, pygame.K_LEFT) == ["4, 2 to 5"]
    assert press(app, transcript, pygame.K_TAB) == ["Seat 1, Name, edit text, You"]
    assert type_text(app, transcript, "A") == ["A"]  # what is typed is echoed
    assert press(app, transcript, pygame.K_BACKSPACE) == ["A"]  # and what is erased
    assert press(app, transcript, pygame.K_TAB) == ["Seat 1, Player, Human, 1 of 2"]
    assert press(app, transcript, pygame.K_TAB) == ["Seat 2, Name, edit text, Ada"]
    assert press(app, transcript, pygame.K_TAB) == ["Seat 2, Player, Computer, 2 of 2"]
    level = app.scenes.top.players_panel.seat_rows[1][2]
    assert press(app, transcript, pygame.K_TAB) == [  # then the level's note, not cut off
        f"Seat 2, Level, {level.text}, {level.index + 1} of {len(level.options)}",
        f"{level.text}: {i18n.level_description(level.value)}"]
    assert press(app, transcript, pygame.K_TAB, mod=pygame.KMOD_SHIFT) == [
        "Seat 2, Player, Computer, 2 of 2"]
    for _ in range(2):
        press(app, transcript, pygame.K_TAB, mod=pygame.KMOD_SHIFT)
    assert heard(transcript)[-1] == "Seat 1, Player, Human, 1 of 2"
    assert press(app, transcript, pygame.K_RIGHT) == [  # what stops the game, as it comes
        "Computer, 2 of 2", "At least one player must be human."]
    assert press(app, transcript, pygame.K_LEFT) == ["Human, 1 of 2"]

    assert press(app, transcript, pygame.K_ESCAPE) == ["Craits. New game, 1 of 6"]  # said again
    down_to(app, transcript, "Settings")
    assert press(app, transcript, pygame.K_RETURN) == ["Settings. Language, English, 1 of 6"]
    assert isinstance(app.scenes.top, SettingsScene)
    assert press(app, transcript, pygame.K_TAB) == ["Volume, 80 percent"]
    assert press(app, transcript, pygame.K_RIGHT) == ["85 percent"]
    assert press(app, transcript, pygame.K_TAB) == ["Mute, Off"]
    assert press(app, transcript, pygame.K_RETURN) == ["On"]
    assert app.settings.muted


def test_the_menus_are_said_in_the_players_language(title, transcript):
    app = title("cs")
    t = i18n.t
    first = t("speech_menu.position", position=1, count=6)
    assert heard(transcript) == [f"{t('app.title')}. {t('menu.new_game')}, {first}"]
    said = press(app, transcript, pygame.K_RETURN)
    players = f"{t('setup.players')}, 4, {t('speech_menu.range', low=2, high=5)}"
    assert said == [f"{t('setup.title')}. {players}"] == ["Nová hra. Hráči, 4, 2 až 5"]
    assert press(app, transcript, pygame.K_RIGHT) == ["5, 2 až 5"]
    press(app, transcript, pygame.K_ESCAPE)
    down_to(app, transcript, t("menu.settings"))
    said = press(app, transcript, pygame.K_RETURN)
    codes = [code for code, _ in i18n.available_languages()]
    position = t("speech_menu.position", position=codes.index("cs") + 1, count=len(codes))
    assert said == [f"{t('settings.title')}. {t('settings.language')}, Čeština, {position}"]
    assert press(app, transcript, pygame.K_TAB) == [
        f"{t('settings.volume')}, {i18n.tn('speech_menu.percent', 80)}"]
    assert press(app, transcript, pygame.K_TAB) == [f"{t('settings.mute')}, {t('common.off')}"]
    assert not [line for line in heard(transcript) if "percent" in line or ", Off" in line]


def test_each_kind_of_control_says_its_name_value_state_and_position():
    pygame.display.init()
    i18n.set_language("en")
    assert Button((0, 0, 9, 9), "Next ▶", None).spoken() == "Next"
    assert Button((0, 0, 9, 9), "Start", None, enabled=False).spoken() == "Start, unavailable"
    assert Toggle((0, 0, 9, 9), "Mute", True).spoken() == "Mute, On"
    assert Toggle((0, 0, 9, 9), "Coaching", False, on_text="Yes", off_text="No").spoken() \
        == "Coaching, No"
    speed = Choice((0, 0, 9, 9), "Speed", [("s", "Slow"), ("n", "Normal"), ("f", "Fast")], "n")
    assert speed.spoken() == "Speed, Normal, 2 of 3"
    players = Choice((0, 0, 9, 9), "2 to 5 players", [(n, str(n)) for n in range(2, 6)], 4)
    players.speech_label = "Players"
    assert players.spoken() == "Players, 4, 2 to 5"
    assert Slider((0, 0, 9, 9), "Volume", 0.5).spoken() == "Volume, 50 percent"
    field = TextInput((0, 0, 9, 9), "", placeholder="Ada")
    field.speech_label = "Seat 2, Name"
    assert field.spoken() == "Seat 2, Name, edit text, Ada"  # the name it stands for
    field.set_text("Bo")
    assert field.spoken_change("B") == "o" and field.spoken_change("Bob") == "b"
    assert field.spoken_change("Zed") == "Bo"  # changed in the middle: the whole text


def tab_to(app, path, start: str, limit: int = 30) -> str:
    """Tab until what is said starts with ``start``; that line."""
    for _ in range(limit):
        said = press(app, path, pygame.K_TAB)
        if said and said[-1].startswith(start):
            return said[-1]
    raise AssertionError(f"{start!r} was never reached")


@pytest.mark.parametrize("detail", ["full", "brief"])
def test_a_house_rule_is_explained_at_full_detail(title, transcript, detail):
    app = title("en")
    app.settings = dataclasses.replace(app.settings, speech_verbosity=detail)
    app.apply_settings()
    press(app, transcript, pygame.K_RETURN)
    rule = app.scenes.top.rules_panel.variant_widgets["seven_skips"]
    said = tab_to(app, transcript, i18n.t("variant.seven_skips"))
    explained = f"{rule.spoken()}. {i18n.t('variant.seven_skips_desc')}"
    assert said == (explained if detail == "full" else rule.spoken())


def test_the_tables_menu_and_a_message_are_said(title, transcript):
    app = title("en")
    app.new_game(app.seats_for(["human", "easy"]), None, 3)
    for _ in range(4):  # Esc closes what is over the table first, then opens the menu
        if isinstance(app.scenes.top, PauseScene):
            break
        press(app, transcript, pygame.K_ESCAPE)
    assert isinstance(app.scenes.top, PauseScene)
    assert "Menu. Resume" in heard(transcript)
    assert press(app, transcript, pygame.K_DOWN) == ["Rules"]
    app.scenes.push(MessageScene(app, "Export game record", "The record was saved as x.json.",
                                 [("OK", None, "primary"), ("Cancel", None, "secondary")]))
    frames(app)
    assert heard(transcript)[-1] == \
        "Export game record. The record was saved as x.json. OK. Cancel"
