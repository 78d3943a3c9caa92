"""The screens away from the table by ear, through the recording backend (CRAITS_SPEECH_LOG):
the rules paragraph by paragraph, Statistics' figures row by row, the deal of the day's deal,
the title's places and its deal line, and the F1 list from the title."""

from __future__ import annotations

import pygame
import pytest
from app_driver import make_app, post_key

from craits import i18n
from craits.ui.menus.rules import RulesScene, paragraphs
from craits.ui.speech import transcript as transcript_file
from craits.ui.speech.symbols import in_words
from craits.ui.speech.words import spoken
from craits.ui.widgets import ReadRow


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


def ear(text: str) -> str:
    """``text`` as a screen says it: signs, keys and cards in words."""
    return spoken(in_words(text.replace(" · ", ", ")))


def frames(app, n: int = 2) -> None:
    for _ in range(n):
        app.step(1 / 30)


def press(app, path, key: int, *, mod: int = 0) -> list[str]:
    """Press ``key``; what was said because of it."""
    before = len(transcript_file.texts(path))
    post_key(key, mod=mod)
    frames(app)
    return transcript_file.texts(path)[before:]


@pytest.mark.parametrize("language", ["en", "cs"])
def test_the_rules_are_read_paragraph_by_paragraph_with_the_key_said(title, transcript, language):
    app = title(language)
    app.scenes.push(RulesScene(app))
    frames(app)
    rules = app.scenes.top
    opening = transcript_file.texts(transcript)[-1]
    assert opening.startswith(i18n.t("rules.title")) and "→" not in opening
    assert ear(i18n.t("rules.read_keys")) in opening  # the keys that read on, in words
    first, second = paragraphs(rules.sections[0])[:2]
    assert first.startswith(rules.sections[0].title)
    assert press(app, transcript, pygame.K_RIGHT) == [ear(first)]
    assert press(app, transcript, pygame.K_RIGHT) == [ear(second)]
    top, bottom = rules.reading_span()  # marked on the page, shown under the top edge
    assert top == rules.page.block_tops[0][1] and bottom > top
    assert rules.offset < top < rules.offset + rules.viewport().height
    assert press(app, transcript, pygame.K_LEFT) == [ear(first)]
    assert press(app, transcript, pygame.K_LEFT) == [i18n.t("rules.read_start")]
    # Every paragraph of every section is reached, in order, the page following.
    said = [ear(first)]
    offsets = [rules.offset]
    while (line := press(app, transcript, pygame.K_RIGHT)) != [i18n.t("rules.read_end")]:
        said.extend(line)
        offsets.append(rules.offset)
    assert said == [ear(p) for section in rules.sections for p in paragraphs(section)]
    assert offsets == sorted(offsets) and offsets[-1] > 0
    assert not any("[[" in line for line in said)  # cards in words, never as codes


def test_a_section_chosen_in_the_contents_is_read_from_its_start(title, transcript):
    app = title()
    app.scenes.push(RulesScene(app))
    frames(app)
    rules = app.scenes.top
    n = len(rules.sections)
    assert transcript_file.texts(transcript)[-1].endswith(f"{rules.sections[0].title}, 1 of {n}")
    assert press(app, transcript, pygame.K_TAB) == [f"{rules.sections[1].title}, 2 of {n}"]
    assert press(app, transcript, pygame.K_RETURN) == [ear(paragraphs(rules.sections[1])[0])]
    assert press(app, transcript, pygame.K_RIGHT) == [ear(paragraphs(rules.sections[1])[1])]


