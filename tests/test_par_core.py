"""The par of a reviewed game (``review.par``): the expert in the seat, the game's deals and
opponents, each round replayed with other randomness; the same par on every run and on any
number of processes; a mean with a standard error that shrinks with more replays. Quick levels
stand in for the expert (the method is the same; benchmarks/daily_par.py --game times the
real one)."""

from __future__ import annotations

import pytest
from test_review_replay import game

from craits.ai.search import RACE_FIRST, RACE_Z
from craits.engine import Rules
from craits.review.par import (
    PAR_RACE,
    PAR_SPREAD,
    PAR_SPREAD_WEIGHT,
    GamePar,
    RoundPar,
    RoundScore,
    best_par,
    game_par,
    par_blocker,
    par_version,
    round_at_deal,
    round_score,
    round_starts,
    units,
)
from craits.review.replay import Replay
from craits.review.thinking import REVIEW_RACE
from craits.work import Lane, Workbench, command_bench, run_all

QUICK = "easy"  # plays in the seat in place of the expert: a heuristic, so quick
KINDS = ("human", "easy", "medium")


def found_of(scores: dict[tuple[int, int], int]) -> dict[int, dict[int, int]]:
    out: dict[int, dict[int, int]] = {}
    for (index, replay), score in scores.items():
        out.setdefault(index, {})[replay] = score
    return out


def par_of(save: dict, replays: int, workers: int = 1, rounds=None) -> GamePar:
    rounds = list(range(len(save_rounds(save)))) if rounds is None else rounds
    with command_bench(workers) as bench:
        scores = run_all(bench.job(Lane.REVIEW), RoundScore(save, 0, QUICK),
                         units(rounds, replays))
    par = game_par(QUICK, found_of(scores), rounds, replays)
    assert par is not None
    return par


def save_rounds(save: dict) -> list[int]:
    return round_starts(save)


def test_the_par_is_the_same_twice_and_on_two_processes():
    save = game(3, KINDS)
    first = par_of(save, 3)
    assert par_of(save, 3) == first
    assert par_of(save, 3, workers=2) == first
    # The replays differ: the players' own randomness, drawn from the replay's number.
    assert any(len(set(r.scores)) > 1 for r in first.rounds)


def test_every_replay_plays_the_game_s_deal_with_the_par_level_in_the_seat():
    save = game(3, KINDS)
    replay = Replay(save)
    for index, played in enumerate(replay.rounds):
        dealt = played.steps[0].state
        for number in (0, 1):
            session = round_at_deal(save, 0, index, number, QUICK)
            state = session.match.state
            assert state.hands[0] == dealt.hands[0]  # the seat's own cards
            assert state.hands == dealt.hands and state.draw_pile == dealt.draw_pile
            assert state.discard == dealt.discard and state.dealer == dealt.dealer
            # The match so far is the game's: its totals at this deal.
            assert session.match.totals == replay.steps[played.first].totals
            assert session.seats[0].kind == QUICK and session.bots[0].level == QUICK
            assert [session.bots[i].level for i in (1, 2)] == list(KINDS[1:])
            assert session.replay_number == number


def test_a_round_replay_ends_the_round_and_gives_the_seat_s_score():
    save = game(3, KINDS)
    score = round_score(save, 0, 2, 0, QUICK)
    assert isinstance(score, int) and score >= 0
    assert round_score(save, 0, 2, 0, QUICK) == score  # the replay alone decides


def test_the_standard_error_is_positive_and_shrinks_with_more_replays():
    save = game(8, KINDS)
    few, many = par_of(save, 3), par_of(save, 12)
    assert few.stderr > 0 and many.stderr > 0
    assert many.stderr < few.stderr
    assert many.replays == 12 and len(many.rounds) == len(Replay(save).rounds)
    # The game's error is that of a sum of independent rounds, each with the pooled spread.
    assert many.stderr == pytest.approx(
        sum(many.round_stderr(r) ** 2 for r in many.rounds) ** 0.5)
    assert many.value == pytest.approx(sum(sum(r.scores) / 12 for r in many.rounds))


