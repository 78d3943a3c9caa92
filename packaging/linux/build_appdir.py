"""Lay out the AppImage's folder (an AppDir) around the PyInstaller build.

    python packaging/linux/build_appdir.py [--bundle dist/Craits] [--out dist/Craits.AppDir]

then ``appimagetool dist/Craits.AppDir Craits-<version>-x86_64.AppImage`` (the release
workflow runs it). The AppDir holds:

    AppRun                                   starts usr/lib/craits/Craits with the arguments
    io.github.craits.Craits.desktop, craits.png, .DirIcon   what appimagetool reads at the top
    usr/lib/craits/                          the one-folder build
    usr/share/applications/, usr/share/icons/hicolor/, usr/share/metainfo/
    usr/share/doc/craits/                    LICENSE, the assets' list and the font's licence

Standard library only; ``--check`` also runs the desktop file and metainfo checks.
"""

from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
APP_ID = "io.github.craits.Craits"
DESKTOP_TEMPLATE = ROOT / "packaging" / "craits.desktop"
METAINFO = HERE / f"{APP_ID}.metainfo.xml"
ICON = ROOT / "assets" / "icon" / "craits.png"
# Licences shown beside the program, not only inside it (path in the bundle -> name in doc/).
LICENCES = {
    Path("_internal/LICENSE"): "LICENSE",
    Path("_internal/assets/README.md"): "ASSETS.md",
    Path("_internal/assets/fonts/LICENSE-DejaVu.txt"): "LICENSE-DejaVu.txt",
}
APP_RUN = """#!/bin/sh
# Starts Craits from its AppImage (or from the unpacked AppDir), with the arguments given.
HERE="$(dirname "$(readlink -f "$0")")"
exec "$HERE/usr/lib/craits/Craits" "$@"
"""
sys.path.insert(0, str(ROOT / "packaging"))
from install_desktop import icon_files  # noqa: E402 - packaging/ is not a package


def build_appdir(bundle: Path, appdir: Path) -> Path:
    """Write the AppDir ``appdir`` (replaced if there) from the one-folder build ``bundle``."""
    if not (bundle / "Craits").is_file():
        raise FileNotFoundError(f"no Craits program in {bundle}: build it first (make package)")
    missing = [str(path) for path in LICENCES if not (bundle / path).is_file()]
    if missing:
        raise FileNotFoundError(f"the build lacks its licences: {', '.join(missing)}")
    if appdir.exists():
        shutil.rmtree(appdir)
    share = appdir / "usr" / "share"
    shutil.copytree(bundle, appdir / "usr" / "lib" / "craits", symlinks=True)

    app_run = appdir / "AppRun"
    app_run.write_text(APP_RUN, encoding="utf-8")
    app_run.chmod(0o755)

    desktop_name = f"{APP_ID}.desktop"
    (share / "applications").mkdir(parents=True)
    shutil.copyfile(DESKTOP_TEMPLATE, share / "applications" / desktop_name)
    shutil.copyfile(DESKTOP_TEMPLATE, appdir / desktop_name)
    (share / "metainfo").mkdir()
    shutil.copyfile(METAINFO, share / "metainfo" / METAINFO.name)

    for path, data in icon_files(share / "icons").items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    shutil.copyfile(ICON, appdir / "craits.png")
    (appdir / ".DirIcon").symlink_to("craits.png")

    doc = share / "doc" / "craits"
    doc.mkdir(parents=True)
    for source, name in LICENCES.items():
        shutil.copyfile(bundle / source, doc / name)
    return appdir


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Lay out the AppImage's AppDir.")
    parser.add_argument("--bundle", type=Path, default=ROOT / "dist" / "Craits")
    parser.add_argument("--out", type=Path, default=ROOT / "dist" / "Craits.AppDir")
    parser.add_argument("--check", action="store_true",
                        help="then validate its desktop file and metainfo (check_metadata.py)")
    args = parser.parse_args(argv)
    try:
        appdir = build_appdir(args.bundle, args.out)
    except OSError as exc:
        print(f"build_appdir: {exc}", file=sys.stderr)
        return 1
    print(f"AppDir ready: {appdir}")
    if args.check:
        import check_metadata

        return check_metadata.main([str(appdir)])
    return 0


if __name__ == "__main__":
    sys.exit(main())
