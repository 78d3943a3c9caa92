"""Inside a worker process: take units from the bench's pipe, answer each in turn.

A reading thread drains the pipe into an inbox at once, so the game never blocks sending to a
busy worker; a watching thread ends the process within a moment of the game's end, however
it ended (closed, killed, crashed), even in the middle of a unit: it waits on the parent's
sentinel, which works on every system (``os.getppid`` never changes on Windows).
"""

from __future__ import annotations

import os
import pickle
import queue
import signal
import sys
import threading
from multiprocessing import connection, parent_process
from typing import Any

NICE = 10  # below the game and the urgent worker, above nothing else


def lower_priority() -> None:
    """Run below normal priority (per process, for good: a low worker stays low)."""
    if sys.platform == "win32":
        import ctypes

        below_normal = 0x4000  # BELOW_NORMAL_PRIORITY_CLASS
        kernel = ctypes.windll.kernel32
        kernel.SetPriorityClass(kernel.GetCurrentProcess(), below_normal)
    else:
        try:
            os.nice(NICE)
        except OSError:  # not allowed here: the answers are the same, only slower to come
            pass


def watch_parent() -> None:
    """End this process when the process that started it ends, however it ended (a spawned
    child is not ended with its parent otherwise: a killed command would leave it working)."""
    parent = parent_process()
    if parent is None:
        return

    def watch() -> None:
        connection.wait([parent.sentinel])
        os._exit(0)  # nobody is left to want the answers

    threading.Thread(target=watch, name="craits-parent-watch", daemon=True).start()


def _read(conn: Any, inbox: queue.SimpleQueue[bytes]) -> None:
    try:
        while True:
            inbox.put(conn.recv_bytes())
    except (EOFError, OSError):  # the bench closed its end: nothing more will come
        os._exit(0)


def serve(units: Any, answers: Any, low: bool) -> None:
    """The worker's life, reading ``units``, writing ``answers``. Messages in are
    ``(kind, ticket, key, body)``: ``run`` (body: the pickled call and unit; ``key``, if any,
    names the shared list passed after the unit), ``extend`` (body: the list's next items),
    ``forget``; answers out are ``(ticket, ok, value or why not)``."""
    watch_parent()
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the game's: it closes us
    if low:
        lower_priority()
    inbox: queue.SimpleQueue[bytes] = queue.SimpleQueue()
    threading.Thread(target=_read, args=(units, inbox), name="craits-inbox", daemon=True).start()
    shared: dict[str, list[Any]] = {}
    while True:
        kind, ticket, key, body = pickle.loads(inbox.get())
        if kind == "extend":
            shared.setdefault(key, []).extend(body)
        elif kind == "forget":
            shared.pop(key, None)
        else:
            answer = run(body, None if key is None else shared.get(key, []))
            try:
                answers.send((ticket, *answer))
            except (pickle.PicklingError, TypeError, AttributeError) as exc:
                answers.send((ticket, False, f"its answer could not be sent back: {exc}"))
            except OSError:
                os._exit(0)


def run(payload: bytes, items: list[Any] | None) -> tuple[bool, Any]:
    """One unit: (True, its value) or (False, why it failed). A job's own error is its
    failure, told to whoever asked, never the worker's end."""
    try:
        call, unit = pickle.loads(payload)
        return True, (call(unit) if items is None else call(unit, items))
    except Exception as exc:
        return False, str(exc) or type(exc).__name__
