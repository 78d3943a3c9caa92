"""A whole match: the first-dealer cut, 15 (or 8) rounds, dealer rotation, totals, winners."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace

from . import events as ev
from .actions import Action
from .cards import DECK, RANK_OF
from .core import apply, new_round
from .errors import IllegalActionError
from .rules import Rules
from .state import RoundState


@dataclass(frozen=True, slots=True)
class Match:
    """The position of a match; ``state`` is the current (or just finished) round."""

    rules: Rules
    seed: int
    n_players: int
    round_index: int
    dealer: int
    totals: tuple[int, ...]
    history: tuple[tuple[int, ...], ...]  # each finished round's scores
    state: RoundState

    @property
    def rounds(self) -> int:
        return len(self.rules.deals)

    def is_over(self) -> bool:
        return self.state.is_over() and len(self.history) == self.rounds

    def winners(self) -> tuple[int, ...]:
        """Players with the lowest total; equal lowest totals share the win."""
        best = min(self.totals)
        return tuple(p for p, t in enumerate(self.totals) if t == best)


def round_seed(seed: int, round_index: int) -> int:
    """Each round's own seed, derived from the match seed."""
    return random.Random(f"craits:{seed}:round:{round_index}").getrandbits(63)


def cut_for_dealer(n_players: int, seed: int) -> tuple[int, tuple[ev.Event, ...]]:
    """Every player cuts; the lowest card deals (Ace low); tied players cut again."""
    deck = list(DECK)
    random.Random(f"craits:{seed}:cut").shuffle(deck)
    contenders = list(range(n_players))
    events: list[ev.Event] = []
    while True:
        if len(deck) < len(contenders):  # cannot happen with 52 cards and 5 players; be safe
            deck = list(DECK)
            random.Random(f"craits:{seed}:cut:{len(events)}").shuffle(deck)
        cuts = [(p, deck.pop()) for p in contenders]
        events.extend(ev.CardCut(p, c) for p, c in cuts)
        low = min(RANK_OF[c] for _, c in cuts)
        contenders = [p for p, c in cuts if RANK_OF[c] == low]
        if len(contenders) == 1:
            events.append(ev.DealerChosen(contenders[0]))
            return contenders[0], tuple(events)


def new_match(
    n_players: int, rules: Rules | None = None, seed: int = 0
) -> tuple[Match, tuple[ev.Event, ...]]:
    """Cut for the first dealer and deal the first round."""
    rules = rules or Rules()
    if not 2 <= n_players <= 5:
        raise ValueError("Craits is played by 2 to 5 players")
    dealer, cut_events = cut_for_dealer(n_players, seed)
    state, round_events = _deal(rules, seed, n_players, 0, dealer)
    match = Match(rules, seed, n_players, 0, dealer, (0,) * n_players, (), state)
    return match, (*cut_events, *round_events)


def _deal(
    rules: Rules, seed: int, n: int, index: int, dealer: int
) -> tuple[RoundState, tuple[ev.Event, ...]]:
    size = rules.deals[index]
    state, events = new_round(rules, n, dealer, size, round_seed(seed, index))
    return state, (ev.RoundStarted(index, dealer, size), *events)


def apply_action(
    match: Match, action: Action, player: int | None = None
) -> tuple[Match, tuple[ev.Event, ...]]:
    """Apply a round action; when it ends the round, add the scores (and end the match)."""
    if match.is_over():
        raise IllegalActionError(action, "the match is over")
    if match.state.is_over():
        raise IllegalActionError(action, "the round is over; start the next round")
    state, events = apply(match.state, action, player)
    match = with_round_state(match, state)
    if match.is_over():
        events = (*events, ev.MatchEnded(match.winners(), match.totals))
    return match, events


def with_round_state(match: Match, state: RoundState) -> Match:
    """The match with its round advanced to ``state``; a finished round adds to the totals."""
    # Made directly, not by ``dataclasses.replace``: this runs once an action, and a long
    # record replays a hundred thousand of them.
    totals, history = match.totals, match.history
    if state.is_over():
        scores = state.scores
        assert scores is not None  # set when the round ends
        totals = tuple(t + s for t, s in zip(totals, scores, strict=True))
        history = (*history, scores)
    return Match(match.rules, match.seed, match.n_players, match.round_index, match.dealer,
                 totals, history, state)


def next_round(match: Match) -> tuple[Match, tuple[ev.Event, ...]]:
    """Deal the next round; the deal passes clockwise."""
    if not match.state.is_over():
        raise ValueError("the current round is not over")
    if match.is_over():
        raise ValueError("the match is over")
    index = match.round_index + 1
    dealer = (match.dealer + 1) % match.n_players
    state, events = _deal(match.rules, match.seed, match.n_players, index, dealer)
    return replace(match, round_index=index, dealer=dealer, state=state), events
