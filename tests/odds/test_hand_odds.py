"""Bidding odds: hand_odds, widow_odds, the CLI and input errors."""

from __future__ import annotations

import json

import numpy as np
import pandas as pd
import pytest

from analysis import cards
from analysis.cli import main
from analysis.odds import hand_odds, widow_odds

HEARTS4 = "A♥ 10♥ K♥ Q♥"


@pytest.mark.parametrize("rest", ["9♠ 9♣ 9♦", "A♠ 10♠ A♣", "J♠ J♣ J♦"])
def test_four_hearts_make_125_always(rest):
    # A♥ wins the first trick (no trump yet), then K♥ declares ♥ (100) and the
    # four top trumps take 28 card points: 128 whatever the other cards.
    t = hand_odds(f"{HEARTS4} {rest}", samples=6, seed=5)
    assert t.attrs["kept"] > 0
    assert (t.loc[100:125, "p_make"] == 1.0).all()
    assert t.attrs["p_marriage"] == 1.0
    # Clopper–Pearson at k = n: the upper end is 1, the lower (alpha/2)^(1/n).
    n = t.attrs["kept"]
    assert t.loc[125, "ci_high"] == 1.0
    assert t.loc[125, "ci_low"] == pytest.approx(0.025 ** (1 / n))
    # A made contract c pays +c: the expected change rises by exactly 5 per
    # level while every deal makes it (the defenders' points do not change).
    d = t.loc[100:125, "expected_delta"].to_numpy()
    assert np.allclose(np.diff(d), 5.0)


def test_no_marriage_capped_at_120_and_monotone():
    t = hand_odds("A♠ 10♠ A♣ 10♣ A♦ J♥ 9♥", samples=8, seed=2)
    assert list(t.index) == [100, 105, 110, 115, 120]
    assert (np.diff(t["p_make"].to_numpy()) <= 0).all()
    assert ((t.ci_low <= t.p_make) & (t.p_make <= t.ci_high)).all()
    # Without the bid cap (a house variant) the table runs to 400.
    t2 = hand_odds("A♠ 10♠ A♣ 10♣ A♦ J♥ 9♥", rules=_nocap(), samples=3, seed=2)
    assert t2.index.max() == 400
    assert (np.diff(t2["p_make"].to_numpy()) <= 0).all()


def _nocap():
    from analysis.rules import load_rules

    return load_rules("club", ["bid_cap=false"])


def test_same_seed_same_table_and_redeals_reported():
    a = hand_odds("K♠ Q♠ A♦ 10♦ J♣ 9♥ 9♠", samples=6, seed=11)
    b = hand_odds("K♠ Q♠ A♦ 10♦ J♣ 9♥ 9♠", samples=6, seed=11)
    pd.testing.assert_frame_equal(a, b)
    assert a.attrs == b.attrs
    assert list(a.index) == list(range(100, 165, 5))  # ♠ marriage: cap 160
    # Dropped share matches the redeal flags of the same sampled deals.
    from analysis.deal import chunk_rng, deal_constrained
    from analysis.redeal import redeal_flags
    from analysis.rules import PROFILES

    d = deal_constrained(chunk_rng(11, 0), 6, {0: cards.parse("K♠ Q♠ A♦ 10♦ J♣ 9♥ 9♠")})
    forced = redeal_flags(d, PROFILES["club"])["redeal_forced"]
    assert a.attrs["redeal_share"] == forced.mean()
    assert a.attrs["kept"] == 6 - forced.sum()


