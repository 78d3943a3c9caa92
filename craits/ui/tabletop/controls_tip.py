"""The small tip that points to the controls (F1) the first time the viewer's turn comes at a
table: the table's and the review's hand input show it."""

from __future__ import annotations

from craits import i18n
from craits.ui.tabletop.layout import TableLayout
from craits.ui.tabletop.sprites import Banner

GOLD = (250, 218, 130)
TIP_SECONDS = 15.0


class ControlsTip(Banner):
    """"F1: controls" at the end of the line above the hand, for a while, once per table."""

    def __init__(self, layout: TableLayout, duration: float = TIP_SECONDS) -> None:
        x = (layout.hint.right + layout.size[0]) // 2
        # Banners rise a little as they pop in; start that much lower to end on the line.
        super().__init__(i18n.t("controls.tip"), (x, layout.hint.centery + 4), layout.px(15),
                         (12, 44, 30, 225), color=GOLD, duration=duration)
