"""Solver: best exchange, the tie-broken line, batch rows and the analyse command.

Checks DESIGN.md contract 3 (``value`` is the maximum of the 90 gifts; the
line maximises J) against independent computations: 90 separate
``play_value`` calls, and the plain minimax of ``tests/solver/reference.py`` on
random endgames.
"""

from __future__ import annotations

import importlib.util
import pathlib

import numpy as np
import pytest

from analysis.cards import MARRIAGE_VALUES, card_points, count_rank, marriage_points
from analysis.rules import load_rules
from analysis.solver import (
    SOLUTION_DTYPES,
    Position,
    analyse_deal,
    exchange_value,
    format_line,
    line_from,
    play_value,
    solve_deals,
)
from analysis.solver.line import replay
from analysis.testing.positions import random_deal, random_endgame

_spec = importlib.util.spec_from_file_location(
    "solver_reference", pathlib.Path(__file__).with_name("reference.py")
)
reference = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(reference)

PROFILES = ("club", "classic", "book", "ua", "wiki")


def _gift_values(hand, widow, left, right, rules):
    ten = hand | widow
    cards = [c for c in range(24) if ten >> c & 1]
    out = {}
    for a in cards:
        for b in cards:
            if a != b:
                d = ten & ~(1 << a) & ~(1 << b)
                out[a, b] = play_value([d, left | 1 << a, right | 1 << b], rules=rules)
    return out


@pytest.mark.parametrize("profile", PROFILES)
def test_exchange_is_the_best_of_90_gifts(profile):
    rng = np.random.default_rng(100 + PROFILES.index(profile))
    for _ in range(4):
        hands, widow = random_deal(rng)
        res = exchange_value(hands[0], widow, hands[1], hands[2], rules=profile)
        vals = _gift_values(hands[0], widow, hands[1], hands[2], profile)
        assert len(vals) == 90
        assert res.value == max(vals.values())
        # the reported (tie-broken) gift reaches the value
        assert vals[res.give_left, res.give_right] == res.value
        fast = exchange_value(hands[0], widow, hands[1], hands[2], rules=profile, line=False)
        assert fast.value == res.value and fast.declarer_tricks == -1


@pytest.mark.parametrize("profile", PROFILES)
def test_line_points_and_tricks_add_up(profile):
    rng = np.random.default_rng(200 + PROFILES.index(profile))
    for _ in range(4):
        hands, widow = random_deal(rng)
        res = exchange_value(hands[0], widow, hands[1], hands[2], rules=profile)
        a, b = res.give_left, res.give_right
        h8 = [(hands[0] | widow) & ~(1 << a) & ~(1 << b), hands[1] | 1 << a, hands[2] | 1 << b]
        tricks = replay(h8, 0, -1, res.line)
        marriages = sum(int(MARRIAGE_VALUES[t.declared]) for t in tricks if t.declared >= 0)
        assert len(tricks) == 8
        assert res.value + res.left_points + res.right_points == 120 + marriages
        assert res.declarer_tricks + res.left_tricks + res.right_tricks == 8
        assert tricks[-1].raw == (res.value, res.left_points, res.right_points)
        assert res.marriage_cap == 120 + marriage_points(h8[0])
        want_redeal = False
        r = load_rules(profile)
        if r.redeal_after_four_nines:
            want_redeal |= bool((count_rank(np.array(h8, dtype=np.uint32), 0) == 4).any())
        if r.redeal_after_hand_under:
            want_redeal |= bool(
                (card_points(np.array(h8, dtype=np.uint32)) < r.redeal_after_hand_under).any()
            )
        assert res.redeal_after_gift == want_redeal


def _line_summary(pos, moves):
    """Declarer's added points and the bolted seats at the end of a line."""
    recs = replay(
        pos.hands,
        pos.leader,
        -1 if pos.trump is None else pos.trump,
        moves,
        raw=pos.points,
        tricks=pos.tricks,
    )
    return recs[-1].raw, recs[-1].tricks


def _check_j_line(pos, profile):
    ref = reference.reference_j(
        pos.hands,
        declarer=pos.declarer,
        leader=pos.leader,
        trump=pos.trump,
        trump_owner=pos.trump_owner,
        first_trick=pos.first_trick,
        rules=profile,
        points=pos.points,
        tricks=pos.tricks,
    )
    p = Position(
        hands=pos.hands,
        declarer=pos.declarer,
        leader=pos.leader,
        trump=pos.trump,
        trump_owner=pos.trump_owner,
        first_trick=pos.first_trick,
        points=pos.points,
        tricks=pos.tricks,
    )
    j, moves = line_from(p, rules=profile, objective="J")
    assert j == ref.j
    raw, ntr = _line_summary(pos, moves)
    d = pos.declarer
    assert raw[d] - pos.points[d] == ref.declarer_added
    r = load_rules(profile)
    if r.bolt_rule == "zero_points":
        bolted = [raw[s] == 0 for s in range(3)]
    elif r.bolt_rule == "no_trick":
        bolted = [ntr[s] == 0 for s in range(3)]
    else:
        bolted = [False] * 3
    bolted[d] = bolted[d] and r.bolt_declarer
    assert tuple(bolted) == tuple(ref.bolted)
    # the line's objective value equals the value-only search on declarer points
    assert raw[d] - pos.points[d] == play_value(
        pos.hands,
        declarer=d,
        leader=pos.leader,
        trump=pos.trump,
        trump_owner=pos.trump_owner,
        first_trick=pos.first_trick,
        rules=profile,
    )


