"""Matplotlib helpers: probabilities drawn with their confidence intervals.

Every helper takes the ``Axes`` to draw on and returns it, so a notebook
cell stays one call plus a title.  Probabilities are shown in percent.

:func:`use_style` also makes every figure a notebook shows readable by
itself: lines that coincide in one panel (two profiles that share a pool)
are named so in the legend (:func:`mark_identical`), and the image carries
a description, its alt text, written from the figure's titles, axes and
legend (:func:`describe`).
"""

from __future__ import annotations

import base64
import io

import numpy as np
from matplotlib.ticker import MaxNLocator

__all__ = [
    "use_style",
    "interval_dots",
    "interval_lines",
    "interval_points",
    "step_curve",
    "survival_steps",
    "figure_legend",
    "mark_identical",
    "describe",
]


def use_style() -> None:
    """Legible defaults for report figures (font sizes, grid, figure size)."""
    # matplotlib is heavy: loaded only to draw
    import matplotlib as mpl

    mpl.rcParams.update(
        {
            "figure.figsize": (8.0, 4.5),
            "figure.dpi": 100,
            "savefig.dpi": 120,
            "font.size": 11,
            "axes.titlesize": 12,
            "axes.labelsize": 11,
            "legend.fontsize": 10,
            "axes.grid": True,
            "grid.alpha": 0.3,
            "axes.spines.top": False,
            "axes.spines.right": False,
            "figure.constrained_layout.use": True,
        }
    )
    _show_with_description()


def _show_with_description() -> None:
    """In an IPython kernel, draw figures as PNG with identical lines named and alt text."""
    try:
        # IPython is there only in a notebook's kernel: looked up only then
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython ships with the notebooks' extra
        return
    shell = get_ipython()
    if shell is None:
        return
    # load the backend first: the inline backend sets its own PNG formatter
    # when its first figure is made, which would replace this one
    import matplotlib.pyplot as plt
    from matplotlib.figure import Figure

    plt.close(plt.figure())
    fmt = shell.display_formatter.formatters["image/png"]
    fmt.for_type(Figure, _png_with_alt)


def _png_with_alt(fig):
    """``(base64 PNG, {"alt": ...})`` of a figure, identical lines marked first."""
    mark_identical(fig)
    buf = io.BytesIO()
    fig.canvas.print_figure(buf, format="png", bbox_inches="tight")
    return base64.b64encode(buf.getvalue()).decode("ascii"), {"alt": describe(fig)}


def _user_lines(ax):
    return [ln for ln in ax.get_lines() if ln.get_label() and not ln.get_label().startswith("_")]


def mark_identical(fig) -> list[tuple[str, str]]:
    """Name, in the legends, the lines of one panel drawn exactly over each other.

    Two profiles that read one pool give the same curve; the later line
    hides the earlier one and a reader looking for both sees one.  Each
    hidden line's legend entry becomes ``"club (identical to classic, hidden
    under it)"``.  Calling it twice changes nothing more.

    Parameters
    ----------
    fig : matplotlib.figure.Figure

    Returns
    -------
    list of (str, str)
        ``(hidden, shown)`` labels of every pair found.
    """
    pairs = []
    for ax in fig.axes:
        lines = _user_lines(ax)
        for i, a in enumerate(lines):
            for b in lines[i + 1 :]:
                xa, ya = (np.asarray(v, dtype=np.float64) for v in a.get_data())
                xb, yb = (np.asarray(v, dtype=np.float64) for v in b.get_data())
                if xa.shape == xb.shape and ya.shape == yb.shape and np.array_equal(xa, xb, equal_nan=True):
                    if np.array_equal(ya, yb, equal_nan=True):
                        pairs.append((a, b))
    found = []
    for a, b in pairs:
        la, lb = a.get_label(), b.get_label()
        base = la.split(" (identical to ")[0]
        new = f"{base} (identical to {lb}, hidden under it)"
        a.set_label(new)
        legends = [ax.get_legend() for ax in fig.axes] + list(fig.legends)
        for leg in legends:
            if leg is None:
                continue
            for t in leg.get_texts():
                if t.get_text() == la:
                    t.set_text(new)
        found.append((base, lb))
    return found


