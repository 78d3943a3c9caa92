"""Record files: every export is a file of its own, every file or path that cannot be used is
refused in the player's words (a byte-order mark is no reason), and ``--export`` writes over
nothing but a regular file."""

from __future__ import annotations

import errno
import json
import os
import stat
import sys

import pygame
import pytest
import test_ui_review
from test_review_replay import game
from test_ui_review import App, key

from craits import i18n
from craits.cli.review import main
from craits.review import Replay
from craits.review import record as rec
from craits.review.record import (
    RecordError,
    export_record,
    load_record,
    parse_record_text,
    read_record,
    write_new_record,
    write_record,
)
from craits.ui import widgets
from craits.ui.cards.art import CardArt
from craits.ui.dialogs.message import MessageScene
from craits.ui.review import scene as review_scene
from craits.ui.review.open_record import OpenRecordScene
from craits.ui.review.scene import ReviewScene

PYTHON_WORDS = ("Errno", "sys.", "set_int_max_str_digits", "4300", "Traceback", "Error")


def words_only(message: str) -> None:
    """A message in the player's words: none of Python's own."""
    assert message and not any(word in message for word in PYTHON_WORDS), message
    assert len(message) <= rec.MAX_MESSAGE


@pytest.fixture(scope="module")
def record() -> dict:
    return export_record(game())


# ---------------------------------------------------------------- every export its own file


class FrozenClock:
    """``datetime`` whose ``now`` is one second: every export in it gets the same stamp."""

    @staticmethod
    def now():
        from datetime import datetime

        return datetime(2026, 12, 2, 1, 2, 3)


def test_three_exports_within_one_second_are_three_files(home, monkeypatch):
    monkeypatch.setattr(review_scene, "datetime", FrozenClock)
    replay = Replay(game())
    app = App()
    scene = ReviewScene(app, replay, round_index=1, analyse=False)
    app.scenes.push(scene)
    said = []
    for _ in range(3):
        key(scene, pygame.K_RIGHT)
        key(scene, pygame.K_e)
        message = app.scenes.top
        assert isinstance(message, MessageScene)
        said.append(message.body)
        message.choose(0)
    files = sorted((home / "records").glob("*.json"))
    assert len(files) == 3
    assert [name.name for name in files] == ["craits-game-20261202-010203-2.json",
                                             "craits-game-20261202-010203-3.json",
                                             "craits-game-20261202-010203.json"]
    for file in files:  # each one the message named, each a whole record
        assert sum(str(file) in body for body in said) == 1
        assert load_record(read_record(file)).records == game()["actions"]
    focuses = {read_record(file)["focus"] for file in files}
    assert len(focuses) == 3  # three different positions, none written over another


@pytest.mark.skipif(sys.platform == "win32", reason="links need privileges on Windows")
def test_a_new_record_never_replaces_anything_that_has_its_name(tmp_path, record):
    taken = tmp_path / "game.json"
    taken.write_text("mine", encoding="utf-8")
    (tmp_path / "game-2.json").symlink_to(tmp_path / "elsewhere.json")  # a dangling link
    path = write_new_record(tmp_path, "game", record)
    assert path == tmp_path / "game-3.json"
    assert taken.read_text(encoding="utf-8") == "mine"
    assert not (tmp_path / "elsewhere.json").exists()
    assert read_record(path) == record


def test_a_new_record_that_cannot_be_written_leaves_no_empty_file(tmp_path, record,
                                                                  monkeypatch):
    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(rec, "atomic_write_json", full)
    with pytest.raises(RecordError) as caught:
        write_new_record(tmp_path, "game", record)
    assert str(caught.value) == "cannot write game.json: the disk is full"
    assert list(tmp_path.iterdir()) == []


# ---------------------------------------------------------------- what a file holds


def test_a_record_saved_with_a_byte_order_mark_opens(tmp_path, record):
    path = tmp_path / "game.json"
    path.write_bytes(b"\xef\xbb\xbf" + json.dumps(record).encode("utf-8"))
    assert read_record(path) == record
    assert Replay(read_record(path)).save["actions"] == record["actions"]
    assert parse_record_text("\ufeff" + json.dumps(record)) == record


@pytest.mark.parametrize("number", [
    "9" * 5000, "-" + "9" * 5000, "9" * 101, "1" * 5000 + ".5", "0." + "1" * 5000,
    "1" + "0" * 200 + "e5",
])
def test_a_number_thousands_of_digits_long_is_refused_in_the_players_words(record, number):
    text = json.dumps(record).replace('"seed": ' + str(record["seed"]), '"seed": ' + number)
    assert number in text
    with pytest.raises(RecordError) as caught:
        parse_record_text(text, "game.json")
    message = str(caught.value)
    words_only(message)
    assert message.startswith("game.json: not a usable JSON document (a number")


def test_the_seeds_a_record_holds_are_read_as_they_are(record):
    for seed in (2**63, -(2**63), 0):
        assert parse_record_text(json.dumps({**record, "seed": seed}))["seed"] == seed


# ---------------------------------------------------------------- writing


def run(capsys, *argv: str) -> tuple[int, dict]:
    status = main(list(argv))
    return status, json.loads(capsys.readouterr().out)


def test_export_errors_say_what_is_wrong_in_the_players_words(tmp_path, capsys, record):
    source = tmp_path / "game.json"
    write_record(source, record)
    status, out = run(capsys, str(source), "--export", str(tmp_path / "none" / "out.json"))
    assert status == 2
    assert out["error"] == "cannot write out.json: there is no such file or folder"
    words_only(out["error"])