def test_figures_of_a_round_and_a_game():
    one = RoundPar(0, (10, 20, 30, 40), yours=12)
    # Its own variance (3 degrees of freedom) shrunk towards the known spread (4).
    own = ((3 * 166.666667 + PAR_SPREAD_WEIGHT * PAR_SPREAD ** 2) / (3 + PAR_SPREAD_WEIGHT)) ** 0.5
    assert one.value == 25 and one.stderr == pytest.approx(own / 2, abs=1e-5)
    assert one.to_json() == {"value": 25.0, "stderr": round(own / 2, 1), "replays": 4,
                             "yours": 12}
    two = RoundPar(1, (0, 0, 6, 6), yours=3)
    par = GamePar("expert", (one, two))
    assert par.value == 28 and par.yours == 15 and par.replays == 4
    pooled = (3 * 166.666667 + 3 * 12 + PAR_SPREAD_WEIGHT * PAR_SPREAD ** 2) / (
        6 + PAR_SPREAD_WEIGHT)
    assert par.spread == pytest.approx(pooled ** 0.5, abs=1e-5)
    assert par.round_stderr(two) == pytest.approx((pooled / 4) ** 0.5, abs=1e-5)
    assert par.stderr == pytest.approx((2 * pooled / 4) ** 0.5, abs=1e-5)
    assert par.to_json() == {"level": "expert", "value": 28.0,
                             "stderr": round((2 * pooled / 4) ** 0.5, 1), "replays": 4,
                             "rounds": 2, "yours": 15}


def test_equal_replays_give_an_honest_error_never_zero():
    # A round whose two replays agree: its error is the known spread's, not 0.
    same = RoundPar(0, (85, 85), yours=85)
    assert same.value == 85
    assert same.stderr == pytest.approx(
        (PAR_SPREAD_WEIGHT * PAR_SPREAD ** 2 / (1 + PAR_SPREAD_WEIGHT)) ** 0.5 / 2 ** 0.5)
    assert same.to_json()["stderr"] > 0
    # A game of such rounds: every round's error and the game's are positive.
    agreeing = GamePar("expert", tuple(RoundPar(k, (s, s)) for k, s in enumerate((0, 40, 85))))
    assert agreeing.value == 125
    assert all(agreeing.round_stderr(r) > 0 for r in agreeing.rounds)
    assert round(agreeing.stderr) > 0
    # Other rounds of the game that do vary lend their spread to those that did not.
    varied = GamePar("expert", (*agreeing.rounds, RoundPar(3, (0, 100))))
    assert varied.round_stderr(varied.rounds[0]) > agreeing.round_stderr(agreeing.rounds[0])
    assert varied.value == 175  # the value is the replays' mean, as ever
    # Whatever the replays, the game-over line never reads "0 ± 0".
    nothing = GamePar("expert", (RoundPar(0, (0, 0)),))
    assert round(nothing.value) == 0 and round(nothing.stderr) >= 1
    assert GamePar("expert", (RoundPar(0, (1, 2)),)).yours is None  # a round not finished


def test_a_par_needs_every_replay_it_counts():
    found = {0: {0: 5, 1: 7}, 1: {0: 2}}
    assert game_par("expert", found, [0, 1], 2) is None
    assert game_par("expert", found, [0], 2) == GamePar("expert", (RoundPar(0, (5, 7)),))
    assert game_par("expert", found, [0, 1], 0) is None
    assert game_par("expert", found, [], 1) is None


def test_units_come_replay_by_replay_and_skip_what_is_found():
    assert units([0, 1, 2], 2) == [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)]
    assert units([0, 1], 2, {0: {0: 3}, 1: {1: 4}}) == [(1, 0), (0, 1)]


def test_no_par_with_a_person_or_an_unknown_level_in_another_seat():
    assert par_blocker(("human", "easy", "medium"), 0) is None
    assert par_blocker(("hard", "human", "medium"), 0) == "human"
    assert par_blocker(("human", "human"), 1) == "human"
    assert par_blocker(("human", "nobody-knows"), 0) == "unknown"
    save = game(3, KINDS)
    two_people = {**save, "seats": [{"kind": "human", "name": "A"},
                                    {"kind": "human", "name": "B"}, save["seats"][2]]}
    with pytest.raises(ValueError, match="computer level"):
        round_at_deal(two_people, 0, 0, 0, QUICK)
    with pytest.raises(ValueError, match="rounds 1 to"):
        round_at_deal(save, 0, 99, 0, QUICK)