def test_statistics_say_each_figure_row_as_the_arrows_walk_them(title, transcript):
    from craits.ui.menus.statistics import StatisticsScene

    app = title()
    app.statistics.record_game(["human", "easy"], [12, 40])  # one full game, won against Easy
    app.scenes.push(StatisticsScene(app))
    frames(app)
    rows = [row for row in app.scenes.top.region.widgets if isinstance(row, ReadRow)]
    n = len(rows)
    assert transcript_file.texts(transcript)[-1] == (
        f"Statistics. Games played: Overall 1, Easy 1, Medium 0, Hard 0, Expert 0, 1 of {n}")
    walked = [press(app, transcript, pygame.K_DOWN)[-1] for _ in range(n - 1)]
    assert walked[0] == f"Games won: Overall 1, Easy 1, Medium 0, Hard 0, Expert 0, 2 of {n}"
    assert walked[1] == f"Win rate: Overall 100%, Easy 100%, Medium none, Hard none, " \
                        f"Expert none, 3 of {n}"
    assert "Best score: Full 12, Short none, 7 of 14" in walked
    assert "Longest crank: 0, 9 of 14" in walked
    assert walked[-1] == f"{i18n.t('rating.none_yet').rstrip('.')}, {n} of {n}"
    assert app.scenes.top.region.offset > 0  # the list followed the rows
    assert press(app, transcript, pygame.K_DOWN) == [i18n.t("common.back")]


def test_the_deal_of_the_day_says_its_deal_and_its_par_when_it_comes(title, transcript,
                                                                    monkeypatch):
    from craits.ui.menus import daily as daily_module
    from craits.ui.menus.daily import keeper_for

    app = title()
    keeper = keeper_for(app)
    # No expert replays in the background while the screen shows (they take minutes).
    monkeypatch.setattr(type(keeper), "work_out_par", lambda self, number: None, raising=False)
    app.scenes.top.open_daily()
    frames(app)
    screen = app.scenes.top
    number = screen.number
    day = daily_module.deal(number).day
    opening = transcript_file.texts(transcript)[-1]
    assert opening.startswith(f"Deal of the day. Deal {number}, ")
    assert str(day.year) in opening and day.isoformat() not in opening  # the date in words
    assert "You against " in opening and "Not played yet" in opening
    assert "No days in a row yet" in opening
    par = screen.par.state().line()  # not known yet: said as the screen opens
    assert par[:1].upper() + par[1:] in opening
    assert opening.endswith(i18n.t("daily.play"))  # then the focused button
    # The par once known is said after what was being said, not over it.
    arrived = daily_module.ParState(True, object(), None)
    monkeypatch.setattr(screen.par, "state", lambda: arrived)
    monkeypatch.setattr(daily_module.ParState, "line", lambda self: "par 40 ± 1")
    frames(app)
    assert transcript_file.texts(transcript)[-1] == "par 40 plus or minus 1"
    assert transcript_file.read(transcript)[-1].interrupts is False


def test_the_title_says_each_entrys_place_and_todays_deal(title, transcript):
    app = title()
    number = app.scenes.top.daily_detail.split(" · ")[0]
    assert transcript_file.texts(transcript) == ["Craits. New game, 1 of 6"]
    assert press(app, transcript, pygame.K_DOWN) == [
        f"Deal of the day, {number}, not played yet, 2 of 6"]
    assert press(app, transcript, pygame.K_DOWN) == ["Rules, 3 of 6"]
    assert press(app, transcript, pygame.K_UP) == [
        f"Deal of the day, {number}, not played yet, 2 of 6"]


def test_f1_on_the_title_lists_the_controls_row_by_row(title, transcript):
    from craits.ui.controls_list import control_rows
    from craits.ui.table.controls_help import ControlsScene

    app = title()
    said = press(app, transcript, pygame.K_F1)
    assert isinstance(app.scenes.top, ControlsScene)
    assert said[-1].startswith(i18n.t("controls.title"))
    rows = control_rows()
    first = press(app, transcript, pygame.K_DOWN)[-1]
    assert first.endswith(f", 1 of {len(rows)}") and rows[0][1] in first
    second = press(app, transcript, pygame.K_DOWN)[-1]
    assert second.endswith(f", 2 of {len(rows)}") and rows[1][1] in second
    assert press(app, transcript, pygame.K_F1) == ["Craits. New game, 1 of 6"]  # back, said
    assert app.scenes.top is not None and not isinstance(app.scenes.top, ControlsScene)