def test_an_export_whose_folder_cannot_be_made_says_why_in_words(home):
    (home / "records").write_text("a file where the folder goes", encoding="utf-8")
    app = App()
    scene = ReviewScene(app, Replay(game()), round_index=0, analyse=False)
    app.scenes.push(scene)
    key(scene, pygame.K_e)
    message = app.scenes.top
    assert isinstance(message, MessageScene)
    assert message.body == i18n.t("review.export_failed",
                                  error="records: a file of that name is already there")
    words_only(message.body)


POSIX_ONLY = pytest.mark.skipif(
    sys.platform == "win32",
    reason="named pipes are POSIX only; links need privileges on Windows")


@pytest.mark.parametrize("kind", [pytest.param("fifo", marks=POSIX_ONLY), "folder",
                                  pytest.param("link", marks=POSIX_ONLY)])
def test_export_onto_what_is_not_a_regular_file_is_refused(tmp_path, capsys, record, kind):
    source = tmp_path / "game.json"
    write_record(source, record)
    out = tmp_path / "out"
    if kind == "fifo":
        os.mkfifo(out)
    elif kind == "folder":
        out.mkdir()
    else:
        (tmp_path / "target.json").write_text("kept", encoding="utf-8")
        out.symlink_to(tmp_path / "target.json")
    before = os.lstat(out).st_mode
    status, said = run(capsys, str(source), "--export", str(out))
    assert status == 2
    assert said["error"].startswith("cannot write out: it is a ")
    words_only(said["error"])
    assert os.lstat(out).st_mode == before  # still the pipe, the folder, the link
    if kind == "link":
        assert (tmp_path / "target.json").read_text(encoding="utf-8") == "kept"
    assert [p.name for p in tmp_path.iterdir() if p.name.startswith(".")] == []


def test_export_over_a_regular_file_replaces_it(tmp_path, capsys, record):
    source = tmp_path / "game.json"
    write_record(source, record)
    out = tmp_path / "out.json"
    out.write_text("old", encoding="utf-8")
    assert run(capsys, str(source), "--export", str(out)) == (0, {"exported": str(out)})
    assert stat.S_ISREG(os.lstat(out).st_mode) and read_record(out) == record


# ---------------------------------------------------------------- any path: cannot be read


def _no_permission(path):
    raise PermissionError(errno.EACCES, "Permission denied", str(path))


PATHS = {  # what is typed -> the message's reason
    "~no-such-user-of-craits/game.json": "there is no such file or folder",
    "~no-such-user-of-craits": "there is no such file or folder",
    "x" * 5000 + ".json": "the path is too long",
    "{home}": "not a regular file but a folder",
    "{home}/missing/game.json": "there is no such file or folder",
    "{home}/game.json/inside.json": "a part of the path is not a folder",
}


@pytest.mark.parametrize("typed", list(PATHS))
def test_any_path_error_in_the_open_box_is_cannot_be_read(home, record, typed):
    write_record(home / "game.json", record)
    app = App()
    dialog = OpenRecordScene(app, typed.replace("{home}", str(home)))
    results: list = []
    app.scenes.push(dialog, results.append)
    key(dialog, pygame.K_RETURN)
    assert app.scenes.top is dialog and results == []
    assert "cannot be read (" + PATHS[typed] + ")" in dialog.error
    words_only(dialog.error.replace(i18n.t("review.open_failed", error=""), ""))
    dialog.draw(pygame.Surface(app.size))


@pytest.mark.parametrize("name", ["game\x00.json", "game\ud800.json"])
def test_a_path_no_file_name_can_hold_is_cannot_be_read(home, name):
    with pytest.raises(RecordError) as caught:
        read_record(home / name)
    assert str(caught.value) == ("game?.json: cannot be read (the path holds a character no "
                                 "file name can hold)")


def test_a_file_that_cannot_be_opened_is_cannot_be_read(home, record, monkeypatch):
    write_record(home / "game.json", record)
    monkeypatch.setattr(rec, "read_limited", lambda path, limit: _no_permission(path))
    with pytest.raises(RecordError) as caught:
        read_record(home / "game.json")
    assert str(caught.value) == "game.json: cannot be read (permission denied)"


def test_the_open_box_offers_the_newest_record_and_opens_a_home_path(home, record,
                                                                      monkeypatch):
    folder = home / "records"
    folder.mkdir()
    for n, name in enumerate(("b.json", "a.json")):
        write_record(folder / name, record)
        os.utime(folder / name, ns=(10**18 + n, 10**18 + n))
    app = App()
    assert OpenRecordScene(app).field.text == str(folder / "a.json")
    monkeypatch.setenv("HOME", str(home))
    dialog = OpenRecordScene(app, "~/records/b.json")
    results: list = []
    app.scenes.push(dialog, results.append)
    key(dialog, pygame.K_RETURN)
    assert dialog.error == "" and len(results) == 1 and isinstance(results[0], Replay)


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CRAITS_HOME", str(tmp_path))
    i18n.set_language("en")
    yield tmp_path
    i18n.set_language("en")


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.init()
    pygame.display.set_mode((1280, 800))
    test_ui_review.CARD_ART = CardArt()  # what its App hands the scenes
    yield
    widgets.set_click_sound(None)
