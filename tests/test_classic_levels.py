"""A level's previous version kept as ``NAME-classic`` in config/ai.yaml: offered on the new-game
screen after the current levels (only while configured), chosen by keyboard or mouse, kept in
the settings and the saved game, played exactly by its own parameters and rated by its own
rating. The released levels file keeps no classic, so these tests read one from a fixture."""

from __future__ import annotations

import json
from pathlib import Path

import pygame
import pytest

from craits import i18n
from craits.ai import bot_for
from craits.ai.profiles import Profile, Reflex
from craits.ai.rollout_weights import RolloutWeights
from craits.ai.search import SearchSettings
from craits.config import ConfigError, levels
from craits.director import play_headless
from craits.engine import Rules
from craits.persistence import LEVELS, Settings
from craits.persistence.ratings import Ratings
from craits.rating import LevelRating, Rating, game_results, update
from craits.seat import Seat
from craits.session import Session
from craits.ui.matches import seat_levels_problem
from craits.ui.menus.new_game import NewGameScene
from craits.ui.menus.new_game_levels import seat_levels
from craits.ui.ratings import level_ratings
from tests.test_ui_menus import FakeApp, click, display, english, open_scene, press  # noqa: F401

CLASSIC_FILE = """\
levels:
  hard-classic:
    version: 1
    rating: {value: 1520, deviation: 45}
    description: Hard as it played at version 1.
    play: search
    announce: {rate: 0.95, delay: [0.1, 0.3]}
    call: {rate: 0.9, delay: [0.1, 0.5]}
    search:
      iterations: 40
      time_cap: 5.0
      opponent_model: 0
      method: flat
      exploration: 0.7
      catch: 0.5
      rollout: {keep_eight: 60, keep_three: 120, follow: 6, six_follow_up: 25, attack: 12,
                urgency: 1.0, noise: 8}
  expert-classic:
    extends: expert
    offered: false
  nervous-classic:
    extends: medium
"""
# hard-classic as the file above writes it, built without the levels file.
DIRECT = Profile(
    name="hard-classic", description="Hard as it played at version 1.", offered=True,
    play="search", announce=Reflex(0.95, 0.1, 0.3), call=Reflex(0.9, 0.1, 0.5), version=1,
    rating=(1520.0, 45.0),
    search=SearchSettings(iterations=40, time_cap=5.0, opponent_model=0.0, method="flat",
                          exploration=0.7, catch=0.5,
                          rollout=RolloutWeights(keep_eight=60, keep_three=120, follow=6,
                                                 six_follow_up=25, attack=12, urgency=1.0,
                                                 noise=8)),
)  # fmt: skip
SHORT = Rules(game_length="short")


@pytest.fixture
def classic(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Profile]:
    """The bundled levels and a hard-classic (an unoffered expert-classic, and a classic of a
    level that is not one of the game's, neither of which is offered as a classic)."""
    extra = tmp_path / "ai.yaml"
    extra.write_text(CLASSIC_FILE, encoding="utf-8")
    profiles = levels.load_profiles(extra)
    monkeypatch.setattr(levels, "default_profiles", lambda: profiles)
    return profiles


def _level_values(scene: NewGameScene, seat: int) -> list[str]:
    return [value for value, _ in scene.players_panel.seat_rows[seat][2].options]


def test_the_released_levels_file_offers_no_classic() -> None:
    assert levels.classics(levels.load_profiles()) == {}
    assert seat_levels() == list(LEVELS)
    _, scene = open_scene(NewGameScene)
    assert _level_values(scene, 1) == list(LEVELS)


def test_a_kept_classic_is_offered_after_the_current_levels(classic) -> None:
    assert levels.classics() == {"hard": "hard-classic"}
    _, scene = open_scene(NewGameScene)
    assert _level_values(scene, 1) == [*LEVELS, "hard-classic"]
    assert scene.players_panel.seat_rows[1][2].options[-1] == ("hard-classic", "Hard (classic)")


def test_a_levels_file_that_cannot_be_read_offers_the_current_levels(monkeypatch) -> None:
    def broken() -> dict[str, Profile]:
        raise ConfigError("ai.yaml", 3, "levels", "bad")

    monkeypatch.setattr(levels, "default_profiles", broken)
    assert seat_levels() == list(LEVELS)


