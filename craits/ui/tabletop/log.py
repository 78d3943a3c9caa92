"""The table's log: what happened, as each seat may read it (a player's own drawn cards are
named to them only), one subject per entry: an action and what its player did with it ("You
played 9♦ and switched to hearts"); what it did to another player is that player's entry ("Ben
is skipped"). It keeps this round and the ones before, and can be scrolled back. Scrolled back, the lines read stay put as new ones come
(``back`` counts the newer lines below them) until the reader jumps to now."""

from __future__ import annotations

from dataclasses import dataclass, field

from craits import i18n


@dataclass
class LogPart:
    """One clause of a log line: what everyone reads, and what particular seats read instead
    (in the second person, or with the cards only they may see)."""

    text: str
    variants: dict[int, str] = field(default_factory=dict)
    subject: int | None = None  # the seat the clause is about, if it is about one
    # The clause without its subject, to follow one about the same seat ("switched to ♥"),
    # and the subject's own reading of it ("play again"); empty: it cannot follow.
    then: str = ""
    then_variants: dict[int, str] = field(default_factory=dict)

    def for_viewer(self, viewer: int | None) -> str:
        return self.text if viewer is None else self.variants.get(viewer, self.text)

    def then_for(self, viewer: int | None) -> str:
        return self.then if viewer is None else self.then_variants.get(viewer, self.then)


@dataclass
class LogLine:
    parts: list[LogPart] = field(default_factory=list)
    serial: int = 0

    @property
    def subject(self) -> int | None:
        return next((p.subject for p in reversed(self.parts) if p.subject is not None), None)

    def text_for(self, viewer: int | None) -> str:
        out = ""
        previous: int | None = None
        for part in self.parts:
            text = part.for_viewer(viewer)
            if not text:
                continue
            then = part.then_for(viewer)
            if out and then and part.subject is not None and part.subject == previous:
                out = i18n.t("event.then", first=out.rstrip("."), then=then)
            elif out:  # a clause that goes on after a dash loses its full stop, and its
                # capital ("— you drew 6♣", "— play now goes…"); a player's name keeps its own
                if part.subject is None or (viewer is not None and viewer in part.variants):
                    text = text[:1].lower() + text[1:]
                out = f"{out.rstrip('.')} — {text}"
            else:
                out = text
            if part.subject is not None:
                previous = part.subject
        return out


class EventLog:
    """The recent lines of what happened; a line holds an action and its consequences."""

    def __init__(self, limit: int = 400) -> None:  # a whole round and the rounds before
        self.limit = limit
        self.lines: list[LogLine] = []
        self._serial = 0
        self.back = 0  # lines the reader scrolled back from the newest

    def add(self, part: LogPart, new_line: bool) -> None:
        """``part`` starts an entry, or goes on the last one: unless it is about another
        player than that entry (one subject per entry)."""
        if not new_line and self.lines and part.subject is not None:
            subject = self.lines[-1].subject
            new_line = subject is not None and subject != part.subject
        if new_line or not self.lines:
            self._serial += 1
            self.lines.append(LogLine([part], self._serial))
            del self.lines[: -self.limit]
            if self.back:  # the reader looks at older lines: keep them in view
                self.back = min(self.back + 1, len(self.lines) - 1)
        else:
            self.lines[-1].parts.append(part)

    def recent(self, viewer: int | None, count: int, back: int | None = None
               ) -> list[tuple[int, str]]:
        """The ``count`` lines ``viewer`` may read, ending ``back`` lines before the newest
        (default: where the reader scrolled to, ``self.back``)."""
        back = self.back if back is None else back
        shown = [(line.serial, text) for line in self.lines if (text := line.text_for(viewer))]
        end = len(shown) - max(0, min(back, len(shown) - 1))
        return shown[max(0, end - count):end]

    def newer(self, viewer: int | None) -> int:
        """How many lines ``viewer`` may read below the ones shown (0: following play)."""
        return max(0, min(self.back, self.readable(viewer) - 1))

    def readable(self, viewer: int | None) -> int:
        return sum(1 for line in self.lines if line.text_for(viewer))

    def replace_with(self, other: EventLog) -> None:
        """Take ``other``'s lines (a log rebuilt from the saved game on Continue)."""
        self.lines, self._serial = list(other.lines), other._serial
