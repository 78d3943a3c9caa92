"""Every key and mouse gesture at the table, in the order the F1 list and the rules screen's
controls section show them. The bindings themselves live in the tabletop's input (the hand and
the table), the table's buttons, the scene (the log), the speech part, the suit dialog and the
scoreboard. The round review's keys (``REVIEW_CONTROLS``, bound in ``craits.ui.review.scene``)
are its own F1 list."""

from __future__ import annotations

from craits import i18n
from craits.ui.app_window import fullscreen_keys


def _row(keys: str, name: str) -> tuple[str, str]:
    return keys, f"controls.does_{name}"


# (keys, what they do): keys as a catalogue key where words or key names differ between
# languages, else as printed on the keys themselves.
# The keyboard's rows first: a player reading the list by ear meets the keys before the mouse.
CONTROLS: tuple[tuple[str, str], ...] = (
    _row("controls.keys_arrows", "arrows"),
    _row("Home, End", "home_end"),
    _row("controls.keys_digits", "digits"),
    _row("controls.keys_shift_digits", "shift_digits"),
    ("hand.keys_move", "hand.does_move"),  # craits.ui.tabletop.hand_input
    _row("controls.keys_enter", "enter"),
    _row("controls.keys_click", "click"),
    _row("controls.keys_draw", "draw"),
    _row("P", "pass"),
    _row("L", "last_card"),
    _row("controls.keys_shift_play", "shift_play"),
    _row("I", "idiot"),
    _row("H", "hint"),
    ("U, Ctrl+Z", "undo.does"),
    _row("Backspace", "note"),
    _row("Esc", "menu"),
    _row("controls.keys_log", "log"),
    ("[, ]", "speech.does_history"),  # the speech keys: craits.ui.table.speech_part
    ("K", "speech.does_hand"),
    ("T", "speech.does_top"),
    ("S", "speech.does_players"),
    ("W", "speech.does_turn"),
    ("O", "speech.does_order"),
    ("C", "speech.does_crank"),
    ("N", "speech.does_pile"),
    _row("controls.keys_suit", "suit"),
    _row("Enter, R", "scoreboard"),
    _row(fullscreen_keys(), "fullscreen"),  # Ctrl+Cmd+F on macOS
    _row("controls.keys_help", "help"),
)


REVIEW_CONTROLS: tuple[tuple[str, str], ...] = (
    ("← →", "speech_board.does_review_steps"),
    ("↑ ↓", "speech_board.does_review_choices"),
    ("Home, End", "speech_board.does_review_ends"),
    ("Page Up, Page Down", "speech_board.does_review_rounds"),
    ("K", "speech.does_hand"),
    ("S", "speech.does_players"),
    ("T", "speech.does_top"),
    ("L", "speech_board.does_review_luck"),
    ("A, C", "speech_board.does_review_analyse"),
    ("P", "speech_board.does_review_seat"),
    ("E", "speech_board.does_review_export"),
    ("Esc", "speech_board.does_review_close"),
    ("controls.keys_help", "controls.does_help"),
)
# Each F1 list: its title and its rows.
LISTS = {"table": ("controls.title", CONTROLS),
         "review": ("speech_board.review_controls", REVIEW_CONTROLS)}


def control_rows(where: str = "table") -> list[tuple[str, str]]:
    """(keys, what they do) in the current language, of the table's list or another's."""
    return [(i18n.t(keys) if keys.startswith(("controls.", "hand.")) else keys, i18n.t(does))
            for keys, does in LISTS[where][1]]


def controls_section() -> i18n.RulesSection:
    """The controls as a section of the rules screen: one bullet a row."""
    body = "\n".join(f"- {keys}: {does}" for keys, does in control_rows())
    return i18n.RulesSection(i18n.t("controls.title"), body)
