"""Guesses weighed by the opponents' recorded plays: what each play says about the hand that
made it, which plays are read, and that weighing places more of medium's hidden cards right."""

from __future__ import annotations

import random

from craits.ai.determinize import Sampler, unseen_cards
from craits.ai.knowledge import infer, playable_mask
from craits.ai.plausible import RecordedPlay, WeighedWorlds, log_chance, recorded_plays
from craits.config.levels import make_bot
from craits.engine import Rules, apply, new_round, redact, seat_view
from craits.engine import events as ev
from craits.engine.cards import CLUBS, HEARTS, SPADES, make_card

NO_ATTACK = (0.0,) * 14


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
    assert log_chance(play, without, 2.0) == 0.0  # the only card that fitted
    assert log_chance(play, with_king, 2.0) < -2.0


def test_an_eight_is_likelier_to_name_the_suit_the_hand_holds() -> None:
    top = make_card(5, SPADES)
    eight = make_card(8, CLUBS)
    play = play_on(top, eight, HEARTS)
    hearts = mask(eight, make_card(1, HEARTS), make_card(4, HEARTS), make_card(6, HEARTS))
    clubs = mask(eight, make_card(1, CLUBS), make_card(4, CLUBS), make_card(6, CLUBS))
    assert log_chance(play, hearts, 2.0) > log_chance(play, clubs, 2.0) + 5.0
    # A higher temperature trusts the play less: the two hands come closer.
    gap_soft = log_chance(play, hearts, 20.0) - log_chance(play, clubs, 20.0)
    assert 0 < gap_soft < log_chance(play, hearts, 2.0) - log_chance(play, clubs, 2.0)


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
    plays = recorded_plays([redact(e, 0) for e in log], 0, 2)
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
        plays = recorded_plays(history, 0, 2)
        worlds = WeighedWorlds(sampler, know, plays, 100, 2.0, random.Random(seed))
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
    plays = recorded_plays(history, seat, 2)

    def worlds(seed: int) -> list[object]:
        rng = random.Random(seed)
        pool = WeighedWorlds(Sampler(view, know), know, plays, 50, 2.0, rng)
        return [pool.deal(rng) for _ in range(5)]

    assert worlds(1) == worlds(1)
