"""A game is never dropped while it is kept nowhere else: a new game keeps the game it replaces
as the previous one and among the past games, the previous game it pushes out among the past
games too, and taking up the previous game survives a kill between any two of its renames."""

from __future__ import annotations

import os
import re

import pytest
from app_driver import FRAME, drive_session, make_app, raise_errors, short_rules
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

from craits import i18n
from craits.persistence import SaveStore
from craits.persistence.archive import GameArchive
from craits.persistence.player_files import PlayerFiles
from craits.seat import Seat
from craits.session import Session
from craits.ui.matches import CannotKeep, Matches, OpenTable, StartRequest


class Killed(BaseException):
    """The process ends here: nothing after it runs (no ``except Exception`` catches it)."""


def kill_at_rename(monkeypatch, after: int) -> None:
    """The ``after``-th rename (0: the first) of any file never happens: the game is killed."""
    real, count = os.replace, [0]

    def replace(source, target, *args, **kwargs):
        if count[0] == after:
            raise Killed(f"killed before renaming {os.path.basename(source)}")
        count[0] += 1
        return real(source, target, *args, **kwargs)

    monkeypatch.setattr(os, "replace", replace)


def kept_ids(home) -> set[str]:
    """The match ids of every game kept in the folder: saved, previous, among past games."""
    ids = set()
    for name in ("save.json", "save.previous.json"):
        data = SaveStore(home, name).peek()
        if data is not None:
            ids.add(str(data["match_id"])[:16])
    for path in (home / "games").glob("game-*.json"):
        found = re.fullmatch(r"game-\d{8}-\d{6}-([0-9a-f]+)\.json", path.name)
        if found:
            ids.add(found[1])
    return ids


def saved_id(home, name: str = "save.json") -> str | None:
    data = SaveStore(home, name).peek()
    return None if data is None else str(data["match_id"])[:16]


def new_matches(home) -> Matches:
    files = PlayerFiles(home)
    files.autosaver.threaded = False
    return Matches(files)


def start(matches: Matches, seed: int, moves: int = 0) -> Session:
    """A new game with a human seat, saved (as the app saves a table it opens), ``moves``
    actions into it."""
    outcome = matches.start(StartRequest((Seat("human", "Ana"), Seat("easy", "Bo")),
                                         short_rules(), seed), replace_ok=True)
    assert isinstance(outcome, OpenTable), outcome
    session = outcome.session
    if moves:
        drive_session(session, lambda: len(session.records) >= moves)
    matches.keeper.changed(session)
    matches.keeper.flush()
    return session


# ------------------------------------------------------------ the blocker, as found


@pytest.fixture
def app(tmp_path, monkeypatch):
    made = make_app(tmp_path, monkeypatch)
    raise_errors(made)
    made.autosaver.threaded = False
    yield made
    made.shutdown()


def test_taking_up_the_previous_game_then_replacing_it_keeps_the_game_that_was_in_progress(
        tmp_path, app):
    from craits.ui.dialogs.confirm import ConfirmScene

    first = start(app.matches, 1, moves=6).match_id[:16]
    second = start(app.matches, 2, moves=9).match_id[:16]
    assert saved_id(tmp_path) == second and saved_id(tmp_path, "save.previous.json") == first
    assert app.continue_previous()  # the two swap
    assert saved_id(tmp_path) == first and saved_id(tmp_path, "save.previous.json") == second
    app.show_title()
    app.step(FRAME)
    app.new_game(app.seats_for(["human", "easy"]), short_rules(), 3)
    question = app.scenes.top
    assert isinstance(question, ConfirmScene)
    # The question says what becomes of each game: the one in progress can be taken up again,
    # the previous one can no longer be, and stays among the past games.
    assert i18n.t("menu.continue_previous") in question.body
    assert "can then no longer be taken up again" in question.body
    question.confirm_button.on_click()
    app.step(FRAME)
    app.autosaver.flush()
    assert {first, second} <= kept_ids(tmp_path)
    assert saved_id(tmp_path, "save.previous.json") == first
    games, problems = GameArchive(tmp_path).games()
    assert problems == [] and {g.path.name.split("-")[-1][:-5] for g in games} == {first, second}
    assert not any(g.over for g in games)


def test_without_a_previous_game_the_question_says_nothing_of_one(tmp_path, app):
    from craits.ui.dialogs.confirm import ConfirmScene

    start(app.matches, 1, moves=3)
    app.show_title()
    app.step(FRAME)
    app.new_game(app.seats_for(["human", "easy"]), short_rules(), 3)
    question = app.scenes.top
    assert isinstance(question, ConfirmScene)
    assert "no longer" not in question.body


def test_a_game_replaced_before_its_first_move_is_kept_too(tmp_path):
    matches = new_matches(tmp_path)
    first = start(matches, 1).match_id[:16]
    start(matches, 2)
    start(matches, 3)
    assert first in kept_ids(tmp_path)


