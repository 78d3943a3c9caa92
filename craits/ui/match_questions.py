"""What the player is asked or told when a match cannot simply start (``craits.ui.matches``
reports why): replace the saved game?, play by the default rules?, the computer players'
file cannot be used. Each is a modal scene; the player's answer becomes the next outcome,
handed to ``then`` (the app shows it)."""

from __future__ import annotations

import logging
from collections.abc import Callable

from craits import i18n
from craits.ui.dialogs.confirm import ConfirmScene
from craits.ui.dialogs.message import MessageScene
from craits.ui.matches import (
    AskToReplace,
    CannotKeep,
    LevelsFileUnusable,
    Matches,
    MatchOutcome,
    RulesFileUnusable,
)
from craits.ui.scene import Scene, SceneContext

log = logging.getLogger("craits.app")

Question = AskToReplace | RulesFileUnusable | LevelsFileUnusable | CannotKeep
#: What a question scene hands to whoever pushed it (the stack's ``on_result``).
Answered = Callable[[object], None] | None


def question_scene(context: SceneContext, question: Question, matches: Matches,
                   then: Callable[[MatchOutcome], None]) -> tuple[Scene, Answered]:
    """The scene for ``question``, and what to do with its result."""
    if isinstance(question, AskToReplace):
        request = question.request
        body = i18n.t("menu.replace_body", game=question.saved_game)
        if question.previous_game is not None:  # what goes from the title's way back
            body += " " + i18n.t("menu.replace_previous", game=question.previous_game)
        confirm = ConfirmScene(context, i18n.t("menu.new_game_title"), body,
                               i18n.t("menu.new_game"), danger=True)

        def answered(yes: object) -> None:
            if yes:
                then(matches.start(request, replace_ok=True))

        return confirm, answered
    if isinstance(question, RulesFileUnusable):
        retry = question.request
        return MessageScene(
            context, i18n.t("notice.rules_file_title"),
            i18n.t("notice.rules_file_bad", error=question.error),
            [(i18n.t("notice.use_defaults"), lambda: then(matches.by_default_rules(retry)),
              "primary"),
             (i18n.t("common.cancel"), None, "secondary")]), None
    if isinstance(question, CannotKeep):
        log.warning("the new game did not start: %s", question.error)
        return MessageScene(context, i18n.t("notice.not_replaced_title"),
                            i18n.t("notice.not_replaced", error=question.error)), None
    log.warning("computer players' file: %s", question.error)
    return MessageScene(context, i18n.t("notice.levels_file_title"),
                        i18n.t("notice.levels_file_bad", error=str(question.error))), None
