"""The command line that starts the desktop app (``python -m craits [options]``): options are
checked before any window opens, the log file is set up, then the ``App`` runs. This is the
entry point: it imports the app and the self test, and nothing imports it but
``craits.__main__``.
"""

from __future__ import annotations

import argparse
import logging
import math
import os
import re
import shutil
import signal
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

import pygame

from craits import i18n
from craits.config import ConfigError, load_rules
from craits.config.errors import show_value
from craits.config.levels import offered_levels
from craits.daily.deal import check_number
from craits.engine import Rules
from craits.engine.notation import SEED_MAX, SEED_MIN
from craits.paths import home_path, user_home
from craits.persistence.home_lock import HomeInUse, lock_home
from craits.persistence.save_health import FOLDER, describe
from craits.resources import version
from craits.ui.app import App
from craits.ui.app_settings import use_language
from craits.ui.app_window import MIN_SIZE, refuse_windowless, unasked_windowless
from craits.ui.crash_log import logs_folder, open_log_file
from craits.ui.menus.daily import start_deal
from craits.ui.selftest import run_selftest

SPEEDS = ("slow", "normal", "fast", "instant")


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="craits",
        description="Craits, the card game. Without options the title screen opens.",
    )
    p.add_argument("--version", action="version", version=f"craits {version()}")
    p.add_argument("--seats", metavar="LIST",
                   help="start at the table with these seats, e.g. human,hard,medium "
                        "(human or a computer level)")
    p.add_argument("--seed", type=seed, help="seed for the shuffles (replays the same deals)")
    p.add_argument("--rules", metavar="FILE", help="a rules YAML file to play by")
    p.add_argument("--lang", metavar="CODE", help="language: en, tl, es, af, cs or et")
    p.add_argument("--speed", choices=SPEEDS, help="animation speed for this run")
    p.add_argument("--autoplay", action="store_true",
                   help="computer players only, to watch (default: medium, hard, medium, "
                        "expert)")
    p.add_argument("--headless", action="store_true", help="no window and no sound (dummy drivers)")
    p.add_argument("--max-seconds", type=seconds, metavar="T",
                   help="quit after T seconds and print frame times")
    p.add_argument("--selftest", action="store_true",
                   help="load every asset, play one computer-only round headless, exit")
    p.add_argument("--resume", action="store_true", help="continue the saved game")
    p.add_argument("--size", metavar="WxH", help="window size, e.g. 1280x800")
    p.add_argument("--deal", type=deal_number, metavar="N",
                   help="play numbered deal N (the deal of the day of its date: same cards, "
                        "players and rules on every machine)")
    return p


