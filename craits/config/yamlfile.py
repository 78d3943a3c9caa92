"""Strict, safe YAML reading that remembers where every key was written.

PyYAML's safe loader silently keeps the last of two equal keys; ours refuses them. Every key's
line is recorded by walking the composed node tree, so that validation errors can point at it.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from craits.config.errors import ConfigError, KeyPath

_MERGE_TAG = "tag:yaml.org,2002:merge"


class DuplicateKeyError(yaml.constructor.ConstructorError):
    def __init__(self, key: object, first_line: int, mark: yaml.Mark) -> None:
        super().__init__(problem=f"duplicate key {key!r}", problem_mark=mark)
        self.key = key
        self.first_line = first_line


class StrictLoader(yaml.SafeLoader):
    """``yaml.SafeLoader`` that refuses a key written twice in one mapping."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict:
        if isinstance(node, yaml.MappingNode):
            first_lines: dict[object, int] = {}
            for key_node, _ in node.value:
                if key_node.tag == _MERGE_TAG:  # "<<: *base" may legitimately repeat keys
                    continue
                key = self.construct_object(key_node, deep=True)
                try:
                    seen = key in first_lines
                except TypeError:  # unhashable: the base class reports it with its line
                    continue
                if seen:
                    raise DuplicateKeyError(key, first_lines[key], key_node.start_mark)
                first_lines[key] = key_node.start_mark.line + 1
        return super().construct_mapping(node, deep=deep)


@dataclass(frozen=True)
class Source:
    """Where configuration data came from: a display name and, for files, each key's line."""

    name: str
    lines: Mapping[KeyPath, int] = field(default_factory=dict)

    def line_of(self, path: KeyPath) -> int | None:
        """The line of ``path``, or of its nearest recorded parent (a missing key's mapping)."""
        while path:
            line = self.lines.get(path)
            if line is not None:
                return line
            path = path[:-1]
        return None


@dataclass(frozen=True)
class YamlDocument:
    data: object
    source: Source


def display_name(path: str | os.PathLike[str]) -> str:
    """A path as a player would want to read it: relative to the working folder when inside it."""
    path = Path(path)
    if path.is_absolute():
        try:
            return str(path.relative_to(Path.cwd()))
        except ValueError:
            pass
    return str(path)


def load_yaml_file(path: str | os.PathLike[str]) -> YamlDocument:
    """Read and parse one YAML file (UTF-8, one document); raise ``ConfigError`` on any failure."""
    name = display_name(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise ConfigError(name, None, None, "file not found") from None
    except UnicodeDecodeError as exc:
        raise ConfigError(name, None, None, f"not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise ConfigError(name, None, None, f"cannot be read: {exc.strerror or exc}") from None
    return parse_yaml(text, name)


def parse_yaml(text: str, name: str) -> YamlDocument:
    """Parse YAML text safely; an empty document gives ``None``."""
    loader = StrictLoader(text)
    try:
        node = loader.get_single_node()
        lines: dict[KeyPath, int] = {}
        data = None
        if node is not None:
            _record_lines(loader, node, (), lines, set())
            data = loader.construct_document(node)
    except DuplicateKeyError as exc:
        line = exc.problem_mark.line + 1
        message = f"duplicate key (first written on line {exc.first_line})"
        raise ConfigError(name, line, str(exc.key), message) from None
    except yaml.MarkedYAMLError as exc:
        raise _syntax_error(exc, name) from None
    except yaml.YAMLError as exc:
        raise ConfigError(name, None, None, f"YAML error: {exc}") from None
    finally:
        loader.dispose()
    return YamlDocument(data, Source(name, lines))


def _syntax_error(exc: yaml.MarkedYAMLError, name: str) -> ConfigError:
    mark = exc.problem_mark or exc.context_mark
    line = mark.line + 1 if mark is not None else None
    message = f"YAML syntax: {exc.problem or exc.context or 'cannot be parsed'}"
    if exc.problem and exc.context and exc.context_mark is not None:
        message += f" ({exc.context} on line {exc.context_mark.line + 1})"
    return ConfigError(name, line, None, message)


def _record_lines(
    loader: StrictLoader, node: yaml.Node, path: KeyPath, lines: dict, seen: set[int]
) -> None:
    if id(node) in seen:  # an alias: already walked where its anchor was written
        return
    seen.add(id(node))
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            if key_node.tag == _MERGE_TAG or not isinstance(key_node, yaml.ScalarNode):
                continue
            key = loader.construct_object(key_node, deep=True)
            child = (*path, key)
            lines.setdefault(child, key_node.start_mark.line + 1)
            _record_lines(loader, value_node, child, lines, seen)
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            child = (*path, index)
            lines.setdefault(child, item.start_mark.line + 1)
            _record_lines(loader, item, child, lines, seen)
