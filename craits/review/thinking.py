"""A computer level's thinking for hints and reviews, from one seat's view and history only.

``decide`` is a level's choice with the search's estimates; ``compare`` scores given actions on
the same guesses and rollouts, so two moves are weighed on equal terms. Both are deterministic
for their generator: the search's time cap, a safety net at the table, is not applied here (a
hint or a review may take a moment longer; it must not depend on how busy the machine is).
Neither ever sees a hidden card: they get a ``SeatView`` and that seat's redacted history.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import replace

from craits.ai import ProfileBot, bot_for
from craits.ai.choices import choice_key
from craits.ai.plausible import SENSIBLY, UNREAD, Reading
from craits.ai.profiles import Profile
from craits.ai.search import SearchBot
from craits.config.levels import default_profiles
from craits.engine import Action, Event, SeatView

# The review's race, keener than the table's (a first look after 24 guesses, 3 standard
# errors): a first look after REVIEW_RACE[0] guesses (a floor), then an action trailing the
# leader by more than REVIEW_RACE[1] standard errors on the same guesses leaves. On the first
# 222 choices of a 4-player game (seed 11) it spends 35 % fewer rollouts choosing; judged on 550
# fresh guesses at every move, its picks lose 0.07 +- 0.10 points more than the table race's
# (1.37 against 1.30: not measurably worse), the same pick 190 times
# (benchmarks/review_speed.py --race 222); on a game it was not tuned on (--seed 12 --race 100),
# 33 % fewer, +0.03 +- 0.08 points, the same pick 88 times. Weighing two moves keeps the table's
# race: a keener one there made the costs shown measurably less exact. The par's player
# chooses with it too (``par.PAR_RACE``): the expert the review shows beside your choices.
REVIEW_RACE = (60, 1.5)

Estimate = tuple[Action, float, int]
"""An action, its mean relative score (own score minus the others' mean; lower is better) and
how many rollouts that mean is over."""


def _no_time_cap() -> float:
    return 0.0


def level_profile(level: str, profiles: Mapping[str, Profile] | None = None) -> Profile:
    """The profile of ``level`` (default: the bundled levels); an oracle, which reads hidden
    cards, is refused."""
    profiles = default_profiles() if profiles is None else profiles
    profile = profiles.get(level)
    if profile is None:
        raise ValueError(f"no computer level {level!r}")
    if profile.play == "oracle":
        raise ValueError(f"level {level!r} reads hidden cards: it cannot advise a player")
    return profile


def read_as(kinds: Sequence[str], profiles: Mapping[str, Profile] | None = None,
            ) -> tuple[Reading, ...]:
    """How the review reads each seat (``judging.Worlds``), by its ``Seat.kind``: a
    rule-of-thumb level by its own weights (medium as the searching levels read everyone),
    its hand from what is certain and its plays, as the learned reader was fitted on other
    hands; a random one from what is certain alone (its plays give nothing away); a
    searching level by the learned reader alone, in its weights fitted on the searching
    levels' own tables; a person, or a level not bundled, sensibly."""
    profiles = default_profiles() if profiles is None else profiles
    return tuple(_reading(profiles.get(kind)) for kind in kinds)


def _reading(profile: Profile | None) -> Reading:
    if profile is not None and profile.play == "search":
        return Reading(None, learned=True, searching=True)
    if profile is not None and profile.play == "random":
        return UNREAD
    if profile is not None and profile.play == "heuristic" \
            and profile.heuristic != SENSIBLY.weights:
        return Reading(profile.heuristic, learned=False)
    return SENSIBLY


def decide(
    profile: Profile, view: SeatView, history: Sequence[Event], rng: random.Random,
    race: tuple[int, float] | None = None,
) -> tuple[Action, list[Estimate]]:
    """The turn action ``profile``'s level takes in ``view``, and the search's estimates of
    every legal action (empty when the level does not search, or searches a tree). ``race``:
    when an action leaves the search (default: as at the table; the review's is
    ``REVIEW_RACE``)."""
    legal = view.legal
    if not legal:
        raise ValueError(f"seat {view.seat} has no turn action to choose now")
    if len(legal) == 1:
        return legal[0], []
    if profile.play == "oracle":
        raise ValueError("an oracle reads hidden cards: it cannot advise a player")
    if profile.play != "search":
        bot = bot_for(profile)
        assert isinstance(bot, ProfileBot)
        return bot.choose(view, history, rng), []
    searcher = SearchBot(profile.search)
    searcher.clock = _no_time_cap
    if race is not None:
        searcher.race = race
    action = searcher.choose_turn(view, history, rng)
    return action, list(searcher.last_report)


def compare(
    profile: Profile, view: SeatView, history: Sequence[Event], actions: Sequence[Action],
    rng: random.Random, iterations: int | None = None,
) -> list[float]:
    """The mean relative score of each of ``actions`` (at most two distinct choices), both
    tried on the same guesses at the hidden cards and the same rollouts: ``iterations``
    rollouts in all (default: the level's budget). Actions the search takes for one choice
    (``choice_key``: two 8s naming the same suit) are one and score the same."""
    for action in actions:
        if action not in view.legal:
            raise ValueError(f"{action} is not legal here")
    choices: dict[object, Action] = {}
    for action in actions:
        choices.setdefault(choice_key(action), action)
    unique = tuple(choices.values())
    if not unique:
        return []
    if len(unique) > 2:
        raise ValueError("compare weighs at most two distinct actions")
    budget = profile.search.iterations if iterations is None else iterations
    # With two actions the search is one stage: every guess tries both.
    settings = replace(profile.search, iterations=max(budget, 2), method="flat")
    searcher = SearchBot(settings)
    searcher.clock = _no_time_cap
    if len(unique) == 1:
        unique = (unique[0], unique[0])
    searcher.choose_turn(replace(view, legal=unique), history, rng)
    means = {choice_key(action): mean for action, mean, _ in searcher.last_report}
    return [means[choice_key(a)] for a in actions]
