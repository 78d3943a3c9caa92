"""The desktop app: the main loop and the scene stack, over the parts it owns: the window
(``AppWindow``), the player's files (``PlayerFiles``: settings, statistics, the save), and the
matches (``Matches`` starts and resumes them and says what to show; its ``MatchKeeper`` saves
and counts them). The command line (``python -m craits [options]``) is ``craits.ui.startup``.

Loop: events go to the top scene (the fullscreen keys and window resizes are handled here), the
top scene and the table under an overlay advance by ``dt``, the visible scenes draw, the frame
is shown.
An unexpected error is written to a log in the player's folder, the game is saved, and a
message scene says where the log is: never a traceback window.
"""

from __future__ import annotations

import dataclasses
import functools
import gc
import logging
import time
import weakref
import zlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pygame

from craits import i18n
from craits.engine import Rules
from craits.paths import user_home
from craits.persistence import Statistics
from craits.persistence.player_files import PlayerFiles
from craits.review.while_playing import Finishing, GameAnalysis
from craits.seat import Seat
from craits.session import Session
from craits.ui.app_settings import use_language, use_look, use_settings
from craits.ui.app_window import AppWindow, is_fullscreen_key
from craits.ui.audio import Audio
from craits.ui.cards.art import CardArt
from craits.ui.crash_log import BlankScene, RecentCrashes, write_crash_log
from craits.ui.dialogs.message import MessageScene
from craits.ui.frame_times import FPS, IDLE_FPS, FramePacer, FrameTimes
from craits.ui.match_questions import question_scene
from craits.ui.matches import Matches, MatchOutcome, NoTable, OpenTable, StartRequest, game_text
from craits.ui.memory import keep_large_blocks_returnable, release_free_memory
from craits.ui.menus.title import TitleScene
from craits.ui.notices import Notice, problem_notice
from craits.ui.scene import MatchSetup, Scene, SceneStack, Screens
from craits.ui.screens import AppScreens
from craits.ui.seat_names import default_seats, named_seats
from craits.ui.speech.follow import SpeechSwitch
from craits.ui.table.scene import TableScene
from craits.work import Lane, Latest, Workbench

log = logging.getLogger("craits.app")

# Frames over which a replaced table is looked for and collected while a caller still holds it.
COLLECT_FRAMES = 10


def pixels_checksum(surface: pygame.Surface) -> object:
    """A checksum of ``surface``'s pixels, read in place (no copy); a surface that cannot be
    read gives a value equal to no other, so the loop never rests on a guess."""
    try:
        pixels: Any = surface.get_buffer()  # a buffer; typed as one from Python 3.12 only
        return zlib.crc32(pixels)
    except (ValueError, pygame.error):
        return object()


