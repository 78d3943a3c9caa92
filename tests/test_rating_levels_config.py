"""The levels' fixed ratings and versions in config/ai.yaml: read strictly, never inherited."""

from __future__ import annotations

from pathlib import Path

import pytest

from craits.config import levels
from craits.config.errors import ConfigError
from craits.config.levels import default_profiles, level_ratings, load_profiles


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "levels.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_every_offered_level_is_rated_and_medium_is_the_anchor() -> None:
    ratings = level_ratings()
    offered = [name for name, p in default_profiles().items() if p.offered]
    assert set(ratings) == set(offered)
    assert ratings["medium"][0] == 1500
    # Random plays any card, expert searches deepest: the ends of the scale.
    assert ratings["random"][0] < ratings["medium"][0] < ratings["expert"][0]
    assert min(ratings.values())[0] == ratings["random"][0]
    assert max(ratings.values())[0] == ratings["expert"][0]
    assert all(0 < deviation <= 350 for _, deviation in ratings.values())


def test_a_rating_and_a_version_are_the_levels_own_never_inherited(tmp_path: Path) -> None:
    path = _write(tmp_path, """\
levels:
  nervous:
    extends: hard
    announce: {rate: 0.3, delay: [0.2, 0.4]}
  mine:
    extends: hard
    version: 3
    rating: {value: 1710, deviation: 90}
""")
    profiles = load_profiles(path)
    assert profiles["nervous"].rating is None and profiles["nervous"].version == 1
    assert profiles["mine"].rating == (1710, 90) and profiles["mine"].version == 3
    assert "nervous" not in level_ratings(profiles)


def test_a_table_size_uses_the_ratings_calibrated_at_that_size(tmp_path: Path,
                                                               monkeypatch) -> None:
    """A level is rated against the others at the size of the table it sits at (its
    strength against them changes with how many play); a size without its own figures uses
    the level's rating for all sizes."""
    path = _write(tmp_path, """\
levels:
  easy:
    play: random
    announce: {rate: 0.5, delay: [0.3, 1.5]}
    call: {rate: 0.15, delay: [0.6, 2.5]}
    rating:
      value: 1462
      deviation: 30
      seats: {2: {value: 1400, deviation: 41}, 3: {value: 1440, deviation: 33}}
""")
    monkeypatch.setattr(levels, "bundled_path", lambda: path)
    levels.table_ratings.cache_clear()
    levels.default_profiles.cache_clear()
    try:
        assert level_ratings(seats=2)["easy"] == (1400, 41)
        assert level_ratings(seats=3)["easy"] == (1440, 33)
        assert level_ratings(seats=4)["easy"] == level_ratings()["easy"] == (1462, 30)
        profiles = load_profiles(path)  # levels given: their one rating
        assert level_ratings(profiles, seats=2)["easy"] == (1462, 30)
    finally:
        levels.table_ratings.cache_clear()
        levels.default_profiles.cache_clear()


def test_the_shipped_levels_are_rated_at_every_table_size() -> None:
    for seats in (2, 3, 4, 5):
        ratings = level_ratings(seats=seats)
        assert set(ratings) == set(level_ratings())
        assert ratings["medium"][0] == 1500  # the anchor at every size
        assert ratings["random"][0] < ratings["medium"][0] < ratings["expert"][0]


@pytest.mark.parametrize(("text", "line", "key", "words"), [
    ("levels:\n  x:\n    extends: easy\n    rating: {value: 1500, deviation: 30, "
     "seats: {6: {value: 1500, deviation: 30}}}\n", 4, "levels.x.rating.seats[6]", "at most 5"),
    ("levels:\n  x:\n    extends: easy\n    rating: {value: 1500, deviation: 30, "
     "seats: {2: {value: 1500}}}\n", 4, "levels.x.rating.seats[2].deviation",
     "missing key"),
    ("levels:\n  x:\n    extends: easy\n    rating: {value: '1500', deviation: 30}\n",
     4, "levels.x.rating.value", "expected a number"),
    ("levels:\n  x:\n    extends: easy\n    rating: {value: 1500, deviation: 0}\n",
     4, "levels.x.rating.deviation", "at least 1"),
    ("levels:\n  x:\n    extends: easy\n    rating: {value: 1500}\n",
     4, "levels.x.rating.deviation", "missing key"),
    ("levels:\n  x:\n    extends: easy\n    rating: {value: 1500, deviaton: 3}\n",
     4, "levels.x.rating.deviaton", "did you mean 'deviation'"),
    ("levels:\n  x:\n    extends: easy\n    rating: 1500\n",
     4, "levels.x.rating", "mapping"),
    ("levels:\n  x:\n    extends: easy\n    version: 0\n", 4, "levels.x.version", "at least 1"),
    ("levels:\n  x:\n    extends: easy\n    version: 1.5\n", 4, "levels.x.version", "whole"),
])
def test_a_bad_rating_or_version_names_file_line_and_key(
        tmp_path: Path, text: str, line: int, key: str, words: str) -> None:
    with pytest.raises(ConfigError) as caught:
        load_profiles(_write(tmp_path, text))
    error = caught.value
    assert "levels.yaml" in str(error) and words in str(error)
    assert error.key == key and error.line == line
