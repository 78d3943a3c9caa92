"""Smoke test of a built game on the system it was built for (the release workflow's check).

    python packaging/smoke_test.py [--expect-version 1.2.3] [--] PROGRAM [ARG...]
    python packaging/smoke_test.py -- python -m craits

PROGRAM is the frozen app (dist/Craits/Craits, Craits.exe, Craits.app/Contents/MacOS/Craits,
an AppImage) or any command that starts the game (``python -m craits``). It runs, each in a
scratch data folder with SDL's dummy drivers:

1. ``--version`` (with ``--expect-version``: it must print that version);
2. ``--selftest``: every asset loads and a computer-only round plays;
3. a short headless game of computer players, whose moves come from the bots' helper
   process (the same program started again: the frozen app's multiprocessing entry);
4. a two-game tournament on two worker processes (spawned the same way).

A windowed Windows program may have no standard output to read: there only the exit codes
count. Exit 0 when all pass. Standard library only.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GAME_SECONDS = 20
TIMEOUT = 300


class SmokeFailure(Exception):
    pass


def run(program: list[str], args: list[str], home: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               CRAITS_HOME=str(home), PYGAME_HIDE_SUPPORT_PROMPT="1")
    env.pop("PYTHONPATH", None)  # a frozen app must not lean on a source tree
    started = time.monotonic()
    result = subprocess.run([*program, *args], capture_output=True, text=True, env=env,
                            cwd=home.parent, timeout=TIMEOUT, check=False)
    print(f"  {' '.join(args)}: exit {result.returncode} in {time.monotonic() - started:.1f} s")
    if result.returncode != 0:
        raise SmokeFailure(f"{' '.join(args)} exited {result.returncode}\n"
                           f"stdout:\n{result.stdout}\nstderr:\n{result.stderr}")
    return result


def silent(result: subprocess.CompletedProcess[str]) -> bool:
    """A windowed Windows build may write nowhere we can read."""
    return sys.platform == "win32" and not result.stdout.strip()


def smoke(program: list[str], expect_version: str | None, scratch: Path) -> None:
    def home(name: str) -> Path:
        folder = scratch / name
        folder.mkdir()
        return folder

    if expect_version is not None:
        result = run(program, ["--version"], home("version"))
        if not silent(result) and expect_version not in result.stdout.split():
            raise SmokeFailure(f"--version printed {result.stdout.strip()!r}, "
                               f"not {expect_version}")

    result = run(program, ["--selftest"], home("selftest"))
    if not silent(result) and "selftest: ok" not in result.stdout:
        raise SmokeFailure(f"--selftest did not say ok:\n{result.stdout}{result.stderr}")

    result = run(program, ["--seats", "hard,expert,medium", "--autoplay", "--headless",
                           "--speed", "instant", "--seed", "7",
                           "--max-seconds", str(GAME_SECONDS)], home("game"))
    if not silent(result) and "frames=" not in result.stdout:
        raise SmokeFailure(f"the headless game reported no frames:\n{result.stdout}")

    result = run(program, ["tournament", "--seats", "hard,medium", "--games", "2",
                           "--length", "short", "--seed", "1", "--workers", "2", "--json",
                           "--quiet"], home("tournament"))
    if not silent(result):
        report = json.loads(result.stdout)
        if report.get("games") != 2:
            raise SmokeFailure(f"the tournament played {report.get('games')} games, not 2")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Smoke test of a built Craits.")
    parser.add_argument("program", nargs="+", help="the program and any arguments it needs")
    parser.add_argument("--expect-version", help="the version --version must print")
    args = parser.parse_args(argv)
    program = [str(Path(args.program[0]).resolve()) if Path(args.program[0]).is_file()
               else args.program[0], *args.program[1:]]
    print(f"Smoke test of {' '.join(program)}")
    with tempfile.TemporaryDirectory(prefix="craits-smoke-") as scratch:
        try:
            smoke(program, args.expect_version, Path(scratch))
        except (SmokeFailure, subprocess.TimeoutExpired, json.JSONDecodeError, OSError) as exc:
            print(f"smoke test failed: {exc}", file=sys.stderr)
            return 1
    print("smoke test passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
