"""The game as plain lines of text, in reading order: the table, the next card, the end, the cards to come.

No box drawing, no cursor movement and no colour, so that a screen reader, a
dumb terminal, a log or a script reads the same lines.  Every function here is
pure: it takes the game and a :class:`~foursquare.words.cards.Spelling`, and
returns lines.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from foursquare.engine import MAX_FACE_DOWN, RANKS, Card, Cell, Game, Pile, Status, cell_name
from foursquare.words.cards import Spelling, rank_count, suit_word
from foursquare.words.catalog import _, ngettext, pgettext
from foursquare.words.grammar import counted_list
from foursquare.words.keys import typed_offers
from foursquare.words.results import result_words

__all__ = [
    "end_line",
    "face_down_words",
    "over_line",
    "position_lines",
    "status_lines",
    "table_lines",
    "to_come_lines",
]


# --- the position -------------------------------------------------------------


def position_lines(game: Game, spell: Spelling) -> list[str]:
    """Everything a player needs after an action: the table, then the next card or the end."""
    return [*table_lines(game, spell), *status_lines(game, spell)]


def table_lines(game: Game, spell: Spelling) -> list[str]:
    """The table row by row, each cell named, over the box of the occupied cells.

    A cell is its name, then its top card (``##`` face down, ``.`` empty) and
    its pile's height; in words, ``face down``, ``empty`` and ``2 cards``.
    Once the game is lost, a face-down card is shown after its mark
    (``##5♦``), as the screen shows it: what was hidden can be seen now.
    """
    reveal = game.status is Status.LOST
    bounds = game.bounds
    if bounds is None:
        said = _("Deal {deal}, no card placed yet: the first card goes on {cell}.")
        return [said.format(deal=game.seed, cell=cell_name((0, 0)))]
    top, bottom, left, right = bounds
    rows = [
        [(cell, game.pile(cell)) for cell in ((r, c) for c in range(left, right + 1))] for r in range(top, bottom + 1)
    ]
    placed = ngettext(
        "Deal {deal}, {count} card placed. The table, row by row:",
        "Deal {deal}, {count} cards placed. The table, row by row:",
        game.placed_count,
    )
    lines = [placed.format(deal=game.seed, count=game.placed_count)]
    if spell.words:
        for row in rows:
            cells = pgettext("the cells of a row, in words", "{first}; {rest}")
            said = _cell_words(*row[-1], spell, reveal)
            for cell, pile in reversed(row[:-1]):
                said = cells.format(first=_cell_words(cell, pile, spell, reveal), rest=said)
            lines.append("  " + pgettext("a row of the table, in words", "{cells}.").format(cells=said))
        return lines
    entries = [[_cell_marks(cell, pile, spell, reveal) for cell, pile in row] for row in rows]
    width = max(len(entry) for row in entries for entry in row)
    lines.extend("  " + "  ".join(f"{entry:<{width}}" for entry in row).rstrip() for row in entries)
    return lines


def _cell_marks(cell: Cell, pile: Pile | None, spell: Spelling, reveal: bool) -> str:
    if pile is None:
        return f"{cell_name(cell)} ."
    top = spell.card(pile.top) if pile.face_up else "##" + (spell.card(pile.top) if reveal else "")
    return f"{cell_name(cell)} {top} ({len(pile)})"


def _cell_words(cell: Cell, pile: Pile | None, spell: Spelling, reveal: bool) -> str:
    if pile is None:
        return _("{cell} empty").format(cell=cell_name(cell))
    fields = {"cell": cell_name(cell), "card": spell.card(pile.top), "count": len(pile)}
    if not pile.face_up and reveal:
        said = ngettext("{cell} face down, {card}, {count} card", "{cell} face down, {card}, {count} cards", len(pile))
        return said.format(**fields)
    if pile.face_up:
        return ngettext("{cell} {card}, {count} card", "{cell} {card}, {count} cards", len(pile)).format(**fields)
    return ngettext("{cell} face down, {count} card", "{cell} face down, {count} cards", len(pile)).format(**fields)


def status_lines(game: Game, spell: Spelling) -> list[str]:
    """The next card, the cards left, the face-down count and the legal cells; or how the game ended."""
    down = face_down_words(game.face_down_count)
    card = game.next_card
    if game.is_over or card is None:
        said = _("{result} {face_down}.").format(result=end_line(game), face_down=down)
        return [said, _("{offers}.").format(offers=over_line(typed_offers()))]
    fields = {
        "card": spell.card(card),
        "number": game.placed_count + 1,
        "total": len(game.stock),
        "left": game.stock_left,
        "down": game.face_down_count,
        "most": MAX_FACE_DOWN,
    }
    if game.face_down_count == MAX_FACE_DOWN:
        said = _(
            "Next card: {card}, card {number} of {total}. Cards left: {left}. Face down: {down} of {most}, "
            "one more loses."
        )
    else:
        said = _("Next card: {card}, card {number} of {total}. Cards left: {left}. Face down: {down} of {most}.")
    legal = [cell_name(cell) for cell in game.legal_moves()]
    cells = pgettext("cells in words", "{first}, {rest}") if spell.words else "{first} {rest}"
    listed = legal[-1] if legal else ""
    for name in reversed(legal[:-1]):
        listed = cells.format(first=name, rest=listed)
    return [said.format(**fields), _("It may go on: {cells}.").format(cells=listed)]


def face_down_words(count: int) -> str:
    """``Face down: 3 of 4``; past the limit, which only a lost game reaches, ``Face down: 6``, since ``6 of 4``
    reads as nonsense (the line before says the game was lost with more than 4)."""
    if count > MAX_FACE_DOWN:
        return _("Face down: {count}").format(count=count)
    return _("Face down: {count} of {most}").format(count=count, most=MAX_FACE_DOWN)


def end_line(game: Game) -> str:
    """``Deal 5: won, score 7.`` or ``Deal 5: lost: more than 4 cards face down.``"""
    return _("Deal {deal}: {result}.").format(
        deal=game.seed, result=result_words(game.status, game.score, game.loss_reason)
    )


def over_line(offers: Sequence[tuple[str, str]]) -> str:
    """What can be done once the game is over, from the keys offered there, each with its word: ``n new deal,
    d replay, q quit`` (a sentence without its full stop), so that no key is left out or named twice."""
    said = [_("{key} {does}").format(key=key, does=_(word)) for key, word in offers]
    return counted_list(said)


def to_come_lines(game: Game, spell: Spelling) -> list[str]:
    """The cards still to come after the next one, rank by rank (their order is secret)."""
    to_come = sorted(game.stock[game.placed_count + 1 :])
    by_rank = Counter(card.rank for card in to_come)
    still = ngettext(
        "Still to come after the next card: {count} card, in an order nobody knows.",
        "Still to come after the next card: {count} cards, in an order nobody knows.",
        len(to_come),
    )
    lines = [still.format(count=len(to_come))]
    for rank in RANKS:
        cards = [card for card in to_come if card.rank == rank]
        if spell.words:
            counted = rank_count(rank, by_rank[rank])
            if cards:
                suits = counted_list([suit_word(card.suit) for card in cards])
                lines.append(
                    "  "
                    + pgettext("cards of a rank to come", "{counted}: {suits}.").format(counted=counted, suits=suits)
                )
            else:
                lines.append("  " + pgettext("cards of a rank to come", "{counted}.").format(counted=counted))
        else:
            rank_text = Card(rank, "C").rank_text
            lines.append(f"  {rank_text:>2}: {by_rank[rank]}  {' '.join(spell.card(card) for card in cards)}".rstrip())
    return lines
