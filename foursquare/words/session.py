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
from foursquare.words.catalog import N_, _, ngettext
from foursquare.words.grammar import Template
from foursquare.words.results import result_sentence
from foursquare.words.stats import daily_line
from foursquare.words.text import Text, Tone

__all__ = [
    "KEEP_PLAYING",
    "NEW_DEAL",
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
    "plain_intro",
    "quitting_words",
    "record_lines",
    "replay_not_yet",
    "switch_question",
    "toggled_words",
]


def plain_intro() -> str:
    """Plain mode's first line: what to type."""
    return _("Foursquare in plain mode: type a cell name such as d4 to place the next card, ? for the commands.")


def greeting_forms(deal: int, placed: int, replay: bool, daily: date | None, card: Card | None) -> list[Text]:
    """What to say of a game just put on the table, longest first: resumed, replayed, daily or fresh."""
    if placed:
        welcome = ngettext(
            "Welcome back: deal {deal} as you left it, {count} card placed",
            "Welcome back: deal {deal} as you left it, {count} cards placed",
            placed,
        )
        return [Text.filled(welcome, deal=deal, count=placed)]
    fields = {"deal": deal, "card": card, "cell": cell_name((0, 0))}
    if daily is not None:
        fields["day"] = daily.isoformat()
    if replay:
        if daily is not None:
            first = _("Daily deal of {day} (deal {deal}) was counted before, so this game will not count")
            placing = _(
                "Daily deal of {day} (deal {deal}) was counted before, so this game will not count: "
                "place {card} in the middle ({cell}) to begin"
            )
            short = _("Daily deal of {day} (deal {deal}): a replay, not counted")
        else:
            first = _("Deal {deal} was counted before, so this game will not count")
            placing = _(
                "Deal {deal} was counted before, so this game will not count: "
                "place {card} in the middle ({cell}) to begin"
            )
            short = _("Deal {deal}: a replay, not counted")
        forms = [placing, first, short] if card else [first, first, short]
        return [Text.filled(form, Tone.PLAIN, **fields) for form in forms]
    if daily is not None:
        name = _("Daily deal of {day} (deal {deal})")
        placing = _("Daily deal of {day} (deal {deal}): place {card} in the middle ({cell}) to begin")
        return [Text.filled(placing if card else name, Tone.PLAIN, **fields), Text.filled(name, Tone.PLAIN, **fields)]
    if card is None:
        return [Text.filled(_("Deal {deal}"), deal=deal)]
    return [Text.filled(_("Deal {deal}: place {card} in the middle ({cell}) to begin"), Tone.PLAIN, **fields)]


def counted_lost(deal: int) -> str:
    """What is said once a game in progress was left for another deal: it now counts as a loss."""
    return _("Deal {deal} was left before its end: it counts as a loss in your statistics.").format(deal=deal)


def leaving_words(deal: int, counts: bool) -> str:
    """What leaving the game on the table for another deal does to the statistics."""
    if counts:
        return _("Leaving deal {deal} now counts it as a loss in your statistics.").format(deal=deal)
    return _("Deal {deal} was counted before: leaving it changes nothing in your statistics.").format(deal=deal)


def quitting_words(saved: bool) -> str:
    """What quitting does to the game on the table: nothing, unless it could not be saved."""
    if saved:
        return _("Your game is saved: run foursquare again to go on where you left off.")
    return _("This game could not be saved, so it will be lost.")


def switch_question(seed: int | None, daily: bool) -> tuple[str, str]:
    """The question before leaving a game for another deal, and what yes does, in a few words."""
    if daily:
        return _("Play today's deal?"), _("play today's deal")
    if seed is not None:
        return _("Play deal {deal}?").format(deal=seed), _("play deal {deal}").format(deal=seed)
    return _(NEW_DEAL[0]), _(NEW_DEAL[1])


def asked_to_leave(question: str, leaving: str) -> str:
    """Plain mode's question before leaving a game, with what leaving costs and the answers."""
    return _("{question} {leaving} Answer y to leave it, n to go on.").format(question=question, leaving=leaving)


