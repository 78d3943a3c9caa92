"""A problem with the levels file (``config/ai.yaml``) is reported as the levels file's: the saved
game that needs it is left exactly as it is, to continue once the file is mended."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from app_driver import make_app, raise_errors, short_rules

from craits import i18n
from craits.config import levels as profiles
from craits.persistence import SaveStore
from craits.session import Seat, Session

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(autouse=True)
def _fresh_levels():
    profiles.default_profiles.cache_clear()
    yield
    profiles.default_profiles.cache_clear()
    i18n.set_language("en")


def bundled_levels_with(tmp_path: Path, monkeypatch, change) -> None:
    path = tmp_path / "config-ai.yaml"
    path.write_text(change((ROOT / "config" / "ai.yaml").read_text("utf-8")), "utf-8")
    monkeypatch.setattr(profiles, "bundled_path", lambda: path)


def without_level(name: str):
    def change(text: str) -> str:
        return re.sub(rf"(?ms)^  {name}:\n.*?(?=^  [a-z])", "", text, count=1)
    return change


def saved_game(home: Path, kinds: list[str]) -> dict:
    session = Session([Seat("human", "Ana"), Seat("human", "Bo")], short_rules(), 2)
    session.act(session.view(session.to_act()).legal[0], session.to_act())
    data = session.to_save()
    data["seats"] = [{"kind": kind, "name": f"P{n}"} for n, kind in enumerate(kinds)]
    SaveStore(home).save(data)
    return data


CASES = {
    "a level the save uses was removed": (without_level("easy"), ["human", "easy"], "easy"),
    "a number of 5000 digits": (
        lambda text: text.replace("  easy:\n", "  huge:\n    extends: easy\n    search:\n"
                                  "      iterations: " + "9" * 5000 + "\n  easy:\n", 1),
        ["human", "easy"], "5000 digits"),
}  # a save seating the research-only oracle is the save's own fault: test_save_validation.py


@pytest.mark.parametrize("case", list(CASES))
def test_the_levels_file_is_blamed_and_the_save_left_alone(tmp_path, monkeypatch, case):
    from craits.ui.dialogs.message import MessageScene

    change, kinds, said = CASES[case]
    home = tmp_path / "home"
    home.mkdir()
    data = saved_game(home, kinds)
    bundled_levels_with(tmp_path, monkeypatch, change)
    app = make_app(home, monkeypatch)
    raise_errors(app)
    try:
        assert not app.continue_game()
        message = app.scenes.top
        assert isinstance(message, MessageScene)
        assert message.title == i18n.t("notice.levels_file_title")
        assert "config-ai.yaml" in message.body and said in message.body
        assert SaveStore(home).load() == (data, None)  # untouched, still there to continue
        assert not list(home.glob("save.*.json"))
        assert not list((home / "logs").glob("crash-*.log"))
    finally:
        app.shutdown()
    # Once the file is mended (or the level is back), the same save continues.
    monkeypatch.setattr(profiles, "bundled_path", lambda: ROOT / "config" / "ai.yaml")
    profiles.default_profiles.cache_clear()
    app = make_app(home, monkeypatch)
    raise_errors(app)
    try:
        assert app.continue_game()
    finally:
        app.shutdown()


@pytest.mark.parametrize("level", [
    "  cheat:\n    extends: oracle\n    offered: true\n",
    "  cheat:\n    extends: hard\n    play: oracle\n    offered: true\n",
])
def test_a_levels_file_cannot_offer_the_oracle(tmp_path, level):
    from craits.config import ConfigError
    from craits.config.levels import load_profiles

    path = tmp_path / "ai.yaml"
    path.write_text("levels:\n" + level, "utf-8")
    with pytest.raises(ConfigError, match="cannot be offered") as caught:
        load_profiles(path)
    offered_line = ("levels:\n" + level).splitlines().index("    offered: true") + 1
    assert caught.value.key == "levels.cheat.offered" and caught.value.line == offered_line
