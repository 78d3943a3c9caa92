"""The game record's format (docs/GAME_RECORD.md), written by one function.

A record is a whole match as one versioned JSON document: what a save holds to replay it
(seed, rules, seats, the action log in the scenario action shape) and nothing of the player's
machine, plus an optional title, note and focus, and the result it reached. The past games kept
in the player's folder (``archive``) and the review's export (``craits.review.record``) both
write it with ``game_record``; the review reads and checks it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from craits.engine import Match, Rules

RECORD_FORMAT = "craits-game"
RECORD_VERSION = 1
RECORD_KEYS = ("format", "version", "seed", "rules", "seats", "actions", "title", "note",
               "focus", "result")
SAVE_KEYS = ("seed", "rules", "seats", "actions")  # what a record shares with a save


def match_result(match: Match) -> dict[str, Any]:
    """What a match reached: rounds finished, each seat's total, whether it is over."""
    return {"finished_rounds": len(match.history), "totals": list(match.totals),
            "over": match.is_over()}


def game_record(
    save: Mapping[str, Any], result: Mapping[str, Any], *, title: str | None = None,
    note: str | None = None, focus: int | None = None,
) -> dict[str, Any]:
    """A save's data (``Session.to_save``) as a game record with the ``result`` it reached
    (``match_result``): plain JSON values, in the order of ``RECORD_KEYS``."""
    record: dict[str, Any] = {"format": RECORD_FORMAT, "version": RECORD_VERSION}
    record["seed"] = save["seed"]
    record["rules"] = Rules.from_dict(dict(save["rules"])).to_dict()
    record["seats"] = [{"kind": seat["kind"], "name": seat["name"]} for seat in save["seats"]]
    record["actions"] = [dict(action) for action in save["actions"]]
    if title:
        record["title"] = title
    if note:
        record["note"] = note
    if focus is not None:
        record["focus"] = focus
    record["result"] = {"finished_rounds": result["finished_rounds"],
                        "totals": list(result["totals"]), "over": result["over"]}
    return record
