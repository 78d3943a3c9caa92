"""Computer opponents: a ``Bot`` per difficulty level, built from ``config/ai.yaml``.

    bot = make_bot("hard")
    action = bot.choose(seat_view(state, seat), history, random.Random(seed))

Levels: ``random``, ``easy`` and ``medium`` (rules of thumb), ``hard`` and ``expert``
(determinized Monte Carlo search), plus any level a player adds to the file. ``oracle`` is for
research only: it reads the full state through ``OracleBot.choose_full`` and is never offered.
"""

from __future__ import annotations

from craits.config.errors import did_you_mean

from .bots import Bot, OracleBot, ProfileBot
from .profiles import Profile, default_profiles, load_profiles

LEVELS = ("random", "easy", "medium", "hard", "expert")


def make_bot(level: str, profiles: dict[str, Profile] | None = None) -> Bot:
    """The bot of ``level`` from ``profiles`` (default: the bundled config/ai.yaml)."""
    profiles = default_profiles() if profiles is None else profiles
    profile = profiles.get(level)
    if profile is None:
        raise ValueError(f"no computer level {level!r}" + did_you_mean(level, profiles))
    if profile.play == "oracle":
        return OracleBot(profile)
    return ProfileBot(profile)


def offered_levels(profiles: dict[str, Profile] | None = None) -> list[str]:
    """Level names a player may choose in the game, in file order."""
    profiles = default_profiles() if profiles is None else profiles
    return [name for name, p in profiles.items() if p.offered]


__all__ = ["LEVELS", "Bot", "OracleBot", "Profile", "ProfileBot", "load_profiles",
           "make_bot", "offered_levels"]
