"""Open game record lists the records folder and the past games, newest first, with their
players; Enter opens the selected one in the review; a file that cannot be read is listed as
such and the others still open; thousands of files are listed without reading them all; the
path box shows a long path from its end."""

from __future__ import annotations

import copy
import os
import time
from datetime import datetime

import pygame
import pytest
import test_ui_review
from test_review_replay import game, play
from test_ui_review import App, key

from craits import i18n
from craits.persistence.archive import GameArchive
from craits.review import Replay
from craits.review.record import export_record, write_record
from craits.ui import widgets
from craits.ui.cards.art import CardArt
from craits.ui.menus.past_games import PastGamesScene
from craits.ui.review import path_field, record_list
from craits.ui.review.open_record import OpenRecordScene
from craits.ui.review.path_field import ELLIPSIS, visible_part
from craits.ui.review.record_list import PAST_GAME, RECORD
from craits.ui.review.record_rows import row_text
from craits.ui.review.scene import ReviewScene

BASE = 1_790_000_000  # a time in 2026, in seconds


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.init()
    pygame.display.set_mode((1280, 800))
    test_ui_review.CARD_ART = CardArt()
    yield
    widgets.set_click_sound(None)


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CRAITS_HOME", str(tmp_path))
    i18n.set_language("en")
    yield tmp_path
    i18n.set_language("en")


@pytest.fixture(scope="module")
def record() -> dict:
    return export_record(game())


def named(record: dict, *names: str) -> dict:
    out = copy.deepcopy(record)
    for seat, name in zip(out["seats"], names, strict=True):
        seat["name"] = name
    return out


