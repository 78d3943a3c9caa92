"""Names from files get the limit of names typed in the game, and fitting text into a box
takes a few measurements however long the text is: a 50,000-character name in a save or the
settings costs no more than a short one."""

from __future__ import annotations

import json
import random
import time

import pygame
import pytest
from app_driver import FRAME, drive_session, make_app, raise_errors, short_rules

from craits.engine.notation import SEAT_NAME_LENGTH
from craits.persistence import SaveStore, SettingsStore, envelope
from craits.session import Seat, Session
from craits.ui.fonts import get_font
from craits.ui.widgets.text import fit_text, truncate

LONG = "W" * 50_000


class CountedFont:
    """A font that counts its measurements: the work fitting a text does, however fast the
    machine (what it costs in time is a benchmark's business)."""

    def __init__(self, font: pygame.font.Font, counts: list[int]) -> None:
        self.font, self.counts = font, counts

    def size(self, text: str) -> tuple[int, int]:
        self.counts.append(len(text))
        return self.font.size(text)

    def __getattr__(self, name: str):
        return getattr(self.font, name)


@pytest.fixture
def measured(monkeypatch) -> list[int]:
    """The lengths of the texts measured by fitting and shortening text, in order."""
    from craits.ui.widgets import text, textcache

    pygame.font.init()
    counts: list[int] = []
    for module in (text, textcache):
        monkeypatch.setattr(module, "get_font",
                            lambda size, bold=False: CountedFont(get_font(size, bold), counts))
    return counts


def test_a_huge_name_in_a_save_is_shortened_and_the_table_draws_quickly(tmp_path,
                                                                         monkeypatch):
    session = Session([Seat("human", "Ana"), Seat("easy", "Bo")], short_rules(), 4)
    drive_session(session, lambda: len(session.records) > 6)
    data = session.to_save()
    data["seats"][1]["name"] = LONG
    SaveStore(tmp_path).save(data)
    app = make_app(tmp_path, monkeypatch)
    raise_errors(app)
    try:
        assert app.continue_game()
        table = app.current_table()
        assert table.session.seats[1].name == "W" * SEAT_NAME_LENGTH
        start = time.perf_counter()
        for _ in range(10):
            app.step(FRAME)
        assert time.perf_counter() - start < 5
    finally:
        app.shutdown()


def test_names_in_the_settings_get_the_same_limit(tmp_path):
    stored = {"new_game": {"seats": [{"kind": "human", "name": LONG},
                                     {"kind": "easy", "name": "Bo"}]}}
    (tmp_path / "settings.json").write_text(json.dumps(envelope("craits-settings", 1, stored)),
                                            "utf-8")
    settings, problem = SettingsStore(tmp_path).load()
    assert problem is None
    assert [s.name for s in settings.new_game.seats] == ["W" * SEAT_NAME_LENGTH, "Bo"]


@pytest.mark.parametrize("wrap", [False, True])
def test_fitting_a_huge_text_is_quick_and_fits(wrap, measured):
    fitted = fit_text(LONG, 160, 30, 22, min_size=10, wrap=wrap)
    assert fitted.width <= 160 and fitted.truncated
    # A few dozen measurements (each in one call of the font's own code), not one a
    # character of the 50,000.
    assert len(measured) < 100, len(measured)


def test_truncating_gives_the_longest_start_that_fits():
    pygame.font.init()
    font = get_font(14, False)
    rng = random.Random(5)

    def longest(line: str, width: int) -> str:  # the definition, one character at a time
        if font.size(line)[0] <= width:
            return line
        while line and font.size(line + "…")[0] > width:
            line = line[:-1]
        return line + "…" if line else ""

    for _ in range(300):
        line = "".join(rng.choice("aW iMl.é♠") for _ in range(rng.randint(0, 60)))
        width = rng.randint(1, 220)
        assert truncate(line, font, width) == longest(line, width)


def test_the_table_ellipsis_is_quick_and_unchanged(measured):
    from craits.ui.widgets.textcache import ellipsize

    rng = random.Random(9)

    def one_at_a_time(text: str, size: int, width: int) -> str:
        font = get_font(size, False)
        out = text
        if font.size(text)[0] > width:
            while out and font.size(out.rstrip() + "…")[0] > width:
                out = out[:-1]
            out = out.rstrip() + "…" if out else ""
        return out

    for _ in range(300):
        text = "".join(rng.choice("aW iM l. é") for _ in range(rng.randint(0, 50)))
        size, width = rng.randint(8, 24), rng.randint(1, 200)
        assert ellipsize(text, size, width) == one_at_a_time(text, size, width)
    ellipsize.cache_clear()
    measured.clear()
    assert len(ellipsize(LONG, 16, 150)) < 40
    # A search over the text's start: a few measurements, none of the whole 50,000.
    assert len(measured) < 40 and max(measured) < 1_000, measured
