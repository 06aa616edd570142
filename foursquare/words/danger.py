"""The danger of a table in words: "N of M" unseen cards that would lose wherever they went.

Built from :mod:`foursquare.expert.danger` (a one-card look-ahead, no
search), each sentence one whole catalog message with named placeholders:
light, since the game screen's preview line says it on every cursor move.
"""

from __future__ import annotations

from collections.abc import Sequence

from foursquare.expert.danger import Danger
from foursquare.words.catalog import _, ngettext
from foursquare.words.text import Rank, Text

__all__ = ["danger_phrase", "danger_sentence", "preview_forms", "rank_choice"]


def rank_choice(ranks: Sequence[int]) -> Text:
    """Ranks as a choice: ``2``, ``2 or 9``, ``2, 9 or 10`` (each a rank, spelled as the front end spells)."""
    named = [Rank(rank) for rank in ranks]
    if len(named) == 1:
        return Text((named[0],))
    if len(named) == 2:
        return Text.filled(_("{first} or {second}"), first=named[0], second=named[1])
    head = Text((named[0],))
    for rank in named[1:-2]:
        head = Text.filled(_("{first}, {second}"), first=head, second=rank)
    return Text.filled(_("{first}, {second} or {third}"), first=head, second=named[-2], third=named[-1])


def danger_phrase(danger: Danger) -> str | None:
    """The danger of a table in a few words, for a line short of room: ``4 of 25 lose anywhere``; None if none."""
    if not danger.cards:
        return None
    message = ngettext("{cards} of {unseen} loses anywhere", "{cards} of {unseen} lose anywhere", danger.cards)
    return message.format(cards=danger.cards, unseen=danger.unseen)


def danger_sentence(danger: Danger) -> Text | None:
    """The danger of a table as a sentence: ``Then 4 of 25 unseen cards would lose wherever they went (A).``;
    None if none."""
    if not danger.cards:
        return None
    message = ngettext(
        "Then {cards} of {unseen} unseen cards would lose wherever it went ({ranks}).",
        "Then {cards} of {unseen} unseen cards would lose wherever they went ({ranks}).",
        danger.cards,
    )
    return Text.filled(message, cards=danger.cards, unseen=danger.unseen, ranks=rank_choice(danger.ranks))


def preview_forms(cell: str, line: Text, danger: Danger) -> list[Text]:
    """The preview of a cell (``line``, what it would do) with its danger, longest first: the danger is kept
    to the last, since it says what no count on the table shows."""
    if not danger.cards:
        return [line]
    fields = {"cards": danger.cards, "unseen": danger.unseen}
    after = ngettext(
        "{preview} · then {cards} of {unseen} loses anywhere",
        "{preview} · then {cards} of {unseen} lose anywhere",
        danger.cards,
    )
    alone = ngettext(
        "{cell}: then {cards} of {unseen} unseen cards loses wherever it goes",
        "{cell}: then {cards} of {unseen} unseen cards lose wherever they go",
        danger.cards,
    )
    brief = ngettext(
        "{cell}: {cards} of {unseen} loses anywhere", "{cell}: {cards} of {unseen} lose anywhere", danger.cards
    )
    return [
        Text.filled(after, line.tone, preview=line, **fields),
        Text((alone.format(cell=cell, **fields),), line.tone),
        Text((brief.format(cell=cell, **fields),), line.tone),
    ]
