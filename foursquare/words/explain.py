"""What a placement did and why, what one would do, and why one may not be made, in words for the player.

The engine reports which cells a placement turned over and why (each line's
:class:`~foursquare.engine.Verdict`); :func:`explain` says it: the placed card
was highest or lowest among the face-up cards of its row (or column), found
only face-down cards there, fell between them, or tied one of them.  :func:`preview_words`
(the screen's bottom line) and :func:`preview_sentence` (plain mode) say what
a placement would do (the engine's :class:`~foursquare.engine.Preview`), and
:func:`placement_why` says it briefly for the review's lines;
:func:`refusal_words` and :func:`refusal_sentence` why a cell cannot take
the next card; :func:`took_back` what an undo turned back.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import Enum

from foursquare.engine import (
    GRID,
    MAX_FACE_DOWN,
    PILE_LIMIT,
    Card,
    Cell,
    Game,
    Line,
    LineFlip,
    LossReason,
    Pile,
    Placement,
    Preview,
    Refusal,
    Status,
    Turn,
    Verdict,
    cell_name,
)
from foursquare.words.cards import Spelling
from foursquare.words.catalog import N_, _, ngettext, pgettext
from foursquare.words.grammar import and_list, counted_list
from foursquare.words.results import loss_label, loss_words
from foursquare.words.table import over_line
from foursquare.words.text import Rank, Text, Token, Tone

__all__ = [
    "explain",
    "game_over_text",
    "judge",
    "placement_why",
    "preview_forms",
    "preview_sentence",
    "preview_words",
    "reason_words",
    "refusal_forms",
    "refusal_sentence",
    "refusal_words",
    "took_back",
]


def judge(placement: Placement) -> tuple[LineFlip, LineFlip]:
    """The row and column verdicts of ``placement``, as the engine decided them."""
    return placement.row, placement.column


def explain(before: Mapping[Cell, Pile], placement: Placement) -> list[Text]:
    """What ``placement`` turned over and why: a full sentence, then shorter forms for narrow lines.

    ``before`` is the table just before the placement (``Game.piles``).  The
    forms come longest first; a front end shows the first that fits.  Every
    form names the cell, and each card turned with its cell and the way it
    turned (``face up`` or ``face down`` in full, ``up`` or ``down`` in
    short); a card placed on a face-down card says it covers it.  When both
    the row and the column matter, each line gets its verdict and what it
    turned: ``10♠ on c3: its row is all face down, turned 4♦ on b3 face up;
    highest in its column, turned 3♥ on c2 face down``.

    Each form is a catalog message whose parts (the card's place, each line's
    verdict, the cards turned) are messages too, filled in as named fields.
    """
    row, col = judge(placement)
    fields = {"card": placement.card, "cell": cell_name(placement.cell)}
    pile = before.get(placement.cell)
    covers = pile is not None and not pile.face_up
    if covers:
        long_head = Text.filled(_("{card} covers the face-down card on {cell}"), Tone.PLAIN, **fields)
        short_head = Text.filled(_("{card} on face-down {cell}"), Tone.PLAIN, **fields)
    else:
        long_head = short_head = Text.filled(_("{card} on {cell}"), Tone.PLAIN, **fields)
    if row.verdict is Verdict.ALONE and col.verdict is Verdict.ALONE:
        if covers:
            alone = _("{card} covers the face-down card on {cell} and is alone in its row and column: nothing turned")
        else:
            alone = _("{card} on {cell} is alone in its row and column: nothing turned")
        return [
            Text.filled(alone, Tone.PLAIN, **fields),
            Text.filled(_("{head}: alone in row and column"), head=short_head),
        ]
    if Verdict.ALONE in (row.verdict, col.verdict):
        (j,) = [j for j in (row, col) if j.verdict is not Verdict.ALONE]
        if j.verdict is Verdict.ALL_DOWN:  # worded as when both lines matter: "its row is all face down"
            long_form = Text.filled(
                _("{head}: {verdict}, {turned}"),
                head=long_head,
                verdict=_verdict(j, False),
                turned=_turns(j.turns, _Say.FULL),
            )
        else:
            said = _("{head} and {clause}") if covers else _("{head} {clause}")
            long_form = Text.filled(said, head=long_head, clause=_clause(j, short=False, brief=False))
        return [
            long_form,
            Text.filled(_("{head} {clause}"), head=short_head, clause=_clause(j, short=True, brief=False)),
            Text.filled(_("{head} {clause}"), head=short_head, clause=_clause(j, short=True, brief=True)),
            *(
                [Text.filled(_("{head}: {turned}"), head=short_head, turned=_turns(j.turns, say)) for say in _NARROW]
                if j.turns
                else []
            ),
        ]
    forms = [
        Text.filled(_("{head}: {both}"), head=long_head, both=_both(row, col, short=False, brief=False)),
        Text.filled(_("{head}: {both}"), head=short_head, both=_both(row, col, short=True, brief=False)),
        Text.filled(_("{head}: {both}"), head=short_head, both=_both(row, col, short=True, brief=True)),
    ]
    if row.turns or col.turns:  # the narrowest: what turned, each card by its cell (then the cells alone)
        turns = (*row.turns, *col.turns)
        forms += [Text.filled(_("{head}: {turned}"), head=short_head, turned=_turns(turns, say)) for say in _NARROW]
    else:
        forms.append(Text.filled(_("{head}: nothing turned"), head=short_head))
    return list(dict.fromkeys(forms))


class _Say(Enum):
    """How many words the cards turned get (see :func:`_turns`)."""

    FULL = "full"
    EACH = "each"
    GROUPED = "grouped"
    CELLS = "cells"


_NARROW = (_Say.GROUPED, _Say.CELLS)
"""The forms of what turned for the narrowest lines: each card by its cell, then the cells alone."""


def _turns(turns: tuple[Turn, ...], say: _Say) -> Text:
    """The cards turned, by cell and the way each turned.

    In full: ``turned 2♣ on c4 and 2♠ on e4 face up, and 7♣ on f4 face
    down``; each card on its own, in few words: ``2♣ c4 up, 2♠ e4 up, 7♣ f4
    down``; grouped: ``2♣ c4 and 2♠ e4 up; 7♣ f4 down``; by their cells
    alone, in the fewest, for a line too narrow for the cards: ``c4 e4 up;
    f4 down``.
    """
    if say is _Say.CELLS:
        ups = " ".join(cell_name(t.cell) for t in turns if t.up)
        downs = " ".join(cell_name(t.cell) for t in turns if not t.up)
        parts = [
            *([_("{cells} up").format(cells=ups)] if ups else []),
            *([_("{cells} down").format(cells=downs)] if downs else []),
        ]
        if len(parts) == 2:
            return Text.of(
                pgettext("cards turned up, then down", "{first}; {second}").format(first=parts[0], second=parts[1])
            )
        return Text.of(*parts)
    if say is _Say.EACH:
        each = [
            Text.filled(
                _("{card} {cell} up") if turn.up else _("{card} {cell} down"), card=turn.card, cell=cell_name(turn.cell)
            )
            for turn in turns
        ]
        return _joined_texts(each, pgettext("a list of counts", "{first}, {rest}"))
    full = say is _Say.FULL
    groups = [group for group in ([t for t in turns if t.up], [t for t in turns if not t.up]) if group]
    said = []
    for group in groups:
        cards = _card_list(
            [
                Text.filled(_("{card} on {cell}") if full else _("{card} {cell}"), card=t.card, cell=cell_name(t.cell))
                for t in group
            ]
        )
        if full:
            way = _("{cards} face up") if group[0].up else _("{cards} face down")
        else:
            way = _("{cards} up") if group[0].up else _("{cards} down")
        said.append(Text.filled(way, cards=cards))
    if not full:
        if len(said) == 2:
            return Text.filled(
                pgettext("cards turned up, then down", "{first}; {second}"), first=said[0], second=said[1]
            )
        return said[0]
    if len(said) == 2:
        many = max(map(len, groups)) > 1
        both = _("turned {first}, and {second}") if many else _("turned {first} and {second}")
        return Text.filled(both, first=said[0], second=said[1])
    return Text.filled(_("turned {cards}"), cards=said[0])


def _card_list(items: list[Text]) -> Text:
    """``a``, ``a and b``, ``a, b and c`` of texts with cards, joined as :func:`and_list` joins words."""
    if len(items) == 2:
        return Text.filled(pgettext("a list of two", "{first} and {second}"), first=items[0], second=items[1])
    said = items[-1]
    for n, item in enumerate(reversed(items[:-1])):
        if n == 0:
            said = Text.filled(pgettext("a list's last two", "{rest} and {last}"), rest=item, last=said)
        else:
            said = Text.filled(pgettext("a list's items before its last two", "{first}, {rest}"), first=item, rest=said)
    return said


def _joined_texts(items: list[Text], joint: str) -> Text:
    """Texts joined one by one with ``joint`` (a message with ``{first}`` and ``{rest}``)."""
    said = items[-1]
    for item in reversed(items[:-1]):
        said = Text.filled(joint, first=item, rest=said)
    return said


def _clause(j: LineFlip, *, short: bool, brief: bool) -> Text:
    """One line's verdict and what it turned, e.g. ``is highest in its row: turned 6♥ on d4 face down``."""
    verdict = _verdict(j, short)
    if not j.verdict.turns_over:
        if short or j.verdict not in (Verdict.HIGHEST, Verdict.LOWEST, Verdict.BETWEEN):
            return Text.filled(_("{verdict}: nothing turned"), verdict=verdict)
        return Text.filled(_("is {verdict}: nothing turned"), verdict=verdict)
    turned = _turns(j.turns, _Say.GROUPED if brief else _Say.FULL)
    if short or j.verdict not in (Verdict.HIGHEST, Verdict.LOWEST, Verdict.BETWEEN):
        return Text.filled(_("{verdict}: {turned}"), verdict=verdict, turned=turned)
    return Text.filled(_("is {verdict}: {turned}"), verdict=verdict, turned=turned)


