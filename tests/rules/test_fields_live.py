"""Every field of every profile moves what it governs.

For each profile and each convention field, the field is flipped (with the
companion settings that let it act, e.g. bolts on for the crossing) and a
figure the field governs is computed under both rule sets, on the same
positions, under the policy options that exercise it:

- the table's trajectory over random deal sequences (scores, bolts, barrel,
  events; :func:`analysis.scoring.apply_deal`);
- the auction's result over random positions (:func:`analysis.game.auction.auction`,
  with ``jump_bids``);
- the redeal flags of random deals and the policy's claims;
- double-dummy values of small play positions (:func:`analysis.solver.play_value`);
- what a defender knows at his first card in single-dummy play.

A field whose documentation says why no simulated figure can show it is
read from :func:`analysis.rules.fields_without_figure` instead.
"""

from dataclasses import fields

import numpy as np
import pytest

from analysis.deal import deal
from analysis.game.auction import auction
from analysis.game.policy import ThresholdPolicy, claims_redeal
from analysis.redeal import redeal_after_exchange, redeal_flags
from analysis.rules import CONVENTIONS, PROFILES, Rules, field_doc, fields_without_figure
from analysis.rules.checks import (
    BARREL_ARRIVALS,
    BARREL_BIDDING,
    BOLT_WINDOWS,
    CROSSINGS,
    MARRIAGE_LEADS,
    REDEAL_CLAIMERS,
    RESET_555,
    WRITE_OFF_FINES,
)
from analysis.rules.fields.dark import DARK_PLAYS, DARK_SCORINGS
from analysis.scoring import DealOutcome, TableState, apply_deal, give_up_allowed

AUCTION = {
    "opening_bid_exact",
    "raise_exact",
    "no_jump_over_120",
    "bid_cap",
    "raise_step",
    "minus_bidding",
    "barrel_bidding",
}
REDEALS = {
    "redeal_claim",
    "redeal_claimer",
    "redeal_four_nines",
    "redeal_hand_under",
    "redeal_widow_under",
    "redeal_widow_two_nines",
    "redeal_after_four_nines",
    "redeal_after_hand_under",
    "redeal_four_jacks",
    "redeal_after_four_jacks",
}
PLAY = {"first_trick_marriage", "marriage_lead", "trump_lead_owner_only"}
SEEN = {"exchange_face_up", "widow_shown_at_100"}
ACE = {"ace_marriage"}
TABLE = {
    "players",
    "rest_score",
    "rest_fixed",
    "rest_round",
    "rest_marriage",
    "rest_barrel_attempt",
    "write_off_fixed_four",
}
DARK = {"dark_play", "dark_scoring", "dark_bolts_doubled", "dark_min_score", "dark_on_barrel"}
GOLDEN = {"golden_round", "golden_deals", "golden_failed", "golden_marriages_doubled"}
CHOICES = {
    "barrel_arrivals": BARREL_ARRIVALS,
    "barrel_bidding": BARREL_BIDDING,
    "bolt_window": BOLT_WINDOWS,
    "crossing": CROSSINGS,
    "marriage_lead": MARRIAGE_LEADS,
    "redeal_claimer": REDEAL_CLAIMERS,
    "reset_555": RESET_555,
    "write_off_fine": WRITE_OFF_FINES,
    "redeal_claim": ("forced", "claimable"),
    "write_off_payment": ("half", "half_round5"),
    "bolt_rule": ("zero_points", "no_trick", "zero_points"),
    "rest_score": ("widow", "fixed"),
    "rest_marriage": ("none", "whole", "half"),
    "dark_play": DARK_PLAYS,
    "dark_scoring": DARK_SCORINGS,
    "golden_round": ("none", "in_turn"),
    "golden_failed": ("reset", "keep"),
}
#: Another value of each integer field (the first that differs is used).
INTS = {
    "target": (1000, 1005),
    "barrel_threshold": (860, 880),
    "barrel_attempts": (2, 3),
    "barrel_fall_penalty": (200, 120),
    "barrel_seats": (1, 2),
    "bolt_count": (2, 3),
    "bolt_penalty": (200, 120),
    "write_off_fixed": (60, 40),
    "redeal_hand_under": (14, 0),
    "redeal_widow_under": (5, 0),
    "redeal_after_hand_under": (15, 0),
    "raise_step": (10, 5),
    "minus_bidding": (-120, 0),
    "write_off_limit": (3, 0),
    "write_off_fine_points": (0, 120),
    "knock_off_penalty": (200, 120),
    "reset_at": (300, 555),
    "bad_deal_fine": (120, 0),
    "reverse_barrel": (-760, 0),
    "players": (4, 3),
    "rest_fixed": (40, 15),
    "write_off_fixed_four": (30, 0),
    "dark_min_score": (5, 0),
    "golden_deals": (0, 1),
}


