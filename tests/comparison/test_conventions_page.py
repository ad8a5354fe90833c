"""The conventions page's helpers (analysis.research.conventions) on compare."""

import pandas as pd

from analysis.research import conventions
from analysis.rules import PROFILES


def test_variants_take_every_other_seed_value_of_each_game_field():
    v = conventions.variants("club")
    assert v["barrel_seats=1"] == PROFILES["club"].with_changes(barrel_seats=1)
    assert {"reset_555=positive", "reset_555=both", "barrel_threshold=900", "target=1001"} <= set(v)
    # play conventions and what players see are left out
    assert not any(k.startswith(("bolt_rule", "marriage_lead", "exchange_face_up")) for k in v)
    # each variant differs from club in exactly its one field
    for name, r in v.items():
        field = name.split("=")[0]
        assert [
            f for f in r.to_dict() if f not in ("label",) and r.to_dict()[f] != PROFILES["club"].to_dict()[f]
        ] == [field]
    assert list(conventions.variants("book", fields=("barrel_threshold",))) == ["barrel_threshold=880"]
    assert conventions.seed_values("barrel_seats") == [2, 1]


def test_effects_and_largest_effects_read_the_comparison(tmp_path):
    fields = ("barrel_seats", "write_off_payment", "redeal_after_four_jacks")
    c = conventions.profile_comparison("club", 60, 4, tmp_path, outcomes="dd", fields=fields)
    # the double-dummy comparison plays only the variants no single-dummy pool serves
    dd = conventions.split_variants("club", fields)["dd"]
    assert (
        c.outcomes == "dd"
        and c.names[0] == "club"
        and {n.lower() for n in c.names[1:]} == {f"club+{n}".lower() for n in dd}
    )
    e = conventions.effects(c, ["deals_per_game", "bolts_per_game"])
    t = c.table.set_index(["metric", "rules"])
    for name in e.index:
        assert e.loc[name, "deals_per_game"] == t.loc[("deals_per_game", f"club+{name}"), "diff"]
    top = conventions.largest_effects({"club": c}, "deals_per_game", k=1)
    assert len(top) <= 1 and isinstance(top, pd.DataFrame)
    both = conventions.largest_effects({"club": {"pimc": None, "dd": c}}, "deals_per_game", k=1)
    assert both.drop(columns="outcomes").equals(top.drop(columns="outcomes"))
    assert (both["outcomes"] == "dd").all()
    if len(top):
        r = top.iloc[0]
        assert r.diff_low > 0 or r.diff_high < 0  # beyond the noise only


def test_variants_split_by_the_single_dummy_pool_that_serves_them():
    s = conventions.split_variants(
        "club", fields=("barrel_seats", "write_off_payment", "redeal_after_four_jacks")
    )
    # the barrel seats change no decision club-sd stores: own information
    assert list(s["pimc"]) == ["barrel_seats=1"]
    # the write-off payment and an after-exchange redeal change the declarer's
    # decisions the pool made: double-dummy
    wo = set(conventions.variants("club", fields=("write_off_payment",)))
    assert wo and set(s["dd"]) == wo | {"redeal_after_four_jacks=True"}
