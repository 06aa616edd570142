"""Plain mode: the game played one typed command a line, answered in plain lines.

For screen readers, dumb terminals, logs and scripts.  :func:`main` opens the
same :class:`~foursquare.storage.session.Session` as the game screen (the
saved game, the statistics, the deal asked for), then reads lines until
``q`` or the end of input.  :class:`Plain` turns each line into engine calls
and prints what happened through :mod:`foursquare.plain.words`: a cell name
places the next card, letters run the commands of :data:`COMMANDS`, and a
line it cannot use gets one line saying why.  It saves after every change and
counts every game that ends, as the screen does, so a game begun here goes on
in the screen and back.

The expert's tip is worked out to a fixed amount of look-ahead, never to the
clock, so that the same input always prints the same output.
"""

from __future__ import annotations

import contextlib
import io
import locale
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import BinaryIO, TextIO

from foursquare.engine import Cell, Game, cell_name, parse_cell
from foursquare.plain.words import (
    Spelling,
    position_lines,
    preview_line,
    stats_lines,
    to_come_lines,
    took_back_line,
)
from foursquare.screen.app import RULES
from foursquare.screen.explain import explain
from foursquare.screen.stats_page import can_encode, end_note
from foursquare.screen.text import locale_codeset
from foursquare.storage.session import Opening, Session, open_for_command

__all__ = ["COMMANDS", "Plain", "main"]

MAX_LINE_BYTES = 4096
"""A longer line is refused whole, not read in pieces as several commands."""

COMMANDS: tuple[tuple[tuple[str, ...], str, str], ...] = (
    (("u", "undo"), "", "take back the last card (as often as you like)"),
    (("r", "redo"), "", "put back a card taken back"),
    (("t", "tip"), "", "tip: where the expert would put the next card, and your chance of winning"),
    (("p", "preview"), " CELL", "preview: what placing the next card on CELL would do (p e4)"),
    (("c", "cards"), "", "the cards still to come, rank by rank"),
    (("n", "new"), "", "new deal (asks first: leaving a game counts it as lost)"),
    (("s", "stats"), "", "your statistics: games won and lost, streaks, scores"),
    (("?", "help"), "", "the rules and these commands"),
    (("q", "quit"), "", "quit (your game is saved for next time, and so it is at the end of input)"),
)
"""Every command: its words (the first is the one to type, the second names the method of
:class:`Plain` that runs it), what follows it, and what it does."""

_CELL_SHAPE = re.compile(r"[a-z][0-9]+")


@dataclass(frozen=True, slots=True)
class Question:
    """A yes-or-no question waiting for the next line: ``y`` runs ``on_yes``, anything else means no."""

    text: str
    on_yes: Callable[[], None]
    no: str
    """What no means, said when it is the answer."""


