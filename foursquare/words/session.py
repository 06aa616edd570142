"""The game session in words: greetings, what leaving or quitting costs, the questions, whether a game counts.

Both ways of playing say these the same way; each function takes the facts
the session reports (:mod:`foursquare.session.events`) and builds whole
sentences.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

from foursquare.engine import Card, Status, cell_name
from foursquare.engine.values import Value
from foursquare.storage.helped import Help
from foursquare.storage.stats import NotCounted, Records, Stats
from foursquare.words.catalog import _
from foursquare.words.grammar import Template, capitalized, plural
from foursquare.words.helped import with_help
from foursquare.words.results import result_words
from foursquare.words.stats import daily_line
from foursquare.words.text import Text, Tone

__all__ = [
    "KEEP_PLAYING",
    "NEW_DEAL",
    "PLAIN_INTRO",
    "QUIT",
    "REPLAY",
    "Ended",
    "Failed",
    "asked_to_leave",
    "counted_lost",
    "ended_lines",
    "greeting_forms",
    "keep_label",
    "kept_line",
    "leaving_words",
    "nothing_kept",
    "nothing_to_redo",
    "nothing_to_undo",
    "quitting_words",
    "record_lines",
    "replay_not_yet",
    "switch_question",
    "toggled_words",
]

PLAIN_INTRO = "Foursquare in plain mode: type a cell name such as d4 to place the next card, ? for the commands."


def greeting_forms(deal: int, placed: int, replay: bool, daily: date | None, card: Card | None) -> list[Text]:
    """What to say of a game just put on the table, longest first: resumed, replayed, daily or fresh."""
    if placed:
        return [Text.of(f"Welcome back: deal {deal} as you left it, {plural(placed, 'card')} placed")]
    middle = f" in the middle ({cell_name((0, 0))}) to begin"
    name = f"Daily deal of {daily.isoformat()} (deal {deal})" if daily is not None else f"Deal {deal}"
    if replay:
        replay_line = f"{name} was counted before, so this game will not count"
        return [
            Text.of(replay_line, ": place ", card, middle) if card else Text.of(replay_line),
            Text.of(replay_line),
            Text.of(f"{name}: a replay, not counted"),
        ]
    if daily is not None:
        return [Text.of(name, ": place ", card, middle) if card else Text.of(name), Text.of(name)]
    if card is None:
        return [Text.of(f"Deal {deal}")]
    return [Text.of(f"Deal {deal}: place ", card, middle)]


def counted_lost(deal: int) -> str:
    """What is said once a game in progress was left for another deal: it now counts as a loss."""
    return _("Deal {deal} was left before its end: it counts as a loss in your statistics.").format(deal=deal)


def leaving_words(deal: int, counts: bool) -> str:
    """What leaving the game on the table for another deal does to the statistics."""
    if counts:
        return f"Leaving deal {deal} now counts it as a loss in your statistics."
    return f"Deal {deal} was counted before: leaving it changes nothing in your statistics."


def quitting_words(saved: bool) -> str:
    """What quitting does to the game on the table: nothing, unless it could not be saved."""
    if saved:
        return "Your game is saved: run foursquare again to go on where you left off."
    return "This game could not be saved, so it will be lost."


def switch_question(seed: int | None, daily: bool) -> tuple[str, str]:
    """The question before leaving a game for another deal, and what yes does, in a few words."""
    if daily:
        return "Play today's deal?", "play today's deal"
    if seed is not None:
        return f"Play deal {seed}?", f"play deal {seed}"
    return NEW_DEAL


def asked_to_leave(question: str, leaving: str) -> str:
    """Plain mode's question before leaving a game, with what leaving costs and the answers."""
    return f"{question} {leaving} Answer y to leave it, n to go on."


NEW_DEAL = ("Start a new deal?", "new deal")
"""The question before ``n`` leaves a game in progress, and what yes does."""
QUIT = ("Quit this game?", "quit")
"""The question before quitting a game in progress, and what yes does."""
KEEP_PLAYING = "keep playing"
"""What no does to either."""


def keep_label(deal: int) -> str:
    """What no does to that question, in a few words."""
    return f"go on with deal {deal}"


def kept_line(deal: int) -> str:
    """What is said when the answer was no."""
    return f"No: going on with deal {deal}."


def _counts(deal: int, not_counted: NotCounted | None) -> Text:
    """Whether a game that just ended counts in the statistics, and why not."""
    if not_counted is None:
        return Text(("This game counts in your statistics.",))
    if not_counted is NotCounted.REPLAY:
        return Text((f"Not counted: deal {deal} was counted before (a replay).",), Tone.BAD)
    if not_counted is NotCounted.ENDED_BEFORE:
        return Text((f"Not counted: deal {deal} counted when it first ended, before the undo.",), Tone.BAD)
    return Text(("Not counted: the statistics could not be updated.",), Tone.BAD)


