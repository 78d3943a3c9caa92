"""Fill in packaging/windows_version_info.txt (a PyInstaller VSVersionInfo) for one version."""

from __future__ import annotations

import re
from pathlib import Path
from string import Template

TEMPLATE = Path(__file__).resolve().with_name("windows_version_info.txt")


def version_tuple(version: str) -> tuple[int, int, int, int]:
    """``"1.2.3"`` -> ``(1, 2, 3, 0)``; Windows wants exactly four numbers, each 0..65535."""
    numbers = []
    for part in version.split(".")[:4]:
        leading = re.match(r"\d+", part)
        if not leading:
            break  # "1.0.dev3" -> 1, 0
        numbers.append(int(leading.group()))
        if leading.end() != len(part):
            break  # "1.0rc1" -> 1, 0
    if not numbers or any(n > 0xFFFF for n in numbers):
        raise ValueError(f"version {version!r} cannot be a Windows file version")
    return tuple(numbers + [0] * (4 - len(numbers)))  # type: ignore[return-value]


def render(version: str) -> str:
    """The version resource text for ``version``."""
    numbers = ", ".join(str(n) for n in version_tuple(version))
    return Template(TEMPLATE.read_text(encoding="utf-8")).substitute(
        version=version, version_tuple=numbers)
