"""The matches the app keeps: start one (from the setup screen or the command line), resume
the save, autosave after actions, and put finished rounds and games in the statistics.

``MatchKeeping`` is a part of ``App`` (mixed into it) and uses the app's settings, scenes, saves
and statistics.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Sequence
from typing import Any

from craits import i18n
from craits.config import ConfigError, levels, load_rules
from craits.config.errors import did_you_mean
from craits.config.yamlfile import display_name
from craits.engine import IllegalActionError, Rules
from craits.persistence.keeping import MatchKeeper
from craits.persistence.save_check import SaveInvalid, check_save
from craits.persistence.save_summary import summarize
from craits.session import Seat, Session
from craits.ui.dialogs.confirm import ConfirmScene
from craits.ui.dialogs.message import MessageScene
from craits.ui.memory import release_free_memory
from craits.ui.notices import problem_notice
from craits.ui.table.scene import TableScene

log = logging.getLogger("craits.app")


class MatchKeeping:
    """The match-keeping methods of ``App``."""

    def seats_for(self, kinds: Sequence[str]) -> list:
        """Seats with default names: "You" for a lone human, "Player n" for several, and a
        different first name for each computer player."""

        humans = sum(1 for k in kinds if k == "human")
        out, bot, human = [], 0, 0
        for kind in kinds:
            if kind == "human":
                human += 1
                name = i18n.t("setup.you") if humans == 1 else i18n.t("setup.default_name",
                                                                      n=human)
            else:
                bot += 1
                name = i18n.t(f"bot_names.n{(bot - 1) % 6 + 1}")
            out.append(Seat(kind, name))
        return out

    def remembered_seats(self) -> list:
        """The seats of the last new game (the setup screen remembers them in the settings)."""

        remembered = getattr(self.settings.new_game, "seats", ()) or ()
        kinds = [s.kind for s in remembered] or ["human", "medium", "medium", "medium"]
        defaults = self.seats_for(kinds)
        return [Seat(k, (getattr(s, "name", "") or d.name))
                for k, s, d in zip(kinds, list(remembered) or defaults, defaults, strict=True)]

    def new_game(self, setup: Any, rules: Any = None, seed: int | None = None, *,
                 replace_ok: bool = False) -> None:
        """Start a match: ``new_game(GameSetup)`` or ``new_game(seats, rules, seed)``.

        Seats may be session Seats or persistence Seats (an empty name gets a default). Rules
        None means the rules file; if that file is broken a message offers the defaults.
        A table with a human seat replaces the saved game: unless ``replace_ok``, the player
        is asked first, and the replaced game is kept as ``save.previous.json``.
        """


        if hasattr(setup, "seats"):
            seats, rules, seed = list(setup.seats), getattr(setup, "rules", None), \
                getattr(setup, "seed", None)
        else:
            seats = list(setup)
        defaults = self.seats_for([s.kind for s in seats])
        seats = [Seat(s.kind, s.name or d.name) for s, d in zip(seats, defaults, strict=True)]
        if not replace_ok and any(s.is_human for s in seats) and self.saves.exists():
            self._ask_to_replace(lambda: self.new_game(seats, rules, seed, replace_ok=True))
            return
        if rules is None:

            try:
                rules = load_rules()
            except (ConfigError, OSError) as exc:
                self._offer_default_rules(seats, seed, str(exc))
                return
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        self._start(seats, rules, seed)

    def _offer_default_rules(self, seats, seed, error: str) -> None:

        if self.scenes.top is None:  # started from the command line: the title behind it
            self.show_title()
        self.scenes.push(MessageScene(
            self, i18n.t("notice.rules_file_title"), i18n.t("notice.rules_file_bad", error=error),
            [(i18n.t("notice.use_defaults"),
              lambda: self.new_game(seats, Rules(), seed, replace_ok=True), "primary"),
             (i18n.t("common.cancel"), None, "secondary")],
        ))

    def _ask_to_replace(self, start) -> None:
        """Ask before a new game replaces the one in progress (saying which one it is)."""

        if self.scenes.top is None:  # started from the command line: the title behind it
            self.show_title()
        question = ConfirmScene(
            self, i18n.t("menu.new_game_title"),
            i18n.t("menu.replace_body", game=self.saved_game_text() or "",
                   path=str(self.saves.path.with_name("save.previous.json"))),
            i18n.t("menu.new_game"), danger=True)
        self.scenes.push(question, lambda yes: start() if yes else None)

    def saved_game_text(self) -> str | None:
        """The saved game in a line: players, round, when it was saved (None: no summary)."""

        summary = summarize(self.saves)
        if summary is None:
            return None
        return " · ".join((", ".join(summary.names),
                           i18n.t("table.round_of", n=summary.round, total=summary.rounds),
                           summary.when()))

    def _start(self, seats, rules, seed: int) -> None:

        try:
            session = Session(seats, rules, seed)
        except ConfigError as exc:  # the computer players' file (config/ai.yaml) is broken
            self.show_levels_problem(exc)
            return
        self.session_recorded[id(session)] = 0
        if session.human_seats():  # this table's save replaces the saved game: keep that
            self.autosaver.flush()
            try:
                self.saves.keep_previous()
            except OSError as exc:
                log.warning("could not keep the replaced game: %s", exc)
        self._replace(TableScene(self, session, fresh=True))
        self.autosave(session)
        _let_go_of_the_last_table()

    def continue_game(self) -> bool:
        """Resume the saved match at its exact position; False (and a notice) if it cannot."""

        self.autosaver.flush()
        data, problem = self.saves.load()
        if problem is not None:
            self.notices.append(file_notice(problem))
        if data is None:
            self.show_title()
            return False

        try:
            kinds = [seat["kind"] for seat in check_save(data)["seats"]]
        except SaveInvalid as exc:
            return self._save_unusable(str(exc))
        levels = seat_levels_problem(kinds)
        if levels is not None:  # nothing wrong with the save: the levels file is the problem
            self.show_title()
            self.show_levels_problem(levels)
            return False
        try:
            session = Session.from_save(data)
        except ConfigError as exc:
            self.show_title()
            self.show_levels_problem(exc)
            return False
        except (ValueError, IllegalActionError, KeyError, TypeError) as exc:
            return self._save_unusable(str(exc))
        except (RecursionError, MemoryError, ArithmeticError, LookupError, AttributeError) as exc:
            log.exception("the saved game does not replay")
            return self._save_unusable(f"it does not replay ({type(exc).__name__})")
        # What the statistics already hold of this match: their own record, written with
        # them, is the truth; an older save's own note is the fallback.
        recorded = self.statistics.counted.rounds(session.match_id)
        if recorded is None:
            recorded = data.get("stats_rounds", len(session.match.history))
        self.session_recorded[id(session)] = int(recorded) if isinstance(recorded, int) else 0
        self._replace(TableScene(self, session, fresh=False))
        return True

    def _save_unusable(self, reason: str) -> bool:
        """Keep the save aside (``save.bad.json``), tell the player, back to the title."""
        self.notices.append(file_notice(self.saves.set_aside(reason)))
        self.show_title()
        return False

    def show_levels_problem(self, error: Exception) -> None:
        """The computer players' file cannot be used: say so (no game can start with them)."""

        log.warning("computer players' file: %s", error)
        if self.scenes.top is None:  # started from the command line: the title behind it
            self.show_title()
        self.scenes.push(MessageScene(self, i18n.t("notice.levels_file_title"),
                                      i18n.t("notice.levels_file_bad", error=str(error))))

    @property
    def keeper(self) -> MatchKeeper:
        """The one keeper of matches (save after changes, statistics once per round), as the
        soak benchmark uses it too; it shares the app's record of rounds counted."""
        keeper = self.__dict__.get("_keeper")
        if keeper is None or keeper.writer is not self.autosaver or keeper.saves is not self.saves:
            keeper = MatchKeeper(self.saves, self.autosaver, lambda: self.statistics,
                                 self.save_statistics)
            keeper.recorded = self.session_recorded
            self.__dict__["_keeper"] = keeper
        return keeper

    def autosave(self, session) -> None:
        """Save the match after an action (``MatchKeeper.changed``)."""
        self.keeper.changed(session)

    def record_round(self, session) -> None:
        """Count the round just finished, once (``MatchKeeper.round_over``)."""
        self.keeper.round_over(session)

        release_free_memory()  # between rounds: what the round's drawing freed goes back

    def finish_match(self, session) -> None:
        """The game in the statistics; no save left to continue (``MatchKeeper.match_over``)."""
        self.keeper.match_over(session)


def _let_go_of_the_last_table() -> None:
    """A new table replaced the last one: its scenes and caches of rendered cards are freed
    now (they hold one another), and the memory they held goes back to the system."""
    import gc

    from craits.ui.memory import release_free_memory

    gc.collect()
    release_free_memory()


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
        if kind != "human" and kind not in offered:
            why = ("is not one a player may choose" if kind in profiles
                   else "is not there" + did_you_mean(kind, offered))
            return ConfigError(display_name(levels.bundled_path()), None, f"levels.{kind}",
                               f"the saved game seats the level {kind!r}, which {why}")
    return None


def file_notice(problem) -> Any:
    """A file problem as a notice for the player, shown in the language on screen."""
    try:

        return problem_notice(problem)
    except (ImportError, AttributeError, TypeError):
        return str(problem)
