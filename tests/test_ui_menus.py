"""Menu scenes driven headless with a stand-in App: clicks, keys, results, drawing, text fit."""

from __future__ import annotations

import dataclasses

import pygame
import pytest

from craits import i18n
from craits.engine.rules import Rules
from craits.persistence import NewGameSetup, Settings, Statistics
from craits.persistence import Seat as SetupSeat
from craits.session import Seat
from craits.ui import widgets
from craits.ui.cards.art import CardArt
from craits.ui.dialogs.confirm import ConfirmScene
from craits.ui.menus.new_game import NewGameScene
from craits.ui.menus.new_game_form import GameSetup
from craits.ui.menus.new_game_panels import seat_positions
from craits.ui.menus.rules import RulesScene
from craits.ui.menus.settings import SettingsScene
from craits.ui.menus.statistics import StatisticsScene
from craits.ui.menus.title import TitleScene
from craits.ui.scene import SceneStack
from craits.ui.screens import AppScreens
from craits.ui.widgets import text as widget_text

LANGUAGES = [code for code, _ in i18n.available_languages()]
SIZES = [(960, 600), (1600, 1000)]
SCENES = [TitleScene, NewGameScene, RulesScene, SettingsScene, StatisticsScene]


class FakeSaves:
    def __init__(self, exists: bool) -> None:
        self._exists = exists

    def exists(self) -> bool:
        return self._exists


class FakeAudio:
    def __init__(self) -> None:
        self.played: list[str] = []

    def play(self, name: str) -> None:
        self.played.append(name)


class FakeApp:
    """The attributes and methods of the App contract, recording every call."""

    def __init__(self, size=(960, 600), save=False) -> None:
        self.size = size
        self.screen = pygame.display.get_surface()
        self.scenes = SceneStack()
        self.settings = Settings()
        self.statistics = Statistics()
        self.saves = FakeSaves(save)
        self.notices: list[str] = []
        self.card_art = CARD_ART
        self.audio = FakeAudio()
        self.clock = None
        self.calls: list = []
        self.screens = AppScreens(self)

    def quit(self):
        self.calls.append("quit")

    def toggle_fullscreen(self):
        self.calls.append("toggle_fullscreen")

    def new_game(self, setup):
        self.calls.append(("new_game", setup))

    def continue_game(self):
        self.calls.append("continue_game")

    def apply_settings(self):
        self.calls.append("apply_settings")

    def save_settings(self):
        self.calls.append("save_settings")

    def save_statistics(self):
        self.calls.append("save_statistics")


CARD_ART: CardArt


@pytest.fixture(scope="module", autouse=True)
def display():
    global CARD_ART
    pygame.init()
    pygame.display.set_mode((1600, 1000))
    pygame.event.clear()
    CARD_ART = CardArt()
    yield
    widgets.set_click_sound(None)


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def open_scene(cls, app=None, **kwargs):
    app = app or FakeApp(**kwargs)
    scene = cls(app)
    app.scenes.push(scene)
    return app, scene


def click(scene, widget):
    pos = widget.rect.center
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=pos))
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, button=1, pos=pos))


def press(scene, key, mod=0, unicode=""):
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0))


def type_text(scene, text):
    scene.handle(pygame.event.Event(pygame.TEXTINPUT, text=text))


# ----------------------------------------------------------------------------- title


def test_continue_shows_only_with_a_save():
    _, without = open_scene(TitleScene, save=False)
    assert "menu.continue" not in without.buttons
    app, with_save = open_scene(TitleScene, save=True)
    assert "menu.continue" in with_save.buttons
    click(with_save, with_save.buttons["menu.continue"])
    assert app.calls == ["continue_game"]


@pytest.mark.parametrize(
    ("key", "scene_type"),
    [
        ("menu.new_game", NewGameScene),
        ("menu.rules", RulesScene),
        ("menu.settings", SettingsScene),
        ("menu.statistics", StatisticsScene),
    ],
)
def test_title_buttons_open_their_screens_and_back_returns(key, scene_type):
    app, title = open_scene(TitleScene)
    click(title, title.buttons[key])
    assert isinstance(app.scenes.top, scene_type)
    press(app.scenes.top, pygame.K_ESCAPE)
    assert app.scenes.top is title


def test_quit_button_quits():
    app, title = open_scene(TitleScene)
    click(title, title.buttons["menu.quit"])
    assert app.calls == ["quit"]