@pytest.mark.parametrize("profile", PROFILES)
def test_j_line_matches_reference_on_endgames(profile):
    rng = np.random.default_rng(300 + PROFILES.index(profile))
    for _ in range(20):
        pos = random_endgame(rng, int(rng.integers(1, 4)), profile)
        _check_j_line(pos, profile)


@pytest.mark.verify
@pytest.mark.parametrize("profile", PROFILES)
def test_j_line_matches_reference_volume(profile):
    rng = np.random.default_rng(400 + PROFILES.index(profile))
    for _ in range(400):
        pos = random_endgame(rng, int(rng.integers(2, 5)), profile)
        _check_j_line(pos, profile)


def test_solve_deals_rows_and_dtypes():
    rng = np.random.default_rng(7)
    rows = [random_deal(rng) for _ in range(2)]
    deals = {
        "deal_id": np.array([10, 11]),
        "hand0": np.array([h[0] for h, _ in rows], dtype=np.uint32),
        "hand1": np.array([h[1] for h, _ in rows], dtype=np.uint32),
        "hand2": np.array([h[2] for h, _ in rows], dtype=np.uint32),
        "widow": np.array([w for _, w in rows], dtype=np.uint32),
    }
    df = solve_deals(deals)
    assert list(df.columns) == list(SOLUTION_DTYPES)
    assert {k: str(v) for k, v in df.dtypes.items()} == SOLUTION_DTYPES
    assert df["deal_id"].tolist() == [10, 10, 10, 11, 11, 11]
    assert df["seat"].tolist() == [0, 1, 2] * 2
    for (hands, widow), i in zip(rows, range(2)):
        for s in range(3):
            row = df.iloc[3 * i + s]
            res = exchange_value(hands[s], widow, hands[(s + 1) % 3], hands[(s + 2) % 3])
            assert row["value"] == res.value
            assert (row["give_left"], row["give_right"]) == (res.give_left, res.give_right)
            assert row["left_points"] == res.left_points
    quick = solve_deals(deals, seats=(1,), lines=False)
    assert quick["value"].tolist() == df[df.seat == 1]["value"].tolist()
    assert (quick["left_tricks"] == -1).all()
    with pytest.raises(ValueError, match="widow"):
        solve_deals({k: v for k, v in deals.items() if k != "widow"})


def test_analyse_deal_and_cli(capsys):
    from analysis.cards import parse
    from analysis.cli import main

    args = ["A♥ 10♥ K♠ Q♠ 9♦ J♣ 10♣", "K♥ Q♥ A♠ 9♠ J♦ A♣ 9♣", "J♥ 9♥ 10♠ J♠ A♦ 10♦ K♦", "Q♦ K♣ Q♣"]
    hands = [parse(a) for a in args[:3]]
    res = analyse_deal(hands, parse(args[3]), declarer=1)
    ex = exchange_value(hands[1], parse(args[3]), hands[2], hands[0])
    assert res.value == ex.value and res.give_left == ex.give_left
    assert res.hands[2] >> ex.give_left & 1 and res.hands[0] >> ex.give_right & 1
    assert res.tricks[0].leader == 1
    assert res.tricks[-1].raw[1] == res.value
    text = format_line(res)
    assert f"value: {res.value}" in text and text.count("\n") >= 12
    assert main(["analyse", *args, "--declarer", "1"]) == 0
    out = capsys.readouterr().out
    assert f"value: {res.value}" in out


@pytest.mark.parametrize(
    "args, message",
    [
        (
            ("A♥ K♥ Q♥ 10♠ A♣ J♦", "A♠ K♠ Q♠ J♠ 10♣ K♣ Q♣", "10♥ J♥ 9♥ A♦ 10♦ K♦ Q♦", "9♦ J♣ 9♣"),
            "hand0 must hold 7 cards, got 6",
        ),
        (
            ("A♥ K♥ Q♥ 10♠ A♣ J♦ 9♠", "A♠ K♠ Q♠ J♠ 10♣ K♣ Q♣", "10♥ J♥ 9♥ A♦ 10♦ K♦ Q♦", "9♦ J♣"),
            "widow must hold 3 cards, got 2",
        ),
        (
            ("A♥ K♥ Q♥ 10♠ A♣ J♦ 9♠", "A♥ K♠ Q♠ J♠ 10♣ K♣ Q♣", "10♥ J♥ 9♥ A♦ 10♦ K♦ Q♦", "9♦ J♣ 9♣"),
            "hand0 and hand1 share A♥",
        ),
        (
            ("A♥ K♥ Q♥ 10♠ A♣ J♦ 9♠", "A♠ K♠ Q♠ J♠ 10♣ K♣ Q♣", "10♥ J♥ 9♥ A♦ 10♦ K♦ Q♦", "9♦ J♣ Q♦"),
            "hand2 and widow share Q♦",
        ),
    ],
)
def test_analyse_cli_names_the_argument_at_fault(capsys, args, message):
    from analysis.cli import main

    assert main(["analyse", *args]) == 2
    assert message in capsys.readouterr().err
