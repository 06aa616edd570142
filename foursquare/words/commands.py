"""The command line's own words: what each command and option is for (``--help``), and what it says back.

``foursquare --help`` and ``foursquare COMMAND --help`` print these, and the
commands' refusals and reports are said here too, so that the command line
speaks in one voice with the rest of the game.
"""

from __future__ import annotations

from foursquare.words.catalog import N_, _, ngettext
from foursquare.words.grammar import Template

__all__ = [
    "DESCRIPTIONS",
    "NODES",
    "NUMBERS",
    "OPTIONS",
    "SUMMARIES",
    "Said",
    "commands_epilog",
    "imported",
    "more_rejected",
]


class _Said(dict[str, str]):
    """A table of marked messages (``N_``) that says each in the language in use as it is looked up, so that
    the parsers built from it speak the language chosen after this module was imported."""

    def __getitem__(self, key: str) -> str:
        return _(super().__getitem__(key))


SUMMARIES: dict[str, str] = _Said(
    {
        "stats": N_("show or reset your statistics"),
        "history": N_("list your games, newest first: won, lost or left before the end"),
        "export": N_("write every game of your history as JSON lines"),
        "import": N_("read games written by export into your history"),
        "simulate": N_("play many deals without a screen and report how a strategy fares"),
        "review": N_("the expert's verdict on every placement of a finished game"),
        "practice": N_("practise on your own mistakes: positions from your games to solve"),
        "help": N_("the rules in full and the other pages of help (a list without a topic)"),
    }
)
"""Each command in a line, for the list ``foursquare --help`` ends with."""

DESCRIPTIONS: dict[str, str] = _Said(
    {
        "play": N_(
            "Foursquare: a one-player card game on a 4×4 grid of piles.\n"
            "Your game is saved as you play and picked up where you left off next time."
        ),
        "stats": N_("Show your Foursquare statistics: games played, won and lost, streaks and winning scores."),
        "history": N_(
            "List your games, newest first, those left before the end too: when, deal, result, score, "
            "cards placed and id."
        ),
        "export": N_("Write every game of your history, oldest first, as JSON lines: one game with its record a line."),
        "import": N_("Read games written by foursquare export into your history, skipping those already there."),
        "review": N_("The expert's verdict on every placement of a finished game, and your win chance across it."),
        "simulate": N_("Play deals S, S+1, … without a screen and report how a strategy fares."),
        "help": N_("Print a page of help; with no topic, the list of topics."),
        "practice": N_(
            "Positions from your own finished games where a placement cost a card or more, or much of the chance to "
            "win: find the expert's cell (two tries). Solved positions are not offered again."
        ),
    }
)
"""What ``foursquare COMMAND --help`` says the command is for (``play``: the game itself)."""

OPTIONS: dict[str, dict[str, str]] = {
    "play": {
        "--seed": N_("play deal number N (0 to {last}); the deal number on screen replays a game"),
        "--daily": N_("play today's deal, the same for everyone on the same date, and get a line to share at the end"),
        "--new": N_(
            "deal a fresh game instead of going on with the saved one (a game in progress counts as lost; asks first)"
        ),
        "--no-color": N_("no colours (also when the NO_COLOR environment variable is set)"),
        "--ascii": N_("draw suits as C D H S and plain borders"),
        "--plain": N_(
            "play by typing one command a line, answered in plain lines of text: for screen readers, dumb terminals "
            "and scripts (chosen by itself when TERM is dumb or input or output is not a terminal)"
        ),
        "--words": N_("plain mode with cards spelled for speech, such as 'seven of hearts'"),
        "--lang": N_(
            "speak language CODE (foursquare help languages lists them; before or after a command); "
            "by default the one kept, else LANGUAGE, LC_ALL, LC_MESSAGES or LANG"
        ),
        "--remember": N_("with --lang: keep that language for the next runs (--lang auto --remember forgets it)"),
    },
    "stats": {
        "--json": N_("print them as one JSON object, for scripts"),
        "--reset": N_("clear them (asks first); the history of games stays"),
        "--yes": N_("with --reset: clear without asking"),
    },
    "history": {"--json": N_("print them as one JSON array, for scripts"), "--limit": N_("only the newest N games")},
    "export": {"file": N_("where to write (- or none: standard output)")},
    "import": {"file": N_("the file to read (- for standard input)")},
    "review": {
        "game": N_("the id of a game in foursquare history"),
        "--last": N_("review the game that ended last (the default)"),
        "--file": N_(
            "review the game in a file (- for standard input): a game record, or one line of foursquare export"
        ),
        "--json": N_("print the review as one JSON object"),
        "--ascii": N_("draw the chart with # and plain lines"),
        "--words": N_("in words and numbers, without the chart: cards spelled for speech, as plain mode's v says it"),
        "--nodes": N_("how much the expert looks ahead per placement"),
    },
    "help": {"topic": N_("one of: {topics}")},
    "simulate": {
        "--games": N_("how many deals to play"),
        "--strategy": N_("who plays (default: expert)"),
        "--seed": N_("the first deal number (default: 0)"),
        "--jobs": N_("processes to play in (default: 1)"),
        "--nodes": N_("the expert's look-ahead budget per card, in positions"),
        "--json": N_("print one JSON object instead of a report"),
        "--detail": N_("with --json, add every deal: its result, placements and first chance"),
    },
    "practice": {
        "game": N_("only game GAME of foursquare history"),
        "--plain": N_("plain lines even in a terminal (as through a pipe)"),
        "--ascii": N_("cards as 7H, and plain characters"),
        "--words": N_("cards spelled for speech, such as 'seven of hearts'"),
        "--no-color": N_("no colours on the game screen"),
        "--nodes": N_("the expert's look-ahead per placement for a game it must review first"),
    },
}
"""What each option (or argument) is for, in ``--help``; ``{fields}`` are filled by the command."""
OPTIONS = {command: _Said(said) for command, said in OPTIONS.items()}
NODES = N_("{what} (default {default:,}; fewer is quicker and weaker)")
"""How ``--nodes`` is described: what the look-ahead is for, and its default (said through ``_``)."""


