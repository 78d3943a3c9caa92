"""The engine is a standard-library-only library: no pygame, no YAML, no files, no clock."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ENGINE = Path(__file__).resolve().parents[1] / "craits" / "engine"
FORBIDDEN_CALLS = {"open", "print", "input"}
FORBIDDEN_MODULES = {"pygame", "yaml", "time", "os", "io", "pathlib", "datetime", "threading"}


def test_importing_the_engine_loads_neither_pygame_nor_yaml():
    code = (
        "import sys, craits.engine, craits.engine.scenario, craits.engine.playout;"
        "bad = [m for m in ('pygame', 'yaml') if m in sys.modules];"
        "print(','.join(bad))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_engine_sources_use_only_the_standard_library_and_no_io():
    stdlib = set(sys.stdlib_module_names)
    for path in ENGINE.glob("*.py"):
        tree = ast.parse(path.read_text(), str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                names = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [] if node.level else [str(node.module).split(".")[0]]
            else:
                if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                    assert node.func.id not in FORBIDDEN_CALLS, f"{path.name} calls {node.func.id}"
                continue
            for name in names:
                assert name in stdlib, f"{path.name} imports {name}"
                assert name not in FORBIDDEN_MODULES, f"{path.name} imports {name}"


def test_engine_never_uses_the_global_random_generator():
    for path in ENGINE.glob("*.py"):
        text = path.read_text()
        for call in ("random.random(", "random.shuffle(", "random.choice(", "random.randint("):
            assert call not in text, f"{path.name} uses the global generator: {call}"
