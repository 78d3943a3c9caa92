"""The one error type of configuration loading, and how it names values and keys."""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable, Sequence

KeyPath = tuple[str | int, ...]


class ConfigError(Exception):
    """A configuration problem, located as precisely as the source allows.

    ``path`` names the source (a file, or a label such as ``"scenario"``), ``line`` is 1-based
    or None, ``key`` is the dotted key (``presets.quick.rules.seven_skips``) or None.
    When several problems were found, the first is described by the attributes and all of them
    (the first included) are in ``problems``; ``str()`` lists them one per line.
    """

    def __init__(
        self,
        path: str | None,
        line: int | None,
        key: str | None,
        message: str,
        more: Sequence[ConfigError] = (),
    ) -> None:
        self.path = path
        self.line = line
        self.key = key
        self.message = message
        self.problems: tuple[ConfigError, ...] = (self, *more)
        super().__init__(str(self))

    def __reduce__(self) -> tuple:  # keep the fields when sent between processes
        return (type(self), (self.path, self.line, self.key, self.message, self.problems[1:]))

    def describe(self) -> str:
        """This one problem on one line, without the others."""
        where = [part for part in (self.path,) if part]
        if self.line is not None:
            where.append(f"line {self.line}")
        if self.key is not None:
            where.append(f"key {self.key!r}")
        return ", ".join(where) + ": " + self.message if where else self.message

    def __str__(self) -> str:
        return "\n".join(problem.describe() for problem in self.problems)


def show_value(value: object) -> str:
    """A value as it would be written in YAML or JSON: ``false``, ``"2"``, ``7``, ``null``."""
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)


def show_choices(values: Iterable[object]) -> str:
    """Allowed values as a reader would type them: ``skip, none``; numbers in order."""
    values = list(values)
    if values and all(type(v) is int for v in values):
        values = sorted(values)
    return ", ".join(v if isinstance(v, str) else show_value(v) for v in values)


def did_you_mean(word: object, known: Iterable[str]) -> str:
    """``"; did you mean 'x'?"`` for a close match, else the list of known words."""
    known = sorted(known)
    close = difflib.get_close_matches(str(word), known, n=1, cutoff=0.6)
    if close:
        return f"; did you mean {close[0]!r}?"
    if not known:
        return ""
    return "; known: " + ", ".join(known)


def dotted(path: KeyPath) -> str | None:
    """``("presets", "quick", "rules")`` -> ``presets.quick.rules``; list items as ``seats[2]``."""
    text = ""
    for part in path:
        if isinstance(part, int):
            text += f"[{part}]"
        else:
            text += ("." if text else "") + str(part)
    return text or None
