"""The statistics in words and a bar chart of plain characters: the page, ``foursquare stats`` and plain mode.

The figures as aligned lines, then the winning scores as bars (block
characters, or ``#`` in ASCII), or for a screen reader the scores in words.
"""

from __future__ import annotations

from foursquare.storage.stats import LOSSES, DailyRecord, Records, Stats
from foursquare.words.catalog import N_, _, ngettext, pgettext
from foursquare.words.glyphs import ASCII_CHART, UNICODE_CHART
from foursquare.words.grammar import counted_list
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

TITLE = N_("Foursquare: your statistics")
"""The statistics page's title (said through ``_``)."""
CHART_TITLE = N_("Winning scores (cards left in the stock)")
"""The chart's title where there is one record (said through ``_``)."""


def summary_lines(stats: Stats) -> list[str]:
    """The figures as aligned lines of text: label on the left, number on the right."""

    def show(value: float | None, digits: int = 0) -> str:
        return "-" if value is None else f"{value:.{digits}f}"

    rows = [
        (_("Games played"), str(stats.played), ""),
        (_("Won"), str(stats.won), "" if stats.win_percent is None else f"{stats.win_percent:.1f}%"),
        (_("Lost"), str(stats.lost), ""),
        (_("Current winning streak"), str(stats.current_streak), ""),
        (_("Longest winning streak"), str(stats.longest_streak), ""),
        (_("Best score"), show(stats.best_score), ""),
        (_("Average winning score"), show(stats.average_score, 1), ""),
    ]
    rows += [(f"  {ending_label(ending)}", str(stats.losses[ending]), "") for ending in LOSSES]
    label_width = max(len(label) for label, _value, _note in rows)
    value_width = max(len(value) for _label, value, _note in rows)
    lines = [f"{label:<{label_width}}  {value:>{value_width}}  {note}".rstrip() for label, value, note in rows]
    lines.insert(len(rows) - len(LOSSES), _("Lost because of"))
    return lines


