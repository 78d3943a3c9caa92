"""The workbench: every piece of background work in the game runs here, on one fixed set of
worker processes shared by the computer players, the review, the par and the analysis.

Lanes, by priority: ``BOT`` (a computer player's move, a hint), ``REVIEW`` (the review the
player is looking at; a command's own work, which someone waits for), ``BACKGROUND``
(analysis while playing, pars). A process's priority is set once and cannot be raised again,
so the workers are split: one *urgent* worker at normal priority serves ``BOT`` then
``REVIEW`` and never takes a background unit (a par replay can take a minute: a move must
never wait behind one); the other workers, one a core, run below normal priority
(``os.nice``, or Windows' BELOW_NORMAL class) and serve ``REVIEW`` then ``BACKGROUND``, so the
game and its thinking keep the machine first. A command that waits for its own work passes
``low_priority=False``.

Workers are spawned (a forked copy of a busy parent with threads and pygame is not safe) on
first use, so start-up never waits for them. The caller's loop only polls (``Job.take``):
nothing here blocks a frame. A unit whose worker dies is given to a worker once more; if that
one dies too, the unit fails with a reason. ``close`` never blocks, whatever is queued: pipes
only (no queue feeder thread for the interpreter to join at exit), terminate, a short join,
kill. One lock guards the queues: a job may be fed from a thread of its own (the puzzle
search) while the frame loop polls another.

    bench = Workbench()
    job = bench.job(Lane.BACKGROUND)
    ticket = job.submit(work, unit)       # work(unit) in a worker; work and unit picklable
    for done in job.take(): done.ticket, done.value, done.error
    job.drop()                            # what is queued is dropped, answers ignored
    bench.close()
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import pickle
import signal
import threading
import time
import weakref
from collections import OrderedDict, deque
from collections.abc import Callable, Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from multiprocessing import connection
from typing import Any

from . import worker

log = logging.getLogger(__name__)

MAX_WORKERS = 4  # low-priority workers at most, beside the urgent one
# A short unit is handed to a worker beside the one it is on (no idle wait for the next
# frame's hand-out); more would wait behind a long unit while another worker idles, so the
# rest of a job's ``room`` waits here, for whichever worker is free first.
AHEAD = 1
QUEUED = 2  # units a job may queue here per worker of its lane, beyond those on workers
SHARED_KEPT = 4  # shared lists a worker keeps (the oldest is forgotten first)
TRIES = 2  # a unit whose worker dies is tried once more, then fails
STOP_WAIT = 0.5  # seconds a closing bench gives a terminated worker before killing it
DIED = "a worker process stopped twice while working on it"


def default_workers() -> int:
    """Low-priority workers: one a core, at most ``MAX_WORKERS``."""
    return max(1, min(os.cpu_count() or 1, MAX_WORKERS))


class Lane(IntEnum):
    BOT = 0
    REVIEW = 1
    BACKGROUND = 2


@dataclass(frozen=True, slots=True)
class Shared:
    """A list the units of one job read, named ``key`` and growing: each worker is sent the
    items it lacks up to ``end`` once, never the whole list per unit."""

    key: str
    items: Sequence[Any]
    end: int


@dataclass(frozen=True, slots=True)
class Done:
    """A finished unit: its ``value``, or the ``error`` that stopped it (``lost``: the
    workers' failure, not the unit's own: it could not be sent, or its workers died)."""

    ticket: int
    unit: Any
    value: Any = None
    error: str | None = None
    lost: bool = False


@dataclass(eq=False)
class _Unit:
    ticket: int
    job: Job
    call: Callable[..., Any]
    unit: Any
    shared: Shared | None
    payload: bytes = b""
    tries: int = 0


@dataclass(eq=False)
class _Worker:
    low: bool
    lanes: tuple[Lane, ...]
    process: Any = None
    conn: Any = None  # units out (one-way pipes: no end is read and written by two threads)
    answers: Any = None  # answers in
    holding: deque[_Unit] = field(default_factory=deque)
    sent: OrderedDict[str, int] = field(default_factory=OrderedDict)  # shared key -> items

    def takes(self, unit: _Unit) -> bool:
        if unit.job.lane not in self.lanes:
            return False
        if not self.holding:
            return True
        return unit.job.lane != Lane.BACKGROUND and len(self.holding) <= AHEAD and \
            all(u.job.lane != Lane.BACKGROUND for u in self.holding)


class Job:
    """One client's units in one lane; ``take`` gives each finished unit once."""

    def __init__(self, bench: Workbench, lane: Lane) -> None:
        self.bench = bench
        self.lane = lane
        self.errors: list[str] = []
        self.turn = 0  # when a unit of it was last handed out
        self._open: dict[int, _Unit] = {}
        self._done: dict[int, Done] = {}

    def submit(self, call: Callable[..., Any], unit: Any = None,
               shared: Shared | None = None) -> int:
        """``call(unit)`` (with ``shared``: ``call(unit, items)``) on a worker; its ticket."""
        with self.bench.lock:
            item, refused = self.bench._add(self, call, unit, shared)
            self._open[item.ticket] = item
            if refused is not None:
                self._finish(item, False, refused, lost=True)
            return item.ticket

    def room(self) -> int:
        """How many more units are worth queueing now (a job that feeds itself slowly)."""
        bench, lane = self.bench, self.lane
        serving = sum(lane in w.lanes for w in bench._workers)
        room = 1 if lane in bench.here else \
            serving * (1 if lane == Lane.BACKGROUND else 1 + AHEAD + QUEUED)
        return max(0, room - len(self._open))

    @property
    def pending(self) -> int:
        """Units asked for and not finished."""
        return len(self._open)

    @property
    def failed(self) -> bool:
        return bool(self.errors)

    def take(self, tickets: Iterable[int] | None = None) -> list[Done]:
        """The units finished since the last call (among ``tickets``); never waits."""
        self.bench.pump()
        with self.bench.lock:
            wanted = list(self._done) if tickets is None else \
                [t for t in tickets if t in self._done]
            return [self._done.pop(t) for t in wanted]

    def wait(self, timeout: float) -> None:
        """Until an answer may be ready, at most ``timeout`` seconds."""
        if not self._done:
            self.bench.wait(timeout)

    def drop(self, tickets: Iterable[int] | None = None) -> None:
        """Units no longer wanted: not started if they wait, their answers ignored."""
        with self.bench.lock:
            for ticket in list(self._open) if tickets is None else list(tickets):
                item = self._open.pop(ticket, None)
                if item is not None:
                    self.bench._drop(item)
                self._done.pop(ticket, None)

    def _finish(self, item: _Unit, ok: bool, value: Any, lost: bool = False) -> None:
        if self._open.pop(item.ticket, None) is None:
            return  # dropped meanwhile
        error = None if ok else str(value)
        if error is not None:
            self.errors.append(error)
        self._done[item.ticket] = Done(item.ticket, item.unit, value if ok else None, error,
                                       lost)