def test_title_keyboard_moves_focus_and_enter_activates():
    app, title = open_scene(TitleScene, save=True)
    press(title, pygame.K_DOWN)  # Continue -> New game
    press(title, pygame.K_RETURN)
    assert isinstance(app.scenes.top, NewGameScene)


def test_notice_banner_shows_and_closes_one_at_a_time():
    app = FakeApp()
    app.notices += ["first problem", "second problem"]
    _, title = open_scene(TitleScene, app)
    assert title.current_notice() == "first problem"
    click(title, title.notice_close)
    assert app.notices == ["second problem"]
    press(title, pygame.K_ESCAPE)  # Esc closes a banner too
    assert app.notices == [] and title.notice_close is None


def test_title_notices_continue_when_a_save_appears():
    app, title = open_scene(TitleScene, save=False)
    app.scenes.push(RulesScene(app))
    app.saves._exists = True
    app.scenes.pop()
    assert "menu.continue" in title.buttons


# ----------------------------------------------------------------------------- new game


def started_setup(app) -> GameSetup:
    kind, setup = app.calls[-1]
    assert kind == "new_game"
    return setup


def test_start_calls_new_game_with_the_default_seats_and_rules():
    app, scene = open_scene(NewGameScene)
    click(scene, scene.start_button)
    setup = started_setup(app)
    assert [s.kind for s in setup.seats] == ["human", "medium", "medium", "medium"]
    assert setup.seats[0].name == i18n.t("setup.you")
    assert len({s.name for s in setup.seats}) == 4
    assert setup.rules == Rules()
    assert setup.seed is None
    assert "save_settings" in app.calls
    assert app.settings.new_game.seats[1] == SetupSeat("medium", "")


def test_seat_count_kind_level_and_name_reach_the_setup():
    app, scene = open_scene(NewGameScene)
    scene.focus.focus(scene.players_panel.count_choice)
    for _ in range(3):  # 4 -> 2 players with the Left key (stops at 2)
        press(scene, pygame.K_LEFT)
    assert scene.form.count == 2
    assert len(scene.players_panel.seat_rows) == 2
    name, kind, level = scene.players_panel.seat_rows[1]
    click(scene, level)  # medium -> hard
    name, kind, level = scene.players_panel.seat_rows[1]
    assert level.value == "hard"
    name_field = scene.players_panel.seat_rows[0][0]
    click(scene, name_field)
    type_text(scene, "Zoë")
    click(scene, scene.start_button)
    setup = started_setup(app)
    assert setup.seats == [Seat("human", "Zoë"), Seat("hard", i18n.t("bot_names.n1"))]


def hover(scene, pos):
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def level_text(level):
    return f"{i18n.t(f'level.{level}')}: {i18n.level_description(level)}"


def test_a_level_is_described_while_the_pointer_is_on_its_chooser():
    _, scene = open_scene(NewGameScene)
    assert scene.status_text() == ""
    _, _, level = scene.players_panel.seat_rows[1]
    hover(scene, level.rect.center)  # the default level, never changed
    assert scene.status_text() == level_text("medium")
    click(scene, level)  # medium -> hard: the note follows the new level
    assert scene.players_panel.seat_rows[1][2].value == "hard"
    assert scene.status_text() == level_text("hard")
    hover(scene, scene.players_panel.seat_rows[1][0].rect.center)  # on to the name field
    assert scene.status_text() == ""
    hover(scene, scene.players_panel.seat_rows[3][2].rect.center)
    assert scene.status_text() == level_text("medium")
    hover(scene, (2, 2))  # off every control
    assert scene.status_text() == ""


def test_a_level_is_described_while_its_chooser_has_the_keyboard_focus():
    _, scene = open_scene(NewGameScene)
    _, kind, level = scene.players_panel.seat_rows[1]
    scene.focus.focus(kind)
    press(scene, pygame.K_TAB)  # kind -> level, by keyboard
    assert scene.focus.focused is scene.players_panel.seat_rows[1][2]
    assert scene.status_text() == level_text("medium")
    press(scene, pygame.K_RIGHT)  # the focused level changes: so does its note
    assert scene.status_text() == level_text("hard")
    press(scene, pygame.K_TAB)  # on to the next seat's name
    assert scene.status_text() == ""


