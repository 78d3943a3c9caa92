"""The double-clickable app: the PyInstaller bundle runs, is small, and lands in the desktop menu.

The bundle tests build ``dist/Craits`` with ``make package`` unless a build newer than every
source, asset and packaging file is already there (a fresh clone always builds: about a minute).
"""

from __future__ import annotations

import ast
import os
import shutil
import struct
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from craits import native

ROOT = Path(__file__).resolve().parent.parent
DIST = ROOT / "dist" / "Craits"
APP = DIST / "Craits"
INTERNAL = DIST / "_internal"  # PyInstaller's contents folder in a one-folder build
BUILD_INPUTS = ["craits", "assets", "config", "packaging", "build.spec", "pyproject.toml"]
MAX_BUNDLE_BYTES = 60 * 1000 * 1000
INSTALLER = ROOT / "packaging" / "install_desktop.py"

linux_only = pytest.mark.skipif(sys.platform != "linux", reason="the build and menu are Linux here")


def newest_input_mtime() -> float:
    newest = 0.0
    for name in BUILD_INPUTS:
        path = ROOT / name
        files = [path] if path.is_file() else (p for p in path.rglob("*") if p.is_file())
        for file in files:
            if "__pycache__" not in file.parts:
                newest = max(newest, file.stat().st_mtime)
    return newest


def headless_env(home: Path) -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", CRAITS_HOME=str(home))
    env.pop("PYTHONPATH", None)  # the frozen app must not lean on the source tree
    return env


def bundle_snapshot() -> dict[str, tuple[int, int]]:
    return {str(p.relative_to(DIST)): (p.stat().st_size, p.stat().st_mtime_ns)
            for p in DIST.rglob("*") if p.is_file()}


@pytest.fixture(scope="module")
def frozen_app() -> Path:
    if sys.platform != "linux":
        pytest.skip("the bundle test builds the Linux app")
    if not (APP.is_file() and APP.stat().st_mtime > newest_input_mtime()):
        if shutil.which("make") is None:
            pytest.fail("make is needed to build the app (make package)")
        result = subprocess.run(["make", "package"], cwd=ROOT, capture_output=True, text=True,
                                timeout=900, check=False)
        assert result.returncode == 0, f"make package failed:\n{result.stdout}\n{result.stderr}"
    assert APP.is_file() and os.access(APP, os.X_OK), f"no executable at {APP}"
    return APP


@pytest.mark.slow
def test_frozen_app_selftest_exits_zero_and_leaves_its_folder_alone(
        frozen_app: Path, tmp_path: Path) -> None:
    before = bundle_snapshot()
    result = subprocess.run([str(frozen_app), "--selftest"], cwd=tmp_path, capture_output=True,
                            text=True, timeout=180, env=headless_env(tmp_path / "home"),
                            check=False)
    assert result.returncode == 0, (f"--selftest exited {result.returncode}\n"
                                    f"stdout:\n{result.stdout}\nstderr:\n{result.stderr}")
    assert bundle_snapshot() == before, "the app wrote inside its own folder"
    # The build compiles the hot path where it can (here it can: make test compiled it too),
    # and the app runs that, not its sources.
    if native.status() == "compiled":
        assert "selftest: hot path compiled" in result.stdout, result.stdout


@pytest.mark.slow
def test_frozen_app_reads_bundled_config_and_catalogues(frozen_app: Path, tmp_path: Path) -> None:
    # i18n-check loads every catalogue from craits/locale; simulate loads config/rules.yaml.
    env = headless_env(tmp_path / "home")
    checks = [["i18n-check"], ["simulate", "--games", "1", "--seed", "1"]]
    for args in checks:
        result = subprocess.run([str(frozen_app), *args], cwd=tmp_path, capture_output=True,
                                text=True, timeout=120, env=env, check=False)
        assert result.returncode == 0, f"{args}: {result.stdout}\n{result.stderr}"


