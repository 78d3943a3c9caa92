"""How likely each opponent is to be caught as an idiot, read from what the match has shown.

A player who reaches one card and does not say "Last card!" in time draws a penalty and loses a
turn, which changes what their being close to going out is worth. Players differ: some always
announce, some forget, and who calls how fast differs by table. So the chance is read per player:
the level's expectation (``prior``) counts as ``PRIOR_WEIGHT`` times seen, and every time the
player reached one card so far in the match counts once, caught or not.
"""

from __future__ import annotations

from collections.abc import Sequence

from craits.engine import events as ev

PRIOR_WEIGHT = 2.0  # the level's expectation weighs as much as this many windows seen


def catch_chances(
    history: Sequence[ev.Event], me: int, n: int, prior: float
) -> list[float] | None:
    """By seat, the chance a player who reaches one card is caught; ``me`` never is (a level
    knows its own reflexes). None when ``prior`` is 0: the model is off, nobody is caught.
    ``history``: the match's events as ``me`` saw them (or only this round's)."""
    if prior <= 0:
        return None
    windows = [0] * n
    caught = [0] * n
    held = [0] * n
    open_window = -1  # who may still be caught: their window's outcome is not known yet
    for event in history:
        if isinstance(event, ev.RoundStarted):
            held = [0] * n
            open_window = -1
        elif isinstance(event, (ev.CardsDealt, ev.CardsDrawn)):
            if isinstance(event, ev.CardsDrawn) and event.reason in ("turn", "crank"):
                open_window = -1  # a turn action: the window closed uncaught
            if 0 <= event.player < n:
                held[event.player] += event.count
        elif isinstance(event, ev.IdiotCalled):
            if 0 <= event.target < n:
                caught[event.target] += 1
            open_window = -1
        elif isinstance(event, ev.LastCardAnnounced):
            if event.player == open_window:
                open_window = -1
        elif isinstance(event, (ev.Passed, ev.RoundEnded)):
            open_window = -1
        elif isinstance(event, ev.CardPlayed):
            open_window = -1
            p = event.player
            if 0 <= p < n:
                held[p] -= 1
                if held[p] == 1:
                    windows[p] += 1
                    open_window = p
    if open_window >= 0:
        windows[open_window] -= 1  # still open: neither caught nor safe yet
    out = [(prior * PRIOR_WEIGHT + caught[p]) / (PRIOR_WEIGHT + windows[p]) for p in range(n)]
    out[me] = 0.0
    return out
