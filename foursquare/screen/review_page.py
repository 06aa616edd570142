"""The review on the game screen: ``v`` on a finished game steps through the expert's verdicts.

:class:`ReviewPages` adds the ``v`` key to an :class:`~foursquare.screen.app.App`
(offered in the end box) and shows the review as full-screen pages over the
table: one per placement (the table as it was, the card, where the player
put it and where the expert would have, the win chance before and after,
the verdict) and a summary with the win-chance chart.  The review opens at
once and fills in while the expert works in the background
(:class:`~foursquare.expert.reviewing.Reviewing`), with a progress bar; the
pages are drawn again as verdicts come in.  A finished review is kept
through a :class:`Shelf` (the history), so a second look is instant.

Keys on the pages: ``←``/``→`` (``h``/``l``) step, Home/End go to the first
and last placement, ``n``/``N`` jump to the next/previous mistake or blunder,
``s`` shows the summary (``→`` past the last placement too), ``q`` or Esc
goes back to the table.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Protocol

from foursquare.engine import Cell, Game, cell_name
from foursquare.screen import layout
from foursquare.screen.app import App, Command, Mode, Observer, TextScreen
from foursquare.screen.keys import Input, Key
from foursquare.screen.text import Text, Token, Tone

if TYPE_CHECKING:  # the expert is imported when a review is first asked for: starting the game stays fast
    from foursquare.expert.review import Review, Step
    from foursquare.expert.reviewing import Reviewing

__all__ = ["CHART_ROWS", "FOOTER", "GLYPHS", "NO_ERRORS", "ReviewPages", "Shelf", "Starter", "expert_review"]

GLYPHS = "▁▂▃▄▅▆▇█░─←→·"
"""Every character the review pages draw beyond ASCII (the chart, the bar, the keys)."""
FOOTER = "← → step · Home End · n N next/previous mistake · s summary · q back"
CHART_ROWS = range(3, 11)
"""How tall the summary's chart may be, in rows."""
NO_ERRORS = "No mistakes or blunders to jump to"
"""The footer when ``n`` or ``N`` finds nothing: a key that did nothing says why."""
_SHORT_FOOTER = "← → step · n N mistakes · s summary · q back"

Starter = Callable[[Game], "Reviewing"]
"""Starts the review of a finished game in the background and returns at once."""


def expert_review(game: Game) -> Reviewing:
    """The real expert reviewing ``game`` at its default strength."""
    from foursquare.expert.reviewing import Reviewing

    return Reviewing(game)


class Shelf(Protocol):
    """Where finished reviews are kept with their games in the history, so that a second look is instant."""

    def current_id(self) -> int | None:
        """The history's id of the game on the table, once it has ended and been kept; None before."""

    def kept(self, game_id: int, game: Game) -> Review | None:
        """The review kept with game ``game_id``, if there is one for exactly ``game``."""

    def keep(self, game_id: int, game: Game, review: Review) -> None:
        """Keep ``review`` of ``game`` with game ``game_id``; a failure is quietly ignored (it can be made again)."""


class _Kept:
    """A review that needs no work: it was kept from before."""

    def __init__(self, review: Review) -> None:
        self.review = review
        self.steps = list(review.steps)
        self.error: str | None = None
        self.progress = 1.0

    def step(self, n: int) -> Step | None:
        return self.steps[n - 1] if 1 <= n <= len(self.steps) else None

    def cancel(self) -> None:
        return None


