"""Starting and resuming the app's matches: a new one from the setup screen or the command
line, the saved one on Continue.

``Matches`` decides and reports what to show, as a ``MatchOutcome``: a table to open, a
question to ask first, a file that cannot be used. The app shows it; no scene is made or
touched here. Keeping a match as it goes (the save after each change, each round and the
game counted once) is the ``MatchKeeper``'s, which ``Matches`` tells where a match begins.
"""

from __future__ import annotations

import dataclasses
import logging
import random
from collections.abc import Sequence
from dataclasses import dataclass

from craits import i18n
from craits.config import ConfigError, levels, load_rules
from craits.config.errors import did_you_mean
from craits.config.yamlfile import display_name
from craits.engine import IllegalActionError, Rules
from craits.persistence import Problem, SaveStore
from craits.persistence.files import JsonObject, set_aside
from craits.persistence.game_record import read_save
from craits.persistence.keeping import MatchKeeper
from craits.persistence.player_files import PlayerFiles
from craits.persistence.save_summary import summarize
from craits.review.record import os_reason
from craits.seat import HUMAN, Seat
from craits.session import Session
from craits.ui.ratings import rate_game

log = logging.getLogger("craits.app")


@dataclass(frozen=True)
class StartRequest:
    """A match to start: its seats (each named), its rules (None: the rules file) and its
    seed (None: a random one)."""

    seats: tuple[Seat, ...]
    rules: Rules | None = None
    seed: int | None = None
    undo: bool = False  # a move may be taken back (``Session.undo``)
    match_id: str | None = None  # the match's id, chosen by the caller (None: a new one)


@dataclass(frozen=True)
class OpenTable:
    """Open the table for ``session``; ``fresh`` when it was just dealt (not resumed)."""

    session: Session
    fresh: bool


@dataclass(frozen=True)
class AskToReplace:
    """Starting would replace the saved game (``saved_game`` in a line, or empty): ask
    first; on yes, start ``request`` with ``replace_ok``. The replaced game is kept as the
    previous one; the previous game (``previous_game`` in a line, None: there is none) can
    then no longer be taken up: it stays among the past games."""

    request: StartRequest
    saved_game: str
    previous_game: str | None = None


@dataclass(frozen=True)
class CannotKeep:
    """A game the new one would replace could not be kept (``error``): the new game did not
    start and no file was changed."""

    error: str


@dataclass(frozen=True)
class RulesFileUnusable:
    """The rules file cannot be read (``error``): offer to start ``request`` by the defaults."""

    request: StartRequest
    error: str


@dataclass(frozen=True)
class LevelsFileUnusable:
    """The computer players' file cannot seat them: no game starts with them."""

    error: Exception


@dataclass(frozen=True)
class NoTable:
    """Nothing to open: no saved game, or one that cannot be used (then set aside)."""


MatchOutcome = (OpenTable | AskToReplace | RulesFileUnusable | LevelsFileUnusable | NoTable
                | CannotKeep)


