"""The Hint button: the move the hard level would make here, and why, in one line.

    h = hint(session.view(seat), session.events_for(seat), rng)
    h.action            # one of view.legal: highlight it
    h.message.text(t, card=..., suit=..., player=...)   # "Sheds 25 points and keeps your 8."

Only the seat's view and its redacted history are read, so a hint never depends on hidden
cards and works in pass-and-play for whoever is to act. ``hint_job`` is the same as a
picklable job for the computer players' lane of the workbench (``craits.work``). The reason
is picked from what the move does, most telling first: going out, the crank, hitting a player
about to go out, a 6 with a follow-up, the suit an 8 or 9 sets, the points shed (and the 8 or 3 kept), the suit
kept in play.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from craits.ai.profiles import Profile
from craits.engine import Action, ChooseSuit, Draw, Event, Pass, Play, SeatView, playable
from craits.engine.cards import RANK_OF, SUIT_OF, card_str, rank_str, suit_str
from craits.engine.scoring import card_points
from craits.session import Session

from .messages import Message, declare, move_message
from .thinking import decide, level_profile

HINT_LEVEL = "hard"
THREAT = 2  # a player holding this many cards or fewer is about to go out


@dataclass(frozen=True, slots=True)
class Hint:
    action: Action  # one of the view's legal actions
    reason_key: str
    reason_params: Mapping[str, Any]
    move: Message  # the action in words (``move.*``)

    @property
    def message(self) -> Message:
        """The one-line reason (``hint.*``)."""
        return Message(self.reason_key, self.reason_params)


def hint(
    view: SeatView, history: Sequence[Event], rng: random.Random,
    profile: Profile | None = None,
) -> Hint:
    """What the hard level (or ``profile``) would play in ``view``, and a reason."""
    profile = profile or level_profile(HINT_LEVEL)
    action, _ = decide(profile, view, history, rng)
    key, params = reason(view, action)
    top = view.top if isinstance(action, ChooseSuit) else None
    return Hint(action, key, params, move_message(action, view.crank, top))


@dataclass(frozen=True, slots=True)
class HintJob:
    """A hint, self-contained and picklable: ``job()`` gives the same ``Hint`` anywhere."""

    profile: Profile
    view: SeatView
    history: tuple[Event, ...]
    seed: str

    def __call__(self) -> Hint:
        return hint(self.view, self.history, random.Random(self.seed), self.profile)


def hint_job(session: Session, seat: int | None = None, profile: Profile | None = None
             ) -> HintJob:
    """The hint job for the seat to act (or ``seat``, which must be the one to act), fixed by
    the match seed and the position: asking twice gives the same hint."""
    to_act = session.to_act()
    if to_act is None or (seat is not None and seat != to_act):
        raise ValueError("a hint is for the player whose turn it is")
    return HintJob(profile or level_profile(HINT_LEVEL), session.view(to_act),
                   tuple(session.events_for(to_act)),
                   f"{session.seed}:hint:{len(session.records)}:{to_act}")


# ---------------------------------------------------------------- the reason


def reason(view: SeatView, action: Action) -> tuple[str, dict[str, Any]]:
    """Why ``action`` is good in ``view``: a ``hint.*`` key and its parameters."""
    if isinstance(action, Draw):
        if view.crank:
            return "hint.crank_take", {"count": view.crank}
        if any(isinstance(a, Play) for a in view.legal):
            return "hint.draw_hold", {}
        return "hint.draw", {}
    if isinstance(action, Pass):
        drawn = view.drawn
        if drawn is not None and RANK_OF[drawn] in (3, 8):
            return "hint.pass_keeps", {"rank": rank_str(drawn)}
        return "hint.pass", {}
    if isinstance(action, ChooseSuit):
        return _suit_reason(view, action)
    if isinstance(action, Play):
        return _play_reason(view, action)
    return "hint.best", {}


def _held(cards: Sequence[int], suit: int) -> int:
    """Cards of ``suit`` among ``cards``, 8s not counted (they follow anything)."""
    return sum(1 for c in cards if SUIT_OF[c] == suit and RANK_OF[c] != 8)


def _suit_reason(view: SeatView, action: ChooseSuit) -> tuple[str, dict[str, Any]]:
    top = view.top
    suit = SUIT_OF[top] if action.suit is None else action.suit
    count = _held(view.hand, suit)
    if not count:
        return "hint.best", {}
    if RANK_OF[top] == 8:
        key = "hint.name_suit"
    else:
        key = "hint.keep_suit" if suit == SUIT_OF[top] else "hint.switch"
    return key, {"suit": suit_str(suit), "count": count}


def _play_reason(view: SeatView, action: Play) -> tuple[str, dict[str, Any]]:
    card = action.card
    rank = RANK_OF[card]
    rest = list(view.hand)
    rest.remove(card)
    if not rest:
        return "hint.go_out", {}
    n, counts = view.n_players, view.hand_counts
    nxt = (view.seat + view.direction) % n
    if view.crank:
        return "hint.crank_add", {"player": nxt, "count": counts[nxt]}
    if rank == 2:
        return "hint.crank_start", {"player": nxt, "count": counts[nxt]}
    threat = _threat_reason(view, rank, nxt)
    if threat is not None:
        return threat
    if rank == 6:
        follow_ups = [c for c in rest if playable(c, SUIT_OF[card], card)]
        if follow_ups:
            best = max(follow_ups, key=lambda c: (RANK_OF[c] not in (3, 8), card_points(c)))
            return "hint.six_follow", {"card": card_str(best)}
    suit = SUIT_OF[card] if action.suit is None else action.suit
    held = _held(rest, suit)
    if rank == 8:
        if not held:
            return "hint.best", {}
        others = any(isinstance(a, Play) and RANK_OF[a.card] != 8 for a in view.legal)
        key = "hint.eight_name" if others else "hint.eight_only"
        return key, {"suit": suit_str(suit), "count": held}
    if rank == 9 and suit != SUIT_OF[card] and held:
        return "hint.switch", {"suit": suit_str(suit), "count": held}
    points = card_points(card)
    if points >= 10:
        kept = _kept(view, rest)
        if kept is not None:
            return "hint.sheds_keeps", {"count": points, "rank": kept}
        return "hint.sheds", {"count": points}
    if held:
        return "hint.follow", {"suit": suit_str(suit), "count": held}
    return "hint.best", {}


def _threat_reason(view: SeatView, rank: int, nxt: int) -> tuple[str, dict[str, Any]] | None:
    """A 4, 5, 7 or 10 against a player about to go out."""
    counts = view.hand_counts
    n = view.n_players
    near = counts[nxt] <= THREAT
    skip_ten = rank == 10 and n == 2 and view.rules.two_player_reverse == "skip"
    if (rank == 4 or skip_ten) and near:
        return "hint.skip_threat", {"player": nxt, "count": counts[nxt]}
    if rank == 7 and near:
        return "hint.seven_threat", {"player": nxt, "count": counts[nxt]}
    if rank == 10 and n > 2 and near:
        return "hint.reverse_threat", {"player": nxt, "count": counts[nxt]}
    if rank == 5:
        others = [q for q in range(n) if q != view.seat]
        low = min(others, key=lambda q: (counts[q], (q - view.seat) % n))
        if counts[low] <= THREAT:
            return "hint.five_threat", {"player": low, "count": counts[low]}
    return None


def _kept(view: SeatView, rest: Sequence[int]) -> str | None:
    """The 8 (or else the 3) this move keeps while it could have been played."""
    legal_cards = {a.card for a in view.legal if isinstance(a, Play)}
    for wanted in (8, 3):
        for c in rest:
            if RANK_OF[c] == wanted and c in legal_cards:
                return rank_str(c)
    return None


declare("", "hint.go_out", "hint.draw", "hint.draw_hold", "hint.pass", "hint.best")
declare("count", "hint.crank_take", "hint.sheds")
declare("rank", "hint.pass_keeps")
declare("count rank", "hint.sheds_keeps")
declare("player count", "hint.crank_add", "hint.crank_start", "hint.skip_threat",
        "hint.seven_threat", "hint.reverse_threat", "hint.five_threat")
declare("card", "hint.six_follow")
declare("suit count", "hint.name_suit", "hint.keep_suit", "hint.switch", "hint.eight_name",
        "hint.eight_only", "hint.follow")
