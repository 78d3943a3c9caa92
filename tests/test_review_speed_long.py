"""Long records never freeze the review: a seat's log is made once (not a copy of the history
per choice), a round's choices are found a slice of steps per poll, and a helper is sent each
piece of a log once. Structure only: no timed assertion."""

from __future__ import annotations

import importlib.util
import pickle
import random
from dataclasses import replace
from functools import lru_cache
from pathlib import Path

import pygame
import pytest
from test_review_replay import game

import craits.review.replay as replay_module
from craits.engine import redact
from craits.review.analysis import (
    EVENTS_A_STEP,
    FIRST_SLICES,
    SLICE,
    ChoiceScan,
    RoundAnalysis,
    analyse_round,
    choices,
)
from craits.review.judging import judge_in_log
from craits.review.replay import Replay
from craits.review.thinking import level_profile
from craits.work import Lane, Shared, Workbench, inline_job, worker

ROOT = Path(__file__).resolve().parents[1]
EXPERT = level_profile("expert")
QUICK = replace(EXPERT, search=replace(EXPERT.search, iterations=20))
LONG = 12_000  # actions: the record that froze the window for 17 to 22 s


def bench():
    spec = importlib.util.spec_from_file_location("review_speed",
                                                  ROOT / "benchmarks" / "review_speed.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@lru_cache(maxsize=1)
def long_replay() -> Replay:
    record = bench().long_record(LONG)
    assert len(record["actions"]) == LONG
    return Replay(record)


class Counted:
    """Counts the calls of a function it stands in for."""

    def __init__(self, function) -> None:
        self.function = function
        self.calls = 0

    def __call__(self, *args, **kwargs):
        self.calls += 1
        return self.function(*args, **kwargs)


@pytest.fixture
def counted(monkeypatch):
    """(views made, events redacted) on the replay, counted."""
    replay = long_replay()
    views = Counted(replay.view_before)
    monkeypatch.setattr(replay, "view_before", views)
    redacted = Counted(redact)
    monkeypatch.setattr(replay_module, "redact", redacted)
    return replay, views, redacted


def test_a_long_round_is_looked_through_a_slice_per_poll(counted):
    replay, views, redacted = counted
    assert len(replay.rounds[0].steps) > 20 * SLICE  # one long round
    analysis = RoundAnalysis(replay, 0, 0, QUICK)
    assert views.calls <= FIRST_SLICES * SLICE  # a few slices when it is made
    most_views = most_redacted = 0
    pool = inline_job()
    polls = 0
    while not analysis.scan.done:
        views.calls = redacted.calls = 0
        analysis.poll(pool)
        most_views = max(most_views, views.calls)
        most_redacted = max(most_redacted, redacted.calls)
        polls += 1
    assert polls > 20
    assert most_views <= SLICE  # never the whole round at once
    assert most_redacted <= SLICE * EVENTS_A_STEP * 2
    assert len(analysis.scan.found) > 100 and analysis.submitted <= len(analysis.scan.found)
    analysis.cancel()


def test_every_event_of_a_seat_is_redacted_once_whatever_the_choices(counted):
    replay, _, redacted = counted
    found = choices(replay, 0, 0)
    assert len(found) > 100
    events = len(replay.session.events)
    assert redacted.calls <= events  # not once per choice
    # Each choice reads its history from the one log: exactly what the seat had seen.
    rng = random.Random(1)
    for number in rng.sample(found, 5):
        before = [redact(e, 0) for step in replay.steps[:number] for e in step.events]
        assert replay.history(number, 0) == before
    assert redacted.calls <= events + 5 * replay.history_end(max(found))


def test_a_later_round_first_makes_the_earlier_log_a_slice_at_a_time():
    replay = Replay(bench().long_record(3000, round_actions=600))
    assert len(replay.rounds) > 3
    last = len(replay.rounds) - 1
    scan = ChoiceScan(replay, 1, last)
    made = []
    while not scan.done:
        before = len(replay.seat_log(1, 0))
        scan.run(50)
        made.append(len(replay.seat_log(1, 0)) - before)
    assert max(made) <= 50 * EVENTS_A_STEP * 2 and len(made) > 2
    assert [c.number for c in scan.found] == choices(replay, 1, last)


class Pipe:
    """A worker's end of the pipe as the bench sees it: what was sent."""

    def __init__(self) -> None:
        self.sent: list[tuple] = []

    def send_bytes(self, data: bytes) -> None:
        self.sent.append(pickle.loads(data))


def test_a_worker_is_sent_each_piece_of_a_log_once():
    replay = Replay(game(11, ("human", "medium", "easy")))
    index = next(r.index for r in replay.rounds if len(choices(replay, 0, r.index)) >= 4)
    analysis = RoundAnalysis(replay, 0, index, QUICK)
    bench = Workbench(0)
    job = bench.job(Lane.REVIEW)
    urgent = bench._workers[0]
    urgent.conn, urgent.process = Pipe(), "running"  # stands in for a started worker
    log = replay.seat_log(0, 0)
    for choice in analysis.scan.found:
        job.submit(judge_in_log, (analysis.level, choice), Shared(analysis.key, log, choice.end))
    for item in bench._queues[Lane.REVIEW]:
        bench._send(urgent, item)
    held: list = []
    verdicts = []
    for kind, _ticket, _key, body in urgent.conn.sent:
        if kind == "extend":
            held.extend(body)
        elif kind == "run":
            verdicts.append(worker.run(body, held)[1])
    sent = sum(len(body) for kind, _, _, body in urgent.conn.sent if kind == "extend")
    assert sent == analysis.scan.found[-1].end  # each event once, not a history per choice
    assert tuple(verdicts) == analyse_round(replay, 0, index, QUICK).verdicts
    urgent.conn = urgent.process = None


def test_the_review_of_a_long_record_opens_and_steps_without_judging_on_the_frame(counted):
    import test_ui_review

    from craits.ui.cards.art import CardArt
    from craits.ui.review.scene import ReviewScene

    replay, views, _ = counted
    pygame.init()
    pygame.display.set_mode((1280, 800))
    test_ui_review.CARD_ART = CardArt()
    views.calls = 0
    scene = ReviewScene(test_ui_review.App(), replay, round_index=0, profile=QUICK,
                        make_runner=inline_job)
    assert views.calls <= FIRST_SLICES * SLICE + 2  # the first slices, and the step's lines
    for _ in range(5):
        views.calls = 0
        scene.update(0.016)
        assert views.calls <= SLICE + 2
    _, found = scene.analysis.progress
    assert found < len(choices(replay, 0, 0))  # still looking through the round
    scene.cancel()


def test_a_long_record_is_opened_on_a_thread_while_the_box_keeps_answering(tmp_path,
                                                                          monkeypatch):
    import test_ui_review

    from craits import i18n
    from craits.review.record import write_record
    from craits.ui.cards.art import CardArt
    from craits.ui.dialogs import opening
    from craits.ui.review.open_record import OpenRecordScene

    monkeypatch.setenv("CRAITS_HOME", str(tmp_path))
    pygame.init()
    pygame.display.set_mode((1280, 800))
    test_ui_review.CARD_ART = CardArt()
    record = bench().long_record(opening.LONG_RECORD + 500)
    path = tmp_path / "long.json"
    write_record(path, record)
    app = test_ui_review.App()
    made = []
    real = opening.Opening.__init__

    def counted(self, make):
        made.append(make)
        real(self, make)

    monkeypatch.setattr(opening.Opening, "__init__", counted)
    scene = OpenRecordScene(app, str(path))
    results = []
    app.scenes.push(scene, results.append)
    scene.open_path()
    assert len(made) == 1 and scene.opening is not None  # replayed on a thread, not here
    scene.draw(pygame.Surface(app.size))
    assert scene.opening is not None or results
    opened = scene.opening
    if opened is not None:
        opened.wait(120)
    scene.update(0.016)
    assert len(results) == 1 and isinstance(results[0], Replay)
    assert len(results[0].steps) == len(record["actions"]) + 1
    # A long record that does not replay says why in the box, as a short one does.
    record["actions"][-1] = {"player": 0, "pass": True}  # never legal without a drawn card
    write_record(path, record)
    scene = OpenRecordScene(app, str(path))
    app.scenes.push(scene, results.append)
    scene.open_path()
    assert scene.opening is not None
    scene.opening.wait(120)
    scene.update(0.016)
    assert scene.opening is None and len(results) == 1
    assert scene.error.startswith(i18n.t("review.open_failed", error="")[:20])


def test_a_replay_is_made_without_the_cyclic_collector_walking_it(monkeypatch):
    import gc

    record = bench().long_record(LONG)
    collections = []

    def seen(phase, info):
        if phase == "start":
            collections.append(info["generation"])

    gc.collect()  # the counts start from nothing
    gc.callbacks.append(seen)
    try:
        replay = Replay(record)
    finally:
        gc.callbacks.remove(seen)
    # Paused while the replay grows (it makes no cycles): at most the one young collection
    # once the collector is back, not the hundreds of walks of the growing heap.
    assert collections in ([], [0])
    assert gc.isenabled() and len(replay.steps) == LONG + 1
    # A longer one is set aside from the collector while it lives: no walk of it is due,
    # neither inside nor in a later frame (the full walk cost a third of a second at the limit).
    monkeypatch.setattr(replay_module, "COLLECT_AFTER", LONG // 2)
    collections.clear()
    gc.callbacks.append(seen)
    try:
        long = Replay(record)
        assert gc.get_freeze_count() > 6 * LONG  # its steps, states and events
        gc.collect()
    finally:
        gc.callbacks.remove(seen)
    assert collections == [2]  # only the walk asked for, of what was not set aside
    del long  # freed by counting (it has no cycles), and the collector takes back the rest
    assert gc.get_freeze_count() == 0
    assert gc.collect() < 100
    with pytest.raises(Exception):  # noqa: B017 - any refusal: the collector runs again
        Replay(dict(record, actions=[*record["actions"][:10], {"player": 0, "pass": True}]))
    assert gc.isenabled()
