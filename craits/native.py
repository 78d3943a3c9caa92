"""Compiled copies of the round's hot path, used only while they match their sources.

A search plays out rounds many thousand times a decision, so the modules a rollout runs through
are compiled with mypyc (``tools/build_native.py``; ``make`` does it when a C compiler is at
hand). The compiled copies play exactly as the sources do; rollouts run about twice as fast.
They sit next to their ``.py`` files, and Python's own finder prefers them there: a copy built
from older sources would run old rules. So when any source differs from what was compiled, every
module of the set is loaded from its source (they call one another natively: all or none), and
``status`` says so.
The packaged app carries no sources and was built from the tree it ships: nothing to check.
"""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

# What a search runs through thousands of times a decision (the dealing of guesses included:
# a sixth of a review's time); compiled together, as one group.
MODULES = (
    "craits.engine.cards",
    "craits.engine.scoring",
    "craits.engine.shuffle",
    "craits.engine.legality",
    "craits.engine.position",
    "craits.ai.determinize",
    "craits.ai.rollout",
)
GROUP = "craits._native"  # the group's shared library: craits/_native__mypyc.*.so

ROOT = Path(__file__).resolve().parent.parent  # the folder holding the craits package
MANIFEST = ROOT / "craits" / "native.json"  # what was compiled: each source's digest


def source_of(module: str) -> Path:
    return ROOT.joinpath(*module.split(".")).with_suffix(".py")


def digests() -> dict[str, str]:
    """Each compiled module's source digest as it is now."""
    return {m: hashlib.sha256(source_of(m).read_bytes()).hexdigest() for m in MODULES}


def _built_for_this_python(module: str) -> bool:
    path = source_of(module)
    return any(path.with_name(path.stem + suffix).is_file()
               for suffix in importlib.machinery.EXTENSION_SUFFIXES)


def status() -> str:
    """``compiled`` (the copies are current: they are what runs), ``not built`` or ``stale``."""
    if not all(_built_for_this_python(m) for m in MODULES):
        return "not built"
    if not _has_sources():
        return "compiled"  # the packaged app: built from the very sources it was made of
    try:
        recorded = json.loads(MANIFEST.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return "stale"
    return "compiled" if recorded == digests() else "stale"


def _has_sources() -> bool:
    return all(source_of(m).is_file() for m in MODULES)


class _FromSource(importlib.abc.MetaPathFinder):
    """Finds the compiled set's modules as their ``.py`` files, ahead of the compiled copies."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if fullname not in MODULES:
            return None
        return importlib.util.spec_from_file_location(fullname, source_of(fullname))


def guard() -> None:
    """Load the set from its sources unless its compiled copies are current, or
    ``CRAITS_NO_NATIVE`` is 1 (run before any of them is imported: ``craits/__init__.py``)."""
    forced = os.environ.get("CRAITS_NO_NATIVE") == "1"
    if _has_sources() and (forced or status() != "compiled") and not any(
            isinstance(f, _FromSource) for f in sys.meta_path):
        sys.meta_path.insert(0, _FromSource())


def in_use() -> bool:
    """Whether the compiled copies are what runs (imports the set's last module)."""
    module = importlib.import_module(MODULES[-1])
    return not str(module.__file__).endswith(".py")
