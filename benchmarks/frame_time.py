"""Frame time of the card table: a 5-player computer-only game at normal speed, headless.

    python benchmarks/frame_time.py [--seconds 20] [--size 1280x800] [--seed 7]

Prints the frame count and the 50th/99th percentile of the time spent making a frame (events,
updates, drawing, flip; not the wait for the next tick), as wall time and as the main thread's
CPU time (on a busy machine the wall time also counts waiting for a core). The goal is
p99 <= 16.7 ms (60 fps). The computer players think in the workbench's urgent worker meanwhile.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--speed", default="normal")
    args = parser.parse_args(argv)
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["CRAITS_HOME"] = tempfile.mkdtemp(prefix="craits-bench-")
    from craits.ui.app import App
    from craits.ui.frame_times import percentile
    from craits.ui.startup import parse_size

    app = App(size=parse_size(args.size), speed=args.speed)
    try:
        kinds = ["medium", "hard", "easy", "medium", "expert"]
        app.new_game(app.seats_for(kinds), None, args.seed)
        app.run(max_seconds=args.seconds)
        table = app.current_table()
        shown = table.chor.presented if table is not None else 0
        cpu = [t * 1000 for t in app.frames.cpu]
        print(f"{app.frames.report()} cpu_ms_p50={percentile(cpu, 50):.2f} "
              f"cpu_ms_p99={percentile(cpu, 99):.2f} events_shown={shown}")
    finally:
        app.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
