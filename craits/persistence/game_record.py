"""The game record's format (docs/GAME_RECORD.md), written by one function.

A record is a whole match as one versioned JSON document: what a save holds to replay it
(seed, rules, seats, the action log in the scenario action shape) and nothing of the player's
machine, plus an optional title, note and focus, and the result it reached. The past games kept
in the player's folder (``archive``) and the review's export (``craits.review.record``) both
write it with ``game_record``; the review reads and checks it. ``game_key`` is the digest by
which the review keeps what it worked out for a game.
"""

from __future__ import annotations

import hashlib
import json
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


KEY_SLICE = 2000  # actions written at a time: a thread making a key lets the window draw


def game_key(save: Mapping[str, Any]) -> str:
    """A digest of what decides a game: its seed, rules, seats and actions (the SHA-256 of
    their JSON, keys sorted, no spaces). The actions are written a slice at a time, so that a
    record at the limit never holds the interpreter for a tenth of a second in one call."""
    def text(value: Any) -> str:
        return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)

    digest = hashlib.sha256()
    for number, key in enumerate(sorted(SAVE_KEYS)):
        digest.update(b"{" if number == 0 else b",")
        digest.update(text(key).encode("ascii") + b":")
        value = save[key]
        if key != "actions" or not isinstance(value, list):
            digest.update(text(value).encode("ascii"))
            continue
        digest.update(b"[")
        for start in range(0, len(value), KEY_SLICE):
            if start:
                digest.update(b",")
            digest.update(text(value[start:start + KEY_SLICE])[1:-1].encode("ascii"))
        digest.update(b"]")
    digest.update(b"}")
    return digest.hexdigest()[:32]
