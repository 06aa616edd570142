"""Why a placement cost what it did, and the danger of a table, in words: the review's "Why:" line and "N of M".

Built from the expert's facts (:mod:`foursquare.expert.reasons`,
:mod:`foursquare.expert.danger`), each sentence one whole catalog message
with named placeholders, so that the review page, plain mode, the text
review and ``--words`` say the same thing, and a translator can reword it.
"""

from __future__ import annotations

from collections.abc import Sequence

from foursquare.expert.danger import Danger
from foursquare.expert.reasons import Difference, NextCard, Why
from foursquare.words.catalog import _, ngettext
from foursquare.words.text import Rank, Text, Tone

__all__ = ["danger_phrase", "danger_sentence", "preview_forms", "rank_choice", "why_forms"]


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


def _same(a: NextCard, b: NextCard) -> bool:
    """Whether two ranks' replies leave the same on both tables (then one sentence says both)."""
    return (a.yours.face_down, a.yours.loses, a.expert.face_down, a.expert.loses) == (
        b.yours.face_down,
        b.yours.loses,
        b.expert.face_down,
        b.expert.loses,
    )


def why_forms(why: Why, cost: float) -> list[Text]:
    """The "Why:" line of a placement that cost ``cost`` cards, longest form first (the last is the shortest)."""
    if why.spread or not why.by_next_card:
        return [Text((_spread(why),))]
    first = why.by_next_card[0]
    group = [entry for entry in why.by_next_card if _same(entry, first)]
    ranks = rank_choice(sorted(entry.rank for entry in group))
    cards = sum(entry.cards for entry in group)
    left = why.unseen
    yours, theirs = first.yours, first.expert
    if yours.cell is None and yours.loses:  # the player's cell lost there and then
        return [Text((_("Why: your cell loses the game there and then, where the expert's plays on."),))]
    if yours.loses and not theirs.loses:
        long = ngettext(
            "Why: next card {ranks} ({cards} of the {left} left): on your table it loses wherever it goes; on "
            "the expert's its best cell leaves {expert} face down.",
            "Why: next card {ranks} ({cards} of the {left} left): on your table it loses wherever it goes; on "
            "the expert's its best cell leaves {expert} face down.",
            cards,
        )
        short = ngettext(
            "Why: next card {ranks} ({cards} of {left}) loses on your table, not on the expert's.",
            "Why: next card {ranks} ({cards} of {left}) loses on your table, not on the expert's.",
            cards,
        )
        fields: dict[str, object] = {"ranks": ranks, "cards": cards, "left": left, "expert": theirs.face_down}
    elif yours.face_down != theirs.face_down:
        long = ngettext(
            "Why: next card {ranks} ({cards} of the {left} left): its best cell leaves {yours} face down on your "
            "table, {expert} on the expert's.",
            "Why: next card {ranks} ({cards} of the {left} left): its best cell leaves {yours} face down on your "
            "table, {expert} on the expert's.",
            cards,
        )
        short = ngettext(
            "Why: next card {ranks} ({cards} of {left}): {yours} face down on yours, {expert} on the expert's.",
            "Why: next card {ranks} ({cards} of {left}): {yours} face down on yours, {expert} on the expert's.",
            cards,
        )
        fields = {"ranks": ranks, "cards": cards, "left": left, "yours": yours.face_down, "expert": theirs.face_down}
    else:
        long = ngettext(
            "Why: next card {ranks} ({cards} of the {left} left): your table is worth {cost} cards less after it, "
            "though its best cell leaves {yours} face down on both.",
            "Why: next card {ranks} ({cards} of the {left} left): your table is worth {cost} cards less after it, "
            "though its best cell leaves {yours} face down on both.",
            cards,
        )
        short = ngettext(
            "Why: next card {ranks} ({cards} of {left}): your table is worth {cost} cards less after it.",
            "Why: next card {ranks} ({cards} of {left}): your table is worth {cost} cards less after it.",
            cards,
        )
        part = sum(entry.cost for entry in group) or cost
        fields = {"ranks": ranks, "cards": cards, "left": left, "yours": yours.face_down, "cost": f"{part:.1f}"}
    return [Text.filled(long, Tone.PLAIN, **fields), Text.filled(short, Tone.PLAIN, **fields)]


def _spread(why: Why) -> str:
    """The "Why:" line of a cost that every next card carries alike: what the two tables differ in."""
    differ = why.differ
    if differ is None:
        return _("Why: every next card costs alike here, from where the cards lie rather than from anything counted.")
    fields = {"yours": differ.yours, "expert": differ.expert}
    if differ.what is Difference.OPEN_CELLS:
        message = ngettext(
            "Why: every next card costs alike here: your table leaves {yours} cell that can take it, the "
            "expert's {expert}.",
            "Why: every next card costs alike here: your table leaves {yours} cells that can take it, the "
            "expert's {expert}.",
            differ.yours,
        )
    elif differ.what is Difference.CLOSED_PILES:
        message = ngettext(
            "Why: every next card costs alike here: your table has {yours} pile of 4, closed for good, the "
            "expert's {expert}.",
            "Why: every next card costs alike here: your table has {yours} piles of 4, closed for good, the "
            "expert's {expert}.",
            differ.yours,
        )
    elif differ.what is Difference.LINES_DOWN:
        message = ngettext(
            "Why: every next card costs alike here: your table has {yours} line all face down (a card there "
            "turns it all face up), the expert's {expert}.",
            "Why: every next card costs alike here: your table has {yours} lines all face down (a card there "
            "turns one all face up), the expert's {expert}.",
            differ.yours,
        )
    else:
        message = ngettext(
            "Why: every next card costs alike here: your table has {yours} card face down, the expert's {expert}.",
            "Why: every next card costs alike here: your table has {yours} cards face down, the expert's {expert}.",
            differ.yours,
        )
    return message.format(**fields)


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