class Matches:
    """Starts and resumes the matches kept in the player's ``files``; its ``keeper`` keeps
    each one as it goes, counting into the files' statistics. Made when the app starts, it
    counts at once what the saved game holds finished but uncounted (``settle_saved``)."""

    def __init__(self, files: PlayerFiles) -> None:
        self.saves = files.saves
        self.keeper = MatchKeeper(files.saves, files.autosaver, lambda: files.statistics,
                                  files.save_statistics, files.archive,
                                  rate=lambda session: rate_game(files, session))
        self.recover()
        self.settle_saved()

    def recover(self) -> None:
        """A take-up of the previous game cut off by a kill is finished (``SaveStore.recover``);
        a swap file with nowhere to go is kept among the past games, then removed."""
        try:
            left = self.saves.recover()
            if left is not None and self.keep_among_past(
                    SaveStore(left.parent, left.name).peek()) is None:
                left.unlink()
        except OSError as exc:
            log.warning("the previous game's files could not be put right: %s", exc)

    def settle_saved(self) -> None:
        """Count what the saved game holds finished but not yet counted (a kill between the
        save at a round's end and the statistics), whatever the player does next. The file
        is only read: one that cannot be used is for Continue to set aside and report."""
        data = self.saves.peek()
        if data is None:
            return
        try:
            read = read_save(data)
            if seat_levels_problem([seat["kind"] for seat in read.data["seats"]]) is not None:
                return
            session = Session.from_save(read)
        except Exception:  # Continue reports it; here it only is not counted yet
            log.info("the saved game could not be read to count it", exc_info=True)
            return
        self.keeper.settle(session, read.data.get("stats_rounds", len(session.match.history)))

    def start(self, request: StartRequest, *, replace_ok: bool = False) -> MatchOutcome:
        """A new match. A table with a human seat replaces the saved game: unless
        ``replace_ok``, the player is to be asked first; the replaced game is kept as
        ``save.previous.json``."""
        seats = request.seats
        if not replace_ok and any(s.is_human for s in seats) and self.saves.exists():
            return AskToReplace(request, game_text(self.saves) or "", game_text(
                self.saves.previous()) if self.saves.has_previous() else None)
        rules = request.rules
        if rules is None:
            try:
                rules = load_rules()
            except (ConfigError, OSError) as exc:
                return RulesFileUnusable(request, str(exc))
        seed = request.seed
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        try:
            session = Session(list(seats), rules, seed, undo=request.undo)
        except ConfigError as exc:  # the computer players' file (config/ai.yaml) is broken
            return LevelsFileUnusable(exc)
        if request.match_id is not None:
            session.match_id = request.match_id
        if session.human_seats():  # this table's save replaces the saved game: keep that
            error = self.make_room()
            if error is not None:
                return CannotKeep(error)
        self.keeper.begin(session)
        return OpenTable(session, fresh=True)

    def make_room(self) -> str | None:
        """Before a new game's save replaces the saved game, keep every game that would go:
        the previous game among the past games (the saved game takes its place), the saved
        game as the previous one and among the past games (unfinished). A game is never
        dropped while it is kept nowhere else: None when all is kept, else why not, and
        then the saved game is left where it was."""
        self.keeper.flush()
        self.recover()
        if not self.saves.exists():
            return None
        if self.saves.has_previous():
            previous = self.saves.previous()
            error = self.keep_among_past(previous.peek())
            if error is not None and (previous.peek() is not None
                                      or set_aside(previous.path, "bad") is None):
                return error  # a damaged previous game is only set aside
        saved_kept = self.keep_among_past(self.saves.peek()) is None
        try:
            self.saves.keep_previous()
        except OSError as exc:
            if not saved_kept:  # the new game's save would be its end
                return os_reason(exc)
            log.warning("the replaced game is kept among the past games only: %s", exc)
        return None

    def keep_among_past(self, data: JsonObject | None) -> str | None:
        """Keep a saved game among the past games (unfinished, or as it ended) so it can be
        reviewed; why it could not be, or None when it is kept."""
        if self.keeper.archive is None or data is None:
            return "it cannot be read"
        try:
            read = read_save(data)
            session = Session.replay(read.data, bots={}, entries=read.entries)
        except Exception as exc:  # any fault of the file: told, never raised
            log.info("a saved game does not replay", exc_info=True)
            return f"it does not replay ({type(exc).__name__})"
        session.match_id = read.data.get("match_id") or session.match_id
        try:
            self.keeper.archive.keep(session)
        except OSError as exc:
            return os_reason(exc)
        except ValueError as exc:  # the past games' folder is refused
            return str(exc)
        return None

    def by_default_rules(self, request: StartRequest) -> MatchOutcome:
        """``request`` again, by the default rules (the player chose them over a broken file)."""
        return self.start(dataclasses.replace(request, rules=Rules()), replace_ok=True)

    def resume(self) -> tuple[MatchOutcome, list[Problem]]:
        """The saved match at its exact position, and what was wrong with its file (each
        problem is the player's to be told, also when the match opens)."""
        self.keeper.flush()
        data, problem = self.saves.load()
        problems = [] if problem is None else [problem]
        if data is None:
            return NoTable(), problems
        try:
            read = read_save(data)
        except ValueError as exc:
            return self._set_aside(str(exc), problems)
        unusable = seat_levels_problem([seat["kind"] for seat in read.data["seats"]])
        if unusable is not None:  # nothing wrong with the save: the levels file is the problem
            return LevelsFileUnusable(unusable), problems
        try:
            session = Session.from_save(read)
        except ConfigError as exc:
            return LevelsFileUnusable(exc), problems
        except (ValueError, IllegalActionError, KeyError, TypeError) as exc:
            return self._set_aside(str(exc), problems)
        except (RecursionError, MemoryError, ArithmeticError, LookupError, AttributeError) as exc:
            log.exception("the saved game does not replay")
            return self._set_aside(f"it does not replay ({type(exc).__name__})", problems)
        # The save's copy of what was counted; an older save without one was counted to the
        # end of its last finished round.
        self.keeper.begin(session, read.data.get("stats_rounds", len(session.match.history)))
        return OpenTable(session, fresh=False), problems

    def _set_aside(self, reason: str, problems: list[Problem]) -> tuple[NoTable, list[Problem]]:
        """Keep an unusable save aside (``save.bad.json``); the player is to be told."""
        return NoTable(), [*problems, self.saves.set_aside(reason)]


def game_text(store: SaveStore) -> str | None:
    """A saved game in a line: players, round, when it was saved (None: no summary)."""
    summary = summarize(store)
    if summary is None:
        return None
    return " · ".join((", ".join(summary.names),
                       i18n.t("table.round_of", n=summary.round, total=summary.rounds),
                       summary.when()))


def seat_levels_problem(kinds: Sequence[str]) -> Exception | None:
    """Why the levels file (``config/ai.yaml``) cannot seat computer players of ``kinds``:
    it cannot be read, or it does not offer one of them (removed, renamed, or research-only
    such as ``oracle``); None when it can."""
    try:
        profiles = levels.default_profiles()  # through the module: the file it reads
        offered = levels.offered_levels(profiles)
    except ConfigError as exc:
        return exc
    except Exception as exc:  # anything else wrong with the file is still the file's
        log.exception("the levels file could not be used")
        return ConfigError(display_name(levels.bundled_path()), None, None,
                           f"cannot be used ({type(exc).__name__})")
    for kind in kinds:
        if kind != HUMAN and kind not in offered:
            why = ("is not one a player may choose" if kind in profiles
                   else "is not there" + did_you_mean(kind, offered))
            return ConfigError(display_name(levels.bundled_path()), None, f"levels.{kind}",
                               f"the saved game seats the level {kind!r}, which {why}")
    return None
