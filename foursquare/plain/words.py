"""The game as plain lines of text, in reading order: what plain mode prints.

No box drawing, no cursor movement and no colour, so that a screen reader, a
dumb terminal, a log or a script reads the same lines.  Every function here is
pure: it takes the game (or what a command found) and a :class:`Spelling`,
and returns lines.  A :class:`Spelling` writes cards as on the screen
(``7♥``), in ASCII (``7H``) or in words for speech (``seven of hearts``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from foursquare.engine import MAX_FACE_DOWN, RANKS, Card, Cell, Game, Pile, Preview, Status, cell_name
from foursquare.screen.render import UNICODE, to_ascii
from foursquare.screen.stats_page import summary_lines
from foursquare.screen.text import Text, card_list
from foursquare.storage.stats import Stats

__all__ = [
    "RANK_WORDS",
    "SUIT_WORDS",
    "Spelling",
    "end_line",
    "position_lines",
    "preview_line",
    "stats_lines",
    "status_lines",
    "table_lines",
    "to_come_lines",
    "took_back_line",
]

RANK_WORDS = ("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
"""Rank 1 to 10 in words, for speech."""
SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


@dataclass(frozen=True, slots=True)
class Spelling:
    """How cards and the table's marks are written, and which characters may be printed.

    By default as on the screen: ``7♥``, ``##`` for a face-down card and
    ``.`` for an empty cell.  ``words`` is for speech: ``seven of hearts``,
    ``face down``, ``empty``.  ``ascii`` is for terminals and files that
    cannot show suits: ``7H``, and every other character written in ASCII.
    """

    words: bool = False
    ascii: bool = False

    def card(self, card: Card) -> str:
        if self.words:
            return f"{RANK_WORDS[card.rank - 1]} of {SUIT_WORDS[card.suit]}"
        if self.ascii:
            return str(card)
        return card.rank_text + UNICODE.suits[card.suit]

    def opening(self, card: Card) -> str:
        """``card`` at the start of a sentence: in words, capitalised (``Eight of clubs``)."""
        spelled = self.card(card)
        return spelled[:1].upper() + spelled[1:]

    def text(self, text: Text) -> str:
        """A line of words and cards (an explanation, a refusal) with its cards spelled, as a sentence."""
        return "".join(
            token if isinstance(token, str) else self.opening(token) if n == 0 else self.card(token)
            for n, token in enumerate(text.tokens)
        )

    def line(self, line: str) -> str:
        """The last step before printing: in ASCII, every other character replaced (``×`` as ``x``)."""
        return to_ascii(line) if self.ascii else line

    def cards(self, cards: Iterable[Card]) -> str:
        """``6♥, 2♣ and 3♦``."""
        return "".join(token if isinstance(token, str) else self.card(token) for token in card_list(cards))


def _plural(count: int, word: str, plural: str = "") -> str:
    return f"{count} {word if count == 1 else plural or word + 's'}"


def _and_list(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return " and ".join([", ".join(items[:-1]), items[-1]]) if len(items) > 1 else "".join(items)


# --- the position -------------------------------------------------------------


def position_lines(game: Game, spell: Spelling) -> list[str]:
    """Everything a player needs after an action: the table, then the next card or the end."""
    return [*table_lines(game, spell), *status_lines(game, spell)]


def table_lines(game: Game, spell: Spelling) -> list[str]:
    """The table row by row, each cell named, over the box of the occupied cells.

    A cell is its name, then its top card (``##`` face down, ``.`` empty) and
    its pile's height; in words, ``face down``, ``empty`` and ``2 cards``.
    """
    bounds = game.bounds
    placed = _plural(game.placed_count, "card")
    if bounds is None:
        return [f"Deal {game.seed}, no card placed yet: the first card goes on {cell_name((0, 0))}."]
    top, bottom, left, right = bounds
    rows = [
        [(cell, game.pile(cell)) for cell in ((r, c) for c in range(left, right + 1))] for r in range(top, bottom + 1)
    ]
    lines = [f"Deal {game.seed}, {placed} placed. The table, row by row:"]
    if spell.words:
        for row in rows:
            lines.append("  " + "; ".join(_cell_words(cell, pile, spell) for cell, pile in row) + ".")
        return lines
    entries = [[_cell_marks(cell, pile, spell) for cell, pile in row] for row in rows]
    width = max(len(entry) for row in entries for entry in row)
    lines.extend("  " + "  ".join(f"{entry:<{width}}" for entry in row).rstrip() for row in entries)
    return lines


def _cell_marks(cell: Cell, pile: Pile | None, spell: Spelling) -> str:
    if pile is None:
        return f"{cell_name(cell)} ."
    top = spell.card(pile.top) if pile.face_up else "##"
    return f"{cell_name(cell)} {top} ({len(pile)})"


def _cell_words(cell: Cell, pile: Pile | None, spell: Spelling) -> str:
    if pile is None:
        return f"{cell_name(cell)} empty"
    top = spell.card(pile.top) if pile.face_up else "face down"
    return f"{cell_name(cell)} {top}, {_plural(len(pile), 'card')}"


def status_lines(game: Game, spell: Spelling) -> list[str]:
    """The next card, the cards left, the face-down count and the legal cells; or how the game ended."""
    down = f"Face down: {game.face_down_count} of {MAX_FACE_DOWN}"
    card = game.next_card
    if game.is_over or card is None:
        return [end_line(game) + f" {down}.", "n for a new deal, u to take back the last card, q to quit."]
    if game.face_down_count == MAX_FACE_DOWN:
        down += ", one more loses"
    legal = [cell_name(cell) for cell in game.legal_moves()]
    return [
        f"Next card: {spell.card(card)}, card {game.placed_count + 1} of {len(game.stock)}. "
        f"Cards left: {game.stock_left}. {down}.",
        f"It may go on: {(', ' if spell.words else ' ').join(legal)}.",
    ]


def end_line(game: Game) -> str:
    """``Deal 5: won, score 7.`` or ``Deal 5: lost: more than 4 cards face down.``"""
    if game.status is Status.WON:
        return f"Deal {game.seed}: won, score {game.score}."
    reason = game.loss_reason
    return f"Deal {game.seed}: lost: {reason.description if reason is not None else 'the game is over'}."


# --- what a command found -----------------------------------------------------


def took_back_line(card: Card, cell: Cell, turned: Sequence[Card], spell: Spelling) -> str:
    """What undo did: the card back on the stock, and the cards its placement had turned over."""
    line = f"Took back {spell.card(card)} from {cell_name(cell)}"
    return line + (f": turned {spell.cards(turned)} back over." if turned else ".")


def preview_line(game: Game, preview: Preview, spell: Spelling) -> str:
    """What placing the next card on a cell would turn over and how the game would stand.

    Face-up cards it would turn are named with their cells; face-down ones only
    by their cells, since their ranks are hidden until they turn up.
    """
    piles = game.piles
    turned = [f"{spell.card(piles[cell].top)} on {cell_name(cell)}" for cell in preview.flipped if piles[cell].face_up]
    hidden = [cell_name(cell) for cell in preview.flipped if not piles[cell].face_up]
    if hidden:
        turned.append(f"the face-down card{'s' if len(hidden) > 1 else ''} on {_and_list(hidden)}")
    what = f"would turn over {_and_list(turned)}" if turned else "would turn nothing over"
    line = f"{spell.opening(preview.card)} on {cell_name(preview.cell)} {what}"
    if preview.status is Status.WON:
        return f"{line}, and you would win with score {preview.score}."
    if preview.status is Status.LOST and preview.loss_reason is not None:
        return f"{line}, and you would lose: {preview.loss_reason.description}."
    return f"{line}, leaving {preview.face_down_count} of {MAX_FACE_DOWN} face down."


def to_come_lines(game: Game, spell: Spelling) -> list[str]:
    """The cards still to come after the next one, rank by rank (their order is secret)."""
    to_come = sorted(game.stock[game.placed_count + 1 :])
    by_rank = Counter(card.rank for card in to_come)
    lines = [f"Still to come after the next card: {_plural(len(to_come), 'card')}, in an order nobody knows."]
    for rank in RANKS:
        cards = [card for card in to_come if card.rank == rank]
        if spell.words:
            word = RANK_WORDS[rank - 1]
            suits = ", ".join(SUIT_WORDS[card.suit] for card in cards)
            lines.append(
                f"  {_plural(by_rank[rank], word, word + 'es' if rank == 6 else '')}{': ' + suits if suits else ''}."
            )
        else:
            rank_text = Card(rank, "C").rank_text
            lines.append(f"  {rank_text:>2}: {by_rank[rank]}  {' '.join(spell.card(card) for card in cards)}".rstrip())
    return lines


def stats_lines(stats: Stats) -> list[str]:
    """The statistics as on ``foursquare stats``, with the winning scores in words instead of a chart."""
    wins = [f"{score} ({_plural(count, 'win')})" for score, count in enumerate(stats.histogram) if count]
    return [*summary_lines(stats), f"Winning scores: {', '.join(wins) if wins else 'none yet'}."]
