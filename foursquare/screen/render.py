"""What a frame looks like: the app's state turned into spans of styled text.

:func:`render` composes a whole frame for a terminal of a given size as a list
of :class:`Span` (row, column, text, :class:`Style`), clipped to the screen.
It draws nothing itself and knows no terminal: the terminal layer maps each
:class:`Style` to colours and attributes (or to plain bold and underline
without colour), and ``ascii=True`` picks glyphs any terminal can show.  Every
piece of information is carried by glyphs and words, never by colour alone:
a flipped card has a frame of its own, a cursor on a forbidden cell has its
own marks, a cell pointed out (the expert's tip) has a label in its frame, the
face-down meter says "one more loses".
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import NamedTuple

from foursquare.engine import MAX_FACE_DOWN, Card, LossReason, Pile, Status
from foursquare.screen import layout
from foursquare.screen.app import App, Mode, TextScreen
from foursquare.screen.keys import KeyName, key_label
from foursquare.screen.text import Text, Tone

__all__ = [
    "ASCII",
    "TIP_MARK",
    "UNICODE",
    "UNICODE_SAMPLE",
    "Glyphs",
    "Span",
    "Style",
    "card_style",
    "render",
    "to_ascii",
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
    NO_SLOT = "no_slot"
    CURSOR = "cursor"
    CURSOR_BAD = "cursor_bad"
    FLIPPED = "flipped"
    TIP = "tip"
    METER = "meter"
    WARNING = "warning"
    WON = "won"
    LOST = "lost"
    DIALOG = "dialog"


class Span(NamedTuple):
    y: int
    x: int
    text: str
    style: Style


@dataclass(frozen=True, slots=True)
class Frame:
    """Box-drawing glyphs: corners top-left, top-right, bottom-left, bottom-right, then edges."""

    tl: str
    tr: str
    bl: str
    br: str
    h: str
    v: str


@dataclass(frozen=True, slots=True)
class Glyphs:
    suits: dict[str, str]
    card: Frame
    flipped: Frame
    cursor: Frame
    slot: Frame
    banner: Frame
    back: str
    pip: str
    no_slot: str
    mark_left: str
    mark_right: str
    mark_bad: str
    meter_on: str
    meter_off: str
    dot: str


def _frame(glyphs: str) -> Frame:
    """A frame from six glyphs: corners top-left, top-right, bottom-left, bottom-right, then edges."""
    tl, tr, bl, br, h, v = list(glyphs)
    return Frame(tl, tr, bl, br, h, v)


def _glyphs(suits: str, frames: tuple[str, str, str, str, str], singles: str) -> Glyphs:
    """Glyphs from compact strings: suits C D H S; card, flipped, cursor, slot and banner frames;
    then back, pip, empty cell, cursor marks left/right/forbidden, meter on/off and dot."""
    card, flipped, cursor, slot, banner = (_frame(f) for f in frames)
    back, pip, no_slot, left, right, bad, on, off, dot = list(singles)
    return Glyphs(
        dict(zip("CDHS", suits, strict=True)), card, flipped, cursor, slot, banner,
        back, pip, no_slot, left, right, bad, on, off, dot,
    )  # fmt: skip


TIP_MARK = "★tip★"
"""Written into the top edge of the marked cell's frame (``*tip*`` in ASCII): fits the smallest card."""

_SUITS, _FRAMES, _SINGLES = "♣♦♥♠", ("╭╮╰╯─│", "╔╗╚╝═║", "┏┓┗┛━┃", "┌┐└┘╌╎", "╔╗╚╝═║"), "▒●·▶◀✕■□·"
UNICODE = _glyphs(_SUITS, _FRAMES, _SINGLES)
UNICODE_SAMPLE = "".join(dict.fromkeys(_SUITS + "".join(_FRAMES) + _SINGLES + TIP_MARK))
"""Every character the table may draw in Unicode mode: if the terminal cannot show one, draw in ASCII."""
ASCII = _glyphs("CDHS", ("++++-|", "******", "####=#", "..'' :", "++++=|"), "%o.><x#--")

