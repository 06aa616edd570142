"""Plain mode: the game played one typed command a line, answered in plain lines.

For screen readers, dumb terminals, logs and scripts.  :func:`main` opens the
same :class:`~foursquare.session.game.GameSession` as the game screen (the
saved game, the statistics, the deal asked for), then reads lines until
``q`` or the end of input.  :class:`Plain` turns each line into a session
call and prints the events it returns through :mod:`foursquare.words`: a cell
name places the next card, letters run the commands of :data:`COMMANDS`, and
a line it cannot use gets one line saying why.  The session saves after
every change and counts every game that ends, as it does for the screen, so
a game begun here goes on in the screen and back.

The expert (the tip, autoplay, the review) works to a fixed amount of
look-ahead, never to the clock, so that the same input always prints the
same output.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, BinaryIO, TextIO

from foursquare.engine import Cell, Game, parse_cell
from foursquare.expert.danger import danger_after
from foursquare.session import events as session_events
from foursquare.session import presenter
from foursquare.session.columns import page_width
from foursquare.session.errors import INTERRUPTED
from foursquare.session.events import Event, Mover, Placed
from foursquare.session.game import GameSession, Opening
from foursquare.session.lines import printer, read_lines, spelling_for
from foursquare.session.opening import open_session
from foursquare.session.practice import Practice, PracticeLines
from foursquare.session.reviews import Kept, ReviewFailed, ReviewService
from foursquare.storage.helped import Aid, placements_autoplayed
from foursquare.storage.library import Library
from foursquare.words import problems
from foursquare.words.advice import tip_forms
from foursquare.words.cards import Spelling
from foursquare.words.catalog import language
from foursquare.words.danger import danger_sentence
from foursquare.words.explain import game_over_text, preview_sentence, refusal_sentence
from foursquare.words.history import empty, fitted, not_reviewed_line
from foursquare.words.keys import PLAIN, answer_words, typed_offers, typed_words
from foursquare.words.log import log_entries, log_sentence
from foursquare.words.markdown import DEFAULT_WIDTH, rendered
from foursquare.words.pages import no_such_topic, not_translated, page, topic_of
from foursquare.words.plain import (
    Unusable,
    autoplay_line,
    help_lines,
    nothing_ended_yet,
    practice_hint,
    review_hint,
    reviewing_line,
)
from foursquare.words.quote import shown
from foursquare.words.review import plain_review_lines, review_stopped_sentence
from foursquare.words.session import kept_line, plain_intro, quitting_words, replay_not_yet
from foursquare.words.stats import records_in_words
from foursquare.words.table import position_lines, to_come_lines

if TYPE_CHECKING:
    from foursquare.expert.advice import Advice
    from foursquare.expert.review import Judge
    from foursquare.expert.reviewing import Reviewing

__all__ = ["COMMANDS", "Plain", "main"]

COMMANDS: tuple[tuple[str, ...], ...] = tuple(command.words for command in PLAIN)
"""Every command's English words, the first the one to type (its record, :data:`foursquare.words.keys.PLAIN`,
names the action they run)."""

_CELL_SHAPE = re.compile(r"[a-z][0-9]+")
_TAKES_MORE = frozenset(word for command in PLAIN if command.after for word in typed_words(command))
"""The words of the commands that take something after them (``p e4``, ``v 3``): ``v 3`` is no cell."""


class Plain:
    """One player's game in plain mode: lines in, lines out through ``out``.

    ``session`` holds the game and keeps it saved and counted; ``spell``
    writes the cards; ``nodes`` is the expert's look-ahead for ``t``, ``a``
    and ``v`` (None: its own default), a count of positions and never a
    time, so that a position always gets the same tip.  ``judge`` replaces
    the expert of the review (tests pass a quick one).  ``width``: the
    columns a page of the help (``? TOPIC``) and the list of games (``g``)
    are laid out in.
    """

    def __init__(
        self,
        session: GameSession,
        spell: Spelling,
        out: Callable[[str], None],
        *,
        nodes: int | None = None,
        judge: Judge | None = None,
        width: int = DEFAULT_WIDTH,
    ) -> None:
        self.session, self.spell, self.out = session, spell, out
        self.nodes, self.judge, self.width = nodes, judge, width
        self.library = Library(session.store)
        self.running = True
        self.question: tuple[presenter.Question, Callable[[presenter.Answer], None]] | None = None
        """The question the next line answers (the presenter's, as the screen asks it), and what its answer runs."""
        self.practising: PracticeLines | None = None
        """Practice under way: lines answer its positions until it ends."""
        actions: dict[str, Callable[[str], None]] = {
            "undo": self.undo, "redo": self.redo, "tip": self.tip, "autoplay": self.autoplay,
            "preview": self.preview, "cards": self.cards, "log": self.log, "new": self.new, "replay": self.replay,
            "stats": self.stats, "history": self.games, "review": self.review, "practice": self.practice,
            "help": self.help, "quit": self.quit,
        }  # fmt: skip
        self._commands: dict[str, Callable[[str], None]] = {}
        """Each word typed that runs a command (the language's and the English), and what runs it."""
        for command in PLAIN:
            for word in typed_words(command):
                self._commands.setdefault(word, actions[command.action])
        self._yes, self._no = answer_words(yes=True), answer_words(yes=False)
        self._answers = (self._yes | self._no) - set(self._commands)
        """Answers to a question that are no command (``n`` is one: a new deal), for when one is typed where
        none was asked."""

    @property
    def game(self) -> Game:
        return self.session.game

    # --- the session's life -------------------------------------------------

    def begin(self, opening: Opening) -> None:
        """Greet the player with the game the session found, and ask before leaving it for another deal."""
        self.out(plain_intro())
        if opening.trouble is not None:
            self.out(opening.trouble.line)
        self._greet()
        self._show()
        self._tell(self.session.finish_pending())
        if opening.switch is not None:
            switch = opening.switch
            self._ask(
                switch.seed,
                switch.daily,
                lambda: self._tell(self.session.new_deal(seed=switch.seed, daily=switch.daily)),
            )

    def handle(self, line: str) -> None:
        """Run one line of input: the answer to a question, a cell name or a command."""
        text = line.strip()
        if self.question is not None:
            self._answer(text)
            return
        if self.practising is not None:
            self.practising.handle(text)
            if not self.practising.practising:
                self.practising = None
                self._show()
            return
        if not text:
            self._show()
            return
        word, _, rest = text.partition(" ")
        word, rest = word.lower(), rest.strip()
        if len(word) == 1 and rest.isdigit() and word not in _TAKES_MORE and _is_cell(word + rest):
            word, rest = word + rest, ""  # d 4: the cell d4 with a space in it, not d with one word too many
        action = self._commands.get(word)
        if action is not None:
            action(rest)
            return
        if _CELL_SHAPE.fullmatch(word) is None:
            unusable = Unusable.NO_QUESTION if word in self._answers else Unusable.NOT_A_COMMAND
            self.out(unusable.say(typed=shown(text)))
            return
        cell = self._cell(word)
        if cell is not None and self._alone(word, rest):
            self._tell(self.session.place(cell))

    def end_of_input(self) -> None:
        """No more lines: like ``q`` (a question left open gets an empty answer: no, or for help, not now)."""
        if self.question is not None:
            self._answer("")
        if self.practising is not None:
            self.practising.stop()
            self.practising = None
        self.quit("")

    # --- commands -----------------------------------------------------------

    def undo(self, rest: str) -> None:
        if self._alone("u", rest):
            self._with_help(Aid.TAKE_BACK, lambda: self._tell(self.session.undo()))

    def redo(self, rest: str) -> None:
        if self._alone("r", rest):
            self._tell(self.session.redo())

    def tip(self, rest: str) -> None:
        if not self._alone("t", rest) or not self._playing():
            return
        self._with_help(Aid.TIP, self._tip)

    def _tip(self) -> None:
        events = self.session.tip()
        self._tell(events, show=False)
        if any(isinstance(event, session_events.HelpHeld) for event in events):
            return
        advice = self._advise()
        self.out(self.spell.text(tip_forms(self.game, advice, marked=False)[0]) + ".")

    def autoplay(self, rest: str) -> None:
        """``a``: the expert plays on to the end, each card said as it goes."""
        if self._alone("a", rest) and self._playing():
            self._with_help(Aid.AUTOPLAY, self._autoplay)

    def _autoplay(self) -> None:
        self.out(autoplay_line())
        while not self.game.is_over:
            events = self.session.place(self._advise().cell, by=Mover.EXPERT)
            if self.game.is_over:  # the last card: the table, then the end, as after a card placed by hand
                self._tell(events)
                return
            self._tell(events, show=False)
            if not any(isinstance(event, Placed) for event in events):
                break  # held back or refused: said, and the player takes over
        self._show()

    def review(self, rest: str) -> None:
        """``v``: the expert's review of the game just ended, or ``v N`` of game N of the history."""
        if rest and not rest.isdigit():
            self.out(review_hint())
            return
        if not rest and self.session.game_id is None:  # a game not ended (or not kept) yet has nothing to review
            self.out(nothing_ended_yet(any_kept=bool(self.library.recent(1))))
            return
        found = self.library.find(int(rest) if rest else self.session.game_id)
        if found.game is None or found.why_not is not None or found.game_id is None:
            self.out(not_reviewed_line(found))
            return
        game = found.game
        if not rest and self.game.is_over:  # the game on the table as it ended: taken back after its first end
            game = self.game.copy()  # and played to another, it is not the one the history kept (as on the screen)
        reviews = ReviewService(self.library, nodes=self.nodes, judge=self.judge)
        work = reviews.open(found.game_id, game)
        if not isinstance(work, Kept):
            self.out(reviewing_line(game.placed_count))
        try:
            review, _ = reviews.finish(found.game_id, game, work)
        except ReviewFailed as exc:
            self.out(review_stopped_sentence(exc.error))
            return
        this = game == self.game and found.game_id == self.session.game_id  # the game on the table
        helped = self.session.help if this else self.library.help_of(found.game_id)
        review = reviews.as_played(review, helped)
        lines = plain_review_lines(review, self.spell, game)
        said = reviews.help_line(review, helped)
        if said is not None:
            lines.insert(1, said)
        for line in lines:
            self.out(line)

    def practice(self, rest: str) -> None:
        """``practice``: positions to solve from the costly placements of finished games
        (``practice N``: of game N only); cell names answer until the round ends or ``q``."""
        if rest and not rest.isdigit():
            self.out(practice_hint())
            return
        round_ = Practice(
            self.library,
            game_ids=[int(rest)] if rest else None,
            nodes=self.nodes,
            start=self._review_start(),
            lister="g",
        )
        self.practising = PracticeLines(round_, self.spell, self.out)
        self.practising.begin()
        if not self.practising.practising:
            self.practising = None

    def _review_start(self) -> Callable[[Game], Reviewing] | None:
        """How practice reviews a game it has no kept review of: with the judge given (tests), else its own way."""
        judge = self.judge
        if judge is None:
            return None

        def start(game: Game) -> Reviewing:
            from foursquare.expert.reviewing import Reviewing

            return Reviewing(game, judge=judge)

        return start

    def games(self, rest: str) -> None:
        """``g``: the games that ended (those left before the end too), newest first, each with the id ``v N``
        reviews it by."""
        if not self._alone("g", rest):
            return
        kept = self.library.recent(20)
        for problem in self.library.take_problems():
            self.out(problems.line(problem))
        if not kept:
            self.out(empty())
            return
        for line in fitted(kept, self.width):
            self.out(line)
        self.out(review_hint())

    def preview(self, rest: str) -> None:
        if not self._playing():
            return
        if not rest:
            self.out(Unusable.NEEDS_A_CELL.say())
            return
        where, _, more = rest.partition(" ")
        cell = self._cell(where.lower())
        if cell is None or not self._alone(f"p {where}", more):
            return
        if self.game.refusal(cell) is not None:
            self.out(self.spell.text(refusal_sentence(self.game, cell)) + ".")
            return
        self.out(preview_sentence(self.game, self.game.preview(cell), self.spell))
        danger = danger_sentence(danger_after(self.game, cell))
        if danger is not None:
            self.out(self.spell.text(danger))

    def cards(self, rest: str) -> None:
        if self._alone("c", rest) and self._playing():
            for line in to_come_lines(self.game, self.spell):
                self.out(line)

    def log(self, rest: str) -> None:
        """``log``: every card placed so far, numbered, each with what it did and why, as it was said."""
        if not self._alone("log", rest):
            return
        self.out(log_sentence(self.game))
        for number, said in log_entries(self.game, placements_autoplayed(self.session.help)):
            self.out(f"  {number} {self.spell.text(said)}.")

    def new(self, rest: str) -> None:
        if not self._alone("n", rest):
            return
        if self.session.in_progress:
            self._ask(None, False, lambda: self._tell(self.session.new_deal()))
        else:
            self._tell(self.session.new_deal())

    def replay(self, rest: str) -> None:
        """``d``: the same deal again once the game has ended, by the session call of the screen's end box, so
        that its greeting says whether it counts in the same words."""
        if not self._alone("d", rest):
            return
        if not self.game.is_over:
            self.out(replay_not_yet())
            return
        self._tell(self.session.replay_deal())

    def stats(self, rest: str) -> None:
        if not self._alone("s", rest):
            return
        records, trouble = self.session.records()
        if trouble is not None:
            self.out(trouble.line)
        for line in records_in_words(records, spoken=self.spell.words):
            self.out(line)

    def help(self, rest: str) -> None:
        """The rules in short and the commands; ``? TOPIC`` a page of the help, as ``foursquare help TOPIC``."""
        if rest:
            topic = topic_of(rest)
            if topic is None:
                self.out(no_such_topic(rest, sentence=True))
            else:  # for speech, no rules of dashes and every table a row at a time
                help_page = page(topic, language())
                if help_page.in_english:
                    self.out(not_translated())
                self.out(rendered(help_page.text, self.width, spoken=self.spell.words))
            return
        for line in help_lines(words=self.spell.words, width=self.width):
            self.out(line)

    def quit(self, rest: str) -> None:
        if not self._alone("q", rest):
            return
        self.running = False
        stakes = self.session.stakes()
        if stakes.in_progress:
            self.out(quitting_words(stakes.saved))

    # --- what happened ----------------------------------------------------------

    def _tell(self, events: list[Event], *, show: bool = True) -> None:
        """Print what the session did, as the presenter words it, then the table (with the end, whether it
        counts, then what now)."""
        changed = False
        ended: list[str] = []
        for what in presenter.present(events, self.game, typed_offers()):
            if what.dealt:
                if what.left is not None:
                    self.out(what.left.forms[0].plain())
                self._greet(what)
            elif what.ending is not None:
                ended += [self.spell.text(text) for text in what.ending.every_line]
                if what.ending.share is not None:
                    ended.append(what.ending.share.forms[0].plain())
            elif what.asked is not None:
                self.out(what.asked.line)
            elif what.trouble is not None:
                self.out(what.trouble.line)
            elif what.message is not None:
                self.out(self.spell.text(what.message.forms[0]) + what.message.stop)
            changed = changed or what.changed
        if not changed or not show:
            for line in ended:
                self.out(line)
            return
        lines = position_lines(self.game, self.spell)
        if not self.game.is_over:
            self._print(lines)
            return
        self._print(lines[:-1])  # the end, then whether it counts, then what can be done now
        self._print(ended)
        self._print(lines[-1:])

    def _greet(self, what: presenter.Shown | None = None) -> None:
        """Say what the presenter says of the game put on the table, where it says more than its deal (which
        the table's lines give)."""
        what = what or presenter.greeted(self.session.greeting(), self.game)
        if what.greets_more and what.greeting is not None:
            self.out(self.spell.text(what.greeting.forms[0]) + what.greeting.stop)

    def _show(self) -> None:
        self._print(position_lines(self.game, self.spell))

    def _print(self, lines: list[str]) -> None:
        for line in lines:
            self.out(line)

    def _advise(self) -> Advice:
        from foursquare.expert.advice import DEFAULT_NODES, Position, advise  # imported when first asked

        return advise(Position.of(self.game), nodes=self.nodes or DEFAULT_NODES)

    def _with_help(self, aid: Aid, action: Callable[[], None]) -> None:
        """Run ``action`` (a take-back, a tip, autoplay) now, or first ask the one question of a game on your
        own (yes runs it), or say that the player chose no help for this game."""
        gate = presenter.help_gate(self.session.permission(aid), aid)
        if gate.said is not None:
            self.out(gate.said.forms[0].plain())
        elif gate.asked is None:
            action()
        else:

            def answered(answer: presenter.Answer) -> None:
                done = presenter.help_answered(answer, self.session.answer_help)
                if done.said is not None:
                    self.out(done.said.forms[0].plain())
                self._tell(list(done.events), show=False)
                if done.go:
                    action()

            self._put(gate.asked, answered)

    def _ask(self, seed: int | None, daily: bool, leave: Callable[[], None]) -> None:
        """Ask before the game in progress is left for another deal (``seed``, today's, or a new one); yes runs
        ``leave``, no says the game goes on."""

        def answered(answer: presenter.Answer) -> None:
            if answer is presenter.Answer.YES:
                leave()
            else:
                self.out(kept_line(self.session.stakes().deal))

        self._put(presenter.leaving_asked(self.session.stakes(), seed, daily), answered)

    def _put(self, question: presenter.Question, answered: Callable[[presenter.Answer], None]) -> None:
        """Ask ``question``: its line now, and the next line answers it (``answered`` runs with the answer)."""
        self.question = (question, answered)
        self.out(question.line)

    def _answer(self, text: str) -> None:
        """The line that answers the open question; one that only puts it off (a cell name typed out of habit)
        then does what it says."""
        assert self.question is not None
        (question, answered), self.question = self.question, None
        answer = question.answer(text)
        answered(answer)
        if answer is presenter.Answer.LATER and text:
            self.handle(text)

    # --- refusals -----------------------------------------------------------

    def _alone(self, word: str, rest: str) -> bool:
        """Whether nothing follows the command; if something does, say so."""
        if rest:
            self.out(Unusable.ONE_WORD_TOO_MANY.say(typed=shown(rest), word=word))
        return not rest

    def _cell(self, word: str) -> Cell | None:
        """The cell named ``word``; None, said why, if it names none."""
        try:
            return parse_cell(word)
        except ValueError:
            self.out(Unusable.NOT_A_CELL.say(typed=shown(word)))
            return None

    def _playing(self) -> bool:
        if self.game.is_over:
            self.out(game_over_text(typed_offers()).plain() + ".")
        return not self.game.is_over


def _is_cell(word: str) -> bool:
    try:
        parse_cell(word)
    except ValueError:
        return False
    return True


# --- the command --------------------------------------------------------------


def main(
    *,
    seed: int | None = None,
    daily: bool = False,
    new: bool = False,
    ascii: bool = False,
    words: bool = False,
    stdin: BinaryIO | None = None,
    stdout: TextIO | None = None,
) -> int:
    """Play in plain mode until ``q`` or the end of input; returns the exit status.

    On a terminal a ``>`` prompt waits for each line; from a pipe or a file,
    each line read is printed after ``>`` instead, so the output reads the
    same.  Cards are drawn in ASCII when ``ascii`` is asked for or the output
    cannot show suits.
    """
    source = stdin if stdin is not None else sys.stdin.buffer
    sink = stdout if stdout is not None else sys.stdout
    spell = spelling_for(sink, ascii=ascii, words=words, real=stdout is None)
    session, opening = open_session(seed=seed, daily=daily, new=new)
    out = printer(sink, spell, real=stdout is None)
    plain = Plain(session, spell, out, width=page_width() if stdout is None else DEFAULT_WIDTH)
    try:
        plain.begin(opening)
        return read_lines(source, sink, out, going=lambda: plain.running, handle=plain.handle, end=plain.end_of_input)
    except KeyboardInterrupt:
        out("")
        plain.quit("")
        return INTERRUPTED
