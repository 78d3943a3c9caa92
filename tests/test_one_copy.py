"""One running game per folder: a second copy on the same folder says so and leaves without
touching the first one's files; a killed copy leaves no lock behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from craits.persistence.home_lock import HomeInUse, lock_home

pytestmark = pytest.mark.slow  # started first: see conftest.py

ROOT = Path(__file__).resolve().parents[1]


def craits_env(home: Path) -> dict[str, str]:
    return {**os.environ, "CRAITS_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}


def files_of(home: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in home.glob("*.json")}


@pytest.mark.skipif(sys.platform == "win32",
                    reason="kills the first copy's process group (killpg, SIGKILL): POSIX only")
def test_a_second_copy_on_the_same_folder_says_so_and_leaves(tmp_path):
    first = subprocess.Popen(
        [sys.executable, "-m", "craits", "--seats", "human,easy", "--headless",
         "--max-seconds", "60"], cwd=ROOT, env=craits_env(tmp_path),
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while not (tmp_path / "save.json").exists():
            assert first.poll() is None and time.monotonic() < deadline
            time.sleep(0.1)
        time.sleep(0.5)
        before = files_of(tmp_path)
        second = subprocess.run(
            [sys.executable, "-m", "craits", "--seats", "human,hard", "--headless",
             "--max-seconds", "1"], cwd=ROOT, env=craits_env(tmp_path), capture_output=True,
            text=True, timeout=60)
        assert second.returncode == 1
        assert "Traceback" not in second.stderr
        assert "already using" in second.stderr and str(tmp_path) in second.stderr
        assert files_of(tmp_path) == before  # nothing of the first copy's touched
        assert first.poll() is None  # and it plays on
    finally:
        os.killpg(first.pid, signal.SIGKILL)
        first.wait(10)
    # Killed without any chance to clean up: the folder is free again.
    lock_home(tmp_path).release()


def test_the_lock_is_held_by_one_process_at_a_time(tmp_path):
    holder = subprocess.Popen(
        [sys.executable, "-c", "import sys, time; from pathlib import Path; "
         "from craits.persistence.home_lock import lock_home; "
         "lock = lock_home(Path(sys.argv[1])); print('held', flush=True); time.sleep(60)",
         str(tmp_path)], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "held"
        with pytest.raises(HomeInUse):
            lock_home(tmp_path)
    finally:
        holder.kill()
        holder.wait(10)
        holder.stdout.close()
    lock = lock_home(tmp_path)
    lock.release()
    lock_home(tmp_path).release()  # released: free again


def test_the_self_test_runs_beside_a_running_game(tmp_path):
    lock = lock_home(tmp_path)
    try:
        result = subprocess.run([sys.executable, "-m", "craits", "--selftest"], cwd=ROOT,
                                env=craits_env(tmp_path), capture_output=True, text=True,
                                timeout=120)
        assert result.returncode == 0, result.stderr
    finally:
        lock.release()
