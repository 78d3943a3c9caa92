"""Par replays worked out in other processes, for a screen whose frame loop only polls.

``ParWork(work, units, workers)`` starts ``workers`` processes (fresh interpreters: a forked
copy of a busy parent, with threads and pygame, is not safe) that take units from one queue, so
both cores stay busy whatever each unit costs, and hand back each unit's score as it is found.
They run at a low priority (``NICE``) beside a screen: the player's own game, and the review's
judging, come first; ``compute`` waits for them at the caller's priority. A
unit's score depends on the unit only, so the results are the same on any number of processes.
"""

from __future__ import annotations

import multiprocessing
import os
import queue
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any

NICE = 10
PARENT_CHECK = 2.0  # seconds between looks, while idle, at whether the game still runs


def _serve(todo: Any, out: Any, nice: int, parent: int) -> None:
    """In a worker process: each unit's answer as it is found, until the queue says stop or
    the ``parent`` process is gone (named by the parent: it may die while this one starts)."""
    try:
        if nice:
            os.nice(nice)
    except (AttributeError, OSError):  # not on every system; the work is the same
        pass
    while True:
        try:
            item = todo.get(timeout=PARENT_CHECK)
        except queue.Empty:
            if os.getppid() != parent:  # the game was killed: no one waits for the answers
                return
            continue
        if item is None or os.getppid() != parent:
            return
        work, unit = item
        try:
            out.put((unit, work(unit), None))
        except Exception as exc:  # said by the parent; this process has no one to tell
            out.put((unit, 0, str(exc) or type(exc).__name__))


class ParWork:
    """``work(unit)`` for every unit of ``units``, on ``workers`` processes; ``poll`` takes
    what is found. ``work`` must be picklable (a module-level function or a dataclass), and so
    must its answers (a par replay's is a score).

    ``more=True``: the processes wait for more (``add``, any work of its own) until ``close``
    or ``stop``; the work of a game still being played is added as its rounds come."""

    def __init__(self, work: Callable[[Any], Any] | None, units: Sequence[Hashable],
                 workers: int = 1, nice: int = NICE, *, more: bool = False) -> None:
        self.waiting: set[Hashable] = set()
        self.errors: list[str] = []
        self._closed = False
        context = multiprocessing.get_context("spawn")
        self._todo: Any = context.Queue()
        self._results: Any = context.Queue()
        count = max(1, workers if more else min(workers, len(units)))
        self._count = count
        if work is not None:
            self.add(work, units)
        self._processes = [context.Process(target=_serve, args=(self._todo, self._results,
                                                                 nice, os.getpid()),
                                           daemon=True)
                           for _ in range(count if units or more else 0)]
        if not more:
            self.close()
        try:
            for process in self._processes:
                process.start()
        except BaseException:
            self.stop()
            raise

    def add(self, work: Callable[[Any], Any], units: Sequence[Hashable]) -> None:
        """More units, after those already given (a unit already waiting is not given twice)."""
        if self._closed:
            raise RuntimeError("no more work is taken")
        for unit in units:
            if unit not in self.waiting:
                self.waiting.add(unit)
                self._todo.put((work, unit))

    def close(self) -> None:
        """No more units: the processes end once they have done what they were given."""
        if not self._closed:
            self._closed = True
            for _ in range(self._count):
                self._todo.put(None)

    def poll(self) -> list[tuple[Any, Any]]:
        """The (unit, answer) pairs found since the last poll; never waits."""
        found: list[tuple[Any, Any]] = []
        while True:
            try:
                unit, answer, error = self._results.get_nowait()
            except (queue.Empty, OSError, ValueError, EOFError):
                break
            if isinstance(unit, list):  # a tuple comes back as a tuple; be safe
                unit = tuple(unit)
            self.waiting.discard(unit)
            if error is None:
                found.append((unit, answer))
            else:
                self.errors.append(error)
        return found

    @property
    def failed(self) -> bool:
        """A unit failed, or the processes ended with units still to come (they are not
        started again for them)."""
        if self.errors:
            return True
        return bool(self.waiting) and not any(p.is_alive() for p in self._processes) and \
            self._results.empty()

    @property
    def done(self) -> bool:
        return not self.waiting

    def stop(self) -> None:
        self._closed = True
        for process in self._processes:
            if process.is_alive():
                process.terminate()
        for process in self._processes:
            if process.pid is not None:  # started (one that failed to start is not joined)
                process.join(timeout=1)


def wait_for(job: ParWork, progress: Callable[[int, int], object] | None = None,
             step: float = 0.05) -> list[tuple[Any, Any]]:
    """Every unit's score, waiting (the command line and the benchmark); raises
    ``RuntimeError`` if the work fails."""
    total = len(job.waiting)
    found: list[tuple[Any, Any]] = []
    try:
        while job.waiting:
            new = job.poll()
            found += new
            if new and progress:
                progress(len(found), total)
            if job.failed:
                raise RuntimeError("; ".join(job.errors) or "the par's workers stopped")
            if not new:
                time.sleep(step)
    finally:
        job.stop()
    return found


def compute(work: Callable[[Any], int], units: Sequence[Hashable], workers: int = 1,
            progress: Callable[[int, int], object] | None = None) -> dict[Any, int]:
    """Every unit's score: here and now on one worker, else on ``workers`` processes (at the
    caller's priority: the caller waits for them)."""
    if workers <= 1 or len(units) <= 1:
        out: dict[Any, int] = {}
        for unit in units:
            out[unit] = int(work(unit))
            if progress:
                progress(len(out), len(units))
        return out
    return dict(wait_for(ParWork(work, units, workers, nice=0), progress))