class ReviewPages(Observer):
    """The ``v`` key and the review pages of an :class:`App`; creating it wires it in.

    ``start`` starts the expert on a game (tests pass one with a fake expert);
    ``shelf`` keeps finished reviews; ``ascii`` draws the chart and bars with
    plain characters.
    """

    def __init__(
        self, app: App, *, start: Starter = expert_review, shelf: Shelf | None = None, ascii: bool = False
    ) -> None:
        self.app = app
        self.start = start
        self.shelf = shelf
        self.ascii = ascii
        self.work: Reviewing | _Kept | None = None
        """The review of :attr:`game`: at work, finished, or read from the shelf."""
        self.game: Game | None = None
        self.game_id: int | None = None
        """The history's id of :attr:`game`, where its review is kept; None if it has none (yet)."""
        self.back: Callable[[], None] | None = None
        """What ``q`` goes back to (the history page), if not the table."""
        self.at = 1
        """The placement shown, or 0 for the summary."""
        self.page: TextScreen | None = None
        self._shown: tuple[object, ...] = ()
        self.note: str | None = None
        """Said on the footer line in place of the keys until the next key, as when ``n`` finds nothing."""
        self._kept = False
        app.add_command(
            Command(
                "review",
                ("v",),
                "review: the expert's verdict on every placement of the game just ended",
                self.open,
                frozenset({Mode.GAME_OVER}),
            )
        )
        app.end_keys.append(("v", "review"))
        app.add_key_filter(self._key)
        app.add_ticker(self._tick)
        app.add_observer(self)

    @property
    def is_open(self) -> bool:
        return self.page is not None and self.app.screen is self.page

    # --- opening and closing ----------------------------------------------------

    def open(self, app: App) -> None:
        """``v``: the review of the game on the table, from its first placement (at once if kept or under way)."""
        game = app.game
        if not game.is_over:
            app.say(Text(("Finish the game first: only a finished game can be reviewed",), Tone.ERROR))
            return
        self.show_game(game, self.shelf.current_id() if self.shelf is not None else None)

    def show_game(self, game: Game, game_id: int | None, back: Callable[[], None] | None = None) -> None:
        """Open the review of finished ``game`` (game ``game_id`` of the history, if it is one there).

        ``back`` is what ``q`` goes back to instead of the table.
        """
        self.back = back
        if self.game is None or self.game != game or (self.work is not None and self.work.error):
            self._begin(game.copy(), game_id)
        elif game_id is not None:
            self.game_id = game_id
        self.at = 1
        self._show()

    def _begin(self, game: Game, game_id: int | None) -> None:
        self.stop()
        self.game, self.game_id = game, game_id
        self._kept = False
        kept = self.shelf.kept(game_id, game) if self.shelf is not None and game_id is not None else None
        if kept is not None:
            self.work, self._kept = _Kept(kept), True
        else:
            self.work = self.start(game)

    def stop(self) -> None:
        """Stop the expert's work on a review no longer wanted."""
        if self.work is not None:
            self.work.cancel()
        self.work = None
        self.game = None

    def game_started(self, game: Game) -> None:
        """A new deal: a review still at work would slow the expert's tips, so it stops (g can start it again)."""
        if self.work is not None and self.work.review is None:
            self.stop()

    def closing(self, game: Game) -> None:
        self.stop()

    def close(self) -> None:
        """Back to the table, or to the page the review was opened from."""
        if self.is_open:
            self.app.screen = None
        self.page = None
        if self.back is not None:
            self.back()

    # --- keys -------------------------------------------------------------------

    def _key(self, app: App, event: Input) -> bool:
        if not self.is_open:
            return False
        self.note = None
        count = self.game.placed_count if self.game is not None else 0
        if event in (Key.RIGHT, "l"):
            self.at = 0 if self.at in (0, count) else self.at + 1
        elif event in (Key.LEFT, "h"):
            self.at = count if self.at == 0 else max(1, self.at - 1)
        elif event == Key.HOME:
            self.at = 1
        elif event == Key.END:
            self.at = count
        elif event in ("s", "S", "\t"):
            self.at = 0
        elif event in ("n", "N"):
            self._jump(1 if event == "n" else -1)
        elif event in ("q", "Q", Key.ESCAPE):
            self.close()
            return True
        elif event == Key.REDRAW:
            app.redraw_all = True
        self._show()
        return True

    def _jump(self, direction: int) -> None:
        """To the next (or previous) mistake or blunder judged so far, if there is one."""
        steps = self.work.steps if self.work is not None else []
        here = self.at if self.at else (0 if direction > 0 else len(steps) + 1)
        errors = [step.n for step in steps if step.verdict.is_error]
        ahead = [n for n in errors if (n - here) * direction > 0]
        if ahead:
            self.at = min(ahead) if direction > 0 else max(ahead)
        elif not errors:
            self.note = NO_ERRORS
        else:
            self.note = f"No mistake or blunder {'after' if direction > 0 else 'before'} this placement"

    # --- drawing ----------------------------------------------------------------

    def _tick(self, app: App) -> bool:
        """Keep the finished review, and draw the open page again when the review has moved on or the size changed."""
        work = self.work
        if work is not None and work.review is not None and not self._kept and self.game is not None:
            if self.game_id is None and self.shelf is not None and self.game == self.app.game:
                self.game_id = self.shelf.current_id()  # kept in the history since the review began
            if self.shelf is not None and self.game_id is not None:
                self._kept = True
                self.shelf.keep(self.game_id, self.game, work.review)
        if not self.is_open:
            return False
        if self._state() == self._shown:
            return False
        self._show()
        return True

    def _state(self) -> tuple[object, ...]:
        work = self.work
        if work is None:
            return ()
        return (
            self.at,
            len(work.steps),
            round(work.progress, 2),
            work.review is not None,
            work.error,
            self.app.width,
            self.app.height,
        )

    def _show(self) -> None:
        game, work = self.game, self.work
        if game is None or work is None:
            return
        if self.at == 0:
            title, lines = self._summary(game, work)
        else:
            title, lines = self._step_page(game, work, self.at)
        footer = self.note or (FOOTER if self.app.width >= len(FOOTER) + 2 else _SHORT_FOOTER)
        self.page = TextScreen(title, tuple(lines), footer)
        self.app.open_screen(self.page)
        self._shown = self._state()

    def _progress(self, work: Reviewing | _Kept) -> list[Text]:
        from foursquare.screen.review_text import progress_bar

        if work.error is not None:
            return [Text((f"The review stopped: {work.error}",), Tone.ERROR)]
        if work.review is not None:
            return []
        bar = progress_bar(work.progress, 20, ascii=self.ascii)
        return [Text(("The expert is reviewing the game ", bar), Tone.DIM)]

    def _summary(self, game: Game, work: Reviewing | _Kept) -> tuple[str, list[Text]]:
        from foursquare.screen.review_text import SUMMARY_HEAD, chart_lines, summary_lines

        deal = f"deal {game.seed}" if game.seed is not None else "a deal given by hand"
        title = f"Review of {deal}: summary"
        width = min(self.app.width, 80) - 2
        body = layout.screen_body_rows(self.app.height)
        if work.review is None:
            lines = [*self._progress(work), Text(("",))]
            lines.append(Text(("The summary comes once every placement is judged and the expert has played",)))
            lines.append(Text(("this deal itself. Your win chance so far:",)))
            rows = max(CHART_ROWS.start, min(CHART_ROWS.stop - 1, body - len(lines) - 2))
            lines += [Text((line,)) for line in chart_lines(work.steps, rows, width, ascii=self.ascii)]
            return title, lines
        rows = max(CHART_ROWS.start, min(CHART_ROWS.stop - 1, body - SUMMARY_HEAD - 2))
        text = summary_lines(work.review, rows=rows, width=width, ascii=self.ascii)
        return title, [Text((line,), Tone.HEADING if n == 0 else Tone.PLAIN) for n, line in enumerate(text)]

    def _step_page(self, game: Game, work: Reviewing | _Kept, n: int) -> tuple[str, list[Text]]:
        before = Game(game.stock, seed=game.seed)
        for cell in game.placements[: n - 1]:
            before.play(cell)
        card = game.stock[n - 1]
        cell = game.placements[n - 1]
        step = work.step(n)
        title = f"Review: placement {n} of {game.placed_count}"
        lines: list[Text] = []
        expert = step.expert_cell if step is not None else None
        same = expert == cell
        where: tuple[Token, ...] = ("Card ", card, f": you put it on {cell_name(cell)} [ ]")
        if step is None:
            lines.append(Text((*where, "; the expert is still judging it.")))
        elif same:
            lines.append(Text((*where, "; the expert would have put it there too.")))
        else:
            lines.append(Text((*where, f"; the expert would have put it on {cell_name(step.expert_cell)} < >.")))
        lines += _table(before, cell, expert)
        if step is not None:
            lines += _verdict(step)
        lines += self._progress(work)
        return title, lines


