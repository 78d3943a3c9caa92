"""Locate read-only bundled data (assets/, config/) from the source tree or a PyInstaller bundle."""

from __future__ import annotations

import sys
from pathlib import Path


def _base_dir() -> Path:
    # PyInstaller unpacks (one-file) or places (one-folder) data under sys._MEIPASS.
    frozen_base = getattr(sys, "_MEIPASS", None)
    if frozen_base:
        return Path(frozen_base)
    # Source tree: this file is <root>/craits/resources.py.
    return Path(__file__).resolve().parent.parent


def resource_path(*parts: str) -> Path:
    """Absolute path of bundled data, e.g. resource_path("assets", "sounds", "deal.wav").

    The result is for reading only: the bundle may be read-only or a temporary folder.
    """
    for part in parts:
        if Path(part).is_absolute() or ".." in Path(part).parts:
            raise ValueError(f"resource path parts must be relative and inside the bundle: {part!r}")
    return _base_dir().joinpath(*parts)
