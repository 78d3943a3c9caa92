"""Luck against choices (``review.luck``): a round's result is what was expected at the deal,
plus luck (the chance events' jumps), plus the cost of the seat's own choices, plus what the
others' choices did, exactly; the game is the sum of its rounds; at tables of equal players
luck averages about 0; the review's JSON carries the figures per round and for the game."""

from __future__ import annotations

import json
import random
import statistics
from collections import defaultdict
from dataclasses import replace

import pytest
from test_review_hint import position
from test_review_replay import game

from craits.ai.choices import relative_score
from craits.cli.review import main
from craits.engine import Play
from craits.engine.notation import read_card
from craits.review.analysis import ChoiceScan, RoundReview, analyse_rounds, judge, review_level
from craits.review.cache import ReviewCache, game_key
from craits.review.chance import _drawn, value_chance
from craits.review.judging import Worlds, as_level
from craits.review.luck import Split, game_split, round_split
from craits.review.replay import Replay
from craits.review.thinking import level_profile, read_as

EXPERT = level_profile("expert")

# A cut expert; its guesses unweighed by the plays (a weighed pool at every decision would
# be most of a cut search's time).
QUICK = replace(EXPERT, search=replace(EXPERT.search, iterations=30, choices=0.0))


def scanned(replay: Replay, seat: int, round_index: int) -> ChoiceScan:
    """The seat's chances and choices in the round, all found."""
    scan = ChoiceScan(replay, seat, round_index)
    while not scan.done:
        scan.run(256)
    return scan


@pytest.fixture(scope="module", params=[3, 8])
def reviewed(request) -> tuple[Replay, list[RoundReview]]:
    """Every round of a seeded game, judged (quickly) for seat 0."""
    replay = Replay(game(request.param, ("human", "easy", "medium")))
    return replay, analyse_rounds(replay, 0, range(len(replay.rounds)), QUICK)


def test_result_is_expected_plus_luck_plus_choices_plus_others_on_every_round(reviewed):
    replay, reviews = reviewed
    splits = []
    for review in reviews:
        scores = replay.rounds[review.round].scores
        assert scores is not None
        split = round_split(review, scores)
        splits.append(split)
        # The points actually scored, in the seat's favour: good is positive.
        assert split.result == -relative_score(scores, 0)
        # Expected: the estimate before the seat saw its hand; luck: the chances' jumps.
        assert review.jumps and review.jumps[0].number == replay.rounds[review.round].first + 1
        assert split.expected == -review.jumps[0].before
        assert split.luck == pytest.approx(sum(j.before - j.after for j in review.jumps))
        assert split.cost == pytest.approx(-sum(v.cost for v in review.verdicts), abs=1e-12)
        assert split.cost <= 0
        # Exactly up to the float's last digit; printed, exactly (below).
        assert split.expected + split.luck + split.cost + split.others == \
            pytest.approx(split.result, rel=1e-12, abs=1e-12)
        for digits in (0, 1):  # printed: the rounded parts add up, to the last digit
            shown = split.shown(digits)
            assert round(shown.expected + shown.luck + shown.cost + shown.others,
                         digits) == shown.result
            assert abs(shown.luck - split.luck) <= 10 ** -digits
    total = game_split(splits)
    assert total.result == pytest.approx(-sum(relative_score(replay.rounds[r.round].scores, 0)
                                              for r in reviews))
    assert total.expected + total.luck + total.cost + total.others == \
        pytest.approx(total.result)
    shown = game_split(splits, 0)
    assert shown == game_split([s.shown(0) for s in splits])
    assert shown.expected + shown.luck + shown.cost + shown.others == shown.result


def test_every_draw_of_the_seat_is_a_chance_and_a_guess_given_it_draws_its_cards(reviewed):
    """The chance events are the deal and each step that gave the seat cards; a guess given
    the draw (``_drawn``) draws exactly those cards from the pile's top."""
    from craits.ai.determinize import Sampler
    from craits.ai.knowledge import infer
    from craits.engine.events import CardsDrawn

    replay, reviews = reviewed
    for review in reviews:
        scan = scanned(replay, 0, review.round)
        draws = [s.number for s in replay.rounds[review.round].steps
                 if any(isinstance(e, CardsDrawn) and e.player == 0 for e in s.events)
                 and not s.is_deal]
        numbers = [c.number for c in scan.chances[1:]]
        assert set(numbers) <= set(draws) and len(numbers) >= len(draws) - 2  # reshuffles
        assert [j.number for j in review.jumps] == [c.number for c in scan.chances]
        rng = random.Random(5)
        for chance in scan.chances[1:]:
            view = chance.view
            history = replay.seat_log(0)[:chance.end]
            found = _drawn(Sampler(view, infer(view, history)), chance, rng)
            assert found is not None
            before, after = found
            assert sorted(after[0][0]) == sorted(view.hand)  # the seat's own hand kept
            hidden = [sorted(pile + [c for h in hands[1:] for c in h]) for hands, pile in found]
            assert hidden[0] == hidden[1]  # the same unseen cards, dealt as a guess deals them
            assert after[1][chance.offset:chance.offset + len(chance.cards)] == \
                list(chance.cards)
            world = view.position(*after, 1)
            world.step(chance.action)
            assert set(chance.cards) <= set(world.hands[0])


