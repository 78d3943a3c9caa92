"""Soak of the desktop app (not a test): computer players only, match after match, at the
app's own frame rate, with the resident memory of the app's process sampled as it goes.

After the warm-up the memory must stay flat. The warm-up lasts ``--warmup`` minutes and, if a
second match starts, until it has been played for a minute: by then every screen the soak
shows (table, scoreboard, game over) has been drawn and its caches filled once.
Resident memory swings by some megabytes as rounds and matches come and go, so the growth is
measured between two windows: the median of the samples in the last ``--window`` minutes minus
the median of those in the first ``--window`` minutes after the warm-up. The exit status is 1
when it is more than ``--limit`` MB. The computer players think in the helper process, as in
the app, so what is measured is the app itself.

    python benchmarks/app_soak.py [--minutes 30] [--warmup 5] [--window 5] [--limit 10]
                                  [--seats medium,hard,medium,expert,easy] [--json]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
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
    warm_mb: float = 0.0  # median resident memory in the first window after the warm-up
    end_mb: float = 0.0  # median resident memory in the last window
    peak_mb: float = 0.0
    growth_mb: float = 0.0  # end minus warm
    frame_records: int = 0  # frame times the app keeps (bounded)
    warmup_seconds: float = 0.0
    second_match_at: float | None = None  # seconds into the soak
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
         bot_mode: str = "process", window_minutes: float = 5.0) -> SoakReport:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("CRAITS_HOME", tempfile.mkdtemp(prefix="craits-soak-"))
    from craits.ui.app import App
    from craits.ui.frame_times import FPS

    app = App(size=(1280, 800), speed="fast", bot_mode=bot_mode, language="en")
    report = SoakReport()
    try:
        app.new_game(app.seats_for(seats), None, 1)
        report.matches = 1
        start = time.perf_counter()
        next_sample = start
        end_at = start + minutes * 60
        while app.running and time.perf_counter() < end_at:
            table = app.current_table()
            if table is None or type(app.scenes.top).__name__ == "GameOverScene":
                report.matches += 1
                app.new_game(app.seats_for(seats), None, report.matches)
                if report.second_match_at is None:
                    report.second_match_at = time.perf_counter() - start
            dt = min(0.1, app.clock.tick(FPS) / 1000.0)
            began = time.perf_counter()
            app.step(dt)
            app.frames.wall.append(time.perf_counter() - began)
            report.frames += 1
            now = time.perf_counter()
            if now >= next_sample:
                mb = resident_mb()
                report.samples.append((round(now - start, 1), round(mb, 1)))
                report.peak_mb = max(report.peak_mb, mb)
                next_sample = now + SAMPLE_SECONDS
        report.seconds = time.perf_counter() - start
        warm_from = warmup_minutes * 60
        if report.second_match_at is not None:
            warm_from = max(warm_from, report.second_match_at + 60)
        report.warmup_seconds = warm_from
        window = window_minutes * 60
        first = [mb for at, mb in report.samples if warm_from <= at < warm_from + window]
        last = [mb for at, mb in report.samples if at >= report.seconds - window]
        report.warm_mb = statistics.median(first or [resident_mb()])
        report.end_mb = statistics.median(last or [resident_mb()])
        report.growth_mb = report.end_mb - report.warm_mb
        report.frame_records = len(app.frames.wall)
        report.crashes = app.crash_count
    finally:
        app.shutdown()
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=30.0)
    parser.add_argument("--warmup", type=float, default=5.0, help="minutes of warm-up")
    parser.add_argument("--window", type=float, default=5.0,
                        help="minutes of samples compared at each end")
    parser.add_argument("--limit", type=float, default=10.0, help="MB of growth allowed")
    parser.add_argument("--seats", default=DEFAULT_SEATS, help="computer levels, 2 to 5")
    parser.add_argument("--bots", choices=("process", "thread", "inline"), default="process")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    report = soak(args.minutes, min(args.warmup, args.minutes), args.seats.split(","),
                  args.bots, args.window)
    flat = report.growth_mb <= args.limit and report.crashes == 0
    if args.json:
        print(json.dumps({**asdict(report), "limit_mb": args.limit, "flat": flat}))
    else:
        print(f"{report.seconds / 60:.1f} min, {report.frames} frames, {report.matches} "
              f"matches, {report.crashes} errors; warm-up {report.warmup_seconds / 60:.1f} min")
        print(f"resident memory (medians of {args.window:g}-minute windows): "
              f"{report.warm_mb:.1f} MB after the warm-up, {report.end_mb:.1f} MB at the end "
              f"(peak {report.peak_mb:.1f}): {report.growth_mb:+.1f} MB (limit {args.limit:g})")
        print(f"frame times kept: {report.frame_records}")
        print("flat" if flat else "GROWING")
    return 0 if flat else 1


if __name__ == "__main__":
    sys.exit(main())
