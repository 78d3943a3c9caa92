"""CPU the app uses on a screen left alone: title, the table waiting for the player, game over,
a review and the settings, each settled for a moment, then measured.

    python benchmarks/idle_cpu.py [--seconds 5] [--settle 2] [--size 1280x800] [--window]

Prints, per screen, the process's CPU time as a share of one core and the frames made a
second. Without ``--window`` the dummy video driver is used (no screen needed); with it, the
display in ``DISPLAY`` (e.g. an Xvfb), where showing a frame costs what it costs on a desktop.
The computer players think inline, so the figure is the app's alone.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

FRAME = 1 / 60


def finished_session(kinds: list[str], human_wins: bool) -> Any:
    """A short match whose last round is over; the human first or last."""
    from craits.engine import Rules
    from craits.seat import Seat
    from craits.session import Session

    seats = [Seat(kind, f"P{i}") for i, kind in enumerate(kinds)]
    session = Session(seats, Rules(game_length="short"), 5)
    totals = tuple((10 if human_wins else 90) if i == 0 else 50 for i in range(len(kinds)))
    rounds = session.match.rounds
    history = tuple(tuple(t // rounds + (t % rounds if r == 0 else 0) for t in totals)
                    for r in range(rounds))
    session.match = dataclasses.replace(session.match, round_index=rounds - 1,
                                        history=history, totals=totals)
    return session


def played_session() -> Any:
    """A short computer-only match played to its end (for the review)."""
    from craits.director import play_headless
    from craits.engine import Rules
    from craits.seat import Seat
    from craits.session import Session

    session = Session([Seat("easy", "A"), Seat("easy", "B"), Seat("easy", "C")],
                      Rules(game_length="short"), 3)
    play_headless(session, turn_seconds=0.0)
    return session


def title(app: Any) -> None:
    app.show_title()


def settings(app: Any) -> None:
    app.show_title()
    app.scenes.push(app.screens.settings())


def table_waiting(app: Any) -> None:
    import pygame

    from craits.ui.table.scene import TableScene

    app.new_game(app.seats_for(["human", "easy", "easy"]), None, 11)
    for _ in range(3000):
        top = app.scenes.top
        if isinstance(top, TableScene) and top.match.my_turn() and not top.match.cut_pending:
            return
        if not isinstance(top, TableScene):  # the cut: Enter, as a player would
            for kind in (pygame.KEYDOWN, pygame.KEYUP):
                pygame.event.post(pygame.event.Event(kind, key=pygame.K_RETURN, mod=0,
                                                     unicode="\r", scancode=0))
        app.step(FRAME)
    raise RuntimeError("the player's turn did not come")


def game_over(app: Any) -> None:
    from craits.ui.table.game_over import GameOverScene

    app.show_title()
    app.scenes.push(GameOverScene(app, finished_session(["human", "easy", "easy"], False)))


def game_won(app: Any) -> None:
    """A won game's screen once its celebration has ended (about 25 s, run through here)."""
    from craits.ui.table.game_over import GameOverScene

    app.show_title()
    scene = GameOverScene(app, finished_session(["human", "easy", "easy"], True))
    app.scenes.push(scene)
    while scene.celebration is not None and not scene.celebration.finished:
        scene.update(FRAME)


def review(app: Any) -> None:
    from craits.review import Replay

    app.show_title()
    app.scenes.push(app.screens.review(Replay(played_session()), analyse=False))


SCREENS: dict[str, Callable[[Any], None]] = {
    "title": title, "table (your turn)": table_waiting, "game over": game_over,
    "game won, after": game_won,
    "review": review, "settings": settings,
}


def measure(app: Any, seconds: float) -> tuple[float, float]:
    """CPU share of one core and frames a second over ``seconds`` of the app's own loop."""
    frames, cpu, wall = app.frames.frames, time.process_time(), time.perf_counter()
    app.run(max_seconds=seconds)
    wall = time.perf_counter() - wall
    return (time.process_time() - cpu) / wall, (app.frames.frames - frames) / wall


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="measured, per screen")
    parser.add_argument("--settle", type=float, default=2.0, help="left alone before")
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--window", action="store_true", help="the display in DISPLAY")
    args = parser.parse_args(argv)
    if not args.window:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["CRAITS_HOME"] = tempfile.mkdtemp(prefix="craits-bench-")
    import pygame

    from craits.ui.app import App
    from craits.ui.startup import parse_size

    print(f"idle CPU per screen, {args.size}, video driver "
          f"{'window' if args.window else 'dummy'}; {args.seconds:g} s each after "
          f"{args.settle:g} s left alone")
    for name, show in SCREENS.items():
        app = App(size=parse_size(args.size), speed="normal", bot_mode="inline", language="en")
        try:
            pygame.event.clear()
            show(app)
            app.run(max_seconds=args.settle)
            share, rate = measure(app, args.seconds)
            print(f"{name:<18} cpu={share * 100:5.1f}% of a core  frames/s={rate:5.1f}")
        finally:
            app.shutdown()
    return 0


if __name__ == "__main__":
    sys.exit(main())
