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
from foursquare.words.catalog import N_, _
from foursquare.words.grammar import and_list, plural, rank_article
from foursquare.words.results import loss_label, loss_words
from foursquare.words.table import over_line
from foursquare.words.text import Rank, Text, Token, Tone, card_list

__all__ = [
    "explain",
    "game_over_text",
    "judge",
    "placement_why",
    "preview_sentence",
    "preview_words",
    "reason_words",
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
    """
    row, col = judge(placement)
    card, where = placement.card, cell_name(placement.cell)
    pile = before.get(placement.cell)
    covers = pile is not None and not pile.face_up
    if covers:
        long_head: tuple[Token, ...] = (card, f" covers the face-down card on {where}")
        short_head: tuple[Token, ...] = (card, f" on face-down {where}")
    else:
        long_head = short_head = (card, f" on {where}")
    joined = " and" if covers else ""
    if row.verdict is Verdict.ALONE and col.verdict is Verdict.ALONE:
        return [
            Text((*long_head, f"{joined} is alone in its row and column: nothing turned")),
            Text((*short_head, ": alone in row and column")),
        ]
    if Verdict.ALONE in (row.verdict, col.verdict):
        (j,) = [j for j in (row, col) if j.verdict is not Verdict.ALONE]
        if j.verdict is Verdict.ALL_DOWN:  # worded as when both lines matter: "its row is all face down"
            long_form = Text((*long_head, ": ", *_verdict(j, False), ", ", *_turns(j.turns, _Say.FULL)))
        else:
            long_form = Text((*long_head, f"{joined} ", *_clause(j, short=False, brief=False)))
        return [
            long_form,
            Text((*short_head, " ", *_clause(j, short=True, brief=False))),
            Text((*short_head, " ", *_clause(j, short=True, brief=True))),
            *(
                [Text((*short_head, ": ", *_turns(j.turns, say))) for say in (_Say.GROUPED, _Say.CELLS)]
                if j.turns
                else []
            ),
        ]
    forms = [
        Text((*long_head, ": ", *_both(row, col, short=False, brief=False))),
        Text((*short_head, ": ", *_both(row, col, short=True, brief=False))),
        Text((*short_head, ": ", *_both(row, col, short=True, brief=True))),
    ]
    if row.turns or col.turns:  # the narrowest: what turned, each card by its cell (then the cells alone)
        turns = (*row.turns, *col.turns)
        forms += [Text((*short_head, ": ", *_turns(turns, say))) for say in (_Say.GROUPED, _Say.CELLS)]
    else:
        forms.append(Text((*short_head, ": nothing turned")))
    return list(dict.fromkeys(forms))


class _Say(Enum):
    """How many words the cards turned get (see :func:`_turns`)."""

    FULL = "full"
    EACH = "each"
    GROUPED = "grouped"
    CELLS = "cells"


def _turns(turns: tuple[Turn, ...], say: _Say) -> tuple[Token, ...]:
    """The cards turned, by cell and the way each turned.

    In full: ``turned 2♣ on c4 and 2♠ on e4 face up, and 7♣ on f4 face
    down``; each card on its own, in few words: ``2♣ c4 up, 2♠ e4 up, 7♣ f4
    down``; grouped: ``2♣ c4 and 2♠ e4 up; 7♣ f4 down``; by their cells
    alone, in the fewest, for a line too narrow for the cards: ``c4 e4 up;
    f4 down``.
    """
    out: list[Token] = []
    if say is _Say.CELLS:
        ups = " ".join(cell_name(t.cell) for t in turns if t.up)
        downs = " ".join(cell_name(t.cell) for t in turns if not t.up)
        return ("; ".join(part for part in (ups and f"{ups} up", downs and f"{downs} down") if part),)
    if say is _Say.EACH:
        for n, turn in enumerate(turns):
            out += [", "] if n else []
            out += [turn.card, f" {cell_name(turn.cell)} {'up' if turn.up else 'down'}"]
        return tuple(out)
    full = say is _Say.FULL
    groups = [group for group in ([t for t in turns if t.up], [t for t in turns if not t.up]) if group]
    out += ["turned "] if full else []
    for n, group in enumerate(groups):
        if n:
            out.append("; " if not full else ", and " if max(map(len, groups)) > 1 else " and ")
        for m, turn in enumerate(group):
            if m:
                out.append(" and " if m == len(group) - 1 else ", ")
            out += [turn.card, f" on {cell_name(turn.cell)}" if full else f" {cell_name(turn.cell)}"]
        side = "up" if group[0].up else "down"
        out.append(f" face {side}" if full else f" {side}")
    return tuple(out)


def _clause(j: LineFlip, *, short: bool, brief: bool) -> tuple[Token, ...]:
    """One line's verdict and what it turned, e.g. ``is highest in its row: turned 6♥ on d4 face down``."""
    turned: tuple[Token, ...] = (": nothing turned",)
    if j.verdict.turns_over:
        turned = (": ", *_turns(j.turns, _Say.GROUPED if brief else _Say.FULL))
    verdict = _verdict(j, short)
    if short:
        return (*verdict, *turned)
    if j.verdict in (Verdict.HIGHEST, Verdict.LOWEST, Verdict.BETWEEN):
        return ("is ", *verdict, *turned)
    return (*verdict, *turned)


def _both(row: LineFlip, col: LineFlip, *, short: bool, brief: bool) -> tuple[Token, ...]:
    """The row's and the column's verdicts, each with what it turned.

    ``short`` (to fit a narrow line) leaves out the line that turned nothing's "nothing turned";
    ``brief`` also says each card turned in a few words (``6♥ d4 up``).
    """
    if not row.verdict.turns_over and not col.verdict.turns_over:
        if short and row.verdict is col.verdict is Verdict.BETWEEN:
            both = _("between {row_low} and {row_high} in row, {column_low} and {column_high} in column")
            ranks = (Rank(row.low or 0), Rank(row.high or 0), Rank(col.low or 0), Rank(col.high or 0))
            said = Text.filled(both, row_low=ranks[0], row_high=ranks[1], column_low=ranks[2], column_high=ranks[3])
            return (*said.tokens, ": nothing turned")
        return (*_verdict(row, short), ", " if short else " and ", *_verdict(col, short), ": nothing turned")
    out: list[Token] = []
    for n, j in enumerate((row, col)):
        out += ["; "] if n else []
        out += _verdict(j, short)
        if j.verdict.turns_over:
            out += [", ", *_turns(j.turns, _Say.EACH if brief else _Say.FULL)]
        elif not short:
            out += [", nothing turned"]
    return tuple(out)


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


def _verdict(j: LineFlip, short: bool) -> tuple[Token, ...]:
    """How the card compares in one line, without the cards turned: ``highest in its column``."""
    if j.verdict is Verdict.TIE and j.low is not None:
        tie = _TIES[j.line, rank_article(str(Rank(j.low))) == "an"]
        return Text.filled(_(tie[short]), rank=Rank(j.low)).tokens
    message = _VERDICTS[j.verdict, j.line][short]
    return Text.filled(_(message), low=Rank(j.low or 0), high=Rank(j.high or 0)).tokens


def preview_words(game: Game, preview: Preview) -> Text:
    """The bottom line for a cell the next card may go on: ``e4: turns over 6♥ 10♦ → 3/4 face down``.

    Face-down cards it would turn up are counted, not named: their ranks are hidden.  A card that would cover
    a face-down pile says so first: that pile shows a card face up again, one face down fewer.
    """
    under = game.pile(preview.cell)
    covers = under is not None and not under.face_up
    where = f"{cell_name(preview.cell)}: " + ("covers a face-down card, " if covers else "")
    if preview.status is Status.WON:
        return Text.of(where, f"wins, score {preview.score}", tone=Tone.GOOD)
    if preview.loss_reason is LossReason.TOO_MANY_FACE_DOWN:
        return Text.of(where, f"loses ({preview.face_down_count} face down)", tone=Tone.BAD)
    if preview.loss_reason is not None:
        return Text.of(where, f"loses: {loss_words(preview.loss_reason)}", tone=Tone.BAD)
    if not preview.flipped:
        down = f" → {preview.face_down_count}/{MAX_FACE_DOWN} face down" if covers else ""  # one fewer
        return Text.of(where, "turns nothing over" + down)
    piles = [game.pile(cell) for cell in preview.flipped]
    turned: list[Token] = []
    for pile in piles:
        if pile is not None and pile.face_up:
            turned += [pile.top, " "]
    hidden = sum(1 for pile in piles if pile is not None and not pile.face_up)
    if hidden:
        turned += [f"{'and ' if turned else ''}{plural(hidden, 'face-down card')} "]
    return Text.of(where, "turns over ", *turned, f"→ {preview.face_down_count}/{MAX_FACE_DOWN} face down")


_REASONS = {
    Refusal.GAME_OVER: "the game is over",
    Refusal.FIRST_CARD_IN_THE_MIDDLE: f"the first card goes in the middle, on {cell_name((0, 0))}",
    Refusal.PILE_FULL: f"that pile already holds {PILE_LIMIT} cards",
    Refusal.TOO_WIDE: f"the cards would no longer fit in {GRID}×{GRID}",
    Refusal.NOT_NEXT_TO_A_CARD: "an empty cell must be next to a card (not diagonally)",
}


def reason_words(refusal: Refusal) -> str:
    """Why a cell cannot take the next card: ``that pile already holds 4 cards``."""
    return _REASONS[refusal]


def refusal_words(game: Game, cell: Cell) -> Text:
    """The bottom line for a cell the next card may not go on: ``b2: no, an empty cell must be next to a card``."""
    refusal = game.refusal(cell) or Refusal.GAME_OVER
    return Text.of(f"{cell_name(cell)}: no, {reason_words(refusal)}", tone=Tone.DIM)


def refusal_sentence(game: Game, cell: Cell, offers: Sequence[tuple[str, str]] = ()) -> Text:
    """Why the next card cannot go on ``cell``, as a sentence: ``5♣ can't go on b2: that pile already holds 4 cards``.

    Once the game is over there is no card: the sentence says so and what can be done, the keys ``offers``
    (see :func:`game_over_text`).
    """
    refusal = game.refusal(cell) or Refusal.GAME_OVER
    card = game.next_card
    if refusal is Refusal.GAME_OVER or card is None:
        return game_over_text(offers)
    return Text.of(card, f" can't go on {cell_name(cell)}: {reason_words(refusal)}", tone=Tone.ERROR)


def game_over_text(offers: Sequence[tuple[str, str]]) -> Text:
    """What placing a card (or asking the expert) says once the game is over, with the keys the front end
    offers there, each with its word (none: only that it is over)."""
    if not offers:
        return Text.of("The game is over", tone=Tone.ERROR)
    return Text.of(f"The game is over: {over_line(offers)}", tone=Tone.ERROR)


def preview_sentence(game: Game, preview: Preview, spell: Spelling) -> str:
    """What placing the next card on a cell would turn over and how the game would stand, as a sentence.

    Face-up cards it would turn are named with their cells; face-down ones only
    by their cells, since their ranks are hidden until they turn up.
    """
    piles = game.piles
    turned = [f"{spell.card(piles[cell].top)} on {cell_name(cell)}" for cell in preview.flipped if piles[cell].face_up]
    hidden = [cell_name(cell) for cell in preview.flipped if not piles[cell].face_up]
    if hidden:
        turned.append(f"the face-down card{'s' if len(hidden) > 1 else ''} on {and_list(hidden)}")
    what = f"would turn over {and_list(turned)}" if turned else "would turn nothing over"
    line = f"{spell.opening(preview.card)} on {cell_name(preview.cell)} {what}"
    if preview.status is Status.WON:
        return f"{line}, and you would win with score {preview.score}."
    if preview.status is Status.LOST and preview.loss_reason is not None:
        return f"{line}, and you would lose: {loss_words(preview.loss_reason)}."
    return f"{line}, leaving {preview.face_down_count} of {MAX_FACE_DOWN} face down."


def took_back(card: Card, cell: Cell, turned: tuple[Turn, ...]) -> Text:
    """What undo did: the card back on the stock, and the cards its placement had turned over turned back,
    each by its cell and the way it turned back."""
    tail: tuple[Token, ...] = (": ", *_turns(turned, _Say.FULL), " again") if turned else ()
    return Text.of("Took back ", card, f" from {cell_name(cell)}", *tail)


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
    where: tuple[Token, ...]
    compact: tuple[Token, ...]
    if pile is None:
        where = compact = ("a new pile",)
    elif pile.face_up:
        where = compact = ("covers ", pile.top)
    else:
        where, compact = ("covers a face-down card",), ("on a face-down card",)
    piles = [game.pile(cell) for cell in preview.flipped]
    down = [pile.top for pile in piles if pile is not None and pile.face_up]
    up = sum(1 for pile in piles if pile is not None and not pile.face_up)
    if preview.status is Status.WON:
        end = brief = f"wins, score {preview.score}"
    elif preview.loss_reason is LossReason.TOO_MANY_FACE_DOWN:
        end = brief = f"loses: {preview.face_down_count} face down"
    elif preview.loss_reason is not None:
        end, brief = f"loses: {loss_words(preview.loss_reason)}", f"loses: {loss_label(preview.loss_reason)}"
    else:
        end, brief = f"{preview.face_down_count} face down after", f"{preview.face_down_count} face down"
    if not down and not up:
        forms = [Text((*where, ", turns nothing over, ", end)), Text((*where, ", nothing turned, ", end))]
        return [*forms, Text((*compact, ", none turned, ", brief))]
    named = (*card_list(down), " down") if down else ()
    counted = (f"{len(down)} down",) if down else ()
    raised = (f"{up} up",) if up else ()
    both = (" and ",) if down and up else ()
    return [
        Text((*where, ", turns ", *named, *both, *raised, ", ", end)),
        Text((*where, ", turns ", *counted, *both, *raised, ", ", end)),
        Text((*compact, ", ", ", ".join((*counted, *raised)), ", ", brief)),
    ]