def _both(row: LineFlip, col: LineFlip, *, short: bool, brief: bool) -> Text:
    """The row's and the column's verdicts, each with what it turned.

    ``short`` (to fit a narrow line) leaves out the line that turned nothing's "nothing turned";
    ``brief`` also says each card turned in a few words (``6♥ d4 up``).
    """
    if not row.verdict.turns_over and not col.verdict.turns_over:
        if short and row.verdict is col.verdict is Verdict.BETWEEN and row.low and row.high and col.low and col.high:
            said = _("between {low} and {high} in row, {low2} and {high2} in column: nothing turned")
            return Text.filled(
                said,
                low=Rank(row.low),
                high=Rank(row.high),
                low2=Rank(col.low),
                high2=Rank(col.high),
            )
        said = _("{row}, {column}: nothing turned") if short else _("{row} and {column}: nothing turned")
        return Text.filled(said, row=_verdict(row, short), column=_verdict(col, short))
    lines = []
    for j in (row, col):
        if j.verdict.turns_over:
            turned = _turns(j.turns, _Say.EACH if brief else _Say.FULL)
            lines.append(Text.filled(_("{verdict}, {turned}"), verdict=_verdict(j, short), turned=turned))
        elif not short:
            lines.append(Text.filled(_("{verdict}, nothing turned"), verdict=_verdict(j, short)))
        else:
            lines.append(_verdict(j, short))
    return Text.filled(pgettext("a row's verdict, then its column's", "{row}; {column}"), row=lines[0], column=lines[1])


