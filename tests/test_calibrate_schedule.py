"""The calibration's schedule: the same duplicate deals as a tournament, their seat rotations
played in step on both processes, stopped when the fit is sure enough or the budget spent."""

from __future__ import annotations

import dataclasses
import multiprocessing
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))

from calibrate_ratings import (  # noqa: E402
    Plan,
    deal_pairs,
    main,
    play_deal,
    play_units,
    rotations,
    seatings,
    shipped_deviations,
    targets_met,
)

from craits.cli.tournament import run  # noqa: E402
from craits.config.levels import load_profiles  # noqa: E402
from craits.engine import Rules  # noqa: E402

CHEAP = ["random", "easy", "medium"]  # no search: a match takes a fraction of a second
RULES = dataclasses.replace(Rules(), game_length="short")


def _plan(**changes: object) -> Plan:
    return dataclasses.replace(Plan(CHEAP, 3, RULES, load_profiles()), **changes)  # type: ignore[arg-type]


def _scores(results: list) -> list:
    return [(deal, rec.levels, rec.seed, rec.round_scores) for deal, rec in results]


def _tournament(deals: int) -> dict[tuple[int, int], list]:
    """Each (deal, rotation)'s round scores as ``craits tournament --duplicate`` plays them."""
    played = run(CHEAP, deals, 3, RULES, True, load_profiles())
    return {(deal, i % 3): rec.round_scores for i, (deal, rec) in enumerate(played)}


def test_a_deals_rotations_are_the_tournaments_matches_played_in_step() -> None:
    reports: list = []
    play_deal(_plan(), 1, reports.append)
    assert [index for _, _, index, _, _ in reports] == sorted(
        index for _, _, index, _, _ in reports)  # round r everywhere before round r + 1
    expected = _tournament(2)
    for rotation in range(3):
        assert [scores for _, r, _, scores, _ in reports if r == rotation] == \
            [tuple(s) for s in expected[(1, rotation)]]


def test_two_processes_play_the_deals_to_the_end() -> None:
    records, cut = play_units(_plan(workers=2, max_deals=2), lambda units, records: False)
    expected = _tournament(2)
    assert [(deal, rec.levels) for deal, rec in records] == \
        [(deal, tuple(seated)) for deal in (0, 1) for seated in rotations(CHEAP)]
    for i, (deal, rec) in enumerate(records):
        assert rec.round_scores == [tuple(s) for s in expected[(deal, i % 3)]]
    assert cut == 0 and not multiprocessing.active_children()


def test_a_table_size_plays_every_pairing_of_that_size_in_every_rotation() -> None:
    """Heads-up: each pair of levels, from both seats; a round counts once every table of
    the deal has played it, and its results are each table's own pairs."""
    assert seatings(CHEAP, 2) == [["random", "easy"], ["easy", "random"],
                                  ["random", "medium"], ["medium", "random"],
                                  ["easy", "medium"], ["medium", "easy"]]
    assert seatings(CHEAP, 3) == rotations(CHEAP)
    records, _ = play_units(_plan(workers=1, max_deals=1, seats=2), lambda units, r: units == 2)
    assert [rec.levels for _, rec in records] == [tuple(t) for t in seatings(CHEAP, 2)]
    assert all(len(rec.round_scores) == 2 and all(len(s) == 2 for s in rec.round_scores)
               for _, rec in records)
    pairs = deal_pairs(records, CHEAP)
    assert sum(games for cell in pairs.values() for _, games in cell.values()) == 2 * 6


def test_it_stops_after_the_round_that_makes_it_sure_enough() -> None:
    told: list[int] = []

    def unit_done(units: int, records: list) -> bool:
        told.append(units)
        assert sum(len(rec.round_scores) for _, rec in records) == 3 * units
        return units == 5

    records, _ = play_units(_plan(workers=2, max_deals=10), unit_done)
    assert told == [1, 2, 3, 4, 5]
    assert sum(len(rec.round_scores) for _, rec in records) == 3 * 5
    assert not multiprocessing.active_children()


def test_the_budget_cuts_the_rounds_still_being_played() -> None:
    now = [0.0]

    def unit_done(units: int, records: list) -> bool:
        now[0] = 61.0  # the first round took a minute: the budget is spent
        return False

    records, _ = play_units(_plan(workers=2, budget=60.0), unit_done, clock=lambda: now[0])
    assert sum(len(rec.round_scores) for _, rec in records) == 3
    assert not multiprocessing.active_children()


