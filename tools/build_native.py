"""Compile the round's hot path with mypyc, next to its sources (``craits.native`` says why).

    python tools/build_native.py [--force] [--require]

Does nothing when the compiled copies are current. Needs mypyc (it comes with mypy, in the
``dev`` extra) and a C compiler with Python's headers. Without them it says why and leaves the
game running from its sources, which play the same, only slower: for playing and testing that
is no failure. A release is (``--require``, as ``make package`` asks): there it exits 1 unless
the compiled copies are built and current, so a build without a compiler cannot quietly ship the
slower hot path; ``CRAITS_ALLOW_PURE_PYTHON=1`` lets it through on a platform without one.
The compiling happens in a scratch copy of the package, so a failed build leaves nothing behind.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from craits import native  # noqa: E402  (after the path: run as a script from anywhere)

ALLOW_PURE = "CRAITS_ALLOW_PURE_PYTHON"  # =1: a release may ship the sources uncompiled

SETUP = """\
from setuptools import setup
from mypyc.build import mypycify

setup(name="craits-native", packages=[], ext_modules=mypycify({paths!r}, group_name={group!r}))
"""


def built_files(tree: Path) -> list[Path]:
    """The compiled modules and the group's shared library under ``tree``'s package."""
    return sorted(p for p in (tree / "craits").rglob("*") if p.suffix in (".so", ".pyd"))


def remove_compiled() -> None:
    for path in built_files(ROOT):
        path.unlink()
    native.MANIFEST.unlink(missing_ok=True)


def build() -> str | None:
    """Compile into the source tree; None when done, else why it could not be."""
    try:
        import mypyc.build  # noqa: F401  (only asks whether it is installed)
    except ImportError:
        return "mypyc is not installed (pip install -e '.[dev]' brings it)"
    digests = native.digests()
    with tempfile.TemporaryDirectory(prefix="craits-native-") as scratch:
        tree = Path(scratch)
        skip = shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", native.MANIFEST.name)
        shutil.copytree(ROOT / "craits", tree / "craits", ignore=skip)
        paths = [str(native.source_of(m).relative_to(ROOT)) for m in native.MODULES]
        (tree / "setup.py").write_text(SETUP.format(paths=paths, group=native.GROUP))
        result = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"],
                                cwd=tree, capture_output=True, text=True, check=False)
        if result.returncode != 0:
            lines = (result.stderr or result.stdout).strip().splitlines()
            return "the compiler failed: " + (lines[-1] if lines else "no message")
        remove_compiled()
        for path in built_files(tree):
            target = ROOT / path.relative_to(tree)
            shutil.copy2(path, target)
    # Written last: the copies count as current only once they are all in place.
    native.MANIFEST.write_text(json.dumps(digests, indent=1) + "\n", encoding="utf-8")
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--force", action="store_true", help="compile even if current")
    parser.add_argument("--require", action="store_true",
                        help=f"exit 1 unless the compiled copies are built and current "
                             f"({ALLOW_PURE}=1 allows the sources alone)")
    args = parser.parse_args(argv)
    if native.status() == "compiled" and not args.force:
        print("compiled modules are current")
        return 0
    why = build()
    if why is None and native.status() != "compiled":  # e.g. a source edited meanwhile
        why = f"the compiled copies are {native.status()} after the build"
    if why is None:
        print(f"compiled {len(native.MODULES)} modules with mypyc")
        return 0
    remove_compiled()
    if args.require and os.environ.get(ALLOW_PURE) != "1":
        print(f"not compiled ({why}): a release needs the compiled hot path, or the computer "
              f"players take about twice as long to think. Install a C compiler, or set "
              f"{ALLOW_PURE}=1 to build from the sources alone.", file=sys.stderr)
        return 1
    print(f"not compiled ({why}); the game runs from its sources: the same play, with "
          "the computer players taking about twice as long to think", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
