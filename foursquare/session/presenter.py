"""What the player reads of what the session did: one place for both ways of playing.

The session reports events (a card placed, a take-back, the end of the
game...); :func:`present` words each of them once, as a :class:`Shown`: the
message in its forms (longest first: the screen shows the longest that fits,
plain mode the first), the end of the game's lines and the line to share, a
greeting, a problem with the files.  A yes-or-no question is one
:class:`Question` for both: what is asked, its detail, its answers with their
keys and what each does, and which answer a key or a line gives
(:meth:`Question.answer`).  :func:`help_gate` words the question before the
first help of a game on your own, and :func:`help_answered` does what each
answer does (said, told the session, the help run or not);
:func:`leaving_asked` words the question before a game in progress is left.
The screen and plain mode keep only where a line goes and how a key or a line
arrives.
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
    Stakes,
    TookBack,
    Trouble,
)
from foursquare.storage.helped import Aid
from foursquare.words.catalog import _
from foursquare.words.explain import explain, refusal_sentence, took_back
from foursquare.words.helped import (
    declined_line,
    help_cost,
    help_declined,
    help_question,
    help_question_line,
    put_off_line,
)
from foursquare.words.keys import NO_KEY, YES_KEY, answer_words
from foursquare.words.results import share_line, share_short
from foursquare.words.screen import ANY_OTHER_KEY
from foursquare.words.session import (
    KEEP_PLAYING,
    QUIT,
    asked_to_leave,
    counted_lost,
    ended_lines,
    greeting_forms,
    keep_label,
    leaving_words,
    nothing_to_redo,
    nothing_to_undo,
    quitting_words,
    switch_question,
)
from foursquare.words.text import Text, Tone

__all__ = [
    "Answer",
    "Ending",
    "Gate",
    "HelpAnswered",
    "Message",
    "Question",
    "Shown",
    "greeted",
    "help_answered",
    "help_gate",
    "leaving_asked",
    "present",
    "quitting_asked",
]


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
    asked: Question | None = None
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


class Answer(Enum):
    """An answer to a question: yes, no, or later (nothing decided: the question comes again another time)."""

    YES = "yes"
    NO = "no"
    LATER = "later"


class Question(Value):
    """A yes-or-no question, for both ways of playing: what is asked, its detail, what each answer does, and
    which answer a key (the screen's dialog) or a line (plain mode) gives.

    ``y`` says yes.  Where any other answer means no, ``later`` is empty.  A
    question whose no cannot be undone (no help for the rest of the game)
    has a ``later``: only ``n`` says no, and any other answer puts the
    question off, so that a key pressed by chance decides nothing.  The
    language's own answer words work beside the English ``y`` and ``n``
    (:func:`~foursquare.words.keys.answer_words`).
    """

    question: Text
    detail: Text
    yes: str
    """What yes does, in a word or two."""
    no: str
    """What no does."""
    line: str
    """The question as one line, with its detail and its answers: what plain mode prints."""
    later: str = ""
    """What any other answer does, where only ``n`` says no; empty: any other answer is no."""

    def answers(self) -> tuple[tuple[str, str], ...]:
        """The keys and what each does, as the dialog shows them."""
        if not self.later:
            return ((YES_KEY, self.yes), (_(ANY_OTHER_KEY), self.no))
        return ((YES_KEY, self.yes), (NO_KEY, self.no), (_(ANY_OTHER_KEY), self.later))

    def answer(self, said: str) -> Answer:
        """The answer that ``said`` (a key, or a line; empty for a key that types nothing, or the end of input)
        gives."""
        said = said.strip().lower()
        if said in answer_words(yes=True):
            return Answer.YES
        if not self.later or said in answer_words(yes=False):
            return Answer.NO
        return Answer.LATER


class Gate(Value):
    """Whether help may be given now: at once (``asked`` and ``said`` None), never in this game (``said`` says
    so), or after the player answers ``asked``."""

    asked: Question | None = None
    said: Message | None = None


def help_gate(permission: Permission, aid: Aid) -> Gate:
    """What ``aid`` (a take-back, a tip, autoplay) waits for, by the session's ``permission``."""
    if permission is Permission.FREE:
        return Gate()
    if permission is Permission.DECLINED:
        return Gate(said=_help_said(help_declined, aid, Tone.ERROR))
    return Gate(asked=_asked(aid))


def _asked(aid: Aid) -> Question:
    asked = help_question(aid)
    heading, cost = Text((asked.question,), Tone.HEADING), Text((asked.cost,))
    return Question(heading, cost, asked.yes, asked.no, help_question_line(aid), asked.later)


def leaving_asked(stakes: Stakes, seed: int | None = None, daily: bool = False, *, keep: bool = False) -> Question:
    """The question before the game in progress (``stakes``) is left for another deal (``seed``, today's, or a new
    one); no keeps playing, or (``keep``, for a deal asked for on the command line) names the deal it goes on
    with."""
    question, yes = switch_question(seed, daily)
    no = keep_label(stakes.deal) if keep else _(KEEP_PLAYING)
    return _leave(question, leaving_words(stakes.deal, stakes.counts), yes, no)


def quitting_asked(stakes: Stakes) -> Question:
    """The question before quitting a game in progress (``stakes``): its detail says whether the game is kept for
    next time."""
    question, yes = (_(said) for said in QUIT)
    return _leave(question, quitting_words(stakes.saved), yes, _(KEEP_PLAYING))


def _leave(question: str, detail: str, yes: str, no: str) -> Question:
    """A question before the game in progress is left, with what leaving it does."""
    return Question(Text((question,), Tone.HEADING), Text((detail,)), yes, no, asked_to_leave(question, detail))


class HelpAnswered(Value):
    """What follows an answer to the help question: what is said of it, what the session did on hearing it,
    and whether the help asked for goes ahead."""

    said: Message | None
    """Said first (nothing for yes: the help itself follows)."""
    events: tuple[Event, ...]
    """What the session did with the answer (nothing when it was put off: the session never heard it)."""
    go: bool
    """Whether the help asked for (a take-back, a tip, autoplay) now runs."""


def help_answered(answer: Answer, hear: Callable[[bool], Sequence[Event]]) -> HelpAnswered:
    """``answer`` to the help question, for both ways of playing: said, then told the session unless it was put
    off (``hear`` is the session's ``answer_help``), then the help runs on yes."""
    said = None
    if answer is Answer.NO:
        said = Message.of(declined_line(False), declined_line(True))
    elif answer is Answer.LATER:
        said = Message.of(put_off_line(False), put_off_line(True))
    events = () if answer is Answer.LATER else tuple(hear(answer is Answer.YES))
    return HelpAnswered(said, events, answer is Answer.YES)
