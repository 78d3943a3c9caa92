"""The one error type of configuration loading, and how it names values and keys."""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable, Iterator, Sequence

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

    def __reduce__(self) -> tuple[type[ConfigError], tuple[object, ...]]:
        # keep the fields when sent between processes
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


SHOW_LIMIT = 80  # characters of a value echoed in a message
_SHOW_DEPTH = 12


def show_value(value: object, limit: int = SHOW_LIMIT) -> str:
    """A value as it would be written in YAML or JSON: ``false``, ``"2"``, ``7``, ``null``.

    At most ``limit`` characters (then ``…``): the value is walked only as far as is shown, so
    a huge, deeply nested or alias-multiplied value costs no more than a small one.
    """
    out: list[str] = []
    size = 0
    for piece in _pieces(value, 0, limit):
        out.append(piece)
        size += len(piece)
        if size > limit:
            text = "".join(out)
            return _printable(text[:limit]) + "…"
    return _printable("".join(out))


def _pieces(value: object, depth: int, limit: int) -> Iterator[str]:
    if depth > _SHOW_DEPTH:
        yield "…"
    elif value is None or isinstance(value, bool | float):
        yield json.dumps(value)
    elif isinstance(value, int):
        yield _whole_number(value)
    elif isinstance(value, str):
        yield json.dumps(value[: limit + 1], ensure_ascii=False)
    elif isinstance(value, list | tuple):
        yield "["
        for index, item in enumerate(value):
            yield ", " if index else ""
            yield from _pieces(item, depth + 1, limit)
        yield "]"
    elif isinstance(value, dict):
        yield "{"
        for index, (key, item) in enumerate(value.items()):
            yield ", " if index else ""
            yield from _pieces(key if isinstance(key, str) else str(key)[: limit + 1],
                               depth + 1, limit)
            yield ": "
            yield from _pieces(item, depth + 1, limit)
        yield "}"
    else:
        yield type(value).__name__


def _whole_number(value: int) -> str:
    if value.bit_length() > 256:  # str() of a number of thousands of digits is refused
        return f"a number of {max(1, int(abs(value).bit_length() * 0.30103) + 1)} digits"
    return str(value)


def _printable(text: str) -> str:
    """Text any console or font can take: a lone surrogate becomes ``\\udXXX``."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def show_choices(values: Iterable[object]) -> str:
    """Allowed values as a reader would type them: ``skip, none``; numbers in order."""
    values = list(values)
    numbers = [v for v in values if type(v) is int]
    if values and len(numbers) == len(values):
        values = sorted(numbers)
    return ", ".join(v if isinstance(v, str) else show_value(v) for v in values)


def did_you_mean(word: object, known: Iterable[str]) -> str:
    """``"; did you mean 'x'?"`` for a close match, else the list of known words."""
    known = sorted(known)
    word = word if isinstance(word, str) else show_value(word)
    close = difflib.get_close_matches(word[:SHOW_LIMIT], known, n=1, cutoff=0.6)
    if close:
        return f"; did you mean {close[0]!r}?"
    if not known:
        return ""
    return "; known: " + ", ".join(known)


def dotted(path: KeyPath) -> str | None:
    """``("presets", "quick", "rules")`` -> ``presets.quick.rules``; list items as ``seats[2]``."""
    text = ""
    for part in path:
        if isinstance(part, int) and not isinstance(part, bool):
            text += f"[{_whole_number(part)}]"
        else:
            text += ("." if text else "") + short_text(str(part))
    return text or None


def short_text(text: str) -> str:
    """A key as echoed in a message: at most ``SHOW_LIMIT`` characters, printable."""
    return _printable(text[:SHOW_LIMIT]) + ("…" if len(text) > SHOW_LIMIT else "")
