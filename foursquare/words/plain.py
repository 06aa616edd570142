"""Plain mode's own words: its commands, its help and what it says of a line it cannot use."""

from __future__ import annotations

from foursquare.words.catalog import N_, _
from foursquare.words.endings import KINDS
from foursquare.words.grammar import Template
from foursquare.words.keys import CELL_NAMES, PLAIN
from foursquare.words.rules import rules as short_rules
from foursquare.words.text import run_on

__all__ = [
    "COMMANDS_HEADING",
    "COMMAND_LINES",
    "HELP_TAIL",
    "Unusable",
    "autoplay_line",
    "command_lines",
    "described",
    "help_lines",
    "nothing_ended_yet",
    "practice_hint",
    "review_hint",
    "reviewing_line",
]

COMMANDS_HEADING = N_("Commands, one a line")
"""The heading of plain mode's commands in its help, ``?`` (said through ``_``)."""

COMMAND_LINES: tuple[tuple[tuple[str, ...], str, str], ...] = tuple(
    (command.words, command.after, command.description) for command in PLAIN
)
"""Every command: its words (the first is the one to type), what may follow it, and what it does (a catalog
message, said by :func:`described`), from its record (:data:`foursquare.words.keys.PLAIN`)."""


def described(description: str) -> str:
    """What a command does, from its record's message, in the language in use (the ends of a game named in it)."""
    return _(description).format(kinds=_(KINDS))


_WIDTH = max(len(words[0] + after) for words, after, _ in COMMAND_LINES) + 2
"""The commands' column: the longest (``practice [N]``) and two spaces before what it does."""

HELP_TAIL: tuple[tuple[str, str], ...] = (
    ("d4, e3 …", N_("place the next card on that cell (columns a-g, rows 1-7, the first card on d4)")),
    (N_("empty line"), N_("the table again")),
)
"""What the help says after the commands, before how the table reads: what is typed, and what it does (each
said through ``_``)."""
_LEGEND = N_("The table: ## a face-down card, . an empty cell, and in brackets how many cards a pile holds.")
_LEGEND_IN_WORDS = N_(
    "The table, a cell at a time: its card, or face down, or empty, and how many cards its pile holds."
)


def command_lines(*, words: bool = False, width: int | None = None) -> list[str]:
    """The help's list of commands, each with what may follow it, in one column, then :data:`HELP_TAIL` and how
    the table reads, with its marks or (``words``, for speech) in words as it is then written.

    Within ``width`` columns each line is broken at spaces, what a command does running on under its own
    column, so that a terminal never breaks a word (None: a line each, for a pipe's reader).
    """
    typed = [(names[0] + after, described(does)) for names, after, does in COMMAND_LINES]
    tail = [(_(what), _(does)) for what, does in HELP_TAIL]
    column = max(_WIDTH, *(len(what) + 2 for what, _does in tail))
    commands = [line for what, does in (*typed, *tail) for line in run_on(f"  {what:<{column}}", does, width)]
    return [*commands, *run_on("", _(_LEGEND_IN_WORDS if words else _LEGEND), width)]


def help_lines(*, words: bool = False, width: int | None = None) -> list[str]:
    """What ``?`` prints: the rules in short, a paragraph under each heading, then :func:`command_lines`."""
    rules = [line for heading, paragraph in short_rules() for line in (heading, *run_on("  ", paragraph, width))]
    return [*rules, _(COMMANDS_HEADING), *command_lines(words=words, width=width)]


class Unusable(Template):
    """Why plain mode cannot use a line it was given: said in one line, and nothing changes.

    ``{typed}`` is what was typed, already made safe to show.
    """

    # Translators: {typed} is the line as the player typed it
    NOT_A_COMMAND = N_("{typed}: not a command. Type a cell such as d4 to place the next card, or ? for help.")
    NO_QUESTION = N_("{typed}: no question is waiting. Type a cell such as d4, or ? for help.")
    # Translators: {typed} is the word typed; {names} the sentence on how cells are named ("columns go from a to g
    # and rows from 1 to 7 ...")
    NOT_A_CELL = N_("{typed}: not a cell: {names}.")
    # Translators: {word} is the command typed (u, p e4), {typed} what was typed after it
    ONE_WORD_TOO_MANY = N_("{word} takes nothing after it: {typed} is one word too many.")
    NEEDS_A_CELL = N_("p needs a cell: p e4 says what placing the next card on e4 would do.")
    # Translators: {limit} is a number of characters
    TOO_LONG = N_("That line is too long to be a command (more than {limit} characters): the rest is not read.")

    def say(self, **fields: object) -> str:
        """The sentence with its fields filled in, and how cells are named where it says so."""
        return super().say(names=_(CELL_NAMES), **fields)


def autoplay_line() -> str:
    return _("The expert plays on to the end.")


def review_hint() -> str:
    return _("v reviews the game just ended; v N reviews game N of the list g gives.")


def nothing_ended_yet(*, any_kept: bool = False) -> str:
    """``v`` alone while no game on the table has ended: what it would review, and what it can review now
    (``any_kept``: finished games are in the history, as after a replay, so the game now is what is not over)."""
    if any_kept:
        return _("This game has not ended yet, so v has nothing to review; v N reviews game N of the list g gives.")
    return _("No game has ended here yet, so v has nothing to review; v N reviews game N of the list g gives.")


def practice_hint() -> str:
    return _("practice goes through your finished games; practice N through game N of the list g gives.")


def reviewing_line(placements: int) -> str:
    return _("The expert is reviewing the game's {placements} placements…").format(placements=placements)
