"""The rule variants from ``config/rules.yaml``, presets and user files, checked with lines.

Precedence, lowest first: the bundled defaults, a user file's ``defaults``, the chosen preset,
a user file's plain keys. The format of a user file is documented in ``config/rules.yaml``.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from craits.config.errors import ConfigError, did_you_mean
from craits.config.schema import Field, MapOf, OneOf, Struct, Text, validate
from craits.config.yamlfile import load_yaml_file
from craits.engine.rules import CHOICES, RULE_KEYS, Rules
from craits.resources import resource_path

RULE_FIELDS: dict[str, Field] = {key: OneOf(*CHOICES[key]) for key in RULE_KEYS}
"""One field per variant key; reusable wherever rule overrides are read (settings)."""

_PRESET_NAME = Text(r"[a-z][a-z0-9_]*", max_length=40,
                    explain="a preset name uses a-z, 0-9 and _, starting with a letter")
_PRESET = Struct({"description": Text(max_length=400), "rules": Struct(RULE_FIELDS)},
                 required=["description"])
_BUNDLED_SCHEMA = Struct(
    {"defaults": Struct(RULE_FIELDS, required=True), "presets": MapOf(_PRESET, _PRESET_NAME)},
    required=True,
)
_USER_STRUCTURED_SCHEMA = Struct(
    {"defaults": Struct(RULE_FIELDS), "presets": MapOf(_PRESET, _PRESET_NAME)}
)
_USER_PLAIN_SCHEMA = Struct(RULE_FIELDS)
_STRUCTURE_KEYS = frozenset(("defaults", "presets"))


@dataclass(frozen=True)
class RuleBook:
    """Everything the rule files say, merged: defaults, presets by name, last-applied keys."""

    defaults: dict[str, Any]
    presets: dict[str, dict[str, Any]]
    overrides: dict[str, Any] = field(default_factory=dict)

    def rules(self, preset: str | None = None) -> Rules:
        values = dict(self.defaults)
        if preset is not None:
            if preset not in self.presets:
                message = f"unknown preset {preset!r}" + did_you_mean(preset, self.presets)
                raise ConfigError(None, None, None, message)
            values.update(self.presets[preset].get("rules", {}))
        values.update(self.overrides)
        return Rules(**values)


def _bundled_rules_path() -> Path:
    """Where the game's own ``rules.yaml`` is, in the source tree or a frozen bundle."""
    return resource_path("config", "rules.yaml")


def read_rule_book(path: str | os.PathLike[str] | None = None) -> RuleBook:
    """The bundled rules file, with a user file merged in when ``path`` is given."""
    bundled = load_yaml_file(_bundled_rules_path())
    checked = validate(bundled.data, _BUNDLED_SCHEMA, bundled.source)
    book = RuleBook(checked["defaults"], checked["presets"])
    if path is None:
        return book
    user = load_yaml_file(path)
    data = {} if user.data is None else user.data  # an empty file changes nothing
    if isinstance(data, dict) and _STRUCTURE_KEYS & data.keys():
        checked = validate(data, _USER_STRUCTURED_SCHEMA, user.source)
        return RuleBook(
            {**book.defaults, **checked.get("defaults", {})},
            {**book.presets, **checked.get("presets", {})},
        )
    return RuleBook(book.defaults, book.presets, validate(data, _USER_PLAIN_SCHEMA, user.source))


def load_rules(path: str | os.PathLike[str] | None = None, preset: str | None = None) -> Rules:
    """The rules to play: bundled defaults, then a user file and/or a named preset.

    Raises ``ConfigError`` naming the file, line and key of any problem.
    """
    return read_rule_book(path).rules(preset)

