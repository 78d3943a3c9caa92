"""Locate read-only bundled data (assets/, config/) and the game's version, wherever the game
runs from: a source tree (or an editable install of one), an installed wheel, or a PyInstaller
bundle."""

from __future__ import annotations

import functools
import importlib.resources
import sys
import tomllib
from pathlib import Path

# The tree's top-level data folders, and their names inside the installed package (setup.py
# maps them there: a wheel has nothing outside its packages).
PACKAGED = {"assets": "_assets", "config": "_config"}
SOURCE_ROOT = Path(__file__).resolve().parent.parent  # a source tree: <root>/craits/resources.py


def data_folder(top: str) -> Path:
    """Where the top-level data folder ``top`` ("assets" or "config") is in this run."""
    if top not in PACKAGED:
        raise ValueError(f"no bundled data folder {top!r}: use one of {', '.join(PACKAGED)}")
    # PyInstaller unpacks (one-file) or places (one-folder) data under sys._MEIPASS.
    frozen_base = getattr(sys, "_MEIPASS", None)
    if frozen_base:
        return Path(frozen_base) / top
    installed = importlib.resources.files("craits") / PACKAGED[top]
    if isinstance(installed, Path) and installed.is_dir():
        return installed
    return SOURCE_ROOT / top


def resource_path(*parts: str) -> Path:
    """Absolute path of bundled data, e.g. resource_path("assets", "sounds", "deal.wav").

    The result is for reading only: the bundle may be read-only or a temporary folder.
    """
    for part in parts:
        if Path(part).is_absolute() or ".." in Path(part).parts:
            raise ValueError(f"resource path parts must be relative and inside the bundle: {part!r}")
    if not parts:
        raise ValueError("resource_path needs a data folder: assets or config")
    return data_folder(parts[0]).joinpath(*parts[1:])


@functools.cache
def version() -> str:
    """The game's one version, pyproject.toml's: read from it in a source tree (so an editable
    install shows the tree's own), else from the installed distribution's metadata; "unknown"
    for a bundle built without that metadata."""
    if not getattr(sys, "frozen", False):
        try:
            project = tomllib.loads((SOURCE_ROOT / "pyproject.toml").read_text("utf-8"))["project"]
            if project.get("name") == "craits":
                return str(project["version"])
        except (OSError, ValueError, KeyError, TypeError):
            pass  # not a source tree: an installed copy
    try:  # imported here: it needs the email package, which a bundle may leave out
        import importlib.metadata
    except ImportError:
        return "unknown"
    try:  # a literal name: PyInstaller then bundles the metadata it reads
        return importlib.metadata.version("craits")
    except importlib.metadata.PackageNotFoundError:
        return "unknown"