class Plain:
    """One player's game in plain mode: lines in, lines out through ``out``.

    ``session`` holds the game and keeps it saved and counted; ``spell``
    writes the cards; ``tip_nodes`` is the expert's look-ahead for ``t`` (None: its own default), a
    count of positions and never a time, so that a position always gets the same tip.
    """

    def __init__(
        self, session: Session, spell: Spelling, out: Callable[[str], None], *, tip_nodes: int | None = None
    ) -> None:
        self.session = session
        self.spell = spell
        self.out = out
        self.tip_nodes = tip_nodes
        self.running = True
        self.taken_back: list[Cell] = []
        """Cells of the cards taken back, the last taken back last."""
        self.question: Question | None = None
        self.save_failed = False
        self._replay = not session.counts
        """The deal on the table was counted before this game began."""
        self._ended = False
        """The game on the table has ended before (and been taken back since)."""
        self._commands: dict[str, Callable[[str], None]] = {}
        for words, _, _ in COMMANDS:
            action = getattr(self, words[1])
            for word in words:
                self._commands[word] = action

    @property
    def game(self) -> Game:
        return self.session.game

    # --- the session's life -------------------------------------------------

    def begin(self, opening: Opening, *, seed: int | None = None, daily: bool = False) -> None:
        """Greet the player with the game :meth:`Session.open` found, and ask before leaving it for another deal."""
        self.out("Foursquare in plain mode: type a cell name such as d4 to place the next card, ? for the commands.")
        self._say(opening.message)
        self._greet()
        self._show()
        if self.game.is_over:  # it ended, but could not be counted when it was opened
            self._count()
        if opening.confirm_new:
            if daily:
                question = "Play today's deal instead?"
            elif seed is not None:
                question = f"Play deal {seed} instead?"
            else:
                question = "Start a new deal instead?"
            self._ask(question, lambda: self._deal(seed, daily))

    def handle(self, line: str) -> None:
        """Run one line of input: the answer to a question, a cell name or a command."""
        text = line.strip()
        if self.question is not None:
            self._answer(text)
            return
        if not text:
            self._show()
            return
        word, _, rest = text.partition(" ")
        word, rest = word.lower(), rest.strip()
        action = self._commands.get(word)
        if action is not None:
            action(rest)
            return
        if _CELL_SHAPE.fullmatch(word) is None:
            self.out(f"{_shown(text)}: not a command. Type a cell name such as d4 to place the next card, ? for help.")
            return
        cell = self._cell(word)
        if cell is not None and self._alone(word, rest):
            self.place(cell)

    def end_of_input(self) -> None:
        """No more lines: like ``q`` (a question left open is answered no)."""
        if self.question is not None:
            self._answer("")
        self.quit("")

    # --- commands -----------------------------------------------------------

    def place(self, cell: Cell) -> None:
        """Place the next card on ``cell``, say what it turned over and why, and show the table."""
        game = self.game
        if self._refused(cell):
            return
        before = game.piles
        placement = game.play(cell)
        if self.taken_back and self.taken_back[-1] == cell:
            self.taken_back.pop()  # the card taken back put back where it was: the rest can still be put back
        else:
            self.taken_back.clear()
        self.out(self.spell.text(explain(before, placement)[0]) + ".")
        self._changed()

    def undo(self, rest: str) -> None:
        game = self.game
        if not self._alone("u", rest):
            return
        if not game.placed_count:
            self.out("Nothing to take back.")
            return
        cell = game.placements[-1]
        before = game.piles
        card = game.undo()
        after = game.piles
        turned = [pile.top for at, pile in after.items() if at != cell and before[at].face_up != pile.face_up]
        self.taken_back.append(cell)
        self.out(took_back_line(card, cell, turned, self.spell))
        self._changed()

    def redo(self, rest: str) -> None:
        if not self._alone("r", rest):
            return
        if not self.taken_back:
            self.out("Nothing to put back: r puts back a card taken back with u.")
            return
        self.place(self.taken_back[-1])

    def tip(self, rest: str) -> None:
        if not self._alone("t", rest) or not self._playing():
            return
        from foursquare.expert.advice import DEFAULT_NODES, Position, advise  # imported when first asked
        from foursquare.screen.coach import chance_words, tip_note

        card = self.game.next_card
        assert card is not None  # a game in play has a next card
        advice = advise(Position.of(self.game), nodes=self.tip_nodes or DEFAULT_NODES)
        chance = f"{chance_words(advice.win_chance)} to win from here{tip_note(advice)}"
        self.out(f"Tip: {self.spell.card(card)} on {cell_name(advice.cell)}, {chance}.")

    def preview(self, rest: str) -> None:
        if not self._playing():
            return
        if not rest:
            self.out("p needs a cell: p e4 says what placing the next card on e4 would do.")
            return
        where, _, more = rest.partition(" ")
        cell = self._cell(where.lower())
        if cell is None or not self._alone(f"p {where}", more) or self._refused(cell):
            return
        self.out(preview_line(self.game, self.game.preview(cell), self.spell))

    def cards(self, rest: str) -> None:
        if self._alone("c", rest) and self._playing():
            for line in to_come_lines(self.game, self.spell):
                self.out(line)

    def new(self, rest: str) -> None:
        if not self._alone("n", rest):
            return
        if self.session.in_progress:
            self._ask("Start a new deal?", lambda: self._deal(None, False))
        else:
            self._deal(None, False)

    def stats(self, rest: str) -> None:
        if not self._alone("s", rest):
            return
        stats, note = self.session.stats()
        self._say(note)
        for line in stats_lines(stats):
            self.out(line)

    def help(self, rest: str) -> None:
        """The rules from the screen's help (less what it says about the screen) and the commands."""
        if not self._alone("?", rest):
            return
        end = RULES.index("On the table") if "On the table" in RULES else len(RULES)  # that part is the screen's
        for line in RULES[:end]:
            self.out(line)
        self.out("Commands, one a line")
        self.out(f"  {'d4, e3 …':<12}place the next card on that cell (columns a-g, rows 1-7, the first card on d4)")
        for words, after, summary in COMMANDS:
            self.out(f"  {words[0] + after:<12}{summary}")
        self.out(f"  {'empty line':<12}the table again")
        self.out("The table: ## a face-down card, . an empty cell, and in brackets how many cards a pile holds.")

    def quit(self, rest: str) -> None:
        if not self._alone("q", rest):
            return
        self.running = False
        if not self.session.in_progress:
            return
        if self.session.can_save and not self.save_failed:
            self.out("Your game is saved: run foursquare again to go on where you left off.")
        else:
            self.out("This game could not be saved, so it is lost.")

    # --- steps --------------------------------------------------------------

    def _changed(self) -> None:
        """After a placement, an undo or a redo: save, show the table, and count a game that has just ended."""
        note = self.session.save()
        self.save_failed = note is not None
        self._say(note)
        lines = position_lines(self.game, self.spell)
        if not self.game.is_over:
            self._print(lines)
            return
        self._print(lines[:-1])  # the end, then whether it counts, then what can be done now
        self._count()
        self._print(lines[-1:])

    def _count(self) -> None:
        """Count the game that has just ended and say whether it counted, the streak, and the line to share."""
        finish = self.session.record_finished()
        stats, trouble = self.session.stats()
        ended, self._ended = self._ended, True
        for note in end_note(finish, None if trouble else stats, self.game.seed, replay=self._replay, ended=ended):
            self.out(self.spell.text(note))
        if finish.share is not None:
            self.out(finish.share)
        self._say(finish.message)

    def _deal(self, seed: int | None, daily: bool) -> None:
        note = self.session.new_game(seed=seed, daily=daily)
        self._replay, self._ended = not self.session.counts, False
        self.taken_back.clear()
        self._say(note)
        self._greet()
        self._show()

    def _greet(self) -> None:
        game, session = self.game, self.session
        if game.is_over:
            return
        if game.placed_count:
            placed = f"{game.placed_count} card{'' if game.placed_count == 1 else 's'}"
            self.out(f"Welcome back: deal {game.seed} as you left it, {placed} placed.")
            return
        if session.daily is not None:
            self.out(f"Daily deal of {session.daily.isoformat()} (deal {game.seed}).")
        if not session.counts:
            self.out(f"Deal {game.seed} was counted before, so this game will not count.")

    def _show(self) -> None:
        self._print(position_lines(self.game, self.spell))

    def _print(self, lines: list[str]) -> None:
        for line in lines:
            self.out(line)

    def _ask(self, question: str, on_yes: Callable[[], None]) -> None:
        seed = self.game.seed
        if self.session.counts:
            leaving = f"Leaving deal {seed} counts it as a loss in your statistics."
        else:
            leaving = f"Deal {seed} was counted before, so leaving it changes nothing in your statistics."
        self.question = Question(question, on_yes, f"going on with deal {seed}")
        self.out(f"{question} {leaving} Answer y to leave it, n to go on.")

    def _answer(self, text: str) -> None:
        question, self.question = self.question, None
        assert question is not None
        if text.lower() in ("y", "yes"):
            question.on_yes()
        else:
            self.out(f"No: {question.no}.")

    def _say(self, note: str | None) -> None:
        if note:
            self.out(note)

    # --- refusals -----------------------------------------------------------

    def _alone(self, word: str, rest: str) -> bool:
        """Whether nothing follows the command; if something does, say so."""
        if rest:
            self.out(f"{word} takes nothing after it: {_shown(rest)} is one word too many.")
        return not rest

    def _cell(self, word: str) -> Cell | None:
        """The cell named ``word``; None, said why, if it names none."""
        try:
            return parse_cell(word)
        except ValueError:
            self.out(
                f"{_shown(word)}: not a cell: columns go from a to g and rows from 1 to 7 (the first card is on d4)."
            )
            return None

    def _playing(self) -> bool:
        if self.game.is_over:
            self.out("The game is over: no card to place. n for a new deal, u to take back the last card, q to quit.")
        return not self.game.is_over

    def _refused(self, cell: Cell) -> bool:
        """Whether the next card may not go on ``cell``; if so, say why."""
        game = self.game
        card = game.next_card
        reason = game.why_illegal(cell)
        if reason is None:
            return False
        if game.is_over or card is None:
            self.out("The game is over: n for a new deal, u to take back the last card, q to quit.")
        else:
            self.out(f"{self.spell.opening(card)} can't go on {cell_name(cell)}: {reason}.")
        return True


