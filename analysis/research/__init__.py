"""Library behind the research notebooks (``notebooks/*.py``).

Notebooks stay thin: a query and a plot per cell.  Everything else lives
here, one concept per module, with tests in ``tests/research/``:

- :mod:`~analysis.research.notebook`: the parameters every notebook shares
  (quick mode for CI, provenance, interval half-widths, dataset paths);
- :mod:`~analysis.research.dd_pools`: the double-dummy reference pools the
  notebooks share (solved once per set of solver conventions, then reused);
- :mod:`~analysis.research.sd_pools`: the single-dummy reference pools, and
  their deals paired with the double-dummy ones;
- :mod:`~analysis.research.game_tables`: whole games simulated from the
  pools, cached, and the outcomes (double-dummy or own information) a rule
  set is played with;
- :mod:`~analysis.research.plots`: matplotlib helpers that draw
  probabilities with their confidence intervals;
- :mod:`~analysis.research.contract_odds`: success probabilities of contracts
  from a solved pool, by hand points, marriages and widow; model calibration;
- :mod:`~analysis.research.odds_tables`, :mod:`~analysis.research.hand_tables`
  and :mod:`~analysis.research.odds_plots`: the bidding-odds page's tables of
  bids made and of hands, and its plots;
- :mod:`~analysis.research.redeals`: redeal frequencies per profile and per
  threshold, Monte Carlo beside the exact value;
- :mod:`~analysis.research.bolts`: bolts under each bolt definition from
  double-dummy solutions;
- :mod:`~analysis.research.survival`: barrel stays from a games dataset and
  their competing endings (Aalen–Johansen);
- :mod:`~analysis.research.barrel_rules`: what the rules allow a barrel
  stay (which endings, how many deals), so the page prints it unestimated;
- :mod:`~analysis.research.barrel_tables`: the barrel page's tables (how
  stays end, S(t), wins, a table of four, both ways) and its index rows;
- :mod:`~analysis.research.paired`: paired (common random numbers)
  comparisons of two conventions;
- :mod:`~analysis.research.positions`: win shares by position and a
  table's game figures, at three or four players;
- :mod:`~analysis.research.optimism` and :mod:`~analysis.research.sd_play`:
  double- against single-dummy outcomes of the same deals, and the
  single-dummy play of pool rows (shown, played again with other worlds);
- :mod:`~analysis.research.conventions`: every convention field of a
  profile set to the other profiles' values, compared on paired games with
  :func:`analysis.comparison.compare` (the conventions page);
- :mod:`~analysis.research.dark_golden`: what the dark-play and golden-round
  page's odds and games rest on (profiles with one figure, distinct deals,
  shares of games with their exact intervals);
- :mod:`~analysis.research.dark_tables`: the dark-play and golden-round
  page's tables (dark odds, dark play in paired games, golden rule sets);
- :mod:`~analysis.research.equity_tables`: the score-and-bid page's tables
  (the two policies' limits, the paired gains' verdicts, the bold control);
- :mod:`~analysis.research.twoways`: whole games double-dummy against own
  information on the same deals, each figure both ways and the paired
  difference (the index's double-dummy optimism row).
- :mod:`~analysis.research.headline_rows`: the index rows of the pages that
  read shipped paired games (score and bid) and per-deal dark odds.
"""

# The notebooks import the module of each concept (``from analysis.research
# import dd_pools, plots``): the modules are the surface; each one's ``__all__``
# is what the notebooks and the report call.
__all__ = [
    "notebook",
    "dd_pools",
    "sd_pools",
    "game_tables",
    "plots",
    "contract_odds",
    "odds_tables",
    "hand_tables",
    "odds_plots",
    "redeals",
    "bolts",
    "survival",
    "barrel_rules",
    "barrel_tables",
    "paired",
    "positions",
    "optimism",
    "sd_play",
    "uncertainty",
    "conventions",
    "bidding",
    "headline",
    "headline_rows",
    "twoways",
    "dark_golden",
    "dark_tables",
    "equity_tables",
]
