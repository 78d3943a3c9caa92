"""Every level chooses legal actions, deterministically, from what its seat may see."""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from craits.ai import LEVELS, Bot, OracleBot
from craits.config.levels import load_profiles, make_bot, offered_levels
from craits.engine import Rules, apply, legal_actions, new_round, redact, seat_view

pytestmark = pytest.mark.slow  # started first: see conftest.py

VARIANTS = [
    Rules(),
    Rules(play_drawn_card=True, seven_skips=True),
    Rules(draw_when_able=True, crank_optional=True, two_player_reverse="none"),
    Rules(starter_card_effects=False, announce_last_card=False,
          threes="bonus_only_if_all_threes"),
    Rules(play_drawn_card=True, draw_when_able=True, idiot_penalty=0),
]


def _quick_profiles(iterations: int = 12) -> dict:
    """The bundled levels with a tiny search budget: legality does not depend on it."""
    profiles = load_profiles()
    quick = {
        name: dataclasses.replace(
            p, search=dataclasses.replace(p.search, iterations=iterations, time_cap=30.0))
        for name, p in profiles.items()
    }
    hard = quick["hard"]
    quick["tree"] = dataclasses.replace(  # the tree search, which no bundled level uses yet
        hard, name="tree", search=dataclasses.replace(hard.search, method="ismcts"))
    return quick


def _positions(rules: Rules, games: int, seed: int):
    """(state, history by seat) along random rounds of 2-5 players and all sizes."""
    rng = random.Random(seed)
    for game in range(games):
        n = 2 + game % 4
        state, events = new_round(rules, n, game % n, 1 + game % 8, seed=seed * 1000 + game)
        histories = [[redact(e, s) for e in events] for s in range(n)]
        for _ in range(60):
            if state.is_over():
                break
            yield state, histories
            state, events = apply(state, rng.choice(legal_actions(state)))
            for s in range(n):
                histories[s].extend(redact(e, s) for e in events)


def _choose(bot: Bot, state, histories, seed: int):
    rng = random.Random(seed)
    if isinstance(bot, OracleBot):
        return bot.choose_full(state, rng)
    return bot.choose(seat_view(state, state.turn), histories[state.turn], rng)


@pytest.mark.parametrize("rules", VARIANTS, ids=lambda r: str(VARIANTS.index(r)))
def test_every_level_always_chooses_a_legal_action(rules: Rules) -> None:
    profiles = _quick_profiles()
    bots = {name: make_bot(name, profiles) for name in profiles}
    phases: Counter[str] = Counter()
    searched = 0
    for i, (state, histories) in enumerate(_positions(rules, 80, seed=VARIANTS.index(rules))):
        legal = legal_actions(state)
        phases[state.phase] += 1
        for name, bot in bots.items():
            if profiles[name].play in ("search", "oracle"):
                if i % 40 or len(legal) == 1:  # fewer positions for the slow levels
                    continue
                searched += 1
            action = _choose(bot, state, histories, seed=i)
            assert action in legal, (name, state, action)
    assert sum(phases.values()) > 400 and searched > 10
    if rules.play_drawn_card:
        assert phases["drawn"] > 0


def test_levels_are_registered_and_the_oracle_is_not_offered() -> None:
    assert set(LEVELS) <= set(offered_levels())
    assert "oracle" not in offered_levels()
    for level in LEVELS:
        assert make_bot(level).level == level
        assert isinstance(make_bot(level), Bot)
    with pytest.raises(ValueError, match="did you mean 'medium'"):
        make_bot("meduim")
    state, events = new_round(Rules(), 2, 0, 5, seed=1)
    with pytest.raises(TypeError, match="choose_full"):
        make_bot("oracle").choose(seat_view(state, state.turn), list(events), random.Random(1))


@pytest.mark.parametrize("level", ["easy", "medium", "hard", "expert", "tree"])
def test_same_seed_same_choice(level: str) -> None:
    bot = make_bot(level, _quick_profiles(30))
    choices = []
    for i, (state, histories) in enumerate(_positions(Rules(), 12, seed=4)):
        if i % 4 or len(legal_actions(state)) == 1:
            continue
        first = _choose(bot, state, histories, seed=i)
        random.seed(99)  # the global generator must not matter
        assert _choose(bot, state, histories, seed=i) == first
        choices.append(first)
    assert len(choices) > 10