_VERDICTS: dict[tuple[Verdict, Line], tuple[str, str]] = {
    (Verdict.ALL_DOWN, Line.ROW): (N_("its row is all face down"), N_("row all face down")),
    (Verdict.ALL_DOWN, Line.COLUMN): (N_("its column is all face down"), N_("column all face down")),
    (Verdict.BETWEEN, Line.ROW): (N_("between {low} and {high} in its row"), N_("between {low} and {high} in row")),
    (Verdict.BETWEEN, Line.COLUMN): (
        N_("between {low} and {high} in its column"),
        N_("between {low} and {high} in column"),
    ),
    (Verdict.ALONE, Line.ROW): (N_("alone in its row"), N_("alone in row")),
    (Verdict.ALONE, Line.COLUMN): (N_("alone in its column"), N_("alone in column")),
    (Verdict.HIGHEST, Line.ROW): (N_("highest in its row"), N_("highest in row")),
    (Verdict.HIGHEST, Line.COLUMN): (N_("highest in its column"), N_("highest in column")),
    (Verdict.LOWEST, Line.ROW): (N_("lowest in its row"), N_("lowest in row")),
    (Verdict.LOWEST, Line.COLUMN): (N_("lowest in its column"), N_("lowest in column")),
}
"""How the card compares in one line, in full and short: each verdict and line a whole message."""
_TIES: dict[tuple[Line, bool], tuple[str, str]] = {
    (Line.ROW, False): (N_("ties a {rank} in its row"), N_("ties a {rank} in row")),
    (Line.COLUMN, False): (N_("ties a {rank} in its column"), N_("ties a {rank} in column")),
    (Line.ROW, True): (N_("ties an {rank} in its row"), N_("ties an {rank} in row")),
    (Line.COLUMN, True): (N_("ties an {rank} in its column"), N_("ties an {rank} in column")),
}
"""A tie, by line and by the English article its rank takes (``an`` for A and 8): a language without articles
translates both alike."""