_TO_ASCII = str.maketrans(
    {
        "←": "<",
        "→": ">",
        "↑": "^",
        "↓": "v",
        "×": "x",
        "…": "...",
        "·": "-",
        "–": "-",
        "—": "-",
        "♣": "C",
        "♦": "D",
        "♥": "H",
        "♠": "S",
        "★": "*",
    }
)


def to_ascii(text: str) -> str:
    """``text`` with every character a plain terminal can show (others become ``?``)."""
    return text.translate(_TO_ASCII).encode("ascii", "replace").decode("ascii")


RED_SUITS = frozenset({"D", "H"})


def card_style(card: Card) -> Style:
    return Style.RED if card.suit in RED_SUITS else Style.BLACK


class _Canvas:
    """Collects spans, clipped to the screen so that nothing is ever drawn past an edge."""

    def __init__(self, width: int, height: int, glyphs: Glyphs) -> None:
        self.width = width
        self.height = height
        self.g = glyphs
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
        return card.rank_text + self.g.suits[card.suit]

    def text(self, y: int, x: int, text: Text, width: int | None = None) -> int:
        """Write a :class:`Text`, cards in their colours, cut with ``…`` at ``width`` columns."""
        limit = self.width - x if width is None else width
        base = _TONE_STYLE[text.tone]
        pieces: list[tuple[str, Style]] = []
        for n, token in enumerate(text.tokens):
            if isinstance(token, Card):
                pieces.append((self.card_label(token), card_style(token)))
            elif text.tone is Tone.KEYS and n == 0:
                pieces.append((token, Style.KEY))
            else:
                pieces.append((token, base))
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
    canvas = _Canvas(max(0, width), max(0, height), ASCII if ascii else UNICODE)
    mode = app.mode
    where = layout.plan(width, height)
    if mode is Mode.SCREEN and app.screen is not None:
        _text_screen(canvas, app.screen, app.scroll)
    elif where is None:
        _too_small(canvas)
    else:
        _table_screen(canvas, app, where)
    if app.dialog is not None:
        _dialog(canvas, app)
    if ascii:
        return [Span(s.y, s.x, to_ascii(s.text), s.style) for s in canvas.spans]
    return canvas.spans


# --- the table screen ---------------------------------------------------------


def _table_screen(c: _Canvas, app: App, where: layout.Plan) -> None:
    # Title, hint and message line up with the table and the panel, however wide the terminal.
    c.put(where.title_y, where.table.x, "FOURSQUARE", Style.TITLE)
    hint = "? rules & keys"
    c.put(where.title_y, where.panel.x + where.panel.width - len(hint), hint, Style.DIM)
    _table(c, app, where)
    _panel(c, app, where)
    _message(c, app, where)


