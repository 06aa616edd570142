"""How the benchmarks print a timing: one table row of median, 90th percentile and worst, in milliseconds."""

from __future__ import annotations

import statistics

__all__ = ["header", "row"]


def header(width: int) -> str:
    """The column titles over rows whose names take ``width`` characters."""
    return f"{'':<{width}} {'median':>10} {'p90':>10} {'worst':>10}   runs"


def row(name: str, seconds: list[float], width: int, decimals: int = 2) -> str:
    """One line of the table: the median, 90th percentile and worst of ``seconds``, in milliseconds."""
    ms = sorted(s * 1000 for s in seconds)
    figures = (statistics.median(ms), ms[min(len(ms) - 1, int(len(ms) * 0.9))], ms[-1])
    return f"{name:<{width}} " + " ".join(f"{f:7.{decimals}f} ms" for f in figures) + f"   {len(ms)}"