def test_widow_completing_four_hearts_keeps_them():
    t = widow_odds("A♥ 10♥ K♥ 9♠ 9♣ J♦ J♠", "Q♥ 9♦ J♣", samples=8, seed=3, screen=None)
    gl, gr = t.attrs["best_gift"]
    kept = {"A♥", "10♥", "K♥", "Q♥"}
    assert gl not in kept and gr not in kept
    assert t.attrs["best_contract"] >= 125
    assert t.attrs["gifts_screened"] == 90 == t.attrs["gifts_kept"]
    # No after-exchange redeal here: the expected change is c (2 p - 1).
    assert (t.p_redeal == 0).all()
    assert np.allclose(t.expected_delta, t.contract * (2 * t.p_make - 1))
    # The 10 cards hold one marriage: giving K♥ or Q♥ away caps the contract at 120.
    gave_kq = t.give_left.isin({"K♥", "Q♥"}) | t.give_right.isin({"K♥", "Q♥"})
    assert t[gave_kq].contract.max() == 120
    assert t[~gave_kq].contract.max() == 220
    for _, g in t.groupby(["give_left", "give_right"]):
        assert (np.diff(g.sort_values("contract").p_make.to_numpy()) <= 0).all()


@pytest.mark.parametrize(
    "hand, msg",
    [
        ("A♥ K♥ Q♥ 10♠ A♣ J♦", "7 cards"),
        ("A♥ K♥ Q♥ 10♠ A♣ J♦ 9♠ 9♥", "7 cards"),
        ("A♥ K♥ Q♥ 10♠ A♣ J♦ A♥", "twice"),
        ("A♥ K♥ Q♥ 10♠ A♣ J♦ X♠", "X"),
        ([0, 1, 2, 3, 4, 5, 5], "twice"),
        ([0, 1, 2, 3, 4, 5, 24], "outside"),
    ],
)
def test_bad_hands(hand, msg):
    with pytest.raises(ValueError, match=msg):
        hand_odds(hand, samples=2)


def test_bad_arguments():
    h = "A♥ K♥ Q♥ 10♠ A♣ J♦ 9♠"
    with pytest.raises(ValueError, match="seat"):
        hand_odds(h, samples=2, seat=3)
    with pytest.raises(ValueError, match="samples"):
        hand_odds(h, samples=0)
    for f, args in ((hand_odds, (h,)), (widow_odds, (h, "K♠ Q♠ 10♦"))):
        # refused at once, not a 745 GiB allocation error
        with pytest.raises(ValueError, match="at most 10,000,000 .*dataset_odds"):
            f(*args, samples=100_000_000_000)
    with pytest.raises(ValueError, match="seed"):
        hand_odds(h, samples=2, seed=-1)
    with pytest.raises(ValueError, match="share"):
        widow_odds(h, "A♥ 9♥ 9♦", samples=2)
    with pytest.raises(ValueError, match="3 cards"):
        widow_odds(h, "9♥ 9♦", samples=2)
    with pytest.raises(ValueError, match="forces a redeal"):
        widow_odds(h, "9♥ 9♦ J♣", samples=2)  # 2 points < club's 5


def test_cli_json_table_plot_and_errors(tmp_path, capsys):
    h = "A♥ K♥ Q♥ 10♠ A♣ J♦ 9♠"
    assert main(["odds", h, "--samples", "4", "--seed", "1", "--json", "--no-progress"]) == 0
    out = json.loads(capsys.readouterr().out)
    ref = hand_odds(h, samples=4, seed=1)
    assert [r["contract"] for r in out["table"]] == list(ref.index)
    assert [r["p_make"] for r in out["table"]] == ref["p_make"].tolist()
    assert out["best_contract"] == ref.attrs["best_contract"]
    png = tmp_path / "o.png"
    assert main(["odds", h, "--samples", "3", "--plot", str(png), "--no-progress"]) == 0
    text = capsys.readouterr().out
    assert "contract" in text and "optimistic" in text
    assert png.stat().st_size > 10_000
    assert main(["odds", "A♥ K♥", "--samples", "3"]) == 2
    assert "7 cards" in capsys.readouterr().err


