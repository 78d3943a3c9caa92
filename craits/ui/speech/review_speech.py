"""The round review, said as the player steps through it: on opening where it is, then at each
step what happened, and at the reviewed player's choices the move made and the expert's verdict
on it ("Your choice: you play the seven of hearts. Expert's choice: ..."). A verdict that comes
later (the analysis is still running) is said as it comes, without interrupting."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from craits.ui.speech.speaker import Speaker
from craits.ui.speech.words import spoken


def sentences(texts: Sequence[str]) -> str:
    """Texts said one after another, each ending as a sentence does."""
    return " ".join(text if text[-1:] in ".!?:…" else f"{text}." for text in texts if text)


class ReviewSpeech:
    """Says what is new at the step shown; ``speaker`` None (a stand-in app): says nothing."""

    def __init__(self, speaker: Speaker | None) -> None:
        self.speaker = speaker
        self._step: tuple[int, int] | None = None  # (step, seat) said last
        self._lines: list[str] = []

    def again(self) -> None:
        """Say the screen and the step again at the next update (the review was uncovered)."""
        self._step = None

    def update(self, number: int, seat: int, heading: str, lines: Sequence[str],
               event: Callable[[], str]) -> None:
        """The step shown: ``lines`` over the hand (the choice and its verdict), ``event``
        what happened at it, asked only when it is to be said; ``heading`` where the review
        is, said when it opens."""
        if self.speaker is None:
            return
        lines = list(lines)
        if (number, seat) != self._step:
            opening = self._step is None
            self._step, self._lines = (number, seat), lines
            said = lines or [event()]
            self.speaker.say(spoken(sentences([heading, *said] if opening else said)),
                             level="minimal", interrupt=True)
        elif lines != self._lines:
            new = [line for line in lines if line not in self._lines]
            self._lines = lines
            if new:
                self.speaker.say(spoken(sentences(new)), level="minimal")
