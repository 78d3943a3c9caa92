"""The search's fast simulator must follow the engine rule for rule."""

from __future__ import annotations

import itertools
import random

import pytest

from craits.ai import fastsim
from craits.engine import Rules, apply, legal_actions, new_round

VARIANTS = [
    Rules(),
    Rules(play_drawn_card=True, draw_when_able=True),
    Rules(seven_skips=True, two_player_reverse="none", crank_optional=True),
    Rules(starter_card_effects=False, threes="bonus_only_if_all_threes"),
]


def _same(sim: fastsim.Sim, state) -> None:
    assert [tuple(h) for h in sim.hands] == list(state.hands)
    assert fastsim.draw_pile_of(sim) == state.draw_pile
    assert tuple(sim.discard) == state.discard
    assert (sim.suit, sim.turn, sim.direction, sim.crank) == (
        state.suit, state.turn, state.direction, state.crank)
    assert fastsim.phase_name(sim) == state.phase
    assert (sim.drawn, sim.winner, sim.scores) == (state.drawn, state.winner, state.scores)
    assert tuple(sim.lose) == state.lose_turn


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: str(VARIANTS.index(r)))
def test_fast_sim_replays_random_games_like_the_engine(rules: Rules) -> None:
    rng = random.Random(7)
    steps = 0
    for game, n in zip(range(150), itertools.cycle((2, 3, 4, 5)), strict=False):
        state, _ = new_round(rules, n, game % n, rng.choice((1, 3, 8)), seed=game)
        if game % 5 == 0:  # someone owes a lost turn, as after an idiot call
            state = state.replace(lose_turn=tuple(q == (game % n) for q in range(n)))
        sim = fastsim.from_state(state)
        for _ in range(300):  # random drawing (draw_when_able) can go on for long
            if state.is_over():
                break
            legal = legal_actions(state)
            assert fastsim.legal(sim) == legal
            action = rng.choice(legal)
            state, _ = apply(state, action)
            fastsim.step(sim, action)
            _same(sim, state)
            steps += 1
    assert steps > 1000


def test_copy_is_independent() -> None:
    state, _ = new_round(Rules(), 3, 0, 8, seed=3)
    sim = fastsim.from_state(state)
    twin = sim.copy()
    fastsim.step(twin, legal_actions(state)[0])
    _same(sim, state)
