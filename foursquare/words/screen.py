"""The game screen's own words: the side panel's labels, the footers of its pages, the size it needs.

Only the screen says these, but they are words like any other, kept here
with the rest so that one place holds everything a player reads.
"""

from __future__ import annotations

from foursquare.engine import MAX_FACE_DOWN, Preview, Status
from foursquare.words.catalog import N_, _, ngettext
from foursquare.words.glyphs import NEW_PILE, ON_A_PILE
from foursquare.words.grammar import Template
from foursquare.words.keys import CELL_NAMES
from foursquare.words.text import Text, Tone

__all__ = [
    "ANY_OTHER_KEY",
    "HELP_TITLE",
    "LOSE_MARK",
    "PANEL",
    "WIN_MARK",
    "Setting",
    "TerminalProblem",
    "cannot_keep_settings",
    "cannot_play_here",
    "cannot_suspend",
    "card_of",
    "cards_left",
    "crashed",
    "goto_prompt",
    "goto_refusal",
    "goto_stray",
    "intro",
    "meter_count",
    "needs_a_terminal",
    "not_a_console",
    "outcome_mark",
    "outcomes_words",
    "page_footer",
    "stray_key",
    "too_small_words",
]

PANEL = {
    "title": "FOURSQUARE",
    # Translators: at most 14 columns, beside the game's name at the top of the side panel
    "hint": N_("? rules & keys"),
    # Translators: at most 25 columns, the side panel's width
    "next": N_("Next card"),
    # Translators: at most 10 columns, a label the figures follow in the side panel
    "stock": N_("Stock"),
    # Translators: at most 10 columns, a label the figures follow in the side panel
    "down": N_("Face down"),
    # Translators: at most 10 columns, a label the figures follow in the side panel
    "deal": N_("Deal"),
    # Translators: at most 14 columns, in place of a deal's number in the side panel
    "by_hand": N_("by hand"),
    # Translators: at most 25 columns, the side panel's width
    "one_more": N_("One more face down loses!"),
    # Translators: at most 25 columns, the side panel's width
    "to_come": N_("After the next card"),
}
"""The side panel's labels (each said through ``_``; the game's name is its own in every language)."""

# Translators: at most 5 columns, as a cell of the table shows it
LOSE_MARK = N_("LOSE")
"""The outcome of a cell where the next card loses at once (said through ``_``)."""
# Translators: at most 5 columns, as a cell of the table shows it
WIN_MARK = N_("WIN")
"""The outcome of a cell where the next card wins at once (said through ``_``)."""


def meter_count(down: int) -> str:
    """The face-down count beside the side panel's boxes: ``3/4``, ``4/4 !`` (one more loses), and past the
    limit, which only a lost game reaches, ``6 > 4``, since ``6/4`` reads as nonsense."""
    if down > MAX_FACE_DOWN:
        return f"{down} > {MAX_FACE_DOWN}"
    return f"{down}/{MAX_FACE_DOWN}" + (" !" if down == MAX_FACE_DOWN else "")


def outcome_mark(preview: Preview, on_a_pile: bool) -> str:
    """What the next card would do on a cell, in at most five columns: ``LOSE``, ``WIN``, or how it goes
    (``+`` a new pile, ``▲`` on a pile) and the face-down count after it, ``+2/4``."""
    if preview.status is Status.LOST:
        return _(LOSE_MARK)[:5]
    if preview.status is Status.WON:
        return _(WIN_MARK)[:5]
    return f"{ON_A_PILE if on_a_pile else NEW_PILE}{preview.face_down_count}/{MAX_FACE_DOWN}"