def describe(fig) -> str:
    """A description of a figure for its alt text: titles, axes, what is drawn.

    Parameters
    ----------
    fig : matplotlib.figure.Figure

    Returns
    -------
    str
        ``"Figure: <title>. Panel <title>: <y> against <x>; lines: a, b."``,
        one sentence per panel; the legend's labels (with their
        :func:`mark_identical` notes) name what is drawn.
    """
    parts = []
    sup = fig.get_suptitle()
    if sup:
        parts.append(f"Figure: {sup}.")
    fig_labels = [t.get_text() for leg in fig.legends for t in leg.get_texts()]
    for ax in fig.axes:
        if not ax.get_visible() or (not ax.has_data() and not ax.get_title()):
            continue
        title = ax.get_title() or "chart"
        x, y = ax.get_xlabel(), ax.get_ylabel()
        axes = f"{y or 'values'} against {x}" if x else (y or "")
        leg = ax.get_legend()
        labels = [t.get_text() for t in leg.get_texts()] if leg is not None else []
        ticks = [t.get_text() for t in ax.get_yticklabels() if t.get_text()] if not labels else []
        what = f"; series: {', '.join(labels)}" if labels else ""
        if ticks and not any(c.isdigit() for c in "".join(ticks)):
            what += f"; rows: {', '.join(ticks)}"
        parts.append(f"Panel {title}: {axes}{what}.".replace(": .", "."))
    if fig_labels:
        parts.append(f"Legend: {', '.join(fig_labels)}.")
    return " ".join(parts) or "A chart."


def _pct(*arrays):
    return [100.0 * np.asarray(a, dtype=np.float64) for a in arrays]


def _series(x, p, low, high, percent: bool):
    """``x`` and the estimates with their interval ends as float arrays (in % when ``percent``).

    Raises
    ------
    ValueError
        If the arrays differ in length.
    """
    x = np.asarray(x)
    if percent:
        p, low, high = _pct(p, low, high)
    else:
        p, low, high = (np.asarray(a, dtype=np.float64) for a in (p, low, high))
    if not (x.shape == p.shape == low.shape == high.shape):
        raise ValueError("x, p, low and high must have the same length")
    return x, p, low, high


def _whiskers(p, low, high):
    """Error-bar lengths below and above each estimate, shape (2, k), never negative."""
    return np.vstack([np.maximum(p - low, 0), np.maximum(high - p, 0)])


def interval_dots(
    ax,
    labels,
    p,
    low,
    high,
    *,
    exact=None,
    label="Monte Carlo, 95 % CI",
    xlabel="probability per deal (%)",
    log=False,
    color="C0",
    percent=True,
):
    """Horizontal dot-and-whisker chart of probabilities (or rates) with intervals.

    The linear axis starts at 0, so that the dots' distances from the axis
    compare as the figures do (a share or a rate read from a cut axis looks
    larger than it is).

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    labels : sequence of str
        One per row, drawn top to bottom.
    p, low, high : array-like of float, shape (k,)
        Estimates and interval ends, non-negative: probabilities 0–1 drawn
        in percent, or, with ``percent=False``, figures drawn as given
        (bolts per 100 deals).
    exact : array-like of float, shape (k,), optional
        Exact values, drawn as open diamonds (in the unit of ``p``).
    log : bool
        Logarithmic percent axis (for rare events; zeros are not drawn).
    percent : bool
        Draw ``p`` and its interval times 100.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    ValueError
        If the arrays do not all have one value per label.
    """
    k = len(labels)
    scale = _pct if percent else (lambda *a: [np.asarray(x, dtype=np.float64) for x in a])
    p, low, high = scale(p, low, high)
    if not (p.shape == low.shape == high.shape == (k,)):
        raise ValueError("p, low and high need one value per label")
    y = np.arange(k)[::-1]
    err = _whiskers(p, low, high)
    ax.errorbar(p, y, xerr=err, fmt="o", color=color, capsize=4, label=label)
    if exact is not None:
        (ex,) = scale(exact)
        if ex.shape != (k,):
            raise ValueError("exact needs one value per label")
        ax.plot(ex, y, "D", mfc="none", mec="k", ms=8, label="exact")
    ax.set_yticks(y, labels)
    ax.set_xlabel(xlabel)
    if log:
        # matplotlib is heavy: loaded only to draw
        from matplotlib.ticker import FuncFormatter, LogLocator, NullFormatter

        ax.set_xscale("log")
        # labels on 1, 2, 5 × 10^k only: minor labels (0.9 beside 1) overlapped
        ax.xaxis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 5.0)))
        ax.xaxis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:g}"))
        ax.xaxis.set_minor_formatter(NullFormatter())
    else:
        ax.set_xlim(left=0)
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), frameon=False)
    return ax


def interval_lines(
    ax,
    x,
    p,
    low,
    high,
    *,
    label=None,
    xlabel="",
    ylabel="probability (%)",
    color=None,
    marker="o",
    percent=True,
):
    """A line of estimates over ``x`` with a shaded 95 % band.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    x : array-like, shape (k,)
    p, low, high : array-like of float, shape (k,)
        Estimates and band ends (probabilities 0–1 drawn in percent when
        ``percent``; otherwise drawn as given).

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    ValueError
        If the arrays differ in length.
    """
    x, p, low, high = _series(x, p, low, high, percent)
    (line,) = ax.plot(x, p, marker=marker, label=label, color=color)
    ax.fill_between(x, low, high, color=line.get_color(), alpha=0.2, linewidth=0)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    return ax


