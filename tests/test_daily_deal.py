"""Numbered deals: the number of a day, the seed of a number (the same on every machine), the
same cards on every run, the streak of days played and a seat's place."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import date

import pytest

from craits.daily.deal import (
    EPOCH,
    OPPONENTS,
    RULES,
    date_of,
    deal,
    deal_seed,
    number_of,
    place,
    streak,
)
from craits.engine import new_match

# Deal 336 (2 December 2026) as this version deals it: a change here changes every player's deal.
DEAL_336_SEED = 4184269081169104714


def hands(number: int) -> list[list[str]]:
    """Every round's hands of deal ``number`` as dealt (the deals do not depend on the play)."""
    the_deal = deal(number)
    match, _ = new_match(len(the_deal.kinds), the_deal.rules, the_deal.seed)
    return [[str(card) for card in hand] for hand in match.state.hands]


def test_a_day_has_one_number_and_back():
    assert number_of(EPOCH) == 1
    assert number_of(date(2026, 12, 2)) == 336
    assert number_of(date(2025, 6, 1)) == 1  # before the first deal: the first
    for number in (1, 336, 10_000):
        assert number_of(date_of(number)) == number


def test_a_number_that_is_no_deal_is_refused():
    for number in (0, -3, 1_000_001):
        with pytest.raises(ValueError, match="there is no deal"):
            deal(number)


def test_a_deal_fixes_seed_seats_and_rules():
    the_deal = deal(336)
    assert the_deal.seed == deal_seed(336) == DEAL_336_SEED
    assert the_deal.kinds == ("human", *OPPONENTS)
    assert the_deal.rules == RULES and RULES.game_length == "short"
    assert len({deal_seed(n) for n in range(1, 2000)}) == 1999
    assert all(deal_seed(n) >= 2**31 for n in range(1, 200))  # never a new game's random seed


def test_the_same_deal_deals_the_same_cards_on_two_runs():
    assert hands(336) == hands(336)
    assert hands(336) != hands(337)


def test_the_same_deal_deals_the_same_cards_on_another_machine():
    """Another process with another hash seed and locale: the same seed and the same cards."""
    code = ("import json; from tests.test_daily_deal import hands; from craits.daily.deal import "
            "deal_seed; print(json.dumps([deal_seed(336), hands(336)]))")
    env = {**os.environ, "PYTHONHASHSEED": "12345", "LC_ALL": "C", "LANG": "cs_CZ.UTF-8",
           "TZ": "Pacific/Kiritimati"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True, cwd=os.path.dirname(os.path.dirname(__file__)))
    assert json.loads(out.stdout) == [DEAL_336_SEED, hands(336)]


def test_the_streak_counts_days_in_a_row_and_a_missed_day_resets_it():
    today = date(2026, 12, 2)
    days = [date(2026, 11, 28), date(2026, 11, 30), date(2026, 12, 1)]
    assert streak(days, today) == 2  # today still to play: yesterday's streak stands
    assert streak([*days, today], today) == 3
    assert streak([date(2026, 11, 30)], today) == 0  # yesterday missed
    assert streak([], today) == 0


def test_place_is_one_for_the_lowest_total_and_ties_share_it():
    assert place([10, 20, 5, 30]) == 2
    assert place([5, 20, 5, 30]) == 1
    assert place([40, 20, 5, 30]) == 4
