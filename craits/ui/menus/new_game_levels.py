"""The levels a computer seat may take on the new-game screen, and what they are called.

The current levels (``craits.persistence.LEVELS``), then, for each of them whose previous
version ``config/ai.yaml`` keeps (``NAME-classic``, see ``craits.config.levels.classics``),
that classic, shown as "Hard (classic)". A levels file that cannot be read offers no classic
(the screen that seats the levels tells the file's problem).
"""

from __future__ import annotations

import logging

from craits import i18n
from craits.config import levels
from craits.persistence import LEVELS

log = logging.getLogger(__name__)


def seat_levels() -> list[str]:
    """The levels in chooser order: the current ones, then each one's classic, if kept."""
    try:
        kept = levels.classics()
    except Exception:  # a broken levels file: the current levels only
        log.exception("the levels file could not be read for its classic levels")
        kept = {}
    return [*LEVELS, *(kept[level] for level in LEVELS if level in kept)]


def base_level(level: str) -> str:
    """The level a classic is the previous version of (``hard-classic`` -> ``hard``)."""
    return level.removesuffix(levels.CLASSIC)


def is_classic(level: str) -> bool:
    return level != base_level(level) and base_level(level) in LEVELS


def level_label(level: str) -> str:
    """``Hard``, or ``Hard (classic)`` for the kept previous version of Hard."""
    return i18n.level_name(level)


def level_note(level: str) -> str:
    """The level named and described in a line (the screen's note under the pointer)."""
    if is_classic(level):
        return f"{level_label(level)}: {i18n.t('classic.note')}"
    return f"{level_label(level)}: {i18n.level_description(level)}"


def chosen_level(kind: str, offered: list[str]) -> str:
    """The level a remembered seat kind comes back as: itself while offered; a classic no
    longer kept, its current level; anything else, medium."""
    if kind in offered:
        return kind
    return base_level(kind) if base_level(kind) in offered else "medium"
