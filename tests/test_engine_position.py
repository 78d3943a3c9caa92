"""The one Position: its fast, eventless stepping, copies and guesses agree with ``apply``."""

from __future__ import annotations

import dataclasses
import functools
import itertools
import random

import pytest

from craits.ai.determinize import Sampler
from craits.ai.knowledge import infer
from craits.engine import (
    OVER,
    Announce,
    Call,
    Position,
    Rules,
    apply,
    can_call,
    legal_actions,
    new_round,
    playable,
    redact,
    seat_view,
)
from craits.engine.cards import DECK, RANK_OF, SUIT_OF
from craits.engine.notation import read_card as parse_card
from craits.engine.rules import CHOICES
from craits.engine.shuffle import shuffle

pytestmark = pytest.mark.slow  # started first: see conftest.py

VARIANTS = [
    Rules(),
    Rules(play_drawn_card=True, draw_when_able=True),
    Rules(seven_skips=True, two_player_reverse="none", crank_optional=True),
    Rules(starter_card_effects=False, threes="bonus_only_if_all_threes", idiot_penalty=4),
    Rules(announce_last_card=False, idiot_penalty=0),
]


def _random_actions(state, rng: random.Random):
    """A random legal action of a RoundState or a Position: now and then an announcement or a
    call while the catch window is open, else a turn action."""
    window = state.window
    if window is not None and not state.announced[window] and rng.random() < 0.5:
        if rng.random() < 0.5:
            return Announce(window)
        caller = (window + 1) % len(state.hands)
        if can_call(state, caller, window):
            return Call(caller, window)
    return rng.choice(legal_actions(state))


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: str(VARIANTS.index(r)))
def test_stepping_without_events_is_stepping_with_them(rules: Rules) -> None:
    """``apply`` (validated, events recorded, frozen) and a bare Position step alike."""
    rng = random.Random(3)
    steps = 0
    for game, n in zip(range(120), itertools.cycle((2, 3, 4, 5)), strict=False):
        state, _ = new_round(rules, n, game % n, rng.choice((1, 3, 8)), seed=game)
        if game % 5 == 0:  # someone owes a lost turn, as after an idiot call
            state = state.replace(lose_turn=tuple(q == game % n for q in range(n)))
        fast = Position.from_state(state)
        for _ in range(300):
            if state.is_over():
                break
            assert fast.legal() == legal_actions(state)
            action = _random_actions(state, rng)
            state, events = apply(state, action)
            fast.step(action)
            assert fast.freeze() == state
            assert fast.events is None and events
            steps += 1
    assert steps > 1500


def test_a_copy_is_independent_and_freezing_round_trips() -> None:
    state, _ = new_round(Rules(), 3, 0, 8, seed=3)
    pos = Position.from_state(state)
    assert pos.freeze() == state
    twin = pos.copy()
    twin.step(twin.legal()[0])
    assert pos.freeze() == state
    assert twin.freeze() != state


def test_an_injected_shuffler_decides_reshuffles() -> None:
    """Nothing left to draw: the discard pile is reshuffled by the given generator."""
    rules = Rules()
    hands = [[parse_card("KH"), parse_card("QH")], [parse_card("KS"), parse_card("QS")]]
    discard = [parse_card(c) for c in ("2C", "3C", "4C", "5C", "6C", "7D", "9S")]
    orders = set()
    for seed in range(6):
        pos = Position(rules, hands, [], discard, turn=0, shuffler=random.Random(seed))
        pos.draw()  # KH/QH do not follow 9S: player 0 draws from the reshuffled pile
        assert len(pos.hands[0]) == 3 and len(pos.pile) == 5 and pos.discard == discard[-1:]
        orders.add(tuple(pos.hands[0]))
        again = Position(rules, hands, [], discard, turn=0, shuffler=random.Random(seed))
        again.draw()
        assert again.hands == pos.hands
    assert len(orders) > 2


def test_one_answer_to_what_may_be_played() -> None:
    for card, top in itertools.product(DECK, DECK):
        for suit in range(4):
            expect = RANK_OF[card] == 8 or SUIT_OF[card] == suit or RANK_OF[card] == RANK_OF[top]
            assert playable(card, suit, top) == expect
        assert playable(card, 0, top, crank=2) == (RANK_OF[card] in (1, 2))


# ---------------------------------------------------------------- guesses obey every rule


def _truth_world(view, hands, pile, rng):
    """The world the real determinizer makes of the view when it deals the true hidden cards
    (``Sampler.sample`` with its deal replaced; the compiled Sampler cannot be subclassed here):
    it must be the truth."""
    Sampler(view, infer(view, []))  # the view adds up, as the sampler checks
    return view.position([list(h) for h in hands], list(pile), rng.getrandbits(48))