def outcomes_words(on: bool) -> list[Text]:
    """What ``o`` says as it shows the outcomes of every cell (how to read them, then shorter) or hides them."""
    if not on:
        return [Text((_("Outcomes hidden (o shows them)"),))]
    marks = {"new": NEW_PILE, "on": ON_A_PILE, "most": MAX_FACE_DOWN, "lose": _(LOSE_MARK), "win": _(WIN_MARK)}
    return [
        Text.filled(
            _(
                "Outcomes shown: each cell the next card may go on says what it would do there: {new}2/4 a "
                "new pile, {on}2/4 on a pile, 2 of {most} face down after; {lose} and {win} end the game "
                "(o hides them)"
            ),
            Tone.PLAIN,
            **marks,
        ),
        Text.filled(
            _("Outcomes: {new} new pile, {on} on a pile, then face down after (o hides them)"), Tone.PLAIN, **marks
        ),
        Text((_("Outcomes shown (o hides them)"),)),
    ]


def goto_prompt(typed: str, *, why: str | None = None, cursor: str = "_") -> Text:
    """The prompt of ``/`` on the message line: what has been typed, then how to use it or why it is no cell.

    ``why`` is the reason the name typed was refused (:func:`goto_refusal`), said in the prompt, which stays open.
    """
    if why is not None:
        return Text.filled(_("Go to cell: {typed}{cursor}  {why}"), Tone.ERROR, typed=typed, cursor=cursor, why=why)
    said = _("Go to cell: {typed}{cursor}  type a name such as d4, then Enter (Esc: back)")
    return Text.filled(said, Tone.HEADING, typed=typed, cursor=cursor)


def goto_refusal(typed: str, shown: tuple[str, str] | None) -> str:
    """Why the cursor cannot go to the cell named ``typed``: no such name, or (``shown``: the cells shown,
    first and last) a cell off the table as it stands."""
    if not typed:
        return _("type a cell name first: {names}").format(names=_(CELL_NAMES))
    if shown is None:
        return _("{typed} is not a cell name: {names}").format(typed=typed, names=_(CELL_NAMES))
    first, last = shown
    said = _("{typed} is not on the table now: the cells shown go from {first} to {last}")
    return said.format(typed=typed, first=first, last=last)


def goto_full(most: int) -> str:
    """Why a key typed in the prompt of ``/`` was not taken: it holds ``most`` characters at most."""
    return ngettext(
        "the prompt takes {count} character at most (Backspace: take one back)",
        "the prompt takes {count} characters at most (Backspace: take one back)",
        most,
    ).format(count=most)


def goto_stray(label: str) -> str:
    """Why a key pressed in the prompt of ``/`` did nothing there (``label`` empty: a key with no name, F1)."""
    if not label:
        return _("that key does nothing here: type a cell name such as d4, then Enter (Esc: back)")
    return _("{key} does nothing here: type a cell name such as d4, then Enter (Esc: back)").format(key=label)


ANY_OTHER_KEY = N_("any other key")
"""How a question names the key that answers no (said through ``_``)."""


def stray_key(label: str) -> Text:
    """What the side panel says, above the keys it reminds of, of a key that does nothing on the table, until
    the next key (the bottom line says it where the panel has no row free above them).
    A key with no name (``label`` empty: F1, Insert) is that key."""
    said = _("{key}: not a key here").format(key=label) if label else _("Not a key here")
    return Text.of(said, tone=Tone.ERROR)  # fits 70×17's panel


def cards_left(count: int) -> str:
    """``36 cards left``: the stock, beside its label."""
    # Translators: at most 14 columns, after the label Stock in the side panel
    return ngettext("{count} card left", "{count} cards left", count).format(count=count)


def card_of(number: int, total: int) -> tuple[str, str]:
    """``card 5 of 40``: how far into the deck the next card is; and ``5 of 40``, beside a card that leaves
    less room."""
    return (
        _("card {number} of {total}").format(number=number, total=total),
        _("{number} of {total}").format(number=number, total=total),
    )


def too_small_words(need_w: int, need_h: int, width: int, height: int) -> tuple[str, str, str]:
    """What a terminal too small to play in shows, the same in fewer words for one with too few rows for
    that, and the one key that works there."""
    fields = {"need_w": need_w, "need_h": need_h, "width": width, "height": height}
    return (
        _(
            "Foursquare needs a terminal of at least {need_w}×{need_h}; this one is {width}×{height}. "
            "Please make it larger."
        ).format(**fields),
        _("Make it at least {need_w}×{need_h}.").format(**fields),
        _("q quits"),
    )


