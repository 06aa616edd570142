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
from foursquare.words.catalog import N_, _
from foursquare.words.endings import LEFT
from foursquare.words.helped import ON_MY_OWN, help_words, with_help

__all__ = [
    "SCORE_MEANING",
    "banner_words",
    "ending_label",
    "ending_short",
    "loss_label",
    "loss_words",
    "result_sentence",
    "result_words",
    "score_words",
    "share_line",
    "share_short",
]

_LOSS = {
    LossReason.TOO_MANY_FACE_DOWN: N_("more than {most} cards face down"),
    LossReason.STOCK_EMPTY: N_("the stock ran out before the square was complete"),
}
_LOSS_SENTENCES = {
    LossReason.TOO_MANY_FACE_DOWN: N_("More than {most} cards face down."),
    LossReason.STOCK_EMPTY: N_("The stock ran out before the square was complete."),
}


def loss_words(reason: LossReason) -> str:
    """Why a game was lost: ``more than 4 cards face down``."""
    return _(_LOSS[reason]).format(most=MAX_FACE_DOWN)


def loss_label(reason: LossReason) -> str:
    """Why a game was lost, in a few words (a counted game's label): ``the stock ran out``."""
    return _(_LOSS_LABELS[reason])


def result_words(status: Status, score: int | None, reason: LossReason | None = None) -> str:
    """``won, score 7``, ``lost: more than 4 cards face down`` (``lost`` when no reason is given), ``playing``."""
    if status is Status.WON:
        return _("won, score {score}").format(score=score)
    if status is Status.LOST:
        if reason is None:
            return _("lost")
        return _("lost: {why}").format(why=loss_words(reason))
    return _("playing")


def result_sentence(status: Status, score: int | None, help: Help | None) -> str:
    """The end box's result as a sentence, with the help the game had: ``Won, score 17, on your own.``,
    ``Lost (2 take-backs, 1 tip).``, ``Won, score 17.`` for a game whose help is not known."""
    won = status is Status.WON
    if help is None:
        said = _("Won, score {score}.") if won else _("Lost.")
    elif help.alone:
        said = _("Won, score {score}, on your own.") if won else _("Lost, on your own.")
    else:
        said = _("Won, score {score} ({help}).") if won else _("Lost ({help}).")
    return said.format(score=score, help="" if help is None else help_words(help))


def score_words(status: Status, score: int | None) -> str:
    """A result as a figure to set beside another: the score, or ``lost``."""
    return str(score) if status is Status.WON else _("lost")


SCORE_MEANING = N_("The score is the cards left in the stock.")
"""What a win's score means, said beside a result line that gives the figure (``Won, score 15, …``; said
through ``_``)."""


def banner_words(game: Game) -> tuple[str, str]:
    """The end box's title and first line: ``YOU WON!`` and what the score is, or ``GAME LOST`` and why."""
    if game.status is Status.WON:
        return _("YOU WON!"), _("Score {score}: the cards left in the stock.").format(score=game.score)
    reason = game.loss_reason
    return _("GAME LOST"), (_(_LOSS_SENTENCES[reason]).format(most=MAX_FACE_DOWN) if reason is not None else _("Lost."))


_LOSS_LABELS = {
    LossReason.TOO_MANY_FACE_DOWN: N_("too many cards face down"),
    LossReason.STOCK_EMPTY: N_("the stock ran out"),
}
_LABELS = {
    Ending.WON: N_("won"),
    Ending.TOO_MANY_FACE_DOWN: _LOSS_LABELS[LossReason.TOO_MANY_FACE_DOWN],
    Ending.STOCK_EMPTY: _LOSS_LABELS[LossReason.STOCK_EMPTY],
    Ending.ABANDONED: LEFT,
}
_SHORT = {
    # Translators: at most 15 columns, the last column of the history's table on a narrow screen
    Ending.WON: N_("won"),
    # Translators: at most 15 columns, the last column of the history's table on a narrow screen; {over} is 5
    Ending.TOO_MANY_FACE_DOWN: N_("lost: {over}+ down"),  # or more: the last placement may turn several
    # Translators: at most 15 columns, the last column of the history's table on a narrow screen
    Ending.STOCK_EMPTY: N_("lost: stock out"),
    Ending.ABANDONED: LEFT,  # as long as it is: a shorter word would hide that it was never played out
}


def ending_label(ending: Ending) -> str:
    """How a counted game ended, in a few words: the statistics' and the history's label."""
    return _(_LABELS[ending])


def ending_short(ending: Ending) -> str:
    """:func:`ending_label` in fewer words, for a column narrower than the command's."""
    return _(_SHORT[ending]).format(over=MAX_FACE_DOWN + 1)


def share_line(day: date, game: Game, help: Help | None = None, not_counted: NotCounted | None = None) -> str:
    """One line to paste anywhere: date, deal number, result and score, and whether it was played on one's own
    or with help (``help``; None: not known, and not said), and that it was not the day's counted try
    (``not_counted``: a replay, or played on after an undo past its end).

    It names no cards and no cells, so sharing it spoils nothing for players
    who have yet to play that day's deal.
    """
    return _shared(day, with_help(_so_far(game, short=False), help, alone=_(ON_MY_OWN)), not_counted)


def share_short(day: date, game: Game, help: Help | None = None, not_counted: NotCounted | None = None) -> str:
    """:func:`share_line` in fewer words, for a message line too narrow for it: ``with help`` for what helped."""
    result = _so_far(game, short=True)
    if help is not None:
        result = (_("{result}, on my own") if help.alone else _("{result}, with help")).format(result=result)
    return _shared(day, result, not_counted)


def _shared(day: date, result: str, not_counted: NotCounted | None) -> str:
    """The line to share: the day, its deal and the result; and, for a game that was not the day's counted
    try (a replay, or played on after an undo past its end), that it was not counted."""
    fields = {"day": day.isoformat(), "deal": deal_number(day), "result": result}
    if not_counted is NotCounted.REPLAY:
        return _("Foursquare daily {day} (deal {deal}): {result}; a replay, not counted").format(**fields)
    if not_counted is NotCounted.ENDED_BEFORE:
        said = _("Foursquare daily {day} (deal {deal}): {result}; played on after an undo, not counted")
        return said.format(**fields)
    return _("Foursquare daily {day} (deal {deal}): {result}").format(**fields)


def _so_far(game: Game, *, short: bool) -> str:
    """The result of ``game`` to share: the score of a win, else how far it got (``short``: ``12 of 40
    placed`` rather than ``12 of 40 cards placed``)."""
    if game.status is Status.WON:
        return _("won, score {score}").format(score=game.score)
    fields = {"placed": game.placed_count, "total": len(game.stock)}
    if game.status is Status.LOST:
        said = _("lost, {placed} of {total} placed") if short else _("lost, {placed} of {total} cards placed")
    else:
        said = _("playing, {placed} of {total} placed") if short else _("playing, {placed} of {total} cards placed")
    return said.format(**fields)