# Drawing is always allowed and a crank may be taken, so the same actions stay legal when the
# cards a seat never saw are dealt differently.
OPEN_RULES = Rules(draw_when_able=True, crank_optional=True)


def _twin_worlds(seed: int, seat_of_interest: int, steps: int, rng: random.Random):
    """Two rounds that ``seat`` cannot tell apart: the same actions, with the cards the seat
    never saw (others' hands, the draw pile) dealt differently. Returns both histories."""
    n = 2 + seed % 4
    seat = seat_of_interest % n
    start, dealt = new_round(OPEN_RULES, n, seed % n, 6, seed=seed)
    state, actions, log = start, [], list(dealt)
    for _ in range(steps):
        if state.is_over():
            break
        action = rng.choice(legal_actions(state))
        actions.append(action)
        state, events = apply(state, action)
        log.extend(events)
    seen = set(state.hands[seat]) | set(state.discard)
    for e in log:
        if type(e).__name__ in ("CardPlayed", "StarterTurned"):
            seen.add(e.card)
        elif type(e).__name__ in ("CardsDealt", "CardsDrawn") and e.player == seat:
            seen.update(e.cards)
    # Permute the never-seen cards among the places they were dealt to.
    places = [(p, i) for p in range(n) for i, c in enumerate(start.hands[p]) if c not in seen]
    places += [(-1, i) for i, c in enumerate(start.draw_pile) if c not in seen]
    cards = [(start.hands[p] if p >= 0 else start.draw_pile)[i] for p, i in places]
    shuffled = cards[:]
    while len(set(cards)) > 1 and shuffled == cards:
        rng.shuffle(shuffled)
    hands = [list(h) for h in start.hands]
    pile = list(start.draw_pile)
    for (p, i), c in zip(places, shuffled, strict=True):
        (hands[p] if p >= 0 else pile)[i] = c
    twin = start.replace(hands=tuple(map(tuple, hands)), draw_pile=tuple(pile))
    # The deal as the twin's players got it; the starter's effects name the same cards, or
    # cards hidden from ``seat`` alike.
    twin_log = [e._replace(cards=twin.hands[e.player][: e.count])
                if type(e).__name__ == "CardsDealt" else e for e in dealt]
    for action in actions:
        twin, events = apply(twin, action)
        twin_log.extend(events)
    return seat, (state, log), (twin, twin_log)


@pytest.mark.parametrize("level", ["random", "easy", "medium", "hard", "expert", "tree"])
def test_hidden_cards_do_not_change_a_decision(level: str) -> None:
    bot = make_bot(level, _quick_profiles(30))
    rng = random.Random(5)
    checked = 0
    for game in range(40):
        seat, (state, log), (twin, twin_log) = _twin_worlds(game, game, 4 + game % 9, rng)
        if state.is_over() or state.turn != seat or len(legal_actions(state)) == 1:
            continue
        assert (twin.hands, twin.draw_pile) != (state.hands, state.draw_pile)
        view, twin_view = seat_view(state, seat), seat_view(twin, seat)
        history = [redact(e, seat) for e in log]
        twin_history = [redact(e, seat) for e in twin_log]
        assert view == twin_view and history == twin_history
        first = bot.choose(view, history, random.Random(game))
        assert bot.choose(twin_view, twin_history, random.Random(game)) == first
        checked += 1
    assert checked > 5


def test_reflexes_follow_the_profile_rates() -> None:
    profiles = load_profiles()
    state, _ = new_round(Rules(), 3, 0, 2, seed=2)
    state = state.replace(hands=((1,), *state.hands[1:]), window=0)  # seat 0 played to one card
    view = seat_view(state, 0)
    assert view.can_announce and not view.can_call
    for level in ("easy", "expert"):
        bot = make_bot(level)
        delays = [bot.announce_delay(view, [], random.Random(k)) for k in range(400)]
        made = [d for d in delays if d is not None]
        rate = profiles[level].announce.rate
        assert abs(len(made) / 400 - rate) < 0.08
        low, high = profiles[level].announce.delay_min, profiles[level].announce.delay_max
        assert all(low <= d <= high for d in made)
        assert bot.call_delay(view, [], random.Random(1)) is None  # no one else to call
        other = seat_view(state, 1)
        calls = [bot.call_delay(other, [], random.Random(k)) for k in range(400)]
        assert abs(sum(d is not None for d in calls) / 400 - profiles[level].call.rate) < 0.08
