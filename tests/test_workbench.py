"""The workbench (``craits.work``) with real processes: the computer player's move first, a unit
whose worker dies redone once and then failed with a reason, a job's own error told as its
failure, an exit that never waits for queued work, and workers that end with a killed game."""

from __future__ import annotations

import functools
import os
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from craits import i18n
from craits.review.replay import Replay
from craits.ui.review.par_part import ParPart
from craits.work import DIED, Job, Lane, Latest, Workbench, inline_job, run_all

pytestmark = pytest.mark.slow  # started first: see conftest.py

ROOT = Path(__file__).resolve().parents[1]
FOREVER = 600.0


def square(x: int) -> int:
    return x * x


def nap(seconds: float) -> int:
    time.sleep(seconds)
    return os.getpid()


def die(*_unit: object) -> None:
    os._exit(3)  # as a crash or an out-of-memory kill would


def refuse(unit: int) -> int:
    raise ValueError(f"no answer for {unit}")


def niceness(_unit: object) -> int:
    return os.nice(0)


def taken(job: Job, seconds: float = 60.0) -> list:
    """Every unit of ``job``, waiting at most ``seconds``."""
    found: list = []
    deadline = time.monotonic() + seconds
    while job.pending and time.monotonic() < deadline:
        found += job.take()
        job.wait(0.05)
    return found


def run(script: str, tmp_path: Path, **kwargs) -> subprocess.Popen[str]:
    path = tmp_path / "game.py"
    path.write_text(textwrap.dedent(script), "utf-8")
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CRAITS_HOME": str(tmp_path),
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.Popen([sys.executable, str(path)], cwd=tmp_path, env=env, text=True,
                            stdout=subprocess.PIPE, **kwargs)


# ------------------------------------------------------------ the protocol


def test_the_inline_twin_gives_the_same_answers_as_the_workers():
    with Workbench(1) as bench:
        there = run_all(bench.job(Lane.BACKGROUND), square, range(6))
    here = run_all(inline_job(Lane.BACKGROUND), square, range(6))
    assert there == here == {x: x * x for x in range(6)}


def test_a_job_s_own_error_is_its_failure_and_the_workers_go_on():
    with Workbench(1) as bench:
        job = bench.job(Lane.BACKGROUND)
        job.submit(refuse, 7)
        job.submit(square, 3)
        found = {done.unit: done for done in taken(job)}
        assert found[7].error == "no answer for 7" and found[7].value is None
        assert found[3].value == 9 and found[3].error is None
        assert job.failed and job.errors == ["no answer for 7"]


def test_what_cannot_be_sent_fails_at_once_with_the_reason():
    with Workbench(1) as bench:
        job = bench.job(Lane.BACKGROUND)
        job.submit(lambda unit: unit, 1)  # a lambda cannot be pickled
        (done,) = job.take()
        assert "cannot be sent to a worker" in done.error and not job.pending


def test_a_dropped_unit_is_not_answered():
    bench = Workbench(inline=True)
    job = bench.job(Lane.REVIEW)
    first, second = job.submit(square, 2), job.submit(square, 3)
    job.drop([first])
    assert [d.ticket for d in job.take()] == [second] and not job.pending


# ------------------------------------------------------------ priorities


def test_with_background_units_queued_the_computer_player_is_answered_first():
    with Workbench(1) as bench:
        background = bench.job(Lane.BACKGROUND)
        for _ in range(8):
            background.submit(nap, 3.0)
        background.take()  # the low worker is on the first already
        bot = Latest(bench.job(Lane.BOT))
        ticket = bot.submit(functools.partial(square, 12))
        answer = None
        deadline = time.monotonic() + 30
        while answer is None and time.monotonic() < deadline:
            answer = bot.poll(ticket)
            time.sleep(0.01)
        assert answer == 144
        assert background.pending >= 6  # the move did not wait for the replays


def test_a_job_queued_later_in_a_lane_does_not_wait_for_all_of_an_earlier_one():
    with Workbench(1) as bench:
        early, late = bench.job(Lane.BACKGROUND), bench.job(Lane.BACKGROUND)
        for _ in range(4):
            early.submit(nap, 0.4)
        late.submit(nap, 0.4)
        order: list[str] = []
        deadline = time.monotonic() + 60
        while (early.pending or late.pending) and time.monotonic() < deadline:
            order += ["early"] * len(early.take()) + ["late"] * len(late.take())
            time.sleep(0.01)
        assert order.index("late") <= 1  # its turn came after one unit of the other


@pytest.mark.skipif(not hasattr(os, "nice"), reason="os.nice is POSIX; Windows uses a class")
def test_background_work_runs_below_the_game_s_priority_and_the_move_at_it():
    with Workbench(1) as bench:
        (low,) = taken(_submitted(bench.job(Lane.BACKGROUND), niceness, 0))
        (normal,) = taken(_submitted(bench.job(Lane.BOT), niceness, 0))
    assert normal.value == os.nice(0) and low.value >= min(19, os.nice(0) + 10)


