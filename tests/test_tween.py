"""Tweens and cues are driven by hand-fed time: no clock, exact results."""

import pytest

from craits.ui.tabletop.tween import (
    Cues,
    Tween,
    ease_out_back,
    ease_out_cubic,
    lerp,
    lerp_angle,
    linear,
)


@pytest.mark.parametrize("ease", [linear, ease_out_cubic, ease_out_back])
def test_easings_start_at_zero_and_end_at_one(ease):
    assert ease(0.0) == pytest.approx(0.0)
    assert ease(1.0) == pytest.approx(1.0)


def test_ease_out_is_ahead_of_linear_then_lands_gently():
    assert ease_out_cubic(0.25) > 0.25
    # The last 10% of the time covers less than 1% of the way: the landing is soft.
    assert 1.0 - ease_out_cubic(0.9) < 0.01


def test_ease_out_back_overshoots():
    assert max(ease_out_back(i / 100) for i in range(101)) > 1.0


def test_tween_moves_a_position_and_stops_at_the_end():
    tween = Tween((0.0, 0.0), (100.0, 50.0), 0.3, linear)
    tween.update(0.15)
    assert tween.value == pytest.approx((50.0, 25.0))
    assert not tween.done
    tween.update(1.0)
    assert tween.value == (100.0, 50.0)
    assert tween.done and tween.remaining == 0.0


def test_tween_waits_for_its_delay():
    tween = Tween(0.0, 10.0, 0.2, linear, delay=0.5)
    tween.update(0.4)
    assert tween.value == 0.0 and tween.progress == 0.0
    tween.update(0.2)  # 0.1 s into the movement
    assert tween.value == pytest.approx(5.0)
    assert tween.remaining == pytest.approx(0.1)


def test_zero_duration_jumps_on_the_first_update():
    tween = Tween(3.0, 7.0, 0.0)
    assert tween.value == 3.0 and not tween.done
    tween.update(0.0)
    assert tween.value == 7.0 and tween.done


def test_negative_time_is_refused():
    with pytest.raises(ValueError):
        Tween(0.0, 1.0, -1.0)
    tween = Tween(0.0, 1.0, 1.0)
    with pytest.raises(ValueError):
        tween.update(-0.1)


def test_lerp_needs_matching_shapes():
    assert lerp(2.0, 4.0, 0.5) == 3.0
    assert lerp((0.0, 10.0), (10.0, 20.0), 0.1) == pytest.approx((1.0, 11.0))


def test_angles_turn_the_short_way():
    assert lerp_angle(350.0, 10.0, 0.5) == pytest.approx(360.0)
    assert lerp_angle(10.0, 350.0, 1.0) == pytest.approx(-10.0)


def test_cues_run_in_time_order_and_once():
    cues = Cues()
    ran: list[str] = []
    cues.at(0.2, lambda: ran.append("b"))
    cues.at(0.1, lambda: ran.append("a"))
    cues.at(0.2, lambda: ran.append("c"))  # same time: in the order given
    cues.update(0.05)
    assert ran == []
    cues.update(0.1)
    assert ran == ["a"]
    cues.update(1.0)
    assert ran == ["a", "b", "c"] and len(cues) == 0


def test_cues_flush_runs_everything_now():
    cues = Cues()
    ran: list[int] = []
    for i in range(3):
        cues.at(10.0 + i, lambda i=i: ran.append(i))
    cues.flush()
    assert ran == [0, 1, 2]
