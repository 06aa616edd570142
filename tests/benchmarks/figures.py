"""How every benchmark prints a timing: one table row of median, a high percentile and worst, in milliseconds."""

from __future__ import annotations

import statistics

__all__ = ["header", "row"]


def header(width: int, percentile: int = 90) -> str:
    """The column titles over rows whose names take ``width`` characters."""
    return f"{'':<{width}} {'median':>10} {f'p{percentile}':>10} {'worst':>10}   runs"


def row(name: str, seconds: list[float], width: int, decimals: int = 2, percentile: int = 90) -> str:
    """One line of the table: the median, the ``percentile``-th percentile and worst of ``seconds``, in ms."""
    ms = sorted(s * 1000 for s in seconds)
    high = ms[min(len(ms) - 1, int(len(ms) * percentile / 100))]
    figures = (statistics.median(ms), high, ms[-1])
    return f"{name:<{width}} " + " ".join(f"{f:7.{decimals}f} ms" for f in figures) + f"   {len(ms)}"
