"""The review sits below the UI: it imports the engine, the AI, the configuration, the session,
the match director, persistence and the workbench, and never pygame or the UI (nor the text
layer: it hands out catalogue keys)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

REVIEW = Path(__file__).resolve().parents[1] / "craits" / "review"
ALLOWED = ("craits.engine", "craits.ai", "craits.config", "craits.session", "craits.director",
           "craits.persistence", "craits.review", "craits.work")


def imported(path: Path) -> list[tuple[int, str]]:
    """Absolute module names ``path`` imports, function-level and relative ones included."""
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out.extend((node.lineno, alias.name) for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = "craits.review" if node.level else ""
            name = ".".join(part for part in (base, node.module or "") if part)
            out.append((node.lineno, name))
    return out


def test_the_review_imports_only_what_lies_below_it():
    breaches = []
    for path in sorted(REVIEW.rglob("*.py")):
        for line, name in imported(path):
            if name.split(".")[0] in sys.stdlib_module_names:
                continue
            if not any(name == a or name.startswith(a + ".") for a in ALLOWED):
                breaches.append(f"{path.name}:{line} imports {name}")
    assert breaches == []


def test_the_check_sees_every_import():
    names = {name for _, name in imported(REVIEW / "hint.py")}
    assert {"craits.review.messages", "craits.engine", "random"} <= names
