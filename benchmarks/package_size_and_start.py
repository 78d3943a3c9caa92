"""Size of the built app and its time from launch to the first frame (goals: < 60 MB, < 1 s).

    python benchmarks/package_size_and_start.py [--app dist/Craits/Craits] [--runs 5]

Build first with ``make package``. Each run starts the frozen app headless with
``--headless --max-seconds 0.5`` and ``CRAITS_FIRST_FRAME_FILE`` set: the app writes the wall-clock
time of its first presented frame there. Without that hook the first frame cannot be seen from
outside, and the script reports launch-to-exit minus the requested run time instead (an upper
bound on start-up, clearly labelled).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_APP = ROOT / "dist" / "Craits" / ("Craits.exe" if sys.platform == "win32" else "Craits")
ONEFILE_APP = ROOT / "dist" / ("Craits-onefile.exe" if sys.platform == "win32" else "Craits-onefile")
FIRST_FRAME_ENV = "CRAITS_FIRST_FRAME_FILE"
SIZE_GOAL_MB = 60.0
START_GOAL_S = 1.0


@dataclass
class StartRun:
    seconds: float  # launch to first frame, or the upper-bound estimate
    exact: bool  # True when the app reported its first frame
    summary: str  # the app's own "frames=N frame_ms_p50=..." line, if any


def bundle_megabytes(app: Path) -> float:
    """Bytes on disk of the app (its folder for a one-folder build), in MB of 10^6 bytes."""
    folder = app.parent if (app.parent / "_internal").is_dir() else None
    files = [app] if folder is None else [p for p in folder.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files if not p.is_symlink()) / 1e6


def time_one_start(app: Path, max_seconds: float, timeout: float) -> StartRun:
    with tempfile.TemporaryDirectory(prefix="craits-bench-") as tmp:
        marker = Path(tmp) / "first_frame"
        env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
                   CRAITS_HOME=str(Path(tmp) / "home"), **{FIRST_FRAME_ENV: str(marker)})
        command = [str(app), "--headless", "--max-seconds", str(max_seconds)]
        launched_wall = time.time()
        launched = time.perf_counter()
        result = subprocess.run(command, capture_output=True, text=True, env=env, cwd=tmp,
                                timeout=timeout, check=False)
        elapsed = time.perf_counter() - launched
        if result.returncode != 0:
            raise SystemExit(f"{app} exited {result.returncode}:\n{result.stdout}{result.stderr}")
        found = re.search(r"frames=\d+.*", result.stdout)
        summary = found.group(0).strip() if found else ""
        if marker.is_file():
            text = marker.read_text(encoding="utf-8").strip()
            try:
                first_frame_wall = float(text)
            except ValueError:  # touched but empty: fall back to the file's time
                first_frame_wall = marker.stat().st_mtime
            return StartRun(first_frame_wall - launched_wall, True, summary)
        return StartRun(max(elapsed - max_seconds, 0.0), False, summary)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--app", type=Path, action="append",
                        help="frozen executable (repeatable; default: dist/Craits/Craits and, "
                             "if built, dist/Craits-onefile)")
    parser.add_argument("--runs", type=int, default=5, help="starts to time (default 5)")
    parser.add_argument("--max-seconds", type=float, default=0.5,
                        help="how long each start runs before quitting (default 0.5)")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    apps = args.app or [DEFAULT_APP] + ([ONEFILE_APP] if ONEFILE_APP.is_file() else [])
    for app in apps:
        if not app.is_file():
            print(f"No app at {app}: build it with 'make package'.", file=sys.stderr)
            return 2

    failed = False
    for app in apps:
        size = bundle_megabytes(app)
        runs = [time_one_start(app, args.max_seconds, timeout=60 + args.max_seconds)
                for _ in range(args.runs)]
        seconds = [run.seconds for run in runs]
        exact = all(run.exact for run in runs)
        label = ("first frame" if exact
                 else "start-up, upper bound (launch to exit minus --max-seconds; "
                      f"the app ignores {FIRST_FRAME_ENV})")
        print(f"{app.relative_to(ROOT) if app.is_relative_to(ROOT) else app}")
        print(f"  size:        {size:6.1f} MB   (goal < {SIZE_GOAL_MB:.0f} MB)")
        print(f"  {label}:")
        print(f"               median {statistics.median(seconds):.3f} s, best {min(seconds):.3f} s,"
              f" worst {max(seconds):.3f} s over {len(runs)} runs   (goal < {START_GOAL_S:.0f} s)")
        if runs[-1].summary:
            print(f"  last run:    {runs[-1].summary}")
        failed |= size >= SIZE_GOAL_MB or statistics.median(seconds) >= START_GOAL_S
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
