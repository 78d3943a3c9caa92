"""A worker judging the review's choices loads only what judging needs (craits/review/__init__.py
imports its names on first use): each worker pays its imports at every review's start."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import craits.review

ROOT = Path(__file__).resolve().parent.parent

# What a worker imports: its entry (craits.work.worker) and what a unit unpickles into.
HELPER = """
import sys
import craits.work.worker, craits.review.judging
print(" ".join(sorted(m for m in sys.modules if m.startswith("craits."))))
"""


def test_a_review_worker_imports_neither_records_nor_settings_nor_files() -> None:
    result = subprocess.run([sys.executable, "-c", HELPER], cwd=ROOT, capture_output=True,
                            text=True, timeout=120, check=False)
    assert result.returncode == 0, result.stderr
    loaded = set(result.stdout.split())
    assert "craits.review.judging" in loaded
    assert not loaded & {"craits.persistence", "craits.persistence.game_record",
                         "craits.review.record", "craits.review.analysis",
                         "craits.review.replay", "craits.review.coaching"}, loaded


def test_every_name_of_the_review_package_is_still_there() -> None:
    assert all(getattr(craits.review, name) is not None for name in craits.review.__all__)
    from craits.review import RECORD_FORMAT, Replay, analyse_round
    from craits.review.analysis import analyse_round as home
    from craits.review.replay import Replay as replay_home
    assert (Replay, analyse_round, RECORD_FORMAT) == (replay_home, home, "craits-game")


def test_a_name_the_review_package_lacks_is_an_attribute_error() -> None:
    try:
        craits.review.nothing_of_the_sort  # noqa: B018
    except AttributeError as exc:
        assert "nothing_of_the_sort" in str(exc)
    else:
        raise AssertionError("no AttributeError")