def page_footer(lines: int, scroll: int, rows: int, room: int, own: str = "") -> str:
    """How to scroll and leave a page, and where in it the view is, in the words that fit in ``room``.

    ``own`` names the page's own keys, first, so that "any key" does not hide them.
    """
    own = f"{own} · " if own else ""
    if lines <= rows:
        whole = _("{own}any other key: back to the game").format(own=own) if own else _("any key: back to the game")
        return whole if len(whole) <= room else _("{own}other keys: back").format(own=own)
    where = _("lines {first}–{last} of {lines}").format(first=scroll + 1, last=min(lines, scroll + rows), lines=lines)
    for keys in (
        _("↑ ↓ PgUp PgDn Space Home End scroll · {own}any other key: back to the game"),
        _("↑ ↓ PgUp PgDn Space Home End scroll · {own}any other key: back"),
        _("↑ ↓ PgUp PgDn Space Home End scroll · {own}other keys: back"),
    ):
        said = _("{keys}   ({where})").format(keys=keys.format(own=own), where=where)
        if len(said) <= room:
            return said
    return _("↑↓ scroll · {own}other keys: back ({where})").format(own=own, where=where)


def intro() -> tuple[Text, ...]:
    """Shown on the empty table of the very first game: the aim, the one rule to know and the keys to play."""
    return (
        # Translators: at most 40 columns, a line of the intro under the table's middle cell
        Text((_("How to win: a 4×4 square, all face up."),), Tone.HEADING),
        # Translators: at most 40 columns, a line of the intro under the table's middle cell
        Text((_("A new high or low flips its row/column."),)),
        # Translators: at most 40 columns, a line of the intro under the table's middle cell
        Text((_("Over 4 face down loses. ? has it all."),)),
        # Translators: at most 40 columns, a line of the intro under the table's middle cell
        Text((_("Arrows move, Enter places the card."),)),
    )


def needs_a_terminal() -> str:
    return _(
        "the game screen needs a terminal: standard input and output must not be redirected "
        "(foursquare --plain plays without one)"
    )


def not_a_console() -> str:
    """Why the game screen cannot start on Windows when its input or output is not a console window."""
    return _("standard input and output are not a Windows console, and the game screen draws only in one")


def cannot_play_here(problem: str) -> str:
    return _("cannot play here: {problem} (foursquare --plain plays line by line)").format(problem=problem)


def cannot_suspend() -> tuple[str, str]:
    """What Ctrl-Z says where it cannot stop the game (no shell here does job control), and shorter."""
    return (
        _("Ctrl-Z cannot suspend the game here: no shell here can bring it back (q quits, and the game is saved)"),
        _("Ctrl-Z cannot suspend the game here (q quits; the game is saved)"),
    )


def cannot_keep_settings(reason: str) -> str:
    return _("Could not keep your settings for next time: {reason}.").format(reason=reason)


class Setting(Template):
    """An environment variable of the screen's that cannot be used: said once, play goes on (or the command
    stops, for a number it cannot do without)."""

    SIZE_IGNORED = N_("{name}={text} ignored: this terminal is {columns}×{lines}")
    THINK_SECONDS = N_("{name} must be a number of seconds above 0 and at most {most:g}, not {text!r}")


HELP_TITLE = N_("Foursquare: rules and keys")
"""The title of the help page, ``?`` (said through ``_``)."""


class TerminalProblem(Template):
    """Why the game screen cannot run on this terminal."""

    UNSET = N_("TERM is not set, so the terminal type is unknown")
    UNUSABLE = N_("the terminal type TERM={term!r} is not usable ({detail})")
    CANNOT_PLACE = N_("the terminal type TERM={term!r} cannot place text on the screen")


def crashed(kind: str, detail: object, report: str) -> list[str]:
    """What is printed after the terminal is given back when the game broke: what broke, and where the report is."""
    return [
        _("sorry, something went wrong ({kind}: {detail}).").format(kind=kind, detail=detail),
        _("a report was written to {report}").format(report=report),
    ]
