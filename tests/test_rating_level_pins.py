"""A released level keeps playing the same: each level's play is pinned per version.

The pin of a level is a hash of its reflexes and of its choices on seeded positions (each
position reached by seeded random play from a seeded deal, the level's choice made with a
seeded generator). A change to a level's play changes its hash: the test then fails until the
level's ``version`` is raised in config/ai.yaml, the new version pinned here, and the version
before kept as ``NAME-classic`` (config/ai.yaml's header says the rule).
"""

from __future__ import annotations

import dataclasses
import hashlib
import random

import pytest

from craits.ai import bot_for
from craits.ai.profiles import Profile
from craits.config.levels import default_profiles
from craits.engine import Rules, apply, legal_actions, new_round, redact, seat_view, write_action

pytestmark = pytest.mark.slow  # started first: see conftest.py

POSITIONS = 8  # real choices per level (expert: about 3 s in all)
CLASSIC = "-classic"

# (level, version) -> hash of its play. A new version adds a line; no line is ever removed
# while its version is still a level (the current one or NAME-classic). Expert's version 2,
# superseded before any release, is no longer one.
PINS = {
    ("random", 1): "0cbd1a2df652d595",
    ("easy", 1): "7bb4c34a7074ef52",
    ("medium", 1): "a51d3fa1244da55e",
    ("hard", 1): "5ad19de17f45163d",
    ("expert", 1): "e30bbe52b3cd3ab7",
    ("hard", 2): "99d4b7cfa9c54ceb",  # the learned reader, guesses weighed by the plays
    ("expert", 3): "827399b8ffdfd801",  # the learned reader, guesses weighed by the plays
    ("oracle", 1): "8a105356c5ff981c",
    ("oracle-catch", 1): "24bd3e47fa9156b3",
    ("seer", 1): "b72b123f7cb3cecd",
    ("seer-catch", 1): "f8361b58e3cbe42e",  # the honest bounds: hands face up, not the pile
    ("seer-expert", 1): "4aad61cfc1253b54",
}


def base_name(level: str) -> str:
    return level.removesuffix(CLASSIC)


def positions() -> list[tuple[int, object, list[object]]]:
    """(seed, state, events) of seeded positions where the player to act has a real choice."""
    out = []
    rules = Rules()
    seed = 0
    while len(out) < POSITIONS:
        seed += 1
        players = 2 + seed % 4
        state, events = new_round(rules, players, seed % players, 8, seed)
        events = list(events)
        rng = random.Random(f"pin:{seed}")
        for _ in range(rng.randrange(0, 12)):
            if state.is_over():
                break
            state, more = apply(state, rng.choice(legal_actions(state)))
            events.extend(more)
        if not state.is_over() and len(legal_actions(state)) > 1:
            out.append((seed, state, events))
    return out


def play_hash(profile: Profile) -> str:
    """The hash of the level's reflexes and of its choices on the seeded positions."""
    bot = bot_for(profile)
    digest = hashlib.sha256(repr((profile.announce, profile.call)).encode())
    for seed, state, events in positions():
        seat = state.turn  # type: ignore[attr-defined]
        rng = random.Random(f"pin-choice:{seed}")
        if getattr(bot, "reads_hidden_cards", False):
            action = bot.choose_full(state, rng)  # type: ignore[attr-defined]
        else:
            history = [redact(e, seat) for e in events]  # type: ignore[arg-type]
            action = bot.choose(seat_view(state, seat), history, rng)  # type: ignore[arg-type]
        digest.update(f"{seed}:{write_action(action)};".encode())
    return digest.hexdigest()[:16]


@pytest.mark.parametrize("level", sorted(default_profiles()))
def test_each_level_plays_as_its_version_is_pinned(level: str) -> None:
    profile = default_profiles()[level]
    key = (base_name(level), profile.version)
    assert key in PINS, (f"{level} version {profile.version} is not pinned: add {key} to PINS "
                         f"(and keep an earlier version as {base_name(level)}{CLASSIC})")
    assert play_hash(profile) == PINS[key], (
        f"{level} no longer plays as version {profile.version} did: raise its version in "
        f"config/ai.yaml, pin the new one here, and keep the old one as "
        f"{base_name(level)}{CLASSIC}")


def classic_problems(profiles: dict[str, Profile]) -> list[str]:
    """What breaks the rule: a level past version 1 without an earlier version kept as its
    classic (the last one released: version 1 while none after it has been), or a version not
    pinned."""
    problems = []
    for name, profile in profiles.items():
        if (base_name(name), profile.version) not in PINS:
            problems.append(f"{name} version {profile.version} is not pinned")
        if name.endswith(CLASSIC) or profile.version == 1:
            continue
        classic = profiles.get(name + CLASSIC)
        if classic is None or not 1 <= classic.version < profile.version:
            problems.append(f"{name} is at version {profile.version}: keep an earlier "
                            f"version as {name}{CLASSIC}")
    return problems


