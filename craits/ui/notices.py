"""Messages for the player about their files, in their language.

The persistence layer describes a file it could not use with a ``Problem`` (kind, file,
kept_as); this turns it into a ``Notice`` for ``app.notices``. A notice is translated when it is
shown (``str(notice)``), so a notice made before the language is known, or shown after the
player changed it, still reads in the language on screen.
"""

from __future__ import annotations

from dataclasses import dataclass

from craits import i18n
from craits.persistence import Problem

# Which of the player's files a problem is about, by its stored name.
_FILES = {"save.json": "save", "settings.json": "settings", "stats.json": "stats",
          "ratings.json": "ratings"}


@dataclass(frozen=True)
class Notice:
    """A catalogue key and its parameters, rendered in the current language by ``str()``."""

    key: str
    params: tuple[tuple[str, str | int], ...] = ()

    def __str__(self) -> str:
        return i18n.t(self.key, **dict(self.params))


def notice_key(problem: Problem) -> str:
    """The catalogue key telling the player about ``problem`` (see ``notice.*``)."""
    what = _FILES.get(problem.file)
    if problem.kind == "unreadable":
        return "notice.unreadable"
    if problem.kind == "refused":
        return "notice.games_link_refused"
    if problem.kind == "fields" and what in ("settings", "stats"):
        return f"notice.{what}_fields_kept" if problem.kept_as else f"notice.{what}_fields"
    if problem.kind == "fields" and problem.kept_as:  # only some entries were left out
        return "notice.ratings_fields_kept" if what == "ratings" else "notice.entries_kept"
    if problem.kept_as is None:
        return "notice.not_kept"
    if what == "save":
        return {"newer": "notice.save_newer", "too_old": "notice.save_too_old"}.get(
            problem.kind, "notice.save_damaged")
    if what in ("settings", "stats"):
        return f"notice.{what}_damaged"
    return "notice.file_kept"


def problem_notice(problem: Problem) -> Notice:
    """What to tell the player about a file that could not be used as it was."""
    path = problem.kept_path or problem.file  # the folder too: where to find it
    return Notice(notice_key(problem), (("path", path), ("file", problem.file),
                                        ("folder", problem.folder or ""),
                                        ("reason", problem.detail), ("count", problem.count)))

