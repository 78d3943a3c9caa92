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
