"""Strict, safe YAML reading that remembers where every key was written.

PyYAML's safe loader silently keeps the last of two equal keys; ours refuses them. Every key's
line is recorded by walking the composed node tree, so that validation errors can point at it.
"""

from __future__ import annotations

import os
import re
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

from craits.config.errors import SHOW_LIMIT, ConfigError, KeyPath, dotted, show_value
from craits.config.reading import MAX_CONFIG_BYTES, FileRefused, read_limited

_MERGE_TAG = "tag:yaml.org,2002:merge"


class DuplicateKeyError(yaml.constructor.ConstructorError):
    def __init__(self, key: object, first_line: int, mark: yaml.Mark) -> None:
        super().__init__(problem=f"duplicate key {key!r}", problem_mark=mark)
        self.key = key
        self.first_line = first_line


MAX_DEPTH = 40  # nesting of mappings and lists; the game's files use five
MAX_ALIASES = 200  # "*name" references in one document
MAX_NODES = 100_000  # values in the document once every alias is expanded
MAX_DIGITS = 100  # of a whole number


class LimitError(yaml.MarkedYAMLError):
    """The document is beyond what a configuration file needs (nesting, aliases, size)."""

    def __init__(self, problem: str, mark: yaml.Mark | None) -> None:
        super().__init__(problem=problem, problem_mark=mark)


class StrictLoader(yaml.SafeLoader):
    """``yaml.SafeLoader`` that refuses a key written twice in one mapping, and documents
    nested deeper than ``MAX_DEPTH``, with more than ``MAX_ALIASES`` aliases, or whole numbers
    of more than ``MAX_DIGITS`` digits (an alias bomb or a huge number is refused, not built).
    """

    _depth = 0
    _aliases = 0

    # (PyYAML's type stubs leave ``peek_event`` untyped, hence the two ignores below.)
    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:
        if self.check_event(yaml.AliasEvent):
            self._aliases += 1
            if self._aliases > MAX_ALIASES:
                raise LimitError(f"more than {MAX_ALIASES} aliases",
                                 self.peek_event().start_mark)  # type: ignore[no-untyped-call]
        self._depth += 1
        try:
            if self._depth > MAX_DEPTH:
                raise LimitError(f"nested more than {MAX_DEPTH} levels deep",
                                 self.peek_event().start_mark)  # type: ignore[no-untyped-call]
            return super().compose_node(parent, index)
        finally:
            self._depth -= 1

    def construct_yaml_int(self, node: yaml.ScalarNode) -> int:
        digits = sum(ch.isdigit() for ch in str(node.value))
        if digits > MAX_DIGITS:
            raise LimitError(f"a number of {digits} digits (at most {MAX_DIGITS})",
                             node.start_mark)
        return super().construct_yaml_int(node)

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Hashable, Any]:
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


StrictLoader.add_constructor("tag:yaml.org,2002:int", StrictLoader.construct_yaml_int)


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
        text = read_limited(path, MAX_CONFIG_BYTES).decode("utf-8")
    except FileNotFoundError:
        raise ConfigError(name, None, None, "file not found") from None
    except UnicodeDecodeError as exc:
        raise ConfigError(name, None, None, f"not UTF-8 text (byte {exc.start})") from None
    except FileRefused as exc:
        raise ConfigError(name, None, None, f"cannot be used: {exc}") from None
    except OSError as exc:
        raise ConfigError(name, None, None, f"cannot be read: {exc.strerror or exc}") from None
    return parse_yaml(text, name)


