"""Past games read as carefully as saves: a kept game whose fields a save would refuse (a seat
name with a NUL, a total hundreds of digits long) is set aside, not shown; a ``games`` folder
of thousands of files opens at once (only the newest are read) and is pruned. And a settings
file damaged in one field is kept once, not once per start."""

from __future__ import annotations

import json

import pytest
from app_driver import make_app, raise_errors
from test_review_replay import play

from craits.persistence import SettingsStore, files
from craits.persistence.archive import KEEP, GameArchive
from craits.ui.menus.past_games import PastGamesScene


@pytest.fixture(scope="module")
def record_text() -> str:
    archive_home = __import__("tempfile").mkdtemp()
    path = GameArchive(__import__("pathlib").Path(archive_home)).keep(play(4, ("human", "easy")))
    return path.read_text("utf-8")


def kept(archive: GameArchive, text: str, stamp: str = "20261130-120000",
         match_id: str = "abc") -> None:
    archive.folder.mkdir(parents=True, exist_ok=True)
    (archive.folder / f"game-{stamp}-{match_id}.json").write_text(text, "utf-8")


@pytest.mark.parametrize("change", ["nul", "control", "long total", "kind", "rounds",
                                    "title", "field", "focus", "result"])
def test_a_past_game_with_a_field_a_save_would_refuse_is_set_aside(tmp_path, monkeypatch,
                                                                   record_text, change):
    record = json.loads(record_text)
    if change == "nul":
        record["seats"][0]["name"] = "Ana\x00"
    elif change == "control":
        record["seats"][1]["name"] = "Bo\x1b[2J"
    elif change == "long total":
        record["result"]["totals"][0] = int("9" * 300)
    elif change == "kind":
        record["seats"][1]["kind"] = "Hard Level!"
    elif change == "title":  # read by the one reader of records, as an opened record is
        record["title"] = "two\nlines"
    elif change == "field":
        record["colour"] = "red"
    elif change == "focus":
        record["focus"] = len(record["actions"]) + 1
    elif change == "result":
        record["result"]["over"] = "yes"
    else:
        record["result"]["finished_rounds"] = -3
    archive = GameArchive(tmp_path)
    kept(archive, json.dumps(record))
    kept(archive, record_text, "20261130-110000", "def")  # a good one, older
    app = make_app(tmp_path, monkeypatch)
    raise_errors(app)
    try:
        scene = PastGamesScene(app, archive, analyse=False)
        app.scenes.push(scene)
        for _ in range(3):
            app.step(1 / 30)  # drawn, and the problem told: before, an error at every opening
        assert [g.path.name for g in scene.games] == ["game-20261130-110000-def.json"]
        assert (archive.folder / "game-20261130-120000-abc.bad.json").is_file()
    finally:
        app.shutdown()


def test_thousands_of_past_games_open_at_once_and_are_pruned(tmp_path, monkeypatch,
                                                             record_text):
    archive = GameArchive(tmp_path)
    archive.folder.mkdir()
    for i in range(2000):  # one a second from midnight
        stamp = f"20260101-{i // 3600:02d}{i // 60 % 60:02d}{i % 60:02d}"
        (archive.folder / f"game-{stamp}-{i:x}.json").write_text(record_text, "utf-8")
    reads = []
    real = files.read_limited

    def counting(path, limit):
        reads.append(path)
        return real(path, limit)

    monkeypatch.setattr("craits.persistence.files.read_limited", counting)
    games, problems = archive.games()
    # Only the kept games are read (before: every file, 4.5 s for these 2,000).
    assert problems == [] and len(games) == KEEP and len(reads) == KEEP
    assert games[0].path.name == "game-20260101-003319-7cf.json"  # the newest by its name
    assert len(list(archive.folder.glob("game-*.json"))) == KEEP  # and the rest let go


def test_a_settings_file_damaged_in_one_field_is_kept_once_and_told_once(tmp_path):
    damaged = '{"format": "craits-settings", "version": 1, "data": {"volume": "loud"}}'
    (tmp_path / "settings.json").write_text(damaged, "utf-8")
    settings, problem = SettingsStore(tmp_path).load()
    assert problem.kind == "fields" and problem.kept_as == "settings.bad.json"
    for _ in range(3):  # written back cleaned: the next starts have nothing to tell
        assert SettingsStore(tmp_path).load() == (settings, None)
    assert [p.name for p in tmp_path.glob("settings.bad*.json")] == ["settings.bad.json"]
    assert (tmp_path / "settings.bad.json").read_text("utf-8") == damaged
    # Another damage is another file, kept too.
    other = damaged.replace('"loud"', '"louder"')
    (tmp_path / "settings.json").write_text(other, "utf-8")
    for _ in range(2):
        SettingsStore(tmp_path).load()
    assert sorted(p.name for p in tmp_path.glob("settings.bad*.json")) == [
        "settings.bad-2.json", "settings.bad.json"]
    assert (tmp_path / "settings.bad-2.json").read_text("utf-8") == other