def test_a_draw_is_valued_on_guesses_its_reading_allows():
    """A seat drew a card its guesses put in an opponent's hand: given the draw, that
    opponent's hand is guessed again as its reading allows, never made up with a card of a
    suit it cannot hold (the exchange valued draws against the drawer: about 0.4 points a
    card at hard tables, on guesses as right as they claim)."""
    from craits.ai.determinize import Sampler
    from craits.ai.knowledge import infer

    replay = Replay(game(8, ("human", "easy", "medium")))
    tried = 0
    for index in range(len(replay.rounds)):
        scan = scanned(replay, 0, index)
        history = replay.seat_log(0)
        for chance in scan.chances[1:]:
            know = infer(chance.view, history[:chance.end])
            lacking = [(p, know.excluded_for(p)) for p in (1, 2) if know.excluded_for(p)]
            if not lacking:
                continue
            sampler, rng = Sampler(chance.view, know), random.Random(chance.number)
            for _ in range(40):
                found = _drawn(sampler, chance, rng)
                assert found is not None
                for p, excluded in lacking:
                    for hands, _ in found:
                        assert not any(excluded >> card & 1 for card in hands[p])
                tried += 1
    assert tried >= 200


def test_luck_averages_about_zero_at_tables_of_equal_players():
    """Two seeded games of three equal players, every seat's chances valued: luck is what
    the cards did, so it averages near 0 whoever sits there (the old luck, the result less
    the choices' cost, averaged the players' cost: over +30 a round for easy)."""
    level = as_level(QUICK)
    lucks = []
    for seed in (21, 22):
        replay = Replay(game(seed, ("random", "random", "random")))
        for seat in range(3):
            for index in range(len(replay.rounds)):
                scan = scanned(replay, seat, index)
                history = replay.seat_log(seat)
                luck = sum(j.luck for j in (
                    value_chance(level, c, history[:c.end], random.Random(c.seed))
                    for c in scan.chances))
                lucks.append(luck)
    mean = sum(lucks) / len(lucks)
    spread = (sum((x - mean) ** 2 for x in lucks) / (len(lucks) - 1)) ** 0.5
    assert len(lucks) == 48 and spread > 10  # the cards do matter, round by round
    assert abs(mean) < 3 * spread / len(lucks) ** 0.5


def test_a_forced_line_is_all_luck(reviewed):
    replay, _ = reviewed
    for round_ in replay.rounds:
        assert round_.scores is not None
        split = round_split(RoundReview(round_.index, 0, ()), round_.scores)
        assert split.cost == 0 and split.luck == split.result == -relative_score(round_.scores, 0)


def test_choices_matching_the_expert_cost_nothing_and_the_rest_is_luck(reviewed):
    replay, reviews = reviewed
    agreed = [v for r in reviews for v in r.verdicts if not v.differs]
    assert agreed
    review = RoundReview(0, 0, tuple(agreed[:5]))
    split = round_split(review, replay.rounds[0].scores)
    assert split.cost == 0 and split.luck == split.result


def test_a_known_blunder_costs_points():
    """Spending a wild 8 with a King of the suit as the other card: the expert keeps the 8,
    sure to go out next turn (about 17 points, well beyond the estimate's noise)."""
    view = position([["8S", "KH"], ["QC", "QD", "QS", "10S"], ["JD", "JS", "10C"]], "5H")
    verdict = judge(review_level(), 0, view, [], Play(read_card("8S"), 2), random.Random(1))
    review = RoundReview(0, 0, (verdict,))
    split = round_split(review, (0, 20, 36))
    # Shown as a player reads it: the blunder cost points (negative), going out first and
    # 28 points better than the opponents' average is positive.
    assert -split.cost == verdict.cost > 2 * verdict.error > 0
    assert split.result == 28.0


def test_the_split_of_kept_verdicts_is_the_split_of_fresh_ones(reviewed, tmp_path):
    replay, reviews = reviewed
    cache = ReviewCache(tmp_path)
    level = review_level()
    key = game_key(replay.save)
    for review in reviews:
        cache.store(key, level, review)
    kept = cache.load(key, level)
    for review in reviews:
        scores = replay.rounds[review.round].scores
        assert round_split(kept[(0, review.round)], scores) == round_split(review, scores)


