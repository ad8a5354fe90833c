"""``thousand equity`` (DESIGN.md, contract 10)."""

import json

import numpy as np

from analysis.cli import main
from analysis.equity import SUM_TOLERANCE, win_interval
from analysis.scoring import TableState


def _json(capsys, *args):
    assert main(["equity", *args, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_json_keys_and_values(capsys):
    out = _json(capsys, "--rules", "club", "--scores", "860,300,500")
    assert {"win", "low", "high"} <= set(out)
    win, low, high = (np.array(out[k]) for k in ("win", "low", "high"))
    assert win.shape == low.shape == high.shape == (3,)
    assert np.all(low <= win) and np.all(win <= high) and abs(win.sum() - 1) <= SUM_TOLERANCE
    w, lo, hi = win_interval("club", TableState(scores=(860, 300, 500), dealer=2))
    np.testing.assert_allclose(win, w, rtol=0, atol=1e-15)
    assert out["dealer"] == 2  # the contract's default


def test_triples_may_begin_with_a_minus(capsys):
    out = _json(capsys, "--scores", "-50,100,200", "--barrel", "-,-,-")
    assert out["scores"] == [-50.0, 100.0, 200.0] and out["barrel"] == [-1, -1, -1]


def test_every_option_changes_the_answer(capsys):
    base = _json(capsys, "--scores", "880,300,500")["win"]
    assert _json(capsys, "--scores", "880,300,500", "--barrel", "0,-,-")["win"] == base
    for extra in (
        ["--dealer", "0"],
        ["--barrel", "2,-,-"],
        ["--bolts", "0,2,0"],
        ["--failed-stays", "0,0,2"],
        ["--rules", "classic"],
    ):
        assert _json(capsys, "--scores", "880,300,500", *extra)["win"] != base, extra


def test_text_table_and_plot(capsys, tmp_path):
    f = tmp_path / "eq"
    assert (
        main(["equity", "--rules", "book", "--scores", "100,600,-50", "--plot", str(f), "--player", "2"]) == 0
    )
    out = capsys.readouterr().out
    assert "chance to win" in out and "plot saved" in out
    assert "game over" not in out
    # the 555 reset never leaves a score at 555 (classic) or -555 (wiki): the
    # plot leaves those scores out instead of refusing the state
    for rules, scores in (("classic", "500,300,500"), ("wiki", "700,700,-100")):
        g = tmp_path / f"{rules}.png"
        assert main(["equity", "--rules", rules, "--scores", scores, "--plot", str(g), "--player", "2"]) == 0
        assert g.stat().st_size > 1000
    capsys.readouterr()
    assert main(["equity", "--scores", "400,1020,500"]) == 0
    assert "game over: player 1 reached the target 1000" in capsys.readouterr().out
    assert (tmp_path / "eq.png").stat().st_size > 1000


def test_plot_title_names_the_others_table(capsys, tmp_path, monkeypatch):
    import analysis.equity.plot

    titles = []
    monkeypatch.setattr(analysis.equity.plot, "plot_curve", lambda *a, **k: titles.append(k["title"]))
    args = ["--scores", "300,880,500", "--barrel", "-,1,-", "--bolts", "0,0,2", "--failed-stays", "1,0,0"]
    assert main(["equity", *args, "--plot", str(tmp_path / "t.png")]) == 0
    assert "others at 880 (barrel, 1 attempt used), 500 (2 bolts), dealer 2" in titles[0]
    assert main(["equity", *args, "--plot", str(tmp_path / "t.png"), "--player", "1"]) == 0
    assert "others at 300 (1 failed stay), 500 (2 bolts)" in titles[1]
    capsys.readouterr()


def test_user_errors_are_one_line_and_exit_2(capsys):
    for args, words in (
        (["--scores", "900,0,0"], "above the barrel threshold"),
        (["--scores", "1,2"], "three values"),
        (["--scores", "a,0,0"], "not a number"),
        (["--scores", "880,880,880"], "seats"),
        (["--scores", "0,0,0", "--bolts", "3,0,0"], "bolts"),
        (["--rules", "book", "--scores", "0,0,0", "--bolts", "1,0,0"], "counts none"),
        (["--scores", "1000,1000,0"], "one winner"),
        (["--scores", "0,0,0", "--outcomes", "dd", "--equity-model", "x.json"], "--outcomes picks"),
        (["--scores", "880,0,0", "--barrel", "-,-,-"], "so he sits"),
        (["--scores", "0,0,0", "--set", "barrel_seats=1"], "no equity model"),
        (["--scores", "0,0,0", "--plot", "/nonexistent/x.png"], "does not exist"),
    ):
        assert main(["equity", *args]) == 2, args
        err = capsys.readouterr().err.strip()
        assert words in err and "\n" not in err, (args, err)
