"""Whole games: deal after deal until someone wins (RULES.md).

``simulate(rules, n_games, seed, policy=..., pool=None)`` returns the
``games`` rows (one per deal, redeals included; columns in
:data:`GAME_COLUMNS`, documented in ``docs/DATA.md``).
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..dataset.schema import GAME_COLUMNS, game_columns
from ..errors import BadArgument
from ..rules import Rules, as_rules
from ..scoring import new_table
from .deal_flow import play_deal
from .golden import golden_start, play_golden_deal
from .outcome_choice import OUTCOMES, resolve_outcomes
from .policy import ThresholdPolicy
from .pools import PoolSource, SDPoolSource
from .sources import SDSolverSource, SolverSource, draw_summary, game_rng

__all__ = ["GAME_COLUMNS", "MAX_DEALS", "simulate", "make_source"]

#: A game still unfinished after this many deals (redeals included) is cut
#: off; its last row carries the event ``unfinished``.
MAX_DEALS = 2000


def make_source(
    rules: Rules,
    pool=None,
    *,
    draw: str = "with",
    games: int | None = None,
    outcomes: str = "dd",
    worlds: int = 16,
):
    """The source of the deals' outcomes.

    ``outcomes="dd"``: :class:`PoolSource` for ``pool`` (path or frame),
    else :class:`SolverSource`.  ``"pimc"``: :class:`SDPoolSource` for a
    single-dummy ``pool``, else :class:`SDSolverSource` with ``worlds``
    (:mod:`analysis.game.sources`, :mod:`analysis.game.pools`).  ``draw`` and ``games`` go to the
    pool sources; a source passed in is used as it is.

    Raises
    ------
    ValueError
        On unknown ``outcomes``, or a source passed in that gives the other
        kind of outcomes.
    """
    if outcomes not in OUTCOMES:
        raise BadArgument(f"outcomes must be 'dd' or 'pimc', got {outcomes!r}")
    if isinstance(pool, (PoolSource, SolverSource, SDSolverSource)):
        if pool.play != outcomes:
            raise BadArgument(f"the source passed gives {pool.play} outcomes, not {outcomes}")
        return pool
    if outcomes == "pimc":
        if pool is None:
            return SDSolverSource(rules, worlds)
        return SDPoolSource(pool, rules, draw=draw, games=games)
    if pool is None:
        return SolverSource(rules)
    return PoolSource(pool, rules, draw=draw, games=games)


def _play_game(rules, policy, source, seed, game_id, rows, max_deals, pool_limits):
    rng = game_rng(seed, game_id)
    source.begin(seed, game_id)
    state = new_table(rules, dealer=int(rng.integers(0, rules.players)))
    gold = golden_start(rules)  # the golden round (analysis.game.golden), if the rules have one
    masks = refs = lim = None
    k = 0
    deal_no = 0
    while True:
        if masks is None or k == len(masks):
            masks, refs = source.draw(rng)
            lim = pool_limits[refs] if pool_limits is not None else policy.limits(masks[:, :3], rules)
            k = 0
        m, ref, lm = masks[k], int(refs[k]), lim[k]
        if hasattr(policy, "table_limits"):  # a policy that reads the score (EquityPolicy)
            lm = policy.table_limits(rules, state, lm)
        k += 1
        dealer = state.dealer

        def outcome(seat, bid, replay=False, m=m, ref=ref, n=deal_no):
            return source.outcome(m, ref, seat, bid=bid, deal_no=n, replay=replay)

        if gold.left:
            dp, gold = play_golden_deal(rules, policy, state, gold, m, lm, outcome)
        else:
            dp = play_deal(rules, policy, state, m, lm, outcome)
        res = dp.result
        new = res.state
        redealt = dp.redeal_reason != ""
        events = list(res.events)
        if dp.redeal_reason == "gift":
            events.append(f"gift_redeal:{dp.declarer}")
        last = new.winner >= 0
        if not last and deal_no + 1 >= max_deals:
            events.append("unfinished")
            last = True
        sc, dl, bo, ba = new.scores, res.deltas, res.bolts, new.barrel
        rows.append(
            (
                game_id,
                deal_no,
                dealer,
                redealt,
                -1 if redealt else dp.declarer,
                -1 if redealt else dp.bid,
                -1 if redealt else dp.contract,
                dp.written_off,
                *dp.raw,
                *dp.tricks,
                *(float(x) for x in dl),
                *sc,
                *(bool(x) for x in bo),
                *ba,
                ";".join(events),
                new.winner,
                (dealer + 1) % len(sc),
                dp.redeal_reason,
                dp.redeal_reason == "gift",
                dp.gift_condition,
                dp.value,
                int(source.deal_ids[ref]) if source.kind == "pool" else -1,
            )
        )
        state = new
        deal_no += 1
        if last:
            return


def simulate(
    rules="club",
    n_games: int = 1,
    seed: int = 0,
    policy=None,
    pool=None,
    *,
    start: int = 0,
    max_deals: int = MAX_DEALS,
    draw: str = "with",
    pool_games: int | None = None,
    outcomes: str | None = None,
    worlds: int = 16,
) -> pd.DataFrame:
    """Play whole games of Thousand.

    Parameters
    ----------
    rules : str or Rules
        Profile name, JSON path or ``Rules`` (RULES.md profiles).
    n_games : int
        Number of games; game ids are ``start .. start + n_games - 1``.
    seed : int
        Root seed.  Game ``g`` uses only ``SeedSequence(seed,
        spawn_key=(g,))``, so any split of the ids into calls, chunks or
        workers gives the same games.
    policy : ThresholdPolicy, optional
        Bidding and declarer policy (default ``ThresholdPolicy()``: risk
        0.5 with the default estimator, the bidding-odds model shipped for
        ``rules`` and the outcomes, ``BidModel.default(rules, outcomes=...)``:
        fitted on single-dummy play for own-information games).
    pool : path, DataFrame or source, optional
        Deals to draw from: solved ones (:class:`analysis.game.pools.PoolSource`)
        or single-dummy ones (:class:`~analysis.game.pools.SDPoolSource`).
        None with ``outcomes`` given solves (or plays) fresh deals on the
        fly (about 60 ms, or seconds, per played deal); None without it
        draws from the reference pool the default names (below).
    start : int
        First game id.
    max_deals : int
        Safety cut-off per game (event ``unfinished``).
    draw : {"with", "without"}
        How a path or frame ``pool`` is drawn from
        (:class:`analysis.game.pools.PoolSource`): ``"with"`` replacement
        (uniform, the default), or ``"without"``: game ``g`` takes the
        deals of its own block of a permutation of the pool fixed by
        ``seed``, and draws with replacement only past its block (counted
        in ``attrs["outcomes"]``).  Research tables use ``"without"``
        (:func:`analysis.research.game_tables.simulated_games`).
    pool_games : int, optional
        With ``draw="without"``: how many games share the pool's
        permutation (default ``start + n_games``).  Pass the total when one
        set of games is simulated in several calls, so every call cuts the
        same blocks.
    outcomes : {"dd", "pimc"} or None
        ``"dd"``: double-dummy outcomes.  ``"pimc"``: own-information
        (single-dummy) play (:class:`~analysis.game.sources.SDSolverSource`):
        the declarer's gift and every card from
        :func:`analysis.single_dummy.play_deal`, his contract and write-off
        his own decision from his worlds (:mod:`analysis.game.declare`);
        ``pool`` is then a single-dummy dataset or
        :class:`~analysis.game.pools.SDPoolSource`, and None plays each deal
        on the fly (seconds a deal).  None (the default): what ``pool``
        holds, or without a pool
        :func:`~analysis.game.outcome_choice.resolve_outcomes`' default:
        ``"pimc"`` from the single-dummy reference pool that serves
        ``rules``, else ``"dd"`` from their reference pool (solved on the
        fly without one) with a ``UserWarning`` saying why.  Bidding is the policy's either way.
    worlds : int
        With ``"pimc"`` on the fly: layouts per decision.

    Returns
    -------
    pandas.DataFrame
        One row per deal including redeals, columns and dtypes of
        :func:`~analysis.dataset.schema.game_columns` (:data:`GAME_COLUMNS`
        at three players): the documented columns (players fixed 0, 1, 2,
        and 3 at four, where the dealer rests on the widow;
        scores in points after the deal, float64 because club halves;
        ``barrel*`` attempts used, −1 off; ``event`` events ``kind:player``
        joined by ';'; ``winner`` −1 except on a game's last row) and the
        extras ``first_hand`` (player left of the dealer), ``redeal_reason``
        ('' or 'bidding', 'widow', 'exchange', 'gift'), ``gift_redeal``
        (the declarer created an after-exchange redeal to escape a lost
        contract), ``gift_condition`` (the solver's gift on a made contract
        met an after-exchange condition, assumed avoided), ``value`` (the
        declarer's value as the deal is played, double-dummy or with
        ``"pimc"`` single-dummy, points, −1 when not played) and
        ``pool_deal`` (the pool's deal_id, −1 on the fly).
        ``attrs["outcomes"]`` is the source's description (``play``: ``"dd"``
        or ``"pimc"``) with the counts
        of :func:`analysis.game.sources.draw_summary` (draw mode, distinct
        pool deals, repeated and fallback draws).

    Raises
    ------
    ValueError
        On bad rules, counts, seeds, outcomes or worlds, a pool solved under
        other conventions, or a policy whose estimator cannot be loaded (no
        shipped model plays the rules' solver conventions).

    Examples
    --------
    >>> from analysis.game import ThresholdPolicy
    >>> class Never:          # an estimator that never expects to make anything
    ...     def p_make(self, hands7, seats, contract):
    ...         return 0.0 * hands7
    >>> games = simulate("club", 1, seed=1, policy=ThresholdPolicy(estimator=Never()),
    ...                  max_deals=3)
    >>> bool(games.bid[~games.redealt].eq(100).all())  # the forced 100, nobody raises
    True
    >>> len(games), games.event.iloc[-1]
    (3, 'unfinished')
    """
    rules = as_rules(rules)
    for name, v in (("n_games", n_games), ("seed", seed), ("start", start)):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < 0:
            raise BadArgument(f"{name} must be a non-negative integer, got {v!r}")
    if max_deals < 1:
        raise BadArgument(f"max_deals must be at least 1, got {max_deals}")
    choice = resolve_outcomes(rules, outcomes, pool, on_the_fly=outcomes is not None)
    choice.warn()
    # the model file is read once, here: it fails before playing when no model serves the rules
    policy = (policy or ThresholdPolicy()).with_estimator(rules, choice.outcomes)
    if rules.players != 3 and hasattr(policy, "table_limits"):
        raise BadArgument(
            f"the {policy.name} policy weighs a table of three; at {rules.players} players "
            "use the threshold policy (--risk)"
        )
    source = make_source(
        rules,
        choice.pool,
        draw=draw,
        games=(start + n_games if pool_games is None else pool_games) if draw == "without" else None,
        outcomes=choice.outcomes,
        worlds=worlds,
    )
    pool_limits = source.limits(policy) if source.kind == "pool" else None
    rows: list = []
    replays = getattr(source, "replays", 0)
    for g in range(start, start + n_games):
        _play_game(rules, policy, source, seed, g, rows, max_deals, pool_limits)
    columns = game_columns(rules.players)
    df = pd.DataFrame.from_records(rows, columns=list(columns)).astype(columns)
    df.attrs["outcomes"] = {**source.describe(), **draw_summary(df, source)}
    if hasattr(source, "replays"):
        df.attrs["outcomes"]["replayed_rows"] = source.replays - replays
    return df