class Workbench:
    """The workers and the lanes' queues. ``inline``: the same jobs run here, one unit a
    ``pump``, in every lane (True: tests, commands with one worker) or in those named (an app
    whose computer players think in place, for tests)."""

    def __init__(self, workers: int | None = None, *, inline: bool | Iterable[Lane] = False,
                 low_priority: bool = True) -> None:
        self.here = frozenset(Lane if inline is True else inline or ())  # lanes run in place
        self.inline = self.here == frozenset(Lane)
        count = default_workers() if workers is None else workers
        self._workers = [_Worker(False, (Lane.BOT, Lane.REVIEW))] + [
            _Worker(low_priority, (Lane.REVIEW, Lane.BACKGROUND)) for _ in range(count)]
        self._queues: dict[Lane, deque[_Unit]] = {lane: deque() for lane in Lane}
        self._tickets = 0
        self._turns = 0  # units handed out, to give the jobs of a lane turns
        self._closed = False
        self.lock = threading.RLock()
        # A bench let go without ``close`` (a test's app, say) ends its workers when collected.
        self._started: list[Any] = []  # every process started (the collector's list)
        self._orphaned = weakref.finalize(self, _end_processes, self._started)

    def job(self, lane: Lane) -> Job:
        return Job(self, lane)

    def __enter__(self) -> Workbench:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------ queueing

    def _add(self, job: Job, call: Callable[..., Any], unit: Any,
             shared: Shared | None) -> tuple[_Unit, str | None]:
        """The unit queued, or why it cannot be."""
        self._tickets += 1
        item = _Unit(self._tickets, job, call, unit, shared)
        if self._closed:
            return item, "the work was stopped"
        if job.lane not in self.here:
            try:
                item.payload = pickle.dumps((call, unit), pickle.HIGHEST_PROTOCOL)
            except Exception as exc:  # any pickling error is the job's own
                return item, f"it cannot be sent to a worker: {exc}"
        self._queues[job.lane].append(item)
        return item, None

    def _drop(self, item: _Unit) -> None:
        with contextlib.suppress(ValueError):  # on a worker already: its answer is ignored
            self._queues[item.job.lane].remove(item)

    # ------------------------------------------------------------ the loop's side

    def pump(self) -> None:
        """Collect answers, notice dead workers, hand out units; never waits (but runs one
        unit of a lane run in place)."""
        with self.lock:
            if self._closed:
                return
            self._run_one_here()
            for w in self._workers:
                if w.process is None:
                    continue
                if w.holding:
                    self._receive(w)
                elif not w.process.is_alive():  # died idle: started again when needed
                    self._let_go(w)
            self._hand_out()

    def wait(self, timeout: float) -> None:
        with self.lock:
            if self.inline or self._closed or any(self._queues[lane] for lane in self.here):
                return  # nothing to wait for, or work to do here
            busy = [w for w in self._workers if w.holding and w.process is not None]
            conns = [w.answers for w in busy] + [w.process.sentinel for w in busy]
        if conns:
            with contextlib.suppress(OSError, ValueError):  # closed meanwhile by another thread
                connection.wait(conns, timeout)
        else:
            time.sleep(min(timeout, 0.01))

    def _run_one_here(self) -> None:
        for lane in sorted(self.here):
            if self._queues[lane]:
                item = self._queues[lane].popleft()
                # The whole shared list: a unit reads no further than its ``end``.
                items = None if item.shared is None else item.shared.items
                try:
                    value = item.call(item.unit) if items is None else item.call(item.unit, items)
                except Exception as exc:  # the job's failure, told to its owner
                    item.job._finish(item, False, str(exc) or type(exc).__name__)
                else:
                    item.job._finish(item, True, value)
                return

    def _receive(self, w: _Worker) -> None:
        try:
            while w.answers.poll(0):
                ticket, ok, value = w.answers.recv()
                while w.holding:
                    item = w.holding.popleft()
                    if item.ticket == ticket:
                        item.job._finish(item, ok, value)
                        break
        except (EOFError, OSError, pickle.UnpicklingError) as exc:
            log.warning("a worker stopped (%s)", exc)
            self._lost(w)
            return
        if w.holding and not w.process.is_alive():
            self._lost(w)

    def _lost(self, w: _Worker) -> None:
        """``w`` died: the unit it was on goes back once, the ones queued behind it as new."""
        held = list(w.holding)
        process = self._let_go(w)
        if process is not None and process.is_alive():
            process.kill()
        for position, item in reversed(list(enumerate(held))):
            if item.ticket not in item.job._open:
                continue
            if position == 0:
                item.tries += 1
                if item.tries >= TRIES:
                    item.job._finish(item, False, DIED, lost=True)
                    continue
            self._queues[item.job.lane].appendleft(item)

    @staticmethod
    def _let_go(w: _Worker) -> Any:
        """``w`` emptied and its pipe closed; its process, to be ended (None if none)."""
        w.holding.clear()
        w.sent.clear()
        for end in (w.conn, w.answers):
            if end is not None:
                with contextlib.suppress(OSError):
                    end.close()
        process, w.conn, w.answers, w.process = w.process, None, None, None
        return process

    def _hand_out(self) -> None:
        """Lane by lane; within a lane the jobs take turns (a review's par does not wait
        behind the deal of the day's eight replays)."""
        for lane in Lane:
            queue = self._queues[lane]
            while queue and lane not in self.here:
                item = min(queue, key=lambda u: u.job.turn)  # the job served longest ago
                w = min((w for w in self._workers if w.takes(item)),
                        key=lambda w: len(w.holding), default=None)
                if w is None:
                    break
                queue.remove(item)
                self._turns += 1
                item.job.turn = self._turns
                if not self._send(w, item):
                    break

    def _send(self, w: _Worker, item: _Unit) -> bool:
        """Give ``item`` to ``w`` (started here if it is not running); False if it could not
        start (the unit fails with why)."""
        if w.process is None and not self._start(w, item):
            return False
        try:
            shared = item.shared
            key = None
            if shared is not None:
                key = shared.key
                have = w.sent.get(key)
                if have is None:
                    if len(w.sent) >= SHARED_KEPT:
                        old, _ = w.sent.popitem(last=False)
                        w.conn.send_bytes(pickle.dumps(("forget", None, old, None)))
                    have = w.sent[key] = 0
                if have < shared.end:
                    piece = list(shared.items[have:shared.end])
                    w.conn.send_bytes(pickle.dumps(("extend", None, key, piece)))
                    w.sent[key] = shared.end
            w.conn.send_bytes(pickle.dumps(("run", item.ticket, key, item.payload)))
        except (OSError, pickle.PicklingError) as exc:
            log.warning("a worker could not be reached (%s)", exc)
            w.holding.appendleft(item)  # counted as the unit it was on
            self._lost(w)
            return True
        w.holding.append(item)
        return True

    def _start(self, w: _Worker, item: _Unit) -> bool:
        try:
            context = multiprocessing.get_context("spawn")
            units_in, units_out = context.Pipe(duplex=False)
            answers_in, answers_out = context.Pipe(duplex=False)
            process = context.Process(target=worker.serve, args=(units_in, answers_out, w.low),
                                      name="craits-worker", daemon=True)
            with _interrupt_after():
                process.start()
            units_in.close()
            answers_out.close()
        except (OSError, ValueError, ImportError, RuntimeError) as exc:
            log.warning("no worker process could be started (%s)", exc)
            item.job._finish(item, False, f"no worker process could be started: {exc}",
                             lost=True)
            return False
        w.process, w.conn, w.answers = process, units_out, answers_in
        self._started.append(process)
        return True

    # ------------------------------------------------------------ the end

    def close(self) -> None:
        """End every worker now, whatever it is on or is queued; never blocks for long."""
        with self.lock:
            if self._closed:
                return
            self._closed = True
            self._orphaned.detach()
            for queue in self._queues.values():
                queue.clear()
            processes = [p for w in self._workers if (p := self._let_go(w)) is not None]
        for process in processes:
            process.terminate()
        deadline = time.monotonic() + STOP_WAIT
        for process in processes:
            process.join(max(0.0, deadline - time.monotonic()))
            if process.is_alive():
                process.kill()
                process.join(0.1)


