"""The review judges on the workbench's workers: the verdicts are the same for any number of
workers (each choice has its own seed), and workers that cannot start make the analysis fail
with the reason, never wait."""

from __future__ import annotations

from dataclasses import replace

import pytest
from test_review_replay import game

from craits.review.analysis import analyse_rounds, choices
from craits.review.replay import Replay
from craits.review.thinking import level_profile
from craits.work import Lane, Workbench, inline_job
from craits.work import bench as bench_module

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
    for workers in (0, 1):  # low workers beside the urgent one
        with Workbench(workers) as bench:
            assert analyse_rounds(replay, 0, rounds, QUICK, bench.job(Lane.REVIEW)) == alone


def test_two_seats_share_one_pool_and_keep_their_own_logs(replay):
    rounds = rounds_with_choices(replay, 1, 2)
    with Workbench(2) as bench:
        pool = bench.job(Lane.REVIEW)
        mine = analyse_rounds(replay, 0, rounds, QUICK, pool)
        theirs = analyse_rounds(replay, 1, rounds, QUICK, pool)
    assert mine == analyse_rounds(replay, 0, rounds, QUICK, inline_job())
    assert theirs == analyse_rounds(replay, 1, rounds, QUICK, inline_job())


def test_without_worker_processes_the_analysis_fails_with_the_reason(replay, monkeypatch):
    def refuse(*args, **kwargs):
        raise OSError("no processes here")

    monkeypatch.setattr(bench_module.multiprocessing, "get_context", refuse)
    rounds = rounds_with_choices(replay, 0, 1)
    with Workbench(2) as bench, pytest.raises(ValueError, match="no processes here"):
        analyse_rounds(replay, 0, rounds, QUICK, bench.job(Lane.REVIEW))


def test_a_choice_that_cannot_be_judged_says_so_and_the_others_go_on(replay):
    rounds = rounds_with_choices(replay, 0, 1)
    broken = replace(QUICK, play="oracle")  # refused: it would read hidden cards
    with pytest.raises(ValueError, match="hidden cards"):
        analyse_rounds(replay, 0, rounds, broken)
    with Workbench(1) as bench:
        pool = bench.job(Lane.REVIEW)
        with pytest.raises(ValueError, match="hidden cards"):
            analyse_rounds(replay, 0, rounds, broken, pool)
        assert analyse_rounds(replay, 0, rounds, QUICK, pool) == \
            analyse_rounds(replay, 0, rounds, QUICK)


def test_the_command_line_gives_the_same_review_for_any_number_of_workers(tmp_path, capsys):
    from craits.cli.review import main
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
