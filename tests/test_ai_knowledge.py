"""Inference from the events never rules out the truth, and guesses always add up."""

from __future__ import annotations

import random

import pytest

from craits.ai.determinize import Sampler, unseen_cards
from craits.ai.knowledge import ALL_CARDS, CRANK_MASK, SUIT_MASK, Knowledge, infer
from craits.engine import (
    Announce,
    Call,
    Draw,
    Play,
    RoundState,
    Rules,
    apply,
    callable_targets,
    can_announce,
    legal_actions,
    new_round,
    redact,
    seat_view,
)
from craits.engine.events import CardsDealt, StarterTurned
from craits.engine.notation import read_card as parse_card

VARIANTS = [
    Rules(),
    Rules(play_drawn_card=True),
    Rules(crank_optional=True, draw_when_able=True),
    Rules(seven_skips=True, idiot_penalty=3),
]


def _matches(hand: tuple[int, ...], masks: list[int]) -> bool:
    """Whether every card can sit in its own slot that allows it (bipartite matching)."""
    owner: dict[int, int] = {}

    def place(card: int, seen: set[int]) -> bool:
        for slot, mask in enumerate(masks):
            if (mask >> card) & 1 or slot in seen:
                continue
            seen.add(slot)
            if slot not in owner or place(owner[slot], seen):
                owner[slot] = card
                return True
        return False

    return len(hand) == len(masks) and all(place(c, set()) for c in hand)


def _random_rounds(rules: Rules, games: int, seed: int):
    """Yield (state, histories) along random rounds, with announcements and idiot calls."""
    rng = random.Random(seed)
    for game in range(games):
        n = 2 + game % 4
        state, events = new_round(rules, n, game % n, rng.choice((2, 5, 8)), seed=game)
        histories = [[redact(e, s) for e in events] for s in range(n)]
        for _ in range(120):
            if state.is_over():
                break
            yield state, histories
            extra = []
            if state.window is not None and rng.random() < 0.5:
                w = state.window
                if rng.random() < 0.5 and can_announce(state, w):
                    extra = [Announce(w)]
                elif callable_targets(state):
                    extra = [Call((w + 1) % n, w)]
            for action in (*extra, rng.choice(legal_actions(state))):
                if state.is_over():
                    break
                if action not in extra and action not in legal_actions(state):
                    continue
                state, events = apply(state, action)
                for s in range(n):
                    histories[s].extend(redact(e, s) for e in events)


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: str(VARIANTS.index(r)))
def test_the_true_hands_always_fit_the_inferred_slots(rules: Rules) -> None:
    checked = constrained = 0
    for state, histories in _random_rounds(rules, 60, seed=3):
        seat = state.turn
        view = seat_view(state, seat)
        know = infer(view, histories[seat])
        assert know.consistent
        for p in range(state.n_players):
            if p != seat:
                assert _matches(state.hands[p], know.slots[p]), (p, state)
                constrained += any(know.slots[p])
        checked += 1
    assert checked > 500
    if not (rules.draw_when_able and rules.crank_optional):  # otherwise nothing can be read
        assert constrained > 100


def _position(rules: Rules, hands: list[str], top: str, turn: int = 0):
    """A two-player position and its dealing history, from card names."""
    cards = [tuple(parse_card(c) for c in h.split()) for h in hands]
    used = {c for h in cards for c in h} | {parse_card(top)}
    state = RoundState(
        rules=rules, seed=1, shuffles=0, dealer=1, hands=tuple(cards),
        draw_pile=tuple(c for c in range(52) if c not in used), discard=(parse_card(top),),
        suit=parse_card(top) // 13, turn=turn, direction=1, crank=0,
        announced=(False, False), lose_turn=(False, False), window=None, phase="play",
        drawn=None, winner=None, blocked=False, scores=None,
    )  # fmt: skip
    history = [CardsDealt(p, cards[p], len(cards[p])) for p in (0, 1)]
    history.append(StarterTurned(parse_card(top)))
    return state, [redact(e, 0) for e in history]