def put(folder, name: str, content: dict | bytes, age: int) -> os.PathLike:
    """A file written ``age`` seconds before BASE."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        write_record(path, content)
    os.utime(path, (BASE - age, BASE - age))
    return path


def settle(dialog: OpenRecordScene, frames: int = 5) -> None:
    for _ in range(frames):
        dialog.update(0.016)


def opened(dialog: OpenRecordScene) -> None:
    """A large file is read on a thread: until it is done (a small one opens at once)."""
    if dialog.opening is not None:
        dialog.opening.wait(60)
        dialog.update(0.016)


def texts(dialog: OpenRecordScene) -> list[str]:
    return [row_text(entry) for entry in dialog.listing.entries]


def test_the_list_shows_records_and_past_games_newest_first_with_their_players(home, record):
    records = home / "records"
    put(records, "old.json", named(record, "Olga", "Otto", "Oona"), 3000)
    put(records, "new.json", named(record, "Nina", "Ned", "Noor"), 10)
    put(records, "mid.json", named(record, "Mia", "Max", "Mo"), 2000)
    GameArchive(home).keep(play(5, ("human", "easy")),
                           now=datetime.fromtimestamp(BASE - 1000))
    app = App()
    dialog = OpenRecordScene(app)
    settle(dialog)
    entries = dialog.listing.entries
    assert [e.path.name for e in entries if e.source == RECORD] == ["new.json", "mid.json",
                                                                    "old.json"]
    assert [e.source for e in entries] == [RECORD, PAST_GAME, RECORD, RECORD]
    rows = texts(dialog)
    assert rows[0].startswith("Nina ") and "Ned " in rows[0] and "Noor " in rows[0]
    assert "★" in rows[0] and i18n.tn("review.rounds", record["result"]["finished_rounds"]) \
        in rows[0]
    assert rows[3].startswith("Olga ") and rows[2].startswith("Mia ")
    assert "P0 " in rows[1] and "P1 " in rows[1]  # the past game's players
    for size in ((960, 600), (1600, 1000)):
        dialog.on_resize(size)
        dialog.draw(pygame.Surface(size))
        assert dialog.panel.contains(dialog.rows.rect)
        assert dialog.rows.rect.bottom <= dialog.field.rect.top


def test_enter_opens_the_selected_record_in_the_review_and_the_keys_move(home, record):
    records = home / "records"
    for n in range(30):
        put(records, f"game-{n:02}.json", named(record, f"A{n}", "B", "C"), n * 10)
    app = App()
    past = PastGamesScene(app, GameArchive(home), analyse=False)
    app.scenes.push(past)
    past.open_button.activate()
    dialog = app.scenes.top
    assert isinstance(dialog, OpenRecordScene)
    settle(dialog)
    rows = dialog.rows
    assert rows.selected == 0 and dialog.focus.focused is rows
    key(dialog, pygame.K_DOWN)
    key(dialog, pygame.K_DOWN)
    key(dialog, pygame.K_UP)
    assert rows.selected == 1
    key(dialog, pygame.K_PAGEDOWN)
    assert rows.selected == 1 + rows.page and rows.top > 0
    key(dialog, pygame.K_END)
    assert rows.selected == 29 and 29 in rows.shown()
    key(dialog, pygame.K_HOME)
    assert rows.selected == 0 and rows.top == 0
    dialog.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=rows.rect.center, rel=(0, 0),
                                     buttons=(0, 0, 0)))
    dialog.handle(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False))
    assert rows.top == 6 and rows.selected == 0
    settle(dialog)
    assert all(dialog.listing.entries[i].summary is not None for i in rows.shown())
    key(dialog, pygame.K_HOME)
    key(dialog, pygame.K_DOWN)
    key(dialog, pygame.K_RETURN)
    review = app.scenes.top
    assert isinstance(review, ReviewScene)
    assert [s.name for s in review.replay.seats] == ["A1", "B", "C"]


def test_a_click_selects_a_row_and_a_second_click_opens_it(home, record):
    records = home / "records"
    put(records, "first.json", named(record, "F", "G", "H"), 10)
    put(records, "second.json", named(record, "S", "T", "U"), 20)
    app = App()
    dialog = OpenRecordScene(app)
    results: list = []
    app.scenes.push(dialog, results.append)
    settle(dialog)
    rows = dialog.rows
    second = (rows.rect.centerx, rows.rect.top + rows.row_height * 3 // 2)
    for _ in range(2):
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            dialog.handle(pygame.event.Event(kind, button=1, pos=second))
        if not results:
            assert rows.selected == 1
    assert len(results) == 1 and isinstance(results[0], Replay)
    assert [s.name for s in results[0].seats] == ["S", "T", "U"]


def test_a_damaged_file_is_listed_as_unreadable_and_the_others_still_open(home, record):
    records = home / "records"
    put(records, "good.json", named(record, "Gina", "Gus", "Gil"), 50)
    put(records, "garbage.json", b"\x00\xffnot json at all", 40)
    put(records, "half.json", b'{"format": "craits-record", "version": 1, "seats": [', 30)
    broken = named(record, "Bea", "Bo", "Bix")
    broken["actions"] = broken["actions"][:3] + broken["actions"][5:]  # does not replay
    put(records, "broken.json", broken, 20)
    put(records, "huge.json", b"[" + b"0," * 600_000 + b"0]", 10)
    app = App()
    dialog = OpenRecordScene(app)
    results: list = []
    app.scenes.push(dialog, results.append)
    settle(dialog)
    by_name = {e.path.name: row_text(e) for e in dialog.listing.entries}
    unreadable = i18n.t("open_record.unreadable", error="")
    for name in ("garbage.json", "half.json", "huge.json"):
        assert by_name[name].startswith(unreadable) and name in by_name[name]
    assert by_name["broken.json"].startswith("Bea ")  # it reads: only replaying fails
    assert by_name["good.json"].startswith("Gina ")
    names = [e.path.name for e in dialog.listing.entries]
    for name in ("huge.json", "broken.json", "half.json", "garbage.json"):
        dialog.rows.select(names.index(name))
        key(dialog, pygame.K_RETURN)
        opened(dialog)
        assert results == [] and app.scenes.top is dialog
        assert dialog.error.startswith(i18n.t("review.open_failed", error="")) and name in \
            dialog.error
        assert row_text(dialog.listing.entries[names.index(name)]).startswith(unreadable)
        dialog.draw(pygame.Surface(app.size))
    key(dialog, pygame.K_END)
    assert dialog.error == ""
    key(dialog, pygame.K_RETURN)
    assert len(results) == 1 and [s.name for s in results[0].seats] == ["Gina", "Gus", "Gil"]


def test_two_thousand_files_are_listed_without_reading_them_all(home, record, monkeypatch):
    records = home / "records"
    small = b'{"format": "craits-record", "version": 1}'
    for n in range(2000):
        put(records, f"r{n:04}.json", small, n)
    put(records, "newest.json", named(record, "Zoe", "Yan", "Xu"), -10)
    reads: list[str] = []
    real = record_list.read_limited

    def counted(path, limit):
        reads.append(os.fspath(path))
        return real(path, limit)

    monkeypatch.setattr(record_list, "read_limited", counted)
    app = App((960, 600))
    start = time.perf_counter()
    dialog = OpenRecordScene(app)
    settle(dialog, 20)
    took = time.perf_counter() - start
    entries = dialog.listing.entries
    assert len(entries) == 2001 and entries[0].path.name == "newest.json"
    assert row_text(entries[0]).startswith("Zoe ")
    bound = record_list.PREFETCH + dialog.rows.page + 1
    assert len(reads) <= bound and len(set(reads)) == len(reads)
    assert took < 2.0, took
    key(dialog, pygame.K_END)  # the oldest rows are read once they are shown
    settle(dialog, 5)
    assert all(entries[i].summary is not None for i in dialog.rows.shown())
    assert len(reads) <= 2 * bound
    dialog.draw(pygame.Surface(app.size))


def test_a_folder_beyond_the_scan_limit_says_only_part_is_listed(home, monkeypatch):
    records = home / "records"
    for n in range(30):
        put(records, f"r{n:02}.json", b"{}", n)
    listing = record_list.RecordList(records, None, scan_limit=10)
    assert len(listing) == 10 and listing.more
    dialog = OpenRecordScene(App(), listing=listing)
    dialog.draw(pygame.Surface(App().size))


def test_a_long_path_is_shown_from_its_end_behind_an_ellipsis():
    path = "/home/someone/" + "deep/" * 40 + "craits-game-20261202-010203.json"
    part, cursor, before, after = visible_part(path, len(path), 300, lambda s: 7 * len(s))
    assert before and not after and path.endswith(part)
    assert part.endswith("craits-game-20261202-010203.json") and 7 * (len(part) + 1) <= 300
    assert cursor == len(part)
    # The cursor moved to the start: the start shows, the end behind a trailing ellipsis.
    part, cursor, before, after = visible_part(path, 0, 300, lambda s: 7 * len(s))
    assert path.startswith(part) and not before and after and cursor == 0
    assert visible_part("short.json", 3, 300, len) == ("short.json", 3, False, False)


def test_the_path_box_draws_the_file_name_of_a_long_path(home, monkeypatch):
    path = str(home) + "/" + "folder/" * 60 + "the-file.json"
    dialog = OpenRecordScene(App((960, 600)), path)
    drawn: list[str] = []

    class Font:  # the real font, noting what is drawn
        def __init__(self, font):
            self.font = font

        def render(self, text, *args):
            drawn.append(text)
            return self.font.render(text, *args)

        def __getattr__(self, name):
            return getattr(self.font, name)

    real = path_field.get_font
    monkeypatch.setattr(path_field, "get_font", lambda *a, **k: Font(real(*a, **k)))
    dialog.field.draw(pygame.Surface((960, 600)))
    assert len(drawn) == 1 and drawn[0].startswith(ELLIPSIS)
    assert drawn[0].endswith("/folder/the-file.json")


def test_a_game_left_before_its_end_is_listed_unfinished_without_a_winner(home, record):
    left = named(record, "Una", "Vic", "Wen")
    left["result"] = dict(left["result"], over=False)
    put(home / "records", "left.json", left, 10)
    put(home / "records", "done.json", named(record, "Ida", "Jo", "Kit"), 20)
    dialog = OpenRecordScene(App())
    settle(dialog)
    rows = texts(dialog)
    unfinished = i18n.t("review.unfinished")
    assert rows[0].startswith("Una ") and rows[0].endswith(unfinished) and "★" not in rows[0]
    assert rows[1].startswith("Ida ") and unfinished not in rows[1] and "★" in rows[1]
