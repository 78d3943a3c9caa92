"""The table's looks the player chooses: card back, felt colour, large print; and the statistics
screen's word on how a table of several computer levels is counted."""

from __future__ import annotations

import dataclasses
import itertools

import pygame
import pytest
from table_harness import run_until, step

from craits import i18n
from craits.persistence.settings import CARD_BACKS, FELT_COLOURS, Settings, SettingsStore
from craits.persistence.statistics import opponent_bucket
from craits.ui.cards.art import BACKS, CardArt
from craits.ui.cards.painter import CardPainter
from craits.ui.tabletop.layout import compute_layout
from craits.ui.widgets import drawing, fit_text
from craits.ui.widgets.theme import FELTS, Theme, current_look, set_look

LANGUAGES = [code for code, _ in i18n.available_languages()]
SMALL = (960, 600)


@pytest.fixture(autouse=True)
def plain_look():
    set_look()
    i18n.set_language("en")
    yield
    set_look()
    i18n.set_language("en")


# ----------------------------------------------------------------------------- settings


def test_the_choices_match_what_the_game_can_draw():
    assert set(CARD_BACKS) == set(BACKS) == set(CardArt().back_names)
    assert set(FELT_COLOURS) == set(FELTS)
    assert len(CARD_BACKS) >= 3 and len(FELT_COLOURS) >= 3


@pytest.mark.parametrize(("field", "value"), [
    *(("card_back", back) for back in CARD_BACKS),
    *(("felt", felt) for felt in FELT_COLOURS),
    ("large_cards", True),
])  # fmt: skip
def test_each_look_setting_round_trips_through_the_file(tmp_path, field, value):
    store = SettingsStore(tmp_path)
    settings = dataclasses.replace(Settings(), **{field: value})
    store.save(settings)
    loaded, problem = store.load()
    assert problem is None
    assert getattr(loaded, field) == value
    assert loaded == settings


@pytest.mark.parametrize(("field", "bad"), [
    ("card_back", "purple"), ("card_back", 3), ("card_back", None),
    ("felt", "pink"), ("felt", ["green"]), ("large_cards", "yes"),
])  # fmt: skip
def test_a_bad_stored_look_falls_back_alone(field, bad):
    data = dataclasses.replace(Settings(), card_back="red", felt="burgundy", large_cards=True,
                               card_style="fourcolor").to_dict()
    data[field] = bad
    settings, problems = Settings.from_dict(data)
    assert getattr(settings, field) == getattr(Settings(), field)
    assert len(problems) == 1 and field in problems[0]
    kept = {"card_back": "red", "felt": "burgundy", "large_cards": True}
    kept.pop(field)
    assert all(getattr(settings, name) == value for name, value in kept.items())
    assert settings.card_style == "fourcolor"


def test_an_old_file_without_the_new_fields_loads_with_their_defaults():
    data = Settings().to_dict()
    for name in ("card_back", "felt"):
        del data[name]
    settings, problems = Settings.from_dict(data)
    assert (settings.card_back, settings.felt) == ("blue", "green")
    assert not problems


# ----------------------------------------------------------------------------- card back


class RecordingArt:
    """Stands in for CardArt: remembers which back each painter asked for."""

    def __init__(self) -> None:
        self.chosen_back = "blue"
        self.asked: list[str] = []

    def back(self, size, name="blue"):
        self.asked.append(name)
        image = pygame.Surface(size, pygame.SRCALPHA)
        image.fill((len(name), 0, 0, 255))
        return image

    def shadow(self, size, blur=None):
        return pygame.Surface((size[0] + 4, size[1] + 4), pygame.SRCALPHA)


def test_a_painter_draws_the_chosen_back_and_follows_a_change():
    art = RecordingArt()
    painter = CardPainter(art, "classic")
    painter.with_shadow(None, (50, 70), 0)
    assert painter.back_name == "blue" and art.asked == ["blue"]
    art.chosen_back = "charcoal"
    painter.with_shadow(None, (50, 70), 0)  # cached images of the old back are not reused
    assert painter.back_name == "charcoal" and art.asked[-1] == "charcoal"
    # The table re-applies its face style with the back it draws: that does not pin the back.
    painter.configure("fourcolor", painter.back_name)
    art.chosen_back = "red"
    painter.base(None, (50, 70))
    assert art.asked[-1] == "red"


