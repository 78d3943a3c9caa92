"""Tweens: values that move from a start to an end over presentation time, fed ``dt`` by hand.

Nothing here reads a clock, so tests drive animations exactly (``tween.update(0.1)``). Values
are floats or tuples of floats (a position, a colour); easing curves map 0..1 to 0..1.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Generic, TypeVar

Easing = Callable[[float], float]
V = TypeVar("V", float, tuple[float, ...])  # what a tween moves: a float, or a tuple of them


def linear(t: float) -> float:
    return t


def ease_out_cubic(t: float) -> float:
    """Fast start, gentle landing: the curve for card flights."""
    return 1 - (1 - t) ** 3


def ease_out_back(t: float) -> float:
    """Overshoots a little and settles: for banners and badges that pop in."""
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def lerp(a: V, b: V, t: float) -> V:
    """Linear interpolation of floats or equal-length tuples of floats."""
    if isinstance(a, tuple):
        assert isinstance(b, tuple) and len(a) == len(b), "tween ends must have the same shape"
        return tuple(x + (y - x) * t for x, y in zip(a, b, strict=True))
    assert not isinstance(b, tuple)
    return a + (b - a) * t


def lerp_angle(a: float, b: float, t: float) -> float:
    """Interpolate angles in degrees the short way round."""
    diff = (b - a + 180.0) % 360.0 - 180.0
    return a + diff * t


class Tween(Generic[V]):
    """``start`` to ``end`` over ``duration`` seconds after ``delay``; ``value`` is the current
    value. A zero duration jumps to ``end`` on the first update (the "instant" speed)."""

    __slots__ = ("start", "end", "duration", "delay", "ease", "elapsed", "value", "_updated")

    def __init__(
        self,
        start: V,
        end: V,
        duration: float,
        ease: Easing = ease_out_cubic,
        delay: float = 0.0,
    ) -> None:
        if duration < 0 or delay < 0:
            raise ValueError(f"tween duration and delay must not be negative: {duration}, {delay}")
        self.start: V = start
        self.end: V = end
        self.duration = duration
        self.delay = delay
        self.ease = ease
        self.elapsed = 0.0
        self.value: V = start
        self._updated = False

    @property
    def progress(self) -> float:
        """0..1 through the movement (0 during the delay)."""
        t = self.elapsed - self.delay
        if t < 0 or not self._updated:
            return 0.0
        if self.duration == 0:
            return 1.0
        return min(1.0, t / self.duration)

    @property
    def done(self) -> bool:
        return self._updated and self.elapsed >= self.delay + self.duration

    @property
    def remaining(self) -> float:
        return max(0.0, self.delay + self.duration - self.elapsed)

    def update(self, dt: float) -> V:
        if dt < 0:
            raise ValueError("time runs forwards: dt must not be negative")
        self._updated = True
        self.elapsed += dt
        p = self.progress
        self.value = self.end if p >= 1.0 else lerp(self.start, self.end, self.ease(p))
        return self.value


class Cues:
    """Callbacks due at moments of presentation time (e.g. one per dealt card)."""

    def __init__(self) -> None:
        self._items: list[tuple[float, int, Callable[[], None]]] = []
        self._now = 0.0
        self._order = 0

    def __len__(self) -> int:
        return len(self._items)

    def at(self, delay: float, callback: Callable[[], None]) -> None:
        """Run ``callback`` once ``delay`` more seconds have passed (0: at the next update)."""
        self._items.append((self._now + max(0.0, delay), self._order, callback))
        self._order += 1
        self._items.sort(key=lambda item: (item[0], item[1]))

    def update(self, dt: float) -> None:
        """Advance time and run what fell due, in order."""
        self._now += dt
        while self._items and self._items[0][0] <= self._now + 1e-9:
            self._items.pop(0)[2]()  # the callback

    def flush(self) -> None:
        """Run everything still pending, now (skipping ahead)."""
        while self._items:
            self._items.pop(0)[2]()


def wave(t: float, period: float) -> float:
    """0..1..0 smoothly with the given period (pulsing glows, thinking dots)."""
    return 0.5 - 0.5 * math.cos(2 * math.pi * (t % period) / period)
