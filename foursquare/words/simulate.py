"""What ``foursquare simulate`` prints: its report, its progress bar and its lines of trouble.

The report is read by people comparing strategies and budgets, so each
figure says what it is and how it was counted; the same figures, unworded,
are the JSON object of :mod:`foursquare.commands.simulate`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from foursquare.engine import LossReason
from foursquare.words.catalog import N_, _, ngettext, pgettext
from foursquare.words.grammar import Template
from foursquare.words.results import loss_words

__all__ = ["SimulateSaid", "duration", "interrupted", "progress", "report"]

_BAR = 24
"""Characters of the progress bar."""
_SCORE_BAR = 30
"""Characters of the longest bar of the winning scores."""


class SimulateSaid(Template):
    """The command's own lines of trouble, after ``foursquare simulate:``."""

    PAST_LAST_DEAL = N_("error: the last deal would be past {last}")
    DETAIL_ALONE = N_("error: --detail only goes with --json (it adds every deal to the JSON report)")
    WORKER_ENDED = N_(
        "error: a simulation process ended before its deals were played (it was stopped, or ran out of memory), "
        "so there is no report"
    )


def interrupted(finished: int) -> str:
    """What is said when Ctrl-C stopped the simulation: the report covers the games finished by then."""
    said = ngettext(
        "interrupted: the report covers the {count} game finished",
        "interrupted: the report covers the {count} games finished",
        finished,
    )
    return said.format(count=finished)


def report(summary: dict[str, Any]) -> list[str]:
    """The report of a summary (:func:`foursquare.commands.simulate.summarise`), line by line."""
    games, wins = summary["games"], summary["wins"]
    lo, hi = summary["win_rate_ci95"]
    played = ngettext(
        "{strategy} on deals {first}–{last}: {games} game", "{strategy} on deals {first}–{last}: {games} games", games
    )
    lines = [
        played.format(
            strategy=summary["strategy"], first=summary["first_deal"], last=summary["last_deal"], games=games
        ),
        _("wins          {wins} of {games}: {rate:.1%} ({level:.0%} confidence {low:.1%} to {high:.1%})").format(
            wins=wins, games=games, rate=summary["win_rate"], level=0.95, low=lo, high=hi
        ),
        _("expected score {score:.2f} (a loss scores 0)").format(score=summary["expected_score"]),
    ]
    if wins:
        lines.append(_("winning score average {score:.2f}").format(score=summary["average_winning_score"]))
        peak = max(summary["winning_scores"].values())
        # Translators: "score" and "games" head two columns of figures: at most 5 and 6 columns
        score_head, games_head = _("score"), pgettext("a column of figures", "games")
        # Translators: the heading of the table of winning scores, its caption after the heads of its two columns
        # ({score} and {games}, the messages "score" and "games", each right-aligned over its column of figures)
        lines.append(_("  {score:>5} {games:>6}  (winning scores)").format(score=score_head, games=games_head))
        for score, n in summary["winning_scores"].items():
            lines.append(f"  {score:>5} {n:>6}  {'#' * max(1, round(_SCORE_BAR * n / peak))}")
    lines.append(_("losses"))
    reasons = [loss_words(reason) for reason in LossReason]
    width = max(48, *map(len, reasons))
    lines += [
        f"  {said:<{width}} {summary['losses'][reason.value]:>6}"
        for said, reason in zip(reasons, LossReason, strict=True)
    ]
    if summary["calibration"] is not None:
        lines += _calibration(summary)
    if summary["score_calibration"] is not None:
        lines += _score_calibration(summary["score_calibration"])
    for said, key in (
        (
            _(
                "time per placement  mean {mean:.2f} ms, median {median:.2f} ms, worst {worst:.2f} ms "
                "({placements} placements)"
            ),
            "seconds_per_placement",
        ),
        (
            _(
                "processor time      mean {mean:.2f} ms, median {median:.2f} ms, worst {worst:.2f} ms "
                "({placements} placements)"
            ),
            "cpu_seconds_per_placement",
        ),
    ):
        timing = summary[key]
        lines.append(
            said.format(
                mean=timing["mean"] * 1000,
                median=timing["median"] * 1000,
                worst=timing["worst"] * 1000,
                placements=summary["placements"],
            )
        )
    jobs = summary["jobs"]
    rate = ngettext(
        "games per second    {rate:.2f} ({jobs} process, {seconds:.1f} s)",
        "games per second    {rate:.2f} ({jobs} processes, {seconds:.1f} s)",
        jobs,
    )
    lines.append(rate.format(rate=summary["games_per_second"], jobs=jobs, seconds=summary["seconds"]))
    return lines


def _calibration(summary: dict[str, Any]) -> list[str]:
    """How well the win chance the expert said matched the games won."""
    table = summary["calibration"]
    first = _("chance said at the first placement {chance:.1%} on average ({rate:.1%} won)").format(
        chance=summary["mean_first_chance"], rate=summary["win_rate"]
    )
    title = _("calibration (Brier score {brier:.4f}):").format(brier=table["brier"])
    span, heads = _("{low:.0%} to {high:>4.0%}"), (_("chance said"), _("mean said"), _("won"))
    return _calibration_table(table, (first, title), span, heads, (("predicted", "observed"), "{:.1%}"))


def _score_calibration(table: dict[str, Any]) -> list[str]:
    """How well the expected score the expert said matched the scores reached."""
    said = table["first_placement"]
    first = _("expected score said at the first placement {said:.2f} on average ({reached:.2f} reached)").format(
        said=said["said"], reached=said["reached"]
    )
    span, heads = _("{low:.0f} to {high:>2.0f}"), (_("score said"), _("mean said"), _("reached"))
    return _calibration_table(
        table, (first, _("expected-score calibration:")), span, heads, (("said", "reached"), "{:.2f}")
    )


def _calibration_table(
    table: dict[str, Any],
    said: tuple[str, str],
    span: str,
    heads: tuple[str, str, str],
    figures: tuple[tuple[str, str], str],
) -> list[str]:
    """A calibration: ``said`` (what was said at the first placement, and the table's title), then the table of
    ``table``'s buckets under ``heads`` (the span's, then the two figures'), each bucket's span written by
    ``span`` and its two figures (their names, and how they are written) by ``figures``."""
    names, form = figures
    rows = _rows(table["buckets"], span, names, form)
    return [*said, *_columns((heads[0], _("placements"), *heads[1:]), rows)]


def _rows(buckets: Sequence[dict[str, Any]], span: str, figures: tuple[str, str], form: str) -> list[tuple[str, ...]]:
    """A calibration table's rows: each bucket that has placements, as its span (``span`` filled with its
    ``low`` and ``high``), its placements and its two ``figures`` written in ``form``."""
    return [
        (span.format(low=b["low"], high=b["high"]), f"{b['placements']}", *(form.format(b[name]) for name in figures))
        for b in buckets
        if b["placements"]
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
    bar = f"[{'#' * filled}{'.' * (_BAR - filled)}]"
    said = _("{bar} {done}/{total} games, won {rate}, {left} left")
    return said.format(bar=bar, done=done, total=total, rate=rate, left=duration(left_seconds))


def duration(seconds: float) -> str:
    """``42 s``, ``7 min``, ``3 h``: an estimate, so rounded the way people say it."""
    if seconds < 90:
        return _("{count:.0f} s").format(count=seconds)
    if seconds < 90 * 60:
        return _("{count:.0f} min").format(count=seconds / 60)
    return _("{count:.0f} h").format(count=seconds / 3600)