def _companions(r: Rules, name: str) -> dict:
    """Settings under which ``name`` acts (applied to both rule sets)."""
    c = {}
    bolts = {"crossing", "barrel_bolts", "barrel_defence_points", "bolt_declarer", "bolt_window"}
    if r.bolt_rule == "none" and (name in bolts or name.startswith("bolt_") and name != "bolt_rule"):
        c["bolt_rule"] = "zero_points"
    if name in ("barrel_arrivals", "knock_off_penalty") and r.barrel_seats == 2:
        c["barrel_seats"] = 1  # arrivals beyond the seats are common then
    if name == "marriage_lead" and r.trump_lead_owner_only:
        c["trump_lead_owner_only"] = False  # the positions' trumps then lead freely
    if name == "barrel_defence_points":
        c["barrel_bolts"] = True  # a penalty takes the sitter below the threshold
    if name == "write_off_fixed":
        c.update(write_off_payment="fixed", write_off_fixed=40 if r.write_off_fixed != 40 else 40)
    if name == "write_off_fine_points":
        c["write_off_fine"] = "every_third"
    if name == "reset_at" and r.reset_555 == "none":
        c["reset_555"] = "positive"
    if name in ("redeal_claim", "redeal_claimer") and r.redeal_widow_under == 0:
        c["redeal_widow_under"] = 5
    if name == "redeal_claimer":
        c["redeal_claim"] = "claimable"
    if name in DARK - {"dark_play"}:
        c["dark_play"] = "wiki"  # the agreements and restrictions are wiki's
        if name == "dark_bolts_doubled" and r.bolt_rule == "none":
            c["bolt_rule"] = "zero_points"
    if name == "crossing" and r.write_off_banned:
        c["write_off_banned"] = False
    if name in TABLE and name != "players":
        c["players"] = 4  # they act at a table of four only
    if name == "rest_fixed":
        c["rest_score"] = "fixed"
    if name == "write_off_fixed_four" and r.write_off_payment != "fixed":
        c.update(write_off_payment="fixed", write_off_fixed=40)
    if name in GOLDEN - {"golden_round"}:
        c["golden_round"] = "in_turn"
    return c


def _flip(r: Rules, name: str) -> dict:
    v = getattr(r, name)
    if isinstance(v, bool):
        out = {name: not v}
        if name == "bolt_declarer" and not v and r.bolt_rule == "none":
            out["bolt_rule"] = "zero_points"
        return out
    if isinstance(v, int):
        return {name: next(x for x in INTS[name] if x != v)}
    if name == "write_off_payment" and v == "fixed":
        return {name: "half", "write_off_fixed": 0}
    if name == "bolt_rule":
        return {name: "no_trick" if v == "zero_points" else "zero_points"}
    return {name: next(x for x in CHOICES[name] if x != v)}


# --- figures ------------------------------------------------------------------------


