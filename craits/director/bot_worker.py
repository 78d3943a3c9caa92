"""Computer players think away from the UI so no frame ever waits for a search.

A search is pure Python: on a thread it would hold the interpreter lock and stall frames, so
jobs run in one helper process (``mode="process"``, the default for the app). A job is the
bot, its view, the round history it may see and its decision generator, all picklable; the
answer is the same as when thinking in place. ``mode="thread"`` and ``mode="inline"`` (tests)
run the same job on a thread or at once. ``submit`` returns a ticket for ``poll``; answers to
jobs that were superseded (a newer ticket) are dropped, whichever table asked for them, and
``session.apply_bot_answer`` still refuses an answer made for an older position.
"""

from __future__ import annotations

import logging
import multiprocessing
import queue
import threading
from collections.abc import Callable
from typing import Any

log = logging.getLogger(__name__)


def _serve(conn: Any) -> None:
    """The helper process: answer jobs until the pipe closes. When the game is gone (closed,
    killed, interrupted) it leaves quietly: nobody is there to read a traceback."""
    try:
        while True:
            item = conn.recv()
            if item is None:
                return
            version, job = item
            try:
                answer = (version, True, job())
            except Exception as exc:  # sent back, raised on the main thread
                answer = (version, False, repr(exc))
            conn.send(answer)
    except (EOFError, OSError, KeyboardInterrupt):  # BrokenPipeError is an OSError
        return


class BotWorker:
    """Runs bot jobs one at a time; ``poll(ticket)`` returns the answer once it is ready."""

    def __init__(self, mode: str = "thread") -> None:
        if mode not in ("process", "thread", "inline"):
            raise ValueError(f"bot worker mode must be process, thread or inline, not {mode!r}")
        self.mode = mode
        self.submitted: int | None = None  # ticket of the newest job
        self._tickets = 0
        self._lock = threading.Lock()
        self._answer: tuple[int, Any] | None = None
        self._error: BaseException | None = None
        self._jobs: queue.Queue[tuple[int, Callable[[], Any]] | None] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._pool: bool | None = None
        self._conn: Any = None
        self._process: Any = None
        self._pending: tuple[int, Any] | None = None  # the job the helper process is on
        if mode == "process":
            self._start_pool()

    # ------------------------------------------------------------ process mode

    def _start_pool(self) -> None:
        try:
            context = multiprocessing.get_context("spawn")
            self._conn, child = context.Pipe()
            self._process = context.Process(target=_serve, args=(child,), name="craits-bot",
                                            daemon=True)
            self._process.start()
            child.close()
            self._pool = True
        except (OSError, ValueError, ImportError, RuntimeError) as exc:
            log.warning("no helper process for the computer players (%s); using a thread", exc)
            self._to_thread_mode()

    def _to_thread_mode(self) -> None:
        self.mode = "thread"
        self._pool = None
        pending, self._pending = self._pending, None
        if pending is not None:
            self._submit_thread(*pending)

    # ------------------------------------------------------------ all modes

    def submit(self, job: Callable[[], Any]) -> int:
        """Start thinking (a newer job makes older ones moot); the ticket to ``poll`` with."""
        self._tickets += 1
        version = self.submitted = self._tickets
        with self._lock:
            self._answer = None
        self._start(version, job)
        return version

    def _start(self, version: int, job: Callable[[], Any]) -> None:
        if self.mode == "inline":
            self._finish(version, job)
        elif self.mode == "process" and self._pool is not None:
            try:
                self._conn.send((version, job))
                self._pending = (version, job)
            except Exception as exc:  # a job that cannot be pickled, or the helper is gone
                log.warning("helper process refused a job (%s); using a thread", exc)
                self._pending = (version, job)
                self._to_thread_mode()
        else:
            self._submit_thread(version, job)

    def _submit_thread(self, version: int, job: Callable[[], Any]) -> None:
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._run, name="craits-bot", daemon=True)
            self._thread.start()
        self._jobs.put((version, job))

    def _run(self) -> None:
        while True:
            item = self._jobs.get()
            if item is None:
                return
            version, job = item
            if version != self.submitted:  # superseded while waiting
                continue
            self._finish(version, job)

    def _finish(self, version: int, job: Callable[[], Any]) -> None:
        try:
            answer = job()
        except BaseException as exc:  # handed to the main thread, which reports it
            with self._lock:
                self._error = exc
            return
        with self._lock:
            if version == self.submitted:
                self._answer = (version, answer)

    def _receive(self) -> None:
        """Collect what the helper process has answered (process mode)."""
        try:
            while self._conn.poll(0):
                version, ok, answer = self._conn.recv()
                if self._pending is not None and self._pending[0] == version:
                    self._pending = None
                with self._lock:
                    if ok and version == self.submitted:
                        self._answer = (version, answer)
                    elif version == self.submitted:
                        self._error = RuntimeError(answer)
        except (EOFError, OSError):
            log.warning("the helper process stopped; computer players think on a thread")
            self._to_thread_mode()
            return
        if self._pending is not None and not self._process.is_alive():
            log.warning("the helper process died; computer players think on a thread")
            self._to_thread_mode()

    def poll(self, version: int) -> Any | None:
        """The answer for ticket ``version`` if it is ready (a job's exception is raised
        here)."""
        if self.mode == "process" and self._pool is not None:
            self._receive()
        with self._lock:
            if self._error is not None:
                error, self._error = self._error, None
                raise RuntimeError("a computer player failed to choose a move") from error
            if self._answer is not None and self._answer[0] == version:
                answer = self._answer[1]
                self._answer = None
                return answer
        return None

    def stop(self) -> None:
        """Stop thinking and let the helpers go (a search in progress is cut short)."""
        self.submitted = None
        if self._pool is not None:
            self._pool = None
            try:
                self._conn.close()
            except OSError:
                pass
            self._process.terminate()
            self._process.join(1.0)
        if self._thread is not None and self._thread.is_alive():
            self._jobs.put(None)