def _verdict(j: LineFlip, short: bool) -> Text:
    """How the card compares in one line, without the cards turned: ``highest in its column``."""
    if j.verdict is Verdict.TIE and j.low is not None:
        tie = _TIES[j.line, str(Rank(j.low)) in ("A", "8")]  # English says "an" before ace and eight
        return Text.filled(_(tie[short]), rank=Rank(j.low))
    message = _VERDICTS[j.verdict, j.line][short]
    return Text.filled(_(message), low=Rank(j.low or 0), high=Rank(j.high or 0))


def preview_words(game: Game, preview: Preview) -> Text:
    """The bottom line for a cell the next card may go on: ``e4: turns over 6♥ 10♦ → 3/4 face down``.

    Face-down cards it would turn up are counted, not named: their ranks are hidden.  A card that would cover
    a face-down pile says so first: that pile shows a card face up again, one face down fewer.
    """
    return preview_forms(game, preview)[0]


def preview_forms(game: Game, preview: Preview) -> list[Text]:
    """:func:`preview_words`, then shorter forms for a line too narrow for it (``e4: 2 turned → 3/4``), so that
    a longer language is shortened rather than cut."""
    full = _preview_text(game, preview, covered=True)
    under = game.pile(preview.cell)
    covers = under is not None and not under.face_up
    shorter = [_preview_text(game, preview, covered=False)] if covers else []  # else the same as the full form
    count = len(preview.flipped)
    if count and preview.status is Status.PLAYING:
        fields = {
            "cell": cell_name(preview.cell),
            "count": count,
            "down": preview.face_down_count,
            "most": MAX_FACE_DOWN,
        }
        shorter.append(
            Text.of(
                ngettext(
                    "{cell}: {count} turned → {down}/{most}", "{cell}: {count} turned → {down}/{most}", count
                ).format(**fields)
            )
        )
    return [full, *shorter]


def _preview_text(game: Game, preview: Preview, *, covered: bool) -> Text:
    """The preview in words; ``covered``: saying first that the card would cover a face-down card."""
    under = game.pile(preview.cell)
    covers = covered and under is not None and not under.face_up
    where = _("{cell}: covers a face-down card, {what}") if covers else _("{cell}: {what}")
    cell = cell_name(preview.cell)
    fields = {"down": preview.face_down_count, "most": MAX_FACE_DOWN, "score": preview.score}
    if preview.status is Status.WON:
        what, tone = Text.of(_("wins, score {score}").format(**fields)), Tone.GOOD
    elif preview.loss_reason is LossReason.TOO_MANY_FACE_DOWN:
        what, tone = Text.of(_("loses ({down} face down)").format(**fields)), Tone.BAD
    elif preview.loss_reason is not None:
        what, tone = Text.of(_("loses: {why}").format(why=loss_words(preview.loss_reason))), Tone.BAD
    elif not preview.flipped:
        if covers:  # one fewer
            what = Text.of(_("turns nothing over → {down}/{most} face down").format(**fields))
        else:
            what = Text.of(_("turns nothing over"))
        tone = Tone.PLAIN
    else:
        piles = [game.pile(cell) for cell in preview.flipped]
        shown = [pile.top for pile in piles if pile is not None and pile.face_up]
        hidden = sum(1 for pile in piles if pile is not None and not pile.face_up)
        parts: list[Token] = list(shown)
        if hidden:
            if shown:
                said = ngettext("and {count} face-down card", "and {count} face-down cards", hidden)
            else:
                said = ngettext("{count} face-down card", "{count} face-down cards", hidden)
            parts.append(said.format(count=hidden))
        cards = Text(tuple(token for n, part in enumerate(parts) for token in ((" ", part) if n else (part,))))
        said = _("turns over {cards} → {down}/{most} face down")
        what, tone = Text.filled(said, cards=cards, down=fields["down"], most=MAX_FACE_DOWN), Tone.PLAIN
    return Text.filled(where, tone, cell=cell, what=what)


