"""The oldest glibc a Linux build runs on: the highest ``GLIBC_`` symbol version it needs.

    python packaging/linux/glibc_floor.py [FOLDER] [--max 2.35] [--top 5]

Reads every ELF file under FOLDER (default dist/Craits) with ``objdump -T`` (or ``readelf
--dyn-syms`` where objdump is missing), prints the highest version and the files that need
it, and exits 1 when it is above ``--max``: a player whose system has an older glibc would
get "GLIBC_2.xx not found" at the first start. The release builds on Ubuntu 22.04 (glibc
2.35) for that reason. Standard library only.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent.parent
ELF_MAGIC = b"\x7fELF"
GLIBC_VERSION = re.compile(r"\bGLIBC_(\d+(?:\.\d+)+)\b")  # GLIBC_PRIVATE does not match

Version = tuple[int, ...]


def parse_version(text: str) -> Version:
    try:
        return tuple(int(part) for part in text.split("."))
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a version such as 2.35: {text!r}") from None


def show(version: Version) -> str:
    return ".".join(str(n) for n in version)


def elf_files(folder: Path) -> Iterator[Path]:
    for path in sorted(folder.rglob("*")):
        if path.is_file() and not path.is_symlink():
            with path.open("rb") as file:
                if file.read(4) == ELF_MAGIC:
                    yield path


def symbol_table_command() -> list[str]:
    if shutil.which("objdump"):
        return ["objdump", "-T"]
    if shutil.which("readelf"):
        return ["readelf", "-W", "--dyn-syms"]
    raise SystemExit("glibc_floor: neither objdump nor readelf found (install binutils)")


def glibc_versions(symbols: str) -> set[Version]:
    """The GLIBC_x.y versions named in a dynamic symbol table's text."""
    return {parse_version(match) for match in GLIBC_VERSION.findall(symbols)}


def needs(folder: Path) -> dict[Path, Version]:
    """Each ELF file under ``folder`` that names a glibc version, with its highest."""
    command = symbol_table_command()
    found = {}
    for path in elf_files(folder):
        result = subprocess.run([*command, str(path)], capture_output=True, text=True,
                                check=False)
        versions = glibc_versions(result.stdout)
        if versions:
            found[path] = max(versions)
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="The highest GLIBC_ version a build needs.")
    parser.add_argument("folder", nargs="?", type=Path, default=ROOT / "dist" / "Craits")
    parser.add_argument("--max", type=parse_version, metavar="VERSION",
                        help="fail when the build needs a newer glibc than this")
    parser.add_argument("--top", type=int, default=5, help="files listed (default 5)")
    args = parser.parse_args(argv)
    if not args.folder.is_dir():
        print(f"glibc_floor: no folder {args.folder}: build it first (make package)",
              file=sys.stderr)
        return 2
    found = needs(args.folder)
    if not found:
        print(f"glibc_floor: no ELF file under {args.folder} names a glibc version",
              file=sys.stderr)
        return 2
    highest = max(found.values())
    print(f"highest GLIBC_ version needed: {show(highest)} "
          f"({len(found)} ELF files under {args.folder})")
    ranked = sorted(found.items(), key=lambda item: (item[1], str(item[0])), reverse=True)
    for path, version in ranked[:args.top]:
        print(f"  GLIBC_{show(version):6} {path.relative_to(args.folder)}")
    if args.max is not None and highest > args.max:
        print(f"glibc_floor: the build needs glibc {show(highest)}, above the floor "
              f"{show(args.max)}: build on an older system (ubuntu-22.04)", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
