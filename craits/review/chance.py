"""The chance events of a seat's round valued, as backgammon programs value a roll: the deal
of its hand and each card it drew, each by the expert's estimate of its result just after the
cards came against just before, on the same guesses at everything else (``value_chance``).
``analysis`` finds them and runs the jobs beside the choices' (``judging``); ``luck`` sums the
jumps into the round's luck. Nothing hidden is read: a guess agrees with what the seat saw."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from craits.ai.plausible import Reading
from craits.engine import Action, Event, Play, SeatView

from .judging import Guesses, ReviewLevel, Worlds, mean_error


@dataclass(frozen=True, slots=True)
class Jump:
    """A chance event valued for the seat (``Chance``): its mean relative score (lower is
    better) had the cards come any way it could not rule out (``before``), and as they came
    (``after``), on the same guesses at everything else; ``error`` is the difference's."""

    number: int
    before: float
    after: float
    error: float

    @property
    def luck(self) -> float:
        """What the cards did, in points in the seat's favour."""
        return self.before - self.after


@dataclass(frozen=True, slots=True)
class Chance:
    """One chance event for a seat, without its history: the deal of its hand (``action``
    None; ``view`` just after the deal) or the cards it drew in step ``number`` (``view``
    just before the step, whose ``action`` by ``actor`` drew them; ``offset`` cards left the
    pile in the step before them). The seat had seen ``end`` events of its log then. The
    guesses read the other seats' plays as their levels play (``thinking.read_as``): a guess
    is right as often as it claims only if it knows an easy player sheds what a sensible one
    keeps, and a draw's luck averages 0 only then."""

    number: int
    view: SeatView
    end: int
    action: Action | None
    actor: int | None
    offset: int
    cards: tuple[int, ...]
    seed: str
    players: tuple[Reading, ...] = ()  # how each seat is read (``thinking.read_as``)

    def value(self, level: ReviewLevel, history: Sequence[Event]) -> Jump:
        return value_chance(level, self, history[:self.end], random.Random(self.seed))


def value_chance(level: ReviewLevel, chance: Chance, history: Sequence[Event],
                 rng: random.Random) -> Jump:
    """The chance event's jump, as backgammon programs value a roll: on each guess at the
    hidden cards the cards as they came against the cards the guess would have given, both
    played out with one rollout seed, over ``compare_iterations`` rollouts in all."""
    view, seat = chance.view, chance.view.seat
    # No catches: the level expects to catch others, never itself, which would make every
    # seat expect to beat the table (by 15 to 30 points a round at three easy players).
    worlds = Worlds(level.profile, view, history, catches=False, rng=rng,
                    players=chance.players)
    befores: list[float] = []
    diffs: list[float] = []
    for _ in range(max(2, level.compare_iterations // 2)):
        if chance.action is None:  # the deal: the hand dealt against as many unseen cards
            hands, pile = worlds.sampler.deal(rng)
            actual = (hands, pile)
            other = _exchanged(hands, pile, _another_hand(hands, pile, seat, rng))
        else:
            found = _drawn(worlds.sampler, chance, rng)
            if found is None:  # a reshuffle came between, or the guesses rule the draw out
                break
            other, actual = found
        reshuffle, seed = rng.getrandbits(48), rng.getrandbits(48)
        worlds_made = [view.position(h, p, reshuffle) for h, p in (actual, other)]
        if chance.action is not None:
            for world in worlds_made:
                world.step(chance.action)
        after, before = (worlds.score(w, seed) for w in worlds_made)
        befores.append(before)
        diffs.append(after - before)
    if not diffs:
        return Jump(chance.number, 0.0, 0.0, 0.0)
    mean, error = mean_error(diffs)
    before = sum(befores) / len(befores)
    return Jump(chance.number, before, before + mean, error if len(diffs) > 1 else 0.0)


Hidden = tuple[list[list[int]], list[int]]


def _exchanged(hands: Sequence[Sequence[int]], pile: Sequence[int],
               swap: dict[int, int]) -> Hidden:
    """The hands and pile with the cards of ``swap`` exchanged in place (a -> b and b -> a)."""
    both = {**swap, **{b: a for a, b in swap.items()}}
    return [[both.get(c, c) for c in h] for h in hands], [both.get(c, c) for c in pile]


def _another_hand(hands: Sequence[Sequence[int]], pile: Sequence[int], seat: int,
                  rng: random.Random) -> dict[int, int]:
    """Exchanges that give ``seat`` a hand of as many cards drawn from its own and every card
    it cannot see: the hand it might have been dealt."""
    own = list(hands[seat])
    hidden = [c for p, h in enumerate(hands) if p != seat for c in h] + list(pile)
    chosen = set(rng.sample(own + hidden, len(own)))
    leaving = [c for c in own if c not in chosen]
    coming = [c for c in hidden if c in chosen]
    return dict(zip(leaving, coming, strict=True))


DRAWN_TRIES = 100  # guesses tried for one the step could come from (most need a few)


def _drawn(sampler: Guesses, chance: Chance, rng: random.Random) -> tuple[Hidden, Hidden] | None:
    """A guess at the hidden cards before the step, and one given the cards drawn as they
    came: the first of the guesses in turn where the step's player could hold the card it
    played, and the first of those with every drawn card in the pile, moved to where it was
    drawn from (the pile's order is a shuffle). Each is so the guesses' own chance given
    what the seat saw. (Exchanging a card with another hand instead handed that opponent a
    card its reading may rule out, such as one of a suit it has shown it lacks.) None when
    the pile is too short (a reshuffle came between) or no guess tried fits (a weighed pool
    sure of another hand)."""
    before: Hidden | None = None
    action, actor = chance.action, chance.actor
    played = action.card if type(action) is Play and actor != chance.view.seat else None
    for _ in range(DRAWN_TRIES):
        hands, pile = sampler.deal(rng)
        if chance.offset + len(chance.cards) > len(pile):
            return None
        if played is not None and actor is not None and played not in hands[actor]:
            if played not in pile or not hands[actor]:
                continue  # a third player's: not a guess the step could come from
            # The actor held it: it takes the place of one of theirs, which goes to the pile.
            mine = rng.randrange(len(hands[actor]))
            at = pile.index(played)
            hands[actor][mine], pile[at] = played, hands[actor][mine]
        before = (hands, pile) if before is None else before
        placed = _placed(pile, chance.offset, chance.cards)
        if placed is not None:
            return before, (hands, placed)
    return None


def _placed(pile: Sequence[int], offset: int, cards: Sequence[int]) -> list[int] | None:
    """The pile with ``cards`` moved to the places from ``offset`` on, each exchanged with
    the card there (None when one of them is not in the pile)."""
    placed = list(pile)
    for place, card in enumerate(cards, start=offset):
        if card not in placed:
            return None
        at = placed.index(card)
        placed[at], placed[place] = placed[place], card
    return placed


def value_in_log(unit: tuple[ReviewLevel, Chance], log: Sequence[Event]) -> Jump:
    """A worker's unit: one chance event valued, reading the seat's log up to it."""
    level, chance = unit
    return chance.value(level, log)
