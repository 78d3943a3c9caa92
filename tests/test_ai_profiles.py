"""config/ai.yaml: every level loads and sets every knob; bad files are refused clearly."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
import yaml

from craits.ai import LEVELS
from craits.ai.heuristic import HeuristicWeights
from craits.ai.rollout_weights import RolloutWeights
from craits.ai.search import SearchSettings
from craits.config.errors import ConfigError
from craits.config.levels import bundled_path, load_profiles, make_bot


def _names(cls: type) -> set[str]:
    return {f.name for f in dataclasses.fields(cls)}


def test_bundled_levels_load_and_make_bots() -> None:
    profiles = load_profiles()
    assert set(LEVELS) | {"oracle"} <= set(profiles)
    for name, profile in profiles.items():
        assert make_bot(name, profiles).level == name
        assert 0 <= profile.announce.rate <= 1 and profile.call.rate <= 1
        assert profile.description
    assert profiles["expert"].search.iterations > profiles["hard"].search.iterations
    assert profiles["oracle"].offered is False


def test_the_oracle_stays_pinned_and_oracle_catch_expects_what_hard_does() -> None:
    """The oracle is hard's search of the strength goals' time with every card face up (1,000
    rollouts, no catches expected); oracle-catch is that search as hard runs it now. A change to
    hard's expectation must move the stricter bound with it."""
    profiles = load_profiles()
    hard, oracle, strict = profiles["hard"], profiles["oracle"], profiles["oracle-catch"]
    assert oracle.play == strict.play == "oracle"
    assert not oracle.offered and not strict.offered
    assert (oracle.search.iterations, oracle.search.catch) == (1000, 0.0)
    assert strict.search.catch == hard.search.catch > 0
    assert dataclasses.replace(strict.search, catch=0.0) == oracle.search
    assert oracle.search.rollout == hard.search.rollout


def test_every_knob_is_written_in_the_bundled_file() -> None:
    """The file, not the code's defaults, is where each level's behaviour is read from."""
    levels = yaml.safe_load(Path(bundled_path()).read_text(encoding="utf-8"))["levels"]
    for name, level in levels.items():
        if "extends" in level:
            continue
        if level["play"] == "heuristic":
            assert set(level["heuristic"]) == _names(HeuristicWeights), name
        if level["play"] == "search":
            assert set(level["search"]) == _names(SearchSettings), name
            assert set(level["search"]["rollout"]) == _names(RolloutWeights), name


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "levels.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_a_player_can_add_a_level_extending_another(tmp_path: Path) -> None:
    path = _write(tmp_path, """\
levels:
  nervous:
    extends: medium
    description: Plays well, forgets to announce.
    announce: {rate: 0.3, delay: [0.2, 0.4]}
  deep:
    extends: expert
    search: {iterations: 5000}
""")
    profiles = load_profiles(path)
    medium, nervous = profiles["medium"], profiles["nervous"]
    assert nervous.heuristic == medium.heuristic and nervous.play == "heuristic"
    assert nervous.announce.rate == 0.3 and nervous.call == medium.call
    deep = profiles["deep"]
    assert deep.search.iterations == 5000
    assert deep.search.rollout == profiles["expert"].search.rollout
    assert deep.search.opponent_model == profiles["expert"].search.opponent_model
    assert make_bot("nervous", profiles).level == "nervous"


@pytest.mark.parametrize(
    ("text", "line", "key", "words"),
    [
        ("levels:\n  x:\n    extends: medium\n    anounce: {rate: 1, delay: [0, 1]}\n",
         4, "levels.x.anounce", "did you mean 'announce'"),
        ("levels:\n  x:\n    extends: medium\n    call: {rate: 1.5, delay: [0, 1]}\n",
         4, "levels.x.call.rate", "at most 1"),
        ("levels:\n  x:\n    extends: medium\n    call: {rate: 0.5, delay: [2, 1]}\n",
         4, "levels.x.call.delay", "backwards"),
        ("levels:\n  x:\n    extends: hard\n    search:\n      iterations: '600'\n",
         5, "levels.x.search.iterations", "whole number"),
        ("levels:\n  x:\n    extends: hard\n    search:\n      iterations: 0\n",
         5, "levels.x.search.iterations", "at least 1"),
        ("levels:\n  x:\n    extends: hrad\n", 3, "levels.x.extends", "did you mean 'hard'"),
        ("levels:\n  x:\n    extends: y\n  y:\n    extends: x\n", None, "extends", "loop"),
        ("levels:\n  x:\n    description: no play\n", 2, "levels.x", "missing key 'play'"),
        ("levels:\n  x:\n    extends: easy\n    heuristic: {plan: 2}\n",
         4, "levels.x.heuristic.plan", "at most 1"),
        ("levels:\n  x:\n    play: cheat\n", 3, "levels.x.play", "allowed values"),
        ("levels:\n  Bad Name:\n    extends: easy\n", 2, "levels.Bad Name", "level name"),
        ("levels:\n  x:\n    extends: easy\n  x:\n    extends: medium\n", 4, "x", "duplicate"),
    ],
)
def test_bad_values_are_refused_with_file_line_and_key(
    tmp_path: Path, text: str, line: int | None, key: str, words: str
) -> None:
    path = _write(tmp_path, text)
    with pytest.raises(ConfigError) as caught:
        load_profiles(path)
    error = caught.value
    assert "levels.yaml" in str(error)
    assert words in str(error)
    assert key in (error.key or "")
    if line is not None:
        assert error.line == line


def test_an_unknown_level_name_is_refused() -> None:
    with pytest.raises(ValueError, match="no computer level 'grandmaster'"):
        make_bot("grandmaster")
