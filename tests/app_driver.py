"""Driving the real desktop app in tests: an App on the dummy driver in a scratch home, input
posted as pygame events, errors raised instead of shown, and a stand-in for a human player."""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pygame

from craits.engine import Rules
from craits.session import Session

FRAME = 1 / 30


def make_app(home: Path, monkeypatch, *, size=(960, 600), language="en", speed="instant"):
    """An App whose folder is ``home``; computer players think inline (deterministic)."""
    from craits.ui.app import App

    monkeypatch.setenv("CRAITS_HOME", str(home))
    app = App(size=size, speed=speed, bot_mode="inline", language=language)
    pygame.event.clear()
    return app


def raise_errors(app) -> list[BaseException]:
    """Make the app's top-level safety net re-raise, so a test sees the error itself."""
    seen: list[BaseException] = []

    def report(exc: BaseException):
        seen.append(exc)
        raise exc

    app.report_crash = report
    return seen


def short_rules() -> Rules:
    return dataclasses.replace(Rules(), game_length="short")


def post_key(key: int, unicode: str = "", mod: int = 0) -> None:
    for kind in (pygame.KEYDOWN, pygame.KEYUP):
        pygame.event.post(pygame.event.Event(kind, key=key, mod=mod, unicode=unicode,
                                             scancode=0))


def post_click(pos, button: int = 1) -> None:
    pos = (int(pos[0]), int(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0),
                                         buttons=(0, 0, 0), touch=False))
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=pos, button=button, touch=False))


class StandInPlayer:
    """Plays the human seats of the app's table like a person would: Enter on the cut, the
    suit dialog and the scoreboard; at the table an easy computer player's choice."""

    def __init__(self, seed: int = 0) -> None:
        from craits.config.levels import make_bot

        self.bot = make_bot("easy")
        self.rng = random.Random(seed)

    def act(self, app) -> None:
        from craits.ui.table.scene import TableScene

        top = app.scenes.top
        name = type(top).__name__
        if name in ("CutScene", "SuitDialog", "ScoreboardScene", "HandoffScene"):
            post_key(pygame.K_RETURN)
        elif isinstance(top, TableScene) and top.match.my_turn():
            session = top.session
            view = session.view(top.match.viewer)
            top.match.act(self.bot.choose(view, session.round_history(top.match.viewer), self.rng))


def play_until(app, condition, player: StandInPlayer | None = None, frames: int = 20_000) -> int:
    """Step the app (with ``player`` acting for the humans) until ``condition()``."""
    for count in range(frames):
        if condition():
            return count
        if player is not None:
            player.act(app)
        app.step(FRAME)
    raise AssertionError(f"not reached within {frames} frames; top scene "
                         f"{type(app.scenes.top).__name__}")


def drive_session(session: Session, condition, seed: int = 0, max_steps: int = 20_000) -> None:
    """Play a session without any UI (humans too, as easy players) until ``condition()``."""
    from craits.config.levels import make_bot
    from craits.director import MatchDirector, Wait

    bot, rng = make_bot("easy"), random.Random(seed)
    director = MatchDirector(session)
    for _ in range(max_steps):
        if condition():
            return
        waiting = director.waiting
        if waiting.kind is Wait.MATCH_OVER:
            raise AssertionError("the match ended before the condition held")
        if waiting.kind is Wait.ROUND_OVER:
            director.round_seen()
        elif waiting.kind is Wait.COMPUTER:
            director.update(0.5)
        else:
            seat = waiting.seat
            director.handed_to(seat)
            director.act(bot.choose(session.view(seat), session.round_history(seat), rng), seat)
    raise AssertionError("condition not reached")


def play_forever(kinds: list[str], seed: int) -> None:
    """The app as a player would run it (bot helper process, rules file) with a stand-in
    for the human seats, match after match, until the process is killed; at the instant
    pace a player may choose, so that a test waits for moves, not for cards to fly."""
    import time

    from craits.ui.app import App

    app = App(size=(960, 600), speed="instant")
    player = StandInPlayer(seed)
    app.new_game(app.seats_for(kinds), None, seed)
    while app.running:
        table = app.current_table()
        if table is None or table.session.match.is_over():
            seed += 1
            app.new_game(app.seats_for(kinds), None, seed)
        player.act(app)
        app.step(FRAME)
        time.sleep(0.002)  # a shared machine: leave room for the helper process


if __name__ == "__main__":
    import argparse

    parser = argparse.ArgumentParser(description="run the app with a stand-in player")
    parser.add_argument("--seats", default="human,hard,medium")
    parser.add_argument("--seed", type=int, default=0)
    options = parser.parse_args()
    play_forever(options.seats.split(","), options.seed)