def _lockstep(rules: Rules, seeds: range) -> list[tuple]:
    """Play rounds; at each decision the world dealt by the sampler must step exactly as the
    truth. Returns the trajectory, so a test can see that the rule made a difference."""
    trajectory = []
    for seed in seeds:
        n = 2 + seed % 4
        state, _ = new_round(rules, n, seed % n, 3 + seed % 6, seed=seed)
        rng = random.Random(seed)
        while not state.is_over():
            view = seat_view(state, state.turn)
            world = _truth_world(view, state.hands, state.draw_pile, rng)
            truth = Position.from_state(state)
            shuffle_seed = rng.getrandbits(32)
            world.shuffler, truth.shuffler = random.Random(shuffle_seed), random.Random(shuffle_seed)
            assert world.rules == rules
            for _ in range(4):  # a few steps ahead, as a rollout does
                if truth.phase == OVER:
                    break
                assert world.legal() == truth.legal()
                action = _random_actions(truth, rng)
                world.step(action)
                truth.step(action)
                assert _comparable(world) == _comparable(truth)
            state, _ = apply(state, _random_actions(state, rng))
            trajectory.append(_comparable(truth))
    return trajectory


def _comparable(pos: Position) -> tuple:
    frozen = pos.freeze()
    return frozen.replace(seed=0, shuffles=0, rules=None)


# Keys a world dealt mid-round never consults: the match length, and the turned-up card's
# effect, which was carried out before any seat chose anything.
ROUND_START_KEYS = {"game_length", "starter_card_effects"}


@pytest.mark.parametrize("key", sorted(set(CHOICES) - ROUND_START_KEYS))
def test_sampled_worlds_obey_every_variant_key(key: str) -> None:
    other = dataclasses.replace(Rules(), **{key: CHOICES[key][1]})
    with_key = _lockstep(other, LOCKSTEP_SEEDS)
    # The rounds chosen make the key matter: play differs from the standard rules.
    assert with_key != _standard_lockstep()


LOCKSTEP_SEEDS = range(40)


@functools.cache
def _standard_lockstep() -> list[tuple]:
    """The standard rules' trajectory, checked once for every key compared with it."""
    return _lockstep(Rules(), LOCKSTEP_SEEDS)


# ---------------------------------------------------------------- what a seat may see


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: str(VARIANTS.index(r)))
def test_no_seat_sees_a_card_it_has_not_seen(rules: Rules) -> None:
    """Per-seat redaction, over random rounds: a seat's view and its event history name only
    cards it was dealt, drew, or saw face up."""
    rng = random.Random(11)
    for game in range(60):
        n = 2 + game % 4
        state, events = new_round(rules, n, game % n, 1 + game % 8, seed=500 + game)
        seen = [set() for _ in range(n)]
        while True:
            for seat in range(n):
                for e in events:
                    _witness(e, seat, seen[seat])
                for e in events:  # the seat's history is the redacted events, in order
                    assert _cards_named(redact(e, seat)) <= seen[seat], (seat, e)
                view = seat_view(state, seat)
                shown = set(view.hand) | set(view.discard)
                shown |= {a.card for a in view.legal if hasattr(a, "card")}
                if view.drawn is not None:
                    shown.add(view.drawn)
                assert shown <= seen[seat], (seat, shown - seen[seat])
            if state.is_over():
                break
            state, events = apply(state, _random_actions(state, rng))


def _witness(event, seat: int, seen: set[int]) -> None:
    """Cards ``seat`` legitimately sees in ``event`` (its own draws, anything face up)."""
    kind = type(event).__name__
    if kind in ("CardsDealt", "CardsDrawn") and event.player == seat:
        seen.update(event.cards)
    elif kind in ("CardPlayed", "StarterTurned"):
        seen.add(event.card)


def _cards_named(event) -> set[int]:
    out = set()
    for name, value in zip(event._fields, event, strict=True):
        if name == "card":
            out.add(value)
        elif name == "cards" and value is not None:
            out.update(value)
    return out


def test_the_shuffle_is_the_standard_librarys_to_the_last_card() -> None:
    # Reshuffles and guesses use it: a recorded game replays only if it matches random.shuffle.
    for seed in range(300):
        cards = list(range(seed % 53))
        expected = cards[:]
        mine, theirs = random.Random(seed), random.Random(seed)
        theirs.shuffle(expected)
        shuffle(mine, cards)
        assert cards == expected
        assert mine.getstate() == theirs.getstate()
