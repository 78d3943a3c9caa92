"""The wheel and the sdist carry the whole game. Built from a clean copy of the tree (the files
git tracks, as a fresh clone has them, with this tree's edits), the sdist and the wheel made
from it are installed, not editable, into a fresh virtual environment, and the game started
from outside the tree passes its self test and plays a short headless game. An editable install
(make play's) reads the same files from the tree.

About a minute: the dependencies come from pip's cache (or PyPI the first time)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import tomllib
import zipfile
from pathlib import Path

import pytest

pytestmark = [pytest.mark.slow, pytest.mark.timeout(900)]

ROOT = Path(__file__).resolve().parents[1]
VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["project"]["version"]
# Files that only a complete install has, one of each kind of data.
WHEEL_MUST_HOLD = [
    "craits/_assets/fonts/DejaVuSans.ttf",
    "craits/_assets/fonts/LICENSE-DejaVu.txt",
    "craits/_assets/cards/classic/AS.svg",
    "craits/_assets/cards/back_blue.svg",
    "craits/_assets/sounds/deal.wav",
    "craits/_assets/icon/craits.png",
    "craits/_assets/README.md",
    "craits/_config/rules.yaml",
    "craits/_config/ai.yaml",
    "craits/locale/en.toml",
    f"craits-{VERSION}.dist-info/licenses/LICENSE",
]
SDIST_MUST_HOLD = ["LICENSE", "setup.py", "pyproject.toml", "assets/fonts/DejaVuSans.ttf",
                   "assets/cards/fourcolor/KH.svg", "config/rules.yaml", "craits/locale/cs.toml"]


def run(args: list[str | Path], **kwargs) -> subprocess.CompletedProcess[str]:
    kwargs.setdefault("env", {k: v for k, v in os.environ.items() if k != "PYTHONPATH"})
    result = subprocess.run([str(a) for a in args], capture_output=True, text=True,
                            timeout=600, **kwargs)
    assert result.returncode == 0, f"{args}:\n{result.stdout[-3000:]}\n{result.stderr[-3000:]}"
    return result


def clean_copy(dest: Path) -> None:
    """The files git tracks, as they are in the tree now (no build output, no compiled hot
    path, no virtual environment)."""
    if shutil.which("git") is None or not (ROOT / ".git").exists():
        pytest.skip("not a git checkout: the clean copy is made from git's list of files")
    listed = run(["git", "ls-files", "-z"], cwd=ROOT).stdout.split("\0")
    for name in filter(None, listed):
        source = ROOT / name
        if source.is_file():  # a file deleted in the tree and not yet in git's index is gone
            (dest / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, dest / name)


def venv_program(venv: Path, name: str) -> Path:
    return venv / ("Scripts" if os.name == "nt" else "bin") / name


@pytest.fixture(scope="module")
def installed(tmp_path_factory) -> dict[str, Path]:
    work = tmp_path_factory.mktemp("wheel")
    tree, dist, venv = work / "tree", work / "dist", work / "venv"
    clean_copy(tree)
    # A fresh environment as a player makes one (its pip then also fills build's own).
    run([sys.executable, "-m", "venv", venv])
    python = venv_program(venv, "python")
    pip = [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check"]
    run([*pip, "build>=1.2"])
    # The sdist, and the wheel built from it: what the sdist holds is all the wheel can hold.
    run([python, "-m", "build", "--outdir", dist, tree])
    wheel = next(dist.glob("craits-*.whl"))
    sdist = next(dist.glob("craits-*.tar.gz"))
    run([*pip, wheel])
    outside = work / "elsewhere"  # started from here: the tree is nowhere on the path
    outside.mkdir()
    return {"wheel": wheel, "sdist": sdist, "venv": venv, "outside": outside,
            "home": work / "home", "tree": tree}


def game_env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
    env.update(CRAITS_HOME=str(home), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return env


def craits(installed: dict[str, Path], *args: str) -> subprocess.CompletedProcess[str]:
    return run([venv_program(installed["venv"], "craits"), *args], cwd=installed["outside"],
               env=game_env(installed["home"]))


def test_the_wheel_holds_the_assets_the_config_and_the_licences(installed):
    wheel = zipfile.ZipFile(installed["wheel"])
    names = set(wheel.namelist())
    assert [n for n in WHEEL_MUST_HOLD if n not in names] == []
    assert not [n for n in names if n.endswith((".so", ".pyd", ".pyc"))]
    metadata = wheel.read(f"craits-{VERSION}.dist-info/METADATA").decode().splitlines()
    assert "License-Expression: MIT" in metadata and "License-File: LICENSE" in metadata


def test_the_sdist_holds_the_tree_the_wheel_is_built_from(installed):
    with tarfile.open(installed["sdist"]) as sdist:
        names = {name.split("/", 1)[1] for name in sdist.getnames() if "/" in name}
    assert [n for n in SDIST_MUST_HOLD if n not in names] == []


def test_the_installed_game_reads_its_own_files_and_knows_its_version(installed):
    assert craits(installed, "--version").stdout.strip() == f"craits {VERSION}"
    python = venv_program(installed["venv"], "python")
    found = run([python, "-c", "from craits.resources import resource_path as r; "
                 "print(r('assets', 'fonts')); print(r('config', 'rules.yaml'))"],
                cwd=installed["outside"], env=game_env(installed["home"])).stdout.split()
    assert all(Path(p).exists() and Path(p).is_relative_to(installed["venv"]) for p in found)


def test_an_editable_install_reads_the_trees_files(installed, tmp_path):
    # The way make play installs it: the files are read where they are in the tree.
    venv = tmp_path / "editable"
    run([sys.executable, "-m", "venv", "--without-pip", venv])
    python = venv_program(venv, "python")
    run([sys.executable, "-m", "pip", "--python", python, "install", "--quiet", "--no-deps",
         "--disable-pip-version-check", "--editable", installed["tree"]])
    found = run([python, "-c", "import craits; from craits.resources import resource_path as r; "
                 "print(r('assets', 'sounds', 'deal.wav')); print(craits.__version__)"],
                cwd=installed["outside"]).stdout.split()
    assert found == [str(installed["tree"] / "assets" / "sounds" / "deal.wav"), VERSION]


def test_the_installed_game_passes_its_self_test(installed):
    result = craits(installed, "--selftest")
    assert result.stdout.strip().splitlines()[-1] == "selftest: ok"
    assert "Traceback" not in result.stderr


def test_the_installed_game_plays_a_headless_game(installed):
    result = craits(installed, "--seats", "hard,medium", "--autoplay", "--headless",
                    "--speed", "fast", "--max-seconds", "8")
    assert result.stdout.strip().splitlines()[-1].startswith("frames=")
    assert "Traceback" not in result.stderr
    assert not list((installed["home"] / "logs").glob("crash*"))