def test_rounding_leaves_the_identity_exact():
    split = Split(0.0, 1.0 / 3.0, -2.45, -2.45 + 1.0 / 3.0)
    assert split.shown(0) == Split(0.0, 0.0, -2.0, -2.0)
    assert split.as_dict(1) == {"expected": 0.0, "luck": 0.3, "cost": -2.5, "others": 0.1,
                                "result": -2.1}


def test_the_json_has_expected_luck_cost_others_and_result_per_round_and_for_the_game(tmp_path,
                                                                               capsys):
    save = tmp_path / "save.json"
    save.write_text(json.dumps({"format": "craits-save", "version": 1, "data": game()}))
    assert main([str(save), "--round", "1", "--round", "3", "--iterations", "20",
                 "--workers", "1"]) == 0
    out = json.loads(capsys.readouterr().out)
    replay = Replay(game())
    rounds = out["rounds"]
    assert [r["round"] for r in rounds] == [1, 3]
    for entry in rounds:
        for field in ("expected", "luck", "cost", "others", "result"):
            assert isinstance(entry[field], float)
        assert entry["result"] == round(-relative_score(
            replay.rounds[entry["round"] - 1].scores, 0), 1)
        # The verdicts' costs are printed rounded, the round's (in the seat's favour, so
        # negative) from the exact sum.
        assert abs(entry["cost"] + sum(v["cost"] for v in entry["verdicts"])) <= 0.05 * (
            len(entry["verdicts"]) + 1)
        assert round(entry["expected"] + entry["luck"] + entry["cost"] + entry["others"],
                     1) == entry["result"]
    whole = out["game"]
    assert whole["rounds"] == 2
    for field in ("expected", "luck", "cost", "others", "result"):
        assert whole[field] == round(sum(r[field] for r in rounds), 1)
    assert round(whole["expected"] + whole["luck"] + whole["cost"] + whole["others"],
                 1) == whole["result"]


def test_chances_are_valued_on_the_guesses_the_review_level_plays_with(reviewed):
    """The expert reads the hidden cards with its learned reader (``SearchBot.read``): its
    estimate of a chance guesses as it does, not by rules of thumb it does not play by."""
    from craits.ai.determinize import Sampler
    from craits.ai.search import SearchBot
    from craits.review.judging import Worlds

    assert EXPERT.search.reader == "learned"
    replay, reviews = reviewed
    scan = scanned(replay, 0, reviews[-1].round)
    for chance in scan.chances[1:6]:
        history = replay.seat_log(0)[:chance.end]
        worlds = Worlds(EXPERT, chance.view, history, catches=False)
        know = SearchBot(EXPERT.search).read(chance.view, history)
        assert worlds.sampler.deal(random.Random(3)) == \
            Sampler(chance.view, know).deal(random.Random(3))


def test_an_easy_seat_is_read_by_its_plays_alone_a_medium_one_by_the_learned_reader(reviewed):
    """The learned reader was fitted on the hands of medium and the searching levels: the
    review keeps it for those seats and reads an easy seat by what is certain and its own
    plays."""
    replay, reviews = reviewed
    scan = scanned(replay, 0, reviews[-1].round)
    chance = scan.chances[-1]
    assert chance.players == read_as(["human", "easy", "medium"])
    history = replay.seat_log(0)[:chance.end]
    reader_alone = replace(EXPERT, search=replace(EXPERT.search, choices=0.0))
    for players, read_easy in ((chance.players, False), ((), True)):
        worlds = Worlds(reader_alone, chance.view, history, catches=False, players=players)
        slots = worlds.sampler.slots
        assert any(w is not None for p, _, w in slots if p == 2)  # medium: learned
        assert any(w is not None for p, _, w in slots if p == 1) == read_easy


def test_a_hand_just_dealt_is_valued_on_guesses_that_read_nothing(reviewed):
    """At the deal nothing has been played, so every unseen card is as likely in any hand.
    The learned reader, fitted on hands later in rounds, would put fewer 8s and more 3s in
    a hand just dealt, and a searching seat's deals looked lucky by it. The deal's guesses
    read no one; a later chance reads the medium seat by the learned reader again."""
    from craits.engine.cards import RANK_OF

    replay, _ = reviewed
    scan = scanned(replay, 0, 0)  # eight cards a hand: enough to count ranks in
    deal, later = scan.chances[0], scan.chances[-1]
    assert deal.action is None and later.action is not None
    history = replay.seat_log(0)
    reader_alone = replace(EXPERT, search=replace(EXPERT.search, choices=0.0))
    shares = {}
    for name, players in (("deal", deal.players), ("read", later.players)):
        worlds = Worlds(reader_alone, deal.view, history[:deal.end], catches=False,
                        players=players)
        assert any(w is not None for p, _, w in worlds.sampler.slots if p == 2) == \
            (name == "read")
        held: defaultdict[int, int] = defaultdict(int)
        rng = random.Random(5)
        for _ in range(2000):
            hands, _pile = worlds.sampler.deal(rng)
            for hand in hands[1:]:
                for card in hand:
                    held[RANK_OF[card]] += 1
        unseen = defaultdict(int)
        for card in range(52):
            if card not in deal.view.hand and card not in deal.view.discard:
                unseen[RANK_OF[card]] += 1
        shares[name] = {rank: held[rank] / unseen[rank] for rank in unseen}
    for name, share in shares.items():
        spread = (max(share.values()) - min(share.values())) / statistics.fmean(share.values())
        assert (spread < 0.12) == (name == "deal"), (name, spread)


