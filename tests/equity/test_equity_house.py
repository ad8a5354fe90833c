"""An equity model for house rules: ``thousand equity-fit`` and ``--equity-model``
in ``thousand equity``, ``odds --scores``, ``simulate`` and ``compare --policy equity``."""

import contextlib
import io
import json

import numpy as np
import pytest

from analysis import dataset
from analysis.cli import main
from analysis.commands.equity_fit import SMALL_FIT
from analysis.equity import (
    SUM_TOLERANCE,
    EquityModel,
    check_model_files,
    default_model,
    load_model,
    model_for,
    win_chances,
)
from analysis.errors import BadArgument
from analysis.game.equity_policy import EquityPolicy
from analysis.rules import PROFILES
from analysis.scoring import TableState

HOUSE = "barrel_seats=1"
HAND = "A♥ K♥ Q♥ 10♠ A♣ J♦ 9♠"


def _fit(tmp, name, *extra):
    out = tmp / f"{name}.json"
    argv = ["equity-fit", "--games", "20", "--seed", "5", "--data", str(tmp / "games"), "--out", str(out)]
    said = io.StringIO()
    with contextlib.redirect_stdout(said):
        assert main([*argv, *extra]) == 0
    # a fit on so few games says it is a trial
    assert f"fewer than {SMALL_FIT:,} games is a trial" in said.getvalue()
    return out


@pytest.fixture(scope="module")
def house(tmp_path_factory):
    """A model of club with one barrel seat, fitted on 20 threshold games."""
    return _fit(tmp_path_factory.mktemp("house"), "house", "--rules", "club", "--set", HOUSE)


@pytest.fixture(scope="module")
def club_eq(tmp_path_factory):
    """A model of club itself, fitted on 20 games of the equity policy."""
    return _fit(tmp_path_factory.mktemp("club_eq"), "club_eq", "--rules", "club", "--policy", "equity")


def test_fit_writes_a_model_of_the_rules_asked(house, club_eq, capsys):
    rules = PROFILES["club"].with_changes(HOUSE)
    m = load_model(house, rules)
    assert m.rules.fingerprint() == rules.fingerprint() != PROFILES["club"].fingerprint()
    assert m.info["games"] == 20 and m.info["policy"]["name"] == "threshold"
    assert m.info["calibration"]["games"] == 4  # every fifth game held out
    # fitted on the games that read it: own information, as the simulator plays
    # these rules by default (club's single-dummy pool serves them)
    assert m.info["outcomes"]["play"] == "pimc" and "--outcomes pimc" in m.info["made_by"]
    # --policy equity is live: the games were played by the equity policy
    e = load_model(club_eq, "club")
    assert e.info["policy"]["name"] == "equity" and e.info["policy"]["players"] == [0, 1, 2]
    assert not np.allclose(e.beta, default_model("club").beta)
    p = win_chances(rules, TableState(scores=(860, 300, 500)), model=m)
    assert abs(p.sum() - 1) <= SUM_TOLERANCE


def test_fit_outcomes_option_is_live_and_a_model_of_other_games_is_named(tmp_path, house, capsys):
    dd = _fit(tmp_path, "dd", "--rules", "club", "--set", HOUSE, "--outcomes", "dd")
    m = load_model(dd, PROFILES["club"].with_changes(HOUSE))
    assert m.info["outcomes"].get("play") != "pimc" and "--outcomes dd" in m.info["made_by"]
    capsys.readouterr()
    # own-information games bidding with the double-dummy games' model: said, with the refit
    for path, said in ((dd, True), (house, False)):
        argv = [
            "simulate",
            "--rules",
            "club",
            "--set",
            HOUSE,
            "--policy",
            "equity",
            "--equity-model",
            str(path),
        ]
        out_dir = tmp_path / f"games-{path.stem}"
        assert main([*argv, "--games", "2", "--seed", "1", "--out", str(out_dir), "--no-progress"]) == 0
        printed = capsys.readouterr().out
        assert ("fitted on double-dummy games and bids in own-information games" in printed) is said
        assert ("equity-fit --outcomes pimc" in printed) is said


def test_equity_command_reads_the_file_and_refuses_other_rules(house, capsys):
    argv = ["equity", "--rules", "club", "--set", HOUSE, "--scores", "860,300,500", "--json"]
    assert main(argv) == 2
    assert "equity-fit" in capsys.readouterr().err  # no shipped model: says how to fit one
    assert main([*argv, "--equity-model", str(house)]) == 0
    out = json.loads(capsys.readouterr().out)
    m = load_model(house, PROFILES["club"].with_changes(HOUSE))
    want = win_chances(m.rules, TableState(scores=(860, 300, 500), dealer=2), model=m)
    np.testing.assert_allclose(out["win"], want, rtol=0, atol=1e-15)
    # the file serves only its own rules: club itself is refused by fingerprint, in one line
    assert main(["equity", "--scores", "860,300,500", "--equity-model", str(house)]) == 2
    err = capsys.readouterr().err.strip()
    assert "fingerprint" in err and PROFILES["club"].fingerprint() in err and "\n" not in err
    with pytest.raises(BadArgument) as exc:
        load_model(house, "club")
    assert exc.value.parameter == "equity_model" and exc.value.expected == PROFILES["club"].fingerprint()


