"""The help a game had, in words: ``on your own`` or ``(2 take-backs, 1 tip)``, and the one question before it.

A result said with its help (the end box, the review's summary, the daily
line to share) reads ``won, score 17, on your own`` or ``won, score 17
(2 take-backs, 1 tip)``; the line to share is the player's own, and says
``on my own``; a game kept before help was recorded is said as
its result alone.  The question before the first help of a game played on
your own, and what is said after its answer, are worded here once for the
screen and plain mode.
"""

from __future__ import annotations

import functools
from typing import NamedTuple

from foursquare.storage.helped import Aid, Help
from foursquare.words.grammar import plural

__all__ = [
    "ON_MY_OWN",
    "ON_YOUR_OWN",
    "HelpQuestion",
    "declined_line",
    "help_cost",
    "help_declined",
    "help_question",
    "help_question_line",
    "help_words",
    "put_off_line",
    "with_help",
]

ON_YOUR_OWN = "on your own"
"""A game with no help, as the game tells the player of it (the record on your own)."""
ON_MY_OWN = "on my own"
"""The same in the player's own words: the line they share, and their answer that keeps a game so."""


def help_words(help: Help, *, taken_back: bool = True) -> str:
    """What helped a game: ``2 take-backs, 1 tip, 30 cards by autoplay``; ``on your own`` for none.

    Autoplay's count holds its cards taken back since, as the statistics
    count them; ``taken_back`` adds how many (``13 cards by autoplay, 1 of
    them taken back``), so that it agrees with the review, which marks only
    the cards still on the table as autoplay's.
    """
    taken = help.autoplayed_taken_back if taken_back else 0
    return _help_words(help.take_backs, help.tips, help.autoplayed, taken) or ON_YOUR_OWN


@functools.lru_cache(maxsize=1024)
def _help_words(take_backs: int, tips: int, autoplayed: int, taken: int) -> str:
    """:func:`help_words` of these counts, made once for each (a long history says the same few again and again);
    empty for none."""
    said = []
    if take_backs:
        said.append(plural(take_backs, "take-back"))
    if tips:
        said.append(plural(tips, "tip"))
    if autoplayed:
        said.append(plural(autoplayed, "card") + " by autoplay")
        if taken:
            said[-1] += ", " + _taken_back(taken, autoplayed)
    return ", ".join(said)


def _taken_back(taken: int, autoplayed: int) -> str:
    if taken < autoplayed:
        return f"{taken} of them taken back"
    return "taken back" if autoplayed == 1 else "all taken back"


def with_help(result: str, help: Help | None, *, alone: str = ON_YOUR_OWN) -> str:
    """``won, score 17, on your own`` or ``won, score 17 (2 take-backs, 1 tip)``: ``result`` and how it was
    reached, ``alone`` the words for no help; ``result`` alone for a game whose help is not known."""
    if help is None:
        return result
    if help.alone:
        return f"{result}, {alone}"
    return f"{result} ({help_words(help)})"


_QUESTIONS = {
    Aid.TAKE_BACK: ("Take back the card?", "A take-back", "take it back"),
    Aid.TIP: ("Show a tip?", "A tip", "show the tip"),
    Aid.AUTOPLAY: ("Let the expert play on?", "Autoplay", "let it play"),
}
_COST = "{help} counts this game as played with help: in all games, not in your record on your own."
_COST_SHORT = "{help} counts this game as played with help, not on your own."
_NO = f"no: this game {ON_MY_OWN}"
_LATER = "not now"
_STAYS = "this game stays on your own"
_STAYS_OFF = f"{_STAYS}, help off until it ends"
"""The short form of why help is refused, for the narrowest message line (each long form says it in full)."""
_NOT_NOW = "Not now: no help given, nothing decided"


class HelpQuestion(NamedTuple):
    """The question before the first help of a game on your own, and its three answers in a few words each.

    Only ``n`` says no, for the rest of the game: a key pressed by chance
    (any other) only puts the question off, since no cannot be taken back.
    """

    question: str
    cost: str
    """What the help costs, in one line."""
    yes: str
    """What ``y`` does."""
    no: str
    """What ``n`` does."""
    later: str
    """What any other answer does."""


def help_question(aid: Aid) -> HelpQuestion:
    """The question before the first help of a game on your own."""
    question, _, yes = _QUESTIONS[aid]
    return HelpQuestion(question, help_cost(aid), yes, _NO, _LATER)


def help_cost(aid: Aid, short: bool = False) -> str:
    """What ``aid`` costs, in one line; ``short``: in fewer words, for the narrowest message line."""
    return (_COST_SHORT if short else _COST).format(help=_QUESTIONS[aid][1])


def help_question_line(aid: Aid) -> str:
    """Plain mode's form of :func:`help_question`, with the answers."""
    asked = help_question(aid)
    return (
        f"{asked.question} {asked.cost} Answer y to go ahead, n to keep this game on your own"
        " (for the rest of it), anything else to decide later."
    )


def put_off_line(short: bool = False) -> str:
    """What is said when the answer was neither yes nor no: nothing is decided, and nothing is given;
    ``short``: in fewer words, for the narrowest message line."""
    if short:
        return f"{_NOT_NOW} (asked again next time)."
    return f"{_NOT_NOW}. The question comes again with the next take-back, tip or autoplay."


def declined_line(short: bool = False) -> str:
    """What is said when the answer was no: it stands for the rest of the game; ``short``: in fewer words,
    for the narrowest message line."""
    if short:
        return f"No: {_STAYS_OFF}."
    return f"No: {_STAYS}. Take-backs, tips and autoplay are off until it ends."


def help_declined(aid: Aid, short: bool = False) -> str:
    """Why a take-back, tip or autoplay did nothing: the player chose to play this game alone; ``short``: in
    fewer words, for the narrowest message line (the reason kept, not cut off)."""
    what = {Aid.TAKE_BACK: "No take-back", Aid.TIP: "No tip", Aid.AUTOPLAY: "No autoplay"}[aid]
    if short:
        return f"{what}: {_STAYS_OFF}."
    return f"{what}: you chose to play this game on your own (no help until it ends)."