NEW_DEAL = (N_("Start a new deal?"), N_("new deal"))
"""The question before ``n`` leaves a game in progress, and what yes does (say each through ``_``)."""
QUIT = (N_("Quit this game?"), N_("quit"))
"""The question before quitting a game in progress, and what yes does (say each through ``_``)."""
KEEP_PLAYING = N_("keep playing")
"""What no does to either (say it through ``_``)."""


def keep_label(deal: int) -> str:
    """What no does to that question, in a few words."""
    return _("go on with deal {deal}").format(deal=deal)


def kept_line(deal: int) -> str:
    """What is said when the answer was no."""
    return _("No: going on with deal {deal}.").format(deal=deal)


def _counts(deal: int, not_counted: NotCounted | None) -> Text:
    """Whether a game that just ended counts in the statistics, and why not."""
    if not_counted is None:
        return Text((_("This game counts in your statistics."),))
    if not_counted is NotCounted.REPLAY:
        return Text.filled(_("Not counted: deal {deal} was counted before (a replay)."), Tone.BAD, deal=deal)
    if not_counted is NotCounted.ENDED_BEFORE:
        return Text.filled(
            _("Not counted: deal {deal} counted when it first ended, before the undo."), Tone.BAD, deal=deal
        )
    return Text((_("Not counted: the statistics could not be updated."),), Tone.BAD)


REPLAY = N_("replay")
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
    result = Text((result_sentence(status, score, help),))
    kept = _deal_records(deal, records, daily, best)
    if not_counted is not None:
        counts = _counts(deal, not_counted)
    elif help is None:
        counts = Text((_("This game counts in all games only: it began before help was recorded."),))
    elif help.alone:
        counts = _counts(deal, None)
    else:
        counts = Text((_("This game counts in all games, not on your own."),))
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
    own, every = records.on_your_own, records.all_games
    if own.win_percent is None:
        first = _("On your own: none yet.")
    else:
        first = _("On your own: streak {streak}, won {share:.0%} of {played}.").format(**_record(own))
    if every.win_percent is None:
        return [first, _("All games: none yet.")]
    return [first, _("All games: streak {streak}, won {share:.0%} of {played}.").format(**_record(every))]


def _record(stats: Stats) -> dict[str, object]:
    """The fields of a record: its streak, the share won (a fraction, which each language writes as a
    percentage its own way) and the games played."""
    share = stats.won / stats.played if stats.played else 0.0
    return {"streak": stats.current_streak, "share": share, "played": stats.played}


def nothing_to_undo() -> str:
    return _("Nothing to take back")


def nothing_to_redo() -> str:
    # Translators: at most 68 columns, the message line of the smallest screen
    return _("Nothing to put back: r puts back a card taken back with u")


_TOGGLED = {
    ("preview", True): N_("Preview on (p turns it off)"),
    ("preview", False): N_("Preview off (p turns it on)"),
    ("to_come", True): N_("Cards still to come shown (c hides them)"),
    ("to_come", False): N_("Cards still to come hidden (c shows them)"),
}


def toggled_words(setting: str, on: bool) -> Text:
    """What the message line says when ``p`` (``"preview"``) or ``c`` (``"to_come"``) turns it on or off."""
    return Text((_(_TOGGLED[setting, on]),))


class Failed(Template):
    """What the session could not do with the files, said with why (a clause): play goes on."""

    # Translators: {why} is a clause from the messages on the files, such as "the disk is full"
    SAVING = N_("Could not save the game: {why}.")
    # Translators: {deal} is the deal's number; {why} a clause from the messages on the files, such as "the disk is
    # full"
    COUNTING = N_("Could not count deal {deal} in the statistics: {why}.")
    READING_STATS = N_("Could not read the statistics: {why}.")
    LOADING = N_("The saved game could not be loaded: {why}.")
    # Translators: {folder} is the path of the folder the game keeps its files in; {why} a clause saying why it
    # cannot be used
    KEEPING = N_("Cannot keep games in {folder}: {why}; this game will not be saved.")
    """The data folder cannot be used at all: nothing will be kept this game."""


def nothing_kept(folder: Path) -> str:
    """Why saving, counting and reading fail all game once the data folder could not be used."""
    return _("games cannot be kept in {folder}").format(folder=folder)


def replay_not_yet() -> str:
    """``d`` while the game goes on: it waits for the end, where the end box offers it."""
    return _("d plays the same deal again once this game has ended; n leaves it for a new deal.")
