"""The review shows opponents' hands face up, fanned wide enough to read each card's corner,
and still clear of the seats beside them."""

from __future__ import annotations

import pytest

from craits.ui.tabletop.model import TableModel


def fan_box(model: TableModel, seat: int, count: int) -> tuple[float, float, float, float]:
    slots = model.slots_for(seat, count)
    w, h = model.layout.small_card
    xs, ys = [s.x for s in slots], [s.y for s in slots]
    return min(xs) - w / 2, max(xs) + w / 2, min(ys) - h / 2, max(ys) + h / 2


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_face_up_fans_show_each_corner_and_keep_clear(players):
    review = TableModel(players, (1280, 800), 0, 0, compact_seats=False)
    table = TableModel(players, (1280, 800), 0, 0)
    for seat in range(1, players):
        spread = review.slots_for(seat, 8)
        step = spread[1].x - spread[0].x
        assert step >= review.layout.small_card[0] * 0.3  # the index (rank, suit) shows
        assert step > table.slots_for(seat, 8)[1].x - table.slots_for(seat, 8)[0].x
    boxes = [fan_box(review, seat, 12) for seat in range(1, players)]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            apart = a[1] <= b[0] or b[1] <= a[0] or a[3] <= b[2] or b[3] <= a[2]
            assert apart, (a, b)
