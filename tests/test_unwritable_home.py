"""A read-only or full folder: the player is told once, in their language, plays on, and every
write is tried again, so nothing is lost once the folder can be written again. The log says
it once, not once per move."""

from __future__ import annotations

import errno
import logging

import pygame
import pytest
from app_driver import FRAME, StandInPlayer, make_app, post_key, raise_errors, short_rules

from craits import i18n
from craits.persistence import SaveStore, StatisticsStore, files


@pytest.fixture(autouse=True)
def _english_afterwards():
    yield
    i18n.set_language("en")


class Disk:
    """Every write of the player's files fails with ``code`` while ``broken``."""

    def __init__(self, monkeypatch, code: int) -> None:
        self.broken = False
        real = files.tempfile.mkstemp

        def mkstemp(*args, **kwargs):
            if self.broken:
                raise OSError(code, __import__("os").strerror(code))
            return real(*args, **kwargs)

        monkeypatch.setattr(files.tempfile, "mkstemp", mkstemp)


def play(app, player, frames: int, seen: list, until=lambda: False) -> None:
    from craits.ui.dialogs.message import MessageScene

    for _ in range(frames):
        if until():
            return
        top = app.scenes.top
        if isinstance(top, MessageScene):
            if not seen or seen[-1] is not top:
                seen.append(top)
            post_key(pygame.K_RETURN)
        else:
            player.act(app)
        app.step(FRAME)


@pytest.mark.parametrize(("code", "language"), [(errno.EROFS, "en"), (errno.ENOSPC, "es")])
def test_the_player_is_told_once_plays_on_and_nothing_is_lost(tmp_path, monkeypatch, caplog,
                                                              code, language):
    disk = Disk(monkeypatch, code)
    app = make_app(tmp_path, monkeypatch, language=language)
    raise_errors(app)
    try:
        app.new_game(app.seats_for(["human", "easy"]), short_rules(), 8)
        session = app.current_table().session
        player, told = StandInPlayer(4), []
        play(app, player, 5, told)
        disk.broken = True
        caplog.set_level(logging.INFO)
        start = len(session.records)
        # Moves, a round's end and the next round's first moves, all unwritten.
        play(app, player, 5000, told, lambda: len(session.match.history) >= 1
             and not session.match.state.is_over() and app.scenes.top is app.current_table()
             and len(session.records) > start + 40)
        assert len(session.match.history) >= 1 and len(session.records) > start + 40
        assert len(told) == 1  # once, however many moves and writes failed
        assert told[0].title == i18n.t("notice.cannot_save_title")
        assert told[0].body == i18n.t("notice.cannot_save", folder=str(tmp_path),
                                      reason=__import__("os").strerror(code))
        warnings = [r for r in caplog.records if r.levelno >= logging.WARNING]
        assert len(warnings) <= 2, [r.getMessage() for r in warnings]  # save, statistics
        assert app.files.statistics_unsaved
        # The folder can be written again: the next move saves everything.
        disk.broken = False
        moves = len(session.records)
        play(app, player, 400, told, lambda: len(session.records) > moves + 2)
        assert len(session.records) > moves and not session.match.is_over()
        app.autosaver.flush()
        app.step(FRAME)  # the save written, the statistics are written again
        app.autosaver.flush()  # a move that frame made is in the save too
        data, problem = SaveStore(tmp_path).load()
        assert problem is None and data["actions"] == session.records
        stats, _ = StatisticsStore(tmp_path).load()
        assert stats.rounds["overall"].played == len(session.match.history)
        assert not app.files.statistics_unsaved and len(told) == 1
    finally:
        app.shutdown()


def test_statistics_unwritten_at_quitting_are_written_by_the_last_try(tmp_path, monkeypatch):
    disk = Disk(monkeypatch, errno.ENOSPC)
    app = make_app(tmp_path, monkeypatch)
    try:
        disk.broken = True
        app.statistics.record_round(["human", "easy"], [0, 10], winner=0)
        assert not app.save_statistics() and app.files.statistics_unsaved
        disk.broken = False
    finally:
        app.shutdown()
    assert StatisticsStore(tmp_path).load()[0].rounds["overall"].played == 1
