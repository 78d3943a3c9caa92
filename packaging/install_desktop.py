"""Put Craits in the current user's application menu (freedesktop: GNOME, KDE, Xfce...).

    python packaging/install_desktop.py [--exec PATH] [--uninstall]

Installs ``packaging/craits.desktop`` into ``$XDG_DATA_HOME/applications`` (default
``~/.local/share/applications``) with ``Exec`` pointing at the built app ``dist/Craits/Craits``
or, when there is none, at the virtual environment's ``craits`` script; and the icon into
``$XDG_DATA_HOME/icons/hicolor/<size>/apps/craits.png`` (every size held in ``craits.ico``,
plus 512 px and the SVG). Standard library only, so it runs with any Python 3.11.
"""

from __future__ import annotations

import argparse
import os
import shutil
import struct
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "packaging" / "craits.desktop"
ICON_DIR = ROOT / "assets" / "icon"
DESKTOP_NAME = "craits.desktop"
ICON_NAME = "craits"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def data_home() -> Path:
    """``$XDG_DATA_HOME`` if set to an absolute path (as the spec says), else ~/.local/share."""
    value = os.environ.get("XDG_DATA_HOME", "")
    return Path(value) if value and Path(value).is_absolute() else Path.home() / ".local/share"


def default_exec() -> Path:
    """The frozen app if built, else the venv's console script."""
    candidates = [
        ROOT / "dist" / "Craits" / "Craits",
        ROOT / ".venv" / "bin" / "craits",
    ]
    for candidate in candidates:
        if candidate.is_file() and os.access(candidate, os.X_OK):
            return candidate
    raise SystemExit(
        "Nothing to launch yet: build the app with 'make package' (dist/Craits/Craits) "
        "or set up the venv with 'make play' (.venv/bin/craits)."
    )


def quote_exec_arg(arg: str) -> str:
    """Quote one argument for a desktop file's Exec key (Desktop Entry spec, 'The Exec key')."""
    arg = arg.replace("%", "%%")  # field codes start with %
    reserved = set(' \t\n"\'\\><~|&;$*?#()`')
    if not any(c in reserved for c in arg):
        return arg
    escaped = "".join("\\" + c if c in '"`$\\' else c for c in arg)
    return f'"{escaped}"'


def escape_value(value: str) -> str:
    """Escape a string for a desktop file value (backslash first, then the special characters)."""
    return (value.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")
            .replace("\r", "\\r"))


def render_desktop_file(exec_path: Path, template: str | None = None) -> str:
    """The desktop file text with ``Exec`` (and ``TryExec``) pointing at ``exec_path``."""
    text = TEMPLATE.read_text(encoding="utf-8") if template is None else template
    lines = []
    for line in text.splitlines():
        if line.startswith("Exec="):
            lines.append("Exec=" + escape_value(quote_exec_arg(str(exec_path))))
            lines.append("TryExec=" + escape_value(str(exec_path)))
        elif not line.startswith("TryExec="):
            lines.append(line)
    return "\n".join(lines) + "\n"


def ico_png_sizes(ico_bytes: bytes) -> dict[int, bytes]:
    """The PNG images stored in an .ico file, by pixel size (square icons only)."""
    _reserved, kind, count = struct.unpack_from("<HHH", ico_bytes, 0)
    if kind != 1:
        raise ValueError("not an .ico file")
    images: dict[int, bytes] = {}
    for index in range(count):
        width, height, *_rest, length, offset = struct.unpack_from("<BBBBHHII", ico_bytes,
                                                                   6 + 16 * index)
        data = ico_bytes[offset:offset + length]
        if width == height and data.startswith(PNG_SIGNATURE):
            images[width or 256] = data  # 0 in the directory means 256
    return images


def icon_files(icons_root: Path) -> dict[Path, bytes]:
    """Target path -> bytes for every icon we install under ``icons_root`` (hicolor theme)."""
    hicolor = icons_root / "hicolor"
    images = ico_png_sizes((ICON_DIR / "craits.ico").read_bytes())
    images[512] = (ICON_DIR / "craits_512.png").read_bytes()
    files = {hicolor / f"{size}x{size}" / "apps" / f"{ICON_NAME}.png": data
             for size, data in sorted(images.items())}
    files[hicolor / "scalable" / "apps" / f"{ICON_NAME}.svg"] = (
        (ICON_DIR / "craits.svg").read_bytes())
    return files


def refresh_caches(share: Path) -> None:
    """Tell the desktop about the new entry and icons; harmless when the tools are absent."""
    for command in (["update-desktop-database", "-q", str(share / "applications")],
                    ["gtk-update-icon-cache", "-q", "-t", "-f", str(share / "icons" / "hicolor")]):
        if shutil.which(command[0]):
            subprocess.run(command, check=False, stdout=subprocess.DEVNULL,
                           stderr=subprocess.DEVNULL)


def install(exec_path: Path, share: Path) -> list[Path]:
    """Write the desktop file and icons under ``share``; returns the files written."""
    written = []
    desktop = share / "applications" / DESKTOP_NAME
    desktop.parent.mkdir(parents=True, exist_ok=True)
    desktop.write_text(render_desktop_file(exec_path), encoding="utf-8")
    desktop.chmod(0o755)  # some file managers only launch entries marked executable
    written.append(desktop)
    for path, data in icon_files(share / "icons").items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
        written.append(path)
    if shutil.which("desktop-file-validate"):
        result = subprocess.run(["desktop-file-validate", str(desktop)], capture_output=True,
                                text=True, check=False)
        if result.returncode != 0:
            raise SystemExit(f"desktop-file-validate rejected {desktop}:\n{result.stdout}"
                             f"{result.stderr}")
    refresh_caches(share)
    return written


def uninstall(share: Path) -> list[Path]:
    """Remove what ``install`` wrote; returns the files removed."""
    removed = []
    for path in [share / "applications" / DESKTOP_NAME, *icon_files(share / "icons")]:
        if path.is_file():
            path.unlink()
            removed.append(path)
    refresh_caches(share)
    return removed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Add Craits to this user's application menu.")
    parser.add_argument("--exec", dest="exec_path", type=Path,
                        help="program to launch (default: dist/Craits/Craits, else .venv/bin/craits)")
    parser.add_argument("--uninstall", action="store_true", help="remove the menu entry and icons")
    args = parser.parse_args(argv)
    if sys.platform != "linux":
        print("install-desktop is for Linux desktops; see README.md for Windows and macOS.")
        return 0
    share = data_home()
    if args.uninstall:
        removed = uninstall(share)
        print(f"Removed {len(removed)} files from {share}.")
        return 0
    exec_path = (args.exec_path or default_exec()).resolve()
    if not (exec_path.is_file() and os.access(exec_path, os.X_OK)):
        print(f"Not an executable file: {exec_path}", file=sys.stderr)
        return 2
    written = install(exec_path, share)
    print(f"Installed {written[0]} (Exec={exec_path}) and {len(written) - 1} icon files.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
