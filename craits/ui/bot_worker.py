"""Computer players think away from the UI so no frame ever waits for a search.

A search is pure Python: on a thread it would hold the interpreter lock and stall frames, so
jobs run in one helper process (``mode="process"``, the default for the app). A job is the
bot, its view, the round history it may see and its decision generator, all picklable; the
answer is the same as when thinking in place. ``mode="thread"`` and ``mode="inline"`` (tests)
run the same job on a thread or at once. Answers are tagged with the session version they
were asked at; ``session.apply_bot_answer`` refuses an answer made for an older position.
"""

from __future__ import annotations

import logging
import multiprocessing
import queue
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class BotJob:
    """One decision: what ``Session.bot_request`` thinks about, in a form that can be sent to
    another process."""

    bot: Any
    view: Any
    history: Any
    rng: Any

    def __call__(self) -> Any:
        return self.bot.choose(self.view, self.history, self.rng)


def bot_job(session) -> tuple[int, BotJob]:
    """The session's bot request for the player to act, as a picklable job."""
    seat = session.to_act()
    return session.version, BotJob(
        session.bots[seat], session.view(seat), session.round_history(seat),
        session.decision_rng(seat),
    )  # fmt: skip


def _run_job(job: Callable[[], Any]) -> Any:
    return job()


class BotWorker:
    """Runs bot jobs one at a time; ``poll(version)`` returns the answer once it is ready."""

    def __init__(self, mode: str = "thread") -> None:
        if mode not in ("process", "thread", "inline"):
            raise ValueError(f"bot worker mode must be process, thread or inline, not {mode!r}")
        self.mode = mode
        self.submitted: int | None = None  # version of the newest job
        self._lock = threading.Lock()
        self._answer: tuple[int, Any] | None = None
        self._error: BaseException | None = None
        self._jobs: queue.Queue[tuple[int, Callable[[], Any]] | None] = queue.Queue()
        self._thread: threading.Thread | None = None
        self._pool = None
        self._pending: tuple[int, Any] | None = None  # (version, AsyncResult) in process mode
        if mode == "process":
            self._start_pool()

    # ------------------------------------------------------------ process mode

    def _start_pool(self) -> None:
        try:
            context = multiprocessing.get_context("spawn")
            self._pool = context.Pool(1)
        except (OSError, ValueError, ImportError) as exc:
            log.warning("no helper process for the computer players (%s); using a thread", exc)
            self.mode = "thread"
            self._pool = None

    # ------------------------------------------------------------ all modes

    def submit(self, version: int, job: Callable[[], Any]) -> None:
        """Start thinking about the position at ``version`` (newer jobs make older ones moot)."""
        self.submitted = version
        with self._lock:
            self._answer = None
        if self.mode == "inline":
            self._finish(version, job)
        elif self.mode == "process" and self._pool is not None:
            try:
                self._pending = (version, self._pool.apply_async(_run_job, (job,)))
            except Exception as exc:  # e.g. a job that cannot be pickled: think on a thread
                log.warning("helper process refused a job (%s); using a thread", exc)
                self.mode = "thread"
                self._submit_thread(version, job)
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
            self._answer = (version, answer)

    def poll(self, version: int) -> Any | None:
        """The answer for ``version`` if it is ready (a job's exception is raised here)."""
        if self._pending is not None and self._pending[1].ready():
            pending_version, result = self._pending
            self._pending = None
            try:
                answer = result.get()
            except Exception as exc:
                raise RuntimeError("a computer player failed to choose a move") from exc
            with self._lock:
                self._answer = (pending_version, answer)
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
            self._pool.terminate()
            self._pool = None
        if self._thread is not None and self._thread.is_alive():
            self._jobs.put(None)
