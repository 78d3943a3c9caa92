"""``python -m craits scenario FILE|-``: run a scenario (shared/SCENARIOS.md) and print the result.

Prints exactly one JSON object on standard output: the result (exit 0) or
``{"error": ..., "action": K}`` (exit 2).
"""

from __future__ import annotations

import json
import sys

from craits.engine.scenario import ScenarioError, run_scenario

USAGE = "usage: python -m craits scenario FILE.json   (or - for standard input)"


def _error(message: str, action: int | None = None) -> int:
    print(json.dumps({"error": message, "action": action}, ensure_ascii=False))
    return 2


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0] in ("-h", "--help"):
        if argv and argv[0] in ("-h", "--help"):
            print(USAGE, file=sys.stderr)
            return 0
        return _error(USAGE)
    path = argv[0]
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as f:
                text = f.read()
    except OSError as exc:
        return _error(f"cannot read {path}: {exc.strerror or exc}")
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        return _error(f"{path}: not valid JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}")
    try:
        result = run_scenario(doc)
    except ScenarioError as exc:
        return _error(str(exc), exc.action)
    print(json.dumps(result, ensure_ascii=False))
    return 0
