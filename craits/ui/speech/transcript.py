"""The transcript's one format, written and read here: one utterance a line,
``SECONDS FLAG TEXT`` (seconds since speech started, 3 decimals; ``!`` when it cuts off what is
being said, ``+`` when it waits its turn), and a modelled listener that tells from it which
utterances a player heard in full."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

INTERRUPTS = "!"
QUEUED = "+"
WORDS_PER_MINUTE = 350  # a practised screen-reader user's rate


@dataclass(frozen=True)
class Utterance:
    at: float  # seconds since speech started
    interrupts: bool
    text: str


def line(at: float, interrupts: bool, text: str) -> str:
    """An utterance as a transcript line (without its line break); line breaks in ``text``
    become spaces, so a line is always one utterance."""
    return f"{at:.3f} {INTERRUPTS if interrupts else QUEUED} {' '.join(text.split())}"


def parse(text: str) -> Utterance:
    """A transcript line back as an utterance; ValueError names what is wrong with it."""
    seconds, flag, said = (text.split(" ", 2) + ["", ""])[:3]
    if flag not in (INTERRUPTS, QUEUED):
        raise ValueError(f"not a transcript line (flag {flag!r}): {text!r}")
    try:
        at = float(seconds)
    except ValueError:
        raise ValueError(f"not a transcript line (time {seconds!r}): {text!r}") from None
    return Utterance(at, flag == INTERRUPTS, said)


def read(path: str | os.PathLike[str]) -> list[Utterance]:
    """Every utterance of a transcript file, in order (none when there is no file yet)."""
    file = Path(path)
    if not file.exists():
        return []
    return [parse(text) for text in file.read_text(encoding="utf-8").splitlines() if text]


def texts(path: str | os.PathLike[str]) -> list[str]:
    """What was said, without the times and flags."""
    return [utterance.text for utterance in read(path)]


def duration(text: str, words_per_minute: float = WORDS_PER_MINUTE) -> float:
    """Seconds a listener needs for ``text`` at ``words_per_minute``."""
    return len(text.split()) * 60.0 / words_per_minute


def _listen(said: Sequence[Utterance], words_per_minute: float) -> tuple[list[bool], float]:
    """Each utterance heard in full or not, and when speech falls silent after the last."""
    result = [False] * len(said)
    waiting: list[int] = []  # queued, not yet started
    speaking: int | None = None
    ends = 0.0  # when the one being said ends

    def catch_up(now: float) -> None:
        """Let speech run on until ``now``: what ends by then is heard, the next starts."""
        nonlocal speaking, ends
        while speaking is not None and ends <= now:
            result[speaking] = True
            speaking = None
            if waiting:
                speaking = waiting.pop(0)
                ends += duration(said[speaking].text, words_per_minute)

    for index, utterance in enumerate(said):
        catch_up(utterance.at)
        if utterance.interrupts:
            speaking, waiting = None, []
        if speaking is None:
            speaking = index
            ends = utterance.at + duration(utterance.text, words_per_minute)
        else:
            waiting.append(index)
    silent = ends + sum(duration(said[i].text, words_per_minute) for i in waiting)
    catch_up(float("inf"))
    return result, silent


def heard(transcript: Iterable[Utterance],
          words_per_minute: float = WORDS_PER_MINUTE) -> list[bool]:
    """For each utterance, whether it was heard in full: queued ones are said one after
    another, each once the one before has ended; an interrupting one silences what is being
    said and drops everything still waiting."""
    return _listen(list(transcript), words_per_minute)[0]


def silent_at(transcript: Iterable[Utterance],
              words_per_minute: float = WORDS_PER_MINUTE) -> float:
    """When everything said so far has been heard (or cut): a listener's next key waits
    for it (0.0 for nothing said)."""
    return _listen(list(transcript), words_per_minute)[1]


def heard_share(transcript: Iterable[Utterance], kind: Callable[[str], bool] = bool,
                words_per_minute: float = WORDS_PER_MINUTE) -> float:
    """The share of the utterances of a ``kind`` (a test of their text: turn messages, say)
    heard in full; 1.0 when there are none."""
    said = list(transcript)
    flags = heard(said, words_per_minute)
    chosen = [flag for utterance, flag in zip(said, flags, strict=True) if kind(utterance.text)]
    return sum(chosen) / len(chosen) if chosen else 1.0
