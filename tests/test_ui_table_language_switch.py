"""Switching the language mid-game: every line of the log, and the plates' levels, read in the
new language at once (none left in the old one, none mixed)."""

from __future__ import annotations

from table_harness import run_until

from craits import i18n
from craits.engine import Play


def test_the_log_and_the_levels_are_in_one_language_after_a_switch(make_app):
    app = make_app()
    app.new_game(app.seats_for(["human", "easy", "medium"]), None, 7)
    table = app.current_table()
    for _ in range(4):  # a few moves, so the log has lines of several kinds
        run_until(app, lambda: table.match.my_turn() and app.scenes.top is table, 120)
        view = table.match.view()
        plays = [a for a in view.legal if isinstance(a, Play)]
        assert table.match.act((plays or list(view.legal))[0])
    run_until(app, lambda: not table.chor.busy, 30)
    english = [text for _, text in table.chor.log.recent(0, 40)]
    levels = list(table.levels)
    assert len(english) > 6 and levels[1] == "Easy"
    try:
        i18n.set_language("cs")
        table.on_enter()  # back from the settings, where the language was changed
        czech = [text for _, text in table.chor.log.recent(0, 40)]
        assert len(czech) == len(english)
        assert not set(czech) & set(english)  # no line left in English
        # Each line as a fresh Czech table would write it.
        table.match.rebuild_log(app.size)
        assert [text for _, text in table.chor.log.recent(0, 40)] == czech
        assert table.levels[1] == i18n.level_name("easy") != "Easy"
    finally:
        i18n.set_language("en")