def parse_yaml(text: str, name: str) -> YamlDocument:
    """Parse YAML text safely; an empty document gives ``None``."""
    if len(text) > MAX_CONFIG_BYTES:
        raise ConfigError(name, None, None, f"cannot be used: longer than {MAX_CONFIG_BYTES} "
                                            "characters")
    loader = None
    try:
        loader = StrictLoader(text)  # refuses characters YAML does not allow, such as NUL
        node = loader.get_single_node()
        lines: dict[KeyPath, int] = {}
        data = None
        if node is not None:
            _check_size(node)
            _record_lines(loader, node, (), lines, set())
            data = loader.construct_document(node)
    except DuplicateKeyError as exc:
        line = exc.problem_mark.line + 1 if exc.problem_mark is not None else None
        message = f"duplicate key (first written on line {exc.first_line})"
        raise ConfigError(name, line, show_key(exc.key), message) from None
    except LimitError as exc:
        line = exc.problem_mark.line + 1 if exc.problem_mark is not None else None
        raise ConfigError(name, line, None, f"too much for a configuration file: {exc.problem}") \
            from None
    except yaml.reader.ReaderError as exc:
        line = text.count("\n", 0, exc.position) + 1
        message = (f"the character U+{exc.character:04X} is not allowed in YAML"
                   if isinstance(exc.character, int) else f"cannot be read: {exc.reason}")
        raise ConfigError(name, line, None, message) from None
    except yaml.MarkedYAMLError as exc:
        raise _syntax_error(exc, name) from None
    except yaml.YAMLError as exc:
        raise ConfigError(name, None, None, f"YAML error: {show_value(str(exc))}") from None
    except RecursionError:  # a last net: MAX_DEPTH should stop any nesting first
        raise ConfigError(name, None, None, "nested too deeply") from None
    finally:
        if loader is not None:
            loader.dispose()
    return YamlDocument(data, Source(name, lines))


def show_key(key: object) -> str | None:
    return dotted((key,)) if isinstance(key, str) else show_value(key)


def _check_size(root: yaml.Node) -> None:
    """Refuse a document whose aliases expand it beyond ``MAX_NODES`` values (a "billion
    laughs"): sizes are counted per node once, so this costs no more than the text."""
    sizes: dict[int, int] = {}
    order: list[yaml.Node] = []
    stack, seen = [root], set()
    while stack:  # children before parents, without recursion
        node = stack.pop()
        if id(node) in seen:
            continue
        seen.add(id(node))
        order.append(node)
        stack.extend(_children(node))
    for node in reversed(order):
        sizes[id(node)] = min(MAX_NODES + 1, 1 + sum(sizes.get(id(child), 1)
                                                     for child in _children(node)))
    if sizes[id(root)] > MAX_NODES:
        raise LimitError(f"more than {MAX_NODES} values once its aliases are expanded",
                         root.start_mark)


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.MappingNode):
        return [part for pair in node.value for part in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []


_UNKNOWN_TAG = re.compile(r"could not determine a constructor for the tag '(.*)'", re.DOTALL)


def _syntax_error(exc: yaml.MarkedYAMLError, name: str) -> ConfigError:
    mark = exc.problem_mark or exc.context_mark
    line = mark.line + 1 if mark is not None else None
    problem = exc.problem or exc.context or "cannot be parsed"
    tag = _UNKNOWN_TAG.fullmatch(problem)
    if tag:  # a tag such as !!python/object: never run, and not a syntax error either
        shown = tag[1].replace("tag:yaml.org,2002:", "!!", 1)
        return ConfigError(name, line, None, f"unsupported tag {_bounded(shown)}: only plain "
                                             "values (text, numbers, true/false, lists and "
                                             "mappings) are read")
    message = f"YAML syntax: {_bounded(problem)}"
    if exc.problem and exc.context and exc.context_mark is not None:
        message += f" ({_bounded(exc.context)} on line {exc.context_mark.line + 1})"
    return ConfigError(name, line, None, message)


def _bounded(text: str) -> str:
    """Text from the parser, which may quote the file: at most ``SHOW_LIMIT`` characters."""
    return text if len(text) <= SHOW_LIMIT else show_value(text)[1:-2] + "…"


def _record_lines(
    loader: StrictLoader, node: yaml.Node, path: KeyPath, lines: dict[KeyPath, int],
    seen: set[int],
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
