"""The simulated auction reads the rules: opening, raises, the jump line, the
minus, the barrel (RULES.md, bidding; seeds 003 and 004), and the redeal
claim of the policy."""

import numpy as np
import pytest

from analysis.bids import next_bids
from analysis.game.auction import auction, nobody_bids
from analysis.game.policy import NO_LEVEL, ThresholdPolicy, claims_redeal
from analysis.rules import PROFILES

CLUB, CLASSIC, BOOK, UA, WIKI = (PROFILES[n] for n in ("club", "classic", "book", "ua", "wiki"))
NOT = [False] * 3


def _lim(normal, barrel=None, block=None):
    barrel = barrel or normal
    block = block or normal
    return np.array([[normal[s], barrel[s], block[s]] for s in range(3)])


@pytest.mark.parametrize("rules", list(PROFILES.values()))
def test_default_policy_bids_as_before_under_every_profile(rules):
    # the default calls (open 100, raise by 5) are legal under every profile,
    # so the rules change nothing until a policy jumps or a field asks more
    rng = np.random.default_rng(3)
    for _ in range(300):
        lim = rng.choice(np.arange(95, 200, 5), size=(3, 3))
        caps = rng.choice([120, 160, 180, 220], size=3).tolist()
        sitting = rng.random(3) < 0.2
        a = auction(lim, caps, sitting, rules.barrel_min_contract)
        b = auction(lim, caps, sitting, rules.barrel_min_contract, rules)
        assert a == b


def test_jumps_follow_opening_raise_and_jump_line():
    lim = _lim([150, 140, 95])
    caps = [220, 220, 220]
    # club: obligatory 100, no jump over 120: seat 1 can only reach 120, then
    # seat 0 raises to 125 at once (his limit 150), seat 1 to 140, seat 0 to 150
    assert auction(lim, caps, NOT, 120, CLUB, jumps=True) == (0, 150)
    # classic: the first hand opens at his limit (150); seat 1 (140) passes
    assert auction(lim, caps, NOT, 120, CLASSIC, jumps=True) == (0, 150)
    assert auction(_lim([95, 140, 130]), caps, NOT, 120, CLASSIC, jumps=True) == (1, 140)
    # wiki: raises of exactly 5 even when jumping; book likewise
    assert auction(_lim([95, 140, 130]), caps, NOT, 125, WIKI, jumps=True) == (1, 135)
    # without jumps everybody raises by 5 whatever the profile
    assert auction(_lim([95, 140, 130]), caps, NOT, 120, CLASSIC) == (1, 135)
    # club without the jump line: 100 -> 140 at once
    free = CLUB.with_changes(no_jump_over_120=False)
    assert auction(_lim([95, 140, 95]), caps, NOT, 120, free, jumps=True) == (1, 140)
    assert auction(_lim([95, 140, 95]), caps, NOT, 120, CLUB, jumps=True) == (1, 120)
    # opening_bid_exact on a free-raise profile keeps the first hand's 100
    assert auction(_lim([150, 95, 95]), caps, NOT, 120, CLASSIC, jumps=True) == (0, 150)
    exact = CLASSIC.with_changes(opening_bid_exact=True)
    assert auction(_lim([150, 95, 95]), caps, NOT, 120, exact, jumps=True) == (0, 100)


def test_raise_step_ten_ua():
    # ua seed 003 "крок у 10 очок": 100, 110, 120 ...: the smallest raise is 110
    ua10 = UA.with_changes(raise_step=10)
    caps = [220] * 3
    assert auction(_lim([95, 115, 95]), caps, NOT, 120, UA) == (1, 105)
    assert auction(_lim([95, 115, 95]), caps, NOT, 120, ua10) == (1, 110)
    assert auction(_lim([130, 125, 95]), caps, NOT, 120, ua10) == (0, 120)
    assert next_bids(ua10, 110, 140).tolist() == [120, 125, 130, 135, 140]
    # under club's jump line a raise of 10 from 115 would jump 120: no raise
    club10 = CLUB.with_changes(raise_step=10)
    assert next_bids(club10, 115, 200).size == 0


def test_bidding_in_the_minus_wiki():
    # wiki «Торговля в минусе»: a player at -120 or below may not bid and the
    # others pass: the first hand plays his 100
    pit = WIKI.with_changes(minus_bidding=-120)
    lim, caps = _lim([95, 160, 150]), [220] * 3
    assert auction(lim, caps, NOT, 125, WIKI, scores=[0, 300, -120]) == (1, 155)
    assert auction(lim, caps, NOT, 125, pit, scores=[0, 300, -120]) == (0, 100)
    assert auction(lim, caps, NOT, 125, pit, scores=[0, 300, -115]) == (1, 155)
    # "Если все игроки в минусе, то все имеют право торговать"
    assert auction(lim, caps, NOT, 125, pit, scores=[-200, -130, -120]) == (1, 155)
    assert nobody_bids(pit, (-125, 0, 0)) and not nobody_bids(WIKI, (-125, 0, 0))


def test_bidding_on_the_barrel_yield():
    # wiki «Торговля на бочке»: the widow may go to the sitter without bidding
    sitting = [False, True, False]
    caps = [220] * 3
    open_ = auction(_lim([95, 95, 180], barrel=[95, 125, 95]), caps, sitting, 125, WIKI)
    given = auction(
        _lim([95, 95, 180], barrel=[95, 125, 95]),
        caps,
        sitting,
        125,
        WIKI.with_changes(barrel_bidding="yield"),
    )
    assert open_ == (2, 130)  # the dealer outbids the sitter
    assert given == (1, 125)  # the sitter gets it at the contract he needs


def test_claims_redeal_reads_claimer_and_policy():
    weak_dealer = [[150] * 3, [130] * 3, [NO_LEVEL] * 3]
    weak_first = [[NO_LEVEL] * 3, [130] * 3, [150] * 3]
    wiki = WIKI
    first = WIKI.with_changes(redeal_claimer="first_hand")
    always = ThresholdPolicy(estimator=object())
    never = ThresholdPolicy(claim_redeals=False, estimator=object())
    choosy = ThresholdPolicy(claim_weak=True, estimator=object())
    assert claims_redeal(CLUB, never, weak_dealer)  # forced redeals always happen
    assert claims_redeal(wiki, always, weak_dealer) and not claims_redeal(wiki, never, weak_dealer)
    assert claims_redeal(wiki, choosy, weak_dealer) and not claims_redeal(first, choosy, weak_dealer)
    assert claims_redeal(first, choosy, weak_first)
    assert not claims_redeal(wiki, choosy, [[150] * 3] * 3)


def test_new_policy_options_are_recorded_only_when_set():
    assert "jump_bids" not in ThresholdPolicy().params()
    assert ThresholdPolicy(jump_bids=True).params()["jump_bids"] is True
    assert ThresholdPolicy(claim_weak=True).params()["claim_weak"] is True
