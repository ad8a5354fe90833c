"""A golden deal is scored doubled (RULES.md, "The golden round"): worked
examples from the seeds, and the doubling as a property of apply_deal."""

import numpy as np
import pytest

from analysis.rules import PROFILES
from analysis.scoring import DealOutcome, GoldenOutcome, TableState, apply_deal, new_table

CLUB = PROFILES["club"]
GOLDEN = CLUB.with_changes(golden_round="in_turn")
SINGLE = GOLDEN.with_changes(golden_marriages_doubled=False)

# Player 0 (first hand, dealer 2) plays 120: 90 card points and the ♠ marriage
# (40), 130; player 1 took 18 card points and declared ♣ (60), 78; player 2
# took 12.  club rounds a defender's points to 5: 80 and 10.
MADE = dict(declarer=0, contract=120, raw=(130, 78, 12), tricks=(5, 2, 1))
MARRIAGES = (40, 60, 0)


def test_made_120_ordinary_golden_and_marriages_single():
    table = new_table(CLUB, dealer=2)
    assert apply_deal(CLUB, table, DealOutcome(**MADE)).deltas.tolist() == [120, 80, 10]
    golden = GoldenOutcome(**MADE, marriages=MARRIAGES)
    # wiki: «Все очки и штрафы ... пишутся в двойном размере»
    assert apply_deal(GOLDEN, table, golden).deltas.tolist() == [240, 160, 20]
    # wiki's agreement «Очки, получаемые за объявление марьяжей, не удваиваются»:
    # player 1 is written 2 × 20 + 60 = 100; the declarer scores his contract
    assert apply_deal(SINGLE, table, golden).deltas.tolist() == [240, 100, 20]


def test_failed_120_and_a_doubled_bolt():
    # player 0 plays 120 with 100 and fails; player 1, with two bolts since
    # his last penalty, takes a trick worth nothing: a bolt (club: zero raw
    # points).  Ordinarily his third: the penalty, 120.  Golden, it counts
    # twice (wiki «болты ... в двойном размере»): the third brings the penalty,
    # doubled, and the fourth starts the next count.
    table = TableState(scores=(0, 0, 0), bolts=(0, 2, 0), dealer=2)
    out = dict(declarer=0, contract=120, raw=(100, 0, 20), tricks=(6, 1, 1))
    plain = apply_deal(CLUB, table, DealOutcome(**out))
    assert plain.deltas.tolist() == [-120, -120, 20]
    assert plain.state.bolts == (0, 0, 0) and plain.events == ["bolt_penalty:1"]
    gold = apply_deal(GOLDEN, table, GoldenOutcome(**out))
    assert gold.deltas.tolist() == [-240, -240, 40]
    assert gold.events == ["bolt_penalty:1"]
    assert gold.state.bolts == (0, 1, 0)
    assert gold.bolts.tolist() == [False, True, False]


def test_a_golden_write_off_doubles_the_contract_and_the_payments():
    table = new_table(CLUB, dealer=2)
    out = dict(declarer=0, contract=100, written_off=True)
    assert apply_deal(CLUB, table, DealOutcome(**out)).deltas.tolist() == [-100, 50, 50]
    assert apply_deal(GOLDEN, table, GoldenOutcome(**out)).deltas.tolist() == [-200, 100, 100]


def test_marriages_must_be_declarable_within_the_raw_points():
    with pytest.raises(ValueError, match="marriage"):
        GoldenOutcome(**MADE, marriages=(50, 0, 0))
    with pytest.raises(ValueError, match="marriage"):
        GoldenOutcome(**MADE, marriages=(0, 0, 40))  # player 2 has 12 raw points
    with pytest.raises(ValueError, match="one entry per player"):
        GoldenOutcome(**MADE, marriages=(0, 0))


@pytest.mark.parametrize("profile", ["club", "book", "ua", "wiki"])
def test_golden_deltas_are_twice_the_ordinary_ones(profile):
    """From a fresh table (no barrel within reach of one doubled deal, no
    bolts), every deal's changes double exactly; the golden fields move
    nothing in an ordinary deal."""
    rules = PROFILES[profile].with_changes(golden_round="in_turn")
    rng = np.random.default_rng(35)
    for _ in range(300):
        dealer = int(rng.integers(0, 3))
        d = int(rng.integers(0, 3))
        c = int(rng.choice([100, 120, 140, 165, 200]))
        if rng.random() < 0.3:
            out = dict(declarer=d, contract=c, written_off=True)
        else:
            tricks = [1, 1, 1]
            tricks[d] = 6
            raw = [int(rng.integers(1, 40)) for _ in range(3)]
            raw[d] = int(rng.integers(60, 260))
            out = dict(declarer=d, contract=c, raw=tuple(raw), tricks=tuple(tricks))
        table = new_table(rules, dealer=dealer)
        plain = apply_deal(rules, table, DealOutcome(**out))
        assert (
            apply_deal(PROFILES[profile], table, DealOutcome(**out)).deltas.tolist() == plain.deltas.tolist()
        )
        gold = apply_deal(rules, table, GoldenOutcome(**out))
        assert gold.deltas.tolist() == (2 * plain.deltas).tolist()
        assert gold.events == plain.events
