"""Practice on your own mistakes as a page of the game screen: find the expert's cell, two tries.

:class:`PracticePages` adds the page kind ``practice`` to an
:class:`~foursquare.screen.app.App`: ``p`` on a review page practises the
placements of that game worth practising, and ``foursquare
practice`` opens the screen on it for every kept game, newest first.  The
page shows the table as it was, the card, the unseen cards counted rank by
rank and the face-down count; the arrow keys (or ``h j k l``) move the
``[ ]`` over the table and Enter answers.  An answer as good as the
expert's solves the position (it is kept so, and not offered again); one
that is not says what it costs and what that cell would do, and a second
try follows; after it the answer is shown: the expert's cell, the best
cells and what each would do.  Enter or ``→`` then goes on to the next
position, ``s`` skips one, ``q`` or Esc goes back (or ends the program,
where ``foursquare practice`` started it for practice).  While the expert
reviews a game to find positions, a progress bar shows.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from foursquare.engine import Cell, Game
from foursquare.engine.values import replace
from foursquare.expert.practice import AllDone, Attempt, Exercise, Outcome, Preparing
from foursquare.screen import layout
from foursquare.screen.app import App, Command, Observer, TextScreen, bound
from foursquare.screen.keys import Input, Key
from foursquare.screen.review_page import position_table
from foursquare.session.practice import Practice, Starter
from foursquare.storage.library import Library
from foursquare.words.cards import Spelling
from foursquare.words.explain import refusal_words
from foursquare.words.keys import PRACTICE, Binding, footer_forms
from foursquare.words.practice import (
    BACK,
    QUIT,
    attempt_head,
    attempt_texts,
    done_lines,
    exercise_head,
    leave_footer,
    next_footer,
    practice_title,
    preparing_line,
    stopped_line,
    unseen_line,
)
from foursquare.words.review import LINES_SHOWN, lines_table, progress_bar
from foursquare.words.text import Text, Tone

__all__ = ["PracticePage", "PracticePages"]

_MOVES = {Key.LEFT: (0, -1), Key.RIGHT: (0, 1), Key.UP: (-1, 0), Key.DOWN: (1, 0)}


class PracticePage:
    """One round of practice, shown over the table (or over the review it was opened from)."""

    kind = "practice"

    def __init__(self, practice: Practice, ascii: bool, *, last: bool = False) -> None:
        self.practice = practice
        self.ascii = ascii
        self.last = last
        """Closing the page ends the program: ``foursquare practice`` opened it, from the shell."""
        self.leave = QUIT if last else BACK
        self.cursor: Cell | None = None
        self.answered: Attempt | None = None
        """The last answer, shown until the next key (a final one until Enter moves on)."""
        self.note: Text | None = None
        self.scroll = 0
        self._shown: tuple[object, ...] = ()

    @property
    def waiting_to_move_on(self) -> bool:
        """The answer of a solved (or spent) position is on show: Enter goes on to the next."""
        return self.answered is not None and self.answered.outcome is not Outcome.TRY_AGAIN

    def view(self, app: App) -> TextScreen:
        if self.waiting_to_move_on:
            assert self.answered is not None
            return self._answer_view(app, self.answered)
        now = self.practice.current()
        if isinstance(now, Preparing):
            lines = [Text((preparing_line(now),)), Text((progress_bar(now.progress, 20, ascii=self.ascii),), Tone.DIM)]
            return TextScreen(practice_title(None), tuple(lines), leave_footer(self.leave), wrap=True)
        if isinstance(now, AllDone):
            return TextScreen(
                practice_title(None),
                tuple(Text((line,)) for line in done_lines(now)),
                leave_footer(self.leave),
                wrap=True,
            )
        return self._exercise_view(app, now)

    def _here(self, exercise: Exercise) -> Cell:
        """The cell under the ``[ ]``: the first the card may go on, until the player moves it."""
        before = exercise.before
        if self.cursor is None or self.cursor not in _region(before):
            self.cursor = before.legal_moves()[0]
        return self.cursor

    def _exercise_view(self, app: App, exercise: Exercise) -> TextScreen:
        before = exercise.before
        lines = [
            exercise_head(exercise, titled=True),
            *position_table(before, self._here(exercise), None, ascii=self.ascii),
        ]
        lines.append(Text((unseen_line(before, Spelling(ascii=self.ascii)),), Tone.DIM))
        if self.note is not None:
            lines.append(self.note)
        elif self.answered is not None:
            lines += attempt_texts(self.answered)
        longest, *shorter = footer_forms(self._keys())
        return TextScreen(self._title(exercise), tuple(lines), longest, tuple(shorter), wrap=True)

    def _answer_view(self, app: App, attempt: Attempt) -> TextScreen:
        exercise = attempt.exercise
        before = exercise.before
        lines = [
            exercise_head(exercise, titled=True),
            *position_table(before, attempt.cell, exercise.step.expert_cell, ascii=self.ascii),
        ]
        lines += attempt_head(attempt)
        rows = LINES_SHOWN + 2 + len(attempt.earlier)  # the best, the heading, the last try and those before it
        lines += lines_table(before, attempt.judged, layout.page_width(app.width), rows, also=attempt.earlier)
        return TextScreen(self._title(exercise), tuple(lines), next_footer(self.leave), wrap=True)

    def _keys(self) -> list[Binding]:
        """The page's keys, ``q``'s word saying what leaving does: back, or (opened from the shell) quit."""
        return [replace(key, short=self.leave) if key.action == "practice_close" else key for key in PRACTICE]

    def _title(self, exercise: Exercise) -> str:
        return practice_title(exercise, self.practice.waiting, self.practice.games_to_look_at)

    def other_key(self, app: App, event: Input) -> None:
        """Keys the page does not use do nothing here but say so (the footer says which it does)."""
        app.note_stray(event)

    # --- keys ---------------------------------------------------------------------

    def move(self, key: Key) -> None:
        now = self.practice.current()
        if self.waiting_to_move_on or not isinstance(now, Exercise):
            return
        dr, dc = _MOVES[key]
        region = _region(now.before)
        here = self._here(now)
        row = min(max(here[0] + dr, region.top), region.bottom)
        col = min(max(here[1] + dc, region.left), region.right)
        self.cursor = (row, col)
        self.note = None

    def enter(self) -> None:
        """Answer with the cell under the ``[ ]``; or, with an answer on show, go on to the next position."""
        if self.waiting_to_move_on:
            self.answered, self.cursor = None, None
            return
        now = self.practice.current()
        if not isinstance(now, Exercise):
            return
        here = self._here(now)
        result = self.practice.answer(here)
        if isinstance(result, Attempt):
            self.answered, self.note = result, None
        else:
            self.note = refusal_words(now.before, here)

    def skip(self) -> None:
        if isinstance(self.practice.current(), Exercise) and not self.waiting_to_move_on:
            self.practice.skip()
        self.answered, self.cursor, self.note = None, None, None

    def changed(self) -> bool:
        """Whether the round moved on under the page (a review at work): the page is drawn again."""
        now = self.practice.current()
        state = (type(now).__name__, round(now.progress, 2) if isinstance(now, Preparing) else 0)
        if state == self._shown:
            return False
        self._shown = state
        return True


def _region(before: Game) -> layout.Region:
    return layout.shown_region(before.bounds)


class PracticePages(Observer):
    """The practice page of an :class:`App`, and ``p`` on its review pages; creating it wires it in.

    ``start`` reviews a game without a kept review (tests pass a fake expert);
    ``nodes`` is the budget a kept review must have been made with.
    """

    def __init__(
        self,
        app: App,
        library: Library,
        *,
        ascii: bool = False,
        nodes: int | None = None,
        start: Starter | None = None,
        game_of_review: Callable[[], int | None] | None = None,
    ) -> None:
        self.app = app
        self.library = library
        self.ascii = ascii
        self.nodes = nodes
        self.start = start
        self.game_of_review = game_of_review
        app.add_page_kind(PracticePage.kind)
        for command in _commands(self):
            app.add_command(command)
        app.add_ticker(self._tick)
        app.add_observer(self)

    def open(
        self,
        game_ids: list[int] | None = None,
        *,
        from_shell: bool = False,
        looked_up: Mapping[int, Game] | None = None,
    ) -> None:
        """Practise on the games ``game_ids`` (None: every kept game, newest first), those ``looked_up`` already
        taken as they are; ``from_shell``: the program was started for it, and leaving practice ends it."""
        practice = Practice(self.library, game_ids=game_ids, looked_up=looked_up, nodes=self.nodes, start=self.start)
        self.app.push_page(PracticePage(practice, self.ascii, last=from_shell))

    def open_from_review(self, app: App) -> None:
        """``p`` on a review page: practise the costly placements of the game reviewed."""
        game_id = self.game_of_review() if self.game_of_review is not None else None
        if game_id is not None:
            self.open([game_id])

    @property
    def page(self) -> PracticePage | None:
        page = self.app.page
        return page if isinstance(page, PracticePage) else None

    def _tick(self, app: App) -> bool:
        page = self.page
        return page is not None and page.changed()

    def closing(self, game: Game) -> None:
        for page in self.app.pages:
            if isinstance(page, PracticePage):
                page.practice.cancel()


def _on_page(action: Callable[[PracticePage], None]) -> Callable[[App], None]:
    def run(app: App) -> None:
        page = app.page
        if isinstance(page, PracticePage):
            action(page)

    return run


def _close(app: App) -> None:
    page = app.pop_page()
    if isinstance(page, PracticePage):
        page.practice.cancel()
        if page.last:
            app.parting.append(stopped_line(page.practice.solved))
            app.quit()


def _commands(owner: PracticePages) -> list[Command]:
    def right(page: PracticePage) -> None:
        if page.waiting_to_move_on:
            page.enter()
        else:
            page.move(Key.RIGHT)

    def moving(key: Key) -> Callable[[App], None]:
        return _on_page(lambda page: page.move(key))

    return [
        bound("practice_left", moving(Key.LEFT)),
        bound("practice_right", _on_page(right)),
        bound("practice_up", moving(Key.UP)),
        bound("practice_down", moving(Key.DOWN)),
        bound("practice_answer", _on_page(lambda page: page.enter())),
        bound("practice_skip", _on_page(lambda page: page.skip())),
        bound("practice_close", _close),
        bound("review_practice", owner.open_from_review),
    ]
