"""The layers point down only: engine <- ai <- config/session <- director <- cli, ui.

The engine imports only the standard library; the AI only the engine; nothing outside the UI
imports pygame (the match director included); nothing below the UI imports the UI.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "craits"
STDLIB = set(sys.stdlib_module_names)


def _module(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path) -> list[tuple[int, str]]:
    """Absolute names of everything ``path`` imports, wherever in the file (function-level
    imports included), with their lines."""
    package = _module(path) if path.name == "__init__.py" else _module(path).rpartition(".")[0]
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            out.extend((node.lineno, a.name) for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = str(node.module)
            if node.module:  # ``from . import x`` imports x, not the package itself
                out.append((node.lineno, name))
            # Each name too: ``from . import events`` imports the module craits.x.events.
            out.extend((node.lineno, f"{name}.{a.name}") for a in node.names)
    return out


def _sources(folder: str) -> list[Path]:
    return sorted((PACKAGE / folder).rglob("*.py"))


def _breaches(folder: str, allowed) -> list[str]:
    found = []
    for path in _sources(folder):
        for line, name in imports_of(path):
            if not allowed(name):
                found.append(f"{path.relative_to(ROOT)}:{line} imports {name}")
    return found


def _top(name: str) -> str:
    return name.split(".")[0]


def test_the_engine_imports_only_the_standard_library() -> None:
    assert not _breaches("engine", lambda n: _top(n) in STDLIB or n.startswith("craits.engine"))


def test_the_ai_imports_only_the_engine() -> None:
    def allowed(name: str) -> bool:
        return (_top(name) in STDLIB or name.startswith("craits.engine")
                or name.startswith("craits.ai"))

    assert not _breaches("ai", allowed)


@pytest.mark.parametrize(
    "folder", ["engine", "ai", "config", "persistence", "director", "review", "cli", "work"])
def test_nothing_below_the_ui_imports_pygame_or_the_ui(folder: str) -> None:
    def allowed(name: str) -> bool:
        return _top(name) != "pygame" and not name.startswith("craits.ui")

    assert not _breaches(folder, allowed)


def test_the_workbench_imports_only_the_standard_library() -> None:
    """Its workers start on it alone: a unit's own imports come with the unit."""
    assert not _breaches("work", lambda n: _top(n) in STDLIB or n.startswith("craits.work"))


def test_the_session_and_the_director_import_no_pygame() -> None:
    for path in [PACKAGE / "session.py", *_sources("director")]:
        for line, name in imports_of(path):
            assert _top(name) != "pygame" and not name.startswith("craits.ui"), (path, line)


def test_the_checks_see_imports_made_inside_functions_and_relative_ones() -> None:
    path = PACKAGE / "ai" / "bots.py"  # a real module: its relative imports resolve
    names = {name for _, name in imports_of(path)}
    assert "craits.ai.search" in names and "craits.engine.view" in names
    tree_text = "def f():\n    import pygame\n    from craits.config import levels\n"
    nested = [n for n in ast.walk(ast.parse(tree_text)) if isinstance(n, ast.Import | ast.ImportFrom)]
    assert len(nested) == 2  # ast.walk reaches into function bodies


def _type_checking_lines(tree: ast.AST) -> set[int]:
    """Lines of imports made only for the type checker (``if TYPE_CHECKING:``)."""
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for inner in node.body:
                lines.update(n.lineno for n in ast.walk(inner) if hasattr(n, "lineno"))
    return lines