@pytest.mark.parametrize(
    "hand, rules, reason",
    [
        ("9♥ 9♠ 9♣ 9♦ J♣ J♦ J♠", "club", "the hand holds four 9s"),
        ("9♥ 9♠ Q♣ J♥ J♣ J♦ J♠", "club", "the hand has 11 card points, under 14"),
    ],
)
def test_a_hand_that_forces_the_redeal_is_named_as_the_cause(hand, rules, reason):
    with pytest.raises(ValueError, match=reason):
        hand_odds(hand, rules, samples=5)
    with pytest.raises(ValueError, match=reason):  # after the widow too
        widow_odds(hand, "A♥ 10♥ K♥", rules, samples=5)


def test_cli_plot_into_a_missing_folder_fails_before_solving(tmp_path, capsys):
    missing = tmp_path / "no" / "such" / "o.png"
    assert (
        main(["odds", "A♥ K♥ Q♥ 10♠ A♣ J♦ 9♠", "--samples", "3", "--plot", str(missing), "--no-progress"])
        == 2
    )
    captured = capsys.readouterr()
    assert "does not exist" in captured.err and captured.out == ""


@pytest.mark.parametrize(
    "bad, msg",
    [
        ("{folder}", "is a folder"),
        ("{folder}/o.txt", "unknown image format"),
        ("{folder}/sol/o.png", "inside the dataset folder"),  # breaks its Parquet readers
        ("{folder}/sol/sub/o", "inside the dataset folder"),
    ],
)
def test_cli_plot_path_is_checked_before_solving(tmp_path, capsys, bad, msg):
    (tmp_path / "sol" / "sub").mkdir(parents=True)
    (tmp_path / "sol" / "_params.json").write_text("{}")
    arg = bad.format(folder=tmp_path)
    assert main(["odds", "A♥ K♥ Q♥ 10♠ A♣ J♦ 9♠", "--samples", "3", "--plot", arg, "--no-progress"]) == 2
    captured = capsys.readouterr()
    assert msg in captured.err and captured.out == ""


def test_cli_plot_name_without_extension_is_reported_as_written(tmp_path, capsys):
    assert (
        main(
            [
                "odds",
                "A♥ K♥ Q♥ 10♠ A♣ J♦ 9♠",
                "--samples",
                "2",
                "--plot",
                str(tmp_path / "odds"),
                "--no-progress",
            ]
        )
        == 0
    )
    written = tmp_path / "odds.png"
    assert f"plot saved to {written}" in capsys.readouterr().out
    assert written.stat().st_size > 10_000


def test_the_seat_changes_only_the_payments():
    # the same seed deals the same cards to the declarer's left and right
    # whatever his seat: club pays the same from every seat, book doubles
    # the penalty off the first hand, so only the score changes differ there
    h = "A♥ K♥ Q♥ 10♠ A♣ J♦ 9♠"
    club = [hand_odds(h, "club", samples=12, seed=7, seat=s) for s in range(3)]
    for t in club[1:]:
        pd.testing.assert_frame_equal(t, club[0], check_like=True)
        assert t.attrs["expected_value"] == club[0].attrs["expected_value"]
    book = [hand_odds(h, "book", samples=12, seed=7, seat=s) for s in range(3)]
    for t in book[1:]:
        assert t["p_make"].tolist() == book[0]["p_make"].tolist()
        assert t.attrs["expected_value"] == book[0].attrs["expected_value"]
    w = [widow_odds(h, "K♠ Q♠ 10♦", "club", samples=6, seed=3, seat=s) for s in range(3)]
    for t in w[1:]:
        pd.testing.assert_frame_equal(t, w[0], check_like=True)


def test_seat_samples_are_rotations_of_one_sample():
    from analysis.deal import chunk_rng
    from analysis.odds._common import seat_sample

    h = cards.parse("A♥ K♥ Q♥ 10♠ A♣ J♦ 9♠")
    d = [seat_sample(chunk_rng(5, 0), 50, s, h) for s in range(3)]
    for s in range(3):
        assert (d[s][:, s] == h).all()
        for k in (1, 2):  # left and right of the declarer, whatever his seat
            assert (d[s][:, (s + k) % 3] == d[0][:, k]).all()
        assert (d[s][:, 3] == d[0][:, 3]).all()