def test_when_the_previous_game_cannot_be_kept_the_new_game_does_not_start(tmp_path,
                                                                           monkeypatch):
    matches = new_matches(tmp_path)
    start(matches, 1, moves=4)
    start(matches, 2, moves=4)
    before = {name: (tmp_path / name).read_bytes()
              for name in ("save.json", "save.previous.json")}

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(matches.keeper.archive, "keep", refuse)
    outcome = matches.start(StartRequest((Seat("human", "Ana"), Seat("easy", "Bo")),
                                         short_rules(), 3), replace_ok=True)
    assert isinstance(outcome, CannotKeep)
    assert outcome.error == "the system does not allow it" or "denied" in outcome.error.lower()
    for name, content in before.items():
        assert (tmp_path / name).read_bytes() == content  # nothing changed


def test_the_refusal_is_told_in_the_window(tmp_path, app, monkeypatch):
    from craits.ui.dialogs.message import MessageScene

    start(app.matches, 1, moves=4)
    start(app.matches, 2, moves=4)

    def refuse(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(app.matches.keeper.archive, "keep", refuse)
    app.show_title()
    app.new_game(app.seats_for(["human", "easy"]), short_rules(), 3, replace_ok=True)
    told = app.scenes.top
    assert isinstance(told, MessageScene) and app.current_table() is None
    assert i18n.t("notice.not_replaced_title") in told.title


# ------------------------------------------------------------ a kill between renames


@pytest.mark.parametrize("killed_at", [0, 1, 2])
def test_a_take_up_killed_between_any_two_renames_is_finished_at_the_next_start(
        tmp_path, monkeypatch, killed_at):
    matches = new_matches(tmp_path)
    first = start(matches, 1, moves=5).match_id[:16]
    second = start(matches, 2, moves=5).match_id[:16]
    with monkeypatch.context() as patched:
        kill_at_rename(patched, killed_at)
        with pytest.raises(Killed):
            matches.saves.take_up_previous()
    on_disk = {saved_id(tmp_path, name) for name in
               ("save.json", "save.previous.json", "save.swap.json")}
    assert {first, second} <= on_disk
    again = new_matches(tmp_path)  # the next start puts the files right
    assert not (tmp_path / "save.swap.json").exists()
    # Killed before the first rename, nothing moved; after it, the take-up is finished.
    expected = (second, first) if killed_at == 0 else (first, second)
    assert (saved_id(tmp_path), saved_id(tmp_path, "save.previous.json")) == expected
    assert again.resume()[1] == []


def test_a_swap_with_nowhere_to_go_is_kept_among_the_past_games(tmp_path):
    matches = new_matches(tmp_path)
    stray = start(matches, 1, moves=5).match_id[:16]
    (tmp_path / "save.json").rename(tmp_path / "save.swap.json")
    start(matches, 2, moves=5)
    start(matches, 3, moves=5)
    new_matches(tmp_path)
    assert not (tmp_path / "save.swap.json").exists()
    assert stray in kept_ids(tmp_path)


# ------------------------------------------------------------ every sequence


class ReplaceAndTakeUp(RuleBasedStateMachine):
    """New game / replace / take up the previous game / a kill at any rename, then a
    restart: no game once saved ever leaves the folder."""

    def __init__(self) -> None:
        super().__init__()
        import tempfile
        from pathlib import Path

        self._dir = tempfile.TemporaryDirectory()
        self.home = Path(self._dir.name)
        self.matches = new_matches(self.home)
        self.saved: set[str] = set()
        self.seed = 0

    def teardown(self) -> None:
        self._dir.cleanup()

    def _killed(self, after: int, act) -> None:
        real, count = os.replace, [0]

        def replace(source, target, *args, **kwargs):
            if count[0] == after:
                raise Killed
            count[0] += 1
            return real(source, target, *args, **kwargs)

        os.replace = replace
        try:
            act()
        except Killed:
            pass
        finally:
            os.replace = real
        self.matches = new_matches(self.home)  # the app starts again

    @precondition(lambda self: len(self.saved) < 12)
    @rule(moves=st.integers(0, 6))
    def new_game(self, moves: int) -> None:
        self.seed += 1
        self.saved.add(start(self.matches, self.seed, moves).match_id[:16])

    @precondition(lambda self: len(self.saved) < 12)
    @rule(after=st.integers(0, 3))
    def new_game_killed(self, after: int) -> None:
        self.seed += 1
        self._killed(after, lambda: self.saved.add(start(self.matches, self.seed)
                                                   .match_id[:16]))

    @rule()
    def take_up_previous(self) -> None:
        if self.matches.saves.has_previous():
            self.matches.saves.take_up_previous()

    @rule(after=st.integers(0, 2))
    def take_up_killed(self, after: int) -> None:
        if self.matches.saves.has_previous():
            self._killed(after, self.matches.saves.take_up_previous)

    @invariant()
    def no_game_is_dropped(self) -> None:
        assert not (self.home / "save.swap.json").exists()  # every kill was put right
        assert self.saved <= kept_ids(self.home)


TestReplaceAndTakeUp = ReplaceAndTakeUp.TestCase
TestReplaceAndTakeUp.settings = settings(max_examples=25, stateful_step_count=12, deadline=None,
                                         suppress_health_check=list(HealthCheck))
