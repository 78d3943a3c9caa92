"""Small things a hostile tester found: the command line refuses what it cannot honour (an
empty --seats or --lang, a --max-seconds that is not a time, --resume with --seats or
--autoplay) instead of ignoring it, and the computer players' helper process leaves quietly
when the game is killed."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

HELPER_DRIVER = """
import functools, os, signal, sys, time
from craits.work import Lane, Latest, Workbench

if __name__ == "__main__":
    worker = Latest(Workbench().job(Lane.BOT))
    worker.submit(functools.partial(time.sleep, 1.5))  # the worker is thinking
    worker.poll(1)  # handed to the worker
    time.sleep(0.5)
    print("killing", flush=True)
    os.kill(os.getpid(), signal.SIGKILL)
"""


def craits_env(home: Path) -> dict[str, str]:
    return {**os.environ, "CRAITS_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_the_helper_process_leaves_quietly_when_the_game_is_killed(tmp_path):
    script = tmp_path / "driver.py"
    script.write_text(HELPER_DRIVER, "utf-8")
    errors = tmp_path / "stderr.txt"
    with errors.open("w") as err:
        proc = subprocess.Popen([sys.executable, str(script)], cwd=ROOT, stdout=subprocess.PIPE,
                                stderr=err, text=True, env=craits_env(tmp_path))
        assert proc.stdout.readline().strip() == "killing"
        proc.wait(20)
        proc.stdout.close()
        time.sleep(3)  # the worker sees its parent gone and ends without a word
    assert "Traceback" not in errors.read_text("utf-8"), errors.read_text("utf-8")


@pytest.mark.parametrize(("args", "said"), [
    (["--seats", ""], "--seats needs 2 to 5 seats, got 0"),
    (["--lang", ""], "--lang needs a value"),
    (["--lang", "x" * 5_000_000], "unknown language"),
    (["--rules", ""], "--rules needs a value"),
    (["--resume", "--seats", "human,easy"], "leave out --seats"),
    (["--resume", "--autoplay"], "leave out --autoplay"),
    (["--resume", "--rules", "x.yaml", "--seed", "3"], "leave out --rules, --seed"),
    (["--seats", "human," + "z" * 100_000], "unknown seat"),
])
def test_what_cannot_be_honoured_is_refused_with_status_2(args, said, capsys):
    from craits.ui.startup import main

    assert main([*args, "--headless", "--max-seconds", "0.2"]) == 2
    err = capsys.readouterr().err
    assert said in err and len(err) < 500 and "Traceback" not in err


@pytest.mark.parametrize("value", ["nan", "inf", "-1", "soon"])
def test_max_seconds_must_be_a_time(value, capsys):
    from craits.ui.startup import main

    with pytest.raises(SystemExit) as stopped:
        main(["--headless", "--max-seconds", value])
    assert stopped.value.code == 2
    assert "--max-seconds" in capsys.readouterr().err


@pytest.mark.parametrize("value", [str(2**63 + 1), str(-(2**63) - 1), "9" * 40, "seven", "1.5"])
def test_a_seed_a_save_could_not_hold_is_refused(value, capsys):
    from craits.ui.startup import main

    with pytest.raises(SystemExit) as stopped:
        main(["--headless", "--max-seconds", "0.2", "--seed", value])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "--seed" in err and "Traceback" not in err and len(err) < 1000
    if value not in ("seven", "1.5"):
        assert f"from {-(2**63)} to {2**63}" in err


@pytest.mark.parametrize("value", [str(2**63), str(-(2**63)), "0", " 12 "])
def test_a_seed_a_save_holds_is_taken(value):
    from craits.engine.notation import SEED_MAX, SEED_MIN
    from craits.ui.startup import build_parser

    got = build_parser().parse_args(["--seed", value]).seed
    assert got == int(value) and SEED_MIN <= got <= SEED_MAX


def test_every_command_under_cli_is_in_the_command_list(capsys, monkeypatch):
    import importlib

    from craits.__main__ import COMMANDS, main

    commands = {path.stem for path in (ROOT / "craits" / "cli").glob("*.py")
                if "def main(" in path.read_text("utf-8")}
    assert commands <= {module.rpartition(".")[2] for module in COMMANDS.values()}
    # A build made without a tool says so, without a traceback.
    real = importlib.import_module

    def missing(name, *args):
        if name == COMMANDS["po"]:
            raise ModuleNotFoundError(f"No module named {name!r}")
        return real(name, *args)

    monkeypatch.setattr(importlib, "import_module", missing)
    assert main(["po", "export"]) == 2
    assert "not in this build" in capsys.readouterr().err
