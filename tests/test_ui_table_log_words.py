"""The log says a thing once: a call's penalty draw is said with the call, not again; a
viewer's own clause after a dash goes on in lower case ("— you drew 6♣")."""

from __future__ import annotations

from craits import i18n
from craits.engine import events as ev
from craits.engine.notation import read_card
from craits.ui.tabletop.choreographer import Choreographer
from craits.ui.tabletop.log import LogLine, LogPart
from craits.ui.tabletop.model import TableModel


def table(viewer: int = 0) -> Choreographer:
    i18n.set_language("en")
    model = TableModel(3, (1280, 800), bottom_seat=viewer, viewer=viewer)
    chor = Choreographer(model, ["You", "Ada", "Ben"], speed="instant", viewer=viewer)
    chor.feed([ev.CardsDealt(p, None, 3) for p in range(3)])
    chor.finish()
    return chor


def test_a_call_says_the_penalty_draw_once():
    chor = table()
    chor.feed([ev.IdiotCalled(0, 1, 2), ev.CardsDrawn(1, None, 2, "idiot")])
    chor.finish()
    assert chor.log.recent(0, 1)[0][1] == "You caught Ada! Ada draws 2 cards"
    seen_by_ben = chor.log.recent(2, 1)[0][1]
    assert seen_by_ben.count("2 cards") == 1


def test_the_caught_viewer_still_reads_which_cards_they_drew():
    chor = table()
    cards = (read_card("6C"), read_card("KH"))
    chor.feed([ev.IdiotCalled(1, 0, 2), ev.CardsDrawn(0, cards, 2, "idiot")])
    chor.finish()
    line = chor.log.recent(0, 1)[0][1]
    assert line == "Ada caught you! You draw 2 cards — you drew 6♣ K♥"


def test_a_name_after_a_dash_keeps_its_capital():
    line = LogLine([LogPart("Ada played 7♣"),
                    LogPart("Ben drew a card", {2: "You drew 6♣"}, subject=2)])
    assert line.text_for(1) == "Ada played 7♣ — Ben drew a card"
    assert line.text_for(2) == "Ada played 7♣ — you drew 6♣"


def test_a_clause_about_the_table_goes_on_in_lower_case():
    chor = table()
    chor.feed([ev.CardPlayed(1, read_card("10S"), 0), ev.DirectionReversed(-1)])
    chor.finish()
    assert chor.log.recent(0, 1)[0][1] == "Ada played 10♠ — play now goes counter-clockwise"
