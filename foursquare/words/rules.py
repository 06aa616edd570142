"""The rules in short, for the help of the game screen and of plain mode, and what the screen's marks mean.

Each section is a heading and one paragraph, so that a page of any width
can wrap it as prose.  The full rulebook, with its worked example, is the
help topic ``rules`` (``foursquare help rules``).
"""

from __future__ import annotations

from foursquare.words.catalog import _
from foursquare.words.glyphs import NEW_PILE, ON_A_PILE
from foursquare.words.screen import LOSE_MARK, WIN_MARK

__all__ = ["on_the_table", "rules"]


def rules() -> tuple[tuple[str, str], ...]:
    """The rules in short: (heading, paragraph)."""
    return (
        (_("Aim"), _("Build a 4×4 square of piles with every top card face up.")),
        (
            _("Placing"),
            _(
                "The first card goes in the middle. Each next card goes on a pile of fewer than 4 cards, or on an "
                "empty cell beside a pile (not diagonally), as long as all piles still fit in 4 rows by 4 columns."
            ),
        ),
        (
            _("Turning over"),
            _(
                "Compare the placed card with the face-up top cards of the other piles in its row. If it is higher "
                "than all of them, or lower than all of them, or there are none, the top card of every other pile "
                "in the row is turned over (face up to face down and back); the cards under a top card and the "
                "placed card never turn. A tie is neither higher nor lower. Then the same for its column. Face-down "
                "cards are never compared; suits never matter."
            ),
        ),
        (
            _("The end"),
            _(
                "More than 4 piles face down (only top cards count): you lose. All 16 piles face up: you win, and "
                "your score is the number of cards left in the stock. The stock runs out first: you lose."
            ),
        ),
    )


def on_the_table() -> tuple[str, str]:
    """What the game screen's marks mean: the help screen's part that plain mode leaves out."""
    return _("On the table"), _(
        "Cells are named by a column letter and a row number, shown around the table: the first card goes on "
        "d4. Dots under a card: cards in its pile (4 at most). Dashed slots: cells where the next card may go. "
        "Cards just turned over have a double frame until your next key; the line at the bottom says why they "
        "turned. While you move the cursor, that line says what placing the next card there would do, and the "
        "cards it would turn over are marked 'flips'. 'After the next card' counts the cards of each rank "
        "left in the stock after it. "
        "Outcomes (o): every cell the next card may go on says what it would do there, {new}2/4 a new pile "
        "or {on}2/4 on top of a pile, with 2 of 4 face down after; {lose} and {win} end the game "
        "at once. On a pile the outcome is in its top edge, where 'flips' and the tip's mark go first."
    ).format(new=NEW_PILE, on=ON_A_PILE, lose=_(LOSE_MARK), win=_(WIN_MARK))
