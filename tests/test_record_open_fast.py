"""Long records open fast and never freeze the window: each action is read once (by the check,
which hands the replay what it read), a refused record is refused with the same message as
before, and Past games and *Open game record* read and replay a long game on a thread while
frames go on, showing the review's progress bar; Esc stops it."""

from __future__ import annotations

import importlib.util
import json
import threading
import time
from functools import lru_cache
from pathlib import Path

import pygame
import pytest
from test_review_replay import game, play

import craits.engine.notation as notation
import craits.session as session_module
from craits.engine.notation import NotationError, read_log_entry
from craits.persistence.archive import GameArchive
from craits.review import RecordError, Replay, export_record, load_record
from craits.review.record import check_match
from craits.review.replay import Cancelled, Progress
from craits.session import Session
from craits.ui.dialogs import opening
from craits.ui.dialogs.message import MessageScene
from craits.ui.menus import past_games
from craits.ui.menus.past_games import PastGamesScene
from craits.ui.review import open_record
from craits.ui.review.open_record import OpenRecordScene
from craits.ui.review.scene import ReviewScene

ROOT = Path(__file__).resolve().parents[1]
LONG = opening.LONG_RECORD + 3000  # actions: more than is opened on the frame


@lru_cache(maxsize=1)
def long_record() -> dict:
    spec = importlib.util.spec_from_file_location("review_speed",
                                                  ROOT / "benchmarks" / "review_speed.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    record = module.long_record(LONG)
    assert len(record["actions"]) == LONG
    return record


class Counted:
    def __init__(self, function) -> None:
        self.function = function
        self.calls = 0

    def __call__(self, *args, **kwargs):
        self.calls += 1
        return self.function(*args, **kwargs)


@pytest.fixture
def reads(monkeypatch):
    """(reads by the check, reads by the replay loop) of action records."""
    checked, replayed = Counted(read_log_entry), Counted(read_log_entry)
    monkeypatch.setattr(notation, "read_log_entry", checked)
    monkeypatch.setattr(session_module, "read_log_entry", replayed)
    return checked, replayed


# ---------------------------------------------------------------- read once


def shapes(actions: list[dict]) -> int:
    return len({json.dumps(a) for a in actions})


def test_a_record_opens_reading_each_kind_of_action_once(reads):
    record = export_record(play(7, ("human", "easy", "medium")))
    actions = record["actions"]
    checked, replayed = reads
    checked.calls = replayed.calls = 0  # the export's own reading aside
    replay = Replay(record)
    assert replayed.calls == 0  # before: every action read again by the replay
    assert checked.calls == shapes(actions) < len(actions)
    assert len(replay.steps) == len(actions) + 1
    assert replay.steps[-1].state == load_record(record).match.state
    checked.calls = 0
    assert load_record(record).match.totals == replay.session.match.totals  # the same there
    assert replayed.calls == 0 and checked.calls == shapes(actions)


def test_a_save_is_continued_reading_each_kind_of_action_once(reads):
    session = play(8, ("human", "easy"))
    checked, replayed = reads
    again = Session.from_save(session.to_save())
    assert replayed.calls == 0 and checked.calls == shapes(session.records)
    assert again.match == session.match and again.events == session.events


def test_the_same_record_gives_the_same_actions_as_reading_each_alone():
    record = export_record(play(9, ("human", "easy")))
    entries = check_match(record).entries
    assert list(entries) == [read_log_entry(a, 2) for a in record["actions"]]


# Values Python finds equal to good ones (true == 1, 0 == False == 0.0) are still refused,
# as is what is no object at all; the message is the one the record alone would get.
@pytest.mark.parametrize("bad", [
    {"player": 0, "draw": 1}, {"player": False, "draw": True}, {"player": 0.0, "draw": True},
    {"player": 0, "play": "ZZ"}, {"next_round": 1}, {"player": 0, "draw": [True]},
    ["player", 0], "draw", None, 7,
])
def test_a_record_the_check_refuses_is_refused_with_the_message_of_that_action(bad):
    record = export_record(play(9, ("human", "easy")))
    index = next(i for i, a in enumerate(record["actions"]) if a.get("draw"))
    actions = record["actions"]
    actions.insert(index + 1, bad)
    with pytest.raises(NotationError) as alone:
        read_log_entry(bad, 2)
    expected = f"actions[{index + 1}]: {alone.value}"
    with pytest.raises(RecordError) as refused:
        Replay(record)
    assert str(refused.value) == expected
    with pytest.raises(RecordError) as refused:
        load_record(record)
    assert str(refused.value) == expected
    save = {**play(9, ("human", "easy")).to_save(), "actions": actions}
    with pytest.raises(ValueError, match=r"damaged \(actions\[\d+\]: "):
        Session.from_save(save)


def test_an_action_read_well_that_does_not_replay_is_refused_as_before():
    record = game(3, ("human", "easy"))
    record = export_record(record)
    record["actions"][4] = {"player": 0, "pass": True}  # never legal without a drawn card
    with pytest.raises(RecordError, match=r"^actions\[4\] \(.*\) does not replay: "):
        Replay(record)


def test_a_replay_tells_its_progress_and_stops_when_cancelled():
    record = long_record()
    progress = Progress()
    seen = []
    real = Replay._record

    def record_step(self, *args):
        seen.append((progress.done, progress.total))
        real(self, *args)

    Replay._record = record_step  # type: ignore[method-assign]
    try:
        replay = Replay(record, progress)
    finally:
        Replay._record = real  # type: ignore[method-assign]
    assert progress.done == progress.total == LONG and len(replay.steps) == LONG + 1
    assert seen[1][1] == LONG and 0 < seen[LONG // 2][0] < LONG  # it grows as it goes
    progress = Progress()
    progress.cancel()
    with pytest.raises(Cancelled):
        Replay(record, progress)
    assert progress.done == 0  # at the first slice


def test_the_game_digest_the_review_asks_for_is_made_on_the_opening_thread(monkeypatch):
    import craits.review.replay as replay_module

    threads = []
    real = replay_module.game_key

    def spy(save):
        threads.append(threading.current_thread().name)
        return real(save)

    monkeypatch.setattr(replay_module, "game_key", spy)
    made = opening.Opening(lambda progress: Replay(long_record(), progress))
    made.wait(60)
    replay = made.poll()
    assert replay is not None and threads == ["craits-opening"]
    assert replay.game_key == real(replay.save) and threads == ["craits-opening"]  # once


def test_long_replays_stay_set_aside_from_the_collector_until_the_last_is_gone(monkeypatch):
    import gc

    import craits.review.replay as replay_module

    monkeypatch.setattr(replay_module, "COLLECT_AFTER", 10)  # a game's record counts as long
    record = export_record(play(9, ("human", "easy")))
    first = Replay(record)
    made: list = []
    thread = threading.Thread(target=lambda: made.append(Replay(record)))  # as an opening
    thread.start()
    thread.join(60)
    assert gc.get_freeze_count() > 0
    del first
    assert gc.get_freeze_count() > 0  # the other is still set aside
    made.clear()  # the last, let go on this thread
    assert gc.get_freeze_count() == 0 and gc.isenabled()


@pytest.mark.parametrize("actions", [0, 1, 5, 6, 7, 40])
def test_a_game_key_made_a_slice_at_a_time_is_the_digest_of_the_whole_text(monkeypatch,
                                                                           actions):
    import hashlib

    import craits.persistence.game_record as record_module

    monkeypatch.setattr(record_module, "KEY_SLICE", 3)
    save = Replay(game(3, ("human", "easy"))).save
    save = {**save, "actions": save["actions"][:actions],
            "seats": [{"kind": "human", "name": "Zoë ☆"}, save["seats"][1]]}
    text = json.dumps({key: save[key] for key in ("seed", "rules", "seats", "actions")},
                      sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    assert record_module.game_key(save) == hashlib.sha256(text.encode("ascii")).hexdigest()[:32]


def test_a_long_game_key_is_written_a_slice_of_actions_at_a_time(monkeypatch):
    """Each call holds the interpreter: the window's thread waits for it to end."""
    import craits.persistence.game_record as record_module

    record = long_record()
    whole = record_module.game_key(record)
    sizes = []
    real = json.dumps

    def spy(value, **options):
        sizes.append(len(value) if isinstance(value, list) else 1)
        return real(value, **options)

    monkeypatch.setattr(json, "dumps", spy)
    assert record_module.game_key(record) == whole
    assert max(sizes) == record_module.KEY_SLICE and sum(sizes) > LONG


def test_a_fault_on_the_opening_thread_is_raised_on_the_window_s_as_if_opened_there():
    def broken(progress):
        raise KeyError("a fault of the game's")

    made = opening.Opening(broken)
    made.wait(60)
    with pytest.raises(KeyError):
        made.poll()
    made = opening.Opening(lambda progress: (_ for _ in ()).throw(PermissionError(13, "x")))
    made.wait(60)
    with pytest.raises(RecordError, match="cannot be read \\(permission denied\\)"):
        made.poll()


# ---------------------------------------------------------------- the window


@pytest.fixture
def window(monkeypatch, tmp_path):
    import test_ui_review

    from craits.ui.cards.art import CardArt

    monkeypatch.setenv("CRAITS_HOME", str(tmp_path))
    pygame.init()
    pygame.display.set_mode((1280, 800))
    test_ui_review.CARD_ART = CardArt()
    return test_ui_review.App()


def kept_long(tmp_path: Path, record: dict | None = None) -> tuple[GameArchive, Path]:
    archive = GameArchive(tmp_path / "home")
    archive.folder.mkdir(parents=True, exist_ok=True)
    path = archive.folder / "game-20261201-120000-abc.json"
    path.write_text(json.dumps(record or long_record()), "utf-8")
    return archive, path


class Gate:
    """Holds a function back until opened: the thread is surely still at work meanwhile."""

    def __init__(self, function) -> None:
        self.function = function
        self.event = threading.Event()

    def __call__(self, *args, **kwargs):
        assert self.event.wait(60)
        return self.function(*args, **kwargs)


def frame(scene, surface) -> float:
    start = time.perf_counter()
    scene.update(1 / 60)
    scene.draw(surface)
    return time.perf_counter() - start


def test_past_games_opens_a_long_game_on_a_thread_while_frames_go_on(window, tmp_path,
                                                                    monkeypatch):
    archive, path = kept_long(tmp_path)
    shown = []
    real_draw = past_games.draw_progress

    def spy(surface, bar, opened, text, theme):
        shown.append(text)
        real_draw(surface, bar, opened, text, theme)

    monkeypatch.setattr(past_games, "draw_progress", spy)
    scene = PastGamesScene(window, archive, analyse=False)
    window.scenes.push(scene)
    surface = pygame.Surface(window.size)
    frame(scene, surface)  # its first frame, before anything opens
    gate = Gate(scene._replay_of)
    monkeypatch.setattr(scene, "_replay_of", gate)
    started = time.perf_counter()
    scene.open_game(scene.games[0])
    assert time.perf_counter() - started < 0.25  # nothing read here: a thread started
    assert scene.opening is not None and window.scenes.top is scene
    for _ in range(5):  # frames go on, the bar shown, while the game is not open yet
        assert frame(scene, surface) < 0.25
    assert window.scenes.top is scene and shown[-1] == opening.opening_text(Progress())
    assert len(shown) == 5  # each frame
    key(scene, pygame.K_RETURN)  # the list waits: no second opening
    gate.event.set()
    frames, worst = 0, 0.0
    deadline = time.perf_counter() + 60
    while window.scenes.top is scene and time.perf_counter() < deadline:
        worst = max(worst, frame(scene, surface))
        frames += 1
        time.sleep(0.005)
    review = window.scenes.top
    assert isinstance(review, ReviewScene)
    assert frames >= 1 and worst < 0.25, (frames, worst)  # never a frame the open's length
    assert scene.opening is None
    # The very review a synchronous open gives.
    alone = Replay(archive.record(scene.games[0]))
    assert review.replay.steps == alone.steps and review.replay.save == alone.save
    assert [r.steps for r in review.replay.rounds] == [r.steps for r in alone.rounds]
    monkeypatch.setattr(past_games, "long_file", lambda path: False)
    synchronous = PastGamesScene(window, archive, analyse=False)
    window.scenes.push(synchronous)
    synchronous.open_game(synchronous.games[0])
    other = window.scenes.top
    assert isinstance(other, ReviewScene) and other is not review
    assert (other.round, other.number) == (review.round, review.number)
    assert other.replay.steps == review.replay.steps


def test_esc_stops_opening_a_long_past_game_and_the_list_stays(window, tmp_path, monkeypatch):
    archive, path = kept_long(tmp_path)
    scene = PastGamesScene(window, archive, analyse=False)
    window.scenes.push(scene)
    gate = Gate(scene._replay_of)
    monkeypatch.setattr(scene, "_replay_of", gate)
    scene.open_game(scene.games[0])
    opened = scene.opening
    assert opened is not None
    key(scene, pygame.K_ESCAPE)
    assert scene.opening is None and window.scenes.top is scene  # stopped, not gone back
    gate.event.set()
    opened.wait(60)
    assert opened.done and opened.progress.done == 0  # it stopped at once
    surface = pygame.Surface(window.size)
    for _ in range(3):
        frame(scene, surface)
    assert window.scenes.top is scene and path.exists()
    scene.open_game(scene.games[0])  # Back stops it too, and stays
    click(scene, scene.back_button)
    assert scene.opening is None and window.scenes.top is scene
    key(scene, pygame.K_ESCAPE)  # and Esc leaves as ever
    assert window.scenes.top is not scene


def test_a_long_past_game_that_does_not_replay_is_set_aside_as_a_short_one(window, tmp_path):
    record = json.loads(json.dumps(long_record()))
    record["actions"][-1] = {"player": 0, "pass": True}
    archive, path = kept_long(tmp_path, record)
    scene = PastGamesScene(window, archive, analyse=False)
    window.scenes.push(scene)
    scene.open_game(scene.games[0])
    assert scene.opening is not None
    scene.opening.wait(60)
    scene.update(1 / 60)
    assert isinstance(window.scenes.top, MessageScene)
    assert not path.exists() and list(archive.folder.glob("*.bad.json"))
    assert scene.games == [] and scene.opening is None


def test_open_game_record_reads_a_long_file_on_the_thread_and_esc_stops_it(window, tmp_path,
                                                                         monkeypatch):
    path = tmp_path / "long.json"
    path.write_text(json.dumps(long_record()), "utf-8")
    gate = Gate(open_record.read_record)
    monkeypatch.setattr(open_record, "read_record", gate)
    dialog = OpenRecordScene(window, str(path))
    results: list = []
    window.scenes.push(dialog, results.append)
    surface = pygame.Surface(window.size)
    frame(dialog, surface)  # its first frame, before anything opens
    dialog.open_path()
    assert dialog.opening is not None and not gate.event.is_set()  # not read here
    assert frame(dialog, surface) < 0.25
    key(dialog, pygame.K_ESCAPE)  # stops the opening; the dialog stays
    assert dialog.opening is None and results == [] and window.scenes.top is dialog
    dialog.open_path()
    click(dialog, dialog.cancel_button)  # so does Cancel
    assert dialog.opening is None and results == [] and window.scenes.top is dialog
    gate.event.set()
    dialog.open_path()
    assert dialog.opening is not None
    dialog.opening.wait(60)
    dialog.update(1 / 60)
    assert len(results) == 1 and isinstance(results[0], Replay)
    assert results[0].steps == Replay(long_record()).steps


def key(scene, k: int) -> None:
    scene.handle(pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0))


def click(scene, widget) -> None:
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        scene.handle(pygame.event.Event(kind, button=1, pos=widget.rect.center))
