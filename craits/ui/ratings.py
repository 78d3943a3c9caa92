"""Rating a finished game's players: the levels' fixed ratings from ``config/ai.yaml``, the
players' from their file (``craits.persistence.ratings``), written when they change."""

from __future__ import annotations

import logging

from craits.config import levels
from craits.persistence.keeping import KeptMatch
from craits.persistence.player_files import PlayerFiles
from craits.rating import LevelRating
from craits.ui.seat_names import named_seats

log = logging.getLogger(__name__)


def level_ratings(seats: int | None = None) -> dict[str, LevelRating]:
    """The bundled levels' ratings (at a table of ``seats``); none when the levels file
    cannot be read (the game is then simply not rated: the levels file's problem is told
    where levels are chosen)."""
    try:
        return {name: LevelRating(*pair)
                for name, pair in levels.level_ratings(seats=seats).items()}
    except Exception:
        log.exception("the levels' ratings could not be read")
        return {}


def rate_game(files: PlayerFiles, session: KeptMatch) -> list[str]:
    """Rate the human seats of ``session``'s finished match, once; the names rated (a seat
    without a name of its own is rated under the name the table shows for it)."""
    if not session.match.is_over():
        return []
    try:
        rated = files.ratings.rate_game(session.match_id, named_seats(session.seats),
                                        session.match.history,
                                        level_ratings(len(session.seats)))
    except ValueError as exc:
        log.warning("game not rated: %s", exc)
        return []
    if rated:
        files.save_ratings()
    return rated