def _table(c: _Canvas, app: App, where: layout.Plan) -> None:
    game = app.game
    region = app.region
    legal = set(game.legal_moves())
    playing = app.mode is Mode.PLAYING
    cursor = app.cursor if playing else None
    marked = app.marked if playing else None
    for cell in region:
        rect = layout.cell_rect(where, region, cell)
        pile = game.pile(cell)
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
            frame, style = c.g.card, Style.FRAME
        elif cell in legal:
            frame, style = c.g.slot, Style.SLOT
        else:
            c.put(rect.y + rect.height // 2, rect.x + rect.width // 2, c.g.no_slot, Style.NO_SLOT)
            continue
        if cell == marked and cell != cursor:
            style = Style.TIP
        c.frame(rect, frame, style)
        if pile is not None:
            _pile(c, rect, pile)
        if cell == marked:
            c.put(rect.y, rect.x + (rect.width - len(TIP_MARK)) // 2, TIP_MARK, Style.TIP)


def _pile(c: _Canvas, rect: layout.Rect, pile: Pile) -> None:
    """A pile inside its frame: its top card (or its back), dots in the bottom edge for its height."""
    inner = rect.width - 2
    rows = rect.height - 2
    if pile.face_up:
        _face(c, rect.y + 1, rect.x + 1, inner, rows, pile.top, small=True)
    else:
        for row in range(rows):
            c.put(rect.y + 1 + row, rect.x + 1, c.g.back * inner, Style.BACK)
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


def _panel(c: _Canvas, app: App, where: layout.Plan) -> None:
    game = app.game
    panel = where.panel
    x, y = panel.x, panel.y
    big = where.big
    if game.is_over:
        y = _banner(c, app, where) + 1
    else:
        c.put(y, x, "Next card", Style.HEADING)
        card = game.next_card
        rect = layout.Rect(y + 1, x, big.height, big.width)
        if card is not None:
            c.frame(rect, c.g.card, Style.FRAME)
            _face(c, rect.y + 1, rect.x + 1, rect.width - 2, rect.height - 2, card, small=False)
            placed = f"card {game.placed_count + 1} of {len(game.stock)}"
            c.put(rect.y + rect.height // 2, rect.x + rect.width + 2, placed, Style.DIM)
        y = rect.y + rect.height + 1
    label_w = 11
    stock = game.stock_left
    c.put(y, x, "Stock", Style.DIM)
    c.put(y, x + label_w, f"{stock} card{'s' if stock != 1 else ''} left", Style.TEXT)
    y += 1
    y += _meter(c, y, x, label_w, game.face_down_count)
    c.put(y, x, "Deal", Style.DIM)
    deal = str(game.seed) if game.seed is not None else "by hand"
    if x + label_w + len(deal) > panel.x + panel.width:
        y += 1
        c.put(y, x, deal, Style.TEXT)
    else:
        c.put(y, x + label_w, deal, Style.TEXT)
    y += 2
    end = panel.y + panel.height
    if not game.is_over:
        y = _reminder(c, y, x, panel.width, end, app.reminder) + 1
    if app.status is not None and y < end:
        c.text(y, x, app.status, panel.width)


def _meter(c: _Canvas, y: int, x: int, indent: int, down: int) -> int:
    """Face-down count as boxes out of 4, and at 4 a warning in words: one more loses.

    The label is at column ``x``, the boxes ``indent`` further; returns how many rows it took.
    """
    c.put(y, x, "Face down", Style.DIM)
    note_x, x = x, x + indent
    shown = min(down, MAX_FACE_DOWN)
    boxes = c.g.meter_on * shown + c.g.meter_off * (MAX_FACE_DOWN - shown)
    if down < MAX_FACE_DOWN:
        x = c.put(y, x, boxes, Style.METER)
        c.put(y, x, f" {down}/{MAX_FACE_DOWN}", Style.TEXT)
        return 1
    x = c.put(y, x, boxes, Style.WARNING)
    c.put(y, x, f" {down}/{MAX_FACE_DOWN} !", Style.WARNING)
    note = "One more face down loses!" if down == MAX_FACE_DOWN else f"More than {MAX_FACE_DOWN}: lost."
    c.put(y + 1, note_x, note, Style.WARNING)
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


def _banner(c: _Canvas, app: App, where: layout.Plan) -> int:
    """The end of the game, in a double frame where the next card was; returns the row below it."""
    game = app.game
    panel = where.panel
    inner = panel.width - 4
    if game.status is Status.WON:
        title, style = "YOU WON!", Style.WON
        body = [f"Score {game.score}: the cards left in the stock."]
    else:
        title, style = "GAME LOST", Style.LOST
        reason = game.loss_reason
        if reason is LossReason.TOO_MANY_FACE_DOWN:
            body = [f"{game.face_down_count} cards face down: more than {MAX_FACE_DOWN}."]
        else:
            body = ["The stock ran out before the square was complete."]
    lines = [line for para in body for line in textwrap.wrap(para, inner)]
    height = len(lines) + 6
    rect = layout.Rect(panel.y, panel.x, height, panel.width)
    c.frame(rect, c.g.banner, style, fill=True)
    c.put(rect.y + 1, rect.x + (rect.width - len(title)) // 2, title, style)
    for n, line in enumerate(lines):
        c.put(rect.y + 3 + n, rect.x + 2, line, Style.TEXT)
    _keys_line(c, rect.y + height - 2, rect.x + 2, inner, (("n", "new deal"), ("u", "undo"), ("q", "quit")))
    return rect.y + height


def _message(c: _Canvas, app: App, where: layout.Plan) -> None:
    x = where.table.x
    room = c.width - x - 1
    for message in (app.message, app.message_short):
        if message is not None and len(message) <= room:
            c.text(where.message_y, x, message)
            return
    if app.message is not None:
        c.text(where.message_y, x, app.message_short or app.message, room)


# --- other screens ------------------------------------------------------------


def _centred(c: _Canvas, lines: Iterable[tuple[str, Style]]) -> None:
    rows = list(lines)
    top = max(0, (c.height - len(rows)) // 2)
    for n, (line, style) in enumerate(rows):
        c.put(top + n, max(0, (c.width - len(line)) // 2), line, style)


def _too_small(c: _Canvas) -> None:
    need_w, need_h = layout.minimum_size()
    words = (
        f"Foursquare needs a terminal of at least {need_w}×{need_h}; "
        f"this one is {c.width}×{c.height}. Please make it larger."
    )
    wrapped = textwrap.wrap(words, max(8, min(c.width - 2, 48)))
    _centred(c, [*((line, Style.TEXT) for line in wrapped), ("", Style.TEXT), ("q quits", Style.DIM)])


def _text_screen(c: _Canvas, screen: TextScreen, scroll: int) -> None:
    width = min(c.width, 80)
    x = (c.width - width) // 2 + 1
    widest = max((len(line) for line in screen.lines), default=0)
    x = max(0, min(x, c.width - widest))  # a page wider than the margins allow (a chart) uses them
    room = max(width - 2, min(widest, c.width - x))
    c.put(0, x, screen.title, Style.TITLE)
    rows = layout.screen_body_rows(c.height)
    for n, line in enumerate(screen.lines[scroll : scroll + rows]):
        c.text(2 + n, x, line, room)
    more = len(screen.lines) > rows
    footer = "↑ ↓ PgUp PgDn scroll · any other key: back to the game" if more else "any key: back to the game"
    if more:
        last = min(len(screen.lines), scroll + rows)
        footer += f"   (lines {scroll + 1}–{last} of {len(screen.lines)})"
    c.put(c.height - 1, x, footer, Style.DIM)


def _dialog(c: _Canvas, app: App) -> None:
    dialog = app.dialog
    if dialog is None:
        return
    answers = (("y", dialog.yes), ("any other key", dialog.no))
    answers_w = sum(len(k) + 1 + len(w) for k, w in answers) + 4
    width = min(c.width, max(len(dialog.question), len(dialog.detail), answers_w) + 6, 60)
    inner = max(1, width - 4)
    detail = textwrap.wrap(dialog.detail.plain(), inner) or [""]
    height = len(detail) + 6
    rect = layout.Rect(max(0, (c.height - height) // 2), max(0, (c.width - width) // 2), height, width)
    c.frame(rect, c.g.banner, Style.DIALOG, fill=True)
    c.text(rect.y + 1, rect.x + 2, dialog.question, inner)
    for n, line in enumerate(detail):
        c.put(rect.y + 3 + n, rect.x + 2, line, Style.TEXT)
    _keys_line(c, rect.y + height - 2, rect.x + 2, inner, answers)
