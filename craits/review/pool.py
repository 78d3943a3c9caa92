"""Where the review's choices are judged: ``ProcessPool`` on helper processes (one a core, so
frames never wait and a game's review uses the whole machine), ``InlinePool`` here and now.

Both take ``Task``s (a choice, the level and the seat's log it reads) and give back each
choice's verdict, or the error that stopped it, under the ticket ``submit`` returned. A choice
carries its own seed, so the verdicts are the same whichever pool, and however many workers,
judge it. A seat's log is sent to each helper once, in the pieces the choices need, never a
whole history per choice.

    pool = ProcessPool(2)
    ticket = pool.submit(task)            # while pool.room() > 0
    for ticket, answer in pool.answers([ticket]): ...
    pool.stop()
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import threading
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from craits.engine import Event

    from .judging import Choice, ReviewLevel, Verdict

log = logging.getLogger(__name__)

MAX_WORKERS = 4
AHEAD = 2  # choices handed to each worker beyond the one it is on: no wait between two
LOGS_KEPT = 4  # seats' logs a helper keeps (the parent forgets them in the same order)


def default_workers() -> int:
    """One worker a core, at most ``MAX_WORKERS``."""
    return max(1, min(os.cpu_count() or 1, MAX_WORKERS))


@dataclass(frozen=True, slots=True)
class Task:
    """A choice to judge: ``log`` is the seat's log (shared and growing, named by ``key``),
    of which the choice reads its first ``choice.end`` events."""

    key: str
    log: Sequence[Event]
    level: ReviewLevel
    choice: Choice

    def run(self) -> Verdict:
        return self.choice.judge(self.level, self.log)


Answer = Any  # a Verdict, or an Exception saying why there is none


class Pool(Protocol):
    def room(self) -> int:
        """How many more tasks it takes now."""
        ...

    def submit(self, task: Task) -> int: ...

    def answers(self, tickets: Sequence[int]) -> list[tuple[int, Answer]]:
        """The answers ready among ``tickets`` (each given once)."""
        ...

    def discard(self, tickets: Sequence[int]) -> None:
        """Tasks no longer wanted: not started if they wait, their answers dropped."""
        ...

    def wait(self, timeout: float) -> None:
        """Until an answer may be ready, at most ``timeout`` seconds."""
        ...

    def stop(self) -> None: ...


class InlinePool:
    """Judges on the caller's thread, one task per ``answers`` call (tests, the command line
    with one worker, a system without helper processes)."""

    def __init__(self) -> None:
        self._tickets = 0
        self._waiting: OrderedDict[int, Task] = OrderedDict()
        self._ready: dict[int, Answer] = {}

    def room(self) -> int:
        return 0 if self._waiting else 1

    def submit(self, task: Task) -> int:
        self._tickets += 1
        self._waiting[self._tickets] = task
        return self._tickets

    def answers(self, tickets: Sequence[int]) -> list[tuple[int, Answer]]:
        if self._waiting:
            ticket, task = self._waiting.popitem(last=False)
            self._ready[ticket] = _run(task)
        return [(t, self._ready.pop(t)) for t in tickets if t in self._ready]

    def discard(self, tickets: Sequence[int]) -> None:
        for ticket in tickets:
            self._waiting.pop(ticket, None)
            self._ready.pop(ticket, None)

    def wait(self, timeout: float) -> None:
        return None

    def stop(self) -> None:
        self._waiting.clear()
        self._ready.clear()


def _run(task: Task) -> Answer:
    try:
        return task.run()
    except Exception as exc:  # handed back: the analysis says it could not be finished
        return exc


class ProcessPool:
    """``workers`` helper processes, each fed by a thread of its own: the caller only queues
    tasks and picks up answers, never waits on a helper. A helper that cannot be started or
    stops is replaced by judging on its thread (slower, same verdicts)."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = max(1, workers or default_workers())
        self._tickets = 0
        self._cond = threading.Condition()
        self._waiting: OrderedDict[int, Task] = OrderedDict()
        self._ready: dict[int, Answer] = {}
        self._running: set[int] = set()
        self._dropped: set[int] = set()
        self._stopping = False
        self._processes: list[Any] = []
        self._threads = [threading.Thread(target=self._drive, name=f"craits-review-{i}",
                                          daemon=True) for i in range(self.workers)]
        for thread in self._threads:
            thread.start()

    def room(self) -> int:
        with self._cond:
            busy = len(self._waiting) + len(self._running)
        return max(0, self.workers * (1 + AHEAD) - busy)

    def submit(self, task: Task) -> int:
        with self._cond:
            self._tickets += 1
            self._waiting[self._tickets] = task
            self._cond.notify_all()
            return self._tickets

    def answers(self, tickets: Sequence[int]) -> list[tuple[int, Answer]]:
        with self._cond:
            return [(t, self._ready.pop(t)) for t in tickets if t in self._ready]

    def discard(self, tickets: Sequence[int]) -> None:
        with self._cond:
            for ticket in tickets:
                self._ready.pop(ticket, None)
                if self._waiting.pop(ticket, None) is None and ticket in self._running:
                    self._dropped.add(ticket)

    def wait(self, timeout: float) -> None:
        with self._cond:
            if not self._ready:
                self._cond.wait(timeout)

    def stop(self) -> None:
        """Stop at once: the helpers are ended, whatever they are on."""
        with self._cond:
            self._stopping = True
            self._waiting.clear()
            processes = list(self._processes)
            self._cond.notify_all()
        for process in processes:
            try:
                process.terminate()
            except (OSError, ValueError, AttributeError):
                pass

    def join(self, timeout: float = 5.0) -> None:
        """After ``stop``: until the helpers are gone (the benchmark counts their time)."""
        for process in list(self._processes):
            try:
                process.join(timeout)
            except (OSError, ValueError, AssertionError):
                pass

    # ------------------------------------------------------------ a worker's thread

    def _next(self) -> tuple[int, Task] | None:
        with self._cond:
            while not self._waiting and not self._stopping:
                self._cond.wait()
            if self._stopping:
                return None
            ticket, task = self._waiting.popitem(last=False)
            self._running.add(ticket)
            return ticket, task

    def _drive(self) -> None:
        helper = _Helper.start(self)
        try:
            while (item := self._next()) is not None:
                ticket, task = item
                answer = helper.judge(task) if helper is not None else None
                if answer is None:  # no helper, or it stopped: judge here
                    helper = None
                    if self._stopping:  # it was stopped with the pool
                        return
                    answer = _run(task)
                with self._cond:
                    self._running.discard(ticket)
                    if ticket in self._dropped:
                        self._dropped.discard(ticket)
                    elif not self._stopping:
                        self._ready[ticket] = answer
                    self._cond.notify_all()
        finally:
            if helper is not None:
                helper.close()