def test_the_classic_is_chosen_by_keyboard_and_described(classic) -> None:
    app, scene = open_scene(NewGameScene)
    scene.focus.focus(scene.players_panel.seat_rows[1][2])
    for _ in range(3):  # medium -> hard -> expert -> hard (classic)
        press(scene, pygame.K_RIGHT)
    assert scene.players_panel.seat_rows[1][2].value == "hard-classic"
    assert scene.status_text() == f"Hard (classic): {i18n.t('classic.note')}"
    click(scene, scene.start_button)
    kind, setup = app.calls[-1]
    assert kind == "new_game" and setup.seats[1].kind == "hard-classic"


def test_the_classic_is_chosen_by_mouse(classic) -> None:
    app, scene = open_scene(NewGameScene)
    for _ in range(3):
        click(scene, scene.players_panel.seat_rows[2][2])
    assert scene.players_panel.seat_rows[2][2].value == "hard-classic"
    click(scene, scene.start_button)
    assert app.calls[-1][1].seats[2].kind == "hard-classic"


def test_the_classic_survives_the_settings_and_the_saved_game(classic, monkeypatch) -> None:
    app, scene = open_scene(NewGameScene)
    for _ in range(3):
        click(scene, scene.players_panel.seat_rows[1][2])
    click(scene, scene.start_button)
    setup = app.calls[-1][1]
    stored = json.loads(json.dumps(app.settings.to_dict()))
    settings, problems = Settings.from_dict(stored)
    assert problems == []
    assert settings.new_game.seats[1] == Seat("hard-classic", "")
    app2 = FakeApp()
    app2.settings = settings
    _, again = open_scene(NewGameScene, app2)
    assert again.players_panel.seat_rows[1][2].value == "hard-classic"
    # The saved game goes on with the classic's own bot.
    session = Session(setup.seats, setup.rules, 5)
    saved = json.loads(json.dumps(session.to_save()))
    assert seat_levels_problem([s["kind"] for s in saved["seats"]]) is None
    resumed = Session.from_save(saved)
    assert resumed.bots[1].profile == classic["hard-classic"]  # type: ignore[attr-defined]
    # Without the classic in the levels file, the remembered seat comes back as Hard.
    monkeypatch.setattr(levels, "default_profiles", levels.load_profiles)
    app3 = FakeApp()
    app3.settings = settings
    _, later = open_scene(NewGameScene, app3)
    assert later.players_panel.seat_rows[1][2].value == "hard"


def test_the_classic_plays_exactly_as_its_parameters_say(classic) -> None:
    assert classic["hard-classic"] == DIRECT
    seats = [Seat("hard-classic", "A"), Seat("medium", "B"), Seat("easy", "C")]
    configured = Session(seats, SHORT, 11)
    direct = Session(seats, SHORT, 11, bots={0: bot_for(DIRECT), 1: configured.bots[1],
                                               2: configured.bots[2]})
    play_headless(configured)
    play_headless(direct)
    assert configured.match.is_over()
    assert configured.records == direct.records
    assert configured.match.history == direct.match.history


def test_the_classic_is_rated_by_its_own_rating(classic) -> None:
    rated = level_ratings()
    assert rated["hard-classic"] == LevelRating(1520, 45)
    assert rated["hard"] != rated["hard-classic"]
    seats = [Seat("human", "Zoë"), Seat("hard-classic", "Ada")]
    rounds = [(0, 12), (7, 0), (0, 3)]
    ratings = Ratings()
    assert ratings.rate_game("m1", seats, rounds, rated) == ["Zoë"]
    expected = update(Rating(), game_results(rounds, ["human", "hard-classic"], 0,
                                             {"hard-classic": LevelRating(1520, 45)}))
    player = ratings.player("Zoë")
    assert player is not None and player.rating == expected
    as_hard = update(Rating(), [(rated["hard"], r) for _, r in
                                game_results(rounds, ["human", "hard-classic"], 0, rated)])
    assert player.rating != as_hard


@pytest.mark.parametrize("language", [code for code, _ in i18n.available_languages()])
def test_the_table_and_the_review_name_the_classic_in_every_language(language) -> None:
    from craits.ui.review.board import level_label as review_label
    from craits.ui.table.view import level_label as table_label

    i18n.set_language(language)
    hard = i18n.t("level.hard")
    name = i18n.level_name("hard-classic")
    assert hard in name and name != hard and "{" not in name
    assert table_label("hard-classic") == review_label("hard-classic") == name
    assert table_label("hard") == hard and table_label("human") == ""


def test_a_classic_seat_wears_its_levels_emblem() -> None:
    from craits.ui.tabletop.avatars import level_of

    assert level_of(i18n.level_name("hard-classic")) == "hard"
    assert level_of(i18n.level_name("hard")) == "hard" and level_of("") is None