def _random_state(rng, rules: Rules) -> TableState:
    t = rules.barrel_threshold
    n_sit = int(rng.integers(0, rules.barrel_seats + 1))
    sitters = set(rng.choice(3, size=n_sit, replace=False).tolist())
    scores, barrel = [], []
    for p in range(3):
        if p in sitters:
            scores.append(float(t))
            barrel.append(int(rng.integers(0, rules.barrel_attempts)))
        else:
            pool = [
                t - 5,
                t - 40,
                t - 120,
                300,
                500,
                530,
                0,
                -120,
                -200,
                rules.reset_at - 30,
                -t - 60,
                -t + 30,
            ]
            s = float(rng.choice(pool)) if rng.random() < 0.6 else 5.0 * int(rng.integers(-60, (t - 5) // 5))
            if rules.reset_555 != "none" and abs(s) == rules.reset_at:
                s -= 5
            scores.append(s)
            barrel.append(-1)
    return TableState(
        scores=scores,
        barrel=barrel,
        bolts=[int(rng.integers(0, rules.bolt_count)) for _ in range(3)],
        failed_stays=[int(rng.integers(0, 3)) for _ in range(3)],
        dealer=int(rng.integers(0, 3)),
    )


def _random_outcome(rng) -> DealOutcome:
    u = rng.random()
    if u < 0.15:
        return DealOutcome(redeal=True)
    d = int(rng.integers(0, 3))
    contract = int(rng.choice([100, 105, 115, 120, 125, 130, 150]))
    four = int(rng.integers(0, 3)) if rng.random() < 0.03 else -1
    if u < 0.4:
        return DealOutcome(declarer=d, contract=contract, written_off=True, four_marriages=four)
    tricks = [0, 0, 0]
    for _ in range(8):
        tricks[int(rng.choice(3, p=[0.6, 0.2, 0.2]) + d) % 3] += 1
    raw = [0, 0, 0]
    for p in range(3):
        if tricks[p]:
            raw[p] = int(rng.integers(0, 15 * tricks[p] + 1))
    raw[d] = max(raw[d], int(contract + rng.integers(-8, 8)) if rng.random() < 0.6 else raw[d])
    return DealOutcome(
        declarer=d, contract=contract, raw=tuple(raw), tricks=tuple(tricks), four_marriages=four
    )


def scoring_figure(rules: Rules, policy=None, n_games: int = 120, deals: int = 15) -> list:
    """The table after every deal of random sequences (scores, bolts, barrel, events)."""
    rng = np.random.default_rng(2026)
    out = []
    for _ in range(n_games):
        state = _random_state(rng, rules)
        for _ in range(deals):
            o = _random_outcome(rng)
            if o.written_off and not give_up_allowed(rules, state, o.declarer):
                out.append("refused")
                continue
            res = apply_deal(rules, state, o)
            state = res.state
            out.append((state.scores, state.bolts, state.barrel, tuple(res.events)))
            if state.winner >= 0:
                break
    return out


def dark_figure(rules: Rules, policy=None) -> list:
    """Whether the first hand may go dark at random tables, and the table
    after a random dark deal there (RULES.md, "Dark play")."""
    from analysis.game.dark import may_go_dark

    rng = np.random.default_rng(35)
    out = []
    for _ in range(200):
        state = _random_state(rng, rules)
        d = state.first_hand
        out.append(may_go_dark(rules, state))
        if rules.dark_play == "none":
            continue
        pts = rng.multinomial(120, [0.5, 0.3, 0.2]).tolist() if rng.random() < 0.7 else [130, 0, 0]
        raw = [pts[(p - d) % 3] for p in range(3)]
        tricks = [0 if raw[p] == 0 else 4 for p in range(3)]
        tricks[d] += 8 - sum(tricks)
        marr = [0, 0, 0]
        marr[d] = 40 if raw[d] >= 40 else 0
        o = DealOutcome(declarer=d, contract=120, raw=raw, tricks=tricks, dark=True, marriages=marr)
        res = apply_deal(rules, state, o)
        out.append((res.state.scores, res.state.bolts, tuple(res.events)))
    return out


def auction_figure(rules: Rules, policy) -> list:
    """Declarer and bid of random auctions (jump bids), with the caps of random hands."""
    from analysis.bids import hand_cap

    rng = np.random.default_rng(7)
    deals = deal(np.random.default_rng(7), 200)
    out = []
    for i in range(200):
        lim = rng.choice(np.arange(95, 260, 5), size=(3, 3))
        caps = [hand_cap(rules, int(deals[i, s])) for s in range(3)]
        sitting = rng.random(3) < 0.25
        scores = rng.choice([-300, -120, -100, 0, 400], size=3).tolist()
        out.append(
            auction(
                lim, caps, sitting, rules.barrel_min_contract, rules, jumps=policy.jump_bids, scores=scores
            )
        )
    return out


def redeal_figure(rules: Rules, policy) -> list:
    """Redeal flags of random deals, after-exchange flags, and the policy's claims."""
    deals = deal(np.random.default_rng(11), 6000).astype(np.int64)
    flags = redeal_flags(deals.astype(np.uint32), rules)
    w = deals[:, 3]
    w1 = w & -w
    w2 = (w ^ w1) & -(w ^ w1)
    hands8 = np.stack([deals[:, 0] | w1, deals[:, 1] | w2, deals[:, 2] | (w ^ w1 ^ w2)], axis=1)
    after = redeal_after_exchange(hands8.astype(np.uint32), rules)
    rng = np.random.default_rng(5)
    claims = [claims_redeal(rules, policy, rng.choice([95, 130, 160], size=(3, 3))) for _ in range(200)]
    return [{k: int(v.sum()) for k, v in flags.items()}, int(after.sum()), claims]


def play_figure(rules: Rules, policy) -> list:
    """Double-dummy values of small positions (4 cards each)."""
    from analysis.solver import play_value

    rng = np.random.default_rng(13)
    out = []
    for _ in range(120):
        cards = rng.permutation(24)[:12]
        # give the leader a marriage half the time
        hands = [0, 0, 0]
        for k, c in enumerate(cards):
            hands[k % 3] |= 1 << int(c)
        if rng.random() < 0.5:
            s = int(rng.integers(0, 4))
            kq = 0b1100 << (6 * s)
            for p in (1, 2):
                hands[p] &= ~kq
            if hands[0] & kq != kq:
                drop = [c for c in range(24) if hands[0] >> c & 1 and not kq >> c & 1][: 4 - 0]
                missing = (kq & ~hands[0]).bit_count()
                for c in drop[:missing]:
                    hands[0] &= ~(1 << c)
                hands[0] |= kq
                # refill the others to 4 cards from unused cards
                used = hands[0] | hands[1] | hands[2]
                free = [c for c in range(24) if not used >> c & 1]
                for p in (1, 2):
                    while hands[p].bit_count() < 4:
                        hands[p] |= 1 << free.pop()
        trump = int(rng.integers(-1, 4))
        first = bool(rng.random() < 0.5) and trump < 0
        owner = int(rng.integers(1, 3)) if trump >= 0 else None
        out.append(
            play_value(
                hands,
                declarer=0,
                leader=0,
                trump=None if trump < 0 else trump,
                trump_owner=owner,
                first_trick=first,
                rules=rules,
            )
        )
    return out


class _Seen(Exception):
    pass


def seen_figure(rules: Rules, policy) -> list:
    """What each defender knows at his first card of single-dummy play (bid 100)."""
    from analysis.single_dummy import play_deal

    deals = deal(np.random.default_rng(17), 4)
    out = []
    for d in deals:
        got = []

        def hook(k, mover, knowledge, table, hands, legal, got=got):
            if mover != 0:
                got.append((mover, knowledge.may, knowledge.counts, knowledge.limit))
                if len(got) == 2:
                    raise _Seen

        try:
            play_deal(int(d[0]), int(d[3]), int(d[1]), int(d[2]), bid=100, rules=rules, worlds=1, hook=hook)
        except _Seen:
            pass
        out.append(got)
    return out


def ace_figure(rules: Rules, policy) -> list:
    """Double-dummy values of 5-card positions past the first trick whose
    leader, the declarer, holds the four aces (RULES.md, "Ace marriage")."""
    from analysis.solver import play_value

    aces = sum(1 << (6 * s + 5) for s in range(4))
    rng = np.random.default_rng(19)
    out = []
    for _ in range(20):
        rest = [c for c in rng.permutation(24).tolist() if not aces >> c & 1]
        hands = [aces | 1 << rest[0], 0, 0]
        for k, c in enumerate(rest[1:11]):
            hands[1 + k % 2] |= 1 << c
        out.append(play_value(hands, declarer=0, leader=0, first_trick=False, rules=rules))
    return out


def table_figure(rules: Rules, policy=None) -> list:
    """The table after every deal of random sequences at ``rules.players``
    players from a fresh table, some players put on the barrel, each deal
    with a random widow (RULES.md, "Four players")."""
    from analysis.scoring import active_players, new_table

    rng = np.random.default_rng(23)
    out = []
    t = rules.barrel_threshold
    for _ in range(60):
        state = new_table(rules, dealer=int(rng.integers(0, rules.players)))
        n = state.players
        sit = int(rng.integers(0, n))
        scores = [float(5 * rng.integers(0, t // 5)) for _ in range(n)]
        scores[sit] = float(t)
        barrel = [-1] * n
        barrel[sit] = 0
        state = TableState(scores=scores, barrel=barrel, dealer=state.dealer)
        for _ in range(10):
            d = int(rng.choice(active_players(state)))
            widow = sum(1 << int(c) for c in rng.choice(24, size=3, replace=False))
            contract = int(rng.choice([100, 120, 140]))
            if rng.random() < 0.25 and give_up_allowed(rules, state, d):
                o = DealOutcome(declarer=d, contract=contract, written_off=True, widow=widow)
            else:
                raw, tricks = [0] * n, [0] * n
                raw[d], tricks[d] = int(rng.integers(80, 160)), 8
                o = DealOutcome(
                    declarer=d, contract=contract, raw=tuple(raw), tricks=tuple(tricks), widow=widow
                )
            res = apply_deal(rules, state, o)
            state = res.state
            out.append((state.scores, state.barrel, tuple(res.events)))
            if state.winner >= 0:
                break
    return out


def arrivals_figure(rules: Rules, policy=None, n: int = 300) -> list:
    """The table after one deal from positions where both defenders stand
    just under the barrel: two arrivals at once are what ``barrel_arrivals``
    decides (RULES.md, barrel seats)."""
    rng = np.random.default_rng(11)
    t = rules.barrel_threshold
    out = []
    for _ in range(n):
        o = _random_outcome(rng)
        if o.redeal or o.written_off:
            continue
        scores = [float(t - 5 * int(rng.integers(1, 9))) for _ in range(3)]
        scores[o.declarer] = 0.0
        res = apply_deal(rules, TableState(scores=tuple(scores), dealer=int(rng.integers(0, 3))), o)
        out.append((res.state.scores, res.state.barrel, tuple(res.events)))
    return out


def declarer_bolt_figure(rules: Rules, policy=None, n: int = 200) -> list:
    """The table after a deal the declarer plays without a trick or a point,
    from random positions: what ``bolt_declarer`` decides (RULES.md, bolts)."""
    rng = np.random.default_rng(12)
    out = []
    for _ in range(n):
        state = _random_state(rng, rules)
        d = int(rng.integers(0, 3))
        tricks = [0, 0, 0]
        for _ in range(8):
            tricks[(d + 1 + int(rng.integers(0, 2))) % 3] += 1
        raw = [0, 0, 0]
        for p in range(3):
            if tricks[p]:
                raw[p] = int(rng.integers(1, 15 * tricks[p] + 1))
        o = DealOutcome(declarer=d, contract=100, raw=tuple(raw), tricks=tuple(tricks))
        res = apply_deal(rules, state, o)
        out.append((res.state.scores, res.state.bolts, tuple(res.events)))
    return out


DECLARER_BOLT = {"bolt_declarer"}
ARRIVALS = {"barrel_arrivals"}


def golden_figure(rules: Rules, policy) -> list:
    """The table over the first deals of random games played as the golden
    round plays them (:func:`analysis.game.golden.play_golden_deal`'s
    scoring and end of round): the first hand declares 120, each deal's
    marriages drawn at random."""
    from analysis.game.golden import golden_start
    from analysis.scoring import GoldenOutcome

    rng = np.random.default_rng(23)
    out = []
    for _ in range(60):
        state, gold, made = TableState(dealer=int(rng.integers(0, 3))), golden_start(rules), False
        for _ in range(5):
            d = state.first_hand
            tricks = [1, 1, 1]
            tricks[d] = 6
            marr = [int(rng.choice([0, 0, 40, 60])) for _ in range(3)]
            raw = [m + int(rng.integers(0, 20)) for m in marr]
            raw[d] = marr[d] + int(rng.integers(80, 130))
            kind = GoldenOutcome if gold.left else DealOutcome
            extra = {"marriages": tuple(marr)} if gold.left else {}
            res = apply_deal(
                rules, state, kind(declarer=d, contract=120, raw=tuple(raw), tricks=tuple(tricks), **extra)
            )
            state = res.state
            if gold.left:
                made = made or raw[d] >= 120
                gold = gold._replace(left=gold.left - 1)
                if not gold.left and not made and rules.golden_failed != "keep":
                    state = TableState(dealer=state.dealer, deals=state.deals)
            out.append((state.scores, state.bolts))
    return out


FIGURES = [
    (ARRIVALS, arrivals_figure, None),
    (DECLARER_BOLT, declarer_bolt_figure, None),
    (TABLE, table_figure, None),
    (GOLDEN, golden_figure, None),
    (ACE, ace_figure, None),
    (DARK, dark_figure, None),
    (AUCTION, auction_figure, ThresholdPolicy(jump_bids=True, estimator=object())),
    (REDEALS, redeal_figure, ThresholdPolicy(claim_weak=True, estimator=object())),
    (PLAY, play_figure, None),
    (SEEN, seen_figure, None),
]


_CACHE: dict = {}


def _figure(fig, rules, policy):
    """``fig(rules, policy)``, computed once per rule set (the profiles recur)."""
    key = (fig.__name__, rules, policy)
    if key not in _CACHE:
        _CACHE[key] = fig(rules, policy)
    return _CACHE[key]


def _figure_of(name):
    for names, fig, policy in FIGURES:
        if name in names:
            return fig, policy
    return scoring_figure, None


def test_every_field_is_shown_or_documented_as_not():
    silent = fields_without_figure()
    assert silent == ("write_off_stage", "barrel_defence_points")
    for name in silent:
        assert "No simulated figure can show it" in field_doc(name)
    for name in CONVENTIONS:
        assert name in silent or _figure_of(name)[0] is not None


CASES = [(p, name) for p in PROFILES for name in CONVENTIONS if name not in fields_without_figure()]


@pytest.mark.parametrize("profile,name", CASES, ids=[f"{p}-{n}" for p, n in CASES])
def test_flipping_a_field_moves_its_figure(profile, name):
    base = PROFILES[profile]
    base = base.with_changes(**_companions(base, name))
    flipped = base.with_changes(**_flip(base, name))
    assert getattr(flipped, name) != getattr(base, name)
    fig, policy = _figure_of(name)
    if name == "redeal_claim":
        policy = ThresholdPolicy(claim_redeals=False, estimator=object())
    assert _figure(fig, base, policy) != _figure(fig, flipped, policy), (
        f"{profile}: flipping {name} moved no figure"
    )


def test_fields_listed_match_the_dataclass():
    names = {f.name for f in fields(Rules)} - {"label", "base"}
    assert names == set(CONVENTIONS)
