"""Command line entry: ``craits [COMMAND] ...``; with no command the desktop app starts.

Each command lives in its own module under ``craits.cli`` and exposes ``main(argv) -> int``.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable
from typing import Any, TextIO

COMMANDS = {
    "scenario": "craits.cli.scenario",
    "simulate": "craits.cli.simulate",
    "tournament": "craits.cli.tournament",
    "i18n-check": "craits.cli.i18n_check",
    "review": "craits.cli.review",
    "daily": "craits.cli.daily",
    "po": "craits.cli.po",
}


ATTACH_PARENT_PROCESS = -1  # AttachConsole: the console of the process that started this one


def _open_console(name: str) -> TextIO:
    return open(name, "w", encoding="utf-8", errors="replace", buffering=1)


def _unbound(stream: TextIO | None) -> bool:
    # The windowed Windows app starts without them; its runtime hook may point them at nul.
    return stream is None or getattr(stream, "name", None) == os.devnull


def attach_parent_console(kernel32: Any = None, platform: str = sys.platform,
                          open_console: Callable[[str], TextIO] = _open_console) -> bool:
    """The windowed Windows app has no console of its own: started from one (cmd, PowerShell),
    it writes its output and errors there (``craits --help``, every command). Whether it did."""
    if platform != "win32" or not (_unbound(sys.stdout) or _unbound(sys.stderr)):
        return False
    try:
        if kernel32 is None:
            import ctypes

            kernel32 = getattr(ctypes, "windll").kernel32  # noqa: B009 - Windows only
        if not kernel32.AttachConsole(ATTACH_PARENT_PROCESS):
            return False  # started from the desktop: no console to write to
        if _unbound(sys.stdout):
            sys.stdout = open_console("CONOUT$")
        if _unbound(sys.stderr):
            sys.stderr = open_console("CONOUT$")
    except (OSError, AttributeError):
        return False
    return True


def main(argv: list[str] | None = None) -> int:
    attach_parent_console()
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in COMMANDS:
        try:
            module = importlib.import_module(COMMANDS[args[0]])
        except ImportError as exc:  # a build made without a tool (po, say)
            print(f"craits {args[0]}: not in this build ({exc})", file=sys.stderr)
            return 2
        command: Callable[[list[str]], int] = module.main  # each command module's main
        return command(args[1:])
    if args[:1] in (["-h"], ["--help"]):
        print("Commands (each has --help):\n  " + "\n  ".join(f"craits {c} ..." for c in COMMANDS))
        print()
    from craits.ui.startup import main as app_main

    return app_main(args)


if __name__ == "__main__":
    sys.exit(main())
