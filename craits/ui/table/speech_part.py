"""The table's speech: what the viewer may read is also said, in words, as it is shown (each
new log entry, the turn with what may be played, a refusal's reason, the hint, the tips and
coaching notes, the scores as the scoreboard opens, the card the keyboard moves to, the suit
dialog's choices), and keys ask for it again or for the state of the table.

Keys (none is used by the table otherwise; no Ctrl or Alt): [ and ] re-read the previous and
the next message; K the hand (by suit, or left to right in the order chosen), T the top card and the suit in force, S each player's
cards and score, W whose turn it is, C the crank's count, N the draw pile.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from craits import i18n
from craits.engine.cards import RANK_OF, SUIT_OF, SUITS
from craits.engine.view import SeatView
from craits.ui.dialogs.suit_dialog import SuitDialog
from craits.ui.notices import Notice
from craits.ui.scene import SceneContext
from craits.ui.speech import Speaker, speaker_for
from craits.ui.speech.words import cards_list, spoken
from craits.ui.tabletop.controls_tip import ControlsTip
from craits.ui.tabletop.hand_input import Refusal
from craits.ui.tabletop.log import EventLog
from craits.ui.tabletop.sprites import Banner

REREAD_KEYS = {pygame.K_LEFTBRACKET: -1, pygame.K_RIGHTBRACKET: 1}
FOCUS_KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB, pygame.K_HOME, pygame.K_END)
STATE_KEYS = (pygame.K_k, pygame.K_t, pygame.K_s, pygame.K_w, pygame.K_c, pygame.K_n)
_SPOKEN_BANNERS = (Refusal, ControlsTip)  # the others repeat what the log says


class SpeechPart:
    """Watches what the table shows and says what is new; answers the speech keys."""

    def __init__(self, speaker: Speaker, names: Sequence[str], log: EventLog,
                 viewer: Callable[[], int | None]) -> None:
        self.speaker = speaker
        self.names = list(names)
        self.log = log
        self.viewer = viewer
        self.view: SeatView | None = None
        self.mine = False
        self.totals: list[int] = []
        self._seen_log = self._log_mark()
        self._said_line: tuple[int, str] = self._newest_line()  # what is there is not new
        self._turn_key: object = None
        self._banners: set[int] = set()
        self._hint = ""
        self._scoreboard = False
        self._note: object = None
        self._focus: tuple[int, int, int, bool] | None = None
        self._dialog: tuple[SuitDialog, int] | None = None
        # The hand's order as shown (``HAND_ORDERS``) and its cards left to right: K says
        # the hand in that order, as the number keys count it.
        self.hand_shown: tuple[str, list[int]] = ("suit", [])

    # ------------------------------------------------------------ fed each frame

    def update(self, view: SeatView | None, mine: bool, busy: bool, what_to_do: str,
               hint: str | None, banners: Sequence[Banner], totals: Sequence[int],
               focus: tuple[int, int, int, bool] | None = None) -> None:
        """What the table shows this frame; ``busy``: presentation has not caught up yet
        (the turn is said once what led to it has been); ``focus``: the card the keyboard
        points at (code, place in the hand, cards in the hand, whether it may be played)."""
        self.view, self.mine, self.totals = view, mine, list(totals)
        self._say_log()
        self._say_banners(banners)
        if hint and hint != self._hint:
            self.speaker.say(spoken(hint), level="minimal")
        self._hint = hint or ""
        if not mine or view is None:
            self._turn_key = None
        elif not busy:
            key = (view.phase, view.hand, view.discard[-1:], view.crank)
            if key != self._turn_key:
                self._turn_key = key
                self._say_turn(view, what_to_do)
        self._say_focus(focus)

    def note(self, note: object, text: str) -> None:
        """A coaching note (a tip for a first game) is said once as it is shown."""
        if note is not None and note is not self._note:
            self.speaker.say(spoken(text), level="brief")
        self._note = note

    def scoreboard(self, shown: bool) -> None:
        """The scores are said as the scoreboard opens over the table (Enter goes on)."""
        if shown and not self._scoreboard:
            self.speaker.say(self._scores(), level="minimal", interrupt=True)
        self._scoreboard = shown

    def dialog(self, dialog: SuitDialog | None) -> None:
        """The suit dialog on top of the table: its question and choices when it opens, then
        the choice the arrows move to."""
        if dialog is None:
            self._dialog = None
            return
        if self._dialog is None or self._dialog[0] is not dialog:
            title = i18n.t("suit.keep_or_switch" if dialog.nine else "suit.choose")
            choices = ", ".join(f"{n}: {dialog.label(option)}"
                                for n, option in enumerate(dialog.options, 1))
            colon = "" if title[-1:] in ".?!:" else ":"  # "Choose a suit: 1: spades, ..."
            self.speaker.say(f"{title}{colon} {choices}. "
                             + i18n.t("speech.suit_keys", count=len(dialog.options)),
                             level="minimal", interrupt=True)
        elif self._dialog[1] != dialog.selected:
            self.speaker.say(dialog.label(dialog.options[dialog.selected]), level="minimal",
                             interrupt=True)
        self._dialog = (dialog, dialog.selected)

    def _say_focus(self, focus: tuple[int, int, int, bool] | None) -> None:
        """The card the keyboard moved to, its place and whether it may be played."""
        where = focus[:3] + (focus[3] and self.mine,) if focus is not None else None
        if focus is not None and where != self._focus:
            code, index, count, playable = focus
            key = "speech.focus_playable" if playable and self.mine else "speech.focus"
            self.speaker.say(i18n.t(key, card=i18n.spoken_card(code), position=index + 1,
                                    count=count), level="minimal", interrupt=True)
        self._focus = where

    def _log_mark(self) -> tuple[int, int]:
        lines = self.log.lines
        return (lines[-1].serial, len(lines[-1].parts)) if lines else (0, 0)

    def _newest_line(self) -> tuple[int, str]:
        viewer = self.viewer()
        for line in reversed(self.log.lines):
            text = line.text_for(viewer)
            if text:
                return line.serial, text
        return 0, ""

    def _say_log(self) -> None:
        mark = self._log_mark()
        if mark == self._seen_log:
            return
        self._seen_log = mark
        viewer = self.viewer()
        last_serial, last_text = self._said_line
        for line in self.log.lines:
            if line.serial < last_serial:
                continue
            text = line.text_for(viewer)
            if not text or (line.serial == last_serial and text == last_text):
                continue
            new = text
            if line.serial == last_serial and text.startswith(last_text):
                new = text[len(last_text):].lstrip(" —,.")  # a clause added to the entry
            self.speaker.say(spoken(new or text), level="brief")
            last_serial, last_text = line.serial, text
        self._said_line = (last_serial, last_text)

    def _say_banners(self, banners: Sequence[Banner]) -> None:
        now = {id(b) for b in banners}
        for banner in banners:
            if id(banner) not in self._banners and isinstance(banner, _SPOKEN_BANNERS):
                self.speaker.say(spoken(banner.text), level="minimal")
        self._banners = now

    def _say_turn(self, view: SeatView, what_to_do: str) -> None:
        parts = [i18n.t("speech.your_turn")]
        if self.speaker.wants("brief"):
            parts.append(self._top(view))
            if view.crank:
                parts.append(i18n.tn("speech.crank", view.crank))
        if self.speaker.wants("full"):
            playable = sorted({a.card for a in view.legal if hasattr(a, "card")})
            if playable:
                parts.append(i18n.t("speech.may_play", cards=cards_list(playable)))
            if what_to_do:
                parts.append(spoken(what_to_do))
        self.speaker.say(" ".join(parts), level="minimal", interrupt=True)

    # ------------------------------------------------------------ keys

    def handle(self, event: pygame.event.Event) -> bool:
        """A speech key: said, and True (the table does nothing else with it)."""
        if event.type != pygame.KEYDOWN or not self.speaker.enabled:
            return False
        if event.key in FOCUS_KEYS:
            self._focus = None  # the card is said again, also if the focus stays on it
            return False
        if getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return False
        if event.key in REREAD_KEYS:
            self.speaker.reread(REREAD_KEYS[event.key])
            return True
        if event.key not in STATE_KEYS:
            return False
        self.speaker.say(self.state(event.key), level="minimal", interrupt=True)
        return True

    def state(self, key: int) -> str:
        """The answer to state key ``key``, in words."""
        view = self.view
        if key == pygame.K_s:
            return self._players()
        if view is None:
            return i18n.t("speech.nobody")
        if key == pygame.K_k:
            return self._hand(view)
        if key == pygame.K_t:
            return self._top(view)
        if key == pygame.K_w:
            if self.mine:
                return i18n.t("speech.your_turn")
            if view.winner is not None or view.phase == "over":
                return i18n.t("speech.nobody")
            return i18n.t("speech.whose_turn", player=self._name(view.turn))
        if key == pygame.K_c:
            return i18n.tn("speech.crank", view.crank) if view.crank else \
                i18n.t("speech.no_crank")
        return i18n.tn("speech.draw_pile", view.draw_count)

    def _name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else str(seat + 1)

    def _top(self, view: SeatView) -> str:
        return i18n.t("speech.top", card=i18n.spoken_card(view.top),
                      suit=i18n.suit_name(view.suit))

    def _hand(self, view: SeatView) -> str:
        if not view.hand:
            return i18n.t("speech.hand_empty")
        parts = [i18n.tn("speech.hand", len(view.hand))]
        order, shown = self.hand_shown
        if order != "suit" and sorted(shown) == sorted(view.hand):
            return " ".join([*parts, ", ".join(i18n.spoken_card(c) for c in shown) + "."])
        for suit in range(len(SUITS)):
            ranks = sorted(RANK_OF[c] for c in view.hand if SUIT_OF[c] == suit)
            if ranks:
                parts.append(i18n.tn("speech.hand_suit", len(ranks), suit=i18n.suit_name(suit),
                                     cards=", ".join(i18n.rank_name(r) for r in ranks)) + ".")
        return " ".join(parts)

    def _players(self) -> str:
        view = self.view
        counts = view.hand_counts if view is not None else ()
        rows = []
        for seat, name in enumerate(self.names):
            row = [i18n.tn("speech.player_cards", counts[seat], player=name)] \
                if seat < len(counts) else [name]
            if seat < len(self.totals):
                row.append(i18n.tn("speech.points", self.totals[seat]))
            rows.append(", ".join(row))
        return "; ".join(rows) + "."

    def _scores(self) -> str:
        rows = [f"{name}, {i18n.tn('speech.points', total)}"
                for name, total in zip(self.names, self.totals, strict=False)]
        return i18n.t("speech.totals", scores="; ".join(rows))


def table_speech(app: SceneContext, names: Sequence[str], log: EventLog,
                 viewer: Callable[[], int | None]) -> SpeechPart:
    """The table's speech part on the app's speaker (the one every scene speaks through; a
    stand-in for the app without one gets the shared speaker), set as the player's settings
    say; the player is told once, in a notice, if speech is unavailable."""
    speaker: Speaker | None = getattr(app, "speech", None)
    if speaker is None:
        settings = app.settings
        speaker = speaker_for(settings.speech, settings.speech_verbosity,
                              lambda: app.notices.append(Notice("speech.unavailable")))
    return SpeechPart(speaker, names, log, viewer)