def _submitted(job: Job, call, unit) -> Job:
    job.submit(call, unit)
    return job


# ------------------------------------------------------------ failures


def test_a_unit_whose_worker_is_killed_is_redone_on_another():
    with Workbench(1) as bench:
        job = bench.job(Lane.BACKGROUND)
        job.submit(nap, 1.5)
        deadline = time.monotonic() + 30
        low = bench._workers[1]
        while not low.holding and time.monotonic() < deadline:
            job.take()
            time.sleep(0.01)
        first = low.process
        time.sleep(0.3)
        first.kill()
        (done,) = taken(job)
        assert done.error is None and done.value != first.pid  # answered by a new worker


def test_a_unit_that_kills_its_worker_twice_fails_with_a_reason():
    with Workbench(2) as bench:
        job = bench.job(Lane.BACKGROUND)
        job.submit(die, "twice")
        job.submit(square, 5)
        found = {done.unit: done for done in taken(job)}
        assert found["twice"].error == DIED
        assert found[5].value == 25  # the rest of the work goes on


def test_without_workers_the_computer_player_still_moves_thinking_in_place(monkeypatch):
    from craits.work import bench as bench_module

    def refused(*_args, **_kwargs):
        raise OSError("no processes here")

    monkeypatch.setattr(bench_module.multiprocessing, "get_context", refused)
    with Workbench(1) as bench:
        bot = Latest(bench.job(Lane.BOT))
        assert bot.poll(bot.submit(functools.partial(square, 4))) == 16
        assert bot.poll(bot.submit(lambda: 5)) == 5  # one that cannot be sent, too
        background = bench.job(Lane.BACKGROUND)
        background.submit(square, 3)
        (done,) = background.take()  # background work is not done in place: it fails
        assert done.lost and "no processes here" in done.error


def test_the_review_s_par_says_it_failed_when_its_workers_die(tmp_path):
    from test_review_replay import play

    replay = Replay(play(3, ("human", "easy", "medium")))
    bench = Workbench(1)

    class Dying(Job):
        def submit(self, call, unit=None, shared=None) -> int:
            return super().submit(die, unit, shared)

    part = ParPart(replay, lambda: None, lambda: Dying(bench, Lane.BACKGROUND), replays=1)
    try:
        deadline = time.monotonic() + 60
        part.update(0)
        while not part.failed and time.monotonic() < deadline:
            part.update(0)
            time.sleep(0.02)
        assert part.failed and part.line() == i18n.t("par.failed")
    finally:
        bench.close()


def test_the_review_says_its_analysis_failed_when_its_workers_die(tmp_path, monkeypatch):
    import pygame
    import test_ui_review
    from test_review_replay import play

    from craits.ui.cards.art import CardArt
    from craits.ui.review.scene import ReviewScene

    monkeypatch.setenv("CRAITS_HOME", str(tmp_path))
    pygame.init()
    pygame.display.set_mode((960, 600))
    test_ui_review.CARD_ART = CardArt()
    replay = Replay(play(3, ("human", "easy", "medium")))
    bench = Workbench(1)

    class Dying(Job):
        def submit(self, call, unit=None, shared=None) -> int:
            return super().submit(die, unit, shared)

    index = next(r.index for r in replay.rounds if r.scores is not None)
    scene = ReviewScene(test_ui_review.App((960, 600)), replay, round_index=index,
                        make_runner=lambda: Dying(bench, Lane.REVIEW))
    try:
        deadline = time.monotonic() + 60
        while scene.failed is None and time.monotonic() < deadline:
            scene.update(0.016)
            time.sleep(0.02)
        assert scene.failed == DIED
        assert scene.status()[0] == i18n.t("review.analysis_failed")
    finally:
        scene.cancel()
        bench.close()


def test_the_game_s_analysis_fails_instead_of_waiting_when_its_workers_die():
    from test_analysis_while_playing import KINDS, PAR, QUICK, at
    from test_review_replay import game

    from craits.review.while_playing import GameAnalysis

    bench = Workbench(1)

    class Dying(Job):
        def submit(self, call, unit=None, shared=None) -> int:
            return super().submit(die, unit, shared)

    analysis = GameAnalysis(0, KINDS, lambda: Dying(bench, Lane.BACKGROUND), level=QUICK,
                            par_level=PAR, replays=1)
    try:
        analysis.follow(at(game(3, KINDS), 0))
        deadline = time.monotonic() + 60
        while not analysis.failed and time.monotonic() < deadline:
            analysis.poll()
            time.sleep(0.02)
        assert analysis.failed and not analysis.complete
    finally:
        bench.close()


# ------------------------------------------------------------ the end


def test_a_bench_let_go_without_closing_ends_its_workers_when_collected():
    import gc

    bench = Workbench(1)
    job = bench.job(Lane.BACKGROUND)
    job.submit(nap, 30.0)
    job.take()
    (process,) = [w.process for w in bench._workers if w.process is not None]
    del bench, job
    gc.collect()
    process.join(5)
    assert not process.is_alive()


