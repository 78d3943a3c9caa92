"""Command line entry: ``craits [COMMAND] ...``; with no command the desktop app starts.

Each command lives in its own module under ``craits.cli`` and exposes ``main(argv) -> int``.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable

COMMANDS = {
    "scenario": "craits.cli.scenario",
    "simulate": "craits.cli.simulate",
    "tournament": "craits.cli.tournament",
    "i18n-check": "craits.cli.i18n_check",
    "review": "craits.review.cli",
    "daily": "craits.cli.daily",
}


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in COMMANDS:
        module = importlib.import_module(COMMANDS[args[0]])
        command: Callable[[list[str]], int] = module.main  # each command module's main
        return command(args[1:])
    if args[:1] in (["-h"], ["--help"]):
        print("Commands (each has --help):\n  " + "\n  ".join(f"craits {c} ..." for c in COMMANDS))
        print()
    from craits.ui.startup import main as app_main

    return app_main(args)


if __name__ == "__main__":
    sys.exit(main())
