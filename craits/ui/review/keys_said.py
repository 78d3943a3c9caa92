"""The review's table by ear, with the table's keys: K the reviewed player's hand (suit by suit,
in the order it is shown), S each player's cards and total, T the top card, the suit in force
and the crank. Said from what the board shows, never more: while a choice is tried again the
others' hands are face down, and only their counts are said."""

from __future__ import annotations

from collections.abc import Sequence
from itertools import groupby

import pygame

from craits import i18n
from craits.engine.cards import RANK_OF, SUIT_OF
from craits.ui.speech.words import cards_list
from craits.ui.tabletop.model import TableModel

KEYS = (pygame.K_k, pygame.K_s, pygame.K_t)


def hand_said(model: TableModel, seat: int) -> str:
    """"Your hand, 5 cards: spades, 2 cards: king, four. Hearts, ..." (the reviewed player is
    "you", as the review's log says)."""
    codes = [sprite.code for sprite in model.hands[seat] if sprite.code is not None]
    if not codes:
        return i18n.t("speech.hand_empty")
    parts = [i18n.tn("speech.hand", len(codes))]
    for suit, cards in groupby(codes, key=lambda code: SUIT_OF[code]):
        ranks = [RANK_OF[code] for code in cards]
        parts.append(i18n.tn("speech.hand_suit", len(ranks), suit=i18n.suit_name(suit),
                             cards=", ".join(i18n.rank_name(rank) for rank in ranks)) + ".")
    return " ".join(parts)


def players_said(model: TableModel, names: Sequence[str]) -> str:
    """Each player in turn: cards held (each card when it is face up) and total."""
    rows = []
    for seat, name in enumerate(names):
        hand = model.hands[seat]
        row = i18n.tn("speech.player_cards", len(hand), player=name)
        if hand and all(sprite.code is not None for sprite in hand):
            row += f": {cards_list([s.code for s in hand if s.code is not None])}"
        rows.append(f"{row}, {i18n.tn('speech.points', model.totals[seat])}.")
    return " ".join(rows)


def top_said(model: TableModel) -> str:
    """The top card and the suit in force, and the crank while one runs."""
    top = model.discard[-1].code if model.discard else None
    if top is None or model.suit is None:
        return ""
    said = i18n.t("speech.top", card=i18n.spoken_card(top), suit=i18n.suit_name(model.suit))
    return f"{said} {i18n.tn('speech.crank', model.crank)}" if model.crank else said


def answer(key: int, model: TableModel, names: Sequence[str], seat: int) -> str:
    """What key ``key`` (one of ``KEYS``) says of the board."""
    if key == pygame.K_k:
        return hand_said(model, seat)
    if key == pygame.K_s:
        return players_said(model, names)
    return top_said(model)
