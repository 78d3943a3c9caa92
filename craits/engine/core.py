"""The rules of a round: ``legal_actions``, ``apply`` and ``new_round``.

``apply(state, action)`` copies the state into a mutable ``_Work``, carries out the action and
every ability it sets off (RULES.md sections 3-7, fine points in section 9), and freezes the
result, returning ``(new_state, events)``. The input state is never changed.
"""

from __future__ import annotations

import random

from . import events as ev
from .actions import (
    CHOOSE_SUITS,
    DRAW,
    KEEP_SUIT,
    PASS,
    PLAIN_PLAYS,
    SUITED_PLAYS,
    Action,
    Announce,
    Call,
    ChooseSuit,
    Draw,
    Pass,
    Play,
)
from .cards import ACE, DECK, PARTNER_SUIT, RANK_OF, SUIT_OF, card_str
from .errors import IllegalActionError
from .rules import Rules
from .scoring import score_hand
from .state import CHOOSE_SUIT, DRAWN, FIELDS, OVER, PLAY, RoundState

_tuple_new = tuple.__new__


class _Work:
    """A mutable twin of RoundState used while one action is carried out.

    Copy-on-write: hands and piles stay the state's tuples until changed, because most
    actions touch one hand and the search-based AI applies millions of them.
    """

    __slots__ = (*FIELDS, "events", "n")

    def __init__(self, s: RoundState) -> None:
        self.rules = s.rules
        self.seed = s.seed
        self.shuffles = s.shuffles
        self.dealer = s.dealer
        self.hands = list(s.hands)
        self.draw_pile = s.draw_pile
        self.discard = s.discard
        self.suit = s.suit
        self.turn = s.turn
        self.direction = s.direction
        self.crank = s.crank
        self.announced = s.announced
        self.lose_turn = s.lose_turn
        self.window = s.window
        self.phase = s.phase
        self.drawn = s.drawn
        self.winner = s.winner
        self.blocked = s.blocked
        self.scores = s.scores
        self.events = []
        self.n = len(s.hands)

    def hand(self, p: int) -> list[int]:
        """Player ``p``'s hand as a list that may be changed."""
        h = self.hands[p]
        if type(h) is tuple:
            h = self.hands[p] = list(h)
        return h

    def set_flag(self, name: str, p: int, value: bool) -> None:
        flags = getattr(self, name)
        if flags[p] != value:
            flags = list(flags)
            flags[p] = value
            setattr(self, name, tuple(flags))

    def freeze(self) -> RoundState:
        return _tuple_new(
            RoundState,
            (
                self.rules, self.seed, self.shuffles, self.dealer,
                tuple([h if type(h) is tuple else tuple(h) for h in self.hands]),
                self.draw_pile, self.discard, self.suit, self.turn, self.direction, self.crank,
                self.announced, self.lose_turn, self.window, self.phase, self.drawn,
                self.winner, self.blocked, self.scores,
            ),
        )  # fmt: skip


# ---------------------------------------------------------------- queries


def is_playable(state: RoundState, card: int) -> bool:
    """Whether ``card`` may be played on the current top outside a crank."""
    rank = RANK_OF[card]
    return rank == 8 or SUIT_OF[card] == state.suit or rank == RANK_OF[state.discard[-1]]


def _plays_for(card: int) -> tuple[Play, ...]:
    rank = RANK_OF[card]
    if rank == 8:
        return SUITED_PLAYS[card]
    if rank == 9:
        return (PLAIN_PLAYS[card], SUITED_PLAYS[card][PARTNER_SUIT[SUIT_OF[card]]])
    return (PLAIN_PLAYS[card],)