def test_cli_one_sample_prints_no_nan_and_widow_header_names_redeals(capsys):
    h = "A♥ K♥ Q♥ 10♠ A♣ J♦ 9♠"
    assert main(["odds", h, "--samples", "1", "--no-progress"]) == 0
    text = capsys.readouterr().out
    assert "nan" not in text and "n/a" in text
    assert main(["odds", h, "--widow", "K♠ Q♠ 10♦", "--samples", "4", "--no-progress"]) == 0
    assert "left out as forced redeals" in capsys.readouterr().out


def test_workers_do_not_change_the_tables():
    # the deals are drawn before they are cut into chunks and every chunk is
    # solved exactly: processes change the time, never a number
    h = "K♠ Q♠ A♦ 10♦ J♣ 9♥ 9♠"
    one = hand_odds(h, samples=10, seed=4, progress=False)
    two = hand_odds(h, samples=10, seed=4, progress=False, workers=2)
    pd.testing.assert_frame_equal(one, two)
    assert one.attrs == two.attrs
    # the widow odds in both phases: 90 gifts screened on 3 deals, 4 kept
    kw = dict(samples=6, seed=2, screen=3, keep=4, progress=False)
    w1 = widow_odds("A♥ 10♥ K♥ 9♠ 9♣ J♦ J♠", "Q♥ 9♦ J♣", **kw)
    w2 = widow_odds("A♥ 10♥ K♥ 9♠ 9♣ J♦ J♠", "Q♥ 9♦ J♣", workers=2, **kw)
    pd.testing.assert_frame_equal(w1, w2)
    assert w1.attrs == w2.attrs and w1.attrs["gifts_kept"] == 4


def test_workers_below_one_are_refused_before_solving(capsys):
    h = "K♠ Q♠ A♦ 10♦ J♣ 9♥ 9♠"
    with pytest.raises(ValueError, match="^workers must be at least 1") as err:
        hand_odds(h, samples=2, workers=0)
    assert err.value.parameter == "workers" and err.value.got == 0
    with pytest.raises(ValueError, match="^workers must be at least 1"):
        widow_odds(h, "K♥ Q♥ 10♥", samples=2, workers=-1)
    assert main(["odds", h, "--samples", "2", "--workers", "0", "--no-progress"]) == 2
    assert "--workers must be at least 1" in capsys.readouterr().err


@pytest.mark.parametrize("bad", [1.5, "2", True])
def test_workers_that_are_not_whole_numbers_are_refused(bad):
    with pytest.raises(ValueError, match="^workers must be a whole number"):
        hand_odds("K♠ Q♠ A♦ 10♦ J♣ 9♥ 9♠", samples=2, workers=bad)


def test_a_server_that_is_not_a_dask_scheduler_is_a_connection_error(monkeypatch):
    # a reachable port that speaks something else made Dask fail deep in its
    # protocol (seen: a 3 EiB allocation); any such failure names the address
    import dask.distributed

    from analysis.parallel import executor

    def not_dask(*args, **kwargs):
        raise MemoryError("Unable to allocate 3.07 EiB")

    monkeypatch.setattr(dask.distributed, "Client", not_dask)
    with pytest.raises(ConnectionError, match="not as a Dask scheduler"):
        with executor(2, "tcp://127.0.0.1:18787"):
            pass


def test_real_ctrl_c_while_solving_odds_exits_130(capsys):
    # the signal arrives while numba solves a block of deals (not a mock)
    import signal

    hand = "K♠ Q♠ A♦ 10♦ J♣ 9♥ 9♠"
    assert main(["odds", hand, "--samples", "2", "--no-progress"]) == 0  # compiled
    capsys.readouterr()
    old = signal.signal(signal.SIGALRM, signal.default_int_handler)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.5)
        assert main(["odds", hand, "--samples", "5000", "--no-progress"]) == 130
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    err = capsys.readouterr().err
    assert "nothing was written" in err and "Traceback" not in err


