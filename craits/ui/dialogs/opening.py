"""A long game record read and replayed on a thread of its own, so the window keeps drawing
while it opens: ``Opening(make)`` starts ``make(progress)`` (a ``Replay``); ``poll()`` gives it
once made, raises what stopped it (a ``RecordError``, the past games' own ``ValueError``, or a
fault of the game's, as if opened on the window's thread), or says None while it goes on;
``cancel()`` stops it. ``draw_progress`` shows how
far it has got with the review's own bar. A record of a game's length opens at once, without
a thread (``long_file``: a file that may hold more than ``LONG_RECORD`` actions)."""

from __future__ import annotations

import os
import threading
from collections.abc import Callable

import pygame

from craits import i18n
from craits.review import RecordError, Replay
from craits.review.record import os_reason
from craits.review.replay import Cancelled, Progress
from craits.ui.widgets import Theme, draw_rounded
from craits.ui.widgets.textcache import blit_text

LONG_RECORD = 5_000  # actions: a longer record is replayed on a thread (a full game has ~2,000)
# A file this large may hold more than LONG_RECORD actions (the shortest is 24 bytes): it is
# read on the thread too. A full game's file is some tens of kilobytes.
LONG_FILE = 24 * LONG_RECORD
BAR = (8, 30, 20, 190)  # the review's progress bar: its ground, what is done, its text
BAR_DONE = (64, 146, 98, 200)
BAR_TEXT = (196, 204, 184)


class Opening:
    def __init__(self, make: Callable[[Progress], Replay]) -> None:
        self._make = make
        self.progress = Progress()
        self._replay: Replay | None = None
        self._error: Exception | None = None
        self._thread = threading.Thread(target=self._run, name="craits-opening", daemon=True)
        self._thread.start()

    def _run(self) -> None:
        try:
            replay = self._make(self.progress)
            replay.game_key  # noqa: B018 - made here: the review asks for it as it opens
            self._replay = replay
        except Cancelled:
            pass
        except ValueError as exc:  # a RecordError, or why the past games could not read it
            self._error = exc
        except OSError as exc:  # said in the player's words, not raised
            self._error = RecordError(f"cannot be read ({os_reason(exc)})")
        except (RecursionError, MemoryError):
            self._error = RecordError("too large to open")
        except Exception as exc:  # a fault of the game's: raised by ``poll``, as opening here
            self._error = exc

    @property
    def done(self) -> bool:
        return not self._thread.is_alive()

    @property
    def cancelled(self) -> bool:
        return self.progress.cancelled

    def cancel(self) -> None:
        """Stop it within a slice of actions; ``poll`` gives None from now on."""
        self.progress.cancel()

    def poll(self) -> Replay | None:
        """The replay once made (None before, or once cancelled); raises what stopped it."""
        if not self.done or self.cancelled:
            return None
        if self._error is not None:
            raise self._error
        return self._replay

    def wait(self, timeout: float | None = None) -> None:
        """Until made (tests)."""
        self._thread.join(timeout)


def long_file(path: str | os.PathLike[str]) -> bool:
    """Whether the file at ``path`` is large enough to be read on a thread (``LONG_FILE``);
    one that cannot be looked at is not (reading it says why, at once)."""
    try:
        return os.stat(path).st_size > LONG_FILE
    except (OSError, ValueError):
        return False


def opening_text(progress: Progress) -> str:
    """"Opening the game: 41000 of 100000 moves · Esc stops", once the moves are counted (as
    the review's "Analysing your choices: 3 of 40")."""
    if not progress.total:
        return i18n.t("review.opening")
    return i18n.t("review.opening_progress", done=progress.done, total=progress.total)


def stops(event: pygame.event.Event, button: pygame.Rect) -> bool:
    """Whether ``event`` stops an opening: Esc, or a click on ``button`` (Back, Cancel)."""
    if event.type == pygame.KEYDOWN:
        return bool(event.key == pygame.K_ESCAPE)
    return (event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1
            and button.collidepoint(event.pos))


def draw_progress(surface: pygame.Surface, bar: pygame.Rect, opening: Opening, text: str,
                  theme: Theme) -> None:
    """The review's progress bar in ``bar``: filled as far as the replay has got, ``text`` on
    it."""
    draw_rounded(surface, bar, BAR, theme.radius)
    done, total = opening.progress.done, opening.progress.total
    filled = bar.inflate(-theme.px(6), -theme.px(6))
    filled.width = round(filled.width * done / max(1, total))
    if filled.width > 0:
        draw_rounded(surface, filled, BAR_DONE, theme.radius // 2)
    blit_text(surface, text, theme.px(17), BAR_TEXT, center=bar.center,
              max_width=bar.width - theme.px(16))
