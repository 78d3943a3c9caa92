"""YAML configuration: strict loading, errors with file/line/key, rules presets and overrides."""

from __future__ import annotations

import pickle
import re
from pathlib import Path

import pytest

import craits.config.rules as rules_module
from craits.config import (
    ConfigError,
    Integer,
    ListOf,
    MapOf,
    Number,
    OneOf,
    Struct,
    load_rules,
    load_yaml_file,
    parse_yaml,
    validate,
)
from craits.engine.rules import RULE_KEYS, Rules
from craits.resources import resource_path

BUNDLED = resource_path("config", "rules.yaml")


def write(tmp_path: Path, text: str, name: str = "my_rules.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def error_of(call, *args, **kwargs) -> ConfigError:
    with pytest.raises(ConfigError) as info:
        call(*args, **kwargs)
    return info.value


# ---------------------------------------------------------------- the bundled file


def test_bundled_defaults_are_the_standard_rules():
    assert load_rules() == Rules()


def test_bundled_defaults_list_every_key_with_a_comment():
    text = BUNDLED.read_text(encoding="utf-8")
    block = text.split("\ndefaults:\n", 1)[1].split("\n\n", 1)[0]
    lines = {line.split(":")[0].strip(): line for line in block.splitlines()}
    assert set(lines) == set(RULE_KEYS)
    for key, line in lines.items():
        assert re.search(r"#\s*\S", line), f"{key} has no comment"


def test_presets_are_listed_with_descriptions():
    presets = rules_module.read_rule_book().presets
    assert {"standard", "quick", "uno_house"} <= set(presets)
    assert all(isinstance(p["description"], str) and len(p["description"]) > 10
               for p in presets.values())


def test_every_preset_loads_and_differs_only_where_it_says():
    book = rules_module.read_rule_book()
    for name, preset in book.presets.items():
        rules = load_rules(preset=name)
        changed = {k for k in RULE_KEYS if getattr(rules, k) != getattr(Rules(), k)}
        assert changed == {k for k, v in preset.get("rules", {}).items()
                           if v != getattr(Rules(), k)}, name


def test_named_presets_say_what_they_should():
    assert load_rules(preset="standard") == Rules()
    quick = load_rules(preset="quick")
    assert quick.game_length == "short" and len(quick.deals) == 8
    uno = load_rules(preset="uno_house")
    assert (uno.seven_skips, uno.play_drawn_card, uno.draw_when_able, uno.crank_optional) == (
        True, True, True, True)


def test_unknown_preset_suggests_a_name():
    error = error_of(load_rules, preset="quik")
    assert "unknown preset 'quik'" in str(error)
    assert "did you mean 'quick'?" in str(error)


def test_broken_bundled_file_names_the_missing_key(tmp_path, monkeypatch):
    text = BUNDLED.read_text(encoding="utf-8").replace("  threes: cancel_then_bonus", "")
    broken = write(tmp_path, text, "rules.yaml")
    monkeypatch.setattr(rules_module, "_bundled_rules_path", lambda: broken)
    error = error_of(load_rules)
    assert error.key == "defaults.threes"
    assert error.message == "missing key"
    assert error.line == text.splitlines().index("defaults:") + 1  # the mapping that lacks it


# ---------------------------------------------------------------- user files: errors


def test_typo_key_names_file_line_key_and_suggestion(tmp_path):
    path = write(tmp_path, "# my table\nidiot_penalty: 3\nseven_skip: true\n")
    error = error_of(load_rules, path)
    assert (error.path, error.line, error.key) == (str(path), 3, "seven_skip")
    assert str(error) == (
        f"{path}, line 3, key 'seven_skip': unknown key; did you mean 'seven_skips'?")


def test_bad_value_lists_allowed_values(tmp_path):
    path = write(tmp_path, "threes: cancel\n")
    error = error_of(load_rules, path)
    assert (error.line, error.key) == (1, "threes")
    assert "allowed values: cancel_then_bonus, bonus_only_if_all_threes" in error.message


def test_yaml_boolean_trap_is_explained(tmp_path):
    path = write(tmp_path, "seven_skips: yes\ntwo_player_reverse: no\n")
    error = error_of(load_rules, path)
    assert (error.line, error.key) == (2, "two_player_reverse")
    assert "bad value false" in error.message
    assert "allowed values: skip, none" in error.message
    assert "quotes" in error.message
    # `yes` for a boolean key is fine, and the quoted (or plain) word works.
    assert load_rules(write(tmp_path, 'two_player_reverse: "none"\n')).two_player_reverse == "none"
    assert load_rules(write(tmp_path, "two_player_reverse: none\n")).two_player_reverse == "none"


@pytest.mark.parametrize("value", ['"2"', "true", "6", "2.0", "-1"])
def test_idiot_penalty_must_be_a_whole_number_in_range(tmp_path, value):
    error = error_of(load_rules, write(tmp_path, f"idiot_penalty: {value}\n"))
    assert error.key == "idiot_penalty"
    assert "allowed values: 0, 1, 2, 3, 4, 5" in error.message


def test_quoted_number_hint(tmp_path):
    error = error_of(load_rules, write(tmp_path, 'idiot_penalty: "2"\n'))
    assert 'bad value "2"' in error.message and "remove the quotes" in error.message


def test_duplicate_key_refused_with_both_lines(tmp_path):
    path = write(tmp_path, "seven_skips: true\nidiot_penalty: 3\nseven_skips: false\n")
    error = error_of(load_rules, path)
    assert (error.line, error.key) == (3, "seven_skips")
    assert "duplicate key" in error.message and "line 1" in error.message


def test_duplicate_key_in_nested_mapping(tmp_path):
    text = "presets:\n  mine:\n    description: x\n    description: y\n"
    error = error_of(load_rules, write(tmp_path, text))
    assert error.line == 4 and "duplicate key" in error.message


@pytest.mark.parametrize("text, line", [
    ("seven_skips: true\nidiot_penalty: [1, 2\n", 3),
    ("seven_skips: true\n\tidiot_penalty: 2\n", 2),
    ("seven_skips: true\nidiot_penalty: 2: 3\n", 2),
])
def test_syntax_errors_have_file_and_line(tmp_path, text, line):
    path = write(tmp_path, text)
    error = error_of(load_rules, path)
    assert error.path == str(path) and error.line == line
    assert error.message.startswith("YAML syntax")


def test_unsafe_tags_are_refused_not_run(tmp_path):
    marker = tmp_path / "ran"
    text = f"seven_skips: !!python/object/apply:os.system ['touch {marker}']\n"
    error = error_of(load_rules, write(tmp_path, text))
    assert error.line == 1
    assert not marker.exists()


def test_several_problems_are_reported_together(tmp_path):
    path = write(tmp_path, "seven_skip: true\nthrees: 3\ngame_length: long\n")
    error = error_of(load_rules, path)
    assert [(p.line, p.key) for p in error.problems] == [
        (1, "seven_skip"), (2, "threes"), (3, "game_length")]
    assert len(str(error).splitlines()) == 3


def test_errors_survive_pickling_between_processes(tmp_path):
    error = error_of(load_rules, write(tmp_path, "seven_skip: 1\nthrees: 2\n"))
    copy = pickle.loads(pickle.dumps(error))
    assert str(copy) == str(error) and (copy.line, copy.key) == (1, "seven_skip")
    assert len(copy.problems) == 2


def test_missing_and_unreadable_files(tmp_path):
    assert error_of(load_rules, tmp_path / "nope.yaml").message == "file not found"
    (tmp_path / "latin1.yaml").write_bytes(b"# caf\xe9\nseven_skips: true\n")
    assert "not UTF-8" in error_of(load_rules, tmp_path / "latin1.yaml").message


def test_top_level_must_be_a_mapping(tmp_path):
    error = error_of(load_rules, write(tmp_path, "- seven_skips\n"))
    assert "expected a mapping" in error.message


# ---------------------------------------------------------------- user files: overrides


def test_plain_user_file_overrides_defaults_and_preset(tmp_path):
    path = write(tmp_path, "seven_skips: false\nidiot_penalty: 3\n")
    rules = load_rules(path, preset="uno_house")
    assert rules.seven_skips is False  # the user's own keys come last
    assert rules.idiot_penalty == 3
    assert rules.play_drawn_card is True  # the rest of the preset still applies


def test_empty_user_file_changes_nothing(tmp_path):
    assert load_rules(write(tmp_path, "# nothing yet\n")) == Rules()


def test_structured_user_file_adds_presets_and_defaults(tmp_path):
    text = (
        "defaults:\n"
        "  idiot_penalty: 1\n"
        "presets:\n"
        "  kitchen:\n"
        "    description: Our table.\n"
        "    rules:\n"
        "      threes: bonus_only_if_all_threes\n"
    )
    path = write(tmp_path, text)
    assert load_rules(path).idiot_penalty == 1
    kitchen = load_rules(path, preset="kitchen")
    assert (kitchen.idiot_penalty, kitchen.threes) == (1, "bonus_only_if_all_threes")
    assert load_rules(path, preset="quick").idiot_penalty == 1  # a preset on top of defaults
    presets = rules_module.read_rule_book(path).presets
    assert presets["kitchen"]["description"] == "Our table." and "standard" in presets


def test_structured_user_file_error_has_dotted_key_and_line(tmp_path):
    text = "presets:\n  kitchen:\n    description: Ours.\n    rules:\n      seven_skip: true\n"
    error = error_of(load_rules, write(tmp_path, text))
    assert (error.line, error.key) == (5, "presets.kitchen.rules.seven_skip")
    assert "did you mean 'seven_skips'?" in error.message


# ---------------------------------------------------------------- the reusable schema


def test_schema_helper_reports_lines_for_another_file(tmp_path):
    level = Struct({"rate": Number(0, 1), "iterations": Integer(1, 10_000),
                    "style": OneOf("careful", "bold"), "seats": ListOf(Integer(0, 4))},
                   required=["rate"])
    schema = Struct({"levels": MapOf(level)}, required=True)
    text = (
        "levels:\n"
        "  easy:\n"
        "    rate: 0.5\n"
        "    seats: [1, 9]\n"
        "  hard:\n"
        "    rate: 1.5\n"
        "    iterations: 200\n"
        "    style: on\n"
        "  odd:\n"
        "    iterations: 3\n"
    )
    document = load_yaml_file(write(tmp_path, text, "ai.yaml"))
    error = error_of(validate, document.data, schema, document.source)
    found = {(p.key, p.line): p.message for p in error.problems}
    assert set(found) == {("levels.easy.seats[1]", 4), ("levels.hard.rate", 6),
                          ("levels.hard.style", 8), ("levels.odd.rate", 9)}
    assert "at most 1" in found[("levels.hard.rate", 6)]
    assert "quotes" in found[("levels.hard.style", 8)]
    good = parse_yaml("levels:\n  easy: {rate: 1, iterations: 5}\n", "inline")
    assert validate(good.data, schema, good.source) == {
        "levels": {"easy": {"rate": 1.0, "iterations": 5}}}