_REASONS = {
    Refusal.GAME_OVER: N_("the game is over"),
    Refusal.FIRST_CARD_IN_THE_MIDDLE: N_("the first card goes in the middle, on {middle}"),
    Refusal.PILE_FULL: N_("that pile already holds {limit} cards"),
    Refusal.TOO_WIDE: N_("the cards would no longer fit in {grid}×{grid}"),
    Refusal.NOT_NEXT_TO_A_CARD: N_("an empty cell must be next to a card (not diagonally)"),
}


def reason_words(refusal: Refusal) -> str:
    """Why a cell cannot take the next card: ``that pile already holds 4 cards``."""
    return _(_REASONS[refusal]).format(middle=cell_name((0, 0)), limit=PILE_LIMIT, grid=GRID)


def refusal_words(game: Game, cell: Cell) -> Text:
    """The bottom line for a cell the next card may not go on: ``b2: no, an empty cell must be next to a card``."""
    return refusal_forms(game, cell)[0]


_SHORT_REASONS = {
    Refusal.GAME_OVER: N_("game over"),
    Refusal.FIRST_CARD_IN_THE_MIDDLE: N_("the first card goes on {middle}"),
    Refusal.PILE_FULL: N_("pile full"),
    Refusal.TOO_WIDE: N_("wider than {grid}×{grid}"),
    Refusal.NOT_NEXT_TO_A_CARD: N_("not next to a card"),
}
"""Why a cell cannot take the next card, in the fewest words, for a line too narrow for :data:`_REASONS`."""


def refusal_forms(game: Game, cell: Cell) -> list[Text]:
    """:func:`refusal_words`, then in fewer words for a line too narrow for it (``b2: no, pile full``)."""
    refusal = game.refusal(cell) or Refusal.GAME_OVER
    short = _(_SHORT_REASONS[refusal]).format(middle=cell_name((0, 0)), grid=GRID)
    return [
        Text.of(_("{cell}: no, {why}").format(cell=cell_name(cell), why=why), tone=Tone.DIM)
        for why in (reason_words(refusal), short)
    ]


def refusal_sentence(game: Game, cell: Cell, offers: Sequence[tuple[str, str]] = ()) -> Text:
    """Why the next card cannot go on ``cell``, as a sentence: ``5♣ can't go on b2: that pile already holds 4 cards``.

    Once the game is over there is no card: the sentence says so and what can be done, the keys ``offers``
    (see :func:`game_over_text`).
    """
    refusal = game.refusal(cell) or Refusal.GAME_OVER
    card = game.next_card
    if refusal is Refusal.GAME_OVER or card is None:
        return game_over_text(offers)
    said = _("{card} can't go on {cell}: {why}")
    return Text.filled(said, Tone.ERROR, card=card, cell=cell_name(cell), why=reason_words(refusal))


def game_over_text(offers: Sequence[tuple[str, str]]) -> Text:
    """What placing a card (or asking the expert) says once the game is over, with the keys the front end
    offers there, each with its word (none: only that it is over)."""
    if not offers:
        return Text.of(_("The game is over"), tone=Tone.ERROR)
    return Text.of(_("The game is over: {offers}").format(offers=over_line(offers)), tone=Tone.ERROR)


def preview_sentence(game: Game, preview: Preview, spell: Spelling) -> str:
    """What placing the next card on a cell would turn over and how the game would stand, as a sentence.

    Face-up cards it would turn are named with their cells; face-down ones only
    by their cells, since their ranks are hidden until they turn up.
    """
    piles = game.piles
    turned = [
        _("{card} on {cell}").format(card=spell.card(piles[cell].top), cell=cell_name(cell))
        for cell in preview.flipped
        if piles[cell].face_up
    ]
    hidden = [cell_name(cell) for cell in preview.flipped if not piles[cell].face_up]
    if hidden:
        said = ngettext("the face-down card on {cells}", "the face-down cards on {cells}", len(hidden))
        turned.append(said.format(cells=and_list(hidden)))
    fields = {
        "card": spell.opening(preview.card),
        "cell": cell_name(preview.cell),
        "turned": and_list(turned),
        "score": preview.score,
        "down": preview.face_down_count,
        "most": MAX_FACE_DOWN,
        "why": loss_words(preview.loss_reason) if preview.loss_reason is not None else "",
    }
    if preview.status is Status.WON:
        said = (
            _("{card} on {cell} would turn over {turned}, and you would win with score {score}.")
            if turned
            else _("{card} on {cell} would turn nothing over, and you would win with score {score}.")
        )
    elif preview.status is Status.LOST and preview.loss_reason is not None:
        said = (
            _("{card} on {cell} would turn over {turned}, and you would lose: {why}.")
            if turned
            else _("{card} on {cell} would turn nothing over, and you would lose: {why}.")
        )
    else:
        said = (
            _("{card} on {cell} would turn over {turned}, leaving {down} of {most} face down.")
            if turned
            else _("{card} on {cell} would turn nothing over, leaving {down} of {most} face down.")
        )
    return said.format(**fields)


