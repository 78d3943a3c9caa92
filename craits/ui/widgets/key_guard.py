"""Input that counts only once a screen has been seen: a key already held when the screen
appeared is ignored until it is let go, and nothing counts before ``settle`` seconds. A
screen that sums up (the scoreboard) must not be skipped by the press that ended the round."""

from __future__ import annotations

from collections.abc import Iterable

import pygame

_POINTER = (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)


class FreshInput:
    def __init__(self, held: Iterable[int], settle: float) -> None:
        self.held = set(held)  # keys down when the screen appeared
        self.settle = settle
        self.age = 0.0

    def update(self, dt: float) -> None:
        self.age += dt

    @property
    def settled(self) -> bool:
        return self.age >= self.settle

    def accepts(self, event: pygame.event.Event) -> bool:
        """False for a press that began before the screen was seen or came too soon."""
        if event.type == pygame.KEYUP:
            self.held.discard(event.key)
            return True
        if event.type == pygame.KEYDOWN:
            return event.key not in self.held and self.settled
        if event.type in _POINTER:
            return self.settled
        return True
