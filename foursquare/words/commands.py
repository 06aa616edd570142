"""The command line's own words: what each command and option is for (``--help``), and what it says back.

``foursquare --help`` and ``foursquare COMMAND --help`` print these, and the
commands' refusals and reports are said here too, so that the command line
speaks in one voice with the rest of the game.
"""

from __future__ import annotations

from foursquare.words.catalog import N_
from foursquare.words.endings import COSTLY, KINDS, LEFT
from foursquare.words.grammar import Template, plural

__all__ = ["DESCRIPTIONS", "NODES", "NUMBERS", "OPTIONS", "SUMMARIES", "Said", "imported", "more_rejected"]

SUMMARIES: dict[str, str] = {
    "stats": "show or reset your statistics",
    "history": f"list your games, newest first: {KINDS}",
    "export": "write every game of your history as JSON lines",
    "import": "read games written by export into your history",
    "simulate": "play many deals without a screen and report how a strategy fares",
    "review": "the expert's verdict on every placement of a finished game",
    "practice": "practise on your own mistakes: positions from your games to solve",
    "help": "the rules in full and the other pages of help (a list without a topic)",
}
"""Each command in a line, for the list ``foursquare --help`` ends with."""

DESCRIPTIONS: dict[str, str] = {
    "play": (
        "Foursquare: a one-player card game on a 4×4 grid of piles.\n"
        "Your game is saved as you play and picked up where you left off next time."
    ),
    "stats": "Show your Foursquare statistics: games played, won and lost, streaks and winning scores.",
    "history": (f"List your games, newest first, those {LEFT} too: when, deal, result, score, cards placed and id."),
    "export": "Write every game of your history, oldest first, as JSON lines: one game with its record a line.",
    "import": "Read games written by foursquare export into your history, skipping those already there.",
    "review": "The expert's verdict on every placement of a finished game, and your win chance across it.",
    "simulate": "Play deals S, S+1, … without a screen and report how a strategy fares.",
    "help": "Print a page of help; with no topic, the list of topics.",
    "practice": (
        f"Positions from your own finished games where a placement {COSTLY}: find the expert's cell "
        "(two tries). Solved positions are not offered again."
    ),
}
"""What ``foursquare COMMAND --help`` says the command is for (``play``: the game itself)."""

OPTIONS: dict[str, dict[str, str]] = {
    "play": {
        "--seed": "play deal number N (0 to {last}); the deal number on screen replays a game",
        "--daily": "play today's deal, the same for everyone on the same date, and get a line to share at the end",
        "--new": (
            "deal a fresh game instead of going on with the saved one (a game in progress counts as lost; asks first)"
        ),
        "--no-color": "no colours (also when the NO_COLOR environment variable is set)",
        "--ascii": "draw suits as C D H S and plain borders",
        "--plain": (
            "play by typing one command a line, answered in plain lines of text: for screen readers, dumb terminals "
            "and scripts (chosen by itself when TERM is dumb or input or output is not a terminal)"
        ),
        "--words": "plain mode with cards spelled for speech, such as 'seven of hearts'",
        "--lang": (
            "speak language CODE (foursquare help languages lists them; before or after a command); "
            "by default the one kept, else LANGUAGE, LC_ALL, LC_MESSAGES or LANG"
        ),
        "--remember": "with --lang: keep that language for the next runs (--lang auto --remember forgets it)",
    },
    "stats": {
        "--json": "print them as one JSON object, for scripts",
        "--reset": "clear them (asks first); the history of games stays",
        "--yes": "with --reset: clear without asking",
    },
    "history": {"--json": "print them as one JSON array, for scripts", "--limit": "only the newest N games"},
    "export": {"file": "where to write (- or none: standard output)"},
    "import": {"file": "the file to read (- for standard input)"},
    "review": {
        "game": "the id of a game in foursquare history",
        "--last": "review the game that ended last (the default)",
        "--file": "review the game in a file (- for standard input): a game record, or one line of foursquare export",
        "--json": "print the review as one JSON object",
        "--ascii": "draw the chart with # and plain lines",
        "--words": "in words and numbers, without the chart: cards spelled for speech, as plain mode's v says it",
        "--nodes": "how much the expert looks ahead per placement",
    },
    "help": {"topic": "one of: {topics}"},
    "simulate": {
        "--games": "how many deals to play",
        "--strategy": "who plays (default: expert)",
        "--seed": "the first deal number (default: 0)",
        "--jobs": "processes to play in (default: 1)",
        "--nodes": "the expert's look-ahead budget per card, in positions",
        "--json": "print one JSON object instead of a report",
        "--detail": "with --json, add every deal: its result, placements and first chance",
    },
    "practice": {
        "game": "only game GAME of foursquare history",
        "--plain": "plain lines even in a terminal (as through a pipe)",
        "--ascii": "cards as 7H, and plain characters",
        "--words": "cards spelled for speech, such as 'seven of hearts'",
        "--no-color": "no colours on the game screen",
        "--nodes": "the expert's look-ahead per placement for a game it must review first",
    },
}
NODES = "{what} (default {default:,}; fewer is quicker and weaker)"
"""How ``--nodes`` is described: what the look-ahead is for, and its default."""
"""What each option (or argument) is for, in ``--help``; ``{fields}`` are filled by the command."""


class Said(Template):
    """What the command line says back when it cannot do what was asked."""

    NO_COMMAND = N_("no command {typed!r}: did you mean {nearest!r}?")
    UNKNOWN_COMMAND = N_("no command {typed!r}: the commands are {commands} (foursquare --help says more)")
    NOT_A_DEAL = N_("not a deal number: {typed} (deal numbers go from 0 to {last})")
    NOT_A_NUMBER = N_("not {what}: {typed} ({hint})")
    REVIEW_ONE_OF = N_("give one of GAME, --last and --file")
    COMMAND_FIRST = N_(
        "the command comes first: foursquare {command} ... (foursquare {command} --help lists its options)"
    )
    YES_ALONE = N_("--yes only goes with --reset")
    UNKNOWN_LANGUAGE = N_("no language {typed!r} here, so English it is (foursquare help languages lists them)")
    REMEMBER_WHAT = N_("--remember keeps the language --lang names: foursquare --lang CODE --remember")
    NOT_REMEMBERED = N_("could not keep the language: {why}")
    REMEMBERED = N_("From now on Foursquare speaks {language} (foursquare --lang auto --remember forgets it).")
    FORGOTTEN = N_("From now on Foursquare speaks the language your environment names.")


NUMBERS: dict[str, tuple[str, str]] = {
    "games": ("a number of games", "a whole number from 1"),
    "game_id": ("a game id", "the number foursquare history gives"),
    "nodes": ("a number of nodes", "a whole number, 1 or more"),
    "jobs": ("a number of processes", "a whole number from 1"),
}
"""Each kind of number a command takes: what it is, and a hint of what one looks like."""


def exported(count: int, path: str) -> str:
    """What ``foursquare export FILE`` did, in a line (an export to standard output adds nothing to its lines)."""
    return f"Exported {plural(count, 'game')} to {path}."


def more_rejected(said: int) -> str:
    """Said once, after the first ``said`` lines ``foursquare import`` rejected: the others go unsaid (a file
    that is no export at all would give a line for each), only counted."""
    return f"more bad lines follow, not named one by one (only the first {said} are); the count below has them all"


def imported(added: int, skipped: int, rejected: int) -> str:
    """What ``foursquare import`` did, in a line."""
    return f"Imported {plural(added, 'game')}; {skipped} already in the history; {plural(rejected, 'line')} rejected."
