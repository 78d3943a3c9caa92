"""Soak, the short version: whole computer-only matches through the Session with real bots,
saved and recorded every round like the app does; every match ends, and memory stays flat.
The long version is ``benchmarks/soak.py``, whose loop this runs."""

from __future__ import annotations

import dataclasses
import importlib.util
import json
import sys
from pathlib import Path

import pytest

from craits.engine import Rules
from craits.session import Seat

pytestmark = pytest.mark.slow  # started first: see conftest.py

ROOT = Path(__file__).resolve().parents[1]
# Memory still allocated after the last match, beyond what it was after the warm-up: a few
# kilobytes of interpreter caches settle there; a kept match (events, log) costs far more.
FLAT_BYTES = 48 * 1024


@pytest.fixture(scope="module")
def soak_module():
    spec = importlib.util.spec_from_file_location("craits_soak", ROOT / "benchmarks" / "soak.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up there
    spec.loader.exec_module(module)
    return module


def short_rules() -> Rules:
    return dataclasses.replace(Rules(), game_length="short")


def test_matches_end_and_memory_stays_flat(soak_module, tmp_path):
    seats = [Seat("medium", "Ana"), Seat("easy", "Bo"), Seat("easy", "Cy")]
    # A warm-up, then two matches: memory after the third is that after the second (a match
    # kept costs far more than FLAT_BYTES, test_the_soak_notices_memory_that_is_kept).
    result = soak_module.soak(seats, short_rules(), matches=3, seed=100, home=tmp_path)
    assert result.matches == 3
    assert result.rounds == 3 * 8  # a short game is the 8 rounds down to one card
    assert result.actions > 3 * 8 * 3
    growth = result.after_match[-1] - result.after_match[1]
    assert growth < FLAT_BYTES, f"{growth} bytes kept after {result.matches} matches"
    # Every round was recorded (the first seat counts as the player) and the save was
    # cleared at the end, as when a match finishes in the app.
    stats = json.loads((tmp_path / "stats.json").read_text("utf-8"))["data"]
    assert stats["rounds"]["overall"]["played"] == 8
    assert stats["games"]["overall"]["played"] == 1
    assert not (tmp_path / "save.json").exists()


def test_the_soak_notices_memory_that_is_kept(soak_module, tmp_path):
    kept = []
    seats = [Seat("easy", "Ana"), Seat("medium", "Bo")]
    result = soak_module.soak(seats, short_rules(), matches=3, seed=7, home=tmp_path,
                              keep=kept.append)
    assert result.after_match[-1] - result.after_match[1] > FLAT_BYTES
    assert result.growth_per_match(warm_up=0) > FLAT_BYTES / 2
