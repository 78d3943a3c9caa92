"""A record's fields are what GAME_RECORD.md says: a file without ``format`` or ``version``, with
a field of its own or a ``result`` its actions do not give is refused naming the field, in the
open box and on the command line alike; exporting a record again keeps its title, note and
focus; a title is one printable line."""

from __future__ import annotations

import json

import pygame
import pytest
import test_ui_review
from test_review_replay import game
from test_ui_review import App, key

from craits import i18n
from craits.cli.review import main
from craits.review import Replay
from craits.review.record import (
    RecordError,
    export_record,
    load_record,
    read_record,
    write_record,
)
from craits.ui import widgets
from craits.ui.cards.art import CardArt
from craits.ui.review.open_record import OpenRecordScene


@pytest.fixture(scope="module")
def record() -> dict:
    return export_record(game(), title="A close one", note="Round 3:\nlook", focus=12)


def without(record: dict, *keys: str) -> dict:
    return {k: v for k, v in record.items() if k not in keys}


def false_result(record: dict) -> dict:
    result = dict(record["result"])
    result["totals"] = [t + 1 for t in result["totals"]]
    return {**record, "result": result}


# What the file holds -> the start of what is said (after the file's name).
BROKEN = {
    "no format": (lambda r: without(r, "format"), "format: missing"),
    "no version": (lambda r: without(r, "version"), "version: missing"),
    "neither": (lambda r: without(r, "format", "version"), "format: missing"),
    "the bare save data": (lambda r: game(), "format: missing"),
    "no format, a field of its own": (lambda r: {**without(r, "format"), "colour": "red"},
                                      "format: missing"),
    "no format, a false result": (lambda r: false_result(without(r, "format")),
                                  "format: missing"),
    "a field of its own": (lambda r: {**r, "colour": "red"}, "unknown field \"colour\""),
    "a misspelt field": (lambda r: {**r, "titel": "x"}, "unknown field \"titel\""),
    "a false result": (false_result, "the record's result"),
}


def _file(tmp_path, data: dict):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("case", list(BROKEN))
def test_the_command_line_refuses_the_record_naming_the_field(tmp_path, capsys, record, case):
    change, said = BROKEN[case]
    path = _file(tmp_path, change(record))
    assert main([str(path), "--round", "1", "--iterations", "5"]) == 2
    error = json.loads(capsys.readouterr().out)["error"]
    assert said in error
    assert main([str(path), "--export", str(tmp_path / "out.json")]) == 2
    assert said in json.loads(capsys.readouterr().out)["error"]
    assert not (tmp_path / "out.json").exists()


@pytest.mark.parametrize("case", list(BROKEN))
def test_the_open_box_refuses_the_record_naming_the_field(tmp_path, record, case):
    change, said = BROKEN[case]
    app = App()
    dialog = OpenRecordScene(app, str(_file(tmp_path, change(record))))
    results: list = []
    app.scenes.push(dialog, results.append)
    key(dialog, pygame.K_RETURN)
    assert app.scenes.top is dialog and results == []
    assert dialog.error.startswith(i18n.t("review.open_failed", error=""))
    assert said in dialog.error


@pytest.mark.parametrize("case", ["no format", "no version"])
def test_loading_a_record_without_format_or_version_names_the_field(record, case):
    change, said = BROKEN[case]
    with pytest.raises(RecordError, match=said):
        load_record(change(record))


def test_a_save_file_still_opens_for_review(tmp_path):
    path = _file(tmp_path, {"format": "craits-save", "version": 1, "data": game()})
    assert Replay(read_record(path)).save["actions"] == game()["actions"]


# ---------------------------------------------------------------- exported again


def test_exporting_a_record_again_keeps_its_title_note_and_focus(record):
    again = export_record(json.loads(json.dumps(record)))
    assert again == record
    assert (again["title"], again["note"], again["focus"]) == ("A close one", "Round 3:\nlook",
                                                               12)
    other = export_record(record, title="Another", focus=3)
    assert (other["title"], other["note"], other["focus"]) == ("Another", "Round 3:\nlook", 3)


def test_the_command_line_export_of_a_record_keeps_them(tmp_path, capsys, record):
    source = tmp_path / "game.json"
    write_record(source, record)
    out = tmp_path / "out.json"
    assert main([str(source), "--export", str(out)]) == 0
    capsys.readouterr()
    assert read_record(out) == record


def test_the_review_exports_an_opened_record_with_its_title_and_note(tmp_path, home, record):
    from craits.ui.dialogs.message import MessageScene
    from craits.ui.review.scene import ReviewScene

    app = App()
    scene = ReviewScene(app, Replay(read_record(_file(tmp_path, record))), round_index=1,
                        analyse=False)
    app.scenes.push(scene)
    key(scene, pygame.K_e)
    assert isinstance(app.scenes.top, MessageScene)
    (exported,) = (home / "records").glob("*.json")
    again = read_record(exported)
    assert (again["title"], again["note"]) == (record["title"], record["note"])
    assert again["focus"] == scene.step.index + 1  # where the review stood
    assert without(again, "focus") == without(record, "focus")


# ---------------------------------------------------------------- a title is one line


@pytest.mark.parametrize("character", ["\n", "\r", "\t", "\x00", "\x1b", "\x85", "\u2028",
                                       "\u200e", "\ud800"])
def test_a_title_with_a_line_break_or_control_character_is_refused(record, character):
    with pytest.raises(RecordError, match="title: ") as caught:
        load_record({**record, "title": f"A close{character}one"})
    if character in "\n\r":
        assert "one line" in str(caught.value)
    else:
        assert f"U+{ord(character):04X}" in str(caught.value)
    with pytest.raises(RecordError, match="title: "):
        export_record(game(), title=f"A close{character}one")


def test_a_note_keeps_its_line_breaks_but_no_other_control_character(record):
    assert load_record({**record, "note": "one\ntwo\n"}).records == record["actions"]
    assert load_record({**record, "note": "one\r\ntwo\rthree"}).records == record["actions"]
    with pytest.raises(RecordError, match=r"note: contains the character U\+0007"):
        load_record({**record, "note": "one\atwo"})


@pytest.fixture(scope="module", autouse=True)
def display():
    pygame.init()
    pygame.display.set_mode((1280, 800))
    test_ui_review.CARD_ART = CardArt()  # what its App hands the scenes
    yield
    widgets.set_click_sound(None)


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("CRAITS_HOME", str(tmp_path))
    i18n.set_language("en")
    yield tmp_path
    i18n.set_language("en")
