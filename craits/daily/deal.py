"""The deal of the day: numbered deals, like FreeCell's, and the streak of days played.

Deal 1 is 1 January 2026; each day after is the next number, by the player's own calendar
date (local time). A deal number fixes the whole match: its seed, the seats (the player in
seat 0 against ``OPPONENTS``) and the rules (the standard rules over the short game of 8 rounds,
8 cards down to 1: a daily challenge of about ten minutes, where 15 rounds take half an hour).
The seed comes from SHA-256 of a fixed text, so it is the same on every machine: no hash
randomisation, no locale, no floating point. ``DAILY_VERSION`` is part of that text; it changes
only with what a deal number means (the opponents, the rules, the derivation).

Pure: no files, no clock (the date is given).
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta

from craits.engine import Rules

DAILY_VERSION = 1
EPOCH = date(2026, 1, 1)  # deal 1
FIRST_DEAL, LAST_DEAL = 1, 1_000_000  # about 2,700 years of days
OPPONENTS = ("hard", "medium", "hard")
RULES = Rules(game_length="short")
# Seeds of numbered deals lie above every seed a new game draws at random (below 2**31), so a
# finished game's seed tells whether it was a numbered deal.
SEED_BASE = 2**32


@dataclass(frozen=True)
class Deal:
    """Deal ``number``: its seed, the seat kinds (``human`` first) and the rules."""

    number: int
    seed: int
    kinds: tuple[str, ...]
    rules: Rules

    @property
    def day(self) -> date:
        return date_of(self.number)


def check_number(number: int) -> int:
    if not FIRST_DEAL <= number <= LAST_DEAL:
        raise ValueError(f"there is no deal {number}: deals go from {FIRST_DEAL} to {LAST_DEAL}")
    return number


def number_of(day: date) -> int:
    """The deal of ``day`` (a day before deal 1 plays deal 1)."""
    return min(LAST_DEAL, max(FIRST_DEAL, (day - EPOCH).days + 1))


def date_of(number: int) -> date:
    return EPOCH + timedelta(days=check_number(number) - 1)


def deal_seed(number: int) -> int:
    """The match seed of deal ``number``: 62 bits of SHA-256 of a fixed ASCII text."""
    text = f"craits-daily:{DAILY_VERSION}:{check_number(number)}".encode("ascii")
    return SEED_BASE + int.from_bytes(hashlib.sha256(text).digest()[:8], "big") % 2**62


def deal(number: int) -> Deal:
    return Deal(number, deal_seed(number), ("human", *OPPONENTS), RULES)


def streak(days_played: Iterable[date], today: date) -> int:
    """Days in a row with the day's deal played, ending today, or yesterday while today's is
    still to play (a day missed resets it)."""
    played = set(days_played)
    day = today if today in played else today - timedelta(days=1)
    count = 0
    while day in played:
        count += 1
        day -= timedelta(days=1)
    return count


def place(totals: Iterable[int], seat: int = 0) -> int:
    """``seat``'s place, 1 for the lowest total (lower is better; a tie shares the place)."""
    scores = list(totals)
    return 1 + sum(1 for total in scores if total < scores[seat])
