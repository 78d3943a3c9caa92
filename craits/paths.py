"""The player's data folder, and names inside it that cannot escape it."""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

HOME_ENV = "CRAITS_HOME"

# Characters that separate or qualify paths somewhere (POSIX, Windows drives and streams).
_FORBIDDEN = frozenset('/\\:\0')


class UnsafePathError(ValueError):
    """A file name that could point outside the folder it is meant for."""


def user_home() -> Path:
    """The folder for saves, settings and statistics (``home_path``); created if missing."""
    home = home_path()
    home.mkdir(parents=True, exist_ok=True)
    return home


def home_path() -> Path:
    """Where the player's files go, touching nothing: ``CRAITS_HOME`` when set and not empty
    (tests, portable installs), else the platform's user data folder for "Craits"."""
    override = os.environ.get(HOME_ENV, "").strip()
    if override:
        return Path(override).expanduser()
    return platformdirs.user_data_path("Craits", appauthor=False)


def safe_child(name: str, base: Path | None = None, *, link_allowed: bool = False) -> Path:
    """``base / name`` for a plain file name (``base`` defaults to ``user_home()``).

    Refuses anything that could leave ``base``: empty names, ``.`` and ``..``, absolute paths,
    any path separator or drive colon, control characters, and a link under that name that
    leads elsewhere, unless ``link_allowed``: a caller that never follows the link (it sets
    the link aside, and a write replaces the link itself) may use the name.
    """
    if not isinstance(name, str) or not name or name in (".", ".."):
        raise UnsafePathError(f"not a usable file name: {name!r}")
    bad = sorted({c for c in name if c in _FORBIDDEN or ord(c) < 32})
    if bad:
        raise UnsafePathError(f"file name {name!r} may not contain {', '.join(map(repr, bad))}")
    if name != name.strip() or name.endswith("."):  # Windows silently drops these
        raise UnsafePathError(f"file name {name!r} may not start or end with a space or end "
                              "with a dot")
    base = user_home() if base is None else base
    child = base / name
    if link_allowed and child.is_symlink():
        return child
    if child.resolve().parent != base.resolve():  # belt and braces, e.g. a symlinked name
        raise UnsafePathError(f"file name {name!r} leads outside {base}")
    return child