class _Helper:
    """One helper process and what of each seat's log it holds."""

    def __init__(self, conn: Any, process: Any) -> None:
        self.conn = conn
        self.process = process
        self.sent: OrderedDict[str, int] = OrderedDict()  # key -> events it holds

    @classmethod
    def start(cls, pool: ProcessPool) -> _Helper | None:
        try:
            context = multiprocessing.get_context("spawn")
            conn, child = context.Pipe()
            process = context.Process(target=serve, args=(child,), name="craits-review",
                                      daemon=True)
            with pool._cond:
                if pool._stopping:
                    return None
                process.start()
                pool._processes.append(process)
            child.close()
            return cls(conn, process)
        except (OSError, ValueError, ImportError, RuntimeError) as exc:
            log.warning("no helper process for the review (%s); judging on a thread", exc)
            return None

    def judge(self, task: Task) -> Answer | None:
        """The helper's answer, or None if it cannot give one (it stopped)."""
        try:
            have = self.sent.get(task.key)
            if have is None:
                if len(self.sent) >= LOGS_KEPT:
                    old, _ = self.sent.popitem(last=False)
                    self.conn.send(("forget", old, None))
                have = self.sent[task.key] = 0
            end = task.choice.end
            if have < end:
                self.conn.send(("extend", task.key, list(task.log[have:end])))
                self.sent[task.key] = end
            self.conn.send(("judge", task.key, (task.level, task.choice)))
            ok, answer = self.conn.recv()
        except (EOFError, OSError, ValueError, TypeError, AttributeError) as exc:
            log.warning("the review's helper stopped (%s); judging on a thread", exc)
            self.close()
            return None
        return answer if ok else RuntimeError(answer)

    def close(self) -> None:
        try:
            self.conn.close()
        except OSError:
            pass


def serve(conn: Any) -> None:
    """The helper process: keep the logs it is sent, judge the choices it is asked; leave
    quietly when the pipe closes (the game is gone: nobody is there to read a traceback)."""
    logs: dict[str, list[Event]] = {}
    try:
        while True:
            kind, key, body = conn.recv()
            if kind == "forget":
                logs.pop(key, None)
            elif kind == "extend":
                logs.setdefault(key, []).extend(body)
            elif kind == "judge":
                level, choice = body
                try:
                    conn.send((True, choice.judge(level, logs.get(key, []))))
                except Exception as exc:  # said on the main thread
                    conn.send((False, str(exc) or type(exc).__name__))
    except (EOFError, OSError, KeyboardInterrupt):
        return
