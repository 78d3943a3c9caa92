"""A game that ends while the disk is full or read-only is kept among the past games once
writing works again: it waits in memory, and its save (which holds it) stays until it is
kept, also across a quit and a new start."""

from __future__ import annotations

import errno
import os

import pytest
from test_review_replay import play

from craits.persistence import files
from craits.persistence.archive import GameArchive
from craits.persistence.keeping import MatchKeeper
from craits.persistence.player_files import RETRY_SECONDS, PlayerFiles


class Disk:
    """Every write of the player's files fails with ``code`` while ``broken``."""

    def __init__(self, monkeypatch, code: int) -> None:
        self.broken = False
        real = files.tempfile.mkstemp

        def mkstemp(*args, **kwargs):
            if self.broken:
                raise OSError(code, os.strerror(code))
            return real(*args, **kwargs)

        monkeypatch.setattr(files.tempfile, "mkstemp", mkstemp)


def keeper_of(player_files: PlayerFiles) -> MatchKeeper:
    return MatchKeeper(player_files.saves, player_files.autosaver,
                       lambda: player_files.statistics, player_files.save_statistics,
                       player_files.archive)


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EROFS])
def test_a_game_ended_on_a_full_disk_is_kept_once_space_comes_back(tmp_path, monkeypatch,
                                                                   code):
    disk = Disk(monkeypatch, code)
    player_files = PlayerFiles(tmp_path)
    keeper = keeper_of(player_files)
    session = play(6, ("human", "easy"))
    player_files.saves.save(session.to_save())
    disk.broken = True
    keeper.match_over(session)
    assert GameArchive(tmp_path).games()[0] == []
    assert player_files.archive.pending and player_files.saves.exists()  # held, not lost
    player_files.write_again(now=1000.0)  # still full: still waiting
    assert player_files.archive.pending
    disk.broken = False
    player_files.write_again(now=1000.0 + RETRY_SECONDS)  # no save comes: tried in time
    games, _ = GameArchive(tmp_path).games()
    assert [g.totals for g in games] == [session.match.totals]
    assert not player_files.archive.pending and not player_files.saves.exists()
    player_files.close()


def test_quitting_while_the_disk_is_full_keeps_the_game_for_the_next_start(tmp_path,
                                                                          monkeypatch):
    from craits.ui.matches import Matches

    disk = Disk(monkeypatch, errno.ENOSPC)
    player_files = PlayerFiles(tmp_path)
    session = play(7, ("human", "easy"))
    player_files.saves.save(session.to_save())
    disk.broken = True
    keeper_of(player_files).match_over(session)
    player_files.close()  # the last try fails too
    assert GameArchive(tmp_path).games()[0] == [] and player_files.saves.exists()
    disk.broken = False
    again = PlayerFiles(tmp_path)
    Matches(again)  # the next start reads the save that held the game
    games, _ = GameArchive(tmp_path).games()
    assert [g.totals for g in games] == [session.match.totals]
    assert again.statistics.games["overall"].played == 1  # counted once, at the end
    again.close()


def test_a_new_games_save_is_never_removed_by_an_old_game_kept_late(tmp_path, monkeypatch):
    disk = Disk(monkeypatch, errno.ENOSPC)
    player_files = PlayerFiles(tmp_path)
    finished, playing = play(8, ("human", "easy")), play(9, ("human", "easy"))
    disk.broken = True
    keeper_of(player_files).match_over(finished)
    disk.broken = False
    player_files.saves.save(playing.to_save())  # the next game has begun
    player_files.write_pending_games()
    assert len(GameArchive(tmp_path).games()[0]) == 1
    assert player_files.saves.holds(playing.match_id)
    player_files.close()
