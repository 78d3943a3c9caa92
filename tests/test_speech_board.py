"""The screens around a round's end by ear, through the transcript (``CRAITS_SPEECH_LOG``): the
scoreboard says the round, each player's points this round and in all, the leader and its
keys as it opens, and the arrows read its rows (with each hand's cards) and buttons; F1 lists
the controls there too."""

from __future__ import annotations

import pygame
from table_harness import run_until, step
from test_ui_table_scoreboard import end_round_by_enter, key_down, key_up, table_at_last_card

from craits import i18n
from craits.ui.controls_list import CONTROLS
from craits.ui.speech import transcript as transcript_file
from craits.ui.table.controls_help import ControlsScene
from craits.ui.table.scoreboard import SETTLE, ScoreboardScene, hand_groups


def said_after(app, path, key: int) -> list[str]:
    """Press and let go of ``key``; what was said because of it."""
    before = len(transcript_file.texts(path))
    key_down(key)
    step(app, 2)
    key_up(key)
    step(app, 2)
    return transcript_file.texts(path)[before:]


def settled_board(make_app) -> tuple[object, ScoreboardScene]:
    app, table = table_at_last_card(make_app)
    board = end_round_by_enter(app, table)
    key_up(pygame.K_RETURN)
    run_until(app, lambda: board.age >= SETTLE + 0.2, 5)
    return app, board


def test_the_scoreboard_says_the_round_each_row_the_leader_and_its_keys(transcript, make_app):
    app, board = settled_board(make_app)
    said = [line for line in transcript_file.texts(transcript)
            if line.startswith(i18n.t("score.round_results", n=1))]
    assert len(said) == 1, transcript_file.texts(transcript)[-3:]
    opening = said[0]
    you, easy = board.session.seats
    totals = board.session.match.totals
    assert f"{you.name} went out: 0 points this round, {totals[0]} points in all." in opening
    assert f"{easy.name}, Easy: {board.ended.scores[1]} points this round, " \
           f"{totals[1]} points in all." in opening
    assert f"You lead with {totals[0]} points." in opening
    assert "rounds to go" in opening
    assert "Enter: Next round. R: Review round." in opening and "F1" in opening
    assert opening.endswith("Next round")  # the focused button, without the Enter sign
    assert not any(sign in opening for sign in "⏎♠♥♦♣")
    # Heard in full by a listener at 350 words a minute, however long it is.
    step(app, 1, dt=transcript_file.duration(opening) + 1)
    utterances = transcript_file.read(transcript)
    heard = transcript_file.heard(utterances)
    assert [h for u, h in zip(utterances, heard, strict=True) if u.text == opening] == [True]


def test_the_arrows_read_each_row_with_its_cards_then_the_buttons(transcript, make_app):
    app, board = settled_board(make_app)
    easy = board.session.seats[1]
    assert said_after(app, transcript, pygame.K_TAB) == [f"{board.session.seats[0].name} went out: "
                                                          f"0 points this round, "
                                                          f"{board.session.match.totals[0]} "
                                                          f"points in all, 1 of 2"]
    row = said_after(app, transcript, pygame.K_DOWN)[-1]
    assert row.startswith(f"{easy.name}, Easy: {board.ended.scores[1]} points this round")
    counted = hand_groups(board.ended.hands[1], board.session.rules.threes)[0]
    assert len(counted) == 3  # in the order the row shows them
    assert f"Cards left: {', '.join(i18n.spoken_card(c) for c in counted)}, 2 of 2" in row
    assert row.endswith("2 of 2")
    assert said_after(app, transcript, pygame.K_DOWN) == [i18n.t("table.menu")]
    assert said_after(app, transcript, pygame.K_DOWN) == [i18n.t("review.button")]
    assert said_after(app, transcript, pygame.K_UP) == [i18n.t("table.menu")]
    assert app.scenes.top is board
    said_after(app, transcript, pygame.K_UP)  # back on a row: Space still goes on
    key_down(pygame.K_SPACE)
    step(app, 2)
    assert app.scenes.top is not board


def test_enter_goes_on_from_a_row_being_read(transcript, make_app):
    app, board = settled_board(make_app)
    said_after(app, transcript, pygame.K_TAB)
    assert board.focus.focused is board.rows[0]
    key_down(pygame.K_RETURN)
    step(app, 2)
    assert app.scenes.top is not board


def test_f1_on_the_scoreboard_lists_the_controls_and_back_says_where_it_is(transcript, make_app):
    app, board = settled_board(make_app)
    said = said_after(app, transcript, pygame.K_F1)
    assert isinstance(app.scenes.top, ControlsScene)
    assert said[-1].startswith(i18n.t("controls.title"))
    assert said_after(app, transcript, pygame.K_DOWN)[-1].endswith(f", 1 of {len(CONTROLS)}")
    # Back on the board: where it is and the focus, not the whole board again (said last,
    # over the table's own line of scores).
    assert said_after(app, transcript, pygame.K_F1)[-1] == \
        f"{i18n.t('score.round_results', n=1)}. {i18n.t('score.next_round')}"
    assert app.scenes.top is board
