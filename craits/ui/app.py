"""The desktop app: window, main loop, scene stack, settings, saves and statistics. Starting,
resuming and recording matches is ``craits.ui.app_matches`` (mixed into ``App``); the command
line that starts the app (``python -m craits [options]``) is ``craits.ui.startup``, whose names
are re-exported here.

Loop: events go to the top scene (F11 and window resizes are handled here), the top scene and
the table under an overlay advance by ``dt``, the visible scenes draw, the frame is shown.
An unexpected error is written to a log in the player's folder, the game is saved, and a
message scene says where the log is: never a traceback window.
"""

from __future__ import annotations

import dataclasses
import logging
import os
import time
import traceback
from collections import deque
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pygame

from craits import i18n
from craits.director.bot_worker import BotWorker
from craits.paths import user_home
from craits.persistence import (
    SaveStore,
    Settings,
    SettingsStore,
    Statistics,
    StatisticsStore,
    load_or_set_aside,
)
from craits.persistence.autosave import Autosaver
from craits.persistence.save_health import SaveHealth
from craits.resources import resource_path
from craits.ui.app_matches import MatchKeeping, file_notice
from craits.ui.audio import Audio
from craits.ui.cards.art import CardArt
from craits.ui.dialogs.message import MessageScene
from craits.ui.memory import keep_large_blocks_returnable
from craits.ui.menus.title import TitleScene
from craits.ui.scene import SceneStack
from craits.ui.screens import AppScreens
from craits.ui.selftest import run_selftest
from craits.ui.table.scene import TableScene
from craits.ui.widgets import felt_background
from craits.ui.widgets.theme import set_look
from craits.ui.window import MIN_SIZE, fit_window, usable_size

log = logging.getLogger("craits.app")

DEFAULT_SIZE = (1280, 800)
FPS = 60
FRAME_RECORDS = FPS * 60 * 10  # frame times kept: the last ten minutes


