"""Invariants over random matches, random variant combinations and 2-5 players."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from craits.engine import (
    Announce,
    Call,
    IllegalActionError,
    Rules,
    apply,
    apply_action,
    callable_targets,
    can_announce,
    legal_actions,
    new_match,
    next_round,
    score_hand,
    write_action,
)
from craits.engine.playout import random_match
from craits.engine.rules import CHOICES

rules_strategy = st.builds(
    Rules, **{key: st.sampled_from(values) for key, values in CHOICES.items()}
)


def all_cards(state) -> list[int]:
    return [c for h in state.hands for c in h] + list(state.draw_pile) + list(state.discard)


class MatchMachine(RuleBasedStateMachine):
    """Drives a whole match with Hypothesis choosing every action, announcement and call."""

    @initialize(rules=rules_strategy, players=st.integers(2, 5), seed=st.integers(0, 2**32))
    def start(self, rules: Rules, players: int, seed: int) -> None:
        self.match, _ = new_match(
            players, rules.__class__(**{**rules.to_dict(), "game_length": "short"}), seed
        )
        self.steps = 0

    @precondition(lambda self: not self.match.state.is_over())
    @rule(data=st.data())
    def take_turn(self, data) -> None:
        legal = legal_actions(self.match.state)
        action = data.draw(st.sampled_from(legal))
        self.match, _ = apply_action(self.match, action)
        self.steps += 1

    @precondition(lambda self: not self.match.state.is_over())
    @rule(player=st.integers(0, 4))
    def announce(self, player: int) -> None:
        state = self.match.state
        player %= state.n_players
        if can_announce(state, player):
            self.match, events = apply_action(self.match, Announce(player))
            assert self.match.state.announced[player]
        else:
            try:
                apply(state, Announce(player))
            except IllegalActionError:
                pass
            else:
                raise AssertionError("an announcement was accepted without its conditions")

    @precondition(lambda self: bool(callable_targets(self.match.state)))
    @rule(offset=st.integers(1, 4))
    def call(self, offset: int) -> None:
        state = self.match.state
        target = callable_targets(state)[0]
        caller = (target + offset) % state.n_players
        if caller == target:
            return
        before = len(state.hands[target])
        self.match, _ = apply_action(self.match, Call(caller, target))
        after = self.match.state
        assert after.lose_turn[target]
        assert after.window is None
        assert len(after.hands[target]) <= before + state.rules.idiot_penalty

    @precondition(lambda self: self.match.state.is_over() and not self.match.is_over())
    @rule()
    def deal_next(self) -> None:
        previous = self.match.dealer
        self.match, _ = next_round(self.match)
        assert self.match.dealer == (previous + 1) % self.match.n_players

    @invariant()
    def fifty_two_cards(self) -> None:
        cards = all_cards(self.match.state)
        assert sorted(cards) == list(range(52)), Counter(cards).most_common(3)

    @invariant()
    def someone_can_act(self) -> None:
        state = self.match.state
        if not state.is_over():
            assert legal_actions(state), state
        assert self.steps < 5000, "a match is taking too long"

    @invariant()
    def scores_follow_the_table(self) -> None:
        state = self.match.state
        if state.is_over():
            for p, hand in enumerate(state.hands):
                expected = 0 if p == state.winner else score_hand(hand, state.rules.threes).total
                assert state.scores[p] == expected
            assert (state.winner is None) == state.blocked
            if state.winner is not None:
                assert state.hands[state.winner] == ()
            assert sum(self.match.totals) == sum(sum(s) for s in self.match.history)


TestMatchMachine = MatchMachine.TestCase
TestMatchMachine.settings = settings(
    max_examples=60, stateful_step_count=150, deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)  # fmt: skip


@settings(max_examples=40, deadline=None)
@given(rules=rules_strategy, players=st.integers(2, 5), seed=st.integers(0, 2**32))
def test_every_match_ends_with_the_right_number_of_rounds(rules, players, seed):
    match = random_match(players, rules, seed)
    assert match.is_over()
    assert len(match.history) == len(rules.deals)
    assert match.totals == tuple(map(sum, zip(*match.history, strict=True)))
    assert set(match.winners()) == {p for p, t in enumerate(match.totals) if t == min(match.totals)}


@settings(max_examples=30, deadline=None)
@given(rules=rules_strategy, players=st.integers(2, 5), seed=st.integers(0, 2**32))
def test_illegal_actions_leave_the_state_unchanged(rules, players, seed):
    match, _ = new_match(players, rules, seed)
    state = match.state
    legal = set(legal_actions(state))
    from craits.engine import Draw, Pass, Play

    for action in (
        [Play(c) for c in range(52)]
        + [Play(c, s) for c in range(52) for s in range(4)]
        + [Draw(), Pass()]
    ):
        if action in legal:
            continue
        own_suit_nine = write_action(action).get("play", "").startswith("9") and (
            action.suit == action.card // 13)
        if own_suit_nine and Play(action.card) in legal:
            # A 9 "switched" to its own suit is the keep (RULES.md 9).
            assert apply(state, action) == apply(state, Play(action.card))
            continue
        snapshot = (state.hands, state.draw_pile, state.discard, state.turn)
        try:
            apply(state, action)
        except IllegalActionError as exc:
            assert str(exc).startswith("illegal action")
        else:
            raise AssertionError(f"{action} was accepted though not legal")
        assert (state.hands, state.draw_pile, state.discard, state.turn) == snapshot


def test_same_seed_same_match_whatever_the_global_random_state():
    def play(disturb: bool) -> tuple:
        rng = random.Random(99)
        match, events = new_match(4, Rules(), 1234)
        log = [e.to_dict() for e in events]
        while not match.is_over():
            if match.state.is_over():
                match, events = next_round(match)
            else:
                legal = legal_actions(match.state)
                if disturb:
                    random.seed(len(log))  # disturb the global generator between steps
                    random.random()
                match, events = apply_action(match, legal[rng.randrange(len(legal))])
            log.extend(e.to_dict() for e in events)
        return match.totals, log

    assert play(False) == play(True)


def test_seed_sheet_examples():
    from craits.engine.notation import read_card as parse_card

    hand = tuple(parse_card(c) for c in ("3C", "2H", "8D"))
    assert score_hand(hand).total == 20
    examples = {
        ("3C", "3D"): -100, ("3C", "3D", "8S"): -50, ("3C", "8D", "8S"): 50,
        ("3C", "3D", "3S", "KS"): -100, ("3C", "AD"): 0,
    }  # fmt: skip
    for cards, total in examples.items():
        assert score_hand(tuple(parse_card(c) for c in cards)).total == total, cards
    only = score_hand(tuple(parse_card(c) for c in ("3C", "3D", "8S")), "bonus_only_if_all_threes")
    assert only.total == 0


def test_score_table():
    from craits.engine.cards import make_card

    points = {1: 1, 2: 20, 4: 15, 5: 30, 6: 30, 7: 20, 8: 50, 9: 30, 10: 25, 11: 10, 12: 10, 13: 10}
    for rank, value in points.items():
        assert score_hand((make_card(rank, 0),)).total == value