def legal_actions(state: RoundState) -> tuple[Action, ...]:
    """The turn actions the player to act may take, one per distinct choice.

    Announce and Call are never listed: they are open whenever their conditions hold
    (see ``can_announce`` and ``can_call``).
    """
    phase = state.phase
    if phase == PLAY:
        hand = state.hands[state.turn]
        out: list = []
        if state.crank:
            for c in hand:
                if RANK_OF[c] <= 2:
                    out.append(PLAIN_PLAYS[c])
            if not out or state.rules.crank_optional:
                out.append(DRAW)
            return tuple(out)
        suit = state.suit
        top_rank = RANK_OF[state.discard[-1]]
        for c in hand:
            rank = RANK_OF[c]
            if rank == 8:
                out.extend(SUITED_PLAYS[c])
            elif SUIT_OF[c] == suit or rank == top_rank:
                if rank == 9:
                    out.append(PLAIN_PLAYS[c])
                    out.append(SUITED_PLAYS[c][PARTNER_SUIT[SUIT_OF[c]]])
                else:
                    out.append(PLAIN_PLAYS[c])
        if not out or (state.rules.draw_when_able and state.can_draw()):
            out.append(DRAW)
        return tuple(out)
    if phase == DRAWN:
        return (*_plays_for(state.drawn), PASS)
    if phase == CHOOSE_SUIT:
        top = state.discard[-1]
        if RANK_OF[top] == 8:
            return CHOOSE_SUITS
        return (KEEP_SUIT, CHOOSE_SUITS[PARTNER_SUIT[SUIT_OF[top]]])
    return ()


def can_announce(state: RoundState, player: int) -> bool:
    return (
        state.rules.announce_last_card
        and state.phase != OVER
        and 0 <= player < len(state.hands)
        and len(state.hands[player]) == 1
        and not state.announced[player]
    )


def can_call(state: RoundState, caller: int, target: int) -> bool:
    return (
        state.phase != OVER
        and state.window == target
        and caller != target
        and 0 <= caller < len(state.hands)
        and not state.announced[target]
    )


def callable_targets(state: RoundState) -> tuple[int, ...]:
    """Players who can be called an idiot right now (at most one)."""
    w = state.window
    if w is None or state.phase == OVER or state.announced[w]:
        return ()
    return (w,)


# ---------------------------------------------------------------- apply


def apply(
    state: RoundState, action: Action, player: int | None = None
) -> tuple[RoundState, tuple[ev.Event, ...]]:
    """Carry out ``action`` and return the new state and what happened.

    ``player`` (optional for turn actions) must be the player to act; Announce and Call name
    their own player. Raises ``IllegalActionError`` naming the action and why.
    """
    if isinstance(action, Announce):
        return _announce(state, action)
    if isinstance(action, Call):
        return _call(state, action)
    if state.phase == OVER:
        raise IllegalActionError(action, "the round is over")
    if player is not None and player != state.turn:
        raise IllegalActionError(action, f"it is player {state.turn}'s turn, not player {player}'s")
    if action not in legal_actions(state):
        raise IllegalActionError(action, _why_illegal(state, action))
    return apply_legal(state, action)


def apply_legal(state: RoundState, action: Action) -> tuple[RoundState, tuple[ev.Event, ...]]:
    """The fast path for search: ``action`` must be one of ``legal_actions(state)``, unchecked."""
    kind = type(action)
    if kind is Announce:
        return _announce(state, action)
    if kind is Call:
        return _call(state, action)
    w = _Work(state)
    # Any turn action closes the catch window left open before it.
    w.window = None
    p = w.turn
    if kind is Play:
        if w.phase == DRAWN:
            w.phase, w.drawn = PLAY, None
        _play(w, p, action.card, action.suit)
    elif kind is Draw:
        _draw_action(w, p)
    elif kind is Pass:
        w.phase, w.drawn = PLAY, None
        w.events.append(ev.Passed(p))
        _hand_turn(w, _next(w, p))
    else:
        _choose_starter_suit(w, p, action)
    if w.phase == PLAY:
        _check_blocked(w)
    return w.freeze(), tuple(w.events)