def test_a_painter_given_its_own_back_keeps_it():
    art = RecordingArt()
    art.chosen_back = "green"
    painter = CardPainter(art, back="charcoal")
    painter.base(None, (40, 56))
    assert art.asked == ["charcoal"]


@pytest.mark.parametrize("back", CARD_BACKS)
def test_the_pixels_drawn_are_the_chosen_backs(back):
    art = CardArt()
    art.chosen_back = back
    painter = CardPainter(art)
    size = (60, 84)
    drawn = painter.base(None, size)
    expected = art.back(size, back)
    centre = (30, 20)
    assert drawn.get_at(centre) == expected.get_at(centre)
    others = [art.back(size, other).get_at(centre) for other in CARD_BACKS if other != back]
    assert drawn.get_at(centre) not in others


# ----------------------------------------------------------------------------- felt


def _felt_pixels(felt: str) -> tuple[pygame.Color, pygame.Color]:
    set_look(felt)
    image = drawing.felt_background((320, 200))
    return image.get_at((160, 100)), image.get_at((3, 3))


def test_the_felt_colour_changes_the_background():
    centres = {felt: _felt_pixels(felt)[0] for felt in FELT_COLOURS}
    assert len({tuple(c) for c in centres.values()}) == len(FELT_COLOURS)
    green, blue, burgundy = centres["green"], centres["blue"], centres["burgundy"]
    assert green.g > green.r and green.g > green.b
    assert blue.b > blue.r and blue.b > blue.g
    assert burgundy.r > burgundy.g and burgundy.r > burgundy.b
    for felt in FELT_COLOURS:  # a light centre, a darker edge
        centre, corner = _felt_pixels(felt)
        assert sum(centre[:3]) > sum(corner[:3])


def test_every_screen_builds_its_theme_with_the_chosen_felt():
    set_look("burgundy")
    assert Theme.for_size(SMALL).felt == FELTS["burgundy"].felt
    set_look("no such felt")  # an unknown name is the green felt
    assert current_look().felt == "green" and Theme.for_size(SMALL).felt == FELTS["green"].felt


# ----------------------------------------------------------------------------- large print


def test_large_print_makes_menu_text_larger():
    plain = Theme.for_size(SMALL)
    set_look(large_print=True)
    large = Theme.for_size(SMALL)
    for role in ("heading_size", "subheading_size", "body_size", "small_size"):
        assert getattr(large, role) > getattr(plain, role), role
    assert large.row_height > plain.row_height


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_large_print_makes_hand_cards_and_table_text_larger_and_still_fits(players):
    plain = compute_layout(SMALL, players)
    large = compute_layout(SMALL, players, large_cards=True)
    assert large.card[1] > plain.card[1]
    assert large.tx(19) > plain.tx(19)  # hint line, log, plates
    assert large.hint.height > plain.hint.height
    assert large.own_plate.height > plain.own_plate.height
    window = pygame.Rect(0, 0, *SMALL)
    boxes = [large.hint, large.own_plate, large.log, large.buttons, large.hand_area,
             large.draw_pile, large.discard, large.top_bar]
    boxes += [spot.block for spot in large.seats.values()]
    assert all(window.contains(box) for box in boxes)
    assert large.log.height > 3 * round(large.tx(15) * 1.3)  # room for a few log lines
    # The hint line sits above the hand; seats stay clear of the hint, the hand and each other.
    assert large.hint.bottom <= large.hand_area.top
    for spot in large.seats.values():
        assert not spot.block.colliderect(large.hint)
        assert not spot.block.colliderect(large.hand_area)
    for a, b in itertools.combinations(large.seats.values(), 2):
        assert not a.block.colliderect(b.block)
    # The plate's lines of large type fit its height: two, or one on a compact plate.
    plate = next(iter(large.seats.values())).plate
    lines = large.tx(19) if large.compact else large.tx(19) + large.tx(15)
    assert lines < plate.height


@pytest.fixture
def app(tmp_path, monkeypatch):
    from craits.ui.app import App

    monkeypatch.setenv("CRAITS_HOME", str(tmp_path))
    app = App(size=SMALL, speed="fast", bot_mode="inline", language="en")
    pygame.event.clear()
    yield app
    app.shutdown()


