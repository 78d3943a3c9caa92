"""The game record: export, JSON, load gives the same match; every malformed record is refused
with a short message naming the problem."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from test_review_replay import game, play

from craits.config.levels import make_bot
from craits.persistence.game_record import RECORD_FORMAT, RECORD_VERSION
from craits.review import record as rec
from craits.review.record import (
    AbsentBot,
    RecordError,
    export_record,
    load_record,
    parse_record_text,
    read_record,
    write_record,
)
from craits.session import Session


def same_match(a: Session, b: Session) -> None:
    assert a.match == b.match
    assert a.events == b.events
    assert a.records == b.records
    assert a.seats == b.seats and a.rules == b.rules and a.seed == b.seed


def test_an_exported_record_round_trips_through_json():
    session = play(6)
    record = export_record(session)
    again = load_record(json.loads(json.dumps(record)))
    same_match(session, again)
    assert export_record(again) == record


def test_a_record_round_trips_through_a_file(tmp_path):
    session = play(7, ("human", "human", "medium"))
    path = tmp_path / "game.craits.json"
    write_record(path, export_record(session, title="A close one", note="Round 3:\nlook"))
    text = path.read_text(encoding="utf-8")
    assert text.startswith('{\n  "format": "craits-game"')
    same_match(session, load_record(read_record(path)))
    assert read_record(path)["title"] == "A close one"


def test_the_record_holds_the_format_the_match_and_its_result():
    data = game()
    record = export_record(data, focus=10)
    assert record["format"] == RECORD_FORMAT and record["version"] == RECORD_VERSION
    assert [record[k] for k in ("seed", "seats", "actions")] == [
        data["seed"], data["seats"], data["actions"]]
    assert set(record["rules"]) == set(data["rules"])  # every rule, written out
    assert record["result"]["over"] is True and record["result"]["finished_rounds"] == 8
    assert record["focus"] == 10
    assert "clock" not in record and "match_id" not in record
    envelope = {"format": "craits-save", "version": 1, "data": data}
    assert export_record(envelope) == export_record(data) == export_record(
        export_record(data)) == {k: v for k, v in record.items() if k != "focus"}


def test_loading_changes_nothing_it_is_given():
    record = export_record(game())
    kept = copy.deepcopy(record)
    load_record(record)
    assert record == kept


def test_missing_rules_take_the_defaults():
    record = export_record(game())
    record["rules"] = {"game_length": "short"}
    del record["result"]
    assert load_record(record).rules.game_length == "short"


def test_a_level_this_game_does_not_know_is_stood_in_for():
    record = export_record(game(kinds=("human", "easy", "medium")))
    record["seats"][2]["kind"] = "my-own-level"
    session = load_record(record)
    assert isinstance(session.bots[2], AbsentBot)
    assert session.bots[1].level == "easy"
    with pytest.raises(ValueError, match="my-own-level"):
        session.bots[2].choose(None, [], None)
    assert load_record(record, bot_factory=lambda kind: make_bot("easy")).bots[2].level == "easy"


def _broken(change):
    record = export_record(game())
    change(record)
    return record


def _set(key, value):
    return lambda r: r.__setitem__(key, value)


BROKEN = [
    (_set("format", "craits-save"), "a saved game: export it"),
    (_set("format", "chess"), "not a Craits game record"),
    (_set("version", 2), "newer version"),
    (_set("version", "1"), "version"),
    (_set("version", True), "version"),
    (_set("seeds", 1), "did you mean 'seed'"),
    (lambda r: r.pop("actions"), "actions: missing"),
    (_set("seed", 2**70), "seed"),
    (_set("seed", 1.5), "seed"),
    (_set("seats", [{"kind": "human", "name": "A"}]), "seats"),
    (_set("seats", "x" * 10_000), "seats"),
    (lambda r: r["seats"][0].__setitem__("name", "\x07"), "U+0007"),
    (lambda r: r["rules"].__setitem__("seven_skip", True), "seven_skip"),
    (lambda r: r["rules"].__setitem__("idiot_penalty", 9), "idiot_penalty"),
    (lambda r: r["actions"].__setitem__(3, {"player": 0, "play": "ZZ"}), r"actions[3]"),
    (lambda r: r["actions"].__setitem__(3, {"player": 9, "draw": True}), r"actions[3]"),
    (lambda r: r["actions"].__setitem__(4, {"player": 0, "call": 0}), "actions[4]"),
    (lambda r: r["actions"].append({"player": 0, "draw": True}), "does not replay"),
    (lambda r: r["actions"].insert(0, {"next_round": True}), "actions[0]"),
    (_set("actions", [{"x": 1}] * 200_000), "actions"),
    (_set("title", 5), "title: expected text"),
    (_set("title", "t" * 500), "title: longer than"),
    (_set("note", "a\x00b"), "U+0000"),
    (_set("focus", -1), "focus"),
    (_set("focus", 10**6), "focus"),
    (lambda r: r["result"].__setitem__("totals", [0, 0, 0]), "result"),
    (lambda r: r["result"].__setitem__("over", 1), "result"),
    (_set("result", "won"), "result"),
]


@pytest.mark.parametrize("change, expected", BROKEN)
def test_a_broken_record_is_refused_with_a_short_reason(change, expected):
    with pytest.raises(RecordError) as caught:
        load_record(_broken(change))
    message = str(caught.value)
    assert expected in message
    assert len(message) <= rec.MAX_MESSAGE


@pytest.mark.parametrize("data", [None, [], "text", 5])
def test_what_is_not_an_object_is_refused(data):
    with pytest.raises(RecordError, match="JSON object"):
        load_record(data)


@pytest.mark.parametrize("text, expected", [
    (b"\xff\xfe{}", "not UTF-8"),
    (b"{", "not valid JSON"),
    (b'{"seed": NaN}', "not a usable JSON document"),
    (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    (b'{"seed": ' + b"9" * 20_000 + b"}", "not a usable JSON document"),
    (b"[1, 2]", "a game record is a JSON object"),
])
def test_text_that_is_no_record_is_refused(text, expected):
    with pytest.raises(RecordError, match=expected):
        parse_record_text(text, "game.json")


def test_files_too_large_or_not_files_are_refused(tmp_path, monkeypatch):
    big = tmp_path / "big.json"
    big.write_bytes(b" " * 2000)
    monkeypatch.setattr(rec, "MAX_RECORD_BYTES", 1000)
    with pytest.raises(RecordError, match=r"big.json: cannot be read \(larger than"):
        read_record(big)
    with pytest.raises(RecordError, match="not a regular file"):
        read_record(tmp_path)
    with pytest.raises(RecordError, match="cannot be read"):
        read_record(tmp_path / "missing.json")


def test_export_refuses_what_is_no_match():
    with pytest.raises(RecordError):
        export_record({"seed": 1})
    with pytest.raises(RecordError):
        export_record(42)  # type: ignore[arg-type]
    with pytest.raises(RecordError, match="title"):
        export_record(game(), title="x" * 1000)


def test_the_example_in_the_format_document_is_a_record_that_loads():
    text = (Path(__file__).resolve().parents[1] / "docs" / "GAME_RECORD.md").read_text(
        encoding="utf-8")
    example = json.loads(text.split("```json\n", 1)[1].split("```", 1)[0])
    session = load_record(example)
    assert len(session.records) == len(example["actions"]) == 6
    assert session.seats[0].name == "Ada"
    assert export_record(session, title=example["title"], note=example["note"],
                         focus=example["focus"]) == example


def test_a_save_file_of_another_version_is_not_taken_for_this_one():
    envelope = {"format": "craits-save", "version": 2, "data": game()}
    with pytest.raises(RecordError, match="version 2"):
        export_record(envelope)


def _lowered(action: dict) -> dict:
    """``action`` written as a person might: lower case, ``T`` for ten, a suit's symbol."""
    out = dict(action)
    symbols = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
    if isinstance(out.get("play"), str):
        card = out["play"]
        rank, suit = card[:-1], card[-1]
        out["play"] = ("T" if rank == "10" else rank.lower()) + (
            symbols[suit] if rank == "8" else suit.lower())
    if isinstance(out.get("suit"), str):
        out["suit"] = out["suit"].lower()
    return out