def test_a_problem_with_the_seats_comes_before_the_level_note():
    _, scene = open_scene(NewGameScene)
    _, kind, _ = scene.players_panel.seat_rows[0]
    click(scene, kind)  # nobody human
    hover(scene, scene.players_panel.seat_rows[1][2].rect.center)
    assert scene.status_text() == i18n.t("setup.need_human")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_a_seat_rows_choosers_share_one_size_at_full_size(language, size):
    """Every kind and level label of a seat row ("Kompyuter", "Katamtaman") is set in one
    font size, the body size: none is shrunk to fit its chooser."""
    i18n.set_language(language)
    _, scene = open_scene(NewGameScene, size=size)
    for _, kind, level in scene.players_panel.seat_rows:
        for choice in (kind, level):
            size = choice.text_size or scene.theme.body_size  # what ``Choice.draw`` sets
            box = choice.text_box()
            for _, text in choice.options:
                fitted = widget_text.fit_text(text, box.width, box.height, size, bold=True)
                assert fitted.size == size == scene.theme.body_size, text


def test_two_humans_get_numbered_default_names():
    app, scene = open_scene(NewGameScene)
    _, kind, _ = scene.players_panel.seat_rows[2]
    click(scene, kind)  # computer -> human
    assert scene.form.seats[2].is_human
    click(scene, scene.start_button)
    names = [s.name for s in started_setup(app).seats]
    assert names[0] == i18n.t("setup.default_name", n=1)
    assert names[2] == i18n.t("setup.default_name", n=3)


def test_no_human_or_duplicate_names_block_start_with_a_message():
    app, scene = open_scene(NewGameScene)
    _, kind, _ = scene.players_panel.seat_rows[0]
    click(scene, kind)  # human -> computer: nobody human
    assert scene.error == i18n.t("setup.need_human")
    assert not scene.start_button.enabled
    click(scene, scene.start_button)
    assert not any(c[0] == "new_game" for c in app.calls if isinstance(c, tuple))
    _, kind, _ = scene.players_panel.seat_rows[0]
    click(scene, kind)  # back to human
    assert scene.error == ""
    click(scene, scene.players_panel.seat_rows[0][0])
    type_text(scene, i18n.t("bot_names.n1").upper())
    assert scene.error == ""  # the computer seat then takes another name
    click(scene, scene.players_panel.seat_rows[1][0])
    type_text(scene, i18n.t("bot_names.n1"))
    assert scene.error == i18n.t("setup.name_taken")
    assert not scene.start_button.enabled


def test_preset_and_house_rules_change_the_rules():
    app, scene = open_scene(NewGameScene)
    scene.rules_panel.preset_choice.set_value("uno_house")
    assert scene.form.values["seven_skips"] is True
    assert scene.form.matching_preset() == "uno_house"
    toggle = scene.rules_panel.variant_widgets["seven_skips"]
    click(scene, toggle)
    assert scene.form.values["seven_skips"] is False
    assert scene.form.matching_preset() == "custom"
    assert scene.rules_panel.preset_choice.value == "custom"
    scene.rules_panel.variant_widgets["idiot_penalty"].set_value(4)
    scene.rules_panel.length_choice.set_value("short")
    click(scene, scene.start_button)
    rules = started_setup(app).rules
    assert rules.seven_skips is False and rules.play_drawn_card is True
    assert rules.idiot_penalty == 4 and rules.game_length == "short"
    remembered = app.settings.new_game
    assert remembered.preset == "uno_house"
    assert remembered.rule_overrides == {"seven_skips": False, "idiot_penalty": 4}
    assert remembered.length == "short"


def test_idiot_penalty_is_disabled_without_last_card_calls():
    _, scene = open_scene(NewGameScene, size=(960, 600))
    hidden = scene.rules_panel.variant_widgets["announce_last_card"]
    click(scene, hidden)  # scrolled out of view: a click there does nothing
    assert scene.form.values["announce_last_card"] is True
    scene.focus.focus(hidden)  # focusing scrolls it into view
    click(scene, scene.rules_panel.variant_widgets["announce_last_card"])
    assert scene.form.values["announce_last_card"] is False
    assert not scene.rules_panel.variant_widgets["idiot_penalty"].enabled


def test_remembered_setup_is_restored():
    app = FakeApp()
    app.settings = dataclasses.replace(
        app.settings,
        new_game=NewGameSetup(
            seats=(SetupSeat("human", "Kim"), SetupSeat("expert", ""), SetupSeat("easy", "Bo")),
            preset="standard",
            rule_overrides={"draw_when_able": True},
            length="short",
        ),
    )
    _, scene = open_scene(NewGameScene, app)
    assert scene.form.count == 3
    assert scene.players_panel.seat_rows[0][0].text == "Kim"
    assert scene.players_panel.seat_rows[1][2].value == "expert"
    values = scene.form.values
    assert values["draw_when_able"] is True and values["game_length"] == "short"
    assert scene.rules_panel.preset_choice.value == "custom"