@contextlib.contextmanager
def _interrupt_after() -> Iterator[None]:
    """Ctrl+C while a worker is being started waits until the worker has its start-up data:
    cut in the middle, the new process would find its pipe closed and print a traceback."""
    if threading.current_thread() is not threading.main_thread():
        yield  # Ctrl+C interrupts only the main thread
        return
    caught: list[int] = []
    try:
        previous = signal.signal(signal.SIGINT, lambda number, frame: caught.append(number))
    except (ValueError, OSError):  # an embedding that keeps signals to itself
        yield
        return
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)
        if caught:
            signal.raise_signal(signal.SIGINT)  # now, as it would have been


def _end_processes(processes: list[Any]) -> None:
    for process in processes:
        if process.is_alive():
            process.terminate()  # not joined: a collector must not wait


def _call(fn: Callable[[], Any]) -> Any:
    return fn()


class Latest:
    """A lane where only the newest call matters (the director's runner: a computer
    player's move, a hint): a new ``submit`` makes older answers moot."""

    def __init__(self, job: Job) -> None:
        self.job = job
        self.submitted: int | None = None  # ticket of the newest call
        self._answer: Done | None = None  # the newest call's, until asked for

    def submit(self, fn: Callable[[], Any]) -> int:
        self.job.drop()
        self._answer = None
        self.submitted = self.job.submit(_call, fn)
        return self.submitted

    def poll(self, ticket: int) -> Any | None:
        """The answer for ``ticket`` once ready, given once (a failed call raises
        ``RuntimeError``)."""
        for done in self.job.take():
            if done.ticket == self.submitted:
                self._answer = done
        answer = self._answer
        if answer is None or answer.ticket != ticket or ticket != self.submitted:
            return None
        self._answer = None
        if answer.lost:  # no worker to think on: here, a slow frame rather than no move
            log.warning("a computer player thinks in place (%s)", answer.error)
            return _call(answer.unit)
        if answer.error is not None:
            raise RuntimeError(f"a computer player failed to choose a move: {answer.error}")
        return answer.value


def inline_job(lane: Lane = Lane.REVIEW) -> Job:
    """A job on a bench of its own that runs each unit here, one a ``take`` (tests)."""
    return Workbench(inline=True).job(lane)


def command_bench(workers: int) -> Workbench:
    """A command's own bench: ``workers`` processes in all at the caller's priority, each
    taking the ``REVIEW`` lane (the caller waits for it); one worker: here and now."""
    return Workbench(max(0, workers - 1), inline=workers <= 1, low_priority=False)


def run_all(job: Job, call: Callable[[Any], Any], units: Sequence[Hashable],
            progress: Callable[[int, int], object] | None = None) -> dict[Any, Any]:
    """``call(unit)`` for every unit, waiting for all (commands). Raises ``RuntimeError`` if
    a unit fails."""
    for unit in units:
        job.submit(call, unit)
    out: dict[Any, Any] = {}
    while job.pending:
        found = job.take()
        for done in found:
            if done.error is not None:
                job.drop()
                raise RuntimeError(done.error)
            out[done.unit] = done.value
        if found and progress:
            progress(len(out), len(units))
        if not found:
            job.wait(0.05)
    return out