def test_the_targets_are_the_shipped_deviations_unless_given() -> None:
    profiles = load_profiles()
    shipped = shipped_deviations(profiles, ["random", "medium", "expert"])
    assert shipped == {level: profiles[level].rating[1]  # type: ignore[index]
                       for level in ("random", "medium", "expert")}
    assert targets_met({"random": 30.0, "expert": 38.4}, {"random": 34.0, "expert": 38.0})
    assert not targets_met({"random": 30.0, "expert": 39.0}, {"random": 34.0, "expert": 38.0})


def test_a_budget_or_count_that_cannot_work_is_refused(capsys) -> None:
    assert main(["--levels", "random,medium", "--budget", "0"]) == 2
    assert main(["--levels", "random,medium", "--min-rounds", "0"]) == 2
    assert "budget" in capsys.readouterr().err


def test_searching_levels_play_the_same_in_step(tmp_path: Path) -> None:
    """Rotations played in turns in one process: each search is the tournament's own."""
    extra = tmp_path / "ai.yaml"
    extra.write_text("levels:\n  tiny:\n    extends: expert\n    search: {iterations: 24, choices: 0}\n",
                     encoding="utf-8")
    profiles = load_profiles(extra)
    levels = ["tiny", "medium"]
    reports: list = []
    play_deal(Plan(levels, 7, RULES, profiles), 0, reports.append)
    played = run(levels, 1, 7, RULES, True, profiles)
    for rotation, (_, rec) in enumerate(played):
        assert [scores for _, r, _, scores, _ in reports if r == rotation] == \
            [tuple(s) for s in rec.round_scores]


def test_it_prints_the_lines_for_the_levels_file_once_sure_enough(capsys) -> None:
    assert main(["--levels", "random,easy,medium", "--min-rounds", "2", "--target", "1000",
                 "--resamples", "20", "--max-deals", "2"]) == 0
    out = capsys.readouterr()
    assert "2 rounds x 3 tables" in out.out and "every target met" in out.out
    assert "rating: {value: 1500, deviation: 30}" in out.out
    assert "2 rounds in every rotation" in out.err  # progress, with the time so far


def test_searches_cut_short_by_the_time_cap_are_told_and_fail_the_run(
        tmp_path: Path, monkeypatch, capsys) -> None:
    extra = tmp_path / "ai.yaml"
    extra.write_text("levels:\n  rushed:\n    extends: hard\n"
                     "    search: {iterations: 1000000, time_cap: 0.01}\n", encoding="utf-8")
    profiles = load_profiles(extra)
    monkeypatch.setattr("calibrate_ratings.load_profiles", lambda: profiles)
    assert main(["--levels", "rushed,medium", "--min-rounds", "1", "--target", "1000",
                 "--resamples", "20", "--max-deals", "1"]) == 1
    err = capsys.readouterr().err
    assert "the time cap cut" in err and "do not ship" in err


KILLED_CALIBRATION = """
    import multiprocessing, sys, time
    sys.path.insert(0, TOOLS)
    from calibrate_ratings import Plan
    from craits.config.levels import load_profiles
    from craits.engine import Rules
    import calibrate_ratings

    def first_round(units, results):
        print(" ".join(str(p.pid) for p in multiprocessing.active_children()), flush=True)
        time.sleep(600)  # killed here, its processes still playing their deals

    if __name__ == "__main__":
        plan = Plan(["random", "easy"], 5, Rules(), load_profiles(), workers=2, max_deals=1000)
        calibrate_ratings.play_units(plan, first_round)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="os.kill(pid, 0) asks after a process on POSIX only")
def test_a_killed_calibration_leaves_no_process_playing(tmp_path: Path) -> None:
    tools = Path(__file__).resolve().parent.parent / "tools"
    script = tmp_path / "calibration.py"
    script.write_text(textwrap.dedent(KILLED_CALIBRATION).replace("TOOLS", repr(str(tools))), "utf-8")
    parent = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True,
                              env={**os.environ, "PYTHONPATH": str(tools.parent)})
    pids: list[int] = []
    try:
        pids = [int(pid) for pid in parent.stdout.readline().split()]  # type: ignore[union-attr]
        assert len(pids) == 2
        parent.kill()  # no clean exit: nothing in the parent ends its processes
        parent.wait(10)
        deadline = time.monotonic() + 5
        while time.monotonic() < deadline and any(_alive(pid) for pid in pids):
            time.sleep(0.05)
        assert not any(_alive(pid) for pid in pids)
    finally:
        if parent.poll() is None:
            parent.kill()
        for pid in pids:  # a failure must not leave them playing
            if _alive(pid):
                os.kill(pid, 9)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    stat = Path(f"/proc/{pid}/stat")  # a zombie has ended: only its exit status is left
    return not (stat.exists() and ") Z " in stat.read_text())
