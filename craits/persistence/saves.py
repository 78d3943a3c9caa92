"""The saved match (``save.json``): the session's match log, stored in the versioned envelope."""

from __future__ import annotations

import logging
from collections.abc import Mapping
from pathlib import Path

from craits.paths import safe_child, user_home
from craits.persistence.files import (
    JsonObject,
    Migration,
    Problem,
    put_aside,
    read_json,
    replace,
)
from craits.persistence.store import JsonStore

log = logging.getLogger(__name__)

SAVE_FORMAT = "craits-save"
SAVE_VERSION = 1
SAVE_FILE = "save.json"
# {N: convert version-N data to N+1}; add a step whenever SAVE_VERSION goes up.
SAVE_MIGRATIONS: dict[int, Migration] = {}


def _as_written(data: Mapping[str, object] | None) -> Mapping[str, object]:
    if not isinstance(data, dict):
        raise TypeError(f"a save is a dict, not {type(data).__name__}")
    return data


class SaveStore(JsonStore[Mapping[str, object] | None]):
    """One saved match in the user home (or ``home``). The data is the session's
    (``SaveData``), kept as JSON and given back unread: ``game_record.read_save`` reads it
    when the game is replayed. ``save`` replaces it atomically (a crash leaves the previous
    save whole); ``load`` gives None when there is no save, or one that could not be used
    (then with a problem)."""

    def __init__(self, home: Path | None = None, name: str = SAVE_FILE) -> None:
        super().__init__(safe_child(name, user_home() if home is None else home,
                                    link_allowed=True), SAVE_FORMAT, SAVE_VERSION,
                         read=lambda data: (data, []), write=_as_written,
                         default=lambda: None, migrations=SAVE_MIGRATIONS)

    def peek(self) -> JsonObject | None:
        """The saved data, read without touching the file (a file that cannot be used is
        for ``load`` to set aside and report): None when there is none usable."""
        try:
            document = read_json(self.path)
        except (OSError, ValueError):
            return None
        if not (isinstance(document, dict) and document.get("format") == SAVE_FORMAT
                and document.get("version") == SAVE_VERSION
                and isinstance(document.get("data"), dict)):
            return None
        data: JsonObject = document["data"]
        return data

    def holds(self, match_id: str) -> bool:
        """Whether the save is of the match ``match_id`` (or of one whose id begins so: the
        past games name a match by its first 16 digits)."""
        data = self.peek()
        saved = data.get("match_id") if data is not None else None
        return isinstance(saved, str) and bool(match_id) and saved.startswith(match_id)

    def exists(self) -> bool:
        return self.path.is_file()

    @property
    def previous_path(self) -> Path:
        return self.path.with_name(f"{self.path.stem}.previous{self.path.suffix}")

    @property
    def swap_path(self) -> Path:
        """Where the saved game waits while it trades places with the previous one."""
        return self.path.with_name(f"{self.path.stem}.swap{self.path.suffix}")

    def previous(self) -> SaveStore:
        """The previous game's file, as a store of its own (to read or summarise it)."""
        return SaveStore(self.path.parent, self.previous_path.name)

    def keep_previous(self) -> Path | None:
        """A new game is about to replace this one: keep it as ``save.previous.json`` (the one
        kept before goes: the caller keeps it among the past games first); its new path, or
        None when there was no save."""
        if not _present(self.path):
            return None
        previous = self.previous_path
        replace(self.path, previous)
        return previous

    def has_previous(self) -> bool:
        """Whether a game replaced by a new one is kept to be taken up again."""
        try:
            previous = self.previous_path
            return previous.is_file() and not previous.is_symlink()
        except OSError:
            return False

    def take_up_previous(self) -> None:
        """The previous game becomes the saved game again; the game it replaced, if any,
        becomes the previous one, so neither is lost. Three renames (save to swap, previous
        to save, swap to previous): a kill between any two leaves files ``recover`` puts
        right. Raises ``OSError`` if it cannot (nothing is then lost either)."""
        self.recover()
        previous, swap = self.previous_path, self.swap_path
        if not self.has_previous():
            raise FileNotFoundError(previous.name)
        if _present(swap):  # a swap ``recover`` could not place: never written over
            raise FileExistsError(swap.name)
        if not _present(self.path):
            replace(previous, self.path)
            return
        replace(self.path, swap)
        replace(previous, self.path)
        replace(swap, previous)

    def recover(self) -> Path | None:
        """Finish a take-up cut off between its renames: the swap goes where it was going
        (the previous game, once that has become the saved one). The swap's path when it is
        still there (the saved and previous games are both in place: the caller keeps it
        among the past games), else None."""
        swap = self.swap_path
        if not _present(swap):
            return None
        if not _present(self.path) and _present(self.previous_path):
            replace(self.previous_path, self.path)  # cut off after the first rename
        if not _present(self.previous_path):
            replace(swap, self.previous_path)
            return None
        return swap

    def clear(self) -> None:
        """Forget the save (the match ended): one that cannot be removed is only logged (the
        finished game is kept among the past games whatever its save does)."""
        try:
            self.path.unlink(missing_ok=True)
        except OSError as exc:
            log.warning("could not remove the finished game's save: %s", exc)

    def set_aside(self, reason: str) -> Problem:
        """Keep a save the session could not replay as ``save.bad.json``; a message for the
        player. ``reason`` says what went wrong, e.g. "action 12 is not legal"."""
        return put_aside(self.path, "bad", "damaged", reason)


def _present(path: Path) -> bool:
    return path.exists() or path.is_symlink()