def _why_illegal(state: RoundState, action: Action) -> str:
    if isinstance(action, Play):
        if not 0 <= action.card < 52:
            return "no such card"
        if action.card not in state.hands[state.turn]:
            return f"player {state.turn} does not hold {card_str(action.card)}"
        if state.phase == CHOOSE_SUIT:
            return "the dealer must first choose the suit of the turned-up card"
        if state.phase == DRAWN:
            return "only the card just drawn may be played, or pass"
        if state.crank:
            return f"a crank of {state.crank} runs: only an Ace or a 2 may answer it"
        rank = RANK_OF[action.card]
        if rank == 8 and action.suit is None:
            return "an 8 must name a suit"
        if rank == 9 and action.suit is not None:
            return "a 9 may only switch to the other suit of its colour"
        if rank not in (8, 9) and action.suit is not None:
            return "only an 8 or a 9 names a suit"
        return f"{card_str(action.card)} matches neither the suit in force nor the top card's rank"
    if isinstance(action, Draw):
        if state.phase != PLAY:
            return "no draw now"
        if state.crank:
            return "a player who can answer the crank must answer it"
        return "you may not draw while you hold a playable card"
    if isinstance(action, Pass):
        return "you may pass only after drawing a card you could play"
    if isinstance(action, ChooseSuit):
        if state.phase != CHOOSE_SUIT:
            return "no suit to choose now"
        return "a turned-up 9 may only keep its suit or switch to the other of its colour"
    return "not an action"


def _announce(state: RoundState, action: Announce) -> tuple[RoundState, tuple[ev.Event, ...]]:
    p = action.player
    if not state.rules.announce_last_card:
        raise IllegalActionError(action, "last-card announcements are off in these rules")
    if not can_announce(state, p):
        if state.phase == OVER:
            raise IllegalActionError(action, "the round is over")
        if not 0 <= p < len(state.hands):
            raise IllegalActionError(action, "no such player")
        if state.announced[p]:
            raise IllegalActionError(action, "already announced")
        raise IllegalActionError(action, f"player {p} does not hold exactly one card")
    announced = list(state.announced)
    announced[p] = True
    window = None if state.window == p else state.window
    new = state.replace(announced=tuple(announced), window=window)
    return new, (ev.LastCardAnnounced(p),)


def _call(state: RoundState, action: Call) -> tuple[RoundState, tuple[ev.Event, ...]]:
    if not can_call(state, action.caller, action.target):
        if state.phase == OVER:
            reason = "the round is over"
        elif action.caller == action.target:
            reason = "a player cannot call themselves"
        elif not 0 <= action.caller < len(state.hands):
            reason = "no such player"
        else:
            reason = f"player {action.target} cannot be caught now"
        raise IllegalActionError(action, reason)
    w = _Work(state)
    target = action.target
    penalty = w.rules.idiot_penalty
    w.window = None
    w.set_flag("lose_turn", target, True)
    w.events.append(ev.IdiotCalled(action.caller, target, penalty))
    _draw(w, target, penalty, "idiot")
    if w.phase == PLAY:
        _check_blocked(w)
    return w.freeze(), tuple(w.events)


# ---------------------------------------------------------------- mechanics


def _next(w: _Work, p: int, steps: int = 1) -> int:
    return (p + w.direction * steps) % w.n


def _reshuffle(w: _Work) -> bool:
    """Turn the discard pile, less its top card, into the draw pile; False if nothing to turn."""
    if len(w.discard) <= 1:
        return False
    pile = list(w.discard[:-1])
    random.Random(f"{w.seed}:reshuffle:{w.shuffles}").shuffle(pile)
    w.shuffles += 1
    w.draw_pile = tuple(pile)
    w.discard = w.discard[-1:]
    w.events.append(ev.PileReshuffled(len(pile)))
    return True


