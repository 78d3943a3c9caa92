"""A saved game is checked field by field before it is replayed: anything invalid is kept aside
with the usual notice, and Continue never crashes (nor crashes again on the next try)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from app_driver import drive_session, make_app, raise_errors, short_rules

from craits import i18n
from craits.engine.notation import SEAT_NAME_LENGTH, NotationError
from craits.persistence import SaveStore
from craits.persistence.game_record import read_save
from craits.session import Seat, Session


@pytest.fixture(autouse=True)
def _english_afterwards():
    yield
    i18n.set_language("en")


def good_save() -> dict:
    session = Session([Seat("human", "Ana"), Seat("easy", "Bo")], short_rules(), 4)
    drive_session(session, lambda: len(session.records) > 10)
    return session.to_save()


def envelope_text(data_text: str) -> str:
    return '{"format": "craits-save", "version": 1, "data": ' + data_text + "}"


def with_field(name: str, value) -> str:
    data = good_save()
    data[name] = value
    return envelope_text(json.dumps(data))


def with_seat_kind(kind: str) -> str:
    data = good_save()
    data["seats"][1]["kind"] = kind
    return envelope_text(json.dumps(data))


def with_seat_name(name: str) -> str:
    data = good_save()
    data["seats"][0]["name"] = name
    return envelope_text(json.dumps(data))  # a lone surrogate is written as \ud800


DEEP = 5000

BAD_SAVES = {
    "actions are ints": lambda: with_field("actions", [1, 2, 3]),
    "actions are strings": lambda: with_field("actions", ["draw", "play AS"]),
    "actions are a dict": lambda: with_field("actions", {"player": 0, "draw": True}),
    "an action with a bad card": lambda: with_field("actions", [{"player": 0, "play": "ZZ"}]),
    "an action of a seat that is not there": lambda: with_field(
        "actions", [{"player": 7, "draw": True}]),
    "a seat name with NUL": lambda: with_seat_name("An\x00a"),
    "a seat name with a lone surrogate": lambda: with_seat_name("An\ud800a"),
    "rules of the wrong type": lambda: with_field("rules", {"seven_skips": "yes"}),
    "a clock that is not a number": lambda: with_field("clock", "soon"),
    "a seat of the research oracle": lambda: with_seat_kind("oracle"),
    "a seat of the research seer": lambda: with_seat_kind("seer"),
    "nesting thousands deep": lambda: envelope_text(
        '{"seed": 1, "actions": ' + "[" * DEEP + "]" * DEEP + "}"),
}


def make(home: Path, monkeypatch):
    app = make_app(home, monkeypatch)
    raise_errors(app)
    return app


@pytest.mark.parametrize("case", list(BAD_SAVES))
def test_an_invalid_save_is_kept_aside_with_a_notice_never_a_crash(case, tmp_path, monkeypatch):
    text = BAD_SAVES[case]()
    (tmp_path / "save.json").write_text(text, encoding="utf-8", errors="surrogatepass")
    app = make(tmp_path, monkeypatch)
    try:
        assert not app.continue_game()
        kept = tmp_path / "save.bad.json"
        assert kept.read_text("utf-8", errors="surrogatepass") == text  # nothing lost
        assert not (tmp_path / "save.json").exists()
        assert str(app.notices[-1]) == i18n.t("notice.save_damaged", path=str(kept))
        assert type(app.scenes.top).__name__ == "TitleScene"
        # Asking again finds no save, and still no crash.
        assert not app.continue_game()
        assert not list((tmp_path / "logs").glob("crash-*.log"))
    finally:
        app.shutdown()


def test_a_good_save_passes_the_check_unchanged():
    data = good_save()
    assert read_save(data).data == data


def test_an_overlong_seat_name_is_shortened_like_a_typed_one():
    data = good_save()
    data["seats"][1]["name"] = "B" * 50_000
    checked = read_save(data).data
    assert checked["seats"][1]["name"] == "B" * SEAT_NAME_LENGTH
    assert Session.from_save(data).seats[1].name == "B" * SEAT_NAME_LENGTH


@pytest.mark.parametrize(("field", "value", "said"), [
    ("seats", [{"kind": "human", "name": "A"}], "seats"),
    ("seed", "12", "seed"),
    ("actions", [{"player": 0}], "actions[0]"),
    ("actions", [{"player": 0, "draw": True, "pass": True}], "actions[0]"),
    ("actions", [{"next_round": 1}], "actions[0]"),
])
def test_the_reason_names_the_field(field, value, said):
    data = good_save()
    data[field] = value
    with pytest.raises(NotationError, match=r"^" + said.replace("[", r"\[")):
        read_save(data)
    with pytest.raises(ValueError):
        Session.from_save(data)


def test_a_valid_save_still_continues(tmp_path, monkeypatch):
    data = good_save()
    SaveStore(tmp_path).save(data)
    app = make(tmp_path, monkeypatch)
    try:
        assert app.continue_game()
        assert app.current_table().session.records[: len(data["actions"])] == data["actions"]
    finally:
        app.shutdown()


def test_an_arrangement_of_the_hands_is_kept_and_what_cannot_be_read_of_it_is_dropped_alone():
    data = good_save()
    good = {"seat": 1, "round": 0, "cards": [5, 4, 30]}
    data["arranged"] = [good, {"seat": 2, "round": 0, "cards": [1]},  # no third seat
                        {"seat": 0, "round": 0, "cards": [3, 3]}, "x"]
    assert read_save(data).data["arranged"] == [good]
    assert Session.from_save(data).arranged == {1: (0, (5, 4, 30))}
    data["arranged"] = "nonsense"
    assert Session.from_save(data).arranged == {}
