"""The tournament command and the headless match driver."""

from __future__ import annotations

import json

import pytest

from craits.cli import tournament
from craits.config.levels import load_profiles, make_bot
from craits.director import play_match
from craits.engine import Rules


def _json(capsys, argv: list[str]) -> dict:
    assert tournament.main([*argv, "--json", "--quiet"]) == 0
    return json.loads(capsys.readouterr().out)


def test_json_summary_has_every_figure(capsys) -> None:
    out = _json(capsys, ["--seats", "medium,easy,random", "--games", "3", "--seed", "4",
                         "--length", "short"])
    assert out["seats"] == ["medium", "easy", "random"]
    assert out["games"] == 3 and out["rounds"] == 24
    for key in ("mean_game_score", "mean_round_score", "round_score_stderr", "win_share",
                "think_ms"):
        assert set(out[key]) == {"medium", "easy", "random"}, key
    assert abs(sum(out["win_share"].values()) - 1) < 1e-9
    assert set(out["think_ms"]["medium"]) >= {"median", "p95", "max", "cut_short"}
    assert all(t["cut_short"] == 0 for t in out["think_ms"].values())
    assert {(d["a"], d["b"]) for d in out["differences"]} == {
        ("medium", "easy"), ("medium", "random"), ("easy", "random")}


def test_same_seed_same_results_and_duplicate_deals_repeat_the_cards(capsys) -> None:
    argv = ["--seats", "medium,random", "--games", "2", "--seed", "9", "--length", "short",
            "--duplicate"]
    first, second = _json(capsys, argv), _json(capsys, argv)
    for out in (first, second):
        out.pop("think_ms")
    assert first == second
    assert first["games"] == 4 and first["deals"] == 2
    profiles = load_profiles()
    results = tournament.run(["medium", "random"], 1, 9, Rules(game_length="short"), True,
                             profiles)
    assert [r.levels for _, r in results] == [("medium", "random"), ("random", "medium")]
    assert results[0][1].seed == results[1][1].seed  # the same deal from both seats


def test_a_match_replays_exactly() -> None:
    bots = [make_bot("medium"), make_bot("easy"), make_bot("random")]
    one = play_match(bots, seed=5, rules=Rules(game_length="short"))
    two = play_match(bots, seed=5, rules=Rules(game_length="short"))
    assert one.round_scores == two.round_scores and one.totals == two.totals
    assert len(one.round_scores) == 8
    assert sum(one.announced) + sum(one.caught) > 0  # last-card races happened


def test_bad_arguments_are_refused(capsys) -> None:
    assert tournament.main(["--seats", "hard"]) == 2
    assert "2 to 5" in capsys.readouterr().err
    assert tournament.main(["--seats", "hard,medum"]) == 2
    assert "did you mean 'medium'" in capsys.readouterr().err


@pytest.mark.slow
def test_hard_is_ahead_of_random(capsys) -> None:
    # One short match of eight rounds (a duplicate pair costs twice as much, proves no more).
    out = _json(capsys, ["--seats", "hard,random", "--games", "1", "--seed", "3",
                         "--length", "short"])
    assert out["mean_round_score"]["hard"] < out["mean_round_score"]["random"] - 20
    assert out["win_share"]["hard"] == 1.0


def test_playing_on_two_processes_changes_no_result() -> None:
    rules = Rules(game_length="short")
    profiles = load_profiles()
    alone = tournament.run(["medium", "easy", "random"], 2, 3, rules, True, profiles)
    shared = tournament.run(["medium", "easy", "random"], 2, 3, rules, True, profiles, workers=2)
    assert [(d, r.levels, r.round_scores, r.announced, r.caught) for d, r in alone] == [
        (d, r.levels, r.round_scores, r.announced, r.caught) for d, r in shared]
    assert len(alone) == 6
