"""The compiled hot path (craits/native.py): it plays exactly as the sources do, and a copy built
from other sources never runs.

Each check runs Python afresh in a subprocess, since which copy is imported is settled once per
process. ``make test`` builds the compiled copies first (tools/build_native.py); on a machine
without a C compiler the game runs from its sources and the checks that need the copies skip.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from craits import native

pytestmark = pytest.mark.slow  # started first: see conftest.py

ROOT = Path(__file__).resolve().parent.parent

needs_build = pytest.mark.skipif(
    native.status() != "compiled", reason="no compiled copies (the build needs a C compiler)")

# Plays seeded rounds the way the searching levels do (a hard level's choices, whose rollouts
# run through every compiled module) and prints everything that happened.
PLAY = """
import random
from craits import native
from craits.ai.rollout import RolloutPolicy
from craits.ai.search import SearchBot, SearchSettings
from craits.engine import Position, Rules, apply, new_round, redact, seat_view
print("compiled" if native.in_use() else "source")
bot = SearchBot(SearchSettings(iterations=120, time_cap=600.0, opponent_model=1.0))
for deal in range(6):
    rules = Rules(seven_skips=deal % 2 == 1, crank_optional=deal % 3 == 2)
    n = 2 + deal % 4
    state, events = new_round(rules, n, deal % n, 8 - deal, 1000 + deal)
    histories = [[redact(e, s) for e in events] for s in range(n)]
    print(deal, RolloutPolicy().run(Position.from_state(state), random.Random(deal)))
    rng = random.Random(deal)
    while not state.is_over():
        seat = state.turn
        action = bot.choose_turn(seat_view(state, seat), histories[seat], rng)
        state, events = apply(state, action)
        for s in range(n):
            histories[s].extend(redact(e, s) for e in events)
        print(deal, action, [type(e).__name__ for e in events])
    print(deal, state.scores)
"""


# Deals guesses the way a search does, with every kind of slot: weighted (what a player's
# choices make likely), excluded (cards a slot cannot be, dealt in order of constraint), and
# exclusions so tight that cards must be passed along the slots (the matching's fallback).
DEAL = """
import random
from craits.ai.determinize import Sampler, unseen_cards
from craits.ai.knowledge import infer
from craits.engine import new_round, redact, seat_view
import craits.ai.determinize as d
print("compiled" if not d.__file__.endswith(".py") else "source")
for deal in range(8):
    n = 2 + deal % 3
    state, events = new_round(__import__("craits.engine", fromlist=["Rules"]).Rules(), n, 0, 7,
                              50 + deal)
    view = seat_view(state, 0)
    know = infer(view, [redact(e, 0) for e in events], reading=1.0)
    rng = random.Random(deal)
    unseen = unseen_cards(view)
    for p in range(1, n):
        slots = know.slots[p]
        for i in range(len(slots)):
            kind = (deal + p + i) % 3
            if kind == 1 and deal % 2:  # few unseen cards fit: they pass along the slots
                slots[i] = sum(1 << c for c in unseen[: len(unseen) - 1 - i % 2])
            elif kind == 2:
                slots[i] = sum(1 << c for c in unseen if c % 4 == p % 4)
        while len(know.weights) <= p:
            know.weights.append([])
        know.weights[p] = [[rng.random() * (c % 5) for c in range(52)] if (i + deal) % 2
                           else None for i in range(len(slots))]
    sampler = Sampler(view, know)
    for _ in range(40):
        print(deal, sampler.deal(rng), sampler.sample(rng).hands)
"""


def run(code: str, cwd: Path = ROOT, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    environment.update(env)
    return subprocess.run([sys.executable, "-c", code], cwd=cwd, capture_output=True, text=True,
                          timeout=600, env=environment, check=False)


@needs_build
def test_the_compiled_copies_play_exactly_as_the_sources() -> None:
    compiled = run(PLAY)
    source = run(PLAY, CRAITS_NO_NATIVE="1")
    assert compiled.returncode == 0, compiled.stderr
    assert source.returncode == 0, source.stderr
    first_c, *rest_c = compiled.stdout.splitlines()
    first_s, *rest_s = source.stdout.splitlines()
    assert (first_c, first_s) == ("compiled", "source")
    assert len(rest_c) > 50
    assert rest_c == rest_s


@needs_build
def test_the_compiled_dealing_of_guesses_deals_exactly_as_the_source() -> None:
    compiled = run(DEAL)
    source = run(DEAL, CRAITS_NO_NATIVE="1")
    assert compiled.returncode == 0, compiled.stderr
    assert source.returncode == 0, source.stderr
    first_c, *rest_c = compiled.stdout.splitlines()
    first_s, *rest_s = source.stdout.splitlines()
    assert (first_c, first_s) == ("compiled", "source")
    assert len(rest_c) == 8 * 40
    assert rest_c == rest_s


def copy_of_the_game(tmp_path: Path) -> Path:
    tree = tmp_path / "tree"
    shutil.copytree(ROOT / "craits", tree / "craits", ignore=shutil.ignore_patterns("__pycache__"))
    return tree


ASK = "from craits import native; print(native.status(), native.in_use(), sep=',')"


@needs_build
def test_a_copy_built_from_other_sources_never_runs(tmp_path: Path) -> None:
    tree = copy_of_the_game(tmp_path)
    assert run(ASK, cwd=tree).stdout.strip().split(",") == ["compiled", "True"]
    position = tree / "craits" / "engine" / "position.py"
    position.write_text(position.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    # One module changed: the whole set comes from the sources (they call one another natively).
    assert run(ASK, cwd=tree).stdout.strip().split(",") == ["stale", "False"]
    files = run("import craits.engine.position as p, craits.engine.cards as c;"
                "print(p.__file__, c.__file__)", cwd=tree).stdout.split()
    assert all(f.endswith(".py") for f in files), files


@needs_build
def test_a_lost_manifest_or_a_missing_module_means_the_sources(tmp_path: Path) -> None:
    tree = copy_of_the_game(tmp_path)
    (tree / "craits" / native.MANIFEST.name).unlink()
    assert run(ASK, cwd=tree).stdout.strip().split(",") == ["stale", "False"]
    tree = copy_of_the_game(tmp_path / "second")
    for so in (tree / "craits" / "ai").glob("rollout.*.so"):
        so.unlink()
    assert run(ASK, cwd=tree).stdout.strip().split(",") == ["not built", "False"]


@pytest.mark.skipif(sys.platform != "linux", reason="CC names the compiler on Linux")
def test_without_a_compiler_the_build_says_so_and_leaves_the_sources(tmp_path: Path) -> None:
    tree = copy_of_the_game(tmp_path)
    shutil.copytree(ROOT / "tools", tree / "tools", ignore=shutil.ignore_patterns("__pycache__"))
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    env["CC"] = "false"  # a compiler that always fails
    result = subprocess.run([sys.executable, "tools/build_native.py", "--force"], cwd=tree,
                            capture_output=True, text=True, timeout=600, env=env, check=False)
    assert result.returncode == 0, result.stderr
    assert "not compiled" in result.stderr and "runs from its sources" in result.stderr
    assert not list((tree / "craits").rglob("*.so"))
    assert run(ASK, cwd=tree).stdout.strip().split(",") == ["not built", "False"]