@pytest.mark.slow
def test_bundle_holds_every_data_file(frozen_app: Path) -> None:
    expected = [p.relative_to(ROOT) for folder in ("assets", "config")
                for p in (ROOT / folder).rglob("*") if p.is_file()]
    expected += [p.relative_to(ROOT) for p in (ROOT / "craits" / "locale").glob("*.toml")]
    if (ROOT / "LICENSE").is_file():  # the game's licence travels with it
        expected.append(Path("LICENSE"))
    missing = [str(p) for p in expected if not (INTERNAL / p).is_file()]
    assert not missing, f"data files missing from the bundle: {missing}"
    # craits --version reads the distribution's metadata (a dist-info, or the egg-info an
    # editable install leaves in the tree), which must state this version.
    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "version"]
    metadata = [*INTERNAL.glob("craits*.dist-info/METADATA"),
                *INTERNAL.glob("craits*.egg-info/PKG-INFO")]
    assert metadata, "the bundle carries no metadata of the craits distribution"
    assert all(f"\nVersion: {version}\n" in path.read_text(encoding="utf-8") for path in metadata)


@pytest.mark.slow
def test_bundle_is_small_and_has_no_unused_heavyweights(frozen_app: Path) -> None:
    files = [p for p in DIST.rglob("*") if p.is_file() and not p.is_symlink()]
    size = sum(p.stat().st_size for p in files)
    assert size < MAX_BUNDLE_BYTES, f"bundle is {size / 1e6:.1f} MB (limit 60 MB)"
    unwanted = ("numpy", "tkinter", "_tkinter", "tcl", "tk", "pytest", "hypothesis", "_pytest")
    found = sorted({part for p in DIST.rglob("*") for part in p.relative_to(DIST).parts
                    if part.split(".")[0].lower() in unwanted
                    or part.lower().startswith(("libtcl", "libtk", "numpy"))})
    assert not found, f"bundle carries modules the game does not use: {found}"


@pytest.mark.slow
def test_frozen_modules_leave_out_what_the_game_does_not_use(frozen_app: Path) -> None:
    # Python modules live in the archive inside the executable, not as files.
    readers = pytest.importorskip("PyInstaller.archive.readers")
    modules = readers.pkg_archive_contents(str(frozen_app))
    assert "craits.engine.core" in modules and "craits.cli.simulate" in modules
    unused = ("numpy", "tkinter", "unittest", "pydoc", "pytest", "_pytest", "hypothesis",
              "setuptools", "pip", "pygame.examples", "pygame.tests")
    heavy = sorted(m for m in modules if m.startswith(tuple(f"{u}." for u in unused)) or m in unused)
    assert not heavy, f"frozen modules the game does not use: {heavy[:10]}"
    if native.status() == "compiled":  # shipped compiled: their sources must not shadow them
        assert not set(native.MODULES) & set(modules)


