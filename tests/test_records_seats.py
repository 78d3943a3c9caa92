"""The research levels that read the hidden cards (``play: oracle`` in config/ai.yaml) never
take a seat: a record, a hand-edited save or the command line that seats one is refused, naming
the seat, wherever a seat is made for play or review."""

from __future__ import annotations

import json

import pytest
from test_review_replay import game

from craits.cli.review import main
from craits.config import levels
from craits.engine.notation import NotationError
from craits.persistence.game_record import read_save, reads_hidden_cards
from craits.review import Replay
from craits.review.record import RecordError, export_record, load_record, read_record
from craits.session import Session
from craits.ui.startup import parse_seat_kinds

RESEARCH = sorted(name for name, p in levels.default_profiles().items() if p.play == "oracle")


def seating(level: str) -> dict:
    data = game()
    data["seats"][2]["kind"] = level
    return data


def test_the_research_levels_are_the_ones_that_read_hidden_cards():
    assert {"oracle", "oracle-catch", "seer"} <= set(RESEARCH)
    assert all(reads_hidden_cards(name) for name in RESEARCH)
    assert not any(reads_hidden_cards(name) for name in ("human", "easy", "hard", "expert",
                                                        "my-own-level"))


@pytest.mark.parametrize("level", RESEARCH)
def test_a_save_seating_a_research_level_is_refused_naming_the_seat(level):
    with pytest.raises(NotationError, match=rf"^seats\[2\]\.kind: the level '{level}' reads the "
                                          "hidden cards"):
        read_save(seating(level))
    with pytest.raises(ValueError, match=r"seats\[2\]\.kind"):
        Session.from_save(seating(level))
    with pytest.raises(RecordError, match=r"seats\[2\]\.kind"):
        Replay(seating(level))  # a save's data handed to the review


@pytest.mark.parametrize("level", RESEARCH)
def test_a_record_seating_a_research_level_is_refused(tmp_path, capsys, level):
    record = export_record(game())
    record["seats"][2]["kind"] = level
    with pytest.raises(RecordError, match=r"^seats\[2\]\.kind: .*research"):
        load_record(record)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    with pytest.raises(RecordError, match=r"seats\[2\]\.kind"):
        Replay(read_record(path))
    assert main([str(path), "--round", "1", "--iterations", "5"]) == 2
    assert "seats[2].kind" in json.loads(capsys.readouterr().out)["error"]
    envelope = tmp_path / "save.json"
    envelope.write_text(json.dumps({"format": "craits-save", "version": 1,
                                    "data": seating(level)}), encoding="utf-8")
    assert main([str(envelope), "--export", str(tmp_path / "out.json")]) == 2
    assert "seats[2].kind" in json.loads(capsys.readouterr().out)["error"]
    assert not (tmp_path / "out.json").exists()


@pytest.mark.parametrize("level", RESEARCH)
def test_the_command_line_seats_no_research_level(level):
    with pytest.raises(ValueError, match="unknown seat"):
        parse_seat_kinds(f"human,{level}")


def test_a_levels_file_that_cannot_be_read_leaves_the_save_check_standing(tmp_path,
                                                                        monkeypatch):
    broken = tmp_path / "ai.yaml"
    broken.write_text("levels: [", encoding="utf-8")
    monkeypatch.setattr(levels, "bundled_path", lambda: broken)
    levels.default_profiles.cache_clear()
    try:
        assert read_save(seating("medium")).data["seats"][2]["kind"] == "medium"
        # The review still opens the record: no level of that file can be seated, so none
        # reads hidden cards; the computer seats are stand-ins that are never asked.
        assert load_record(export_record(game())).records == game()["actions"]
    finally:
        levels.default_profiles.cache_clear()