def _draw(w: _Work, p: int, count: int, reason: str) -> tuple[int, ...]:
    """``p`` draws up to ``count`` cards, reshuffling when the pile runs out."""
    pile = w.draw_pile
    if count <= len(pile):
        drawn = pile[:count]
        w.draw_pile = pile[count:]
    else:
        drawn = pile
        w.draw_pile = ()
        if _reshuffle(w):
            pile = w.draw_pile
            need = count - len(drawn)
            drawn += pile[:need]
            w.draw_pile = pile[need:]
    hand = w.hand(p)
    hand.extend(drawn)
    if len(hand) != 1:
        # Holding more than one card cancels an announcement; no last card, nothing to catch.
        if w.announced[p]:
            w.set_flag("announced", p, False)
        if w.window == p:
            w.window = None
    w.events.append(ev.CardsDrawn(p, drawn, len(drawn), reason))
    return drawn


def _hand_turn(w: _Work, p: int) -> None:
    """Give the turn to ``p``; an idiot's forfeit turn is used up here (RULES.md 9)."""
    while w.lose_turn[p]:
        w.set_flag("lose_turn", p, False)
        w.events.append(ev.TurnLost(p))
        if w.crank:
            count, w.crank = w.crank, 0
            w.events.append(ev.CrankEnded(p, count))
            _draw(w, p, count, "crank")
        p = _next(w, p)
    w.turn = p


def _play(w: _Work, p: int, card: int, suit: int | None) -> None:
    hand = w.hand(p)
    hand.remove(card)
    w.discard = (*w.discard, card)
    rank = RANK_OF[card]
    w.suit = SUIT_OF[card]
    crank_before = w.crank
    if crank_before:
        w.crank += 1 if rank == ACE else 2
    elif rank == 2:
        w.crank = 2
    w.events.append(ev.CardPlayed(p, card, w.crank))
    if rank == 2 and not crank_before:
        w.events.append(ev.CrankStarted(p, 2))
    if rank == 8 or rank == 9:
        if suit is not None:
            w.suit = suit
        w.events.append(ev.SuitChosen(p, w.suit, w.suit != SUIT_OF[card]))
    if len(hand) == 1:
        w.set_flag("announced", p, False)
        if w.rules.announce_last_card:
            w.window = p
    if not hand:
        _finish(w, p, rank)
    else:
        _resolve_ability(w, p, rank)


def _resolve_ability(w: _Work, p: int, rank: int) -> None:
    """Carry out the ability of the card ``p`` just played (or the dealer's turned-up card)."""
    nxt = _next(w, p)
    if w.crank:
        _hand_turn(w, nxt)
    elif rank == 4:
        w.events.append(ev.PlayerSkipped(nxt, "four"))
        _hand_turn(w, _next(w, p, 2))
    elif rank == 5:
        q = nxt
        while q != p:
            _draw(w, q, 1, "five")
            q = _next(w, q)
        _hand_turn(w, nxt)
    elif rank == 6:
        _hand_turn(w, p)
    elif rank == 7:
        _draw(w, nxt, 1, "seven")
        if w.rules.seven_skips:
            w.events.append(ev.PlayerSkipped(nxt, "seven"))
            _hand_turn(w, _next(w, p, 2))
        else:
            _hand_turn(w, nxt)
    elif rank == 10:
        if w.n == 2:
            if w.rules.two_player_reverse == "skip":
                w.events.append(ev.PlayerSkipped(nxt, "ten"))
                _hand_turn(w, p)
            else:
                _hand_turn(w, nxt)
        else:
            w.direction = -w.direction
            w.events.append(ev.DirectionReversed(w.direction))
            _hand_turn(w, _next(w, p))
    else:
        _hand_turn(w, nxt)


def _finish(w: _Work, p: int, rank: int) -> None:
    """``p`` went out: the last card still hits its targets, then the hands are scored."""
    nxt = _next(w, p)
    if w.crank:
        count, w.crank = w.crank, 0
        w.events.append(ev.CrankEnded(nxt, count))
        _draw(w, nxt, count, "crank")
    elif rank == 7:
        _draw(w, nxt, 1, "seven")
    elif rank == 5:
        q = nxt
        while q != p:
            _draw(w, q, 1, "five")
            q = _next(w, q)
    _end_round(w, p)


