"""The game record's format (docs/GAME_RECORD.md), written by one function, and ``read_save``,
the one reading of a save's data (or a record's match) into its typed form
(``craits.engine.notation.SaveData``).

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

from craits.config.levels import default_profiles
from craits.engine import Match, Rules
from craits.engine.notation import RECORD_FORMAT as RECORD_FORMAT
from craits.engine.notation import RECORD_VERSION as RECORD_VERSION
from craits.engine.notation import (
    GameRecord,
    MatchRecord,
    MatchResult,
    ReadMatch,
    read_game_record,
    read_match,
)


def read_save(data: object) -> ReadMatch:
    """``data`` read as a save's (``craits.engine.notation.read_match``), refusing a seat of a
    level that reads the hidden cards (``play: oracle`` in config/ai.yaml: for research, never
    seated by the game, so a save or record with one was edited); ``NotationError`` (a
    ``ValueError``) names the first problem by its path."""
    return read_match(data, _research_only)


def read_record_document(data: object, *, actions: bool = True) -> ReadMatch:
    """``data`` read as a game record (``craits.engine.notation.read_game_record``), its seats
    as ``read_save`` reads a save's."""
    return read_game_record(data, _research_only, actions=actions)


def _research_only(level: str) -> str | None:
    if reads_hidden_cards(level):
        return f"the level {level!r} reads the hidden cards: it is for research and never " \
               "takes a seat"
    return None


def reads_hidden_cards(level: str) -> bool:
    """Whether ``level`` is a bundled level that plays with every card face up (research only).

    A levels file that cannot be read seats no level at all (the table and the review say so
    where they seat one), so nothing here can read hidden cards then either."""
    try:
        profile = default_profiles().get(level)
    except Exception:  # the file's own problem, reported where levels are seated
        return False
    return profile is not None and profile.play == "oracle"


def match_result(match: Match) -> MatchResult:
    """What a match reached: rounds finished, each seat's total, whether it is over."""
    return {"finished_rounds": len(match.history), "totals": list(match.totals),
            "over": match.is_over()}


def game_record(
    save: MatchRecord, result: MatchResult, *, title: str | None = None,
    note: str | None = None, focus: int | None = None,
) -> GameRecord:
    """A save's data (``Session.to_save``) as a game record with the ``result`` it reached
    (``match_result``): plain JSON values, in the order of ``RECORD_KEYS``."""
    record: GameRecord = {
        "format": RECORD_FORMAT, "version": RECORD_VERSION, "seed": save["seed"],
        "rules": Rules.from_dict(dict(save["rules"])).to_dict(),
        "seats": [{"kind": seat["kind"], "name": seat["name"]} for seat in save["seats"]],
        "actions": [action.copy() for action in save["actions"]],
    }
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


def game_key(save: Mapping[str, object]) -> str:
    """A digest of what decides a game: its seed, rules, seats and actions (the SHA-256 of
    their JSON, keys sorted, no spaces). The actions are written a slice at a time, so that a
    record at the limit never holds the interpreter for a tenth of a second in one call."""
    def text(value: object) -> str:
        return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)

    digest = hashlib.sha256()  # as the JSON of the four, keys sorted: actions first
    actions = save["actions"]
    if isinstance(actions, list):
        digest.update(b'{"actions":[')
        for start in range(0, len(actions), KEY_SLICE):
            if start:
                digest.update(b",")
            digest.update(text(actions[start:start + KEY_SLICE])[1:-1].encode("ascii"))
        digest.update(b"]")
    else:  # digested as it is: a match is checked where it is read
        digest.update(f'{{"actions":{text(actions)}'.encode("ascii"))
    for key in ("rules", "seats", "seed"):
        digest.update(f",{text(key)}:{text(save[key])}".encode("ascii"))
    digest.update(b"}")
    return digest.hexdigest()[:32]
