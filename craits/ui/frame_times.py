"""How long the app's frames take: the latest frames' wall and main-thread CPU times, a
bounded record (hours of play cost no more memory than minutes), and a line about them."""

from __future__ import annotations

import os
import time
from collections import deque
from collections.abc import Sequence

FPS = 60
FRAME_RECORDS = FPS * 60 * 10  # frame times kept: the last ten minutes


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


def _note_first_frame() -> None:
    """For the start-up benchmark: write the time of the first shown frame where asked."""
    path = os.environ.get("CRAITS_FIRST_FRAME_FILE")
    if path:
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.write(f"{time.time():.6f}")
        except OSError:
            pass  # the benchmark then finds no time: it says so
