"""The odds at the table: what declaring each contract does to the chance to win.

``thousand odds HAND --scores A,B,C`` (:func:`analysis.odds.hand_odds` with
``table=``) scores every solved deal of the sample at the given table for
each contract and reads the equity model of the rules
(:mod:`analysis.equity`) on the resulting states.
"""

from __future__ import annotations

import numpy as np

__all__ = ["add_equity"]


def add_equity(frame, rules, table, player: int, contracts, sol, model=None) -> None:
    """Add what declaring each contract does to the chance to win, in place.

    Every solved deal of the sample is scored at the table for each
    contract (:func:`analysis.equity.bidding.declare_equity`: the deal's
    double-dummy value and the defenders' points and tricks on its line,
    writing off a failed contract where the rules allow it and his equity
    prefers it), and the equity model of the rules gives his chance to win
    from each resulting state.

    Parameters
    ----------
    frame : pandas.DataFrame
        An odds table indexed by contract (:func:`hand_odds`).
    rules : Rules
    table : analysis.scoring.TableState
        The table before the deal.
    player : int
        The declarer, 0..2.
    contracts : ndarray of shape (k,), int64
        The table's contracts, points.
    sol : dict
        :func:`solve_sample` of the kept deals.
    model : EquityModel, optional
        Default: the model shipped for ``rules`` and the games' default
        outcomes (:func:`analysis.equity.model_choice`).

    Notes
    -----
    Columns added: ``equity`` (his mean chance to win after declaring the
    contract), ``equity_se`` (its standard error), ``equity_change``
    (``equity`` minus his chance now), ``p_game_win`` (share of deals after
    which he has won the game), ``p_equity_write_off`` (share he writes
    off).  Attrs added: ``player``, ``dealer``, ``scores``, ``barrel``,
    ``equity_now`` (the three chances now, in player order),
    ``equity_pass`` (his chance if he passes, as the equity policy reckons
    it: an opponent declares ``pass_reference[0]`` and makes it with chance
    ``pass_reference[1]``, :func:`analysis.equity.bidding.level_equity`),
    ``equity_hold_limit`` (the highest contract whose ``equity`` is at least
    ``equity_pass``: the highest bid worth holding over a pass, by that
    reckoning; None when passing beats every contract) and
    ``equity_best_contract`` (highest ``equity``; the lowest contract among
    ties), beside ``best_contract`` (highest expected score change), and
    the model that answered (:func:`analysis.equity.model_words`):
    ``equity_outcomes``, ``equity_model`` (its file's name),
    ``equity_model_games``, ``equity_model_states``.

    Raises
    ------
    BadArgument
        On rules no equity model serves, or a table state impossible under
        them.
    """
    # late: the equity model loads only when a table is given
    from ..equity import default_model, model_words, win_chances
    from ..equity.bidding import PASS_OUTCOME, declare_equity, level_equity

    model = default_model(rules) if model is None else model  # resolved once, named in the attrs
    words = model_words(model)

    eq = declare_equity(
        rules,
        table,
        player,
        contracts,
        sol["value"],
        sol["left_points"],
        sol["right_points"],
        (sol["declarer_tricks"], sol["left_tricks"], sol["right_tricks"]),
        model=model,
    )
    frame["equity"] = eq["equity"]
    frame["equity_se"] = eq["equity_se"]
    frame["equity_change"] = eq["change"]
    frame["p_game_win"] = eq["p_game_win"]
    frame["p_equity_write_off"] = eq["p_write_off"]
    passed = float(level_equity(rules, table, player, [], model=model)[0])  # the pass alone
    held = np.asarray(eq["equity"]) >= passed
    frame.attrs.update(
        {
            "player": int(player),
            "dealer": int(table.dealer),
            "scores": tuple(float(x) for x in table.scores),
            "barrel": tuple(int(x) for x in table.barrel),
            "bolts": tuple(int(x) for x in table.bolts),
            "failed_stays": tuple(int(x) for x in table.failed_stays),
            "equity_now": tuple(float(x) for x in win_chances(rules, table, model)),
            "equity_pass": passed,
            "equity_hold_limit": int(contracts[held].max()) if held.any() else None,
            "pass_reference": tuple(PASS_OUTCOME),
            "equity_best_contract": int(contracts[int(np.argmax(eq["equity"]))]),
            "equity_outcomes": words["outcomes"],
            "equity_model": words["model"],
            "equity_model_games": words["games"],
            "equity_model_states": words["states"],
        }
    )