def percentile(values: Sequence[float], q: float) -> float:
    """The q-th percentile (0..100) by nearest rank; 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))
    return ordered[index]


# ============================================================================ the app


class App(MatchKeeping):
    """Holds the window and everything scenes share (see the UI contract)."""

    def __init__(
        self,
        *,
        language: str | None = None,
        size: tuple[int, int] | None = None,
        speed: str | None = None,
        bot_mode: str = "process",
    ) -> None:


        keep_large_blocks_returnable()  # before any surface: memory stays flat for hours
        self.pygame = pygame
        pygame.display.init()
        pygame.font.init()
        self.home = user_home()
        self.notices: list[Any] = []  # shown by the title screen with str()
        self.screens = AppScreens(self)
        self.exit_code = 0
        self.settings_store = SettingsStore(self.home)
        self.settings = self._load_own_file(self.settings_store, Settings)
        if speed:
            self.settings = dataclasses.replace(self.settings, animation_speed=speed)
        self._pick_language(language)
        self.stats_store = StatisticsStore(self.home)
        self.statistics = self._load_own_file(self.stats_store, Statistics)
        self.saves = SaveStore(self.home)

        self.save_health = SaveHealth()  # a read-only or full folder is told once
        self.stats_unsaved = False  # statistics to write again once writing works
        self.autosaver = Autosaver(self.saves, health=self.save_health)
        self._writes_seen = 0
        wanted = size or tuple(self.settings.window_size) or DEFAULT_SIZE
        self.windowed_size = fit_window(wanted, usable_size(pygame))
        self.fullscreen = False
        self.window_resized = False  # by the player: remembered for next time
        self.screen = self._set_mode(self.windowed_size, bool(self.settings.fullscreen))
        pygame.display.set_caption(i18n.t("app.title"))
        self._set_icon()

        self.audio = Audio(volume=self.settings.volume, muted=self.settings.muted)
        self.card_art = CardArt(max_entries=400)
        self.apply_look()
        self.clock = pygame.time.Clock()

        self.bot_worker = BotWorker(bot_mode)
        self.scenes = SceneStack()
        self.running = True
        # The latest frames' wall and main-thread CPU times (seconds): a bounded record, so
        # that hours of play cost no more memory than minutes.
        self.frame_times: deque[float] = deque(maxlen=FRAME_RECORDS)
        self.frame_cpu: deque[float] = deque(maxlen=FRAME_RECORDS)
        self._crashes: list[float] = []
        self.session_recorded: dict[int, int] = {}  # id(session) -> rounds put in statistics

    def _load_own_file(self, store, default) -> Any:
        """What ``store`` holds (settings, statistics), or its default; whatever is wrong with
        the file, the game starts: the file is kept aside and the player told."""

        value, problem = load_or_set_aside(store, default)
        if problem is not None:
            self.notices.append(file_notice(problem))
        return value

    # ------------------------------------------------------------ window

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def _set_mode(self, size: tuple[int, int], fullscreen: bool):
        pg = self.pygame
        if fullscreen:
            screen = pg.display.set_mode((0, 0), pg.FULLSCREEN)
        else:
            size = fit_window(size, usable_size(pg))
            screen = pg.display.set_mode(size, pg.RESIZABLE)
        self.fullscreen = fullscreen
        self._known_size = screen.get_size()
        return screen

    def _set_icon(self) -> None:

        try:
            self.pygame.display.set_icon(self.pygame.image.load(
                resource_path("assets", "icon", "craits.png")))
        except (FileNotFoundError, self.pygame.error, ValueError):
            pass

    def toggle_fullscreen(self) -> None:
        if not self.fullscreen:
            self.windowed_size = self.size
        self.screen = self._set_mode(self.windowed_size, not self.fullscreen)
        self.settings = dataclasses.replace(self.settings, fullscreen=self.fullscreen)
        self.save_settings()
        self._resized()

    def _resized(self) -> None:
        self.screen = self.pygame.display.get_surface()
        size = self.size
        if not self.fullscreen and (size[0] < MIN_SIZE[0] or size[1] < MIN_SIZE[1]):
            # Below the minimum the table cannot fit: hold the window at the minimum.
            self.screen = self._set_mode(size, False)
            size = self.size
        self._known_size = size
        if not self.fullscreen:
            self.windowed_size = size
            self.window_resized = True
        for scene in self.scenes:
            scene.on_resize(size)

    def _pick_language(self, language: str | None) -> None:

        code = language or self.settings.language
        if code is None:
            try:
                code = i18n.pick_language(self.pygame.system.get_pref_locales())
            except (AttributeError, self.pygame.error):
                code = "en"
        try:
            i18n.set_language(code)
        except ValueError:
            i18n.set_language("en")

    # ------------------------------------------------------------ settings

    def apply_settings(self) -> None:
        """After the settings screen: language, sound, fullscreen, card style take effect."""

        if self.settings.language:
            try:
                i18n.set_language(self.settings.language)
            except ValueError:
                pass
        self.pygame.display.set_caption(i18n.t("app.title"))
        self.audio.set_volume(self.settings.volume)
        self.audio.set_muted(self.settings.muted)
        self.apply_look()
        if bool(self.settings.fullscreen) != self.fullscreen:
            if not self.fullscreen:
                self.windowed_size = self.size
            self.screen = self._set_mode(self.windowed_size, bool(self.settings.fullscreen))
            self._resized()

    def apply_look(self) -> None:
        """The chosen felt, large print and card back, for every screen from now on."""
        set_look(self.settings.felt, bool(self.settings.large_cards))
        self.card_art.chosen_back = self.settings.card_back

    def save_settings(self) -> None:
        size = self.windowed_size
        self.settings = dataclasses.replace(self.settings, window_size=(int(size[0]),
                                                                        int(size[1])))
        try:
            self.settings_store.save(self.settings)
        except OSError as exc:
            self.save_health.failed("the settings", exc)
        else:
            self.save_health.succeeded("the settings")

    def current_table(self):

        for scene in self.scenes:
            if isinstance(scene, TableScene):
                return scene
        return None

    def _replace(self, scene) -> None:
        table = self.current_table()
        if table is not None and table is not scene:
            table.close()
        self.scenes.replace(scene)

    def show_title(self) -> None:

        self.autosaver.flush()
        self._replace(TitleScene(self))

    def quit(self) -> None:
        self.running = False

    # ------------------------------------------------------------ loop

    def run(self, max_seconds: float | None = None, max_frames: int | None = None) -> None:
        start = time.perf_counter()
        frames = 0
        while self.running:
            dt = min(0.1, self.clock.tick(FPS) / 1000.0)
            t0, c0 = time.perf_counter(), time.thread_time()
            self.step(dt)
            self.frame_times.append(time.perf_counter() - t0)
            self.frame_cpu.append(time.thread_time() - c0)
            frames += 1
            if frames == 1:
                _note_first_frame()
            if max_seconds is not None and time.perf_counter() - start >= max_seconds:
                break
            if max_frames is not None and frames >= max_frames:
                break

    def step(self, dt: float) -> None:
        """One frame, with the safety net: an error becomes a log file and a message."""
        try:
            self._frame(dt)
        except Exception as exc:  # the top-level net: never a traceback window
            self.report_crash(exc)

    def _frame(self, dt: float) -> None:
        pg = self.pygame
        for event in pg.event.get():
            if event.type == pg.QUIT:
                self.quit()
            elif event.type in (pg.VIDEORESIZE, pg.WINDOWSIZECHANGED):
                if pg.display.get_surface().get_size() != self._known_size:
                    self._resized()
            elif event.type == pg.KEYDOWN and event.key == pg.K_F11:
                self.toggle_fullscreen()
            elif self.scenes.top is not None:
                self.scenes.top.handle(event)
        top = self.scenes.top
        if top is not None:
            table = self.current_table()
            if table is not None and table is not top:
                table.update(dt)
            top.update(dt)
        self.autosaver.check()
        self._watch_writing()
        visible = self.scenes.visible()
        if not visible or visible[0].transparent:  # opaque scenes paint every pixel
            self.screen.fill((0, 0, 0))
        for scene in visible:
            scene.draw(self.screen)
        pg.display.flip()

    def _watch_writing(self) -> None:
        """Tell the player once when their files cannot be written; write the statistics
        again as soon as a save goes through."""
        if self.stats_unsaved and self.autosaver.writes != self._writes_seen:
            self.save_statistics()
        self._writes_seen = self.autosaver.writes
        if self.scenes.top is None:
            return
        reason = self.save_health.take_notice()
        if reason is not None:

            self.scenes.push(MessageScene(
                self, i18n.t("notice.cannot_save_title"),
                i18n.t("notice.cannot_save", folder=str(self.home), reason=reason)))

    def save_statistics(self) -> bool:
        """Write the statistics (with the record of what they count); on failure they are
        kept and written again once writing works. True when written."""
        try:
            self.stats_store.save(self.statistics)
        except (OSError, ValueError) as exc:
            self.stats_unsaved = True
            self.save_health.failed("the statistics", exc)
            return False
        self.stats_unsaved = False
        self.save_health.succeeded("the statistics")
        return True

    @property
    def crash_count(self) -> int:
        """Unexpected errors caught lately (more than three close together end the app)."""
        return len(self._crashes)

    def frame_report(self) -> str:
        times = [t * 1000 for t in self.frame_times]
        return (f"frames={len(times)} frame_ms_p50={percentile(times, 50):.2f} "
                f"frame_ms_p99={percentile(times, 99):.2f}")

    # ------------------------------------------------------------ errors

    def report_crash(self, exc: BaseException) -> Path | None:
        """Write the error to a log, save the game, and tell the player where the log is."""

        now = time.monotonic()
        self._crashes = [t for t in self._crashes if now - t < 10.0] + [now]
        path = self._write_crash_log(exc)
        table = self.current_table()
        if table is not None:
            try:
                self.autosave(table.session)
                self.autosaver.flush()
            except Exception:  # saving is best effort here
                log.exception("could not save after the error")
        if len(self._crashes) > 3:
            log.error("errors keep happening; quitting")
            self.exit_code = 1
            self.running = False
            return path
        try:

            try:
                self.show_title()
            except Exception:
                log.exception("the title screen failed too")
                self.scenes.replace(_BlankScene(self))
            self.scenes.push(MessageScene(
                self, i18n.t("notice.crash_title"), i18n.t("notice.crash", path=str(path)),
                [(i18n.t("common.ok"), None, "primary")],
            ))
        except Exception:
            log.exception("could not show the error message")
            self.exit_code = 1
            self.running = False
        return path

    def _write_crash_log(self, exc: BaseException) -> Path | None:
        text = "".join(traceback.format_exception(type(exc), exc, exc.__traceback__))
        log.error("unexpected error:\n%s", text)
        try:
            folder = self.home / "logs"
            folder.mkdir(parents=True, exist_ok=True)
            stamp = time.strftime("crash-%Y%m%d-%H%M%S")
            path = folder / f"{stamp}.log"
            n = 1
            while path.exists():  # several errors in one second each keep their own log
                n += 1
                path = folder / f"{stamp}-{n}.log"
            path.write_text(text, encoding="utf-8")
            return path
        except OSError:
            return None

    # ------------------------------------------------------------ self test

    def selftest(self) -> int:
        """Load every asset, then play one computer-only round through the table, headless."""

        return run_selftest(self)

    def shutdown(self) -> None:
        if self.window_resized and tuple(self.settings.window_size) != self.windowed_size:
            self.save_settings()
        table = self.current_table()
        if table is not None:
            table.close()
        try:
            self.autosaver.flush()
        except Exception:
            log.exception("the last save failed")
        if self.stats_unsaved:
            self.save_statistics()
        self.autosaver.stop()
        self.bot_worker.stop()
        # Not pygame.quit(): cached fonts stay valid for an App made later in this process.
        self.pygame.display.quit()


class _BlankScene:
    """A last resort under an error message when even the title cannot be shown."""

    transparent = False

    def __init__(self, app: App) -> None:
        self.app = app
        self._on_result = None

    def on_enter(self) -> None: ...
    def on_exit(self) -> None: ...
    def on_resize(self, size) -> None: ...
    def handle(self, event) -> None: ...
    def update(self, dt: float) -> None: ...

    def draw(self, surface) -> None:

        surface.blit(felt_background(surface.get_size()), (0, 0))


def _note_first_frame() -> None:
    """For the start-up benchmark: write the time of the first shown frame where asked."""
    path = os.environ.get("CRAITS_FIRST_FRAME_FILE")
    if path:
        try:
            with open(path, "w", encoding="utf-8") as f:
                f.write(f"{time.time():.6f}")
        except OSError:
            pass
