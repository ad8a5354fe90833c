"""The transition ``apply_deal(rules, state, outcome) -> DealResult``.

See the package docstring for the order of the steps and the choices made
where RULES.md is silent.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..rules import takes_rules
from .dark import dark_bolt_weight, dark_points, dark_write_off
from .golden import deal_factor, single_marriages
from .points import declarer_delta, declarer_points, write_off_payment
from .rest import rest_points, write_off_share
from .reverse_barrel import reverse_barrel_step
from .state import (  # noqa: F401
    KNOCK_OFF_PENALTY,
    DealOutcome,
    DealResult,
    TableState,
    crossing_allowed,
    new_table,
    write_off_allowed,
)

__all__ = ["apply_deal"]


def _count_bolt(rules, p: int, bolts: list, counters: list, s: list, events: list, k: int = 1) -> None:
    """Player ``p`` gets a bolt: his counter rises, and at ``rules.bolt_count``
    he pays ``rules.bolt_penalty`` and it starts again (RULES.md, bolts).  In
    a golden deal (``k`` = 2, :mod:`analysis.scoring.golden`) the bolt counts
    ``k`` times and a penalty is ``k`` times the penalty."""
    bolts[p] = True
    for _ in range(k):
        counters[p] += 1
        if counters[p] >= rules.bolt_count:
            s[p] -= k * rules.bolt_penalty
            counters[p] = 0
            events.append(f"bolt_penalty:{p}")


@takes_rules
def apply_deal(rules, state: TableState, outcome: DealOutcome) -> DealResult:
    """Apply one deal to the table.

    Parameters
    ----------
    rules : Rules
        The conventions (profile name or ``Rules``).
    state : TableState
        The table before the deal.
    outcome : DealOutcome
        What happened in the deal.

    Returns
    -------
    DealResult
        ``state`` after the deal, ``deltas`` (n_players,) float64, ``events``,
        ``bolts`` (n_players,) bool.

    Notes
    -----
    A redeal only counts the deal: same dealer, no barrel attempt.  After a
    completed deal (write-offs included) the deal passes left.

    Choices (RULES.md is silent on the sequence): ``four_marriages_win``
    ends the game before the deal is scored, even when the holder also wrote
    off (so a forbidden barrel write-off is not judged), and the holder
    keeps his score (book †); a sitter gets no defence points unless
    ``rules.barrel_defence_points`` and no bolts, as declarer either, unless
    ``rules.barrel_bolts`` (classic, book, ua: †); under ``bolt_window='streak'`` a played
    deal without a bolt for a player breaks his streak even when he could
    not get one (exempt declarer, sitter), while write-offs and redeals
    leave it alone; a sitter's own write-off (where allowed) ends his stay as
    a failed stay, like his failed contract.  A give-up
    (``outcome.written_off``) is a crossing where
    :func:`~analysis.scoring.crossing_allowed` (his score unchanged, each
    opponent a bolt, event ``crossed``), else a write-off; under
    ``rules.write_off_limit`` the write-off leaves his score alone (wiki);
    ``rules.write_off_fine`` adds its fine (event ``write_off_fine``).  A
    :class:`~analysis.scoring.GoldenOutcome` (the golden round) doubles
    every score change of the deal and its bolts
    (:mod:`analysis.scoring.golden`).

    At a table of four (``rules.players``; RULES.md, "Four players") the
    dealer rests: he scores the widow (:func:`~analysis.scoring.rest.rest_points`,
    ``outcome.widow``; nothing while he sits on the barrel, where his
    score is capped) and, for a write-off, is paid as an opponent is
    (:func:`~analysis.scoring.rest.write_off_share`) in place of the widow
    (book's 120 : 4 shares out the deal †; a crossing gives him nothing);
    he gets no bolt, and
    his streak is neither counted nor broken †; as a sitter he spends an
    attempt only under ``rules.rest_barrel_attempt`` (wiki: none).  The
    three others score as at three; the barrel, the 555 reset and the win
    apply to all four, and the deal passes to the next of four.

    Examples
    --------
    RULES.md worked example 1 (club): contract 160, the declarer took 84
    card points and declared ♦ (80); the defenders took 23 and 13.

    >>> from analysis.rules import PROFILES
    >>> club, wiki = PROFILES["club"], PROFILES["wiki"]
    >>> res = apply_deal(club, new_table(club, dealer=2),
    ...                  DealOutcome(declarer=0, contract=160, raw=(164, 23, 13),
    ...                              tricks=(5, 2, 1)))
    >>> res.deltas.tolist(), res.state.dealer
    ([160.0, 25.0, 15.0], 0)

    A sitter at 880 who makes 120 wins (club); under wiki he needs 125.

    >>> on_barrel = TableState(scores=(880, 300, 200), barrel=(0, -1, -1))
    >>> made_120 = DealOutcome(declarer=0, contract=120, raw=(120, 0, 0), tricks=(8, 0, 0))
    >>> apply_deal(club, on_barrel, made_120).events
    ['win:0']
    >>> apply_deal(wiki, on_barrel, made_120).state.barrel
    (1, -1, -1)

    Raises
    ------
    ValueError
        If the game is already won, if the declarer writes off where
        :func:`~analysis.scoring.write_off_allowed` forbids it, or if
        ``declarer_first_hand`` contradicts the dealer.
    """
    if state.winner != -1:
        raise ValueError(f"the game is over: player {state.winner} has won")
    n, rest = len(state.scores), state.resting
    no_bolts = np.zeros(n, dtype=bool)
    if outcome.redeal:
        return _redeal(rules, state)
    d, c = outcome.declarer, outcome.contract
    if d >= n or d == rest or (len(outcome.raw) != n and not outcome.written_off):
        raise ValueError(
            f"a deal of {n} players needs a declarer other than the resting dealer and "
            f"{n} raw points, got declarer {d} and {len(outcome.raw)}"
        )
    first_hand = state.first_hand == d
    if outcome.declarer_first_hand is not None and outcome.declarer_first_hand != first_hand:
        raise ValueError(
            f"declarer_first_hand={outcome.declarer_first_hand} but the first hand "
            f"is player {state.first_hand}, the declarer is {d}"
        )
    old = state.scores
    nxt = dict(dealer=(state.dealer + 1) % n, deals=state.deals + 1, redeals_in_row=0)
    events: list[str] = []
    k = deal_factor(outcome)  # 2 in a golden deal (analysis.scoring.golden)
    if rules.four_marriages_win and outcome.four_marriages >= 0:
        p = outcome.four_marriages  # book †: immediate win, score not raised
        return DealResult(
            replace(state, winner=p, **nxt), np.zeros(n), [f"four_marriages:{p}", f"win:{p}"], no_bolts
        )

    s = list(old)
    sitting = [a >= 0 for a in state.barrel]
    counters = list(state.bolts)
    bolts = [False] * n
    made = False
    # Order of the steps: RULES.md common core, marked † there (a choice).
    # 1. the deal's score changes
    write_offs = list(state.write_offs)
    if outcome.dark and outcome.written_off:  # RULES.md, "Dark play"
        dark_write_off(outcome, sitting, s)
        events.append(f"dark_failed:{d}")
    elif outcome.written_off and crossing_allowed(rules, state, d):
        # crossing (wiki «крещусь»): the declarer keeps his score, each
        # opponent gets a bolt
        events.append(f"crossed:{d}")
        for p in range(n):
            if p != d and p != rest and (not sitting[p] or rules.barrel_bolts):
                _count_bolt(rules, p, bolts, counters, s, events, k)
    elif outcome.written_off:
        if not write_off_allowed(rules, state, d):
            raise ValueError(
                f"the {rules.name!r} rules forbid player {d} a write-off at this table "
                "(write_off_on_barrel, write_off_banned, write_off_no_barrel, write_off_limit)"
            )
        if not rules.write_off_limit:  # wiki: within the limit he keeps his score
            s[d] -= k * c
        pay = k * (
            write_off_payment(rules, c) if n == 3 else write_off_share(rules, write_off_payment(rules, c))
        )
        for p in range(n):
            # no payment to a sitter in any profile († the seeds are silent;
            # a payment would be capped away at the threshold anyway)
            if p != d and not sitting[p]:
                s[p] += pay
        if rules.write_off_limit or rules.write_off_fine != "none":
            write_offs[d] += 1
            made_so_far = write_offs[d]
            if (rules.write_off_fine == "third" and made_so_far == 3) or (
                rules.write_off_fine == "every_third" and made_so_far % 3 == 0
            ):
                s[d] -= k * (rules.write_off_fine_points or c)
                events.append(f"write_off_fine:{d}")
    else:
        raw = outcome.raw
        if outcome.dark:  # RULES.md, "Dark play"
            made = dark_points(rules, outcome, sitting, s)
            events.append(f"dark_{'made' if made else 'failed'}:{d}")
        else:
            made = declarer_points(rules, raw[d]) >= c
            s[d] += k * declarer_delta(rules, c, raw[d], first_hand)
            for p in range(n):
                if p != d and p != rest and (not sitting[p] or rules.barrel_defence_points):
                    pts = 5 * ((raw[p] + 2) // 5) if rules.round_defenders else raw[p]
                    s[p] += k * pts - single_marriages(rules, outcome, p)
        # 2. bolts (none after a write-off; RULES.md "bolts after a write-off")
        if rules.bolt_rule != "none":
            by_trick = rules.bolt_rule == "no_trick"
            for p in range(n):
                if p == rest:  # the resting dealer: no bolt, his streak left alone †
                    continue
                can = (p != d or rules.bolt_declarer) and (not sitting[p] or rules.barrel_bolts)
                if can and (outcome.tricks[p] == 0 if by_trick else raw[p] == 0):
                    for _ in range(dark_bolt_weight(rules, outcome)):
                        _count_bolt(rules, p, bolts, counters, s, events, k)
                elif rules.bolt_window == "streak":
                    counters[p] = 0
    if rest >= 0 and not sitting[rest] and not outcome.written_off:
        s[rest] += rest_points(rules, outcome.widow)  # the resting dealer's widow
    # 3. the win: only a sitter who declares and makes a contract reaching the target
    if sitting[d] and made and s[d] >= rules.target:
        events.append(f"win:{d}")
        new = _state(
            tuple(s),
            tuple(counters),
            state.barrel,
            state.failed_stays,
            nxt["dealer"],
            nxt["deals"],
            d,
            tuple(write_offs),
            state.reverse_barrel,
        )
        return _result(new, old, events, bolts)

    # 4. the barrel
    t = rules.barrel_threshold
    barrel = list(state.barrel)
    failed = list(state.failed_stays)
    for p in range(n):  # a sitter taken below the threshold leaves
        if sitting[p] and s[p] < t:
            barrel[p] = -1
            failed[p] += 1
            if p == d:
                kind = "barrel_write_off" if outcome.written_off else "failed_contract"
            else:
                kind = "barrel_exit"
            events.append(f"{kind}:{p}")
    before_cap = tuple(s)  # ranks simultaneous arrivals (barrel_arrivals='seats')
    for p in range(n):  # cap (a made contract that falls short is capped back †)
        if s[p] > t:
            s[p] = float(t)
    # attempts and falls: every completed deal counts, write-offs too †
    for p in range(n):
        if barrel[p] >= 0 and (p != rest or rules.rest_barrel_attempt):
            barrel[p] += 1
            if barrel[p] >= rules.barrel_attempts:
                s[p] -= rules.barrel_fall_penalty
                barrel[p] = -1
                failed[p] += 1
                events.append(f"barrel_fall:{p}")
    arrivals = [p for p in range(n) if barrel[p] < 0 and s[p] >= t]
    if arrivals:
        stay = _staying_arrivals(rules, arrivals, before_cap, d)
        earlier = [p for p in range(n) if barrel[p] >= 0]
        if len(earlier) + len(stay) > rules.barrel_seats:
            for p in earlier:  # the earlier sitters give way to the arrivals
                s[p] -= rules.knock_off_penalty
                barrel[p] = -1
                failed[p] += 1
                events.append(f"knocked_off:{p}")
        for p in arrivals:
            if p in stay:
                barrel[p] = 0
                events.append(f"barrel_enter:{p}")
            else:  # no seat left: knocked off at once, a failed stay †
                s[p] -= rules.knock_off_penalty
                failed[p] += 1
                events.append(f"knocked_off:{p}")
    if rules.barrel_third_fall_zero:
        for p in range(n):
            if failed[p] >= 3 > state.failed_stays[p]:
                s[p] = 0.0
                events.append(f"barrel_zero:{p}")
    # 5. the 555 reset; 6. the reverse barrel (wiki)
    _reset(rules, s, events)
    reverse, winner = reverse_barrel_step(rules, state.reverse_barrel, s, events)
    new = _state(
        tuple(float(x) for x in s),
        tuple(counters),
        tuple(barrel),
        tuple(failed),
        nxt["dealer"],
        nxt["deals"],
        winner,
        tuple(write_offs),
        reverse,
    )
    return _result(new, old, events, bolts)


def _reset(rules, s: list, events: list) -> None:
    """The 555 reset (``rules.reset_555``) at ``rules.reset_at``, in place."""
    if rules.reset_555 != "none":
        both, r = rules.reset_555 == "both", rules.reset_at
        for p in range(len(s)):
            if s[p] == r or (both and s[p] == -r):
                s[p] = 0.0
                events.append(f"reset_555:{p}")


def _redeal(rules, state: TableState) -> DealResult:
    """A redeal: only the deal is counted (same dealer, no barrel attempt).

    Under ``rules.bad_deal_fine`` (wiki "требование пересдачи три раза подряд
    может вылиться штрафом сдающему") the third redeal in a row fines the
    dealer and passes the deal to the next player (the seed's second
    option †); a sitter the fine takes below the threshold leaves the barrel
    (a failed stay), and the 555 reset applies to the fined score.
    """
    n = len(state.scores)
    no_bolts = np.zeros(n, dtype=bool)
    row = state.redeals_in_row + 1 if rules.bad_deal_fine else 0
    if row < 3:
        new = replace(state, deals=state.deals + 1, redeals_in_row=row, winner=-1)
        return DealResult(new, np.zeros(n), [], no_bolts)
    dl = state.dealer
    s, barrel, failed = list(state.scores), list(state.barrel), list(state.failed_stays)
    s[dl] -= rules.bad_deal_fine
    events = [f"bad_deal_fine:{dl}"]
    if barrel[dl] >= 0 and s[dl] < rules.barrel_threshold:
        barrel[dl] = -1
        failed[dl] += 1
        events.append(f"barrel_exit:{dl}")
    _reset(rules, s, events)
    new = replace(
        state,
        scores=tuple(float(x) for x in s),
        barrel=tuple(barrel),
        failed_stays=tuple(failed),
        dealer=(dl + 1) % n,
        deals=state.deals + 1,
        redeals_in_row=0,
    )
    return _result(new, state.scores, events, no_bolts)


def _staying_arrivals(rules, arrivals: list, before_cap: tuple, declarer: int) -> set:
    """The players arriving on the barrel in one deal who stay there.

    ``rules.barrel_arrivals='all'``: every arrival.  ``'seats'`` (club, seed
    000 "Одновременно прибывшие новые игроки остаются, максимум двое"; the
    other profiles †): at most ``rules.barrel_seats``, those with the highest
    score before the cap, ties in play order from the declarer (the declarer,
    his left, his right, round the table at four) †.
    """
    if rules.barrel_arrivals == "all" or len(arrivals) <= rules.barrel_seats:
        return set(arrivals)
    n = len(before_cap)
    order = sorted(arrivals, key=lambda p: (-before_cap[p], (p - declarer) % n))
    return set(order[: rules.barrel_seats])


def _state(
    scores, bolts, barrel, failed, dealer, deals, winner, write_offs=(0, 0, 0), reverse=(-1, -1, -1)
) -> TableState:
    # apply_deal builds states from values it has already checked; skip
    # __post_init__ (a third of the cost of a deal).
    st = object.__new__(TableState)
    for name, value in (
        ("scores", scores),
        ("bolts", bolts),
        ("barrel", barrel),
        ("failed_stays", failed),
        ("dealer", dealer),
        ("deals", deals),
        ("winner", winner),
        ("write_offs", write_offs),
        ("redeals_in_row", 0),
        ("reverse_barrel", reverse),
    ):
        object.__setattr__(st, name, value)
    return st


def _result(new: TableState, old, events, bolts) -> DealResult:
    deltas = np.array(new.scores, dtype=np.float64) - np.array(old, dtype=np.float64)
    return DealResult(new, deltas, events, np.array(bolts, dtype=bool))
