"""A kill at any write boundary of a round's end (or the game's) never counts a round or a game
twice, nor loses one: after continuing, the statistics are exactly those of a run that was
never killed, and the save agrees with them.

Each run continues the same saved game in its own process (``tests/kill_at_write.py``) and
is killed with SIGKILL at boundary 0, 1, 2, ... until a run meets no such boundary. On Linux
each run is forked from one process that imported the game once (half of a run's time was
the import); elsewhere each run starts afresh.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from app_driver import (
    StandInPlayer,
    drive_session,
    make_app,
    play_until,
    raise_errors,
    short_rules,
)

from craits.persistence import SaveStore, StatisticsStore
from craits.session import Seat, Session

ROOT = Path(__file__).resolve().parents[1]
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")]


KILLER = str(ROOT / "tests" / "kill_at_write.py")
RunUntilKilled = Callable[[Path, int], tuple[int, str]]


def killer_env(**extra: str) -> dict[str, str]:
    return {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
            "PYGAME_HIDE_SUPPORT_PROMPT": "1", **extra}


@pytest.fixture(scope="module")
def run_until_killed(tmp_path_factory) -> Iterator[RunUntilKilled]:
    """Runs the app on the save in a home until killed at a boundary: its exit status
    (minus the signal that ended it) and where it was killed."""
    if sys.platform != "linux":  # fork without exec is Linux's alone to do safely
        def afresh(home: Path, boundary: int) -> tuple[int, str]:
            result = subprocess.run([sys.executable, KILLER, str(boundary)], cwd=ROOT / "tests",
                                    env=killer_env(CRAITS_HOME=str(home)), capture_output=True,
                                    text=True, timeout=120)
            return result.returncode, (result.stderr.strip().splitlines() or [""])[-1]

        yield afresh
        return
    errors = tmp_path_factory.mktemp("killer") / "stderr.txt"
    with open(errors, "w") as stderr:
        server = subprocess.Popen([sys.executable, KILLER, "--serve"], cwd=ROOT / "tests",
                                  env=killer_env(), stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=stderr, text=True)

    def forked(home: Path, boundary: int) -> tuple[int, str]:
        assert server.stdin is not None and server.stdout is not None
        server.stdin.write(f"{boundary} {home}\n")
        server.stdin.flush()
        code, _, where = server.stdout.readline().rstrip("\n").partition(" ")
        assert code, errors.read_text()
        return int(code), where or errors.read_text()[-3000:]

    yield forked
    assert server.stdin is not None
    server.stdin.close()
    server.wait(timeout=60)


def prepared_home(base: Path, last_round: bool) -> Path:
    """A home holding a game in progress: late in round 1, or late in the last round with
    the rounds before it already in the statistics (as the app would have left them)."""
    home = base / "prepared"
    home.mkdir()
    session = Session([Seat("human", "Ana"), Seat("medium", "Bo")], short_rules(), 31)
    if last_round:
        rounds = len(session.rules.deals)
        drive_session(session, lambda: len(session.match.history) == rounds - 1)
        session.start_next_round()
    # Late in the round (a hand of two cards), so that each run plays little before its end.
    drive_session(session, lambda: min(map(len, session.match.state.hands)) <= 2
                  and not session.match.state.is_over())
    data = session.to_save()
    if last_round:  # the rounds before were counted when they ended
        count_finished_rounds(home, Session.from_save(data))
        data["stats_rounds"] = len(session.match.history)
    SaveStore(home).save(data)
    return home


def count_finished_rounds(home: Path, session: Session) -> None:
    """Put the finished rounds of ``session`` in the statistics, as the app does."""
    from craits.engine import events as ev
    from craits.persistence import Statistics

    stats = Statistics()
    kinds = [s.kind for s in session.seats]
    crank, calls = 0, []
    for event in session.events:
        if isinstance(event, ev.RoundStarted):
            crank, calls = 0, []
        elif isinstance(event, ev.CardPlayed):
            crank = max(crank, event.crank)
        elif isinstance(event, ev.IdiotCalled):
            calls.append((event.caller, event.target))
        elif isinstance(event, ev.RoundEnded):
            stats.record_round(kinds, event.scores, event.winner, crank, calls)
    stats.counted.note(session.match_id, len(session.match.history))
    StatisticsStore(home).save(stats)


def continue_to_the_end_of_the_round(home: Path, monkeypatch, rounds: int) -> dict:
    """Continue what the killed run left and play until ``rounds`` rounds are recorded (and
    the game's end, if that was the last); the statistics then, as stored."""
    app = make_app(home, monkeypatch)
    raise_errors(app)
    try:
        if app.continue_game():
            table = app.current_table()
            session = table.session
            play_until(app, lambda: app.matches.keeper.counted_rounds(session) >= rounds
                       and (not session.match.is_over()
                            or type(app.scenes.top).__name__ == "GameOverScene"),
                       StandInPlayer(7))
            app.autosaver.flush()
            saved, _ = SaveStore(home).load()
            if saved is not None:  # the save and the statistics agree on what is counted
                finished = len(Session.from_save(saved).match.history)
                assert app.statistics.counted.rounds(saved["match_id"]) == finished
    finally:
        app.shutdown()
    stats, problem = StatisticsStore(home).load()
    assert problem is None
    return stats.to_dict()


@pytest.mark.parametrize("last_round", [False, True], ids=["a round end", "the game end"])
def test_a_kill_at_any_write_boundary_counts_everything_once(tmp_path, monkeypatch,
                                                             run_until_killed, last_round):
    prepared = prepared_home(tmp_path, last_round)
    rounds = Session.from_save(SaveStore(prepared).load()[0]).match.round_index + 1
    reference = tmp_path / "reference"
    shutil.copytree(prepared, reference)
    code, said = run_until_killed(reference, 10_000)  # never killed
    assert code == 3, said
    expected = StatisticsStore(reference).load()[0].to_dict()
    assert expected["rounds"]["overall"]["played"] == rounds
    assert expected["games"]["overall"]["played"] == int(last_round)
    killed_at = []
    for boundary in range(40):
        home = tmp_path / f"killed-{boundary}"
        shutil.copytree(prepared, home)
        code, said = run_until_killed(home, boundary)
        if code == 3:
            break
        assert code == -signal.SIGKILL, said
        killed_at.append(said)
        after = continue_to_the_end_of_the_round(home, monkeypatch, rounds)
        assert after == expected, killed_at[-1]
    # Every file write of the round end was met: the save before the statistics, the
    # statistics, the save after them (and at the game's end, the save's removal).
    assert len(killed_at) >= (9 if not last_round else 11), killed_at
