"""How a game ended, in words: won with a score, or lost and why.

One wording per ending, in the forms the game needs: a sentence's end
(``won, score 7``), a banner, a figure in a comparison (``7`` or ``lost``),
a label in the statistics and a short one for a narrow column.
"""

from __future__ import annotations

from datetime import date

from foursquare.deals import deal_number
from foursquare.engine import MAX_FACE_DOWN, Game, LossReason, Status
from foursquare.storage.helped import Help
from foursquare.storage.stats import Ending, NotCounted
from foursquare.words.endings import LEFT
from foursquare.words.grammar import capitalized
from foursquare.words.helped import ON_MY_OWN, with_help

__all__ = [
    "SCORE_MEANING",
    "banner_words",
    "ending_label",
    "ending_short",
    "loss_label",
    "loss_words",
    "result_words",
    "score_words",
    "share_line",
    "share_short",
]

_LOSS = {
    LossReason.TOO_MANY_FACE_DOWN: f"more than {MAX_FACE_DOWN} cards face down",
    LossReason.STOCK_EMPTY: "the stock ran out before the square was complete",
}


def loss_words(reason: LossReason) -> str:
    """Why a game was lost: ``more than 4 cards face down``."""
    return _LOSS[reason]


def loss_label(reason: LossReason) -> str:
    """Why a game was lost, in a few words (a counted game's label): ``the stock ran out``."""
    return _LOSS_LABELS[reason]


def result_words(status: Status, score: int | None, reason: LossReason | None = None) -> str:
    """``won, score 7``, ``lost: more than 4 cards face down`` (``lost`` when no reason is given), ``playing``."""
    if status is Status.WON:
        return f"won, score {score}"
    if status is Status.LOST:
        return f"lost: {loss_words(reason)}" if reason is not None else "lost"
    return "playing"


def score_words(status: Status, score: int | None) -> str:
    """A result as a figure to set beside another: the score, or ``lost``."""
    return str(score) if status is Status.WON else "lost"


SCORE_MEANING = "The score is the cards left in the stock."
"""What a win's score means, said beside a result line that gives the figure (``Won, score 15, …``)."""


def banner_words(game: Game) -> tuple[str, str]:
    """The end box's title and first line: ``YOU WON!`` and what the score is, or ``GAME LOST`` and why."""
    if game.status is Status.WON:
        return "YOU WON!", f"Score {game.score}: the cards left in the stock."
    reason = game.loss_reason
    return "GAME LOST", (capitalized(loss_words(reason)) + "." if reason is not None else "Lost.")


_LOSS_LABELS = {
    LossReason.TOO_MANY_FACE_DOWN: "too many cards face down",
    LossReason.STOCK_EMPTY: "the stock ran out",
}
_LABELS = {
    Ending.WON: "won",
    Ending.TOO_MANY_FACE_DOWN: _LOSS_LABELS[LossReason.TOO_MANY_FACE_DOWN],
    Ending.STOCK_EMPTY: _LOSS_LABELS[LossReason.STOCK_EMPTY],
    Ending.ABANDONED: LEFT,
}
_SHORT = {
    Ending.WON: "won",
    Ending.TOO_MANY_FACE_DOWN: f"lost: {MAX_FACE_DOWN + 1}+ down",  # or more: the last placement may turn several
    Ending.STOCK_EMPTY: "lost: stock out",
    Ending.ABANDONED: LEFT,  # as long as it is: a shorter word would hide that it was never played out
}


def ending_label(ending: Ending) -> str:
    """How a counted game ended, in a few words: the statistics' and the history's label."""
    return _LABELS[ending]


def ending_short(ending: Ending) -> str:
    """:func:`ending_label` in fewer words, for a column narrower than the command's."""
    return _SHORT[ending]


def share_line(day: date, game: Game, help: Help | None = None, not_counted: NotCounted | None = None) -> str:
    """One line to paste anywhere: date, deal number, result and score, and whether it was played on one's own
    or with help (``help``; None: not known, and not said), and that it was not the day's counted try
    (``not_counted``: a replay, or played on after an undo past its end).

    It names no cards and no cells, so sharing it spoils nothing for players
    who have yet to play that day's deal.
    """
    return _daily(day) + with_help(_so_far(game, "cards placed"), help, alone=ON_MY_OWN) + _again(not_counted)


def share_short(day: date, game: Game, help: Help | None = None, not_counted: NotCounted | None = None) -> str:
    """:func:`share_line` in fewer words, for a message line too narrow for it: ``with help`` for what helped."""
    result = _so_far(game, "placed")
    said = result if help is None else f"{result}, {ON_MY_OWN if help.alone else 'with help'}"
    return _daily(day) + said + _again(not_counted)


def _daily(day: date) -> str:
    """How a line to share begins: the day and its deal."""
    return f"Foursquare daily {day.isoformat()} (deal {deal_number(day)}): "


def _so_far(game: Game, placed: str) -> str:
    """The result of ``game`` to share: the score of a win, else how far it got (``placed``: the words after
    ``12 of 40``)."""
    if game.status is Status.WON:
        return f"won, score {game.score}"
    verb = "lost" if game.status is Status.LOST else "playing"
    return f"{verb}, {game.placed_count} of {len(game.stock)} {placed}"


_AGAIN = {NotCounted.REPLAY: "a replay", NotCounted.ENDED_BEFORE: "played on after an undo"}
"""Why a daily game that ended is not the day's counted try, as its line to share says it."""


def _again(not_counted: NotCounted | None) -> str:
    """What the line to share adds for a game that was not the day's counted try (none for one that was, or
    that failed to be counted only because the statistics could not be written)."""
    again = _AGAIN.get(not_counted) if not_counted is not None else None
    return f"; {again}, not counted" if again else ""
