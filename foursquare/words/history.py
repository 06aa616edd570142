"""The finished games as a table: ``foursquare history`` and the page of the game screen that picks one.

One line a game, newest first, with the id later commands name it by.
"""

from __future__ import annotations

from collections.abc import Sequence

from foursquare.storage.database import FinishedGame
from foursquare.storage.library import Found, Unreviewable
from foursquare.words.results import ending_label, ending_short

__all__ = ["EMPTY", "FOOTER", "TITLE", "table", "why_not_reviewed"]

EMPTY = "No finished games yet."


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


def _columns(games: Sequence[FinishedGame], *, full: bool, time: bool) -> list[str]:
    order = (0, 1, 2, 3, 4, 5) if full else (0, 1, 2, 4, 5, 3)
    rows = [("id", "ended (UTC)" if time else "ended", "deal", "result", "score", "placed")]
    for game in games:
        result = ending_label(game.ending) if full else ending_short(game.ending)
        rows.append(
            (
                str(game.id),
                game.ended.strftime("%Y-%m-%d %H:%M" if time else "%Y-%m-%d") if game.ended else "-",
                str(game.deal) + (" daily" if game.daily else ""),
                result + ("" if game.counted else (", not counted" if full else ", replay")),
                "-" if game.score is None else str(game.score),
                "-" if game.placed is None else str(game.placed),
            )
        )
    widths = [max(len(row[n]) for row in rows) for n in range(len(rows[0]))]
    right = {0, 4, 5}
    return [
        "  ".join(row[n].rjust(widths[n]) if n in right else row[n].ljust(widths[n]) for n in order).rstrip()
        for row in rows
    ]


TITLE = "Foursquare: your games, newest first"
FOOTER = "↑ ↓ choose · v or Enter: its review · q back"


def why_not_reviewed(found: Found) -> str:
    """Why a kept game cannot be reviewed, in a sentence."""
    game = f"Game {found.game_id}"
    reasons = {
        Unreviewable.NONE_YET: "No game has ended yet: the review needs one.",
        Unreviewable.NO_SUCH_GAME: f"There is no game {found.game_id} in the history (foursquare history lists them).",
        Unreviewable.NO_RECORD: f"{game} was kept without its cards: it cannot be reviewed.",
        Unreviewable.CANNOT_REPLAY: f"{game} cannot be replayed: {found.detail}.",
        Unreviewable.NOT_OVER: f"{game} was left before its end: only a finished game is reviewed.",
    }
    return reasons[found.why_not] if found.why_not is not None else ""
