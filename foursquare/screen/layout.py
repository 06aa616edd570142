"""Where things go on the screen: pure geometry, no drawing.

Three questions are answered here.  Which cells of the endless table are shown
(:func:`shown_region`): the occupied box plus one cell on each side along a
dimension that can still grow, which holds every legal placement of the rules
and nothing beyond the 4×4 box once it spans 4.  Where on the table area they
go: the area holds a window of 5×5 cells (a :class:`Region` too), which
stays put while the cells shown fit in it and otherwise moves as little as it
must (:func:`follow`), so that piles keep their place on screen; it is worked
out from the cards placed (:func:`view_after`), so a position is always drawn
the same way.  And where,
for a terminal of a given size, the table, the side panel and the message
line go (:func:`plan`), with the card size chosen so that the largest table
the rules allow (5×5 cells shown) always fits and cards never change size
during a game.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from foursquare.engine import GRID, Cell
from foursquare.engine.values import Value

__all__ = [
    "MAX_SHOWN",
    "CardSize",
    "Plan",
    "Rect",
    "Region",
    "cell_at",
    "cell_rect",
    "first_view",
    "follow",
    "minimum_size",
    "page_width",
    "plan",
    "screen_body_rows",
    "shown_region",
    "view_after",
]

MAX_SHOWN = GRID + 1
"""The most rows (or columns) ever shown: a box 3 wide can still grow on both sides."""


class Region(Value):
    """A rectangle of table cells, rows ``top..bottom`` and columns ``left..right``."""

    top: int
    bottom: int
    left: int
    right: int

    @property
    def rows(self) -> int:
        return self.bottom - self.top + 1

    @property
    def cols(self) -> int:
        return self.right - self.left + 1

    def __contains__(self, cell: object) -> bool:
        if not isinstance(cell, tuple) or len(cell) != 2:
            return False
        row, col = cell
        return bool(self.top <= row <= self.bottom and self.left <= col <= self.right)

    def __iter__(self) -> Iterator[Cell]:
        for row in range(self.top, self.bottom + 1):
            for col in range(self.left, self.right + 1):
                yield (row, col)

    def clamp(self, cell: Cell) -> Cell:
        """The cell of the region nearest to ``cell``."""
        row, col = cell
        return (min(max(row, self.top), self.bottom), min(max(col, self.left), self.right))


def shown_region(bounds: tuple[int, int, int, int] | None) -> Region:
    """The cells to show for a table whose occupied box is ``bounds`` (``Game.bounds``).

    An empty table shows only the middle cell, where the first card goes.
    Along each dimension the box is widened by one cell on both sides while it
    spans fewer than 4, since a card may go there; once it spans 4, nothing
    outside it can ever be used.
    """
    if bounds is None:
        return Region(0, 0, 0, 0)
    top, bottom, left, right = bounds
    if bottom - top + 1 < GRID:
        top, bottom = top - 1, bottom + 1
    if right - left + 1 < GRID:
        left, right = left - 1, right + 1
    return Region(top, bottom, left, right)


def first_view(region: Region) -> Region:
    """The window of :data:`MAX_SHOWN` × :data:`MAX_SHOWN` cells with ``region`` in its middle."""
    top = region.top - (MAX_SHOWN - region.rows) // 2
    left = region.left - (MAX_SHOWN - region.cols) // 2
    return Region(top, top + MAX_SHOWN - 1, left, left + MAX_SHOWN - 1)


def follow(view: Region, region: Region) -> Region:
    """``view`` moved as little as it must to hold ``region`` (not at all if it already does)."""
    d_row = _shift(view.top, view.bottom, region.top, region.bottom)
    d_col = _shift(view.left, view.right, region.left, region.right)
    if not d_row and not d_col:
        return view
    return Region(view.top + d_row, view.bottom + d_row, view.left + d_col, view.right + d_col)


def view_after(placements: Sequence[Cell]) -> Region:
    """The window of a game whose cards went on ``placements`` in order: the first window, followed card by card.

    A function of the position alone, so that the same game is drawn in the
    same place however it got there: played straight, after an undo, or
    resumed in a new run.
    """
    view = first_view(shown_region(None))
    bounds: tuple[int, int, int, int] | None = None
    for row, col in placements:
        if bounds is None:
            bounds = (row, row, col, col)
        else:
            top, bottom, left, right = bounds
            bounds = (min(top, row), max(bottom, row), min(left, col), max(right, col))
        view = follow(view, shown_region(bounds))
    return view


def _shift(low: int, high: int, need_low: int, need_high: int) -> int:
    """The least step that brings ``need_low..need_high`` inside ``low..high`` (never wider than it)."""
    if need_low < low:
        return need_low - low
    if need_high > high:
        return need_high - high
    return 0


class CardSize(Value):
    """A card's outer size in screen cells, and the space between neighbouring cards."""

    width: int
    height: int
    gap_x: int
    gap_y: int


