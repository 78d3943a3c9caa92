"""The headless simulator: whole matches between random legal players."""

from __future__ import annotations

import json
import subprocess
import sys


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "craits", "simulate", *args],
        capture_output=True, text=True, timeout=120,
    )  # fmt: skip


def test_json_report_has_the_documented_figures():
    proc = run("--players", "3", "--games", "4", "--seed", "2", "--length", "short", "--json")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    for key in ("games", "decisions", "seconds", "games_per_second", "decisions_per_second",
                "mean_rounds", "blocked_rounds"):  # fmt: skip
        assert key in out
    assert out["games"] == 4 and out["mean_rounds"] == 8
    assert out["decisions"] > 4 * 8 * 3
    assert abs(sum(out["win_share"]) - 1) < 1e-9


def test_same_seed_same_games():
    a = json.loads(run("--players", "4", "--games", "3", "--seed", "9", "--json").stdout)
    b = json.loads(run("--players", "4", "--games", "3", "--seed", "9", "--json").stdout)
    assert (a["decisions"], a["win_share"]) == (b["decisions"], b["win_share"])


def test_bad_arguments_are_refused_without_a_traceback():
    proc = run("--players", "7")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr
    proc = run("--games", "0")
    assert proc.returncode == 2 and "Traceback" not in proc.stderr


def test_match_mode_plays_levels_on_the_match_director():
    from craits.config.levels import make_bot
    from craits.director import play_match
    from craits.engine import Rules

    proc = run("--seats", "easy,random", "--games", "2", "--seed", "3", "--length", "short",
               "--json")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["seats"] == ["easy", "random"] and out["rounds"] == 16
    assert out["illegal_answers"] == 0
    # The same matches as the director plays them in this process: one loop, one result.
    records = [play_match([make_bot("easy"), make_bot("random")], 3 + g,
                          Rules(game_length="short")) for g in range(2)]
    means = [sum(r.totals[p] for r in records) / 2 for p in range(2)]
    assert out["mean_total"] == [round(m, 2) for m in means]


def test_match_mode_refuses_a_single_seat_or_an_unknown_level():
    assert run("--seats", "easy").returncode == 2
    bad = run("--seats", "easy,grandmaster")
    assert bad.returncode == 2 and "grandmaster" in bad.stderr
