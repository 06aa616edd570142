"""The statistics in words and a bar chart of plain characters: the page, ``foursquare stats`` and plain mode.

The figures as aligned lines, then the winning scores as bars (block
characters, or ``#`` in ASCII), or for a screen reader the scores in words.
"""

from __future__ import annotations

from foursquare.storage.stats import LOSSES, DailyRecord, Records, Stats
from foursquare.words.catalog import _
from foursquare.words.glyphs import ASCII_CHART, UNICODE_CHART
from foursquare.words.grammar import capitalized, plural
from foursquare.words.helped import ON_YOUR_OWN as ALONE
from foursquare.words.results import ending_label
from foursquare.words.text import to_terminal

__all__ = [
    "CHART_TITLE",
    "RESET_DONE",
    "RESET_KEPT",
    "RESET_UNASKED",
    "TITLE",
    "chart_title",
    "daily_line",
    "earlier_line",
    "histogram_lines",
    "records_in_words",
    "records_lines",
    "records_render_lines",
    "render_lines",
    "reset_question",
    "score_lines",
    "scores_in_words",
    "summary_lines",
]

TITLE = "Foursquare: your statistics"
CHART_TITLE = "Winning scores (cards left in the stock)"


def summary_lines(stats: Stats) -> list[str]:
    """The figures as aligned lines of text: label on the left, number on the right."""

    def show(value: float | None, digits: int = 0) -> str:
        return "-" if value is None else f"{value:.{digits}f}"

    rows = [
        ("Games played", str(stats.played), ""),
        ("Won", str(stats.won), "" if stats.win_percent is None else f"{stats.win_percent:.1f}%"),
        ("Lost", str(stats.lost), ""),
        ("Current winning streak", str(stats.current_streak), ""),
        ("Longest winning streak", str(stats.longest_streak), ""),
        ("Best score", show(stats.best_score), ""),
        ("Average winning score", show(stats.average_score, 1), ""),
    ]
    rows += [(f"  {ending_label(ending)}", str(stats.losses[ending]), "") for ending in LOSSES]
    label_width = max(len(label) for label, _, _ in rows)
    value_width = max(len(value) for _, value, _ in rows)
    lines = [f"{label:<{label_width}}  {value:>{value_width}}  {note}".rstrip() for label, value, note in rows]
    lines.insert(len(rows) - len(LOSSES), "Lost because of")
    return lines


