"""``craits --deal N``: plays numbered deal N (its own players, rules and seed); a number that
is no deal, or options it cannot honour with it, are refused with status 2 in words."""

from __future__ import annotations

import pytest

import craits.daily_keeper as keeper_module
from craits.daily import deal
from craits.ui import startup


@pytest.mark.parametrize(("value", "said"), [("0", "there is no deal 0"),
                                             ("1000001", "there is no deal"),
                                             ("soon", "not a deal number")])
def test_a_number_that_is_no_deal_is_refused(value, said, capsys):
    with pytest.raises(SystemExit) as stopped:
        startup.main(["--headless", "--max-seconds", "0.2", "--deal", value])
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert "--deal" in err and said in err and "Traceback" not in err


@pytest.mark.parametrize("extra", [["--seed", "3"], ["--seats", "human,easy"], ["--resume"],
                                   ["--rules", "x.yaml"], ["--autoplay"]])
def test_options_a_deal_fixes_are_refused_with_it(extra, capsys):
    assert startup.main(["--deal", "5", *extra, "--headless", "--max-seconds", "0.2"]) == 2
    err = capsys.readouterr().err
    assert "leave out" in err and "Traceback" not in err


def test_deal_n_opens_the_table_on_deal_n(tmp_path, monkeypatch):
    opened = []

    class App(startup.App):
        def __init__(self, **kwargs):
            super().__init__(bot_mode="inline", **kwargs)
            opened.append(self)

    class NoJob:  # the par's worker is not wanted here
        def __init__(self, number, replays, *args):
            self.number, self.waiting, self.failed = number, set(replays), False

        def poll(self):
            return []

        def stop(self):
            pass

    monkeypatch.setattr(startup, "App", App)
    monkeypatch.setattr(startup, "setup_logging", lambda home=None: None)
    monkeypatch.setattr(keeper_module, "ParJob", NoJob)
    monkeypatch.setenv("CRAITS_HOME", str(tmp_path))
    assert startup.main(["--deal", "5", "--headless", "--max-seconds", "0.3"]) == 0
    table = opened[0].current_table()
    assert table is not None
    assert table.session.seed == deal(5).seed
    assert [s.kind for s in table.session.seats] == list(deal(5).kinds)
    assert '"deal": 5' in (tmp_path / "daily.json").read_text()
