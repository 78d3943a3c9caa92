"""The loop's pace: full rate while anything moves or the player acts; left alone, a few frames
a second, and an unchanged frame is not shown again; any event or change wakes it at once."""

from __future__ import annotations

import pygame
import pytest
from app_driver import post_key

from craits.ui.frame_times import IDLE_FPS, FramePacer

FRAME = 1 / 60


def drawn(pacer: FramePacer, screen: bytes, frames: int, start: float) -> tuple[list[bool], float]:
    """``frames`` frames of ``screen`` from ``start``: whether each was shown, and the time."""
    shown = []
    for i in range(frames):
        shown.append(pacer.drawn(lambda: screen, start + i * FRAME))
    return shown, start + frames * FRAME


def test_an_unchanged_screen_with_no_event_goes_idle_after_half_a_second():
    pacer = FramePacer(idle_after=0.5, sample_every=6)
    shown, now = drawn(pacer, b"title", 24, 0.0)  # 0.4 s
    assert all(shown) and not pacer.idle
    shown, now = drawn(pacer, b"title", 12, now)  # 0.6 s
    assert pacer.idle and shown[:7] == [True] * 7  # idle from the frame at 0.5 s
    shown, now = drawn(pacer, b"title", 5, now)
    assert shown == [False] * 5  # nothing new to show


def test_a_screen_that_keeps_changing_stays_at_full_rate():
    pacer = FramePacer(idle_after=0.5, sample_every=6)
    for i in range(240):  # four seconds of an animation
        assert pacer.drawn(lambda i=i: bytes([i % 7]), i * FRAME)
    assert not pacer.idle


def test_a_change_while_idle_is_shown_and_wakes_the_loop():
    pacer = FramePacer(idle_after=0.5, sample_every=6)
    _, now = drawn(pacer, b"table", 60, 0.0)
    assert pacer.idle
    assert pacer.drawn(lambda: b"the computer played", now)
    assert not pacer.idle
    shown, _ = drawn(pacer, b"the computer played", 20, now)
    assert all(shown) and not pacer.idle  # half a second at full rate again


def test_an_event_wakes_the_loop_for_another_half_second():
    pacer = FramePacer(idle_after=0.5, sample_every=6)
    _, now = drawn(pacer, b"settings", 60, 0.0)
    assert pacer.idle
    pacer.woken(now)
    assert not pacer.idle
    shown, later = drawn(pacer, b"settings", 24, now)  # a hover that changes nothing
    assert all(shown) and not pacer.idle
    drawn(pacer, b"settings", 12, later)
    assert pacer.idle


def test_an_idle_wait_is_a_few_frames_a_second():
    assert 5 <= IDLE_FPS <= 10 and FramePacer().wait_ms == 1000 // IDLE_FPS


@pytest.mark.draws
def test_the_title_left_alone_makes_a_few_frames_a_second_and_wakes_at_a_key(make_app):
    app = make_app(size=(960, 600))
    app.show_title()
    for _ in range(40):  # half a second of frames, however slow the machine is today
        app.run(max_seconds=0.25)
        if app.pacer.idle:
            break
    assert app.pacer.idle
    before = app.frames.frames
    app.run(max_seconds=1.0)
    assert app.frames.frames - before <= IDLE_FPS + 1 and app.pacer.idle
    post_key(pygame.K_DOWN)  # the frame that waits takes the key: the loop is awake at once
    app.run(max_frames=1)
    assert not app.pacer.idle and not pygame.event.peek()


def test_an_app_that_draws_nothing_never_idles(make_app):
    app = make_app(size=(960, 600))
    app.show_title()
    app.run(max_frames=90)
    assert not app.pacer.idle and app.frames.frames == 90


def test_the_screen_is_told_apart_by_its_pixels_and_an_unreadable_one_never_rests():
    from craits.ui.app import pixels_checksum

    surface = pygame.Surface((33, 17))  # an odd width: rows padded or not, all is read
    first = pixels_checksum(surface)
    assert pixels_checksum(surface) == first
    surface.set_at((32, 16), (1, 2, 3))
    assert pixels_checksum(surface) != first

    class Unreadable:
        def get_buffer(self):
            raise pygame.error("no pixels")

    assert pixels_checksum(Unreadable()) != pixels_checksum(Unreadable())


def test_the_table_s_decorations_hold_still_after_a_quiet_while_and_move_again_at_a_key(
        make_app):
    """Waiting for the player, the turning ring and the pulses stop after ``SETTLE`` seconds:
    the frame no longer changes, so the loop may rest; a key brings them back at once."""
    from craits.ui.tabletop.painter import SETTLE

    app = make_app(size=(960, 600))
    app.new_game(app.seats_for(["human", "easy"]), None, 5)
    table = app.current_table()
    for _ in range(2000):  # the cut, the deal and the computer's moves, to the player's turn
        app.step(1 / 30)
        if app.scenes.top is not table or table.match.cut_pending:
            post_key(pygame.K_RETURN)
        elif table.match.my_turn() and not table.chor.busy and not table.model.moving:
            break
    assert table.match.my_turn()
    for _ in range(round((SETTLE + 1) * 30)):
        app.step(1 / 30)
    held = table.clock
    for _ in range(30):
        app.step(1 / 30)
    assert table.clock == held and table.quiet >= SETTLE  # nothing turns or pulses
    post_key(pygame.K_RIGHT)  # the focus moves along the hand
    app.step(1 / 30)
    app.step(1 / 30)
    assert table.clock > held and table.quiet < SETTLE
