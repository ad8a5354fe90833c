"""Table invariants over random deal sequences (analysis.scoring).

Random valid table states and deal outcomes, for the profiles and house
variants mixing the seeds' small conventions: every deal keeps
:func:`analysis.scoring.check_state`, its deltas are the score changes,
and each event is accounted for (RULES.md, common core and each profile's
conventions).
"""

import numpy as np
import pytest
from hypothesis import HealthCheck, assume, event, given, settings
from hypothesis import strategies as st

from analysis.rules import Rules
from analysis.scoring import (
    DealOutcome,
    TableState,
    apply_deal,
    check_state,
    declarer_points,
    give_up_allowed,
)

CLUB, CLASSIC, BOOK, UA, WIKI = (Rules.profile(n) for n in ("club", "classic", "book", "ua", "wiki"))
REDEAL = DealOutcome(redeal=True)

VARIANTS = [
    CLUB,
    CLASSIC,
    BOOK,
    UA,
    WIKI,
    CLUB.with_changes(barrel_seats=1, bolt_window="streak"),
    CLASSIC.with_changes(barrel_defender_scores=True, barrel_seats=2),
    WIKI.with_changes(bolt_declarer=False),
    # the seeds' small conventions, several at once
    WIKI.with_changes(
        write_off_fine="every_third", write_off_no_barrel=True, round_declarer=True, bad_deal_fine=120
    ),
    CLUB.with_changes(crossing="not_on_barrel", write_off_limit=3, reset_555="both", reset_at=505),
    CLASSIC.with_changes(
        crossing="allowed", barrel_bolts=True, knock_off_penalty=200, write_off_fine="third", bad_deal_fine=60
    ),
    UA.with_changes(write_off_banned=True, barrel_defence_points=True, barrel_seats=2),
]


@st.composite
def table_states(draw, rules):
    t = rules.barrel_threshold
    sitters = draw(st.lists(st.booleans(), min_size=3, max_size=3))
    while sum(sitters) > rules.barrel_seats:
        sitters[sitters.index(True)] = False
    scores, barrel = [], []
    for sits in sitters:
        if sits:
            scores.append(float(t))
            barrel.append(draw(st.integers(0, rules.barrel_attempts - 1)))
        else:
            step = draw(st.integers(-60, (t - 5) // 5 - 1))
            scores.append(
                draw(st.sampled_from([5.0 * step, 5.0 * step + 2.5, t - 5.0 * (1 + abs(step) % 40)]))
            )
            barrel.append(-1)
    return TableState(
        scores=scores,
        barrel=barrel,
        bolts=[draw(st.integers(0, rules.bolt_count - 1)) if rules.has_bolts else 0 for _ in range(3)],
        failed_stays=[draw(st.integers(0, 2)) for _ in range(3)],
        dealer=draw(st.integers(0, 2)),
    )


@st.composite
def outcomes(draw):
    if draw(st.integers(0, 9)) == 0:
        return REDEAL
    d = draw(st.integers(0, 2))
    contract = 5 * draw(st.integers(20, 50))
    if draw(st.integers(0, 7)) == 0:
        return DealOutcome(
            declarer=d,
            contract=contract,
            written_off=True,
            four_marriages=draw(st.sampled_from([-1] * 9 + [d])),
        )
    a = draw(st.integers(0, 8))
    b = draw(st.integers(0, 8 - a))
    tricks = [a, b, 8 - a - b]
    raw = [0 if tricks[p] == 0 else draw(st.integers(0, 130)) for p in range(3)]
    raw[d] = max(0, contract + draw(st.integers(-40, 40)))
    return DealOutcome(declarer=d, contract=contract, raw=raw, tricks=tricks)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_invariants_over_random_sequences(data):
    _check_random_sequence(data)


@pytest.mark.verify
@settings(max_examples=4000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_invariants_over_many_random_sequences(data):
    _check_random_sequence(data)


def _check_random_sequence(data):
    rules = data.draw(st.sampled_from(VARIANTS))
    state = data.draw(table_states(rules))
    assume(rules.reset_555 == "none" or rules.reset_at not in map(abs, state.scores))
    check_state(rules, state)
    for o in data.draw(st.lists(outcomes(), min_size=1, max_size=25)):
        before = state
        if (
            o.written_off
            and not give_up_allowed(rules, before, o.declarer)
            and not (rules.four_marriages_win and o.four_marriages >= 0)
        ):
            with pytest.raises(ValueError):
                apply_deal(rules, before, o)
            continue
        res = apply_deal(rules, before, o)
        state = res.state
        for e in res.events:
            event(e.split(":")[0])
        np.testing.assert_array_equal(res.deltas, np.array(state.scores) - np.array(before.scores))
        fined = any(e.startswith("bad_deal_fine") for e in res.events)
        assert state.dealer == (before.dealer + (0 if o.redeal and not fined else 1)) % 3
        if fined:  # the third redeal in a row
            assert o.redeal and before.redeals_in_row == 2 and rules.bad_deal_fine
            assert res.deltas[before.dealer] <= -rules.bad_deal_fine or state.scores[before.dealer] == 0
        if f"crossed:{o.declarer}" in res.events:  # his score unchanged but for barrel events
            mine = [e for e in res.events if e.endswith(f":{o.declarer}") and not e.startswith("crossed")]
            assert not res.bolts[o.declarer]
            assert mine or state.scores[o.declarer] == before.scores[o.declarer]
        assert state.deals == before.deals + 1
        if state.winner >= 0:
            w = state.winner
            if f"four_marriages:{w}" in res.events:
                assert rules.four_marriages_win and state.scores == before.scores
            else:  # only a sitting declarer who made his contract; never a defender
                assert w == o.declarer and before.barrel[w] >= 0
                assert not o.written_off and declarer_points(rules, o.raw[w]) >= o.contract
                assert state.scores[w] >= rules.target
            break
        check_state(rules, state)  # threshold, attempts, bolt counters
        assert all(a < rules.barrel_attempts for a in state.barrel)
        assert all(b < rules.bolt_count for b in state.bolts)
        if not rules.barrel_bolts:
            for p in range(3):
                if before.barrel[p] >= 0 and p != o.declarer and not o.redeal:
                    assert res.bolts[p] == False  # noqa: E712
