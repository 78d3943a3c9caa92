"""Guesses weighed by the opponents' recorded plays: what each play says about the hand that
made it, which plays are read, and that weighing places more of medium's hidden cards right."""

from __future__ import annotations

import math
import random

from craits.ai.determinize import Sampler, unseen_cards
from craits.ai.knowledge import infer, playable_mask
from craits.ai.plausible import (
    SENSIBLY,
    PlayModel,
    Reading,
    RecordedPlay,
    WeighedWorlds,
    log_chance,
    read_by,
    recorded_plays,
)
from craits.config.levels import default_profiles, make_bot
from craits.engine import Rules, apply, new_round, redact, seat_view
from craits.engine import events as ev
from craits.engine.cards import CLUBS, HEARTS, SPADES, make_card
from craits.review.thinking import level_profile, read_as

NO_ATTACK = (0.0,) * 14
MEDIUM = read_by((), 2, 2.0)  # both players read as sensible
SHARP, SOFT = PlayModel(temperature=2.0), PlayModel(temperature=20.0)


def mask(*cards: int) -> int:
    out = 0
    for c in cards:
        out |= 1 << c
    return out


def play_on(top: int, card: int, suit: int | None = None) -> RecordedPlay:
    named = suit if suit is not None else card // 13
    return RecordedPlay(at=5, player=1, card=card, suit=named,
                        playable=playable_mask(top // 13, top), danger=False, attack=NO_ATTACK)


def test_a_light_card_played_is_unlikely_from_a_hand_that_held_a_heavier_one() -> None:
    top = make_card(5, SPADES)
    ace = make_card(1, SPADES)  # 1 point: a king (10) sheds more
    play = play_on(top, ace)
    with_king = mask(ace, make_card(13, SPADES), make_card(2, HEARTS))
    without = mask(ace, make_card(12, HEARTS), make_card(2, HEARTS))
    assert log_chance(play, without, SHARP) == 0.0  # the only card that fitted
    assert log_chance(play, with_king, SHARP) < -2.0


def test_an_eight_is_likelier_to_name_the_suit_the_hand_holds() -> None:
    top = make_card(5, SPADES)
    eight = make_card(8, CLUBS)
    play = play_on(top, eight, HEARTS)
    hearts = mask(eight, make_card(1, HEARTS), make_card(4, HEARTS), make_card(6, HEARTS))
    clubs = mask(eight, make_card(1, CLUBS), make_card(4, CLUBS), make_card(6, CLUBS))
    assert log_chance(play, hearts, SHARP) > log_chance(play, clubs, SHARP) + 5.0
    # A higher temperature trusts the play less: the two hands come closer.
    gap_soft = log_chance(play, hearts, SOFT) - log_chance(play, clubs, SOFT)
    assert 0 < gap_soft < log_chance(play, hearts, SHARP) - log_chance(play, clubs, SHARP)


def _medium_round(seed: int, moves: int) -> tuple[object, list[ev.Event]]:
    """A heads-up round of medium against medium, ``moves`` actions in (or its end)."""
    bot = make_bot("medium")
    state, events = new_round(Rules(), 2, seed % 2, 7, seed)
    log = list(events)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over():
            break
        seat = state.turn
        action = bot.choose(seat_view(state, seat), [redact(e, seat) for e in log], rng)
        state, more = apply(state, action)
        log.extend(more)
    return state, log


def test_the_plays_read_are_the_other_players_own_choices() -> None:
    state, log = _medium_round(3, 14)
    plays = recorded_plays([redact(e, 0) for e in log], 0, 2, MEDIUM)
    played = [(i, e) for i, e in enumerate(log) if type(e) is ev.CardPlayed]
    assert plays and all(p.player == 1 for p in plays)
    by_index = dict(played)
    for p in plays:
        event = by_index[p.at]
        assert (event.player, event.card) == (p.player, p.card)
        assert p.playable >> p.card & 1  # it fitted what was in force
    # No play of this seat's own, nor an answer to a crank, is read.
    assert {p.at for p in plays} <= {i for i, e in played if e.player == 1}


def test_weighing_by_the_plays_places_more_of_medium_s_hidden_cards_right() -> None:
    right = {"plain": 0.0, "weighed": 0.0}
    positions = 0
    for seed in range(1, 13):
        state, log = _medium_round(seed, 9)
        if state.is_over() or state.turn != 0:
            continue
        view = seat_view(state, 0)
        history = [redact(e, 0) for e in log]
        know = infer(view, history, 0.0)
        sampler = Sampler(view, know)
        plays = recorded_plays(history, 0, 2, MEDIUM)
        worlds = WeighedWorlds(sampler, know, plays, 100, MEDIUM, random.Random(seed))
        truth = set(state.hands[1])
        positions += 1
        for name, source in (("plain", sampler), ("weighed", worlds)):
            rng = random.Random(seed)
            for _ in range(40):
                hands, pile = source.deal(rng)
                assert sorted(hands[1] + pile) == unseen_cards(view)
                right[name] += len(truth & set(hands[1])) / len(truth) / 40
    assert positions >= 5
    assert right["weighed"] > right["plain"] * 1.05


def test_the_same_seed_draws_the_same_weighed_worlds() -> None:
    state, log = _medium_round(5, 9)
    seat = state.turn
    view = seat_view(state, seat)
    history = [redact(e, seat) for e in log]
    know = infer(view, history, 0.0)
    plays = recorded_plays(history, seat, 2, MEDIUM)

    def worlds(seed: int) -> list[object]:
        rng = random.Random(seed)
        pool = WeighedWorlds(Sampler(view, know), know, plays, 50, MEDIUM, rng)
        return [pool.deal(rng) for _ in range(5)]

    assert worlds(1) == worlds(1)


def test_a_random_player_s_plays_say_nothing_about_its_hand() -> None:
    top = make_card(5, SPADES)
    play = play_on(top, make_card(1, SPADES))
    anyhow = PlayModel(plan=0.0)
    for held in (mask(make_card(1, SPADES), make_card(13, SPADES)),
                 mask(make_card(1, SPADES), make_card(12, HEARTS))):
        assert log_chance(play, held, anyhow) == 0.0


def test_an_easy_player_is_read_by_its_own_weights_which_spend_an_eight_readily() -> None:
    """Easy sheds an 8 a sensible player keeps, and plays at random 40 % of the time: read
    as sensible, its 8 played beside a king that fitted all but rules the king out; read as
    easy, it is a likely play."""
    easy = level_profile("easy").heuristic
    read = read_by([SENSIBLY, Reading(easy, learned=False)], 2, 2.0)
    assert read[0] == SHARP and read[1].weights == easy
    assert read[1].plan == easy.plan and read[1].temperature > 2.0  # no sharper than its noise
    top = make_card(5, SPADES)
    eight = make_card(8, CLUBS)
    play = play_on(top, eight, CLUBS)
    held = mask(eight, make_card(13, SPADES), make_card(4, CLUBS), make_card(2, HEARTS))
    options = 4 + 1  # the 8 naming any suit, or the king
    as_sensible, as_easy = log_chance(play, held, read[0]), log_chance(play, held, read[1])
    assert as_sensible < -5.0
    assert as_easy >= math.log((1 - easy.plan) / options)  # at least its chance at random
    assert as_easy > as_sensible + 4.0


def test_the_review_reads_each_seat_as_its_level_plays() -> None:
    easy = default_profiles()["easy"].heuristic
    read = read_as(["human", "easy", "random", "medium", "hard", "no such level"])
    assert read[0] == SENSIBLY  # a person: as the searching levels read everyone
    assert read[1] == Reading(easy, learned=False)  # its own weights; not medium's hands
    assert read[2] == Reading(None, learned=False)  # random: what is certain alone
    assert read[3] == SENSIBLY  # medium is the sensible player
    assert read[4] == Reading(None, learned=True, searching=True)  # its own kind of hand
    assert read[5] == SENSIBLY
    models = read_by(read, 6, 2.0)
    assert models[2].plan == models[4].plan == 0.0  # their plays are not read
    assert models[0] == models[3] == models[5] == SHARP