def spec_excludes() -> set[str]:
    tree = ast.parse((ROOT / "build.spec").read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if (isinstance(node, ast.Assign) and len(node.targets) == 1
                and getattr(node.targets[0], "id", None) == "excludes"):
            return set(ast.literal_eval(node.value))
    raise AssertionError("build.spec has no 'excludes = [...]' list")


def test_the_build_excludes_nothing_the_game_imports() -> None:
    # The frozen self-test walks the main path only; this catches an excluded module imported
    # anywhere in the game before a player finds it missing.
    excludes = spec_excludes()
    assert {"numpy", "tkinter", "unittest", "pydoc", "pytest", "hypothesis"} <= excludes
    clashes = []
    for source in sorted((ROOT / "craits").rglob("*.py")):
        module = ".".join(source.relative_to(ROOT).with_suffix("").parts)
        if module in excludes:  # a development tool the build leaves out on purpose
            continue
        for node in ast.walk(ast.parse(source.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
            else:
                continue
            for name in names:
                parts = name.split(".")
                hit = next((".".join(parts[:i]) for i in range(1, len(parts) + 1)
                            if ".".join(parts[:i]) in excludes), None)
                if hit:
                    clashes.append(f"{source.relative_to(ROOT)}:{node.lineno} imports {name}")
    assert not clashes, "build.spec excludes modules the game imports:\n" + "\n".join(clashes)


def run_installer(*args: str, data_home: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, XDG_DATA_HOME=str(data_home))
    return subprocess.run([sys.executable, str(INSTALLER), *args], capture_output=True,
                          text=True, env=env, timeout=60, check=False)


def desktop_entry(path: Path) -> dict[str, str]:
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0] == "[Desktop Entry]"
    return dict(line.split("=", 1) for line in lines[1:] if "=" in line)


def exec_arguments(value: str) -> list[str]:
    """Split an Exec value as the Desktop Entry spec says: unescape the string, then unquote."""
    command_line = value.replace("\\\\", "\\")
    arguments, current, quoted, index = [], "", False, 0
    while index < len(command_line):
        char = command_line[index]
        if quoted and char == "\\" and command_line[index + 1:index + 2] in ('"', "`", "$", "\\"):
            current += command_line[index + 1]
            index += 1
        elif char == '"':
            quoted = not quoted
        elif char == " " and not quoted:
            arguments, current = arguments + [current] if current else arguments, ""
        else:
            current += char
        index += 1
    assert not quoted, f"unbalanced quotes in Exec={value}"
    return arguments + [current] if current else arguments


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data.startswith(b"\x89PNG\r\n\x1a\n"), f"{path} is not a PNG"
    return struct.unpack(">II", data[16:24])


def test_template_desktop_file_has_the_menu_keys() -> None:
    entry = desktop_entry(ROOT / "packaging" / "craits.desktop")
    assert entry["Name"] == "Craits"
    assert entry["Comment"]
    assert entry["Icon"] == "craits"
    assert entry["Terminal"] == "false"
    assert entry["Categories"] == "Game;CardGame;"
    assert entry["Exec"]


@linux_only
def test_install_desktop_points_at_the_app_and_installs_icons(tmp_path: Path) -> None:
    # A path with a space and a dollar shows the Exec quoting works.
    app = tmp_path / "my $games" / "Craits"
    app.parent.mkdir()
    app.write_text("#!/bin/sh\nexit 0\n")
    app.chmod(0o755)
    share = tmp_path / "share"
    result = run_installer("--exec", str(app), data_home=share)
    assert result.returncode == 0, result.stderr

    desktop = share / "applications" / "craits.desktop"
    entry = desktop_entry(desktop)
    assert exec_arguments(entry["Exec"]) == [str(app)]
    assert entry["TryExec"] == str(app)
    assert entry["Categories"] == "Game;CardGame;" and entry["Terminal"] == "false"
    if shutil.which("desktop-file-validate"):
        check = subprocess.run(["desktop-file-validate", str(desktop)], capture_output=True,
                               text=True, check=False)
        assert check.returncode == 0, check.stdout + check.stderr

    hicolor = share / "icons" / "hicolor"
    for size in (16, 32, 48, 64, 128, 256, 512):
        assert png_size(hicolor / f"{size}x{size}" / "apps" / "craits.png") == (size, size)
    assert (hicolor / "scalable" / "apps" / "craits.svg").read_bytes().lstrip().startswith(b"<")

    result = run_installer("--uninstall", data_home=share)
    assert result.returncode == 0, result.stderr
    assert not desktop.exists()
    assert not list(hicolor.rglob("craits.*"))


@linux_only
def test_install_desktop_refuses_a_missing_program(tmp_path: Path) -> None:
    result = run_installer("--exec", str(tmp_path / "nothing"), data_home=tmp_path / "share")
    assert result.returncode == 2
    assert "Not an executable file" in result.stderr
    assert not (tmp_path / "share" / "applications").exists()


def test_windows_version_resource_carries_the_project_version() -> None:
    sys.path.insert(0, str(ROOT / "packaging"))
    try:
        import windows_version
    finally:
        sys.path.remove(str(ROOT / "packaging"))
    assert windows_version.version_tuple("0.1.0") == (0, 1, 0, 0)
    assert windows_version.version_tuple("2.10.3rc1") == (2, 10, 3, 0)
    with pytest.raises(ValueError):
        windows_version.version_tuple("beta")
    text = windows_version.render("1.2.3")
    assert "filevers=(1, 2, 3, 0)" in text
    assert "StringStruct(u'ProductVersion', u'1.2.3')" in text
    assert "$" not in "".join(line for line in text.splitlines() if not line.startswith("#"))
    compile(text, "windows_version_info.txt", "eval")  # PyInstaller eval()s this text
