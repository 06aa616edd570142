"""What the expert says: a tip for the next card, autoplay's lines, and how a chance of winning reads.

A chance is said one way everywhere (:func:`chance_text`): a whole
percentage that never claims a false 0% or 100%.  The tip names its cell,
the score to expect from there (the game's own measure: cards left at the
end, a loss counting 0) and the chance of winning, and the safest cell too
when it plays for a higher score and the safest cell's chance reads
differently.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from foursquare.engine import Card, Game, cell_name
from foursquare.expert.danger import danger_after
from foursquare.expert.shown import tenths, whole_percent
from foursquare.words.catalog import _, ngettext
from foursquare.words.glyphs import tip_mark
from foursquare.words.text import Text, Tone

if TYPE_CHECKING:  # the expert is imported only when a tip is asked for
    from foursquare.expert.advice import Advice

__all__ = [
    "autoplay_started",
    "autoplay_stopped",
    "chance_text",
    "expected_text",
    "no_advice",
    "thinking",
    "thinking_status",
    "tip_forms",
    "with_note",
]


def chance_text(chance: float) -> str:
    """A chance of winning (0 to 1) as a whole percentage, never a false 0% or 100% (:func:`whole_percent`)."""
    return f"{whole_percent(chance)}%"


def with_note(tip: Text, advice: Advice) -> Text:
    """``tip`` with what it adds after its figures, in one sentence: the safest cell when the tip plays for
    score, and a hurried guess."""
    safest, safe_chance = advice.safest
    safer = chance_text(safe_chance) != chance_text(advice.win_chance)  # as far as the words can tell
    if safest != advice.cell and safer:  # the tip plays for score: say where the best chance is too, and its price
        scores = dict(advice.scores)
        cost = max(0, tenths(advice.expected_score) - tenths(scores.get(safest, 0.0))) / 10
        fields = {"cell": cell_name(safest), "chance": chance_text(safe_chance), "cost": cost}
        if advice.cut_short:
            said = _("{tip}; safest {cell}, {chance} to win for {cost:.1f} cards less (cut short: a quick guess)")
        else:
            said = _("{tip}; safest {cell}, {chance} to win for {cost:.1f} cards less")
        return Text.filled(said, tip.tone, tip=tip, **fields)
    if advice.cut_short:
        return Text.filled(_("{tip} (cut short: a quick guess)"), tip.tone, tip=tip)
    return tip


def expected_text(expected: float) -> str:
    """An expected score as a tip says it, in whole cards: ``about 18 cards left``."""
    count = round(max(0.0, expected))
    return ngettext("about {count} card left", "about {count} cards left", count).format(count=count)


def tip_forms(game: Game, advice: Advice, *, marked: bool) -> list[Text]:
    """The tip for ``game``'s next card, longest first: where it should go, the score to expect from there and
    the chance of winning, then the note: ``Tip: 5♣ on c4: expect about 18 cards left, 99% to win``.

    ``marked``: the screen marks the cell (``★tip★``), and the long form says so.  When every cell loses
    there and then, the tip says so rather than sending the card to one of them as if it helped.
    """
    card = game.next_card
    assert card is not None  # advice is for a game still in play
    if game.loses_wherever():
        return [Text.filled(_("Tip: no cell saves the game: {card} loses wherever it goes"), Tone.BAD, card=card)]
    fields = {
        "card": card,
        "cell": cell_name(advice.cell),
        "mark": tip_mark(),
        "expected": expected_text(advice.expected_score),
        "chance": chance_text(advice.win_chance),
    }
    if marked:
        full = _("Tip: {card} on {cell} (marked {mark}): expect {expected}, {chance} to win")
    else:
        full = _("Tip: {card} on {cell}: expect {expected}, {chance} to win")
    short = _("Tip: {card} on {cell}: {expected}, {chance} to win")
    forms = [with_note(Text.filled(message, Tone.PLAIN, **fields), advice) for message in (full, short)]
    danger = danger_after(game, advice.cell)
    if not danger.cards:
        return forms
    message = ngettext(
        "{tip}; then {cards} of {unseen} unseen cards would lose wherever it went",
        "{tip}; then {cards} of {unseen} unseen cards would lose wherever they went",
        danger.cards,
    )
    short = ngettext(
        "{tip}; then {cards} of {unseen} lose anywhere", "{tip}; then {cards} of {unseen} lose anywhere", danger.cards
    )
    cards, unseen = danger.cards, danger.unseen
    return [
        *(Text.filled(message, tip=form, cards=cards, unseen=unseen) for form in forms),
        *(Text.filled(short, tip=form, cards=cards, unseen=unseen) for form in forms),
    ]


def thinking(card: Card) -> Text:
    """The message line while the expert works on a tip."""
    return Text.filled(_("The expert is thinking about where {card} should go…"), card=card)


def thinking_status() -> Text:
    return Text((_("The expert is thinking…"),), Tone.HEADING)


def no_advice() -> Text:
    """The expert failed: the player goes on alone."""
    return Text((_("The expert could not judge this position: your turn"),), Tone.ERROR)


def autoplay_started(*, any_key: bool) -> tuple[Text, Text]:
    """The message line and the side panel's status when autoplay starts (``any_key``: a key stops it)."""
    if any_key:
        return Text((_("The expert plays on: any key stops it"),)), Text((_("Autoplay (any key stops)"),), Tone.HEADING)
    return Text((_("The expert plays on to the end"),)), Text((_("Autoplay"),), Tone.HEADING)


def autoplay_stopped(placed: int) -> Text:
    """A key stopped autoplay after ``placed`` cards."""
    said = ngettext(
        "Autoplay stopped after {count} card: your turn", "Autoplay stopped after {count} cards: your turn", placed
    )
    return Text((said.format(count=placed),))