class App:
    """Holds the window and everything scenes share (``SceneContext``); ``home``: the folder
    of the player's files (default: ``craits.paths.user_home()``)."""

    # False: frames advance every scene and draw none (tests that read no pixels).
    draws = True

    def __init__(self, *, language: str | None = None, size: tuple[int, int] | None = None,
                 speed: str | None = None, bot_mode: str = "process",
                 home: Path | None = None) -> None:
        keep_large_blocks_returnable()  # before any surface: memory stays flat for hours
        pygame.font.init()
        self.home = user_home() if home is None else home
        self.files = PlayerFiles(self.home)  # its parts by their names too (tests, the title)
        self.saves, self.autosaver = self.files.saves, self.files.autosaver
        self.settings_store, self.stats_store = self.files.settings_store, self.files.stats_store
        self.settings = self.files.loaded_settings
        if speed:
            self.settings = dataclasses.replace(self.settings, animation_speed=speed)
        use_language(language or self.settings.language)
        # Files that could not be used as they were, told by the title screen with str().
        self.notices: list[Notice | str] = [problem_notice(p) for p in self.files.problems]
        self.screens: Screens = AppScreens(self, self.saves)
        # One speaker for every scene; until the player chooses, on when a screen reader runs.
        self.speech_switch = SpeechSwitch(
            self.settings, lambda: self.notices.append(Notice("speech.unavailable")))
        self.settings, self.speech = self.speech_switch.settings, self.speech_switch.speaker
        self.exit_code = 0
        self.matches = Matches(self.files)  # its keeper takes the table's signals
        self.window = AppWindow(size or self.settings.window_size, self.settings.fullscreen)
        self.audio = Audio(volume=self.settings.volume, muted=self.settings.muted,
                           cue_volume=self.settings.cue_volume)
        self.card_art = CardArt(max_entries=400)
        use_look(self.settings, self.card_art)
        self.clock = pygame.time.Clock()
        if bot_mode not in ("process", "inline"):
            raise ValueError(f"bot mode must be process or inline, not {bot_mode!r}")
        # All background work, on worker processes started when first needed; the computer
        # players' moves and hints come first (with bot_mode "inline", thought here: tests).
        self.workbench = Workbench(inline=[Lane.BOT] if bot_mode == "inline" else False)
        self.bot_worker = Latest(self.workbench.job(Lane.BOT))
        # The player's game analysed while played, in the background; with the computer
        # players thinking inline (tests), none.
        self.game_analysis: Callable[[int, Sequence[str]], GameAnalysis] | None = \
            functools.partial(GameAnalysis, make_job=functools.partial(
                self.workbench.job, Lane.BACKGROUND)) if bot_mode == "process" else None
        self.finishing = Finishing()  # finished games' analyses, after their table went
        self.scenes = SceneStack()
        self.running = True
        self.keys_down: set[int] = set()
        self.frames = FrameTimes()
        self.pacer = FramePacer()
        self._crashes = RecentCrashes()
        self._replaced: list[weakref.ref[TableScene]] = []  # tables awaiting the collector
        self._collect_frames = 0  # frames left to look for them (_collect_replaced)

    @property
    def size(self) -> tuple[int, int]:
        return self.window.size

    @property
    def screen(self) -> pygame.Surface:
        return self.window.screen

    def toggle_fullscreen(self) -> None:
        self.window.set_fullscreen(not self.window.fullscreen)
        self.settings = dataclasses.replace(self.settings, fullscreen=self.window.fullscreen)
        self.save_settings()
        self._resized()

    def _resized(self) -> None:
        size = self.window.follow_resize()
        for scene in self.scenes:
            scene.on_resize(size)

    def apply_settings(self) -> None:
        """After the settings screen: language, sound, look, speech and fullscreen take effect."""
        self.settings = self.speech_switch.apply(self.settings)
        use_settings(self.settings, self.audio, self.card_art)
        if self.settings.fullscreen != self.window.fullscreen:
            self.window.set_fullscreen(self.settings.fullscreen)
            self._resized()

    def save_settings(self) -> None:
        self.settings = dataclasses.replace(self.settings,
                                            window_size=self.window.windowed_size)
        self.files.save_settings(self.settings)

    @property
    def statistics(self) -> Statistics:
        return self.files.statistics

    @statistics.setter
    def statistics(self, statistics: Statistics) -> None:  # other figures (tests) in use
        self.files.statistics = statistics

    def save_statistics(self) -> bool:
        return self.files.save_statistics()

    def current_table(self) -> TableScene | None:
        return next((s for s in self.scenes if isinstance(s, TableScene)), None)

    def _replace(self, scene: Scene) -> None:
        table = self.current_table()
        if table is not None and table is not scene:
            table.close()
            # Its scenes and card caches hold one another: only the collector frees them, and
            # not now, while a caller up the stack (a button's handler) may still hold it.
            self._replaced.append(weakref.ref(table))
            self._collect_frames = COLLECT_FRAMES
        self.scenes.replace(scene)

    def show_title(self) -> None:
        self.autosaver.flush()
        self._replace(TitleScene(self))

    def quit(self) -> None:
        self.running = False

    def seats_for(self, kinds: Sequence[str]) -> list[Seat]:  # each with its default name
        return default_seats(kinds)

    def saved_game_text(self) -> str | None:
        """The saved game in a line (the title's Continue says which game it is)."""
        return game_text(self.saves)

    def new_game(self, setup: MatchSetup | Sequence[Seat], rules: Rules | None = None,
                 seed: int | None = None, *, replace_ok: bool = False,
                 match_id: str | None = None) -> None:
        """``new_game(GameSetup)`` or ``new_game(seats, rules, seed)`` (``Matches.start``);
        ``match_id``: the id the new match is to have (None: a new one)."""
        seats = setup if isinstance(setup, Sequence) else setup.seats
        if not isinstance(setup, Sequence):
            rules, seed = setup.rules, setup.seed
        # Taking back a move: the setup's choice, else (one human) the player's setting.
        undo = getattr(setup, "undo", None)
        if not isinstance(undo, bool):
            undo = self.settings.undo and sum(s.is_human for s in seats) == 1
        request = StartRequest(named_seats(seats), rules, seed, undo, match_id)
        self._show(self.matches.start(request, replace_ok=replace_ok))

    def continue_game(self) -> bool:
        """Resume the saved match at its exact position; False (and a notice) if it cannot."""
        outcome, problems = self.matches.resume()
        self.notices.extend(problem_notice(problem) for problem in problems)
        if not isinstance(outcome, OpenTable):
            self.show_title()
        self._show(outcome)
        return isinstance(outcome, OpenTable)

    def continue_previous(self) -> bool:
        """Take up the game a new one replaced (``save.previous.json``); the game it replaces
        in turn is kept as the previous one. False (and a notice) if it cannot."""
        self.matches.keeper.flush()
        try:
            self.saves.take_up_previous()
        except OSError as exc:
            log.warning("the previous game could not be taken up: %s", exc)
            self.notices.append(i18n.t("notice.previous_unusable"))
            self.show_title()
            return False
        return self.continue_game()

    def _show(self, outcome: MatchOutcome) -> None:
        """What ``Matches`` reported: the table, or a question or a problem over the title."""
        if isinstance(outcome, OpenTable):
            self._replace(TableScene(self, outcome.session, fresh=outcome.fresh))
            if outcome.fresh:
                self.autosave(outcome.session)
            return
        if isinstance(outcome, NoTable):
            return
        if self.scenes.top is None:  # started from the command line: the title behind it
            self.show_title()
        self.scenes.push(*question_scene(self, outcome, self.matches, self._show))

    def autosave(self, session: Session) -> None:
        """Save the match after an action (``MatchKeeper.changed``)."""
        self.matches.keeper.changed(session)

    def record_round(self, session: Session) -> None:
        """Count the round just finished, once (``MatchKeeper.round_over``)."""
        self.matches.keeper.round_over(session)
        release_free_memory()  # between rounds: what the round's drawing freed goes back

    def finish_match(self, session: Session) -> None:
        """The game in the statistics; no save left to continue (``MatchKeeper.match_over``)."""
        self.matches.keeper.match_over(session)

    # ------------------------------------------------------------ loop

    def run(self, max_seconds: float | None = None, max_frames: int | None = None) -> None:
        """The loop: full rate while anything moves; left alone, a few frames a second,
        woken at once by any event (``FramePacer``)."""
        start, frames = time.perf_counter(), 0
        while self.running:
            events: list[pygame.event.Event] = []
            if self.pacer.idle:
                event = pygame.event.wait(self.pacer.wait_ms)
                events = [] if event.type == pygame.NOEVENT else [event]
                dt = min(1 / IDLE_FPS, self.clock.tick() / 1000.0)  # time runs on as it was
            else:
                dt = min(0.1, self.clock.tick(FPS) / 1000.0)
            t0, c0 = time.perf_counter(), time.thread_time()
            self.step(dt, events)
            self.frames.add(time.perf_counter() - t0, time.thread_time() - c0)
            frames += 1
            if (max_seconds is not None and time.perf_counter() - start >= max_seconds) \
                    or (max_frames is not None and frames >= max_frames):
                break

    def step(self, dt: float, events: Sequence[pygame.event.Event] = ()) -> None:
        """One frame (``events``: taken from the queue before it), with the safety net: an
        error becomes a log file and a message."""
        try:
            self._frame(dt, events)
        except Exception as exc:  # the top-level net: never a traceback window
            self.report_crash(exc)

    def _frame(self, dt: float, taken: Sequence[pygame.event.Event]) -> None:
        self._collect_replaced()
        self._follow_screen_reader()
        events = [*taken, *pygame.event.get()]
        if events:
            self.pacer.woken(time.perf_counter())
        for event in events:
            if event.type == pygame.KEYDOWN:
                self.keys_down.add(event.key)
            elif event.type == pygame.KEYUP:
                self.keys_down.discard(event.key)
            elif event.type == pygame.WINDOWFOCUSLOST:  # its key-ups go to another window
                self.keys_down.clear()
            if event.type == pygame.QUIT:
                self.quit()
            elif event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
                if self.window.has_new_size():
                    self._resized()
            elif is_fullscreen_key(event):
                self.toggle_fullscreen()
            elif self.scenes.top is not None:
                self.scenes.top.handle(event)
        top = self.scenes.top
        if top is not None:
            table = self.current_table()
            if table is not None and table is not top:
                table.update(dt)
            top.update(dt)
        self.finishing.update()
        self._watch_writing()
        if self.draws:
            self._draw()

    def _draw(self) -> None:
        visible = self.scenes.visible()
        if not visible or visible[0].transparent:  # opaque scenes paint every pixel
            self.screen.fill((0, 0, 0))
        for scene in visible:
            scene.draw(self.screen)
        if self.pacer.drawn(lambda: pixels_checksum(self.screen), time.perf_counter()):
            pygame.display.flip()

    def _follow_screen_reader(self) -> None:
        """Speech turned on by a screen reader found: the screen on top says what it is."""
        settings = self.speech_switch.poll(self.settings)
        if settings is not None:
            self.settings = settings
            if self.scenes.top is not None:
                self.scenes.top.speak_screen()

    def _collect_replaced(self) -> None:
        """From the frame after a table was replaced, until nothing holds it any more (a
        loop or a handler may keep it a frame or two): free it and give its memory back (the
        collector's own rounds can leave it for hours, a new table filling its caches)."""
        if self._collect_frames:
            self._collect_frames -= 1
            gc.collect()
            release_free_memory()
            self._replaced = [ref for ref in self._replaced if ref() is not None]
            if not self._replaced:
                self._collect_frames = 0

    def _watch_writing(self) -> None:
        """Tell the player once when their files cannot be written (over a scene)."""
        self.files.write_again()
        reason = self.files.health.take_notice() if self.scenes.top is not None else None
        if reason is not None:
            self.scenes.push(MessageScene(
                self, i18n.t("notice.cannot_save_title"),
                i18n.t("notice.cannot_save", folder=str(self.home), reason=reason)))

    @property
    def crash_count(self) -> int:
        """Unexpected errors caught lately (more than three close together end the app)."""
        return len(self._crashes)

    @property
    def errors_caught(self) -> int:
        """Unexpected errors caught since the app started."""
        return self._crashes.total

    def report_crash(self, exc: BaseException) -> Path | None:
        """Write the error to a log, save the game, and tell the player where the log is."""
        self._crashes.note(time.monotonic())
        path = write_crash_log(self.home, exc)
        table = self.current_table()
        if table is not None:
            try:
                self.autosave(table.session)
                self.autosaver.flush()
            except Exception:  # saving is best effort here
                log.exception("could not save after the error")
        if self._crashes.too_many():
            log.error("errors keep happening; quitting")
        elif self._tell_crash(path):
            return path
        self.exit_code, self.running = 1, False
        return path

    def _tell_crash(self, log_path: Path | None) -> bool:
        """The title, and over it where the log is; False if even that fails."""
        try:
            try:
                self.show_title()
            except Exception:
                log.exception("the title screen failed too")
                self.scenes.replace(BlankScene(self))
            self.scenes.push(MessageScene(
                self, i18n.t("notice.crash_title"), i18n.t("notice.crash", path=str(log_path)),
                [(i18n.t("common.ok"), None, "primary")]))
        except Exception:
            log.exception("could not show the error message")
            return False
        return True

    def shutdown(self) -> None:
        window = self.window
        if window.resized_by_player and self.settings.window_size != window.windowed_size:
            self.save_settings()
        table = self.current_table()
        if table is not None:
            table.close()
        self.finishing.close()
        self.files.close()
        self.workbench.close()  # never waits for what is queued
        # Not pygame.quit(): cached fonts stay valid for an App made later in this process.
        pygame.display.quit()