class Said(Template):
    """What the command line says back when it cannot do what was asked."""

    # Translators: {typed} is the word typed after foursquare, {nearest} the command it comes nearest to; each is
    # shown in quotes as typed ('stat', 'stats')
    NO_COMMAND = N_("no command {typed!r}: did you mean {nearest!r}?")
    # Translators: {typed} is the word typed after foursquare, in quotes; {commands} the command words, as typed,
    # joined by commas
    UNKNOWN_COMMAND = N_("no command {typed!r}: the commands are {commands} (foursquare --help says more)")
    # Translators: {typed} is what was given as a deal number; {last} the highest deal number there is
    NOT_A_DEAL = N_("not a deal number: {typed} (deal numbers go from 0 to {last})")
    REVIEW_ONE_OF = N_("give one of GAME, --last and --file")
    COMMAND_FIRST = N_(
        "the command comes first: foursquare {command} ... (foursquare {command} --help lists its options)"
    )
    YES_ALONE = N_("--yes only goes with --reset")
    # Translators: {typed} is the code given to --lang, in quotes; English is what the game speaks instead
    UNKNOWN_LANGUAGE = N_("no language {typed!r} here, so English it is (foursquare help languages lists them)")
    REMEMBER_WHAT = N_("--remember keeps the language --lang names: foursquare --lang CODE --remember")
    # Translators: {why} is the system's reason the setting could not be written ("permission denied")
    NOT_REMEMBERED = N_("could not keep the language: {why}")
    # Translators: {language} is the language's own name with its code: "slovenčina (sk)"
    REMEMBERED = N_("From now on Foursquare speaks {language}; foursquare --lang auto --remember forgets it.")
    FORGOTTEN = N_("From now on Foursquare speaks the language your environment names.")


NUMBERS: dict[str, str] = {
    # Translators: {typed} is what was given instead of the number, in quotes
    "games": N_("not a number of games: {typed} (a whole number from 1)"),
    # Translators: {typed} is what was given instead of the game's id, in quotes
    "game_id": N_("not a game id: {typed} (the number foursquare history gives)"),
    # Translators: {typed} is what was given instead of the number, in quotes
    "nodes": N_("not a number of nodes: {typed} (a whole number, 1 or more)"),
    # Translators: {typed} is what was given instead of the number, in quotes
    "jobs": N_("not a number of processes: {typed} (a whole number from 1)"),
}
"""Each kind of number a command takes, as the whole line refusing what was typed instead: what the number is,
and a hint of what one looks like (said through ``_`` when a number is refused)."""


def commands_epilog(summaries: dict[str, str]) -> str:
    """The list ``foursquare --help`` ends with: each command (typed as it is) and what it does."""
    return _("commands:") + "\n" + "\n".join(f"  {name:<10} {said}" for name, said in summaries.items())


def exported(count: int, path: str) -> str:
    """What ``foursquare export FILE`` did, in a line (an export to standard output adds nothing to its lines)."""
    return ngettext("Exported {count} game to {path}.", "Exported {count} games to {path}.", count).format(
        count=count, path=path
    )


def more_rejected(said: int) -> str:
    """Said once, after the first ``said`` lines ``foursquare import`` rejected: the others go unsaid (a file
    that is no export at all would give a line for each), only counted."""
    return _(
        "more bad lines follow, not named one by one (only the first {said} are); the count below has them all"
    ).format(said=said)


def imported(added: int, skipped: int, rejected: int) -> str:
    """What ``foursquare import`` did, in a line: a whole sentence for each count, so each takes its own plural."""
    games = ngettext("Imported {count} game.", "Imported {count} games.", added).format(count=added)
    known = ngettext(
        "Skipped {count} game already in the history.", "Skipped {count} games already in the history.", skipped
    ).format(count=skipped)
    lines = ngettext("Rejected {count} line.", "Rejected {count} lines.", rejected).format(count=rejected)
    # Translators: the three sentences of what an import did, in the order the language reads them: {imported}
    # the games added, {skipped} those already kept, {rejected} the lines refused
    return _("{imported} {skipped} {rejected}").format(imported=games, skipped=known, rejected=lines)
