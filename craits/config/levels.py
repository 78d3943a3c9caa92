"""Difficulty levels from ``config/ai.yaml``: every knob of every level, checked with lines.

A level names how it plays (``random``, ``heuristic``, ``search``, or the research-only
``oracle``), its reflexes (``announce`` and ``call``: a rate and a delay range in seconds) and
the weights of its policy. ``extends: LEVEL`` starts from another level and changes only the
keys given (nested mappings merge), which is how a player adds a level of their own. A user
file (``load_profiles(path)``) may add levels or replace bundled ones by name.

    bot = make_bot("hard")   # a computer player of a bundled level
"""

from __future__ import annotations

import dataclasses
import os
from functools import lru_cache
from typing import Any

from craits.ai import Bot, bot_for
from craits.ai.heuristic import HeuristicWeights
from craits.ai.profiles import PLAY_KINDS, Profile, Reflex
from craits.ai.rollout_weights import RolloutWeights
from craits.ai.search import SearchSettings
from craits.resources import resource_path

from .errors import ConfigError, KeyPath, did_you_mean, dotted
from .schema import (
    Boolean,
    Field,
    Integer,
    Invalid,
    ListOf,
    MapOf,
    Number,
    OneOf,
    Struct,
    Text,
    validate,
)
from .yamlfile import Source, load_yaml_file


class _Delay(Field):
    """``[min, max]`` seconds, min not above max."""

    def check(self, value: Any) -> Any:
        low, high = ListOf(Number(0, 30), min_items=2, max_items=2).check(value)
        if low > high:
            raise Invalid(f"the delay range [{low:g}, {high:g}] runs backwards: write [min, max]")
        return (low, high)


def _weights(cls: type, **special: Field) -> Struct:
    return Struct({f.name: special.get(f.name, Number(-1000, 1000))
                   for f in dataclasses.fields(cls)})


_REFLEX = Struct({"rate": Number(0, 1), "delay": _Delay()}, required=True)
_LEVEL = Struct({
    "description": Text(max_length=200),
    "extends": Text(),
    "offered": Boolean(),
    "version": Integer(1, 1000),
    "rating": Struct({
        "value": Number(0, 4000), "deviation": Number(1, 1000),
        "seats": MapOf(Struct({"value": Number(0, 4000), "deviation": Number(1, 1000)},
                              required=True), Integer(2, 5)),
    }, required=("value", "deviation")),
    "play": OneOf(*PLAY_KINDS),
    "announce": _REFLEX,
    "call": _REFLEX,
    "heuristic": _weights(HeuristicWeights, plan=Number(0, 1), noise=Number(0, 1000)),
    "search": Struct({
        "iterations": Integer(1, 1_000_000),
        "time_cap": Number(0.01, 120),
        "opponent_model": Number(0, 10),
        "reader": OneOf("rules", "learned"),
        "choices": Number(0, 1000),
        "worlds": Integer(1, 100_000),
        "method": OneOf("flat", "ismcts"),
        "exploration": Number(0, 10),
        "sees_pile": Boolean(),
        "catch": Number(0, 1),
        "rollout": _weights(RolloutWeights, noise=Number(0, 1000)),
    }),
})  # fmt: skip
_LEVEL_NAME = Text(r"[a-z][a-z0-9_-]*", max_length=30,
                   explain="a level name uses a-z, 0-9, _ and -, starting with a letter")
_FILE = Struct({"levels": MapOf(_LEVEL, _LEVEL_NAME)}, required=True)
_REQUIRED = ("play", "announce", "call")
_OWN_KEYS = ("description", "offered", "version", "rating")
MAX_EXTENDS = 20  # a chain of ``extends`` longer than this is refused, not followed


def bundled_path() -> os.PathLike[str]:
    return resource_path("config", "ai.yaml")


def load_profiles(path: str | os.PathLike[str] | None = None) -> dict[str, Profile]:
    """Every level of the bundled file, then of ``path`` (adding or replacing levels by name).

    Raises ``ConfigError`` naming the file, the line and the key of the first problem.
    """
    raw = _read(path)
    return {name: _build(name, _resolve(name, raw, ())) for name in raw}


def _read(path: str | os.PathLike[str] | None) -> dict[str, tuple[dict[str, Any], Source]]:
    """Every level's own keys, checked, the bundled file's first (a user file's replace them
    by name), with where they were read."""
    raw: dict[str, tuple[dict[str, Any], Source]] = {}
    for file in (bundled_path(), path):
        if file is None:
            continue
        doc = load_yaml_file(file)
        checked = validate(doc.data, _FILE, doc.source)
        for name, level in checked["levels"].items():
            raw[name] = (level, doc.source)
    return raw


@lru_cache(maxsize=1)
def default_profiles() -> dict[str, Profile]:
    """The bundled levels, read once."""
    return load_profiles()


def _error(source: Source, path: KeyPath, message: str) -> ConfigError:
    return ConfigError(source.name, source.line_of(path), dotted(path), message)


