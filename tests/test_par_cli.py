"""``python -m craits review FILE --par N``: the par in the JSON, for the rounds reviewed together
and for each round, the same on two runs and on two processes; none with a person in another
seat (and why); bad values refused in the player's words. A quick level stands in for the
expert (``--par-level``)."""

from __future__ import annotations

import json

import pytest
from test_review_replay import game

from craits.cli.review import main
from craits.review.par import RoundScore, pooled_spread
from craits.review.replay import Replay

KINDS = ("human", "easy", "medium")
QUICK = ["--iterations", "10", "--par-level", "easy"]


def run(capsys, *argv: str) -> tuple[int, dict]:
    status = main(list(argv))
    return status, json.loads(capsys.readouterr().out)


@pytest.fixture
def record(tmp_path):
    path = tmp_path / "save.json"
    path.write_text(json.dumps({"format": "craits-save", "version": 1, "data": game(3, KINDS)}))
    return path


def test_the_par_is_in_the_json_for_the_game_and_each_round(record, capsys):
    status, out = run(capsys, str(record), "--round", "1", "--round", "3", "--par", "3",
                      "--workers", "1", *QUICK)
    assert status == 0
    save = game(3, KINDS)
    replay = Replay(save)
    work = RoundScore(save, 0, "easy")
    means, replays = [], []
    for entry in out["rounds"]:
        index = entry["round"] - 1
        scores = [work((index, r)) for r in range(3)]
        means.append(sum(scores) / 3)
        replays.append(scores)
    # Each round's error from one replay's spread pooled over the rounds asked for.
    stderr = pooled_spread(replays) / 3 ** 0.5
    for entry, mean in zip(out["rounds"], means, strict=True):
        index = entry["round"] - 1
        assert entry["par"] == {"value": round(mean, 1), "stderr": round(stderr, 1),
                                "replays": 3, "yours": replay.rounds[index].scores[0]}
    par = out["par"]
    assert par["level"] == "easy" and par["replays"] == 3 and par["rounds"] == 2
    assert par["value"] == round(sum(means), 1)
    assert par["stderr"] == round((2 * stderr ** 2) ** 0.5, 1) and par["stderr"] > 0
    assert par["yours"] == sum(replay.rounds[r].scores[0] for r in (0, 2))
    assert "par_unavailable" not in out


def test_the_same_par_on_two_runs_and_two_processes(record, capsys):
    args = [str(record), "--round", "2", "--par", "2", *QUICK]
    first = run(capsys, *args, "--workers", "1")[1]
    assert run(capsys, *args, "--workers", "1")[1]["par"] == first["par"]
    assert run(capsys, *args, "--workers", "2")[1]["par"] == first["par"]


def test_without_par_the_fields_are_null(record, capsys):
    status, out = run(capsys, str(record), "--round", "1", "--iterations", "10",
                      "--workers", "1")
    assert status == 0 and out["par"] is None and out["rounds"][0]["par"] is None


def test_no_par_with_a_person_in_another_seat(tmp_path, capsys):
    path = tmp_path / "save.json"
    both = game(3, ("human", "human", "medium"))
    path.write_text(json.dumps({"format": "craits-save", "version": 1, "data": both}))
    status, out = run(capsys, str(path), "--round", "1", "--par", "2", "--workers", "1",
                      *QUICK)
    assert status == 0 and out["par"] is None and out["rounds"][0]["par"] is None
    assert out["par_unavailable"] == ("another seat is played by a person: their choices "
                                      "cannot be replayed")


@pytest.mark.parametrize(("args", "message"), [
    (["--par", "-1"], "--par must be from 0 to 1000"),
    (["--par", "1001"], "--par must be from 0 to 1000"),
    (["--par", "2", "--par-level", "grandmaster"], "--par-level: no level 'grandmaster'"),
])
def test_bad_par_values_are_refused(record, capsys, args, message):
    status, out = run(capsys, str(record), "--round", "1", *args)
    assert status == 2 and out["error"].startswith(message)
