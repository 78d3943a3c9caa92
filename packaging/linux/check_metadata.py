"""Check the Linux desktop metadata: the desktop file and the AppStream metainfo.

    python packaging/linux/check_metadata.py [APPDIR] [--require]

Runs ``desktop-file-validate`` on the desktop files and ``appstreamcli validate --no-net`` on
the metainfo (Debian/Ubuntu packages ``desktop-file-utils`` and ``appstream``), in the source
tree or, given an AppDir (build_appdir.py), in it. A tool that is missing is reported and
skipped, unless ``--require`` (the release workflow installs both). Also checks that the
metainfo's newest release is the version in pyproject.toml. Exit 1 on any problem.
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ElementTree
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
VALIDATORS = {
    "desktop": ["desktop-file-validate"],
    "metainfo": ["appstreamcli", "validate", "--no-net"],
}


def newest_release(metainfo: Path) -> str | None:
    """The version of the metainfo's first <release> (AppStream lists the newest first)."""
    release = ElementTree.parse(metainfo).getroot().find("releases/release")
    return None if release is None else release.get("version")


def project_version() -> str:
    with (ROOT / "pyproject.toml").open("rb") as file:
        version: str = tomllib.load(file)["project"]["version"]
    return version


def files_to_check(appdir: Path | None) -> dict[str, list[Path]]:
    if appdir is None:
        return {"desktop": [ROOT / "packaging" / "craits.desktop"],
                "metainfo": sorted(HERE.glob("*.metainfo.xml"))}
    return {"desktop": sorted(appdir.glob("*.desktop"))
            + sorted((appdir / "usr" / "share" / "applications").glob("*.desktop")),
            "metainfo": sorted((appdir / "usr" / "share" / "metainfo").glob("*.xml"))}


def check(appdir: Path | None, require: bool) -> list[str]:
    """The problems found (empty: all well); prints what it checked."""
    problems = []
    for kind, paths in files_to_check(appdir).items():
        if not paths:
            problems.append(f"no {kind} file found")
            continue
        command = VALIDATORS[kind]
        if shutil.which(command[0]) is None:
            message = f"{command[0]} not found: {kind} files not validated"
            if require:
                problems.append(message)
            else:
                print(f"skipped: {message}")
            continue
        for path in paths:
            result = subprocess.run([*command, str(path)], capture_output=True, text=True,
                                    check=False)
            if result.returncode != 0:
                problems.append(f"{command[0]} rejects {path}:\n{result.stdout}{result.stderr}")
            else:
                print(f"ok: {command[0]} {path.name}")
    version = project_version()
    for path in files_to_check(appdir)["metainfo"]:
        release = newest_release(path)
        if release != version:
            problems.append(f"{path.name}: the newest <release> is {release}, but pyproject.toml "
                            f"says {version}: add a <release> for it at the top")
    return problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Validate the desktop file and metainfo.")
    parser.add_argument("appdir", nargs="?", type=Path, help="an AppDir (default: the sources)")
    parser.add_argument("--require", action="store_true", help="fail when a validator is missing")
    args = parser.parse_args(argv)
    problems = check(args.appdir, args.require)
    for problem in problems:
        print(f"check_metadata: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