def test_re_exporting_writes_canonical_card_codes():
    record = export_record(game())
    plays = [a["play"] for a in record["actions"] if "play" in a]
    assert any(p.startswith("10") for p in plays) and any(p.startswith("8") for p in plays)
    assert any(a.get("suit") for a in record["actions"])
    loose = {**record, "actions": [_lowered(a) for a in record["actions"]]}
    assert loose["actions"] != record["actions"]  # the codes are written otherwise...
    assert export_record(loose) == record  # ...and written back as the format says


@pytest.mark.parametrize("breaks", ["\r\n", "\r"])
def test_a_note_with_windows_or_old_mac_line_breaks_is_kept_with_plain_ones(breaks):
    record = {**export_record(game()), "note": f"Round 3:{breaks}look at{breaks}{breaks}this"}
    load_record(record)  # accepted
    again = export_record(record)
    assert again["note"] == "Round 3:\nlook at\n\nthis"
    assert export_record(game(), note=f"a{breaks}b")["note"] == "a\nb"
    with pytest.raises(RecordError, match="one line"):
        load_record({**record, "title": f"a{breaks}b"})


def test_an_action_after_the_match_s_end_is_refused_as_the_match_being_over():
    record = export_record(game())
    assert record["result"]["over"] is True
    late = {**record, "actions": [*record["actions"], {"player": 0, "draw": True}]}
    late.pop("result")
    with pytest.raises(RecordError, match="the match is over") as refused:
        load_record(late)
    assert "next round" not in str(refused.value)
