"""Helpers for the UI tests of the card table: an App on the dummy driver in a scratch home,
driven frame by frame with synthetic input, and positions set up from scenario documents."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pygame

from craits.engine.scenario import parse_position

FRAME = 1 / 30


def post_click(pos: tuple[int, int]) -> None:
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def post_key(key: int, unicode: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=unicode,
                                         scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode=unicode,
                                         scancode=0))


def step(app, frames: int = 1, dt: float = FRAME) -> None:
    for _ in range(frames):
        app.step(dt)


def run_until(app, condition: Callable[[], bool], seconds: float = 60.0,
              dt: float = FRAME) -> None:
    """Step the app until ``condition()`` holds; fail after ``seconds`` of app time."""
    t = 0.0
    while not condition():
        assert t < seconds, f"condition not reached within {seconds} s of app time"
        app.step(dt)
        t += dt


def click(app, pos) -> None:
    post_click(pos)
    step(app, 2)


def press(app, key: int, unicode: str = "") -> None:
    post_key(key, unicode)
    step(app, 2)


def set_position(table, doc: dict) -> None:
    """Replace the round in progress at ``table`` with the scenario position ``doc``."""
    state, _ = parse_position(doc)
    session = table.session
    while table.app.scenes.top is not table:  # e.g. the dealer's suit dialog of the old deal
        table.app.scenes.pop()
    table.match.modal_open = False
    table.chor.finish()
    session.match = dataclasses.replace(session.match, state=state)
    session.version += 1
    table.match.director._reactions.clear()
    table.match.director._schedule_reactions()
    table.match.sync_to_engine()


def sprite_centre(table, code: int) -> tuple[int, int]:
    for sprite in table.hand.hand():
        if sprite.code == code:
            return round(sprite.x), round(sprite.y - sprite.lift)
    raise AssertionError(f"card {code} is not in the viewer's hand")
