"""How long the app's frames take: the latest frames' wall and main-thread CPU times, a
bounded record (hours of play cost no more memory than minutes), and a line about them; and
how often frames are made (``FramePacer``: full rate while anything moves, slow when idle)."""

from __future__ import annotations

import os
import time
from collections import deque
from collections.abc import Callable, Sequence

FPS = 60
FRAME_RECORDS = FPS * 60 * 10  # frame times kept: the last ten minutes
# A screen left alone: after IDLE_AFTER seconds with no event and no change on the screen, the
# loop makes IDLE_FPS frames a second (work still advances, a laptop's fan stays quiet).
IDLE_AFTER = 0.5
IDLE_FPS = 5
# At full rate the screen is compared every SAMPLE_EVERY frames (its checksum: about 1 ms).
SAMPLE_EVERY = 6


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0..100) by nearest rank; 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


class FrameTimes:
    """Seconds each recent frame took: ``wall`` (elapsed) and ``cpu`` (this thread's)."""

    def __init__(self, kept: int = FRAME_RECORDS) -> None:
        self.wall: deque[float] = deque(maxlen=kept)
        self.cpu: deque[float] = deque(maxlen=kept)
        self.frames = 0  # every frame recorded, also those no longer kept

    def add(self, wall: float, cpu: float) -> None:
        self.wall.append(wall)
        self.cpu.append(cpu)
        self.frames += 1
        if self.frames == 1:
            _note_first_frame()

    def report(self) -> str:
        """The frames kept and their median and 99th percentile, in milliseconds."""
        times = [t * 1000 for t in self.wall]
        return (f"frames={len(times)} frame_ms_p50={percentile(times, 50):.2f} "
                f"frame_ms_p99={percentile(times, 99):.2f}")


class FramePacer:
    """Says whether the loop is idle: a screen unchanged, with no event, for ``IDLE_AFTER``
    seconds. Idle, every frame is compared with the last shown; any event or change is the
    end of idleness, at once. Fed the time, so it is tested without a clock."""

    def __init__(self, idle_after: float = IDLE_AFTER, sample_every: int = SAMPLE_EVERY) -> None:
        self.idle_after, self.sample_every = idle_after, sample_every
        self.idle = False
        self._last: object = None  # the screen's fingerprint when last compared
        self._still_since = 0.0  # since then no event and no change (once compared)
        self._frames = 0  # frames since the last comparison

    @property
    def wait_ms(self) -> int:
        """How long an idle loop waits for an event before its next frame."""
        return 1000 // IDLE_FPS

    def woken(self, now: float) -> None:
        """An event came: full rate, at once, for ``idle_after`` seconds at least."""
        self.idle, self._still_since = False, now

    def drawn(self, fingerprint: Callable[[], object], now: float) -> bool:
        """A frame was drawn (``fingerprint`` tells it from others: a checksum of its
        pixels); whether it needs showing. Idle, an unchanged frame is not shown again; a
        changed one ends idleness."""
        self._frames += 1
        if not self.idle and self._frames < self.sample_every and self._last is not None:
            return True
        self._frames = 0
        frame = fingerprint()
        same, self._last = frame == self._last, frame
        if not same:
            self.idle, self._still_since = False, now
            return True
        if self.idle:
            return False
        self.idle = now - self._still_since >= self.idle_after
        return True


def _note_first_frame() -> None:
    """For the start-up benchmark: write the time of the first shown frame where asked."""
    path = os.environ.get("CRAITS_FIRST_FRAME_FILE")
    if path:
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.write(f"{time.time():.6f}")
        except OSError:
            pass  # the benchmark then finds no time: it says so