def _after(state, history, *actions):
    for action in actions:
        state, events = apply(state, action)
        history = history + [redact(e, 0) for e in events]
    return state, history


def test_a_player_who_drew_lacks_the_suit_the_rank_and_eights() -> None:
    state, history = _position(Rules(), ["KS 4H 5H", "9D QD JC"], top="7S")
    state, history = _after(state, history, Play(parse_card("KS")), Draw())  # 1 cannot follow
    assert history[-1].type == "cards_drawn" and history[-1].player == 1
    know = infer(seat_view(state, 0), history)
    old, new = know.slots[1][:3], know.slots[1][3]
    lacking = SUIT_MASK[0] | (1 << parse_card("KH")) | (1 << parse_card("8D"))
    assert all(m & lacking == lacking for m in old)
    assert new == 0
    assert know.lacks(1, 0) is False  # the card drawn may be a spade


@pytest.mark.parametrize("optional", [False, True])
def test_taking_a_crank_shows_no_ace_or_two_only_when_answering_is_required(
    optional: bool,
) -> None:
    # With the optional crank, player 1 may take the count while holding an Ace.
    hand = "AD QD JC" if optional else "KD QD JC"
    state, history = _position(Rules(crank_optional=optional), ["2S 4H 5H", hand], top="7S")
    state, history = _after(state, history, Play(parse_card("2S")), Draw())
    know = infer(seat_view(state, 0), history)
    assert _matches(state.hands[1], know.slots[1])
    if optional:
        assert not any(m & CRANK_MASK for m in know.slots[1])
    else:
        assert all(m & CRANK_MASK == CRANK_MASK for m in know.slots[1][:3])
        assert not any(know.slots[1][3:])


@pytest.mark.parametrize("reading", [0.0, 1.0])
def test_guesses_keep_every_card_once_and_the_counts(reading: float) -> None:
    rng = random.Random(2)
    for i, (state, histories) in enumerate(_random_rounds(Rules(), 40, seed=9)):
        if i % 7:
            continue
        seat = state.turn
        view = seat_view(state, seat)
        know = infer(view, histories[seat], reading)
        sampler = Sampler(view, know)
        sim = sampler.sample(rng)
        assert [len(h) for h in sim.hands] == list(view.hand_counts)
        assert sim.hands[seat] == list(view.hand)
        assert len(sim.pile) == view.draw_count
        cards = [c for h in sim.hands for c in h] + sim.pile + sim.discard
        assert sorted(cards) == list(range(52))
        hidden = [c for p, h in enumerate(sim.hands) if p != seat for c in h] + sim.pile
        assert sorted(hidden) == unseen_cards(view)
        for p in range(view.n_players):
            if p != seat:
                assert _matches(tuple(sim.hands[p]), know.slots[p])


def test_guesses_keep_every_exclusion_even_where_dealing_in_turn_would_run_out() -> None:
    # Eight groups of three slots allowing {a, b}, {c, d} and {b, c}: dealt one by one, the
    # third often finds b and c both taken. The cards are then passed along the slots rather
    # than the exclusions dropped, so every guess keeps them all.
    names = [r + s for s in "CDH" for r in "A 2 3 4 5 6 7 8 9 10 J Q K".split()][:32]
    state, _ = _position(Rules(), ["KS QS", " ".join(names[:24])], top="7S")
    view = seat_view(state, 0)
    cards = [parse_card(c) for c in names]
    masks = []
    for g in range(8):
        a, b, c, d = cards[4 * g : 4 * g + 4]
        masks += [ALL_CARDS & ~(1 << x | 1 << y) for x, y in ((a, b), (c, d), (b, c))]
    know = Knowledge(0, [[], masks], [[0] * 4, [0] * 4], weights=[[], [None] * 24])
    sampler, rng = Sampler(view, know), random.Random(3)
    for _ in range(50):
        hands, pile = sampler.deal(rng)
        assert _matches(tuple(hands[1]), masks)
        assert sorted(hands[1] + pile) == unseen_cards(view)


