"""The table's speech: what the viewer may read is also said, in words, as it is shown (each
new log entry, the turn with what may be played, a refusal's reason, the hint, the tips and
coaching notes, the scores as the scoreboard opens, the card the keyboard moves to, the suit
dialog's choices), and keys ask for it again or for the state of the table.

What interrupts what is not decided here: each message goes to the table's speech policy
(``craits.ui.speech.policy``) with its kind, and the policy sends the frame's messages in order.

Keys (none is used by the table otherwise; no Ctrl or Alt): [ and ] re-read the previous and
the next message; K the hand (suit by suit in the hand's order, or left to right in the order
chosen), T the top card and the suit in force, S each player's cards and score, W whose turn it
is, O the direction of play and who plays after whom, C the crank's count, N the draw pile.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from craits import i18n
from craits.engine.cards import RANK_OF, SUIT_OF
from craits.engine.view import SeatView
from craits.ui.dialogs.suit_dialog import SuitDialog
from craits.ui.notices import Notice
from craits.ui.scene import SceneContext
from craits.ui.speech import Speaker, speaker_for
from craits.ui.speech.policy import Kind, SpeechPolicy
from craits.ui.speech.words import cards_list, spoken
from craits.ui.table.hints import to_do
from craits.ui.tabletop.controls_tip import ControlsTip
from craits.ui.tabletop.hand_input import ACTING_KEYS, DIGITS, Refusal
from craits.ui.tabletop.log import EventLog
from craits.ui.tabletop.model import TableModel

REREAD_KEYS = {pygame.K_LEFTBRACKET: -1, pygame.K_RIGHTBRACKET: 1}
FOCUS_KEYS = (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_TAB, pygame.K_HOME, pygame.K_END, *DIGITS)
ORDER_KEY = pygame.K_o
STATE_KEYS = (pygame.K_k, pygame.K_t, pygame.K_s, pygame.K_w, pygame.K_c, pygame.K_n, ORDER_KEY)
CLOCKWISE = 1  # the engine's direction of play that goes clockwise round the table


class SpeechPart:
    """Watches what the table shows and says what is new; answers the speech keys."""

    def __init__(self, speaker: Speaker, names: Sequence[str], log: EventLog,
                 viewer: Callable[[], int | None], model: TableModel) -> None:
        self.speaker = speaker
        self.policy = SpeechPolicy(speaker)
        self.names = list(names)
        self.log = log
        self.viewer = viewer
        self.model = model
        self.view: SeatView | None = None
        self.mine = False
        self._busy = True
        self._seen_log = self._log_mark()
        self._said_line: tuple[int, str] = self._newest_line()  # what is there is not new
        self._turn_key: object = None
        self._banners: set[int] = set()
        self._refused = ""  # a refusal said with its card (its banner is not said again)
        self._hint = ""
        self._scoreboard = False
        self._note: object = None
        self._focus: tuple[int, int, int, bool] | None = None
        self._focus_asked = False  # a key moved the focus: its card is an answer
        self._dialog: tuple[SuitDialog, int] | None = None
        self._counts = self._shown_counts()
        self._one_card: list[int] = []  # seats down to one card, said once the table rests

    # ------------------------------------------------------------ fed each frame

    def update(self, view: SeatView | None, mine: bool, busy: bool, hint: str | None,
               focus: tuple[int, int, int, bool] | None = None, dt: float = 0.0) -> None:
        """What the table shows this frame; ``busy``: presentation has not caught up yet
        (the turn is said once what led to it has been); ``focus``: the card the keyboard
        points at (code, place in the hand, cards in the hand, whether it may be played);
        ``dt``: the seconds since the last frame."""
        self.view, self.mine, self._busy = view, mine, busy
        self._say_log()
        self._say_banners(self.model.banners)
        self._say_one_card(busy)
        if hint and hint != self._hint:
            self.policy.add(spoken(hint), Kind.ANSWER, "minimal")
        self._hint = hint or ""
        if view is None or view.turn != view.seat or view.phase == "over":
            self._turn_key = None  # the turn has passed (not merely paused by a late call)
        elif mine and not busy:
            key = (view.phase, view.hand, view.discard[-1:], view.crank)
            if key != self._turn_key:
                self._turn_key = key
                self._say_turn(view)
        self._say_focus(focus)
        self.policy.flush(dt, busy)

    # The scene's other news (a note, the suit dialog) goes out with the next frame's
    # ``update``, in its place among the rest; the scores at once.

    def note(self, note: object, text: str) -> None:
        """A coaching note (a tip for a first game) is said once as it is shown."""
        if note is not None and note is not self._note:
            self.policy.add(spoken(text), Kind.TIP)
        self._note = note

    def scoreboard(self, shown: bool) -> None:
        """The round's last moves go out as the scoreboard opens over the table, before the
        board says its own opening (the scores)."""
        if shown and not self._scoreboard:
            self.policy.flush(0.0, self._busy)
        self._scoreboard = shown

    def dialog(self, dialog: SuitDialog | None) -> None:
        """The suit dialog on top of the table: its question and choices when it opens, then
        the choice the arrows move to (answers to the player's keys)."""
        if dialog is None:
            self._dialog = None
            return
        if self._dialog is None or self._dialog[0] is not dialog:
            title = i18n.t("suit.keep_or_switch" if dialog.nine else "suit.choose")
            choices = ", ".join(f"{n}: {dialog.label(option)}"
                                for n, option in enumerate(dialog.options, 1))
            colon = "" if title[-1:] in ".?!:" else ":"  # "Choose a suit: 1: spades, ..."
            keys = i18n.t("speech.suit_keys_two") if len(dialog.options) == 2 \
                else i18n.t("speech.suit_keys", count=len(dialog.options))
            self.policy.add(f"{title}{colon} {choices}. {keys}", Kind.ANSWER, "minimal")
        elif self._dialog[1] != dialog.selected:
            self.policy.add(dialog.label(dialog.options[dialog.selected]), Kind.ANSWER,
                            "minimal")
        self._dialog = (dialog, dialog.selected)

    def refused(self, code: int, reason: str) -> None:
        """A card the player reached for was refused: the card and why, at once."""
        self._refused = reason
        self.policy.add(spoken(f"{i18n.card_name(code)}: {reason}"), Kind.ANSWER, "minimal")

    def _say_focus(self, focus: tuple[int, int, int, bool] | None) -> None:
        """The card the keyboard moved to, its place and whether it may be played."""
        where = focus[:3] + (focus[3] and self.mine,) if focus is not None else None
        if focus is not None and where != self._focus:
            code, index, count, playable = focus
            key = "speech.focus_playable" if playable and self.mine else "speech.focus"
            self.policy.add(i18n.t(key, card=i18n.spoken_card(code), position=index + 1,
                                   count=count), Kind.FOCUS, "minimal", asked=self._focus_asked)
            self._focus_asked = False
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
            # About the viewer (their move, a call they made or suffered): never stale.
            own = viewer is not None and (line.subject == viewer
                                          or any(viewer in part.variants for part in line.parts))
            self.policy.add(spoken(new or text), Kind.OWN if own else Kind.EVENT)
            last_serial, last_text = line.serial, text
        self._said_line = (last_serial, last_text)

    def _say_banners(self, banners: Sequence[object]) -> None:
        """A refusal (one without its card: "Nothing to take back") and the controls tip."""
        now = {id(b) for b in banners}
        for banner in (b for b in banners if id(b) not in self._banners):  # new ones only
            if isinstance(banner, Refusal) and banner.text != self._refused:
                self.policy.add(spoken(banner.text), Kind.ANSWER, "minimal")
            elif isinstance(banner, ControlsTip):
                self.policy.add(banner.text, Kind.TIP, "minimal")
        self._banners = now
        self._refused = ""

    def _shown_counts(self) -> list[int]:
        return [len(hand) for hand in self.model.hands]

    def _say_one_card(self, busy: bool) -> None:
        """A player down to one card, said once the move that did it has been shown (so it
        says whether they announced with it), unless they have more again by then."""
        counts = self._shown_counts()
        for seat, (before, now) in enumerate(zip(self._counts, counts, strict=False)):
            if now == 1 and before > 1 and seat not in self._one_card:
                self._one_card.append(seat)
        self._counts = counts
        if busy:
            return
        viewer = self.viewer()
        for seat in self._one_card:
            if seat < len(counts) and counts[seat] == 1:
                announced = seat < len(self.model.announced) and self.model.announced[seat]
                key = "speech.one_card_you" if seat == viewer else \
                    "speech.one_card_announced" if announced else "speech.one_card"
                if seat != viewer or not announced:  # else the log just said "You: Last card!"
                    self.policy.add(i18n.t(key, player=self._name(seat)), Kind.ALERT, "minimal")
        self._one_card = []

    def _say_turn(self, view: SeatView) -> None:
        """"Your turn", the table at brief detail (and what to do when only drawing is left),
        what may be played and what to do at full."""
        parts = [i18n.t("speech.your_turn")]
        playable = sorted({a.card for a in view.legal if hasattr(a, "card")})
        if self.speaker.wants("brief"):
            parts.append(self._top(view))
            if view.crank:
                parts.append(i18n.tn("speech.crank", view.crank))
        if self.speaker.wants("full") and playable:
            parts.append(i18n.t("speech.may_play", cards=cards_list(playable)))
        if self.speaker.wants("full") or (self.speaker.wants("brief") and not playable):
            parts.append(spoken(to_do(view)))
        self.policy.add(" ".join(parts), Kind.TURN, "minimal")

    # ------------------------------------------------------------ keys

    def handle(self, event: pygame.event.Event) -> bool:
        """A speech key: said, and True (the table does nothing else with it)."""
        if event.type != pygame.KEYDOWN or not self.speaker.enabled:
            return False
        if event.key in FOCUS_KEYS:
            self._focus = None  # the card is said again, also if the focus stays on it
            self._focus_asked = True
            return False
        if event.key in ACTING_KEYS:
            self.policy.acted()
            return False
        if getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            return False
        if event.key in REREAD_KEYS:
            self.policy.reread(REREAD_KEYS[event.key])
            return True
        if event.key not in STATE_KEYS:
            return False
        self.policy.add(self.state(event.key), Kind.ANSWER, "minimal")
        self.policy.flush(0.0, self._busy)
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
            if self.mine or (view.turn == view.seat and view.phase != "over"):
                return i18n.t("speech.your_turn")  # never "You is to play"
            if view.winner is not None or view.phase == "over":
                return i18n.t("speech.nobody")
            return i18n.t("speech.whose_turn", player=self._name(view.turn))
        if key == ORDER_KEY:
            return self._order(view)
        if key == pygame.K_c:
            return i18n.tn("speech.crank", view.crank) if view.crank else \
                i18n.t("speech.no_crank")
        return i18n.tn("speech.draw_pile", view.draw_count)

    def _name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else str(seat + 1)

    def _top(self, view: SeatView) -> str:
        return i18n.t("speech.top", card=i18n.spoken_card(view.top),
                      suit=i18n.suit_name(view.suit))

    def _order(self, view: SeatView) -> str:
        """The direction of play, who is to play and who follows, in turn."""
        direction = i18n.t("speech.clockwise" if view.direction == CLOCKWISE
                           else "speech.counter_clockwise")
        n = view.n_players
        after = [(view.turn + view.direction * step) % n for step in range(1, n)]
        named = [i18n.t("speech.you") if seat == view.seat else self._name(seat)
                 for seat in after]
        if view.phase == "over":
            return i18n.t("speech.direction", direction=direction)
        if view.turn == view.seat:
            return i18n.t("speech.order_you", direction=direction, others=", ".join(named))
        return i18n.t("speech.order", direction=direction, player=self._name(view.turn),
                      others=", ".join(named))

    def _hand(self, view: SeatView) -> str:
        """The hand as the number keys count it: suit by suit in the order the suits lie
        (each suit's cards left to right), or card by card in an order the player chose."""
        if not view.hand:
            return i18n.t("speech.hand_empty")
        parts = [i18n.tn("speech.hand", len(view.hand))]
        shown = [s.code for s in self.model.hands[view.seat]
                 if s.code is not None] if view.seat < len(self.model.hands) else []
        if sorted(shown) != sorted(view.hand):
            shown = sorted(view.hand, key=lambda c: (SUIT_OF[c], RANK_OF[c]))
        if self.model.hand_order != "suit":
            return " ".join([*parts, ", ".join(i18n.spoken_card(c) for c in shown) + "."])
        for suit in dict.fromkeys(SUIT_OF[c] for c in shown):  # in the order they lie
            ranks = [RANK_OF[c] for c in shown if SUIT_OF[c] == suit]
            parts.append(i18n.tn("speech.hand_suit", len(ranks), suit=i18n.suit_name(suit),
                                 cards=", ".join(i18n.rank_name(r) for r in ranks)) + ".")
        return " ".join(parts)

    def _players(self) -> str:
        view = self.view
        counts = view.hand_counts if view is not None else ()
        totals = self.model.totals
        rows = []
        for seat, name in enumerate(self.names):
            row = [i18n.tn("speech.player_cards", counts[seat], player=name)] \
                if seat < len(counts) else [name]
            if seat < len(totals):
                row.append(i18n.tn("speech.points", totals[seat]))
            rows.append(", ".join(row))
        return "; ".join(rows) + "."


def table_speech(app: SceneContext, names: Sequence[str], log: EventLog,
                 viewer: Callable[[], int | None], model: TableModel) -> SpeechPart:
    """The table's speech part on the app's speaker (the one every scene speaks through; a
    stand-in for the app without one gets the shared speaker), set as the player's settings
    say; the player is told once, in a notice, if speech is unavailable."""
    speaker: Speaker | None = getattr(app, "speech", None)
    if speaker is None:
        settings = app.settings
        speaker = speaker_for(settings.speech, settings.speech_verbosity,
                              lambda: app.notices.append(Notice("speech.unavailable")))
    return SpeechPart(speaker, names, log, viewer, model)
