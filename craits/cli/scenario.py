"""``python -m craits scenario FILE|-``: run a scenario (shared/SCENARIOS.md) and print the result.

Prints exactly one JSON object on standard output: the result (exit 0) or
``{"error": ..., "action": K}`` (exit 2), whatever the input: never a traceback.
``--position`` prints instead the position the actions reach, as a scenario document of its
own (the FEN of it): a bug report or a puzzle can carry "this position" as text.
"""

from __future__ import annotations

import json
import sys

from craits.config.reading import read_limited
from craits.engine.notation import write_position
from craits.engine.scenario import ScenarioError, play_scenario, state_to_output
from craits.persistence.files import Damaged, parse_json

USAGE = ("usage: python -m craits scenario [--position] FILE.json   (or - for standard input)")
# A scenario is a few hundred bytes; anything past this is not one (and /dev/zero never ends).
MAX_BYTES = 1_000_000


def _error(message: str, action: int | None = None) -> int:
    if len(message) > 400:
        message = message[:399] + "…"
    print(json.dumps({"error": message, "action": action}, ensure_ascii=False))
    return 2


def _read(path: str) -> bytes:
    """At most MAX_BYTES + 1 bytes of standard input, or the file if it is a regular one of at
    most MAX_BYTES (``read_limited``: a pipe or a device given by name cannot block)."""
    if path == "-":
        return sys.stdin.buffer.read(MAX_BYTES + 1)
    return read_limited(path, MAX_BYTES)


def main(argv: list[str]) -> int:
    position = bool(argv) and argv[0] == "--position"
    if position:
        argv = argv[1:]
    if len(argv) != 1 or argv[0] in ("-h", "--help"):
        if argv and argv[0] in ("-h", "--help"):
            print(USAGE, file=sys.stderr)
            return 0
        return _error(USAGE)
    path = argv[0]
    try:
        data = _read(path)
    except OSError as exc:
        return _error(f"cannot read {path}: {exc.strerror or exc}")
    if len(data) > MAX_BYTES:
        return _error(f"{path}: larger than {MAX_BYTES // 1000} kB: not a scenario")
    try:
        doc = parse_json(data)  # refusing what no scenario is, in a few words
    except Damaged as exc:
        return _error(f"{path}: {exc}")
    try:
        state, events = play_scenario(doc)
        result = write_position(state) if position else state_to_output(state, events)
    except ScenarioError as exc:
        return _error(str(exc), exc.action)
    except RecursionError:
        return _error(f"{path}: nested too deeply to be a scenario")
    print(json.dumps(result, ensure_ascii=False))
    return 0
