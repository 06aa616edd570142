"""The games of the history as a table: ``foursquare history`` and the page of the game screen that picks one.

One line a game, newest first, with the id later commands name it by, its
result (``left before the end`` for a game left for a new deal, as the review
says it), and the help it had last (``on your own``, ``2 take-backs, 1 tip``,
or ``-`` for a game kept before help was recorded; on a page, ``no`` or
``yes``).  The command streams its rows (a history of a million games takes
no more memory than one), with the columns measured by the database first;
the page lays out the few it shows.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from foursquare.storage.formats import FinishedGame
from foursquare.storage.library import Found, Unreviewable
from foursquare.storage.stats import Ending
from foursquare.storage.store import Span
from foursquare.words.catalog import N_, _, pgettext
from foursquare.words.faults import fault_words
from foursquare.words.grammar import capitalized
from foursquare.words.helped import ON_YOUR_OWN, help_words
from foursquare.words.problems import why
from foursquare.words.results import ending_label, ending_short
from foursquare.words.text import run_on

__all__ = [
    "empty",
    "fitted",
    "none_to_review",
    "not_reviewed_line",
    "streamed",
    "table",
    "title",
    "why_not_reviewed",
]


def empty() -> str:
    """What the history says while it has no game."""
    return _("No game has ended yet.")


def none_to_review() -> str:
    """What the history page says while it has no game to review."""
    return _("No game has ended yet. The review needs one.")


def title() -> str:
    """The history page's title."""
    return _("Foursquare: your games, newest first")


Row = tuple[str, str, str, str, str, str, str]

_FULL_ORDER = (0, 1, 2, 3, 4, 5, 6)
_SHORT_ORDER = (0, 1, 2, 4, 5, 6, 3)
"""On a page, the result comes last: a long one is all that may be cut."""
_RIGHT = {0, 4, 5}
"""The columns of numbers, aligned on the right."""


def table(games: Sequence[FinishedGame], width: int | None = None) -> list[str]:
    """The games as aligned columns, with a heading.

    Given a ``width`` (a page of the game screen), the results are in fewer
    words and come last, so that a long one is all that may be cut, and the
    time of day is left out when the lines would not fit otherwise.
    """
    if width is None:
        return _columns(games, full=True, time=True)
    lines = _columns(games, full=False, time=True)
    return lines if max(map(len, lines)) <= width else _columns(games, full=False, time=False)


def fitted(games: Sequence[FinishedGame], width: int) -> list[str]:
    """The table in full where it fits ``width`` columns, else in a page's fewer words (:func:`table`):
    plain mode's list, which a terminal would otherwise wrap in the middle of its columns."""
    lines = table(games)
    return lines if max(map(len, lines), default=0) <= width else table(games, width)


def streamed(games: Iterable[FinishedGame], span: Span, width: int | None = None) -> Iterator[str]:
    """The table of ``games`` line by line as they are read, its columns as wide as ``span`` measured.

    In full, unless a terminal ``width`` is given that the full table would
    overrun (its help column, the last, is as wide as each game's help:
    the help of a game played alone, what it mostly says, is allowed for it): then in the fewer words of a page
    of the game screen (:func:`table`), the time of day left out if need be.
    """
    full = _span_widths(span, full=True, time=True)
    if width is None or _overall(full) + len(_(ON_YOUR_OWN)) <= width:
        return _aligned(_rows(games, full=True, time=True), full, _FULL_ORDER)
    short = _span_widths(span, full=False, time=True)
    time = _overall(short) <= width
    widths = _span_widths(span, full=False, time=time)
    return _aligned(_rows(games, full=False, time=time), widths, _SHORT_ORDER, width)


def _overall(widths: list[int]) -> int:
    """How wide a line of columns this wide is, with the gaps between them."""
    return sum(widths) + 2 * (len(widths) - 1)


def _span_widths(span: Span, *, full: bool, time: bool) -> list[int]:
    """The widths of the table's columns over the games of ``span``, heading included; in full, the help (the
    last column) as 0: its width is its own on each line."""
    results = [len(_result(ending, counted, full=full)) for ending, counted in span.endings]
    ended = (16 if time else 10) if span.any_ended else 1
    cells = (len(str(span.largest_id)), ended, span.widest_deal, max(results, default=0))
    heading = next(_rows((), full=full, time=time))
    numbers = (max(span.widest_score, 1), max(span.widest_placed, 1))
    last = 0 if full else 3  # in fewer words, the help is "yes", "no" or "-"
    return [max(len(name), width) for name, width in zip(heading, (*cells, *numbers, last), strict=True)]


def _columns(games: Sequence[FinishedGame], *, full: bool, time: bool) -> list[str]:
    rows = list(_rows(games, full=full, time=time))
    widths = [max(len(row[n]) for row in rows) for n in range(len(rows[0]))]
    return list(_aligned(rows, widths, _FULL_ORDER if full else _SHORT_ORDER))


def _result(ending: Ending, counted: bool, *, full: bool, replay: bool = False) -> str:
    """The result, and ``not counted`` after it where the game does not count; in fewer words ``replay`` where
    that is why (its deal had been played before).  Without ``replay`` it is the longest form, which the
    widths of columns are measured by."""
    said = (ending_label if full else ending_short)(ending)
    if counted:
        return said
    if replay and not full:
        return _("{result}, replay").format(result=said)
    return _("{result}, not counted").format(result=said)  # a reset, or played on after an undo


