"""A release never quietly ships the slower pure-Python hot path: ``make package`` fails unless
the compiled copies are built and current (``CRAITS_ALLOW_PURE_PYTHON=1`` lets a platform
without a C compiler through), while playing and testing still work without a compiler."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent

pytestmark = [pytest.mark.skipif(sys.platform != "linux", reason="CC names the compiler on Linux"),
              pytest.mark.slow]


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    """A copy of the game and its tools, whose compiled copies (if any) are stale."""
    tree = tmp_path / "tree"
    ignore = shutil.ignore_patterns("__pycache__")
    shutil.copytree(ROOT / "craits", tree / "craits", ignore=ignore)
    shutil.copytree(ROOT / "tools", tree / "tools", ignore=ignore)
    shutil.copytree(ROOT / "packaging", tree / "packaging", ignore=ignore)
    shutil.copy2(ROOT / "Makefile", tree / "Makefile")
    shutil.copy2(ROOT / "pyproject.toml", tree / "pyproject.toml")
    rollout = tree / "craits" / "ai" / "rollout.py"  # an edit: the copies must be built again
    rollout.write_text(rollout.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    return tree


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if k not in ("PYTHONPATH", "CRAITS_ALLOW_PURE_PYTHON", "MAKEFLAGS", "MFLAGS")}
    env["CC"] = "false"  # a compiler that always fails
    env.update(extra)
    return env


def _build(tree: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "tools/build_native.py", "--force", *args], cwd=tree,
                          capture_output=True, text=True, timeout=600, env=_env(**env),
                          check=False)


def test_a_release_without_a_compiler_fails_and_names_the_way_out(tree: Path) -> None:
    result = _build(tree, "--require")
    assert result.returncode == 1, result.stderr
    assert "not compiled" in result.stderr and "CRAITS_ALLOW_PURE_PYTHON=1" in result.stderr
    assert not list((tree / "craits").rglob("*.so"))  # nothing half-built is left to ship


def test_the_opt_out_lets_a_release_build_from_the_sources(tree: Path) -> None:
    result = _build(tree, "--require", CRAITS_ALLOW_PURE_PYTHON="1")
    assert result.returncode == 0, result.stderr
    assert "runs from its sources" in result.stderr
    assert _build(tree, "--require", CRAITS_ALLOW_PURE_PYTHON="0").returncode == 1


def _make(tree: Path, target: str, **env: str) -> subprocess.CompletedProcess[str]:
    """``make target`` in ``tree`` on this venv, its install stamps taken as done."""
    stamps = tree / "stamps"
    stamps.mkdir(exist_ok=True)
    for name in ("installed", "installed-package"):
        (stamps / name).touch()
    return subprocess.run(
        ["make", target, f"BIN={BIN}", f"STAMP={stamps / 'installed'}",
         f"PACKAGE_STAMP={stamps / 'installed-package'}"],
        cwd=tree, capture_output=True, text=True, timeout=600, env=_env(**env), check=False)


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_make_package_stops_before_pyinstaller_without_the_compiled_copies(tree: Path):
    result = _make(tree, "package")
    assert result.returncode != 0
    assert "CRAITS_ALLOW_PURE_PYTHON=1" in result.stderr
    assert "PyInstaller" not in result.stdout and not (tree / "dist").exists()


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_make_native_for_play_and_test_goes_on_without_a_compiler(tree: Path):
    result = _make(tree, "native")
    assert result.returncode == 0, result.stderr
    assert "runs from its sources" in result.stderr
    dry = subprocess.run(["make", "-n", "play", "test", f"BIN={BIN}"], cwd=tree,
                         capture_output=True, text=True, timeout=60, env=_env(), check=False)
    assert "build_native.py" in dry.stdout and "--require" not in dry.stdout
