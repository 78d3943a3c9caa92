"""Opening a record at the format's limit of actions: each stage's wall and CPU time (not a test).

The record is ``review_speed.long_record`` (one long legal round of players who draw whenever
they may, ``MAX_ACTIONS`` actions), written to a file; then, as *Open game record* and Past
games open it:

* read: the file's bytes (``read_limited``);
* JSON: the text parsed (``parse_record_text``);
* check: every field checked, each action read into the engine's actions (``check_match``);
* replay: the match replayed from the actions as read, a step kept per action, its rounds;
* history: seat 0's redacted log made in full (what the review's analysis reads);
* whole open: ``Replay(read_record(path))`` end to end, the way the app opens it.

Times are the best and the worst of ``--runs`` runs, wall (``perf_counter``) and CPU (this
process's ``process_time``), with the machine's load. ``--profile`` prints cProfile's top
functions of one whole open. ``--frames`` opens it from Past games (dummy video driver) and
says how many frames were drawn while it opened on its thread, and the longest.

    .venv/bin/python benchmarks/record_open.py [--actions 100000] [--runs 3] [--profile]
                                               [--frames]
"""

from __future__ import annotations

import argparse
import cProfile
import gc
import importlib.util
import json
import os
import pstats
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from craits.config.reading import read_limited
from craits.engine.notation import MAX_ACTIONS
from craits.review.record import MAX_RECORD_BYTES, check_match, parse_record_text, read_record
from craits.review.replay import Replay, ReplaySession

HERE = Path(__file__).resolve().parent


def long_record(actions: int) -> dict[str, Any]:
    spec = importlib.util.spec_from_file_location("review_speed", HERE / "review_speed.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    record: dict[str, Any] = module.long_record(actions)
    return record


def timed(work: Callable[[], Any]) -> tuple[float, float, Any]:
    """(wall seconds, CPU seconds, result)."""
    gc.collect()
    wall, cpu = time.perf_counter(), time.process_time()
    result = work()
    return time.perf_counter() - wall, time.process_time() - cpu, result


def load() -> str:
    return f"load {os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else ""


def stages(path: Path) -> dict[str, tuple[float, float]]:
    """Each stage's (wall, CPU) seconds, one run."""
    out: dict[str, tuple[float, float]] = {}
    wall, cpu, raw = timed(lambda: read_limited(path, MAX_RECORD_BYTES))
    out["read"] = (wall, cpu)
    wall, cpu, data = timed(lambda: parse_record_text(raw))
    out["JSON"] = (wall, cpu)
    wall, cpu, checked = timed(lambda: check_match(data))
    out["check"] = (wall, cpu)
    wall, cpu, replay = timed(lambda: Replay(checked))
    out["replay"] = (wall, cpu)
    wall, cpu, _ = timed(partial(replay.seat_log, 0))
    out["history"] = (wall, cpu)
    replay = None  # let go before the whole open is timed
    wall, cpu, whole = timed(lambda: Replay(read_record(path)))
    assert isinstance(whole.session, ReplaySession)
    out["whole open"] = (wall, cpu)
    return out


def frames_while_opening(path: Path) -> None:
    """Past games opening the record on its thread, a frame drawn every 1/60 s meanwhile."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from craits.persistence.archive import GameArchive
    from craits.ui.menus.past_games import PastGamesScene

    class App:  # what the scene uses of the app: the review it opens is not made here
        size = (1280, 800)
        audio = None

        def __init__(self) -> None:
            from craits.ui.scene import SceneStack

            self.scenes = SceneStack()
            self.opened: list[object] = []

    pygame.init()
    surface = pygame.Surface(App.size)
    with tempfile.TemporaryDirectory() as home:
        archive = GameArchive(Path(home))
        archive.folder.mkdir(parents=True)
        (archive.folder / "game-20261201-120000-abc.json").write_bytes(path.read_bytes())
        app = App()
        scene = PastGamesScene(app, archive, analyse=False)  # type: ignore[arg-type]
        app.scenes.push(scene)
        scene.open_replay = app.opened.append  # type: ignore[method-assign]
        scene.update(1 / 60)
        scene.draw(surface)
        start = time.perf_counter()
        scene.open_game(scene.games[0])
        gaps, last = [], time.perf_counter()
        while not app.opened:
            scene.update(1 / 60)
            scene.draw(surface)
            now = time.perf_counter()
            gaps.append(now - last)
            last = now
            time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - now)))
        wall = time.perf_counter() - start
    gaps.sort()
    print(f"Past games: open on its thread {wall:.2f} s wall, {len(gaps)} frames drawn "
          f"meanwhile; frame gap median {gaps[len(gaps) // 2] * 1000:.0f} ms, longest "
          f"{gaps[-1] * 1000:.0f} ms ({load()})")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--actions", type=int, default=MAX_ACTIONS)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--profile", action="store_true", help="cProfile one whole open")
    parser.add_argument("--frames", action="store_true",
                        help="open it from Past games, counting the frames drawn meanwhile")
    args = parser.parse_args()
    wall, _, record = timed(lambda: long_record(args.actions))
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "long.json"
        path.write_text(json.dumps(record), encoding="utf-8")
        size = path.stat().st_size
        print(f"record: {len(record['actions'])} actions, {size / 1e6:.1f} MB "
              f"(made in {wall:.0f} s); {os.cpu_count()} cores, {load()}")
        del record
        runs = [stages(path) for _ in range(args.runs)]
        print(f"{'stage':<12}{'wall best':>10}{'worst':>8}{'CPU best':>10}{'worst':>8}")
        for name in runs[0]:
            walls = [run[name][0] for run in runs]
            cpus = [run[name][1] for run in runs]
            print(f"{name:<12}{min(walls):>9.2f}s{max(walls):>7.2f}s"
                  f"{min(cpus):>9.2f}s{max(cpus):>7.2f}s")
        print(f"({load()})")
        if args.frames:
            frames_while_opening(path)
        if args.profile:
            profile = cProfile.Profile()
            profile.enable()
            Replay(read_record(path))
            profile.disable()
            pstats.Stats(profile).sort_stats("cumulative").print_stats(30)
            pstats.Stats(profile).sort_stats("tottime").print_stats(25)
    return 0


if __name__ == "__main__":
    sys.exit(main())
