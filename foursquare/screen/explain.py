"""Why a placement turned over what it did, in words for the player.

The engine reports *which* cells a placement turned over; this module says
*why*, from the position just before it: the placed card was highest or
lowest among the face-up cards of its row (or column), found only face-down
cards there, fell between them, or tied one of them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum

from foursquare.engine import Card, Cell, Pile, Placement
from foursquare.screen.text import Text, Token, card_list

__all__ = ["Judgement", "LineJudgement", "explain", "judge", "judge_line"]


class Judgement(Enum):
    """How the placed card compares with the other piles of one line."""

    ALONE = "alone"
    """No other pile in the line: nothing to turn over."""
    ALL_DOWN = "all_down"
    """Other piles, all face down: nothing to compare with, so all turn over."""
    HIGHEST = "highest"
    LOWEST = "lowest"
    BETWEEN = "between"
    TIE = "tie"

    @property
    def turns_over(self) -> bool:
        return self in (Judgement.ALL_DOWN, Judgement.HIGHEST, Judgement.LOWEST)


@dataclass(frozen=True, slots=True)
class LineJudgement:
    """The verdict for one line (row or column) and the cards it turned over."""

    line: str
    """``"row"`` or ``"column"``."""
    judgement: Judgement
    turned: tuple[Card, ...]
    low: int = 0
    """Lowest face-up rank among the others (BETWEEN), or the tied rank (TIE)."""
    high: int = 0
    """Highest face-up rank among the others (BETWEEN)."""


def judge_line(line: str, card: Card, others: list[Pile], turned: tuple[Card, ...]) -> LineJudgement:
    """Compare ``card`` with the ``others`` piles of its line, as the rules do."""
    if not others:
        return LineJudgement(line, Judgement.ALONE, turned)
    ranks = [p.top.rank for p in others if p.face_up]
    if not ranks:
        return LineJudgement(line, Judgement.ALL_DOWN, turned)
    low, high = min(ranks), max(ranks)
    if card.rank > high:
        return LineJudgement(line, Judgement.HIGHEST, turned)
    if card.rank < low:
        return LineJudgement(line, Judgement.LOWEST, turned)
    if card.rank in (low, high):
        return LineJudgement(line, Judgement.TIE, turned, low=card.rank, high=card.rank)
    return LineJudgement(line, Judgement.BETWEEN, turned, low=low, high=high)


def _rank_name(rank: int) -> str:
    return "A" if rank == 1 else str(rank)


def _a_rank(rank: int) -> str:
    """``a 4``, ``an 8``, ``an A``."""
    return ("an " if rank in (1, 8) else "a ") + _rank_name(rank)


def _clause(j: LineJudgement, short: bool) -> tuple[Token, ...]:
    """One line's verdict, e.g. ``is highest in its row: turned over 6♥ and 6♦``."""
    where = f" in {j.line}" if short else f" in its {j.line}"
    turned: tuple[Token, ...] = ()
    if j.judgement.turns_over:
        turned = (": turned ", *_short_list(j.turned)) if short else (": turned over ", *card_list(j.turned))
    elif not short:
        turned = (": nothing turned",)
    if j.judgement is Judgement.HIGHEST:
        return ("highest" if short else "is highest", where, *turned)
    if j.judgement is Judgement.LOWEST:
        return ("lowest" if short else "is lowest", where, *turned)
    if j.judgement is Judgement.ALL_DOWN:
        return (f"{j.line} all face down" if short else f"has only face-down cards in its {j.line}", *turned)
    if j.judgement is Judgement.TIE:
        return (f"ties {_a_rank(j.low)}", where, *turned)
    if j.judgement is Judgement.BETWEEN:
        between = f"between {_rank_name(j.low)} and {_rank_name(j.high)}"
        return (between if short else f"is {between}", where, *turned)
    return ("alone" if short else "is alone", where)


def _short_list(cards: tuple[Card, ...]) -> tuple[Token, ...]:
    out: list[Token] = []
    for n, card in enumerate(cards):
        if n:
            out.append(", ")
        out.append(card)
    return tuple(out)


def judge(before: Mapping[Cell, Pile], placement: Placement) -> tuple[LineJudgement, LineJudgement]:
    """The row and column verdicts of ``placement``, made on the table ``before`` it."""
    row, col = placement.cell
    in_row = [p for (r, c), p in before.items() if r == row and c != col]
    in_col = [p for (r, c), p in before.items() if c == col and r != row]
    turned_row = tuple(before[cell].top for cell in placement.row_flipped)
    turned_col = tuple(before[cell].top for cell in placement.column_flipped)
    return (
        judge_line("row", placement.card, in_row, turned_row),
        judge_line("column", placement.card, in_col, turned_col),
    )


def explain(before: Mapping[Cell, Pile], placement: Placement) -> tuple[Text, Text]:
    """A full sentence and a short one saying what ``placement`` turned over and why.

    ``before`` is the table just before the placement (``Game.piles``).  The
    short form is for narrow terminals.
    """
    row, col = judge(before, placement)
    card = placement.card
    if row.judgement is Judgement.ALONE and col.judgement is Judgement.ALONE:
        return (
            Text.of(card, " is alone in its row and column: nothing turned"),
            Text.of(card, " alone in row and column"),
        )
    shown = [j for j in (row, col) if j.judgement is not Judgement.ALONE]
    long: list[Token] = [card, " "]
    short: list[Token] = [card, " "]
    for n, j in enumerate(shown):
        if n:
            long.append("; ")
            short.append("; ")
        long.extend(_clause(j, short=False))
        short.extend(_clause(j, short=True))
    return Text(tuple(long)), Text(tuple(short))
