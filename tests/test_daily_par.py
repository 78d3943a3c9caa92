"""The par of a deal: duplicate replays (the same cards, each replay's own choices), the same
par on every run and on any number of processes; worked out in another process for the title
screen; printed as JSON by ``python -m craits daily``. Quick levels stand in for the expert
and the deal's opponents (the method is the same; benchmarks/daily_par.py times the real one)."""

from __future__ import annotations

import json
import time

from craits.cli import daily as cli
from craits.daily import deal
from craits.daily_par import Par, ParJob, compute_par, replay_score
from craits.work import Workbench

QUICK = ("easy", "medium", "easy")


def test_the_par_is_the_same_twice_and_on_two_processes():
    first = compute_par(5, replays=4, level="medium", opponents=QUICK)
    second = compute_par(5, replays=4, level="medium", opponents=QUICK)
    assert first == second
    assert compute_par(5, replays=4, workers=2, level="medium", opponents=QUICK) == first
    assert len(set(first.scores)) > 1  # the replays differ: the players' own randomness


def test_every_replay_deals_the_same_cards(monkeypatch):
    """The deal's seed alone deals: each replay starts from deal 5's cards."""
    import craits.daily_par as par_module

    dealt = []
    real = par_module._ReplaySession.__init__

    def noting(self, seats, rules, seed, **kwargs):
        real(self, seats, rules, seed, **kwargs)
        dealt.append((seed, [str(c) for hand in self.match.state.hands for c in hand]))

    monkeypatch.setattr(par_module._ReplaySession, "__init__", noting)
    replay_score(5, 0, "easy", QUICK)
    replay_score(5, 1, "easy", QUICK)
    assert dealt[0] == dealt[1] and dealt[0][0] == deal(5).seed


def test_mean_and_standard_error():
    par = Par(1, (10, 20, 30, 40))
    assert par.mean == 25
    assert abs(par.stderr - 6.454972) < 1e-6
    assert Par(1, (7,)).stderr == 0.0
    assert par.to_json() == {"deal": 1, "level": "expert", "replays": 4, "par": 25.0,
                             "stderr": 6.45, "scores": [10, 20, 30, 40]}


def test_the_worker_finds_the_same_scores_in_another_process():
    bench = Workbench(1)
    job = ParJob(5, range(2), bench, level="easy", opponents=QUICK)
    found: list[tuple[int, int]] = []
    deadline = time.monotonic() + 120
    try:
        while job.pending and time.monotonic() < deadline:
            found += job.poll()
            time.sleep(0.05)
    finally:
        job.stop()
        bench.close()
    assert sorted(found) == [(r, replay_score(5, r, "easy", QUICK)) for r in range(2)]
    assert not job.failed


def test_the_command_prints_the_deal(capsys):
    assert cli.main(["--deal", "336"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["deal"] == 336 and out["date"] == "2026-12-02"
    assert out["seed"] == deal(336).seed and out["seats"] == list(deal(336).kinds)
    assert out["rules"]["game_length"] == "short"


def test_the_command_prints_the_par(capsys, monkeypatch):
    # The expert's replays take a minute each: the command's wiring is checked with quick ones.
    real = cli.compute_par
    monkeypatch.setattr(cli, "compute_par", lambda number, replays, workers, progress: real(
        number, replays, 1, "medium", QUICK, progress))
    assert cli.main(["--deal", "5", "--par", "--replays", "3", "--quiet"]) == 0
    out = json.loads(capsys.readouterr().out)
    par = compute_par(5, 3, level="medium", opponents=QUICK)
    assert out["replays"] == 3 and out["scores"] == list(par.scores)
    assert out["par"] == round(par.mean, 2) and out["stderr"] == round(par.stderr, 2)


def test_the_command_refuses_what_it_cannot_do(capsys):
    assert cli.main(["--deal", "0"]) == 2
    assert "there is no deal 0" in capsys.readouterr().err
    assert cli.main(["--deal", "3", "--par", "--replays", "0"]) == 2
    assert "--replays must be at least 1" in capsys.readouterr().err


def test_the_par_s_players_are_the_levels_without_a_time_cap():
    """A busy machine (the par's worker runs beside the player's game) cuts no search short:
    the par does not depend on the load. Everything else is the level's own play."""
    from craits.config.levels import default_profiles
    from craits.daily_par import NO_TIME_CAP, _bot

    for level in ("expert", "hard"):
        bot = _bot(level)
        profile = default_profiles()[level]
        assert bot.profile.search.time_cap == NO_TIME_CAP > profile.search.time_cap
        assert bot.profile.search.iterations == profile.search.iterations
        assert bot.level == level
