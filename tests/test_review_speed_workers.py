"""The review judges on helper processes, one a core: the verdicts are the same for any number of
workers (each choice has its own seed), and a helper that cannot be used is replaced by a
thread with the same verdicts."""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_review_replay import game

from craits.review import pool as pool_module
from craits.review.analysis import analyse_rounds, choices
from craits.review.pool import InlinePool, ProcessPool
from craits.review.replay import Replay
from craits.review.thinking import level_profile

EXPERT = level_profile("expert")
QUICK = replace(EXPERT, search=replace(EXPERT.search, iterations=40))


@pytest.fixture(scope="module")
def replay() -> Replay:
    return Replay(game(11, ("human", "medium", "easy")))


def rounds_with_choices(replay: Replay, seat: int, count: int) -> list[int]:
    return [r.index for r in replay.rounds if choices(replay, seat, r.index)][:count]


def test_the_verdicts_are_the_same_for_one_and_two_workers(replay):
    rounds = rounds_with_choices(replay, 0, 3)
    alone = analyse_rounds(replay, 0, rounds, QUICK)  # here and now, one choice at a time
    assert sum(r.choices for r in alone) >= 10
    for workers in (1, 2):
        pool = ProcessPool(workers)
        try:
            assert analyse_rounds(replay, 0, rounds, QUICK, pool) == alone
        finally:
            pool.stop()


def test_two_seats_share_one_pool_and_keep_their_own_logs(replay):
    rounds = rounds_with_choices(replay, 1, 2)
    pool = ProcessPool(2)
    try:
        mine = analyse_rounds(replay, 0, rounds, QUICK, pool)
        theirs = analyse_rounds(replay, 1, rounds, QUICK, pool)
    finally:
        pool.stop()
    assert mine == analyse_rounds(replay, 0, rounds, QUICK, InlinePool())
    assert theirs == analyse_rounds(replay, 1, rounds, QUICK, InlinePool())


def test_without_helper_processes_the_pool_judges_on_threads(replay, monkeypatch):
    def refuse(*args, **kwargs):
        raise OSError("no processes here")

    monkeypatch.setattr(pool_module.multiprocessing, "get_context", refuse)
    rounds = rounds_with_choices(replay, 0, 1)
    pool = ProcessPool(2)
    try:
        assert analyse_rounds(replay, 0, rounds, QUICK, pool) == \
            analyse_rounds(replay, 0, rounds, QUICK)
        assert pool._processes == []
    finally:
        pool.stop()


def test_a_choice_that_cannot_be_judged_says_so_and_the_others_go_on(replay):
    rounds = rounds_with_choices(replay, 0, 1)
    broken = replace(QUICK, play="oracle")  # refused: it would read hidden cards
    with pytest.raises(ValueError, match="hidden cards"):
        analyse_rounds(replay, 0, rounds, broken)
    pool = ProcessPool(1)
    try:
        with pytest.raises(ValueError, match="hidden cards"):
            analyse_rounds(replay, 0, rounds, broken, pool)
        assert analyse_rounds(replay, 0, rounds, QUICK, pool) == \
            analyse_rounds(replay, 0, rounds, QUICK)
    finally:
        pool.stop()


def test_the_command_line_gives_the_same_review_for_any_number_of_workers(tmp_path, capsys):
    from craits.review.cli import main
    from craits.review.record import export_record, write_record

    path = tmp_path / "game.json"
    write_record(path, export_record(game(11, ("human", "medium", "easy"))))
    outputs = []
    for workers in ("1", "2"):
        assert main([str(path), "--round", "2", "--iterations", "30", "--workers", workers]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1] and '"verdicts"' in outputs[0]
    for bad in ("0", "5"):
        assert main([str(path), "--workers", bad]) == 2
        assert "--workers must be from 1 to 4" in capsys.readouterr().out
