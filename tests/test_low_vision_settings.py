"""Large print in steps, high contrast and the time to call "Last card!": stored, read back
(old files too), shown in the settings screen and followed by the table and the screens."""

from __future__ import annotations

import dataclasses
import json

import pygame
import pytest
from table_harness import run_until, step

from craits import i18n
from craits.persistence.settings import PRINT_SCALES, Settings, SettingsStore
from craits.ui.tabletop.layout import compute_layout
from craits.ui.widgets.theme import Theme, current_look, menu_print_scale, set_look

SIZES = [(960, 600), (1024, 768), (1280, 800), (1366, 768), (1600, 1000), (1920, 1080)]


@pytest.fixture(autouse=True)
def plain_look():
    set_look()
    i18n.set_language("en")
    yield
    set_look()


def test_an_old_settings_file_with_large_print_on_reads_as_one_and_a_half(tmp_path):
    store = SettingsStore(tmp_path)
    data = Settings().to_dict()
    for key in ("print_scale", "high_contrast", "call_time"):
        del data[key]
    data["large_cards"] = True
    store.path.write_text(json.dumps({"format": "craits-settings", "version": 1,
                                      "data": data}), encoding="utf-8")
    settings, problem = store.load()
    assert problem is None
    assert settings.print_factor == 1.5
    assert not settings.high_contrast


def test_print_scale_contrast_and_call_time_survive_a_save(tmp_path):
    store = SettingsStore(tmp_path)
    chosen = dataclasses.replace(Settings(), large_cards=True, print_scale=2.0,
                                 high_contrast=True, call_time=5.0)
    store.save(chosen)
    loaded, problem = store.load()
    assert problem is None
    assert (loaded.print_factor, loaded.high_contrast, loaded.call_grace()) == (2.0, True, 5.0)


@pytest.mark.parametrize("field, bad", [("print_scale", 3.0), ("print_scale", "big"),
                                        ("high_contrast", "yes"), ("call_time", -1.0)])
def test_a_bad_value_falls_back_alone_with_a_note(field, bad):
    data = dataclasses.replace(Settings(), felt="blue").to_dict()
    data[field] = bad
    settings, notes = Settings.from_dict(data)
    assert settings.felt == "blue"
    assert getattr(settings, field) == getattr(Settings(), field)
    assert any(field in note for note in notes)


def test_the_time_to_call_is_longer_with_speech_on_unless_chosen():
    assert Settings(speech=False).call_grace() == 1.5
    assert Settings(speech=True).call_grace() == 3.0
    assert Settings(speech=True, call_time=1.5).call_grace() == 1.5
    assert Settings(speech=False, call_time=5.0).call_grace() == 5.0


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_each_larger_step_draws_the_table_no_smaller(size, players):
    plain = compute_layout(size, players, 0, 1.0)
    steps = [compute_layout(size, players, 0, f) for f in PRINT_SCALES]
    texts = [lay.text_scale for lay in steps]
    assert texts == sorted(texts)
    assert all(1.35 <= t <= f for t, f in zip(texts, PRINT_SCALES, strict=True))
    assert all(lay.card[1] > plain.card[1] for lay in steps)  # hand cards grow too
    assert all(lay.tx(22) >= int(plain.tx(22) * 1.35) for lay in steps)


def test_where_the_window_has_room_the_table_takes_more():
    # A 4:3 window has the height a 16:10 one lacks.
    assert compute_layout((1024, 768), 2, 0, 2.0).text_scale >= 1.7


def test_true_means_the_players_chosen_step():
    set_look(large_print=2.0)
    assert compute_layout((1024, 768), 3, 0, True) == compute_layout((1024, 768), 3, 0, 2.0)
    set_look()
    assert compute_layout((1024, 768), 3, 0, True) == compute_layout((1024, 768), 3, 0, 1.5)


def test_screens_take_as_much_large_print_as_the_window_holds():
    assert menu_print_scale(1.0, 0.75) == 1.0
    assert menu_print_scale(2.0, 0.75) == pytest.approx(1.2)  # the 960x600 minimum
    assert menu_print_scale(2.0, 1.0) == pytest.approx(1.6)
    assert menu_print_scale(2.0, 1.25) == pytest.approx(2.0)  # 1600x1000
    assert menu_print_scale(1.5, 1.25) == pytest.approx(1.5)
    set_look(large_print=2.0)
    big = Theme.for_size((1600, 1000))
    set_look()
    plain = Theme.for_size((1600, 1000))
    assert big.body_size == round(plain.body_size * 2) or big.body_size >= plain.body_size * 1.95
    assert big.button_height > plain.button_height * 1.6  # controls grow with the text


def test_the_settings_screen_sets_the_step_and_high_contrast(monkeypatch):
    import test_ui_menus as menus

    from craits.ui.app_settings import use_look
    from craits.ui.cards.art import CardArt

    pygame.display.set_mode((1280, 800))
    monkeypatch.setattr(menus, "CARD_ART", CardArt(), raising=False)
    app = menus.FakeApp(size=(1280, 800), save=True)
    scene = menus.SettingsScene(app)
    before = scene.theme.body_size
    scene.set_large_print(2.0)
    assert app.settings.large_cards and app.settings.print_scale == 2.0
    use_look(app.settings, CardArt())
    scene.rebuild()
    assert current_look().print_scale == 2.0
    assert scene.theme.body_size > before
    scene.change(high_contrast=True, relayout=True)
    use_look(app.settings, CardArt())
    scene.rebuild()
    assert scene.theme.high_contrast and scene.theme.felt == (12, 12, 12)
    scene.set_large_print(1.0)
    assert not app.settings.large_cards and app.settings.print_factor == 1.0
    labels = [getattr(c, "label", "") for c in scene.controls]
    for key in ("low_vision.print_size", "low_vision.high_contrast", "low_vision.call_time"):
        assert i18n.t(key) in labels
    scene.draw(pygame.Surface((1280, 800)))


@pytest.fixture
def app(tmp_path, monkeypatch):
    from craits.ui.app import App

    monkeypatch.setenv("CRAITS_HOME", str(tmp_path))
    app = App(size=(1024, 768), speed="fast", bot_mode="inline", language="en")
    pygame.event.clear()
    yield app
    app.shutdown()


def test_the_table_follows_the_step_and_the_time_to_call(app):
    app.settings = dataclasses.replace(app.settings, large_cards=True, print_scale=2.0,
                                       speech=False, call_time=5.0)
    app.apply_settings()
    app.new_game(app.seats_for(["human", "easy"]), None, 4)
    table = app.current_table()
    run_until(app, lambda: app.scenes.top is table and not table.match.cut_pending, 30)
    step(app, 2)
    assert table.model.layout == compute_layout((1024, 768), 2, table.model.bottom, 2.0)
    assert table.model.layout.text_scale > 1.5
    assert table.match.director.grace == 5.0


@pytest.mark.parametrize("size", [(960, 600), (1600, 1000)])
def test_the_tables_action_buttons_grow_with_large_print(size):
    plain = compute_layout(size, 3, 0, 1.0)
    large = compute_layout(size, 3, 0, 2.0)
    assert large.button_rect(0, 3).height > plain.button_rect(0, 3).height
    assert large.last_card_button.height > plain.last_card_button.height
    rects = [large.button_rect(i, 3) for i in range(3)]
    assert all(large.buttons.contains(rect) for rect in rects)
    assert not any(a.colliderect(b) for a, b in zip(rects, rects[1:], strict=False))
