"""A small schema language for validating parsed YAML or JSON, with precise messages.

Fields check one value each and raise ``Invalid`` listing every problem below them with its
key path; ``validate`` turns those into one ``ConfigError`` naming the source, line and key.
Types are checked exactly, so the YAML 1.1 traps (an unquoted ``no`` is a boolean, ``"2"`` is
text) are caught and explained. Example::

    schema = Struct({"level": OneOf("easy", "hard"), "rate": Number(0, 1)}, required=["level"])
    value = validate(document.data, schema, document.source)
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Mapping
from typing import Any

from craits.config.errors import (
    ConfigError,
    KeyPath,
    did_you_mean,
    dotted,
    show_choices,
    show_value,
)
from craits.config.yamlfile import Source

_QUOTE_HINT = (
    " (a boolean: YAML reads an unquoted yes, no, on, off, true or false as one,"
    " so put the word in quotes)"
)
_UNQUOTE_HINT = " (written in quotes it is text: remove the quotes)"


class Invalid(Exception):
    """One or more problems, each a key path (relative to the checked value) and a message."""

    def __init__(self, message: str = "", problems: Iterable[tuple[KeyPath, str]] = ()) -> None:
        self.problems: list[tuple[KeyPath, str]] = [((), message)] if message else []
        self.problems.extend(problems)
        if not self.problems:
            self.problems.append(((), "invalid value"))
        super().__init__("; ".join(text for _, text in self.problems))


_KINDS: tuple[tuple[type | tuple[type, ...], str], ...] = (
    (type(None), "nothing (null)"), (bool, "a boolean"), ((int, float), "a number"),
    (str, "text"), (list, "a list"), (dict, "a mapping"),
)  # a boolean is an int to Python: it is asked first


def kind_of(value: object) -> str:
    """What a value is, in a reader's words."""
    return next((words for kind, words in _KINDS if isinstance(value, kind)),
                type(value).__name__)


class Field:
    """Checks one value; returns it (possibly normalised) or raises ``Invalid``."""

    def check(self, value: Any) -> Any:
        raise NotImplementedError


class OneOf(Field):
    """One of the given values, of the same type: ``True`` is not ``1``, ``"2"`` is not ``2``."""

    def __init__(self, *values: object) -> None:
        self.values = values

    def check(self, value: Any) -> Any:
        for allowed in self.values:
            if value == allowed and type(value) is type(allowed):
                return value
        message = f"bad value {show_value(value)}; allowed values: {show_choices(self.values)}"
        raise Invalid(message + self._hint(value))

    def _hint(self, value: object) -> str:
        types = {type(v) for v in self.values}
        if isinstance(value, bool) and str in types:
            return _QUOTE_HINT
        if isinstance(value, str) and (int in types or bool in types):
            return _UNQUOTE_HINT
        return ""


class Boolean(OneOf):
    """``true`` or ``false``, never a number or a quoted word."""

    def __init__(self) -> None:
        super().__init__(True, False)


class Integer(Field):
    """A whole number (never a boolean) in ``[minimum, maximum]``."""

    def __init__(self, minimum: int | None = None, maximum: int | None = None) -> None:
        self.minimum = minimum
        self.maximum = maximum

    def check(self, value: Any) -> Any:
        if type(value) is not int:
            hint = _UNQUOTE_HINT if isinstance(value, str) else ""
            raise Invalid(f"expected a whole number, got {kind_of(value)} {show_value(value)}"
                          + hint)
        _check_range(value, self.minimum, self.maximum)
        return value


class Number(Field):
    """A finite number (int or float, never a boolean) in ``[minimum, maximum]``; gives a float."""

    def __init__(self, minimum: float | None = None, maximum: float | None = None) -> None:
        self.minimum = minimum
        self.maximum = maximum

    def check(self, value: Any) -> Any:
        if isinstance(value, bool) or not isinstance(value, int | float):
            hint = _UNQUOTE_HINT if isinstance(value, str) else ""
            raise Invalid(f"expected a number, got {kind_of(value)} {show_value(value)}" + hint)
        if not math.isfinite(value):
            raise Invalid(f"expected a finite number, got {show_value(value)}")
        _check_range(value, self.minimum, self.maximum)
        return float(value)


def _check_range(value: float, minimum: float | None, maximum: float | None) -> None:
    if (minimum is not None and value < minimum) or (maximum is not None and value > maximum):
        low = "" if minimum is None else f"at least {minimum}"
        high = "" if maximum is None else f"at most {maximum}"
        raise Invalid(f"{show_value(value)} is out of range: must be "
                      + " and ".join(part for part in (low, high) if part))


