"""A screen's speech: what it is and where the focus is when it opens (or is uncovered, or
speech was just turned on), then each control as its focus group reaches it and each new
value, interrupting what was being said; only while the screen is on top."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Protocol

from craits.ui.speech.symbols import in_words
from craits.ui.speech.words import spoken

if TYPE_CHECKING:
    from craits.ui.widgets import FocusGroup


# What the speech needs of a scene, as protocols: the scene's module imports speech, so speech
# must not import it back.
class _Stack(Protocol):
    @property
    def top(self) -> object: ...


class _App(Protocol):
    @property
    def scenes(self) -> _Stack: ...


class _Scene(Protocol):
    @property
    def app(self) -> _App: ...


def joined(parts: Sequence[str]) -> str:
    """Parts said one after another, as sentences: "Settings. Language, English"."""
    out = ""
    for part in (" ".join(part.split()) for part in parts):
        if part:
            out = f"{out}{'' if not out else ' ' if out[-1] in '.!?:…' else '. '}{part}"
    return out


class ScreenSpeech:
    """``title()``: what the screen is ("Settings"); ``focus``: its controls, if any."""

    def __init__(self, scene: _Scene, title: Callable[[], str],
                 focus: FocusGroup | None = None) -> None:
        self.scene = scene
        self.title = title
        self.focus = focus
        self.pending = True  # the screen is said at the next update
        if focus is not None:
            focus.on_speech = self.say

    def again(self) -> None:
        """Say the screen again at the next update."""
        self.pending = True

    def update(self) -> None:
        """Each frame: the screen, once, after whatever opening it caused (a new layout)."""
        if self.pending:
            self.pending = False
            focused = self.focus.focused if self.focus is not None else None
            said = self.focus.spoken_of(focused) if self.focus and focused else ""
            self.say(joined((self.title(), said)))

    def say(self, text: str, *, interrupt: bool = True) -> None:
        app = self.scene.app
        speaker = getattr(app, "speech", None)  # a test's stand-in for the app may have none
        if speaker is None or self.pending or app.scenes.top is not self.scene:
            return
        # A row's parts shown apart by dots ("date · players · rounds") are said as a list;
        # dates, signs and keys' names in words.
        speaker.say(spoken(in_words(text.replace(" · ", ", "))), level="minimal",
                    interrupt=interrupt)