def seconds(text: str) -> float:
    """``--max-seconds``: a finite number of seconds, 0 or more (``nan`` would never end)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {show_value(text)}") \
            from None
    if not math.isfinite(value) or value < 0:
        raise argparse.ArgumentTypeError(f"{show_value(text)} is not a time: give a finite "
                                         "number of seconds, 0 or more")
    return value


def deal_number(text: str) -> int:
    """``--deal``: a numbered deal that exists."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a deal number: {show_value(text)}") from None
    try:
        return check_number(number)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def seed(text: str) -> int:
    """``--seed``: a whole number in the range a saved game may hold, so Continue can
    replay the game it starts."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {show_value(text)}") from None
    if not SEED_MIN <= value <= SEED_MAX:
        raise argparse.ArgumentTypeError(f"{show_value(text)} is out of range: give a whole "
                                         f"number from {SEED_MIN} to {SEED_MAX}")
    return value


def conflicts(args: argparse.Namespace) -> str | None:
    """Options that cannot all be honoured, in words (None: none)."""
    given = [name for name, value in (("--seats", args.seats), ("--autoplay", args.autoplay),
                                      ("--rules", args.rules), ("--seed", args.seed))
             if value not in (None, False)]
    if args.resume and given:
        return (f"--resume continues the saved game with its own players, rules and "
                f"seed; leave out {', '.join(given)}")
    if args.deal is not None and (given or args.resume):  # it fixes players, rules and seed
        return f"--deal plays the deal's own players, rules and seed; leave out " \
               f"{', '.join(given or ['--resume'])}"
    for name, value in (("--rules", args.rules), ("--lang", args.lang), ("--size", args.size)):
        if value is not None and not value.strip():
            return f"{name} needs a value"
    return None


def checked_options(args: argparse.Namespace
                    ) -> tuple[Rules | None, list[str] | None, tuple[int, int] | None]:
    """The rules, the seats' kinds and the window's size the options ask for (the language
    set); raises ``ValueError`` (or ``ConfigError``) saying what cannot be honoured."""
    problem = conflicts(args)
    if problem:
        raise ValueError(problem)
    try:
        rules = load_rules(args.rules) if args.rules else None
    except OSError as exc:
        raise ValueError(f"cannot read the rules file: {exc}") from None
    kinds = parse_seat_kinds(args.seats) if args.seats is not None else None
    size = parse_size(args.size)
    if args.lang is not None:
        try:
            i18n.set_language(args.lang)
        except ValueError:
            raise ValueError(f"--lang: unknown language {show_value(args.lang)}; use one of "
                             f"{', '.join(code for code, _ in i18n.available_languages())}"
                             ) from None
    if args.autoplay:
        kinds = kinds or ["medium", "hard", "medium", "expert"]
        if "human" in kinds:
            raise ValueError("--autoplay plays computer seats only; leave 'human' out of --seats")
    return rules, kinds, size


def parse_seat_kinds(text: str) -> list[str]:
    """``human,hard,medium`` -> kinds, checked; raises ValueError with a readable message."""
    levels = offered_levels()
    kinds = [part.strip().lower() for part in text.split(",") if part.strip()]
    if not 2 <= len(kinds) <= 5:
        raise ValueError(f"--seats needs 2 to 5 seats, got {len(kinds)}")
    for kind in kinds:
        if kind != "human" and kind not in levels:
            raise ValueError(
                f"unknown seat {show_value(kind)}: use human or one of {', '.join(levels)}"
            )
    return kinds


def parse_size(text: str | None) -> tuple[int, int] | None:
    if not text:
        return None
    found = re.fullmatch(r"\s*([0-9]{1,5})\s*[xX×]\s*([0-9]{1,5})\s*", text)
    if found is None:
        raise ValueError(f"--size must look like 1280x800, not {show_value(text)}")
    w, h = int(found[1]), int(found[2])
    # The app shrinks it to what the display can show.
    return max(MIN_SIZE[0], w), max(MIN_SIZE[1], h)


def main(argv: Sequence[str] | None = None) -> int:
    import multiprocessing

    multiprocessing.freeze_support()  # a frozen build starts the workbench's workers through here
    args = build_parser().parse_args(list(sys.argv[1:] if argv is None else argv))
    if args.headless or args.selftest:
        os.environ["SDL_VIDEODRIVER"] = "dummy"
        os.environ["SDL_AUDIODRIVER"] = "dummy"
    try:  # problems with the command line are reported before any window opens
        rules, kinds, size = checked_options(args)
    except (ValueError, ConfigError) as exc:  # a ConfigError: a rules or levels file
        print(f"craits: {exc}", file=sys.stderr)
        return 2
    if args.selftest:
        setup_logging(data_home())
        return selftest(args.lang)
    windowless = None if args.headless else unasked_windowless()
    if windowless is not None:  # refused before the folder is locked: nothing is held
        setup_logging(data_home())
        refuse_windowless(windowless)
        return 1
    home = data_home()
    if home.exists() and not home.is_dir():
        print(f"craits: cannot use the folder for saves and settings ({home}): it is a file, "
              "not a folder", file=sys.stderr)
        _tell("notice.cannot_start", {"folder": str(home), "reason": "not a folder"},
              args.lang, args.headless)
        return 1
    home_lock, unlocked = None, None
    try:
        home_lock = lock_home(home)
    except HomeInUse as exc:
        print(f"craits: {exc}; only one copy at a time can use it", file=sys.stderr)
        _tell("notice.already_running", {"folder": str(exc.home)}, args.lang, args.headless)
        return 1
    except OSError as exc:  # the folder cannot be written: it is said once, in the game
        unlocked = exc
    setup_logging(home)
    app: App | None = None
    try:
        try:
            app = App(language=args.lang, size=size, speed=args.speed, home=home)
        except (OSError, ValueError) as exc:  # the folder for saves and settings cannot be used
            print(f"craits: cannot use the folder for saves and settings ({home}): {exc}",
                  file=sys.stderr)
            _tell("notice.cannot_start", {"folder": str(home), "reason": describe(exc)},
                  args.lang, args.headless)
            return 1
        if unlocked is not None:
            logging.getLogger("craits.app").warning("%s cannot be locked (%s); playing on",
                                                    home, unlocked)
            app.files.health.failed(FOLDER, unlocked)  # the window says it once
        try:  # the loop's safety net is not up yet: errors here get the same treatment
            if args.resume:
                if not app.continue_game():
                    print("craits: there is no saved game to continue", file=sys.stderr)
            elif args.deal is not None:
                start_deal(app, args.deal)
            elif kinds:
                app.new_game(app.seats_for(kinds), rules, args.seed)
            elif rules is not None or args.seed is not None:
                # Rules or a seed but no seats: the players of the last new game, remembered.
                app.new_game(app.settings.new_game.seats, rules, args.seed)
            else:
                app.show_title()
        except Exception as exc:
            app.report_crash(exc)
        app.run(max_seconds=args.max_seconds)
        if args.max_seconds is not None or args.headless:
            print(app.frames.report())
            if app.errors_caught and not app.exit_code:  # a scripted run must not pass
                print(f"craits: {app.errors_caught} unexpected error(s) during the run; see "
                      f"{logs_folder(home) or home}", file=sys.stderr)
                return 1
        return app.exit_code
    except KeyboardInterrupt:  # Ctrl+C in the terminal, also while the window opens: one line
        print(STOPPED, file=sys.stderr)  # the game is saved below (nothing to save before)
        return 130
    finally:
        if app is not None:
            app.shutdown()
        if home_lock is not None:
            home_lock.release()


STOPPED = "craits: stopped by Ctrl+C"


def selftest(language: str | None) -> int:
    """``--selftest``: the app in a scratch folder (nothing of the player's is read or
    written, and it runs beside a game in progress), checked; the exit code."""
    scratch = Path(tempfile.mkdtemp(prefix="craits-selftest-"))
    try:
        try:
            app = App(language=language, speed="instant", home=scratch)
        except Exception as exc:  # a missing asset, say: a verdict, never a traceback
            logging.getLogger("craits.selftest").exception("the app did not start")
            print(f"selftest: the app did not start: {type(exc).__name__}: {exc}",
                  file=sys.stderr)
            print("selftest: 1 problem(s)")
            return 1
        try:
            return run_selftest(app)
        finally:
            app.shutdown()
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


def _tell(key: str, params: dict[str, str], language: str | None, headless: bool) -> None:
    """A copy started from a desktop menu has no console: say the text of ``key`` in a
    message box too (in the player's language: it is picked here, before any window)."""
    if headless or os.environ.get("SDL_VIDEODRIVER") == "dummy":
        return
    try:
        use_language(language or None)
        _plain_termination()
        pygame.display.message_box(i18n.t("app.title"), i18n.t(key, **params),
                                   message_type="warn")
    except Exception:  # the message on the console is the one that counts
        logging.getLogger("craits.app").debug("no message box", exc_info=True)


def _plain_termination() -> None:
    """A copy that only shows a message has nothing to save: let a termination end it while
    the box is open (SDL's own handler would turn it into a quit event nobody reads)."""
    for name in ("SIGTERM", "SIGINT"):
        number = getattr(signal, name, None)
        if number is not None:
            try:
                signal.signal(number, signal.SIG_DFL)
            except (ValueError, OSError):  # not the main thread: keep what is there
                pass


def data_home() -> Path:
    """The folder of the player's files, made if it can be; when it cannot be made, the
    game still starts (each write then fails, and that is said once, in the window)."""
    try:
        return user_home()
    except OSError:
        return home_path()


class _LogFile(logging.StreamHandler):  # type: ignore[type-arg]
    """The app's log file (opened by ``open_log_file``: never through a link)."""


def setup_logging(home: Path | None = None) -> Path | None:
    """Log to ``home/logs/craits.log`` (``home``: the player's folder; never to a console
    that may not exist, nor through a link out of the folder)."""
    folder = logs_folder(data_home() if home is None else home)
    if folder is None:
        return None
    path = folder / "craits.log"
    try:
        stream = open_log_file(path)
    except OSError:
        return None
    root = logging.getLogger()
    if any(isinstance(h, _LogFile) for h in root.handlers):  # set up once a process
        stream.close()
    else:
        handler = _LogFile(stream)
        handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: "
                                               "%(message)s"))
        root.addHandler(handler)
    root.setLevel(logging.INFO)
    return path
