"""The menus' rows and columns: cells cut from a row, rows handed out down a column."""

import pygame

from craits.ui.widgets.rows import Column, grid, split


def test_a_column_hands_out_rows_from_the_top_with_the_space_asked_below_each():
    column = Column(10, 20, 300)
    first = column.take(30, after=5)
    second = column.take(40, indent=8)
    column.space(12)
    third = column.take(10)
    assert first == pygame.Rect(10, 20, 300, 30)
    assert second == pygame.Rect(18, 55, 292, 40)
    assert third == pygame.Rect(10, 107, 300, 10)
    assert column.y == 117


def test_split_gives_pixels_shares_and_equal_parts_of_the_rest_gap_apart():
    number, name, kind, level = split(pygame.Rect(0, 5, 400, 20), [34, None, 0.25, None], 6)
    assert number == pygame.Rect(0, 5, 34, 20)
    assert kind.width == 100 and name.width == level.width == (400 - 18 - 34 - 100) // 2
    assert name.left == 40 and kind.left == name.right + 6 and level.left == kind.right + 6
    assert level.right <= 400 and {r.top for r in (number, name, kind, level)} == {5}


def test_a_grid_row_has_its_label_padded_and_equal_cells_inset():
    label, *cells = grid(pygame.Rect(100, 0, 500, 30), 200, 3, inset=4, label_pads=(8, 4))
    assert label == pygame.Rect(108, 0, 188, 30)
    assert [c.left for c in cells] == [304, 404, 504]
    assert {c.width for c in cells} == {92}
