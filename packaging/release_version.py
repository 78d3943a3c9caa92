"""The version a release is built as, checked against its tag.

    python packaging/release_version.py v1.2.3     # prints 1.2.3, or fails
    python packaging/release_version.py            # a trial run: no tag to check

The one version is ``project.version`` in pyproject.toml. A release tag must be ``v`` and
exactly that version, and the AppStream metainfo's newest <release> must be that version too
(software centres show it). Prints the version on success; exit 1 with the reason otherwise.
"""

from __future__ import annotations

import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "packaging" / "linux"))
from check_metadata import newest_release  # noqa: E402 - packaging/ is not a package

METAINFO = ROOT / "packaging" / "linux" / "io.github.craits.Craits.metainfo.xml"


def project_version(pyproject: Path = ROOT / "pyproject.toml") -> str:
    with pyproject.open("rb") as file:
        version: str = tomllib.load(file)["project"]["version"]
    return version


def problems(tag: str | None, version: str, metainfo_release: str | None) -> list[str]:
    """What keeps ``tag`` (None: a trial run without one) from releasing ``version``."""
    found = []
    if tag is not None and tag != f"v{version}":
        found.append(f"the tag {tag!r} is not 'v' + the version in pyproject.toml ({version}): "
                     f"tag v{version}, or change project.version first")
    if metainfo_release != version:
        found.append(f"the newest <release> in {METAINFO.name} is {metainfo_release}, not "
                     f"{version}: add the release (version, date, notes) at the top")
    return found


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if len(args) > 1:
        print("usage: release_version.py [TAG] (e.g. v1.2.3)", file=sys.stderr)
        return 2
    tag = args[0].removeprefix("refs/tags/") if args else None
    version = project_version()
    found = problems(tag, version, newest_release(METAINFO))
    for problem in found:
        print(f"release_version: {problem}", file=sys.stderr)
    if found:
        return 1
    print(version)
    return 0


if __name__ == "__main__":
    sys.exit(main())
