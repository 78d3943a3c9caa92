"""The one place that decides, at the table, what is said when and what may cut in.

Each frame the table hands its messages to the policy, each with its ``Kind``, and ``flush``
puts them in this order: the answer to a key the player pressed, then what happened (the
player's own moves, the others' moves, a player down to one card, a tip) in the order it
happened, then the player's turn (or the round's scores), last the card the focus rests on.

Two things may cut in on what is being said: an answer to a key (the player asked for it;
what was being said is moot) and the player's own move right after they pressed a key that
acts. Everything else waits its turn, here rather than in the screen reader's queue: it is
sent once what was sent before is nearly said (estimated at the listener's pace), so that
the screen reader never holds more than a moment of it; the player's turn and the round's
scores go at once, with what still waits before them. What waits is dropped only when it is stale: the others' moves
that have waited ``STALE_SECONDS`` when the player's turn comes (the turn says where the
table stands; the history keys still have them), and a focus line replaced by a newer one or
by the player's own key. The player's own moves, the one-card alerts and the tips are never
dropped. A message just like the one before is not sent again (unless asked for), nor a
focus line like the last focus said.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from enum import Enum

from craits.ui.speech.speaker import Speaker
from craits.ui.speech.transcript import WORDS_PER_MINUTE, duration

AHEAD = 1.0  # seconds of speech sent ahead to the screen reader; the rest waits here
STALE_SECONDS = 6.0  # the others' moves that waited this long are stale once the turn comes
ACTED_SECONDS = 3.0  # a key that acts makes the player's own move cut in for this long


class Kind(Enum):
    ANSWER = "answer"  # the answer to a key: a state key, the focus moved by a key, a refusal
    OWN = "own"  # what the log says of the player: their moves, a call they made or suffered
    EVENT = "event"  # the others' moves and the table's news
    ALERT = "alert"  # a player down to one card
    TIP = "tip"  # a tip or coaching note
    TURN = "turn"  # the player's turn, with what they may do
    FOCUS = "focus"  # the card the focus rests on, moved by the table (not by a key)


_NEWS = (Kind.OWN, Kind.EVENT, Kind.ALERT, Kind.TIP)
_AT_ONCE = (Kind.TURN,)  # sent at once, with all that waits before it


@dataclass(frozen=True)
class Message:
    text: str
    kind: Kind
    level: str = "brief"  # the speaker's verbosity level (``speaker.VERBOSITY``)
    at: float = 0.0  # when it was added (the policy's clock)


class SpeechPolicy:
    """Collects a frame's messages (``add``) and sends them in order (``flush``)."""

    def __init__(self, speaker: Speaker, words_per_minute: float = WORDS_PER_MINUTE) -> None:
        self.speaker = speaker
        self.words_per_minute = words_per_minute
        self.clock = 0.0  # seconds of table time
        self.ends = 0.0  # when what was sent is estimated to have been said
        self._frame: list[Message] = []
        self._waiting: deque[Message] = deque()  # in order, not sent yet
        self._focus: Message | None = None  # a focus line waiting for the table to rest
        self._acted: float | None = None  # when a key that acts was pressed, its move unsaid
        self._last = ""  # the last text taken
        self._last_focus = ""

    def add(self, text: str, kind: Kind, level: str = "brief", *, asked: bool = False) -> None:
        """A message for this frame's ``flush``; a focus line ``asked`` for by a key is an
        answer (said at once), else it waits for the table to rest."""
        text = " ".join(text.split())
        if not text:
            return
        message = Message(text, kind, level, self.clock)
        if kind is Kind.FOCUS and not asked:
            self._focus = message  # replaces an older one still waiting
            return
        if kind is Kind.FOCUS or kind is Kind.ANSWER:
            self._focus = None  # the player moved on: a focus the table moved is stale
            self._waiting = deque(m for m in self._waiting if m.kind is not Kind.FOCUS)
            message = Message(text, Kind.ANSWER, level, self.clock)
            self._last_focus = text if kind is Kind.FOCUS else ""
        self._frame.append(message)

    def acted(self) -> None:
        """The player pressed a key that acts: their move, when the log says it (within
        ``ACTED_SECONDS``: a key refused has no move), cuts in."""
        self._acted = self.clock

    def reread(self, step: int) -> None:
        """A message of the history again (the history keys), at once."""
        text = self.speaker.reread(step)
        self.ends = self.clock + duration(text, self.words_per_minute)

    def flush(self, dt: float, busy: bool) -> None:
        """This frame's messages in order; ``busy``: the table is not at rest yet."""
        self.clock += dt
        frame, self._frame = self._frame, []
        ordered = ([m for m in frame if m.kind is Kind.ANSWER]
                   + [m for m in frame if m.kind in _NEWS]
                   + [m for m in frame if m.kind in _AT_ONCE][-1:])
        if not busy and self._focus is not None:
            if self._focus.text != self._last_focus:
                ordered.append(self._focus)
                self._last_focus = self._focus.text
            self._focus = None
        cut = True  # the first answer of the frame cuts in; the rest follow it
        for message in ordered:
            if message.kind is not Kind.ANSWER and message.text == self._last:
                continue  # said just now
            self._last = message.text
            acted = self._acted is not None and self.clock - self._acted <= ACTED_SECONDS
            if message.kind is Kind.ANSWER or (message.kind is Kind.OWN and acted):
                if message.kind is Kind.OWN:
                    self._acted = None
                if self._send(message, cut):
                    cut = False
                continue
            if message.kind in _AT_ONCE:
                self._drop_stale()
            self._waiting.append(message)
        at_once = any(m.kind in _AT_ONCE for m in self._waiting)
        while self._waiting and (at_once or self.ends - self.clock < AHEAD):
            self._send(self._waiting.popleft(), False)  # the turn goes at once, and its focus

    def _drop_stale(self) -> None:
        """The others' moves that have long waited, as the turn comes: kept in the history
        only."""
        stale = self.clock - STALE_SECONDS
        for message in [m for m in self._waiting if m.kind is Kind.EVENT and m.at <= stale]:
            self._waiting.remove(message)
            self.speaker.keep(message.text, level=message.level)

    def _send(self, message: Message, cut: bool) -> bool:
        """Say ``message`` (cutting in if ``cut``); True if it was said."""
        if not self.speaker.say(message.text, level=message.level, interrupt=cut):
            return False
        start = self.clock if cut else max(self.ends, self.clock)
        self.ends = start + duration(message.text, self.words_per_minute)
        return True
