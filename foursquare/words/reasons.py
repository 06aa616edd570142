"""Why a placement cost what it did, in words: the review's "Why:" line.

Built from the expert's facts (:mod:`foursquare.expert.reasons`), each
sentence one whole catalog message
with named placeholders, so that the review page, plain mode, the text
review and ``--words`` say the same thing, and a translator can reword it.
"""

from __future__ import annotations

from foursquare.expert.reasons import Difference, NextCard, Why
from foursquare.words.catalog import _, ngettext
from foursquare.words.danger import rank_choice
from foursquare.words.text import Text, Tone

__all__ = ["why_forms"]


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
        return [Text((form,)) for form in _spread(why)]
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


def _spread(why: Why) -> list[str]:
    """The "Why:" line of a cost that every next card carries alike, longest first: what the two tables differ
    in."""
    differ = why.differ
    if differ is None:
        return [
            _("Why: every next card costs alike here, from where the cards lie rather than from anything counted."),
            _("Why: every next card costs alike here."),
        ]
    count = differ.yours
    if differ.what is Difference.PILES:
        forms = [
            ngettext(
                "Why: every next card costs alike here: your table has {yours} pile, the expert's {expert}, and "
                "each pile short of the 16 is one more card drawn before a win.",
                "Why: every next card costs alike here: your table has {yours} piles, the expert's {expert}, and "
                "each pile short of the 16 is one more card drawn before a win.",
                count,
            ),
            ngettext(
                "Why: {yours} pile on your table, {expert} on the expert's.",
                "Why: {yours} piles on your table, {expert} on the expert's.",
                count,
            ),
        ]
    elif differ.what is Difference.OPEN_CELLS:
        forms = [
            ngettext(
                "Why: every next card costs alike here: your table leaves {yours} cell that can take it, the "
                "expert's {expert}.",
                "Why: every next card costs alike here: your table leaves {yours} cells that can take it, the "
                "expert's {expert}.",
                count,
            ),
            ngettext(
                "Why: {yours} cell can take a card on your table, {expert} on the expert's.",
                "Why: {yours} cells can take a card on your table, {expert} on the expert's.",
                count,
            ),
        ]
    elif differ.what is Difference.CLOSED_PILES:
        forms = [
            ngettext(
                "Why: every next card costs alike here: your table has {yours} pile of 4, closed for good, the "
                "expert's {expert}.",
                "Why: every next card costs alike here: your table has {yours} piles of 4, closed for good, the "
                "expert's {expert}.",
                count,
            ),
            ngettext(
                "Why: {yours} pile of 4 on your table, {expert} on the expert's.",
                "Why: {yours} piles of 4 on your table, {expert} on the expert's.",
                count,
            ),
        ]
    elif differ.what is Difference.LINES_DOWN:
        forms = [
            ngettext(
                "Why: every next card costs alike here: your table has {yours} line all face down (a card there "
                "turns it all face up), the expert's {expert}.",
                "Why: every next card costs alike here: your table has {yours} lines all face down (a card there "
                "turns one all face up), the expert's {expert}.",
                count,
            ),
            ngettext(
                "Why: {yours} line all face down on your table, {expert} on the expert's.",
                "Why: {yours} lines all face down on your table, {expert} on the expert's.",
                count,
            ),
        ]
    else:
        forms = [
            ngettext(
                "Why: every next card costs alike here: your table has {yours} card face down, the expert's {expert}.",
                "Why: every next card costs alike here: your table has {yours} cards face down, the expert's {expert}.",
                count,
            ),
            ngettext(
                "Why: {yours} face down on your table, {expert} on the expert's.",
                "Why: {yours} face down on your table, {expert} on the expert's.",
                count,
            ),
        ]
    return [form.format(yours=differ.yours, expert=differ.expert) for form in forms]