def import_graph() -> dict[str, set[str]]:
    """Module -> the craits modules it imports at run time, wherever in the file."""
    modules = {_module(p): p for p in PACKAGE.rglob("*.py")}
    graph: dict[str, set[str]] = {m: set() for m in modules}
    for module, path in modules.items():
        skip = _type_checking_lines(ast.parse(path.read_text(encoding="utf-8")))
        for line, name in imports_of(path):
            if line in skip or not name.startswith("craits"):
                continue
            while name and name not in modules:  # "craits.x.y" may name a name in craits.x
                name = name.rpartition(".")[0]
            if name and name != module:
                graph[module].add(name)
    return graph


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected groups of more than one module (Tarjan's algorithm)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []

    def visit(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        on_stack.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return groups


def test_no_module_imports_itself_round_a_circle() -> None:
    """Function-level imports count: an import moved into a function still ties the circle."""
    graph = import_graph()
    # A package's __init__ re-exports its modules; an import of the package by one of its own
    # modules would make a circle through it, and is refused like any other.
    assert _cycles(graph) == []


def test_the_circle_finder_finds_circles() -> None:
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []


# ------------------------------------------------------------------ the UI's parts

UI = "craits.ui"
#: The UI's parts that show one thing each: none imports another; what one opens of another's
#: it asks the app for (``SceneContext.screens``).
UI_PARTS = ("dialogs", "menus", "review", "table")
#: What every part may draw with; these import no part.
UI_SHARED = ("widgets", "cards", "tabletop", "dialogs")


def _ui_part(module: str) -> str:
    """``craits.ui.table.scene`` -> ``table``; a module directly in ``craits/ui`` is its own."""
    rest = module.removeprefix(UI + ".").split(".")
    return rest[0] if module.startswith(UI + ".") else module


def _ui_folder_graph(*, type_checking: bool = True) -> dict[str, set[str]]:
    """UI folder (or top-level UI module) -> the UI folders it imports, type-only imports
    included: a reader needs those too."""
    modules = {_module(p): p for p in (PACKAGE / "ui").rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for module, path in modules.items():
        part = _ui_part(module)
        graph.setdefault(part, set())
        skip = set() if type_checking else _type_checking_lines(ast.parse(path.read_text()))
        for line, name in imports_of(path):
            if line in skip or not name.startswith(UI + "."):
                continue
            while name and name not in modules:
                name = name.rpartition(".")[0]
            if name and _ui_part(name) != part:
                graph[part].add(_ui_part(name))
    for targets in list(graph.values()):
        for t in targets:
            graph.setdefault(t, set())
    return graph


def test_no_circle_between_the_ui_folders() -> None:
    assert _cycles(_ui_folder_graph()) == []


def test_the_ui_parts_do_not_import_one_another() -> None:
    graph = _ui_folder_graph()
    found = []
    for part in UI_PARTS:
        for other in graph[part]:
            if other in UI_PARTS and other != "dialogs":
                found.append(f"{part} imports {other}")
    for shared in UI_SHARED:
        for other in graph[shared]:
            if other in UI_PARTS and (shared != "dialogs" or other != "dialogs"):
                if other != shared:
                    found.append(f"{shared} imports {other}")
    assert found == []


def test_the_folder_check_sees_a_circle_through_type_only_imports() -> None:
    graph = _ui_folder_graph()
    assert "widgets" in graph["table"]  # it reads the real tree
    assert _cycles({**graph, "widgets": graph["widgets"] | {"table"}})  # and would see one


def _class_bases() -> dict[str, list[tuple[str, list[str]]]]:
    """Module -> (class, names of its bases) for every class in craits."""
    out: dict[str, list[tuple[str, list[str]]]] = {}
    for path in PACKAGE.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                bases = [ast.unparse(b).split("[")[0].split(".")[-1] for b in node.bases]
                out.setdefault(_module(path), []).append((node.name, bases))
    return out


def test_no_class_is_built_from_more_than_one_part_of_craits() -> None:
    """A class made of mixins that share one ``self`` is one object under several names:
    a class in craits has at most one base class of craits' own (a typed part is owned as an
    attribute instead)."""
    classes = _class_bases()
    ours = {name for found in classes.values() for name, _ in found}
    mixed = [f"{module}.{name}({', '.join(bases)})"
             for module, found in classes.items() for name, bases in found
             if sum(base in ours for base in bases) > 1]
    assert mixed == []