QUEUED_APP = """
    import sys, time
    from craits.ui.app import App
    from craits.work import Lane

    def replay(payload):
        time.sleep(60)
        return len(payload)

    if __name__ == "__main__":
        app = App(size=(640, 400), bot_mode="process", language="en")
        job = app.workbench.job(Lane.BACKGROUND)
        for _ in range(100):
            job.submit(replay, b"x" * 200_000)  # far more than a pipe holds
        job.take()  # the workers start and take their first units
        time.sleep(2)
        app.run(max_frames=5)
        print("loop over", flush=True)
        app.shutdown()
"""


def test_quitting_with_a_hundred_queued_units_ends_the_game_at_once(tmp_path):
    game = run(QUEUED_APP, tmp_path)
    try:
        assert game.stdout.readline().strip() == "loop over"
        ended = time.monotonic()
        game.wait(30)
        assert time.monotonic() - ended < 2.0
        assert game.returncode == 0
    finally:
        if game.poll() is None:
            game.kill()


QUEUED_TEST = """
    import time
    from craits.work import Lane, Workbench

    def replay(payload):
        time.sleep(60)
        return len(payload)

    def test_queued_work_is_stopped():
        bench = Workbench(2)
        job = bench.job(Lane.BACKGROUND)
        for _ in range(100):
            job.submit(replay, b"x" * 200_000)
        job.take()
        time.sleep(2)
        bench.close()
"""


def test_pytest_exits_at_once_after_a_stop_with_a_hundred_queued_units(tmp_path):
    (tmp_path / "test_queued.py").write_text(textwrap.dedent(QUEUED_TEST), "utf-8")
    started = time.monotonic()
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "test_queued.py"], cwd=tmp_path, capture_output=True, text=True,
                          timeout=120, env={**os.environ, "PYTHONPATH": str(ROOT)}, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "1 passed" in done.stdout
    assert time.monotonic() - started < 20  # start-up, 2 s of work, no wait at the exit


KILLED_GAME = """
    import os, sys, time
    from craits.work import Lane, Latest, Workbench

    def beat(path):
        while True:  # a long unit: the worker must end in its middle
            with open(path, "a") as out:
                out.write(".")
            time.sleep(0.05)

    if __name__ == "__main__":
        bench = Workbench(2)
        job = bench.job(Lane.BACKGROUND)
        for n in range(2):
            job.submit(beat, os.path.join(sys.argv[1], f"beat{n}"))
        Latest(bench.job(Lane.BOT)).submit(__import__("functools").partial(beat, os.path.join(
            sys.argv[1], "beat-bot")))
        job.take()
        print(" ".join(str(w.process.pid) for w in bench._workers), flush=True)
        time.sleep(FOREVER)
""".replace("FOREVER", str(FOREVER))


def test_a_killed_game_leaves_no_worker_after_two_seconds(tmp_path):
    path = tmp_path / "game.py"
    path.write_text(textwrap.dedent(KILLED_GAME), "utf-8")
    game = subprocess.Popen([sys.executable, str(path), str(tmp_path)], cwd=tmp_path,
                            stdout=subprocess.PIPE, text=True,
                            env={**os.environ, "PYTHONPATH": str(ROOT)})
    try:
        pids = [int(pid) for pid in game.stdout.readline().split()]
        beats = [tmp_path / "beat0", tmp_path / "beat1", tmp_path / "beat-bot"]
        deadline = time.monotonic() + 60
        while not all(b.exists() for b in beats) and time.monotonic() < deadline:
            time.sleep(0.05)
        assert all(b.exists() for b in beats), "the workers never started their units"
        game.kill()  # TerminateProcess on Windows, SIGKILL elsewhere: no clean exit
        game.wait(10)
        time.sleep(2.0)
        sizes = [b.stat().st_size for b in beats]
        time.sleep(0.5)
        assert [b.stat().st_size for b in beats] == sizes  # nobody beats any more
        if sys.platform != "win32":
            assert not any(_running(pid) for pid in pids)
    finally:
        if game.poll() is None:
            game.kill()


def _running(pid: int) -> bool:
    """A process that runs (a zombie left for the system to reap does not)."""
    try:
        os.kill(pid, 0)
    except OSError:
        return False
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(") ")[1][0] != "Z"
    except OSError:
        return sys.platform != "linux"


def test_ctrl_c_while_a_worker_starts_waits_until_it_has_started() -> None:
    """Cut in the middle of a start, the new worker would find its pipe closed and print a
    traceback: the interrupt comes once the start is done."""
    import signal

    from craits.work.bench import _interrupt_after

    reached_end = False
    with pytest.raises(KeyboardInterrupt):
        with _interrupt_after():
            signal.raise_signal(signal.SIGINT)
            reached_end = True
    assert reached_end
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