def test_model_for_picks_the_file_by_fingerprint(house):
    rules = PROFILES["club"].with_changes(HOUSE)
    assert model_for("club") is default_model("club")
    assert (
        model_for(rules, [str(house), "unused-when-not-read.json"]).rules.fingerprint() == rules.fingerprint()
    )
    # among several files, rules none of them serves get the shipped model
    assert model_for("club", [str(house), str(house)]) is default_model("club")
    check_model_files([house], ["club", rules])
    with pytest.raises(BadArgument, match="none of the rules compared"):
        check_model_files([house], ["club", "classic"])


def test_odds_at_the_table_with_a_house_model(house, capsys):
    base = ["odds", HAND, "--samples", "16", "--no-progress", "--scores", "860,300,500", "--json"]
    assert main([*base, "--set", HOUSE]) == 2
    assert "no equity model" in capsys.readouterr().err
    assert main([*base, "--set", HOUSE, "--equity-model", str(house)]) == 0
    out = json.loads(capsys.readouterr().out)
    m = load_model(house, PROFILES["club"].with_changes(HOUSE))
    now = win_chances(m.rules, TableState(scores=(860, 300, 500), dealer=2), model=m)
    np.testing.assert_allclose(out["equity_now"], now, rtol=0, atol=1e-15)
    assert main([*base, "--equity-model", str(house)]) == 2
    assert "fingerprint" in capsys.readouterr().err
    assert main(["odds", HAND, "--samples", "8", "--no-progress", "--equity-model", str(house)]) == 2
    assert "add --scores" in capsys.readouterr().err


def test_odds_text_labels_the_score_blind_write_off(capsys):
    """A sitter on his last attempt may not write off: the at-table column says 0."""
    argv = ["odds", HAND, "--samples", "24", "--no-progress", "--scores", "880,300,500", "--barrel", "2,-,-"]
    assert main(argv) == 0
    text = capsys.readouterr().out
    assert "score-blind, fresh table" in text and "at this table" in text
    assert main([*argv, "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["table"]
    assert all(r["p_equity_write_off"] == 0 for r in rows)
    lines = [ln for ln in text.splitlines() if ln.strip().startswith(("120 ", "125 "))]
    assert len(lines) == 2
    for ln, r in zip(lines, [r for r in rows if r["contract"] in (120, 125)], strict=True):
        blind, here = ln.split()[7:9]
        assert float(blind) == round(r["p_write_off"], 3) and float(here) == 0.0, ln


def test_simulate_with_an_equity_model_file(club_eq, tmp_path, capsys):
    runs = {}
    for name, extra in (("shipped", []), ("file", ["--equity-model", str(club_eq)])):
        out = tmp_path / name
        argv = ["simulate", "--games", "6", "--seed", "4", "--out", str(out), "--policy", "equity"]
        assert main([*argv, *extra, "--no-progress", "--workers", "1"]) == 0
        capsys.readouterr()
        runs[name] = dataset.read_frame(out, "games")
        pol = dataset.read_params(out)["policy"]
        assert pol.get("model_path") == (str(club_eq.resolve()) if extra else None)
    a, b = runs["shipped"], runs["file"]
    assert len(a) != len(b) or not (a.bid.to_numpy() == b.bid.to_numpy()).all()
    for argv, words in (
        (["--policy", "equity", "--set", HOUSE, "--equity-model", str(club_eq)], "fingerprint"),
        (["--equity-model", str(club_eq)], "--policy equity"),
    ):
        assert main(["simulate", "--games", "1", "--seed", "1", "--out", str(tmp_path / "x"), *argv]) == 2
        assert words in capsys.readouterr().err, argv


def test_equity_policy_reads_its_model_path(club_eq):
    p = EquityPolicy(model_path=str(club_eq))
    assert p.params()["model_path"] == str(club_eq)
    assert p.with_estimator("club").model.rules.fingerprint() == PROFILES["club"].fingerprint()
    with pytest.raises(BadArgument, match="fingerprint"):
        p.checked("classic")
    two = EquityPolicy(model_path=[str(club_eq), str(club_eq)])
    assert two.params()["model_path"] == [str(club_eq)] * 2 and isinstance(two.model_path, tuple)
    assert isinstance(EquityModel.load(club_eq), EquityModel)


def test_compare_policy_equity_changes_the_result(house, tmp_path, capsys):
    rows = {}
    for policy in ("threshold", "equity"):
        argv = ["compare", "club", "classic", "--games", "6", "--seed", "2", "--workers", "1"]
        argv += ["--out", str(tmp_path / policy), "--policy", policy, "--json", "--no-progress"]
        assert main(argv) == 0
        rows[policy] = {(r["metric"], r["rules"]): r["value"] for r in json.loads(capsys.readouterr().out)}
    assert rows["threshold"].keys() == rows["equity"].keys()
    changed = [k for k in rows["threshold"] if rows["threshold"][k] != rows["equity"][k]]
    assert changed and not any(k[0].startswith("exact_") for k in changed)
    # a house arm reads its own file, a profile arm the shipped model
    argv = [
        "compare",
        "club",
        f"club {HOUSE}",
        "--games",
        "3",
        "--seed",
        "2",
        "--workers",
        "1",
        "--no-progress",
    ]
    argv += ["--out", str(tmp_path / "house"), "--policy", "equity", "--json"]
    assert main(argv) == 2
    assert "equity-fit" in capsys.readouterr().err
    assert main([*argv, "--equity-model", str(house)]) == 0
    capsys.readouterr()
    assert main([*argv[:2], "classic", *argv[3:], "--equity-model", str(house)]) == 2
    assert "none of the rules compared" in capsys.readouterr().err
