"""Reading a JSON object field by field: a bad or unknown field costs only that field."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from craits.config.errors import did_you_mean, dotted, short_text, show_value
from craits.config.schema import Field, Invalid, kind_of


class Group:
    """A nested object read field by field too (rather than accepted or refused as a whole);
    ``build`` makes the value from the checked fields, e.g. a dataclass."""

    def __init__(self, spec: Spec, build: Callable[..., object] = dict) -> None:
        self.spec = spec
        self.build = build


class Entries:
    """A mapping of known names (``names``), each entry read as ``group`` field by field: a
    bad entry costs only its bad fields, a missing one keeps the default's entry, an unknown
    one is dropped with a note."""

    def __init__(self, names: tuple[str, ...], group: Group) -> None:
        self.names = names
        self.group = group


Spec = Mapping[str, tuple[Field | Group | Entries, Callable[[], object]]]
"""Each field's checker (a ``Group`` or ``Entries`` is read field by field too) and default."""


def read_fields(data: object, spec: Spec, where: str = "") -> tuple[dict[str, Any], list[str]]:
    """Check each field of ``data`` with its own ``Field``; a missing field takes its default
    silently, a bad one takes it with a note, an unknown one is dropped with a note.

    The values are ``Any``: each is of its own field's kind, which the caller's ``build``
    (a dataclass's fields) names; the spec cannot say which to the type checker."""
    problems: list[str] = []
    if not isinstance(data, dict):
        problems.append(f"{where.rstrip('.') or 'the file'}: expected an object, got "
                        f"{kind_of(data)}")
        data = {}
    values: dict[str, Any] = {}
    for name, (checker, default) in spec.items():
        if name not in data:
            values[name] = default()
        elif isinstance(checker, Group):
            fields, inner = read_fields(data[name], checker.spec, f"{where}{name}.")
            values[name] = checker.build(**fields)
            problems.extend(inner)
        elif isinstance(checker, Entries):
            values[name], inner = _read_entries(data[name], checker, default(),
                                                f"{where}{name}.")
            problems.extend(inner)
        else:
            try:
                values[name] = checker.check(data[name])
            except Invalid as exc:
                values[name] = default()
                reason = "; ".join(f"{dotted(path)}: {text}" if path else text
                                   for path, text in exc.problems)
                problems.append(f"{where}{name} ({reason}; using "
                                f"{show_value(_plain(values[name]))})")
    for name in data:
        if name not in spec:
            problems.append(f"{where}{short_text(name)} (unknown{did_you_mean(name, spec)})")
    return values, problems


def _read_entries(data: object, entries: Entries, default: object,
                  where: str) -> tuple[object, list[str]]:
    problems: list[str] = []
    if not isinstance(data, dict):
        problems.append(f"{where.rstrip('.')}: expected an object, got {kind_of(data)}")
        return default, problems
    if not isinstance(default, dict):
        raise TypeError(f"the default of {where.rstrip('.')} is not a mapping")
    values = dict(default)
    for name, entry in data.items():
        if name not in entries.names:
            problems.append(f"{where}{show_value(name)} (unknown"
                            f"{did_you_mean(name, entries.names)})")
            continue
        fields, inner = read_fields(entry, entries.group.spec, f"{where}{name}.")
        values[name] = entries.group.build(**fields)
        problems.extend(inner)
    return values, problems


def _plain(value: object) -> object:
    """A default as it appears in the file, for the note."""
    to_dict = getattr(value, "to_dict", None)
    if callable(to_dict):
        return to_dict()
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value
