"""The small tip that points to the controls (F1) the first time the viewer's turn comes at a
table: the table's and the review's hand input show it."""

from __future__ import annotations

from craits import i18n
from craits.ui.tabletop.clearance import controls_tip_box
from craits.ui.tabletop.layout import TableLayout
from craits.ui.tabletop.sprites import Banner

GOLD = (250, 218, 130)
TIP_SECONDS = 15.0
TIP_TEXT = 15  # its type size (1280x800 pixels, times the print scale)


class ControlsTip(Banner):
    """"F1: controls" at the end of the line above the hand, for a while, once per table: in
    large print as large as the line's type allows in its box."""

    def __init__(self, layout: TableLayout, duration: float = TIP_SECONDS) -> None:
        box = controls_tip_box(layout)
        # Banners rise a little as they pop in; start that much lower to end on the line.
        super().__init__(i18n.t("controls.tip"), (box.centerx, box.centery + 4),
                         layout.tx(TIP_TEXT), (12, 44, 30, 225), color=GOLD, duration=duration,
                         room=box.size)
