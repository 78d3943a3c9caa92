"""The yardsticks of the computer levels' choices and guesses (``benchmarks/ai_regret.py`` and
``benchmarks/ai_reading.py``) measure what they say they measure."""

from __future__ import annotations

import importlib
import random
import sys
from pathlib import Path

import pytest

from craits.ai.rollout import RolloutPolicy
from craits.engine import Play, Rules
from craits.engine.cards import SUIT_OF
from craits.engine.notation import read_card as parse_card

ROOT = Path(__file__).resolve().parents[1]


def _benchmark(name: str):
    """A module of ``benchmarks/`` (a folder of scripts, not a package)."""
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))


@pytest.fixture(scope="module")
def yardsticks():
    return _benchmark("ai_reading"), _benchmark("ai_regret")


def _choice(ai_reading, hands: list[str], top: str):
    from test_ai_search import _position  # the searching levels' hand-made positions

    view, history = _position(hands, top)
    cards = tuple(tuple(parse_card(c) for c in h.split()) for h in hands)
    return ai_reading.Choice(view, history, cards)


def test_true_values_see_the_cards_no_player_sees(yardsticks) -> None:
    ai_reading, ai_regret = yardsticks
    # Heads-up, the other player holds only the 7S: leaving spades in force lets them go out;
    # a 4 (a skip) or another suit keeps them in.
    choice = _choice(ai_reading, ["8C KS 4D 5D", "7S"], top="KD")
    values = ai_regret.true_values(choice, RolloutPolicy(), 300, seed=3)
    assert set(values) == set(choice.view.legal)
    eight = {a.suit: v for a, v in values.items() if a.card == parse_card("8C")}
    skip, king = values[Play(parse_card("4D"))], values[Play(parse_card("KS"))]
    assert king > skip + 50
    assert eight[SUIT_OF[parse_card("KS")]] > max(
        v for suit, v in eight.items() if suit != SUIT_OF[parse_card("KS")]) + 20


def test_guesses_reading_choices_place_more_cards_right_than_certainties_alone(
        yardsticks) -> None:
    ai_reading, _ = yardsticks
    choices = [c for seed in (11, 12) for c in ai_reading.watch(
        ["medium", "medium"], seed, Rules(game_length="short"))]
    assert len(choices) > 50
    rng = random.Random(5)
    certain = [ai_reading.scores(c, 0.0, 8, rng) for c in choices]
    read = [ai_reading.scores(c, 1.0, 8, rng) for c in choices]
    learned = [ai_reading.scores(c, "learned", 8, rng) for c in choices]
    weighed = [ai_reading.scores(c, "learned+choices", 8, rng) for c in choices]
    for placed, brier in certain + read + learned + weighed:
        assert 0.0 <= placed <= 1.0 and 0.0 <= brier <= 2.0

    def mean(rows, j):
        return sum(r[j] for r in rows) / len(rows)

    assert mean(read, 0) > mean(certain, 0)
    assert mean(read, 1) < mean(certain, 1)
    assert mean(learned, 0) > mean(certain, 0)  # the model (craits/ai/reader.py) too
    assert mean(learned, 1) < mean(certain, 1)
    assert mean(weighed, 0) > mean(learned, 0)  # weighed by the plays (craits/ai/plausible.py)


def test_strength_with_the_same_reflexes_measures_the_cards_alone(tmp_path, capsys) -> None:
    # A level that plays medium's cards with quicker, surer reflexes: ahead of medium as it is,
    # level with it once every level has medium's reflexes.
    levels = tmp_path / "quick.yaml"
    levels.write_text("levels:\n  quick:\n    extends: medium\n    description: Quick.\n"
                      "    announce: {rate: 1.0, delay: [0.05, 0.1]}\n"
                      "    call: {rate: 1.0, delay: [0.05, 0.1]}\n", encoding="utf-8")
    ai_strength = _benchmark("ai_strength")
    args = ["--ai", str(levels), "--pairs", "quick:medium", "--deals", "8", "--seed", "3"]

    def row() -> list[str]:
        out = capsys.readouterr().out
        return next(line for line in out.splitlines() if line.startswith("quick vs medium")
                    ).split()

    assert ai_strength.main(args) == 0
    as_is = row()
    assert float(as_is[4]) < 0 and as_is[7:9] == ["A", "ahead"]
    assert ai_strength.main([*args, "--reflexes", "medium"]) == 0
    alike = row()
    assert float(alike[4]) == 0.0 and alike[7] == "unclear"


def test_a_share_of_the_oracles_edge_pairs_the_deals() -> None:
    # The same deals: a level that always makes half the oracle's edge has exactly half, with
    # no error, however much the deals differ; apart, the two errors add.
    edge_share = _benchmark("ai_strength").edge_share
    top = [-90.0, -40.0, -120.0, -70.0]
    mine = [x / 2 for x in top]
    share, se = edge_share(mine, top, (-40.0, 9.0), (-80.0, 18.0))
    assert share == pytest.approx(0.5) and se == pytest.approx(0.0)
    share, se = edge_share(mine[:3], top, (-40.0, 9.0), (-80.0, 18.0))
    assert share == pytest.approx(0.5)
    assert se == pytest.approx(0.5 * ((9 / 40) ** 2 + (18 / 80) ** 2) ** 0.5)


def test_the_goals_are_shares_of_oracle_catch_s_edge_and_the_seers_say_what_reading_gives(
) -> None:
    from craits.config.levels import default_profiles

    ai_strength = _benchmark("ai_strength")
    rows = [("hard", "medium", -50.0, 3.0), ("oracle-catch", "medium", -100.0, 2.0),
            ("seer-catch", "medium", -62.5, 2.0), ("expert", "hard", -10.0, 4.0)]
    per_deal = {"hard:medium": [-40.0, -60.0], "oracle-catch:medium": [-80.0, -120.0],
                "seer-catch:medium": [-50.0, -75.0], "expert:hard": [-5.0, -15.0]}
    lines = ai_strength.share_lines(rows, per_deal, default_profiles())
    assert lines == [
        "hard achieves 50.0% +- 0.0% of the oracle-catch's edge over medium (goal 60%)",
        "hard achieves 80.0% +- 0.0% of the seer-catch's edge over medium",
    ]
