"""``craits --selftest``: every asset loads, and a computer-only round plays through the table.

The self test is given an app (``craits.ui.startup`` makes one whose files are in a scratch
folder, so that nothing of the player's is read or written).
"""

from __future__ import annotations

import logging
import sys
import time
from typing import TYPE_CHECKING

import pygame

from craits import i18n, native
from craits.ui.cards.art import CARD_CODES, STYLES
from craits.ui.fonts import font_path
from craits.ui.table.cue_part import Cue

if TYPE_CHECKING:  # the app it checks (a type only: the app imports none of this)
    from craits.ui.app import App

SOUNDS = ("deal", "play", "draw", "shuffle", "crank", "last_card", "idiot", "round_won",
          "round_lost", "click", "game_won")
ROUND_TIME_LIMIT = 120.0  # seconds of real time for one computer-only round


def asset_problems(app: App) -> list[str]:
    """Every card face and back, every sound, both font weights, every language."""

    problems: list[str] = []
    size = (100, 140)
    for style in STYLES:
        for code in CARD_CODES:
            try:
                app.card_art.face(code, size, style)
            except Exception as exc:  # report every broken file, not just the first
                problems.append(f"card {style}/{code}: {exc}")
    for name in app.card_art.back_names or ("blue",):
        try:
            app.card_art.back(size, name)
        except Exception as exc:
            problems.append(f"card back {name}: {exc}")
    if app.audio.available:
        problems.extend(f"sound {n}: missing" for n in SOUNDS if n not in app.audio.names)
        problems.extend(f"sound cue {c}: missing" for c in Cue if c not in app.audio.cue_names)
    for bold in (False, True):
        try:
            # From the file, not the cache: a font loaded earlier says nothing of the disk now.
            pygame.font.Font(font_path(bold), 20).render("♠♥♦♣ Ťžõä", True, (0, 0, 0))
        except Exception as exc:
            problems.append(f"font (bold={bold}): {exc}")
    language = i18n.get_language()
    for code, _name in i18n.available_languages():
        try:
            i18n.set_language(code)
            i18n.t("table.your_turn")
        except Exception as exc:
            problems.append(f"language {code}: {exc}")
    i18n.set_language(language)
    return problems


def round_problems(app: App) -> list[str]:
    """Play one computer-only round through the table (at the speed the app was made with:
    instant, for the self test)."""
    problems: list[str] = []
    app.new_game(app.seats_for(["easy", "medium", "hard"]), None, 1)
    table = app.current_table()
    start = time.perf_counter()
    while table is not None and not table.selftest_round_done:
        app.step(1 / 60)
        if time.perf_counter() - start > ROUND_TIME_LIMIT or not app.running \
                or app.crash_count:
            problems.append("the computer-only round did not finish")
            break
    for _ in range(5):  # the scoreboard draws
        app.step(1 / 60)
    if app.crash_count:
        problems.append("an error happened at the table (see the log)")
    return problems


def run_selftest(app: App) -> int:
    """Check the assets and play a round; print each problem and a verdict; the exit code
    (1 for any problem, an error that stopped a check included: never a traceback)."""
    problems: list[str] = []
    for name, check in (("the assets' check", asset_problems),
                        ("the computer-only round", round_problems)):
        try:
            problems += check(app)
        except Exception as exc:
            logging.getLogger("craits.selftest").exception("%s stopped", name)
            problems.append(f"{name} stopped: {type(exc).__name__}: {exc}")
    for problem in problems:
        print(f"selftest: {problem}", file=sys.stderr)
    # Says whether the packaged app carries the compiled copies (craits.native).
    print(f"selftest: hot path {'compiled' if native.in_use() else 'from source'}")
    print("selftest: ok" if not problems else f"selftest: {len(problems)} problem(s)")
    return 0 if not problems else 1