REPLAY = "replay"
"""What ``d`` does, as the end box offers it: the same deal again (a deal counted before does not count again,
as its greeting says)."""


class Ended(Value):
    """What is said of a game that just ended: ``lines`` always, ``more`` where there is room (a box short of
    rows leaves it out; the statistics page has it)."""

    lines: tuple[Text, ...]
    more: tuple[Text, ...] = ()

    @property
    def every_line(self) -> tuple[Text, ...]:
        return (*self.lines, *self.more)


def ended_lines(
    deal: int,
    status: Status,
    score: int | None,
    not_counted: NotCounted | None,
    help: Help | None,
    records: Records | None,
    *,
    daily: date | None = None,
    best: int | None = None,
) -> Ended:
    """What the end box says of a game that just ended: the result with its help (``Won, score 17, on my
    own.``), where it counts and why not, then the record this game counts in (on your own, the headline,
    for a game played alone; all games for one with help) and, as more, the other.

    ``records``: both records now, or None if they could not be read.  A daily deal's game (``daily``) says
    the daily deal's record too, and a replay the ``best`` score on its deal.
    """
    result = Text((capitalized(with_help(result_words(status, score), help)) + ".",))
    kept = _deal_records(deal, records, daily, best)
    if not_counted is not None:
        counts = _counts(deal, not_counted)
    elif help is None:
        counts = Text(("This game counts in all games only: it began before help was recorded.",))
    elif help.alone:
        counts = _counts(deal, None)
    else:
        counts = Text(("This game counts in all games, not on your own.",))
    if records is None:
        return Ended((result, counts), kept)
    own, everything = record_lines(records)
    if help is not None and help.alone:
        return Ended((result, counts, Text((own,))), (*kept, Text((everything,))))
    return Ended((result, counts, Text((everything,))), (*kept, Text((own,))))  # the record it moved comes first


def _deal_records(deal: int, records: Records | None, daily: date | None, best: int | None) -> tuple[Text, ...]:
    """The records of a game's own deal: the daily deal's (for a daily game), the best score on a replay's."""
    said = []
    if daily is not None and records is not None and (line := daily_line(records.daily)) is not None:
        said.append(Text((line,)))
    if best is not None:
        said.append(Text((_("Your best score on deal {deal}: {best}.").format(deal=deal, best=best),)))
    return tuple(said)


def record_lines(records: Records) -> list[str]:
    """The headline of the statistics: the record on your own, then that of all games, a line each."""
    return [f"On your own: {_record(records.on_your_own)}.", f"All games: {_record(records.all_games)}."]


def _record(stats: Stats) -> str:
    """``streak 3, won 60% of 5``; ``none yet``."""
    if stats.win_percent is None:
        return "none yet"
    return f"streak {stats.current_streak}, won {stats.win_percent:.0f}% of {stats.played}"


def nothing_to_undo() -> str:
    return "Nothing to take back"


def nothing_to_redo() -> str:
    return "Nothing to put back: r puts back a card taken back with u"


_TOGGLED = {
    ("preview", True): "Preview on (p turns it off)",
    ("preview", False): "Preview off (p turns it on)",
    ("to_come", True): "Cards still to come shown (c hides them)",
    ("to_come", False): "Cards still to come hidden (c shows them)",
}


def toggled_words(setting: str, on: bool) -> Text:
    """What the message line says when ``p`` (``"preview"``) or ``c`` (``"to_come"``) turns it on or off."""
    return Text((_TOGGLED[setting, on],))


class Failed(Template):
    """What the session could not do with the files, said with why (a clause): play goes on."""

    SAVING = "Could not save the game: {why}."
    COUNTING = "Could not count deal {deal} in the statistics: {why}."
    READING_STATS = "Could not read the statistics: {why}."
    LOADING = "The saved game could not be loaded: {why}."
    KEEPING = "Cannot keep games in {folder}: {why}; this game will not be saved."
    """The data folder cannot be used at all: nothing will be kept this game."""


def nothing_kept(folder: Path) -> str:
    """Why saving, counting and reading fail all game once the data folder could not be used."""
    return f"games cannot be kept in {folder}"


def replay_not_yet() -> str:
    """``d`` while the game goes on: it waits for the end, where the end box offers it."""
    return "d plays the same deal again once this game has ended; n leaves it for a new deal."
