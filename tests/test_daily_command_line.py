"""``craits --deal N``: plays numbered deal N (its own players, rules and seed); a number that
is no deal, or options it cannot honour with it, are refused with status 2 in words."""

from __future__ import annotations

import json

import pytest

from craits.daily.deal import deal
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

    monkeypatch.setattr(startup, "App", App)
    monkeypatch.setattr(startup, "setup_logging", lambda home=None: None)
    monkeypatch.setenv("CRAITS_HOME", str(tmp_path))
    assert startup.main(["--deal", "5", "--headless", "--max-seconds", "0.3"]) == 0
    table = opened[0].current_table()
    assert table is not None
    assert table.session.seed == deal(5).seed
    assert [s.kind for s in table.session.seats] == list(deal(5).kinds)
    assert '"deal": 5' in (tmp_path / "daily.json").read_text()


def test_the_command_prints_the_deal(capsys):
    from craits.cli import daily as cli

    assert cli.main(["--deal", "336"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["deal"] == 336 and out["date"] == "2026-12-02"
    assert out["seed"] == deal(336).seed and out["seats"] == list(deal(336).kinds)
    assert out["rules"]["game_length"] == "short"


def test_the_command_refuses_a_deal_that_does_not_exist(capsys):
    from craits.cli import daily as cli

    assert cli.main(["--deal", "0"]) == 2
    assert "there is no deal 0" in capsys.readouterr().err
