"""``thousand odds --scores`` and ``thousand simulate --policy equity``."""

import json

import numpy as np
import pytest

from analysis import dataset
from analysis.cli import main
from analysis.equity import win_chances
from analysis.equity.bidding import PASS_OUTCOME, level_equity
from analysis.jobs.deals import run_deal
from analysis.jobs.solutions import run_solve
from analysis.rules import Rules
from analysis.scoring import TableState

HAND = "A♥ K♥ Q♥ 10♠ A♣ J♦ 9♠"
ATTRS = {"player", "dealer", "scores", "barrel", "equity_now", "equity_best_contract", "best_contract"}
ATTRS |= {"bolts", "failed_stays", "equity_pass", "pass_reference", "equity_hold_limit"}
COLUMNS = {"equity", "equity_se", "equity_change", "p_game_win", "p_equity_write_off"}


def _odds(capsys, *args):
    assert main(["odds", HAND, "--samples", "24", "--no-progress", "--json", *args]) == 0
    return json.loads(capsys.readouterr().out)


def test_odds_at_the_table_json_keys_and_values(capsys):
    out = _odds(capsys, "--scores", "860,300,500", "--player", "1", "--dealer", "0")
    assert ATTRS <= set(out)
    assert out["seat"] == 0 and out["player"] == 1 and out["dealer"] == 0
    now = win_chances("club", TableState(scores=(860, 300, 500), dealer=0))
    np.testing.assert_allclose(out["equity_now"], now, atol=1e-12)
    rows = out["table"]
    assert COLUMNS <= set(rows[0])
    for r in rows:
        assert r["equity_change"] == pytest.approx(r["equity"] - now[1], abs=1e-12)
        assert 0 <= r["equity"] <= 1
    best = max(rows, key=lambda r: (r["equity"], -r["contract"]))
    assert out["equity_best_contract"] == best["contract"]
    passed = level_equity("club", TableState(scores=(860, 300, 500), dealer=0), 1, [100])[0]
    assert out["equity_pass"] == pytest.approx(passed, abs=1e-12)
    assert out["pass_reference"] == list(PASS_OUTCOME)
    # an opponent on the barrel: passing lets him declare, so it costs the holder
    sits = _odds(capsys, "--scores", "600,880,500")
    assert sits["equity_pass"] < sits["equity_now"][0] - 0.02
    # the highest bid worth holding over a pass, by that reckoning
    held = [r["contract"] for r in sits["table"] if r["equity"] >= sits["equity_pass"]]
    assert held and sits["equity_hold_limit"] == max(held)
    weak = ["odds", "9♠ J♠ 9♣ J♣ 10♦ J♦ Q♥", "--samples", "24", "--no-progress", "--scores", "860,300,500"]
    assert main([*weak, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["equity_hold_limit"] is None and all(r["equity"] < out["equity_pass"] for r in out["table"])
    assert main(weak) == 0
    assert "passing beats every contract" in capsys.readouterr().out
    # without --scores: no equity
    plain = _odds(capsys)
    assert "equity" not in plain["table"][0] and "equity_now" not in plain


def test_odds_at_the_table_every_option_is_live(capsys):
    base = _odds(capsys, "--scores", "600,300,500")
    for extra in (
        ["--scores", "300,300,500"],
        ["--scores", "600,300,500", "--player", "1"],
        ["--scores", "600,300,500", "--dealer", "0"],
        ["--scores", "880,300,500", "--barrel", "2,-,-"],
        ["--scores", "600,300,500", "--bolts", "0,2,2"],
        ["--scores", "600,300,500", "--failed-stays", "2,0,0"],
    ):
        other = _odds(capsys, *extra)
        assert [r["equity"] for r in other["table"]] != [r["equity"] for r in base["table"]], extra
    # the text table names both best contracts
    assert main(["odds", HAND, "--samples", "24", "--no-progress", "--scores", "860,300,500"]) == 0
    text = capsys.readouterr().out
    assert "best contract by chance to win the game" in text and "equity change" in text
    assert "bolts" not in text.split("at the table:")[1].split("\n")[0]
    args = ["--scores", "880,300,500", "--barrel", "1,-,-", "--bolts", "0,2,0", "--failed-stays", "0,0,1"]
    assert main(["odds", HAND, "--samples", "24", "--no-progress", *args]) == 0
    head = capsys.readouterr().out.split("at the table:")[1].split("\n")[0]
    assert "barrel attempts used 1, -, -; bolts 0, 2, 0; failed stays 0, 0, 1" in head
    out = _odds(capsys, *args)
    assert out["bolts"] == [0, 2, 0] and out["failed_stays"] == [0, 0, 1]


def test_odds_at_the_table_plot_draws_the_chance_to_win(capsys, tmp_path, monkeypatch):
    import matplotlib.axes

    drawn = []
    real = matplotlib.axes.Axes.plot
    monkeypatch.setattr(
        matplotlib.axes.Axes,
        "plot",
        lambda self, *a, **k: drawn.append(k.get("label")) or real(self, *a, **k),
    )
    f = tmp_path / "o.png"
    args = ["odds", HAND, "--samples", "24", "--no-progress", "--plot", str(f)]
    assert main([*args, "--scores", "860,300,500"]) == 0
    assert f.stat().st_size > 1000 and any("chance to win the game" in str(x) for x in drawn)
    drawn.clear()
    assert main(args) == 0  # score-blind: no such line
    assert drawn and not any("chance to win" in str(x) for x in drawn)
    capsys.readouterr()


def test_odds_at_the_table_refusals(capsys):
    for args, words in (
        (["--player", "1"], "add --scores"),
        (
            ["--scores", "0,0,0", "--equity-outcomes", "dd", "--equity-model", "x.json"],
            "--equity-outcomes picks",
        ),
        (["--bolts", "0,1,0"], "add --scores"),
        (["--failed-stays", "1,0,0"], "add --scores"),
        (["--scores", "880,0,0", "--barrel", "-,-,-"], "so he sits"),
        (["--rules", "ua", "--scores", "0,0,0", "--bolts", "0,1,0"], "counts none"),
        (["--scores", "0,0,0", "--seat", "1", "--player", "0", "--dealer", "2"], "contradicts"),
        (["--scores", "0,0,0", "--widow", "9♠ 9♣ 9♦"], "leave out --widow"),
        (["--scores", "900,0,0"], "above the barrel threshold"),
        (["--scores", "0,0,0", "--set", "barrel_seats=1"], "no equity model"),
    ):
        assert main(["odds", HAND, "--samples", "8", "--no-progress", *args]) == 2, args
        err = capsys.readouterr().err.strip()
        assert words in err and "\n" not in err, (args, err)


@pytest.fixture(scope="module")
def pool(tmp_path_factory):
    root = tmp_path_factory.mktemp("pool")
    run_deal(root / "deals", 30, 5, Rules.profile("club"), chunk_size=30, workers=1, progress=False)
    run_solve(root / "deals", root / "solutions", workers=1, chunk_size=30, progress=False)
    return root / "solutions"


def test_simulate_policy_equity_is_live(pool, tmp_path, capsys):
    runs = {}
    for policy in ("threshold", "equity"):
        out = tmp_path / policy
        args = ["simulate", "--games", "6", "--seed", "4", "--pool", str(pool), "--out", str(out)]
        assert main([*args, "--policy", policy, "--no-progress", "--workers", "1"]) == 0
        text = capsys.readouterr().out
        assert f"policy {'equity' if policy == 'equity' else 'risk'}" in text
        runs[policy] = dataset.read_frame(out, "games")
        params = dataset.read_params(out)
        assert params["policy"]["name"] == policy
        # double-dummy games (a solutions pool) read the double-dummy games' equity model
        assert params.get("equity_model", {}).get("file") == (
            "equity_club.json" if policy == "equity" else None
        )
        if policy == "equity":
            assert "game-equity model equity_club.json, fitted on double-dummy games" in text
    a, b = runs["threshold"], runs["equity"]
    assert len(a) != len(b) or not (a.bid.to_numpy() == b.bid.to_numpy()).all()
    # one player on equity, the others on the threshold policy: neither table's games
    out = tmp_path / "mixed"
    args = ["simulate", "--games", "6", "--seed", "4", "--pool", str(pool), "--out", str(out)]
    assert main([*args, "--policy", "equity", "--equity-players", "0", "--no-progress"]) == 0
    assert "policy equity for players 0, threshold risk 0.5/0.5/0.35 for 1, 2 (" in capsys.readouterr().out
    assert dataset.read_params(out)["policy"]["players"] == [0]
    m = dataset.read_frame(out, "games")
    for other in (a, b):
        assert len(m) != len(other) or not (m.bid.to_numpy() == other.bid.to_numpy()).all()
    # the threshold players' own risks
    bold = tmp_path / "mixed-bold"
    args = ["simulate", "--games", "6", "--seed", "4", "--pool", str(pool), "--out", str(bold)]
    assert (
        main([*args, "--policy", "equity", "--equity-players", "0", "--risk", "0.35", "--no-progress"]) == 0
    )
    assert "threshold risk 0.35/0.35/0.2 for 1, 2" in capsys.readouterr().out
    assert dataset.read_params(bold)["policy"]["others"] == [0.35, 0.35, 0.2]
    assert "others" not in dataset.read_params(out)["policy"]
    mb = dataset.read_frame(bold, "games")
    assert len(mb) != len(m) or not (mb.bid.to_numpy() == m.bid.to_numpy()).all()
    for bad, words in (
        (["--policy", "equity", "--equity-players", "0", "--risk", "0.51"], "multiple of 0.025"),
        (["--policy", "equity", "--risk", "0.6"], "--equity-players"),
        (["--equity-players", "0"], "applies to --policy equity"),
        (["--policy", "equity", "--equity-players", "0,3"], "distinct players"),
    ):
        assert main(["simulate", "--games", "1", "--seed", "1", *bad]) == 2
        assert words in capsys.readouterr().err
    assert main(["simulate", "--games", "1", "--seed", "1", "--policy", "equity", "--risk", "0.6"]) == 2
    assert "threshold policy" in capsys.readouterr().err


def test_simulate_jump_bids_and_claim_weak_are_live(pool, tmp_path, capsys):
    """``--jump-bids`` lets the bidding conventions show: jumps raise the bids
    of the same games; ``--claim-weak`` is recorded and read back."""
    runs = {}
    for name, extra in (("plain", []), ("jumps", ["--jump-bids"]), ("weak", ["--claim-weak"])):
        out = tmp_path / name
        args = ["simulate", "--games", "6", "--seed", "4", "--pool", str(pool), "--out", str(out)]
        assert main([*args, *extra, "--no-progress", "--workers", "1"]) == 0
        capsys.readouterr()
        runs[name] = dataset.read_frame(out, "games")
        policy = dataset.read_params(out)["policy"]
        assert policy.get("jump_bids", False) == (name == "jumps")
        assert policy.get("claim_weak", False) == (name == "weak")
    assert runs["jumps"].bid.mean() > runs["plain"].bid.mean()
