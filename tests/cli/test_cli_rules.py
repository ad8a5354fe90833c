"""``thousand rules`` and the CLI's error handling."""

from analysis.cli import main
from analysis.rules import PROFILES, Rules


def test_version(capsys):
    try:
        main(["--version"])
    except SystemExit as e:
        assert e.code == 0
    assert "thousand-analysis" in capsys.readouterr().out


def test_rules_list_and_diff(capsys):
    assert main(["rules", "list"]) == 0
    out = capsys.readouterr().out
    assert all(name in out for name in PROFILES)
    assert main(["rules", "diff", "club", "classic"]) == 0
    out = capsys.readouterr().out
    assert "barrel_seats" in out and "reset_555" in out and "target" not in out


def test_rules_show_json_round_trips(capsys, tmp_path):
    assert main(["rules", "show", "book", "--set", "barrel_seats=2", "--json"]) == 0
    r = Rules.from_json(capsys.readouterr().out)
    assert r.barrel_seats == 2 and r.barrel_threshold == 900
    f = tmp_path / "house.json"
    f.write_text(r.to_json(), encoding="utf-8")
    assert main(["rules", "diff", "book", str(f)]) == 0
    assert "barrel_seats" in capsys.readouterr().out


def test_bad_rules_give_clear_errors(capsys):
    assert main(["rules", "show", "nope"]) == 2
    assert "unknown rules 'nope'" in capsys.readouterr().err
    assert main(["rules", "show", "club", "--set", "colour=red"]) == 2
    assert "unknown rules field" in capsys.readouterr().err