def test_back_remembers_changes_without_starting():
    app, scene = open_scene(NewGameScene)
    title = TitleScene(app)
    app.scenes.replace(title)
    app.scenes.push(scene)
    click(scene, scene.players_panel.seat_rows[0][0])
    type_text(scene, "Ana")
    press(scene, pygame.K_ESCAPE)
    assert app.scenes.top is title
    assert app.settings.new_game.seats[0].name == "Ana"
    assert not any(isinstance(c, tuple) for c in app.calls)


def test_rules_column_scrolls_focused_controls_into_view():
    _, scene = open_scene(NewGameScene, size=(960, 600))
    region = scene.region
    assert region.max_offset > 0
    last = scene.rules_panel.variant_widgets["threes"]
    scene.focus.focus(last)
    assert region.viewport.contains(last.rect)
    explanation = region.widgets[region.widgets.index(last) + 1]
    assert explanation.text == i18n.t("variant.threes_desc")
    assert region.viewport.contains(explanation.rect)  # its one-line explanation shows too
    scrolled = region.offset
    assert scrolled > 0
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False)
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0,)))
    scene.handle(wheel)  # the pointer is not over the rules: nothing scrolls
    assert region.offset == scrolled
    gap = pygame.Rect(region.viewport.left, region.viewport.top, 4, 4).center
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=gap, rel=(0, 0), buttons=(0,)))
    scene.handle(wheel)
    assert region.offset < scrolled


def test_seat_positions_put_seat_one_at_the_bottom_and_go_clockwise():
    box = pygame.Rect(0, 0, 400, 200)
    two = seat_positions(2, box)
    assert two[0] == (200, 200) and two[1][1] == 0
    five = seat_positions(5, box)
    assert five[1][0] < 200 < five[4][0]  # left first, right last: clockwise on screen
    assert all(y < 200 for _, y in five[1:])


# ----------------------------------------------------------------------------- settings


def test_language_applies_at_once_and_is_saved():
    app, scene = open_scene(SettingsScene)
    language = scene.controls[0]
    language.set_value("es")
    assert i18n.get_language() == "es"
    assert app.settings.language == "es"
    assert "apply_settings" in app.calls and "save_settings" in app.calls
    assert scene.back_button.label == i18n.t("common.back") != "Back"


def test_settings_controls_change_the_app_settings():
    app, scene = open_scene(SettingsScene)
    _, volume, mute, speed, display, style, large = scene.controls[:7]
    volume.set_value(0.25)
    click(scene, mute)
    speed.set_value("instant")
    display.set_value(True)
    style.set_value("fourcolor")
    click(scene, large)
    s = app.settings
    assert (s.volume, s.muted, s.animation_speed, s.fullscreen, s.card_style, s.large_cards) == (
        0.25,
        True,
        "instant",
        True,
        "fourcolor",
        True,
    )
    app.calls.clear()
    scene.controls[1].set_value(0.5)  # a volume drag is applied but not yet written
    assert app.calls == ["apply_settings"]
    press(scene, pygame.K_ESCAPE)
    assert app.calls[-1] == "save_settings"
    assert len(app.scenes) == 0


def test_settings_reflect_changes_made_elsewhere_when_shown_again():
    app, scene = open_scene(SettingsScene)
    app.scenes.push(RulesScene(app))
    app.settings = dataclasses.replace(app.settings, fullscreen=True)
    app.scenes.pop()
    assert scene.controls[4].value is True


# ----------------------------------------------------------------------------- statistics


def record_fits(monkeypatch) -> list[tuple]:
    """Every text fitted while drawing, as (text, width, height, size_px, result)."""
    fits: list[tuple] = []
    real_fit = widgets.fit_text

    def recording_fit(text, width, height, size_px, **kwargs):
        result = real_fit(text, width, height, size_px, **kwargs)
        fits.append((text, width, height, size_px, result))
        return result

    # draw_text_fit looks fit_text up in its own module; the message box imports it lazily
    monkeypatch.setattr(widget_text, "fit_text", recording_fit)
    monkeypatch.setattr(widgets, "fit_text", recording_fit)
    return fits


