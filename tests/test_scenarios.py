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


def _cli_bytes(path: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "craits", "scenario", path], input=stdin,
                          capture_output=True, timeout=60)


def _refused(proc: subprocess.CompletedProcess) -> str:
    """The error of a refused scenario: exit 2, one JSON object, no traceback."""
    assert proc.returncode == 2, proc.stderr
    assert b"Traceback" not in proc.stderr
    lines = proc.stdout.decode().splitlines()
    assert len(lines) == 1
    out = json.loads(lines[0])
    assert set(out) == {"error", "action"} and len(out["error"]) <= 400
    return out["error"]


def _position_with(**changes) -> dict:
    doc = {"dealer": 0, "turn": 0, "direction": 1, "hands": [["9H", "KS"], ["QC", "JD"]],
           "draw_pile": ["4C"], "discard": ["5H"]}
    doc.update(changes)
    return doc


@pytest.mark.parametrize("case", ["not_utf8", "deep", "long_number", "many_cards", "huge",
                                  "deep_rules", "long_card_text"])
def test_any_input_gets_the_error_object(tmp_path, case: str) -> None:
    if case == "not_utf8":
        data = b'{"hands": [["\xff\xfe"]]}'
    elif case == "deep":
        data = b"[" * 5000 + b"]" * 5000
    elif case == "long_number":
        data = json.dumps(_position_with()).replace('"turn": 0', '"turn": ' + "9" * 5000).encode()
    elif case == "many_cards":
        data = json.dumps(_position_with(hands=[["AS"] * 300_000, ["KD"]])).encode()
    elif case == "huge":
        data = b" " * (3 << 20) + b"{}"
    elif case == "deep_rules":
        data = json.dumps(_position_with(rules={"idiot_penalty": [[[[[1]]]]]})).encode()
    else:
        data = json.dumps(_position_with(hands=[["AS" * 100_000], ["KD"]])).encode()
    path = tmp_path / "case.json"
    path.write_bytes(data)
    error = _refused(_cli_bytes(str(path)))
    assert "Traceback" not in error and "AS" * 40 not in error


@pytest.mark.skipif(sys.platform == "win32",
                    reason="/dev/zero and named pipes (mkfifo) are POSIX only")
def test_a_device_or_a_pipe_is_refused_without_blocking(tmp_path) -> None:
    import os

    assert "not a regular file" in _refused(_cli_bytes("/dev/zero"))
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert "not a regular file" in _refused(_cli_bytes(str(fifo)))
    assert "larger than" in _refused(_cli_bytes("-", b"[" + b" " * (2 << 20)))


def test_duplicates_are_named_by_card_code() -> None:
    with pytest.raises(ScenarioError, match="cards appear more than once: 9H, KD"):
        run_scenario(_position_with(hands=[["9H", "KD"], ["KD", "JD"]], draw_pile=["9H"]))


def test_errors_name_cards_by_code_never_by_number() -> None:
    with pytest.raises(ScenarioError) as info:
        run_scenario(_position_with(actions=[{"player": 0, "play": "KS"}]))
    assert "play KS" in str(info.value) and "Play(" not in str(info.value)