class Text(Field):
    """A string, optionally matching ``pattern`` (whole string) and at most ``max_length`` long."""

    def __init__(
        self, pattern: str | None = None, *, min_length: int = 1, max_length: int | None = None,
        explain: str = "",
    ) -> None:
        self.pattern = re.compile(pattern) if pattern else None
        self.min_length = min_length
        self.max_length = max_length
        self.explain = explain

    def check(self, value: Any) -> Any:
        if not isinstance(value, str):
            hint = _QUOTE_HINT if isinstance(value, bool) else ""
            raise Invalid(f"expected text, got {kind_of(value)} {show_value(value)}" + hint)
        if len(value) < self.min_length:
            raise Invalid("must not be empty" if self.min_length == 1
                          else f"must be at least {self.min_length} characters")
        if self.max_length is not None and len(value) > self.max_length:
            raise Invalid(f"too long: at most {self.max_length} characters")
        if self.pattern is not None and not self.pattern.fullmatch(value):
            raise Invalid(f"bad value {show_value(value)}" + (f": {self.explain}"
                                                              if self.explain else ""))
        return value


class Nullable(Field):
    """``null`` or a value accepted by ``inner``."""

    def __init__(self, inner: Field) -> None:
        self.inner = inner

    def check(self, value: Any) -> Any:
        return None if value is None else self.inner.check(value)


class ListOf(Field):
    """A list whose items each pass ``item``; gives a new list."""

    def __init__(self, item: Field, *, min_items: int = 0, max_items: int | None = None) -> None:
        self.item = item
        self.min_items = min_items
        self.max_items = max_items

    def check(self, value: Any) -> Any:
        if not isinstance(value, list):
            raise Invalid(f"expected a list, got {kind_of(value)}")
        if len(value) < self.min_items or (self.max_items is not None
                                           and len(value) > self.max_items):
            limit = (f"{self.min_items} to {self.max_items}" if self.max_items is not None
                     else f"at least {self.min_items}")
            raise Invalid(f"expected {limit} items, got {len(value)}")
        result: list[Any] = []
        problems: list[tuple[KeyPath, str]] = []
        for index, item in enumerate(value):
            try:
                result.append(self.item.check(item))
            except Invalid as exc:
                problems.extend(((index, *path), text) for path, text in exc.problems)
        if problems:
            raise Invalid(problems=problems)
        return result


class Struct(Field):
    """A mapping with known text keys; ``required`` names keys that must be present
    (``True``: all). Gives a dict of the keys present, each checked; every problem is reported."""

    def __init__(self, fields: Mapping[str, Field], required: Iterable[str] | bool = ()) -> None:
        self.fields = dict(fields)
        self.required = tuple(self.fields) if required is True else tuple(required or ())

    def check(self, value: Any) -> Any:
        if not isinstance(value, dict):
            raise Invalid(f"expected a mapping of keys, got {kind_of(value)}")
        result: dict[str, Any] = {}
        problems: list[tuple[KeyPath, str]] = []
        for key, item in value.items():
            if not isinstance(key, str):
                problems.append(((key,), f"keys must be text, not {kind_of(key)}"))
            elif key not in self.fields:
                problems.append(((key,), "unknown key" + did_you_mean(key, self.fields)))
            else:
                try:
                    result[key] = self.fields[key].check(item)
                except Invalid as exc:
                    problems.extend(((key, *path), text) for path, text in exc.problems)
        for key in self.required:
            if key not in value:
                problems.append(((key,), "missing key"))
        if problems:
            raise Invalid(problems=problems)
        return result


class MapOf(Field):
    """A mapping of free keys (checked by ``key``) to values checked by ``value``."""

    def __init__(self, value: Field, key: Field | None = None) -> None:
        self.value = value
        self.key = key or Text()

    def check(self, value: Any) -> Any:
        if not isinstance(value, dict):
            raise Invalid(f"expected a mapping of keys, got {kind_of(value)}")
        result: dict[Any, Any] = {}
        problems: list[tuple[KeyPath, str]] = []
        for key, item in value.items():
            try:
                checked_key = self.key.check(key)
                result[checked_key] = self.value.check(item)
            except Invalid as exc:
                problems.extend(((key, *path), text) for path, text in exc.problems)
        if problems:
            raise Invalid(problems=problems)
        return result


def validate(data: object, schema: Field, source: Source | str) -> Any:
    """Check ``data`` against ``schema``; raise one ``ConfigError`` holding every problem."""
    if isinstance(source, str):
        source = Source(source)
    try:
        return schema.check(data)
    except Invalid as exc:
        errors = [
            ConfigError(source.name, source.line_of(path), dotted(path), text)
            for path, text in exc.problems
        ]
        first = errors[0]
        raise ConfigError(first.path, first.line, first.key, first.message, errors[1:]) from None