def test_an_earlier_version_of_each_changed_level_stays_as_a_classic() -> None:
    assert classic_problems(default_profiles()) == []


def test_a_raised_version_without_its_classic_breaks_the_rule(monkeypatch) -> None:
    hard = dataclasses.replace(default_profiles()["hard"], version=1)
    monkeypatch.setitem(PINS, ("hard", 2), "0" * 16)
    raised = {"hard": dataclasses.replace(hard, version=2)}
    assert classic_problems(raised) == [
        "hard is at version 2: keep an earlier version as hard-classic"]
    kept = {**raised, "hard-classic": dataclasses.replace(hard, name="hard-classic")}
    assert classic_problems(kept) == []
    # A version superseded before release need not be kept: version 3 with version 1 kept.
    monkeypatch.setitem(PINS, ("hard", 3), "0" * 16)
    assert classic_problems({**kept, "hard": dataclasses.replace(hard, version=3)}) == []
    same = {"hard": dataclasses.replace(hard, version=3),
            "hard-classic": dataclasses.replace(hard, name="hard-classic", version=3)}
    assert classic_problems(same) == [
        "hard is at version 3: keep an earlier version as hard-classic"]
    monkeypatch.delitem(PINS, ("hard", 3))
    assert classic_problems({"hard": dataclasses.replace(hard, version=3)}) == [
        "hard version 3 is not pinned",
        "hard is at version 3: keep an earlier version as hard-classic"]


def test_every_shipped_level_is_at_version_one_but_hard_and_expert_who_read_with_the_model(
) -> None:
    versions = {name: p.version for name, p in default_profiles().items()}
    assert versions == {**dict.fromkeys(default_profiles(), 1), "expert": 3, "hard": 2}
    profiles = default_profiles()
    assert profiles["expert"].search.reader == "learned"
    assert profiles["expert"].search.choices > 0
    assert profiles["expert-classic"].search.reader == "rules"
    assert profiles["hard"].search.reader == "learned"
    assert profiles["hard"].search.choices > 0
    assert profiles["hard-classic"].search.reader == "rules"
    assert profiles["hard-classic"].search.choices == 0


def test_a_change_to_a_level_s_play_changes_its_hash() -> None:
    """The pin can fail: one heuristic weight or one rollout less gives another hash."""
    profiles = default_profiles()
    medium = profiles["medium"]
    changed = dataclasses.replace(medium, heuristic=dataclasses.replace(medium.heuristic,
                                                                       shed=3.0))
    assert play_hash(changed) != play_hash(medium)
    hard = profiles["hard"]
    fewer = dataclasses.replace(hard, search=dataclasses.replace(hard.search, iterations=600))
    assert play_hash(fewer) != play_hash(hard)
    forgetful = dataclasses.replace(medium, announce=dataclasses.replace(medium.announce,
                                                                         rate=0.5))
    assert play_hash(forgetful) != play_hash(medium)


def test_a_save_naming_a_level_now_kept_as_a_classic_still_loads(tmp_path, monkeypatch) -> None:
    """Since hard changed, hard-classic is hard as it was (pinned above): once offered, a game
    saved with it loads and seats it again."""
    from craits.config import levels
    from craits.persistence.game_record import read_save
    from craits.seat import Seat
    from craits.session import Session
    from craits.ui.matches import seat_levels_problem

    bundled = tmp_path / "ai.yaml"
    text = open(levels.bundled_path(), encoding="utf-8").read()
    head, classic = text.split("\n  hard-classic:\n", 1)
    offered = classic.replace("offered: false", "offered: true", 1)
    bundled.write_text(f"{head}\n  hard-classic:\n{offered}", encoding="utf-8")
    monkeypatch.setattr(levels, "bundled_path", lambda: bundled)
    levels.default_profiles.cache_clear()
    try:
        assert levels.default_profiles()["hard-classic"].version == 1
        session = Session([Seat("human", "Ana"), Seat("hard-classic", "Bo")], Rules(), 4)
        data = session.to_save()
        kinds = [seat["kind"] for seat in read_save(data).data["seats"]]
        assert kinds == ["human", "hard-classic"] and seat_levels_problem(kinds) is None
        again = Session.from_save(data)
        assert [seat.kind for seat in again.seats] == ["human", "hard-classic"]
    finally:
        levels.default_profiles.cache_clear()
