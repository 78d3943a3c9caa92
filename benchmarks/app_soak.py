"""Soak of the desktop app (not a test): computer players only, match after match, at the
app's own frame rate, with the resident memory of the app's process sampled as it goes.

After the warm-up (caches of rendered cards and text filling up) the memory must stay flat:
the growth from the end of the warm-up to the end is reported, and the exit status is 1 when
it is more than ``--limit`` MB. The computer players think in the helper process, as in the
app, so what is measured is the app itself.

    python benchmarks/app_soak.py [--minutes 30] [--warmup 5] [--limit 10]
                                  [--seats medium,hard,medium,expert,easy] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from dataclasses import asdict, dataclass, field

DEFAULT_SEATS = "medium,hard,medium,expert,easy"
SAMPLE_SECONDS = 10.0


@dataclass
class SoakReport:
    seconds: float = 0.0
    frames: int = 0
    matches: int = 0
    warm_mb: float = 0.0  # resident memory at the end of the warm-up
    end_mb: float = 0.0
    peak_mb: float = 0.0
    growth_mb: float = 0.0  # end minus warm
    frame_records: int = 0  # frame times the app keeps (bounded)
    crashes: int = 0
    samples: list[tuple[float, float]] = field(default_factory=list)  # (seconds, MB)


def resident_mb() -> float:
    """Resident memory of this process in MB (Linux /proc; elsewhere the peak so far)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 1e6
    except OSError:
        import resource

        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak / (1e6 if sys.platform == "darwin" else 1e3)


def soak(minutes: float, warmup_minutes: float, seats: list[str],
         bot_mode: str = "process") -> SoakReport:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("CRAITS_HOME", tempfile.mkdtemp(prefix="craits-soak-"))
    from craits.ui.app import FPS, App

    app = App(size=(1280, 800), speed="fast", bot_mode=bot_mode, language="en")
    report = SoakReport()
    try:
        app.new_game(app.seats_for(seats), None, 1)
        report.matches = 1
        start = time.perf_counter()
        next_sample = start
        warm_at = start + warmup_minutes * 60
        end_at = start + minutes * 60
        while app.running and time.perf_counter() < end_at:
            table = app.current_table()
            if table is None or type(app.scenes.top).__name__ == "GameOverScene":
                report.matches += 1
                app.new_game(app.seats_for(seats), None, report.matches)
            dt = min(0.1, app.clock.tick(FPS) / 1000.0)
            began = time.perf_counter()
            app.step(dt)
            app.frame_times.append(time.perf_counter() - began)
            report.frames += 1
            now = time.perf_counter()
            if now >= next_sample:
                mb = resident_mb()
                report.samples.append((round(now - start, 1), round(mb, 1)))
                report.peak_mb = max(report.peak_mb, mb)
                if not report.warm_mb and now >= warm_at:
                    report.warm_mb = mb
                next_sample = now + SAMPLE_SECONDS
        report.seconds = time.perf_counter() - start
        report.end_mb = resident_mb()
        report.warm_mb = report.warm_mb or report.end_mb
        report.growth_mb = report.end_mb - report.warm_mb
        report.frame_records = len(app.frame_times)
        report.crashes = app.crash_count
    finally:
        app.shutdown()
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--warmup", type=float, default=5.0, help="minutes of warm-up")
    parser.add_argument("--limit", type=float, default=10.0, help="MB of growth allowed")
    parser.add_argument("--seats", default=DEFAULT_SEATS, help="computer levels, 2 to 5")
    parser.add_argument("--bots", choices=("process", "thread", "inline"), default="process")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    report = soak(args.minutes, min(args.warmup, args.minutes), args.seats.split(","),
                  args.bots)
    flat = report.growth_mb <= args.limit and report.crashes == 0
    if args.json:
        print(json.dumps({**asdict(report), "limit_mb": args.limit, "flat": flat}))
    else:
        print(f"{report.seconds / 60:.1f} min, {report.frames} frames, {report.matches} "
              f"matches, {report.crashes} errors")
        print(f"resident memory: {report.warm_mb:.1f} MB after the warm-up, "
              f"{report.end_mb:.1f} MB at the end (peak {report.peak_mb:.1f}): "
              f"{report.growth_mb:+.1f} MB (limit {args.limit:g})")
        print(f"frame times kept: {report.frame_records}")
        print("flat" if flat else "GROWING")
    return 0 if flat else 1


if __name__ == "__main__":
    sys.exit(main())
