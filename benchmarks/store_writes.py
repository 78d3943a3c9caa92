"""The store helper's background writes: what a frame pays to hand over a write, and how long
until everything handed over is on disk (not a test).

A burst of par replays and review verdicts is handed to the caches (``store_later``) while
the autosave takes a snapshot after each of them, as a game with the analysis while playing
does; the figures are the time the window's thread spends handing them over, the threads
started, and the time until the last is written.

    python benchmarks/store_writes.py [--writes 200]
"""

from __future__ import annotations

import argparse
import tempfile
import threading
import time
from pathlib import Path

from craits.persistence.autosave import Autosaver
from craits.persistence.par_store import ParStore
from craits.persistence.saves import SaveStore
from craits.persistence.store import WRITER


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--writes", type=int, default=200)
    args = parser.parse_args()
    started: list[str] = []
    start = threading.Thread.start

    def counting(thread: threading.Thread) -> None:
        started.append(thread.name)
        start(thread)

    threading.Thread.start = counting  # type: ignore[method-assign]
    with tempfile.TemporaryDirectory() as folder:
        home = Path(folder)
        pars, saver = ParStore(home), Autosaver(SaveStore(home))
        log = [{"player": i % 4, "play": "7H"} for i in range(600)]
        began = time.perf_counter()
        for n in range(args.writes):
            pars.store_later("ab" * 16, "cd" * 8, {n: {0: n, 1: n + 1}})
            saver.submit({"n": n, "log": log})
        handed = time.perf_counter() - began
        WRITER.flush(timeout=60)
        written = time.perf_counter() - began
        rounds = len(pars.load("ab" * 16, "cd" * 8))
    print(f"{args.writes} par writes and {args.writes} snapshots handed over in "
          f"{handed * 1000:.1f} ms ({handed / (2 * args.writes) * 1e6:.0f} µs each)")
    print(f"threads started: {len(started)}; all written after {written:.2f} s; "
          f"snapshots written: {saver.writes} (the newest always); par rounds kept: {rounds}")


if __name__ == "__main__":
    main()
