"""The output of ``thousand odds --dark`` (double-dummy) and ``thousand odds
--dark --play pimc`` (single- beside double-dummy): the options' checks, the
table and the JSON (docs/CLI.md, "Dark play")."""

from __future__ import annotations

import json
import math

from ..errors import BadArgument
from ._common import json_value

__all__ = ["run_dark"]


def run_dark(args, rules) -> int:
    """``thousand odds --dark``: :func:`analysis.odds.dark.dark_odds`, as a table or JSON."""
    given = [
        name
        for name, v in (
            ("hand", args.hand),
            ("--widow", args.widow),
            ("--scores", args.scores),
            ("--plot", args.plot),
            ("--worlds", None if args.play == "pimc" else args.worlds),
        )
        if v is not None
    ]
    if given:
        raise BadArgument(f"--dark takes no {', '.join(given)}: the first hand goes dark unseen")
    if args.play == "pimc":
        return _run_dark_sd(args, rules)
    if args.n is not None:
        raise BadArgument("--n applies to --dark --play pimc: add --play pimc or use --samples")
    # late: the parser imports every command module; the work loads when it runs
    from ..odds import dark_odds

    t = dark_odds(rules, args.samples, args.seed)
    a = t.attrs
    if args.json:
        print(json.dumps({k: json_value(v) for k, v in a.items()}, ensure_ascii=False, indent=1))
        return 0
    stake = "240 by taking 120" if a["dark_play"] == "book" else "120, doubled"
    print(
        f"dark play, {a['dark_rules']} ({a['dark_play']}: {stake}); pool {a['dark_pool']}, "
        f"{a['dark_samples']} deals x {a['dark_gifts']} blind gifts, double-dummy\n"
        f"  P(make)               {a['dark_p_make']:.3f}  [{a['dark_p_low']:.3f}, {a['dark_p_high']:.3f}]\n"
        f"  score change dark     {a['dark_change']:+.1f}  [{a['dark_change_low']:+.1f}, "
        f"{a['dark_change_high']:+.1f}]\n"
        f"  bidding normally      {a['dark_normal_change']:+.1f}  (best contract made double-dummy)\n"
        f"  gain of going dark    {a['dark_gain']:+.1f}  [{a['dark_gain_low']:+.1f}, "
        f"{a['dark_gain_high']:+.1f}]\n"
        "Single-dummy: --play pimc plays the first --n pool deals after a blind gift."
    )
    return 0


def _run_dark_sd(args, rules) -> int:
    """``thousand odds --dark --play pimc``: :func:`analysis.odds.dark_sd_odds`, as a table or JSON."""
    if args.samples is not None:
        raise BadArgument("--dark --play pimc plays the first --n pool deals: use --n, not --samples")
    # late: the parser imports every command module; the work loads when it runs
    from ..odds import dark_sd_odds

    t = dark_sd_odds(
        rules,
        args.n,
        args.worlds,
        args.seed,
        workers=args.workers,
        scheduler=args.scheduler,
        progress=False if args.no_progress else None,
    )
    a = t.attrs
    if args.json:
        print(json.dumps({k: json_value(v) for k, v in a.items()}, ensure_ascii=False, indent=1))
        return 0
    print(_dark_sd_text(a))
    return 0


def _dark_sd_text(a) -> str:
    """The table of the single-dummy dark odds: dd and sd side by side, deals behind each figure."""
    n, k = a["dark_samples"], a["dark_sd_normal_deals"]
    stake = "240 by taking 120" if a["dark_play"] == "book" else "120, doubled"
    p, d, pts = "{:.3f}", "{:+.3f}", "{:+.1f}"
    # (label, key of the value, of its low and high end, deals behind it, format)
    rows = [
        ("P(make) dd, all 90 gifts", "dark_p_make", "dark_p_low", "dark_p_high", f"{n} x 90 gifts", p),
        ("P(make) dd, the drawn gift", "dark_sd_dd_p_make", "dark_sd_dd_p_low", "dark_sd_dd_p_high", n, p),
        ("P(make) sd, the drawn gift", "dark_sd_p_make", "dark_sd_p_low", "dark_sd_p_high", n, p),
        ("sd - dd, paired", "dark_sd_diff", "dark_sd_diff_low", "dark_sd_diff_high", n, d),
        ("score change dark, dd", "dark_change", "dark_change_low", "dark_change_high", n, pts),
        ("score change dark, sd", "dark_sd_change", "dark_sd_change_low", "dark_sd_change_high", n, pts),
        ("bidding normally, dd (best made)", "dark_normal_change", None, None, n, pts),
        ("bidding normally, sd (sd pool)", "dark_sd_normal_change", None, None, k, pts),
        ("gain of going dark, dd", "dark_gain", "dark_gain_low", "dark_gain_high", n, pts),
        ("gain of going dark, sd", "dark_sd_gain", "dark_sd_gain_low", "dark_sd_gain_high", k, pts),
    ]
    lines = [
        f"dark play, {a['dark_rules']} ({a['dark_play']}: {stake}); pool {a['dark_pool']}, the first "
        f"{n} deals; one blind gift each (seed {a['dark_sd_seed']}), single-dummy at "
        f"{a['dark_sd_worlds']} worlds" + (" (cached)" if a["dark_sd_cached"] else ""),
        f"  {'':<34}{'value':>8}  {'95% interval':<18}  distinct deals",
    ]
    for label, x, lo, hi, deals, fmt in rows:
        if deals == 0 or a[x] is None or (isinstance(a[x], float) and math.isnan(a[x])):
            lines.append(f"  {label:<34}{'n/a':>8}  {'':<18}  0 (no single-dummy pool holds these deals)")
            continue
        span = f"[{fmt.format(a[lo])}, {fmt.format(a[hi])}]" if lo else ""
        lines.append(f"  {label:<34}{fmt.format(a[x]):>8}  {span:<18}  {deals}")
    lines.append(
        "P(make) of a drawn gift: Wilson interval over deals (each deal with its random gift is one "
        "draw, so it covers the gift and the deal sample); all 90 gifts and points: normal interval "
        "over deals; sd - dd: Newcombe's paired interval on the same gifts (docs/SINGLE_DUMMY.md, "
        "section 8)."
    )
    return "\n".join(lines)