def _end_round(w: _Work, winner: int | None) -> None:
    w.phase = OVER
    w.window = None
    w.winner = winner
    w.blocked = winner is None
    w.scores = tuple(
        0 if q == winner else score_hand(w.hands[q], w.rules.threes).total for q in range(w.n)
    )
    w.events.append(ev.RoundEnded(winner, winner is None, w.scores))


def _draw_action(w: _Work, p: int) -> None:
    if w.crank:
        count, w.crank = w.crank, 0
        w.events.append(ev.CrankEnded(p, count))
        _draw(w, p, count, "crank")
        _hand_turn(w, _next(w, p))
        return
    drawn = _draw(w, p, 1, "turn")
    if w.rules.play_drawn_card and drawn:
        card = drawn[0]
        rank = RANK_OF[card]
        if rank == 8 or SUIT_OF[card] == w.suit or rank == RANK_OF[w.discard[-1]]:
            w.phase, w.drawn = DRAWN, card
            return
    _hand_turn(w, _next(w, p))


def _choose_starter_suit(w: _Work, p: int, action: ChooseSuit) -> None:
    top = w.discard[-1]
    if action.suit is not None:
        w.suit = action.suit
    w.events.append(ev.SuitChosen(p, w.suit, w.suit != SUIT_OF[top]))
    w.phase = PLAY
    _resolve_ability(w, p, RANK_OF[top])


def _check_blocked(w: _Work) -> None:
    """End the round as blocked once nothing can be drawn and no player can play."""
    if w.crank or w.draw_pile or len(w.discard) > 1:
        return
    suit, top_rank = w.suit, RANK_OF[w.discard[-1]]
    for hand in w.hands:
        for c in hand:
            rank = RANK_OF[c]
            if rank == 8 or SUIT_OF[c] == suit or rank == top_rank:
                return
    _end_round(w, None)


# ---------------------------------------------------------------- starting a round


def new_round(
    rules: Rules, n_players: int, dealer: int, hand_size: int, seed: int
) -> tuple[RoundState, tuple[ev.Event, ...]]:
    """Shuffle with ``seed``, deal, turn up the starter and carry it out as the dealer's play."""
    if not 2 <= n_players <= 5:
        raise ValueError("Craits is played by 2 to 5 players")
    deck = list(DECK)
    random.Random(f"{seed}:deal").shuffle(deck)
    hands: list[list[int]] = [[] for _ in range(n_players)]
    order = [(dealer + 1 + i) % n_players for i in range(n_players)]
    for _ in range(hand_size):
        for q in order:
            hands[q].append(deck.pop())
    starter = deck.pop()
    state = RoundState(
        rules=rules, seed=seed, shuffles=0, dealer=dealer,
        hands=tuple(tuple(h) for h in hands), draw_pile=tuple(reversed(deck)),
        discard=(starter,), suit=SUIT_OF[starter], turn=dealer, direction=1, crank=0,
        announced=(False,) * n_players, lose_turn=(False,) * n_players, window=None,
        phase=PLAY, drawn=None, winner=None, blocked=False, scores=None,
    )  # fmt: skip
    dealt = tuple(ev.CardsDealt(q, tuple(hands[q]), hand_size) for q in order)
    state, started = start_round(state)
    return state, (*dealt, ev.StarterTurned(starter), *started)


def start_round(state: RoundState) -> tuple[RoundState, tuple[ev.Event, ...]]:
    """From the moment after the deal (turn = dealer), carry out the turned-up card."""
    w = _Work(state)
    dealer = w.dealer
    starter = w.discard[-1]
    rank = RANK_OF[starter]
    w.turn = dealer
    if not w.rules.starter_card_effects:
        _hand_turn(w, _next(w, dealer))
    elif rank == 8 or rank == 9:
        w.phase = CHOOSE_SUIT
    elif rank == 2:
        w.crank = 2
        w.events.append(ev.CrankStarted(dealer, 2))
        _hand_turn(w, _next(w, dealer))
    else:
        _resolve_ability(w, dealer, rank)
    if w.phase == PLAY:
        _check_blocked(w)
    return w.freeze(), tuple(w.events)
