"""Seeded golden replays: a fixed seed and fixed random choices give a recorded match, exactly.

If a rule changes on purpose, regenerate with ``python tests/test_golden_replay.py --write``.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path

from craits.engine import Rules, apply_action, legal_actions, new_match, next_round

GOLDEN = Path(__file__).parent / "golden" / "replays.json"
CASES = [(2, 7, {}), (3, 8, {"seven_skips": True}), (4, 9, {"play_drawn_card": True}),
         (5, 10, {"threes": "bonus_only_if_all_threes", "game_length": "short"})]  # fmt: skip


def replay(players: int, seed: int, rules: dict) -> dict:
    rng = random.Random(seed)
    match, events = new_match(players, Rules(**rules), seed)
    digest = hashlib.sha256()
    count = 0
    while True:
        for e in events:
            digest.update(json.dumps(e.to_dict(), sort_keys=True).encode())
            count += 1
        if match.is_over():
            break
        if match.state.is_over():
            match, events = next_round(match)
        else:
            legal = legal_actions(match.state)
            match, events = apply_action(match, legal[rng.randrange(len(legal))])
    return {"totals": list(match.totals), "events": count, "sha256": digest.hexdigest()}


def test_golden_replays_are_unchanged():
    golden = json.loads(GOLDEN.read_text())
    for players, seed, rules in CASES:
        key = f"{players}p-seed{seed}-{json.dumps(rules, sort_keys=True)}"
        assert replay(players, seed, rules) == golden[key], key


if __name__ == "__main__" and "--write" in sys.argv:
    out = {f"{p}p-seed{s}-{json.dumps(r, sort_keys=True)}": replay(p, s, r) for p, s, r in CASES}
    GOLDEN.write_text(json.dumps(out, indent=1) + "\n")
