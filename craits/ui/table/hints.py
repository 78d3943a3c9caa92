"""The line above the hand that tells the player what they can do now, and why a card they
reach for (or a draw or a pass) is refused, in their language. Ranks are digits or words
("matching ♥ or king"), never letters: they read the same in every language, and by ear."""

from __future__ import annotations

from craits import i18n
from craits.engine import Draw, Pass, Play, SeatView
from craits.engine.cards import RANK_OF, rank_str
from craits.engine.refusal import Why, card_refusal


def rank_label(card: int) -> str:
    """The card's rank for running text: 2 to 10 as digits, the others as words."""
    return rank_str(card) if 2 <= RANK_OF[card] <= 10 else i18n.rank_name(RANK_OF[card])


def to_do(view: SeatView) -> str:
    """What the player may do on their turn ("Play a card matching ♥ or 7, or draw.")."""
    if view.phase == "choose_suit":
        return i18n.t("table.hint_choose_suit")
    if view.phase == "drawn":
        return i18n.t("table.hint_drawn")
    plays = [a for a in view.legal if isinstance(a, Play)]
    can_draw = Draw() in view.legal
    if view.crank:
        if not plays:
            return i18n.tn("table.hint_crank_take", view.crank)
        if can_draw:
            return i18n.tn("table.hint_crank_optional", view.crank)
        return i18n.t("table.hint_crank")
    if not plays:
        return i18n.t("table.hint_no_play")
    key = "table.hint_play" if can_draw else "table.hint_play_only"
    return i18n.t(key, suit=i18n.suit_symbol(view.suit), rank=rank_label(view.top))


def hint_for(view: SeatView | None, my_turn: bool, waiting_for: str | None) -> str:
    """What to do on one's turn ("Your turn: play a card matching ♥ or 7, or draw"), a
    reminder to announce a last card, or whom the table is waiting for."""
    if view is None:
        return ""
    if my_turn:
        text = to_do(view)
        if view.phase == "play" and view.crank and (
                Draw() in view.legal or not any(isinstance(a, Play) for a in view.legal)):
            return text  # "You can't answer the crank: take 2 cards." says whose turn
        return f"{i18n.t('table.your_turn')}: {text}"
    if view.can_announce and view.window == view.seat:
        return i18n.t("table.hint_announce")
    if waiting_for is not None:
        return i18n.t("table.hint_wait", player=waiting_for)
    return ""


def refusal_reason(view: SeatView | None, card: int, my_turn: bool,
                   waiting_for: str | None) -> str:
    """Why the viewer may not play ``card`` now ("Needs ♥ or 5"): the engine's reason
    (``card_refusal``, read from their seat's view only) in the player's words. ``my_turn`` is
    False while the table is still busy on the viewer's turn; ``waiting_for`` names whom the
    table waits for."""
    why = None if view is None else card_refusal(view, card)
    if view is None or (why is not None and why.why is Why.ROUND_OVER):
        return i18n.t("feedback.round_over")
    if why is not None and why.why is Why.SUIT_FIRST:
        return i18n.t("feedback.choose_suit")
    if not my_turn:
        if why is not None and why.why is Why.NOT_YOUR_TURN and why.forfeit:
            return i18n.t("feedback.lose_turn")
        if waiting_for is not None:
            return i18n.t("feedback.not_your_turn", player=waiting_for)
        return i18n.t("feedback.wait")
    if why is not None and why.why is Why.ONLY_DRAWN:
        return i18n.t("feedback.drawn")
    if why is not None and why.why is Why.CRANK:
        if not why.can_play:
            return i18n.tn("feedback.crank_take", why.crank)
        if why.can_draw:
            return i18n.tn("feedback.crank_or_take", why.crank)
        return i18n.t("feedback.crank")
    suit = i18n.suit_symbol(view.suit if why is None or why.suit is None else why.suit)
    rank = rank_label(view.top if why is None or why.top is None else why.top)
    if why is not None and not why.can_play:
        return i18n.t("feedback.needs_draw", suit=suit, rank=rank)
    return i18n.t("feedback.needs", suit=suit, rank=rank)


def not_now(view: SeatView | None, action: Draw | Pass, my_turn: bool,
            waiting_for: str | None) -> str:
    """Why the viewer may not draw (or pass) now: a card fits and the rules let a player draw
    only when none does (RULES.md 3, ``draw_when_able``), a pass comes only after a draw, or
    it is not their turn."""
    if view is None or view.phase == "over":
        return i18n.t("feedback.round_over")
    if not my_turn:
        return i18n.t("feedback.not_your_turn", player=waiting_for) if waiting_for \
            else i18n.t("feedback.wait")
    if view.phase == "choose_suit":
        return i18n.t("feedback.choose_suit")
    if view.phase == "drawn":
        return i18n.t("feedback.drawn")
    if isinstance(action, Pass):  # and what may be done instead
        return f"{i18n.t('feedback.no_pass')} {to_do(view)}"
    return i18n.t("feedback.no_draw")