class Rect(Value):
    y: int
    x: int
    height: int
    width: int

    def __contains__(self, point: object) -> bool:
        if not isinstance(point, tuple) or len(point) != 2:
            return False
        y, x = point
        return bool(self.y <= y < self.y + self.height and self.x <= x < self.x + self.width)


class Plan(Value):
    """The screen of a terminal ``width``×``height``: what goes where."""

    width: int
    height: int
    card: CardSize
    big: CardSize
    """The next card, drawn large in the side panel."""
    table: Rect
    """The area the shown cells are centred in (with room for the cursor marks)."""
    panel: Rect
    title_y: int
    message_y: int
    """The message line: the last row."""
    message_rows: int = 1
    """Rows the message may take, up to and including :attr:`message_y`, with nothing else drawn there:
    2 where the layout leaves a blank row above the message line, 1 on the smallest terminals."""


# Each choice: the card on the table, the big next card, and whether there is
# room for a blank line under the title and above the message.  Largest first.
_CHOICES: tuple[tuple[CardSize, CardSize, bool], ...] = (
    (CardSize(10, 5, 2, 1), CardSize(13, 9, 0, 0), True),
    (CardSize(8, 4, 1, 0), CardSize(11, 7, 0, 0), True),
    (CardSize(7, 3, 1, 0), CardSize(9, 5, 0, 0), True),
    (CardSize(7, 3, 1, 0), CardSize(9, 5, 0, 0), False),
)
PANEL_MIN = 25
"""Narrowest side panel: long enough for 'Face down ■■■■ 4/4 !' and the key reminder."""
PANEL_MAX = 34
_MARGIN = 1  # blank columns at the left and right edges of the screen
_SPLIT = 2  # blank columns between the table and the panel


def _table_size(card: CardSize) -> tuple[int, int]:
    """Height and width of the table area, cursor marks included."""
    height = MAX_SHOWN * card.height + (MAX_SHOWN - 1) * card.gap_y
    width = MAX_SHOWN * card.width + (MAX_SHOWN - 1) * card.gap_x + 2
    return height, width


def _needs(card: CardSize, roomy: bool) -> tuple[int, int]:
    table_h, table_w = _table_size(card)
    return 2 * _MARGIN + table_w + _SPLIT + PANEL_MIN, table_h + (4 if roomy else 2)


def minimum_size() -> tuple[int, int]:
    """The smallest terminal (columns, rows) the game can be played in."""
    card, _, roomy = _CHOICES[-1]
    return _needs(card, roomy)


def plan(width: int, height: int) -> Plan | None:
    """Where everything goes on a ``width``×``height`` terminal; None if it is too small."""
    for card, big, roomy in _CHOICES:
        need_w, need_h = _needs(card, roomy)
        if width < need_w or height < need_h:
            continue
        table_h, table_w = _table_size(card)
        gap = 1 if roomy else 0
        top = 1 + gap
        bottom = height - 1 - gap  # first row below the table area
        panel_w = min(PANEL_MAX, width - 2 * _MARGIN - table_w - _SPLIT)
        # Centre table and panel together as one block.
        left = (width - (table_w + _SPLIT + panel_w)) // 2
        table = Rect(top + (bottom - top - table_h) // 2, left, table_h, table_w)
        panel = Rect(top, left + table_w + _SPLIT, bottom - top, panel_w)
        rows = 1 + gap
        return Plan(width, height, card, big, table, panel, title_y=0, message_y=height - 1, message_rows=rows)
    return None


def cell_rect(layout: Plan, view: Region, cell: Cell) -> Rect:
    """Where the card for ``cell`` is drawn, with the window ``view`` filling the table area."""
    card = layout.card
    row, col = cell
    return Rect(
        layout.table.y + (row - view.top) * (card.height + card.gap_y),
        layout.table.x + 1 + (col - view.left) * (card.width + card.gap_x),
        card.height,
        card.width,
    )


def cell_at(layout: Plan, view: Region, region: Region, y: int, x: int) -> Cell | None:
    """The cell of ``region`` drawn at screen row ``y``, column ``x``, if any (for the mouse)."""
    for cell in region:
        if (y, x) in cell_rect(layout, view, cell):
            return cell
    return None


PAGE_MAX = 80
"""The widest a full-screen page of text is drawn, however wide the terminal: lines stay readable."""


def page_width(width: int) -> int:
    """Columns for the text of a full-screen page (help and the like) on a terminal ``width`` wide."""
    return max(1, min(width, PAGE_MAX) - 2)


def screen_body_rows(height: int) -> int:
    """Rows for the body of a full-screen text view (help and the like): title and footer take 4."""
    return max(1, height - 4)
