"""Statistics counters are bounded when read: a value out of range is damage, set aside with the
rest of the file's damage, and no value that passes can make the Statistics screen raise."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from app_driver import make_app, raise_errors

from craits import i18n
from craits.persistence import Statistics, StatisticsStore, envelope
from craits.persistence.statistics import MAX_COUNT, MAX_SCORE, MAX_TOTAL
from craits.ui.menus.statistics import StatisticsScene

HUGE = int("9" * 300)  # a counter of hundreds of digits: a float cannot hold it

# Every stored figure, by its path in the file, with a value beyond it and one below it.
FIGURES = [
    (("games", "overall", "played"), HUGE, -1),
    (("games", "hard", "won"), MAX_COUNT + 1, -1),
    (("rounds", "medium", "played"), HUGE, -HUGE),
    (("games_without_hints", "easy", "played"), HUGE, -1),
    (("game_scores", "full", "total"), HUGE, -HUGE),
    (("game_scores", "short", "count"), HUGE, -1),
    (("game_scores", "full", "best"), HUGE, -HUGE),
    (("best_round_score",), MAX_SCORE + 1, -MAX_SCORE - 1),
    (("longest_crank",), HUGE, -1),
    (("idiots_caught_by_you",), HUGE, -1),
    (("idiots_caught_of_you",), MAX_COUNT + 1, -1),
    (("hints_used",), HUGE, -1),
]  # fmt: skip


def played() -> Statistics:
    stats = Statistics()
    for n in range(4):
        stats.record_round(["human", "medium"], [0, 20], winner=0, longest_crank=n)
        stats.record_round(["human", "hard"], [15, 0], winner=1)
    stats.record_game(["human", "medium"], [10, 90])
    stats.record_game(["human", "hard"], [40, 30], length="short", hints=1)
    return stats


def _write(home: Path, data: dict[str, object]) -> bytes:
    raw = json.dumps(envelope("craits-stats", 1, data)).encode()
    (home / "stats.json").write_bytes(raw)
    return raw


def _with(path: tuple[str, ...], value: int) -> dict[str, object]:
    data = played().to_dict()
    where: dict = data
    for key in path[:-1]:
        where = where[key]
    where[path[-1]] = value
    return data


@pytest.mark.parametrize(("path", "high", "low"), FIGURES, ids=[".".join(f[0]) for f in FIGURES])
def test_a_figure_out_of_range_is_damage_kept_aside(tmp_path: Path, path, high, low) -> None:
    good = played()
    for value in (high, low):
        raw = _write(tmp_path, _with(path, value))
        stats, problem = StatisticsStore(tmp_path).load()
        assert problem is not None and ".".join(path) in problem.detail
        assert problem.kept_as == "stats.bad.json"
        assert (tmp_path / "stats.bad.json").read_bytes() == raw
        assert len(problem.detail) < 400  # the value is not echoed in full
        # That figure alone falls back; the others are kept.
        assert stats.longest_crank == (0 if path == ("longest_crank",) else good.longest_crank)
        if path[0] != "games":
            assert stats.games == good.games
        (tmp_path / "stats.bad.json").unlink()


def test_statistics_open_with_a_counter_of_hundreds_of_digits(tmp_path: Path, monkeypatch):
    data = _with(("game_scores", "full", "total"), HUGE)
    raw = _write(tmp_path, data)
    app = make_app(tmp_path, monkeypatch)
    raise_errors(app)
    try:
        assert (tmp_path / "stats.bad.json").read_bytes() == raw
        assert [str(n) for n in app.notices] == [
            i18n.t("notice.stats_fields_kept", path=str(tmp_path / "stats.bad.json"))]
        scene = StatisticsScene(app)
        app.scenes.push(scene)
        for _ in range(3):
            app.step(1 / 30)
        headers, rows = scene.score_rows()
        assert dict(rows)[i18n.t("stats.average_score")][0] == "0"  # the total fell back to 0
        assert dict(rows)[i18n.t("stats.best_score")][0] == "10"
    finally:
        app.shutdown()


def _extreme(sign: int) -> dict[str, object]:
    """Every figure at the edge of its range (``sign`` 1: the top, -1: the bottom)."""
    count = MAX_COUNT if sign > 0 else 0
    tally = {"played": count, "won": count}
    buckets = Statistics().to_dict()["games"]
    tallies = {name: dict(tally) for name in buckets}  # type: ignore[union-attr]
    score = {"best": sign * MAX_SCORE, "total": sign * MAX_TOTAL, "count": max(count, 1)}
    return {
        "games": tallies, "rounds": tallies, "games_without_hints": tallies,
        "game_scores": {"full": score, "short": dict(score, count=1)},
        "best_round_score": sign * MAX_SCORE, "longest_crank": count,
        "idiots_caught_by_you": count, "idiots_caught_of_you": count, "hints_used": count,
    }  # fmt: skip


@pytest.mark.parametrize("sign", [1, -1])
def test_no_figure_that_passes_makes_the_screen_raise(tmp_path: Path, monkeypatch, sign) -> None:
    _write(tmp_path, _extreme(sign))
    stats, problem = StatisticsStore(tmp_path).load()
    assert problem is None, problem and problem.detail
    app = make_app(tmp_path, monkeypatch, size=(960, 600))
    raise_errors(app)
    try:
        assert app.statistics == stats
        scene = StatisticsScene(app)
        app.scenes.push(scene)
        for _ in range(3):
            app.step(1 / 30)
        _, rows = scene.score_rows()
        average = dict(rows)[i18n.t("stats.average_score")]
        assert average[1] == str(sign * MAX_TOTAL)  # short: the total over one game
        assert all(text for _, cells in scene.table_rows() for text in cells)
    finally:
        app.shutdown()
