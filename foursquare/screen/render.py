"""What a frame looks like: the app's state turned into spans of styled text.

:func:`render` composes a whole frame for a terminal of a given size as a list
of :class:`Span` (row, column, text, :class:`Style`), clipped to the screen.
It draws nothing itself and knows no terminal: the terminal layer maps each
:class:`Style` to colours and attributes (or to plain bold and underline
without colour), and ``ascii=True`` picks glyphs any terminal can show.  Every
piece of information is carried by glyphs and words, never by colour alone:
a flipped card has a frame of its own, a cursor on a forbidden cell has its
own marks, a cell pointed out (the expert's tip) and the cards the preview
would turn over have labels in their frames, ranks gone from the stock are
dimmed and also counted 0, the face-down meter says "one more loses", and the
outcome of every cell (``o``) is a glyph and a count or the words LOSE and WIN.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence
from enum import Enum
from typing import NamedTuple

from foursquare.engine import MAX_FACE_DOWN, RANKS, Card, Game, Pile, Preview, Status, cell_name
from foursquare.engine.values import replace
from foursquare.screen import layout
from foursquare.screen.app import App, Mode, TextScreen
from foursquare.screen.keys import KeyName, key_label
from foursquare.words.cards import Spelling
from foursquare.words.catalog import _
from foursquare.words.glyphs import ASCII, UNICODE, Frame, Glyphs, flip_mark, tip_mark, to_ascii
from foursquare.words.helped import ON_YOUR_OWN
from foursquare.words.results import SCORE_MEANING, banner_words
from foursquare.words.screen import (
    PANEL,
    card_of,
    cards_left,
    meter_count,
    outcome_mark,
    page_footer,
    stray_key,
    too_small_words,
)
from foursquare.words.text import Text, Token, Tone, longest_fitting, wrap, wrap_plain

__all__ = [
    "Span",
    "Style",
    "card_style",
    "message_lines",
    "message_rows",
    "render",
    "still_to_come",
]


class Style(Enum):
    """What a span is, for the terminal layer to colour."""

    TEXT = "text"
    DIM = "dim"
    TITLE = "title"
    HEADING = "heading"
    KEY = "key"
    ERROR = "error"
    FRAME = "frame"
    RED = "red"
    BLACK = "black"
    BACK = "back"
    PIPS = "pips"
    SLOT = "slot"
    CURSOR = "cursor"
    CURSOR_BAD = "cursor_bad"
    FLIPPED = "flipped"
    WOULD_FLIP = "would_flip"
    TIP = "tip"
    LABEL = "label"
    LABEL_AT = "label_at"
    METER = "meter"
    WARNING = "warning"
    WON = "won"
    LOST = "lost"
    DIALOG = "dialog"
    OUTCOME = "outcome"
    """What the next card would do on a cell (``o``): a new pile or on a pile, and the face-down count after."""
    OUTCOME_BAD = "outcome_bad"
    """A cell where the next card would lose at once."""
    OUTCOME_GOOD = "outcome_good"
    """A cell where the next card would win at once."""


class Span(NamedTuple):
    y: int
    x: int
    text: str
    style: Style


RED_SUITS = frozenset({"D", "H"})


def card_style(card: Card) -> Style:
    return Style.RED if card.suit in RED_SUITS else Style.BLACK


class _Canvas:
    """Collects spans, clipped to the screen so that nothing is ever drawn past an edge."""

    def __init__(self, width: int, height: int, glyphs: Glyphs, ascii: bool) -> None:
        self.width = width
        self.height = height
        self.g = glyphs
        self.spell = Spelling(ascii=ascii)
        self.spans: list[Span] = []

    def put(self, y: int, x: int, text: str, style: Style) -> int:
        """Write ``text`` at ``(y, x)``; returns the column after it."""
        end = x + len(text)
        if 0 <= y < self.height and text:
            if x < 0:
                text, x = text[-x:], 0
            text = text[: max(0, self.width - x)]
            if text:
                self.spans.append(Span(y, x, text, style))
        return end

    def card_label(self, card: Card) -> str:
        return self.spell.card(card)

    def text(self, y: int, x: int, text: Text, width: int | None = None) -> int:
        """Write a :class:`Text`, cards in their colours, cut with ``…`` at ``width`` columns."""
        limit = self.width - x if width is None else width
        base = _TONE_STYLE[text.tone]
        pieces: list[tuple[str, Style]] = []
        for n, token in enumerate(text.tokens):
            if isinstance(token, Card):
                pieces.append((self.card_label(token), card_style(token)))
            elif text.tone is Tone.KEYS and n == 0:
                pieces.append((str(token), Style.KEY))
            else:
                pieces.append((str(token), base))
        total = sum(len(p) for p, _ in pieces)
        if total > limit:
            pieces = _cut(pieces, limit)
        for piece, style in pieces:
            x = self.put(y, x, piece, style)
        return x

    def frame(self, rect: layout.Rect, f: Frame, style: Style, fill: bool = False) -> None:
        y, x, h, w = rect.y, rect.x, rect.height, rect.width
        self.put(y, x, f.tl + f.h * (w - 2) + f.tr, style)
        for row in range(y + 1, y + h - 1):
            self.put(row, x, f.v, style)
            if fill:
                self.put(row, x + 1, " " * (w - 2), Style.TEXT)
            self.put(row, x + w - 1, f.v, style)
        self.put(y + h - 1, x, f.bl + f.h * (w - 2) + f.br, style)


def _cut(pieces: list[tuple[str, Style]], limit: int) -> list[tuple[str, Style]]:
    out: list[tuple[str, Style]] = []
    room = max(0, limit - 1)
    for piece, style in pieces:
        if len(piece) >= room:
            out.append((piece[:room] + "…", style))
            return out
        out.append((piece, style))
        room -= len(piece)
    return out


_TONE_STYLE = {
    Tone.PLAIN: Style.TEXT,
    Tone.HEADING: Style.HEADING,
    Tone.KEYS: Style.TEXT,
    Tone.ERROR: Style.ERROR,
    Tone.GOOD: Style.WON,
    Tone.BAD: Style.LOST,
    Tone.DIM: Style.DIM,
}


def render(app: App, width: int, height: int, *, ascii: bool = False) -> list[Span]:
    """The whole frame for a ``width``×``height`` terminal, back to front."""
    canvas = _Canvas(max(0, width), max(0, height), ASCII if ascii else UNICODE, ascii)
    mode = app.mode
    where = layout.plan(width, height)
    if where is None:
        _too_small(canvas)
    elif mode is Mode.SCREEN and app.screen is not None:
        _text_screen(canvas, app.screen, app.scroll, app.stray)
    else:
        _table_screen(canvas, app, where)
    if app.dialog is not None:
        _dialog(canvas, app)
    if ascii:
        return [Span(s.y, s.x, to_ascii(s.text, as_wide=True), s.style) for s in canvas.spans]
    return canvas.spans


# --- the table screen ---------------------------------------------------------


def _table_screen(c: _Canvas, app: App, where: layout.Plan) -> None:
    # The title and the hint head the panel, leaving the row above the table to the column letters.
    c.put(where.title_y, where.panel.x, PANEL["title"], Style.TITLE)
    hint = _(PANEL["hint"])
    c.put(where.title_y, where.panel.x + where.panel.width - len(hint), hint, Style.DIM)
    _table(c, app, where)
    _labels(c, app, where)
    if app.intro and not app.game.placed_count:
        _intro(c, app, where)
    lines = message_lines(app, where, c.width)
    end = min(where.panel.y + where.panel.height, where.message_y + 1 - len(lines))
    said = _panel(c, app, replace(where, panel=replace(where.panel, height=end - where.panel.y)))
    if app.stray is not None and not said:  # no row free in the panel: the bottom line says it until the next key
        lines = [stray_key(app.stray)]
    _message(c, app, where, lines)


def _table(c: _Canvas, app: App, where: layout.Plan) -> None:
    game = app.game
    legal = set(game.legal_moves())
    playing = app.mode is Mode.PLAYING
    cursor = app.cursor if playing else None
    marked = app.marked if playing else None
    would_flip = app.would_flip
    outcomes = app.outcomes
    reveal = game.status is Status.LOST
    for cell in app.region:
        rect = layout.cell_rect(where, app.view, cell)
        pile = game.pile(cell)
        label = tip_mark() if cell == marked else flip_mark() if cell in would_flip else None
        if cell == cursor:
            style = Style.CURSOR if cell in legal else Style.CURSOR_BAD
            frame = c.g.cursor
            mid = rect.y + (rect.height - 1) // 2
            left, right = (c.g.mark_left, c.g.mark_right) if cell in legal else (c.g.mark_bad, c.g.mark_bad)
            c.put(mid, rect.x - 1, left, style)
            c.put(mid, rect.x + rect.width, right, style)
        elif cell in app.flipped:
            frame, style = c.g.flipped, Style.FLIPPED
        elif pile is not None:
            frame, style = c.g.card, Style.WOULD_FLIP if cell in would_flip else Style.FRAME
        elif cell in legal:
            frame, style = c.g.slot, Style.SLOT
        else:
            continue
        if cell == marked and cell != cursor:
            style = Style.TIP
        c.frame(rect, frame, style)
        if pile is not None:
            _pile(c, rect, pile, reveal)
        if label is not None:
            c.put(rect.y, rect.x + (rect.width - len(label)) // 2, label, Style.TIP if cell == marked else style)
        if cell in outcomes and (pile is None or label is None):
            _outcome(c, rect, outcomes[cell], on_a_pile=pile is not None)


def _outcome(c: _Canvas, rect: layout.Rect, preview: Preview, *, on_a_pile: bool) -> None:
    """What the next card would do on a cell, in words and glyphs: inside an empty slot, in a pile's top edge."""
    mark = outcome_mark(preview, on_a_pile)
    style = {Status.LOST: Style.OUTCOME_BAD, Status.WON: Style.OUTCOME_GOOD}.get(preview.status, Style.OUTCOME)
    y = rect.y if on_a_pile else rect.y + 1 + (rect.height - 3) // 2
    c.put(y, rect.x + 1 + (rect.width - 2 - len(mark)) // 2, mark, style)


def _labels(c: _Canvas, app: App, where: layout.Plan) -> None:
    """Column letters above and row numbers left of the cells shown, the cursor's own picked out.

    They hug the cells shown (outside the cursor's marks), so they move only when those do.
    """
    region, view = app.region, app.view
    cursor = app.cursor if app.mode is Mode.PLAYING else None
    for col in range(region.left, region.right + 1):
        rect = layout.cell_rect(where, view, (region.top, col))
        style = Style.LABEL_AT if cursor is not None and cursor[1] == col else Style.LABEL
        c.put(rect.y - 1, rect.x + (rect.width - 1) // 2, cell_name((0, col))[0], style)
    for row in range(region.top, region.bottom + 1):
        rect = layout.cell_rect(where, view, (row, region.left))
        style = Style.LABEL_AT if cursor is not None and cursor[0] == row else Style.LABEL
        c.put(rect.y + (rect.height - 1) // 2, rect.x - 2, cell_name((row, 0))[1:], style)


def _intro(c: _Canvas, app: App, where: layout.Plan) -> None:
    """How to win, in a few lines under the middle cell of the empty table."""
    middle = layout.cell_rect(where, app.view, (0, 0))
    y = middle.y + middle.height + 1
    width = where.table.width
    for line in app.intro:
        x = where.table.x + max(0, (width - len(line)) // 2)
        c.text(y, x, line, width)
        y += 1


def _pile(c: _Canvas, rect: layout.Rect, pile: Pile, reveal: bool) -> None:
    """A pile inside its frame: its top card (or its back), dots in the bottom edge for its height.

    ``reveal`` shows the card under a back too, for a game lost: what was hidden can be seen now.
    """
    inner = rect.width - 2
    rows = rect.height - 2
    if pile.face_up:
        _face(c, rect.y + 1, rect.x + 1, inner, rows, pile.top, small=True)
    else:
        for row in range(rows):
            c.put(rect.y + 1 + row, rect.x + 1, c.g.back * inner, Style.BACK)
        if reveal:
            label = c.card_label(pile.top)
            c.put(rect.y + 1 + (rows - 1) // 2, rect.x + 1 + (inner - len(label)) // 2, label, card_style(pile.top))
    pips = c.g.pip * len(pile)
    c.put(rect.y + rect.height - 1, rect.x + 1 + (inner - len(pips) + 1) // 2, pips, Style.PIPS)


def _face(c: _Canvas, y: int, x: int, inner: int, rows: int, card: Card, small: bool) -> None:
    """The face of ``card`` in a box ``rows`` high and ``inner`` wide: corner indices and a centre pip."""
    label = c.card_label(card)
    rank, suit = card.rank_text, c.g.suits[card.suit]
    style = card_style(card)
    if rows == 1:
        c.put(y, x + (inner - len(label)) // 2, label, style)
        return
    if small or rows < 5:
        c.put(y, x, label, style)
        if rows == 2:
            c.put(y + 1, x + inner - len(label), label, style)
            return
        c.put(y + rows // 2, x + inner // 2, suit, style)
        c.put(y + rows - 1, x + inner - len(label), label, style)
        return
    c.put(y, x, rank, style)
    c.put(y + 1, x, suit, style)
    c.put(y + rows // 2, x + inner // 2, suit, style)
    c.put(y + rows - 2, x + inner - 1, suit, style)
    c.put(y + rows - 1, x + inner - len(rank), rank, style)


# --- the side panel -----------------------------------------------------------

_LABEL_W = 11
"""Where the figures of the side panel start, after their labels."""


def still_to_come(game: Game) -> dict[int, int]:
    """How many cards of each rank the stock holds after the next card: what a careful player counts."""
    counts = dict.fromkeys(RANKS, 0)
    for card in game.stock[game.placed_count + 1 :]:
        counts[card.rank] += 1
    return counts


def _panel(c: _Canvas, app: App, where: layout.Plan) -> bool:
    """The next card (or the end box), the figures, the cards still to come, background work and keys.

    Blank lines between the parts are dropped when the panel is short of rows,
    then the key reminder gets what is left; nothing goes below the panel,
    where the message line is (``where.panel`` is shorter by a row when the message takes two).
    True if the note of a key that does nothing (``app.stray``) found a free row above the key legend.
    """
    screen_height = c.height
    c.height = min(c.height, where.panel.y + where.panel.height)
    try:
        return _panel_parts(c, app, where)
    finally:
        c.height = screen_height


def _panel_parts(c: _Canvas, app: App, where: layout.Plan) -> bool:
    game = app.game
    panel = where.panel
    x, end = panel.x, panel.y + panel.height
    show_to_come = app.settings.to_come and not game.is_over
    y = _banner(c, app, where) if game.is_over else _next_card(c, game, where)
    needed = 3 + (1 if game.face_down_count == MAX_FACE_DOWN else 0) + (3 if show_to_come else 0)
    needed += (app.status is not None) + (0 if game.is_over else _rows_needed(panel.width, app.reminder))
    gap = 1 if end - y >= needed + 3 else 0
    y += gap
    if game.is_over:  # the deal to replay or share first: the end box may leave room for little else
        y = _deal_line(c, y, x, panel.width, game)
    c.put(y, x, _(PANEL["stock"]), Style.DIM)
    c.put(y, x + _LABEL_W, cards_left(game.stock_left), Style.TEXT)
    y += 1
    y += _meter(c, y, x, game.face_down_count, warn=not game.is_over)
    if not game.is_over:
        y = _deal_line(c, y, x, panel.width, game)
    y += gap
    if show_to_come:
        y = _to_come(c, y, x, still_to_come(game)) + gap
    if app.status is not None and y < end:
        c.text(y, x, app.status, panel.width)
        y += 1
    legend = 0 if game.is_over else _rows_needed(panel.width, app.reminder)
    said = app.stray is not None and y + legend < end  # a row free above the key legend; else the bottom line
    if said and app.stray is not None:  # covering nothing: never a line of the legend, nor a heading
        c.text(y, x, stray_key(app.stray), panel.width)
        y += 1
    if not game.is_over:
        _legend(c, y, x, panel.width, end, app.reminder)
    return said


def _deal_line(c: _Canvas, y: int, x: int, width: int, game: Game) -> int:
    """``Deal  20261130`` (on a line of its own below the label where it does not fit); returns the row below."""
    c.put(y, x, _(PANEL["deal"]), Style.DIM)
    if _deal_rows(width, game) > 1:
        y += 1
        c.put(y, x, _deal(game), Style.TEXT)
    else:
        c.put(y, x + _LABEL_W, _deal(game), Style.TEXT)
    return y + 1


def _deal_rows(width: int, game: Game) -> int:
    """The rows :func:`_deal_line` takes in a panel ``width`` wide: two for a deal number too long to follow
    its label (a 20-digit one in the narrowest panel)."""
    return 2 if _LABEL_W + len(_deal(game)) > width else 1


def _deal(game: Game) -> str:
    """The deal as the panel names it: its number, or that the stock was given by hand."""
    return str(game.seed) if game.seed is not None else _(PANEL["by_hand"])


def _next_card(c: _Canvas, game: Game, where: layout.Plan) -> int:
    """The next card, large, and how far into the deck it is; returns the row below."""
    panel, big = where.panel, where.big
    c.put(panel.y, panel.x, _(PANEL["next"]), Style.HEADING)
    rect = layout.Rect(panel.y + 1, panel.x, big.height, big.width)
    card = game.next_card
    if card is not None:
        c.frame(rect, c.g.card, Style.FRAME)
        _face(c, rect.y + 1, rect.x + 1, rect.width - 2, rect.height - 2, card, small=False)
        x = rect.x + rect.width + 2
        room = panel.x + panel.width - x
        placed = next((said for said in card_of(game.placed_count + 1, len(game.stock)) if len(said) <= room), "")
        c.put(rect.y + rect.height // 2, x, placed, Style.DIM)
    return rect.y + rect.height


def _to_come(c: _Canvas, y: int, x: int, counts: dict[int, int]) -> int:
    """``After the next card``, then the ranks over their counts, ranks gone dimmed; returns the row below."""
    c.put(y, x, _(PANEL["to_come"]), Style.DIM)
    for rank, count in counts.items():
        text = Card(rank, "S").rank_text
        style = Style.TEXT if count else Style.DIM
        c.put(y + 1, x, text, Style.HEADING if count else Style.DIM)
        c.put(y + 2, x + len(text) - 1, str(count), style)
        x += len(text) + 1
    return y + 3


def _meter(c: _Canvas, y: int, x: int, down: int, *, warn: bool = True) -> int:
    """Face-down count as boxes out of 4, and at exactly 4 a warning in words: one more loses (unless ``warn``
    is off: a game that ended otherwise, with the stock run out, has no more to lose).

    The label is at column ``x``, the boxes :data:`_LABEL_W` further; returns how many rows it took.
    """
    c.put(y, x, _(PANEL["down"]), Style.DIM)
    note_x, x = x, x + _LABEL_W
    shown = min(down, MAX_FACE_DOWN)
    boxes = c.g.meter_on * shown + c.g.meter_off * (MAX_FACE_DOWN - shown)
    if down < MAX_FACE_DOWN:
        x = c.put(y, x, boxes, Style.METER)
        c.put(y, x, " " + meter_count(down), Style.TEXT)
        return 1
    x = c.put(y, x, boxes, Style.WARNING)
    c.put(y, x, " " + meter_count(down), Style.WARNING)
    if down > MAX_FACE_DOWN or not warn:
        return 1  # over: the end box says why, in the words of LossReason
    c.put(y + 1, note_x, _(PANEL["one_more"]), Style.WARNING)
    return 2


def _keys_line(c: _Canvas, y: int, x: int, width: int, pairs: Sequence[tuple[str, str]]) -> int:
    """``key word  key word``: as many pairs as fit in ``width``; returns how many."""
    end = x + width
    for n, (key, word) in enumerate(pairs):
        gap = 2 if n else 0
        if x + gap + len(key) + 1 + len(word) > end:
            return n
        x = c.put(y, x + gap, key, Style.KEY)
        x = c.put(y, x, " " + word, Style.DIM)
    return len(pairs)


def _reminder(c: _Canvas, y: int, x: int, width: int, end: int, keys: Sequence[tuple[KeyName, str]]) -> int:
    """The keys to remind of, on as many lines as they need above row ``end``; returns the row below."""
    pairs = [(key_label(key), word) for key, word in keys]
    while pairs and y < end:
        shown = _keys_line(c, y, x, width, pairs)
        pairs = pairs[max(1, shown) :]  # a pair wider than the panel is left out, not looped on
        y += 1
    return y


def _legend(c: _Canvas, y: int, x: int, width: int, end: int, keys: Sequence[tuple[KeyName, str]]) -> None:
    """The keys of the table, above row ``end``, with ``?`` last: where the rows are too few for them all, the
    last keys give way to ``?``, which lists every key, so that the legend never ends on a key left out."""
    last = [pair for pair in keys if pair[0] == "?"]
    pairs = [pair for pair in keys if pair[0] != "?"] + last
    while len(pairs) > 1 and y + _rows_needed(width, pairs) > end:
        pairs = pairs[: -1 - len(last)] + last
    _reminder(c, y, x, width, end, pairs)


def _banner(c: _Canvas, app: App, where: layout.Plan) -> int:
    """The end of the game, in a double frame where the next card was; returns the row below it."""
    game = app.game
    panel = where.panel
    inner = panel.width - 4
    title, first = banner_words(game)
    note = list(app.end_note)
    if game.status is Status.WON and note:  # the note's first line gives the score: what it means comes after it
        full, short = [note[0], Text.of(_(SCORE_MEANING)), *note[1:]], note
    else:  # a loss keeps why it was lost, whatever the rows
        full = short = [Text.of(first), *note]
    style = Style.WON if game.status is Status.WON else Style.LOST
    key_rows = _rows_needed(inner, app.end_keys)
    # the end box leaves room under it for the deal, to replay or share it (the cards left and those face
    # down are on the table and in the box's words)
    room = max(panel.height - _deal_rows(panel.width, game), 4 + key_rows)
    # short of rows, the end's "more" (the other record) goes first, then what a win's score means, then the
    # note's last sentences, whole
    for said in ([*full, *app.end_more], full, short):
        lines = _wrapped(said, inner)
        if len(lines) + 3 + key_rows <= room:
            break
    while len(said) > 1 and len(lines) + 3 + key_rows > room:
        said.pop()
        lines = _wrapped(said, inner)
    spacing = 5 if len(lines) + 5 + key_rows <= room else 3  # short of rows: no blank lines in the box
    height = min(len(lines) + spacing + key_rows, room)
    rect = layout.Rect(panel.y, panel.x, height, panel.width)
    c.frame(rect, c.g.banner, style, fill=True)
    c.put(rect.y + 1, rect.x + (rect.width - len(title)) // 2, title, style)
    for n, line in enumerate(lines[: max(0, height - spacing - key_rows)]):
        c.text(rect.y + (3 if spacing == 5 else 2) + n, rect.x + 2, line, inner)
    _reminder(c, rect.y + height - 1 - key_rows, rect.x + 2, inner, rect.y + height - 1, app.end_keys)
    return rect.y + height


def _wrapped(said: Sequence[Text], width: int) -> list[Text]:
    """``said`` wrapped to ``width`` columns, a line at a time, each keeping its tone."""
    wrapped = ((t, wrap_plain(t.plain(), width, whole=(ON_YOUR_OWN,))) for t in said)
    return [Text.of(line, tone=t.tone) for t, rows in wrapped for line in rows]


def _rows_needed(width: int, pairs: Sequence[tuple[KeyName, str]]) -> int:
    """How many lines :func:`_reminder` takes for ``pairs`` in ``width`` columns."""
    rows, used = 0, width
    for key, word in pairs:
        size = len(key_label(key)) + 1 + len(word)
        if used + 2 + size > width:
            rows, used = rows + 1, size
        else:
            used += 2 + size
    return rows


def message_rows(app: App, where: layout.Plan) -> int:
    """How many rows a message may take: the layout's, or two on the smallest terminals when the cells
    shown leave the row above the message line blank."""
    if where.message_rows > 1:
        return where.message_rows
    region = app.region
    lowest = layout.cell_rect(where, app.view, (region.bottom, region.left))
    return 2 if lowest.y + lowest.height < where.message_y - 1 else 1


def message_lines(app: App, where: layout.Plan, width: int) -> list[Text]:
    """The bottom lines: the preview of the cursor's cell (one line), or the message wrapped on the rows there are.

    The longest form of the message that fits those rows whole is shown; only
    when none does is the shortest cut (with ``…``) on its last row.
    """
    room = width - where.table.x - 1
    preview = app.preview_forms
    if preview:
        return [longest_fitting(preview, room)]
    forms = app.message_forms
    if not forms or forms[0] != app.message:  # the message was set on its own
        forms = tuple(form for form in (app.message, app.message_short) if form is not None)
    if not forms:
        return []
    rows = message_rows(app, where)
    for form in forms:
        lines = wrap(form, room)
        if len(lines) <= rows and all(len(line) <= room for line in lines):
            return lines
    if len(lines) <= rows:
        return lines  # a word wider than the screen: cut where it is
    shown, rest = lines[: rows - 1], lines[rows - 1 :]
    tokens: list[Token] = []
    for n, line in enumerate(rest):  # what does not fit goes on the last row, to be cut there with "…"
        tokens += [" ", *line.tokens] if n else line.tokens
    return [*shown, Text(tuple(tokens), forms[-1].tone)]


def _message(c: _Canvas, app: App, where: layout.Plan, lines: list[Text]) -> None:
    x = where.table.x
    room = c.width - x - 1
    top = where.message_y + 1 - len(lines)
    for n, line in enumerate(lines):
        c.text(top + n, x, line, room)


# --- other screens ------------------------------------------------------------


def _centred(c: _Canvas, lines: Iterable[tuple[str, Style]]) -> None:
    rows = list(lines)
    top = max(0, (c.height - len(rows)) // 2)
    for n, (line, style) in enumerate(rows):
        c.put(top + n, max(0, (c.width - len(line)) // 2), line, style)


def _too_small(c: _Canvas) -> None:
    need_w, need_h = layout.minimum_size()
    words, fewer, keys = too_small_words(need_w, need_h, c.width, c.height)
    # a margin where there is room for one; words are never broken, whatever the width (a word wider than the
    # screen is cut at its edge); short of rows, the fewer words, then no blank line above the key
    room = max(1, min(max(c.width - 2, 10), c.width, 48))
    wrapped = textwrap.wrap(words, room, break_long_words=False)
    if len(wrapped) + 2 > c.height:
        wrapped = textwrap.wrap(fewer, room, break_long_words=False)
    gap = [("", Style.TEXT)] if len(wrapped) + 2 <= c.height else []
    _centred(c, [*((line, Style.TEXT) for line in wrapped), *gap, (keys, Style.DIM)])


def _text_screen(c: _Canvas, screen: TextScreen, scroll: int, stray: str | None = None) -> None:
    width = layout.page_width(c.width)
    lines = screen.rows(width)
    rows = layout.screen_body_rows(c.height)
    scroll = max(0, min(scroll, len(lines) - rows))  # a page that a resize made shorter than its scroll
    x = (c.width - width) // 2
    c.put(0, x, screen.title, Style.TITLE)
    for n, (line, at) in enumerate(list(zip(lines, _block_columns(lines, x, c.width), strict=True))[scroll:][:rows]):
        c.text(2 + n, at, line, max(width, c.width - at))
    if screen.footer is not None:  # the page's own, in the longest form that fits beside the page's margin
        footer = longest_fitting((screen.footer, *screen.shorter), c.width - x)
    else:
        footer = page_footer(len(lines), scroll, rows, c.width - x, screen.keys)
    if stray is not None:  # until the next key: the footer after it says which keys do something
        note = stray_key(stray).plain()
        footer = f"{note} · {footer}"
        if len(footer) > c.width - x:  # the keys give way, but never the last, which leaves the page
            footer = f"{note} · {footer.rsplit(' · ', 1)[-1]}"
    c.put(c.height - 1, x, footer, Style.DIM)


def _block_columns(lines: Sequence[Text], x: int, width: int) -> list[int]:
    """The column each line of a page starts at: the page's margin ``x``, except in a block of lines (between
    blank lines) wider than the margins allow, such as a chart, which uses the margins as one block so that
    its lines stay aligned, and only it: the rest of the page keeps its margin."""
    columns: list[int] = []
    start = 0
    for end in [*(n for n, line in enumerate(lines) if not len(line)), len(lines)]:
        widest = max((len(line) for line in lines[start:end]), default=0)
        columns += [max(0, min(x, width - widest))] * (end - start)
        if end < len(lines):
            columns.append(x)
        start = end + 1
    return columns


def _dialog(c: _Canvas, app: App) -> None:
    dialog = app.dialog
    if dialog is None:
        return
    answers = dialog.answers()
    answers_w = sum(len(k) + 1 + len(w) for k, w in answers) + 2
    width = min(c.width, max(len(dialog.question), len(dialog.detail), answers_w) + 4, 60)
    inner = max(1, width - 4)
    detail = textwrap.wrap(dialog.detail.plain(), inner) or [""]
    key_rows = _rows_needed(inner, answers)
    height = len(detail) + 5 + key_rows
    rect = layout.Rect(max(0, (c.height - height) // 2), max(0, (c.width - width) // 2), height, width)
    for y in range(rect.y, rect.y + rect.height):  # a clear band: no word of the screen below is left cut
        c.put(y, 0, " " * c.width, Style.TEXT)
    c.frame(rect, c.g.banner, Style.DIALOG, fill=True)
    c.text(rect.y + 1, rect.x + 2, dialog.question, inner)
    for n, line in enumerate(detail):
        c.put(rect.y + 3 + n, rect.x + 2, line, Style.TEXT)
    _reminder(c, rect.y + height - 1 - key_rows, rect.x + 2, inner, rect.y + height - 1, answers)
