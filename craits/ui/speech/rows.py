"""A game's row in a list (past games, game records), for the ear: what the row shows with a
star beside the winners' totals ("Ada 23 ★, Hard 41") is said in words ("Ada, 23 points, the
best total; Hard, 41 points")."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from craits import i18n


def spoken_scores(names: Sequence[str], totals: Sequence[int], winners: Sequence[int]) -> str:
    """Each player's total in words, the winners' said to be the best; a seat without a name
    is named as the table names it ("Player 2")."""
    said = []
    for seat, (name, total) in enumerate(zip(names, totals, strict=True)):
        score = f"{name or i18n.t('setup.default_name', n=seat + 1)}, " \
                f"{i18n.tn('speech.points', total)}"
        said.append(i18n.t("speech_more.best", score=score) if seat in winners else score)
    return "; ".join(said)


class Spoken(Protocol):
    def spoken(self) -> str: ...


def spoken_among(widget: Spoken, rows: Sequence[Spoken]) -> str:
    """A row read with its place among the rows ("..., 2 of 4"); anything else by itself."""
    if widget not in rows:
        return widget.spoken()
    place = i18n.t("speech_menu.position", position=rows.index(widget) + 1, count=len(rows))
    return f"{widget.spoken()}, {place}"
