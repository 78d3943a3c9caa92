"""The scenario command's answers are true: the offending action's index for any bad field of
an action, the real reason a draw is refused, no catch window the rules could not open, and a
start that names its turned-up card."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from craits.engine.actions import DRAW
from craits.engine.refusal import Why, refusal_in_view
from craits.engine.scenario import ScenarioError, parse_position, run_scenario
from craits.engine.view import seat_view

# Two good actions, so that a bad third one has an index a null could not pass for.
GOOD = [{"player": 0, "play": "9H"}, {"player": 1, "draw": True}]


def _doc(**changes: object) -> dict[str, object]:
    doc: dict[str, object] = {"dealer": 0, "turn": 0, "hands": [["9H", "KS", "QS"], ["QC", "JD"]],
                              "draw_pile": ["4C", "7C"], "discard": ["5H"]}
    doc.update(changes)
    return doc


@pytest.mark.parametrize("bad", [
    {"player": 0, "play": "ZZ"}, {"player": 0, "play": "1S"}, {"player": 0, "play": 7},
    {"player": 0, "play": None}, {"player": 0, "play": ["KS"]},
    {"player": 0, "play": "8S", "suit": "X"}, {"player": 0, "play": "8S", "suit": 3},
    {"player": 0, "play": "9S", "suit": ""}, {"player": 0, "suit": "Q"},
    {"player": 0, "suit": 1}, {"player": 0, "call": "1"}, {"player": 0, "call": 9},
    {"player": 0, "draw": 1}, {"player": 0, "announce": "yes"}, {"player": "0", "pass": True},
    {"player": 0}, "KS", {"player": 0, "play": "KS", "extra": 1},
])  # fmt: skip
def test_any_bad_field_of_an_action_names_that_action(bad: object) -> None:
    with pytest.raises(ScenarioError) as info:
        run_scenario(_doc(actions=[*GOOD, bad]))
    assert info.value.action == 2, str(info.value)


def test_the_command_prints_the_bad_actions_index() -> None:
    doc = json.dumps(_doc(actions=[*GOOD, {"player": 0, "play": "8S", "suit": "X"}]))
    proc = subprocess.run([sys.executable, "-m", "craits", "scenario", "-"], input=doc,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2
    assert json.loads(proc.stdout)["action"] == 2


def _empty_piles(draw_when_able: bool) -> dict[str, object]:
    return _doc(rules={"draw_when_able": draw_when_able}, draw_pile=[],
                actions=[{"player": 0, "draw": True}])


def test_a_draw_at_will_from_empty_piles_is_refused_for_want_of_cards() -> None:
    with pytest.raises(ScenarioError) as info:
        run_scenario(_empty_piles(True))
    assert "nothing to draw" in str(info.value) and "playable" not in str(info.value)
    assert info.value.action == 0
    state, _ = parse_position(_empty_piles(True))
    refused = refusal_in_view(seat_view(state, 0), DRAW)
    assert refused is not None and refused.why is Why.NOTHING_TO_DRAW


def test_without_draw_at_will_a_held_play_is_still_the_reason() -> None:
    with pytest.raises(ScenarioError, match="while you hold a playable card"):
        run_scenario(_empty_piles(False))


@pytest.mark.parametrize("hand", [["QC", "JD"], ["QC", "JD", "2D"], ["QC", "JD", "2D", "3D"]])
def test_a_catch_window_on_more_than_one_card_is_refused(hand: list[str]) -> None:
    doc = _doc(hands=[["9H", "KS"], hand], last_card_window=1,
               actions=[{"player": 0, "call": 1}])
    with pytest.raises(ScenarioError, match="one card") as info:
        run_scenario(doc)
    assert info.value.action is None


def test_a_catch_window_on_one_card_stands() -> None:
    doc = _doc(hands=[["9H", "KS"], ["QC"]], last_card_window=1,
               actions=[{"player": 0, "call": 1}])
    assert len(run_scenario(doc)["hands"][1]) == 3


def test_with_the_last_card_rule_off_no_window_and_no_call() -> None:
    doc = _doc(rules={"announce_last_card": False}, hands=[["9H", "KS"], ["QC"]],
               last_card_window=1, actions=[{"player": 0, "call": 1}])
    with pytest.raises(ScenarioError, match="announce_last_card is off"):
        run_scenario(doc)


def test_a_window_on_an_announced_card_is_refused() -> None:
    doc = _doc(hands=[["9H", "KS"], ["QC"]], last_card_window=1, announced=[False, True])
    with pytest.raises(ScenarioError, match="announced"):
        run_scenario(doc)


@pytest.mark.parametrize("starter", ["7H", "KD", "8C", "2S", "10D"])
def test_a_start_names_the_turned_up_card_first(starter: str) -> None:
    doc = {"hands": [["9H", "KS"], ["QC", "JD"]], "draw_pile": ["4C", "6C"],
           "discard": [starter], "start": True}
    events = run_scenario(doc)["events"]
    assert events[0] == {"type": "starter_turned", "card": starter}
    assert sum(e["type"] == "starter_turned" for e in events) == 1