def interval_points(
    ax,
    x,
    p,
    low,
    high,
    *,
    shift=0.0,
    label=None,
    xlabel="",
    ylabel="probability (%)",
    color=None,
    marker="o",
    percent=True,
):
    """Estimates at separate settings ``x``, each a dot with its 95 % whiskers, not joined.

    For a figure defined only at whole settings (a threshold in whole card
    points, a contract): a line between them would draw values for
    settings that do not exist.  ``shift`` moves one series sideways so
    that several series at the same ``x`` stay visible.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    x : array-like of float, shape (k,)
    p, low, high : array-like of float, shape (k,)
        Estimates and interval ends (probabilities 0–1 drawn in percent
        when ``percent``; otherwise drawn as given).
    shift : float
        Sideways offset of this series, in units of ``x``.

    Returns
    -------
    matplotlib.axes.Axes

    Raises
    ------
    ValueError
        If the arrays differ in length.
    """
    x, p, low, high = _series(np.asarray(x, dtype=np.float64), p, low, high, percent)
    err = _whiskers(p, low, high)
    ax.errorbar(x + shift, p, yerr=err, fmt=marker, linestyle="none", capsize=3, label=label, color=color)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    return ax


def step_curve(
    ax,
    t,
    p,
    low,
    high,
    *,
    start=0.0,
    end=None,
    label=None,
    color=None,
    linestyle="-",
    band_alpha=0.15,
    xlabel="deals on the barrel",
    ylabel="probability (%)",
):
    """A step function of whole deals (it changes only at a deal) with its 95 % band.

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    t : array-like of int, shape (k,)
        The deals after which the value holds, increasing.
    p, low, high : array-like of float, shape (k,)
        The value after each deal and its band (0–1, drawn in %).  Where
        ``t`` starts at deal 0, its first value and band are drawn there as
        given (a curve that starts exactly at ``start`` has a band of no
        width there: :func:`analysis.research.survival.competing_table`
        with the rules).
    start : float
        The value before the first deal (0 for a cumulative incidence, 1
        for a survival curve), drawn from deal 0 when ``t`` starts later.
    end : float, optional
        The deal up to which the last value is drawn (default one deal past
        the last of ``t``), so that the last step has its level and not
        only its rise.

    Returns
    -------
    matplotlib.axes.Axes
        With integer ticks only on the deals axis.
    """
    t = np.asarray(t, dtype=np.float64)
    p, low, high = (np.asarray(a, dtype=np.float64) for a in (p, low, high))
    if not len(t) or t[0] > 0:  # the curve's start, before the first deal given
        t = np.concatenate([[0.0], t])
        p, low, high = (np.concatenate([[start], a]) for a in (p, low, high))
    t = np.concatenate([t, [t[-1] + 1.0 if end is None else max(float(end), t[-1])]])
    p, low, high = (np.concatenate([a, a[-1:]]) for a in (p, low, high))
    p, low, high = _pct(p, low, high)
    (line,) = ax.step(t, p, where="post", label=label, color=color, linestyle=linestyle, linewidth=1.8)
    ax.fill_between(t, low, high, step="post", color=line.get_color(), alpha=band_alpha, linewidth=0)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    ax.xaxis.set_major_locator(MaxNLocator(integer=True))
    return ax


def survival_steps(
    ax,
    t,
    s,
    low,
    high,
    *,
    label=None,
    color=None,
    linestyle="-",
    band_alpha=0.15,
    end=None,
    xlabel="deals on the barrel",
    ylabel="still on the barrel (%)",
):
    """A survival step curve with its pointwise 95 % band (:func:`step_curve` from 1).

    Parameters
    ----------
    ax : matplotlib.axes.Axes
    t : array-like, shape (k,)
        Times of the steps (deals), increasing.
    s, low, high : array-like of float, shape (k,)
        Survival probability after each time and its band (0–1, drawn in %).
    end : float, optional
        The deal up to which the last value is drawn (:func:`step_curve`).

    Returns
    -------
    matplotlib.axes.Axes
    """
    step_curve(
        ax,
        t,
        s,
        low,
        high,
        start=1.0,
        end=end,
        label=label,
        color=color,
        linestyle=linestyle,
        band_alpha=band_alpha,
        xlabel=xlabel,
        ylabel=ylabel,
    )
    ax.set_ylim(0, 102)
    return ax


def figure_legend(fig, **kw):
    """One legend for every panel of ``fig``: each label once, from whichever panel drew it.

    Returns
    -------
    matplotlib.legend.Legend
    """
    seen = {}
    for ax in fig.axes:
        for h, lab in zip(*ax.get_legend_handles_labels()):
            seen.setdefault(lab, h)
    return fig.legend(list(seen.values()), list(seen), **kw)
