"""Build the Windows installer (packaging/windows/craits.nsi) with NSIS's makensis.

    python packaging/windows/build_installer.py [--source dist/Craits] [--out DIR] [--sign CMD]
    python packaging/windows/build_installer.py --stand-in      # the check: a stand-in folder

makensis runs on Windows and on Linux (Debian's ``nsis``), so the script is compiled and
checked here too, against a stand-in for the PyInstaller folder. Where makensis is missing
the check says so and passes (exit 0); a real build fails instead. ``--sign`` is a command
with ``%1`` for the file, run on the installer and its uninstaller as they are written.
Standard library only; the version comes from pyproject.toml.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import tomllib
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
SCRIPT = HERE / "craits.nsi"
sys.path.insert(0, str(HERE.parent))
from windows_version import version_tuple  # noqa: E402 - packaging/ is not a package


def project_version() -> str:
    with (ROOT / "pyproject.toml").open("rb") as file:
        version: str = tomllib.load(file)["project"]["version"]
    return version


def installer_name(version: str) -> str:
    return f"Craits-{version}-windows-x64-setup.exe"


def find_makensis() -> str | None:
    found = shutil.which("makensis")
    if found is None and sys.platform == "win32":  # the NSIS installer does not touch PATH
        for folder in (Path("C:/Program Files (x86)/NSIS"), Path("C:/Program Files/NSIS")):
            if (folder / "makensis.exe").is_file():
                return str(folder / "makensis.exe")
    return found


def make_stand_in(folder: Path) -> Path:
    """A folder shaped like PyInstaller's build: Craits.exe and _internal/ with the licences."""
    internal = folder / "_internal"
    (internal / "assets" / "fonts").mkdir(parents=True)
    (folder / "Craits.exe").write_bytes(b"MZ stand-in for the frozen game\n")
    (internal / "LICENSE").write_text("stand-in licence\n", encoding="utf-8")
    (internal / "assets" / "README.md").write_text("stand-in\n", encoding="utf-8")
    (internal / "assets" / "fonts" / "LICENSE-DejaVu.txt").write_text("stand-in\n",
                                                                     encoding="utf-8")
    return folder


def build(makensis: str, source: Path, out: Path, version: str,
          sign: str | None = None) -> Path:
    """Compile the installer into ``out``; its path. Raises CalledProcessError on failure."""
    if not (source / "Craits.exe").is_file():
        raise FileNotFoundError(f"no Craits.exe in {source}: build it first (make package)")
    if not (source / "_internal" / "LICENSE").is_file():
        raise FileNotFoundError(f"no _internal/LICENSE in {source}: the installer ships it")
    out.mkdir(parents=True, exist_ok=True)
    target = out / installer_name(version)
    file_version = ".".join(str(n) for n in version_tuple(version))
    command = [makensis, "-V2", "-WX", "-NOCD", f"-DVERSION={version}",
               f"-DFILE_VERSION={file_version}", f"-DSOURCE={source.resolve()}",
               f"-DOUTFILE={target.resolve()}"]
    if sign:
        command.append(f"-DSIGN={sign}")
    subprocess.run([*command, str(SCRIPT)], check=True)
    if not target.read_bytes()[:2] == b"MZ":
        raise RuntimeError(f"{target} is not a Windows program")
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source", type=Path, default=ROOT / "dist" / "Craits",
                        help="the one-folder build (default: dist/Craits)")
    parser.add_argument("--out", type=Path, default=ROOT / "dist",
                        help="where the installer goes (default: dist)")
    parser.add_argument("--sign", help="signing command, %%1 standing for the file")
    parser.add_argument("--stand-in", action="store_true",
                        help="compile against a stand-in folder into a scratch folder (a check)")
    args = parser.parse_args(argv)
    makensis = find_makensis()
    version = project_version()
    if makensis is None:
        message = "makensis not found (Debian: apt-get install nsis; Windows: choco install nsis)"
        if args.stand_in:
            print(f"installer check skipped: {message}")
            return 0
        print(f"build_installer: {message}", file=sys.stderr)
        return 1
    try:
        if args.stand_in:
            with tempfile.TemporaryDirectory(prefix="craits-nsis-") as scratch:
                source = make_stand_in(Path(scratch) / "Craits")
                target = build(makensis, source, Path(scratch) / "out", version)
                print(f"installer check: {SCRIPT.name} compiles ({target.name}, "
                      f"{target.stat().st_size / 1e3:.0f} kB with the stand-in)")
            return 0
        target = build(makensis, args.source, args.out, version, args.sign)
    except (OSError, RuntimeError, subprocess.CalledProcessError) as exc:
        print(f"build_installer: {exc}", file=sys.stderr)
        return 1
    print(f"Built {target} ({target.stat().st_size / 1e6:.1f} MB)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