@pytest.mark.draws
def test_the_table_uses_the_chosen_back_felt_and_large_print(app):
    app.settings = dataclasses.replace(app.settings, card_back="charcoal", felt="blue",
                                       large_cards=True)
    app.apply_settings()
    assert current_look().felt == "blue" and current_look().large_print
    app.new_game(app.seats_for(["human", "easy", "medium"]), None, 4)
    table = app.current_table()
    run_until(app, lambda: app.scenes.top is table and not table.match.cut_pending, 30)
    step(app, 3)
    assert table.cards.back_name == "charcoal"
    assert table.model.large_cards and table.model.layout.text_scale > 1
    lay = table.model.layout
    size = lay.pile_card
    drawn = table.cards.base(None, size)
    assert drawn.get_at((size[0] // 2, size[1] // 4)) == \
        app.card_art.back(size, "charcoal").get_at((size[0] // 2, size[1] // 4))
    corner = app.screen.get_at((2, lay.top_bar.bottom + 4))
    assert corner.b > corner.r and corner.b > corner.g  # the blue felt
    # Changed during the game (from the pause menu): the next frames follow.
    app.settings = dataclasses.replace(app.settings, card_back="red", felt="burgundy")
    app.apply_settings()
    step(app, 2)
    assert table.cards.back_name == "red"
    corner = app.screen.get_at((2, lay.top_bar.bottom + 4))
    assert corner.r > corner.g and corner.r > corner.b


# ----------------------------------------------------------------------------- statistics


def test_a_mixed_table_is_counted_under_its_strongest_level():
    assert opponent_bucket(["human", "easy", "hard"]) == "hard"
    assert opponent_bucket(["human", "expert", "medium", "easy"]) == "expert"


class StatsApp:
    def __init__(self) -> None:
        from craits.persistence import Statistics
        from craits.ui.scene import SceneStack

        self.size = SMALL
        self.screen = pygame.display.get_surface()
        self.scenes = SceneStack()
        self.settings = Settings()
        self.statistics = Statistics()
        self.statistics.record_game(["human", "easy", "hard"], [40, 60, 80], "full")
        self.card_art = None
        self.audio = None


@pytest.mark.parametrize("large", [False, True])
@pytest.mark.parametrize("language", LANGUAGES)
def test_statistics_explain_how_mixed_tables_count_in_every_language(language, large):
    from craits.ui.menus.statistics import StatisticsScene

    pygame.display.set_mode(SMALL)
    i18n.set_language(language)
    set_look(large_print=large)
    app = StatsApp()
    scene = StatisticsScene(app)
    rule = scene.level_rule()
    assert i18n.has_key("stats.level_rule")
    assert i18n.t("level.hard") in rule and i18n.t("level.easy") in rule
    assert i18n.t("stats.overall") in rule
    label = scene.rule_label
    assert label.text == rule
    fitted = fit_text(rule, label.rect.width, label.rect.height, label.size, wrap=True)
    assert not fitted.truncated and fitted.size == label.size  # whole, at its size
    # The game against easy and hard is counted once overall and once under Hard.
    columns = [bucket for bucket, _ in scene.columns()]
    played = dict(zip(columns, scene.table_rows()[0][1], strict=True))
    assert played["overall"] == "1" and played["hard"] == "1" and played["easy"] == "0"
    scene.draw(app.screen)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("scene_name", ["TitleScene", "NewGameScene", "RulesScene",
                                        "SettingsScene", "StatisticsScene"])
def test_menus_in_large_print_still_fit_at_the_smallest_window(scene_name, language,
                                                               monkeypatch):
    import test_ui_menus as menus


    pygame.display.set_mode(SMALL)
    monkeypatch.setattr(menus, "CARD_ART", CardArt(), raising=False)
    i18n.set_language(language)
    set_look("burgundy", large_print=True)
    fits = menus.record_fits(monkeypatch)
    app = menus.FakeApp(size=SMALL, save=True)
    app.settings = dataclasses.replace(app.settings, large_cards=True, felt="burgundy")
    app.statistics = menus.played_statistics()
    scene = getattr(menus, scene_name)(app)
    assert scene.theme.text_scale > 1
    scene.draw(pygame.Surface(SMALL))
    assert fits
    for text, width, height, wanted, result in fits:
        assert not result.truncated, f"{text!r} cut to fit {width}x{height}"
        assert result.width <= width and result.height <= height
        assert result.size >= min(wanted, max(9, round(wanted * 0.6))), (text, result.size)