def histogram_lines(stats: Stats, height: int = 8, ascii_only: bool = False) -> list[str]:
    """The winning scores 0 to 24 as a bar chart: one column a score, at most ``height`` rows tall.

    The bars are scaled when a count exceeds ``height``; the exact counts are
    printed under the score labels.  80 columns suffice while no score has
    been won 100 times or more.
    """
    top = max(stats.histogram)
    if top == 0:
        return [CHART_TITLE, "  no wins yet"]
    bar, side, tick, corner, rule = ASCII_CHART if ascii_only else UNICODE_CHART
    width = max(3, len(str(top)) + 1)
    rows = min(height, top)
    label = max(3, len(str(top)))
    filled = [(count * rows + top - 1) // top for count in stats.histogram]
    lines = [CHART_TITLE]
    for level in range(rows, 0, -1):
        axis = f"{top:>{label}} {tick}" if level == rows else f"{'':>{label}} {side}"
        lines.append(axis + "".join(f"{bar if n >= level else '':>{width}}" for n in filled).rstrip())
    lines.append(f"{0:>{label}} {corner}" + rule * (width * len(filled)))
    lines.append(f"{'score':>{label + 2}}" + "".join(f"{score:>{width}}" for score in range(len(filled))))
    lines.append((f"{'wins':>{label + 2}}" + "".join(f"{n or '':>{width}}" for n in stats.histogram)).rstrip())
    return lines


def score_lines(stats: Stats, ascii_only: bool = False, longest: int = 30) -> list[str]:
    """The winning scores as one line for each score won: the score, a bar at most ``longest`` long, the count.

    For a terminal too narrow for :func:`histogram_lines`' 25 columns.
    """
    top = max(stats.histogram)
    if top == 0:
        return [CHART_TITLE, "  no wins yet"]
    bar = (ASCII_CHART if ascii_only else UNICODE_CHART)[0][0]
    lines = [CHART_TITLE, "  score  wins"]
    for score, count in enumerate(stats.histogram):
        if count:
            lines.append(f"  {score:>5}  {bar * max(1, count * longest // top)} {count}")
    return lines


def render_lines(stats: Stats, height: int = 8, ascii_only: bool = False) -> list[str]:
    """The whole statistics as lines of text (no terminal control codes): ``foursquare stats``."""
    return [*summary_lines(stats), "", *histogram_lines(stats, height, ascii_only)]


def scores_in_words(stats: Stats) -> list[str]:
    """The statistics with the winning scores in words instead of a chart, for plain mode."""
    wins = [f"{score} ({plural(count, 'win')})" for score, count in enumerate(stats.histogram) if count]
    return [*summary_lines(stats), f"Winning scores: {', '.join(wins) if wins else 'none yet'}."]


def reset_question(played: int) -> str:
    """Says before the answer what is cleared and what stays: the figures of the games go, the games do not."""
    return f"Clear your statistics ({plural(played, 'game')}; the games stay)? This cannot be undone. [y/N] "


RESET_KEPT = "Statistics kept."
RESET_UNASKED = "not cleared: there is no terminal to ask for confirmation; add --yes to clear them anyway"
RESET_DONE = "Statistics cleared. Your games stay in the history (foursquare history), each now not counted."


# --- the two records ------------------------------------------------------------------

ON_YOUR_OWN = capitalized(ALONE)
ALL_GAMES = "All games"


def records_lines(records: Records) -> list[str]:
    """Both records as aligned columns, on your own first (the headline), all games beside it."""

    def show(value: float | None, digits: int = 0) -> str:
        return "-" if value is None else f"{value:.{digits}f}"

    def won(stats: Stats) -> str:
        return str(stats.won) + ("" if stats.win_percent is None else f" ({stats.win_percent:.1f}%)")

    both = (records.on_your_own, records.all_games)
    rows = [
        ("", ON_YOUR_OWN, ALL_GAMES),
        ("Games played", *(str(stats.played) for stats in both)),
        ("Won", *(won(stats) for stats in both)),
        ("Lost", *(str(stats.lost) for stats in both)),
        *((f"  {ending_label(ending)}", *(str(stats.losses[ending]) for stats in both)) for ending in LOSSES),
        ("Current winning streak", *(str(stats.current_streak) for stats in both)),
        ("Longest winning streak", *(str(stats.longest_streak) for stats in both)),
        ("Best score", *(show(stats.best_score) for stats in both)),
        ("Average winning score", *(show(stats.average_score, 1) for stats in both)),
    ]
    widths = [max(len(row[n]) for row in rows) for n in range(3)]
    return [f"{label:<{widths[0]}}  {own:>{widths[1]}}   {every:>{widths[2]}}" for label, own, every in rows]


def daily_line(daily: DailyRecord) -> str | None:
    """The daily deal's record in a line; None before the first daily deal is played."""
    if not daily.played:
        return None
    return _("Daily deals won: {won} of {played}; days in a row: {current} (longest {longest}).").format(
        won=daily.won, played=daily.played, current=daily.current_streak, longest=daily.longest_streak
    )


def _notes(records: Records) -> list[str]:
    """The lines under the records' figures: the daily deal's record, the games from before help was recorded."""
    return [line for line in (daily_line(records.daily), earlier_line(records.before_help)) if line is not None]


def earlier_line(before_help: int) -> str | None:
    """What the statistics say of the games counted before help was recorded; None when there are none."""
    if not before_help:
        return None
    verb = "counts" if before_help == 1 else "count"
    return f"{plural(before_help, 'earlier game')}, from before help was recorded, {verb} in all games only."


def chart_title(on_your_own: bool) -> str:
    """The title of a chart of winning scores: those of the games on your own, or of all games."""
    return f"Winning scores {ALONE if on_your_own else 'in all games'} (cards left in the stock)"


def records_render_lines(
    records: Records, height: int = 8, ascii_only: bool = False, width: int | None = None
) -> list[str]:
    """Both records as lines of text (no terminal control codes), each with its chart: ``foursquare stats``.

    In a terminal narrower than a chart (``width``), the winning scores a line each instead
    (:func:`score_lines`), which the terminal would otherwise break at its edge, and a sentence broken
    between words.
    """
    notes = _notes(records)
    lines = [*records_lines(records), *(to_terminal(notes, width) if notes else [])]
    for alone, stats in ((True, records.on_your_own), (False, records.all_games)):
        chart = histogram_lines(stats, height, ascii_only)[1:]
        if width is not None and max(map(len, chart)) > width:
            chart = score_lines(stats, ascii_only, longest=max(1, min(30, width - 16)))[1:]
        lines += ["", *to_terminal([chart_title(alone)], width), *chart]
    return lines


def records_in_words(records: Records, *, spoken: bool = False) -> list[str]:
    """Both records with the winning scores in words instead of charts, for plain mode; ``spoken`` (for a
    screen reader, which reads a table's columns as a run of numbers) a sentence for each record instead."""
    figures = _record_sentences(records) if spoken else records_lines(records)
    lines = [*figures, *_notes(records)]
    for alone, stats in ((True, records.on_your_own), (False, records.all_games)):
        wins = [f"{score} ({plural(count, 'win')})" for score, count in enumerate(stats.histogram) if count]
        where = ALONE if alone else "in all games"
        lines.append(f"Winning scores {where}: {', '.join(wins) if wins else 'none yet'}.")
    return lines


def _record_sentences(records: Records) -> list[str]:
    """Each record as a sentence: ``On your own: 5 games played, 3 won (60.0%), 2 lost (...); ...``."""
    lines = []
    for name, stats in ((ON_YOUR_OWN, records.on_your_own), (ALL_GAMES, records.all_games)):
        won = f"{stats.won} won" + ("" if stats.win_percent is None else f" ({stats.win_percent:.1f}%)")
        losses = ", ".join(f"{ending_label(ending)} {stats.losses[ending]}" for ending in LOSSES)
        best = "none yet" if stats.best_score is None else str(stats.best_score)
        average = "none yet" if stats.average_score is None else f"{stats.average_score:.1f}"
        lines.append(
            f"{name}: {plural(stats.played, 'game')} played, {won}, {stats.lost} lost ({losses}); "
            f"winning streak {stats.current_streak}, longest {stats.longest_streak}; "
            f"best score {best}, average winning score {average}."
        )
    return lines