def played_statistics() -> Statistics:
    stats = Statistics()
    stats.record_round(["human", "hard"], [0, 12], 0, longest_crank=6, idiot_calls=[(0, 1)])
    stats.record_game(["human", "hard"], [40, 90], "full")
    return stats


def test_statistics_show_the_numbers():
    app = FakeApp()
    app.statistics = played_statistics()
    _, scene = open_scene(StatisticsScene, app)
    rows = dict(scene.table_rows())
    columns = [bucket for bucket, _ in scene.columns()]
    hard = columns.index("hard")
    assert rows[i18n.t("stats.games_played")][0] == "1"
    assert rows[i18n.t("stats.games_won")][hard] == "1"
    assert rows[i18n.t("stats.win_rate")][hard] == "100%"
    assert rows[i18n.t("stats.win_rate")][columns.index("easy")] == "–"
    assert dict(scene.record_rows())[i18n.t("stats.longest_crank")] == "6"
    headers, score_rows = scene.score_rows()
    assert dict(score_rows)[i18n.t("stats.best_score")][0] == "40"
    labels = [w.text for w in scene.region.widgets if not w.focusable]
    assert i18n.t("stats.none_yet") not in labels


def test_reset_asks_first_and_cancel_keeps_everything():
    app = FakeApp()
    app.statistics = stats = played_statistics()
    _, scene = open_scene(StatisticsScene, app)
    click(scene, scene.reset_button)
    confirm = app.scenes.top
    assert isinstance(confirm, ConfirmScene)
    press(confirm, pygame.K_ESCAPE)
    assert app.scenes.top is scene
    assert stats.games["overall"].played == 1
    assert "save_statistics" not in app.calls


def test_reset_confirmed_clears_in_place_and_saves():
    app = FakeApp()
    app.statistics = stats = played_statistics()
    _, scene = open_scene(StatisticsScene, app)
    click(scene, scene.reset_button)
    confirm = app.scenes.top
    click(confirm, confirm.confirm_button)
    assert app.scenes.top is scene
    assert app.statistics is stats and stats == Statistics()
    assert app.calls == ["save_statistics"]
    assert not scene.reset_button.enabled


# ----------------------------------------------------------------------------- confirm


def test_confirm_returns_true_or_false():
    results = []
    app = FakeApp()
    app.scenes.push(TitleScene(app))
    dialog = ConfirmScene(app, "Sure?", "Really.", danger=False)
    app.scenes.push(dialog, results.append)
    press(dialog, pygame.K_RETURN)  # a harmless question starts on OK
    danger = ConfirmScene(app, "Erase?", danger=True)
    app.scenes.push(danger, results.append)
    press(danger, pygame.K_RETURN)  # a destructive one starts on Cancel
    outside = ConfirmScene(app, "Click away")
    app.scenes.push(outside, results.append)
    outside.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(2, 2)))
    assert results == [True, False, False]
    assert isinstance(app.scenes.top, TitleScene)


# ----------------------------------------------------------------------------- rules


def test_rules_scroll_with_keys_and_jump_to_sections():
    _, scene = open_scene(RulesScene, size=(960, 600))
    assert scene.max_offset > 0
    press(scene, pygame.K_DOWN)
    assert scene.offset > 0
    press(scene, pygame.K_END)
    assert scene.offset == scene.max_offset
    press(scene, pygame.K_HOME)
    assert scene.offset == 0
    press(scene, pygame.K_PAGEDOWN)
    assert scene.offset > scene.viewport().height // 2
    click(scene, scene.entries[3])
    assert scene.offset == min(scene.page.section_tops[3] - scene.clearance(), scene.max_offset)
    assert scene.entries[3].current
    scene.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    assert scene.offset < scene.page.section_tops[3]