def _resolve(
    name: str, raw: dict[str, tuple[dict[str, Any], Source]], chain: tuple[str, ...]
) -> dict[str, Any]:
    """The level's keys with everything it extends merged in, checked for completeness."""
    level, source = raw[name]
    parent_name = level.get("extends")
    merged: dict[str, Any] = {}
    if parent_name is not None:
        where = ("levels", name, "extends")
        if parent_name not in raw:
            raise _error(source, where, f"no level {parent_name!r} to extend"
                         + did_you_mean(parent_name, raw))
        if parent_name == name or parent_name in chain:
            loop = " -> ".join((*chain, name, parent_name))
            raise _error(source, where, f"levels extend each other in a loop: {loop}")
        if len(chain) >= MAX_EXTENDS:
            raise _error(source, where, f"more than {MAX_EXTENDS} levels extend one another")
        merged = _resolve(parent_name, raw, (*chain, name))
        # A level of its own: what it is called, whether it is offered, the version of its
        # play and its calibrated rating are never inherited.
        for own in _OWN_KEYS:
            merged.pop(own, None)
    merged = _merge(merged, {k: v for k, v in level.items() if k != "extends"})
    if not chain:
        for key in _REQUIRED:
            if key not in merged:
                raise _error(source, ("levels", name), f"missing key {key!r} (set it, or extend"
                             " a level that does)")
        if merged["play"] == "oracle" and merged.get("offered") is True:
            raise _error(source, ("levels", name, "offered"), "an oracle reads the hidden "
                         "cards: it is for research and cannot be offered to players")
    return merged


def _merge(base: dict[str, Any], top: dict[str, Any]) -> dict[str, Any]:
    out = dict(base)
    for key, value in top.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = _merge(out[key], value)
        else:
            out[key] = value
    return out


def _reflex(data: dict[str, Any]) -> Reflex:
    low, high = data["delay"]
    return Reflex(data["rate"], low, high)


def make_bot(level: str, profiles: dict[str, Profile] | None = None) -> Bot:
    """The bot of ``level`` from ``profiles`` (default: the bundled config/ai.yaml)."""
    profiles = default_profiles() if profiles is None else profiles
    profile = profiles.get(level)
    if profile is None:
        raise ValueError(f"no computer level {level!r}" + did_you_mean(level, profiles))
    return bot_for(profile)


def offered_levels(profiles: dict[str, Profile] | None = None) -> list[str]:
    """Level names a player may choose in the game, in file order."""
    profiles = default_profiles() if profiles is None else profiles
    return [name for name, p in profiles.items() if p.offered]


CLASSIC = "-classic"
"""``NAME-classic``: level NAME as it played at an earlier version (the last one released)."""


def classics(profiles: dict[str, Profile] | None = None) -> dict[str, str]:
    """Each offered level that keeps its previous version offered too, to that classic's
    name (``hard`` -> ``hard-classic``), in file order; none while no level has changed."""
    profiles = default_profiles() if profiles is None else profiles
    return {name: name + CLASSIC for name, p in profiles.items()
            if p.offered and not name.endswith(CLASSIC)
            and (classic := profiles.get(name + CLASSIC)) is not None and classic.offered}


def _rating(data: dict[str, Any] | None) -> tuple[float, float] | None:
    return None if data is None else (float(data["value"]), float(data["deviation"]))


def level_ratings(profiles: dict[str, Profile] | None = None, seats: int | None = None
                  ) -> dict[str, tuple[float, float]]:
    """The fixed (rating, deviation) of each level that has one (default: the bundled
    levels): the levels a player's rating is measured against. ``seats``: at a table of that
    many players, a bundled level's rating calibrated at that size where it has one (a
    level's strength against the others depends on how many play: ``rating.seats``)."""
    by_size = table_ratings().get(seats, {}) if profiles is None and seats else {}
    profiles = default_profiles() if profiles is None else profiles
    return {name: by_size.get(name, p.rating) for name, p in profiles.items()
            if p.rating is not None}


@lru_cache(maxsize=1)
def table_ratings() -> dict[int, dict[str, tuple[float, float]]]:
    """The bundled levels' ratings per table size (``rating.seats``), read once."""
    out: dict[int, dict[str, tuple[float, float]]] = {}
    for name, (level, _) in _read(None).items():
        for seats, pair in level.get("rating", {}).get("seats", {}).items():
            out.setdefault(seats, {})[name] = (float(pair["value"]), float(pair["deviation"]))
    return out


def _build(name: str, data: dict[str, Any]) -> Profile:
    search = dict(data.get("search", {}))
    rollout = RolloutWeights(**search.pop("rollout", {}))
    return Profile(
        name=name,
        description=data.get("description", ""),
        offered=data.get("offered", data["play"] != "oracle"),
        version=data.get("version", 1),
        rating=_rating(data.get("rating")),
        play=data["play"],
        announce=_reflex(data["announce"]),
        call=_reflex(data["call"]),
        heuristic=HeuristicWeights(**data.get("heuristic", {})),
        search=SearchSettings(rollout=rollout, **search),
    )
