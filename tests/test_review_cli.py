"""``python -m craits review``: a record or a save in, the verdicts out as JSON; errors as one
JSON object and status 2."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from test_review_replay import game

from craits.cli.review import main
from craits.review.record import export_record, load_record


def run(capsys, *argv: str) -> tuple[int, dict]:
    status = main(list(argv))
    return status, json.loads(capsys.readouterr().out)


def test_a_save_is_exported_as_a_record_and_reviewed(tmp_path, capsys):
    save = tmp_path / "save.json"
    save.write_text(json.dumps({"format": "craits-save", "version": 1, "data": game()}))
    record = tmp_path / "game.json"
    assert run(capsys, str(save), "--export", str(record)) == (0, {"exported": str(record)})
    assert load_record(json.loads(record.read_text())).records == game()["actions"]
    status, out = run(capsys, str(record), "--round", "2", "--iterations", "30")
    assert status == 0 and out["seat"] == 0 and out["level"] == "expert"
    (round_,) = out["rounds"]
    assert round_["round"] == 2 and round_["choices"] == len(round_["verdicts"])
    for verdict in round_["verdicts"]:
        assert game()["actions"][verdict["action"]] == {"player": 0, **verdict["played"]}


def test_errors_are_one_json_object_and_status_2(tmp_path, capsys):
    record = tmp_path / "game.json"
    record.write_text(json.dumps(export_record(game())))
    assert run(capsys, str(tmp_path / "none.json"))[0] == 2
    assert run(capsys, str(record), "--seat", "7") == (
        2, {"error": "no seat 7: the seats are 0 to 2"})
    assert run(capsys, str(record), "--round", "99")[0] == 2
    assert run(capsys, str(record), "--level", "oracle")[0] == 2
    record.write_text("{not json")
    status, out = run(capsys, str(record))
    assert status == 2 and "not valid JSON" in out["error"]


def test_it_runs_as_a_module(tmp_path):
    record = tmp_path / "game.json"
    record.write_text(json.dumps(export_record(game())))
    done = subprocess.run([sys.executable, "-m", "craits", "review", str(record), "--round", "1",
                           "--iterations", "20"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["rounds"][0]["round"] == 1


def test_the_verdicts_are_the_same_in_another_process(tmp_path, capsys):
    record = tmp_path / "game.json"
    record.write_text(json.dumps(export_record(game())))
    args = [str(record), "--round", "3", "--iterations", "40"]
    here = run(capsys, *args)[1]
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    done = subprocess.run([sys.executable, "-m", "craits", "review", *args], capture_output=True,
                          text=True, timeout=120, env=env)
    assert json.loads(done.stdout) == here
