"""Scenes and the scene stack: ``handle -> update(dt) -> draw`` each frame.

The app owns a stack; the top scene gets input; scenes below a transparent (overlay) scene are
still drawn. A modal scene returns a typed value through ``dismiss(result)``, which pops it and
hands the result to the callback it was pushed with (as Textual's modal screens do).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from collections.abc import Set as AbstractSet
from typing import TYPE_CHECKING, Any, Protocol

import pygame

if TYPE_CHECKING:  # types only: the services a scene may use, none of them a scene
    from craits.engine import Rules
    from craits.persistence import Settings, Statistics
    from craits.review import Replay
    from craits.review.puzzles import Grade, Spot
    from craits.review.while_playing import Finishing, GameAnalysis
    from craits.seat import Seat
    from craits.session import Session
    from craits.ui.audio import Audio
    from craits.ui.cards.art import CardArt
    from craits.ui.notices import Notice
    from craits.ui.speech import Speaker
    from craits.work import Latest, Workbench


class Screens(Protocol):
    """The scenes one part of the UI opens from another's (the rules from the table's menu, a
    round's review from the scoreboard or from past games): made by the app, so that the
    table, the menus and the review never import one another."""

    def rules(self) -> Scene: ...

    def settings(self) -> Scene: ...

    def controls(self, where: str = "table") -> Scene:
        """Every key and gesture at the table (F1), also shown before a game; ``where``
        "review": the round review's keys."""
        ...

    def review(self, replay: Replay, *, round_index: int | None = None,
               analyse: bool = True) -> Scene: ...

    def open_record(self) -> Scene:
        """Asks for a game record's file; dismisses with a ``Replay`` or None."""
        ...

    def puzzle(self, replay: Replay, spot: Spot,
               on_grade: Callable[[int, Grade | None], None]) -> Scene:
        """The review at a puzzle's choice, seen from its seat: ``on_grade`` hears how the
        player's new choice was graded."""
        ...


class MatchSetup(Protocol):
    """A match to start as the new-game screen gives it (``menus.new_game_form.GameSetup``):
    seats in order (an empty name: the default), rules, and a seed (None: random)."""

    @property
    def seats(self) -> Sequence[Seat]: ...

    @property
    def rules(self) -> Rules | None: ...

    @property
    def seed(self) -> int | None: ...


class SceneContext(Protocol):
    """What a scene may use of the app: the scene stack, the settings, the window's size,
    sound, speech (the app's one speaker) and card art, the workbench (background work), the
    processes that analyse a game while it is played, and
    the few things the app does for a scene (start or continue a game, save settings or
    statistics, go to the title, quit), with
    the signals a table gives as its match goes on (``autosave``, ``record_round``,
    ``finish_match``: the app's ``MatchKeeper`` keeps the match). The ``App`` is one; a test
    may pass another."""

    scenes: SceneStack
    settings: Settings
    audio: Audio
    speech: Speaker
    card_art: CardArt
    workbench: Workbench  # every process that works in the background
    bot_worker: Latest  # its lane for the computer players' moves and hints
    # A seat's game analysed while played, given the seat and every seat's kind (None: not).
    game_analysis: Callable[[int, Sequence[str]], GameAnalysis] | None
    finishing: Finishing  # finished games' analyses, worked out after their table went
    statistics: Statistics
    notices: list[Notice | str]  # for the player, each told with str()
    screens: Screens

    @property
    def size(self) -> tuple[int, int]: ...

    @property
    def keys_down(self) -> AbstractSet[int]:
        """Keys pressed and not yet let go, as the events told."""
        ...

    def new_game(self, setup: MatchSetup | Sequence[Seat], rules: Rules | None = None,
                 seed: int | None = None, *, replace_ok: bool = False,
                 match_id: str | None = None) -> None: ...

    def continue_game(self) -> bool: ...

    def show_title(self) -> None: ...

    def quit(self) -> None: ...

    def save_settings(self) -> None: ...

    def save_statistics(self) -> bool:
        """True when written (else they are written again later)."""
        ...

    def apply_settings(self) -> None: ...

    def autosave(self, session: Session) -> None: ...

    def record_round(self, session: Session) -> None: ...

    def finish_match(self, session: Session) -> None: ...


class Scene:
    #: Draw the scene below this one first (dialogs, banners, hand-off covers do not).
    transparent = False

    def __init__(self, app: SceneContext) -> None:
        self.app = app
        # Any: the stack holds scenes of every result type (a question's bool, a replay...),
        # and each callback is written for the one scene it was pushed with.
        self._on_result: Callable[[Any], None] | None = None

    # Lifecycle: called by the stack.
    def on_enter(self) -> None:
        """Became the top scene (pushed, or uncovered)."""

    def on_exit(self) -> None:
        """Stopped being the top scene (popped or covered)."""

    def on_resize(self, size: tuple[int, int]) -> None:
        """The window changed size; recompute layout."""

    def speak_screen(self) -> None:
        """Speech was just turned on: say what this scene is and where the focus is (a menu
        does; a scene that speaks as it goes needs nothing)."""

    # Frame.
    def handle(self, event: pygame.event.Event) -> None:
        """One input event (only the top scene receives input)."""

    def update(self, dt: float) -> None:
        """Advance animations by ``dt`` seconds of presentation time."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the whole scene onto ``surface``."""

    # Modal results.
    def dismiss(self, result: Any = None) -> None:
        """Pop this scene and hand ``result`` to whoever pushed it."""
        callback, self._on_result = self._on_result, None
        self.app.scenes.pop(self)
        if callback is not None:
            callback(result)


class SceneStack:
    def __init__(self) -> None:
        self._stack: list[Scene] = []

    def __len__(self) -> int:
        return len(self._stack)

    @property
    def top(self) -> Scene | None:
        return self._stack[-1] if self._stack else None

    def push(self, scene: Scene, on_result: Callable[[Any], None] | None = None) -> None:
        if self._stack:
            self._stack[-1].on_exit()
        scene._on_result = on_result
        self._stack.append(scene)
        scene.on_enter()

    def pop(self, scene: Scene | None = None) -> Scene | None:
        """Pop the top scene (or ``scene`` wherever it is)."""
        if not self._stack:
            return None
        if scene is None or scene is self._stack[-1]:
            popped = self._stack.pop()
            popped.on_exit()
            if self._stack:
                self._stack[-1].on_enter()
            return popped
        if scene in self._stack:
            self._stack.remove(scene)
        return scene

    def replace(self, scene: Scene) -> None:
        """Replace the whole stack with ``scene`` (e.g. menu -> table)."""
        while self._stack:
            self._stack.pop().on_exit()
        self.push(scene)

    def visible(self) -> list[Scene]:
        """Scenes to draw, bottom first: the top and those seen through transparent ones."""
        start = len(self._stack) - 1
        while start > 0 and self._stack[start].transparent:
            start -= 1
        return self._stack[max(start, 0) :]

    def __iter__(self) -> Iterator[Scene]:
        return iter(list(self._stack))
