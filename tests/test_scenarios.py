"""Every rule and variant pinned down by a scenario file (tests/scenarios/NAME.json) and the
parts of the result it must produce (NAME.expect.json)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from craits.engine.scenario import ScenarioError, run_scenario

HERE = Path(__file__).parent / "scenarios"
NAMES = sorted(p.name[: -len(".json")] for p in HERE.glob("*.json") if ".expect" not in p.name)


def _contains_in_order(events: list[dict], wanted: list[dict]) -> bool:
    it = iter(events)
    return all(any(all(e.get(k) == v for k, v in w.items()) for e in it) for w in wanted)


def test_there_is_a_scenario_for_each_expectation():
    expects = {p.name[: -len(".expect.json")] for p in HERE.glob("*.expect.json")}
    assert expects == set(NAMES)
    assert len(NAMES) >= 60


@pytest.mark.parametrize("name", NAMES)
def test_scenario(name: str) -> None:
    doc = json.loads((HERE / f"{name}.json").read_text())
    expect = json.loads((HERE / f"{name}.expect.json").read_text())
    if "error_contains" in expect:
        with pytest.raises(ScenarioError) as info:
            run_scenario(doc)
        assert expect["error_contains"] in str(info.value)
        assert info.value.action == expect["action"]
        return
    result = run_scenario(doc)
    for key, value in expect.items():
        if key == "events_include":
            assert _contains_in_order(result["events"], value), result["events"]
        else:
            assert result[key] == value, f"{key}: {result[key]!r} != {value!r}"


def _cli(path: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "craits", "scenario", path],
        input=stdin, capture_output=True, text=True, timeout=60,
    )  # fmt: skip


def test_cli_prints_one_result_object():
    proc = _cli(str(HERE / "crank_2A2_draws_five.json"))
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["hands"][0][-5:] == ["4D", "9C", "5C", "6C", "7C"]
    assert proc.stdout.count("\n") == 1


def test_cli_reads_standard_input():
    doc = (HERE / "eight_wild.json").read_text()
    proc = _cli("-", doc)
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["suit"] == "D"


def test_cli_illegal_action_exits_2_with_index():
    proc = _cli(str(HERE / "crank_must_answer.json"))
    assert proc.returncode == 2
    out = json.loads(proc.stdout)
    assert out["action"] == 1 and "answer" in out["error"]


def test_cli_malformed_json_exits_2(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    proc = _cli(str(bad))
    assert proc.returncode == 2
    out = json.loads(proc.stdout)
    assert out["action"] is None and "line 1" in out["error"]


def test_example_from_the_format_document():
    doc = {
        "rules": {"seven_skips": False}, "dealer": 0,
        "hands": [["7H", "2S"], ["AS", "KD"], ["3C"]], "draw_pile": ["4D", "9C"],
        "discard": ["5S", "2H"], "turn": 1, "direction": 1, "crank": 2,
        "announced": [False, False, False], "lose_turn": [False, False, False],
        "last_card_window": None, "actions": [{"player": 1, "play": "AS"}],
    }  # fmt: skip
    assert run_scenario(doc) == {
        "hands": [["7H", "2S"], ["KD"], ["3C"]], "draw_pile_count": 2, "discard_count": 3,
        "top": "AS", "suit": "S", "turn": 2, "direction": 1, "crank": 3,
        "announced": [False, False, False], "lose_turn": [False, False, False],
        "last_card_window": 1, "round_over": False, "blocked": False, "winner": None,
        "round_scores": None, "legal": [{"draw": True}],
        "events": [{"type": "card_played", "player": 1, "card": "AS", "crank": 3}],
    }  # fmt: skip
