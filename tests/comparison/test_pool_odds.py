"""``p_first_hand_*``: the first hand's odds per deal each rule set plays (its redeals left out)."""

import numpy as np
import pytest

from analysis import dataset, reference
from analysis.comparison.table import played_deals, pool_rows
from analysis.redeal import redeal_flags
from analysis.rules import PROFILES, as_rules


def _values(rows, metric):
    return {r["rules"]: r for r in rows if r["metric"] == metric}


@pytest.fixture(scope="module")
def club_pool():
    p = reference.pool_for(PROFILES["club"])
    f = dataset.read_frame(p.solutions_path, "solutions", columns=["deal_id", "seat", "value"])
    f = f[f.seat == 0].sort_values("deal_id")
    d = dataset.read_frame(p.deals_path, "deals", columns=["deal_id", "hand0", "hand1", "hand2", "widow"])
    d = d.sort_values("deal_id")
    return f["value"].to_numpy(), d[["hand0", "hand1", "hand2", "widow"]].to_numpy(np.uint32)


@pytest.mark.parametrize(
    "variant",
    [
        "club redeal_hand_under=0 redeal_four_nines=false",
        "club redeal_hand_under=0",
        "club redeal_four_nines=false",
        "club redeal_widow_under=0",
        "club redeal_widow_two_nines=true",
        "classic",
    ],
)
def test_a_rule_set_differing_in_its_redeals_differs_by_the_deals_it_plays(variant, club_pool):
    value, masks = club_pool
    rules = [PROFILES["club"], as_rules(variant)]
    rows = pool_rows(rules, ["club", variant], games=10)
    for contract in (120, 140):
        got = _values(rows, f"p_first_hand_{contract}_dd")
        for r, name in zip(rules, ["club", variant]):
            f = redeal_flags(masks, r)
            kept = ~(f["redeal_forced"] | f["redeal_claimable"])
            assert got[name]["value"] == pytest.approx((value[kept] >= contract).mean(), abs=1e-12)
        assert got[variant]["diff"] != 0 and got[variant]["diff_low"] < got[variant]["diff"]


def test_claimable_redeals_count_only_when_claimed():
    claimable = as_rules("club redeal_claim=claimable")
    m = np.asarray(
        dataset.read_frame(
            reference.pool_for(PROFILES["club"]).deals_path,
            "deals",
            columns=["hand0", "hand1", "hand2", "widow"],
        ).to_numpy(np.uint32)[:5000]
    )
    assert (played_deals(m, claimable, claim=True) == played_deals(m, PROFILES["club"])).all()
    assert played_deals(m, claimable, claim=False).all()
    rows = pool_rows([PROFILES["club"], claimable], ["club", "claimable"], games=10, claim=False)
    assert _values(rows, "p_first_hand_120_dd")["claimable"]["diff"] != 0


def test_n_a_rows_say_why():
    notes = []
    rows = pool_rows(
        [PROFILES["club"], as_rules("club bolt_declarer=true")],
        ["club", "b"],
        games=10,
        on_note=notes.append,
    )
    assert np.isnan(_values(rows, "p_first_hand_120_dd")["b"]["value"])
    assert any("n/a for b" in n and "no solved" in n for n in notes)