def test_reading_choices_weighs_cards_but_never_rules_one_out() -> None:
    # Player 1 plays an 8 (naming clubs) while holding two more cards: what it could have
    # played instead (spades, 7s) becomes unlikely, clubs likely; nothing is excluded.
    state, history = _position(Rules(), ["KS 4H 5H", "8D QD JC"], top="7S", turn=1)
    state, history = _after(state, history, Play(parse_card("8D"), 3))
    view = seat_view(state, 0)
    plain = infer(view, history)
    assert all(w is None for w in plain.weights[1])  # no reading asked: nothing weighed
    know = infer(view, history, 1.0)
    assert know.slots == plain.slots
    weights = know.weights[1]
    assert len(weights) == 2 and all(w is not None for w in weights)
    for w in weights:
        assert all(x > 0 for x in w)
        assert w[parse_card("9S")] < 0.2 and w[parse_card("7H")] < 0.5  # playable, shed more
        assert w[parse_card("QC")] > 1.5  # the named suit
        assert w[parse_card("QH")] == 1.0  # unplayable before, not named: no evidence


def test_reading_keeps_the_true_hands_possible_and_the_counts() -> None:
    for i, (state, histories) in enumerate(_random_rounds(Rules(), 40, seed=4)):
        if i % 5:
            continue
        seat = state.turn
        know = infer(seat_view(state, seat), histories[seat], 1.0)
        for p in range(state.n_players):
            if p == seat:
                continue
            assert len(know.weights[p]) == len(know.slots[p]) == len(state.hands[p])
            assert all(w is None or min(w) > 0 for w in know.weights[p])


def test_a_reshuffle_tells_which_cards_were_held_before_it_and_which_were_drawn_from_it() -> None:
    # Heads-up, after the discards became the new pile: every card the opponent held then was
    # not among them, and every card drawn since was. So each guess gives the opponent exactly
    # its old cards back, and only reshuffled cards for the ones drawn since.
    rng = random.Random(5)
    checked = 0
    for game in range(40):
        state, events = new_round(Rules(), 2, game % 2, 8, seed=100 + game)
        seen = [redact(e, 0) for e in events]
        discard = [e.card for e in events if e.type == "starter_turned"]
        reshuffled: set[int] = set()
        for _ in range(400):
            if state.is_over():
                break
            state, events = apply(state, rng.choice(legal_actions(state)))
            seen += [redact(e, 0) for e in events]
            for e in events:
                if e.type == "card_played":
                    discard.append(e.card)
                elif e.type == "pile_reshuffled":
                    reshuffled, discard = set(discard[:-1]), discard[-1:]
            if not reshuffled or state.is_over() or state.turn != 0:
                continue
            view = seat_view(state, 0)
            know = infer(view, seen)
            old = set(state.hands[1]) - reshuffled  # held since before the reshuffle
            assert _matches(state.hands[1], know.slots[1])
            sampler = Sampler(view, know)
            for _ in range(5):
                guess = set(sampler.sample(rng).hands[1])
                assert old <= guess and guess - old <= reshuffled
            checked += 1
    assert checked > 50


def test_the_rule_of_thumb_levels_do_not_count_reshuffled_cards() -> None:
    # Without counting, a history reads as if no reshuffle had been seen.
    differ = 0
    for state, histories in _random_rounds(Rules(), 30, seed=6):
        history = histories[state.turn]
        if not any(e.type == "pile_reshuffled" for e in history):
            continue
        view = seat_view(state, state.turn)
        unaware = [e for e in history if e.type != "pile_reshuffled"]
        plain = infer(view, history, counts=False)
        assert plain.slots == infer(view, unaware).slots
        differ += infer(view, history).slots != plain.slots
    assert differ > 20
