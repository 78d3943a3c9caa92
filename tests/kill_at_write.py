"""Run the app on a saved game and kill it (SIGKILL, no clean-up) at the Nth write boundary of
the next round end: before a file write, between its flush and its rename, after it, and
around removing the finished game's save.

    python tests/kill_at_write.py BOUNDARY     (CRAITS_HOME holds the save to continue)
    python tests/kill_at_write.py --serve      (POSIX: one run per line BOUNDARY HOME)

Exit status 3: the round end had fewer than BOUNDARY + 1 boundaries (nothing was killed).
Serving, the game is imported once and each run is a fork of the server that has not started
pygame yet; each line read is answered with the run's exit status (minus the signal that
ended it) and, when it was killed, where.
The boundaries are counted from the moment the round's end is being recorded; the saves are
written on the main thread so that each run meets them in the same order.
"""

from __future__ import annotations

import os
import signal
import sys

import pygame
from app_driver import FRAME, StandInPlayer

ARMED = {"on": False, "count": 0, "target": -1, "told": 2}  # told: where the kill is said


def boundary(label: str) -> None:
    if not ARMED["on"]:
        return
    if ARMED["count"] == ARMED["target"]:
        os.write(ARMED["told"], f"killed at boundary {ARMED['count']}: {label}\n".encode())
        os.kill(os.getpid(), signal.SIGKILL)
    ARMED["count"] += 1


def instrument() -> None:
    from craits.persistence import files, saves
    from craits.persistence.keeping import MatchKeeper

    real_write, real_replace, real_clear = files.atomic_write_json, os.replace, \
        saves.SaveStore.clear

    def write(path, data, **options):
        boundary(f"before writing {os.path.basename(path)}")
        real_write(path, data, **options)
        boundary(f"after writing {os.path.basename(path)}")

    def replace(source, target, *args, **kwargs):
        boundary(f"written, before renaming onto {os.path.basename(target)}")
        return real_replace(source, target, *args, **kwargs)

    def clear(self):
        boundary("before removing the save")
        real_clear(self)
        boundary("after removing the save")

    files.atomic_write_json = write
    sys.modules["craits.persistence.store"].atomic_write_json = write  # every store's writes
    files.os.replace = replace
    saves.SaveStore.clear = clear

    for name in ("round_over", "match_over"):
        real = getattr(MatchKeeper, name)

        def armed(self, session, _real=real):
            ARMED["on"] = True
            return _real(self, session)

        setattr(MatchKeeper, name, armed)


def serve() -> int:
    import craits.ui.app  # noqa: F401  (imported once, before the forks)

    instrument()
    for request in sys.stdin:
        boundary_number, home = request.rstrip("\n").split(" ", 1)
        told, telling = os.pipe()
        child = os.fork()
        if child == 0:
            os.close(told)
            os.environ["CRAITS_HOME"] = home
            ARMED["told"] = telling
            code = 1
            try:
                code = run(int(boundary_number))
            finally:  # never back into the serving loop
                os._exit(code)
        os.close(telling)
        _, status = os.waitpid(child, 0)
        with os.fdopen(told, encoding="utf-8") as kill:
            where = kill.read().strip()
        code = os.waitstatus_to_exitcode(status)
        sys.stdout.write(f"{code} {where}\n")
        sys.stdout.flush()
    return 0


def run(target: int) -> int:
    from craits.ui.app import App

    ARMED["target"] = target
    App.draws = False  # files are under test, not pixels
    app = App(size=(960, 600), speed="instant", bot_mode="inline")
    app.autosaver.threaded = False
    pygame.event.clear()
    player = StandInPlayer(7)
    if not app.continue_game():
        sys.stderr.write("no game to continue\n")
        return 2
    table = app.current_table()
    start = len(table.session.match.history)
    for _ in range(20_000):
        if ARMED["on"] and type(app.scenes.top).__name__ == "TableScene" \
                and len(table.session.match.history) > start \
                and not table.session.match.state.is_over():
            break  # the round end and the next deal are done
        if type(app.scenes.top).__name__ == "GameOverScene":
            break
        player.act(app)
        app.step(FRAME)
    app.shutdown()
    return 3


def main() -> int:
    if sys.argv[1] == "--serve":
        return serve()
    instrument()
    return run(int(sys.argv[1]))


if __name__ == "__main__":
    sys.exit(main())
