"""PyInstaller runtime hook: runs in the frozen app before any of the game's code.

A windowed build (``console=False``) has no console on Windows and macOS, so ``sys.stdout`` and
``sys.stderr`` are ``None`` there and any ``.write()``/``.flush()`` on them would crash the game.
Point them at the null device instead; the game's own log file is the place for diagnostics.
"""

import os
import sys

for _name in ("stdout", "stderr"):
    if getattr(sys, _name) is None:
        setattr(sys, _name, open(os.devnull, "w", encoding="utf-8"))  # noqa: SIM115 - lives as long as the app

# pygame prints a greeting on import; nobody sees it in a windowed app and it costs a write.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
