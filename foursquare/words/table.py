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
from foursquare.words.cards import RANK_WORDS, SUIT_WORDS, Spelling
from foursquare.words.catalog import _
from foursquare.words.grammar import plural
from foursquare.words.plain import AT_THE_END
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
    placed = plural(game.placed_count, "card")
    if bounds is None:
        return [f"Deal {game.seed}, no card placed yet: the first card goes on {cell_name((0, 0))}."]
    top, bottom, left, right = bounds
    rows = [
        [(cell, game.pile(cell)) for cell in ((r, c) for c in range(left, right + 1))] for r in range(top, bottom + 1)
    ]
    lines = [f"Deal {game.seed}, {placed} placed. The table, row by row:"]
    if spell.words:
        for row in rows:
            lines.append("  " + "; ".join(_cell_words(cell, pile, spell, reveal) for cell, pile in row) + ".")
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
        return f"{cell_name(cell)} empty"
    if not pile.face_up and reveal:
        return _("{cell} face down, {card}, {cards}").format(
            cell=cell_name(cell), card=spell.card(pile.top), cards=plural(len(pile), "card")
        )
    top = spell.card(pile.top) if pile.face_up else "face down"
    return f"{cell_name(cell)} {top}, {plural(len(pile), 'card')}"


def status_lines(game: Game, spell: Spelling) -> list[str]:
    """The next card, the cards left, the face-down count and the legal cells; or how the game ended."""
    down = face_down_words(game.face_down_count)
    card = game.next_card
    if game.is_over or card is None:
        return [end_line(game) + f" {down}.", over_line(AT_THE_END) + "."]
    if game.face_down_count == MAX_FACE_DOWN:
        down += ", one more loses"
    legal = [cell_name(cell) for cell in game.legal_moves()]
    return [
        f"Next card: {spell.card(card)}, card {game.placed_count + 1} of {len(game.stock)}. "
        f"Cards left: {game.stock_left}. {down}.",
        f"It may go on: {(', ' if spell.words else ' ').join(legal)}.",
    ]


def face_down_words(count: int) -> str:
    """``Face down: 3 of 4``; past the limit, which only a lost game reaches, ``Face down: 6``, since ``6 of 4``
    reads as nonsense (the line before says the game was lost with more than 4)."""
    if count > MAX_FACE_DOWN:
        return f"Face down: {count}"
    return f"Face down: {count} of {MAX_FACE_DOWN}"


def end_line(game: Game) -> str:
    """``Deal 5: won, score 7.`` or ``Deal 5: lost: more than 4 cards face down.``"""
    return f"Deal {game.seed}: {result_words(game.status, game.score, game.loss_reason)}."


def over_line(offers: Sequence[tuple[str, str]]) -> str:
    """What can be done once the game is over, from the keys offered there, each with its word: ``n new deal,
    d replay, q quit`` (a sentence without its full stop), so that no key is left out or named twice."""
    return ", ".join(f"{key} {word}" for key, word in offers)


def to_come_lines(game: Game, spell: Spelling) -> list[str]:
    """The cards still to come after the next one, rank by rank (their order is secret)."""
    to_come = sorted(game.stock[game.placed_count + 1 :])
    by_rank = Counter(card.rank for card in to_come)
    lines = [f"Still to come after the next card: {plural(len(to_come), 'card')}, in an order nobody knows."]
    for rank in RANKS:
        cards = [card for card in to_come if card.rank == rank]
        if spell.words:
            word = RANK_WORDS[rank - 1]
            suits = ", ".join(SUIT_WORDS[card.suit] for card in cards)
            lines.append(f"  {plural(by_rank[rank], word)}{': ' + suits if suits else ''}.")
        else:
            rank_text = Card(rank, "C").rank_text
            lines.append(f"  {rank_text:>2}: {by_rank[rank]}  {' '.join(spell.card(card) for card in cards)}".rstrip())
    return lines