def _rows(games: Iterable[FinishedGame], *, full: bool, time: bool) -> Iterator[Row]:
    """The heading, then a row of cells for each game."""
    yield (
        pgettext("a column of the history", "id"),
        pgettext("a column of the history", "ended (UTC)") if time else pgettext("a column of the history", "ended"),
        pgettext("a column of the history", "deal"),
        pgettext("a column of the history", "result"),
        pgettext("a column of the history", "score"),
        pgettext("a column of the history", "placed"),
        pgettext("a column of the history", "help"),
    )
    for game in games:
        yield (
            str(game.id),
            game.ended.strftime("%Y-%m-%d %H:%M" if time else "%Y-%m-%d") if game.ended else "-",
            _("{deal} daily").format(deal=game.deal) if game.daily else str(game.deal),
            _result(game.ending, game.counted, full=full, replay=game.help is not None and game.help.played_before),
            "-" if game.score is None else str(game.score),
            "-" if game.placed is None else str(game.placed),
            _help(game, full=full),
        )


def _help(game: FinishedGame, *, full: bool) -> str:
    """The help a game had: what it was or ``on your own`` (``yes`` or ``no`` in fewer words), ``-`` if not known."""
    if game.help is None:
        return "-"
    if full:
        return help_words(game.help)
    # Translators: at most 3 columns, whether a game had help, in the history's narrow table
    return pgettext("had help", "no") if game.help.alone else pgettext("had help", "yes")


def _aligned(rows: Iterable[Row], widths: list[int], order: tuple[int, ...], width: int | None = None) -> Iterator[str]:
    """The rows in columns of ``widths``; a line longer than a terminal's ``width`` runs its last column on
    under itself, broken at spaces, rather than have the terminal break it mid-word at its edge; where the
    other columns leave that column too little room for a word, it has lines of its own under each row."""
    head_width = sum(widths[n] + 2 for n in order[:-1])
    under = width is not None and head_width + widths[order[-1]] > width and width - head_width < _NARROWEST_LAST
    for row in rows:
        cells = [row[n].rjust(widths[n]) if n in _RIGHT else row[n].ljust(widths[n]) for n in order]
        line = "  ".join(cells).rstrip()
        if under:  # every row alike, the heading too, so that the column reads as one
            yield "  ".join(cells[:-1]).rstrip()
            head = _UNDER
        elif width is None or len(line) <= width:
            yield line
            continue
        else:
            head = "  ".join(cells[:-1]) + "  "
        yield from run_on(head, row[order[-1]], width)


_NARROWEST_LAST = 8
"""The fewest columns the last column runs on in beside the others: its longest words (``before``, ``replay``)
and a comma fit; with less, it goes under them."""
_UNDER = "    "
"""How far in the last column's lines of their own start, under the other columns of the row."""


def why_not_reviewed(found: Found, lister: str = "foursquare history", *, practice: bool = False) -> str:
    """Why a kept game cannot be reviewed, as a clause (a command's error line says it as it is); ``lister`` is
    what lists the games where it is said, and ``practice`` whether it was asked for to practise on (which
    needs its review)."""
    return _why_not(found, lister, practice=practice, sentence=False)


def _why_not(found: Found, lister: str, *, practice: bool, sentence: bool) -> str:
    """Why a kept game cannot be reviewed, as a clause or (``sentence``) a sentence of its own."""
    if found.why_not is None:
        return ""
    if found.why_not is Unreviewable.CANNOT_READ and found.problem is not None:
        reason_said = why(found.problem)
        return (
            pgettext("a reason as a sentence", "{reason}.").format(reason=capitalized(reason_said))
            if sentence
            else reason_said
        )
    reason = (found.why_not, practice and found.why_not is Unreviewable.NOT_OVER)
    said = (_SENTENCES if sentence else _CLAUSES)[reason]
    detail = fault_words(found.fault) if found.fault else ""
    return _(said).format(game=found.game_id, lister=lister, detail=detail)


_CLAUSES = {
    (Unreviewable.NONE_YET, False): N_("no game has ended yet: the review needs one (play one with foursquare)"),
    (Unreviewable.NO_SUCH_GAME, False): N_("there is no game {game} in the history ({lister} lists them)"),
    (Unreviewable.CANNOT_READ, False): N_("game {game} cannot be read"),
    (Unreviewable.NO_RECORD, False): N_("game {game} was kept without its cards: it cannot be reviewed"),
    (Unreviewable.CANNOT_REPLAY, False): N_("game {game} cannot be replayed: {detail}"),
    (Unreviewable.NOT_OVER, False): N_("game {game} was left before its end: only a finished game is reviewed"),
    (Unreviewable.NOT_OVER, True): N_("game {game} was left before its end: only a finished game is practised on"),
}
_SENTENCES = {
    (Unreviewable.NONE_YET, False): N_("No game has ended yet: the review needs one (play one with foursquare)."),
    (Unreviewable.NO_SUCH_GAME, False): N_("There is no game {game} in the history ({lister} lists them)."),
    (Unreviewable.CANNOT_READ, False): N_("Game {game} cannot be read."),
    (Unreviewable.NO_RECORD, False): N_("Game {game} was kept without its cards: it cannot be reviewed."),
    (Unreviewable.CANNOT_REPLAY, False): N_("Game {game} cannot be replayed: {detail}."),
    (Unreviewable.NOT_OVER, False): N_("Game {game} was left before its end: only a finished game is reviewed."),
    (Unreviewable.NOT_OVER, True): N_("Game {game} was left before its end: only a finished game is practised on."),
}
"""Why a game cannot be reviewed: as a clause (a command's error line) and as a sentence of its own."""


def not_reviewed_line(found: Found) -> str:
    """:func:`why_not_reviewed` as a sentence of its own, for a page or a line of plain mode (where ``g`` lists
    the games)."""
    return _why_not(found, "g", practice=False, sentence=True)
