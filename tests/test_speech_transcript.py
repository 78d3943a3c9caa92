"""The modelled listener: from a transcript's times and flags, which utterances a player at
350 words a minute heard in full (queued ones follow each other; one that cuts in silences
what is being said and drops what waits)."""

from __future__ import annotations

import pytest

from craits.ui.speech.transcript import Utterance, duration, heard, heard_share, line, parse

SEVEN = "one two three four five six seven"  # 7 words: 1.2 s at 350 a minute


def said(at: float, flag: str, text: str = SEVEN) -> Utterance:
    return parse(f"{at:.3f} {flag} {text}")


def test_seven_words_take_one_point_two_seconds_at_350_a_minute():
    assert duration(SEVEN) == pytest.approx(1.2)
    assert duration(SEVEN, words_per_minute=175) == pytest.approx(2.4)


def test_a_line_is_read_back_as_it_was_written():
    assert parse(line(3.14159, True, "Your turn.\nOn the table")) == \
        Utterance(3.142, True, "Your turn. On the table")
    with pytest.raises(ValueError, match="flag"):
        parse("Your turn")  # an old transcript without time or flag
    with pytest.raises(ValueError, match="time"):
        parse("soon ! Your turn")


def test_queued_utterances_are_all_heard_one_after_another():
    assert heard([said(0, "+"), said(0.1, "+"), said(0.2, "+")]) == [True, True, True]


def test_an_interruption_cuts_what_is_being_said_and_drops_what_waits():
    transcript = [said(0, "+"), said(0.5, "+"), said(1.0, "!")]
    assert heard(transcript) == [False, False, True]


def test_an_interruption_after_the_end_cuts_nothing():
    assert heard([said(0, "!"), said(1.2, "!")]) == [True, True]
    assert heard([said(0, "!"), said(1.19, "!")]) == [False, True]


def test_a_queued_one_is_cut_if_it_started_late_behind_another():
    # The second starts at 1.2 s (after the first) and would end at 2.4 s: a cut at 2.0 s ends it.
    assert heard([said(0, "+"), said(0.1, "+"), said(2.0, "!")]) == [True, False, True]
    assert heard([said(0, "+"), said(0.1, "+"), said(2.0, "!")], words_per_minute=700) == \
        [True, True, True]


def test_the_share_heard_counts_only_the_kind_asked_for():
    transcript = [said(0, "!", "Your turn. " + SEVEN), said(0.3, "!", "the eight of spades"),
                  said(5, "!", "Your turn. " + SEVEN), said(9, "+", "Ben plays a five")]
    assert heard_share(transcript, lambda text: text.startswith("Your turn")) == 0.5
    assert heard_share(transcript) == 0.75
    assert heard_share([], lambda text: True) == 1.0


def test_the_tool_marks_what_was_cut_and_counts_the_share(tmp_path, capsys):
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    import heard as heard_tool

    path = tmp_path / "speech.txt"
    path.write_text(line(0, True, "Your turn. " + SEVEN) + "\n" + line(0.3, True, "the eight")
                    + "\n" + line(5, True, "Your turn. " + SEVEN) + "\n", encoding="utf-8")
    assert heard_tool.main([str(path), "--starts", "Your turn"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].split()[1] == "CUT" and out[1].split()[1] == "ok"
    assert out[-2:] == ["heard in full: 67% of 3", "starting 'Your turn': 50% of 2"]
    path.write_text("Your turn\n", encoding="utf-8")  # an old transcript, without times
    assert heard_tool.main([str(path)]) == 1
    assert "not a transcript line" in capsys.readouterr().err
