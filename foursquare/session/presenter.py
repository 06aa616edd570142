"""What the player reads of what the session did: one place for both ways of playing.

The session reports events (a card placed, a take-back, the end of the
game...); :func:`present` words each of them once, as a :class:`Shown`: the
message in its forms (longest first: the screen shows the longest that fits,
plain mode the first), the end of the game's lines and the line to share, a
greeting, a problem with the files.  :func:`help_gate` and
:func:`help_answered` word the question before the first help of a game on
your own and what each answer does.  The screen and plain mode keep only
where a line goes and how a key or a line arrives.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import Enum

from foursquare.engine import Cell, Game
from foursquare.engine.values import Value
from foursquare.session.events import (
    Dealt,
    Event,
    Finished,
    Greeting,
    HelpHeld,
    Nothing,
    Permission,
    Placed,
    Refused,
    TookBack,
    Trouble,
)
from foursquare.storage.helped import Aid
from foursquare.words.explain import explain, refusal_sentence, took_back
from foursquare.words.helped import (
    declined_line,
    help_cost,
    help_declined,
    help_question,
    help_question_line,
    put_off_line,
)
from foursquare.words.results import share_line, share_short
from foursquare.words.session import counted_lost, ended_lines, greeting_forms, nothing_to_redo, nothing_to_undo
from foursquare.words.text import Text, Tone

__all__ = ["Answer", "Asked", "Ending", "Gate", "Message", "Shown", "greeted", "help_answered", "help_gate", "present"]


class Message(Value):
    """A message in its forms, longest first: the screen shows the longest that fits its line, plain mode the
    first (ended with ``stop`` where it is a sentence's clause)."""

    forms: tuple[Text, ...]
    stop: str = ""
    """What ends the sentence on a line of its own (plain mode): a full stop after a clause, or nothing."""

    @classmethod
    def of(cls, *forms: str, tone: Tone = Tone.PLAIN, stop: str = "") -> Message:
        return cls(tuple(Text((form,), tone) for form in forms), stop)


class Ending(Value):
    """What is said of a game that just ended: the end box's lines (``more`` where there is room), every line
    as plain mode prints them, and the line to share (a daily deal's), in its forms."""

    lines: tuple[Text, ...]
    more: tuple[Text, ...]
    every_line: tuple[Text, ...]
    share: Message | None


class Shown(Value):
    """What one event shows: a message, the end of the game, a greeting, a problem with the files."""

    message: Message | None = None
    ending: Ending | None = None
    greeting: Message | None = None
    """A game put on the table: what to say of it (None once it is over: there is nothing to begin)."""
    left: Message | None = None
    """The deal left in progress for this one, said to count as a loss (plain mode says it)."""
    greets_more: bool = False
    """Whether the greeting says more than the deal's number (plain mode, which prints the deal, says it then)."""
    trouble: Trouble | None = None
    asked: Asked | None = None
    """Help held until the player answers its question (plain mode asks it again, with its answers)."""
    dealt: bool = False
    """A game was put on the table."""
    placed: Cell | None = None
    """The cell a card went on."""
    taken_from: Cell | None = None
    """The cell a card was taken back from."""
    turned: frozenset[Cell] | None = None
    """The cells whose cards turned (over, or back), to be shown as turned."""
    changed: bool = False
    """The table changed: the front end shows it again."""


def present(events: Sequence[Event], game: Game, offers: Sequence[tuple[str, str]]) -> list[Shown]:
    """Each of ``events`` (the session's report of what it did to ``game``) as the player reads it.

    ``offers`` are the keys the front end offers once the game is over, each with its word, for a card refused
    then.
    """
    return [_shown(event, game, offers) for event in events]


def _shown(event: Event, game: Game, offers: Sequence[tuple[str, str]]) -> Shown:
    if isinstance(event, Placed):
        placement = event.placement
        said = Message(tuple(explain(event.before, placement)), ".")
        return Shown(said, placed=placement.cell, turned=frozenset(placement.flipped), changed=True)
    if isinstance(event, TookBack):
        said = Message((took_back(event.card, event.cell, event.turned),), ".")
        turned = frozenset(turn.cell for turn in event.turned)
        return Shown(said, taken_from=event.cell, turned=turned, changed=True)
    if isinstance(event, Refused):
        return Shown(Message((refusal_sentence(game, event.cell, offers),), "."))
    if isinstance(event, Nothing):
        nothing = nothing_to_undo() if event is Nothing.TO_UNDO else nothing_to_redo()
        return Shown(Message.of(nothing, tone=Tone.ERROR, stop="."))
    if isinstance(event, Finished):
        ended = ended_lines(
            event.deal, event.status, event.score, event.not_counted, event.help, event.records,
            daily=event.daily, best=event.best,
        )  # fmt: skip
        share = None
        if event.daily is not None:
            line = share_line(event.daily, game, event.help, event.not_counted)
            share = Message.of(line, share_short(event.daily, game, event.help, event.not_counted), tone=Tone.GOOD)
        return Shown(ending=Ending(ended.lines, ended.more, tuple(ended.every_line), share))
    if isinstance(event, Dealt):
        return greeted(event.greeting, game, event.lost)
    if isinstance(event, Trouble):
        return Shown(Message.of(event.line, *([event.short] if event.short else []), tone=Tone.ERROR), trouble=event)
    assert isinstance(event, HelpHeld)
    if event.declined:
        return Shown(_help_said(help_declined, event.aid, Tone.ERROR))
    return Shown(_help_said(help_cost, event.aid, Tone.ERROR), asked=_asked(event.aid))


def greeted(greeting: Greeting, game: Game, lost: int | None = None) -> Shown:
    """What to say of the game on the table as it was put there (nothing once it is over), and of the deal
    ``lost`` left for it in progress, now counted as a loss."""
    forms = greeting_forms(greeting.deal, greeting.placed, greeting.replay, greeting.daily, greeting.card)
    said = None if game.is_over else Message(tuple(forms), ".")
    left = None if lost is None else Message.of(counted_lost(lost))
    return Shown(greeting=said, greets_more=greeting.more_than_the_deal, left=left, dealt=True, changed=True)


def _help_said(words: Callable[[Aid, bool], str], aid: Aid, tone: Tone = Tone.PLAIN) -> Message:
    """A line of the help question's family in its long form, then its short one where the long would be cut
    (its reason is the point, and must not be lost to a ``…``)."""
    return Message.of(words(aid, False), words(aid, True), tone=tone)


class Asked(Value):
    """The question before the first help of a game on your own: its heading, what the help costs, and what
    each answer does (``y``, ``n``, any other), with plain mode's line that says it all."""

    question: Text
    detail: Text
    yes: str
    no: str
    later: str
    line: str
    """The question as one line, with its answers, for plain mode."""


class Gate(Value):
    """Whether help may be given now: at once (``asked`` and ``said`` None), never in this game (``said`` says
    so), or after the player answers ``asked``."""

    asked: Asked | None = None
    said: Message | None = None


def help_gate(permission: Permission, aid: Aid) -> Gate:
    """What ``aid`` (a take-back, a tip, autoplay) waits for, by the session's ``permission``."""
    if permission is Permission.FREE:
        return Gate()
    if permission is Permission.DECLINED:
        return Gate(said=_help_said(help_declined, aid, Tone.ERROR))
    return Gate(asked=_asked(aid))


def _asked(aid: Aid) -> Asked:
    asked = help_question(aid)
    heading, cost = Text((asked.question,), Tone.HEADING), Text((asked.cost,))
    return Asked(heading, cost, asked.yes, asked.no, asked.later, help_question_line(aid))


class Answer(Enum):
    """An answer to the help question: yes (help now), no (none for the rest of the game), or later."""

    YES = "yes"
    NO = "no"
    LATER = "later"


def help_answered(answer: Answer) -> Message | None:
    """What is said of ``answer`` before the session hears it (nothing for yes: the help itself follows)."""
    if answer is Answer.NO:
        return Message.of(declined_line(False), declined_line(True))
    if answer is Answer.LATER:
        return Message.of(put_off_line(False), put_off_line(True))
    return None
