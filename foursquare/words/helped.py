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
from foursquare.words.catalog import N_, _, language, ngettext
from foursquare.words.grammar import counted_list

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

ON_YOUR_OWN = N_("on your own")
"""A game with no help, as the game tells the player of it (the record on your own; said through ``_``)."""
ON_MY_OWN = N_("on my own")
"""The same in the player's own words: the line they share, and their answer that keeps a game so (said
through ``_``)."""


def help_words(help: Help, *, taken_back: bool = True) -> str:
    """What helped a game: ``2 take-backs, 1 tip, 30 cards by autoplay``; ``on your own`` for none.

    Autoplay's count holds its cards taken back since, as the statistics
    count them; ``taken_back`` adds how many (``13 cards by autoplay, 1 of
    them taken back``), so that it agrees with the review, which marks only
    the cards still on the table as autoplay's.
    """
    taken = help.autoplayed_taken_back if taken_back else 0
    return _help_words(language(), help.take_backs, help.tips, help.autoplayed, taken) or _(ON_YOUR_OWN)


@functools.lru_cache(maxsize=1024)
def _help_words(spoken: str, take_backs: int, tips: int, autoplayed: int, taken: int) -> str:
    """:func:`help_words` of these counts in the language ``spoken``, made once for each (a long history says
    the same few again and again); empty for none."""
    said = []
    if take_backs:
        said.append(ngettext("{count} take-back", "{count} take-backs", take_backs).format(count=take_backs))
    if tips:
        said.append(ngettext("{count} tip", "{count} tips", tips).format(count=tips))
    if autoplayed:
        said.append(_autoplayed(autoplayed, taken))
    return counted_list(said)


def _autoplayed(autoplayed: int, taken: int) -> str:
    """``30 cards by autoplay``, with how many of them were taken back since."""
    if not taken:
        said = ngettext("{count} card by autoplay", "{count} cards by autoplay", autoplayed)
    elif taken < autoplayed:
        said = ngettext(
            "{count} card by autoplay, {taken} of them taken back",
            "{count} cards by autoplay, {taken} of them taken back",
            autoplayed,
        )
    else:
        said = ngettext("{count} card by autoplay, taken back", "{count} cards by autoplay, all taken back", autoplayed)
    return said.format(count=autoplayed, taken=taken)


def with_help(result: str, help: Help | None, *, alone: str | None = None) -> str:
    """``won, score 17, on your own`` or ``won, score 17 (2 take-backs, 1 tip)``: ``result`` and how it was
    reached, ``alone`` the words for no help (``on your own``); ``result`` alone for a game whose help is not
    known."""
    if help is None:
        return result
    if help.alone:
        return _("{result}, {alone}").format(result=result, alone=_(ON_YOUR_OWN) if alone is None else alone)
    return _("{result} ({help})").format(result=result, help=help_words(help))


_QUESTIONS = {
    Aid.TAKE_BACK: (N_("Take back the card?"), N_("A take-back"), N_("take it back")),
    Aid.TIP: (N_("Show a tip?"), N_("A tip"), N_("show the tip")),
    Aid.AUTOPLAY: (N_("Let the expert play on?"), N_("Autoplay"), N_("let it play")),
}
_COST = N_("{help} counts this game as played with help: in all games, not in your record on your own.")
_COST_SHORT = N_("{help} counts this game as played with help, not on your own.")
_NO = N_("no: this game on my own")
_LATER = N_("not now")


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
    question, _help, yes = _QUESTIONS[aid]
    return HelpQuestion(_(question), help_cost(aid), _(yes), _(_NO), _(_LATER))


def help_cost(aid: Aid, short: bool = False) -> str:
    """What ``aid`` costs, in one line; ``short``: in fewer words, for the narrowest message line."""
    return _(_COST_SHORT if short else _COST).format(help=_(_QUESTIONS[aid][1]))


def help_question_line(aid: Aid) -> str:
    """Plain mode's form of :func:`help_question`, with the answers."""
    asked = help_question(aid)
    said = _(
        "{question} {cost} Answer y to go ahead, n to keep this game on your own (for the rest of it), "
        "anything else to decide later."
    )
    return said.format(question=asked.question, cost=asked.cost)


def put_off_line(short: bool = False) -> str:
    """What is said when the answer was neither yes nor no: nothing is decided, and nothing is given;
    ``short``: in fewer words, for the narrowest message line."""
    if short:
        return _("Not now: no help given, nothing decided (asked again next time).")
    return _(
        "Not now: no help given, nothing decided. The question comes again with the next take-back, tip or autoplay."
    )


def declined_line(short: bool = False) -> str:
    """What is said when the answer was no: it stands for the rest of the game; ``short``: in fewer words,
    for the narrowest message line."""
    if short:
        # Translators: at most 68 columns, the message line of the smallest screen
        return _("No: this game stays on your own, help off until it ends.")
    return _("No: this game stays on your own. Take-backs, tips and autoplay are off until it ends.")


_DECLINED = {
    Aid.TAKE_BACK: (
        N_("No take-back: you chose to play this game on your own (no help until it ends)."),
        N_("No take-back: this game stays on your own, help off until it ends."),
    ),
    Aid.TIP: (
        N_("No tip: you chose to play this game on your own (no help until it ends)."),
        N_("No tip: this game stays on your own, help off until it ends."),
    ),
    Aid.AUTOPLAY: (
        N_("No autoplay: you chose to play this game on your own (no help until it ends)."),
        N_("No autoplay: this game stays on your own, help off until it ends."),
    ),
}
"""Why each help did nothing, in full and in the fewest words (the narrowest message line)."""


def help_declined(aid: Aid, short: bool = False) -> str:
    """Why a take-back, tip or autoplay did nothing: the player chose to play this game alone; ``short``: in
    fewer words, for the narrowest message line (the reason kept, not cut off)."""
    return _(_DECLINED[aid][short])