def test_ctrl_c_during_odds_says_nothing_was_written(monkeypatch, capsys):
    import analysis.odds.hand as hand_mod

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(hand_mod, "solve_sample", interrupted)
    assert main(["odds", "K♠ Q♠ A♦ 10♦ J♣ 9♥ 9♠", "--samples", "2", "--no-progress"]) == 130
    err = capsys.readouterr().err
    assert "nothing was written" in err and "resume" not in err


def test_the_odds_command_does_not_load_the_dataset_layer():
    # `thousand odds` is timed from a cold start (the target: under 10 s with
    # 1,000 samples); pyarrow's dataset module alone costs about 0.5 s of it
    # (pandas loads pyarrow itself, not its dataset module),
    # and nothing in the odds of a hand reads or writes a dataset
    import subprocess
    import sys

    code = (
        "import sys; from analysis.cli import main; "
        f"rc = main(['odds', {HEARTS4 + ' 9♠ 9♣ 9♦'!r}, '--samples', '2', '--no-progress']); "
        "print(rc, [m for m in ('analysis.dataset', 'pyarrow.dataset') if m in sys.modules])"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout.splitlines()[-1]
    assert out == "0 []"


def test_expected_gain_interval_is_held_within_what_the_contract_can_give():
    """Student t over the kept deals, held at +c (made, opponents nothing) and at the write-off."""
    from scipy import stats

    from analysis.odds.delta import delta_range, relative_delta
    from analysis.rules import PROFILES

    t = hand_odds("A♠ 10♠ A♣ 10♣ A♦ 10♦ 9♥", samples=6, seed=2026)
    least, most = delta_range(PROFILES["club"], t.index.to_numpy())
    assert most.tolist() == t.index.astype(float).tolist()
    assert least.tolist() == (-1.5 * t.index.to_numpy()).tolist()  # club writes each opponent c / 2
    assert ((t.delta_low >= least) & (t.delta_high <= most)).all()
    n = t.attrs["kept"]
    h = stats.t.ppf(0.975, n - 1) * t.delta_se
    assert np.allclose(t.delta_low, np.maximum(t.expected_delta - h, least))
    assert np.allclose(t.delta_high, np.minimum(t.expected_delta + h, most))
    # every deal's change lies in that range, whatever the values and the defenders' points
    c = np.arange(100, 405, 5)
    d, _ = relative_delta(
        PROFILES["book"],
        c,
        np.array([0, 99, 400, 250]),
        np.array([120, 60, 0, 30]),
        np.array([240, 60, 0, 30]),
        first_hand=False,
    )
    lo, hi = delta_range(PROFILES["book"], c)
    assert ((d >= lo[:, None]) & (d <= hi[:, None])).all()


def test_the_plot_draws_the_gain_interval_the_table_gives(tmp_path, monkeypatch):
    # the plot drew expected change ± 1.96 s.e., which passes +100 at contract 100
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.axes import Axes

    from analysis.commands import odds_text

    t = hand_odds("A♥ 10♥ A♠ 10♠ A♣ 10♣ K♦", samples=6, seed=1)
    bands = []
    real = Axes.fill_between

    def record(self, x, y1, y2=0, **kw):
        bands.append((np.asarray(y1, dtype=float), np.asarray(y2, dtype=float), kw.get("label")))
        return real(self, x, y1, y2, **kw)

    monkeypatch.setattr(Axes, "fill_between", record)
    odds_text.plot(t, tmp_path / "o.png")
    (low, high, label) = next(b for b in bands if "within the contract" in (b[2] or ""))
    assert np.allclose(low, t["delta_low"]) and np.allclose(high, t["delta_high"])
    assert np.all(high <= t.index.to_numpy())  # never more than the contract gives
