"""\"Confirm costly moves\": with the setting on, a play the hard level expects to lose at least
the threshold is asked about once (from the viewer's view only); a cheap play goes at once;
with the setting off nothing is asked."""

from __future__ import annotations

import dataclasses

import pytest
from table_harness import step
from test_ui_table_help import my_turn_with_a_choice, start

from craits import i18n
from craits.engine import Play
from craits.review.cost import Cost, cost_job
from craits.ui.dialogs.confirm import ConfirmScene


@pytest.fixture(autouse=True)
def english():
    i18n.set_language("en")


# A cost is fixed by the match and the position (its job's seed says so): both tests meet the
# same turns of the same deal, so each is weighed once.
_WEIGHED: dict[tuple, Cost] = {}


def costs(table) -> dict[Play, Cost]:
    session = table.session
    at = (session.seed, repr(session.records))
    found = {}
    for action in table.match.view().legal:
        if isinstance(action, Play):
            if (at, action) not in _WEIGHED:
                _WEIGHED[at, action] = cost_job(session, action)()
            found[action] = _WEIGHED[at, action]
    return found


def a_turn_with_a_costly_play(app, table, threshold):
    for _ in range(40):
        my_turn_with_a_choice(app, table)
        found = costs(table)
        costly = [c for c in found.values() if c.points >= threshold
                  and c.action.suit is None]
        if costly:
            return max(costly, key=lambda c: c.points), found
        table.match.act(table.match.view().legal[0])
        step(app, 2)
    pytest.skip("no costly play came up")  # pragma: no cover - the seeds make one


def test_a_costly_play_is_asked_about_once_and_a_cheap_one_goes(make_app):
    app = make_app()
    app.settings = dataclasses.replace(app.settings, confirm_costly=5)
    table = start(app, ["human", "easy", "easy"], seed=8)
    costly, found = a_turn_with_a_costly_play(app, table, 5)
    hand_before = tuple(table.session.match.state.hands[0])
    assert table.play_card(costly.action.card)
    step(app, 2)
    question = app.scenes.top
    assert isinstance(question, ConfirmScene)
    assert question.title == i18n.t("cost.title")
    points = max(1, round(costly.points))
    assert str(points) in question.body
    question.dismiss(False)  # choose again: nothing was played
    step(app, 2)
    assert table.session.match.state.hands[0] == hand_before
    assert table.play_card(costly.action.card)  # the same card again: asked once, it goes
    step(app, 2)
    assert not isinstance(app.scenes.top, ConfirmScene)
    assert costly.action.card not in table.session.match.state.hands[0]


def test_the_best_play_goes_at_once_and_off_asks_nothing(make_app):
    app = make_app()
    app.settings = dataclasses.replace(app.settings, confirm_costly=5)
    table = start(app, ["human", "easy", "easy"], seed=8)
    costly, found = a_turn_with_a_costly_play(app, table, 5)
    best = next(c for c in found.values() if c.points == 0 and c.action.suit is None)
    assert table.play_card(best.action.card)
    step(app, 2)
    assert not isinstance(app.scenes.top, ConfirmScene)
    assert best.action.card not in table.session.match.state.hands[0]
    app.settings = dataclasses.replace(app.settings, confirm_costly=0)
    costly, _ = a_turn_with_a_costly_play(app, table, 5)
    assert table.play_card(costly.action.card)
    step(app, 2)
    assert not isinstance(app.scenes.top, ConfirmScene)
    assert costly.action.card not in table.session.match.state.hands[0]
