"""Configuration files (``--rules``, ``config/ai.yaml``, ``tournament --ai``) are read within
bounds: deep nesting, a NUL byte, a number of thousands of digits, an endless ``extends`` chain,
an alias bomb, a huge file, a pipe or a device are each a ConfigError naming the file, reported
with status 2: never a traceback, never a hang, never memory without limit."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from craits.config import ConfigError, load_rules
from craits.config.errors import show_value
from craits.config.levels import load_profiles

ROOT = Path(__file__).resolve().parents[1]

ALIAS_BOMB = "".join(
    [f'a: &a [{", ".join(["lol"] * 9)}]\n']
    + [f"{b}: &{b} [{', '.join(['*' + a] * 9)}]\n" for a, b in zip("abcdefgh", "bcdefghi", strict=True)]
)
assert len(ALIAS_BOMB.encode()) < 400

BROKEN_RULES = {
    "nesting 900 deep": "seven_skips: " + "[" * 900 + "]" * 900 + "\n",
    "a NUL byte": "seven_skips: true\x00\n",
    "a 5000-digit number": "idiot_penalty: " + "9" * 5000 + "\n",
    "an alias bomb": ALIAS_BOMB,
    "nesting in block style": "".join("  " * i + f"k{i}:\n" for i in range(900)) + "\n",
}


def levels_file(extra: str) -> str:
    return "levels:\n  mine:\n    extends: easy\n" + extra


BROKEN_LEVELS = {
    "nesting 900 deep": levels_file("    heuristic: " + "[" * 900 + "]" * 900 + "\n"),
    "a NUL byte": levels_file("    description: a\x00b\n"),
    "a 5000-digit number": levels_file("    search:\n      iterations: " + "9" * 5000 + "\n"),
    "an alias bomb": ALIAS_BOMB,
    "an extends chain 3000 long": "levels:\n" + "".join(
        f"  l{i}:\n    extends: {'easy' if i == 0 else f'l{i - 1}'}\n" for i in range(3000)),
}


def run_craits(args: list[str], home: Path, timeout: float = 60):
    env = {**os.environ, "CRAITS_HOME": str(home), "SDL_VIDEODRIVER": "dummy",
           "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    return subprocess.run([sys.executable, "-m", "craits", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=timeout)


def peak_memory_mb() -> float:
    """The process's peak memory so far; 0 where it cannot be read (no ``resource`` module
    on Windows: the bound on time still holds there)."""
    try:
        import resource
    except ImportError:
        return 0.0
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


@pytest.mark.parametrize("case", list(BROKEN_RULES))
def test_a_rules_file_beyond_bounds_is_a_config_error(tmp_path, case):
    path = tmp_path / "mine.yaml"
    path.write_text(BROKEN_RULES[case], encoding="utf-8")
    before, start = peak_memory_mb(), time.monotonic()
    with pytest.raises(ConfigError) as caught:
        load_rules(path)
    assert time.monotonic() - start < 5 and peak_memory_mb() - before < 100
    assert "mine.yaml" in str(caught.value) and len(str(caught.value)) < 500


@pytest.mark.parametrize("case", list(BROKEN_LEVELS))
def test_a_levels_file_beyond_bounds_is_a_config_error(tmp_path, case):
    path = tmp_path / "ai.yaml"
    path.write_text(BROKEN_LEVELS[case], encoding="utf-8")
    before, start = peak_memory_mb(), time.monotonic()
    with pytest.raises(ConfigError) as caught:
        load_profiles(path)
    assert time.monotonic() - start < 10 and peak_memory_mb() - before < 100
    assert "ai.yaml" in str(caught.value) and len(str(caught.value)) < 2000


@pytest.mark.parametrize("case", ["nesting 900 deep", "a NUL byte", "a 5000-digit number"])
def test_the_command_line_reports_a_broken_rules_file_with_status_2(tmp_path, case):
    path = tmp_path / "mine.yaml"
    path.write_text(BROKEN_RULES[case], encoding="utf-8")
    result = run_craits(["--rules", str(path), "--headless", "--max-seconds", "0.3"], tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert "mine.yaml, line " in result.stderr


@pytest.mark.parametrize("case", ["an alias bomb", "an extends chain 3000 long"])
def test_tournament_reports_a_broken_levels_file_with_status_2(tmp_path, case):
    path = tmp_path / "levels.yaml"
    path.write_text(BROKEN_LEVELS[case], encoding="utf-8")
    result = run_craits(["tournament", "--seats", "easy,easy", "--games", "1", "--ai",
                         str(path)], tmp_path)
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert "levels.yaml" in result.stderr and len(result.stderr) < 2000


def test_a_bundled_levels_file_with_a_huge_number_is_reported_by_the_app(tmp_path,
                                                                         monkeypatch):
    from craits.config import levels as profiles

    broken = tmp_path / "ai.yaml"
    text = (ROOT / "config" / "ai.yaml").read_text("utf-8")
    broken.write_text(text + "  huge:\n    extends: easy\n    search:\n      iterations: "
                      + "9" * 5000 + "\n", "utf-8")
    monkeypatch.setattr(profiles, "bundled_path", lambda: broken)
    profiles.default_profiles.cache_clear()
    try:
        with pytest.raises(ConfigError, match="5000 digits"):
            profiles.default_profiles()
    finally:
        profiles.default_profiles.cache_clear()


def test_a_file_that_is_too_large_is_refused_before_it_is_parsed(tmp_path):
    path = tmp_path / "big.yaml"
    path.write_text("# padding\n" * 300_000, encoding="utf-8")  # 3 MB
    start = time.monotonic()
    with pytest.raises(ConfigError, match="larger than"):
        load_rules(path)
    assert time.monotonic() - start < 2


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_a_device_is_refused_not_read():
    with pytest.raises(ConfigError, match="not a regular file"):
        load_rules("/dev/zero")


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_is_refused_not_waited_on(tmp_path):
    os.mkfifo(tmp_path / "pipe.yaml")
    result = run_craits(["--rules", str(tmp_path / "pipe.yaml"), "--headless",
                         "--max-seconds", "0.3"], tmp_path, timeout=30)
    assert result.returncode == 2 and "not a regular file" in result.stderr


def test_echoed_values_are_bounded():
    big = "x" * 5_000_000
    assert len(show_value(big)) <= 81
    nested: list = []
    for _ in range(5000):
        nested = [nested]
    assert len(show_value(nested)) <= 81
    assert show_value(10**5000) == "a number of 5001 digits"


def test_an_unknown_tag_is_called_what_it_is(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text("seven_skips: !!python/object/apply:os.system ['true']\n", "utf-8")
    with pytest.raises(ConfigError) as caught:
        load_rules(path)
    assert caught.value.message.startswith("unsupported tag !!python/object/apply:os.system")
    assert "syntax" not in caught.value.message


@pytest.mark.parametrize("text", ['seven_skips: "' + "x" * 900_000 + '"\n',
                                  "a: !" + "x" * 900_000 + " 1\n",
                                  "x" * 900_000 + ": 1\n"])
def test_a_huge_bad_value_is_not_echoed_in_full(tmp_path, text):
    path = tmp_path / "mine.yaml"
    path.write_text(text, "utf-8")
    with pytest.raises(ConfigError) as caught:
        load_rules(path)
    assert len(str(caught.value)) < 400


def test_a_huge_bad_value_in_the_players_files_is_not_echoed_in_full(tmp_path):
    import json

    from craits.persistence import SettingsStore, envelope

    huge = "x" * 5_000_000
    data = {"volume": huge, huge: 1, "new_game": {huge: 2}}
    (tmp_path / "settings.json").write_text(json.dumps(envelope("craits-settings", 1, data)),
                                            "utf-8")
    _, problem = SettingsStore(tmp_path).load()
    assert problem is not None and len(str(problem)) < 1000
    (tmp_path / "settings.json").write_text(json.dumps({"format": huge, "version": 1,
                                                        "data": {}}), "utf-8")
    _, problem = SettingsStore(tmp_path).load()
    assert problem.kind == "damaged" and len(str(problem)) < 1000