def histogram_lines(stats: Stats, height: int = 8, ascii_only: bool = False) -> list[str]:
    """The winning scores 0 to 24 as a bar chart: one column a score, at most ``height`` rows tall.

    The bars are scaled when a count exceeds ``height``; the exact counts are
    printed under the score labels.  80 columns suffice while no score has
    been won 100 times or more.
    """
    top = max(stats.histogram)
    if top == 0:
        return [_(CHART_TITLE), "  " + _("no wins yet")]
    bar, side, tick, corner, rule = ASCII_CHART if ascii_only else UNICODE_CHART
    width = max(3, len(str(top)) + 1)
    rows = min(height, top)
    label = max(3, len(str(top)))
    filled = [(count * rows + top - 1) // top for count in stats.histogram]
    lines = [_(CHART_TITLE)]
    for level in range(rows, 0, -1):
        axis = f"{top:>{label}} {tick}" if level == rows else f"{'':>{label}} {side}"
        lines.append(axis + "".join(f"{bar if n >= level else '':>{width}}" for n in filled).rstrip())
    lines.append(f"{0:>{label}} {corner}" + rule * (width * len(filled)))
    # Translators: at most 5 columns, beside the chart's axis
    score, wins = _("score"), _("wins")
    lines.append(f"{score:>{label + 2}}" + "".join(f"{score:>{width}}" for score in range(len(filled))))
    lines.append((f"{wins:>{label + 2}}" + "".join(f"{n or '':>{width}}" for n in stats.histogram)).rstrip())
    return lines


def score_lines(stats: Stats, ascii_only: bool = False, longest: int = 30) -> list[str]:
    """The winning scores as one line for each score won: the score, a bar at most ``longest`` long, the count.

    For a terminal too narrow for :func:`histogram_lines`' 25 columns.
    """
    top = max(stats.histogram)
    if top == 0:
        return [_(CHART_TITLE), "  " + _("no wins yet")]
    bar = (ASCII_CHART if ascii_only else UNICODE_CHART)[0][0]
    head, wins = _("score"), _("wins")
    column = max(5, len(head))
    lines = [_(CHART_TITLE), f"  {head:>{column}}  {wins}"]
    for score, count in enumerate(stats.histogram):
        if count:
            lines.append(f"  {score:>{column}}  {bar * max(1, count * longest // top)} {count}")
    return lines


def render_lines(stats: Stats, height: int = 8, ascii_only: bool = False) -> list[str]:
    """The whole statistics as lines of text (no terminal control codes): ``foursquare stats``."""
    return [*summary_lines(stats), "", *histogram_lines(stats, height, ascii_only)]


def scores_in_words(stats: Stats) -> list[str]:
    """The statistics with the winning scores in words instead of a chart, for plain mode."""
    wins = _wins(stats)
    if not wins:
        return [*summary_lines(stats), _("Winning scores: none yet.")]
    return [*summary_lines(stats), _("Winning scores: {wins}.").format(wins=wins)]


def _wins(stats: Stats) -> str:
    """``7 (2 wins), 12 (1 win)``: each winning score with how often it was won; empty for none."""
    return counted_list(
        [
            ngettext("{score} ({count} win)", "{score} ({count} wins)", count).format(score=score, count=count)
            for score, count in enumerate(stats.histogram)
            if count
        ]
    )


def reset_question(played: int) -> str:
    """Says before the answer what is cleared and what stays: the figures of the games go, the games do not."""
    said = ngettext(
        "Clear your statistics ({count} game; the games stay)? This cannot be undone. [y/N] ",
        "Clear your statistics ({count} games; the games stay)? This cannot be undone. [y/N] ",
        played,
    )
    return said.format(count=played)


RESET_KEPT = N_("Statistics kept.")
RESET_UNASKED = N_("not cleared: there is no terminal to ask for confirmation; add --yes to clear them anyway")
RESET_DONE = N_("Statistics cleared. Your games stay in the history (foursquare history), each now not counted.")
"""What ``foursquare stats --reset`` says (each said through ``_``)."""


# --- the two records ------------------------------------------------------------------

ON_YOUR_OWN = N_("On your own")
ALL_GAMES = N_("All games")
"""The two records' names, as headings (said through ``_``)."""


def records_lines(records: Records) -> list[str]:
    """Both records as aligned columns, on your own first (the headline), all games beside it."""

    def show(value: float | None, digits: int = 0) -> str:
        return "-" if value is None else f"{value:.{digits}f}"

    def won(stats: Stats) -> str:
        return str(stats.won) + ("" if stats.win_percent is None else f" ({stats.win_percent:.1f}%)")

    both = (records.on_your_own, records.all_games)
    rows = [
        ("", _(ON_YOUR_OWN), _(ALL_GAMES)),
        (_("Games played"), *(str(stats.played) for stats in both)),
        (_("Won"), *(won(stats) for stats in both)),
        (_("Lost"), *(str(stats.lost) for stats in both)),
        *((f"  {ending_label(ending)}", *(str(stats.losses[ending]) for stats in both)) for ending in LOSSES),
        (_("Current winning streak"), *(str(stats.current_streak) for stats in both)),
        (_("Longest winning streak"), *(str(stats.longest_streak) for stats in both)),
        (_("Best score"), *(show(stats.best_score) for stats in both)),
        (_("Average winning score"), *(show(stats.average_score, 1) for stats in both)),
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
    said = ngettext(
        "{count} earlier game, from before help was recorded, counts in all games only.",
        "{count} earlier games, from before help was recorded, count in all games only.",
        before_help,
    )
    return said.format(count=before_help)


def chart_title(on_your_own: bool) -> str:
    """The title of a chart of winning scores: those of the games on your own, or of all games."""
    if on_your_own:
        return _("Winning scores on your own (cards left in the stock)")
    return _("Winning scores in all games (cards left in the stock)")


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
        wins = _wins(stats)
        if alone:
            said = _("Winning scores on your own: {wins}.") if wins else _("Winning scores on your own: none yet.")
        else:
            said = _("Winning scores in all games: {wins}.") if wins else _("Winning scores in all games: none yet.")
        lines.append(said.format(wins=wins))
    return lines


def _record_sentences(records: Records) -> list[str]:
    """Each record as a sentence: ``On your own: 5 games played, 3 won (60.0%), 2 lost (...); ...``."""
    lines = []
    for name, stats in ((ON_YOUR_OWN, records.on_your_own), (ALL_GAMES, records.all_games)):
        if stats.win_percent is None:
            won = _("{won} won").format(won=stats.won)
        else:
            won = _("{won} won ({percent:.1f}%)").format(won=stats.won, percent=stats.win_percent)
        losses = counted_list(
            [
                pgettext("a count of losses", "{why} {count}").format(
                    why=ending_label(ending), count=stats.losses[ending]
                )
                for ending in LOSSES
            ]
        )
        none = _("none yet")
        said = ngettext(
            "{name}: {count} game played, {won}, {lost} lost ({losses}); winning streak {streak}, longest "
            "{longest}; best score {best}, average winning score {average}.",
            "{name}: {count} games played, {won}, {lost} lost ({losses}); winning streak {streak}, longest "
            "{longest}; best score {best}, average winning score {average}.",
            stats.played,
        )
        lines.append(
            said.format(
                name=_(name),
                count=stats.played,
                won=won,
                lost=stats.lost,
                losses=losses,
                streak=stats.current_streak,
                longest=stats.longest_streak,
                best=none if stats.best_score is None else stats.best_score,
                average=none if stats.average_score is None else f"{stats.average_score:.1f}",
            )
        )
    return lines