def test_the_par_s_name_changes_with_the_seat_and_the_levels():
    base = par_version(KINDS, 0)
    assert par_version(KINDS, 0) == base
    bots = ("easy", "easy", "medium")
    assert par_version(bots, 1) != par_version(bots, 0)
    with pytest.raises(ValueError):
        par_version(KINDS, 1)  # a person at seat 0: no par for seat 1
    assert par_version(("human", "easy", "hard"), 0) != base
    assert par_version(KINDS, 0, "hard") != base
    # The seat's own kind is replaced by the par level: it does not name another par.
    assert par_version(("medium", "easy", "medium"), 0) == base


def test_the_background_work_finds_the_same_scores_in_other_processes():
    save = game(3, KINDS)
    todo = units([0, 1], 2)
    with Workbench(2) as bench:
        job = bench.job(Lane.BACKGROUND)
        found = run_all(job, RoundScore(save, 0, QUICK), todo)
    assert found == {unit: RoundScore(save, 0, QUICK)(unit) for unit in todo}
    assert not job.pending and not job.failed


def test_a_unit_that_fails_is_told_not_hidden():
    save = game(3, KINDS)
    with Workbench(1) as bench, pytest.raises(RuntimeError, match="rounds 1 to"):
        run_all(bench.job(Lane.BACKGROUND), RoundScore(save, 0, QUICK), [(99, 0)])


def test_the_best_par_so_far_takes_the_replays_every_round_has():
    found = {0: {0: 5, 1: 7, 2: 9, 4: 1}, 1: {0: 2, 1: 4, 2: 6}}
    assert best_par("expert", found, [0, 1], 4) == game_par("expert", found, [0, 1], 3)
    assert best_par("expert", found, [0, 1], 2) == game_par("expert", found, [0, 1], 2)
    assert best_par("expert", {0: {0: 5}, 1: {0: 2, 1: 3}}, [0, 1], 4) is None  # no error
    assert best_par("expert", {0: {1: 5, 2: 3}}, [0], 4) is None  # replay 0 missing


def test_the_par_s_player_decides_with_the_review_s_race_and_the_others_with_the_table_s(
        monkeypatch):
    # The par measures the seat against the review's expert: the player whose choices the
    # review shows beside the seat's own. The opponents play as they did at the table.
    from craits.seat import Seat
    from craits.session import Session

    # The bots are chosen at the deal: an unplayed game's first deal shows it (no expert match).
    seats = [Seat(kind, kind) for kind in ("human", "expert", "hard")]
    save = Session(seats, Rules(game_length="short"), 3).to_save()
    session = round_at_deal(save, 0, 0, 0)
    races = [bot.race for _, bot in sorted(session.bots.items())]  # type: ignore[attr-defined]
    assert races == [REVIEW_RACE, (RACE_FIRST, RACE_Z), (RACE_FIRST, RACE_Z)]
    assert PAR_RACE == REVIEW_RACE != (RACE_FIRST, RACE_Z)
    # A par kept with another race is another par's.
    kinds = ("human", "expert", "hard")
    version = par_version(kinds, 0)
    monkeypatch.setattr("craits.review.par.PAR_RACE", (RACE_FIRST, RACE_Z))
    assert par_version(kinds, 0) != version


def test_the_par_of_a_fixed_game_is_pinned():
    # Figures found before the par's replays were timed and tuned: a change meant to make the
    # par cheaper must leave what it measures (the same deals, players and randomness) alone.
    # (The expert's two rounds below are its own with the table's race too.)
    save = game(3, KINDS)
    quick = par_of(save, 2)
    assert [r.scores for r in quick.rounds] == [
        (0, 50), (0, 36), (140, 42), (11, 1), (41, 20), (0, -50), (0, 30), (85, 85)]
    # The expert itself (searching, no time cap) in two of the short game's rounds.
    assert [round_score(save, 0, k, 0) for k in (1, 3)] == [0, 0]


def test_the_par_s_players_are_the_levels_without_a_time_cap():
    """A busy machine (the par's work runs beside the player's game) cuts no search short:
    the par does not depend on the load. Everything else is the level's own play."""
    from craits.config.levels import default_profiles
    from craits.review.par import NO_TIME_CAP, par_bot

    for level in ("expert", "hard"):
        bot = par_bot(level)
        profile = default_profiles()[level]
        assert bot.profile.search.time_cap == NO_TIME_CAP > profile.search.time_cap
        assert bot.profile.search.iterations == profile.search.iterations
        assert bot.level == level