@pytest.mark.parametrize("size", SIZES)
def test_a_section_jumped_to_shows_its_heading_whole_below_the_top_fade(size, monkeypatch):
    """Each heading (Scoring among them), jumped to from the contents, is drawn exactly as it
    would be with no fade at all: the fade along the top edge covers none of it."""
    _, scene = open_scene(RulesScene, size=size)
    from craits.ui.menus import rules

    titles = [s.title for s in scene.sections]
    assert i18n.t("rules.s07.title") in titles
    fading = rules.draw_edge_fades
    view = scene.viewport()
    checked = 0
    for index, section in enumerate(scene.sections):
        click(scene, scene.entries[index])
        top = scene.page.section_tops[index]
        underline = next(p for p in scene.page.pieces if p.kind == "rule" and p.y >= top)
        heading = [p for p in scene.page.pieces
                   if p.kind == "text" and p.bold and top <= p.y < underline.y]
        assert " ".join(p.text for p in heading) == " ".join(section.title.split())
        rect = pygame.Rect(view.left, view.top + top - scene.offset, view.width,
                           underline.y + underline.height - top)
        if scene.offset == 0:
            continue  # nothing above: no fade is drawn
        pictures = []
        for fade in (fading, lambda *args, **kwargs: None):
            monkeypatch.setattr(rules, "draw_edge_fades", fade)
            surface = pygame.Surface(size)
            scene.draw(surface)
            pictures.append(pygame.image.tobytes(surface.subsurface(rect), "RGB"))
        assert pictures[0] == pictures[1], f"{section.title!r} fades under the top edge"
        checked += 1
    assert checked >= len(scene.sections) // 2


def test_rules_draw_card_tokens_as_cards_and_wrap_to_the_width():
    _, scene = open_scene(RulesScene, size=(960, 600))
    cards = [p for p in scene.page.pieces if p.kind == "card"]
    tokens = sum(len(i18n.card_tokens(s.body)) for s in scene.sections)
    assert len(cards) == tokens > 0
    assert all(p.x + p.width <= scene.page.width for p in scene.page.pieces)
    assert not any("[[" in p.text for p in scene.page.pieces)


@pytest.mark.parametrize("language", ["en", "cs"])
def test_the_rules_end_with_the_controls_at_the_table_f1_lists(language):
    from craits.ui.controls_list import CONTROLS, control_rows

    i18n.set_language(language)
    _, scene = open_scene(RulesScene, size=(960, 600))
    last = scene.sections[-1]
    assert last.title == i18n.t("controls.title")
    assert scene.entries[-1].label == last.title  # in the contents, so it can be jumped to
    bullets = [text for kind, text in i18n.rules_blocks(last.body) if kind == "bullet"]
    assert len(bullets) == len(CONTROLS)
    for bullet, (keys, does) in zip(bullets, control_rows(), strict=True):
        assert bullet == f"{keys}: {does}"
    assert any("K" == keys for keys, _ in control_rows())  # the speech keys among them
    text = " ".join(p.text for p in scene.page.pieces)
    assert i18n.t("speech.does_hand").split()[0] in text


# ----------------------------------------------------------------------------- every scene, size, language


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("scene_type", SCENES)
def test_scene_draws_and_no_text_overflows(scene_type, size, language, monkeypatch):
    i18n.set_language(language)
    fits = record_fits(monkeypatch)
    app = FakeApp(size=size, save=True)
    app.notices.append(i18n.t("notice.save_damaged", path="save.bad.json"))
    app.statistics = played_statistics()
    _, scene = open_scene(scene_type, app)
    surface = pygame.Surface(size)
    scene.draw(surface)
    assert fits, "nothing was drawn as text"
    for text, width, height, wanted, result in fits:
        assert not result.truncated, f"{text!r} cut to fit {width}x{height}"
        assert result.width <= width and result.height <= height
        # shrunk a little is fine; shrunk to a squint is not
        assert result.size >= min(wanted, max(9, round(wanted * 0.6))), (text, result.size)
    if scene_type is RulesScene:
        assert all(p.x + p.width <= scene.page.width for p in scene.page.pieces)


def test_scenes_relayout_on_resize():
    app, scene = open_scene(NewGameScene, size=(1600, 1000))
    wide = scene.start_button.rect.right
    scene.on_resize((960, 600))
    assert scene.start_button.rect.right < wide <= 1600
    assert scene.start_button.rect.right <= 960


def test_the_preset_picker_goes_through_every_preset_by_name_and_sets_its_length():
    app, scene = open_scene(NewGameScene)
    names = list(scene.form.book.presets)
    assert names, "the rules file offers presets"
    scene.rules_panel.preset_choice.set_value(names[0])
    seen = []
    for _ in range(len(names)):
        seen.append(scene.rules_panel.preset_choice.value)
        # never "custom"
        assert scene.form.matching_preset() == scene.rules_panel.preset_choice.value
        expected = scene.form.book.rules(scene.rules_panel.preset_choice.value)
        assert scene.form.rules() == expected  # every rule it names, the length included
        scene.rules_panel.preset_choice.step(1)
    assert seen == names
    assert scene.rules_panel.preset_choice.value == names[0]  # round again to the first