def test_a_searching_seat_s_hand_is_guessed_by_the_learned_reader_its_plays_unread():
    """Hard follows no rule of thumb: read by medium's, its guesses were too sure and a hard
    player's draws looked unlucky by about 3 points a round (benchmarks/figures.py). The
    review guesses its hand by the learned reader alone, weighing no play of its."""
    from craits.ai.determinize import Sampler
    from craits.ai.search import SearchBot

    replay = Replay(game(8, ("human", "hard")))
    scan = scanned(replay, 0, 2)
    chance = scan.chances[-1]
    assert chance.players == read_as(["human", "hard"])
    history = replay.seat_log(0)[:chance.end]
    assert any(type(e).__name__ == "CardPlayed" and e.player == 1 for e in history)
    worlds = Worlds(EXPERT, chance.view, history, catches=False, rng=random.Random(1),
                    players=chance.players)
    assert type(worlds.sampler) is Sampler  # no play weighed
    know = SearchBot(EXPERT.search).read(chance.view, history, [1])  # its own weights
    assert worlds.sampler.deal(random.Random(3)) == \
        Sampler(chance.view, know).deal(random.Random(3))
    sensibly = Worlds(EXPERT, chance.view, history, catches=False, rng=random.Random(1))
    assert type(sensibly.sampler) is not Sampler  # read as medium, its plays were weighed


@pytest.mark.slow
def test_the_review_guesses_the_pile_as_the_easy_players_left_it():
    """A draw's luck averages 0 only where the guesses before it give the drawn card the
    chance it really has. Easy players shed 3s a sensible player keeps, so the pile holds
    more of them than a reading of sensible players guesses. At each of the seats' own
    draws in 6 seeded games of three easy players (132 rounds), the 8s and 3s the guesses
    put in the pile against the pile's own: read as sensible (by the learned reader, fitted
    on sensible hands, and medium's rules of thumb), too few 3s by 3.9 standard errors;
    read as easy (``thinking.read_as``), within 2.1 for both."""
    from craits.engine.cards import RANK_OF

    # The expert's guesses from a smaller weighed pool (100 in play): the test's time.
    pool_of_40 = replace(EXPERT, search=replace(EXPERT.search, worlds=40))
    gaps: dict[tuple[str, int], list[float]] = defaultdict(list)  # a round's mean gap
    for seed in range(6):
        replay = Replay(game(100 + seed, ("easy", "easy", "easy")))
        for seat in range(3):
            for index in range(len(replay.rounds)):
                scan = scanned(replay, seat, index)
                log = replay.seat_log(seat)
                found: dict[tuple[str, int], list[float]] = defaultdict(list)
                for chance in scan.chances[1:]:
                    if chance.actor != seat:
                        continue  # another's play gave the cards: only the seat's own draws
                    assert chance.players == read_as(["easy"] * 3)
                    pile = replay.before(chance.number).draw_pile
                    for name, players in (("level", chance.players), ("sensible", ())):
                        worlds = Worlds(pool_of_40, chance.view, log[:chance.end],
                                        catches=False, rng=random.Random(chance.seed),
                                        players=players)
                        rng = random.Random(chance.seed)
                        piles = [worlds.sampler.deal(rng)[1] for _ in range(20)]
                        for rank in (8, 3):
                            guessed = sum(RANK_OF[c] == rank for p in piles for c in p) / 20
                            found[name, rank].append(
                                guessed - sum(RANK_OF[c] == rank for c in pile))
                for key, values in found.items():
                    gaps[key].append(sum(values) / len(values))

    def z(name: str, rank: int) -> float:
        """The mean gap over its standard error, rounds as the samples."""
        values = gaps[name, rank]
        n = len(values)
        mean = sum(values) / n
        return mean / (sum((v - mean) ** 2 for v in values) / (n - 1) / n) ** 0.5

    assert len(gaps["level", 3]) > 100
    assert z("sensible", 3) < -3  # medium's reading misses the 3s: draws look lucky
    assert abs(z("level", 3)) < 3 and abs(z("level", 8)) < 3
