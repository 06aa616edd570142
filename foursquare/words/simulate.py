"""What ``foursquare simulate`` prints: its report, its progress bar and its two lines of trouble.

The report is read by people comparing strategies and budgets, so each
figure says what it is and how it was counted; the same figures, unworded,
are the JSON object of :mod:`foursquare.commands.simulate`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from foursquare.engine import LossReason
from foursquare.words.grammar import Template, plural
from foursquare.words.results import loss_words

__all__ = ["SimulateSaid", "duration", "progress", "report"]

_BAR = 24
"""Characters of the progress bar."""
_SCORE_BAR = 30
"""Characters of the longest bar of the winning scores."""


class SimulateSaid(Template):
    """The command's own lines of trouble, after ``foursquare simulate:``."""

    PAST_LAST_DEAL = "error: the last deal would be past {last}"
    DETAIL_ALONE = "error: --detail only goes with --json (it adds every deal to the JSON report)"
    INTERRUPTED = "interrupted: the report covers the {games} finished"


def report(summary: dict[str, Any]) -> list[str]:
    """The report of a summary (:func:`foursquare.commands.simulate.summarise`), line by line."""
    games, wins = summary["games"], summary["wins"]
    lo, hi = summary["win_rate_ci95"]
    lines = [
        f"{summary['strategy']} on deals {summary['first_deal']}–{summary['last_deal']}: {games} games",
        f"wins          {wins} of {games}: {summary['win_rate']:.1%} (95% confidence {lo:.1%} to {hi:.1%})",
        f"expected score {summary['expected_score']:.2f} (a loss scores 0)",
    ]
    if wins:
        lines.append(f"winning score average {summary['average_winning_score']:.2f}")
        peak = max(summary["winning_scores"].values())
        lines.append(f"  {'score':>5} {'games':>6}  (winning scores)")
        for score, n in summary["winning_scores"].items():
            lines.append(f"  {score:>5} {n:>6}  {'#' * max(1, round(_SCORE_BAR * n / peak))}")
    lines.append("losses")
    lines += [f"  {loss_words(reason):<48} {summary['losses'][reason.value]:>6}" for reason in LossReason]
    if summary["calibration"] is not None:
        lines += _calibration(summary)
    if summary["score_calibration"] is not None:
        lines += _score_calibration(summary["score_calibration"])
    for label, key in (
        ("time per placement ", "seconds_per_placement"),
        ("processor time     ", "cpu_seconds_per_placement"),
    ):
        timing = summary[key]
        lines.append(
            f"{label} mean {timing['mean'] * 1000:.2f} ms, median {timing['median'] * 1000:.2f} ms,"
            f" worst {timing['worst'] * 1000:.2f} ms ({summary['placements']} placements)"
        )
    processes = plural(summary["jobs"], "process", "processes")
    lines.append(f"games per second    {summary['games_per_second']:.2f} ({processes}, {summary['seconds']:.1f} s)")
    return lines


def _calibration(summary: dict[str, Any]) -> list[str]:
    table = summary["calibration"]
    rows = [
        (f"{b['low']:.0%} to {b['high']:>4.0%}", f"{b['placements']}", f"{b['predicted']:.1%}", f"{b['observed']:.1%}")
        for b in table["buckets"]
        if b["placements"]
    ]
    return [
        f"chance said at the first placement {summary['mean_first_chance']:.1%} on average"
        f" ({summary['win_rate']:.1%} won)",
        f"calibration (Brier score {table['brier']:.4f}):",
        *_columns(("chance said", "placements", "mean said", "won"), rows),
    ]


def _score_calibration(table: dict[str, Any]) -> list[str]:
    first = table["first_placement"]
    rows = [
        (f"{b['low']:.0f} to {b['high']:>2.0f}", f"{b['placements']}", f"{b['said']:.2f}", f"{b['reached']:.2f}")
        for b in table["buckets"]
        if b["placements"]
    ]
    return [
        f"expected score said at the first placement {first['said']:.2f} on average ({first['reached']:.2f} reached)",
        "expected-score calibration:",
        *_columns(("score said", "placements", "mean said", "reached"), rows),
    ]


def _columns(heads: tuple[str, ...], rows: Sequence[tuple[str, ...]]) -> list[str]:
    """A table under its heads, every column as wide as its widest entry and right-aligned, so that each
    figure stands under its head."""
    widths = [max(len(entry) for entry in column) for column in zip(heads, *rows, strict=True)]
    return [
        "  " + "  ".join(entry.rjust(width) for entry, width in zip(row, widths, strict=True)) for row in [heads, *rows]
    ]


def progress(done: int, total: int, wins: int, left_seconds: float) -> str:
    """The progress line: a bar, the games done, the win rate so far and the time left."""
    filled = _BAR * done // total
    rate = f"{wins / done:.1%}" if done else "-"
    return f"[{'#' * filled}{'.' * (_BAR - filled)}] {done}/{total} games, won {rate}, {duration(left_seconds)} left"


def duration(seconds: float) -> str:
    """``42 s``, ``7 min``, ``3 h``: an estimate, so rounded the way people say it."""
    if seconds < 90:
        return f"{seconds:.0f} s"
    if seconds < 90 * 60:
        return f"{seconds / 60:.0f} min"
    return f"{seconds / 3600:.0f} h"
