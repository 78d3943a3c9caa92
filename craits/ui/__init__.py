"""The desktop game: the app and its scene stack, the table, the menus, the widgets.

pygame prints a greeting when imported; the game's console output is its own.
"""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