def _table(before: Game, mine: Cell, expert: Cell | None) -> list[Text]:
    """The table before the placement, with column letters and row numbers, the two cells marked."""
    region = layout.shown_region(before.bounds)
    legal = set(before.legal_moves())
    head = "    " + "".join(f"{cell_name((region.top, col))[0]:^6}" for col in range(region.left, region.right + 1))
    lines = [Text((head.rstrip(),), Tone.DIM)]
    for row in range(region.top, region.bottom + 1):
        tokens: list[Token] = [f" {cell_name((row, region.left))[1:]:>2} "]
        for col in range(region.left, region.right + 1):
            tokens += _cell((row, col), before, legal, mine, expert)
        lines.append(Text(tuple(tokens)))
    return lines


def _cell(cell: Cell, before: Game, legal: set[Cell], mine: Cell, expert: Cell | None) -> list[Token]:
    """Six columns for one cell: marks either side of four columns, a card's suit under the dot of an empty cell.

    A card is its rank and suit (a 10 is one column wider), so the rank is padded to two columns.
    """
    if cell == mine and cell == expert:
        left, right = "{", "}"
    elif cell == mine:
        left, right = "[", "]"
    elif cell == expert:
        left, right = "<", ">"
    else:
        left, right = " ", " "
    pile = before.pile(cell)
    if pile is None:
        inner: list[Token] = ["  · " if cell in legal else "    "]
    elif not pile.face_up:
        inner = [" ## "]
    else:
        top = pile.top
        inner = [" " * (2 - len(top.rank_text)), top, " "]
    return [left, *inner, right]


def _verdict(step: Step) -> list[Text]:
    """The chances before and after, and the verdict with the points it cost."""
    from foursquare.screen.review_text import chance_text

    before, after = chance_text(step.chance_before), chance_text(step.chance_after)
    drop = round(step.drop * 100, 1)
    tone = Tone.BAD if step.verdict.is_error else (Tone.GOOD if step.drop == 0 else Tone.PLAIN)
    cost = "nothing lost" if drop == 0 else f"{drop:g} points of win chance lost"
    return [
        Text((f"Win chance {before} before (with the expert's cell), {after} after yours",)),
        Text((f"Verdict: {step.verdict} ({cost})",), tone),
    ]
