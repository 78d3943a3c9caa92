"""Run the app on a saved game and kill it (SIGKILL, no clean-up) at the Nth write boundary of
the next round end: before a file write, between its flush and its rename, after it, and
around removing the finished game's save.

    python tests/kill_at_write.py BOUNDARY     (CRAITS_HOME holds the save to continue)

Exit status 3: the round end had fewer than BOUNDARY + 1 boundaries (nothing was killed).
The boundaries are counted from the moment the round's end is being recorded; the saves are
written on the main thread so that each run meets them in the same order.
"""

from __future__ import annotations

import os
import signal
import sys

import pygame
from app_driver import FRAME, StandInPlayer

ARMED = {"on": False, "count": 0, "target": -1}


def boundary(label: str) -> None:
    if not ARMED["on"]:
        return
    if ARMED["count"] == ARMED["target"]:
        sys.stderr.write(f"killed at boundary {ARMED['count']}: {label}\n")
        sys.stderr.flush()
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


def main() -> int:
    from craits.ui.app import App

    ARMED["target"] = int(sys.argv[1])
    instrument()
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


if __name__ == "__main__":
    sys.exit(main())
