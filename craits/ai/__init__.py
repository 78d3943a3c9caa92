"""Computer opponents: a ``Bot`` per difficulty level.

    bot = bot_for(profile)      # or craits.config.levels.make_bot("hard") for a bundled level
    action = bot.choose(seat_view(state, seat), history, random.Random(seed))

Levels: ``random``, ``easy`` and ``medium`` (rules of thumb), ``hard`` and ``expert``
(determinized Monte Carlo search; both draw their guesses at the hidden cards from a model
learned on self-play, ``reader``, and hard weighs them by how well the opponents' plays fit
them, ``plausible``), plus any level a player adds to ``config/ai.yaml``.
``oracle`` is for research only: it reads the full state through ``OracleBot.choose_full`` and
is never offered. This package depends on the engine only.
"""

from __future__ import annotations

from .bots import Bot, OracleBot, ProfileBot
from .profiles import Profile

LEVELS = ("random", "easy", "medium", "hard", "expert")


def bot_for(profile: Profile, race: tuple[int, float] | None = None) -> Bot:
    """The computer player a level's profile describes (``race``: its search's, if not the
    table's; see ``search.search``)."""
    if profile.play == "oracle":
        return OracleBot(profile)
    return ProfileBot(profile, race)


__all__ = ["LEVELS", "Bot", "OracleBot", "Profile", "ProfileBot", "bot_for"]
