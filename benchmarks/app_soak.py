"""Soak of the desktop app (not a test): computer players only, match after match, at the
app's own frame rate, with the resident memory of the app's process sampled as it goes.

After the warm-up the memory must stay flat. The warm-up lasts ``--warmup`` minutes and, if a
second match starts, until it has been played for a minute: by then every screen the soak
shows (table, scoreboard, game over) has been drawn and its caches filled once.
Resident memory swings by some megabytes as rounds and matches come and go, so each figure is
the median of the samples in a ``--window``-minute window: at the warm-up (the first window
after it), at each of the ``--marks`` (the window ending there) and at the end. The growth
judged is that over the last ``--span`` minutes (the end's figure minus the figure ``--span``
minutes before the end, or after ``--warmup`` minutes when the run is shorter), matches
changing inside it included; the exit status is 1 when
it is more than ``--limit`` MB, or an error was caught. Only memory is judged, never speed: a
slow machine plays fewer rounds a minute, and the rounds played are printed. The computer
players think in the workbench's urgent worker, as in the app, so what is measured is the app
itself.

    python benchmarks/app_soak.py [--minutes 60] [--warmup 5] [--window 5] [--marks 20,40]
                                  [--span 40] [--limit 5]
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
    rounds: int = 0  # rounds finished, over all matches
    warm_mb: float = 0.0  # median resident memory in the first window after the warm-up
    end_mb: float = 0.0  # median resident memory in the last window
    peak_mb: float = 0.0
    growth_mb: float = 0.0  # end minus warm
    marks_mb: dict[str, float] = field(default_factory=dict)  # minute -> median of its window
    span_minutes: float = 0.0  # the last minutes over which span_growth_mb is judged
    span_growth_mb: float = 0.0  # end minus the figure span_minutes before the end
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


def median_between(samples: list[tuple[float, float]], start: float, end: float
                   ) -> float | None:
    """The median MB of the samples taken from ``start`` to ``end`` seconds; None if none."""
    chosen = [mb for at, mb in samples if start <= at <= end]
    return statistics.median(chosen) if chosen else None


def judge(report: SoakReport, warmup_minutes: float, window_minutes: float,
          marks: list[float], span_minutes: float) -> None:
    """Fill the report's figures from its samples (see the module's note)."""
    warm_from = warmup_minutes * 60
    if report.second_match_at is not None:
        warm_from = max(warm_from, report.second_match_at + 60)
    warm_from = min(warm_from, report.seconds)
    report.warmup_seconds = warm_from
    window, samples, end = window_minutes * 60, report.samples, report.seconds
    now = samples[-1][1] if samples else resident_mb()
    found = median_between(samples, warm_from, warm_from + window)
    report.warm_mb = now if found is None else found
    found = median_between(samples, end - window, end)
    report.end_mb = now if found is None else found
    report.growth_mb = round(report.end_mb - report.warm_mb, 1)
    for mark in marks:
        at = mark * 60
        found = median_between(samples, at - window, at) if at <= end else None
        if found is not None:
            report.marks_mb[f"{mark:g}"] = found
    # The span is the last minutes as they are: a match's change inside it is judged too (a
    # late second match delays the warm-up, not the span). It starts no earlier than the end
    # of the first window after the warm-up's minutes (a short run judges all of it).
    first_window_end = min(warmup_minutes * 60, end) + window
    span_start = max(end - span_minutes * 60, first_window_end)
    report.span_minutes = round(max(0.0, end - span_start) / 60, 1)
    before = median_between(samples, span_start - window, span_start)
    if before is None:
        before = report.warm_mb
    report.span_growth_mb = round(report.end_mb - before, 1)


def soak(minutes: float, warmup_minutes: float, seats: list[str],
         bot_mode: str = "process", window_minutes: float = 5.0,
         marks: list[float] | None = None, span_minutes: float = 40.0) -> SoakReport:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    os.environ.setdefault("CRAITS_HOME", tempfile.mkdtemp(prefix="craits-soak-"))
    from craits.ui.app import App
    from craits.ui.frame_times import FPS

    app = App(size=(1280, 800), speed="fast", bot_mode=bot_mode, language="en")
    report = SoakReport()
    rounds_before = 0  # rounds finished in the matches before this one
    try:
        app.new_game(app.seats_for(seats), None, 1)
        report.matches = 1
        start = time.perf_counter()
        next_sample = start
        end_at = start + minutes * 60
        while app.running and time.perf_counter() < end_at:
            table = app.current_table()
            if table is not None:
                report.rounds = rounds_before + len(table.session.match.history)
            if table is None or type(app.scenes.top).__name__ == "GameOverScene":
                rounds_before = report.rounds
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
        judge(report, warmup_minutes, window_minutes, marks or [], span_minutes)
        report.frame_records = len(app.frames.wall)
        report.crashes = app.crash_count
    finally:
        app.shutdown()
    return report


def summary(report: SoakReport, window: float, limit: float, flat: bool) -> list[str]:
    """The report in a few lines for a person."""
    marks = "".join(f", {mb:.1f} MB at {minute} min" for minute, mb in report.marks_mb.items())
    return [
        f"{report.seconds / 60:.1f} min, {report.frames} frames, {report.matches} matches, "
        f"{report.rounds} rounds, {report.crashes} errors; warm-up "
        f"{report.warmup_seconds / 60:.1f} min",
        f"resident memory (medians of {window:g}-minute windows): {report.warm_mb:.1f} MB after "
        f"the warm-up{marks}, {report.end_mb:.1f} MB at the end ({report.seconds / 60:.0f} min; "
        f"peak {report.peak_mb:.1f})",
        f"growth: {report.span_growth_mb:+.1f} MB over the last {report.span_minutes:g} min "
        f"(limit {limit:g}); {report.growth_mb:+.1f} MB since the warm-up",
        f"frame times kept: {report.frame_records}",
        "flat" if flat else "GROWING",
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=60.0)
    parser.add_argument("--warmup", type=float, default=5.0, help="minutes of warm-up")
    parser.add_argument("--window", type=float, default=5.0,
                        help="minutes of samples in each figure")
    parser.add_argument("--marks", default="20,40",
                        help="minutes at which the memory is also given, comma-separated")
    parser.add_argument("--span", type=float, default=40.0,
                        help="the last minutes over which the growth is judged")
    parser.add_argument("--limit", type=float, default=5.0, help="MB of growth allowed")
    parser.add_argument("--seats", default=DEFAULT_SEATS, help="computer levels, 2 to 5")
    parser.add_argument("--bots", choices=("process", "thread", "inline"), default="process")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    try:
        marks = [float(m) for m in args.marks.split(",") if m.strip()]
    except ValueError:
        parser.error(f"--marks: minutes separated by commas, not {args.marks!r}")
    report = soak(args.minutes, min(args.warmup, args.minutes), args.seats.split(","),
                  args.bots, args.window, marks, args.span)
    flat = report.span_growth_mb <= args.limit and report.crashes == 0
    if args.json:
        print(json.dumps({**asdict(report), "limit_mb": args.limit, "flat": flat}))
    else:
        print("\n".join(summary(report, args.window, args.limit, flat)))
    return 0 if flat else 1


if __name__ == "__main__":
    sys.exit(main())