def took_back(card: Card, cell: Cell, turned: tuple[Turn, ...]) -> Text:
    """What undo did: the card back on the stock, and the cards its placement had turned over turned back,
    each by its cell and the way it turned back."""
    if not turned:
        return Text.filled(_("Took back {card} from {cell}"), card=card, cell=cell_name(cell))
    said = _("Took back {card} from {cell}: {turned} again")
    return Text.filled(said, card=card, cell=cell_name(cell), turned=_turns(turned, _Say.FULL))


def placement_why(game: Game, preview: Preview) -> list[Text]:
    """What a placement would do, briefly, longest form first: for the review's and the practice's lines.

    ``a new pile, turns 9♣ and 6♦ down and 1 up, 2 face down after``: where
    the card goes (a new pile, or which card it covers), what it turns over,
    face-up cards by name and face-down ones by count (their ranks are
    hidden), then how the table stands: the face-down count, a win or a loss.
    The last form, ``a new pile, 2 down, 1 up, 2 face down``, is for a
    column too narrow for the others, so that it is shortened rather than cut.
    """
    pile = game.pile(preview.cell)
    where: Text
    compact: Text
    if pile is None:
        where = compact = Text.of(_("a new pile"))
    elif pile.face_up:
        where = compact = Text.filled(_("covers {card}"), card=pile.top)
    else:
        where, compact = Text.of(_("covers a face-down card")), Text.of(_("on a face-down card"))
    piles = [game.pile(cell) for cell in preview.flipped]
    down = [pile.top for pile in piles if pile is not None and pile.face_up]
    up = sum(1 for pile in piles if pile is not None and not pile.face_up)
    fields = {"score": preview.score, "count": preview.face_down_count}
    if preview.status is Status.WON:
        end = brief = _("wins, score {score}").format(**fields)
    elif preview.loss_reason is LossReason.TOO_MANY_FACE_DOWN:
        end = brief = _("loses: {count} face down").format(**fields)
    elif preview.loss_reason is not None:
        end = _("loses: {why}").format(why=loss_words(preview.loss_reason))
        brief = _("loses: {why}").format(why=loss_label(preview.loss_reason))
    else:
        end, brief = _("{count} face down after").format(**fields), _("{count} face down").format(**fields)
    if not down and not up:
        return [
            Text.filled(_("{where}, turns nothing over, {end}"), where=where, end=end),
            Text.filled(_("{where}, nothing turned, {end}"), where=where, end=end),
            Text.filled(_("{where}, none turned, {end}"), where=compact, end=brief),
        ]
    named = Text.filled(_("{cards} down"), cards=_card_list([Text.of(card) for card in down])) if down else None
    counted = _("{count} down").format(count=len(down)) if down else None
    raised = _("{count} up").format(count=up) if up else None
    full = _turned_both(named, raised)
    few = _turned_both(Text.of(counted) if counted else None, raised)
    listed = counted_list([part for part in (counted, raised) if part])
    return [
        Text.filled(_("{where}, turns {turned}, {end}"), where=where, turned=full, end=end),
        Text.filled(_("{where}, turns {turned}, {end}"), where=where, turned=few, end=end),
        Text.filled(_("{where}, {turned}, {end}"), where=compact, turned=listed, end=brief),
    ]


def _turned_both(down: Text | None, up: str | None) -> Text:
    """``9♣ and 6♦ down and 1 up``: the cards turned down, then those turned up, either alone."""
    if down is not None and up is not None:
        return Text.filled(pgettext("cards turned down, then up", "{down} and {up}"), down=down, up=up)
    return down if down is not None else Text.of(up or "")