def _shown(text: str, limit: int = 24) -> str:
    """What the player typed, quoted safely: control characters as ``?``, a long line cut."""
    clean = "".join(ch if ch.isprintable() else "?" for ch in text)
    return clean if len(clean) <= limit else clean[: limit - 1] + "…"


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
    if isinstance(sink, io.TextIOWrapper):
        sink.reconfigure(errors="replace")  # a character the output cannot show comes out as "?"
    charsets = [getattr(sink, "encoding", None)]
    if stdout is None:  # the real output: what its locale says the terminal shows counts too
        with contextlib.suppress(locale.Error):  # an unknown locale: keep "C", which shows ASCII
            locale.setlocale(locale.LC_ALL, "")
        charsets.append(locale_codeset())
    spell = Spelling(words=words, ascii=ascii or not all(can_encode("♣♦♥♠", charset) for charset in charsets))
    opened = open_for_command(seed=seed, daily=daily, new=new)
    if isinstance(opened, int):
        return opened
    session, opening = opened
    interactive = source.isatty()

    def out(line: str) -> None:
        sink.write(spell.line(line) + "\n")
        sink.flush()

    plain = Plain(session, spell, out)
    try:
        plain.begin(opening, seed=seed, daily=daily)
        while plain.running:
            if interactive:
                sink.write("> ")
                sink.flush()
            line = _read_line(source)
            if line is None:
                if interactive:
                    out("")
                plain.end_of_input()
                break
            if not interactive:
                out(f"> {_shown(line, 80)}")
            if len(line) > MAX_LINE_BYTES:
                out(f"That line is too long to be a command (more than {MAX_LINE_BYTES} characters).")
            else:
                plain.handle(line)
    except KeyboardInterrupt:
        out("")
        plain.quit("")
        return 130
    return 0


def _read_line(source: BinaryIO) -> str | None:
    """The next line without its end, or None at the end of input.

    A line longer than :data:`MAX_LINE_BYTES` is read to its end, and only its
    beginning kept: longer than the limit, so that it is refused.
    """
    raw = source.readline(MAX_LINE_BYTES + 1)
    if not raw:
        return None
    if len(raw) > MAX_LINE_BYTES and not raw.endswith(b"\n"):
        while (more := source.readline(MAX_LINE_BYTES)) and not more.endswith(b"\n"):
            pass
    return raw.decode("utf-8", "replace").rstrip("\r\n")
