"""The one game session under both ways of playing: place, undo, redo, save, count, new deals.

The screen and plain mode are thin adapters over :class:`GameSession`: each
key or typed line becomes one call, and each call returns the
:mod:`~foursquare.session.events` that happened, for the front end to word
and show.  The session keeps the game saved after every change, counts a
finished game once per deal, remembers what can be put back after an undo
(the redo rule), and knows the facts behind every greeting and question:
whether the deal was counted before, whether the game ended before and was
taken back, what leaving or quitting costs.

It also keeps the help each game has (:class:`~foursquare.storage.helped.Help`:
take-backs, tips, cards placed by autoplay, whether the deal was played
before), saved with the game in progress and kept with the finished game,
and the one rule about it (:meth:`GameSession.permission`): the first help
of a game that would still count on the player's own is given only after
the player's yes (:meth:`GameSession.answer_help`), and after a no none is
given until the game has been counted.

No call raises for a damaged file, a full disk or a busy database: the
trouble comes back as a :class:`~foursquare.session.events.Trouble` event
and play goes on.  A finished game is saved before it is recorded, so a game
whose process dies in between is recorded the next time the session opens.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Sequence
from datetime import date
from pathlib import Path
from typing import NamedTuple

from foursquare.deals import deal_number, random_deal
from foursquare.engine import Cell, Game, IllegalMove, Refusal, Turn, check_deal_number
from foursquare.session.errors import DealAndDaily, UnnumberedGame
from foursquare.session.events import (
    Aid,
    Dealt,
    Event,
    Finished,
    Greeting,
    HelpHeld,
    Mover,
    NotCounted,
    Nothing,
    Permission,
    Placed,
    Refused,
    Stakes,
    Switch,
    TookBack,
    Trouble,
)
from foursquare.storage.files import data_dir
from foursquare.storage.formats import FinishedGame, utc_now
from foursquare.storage.helped import Help
from foursquare.storage.problems import Kind, Problem, StoreError
from foursquare.storage.stats import Records, Stats, in_progress
from foursquare.storage.store import Store
from foursquare.storage.upgrade import open_folder
from foursquare.storage.window import Window
from foursquare.words.problems import Note, join_notes, line, note, system_error, why
from foursquare.words.session import Failed, nothing_kept

__all__ = ["GameSession", "Opening"]


class Opening(NamedTuple):
    """What opening the session found: problems met on the way, and another deal asked for."""

    trouble: Trouble | None
    """One line for the problems met (a damaged file moved aside, a disk error), or None."""
    switch: Switch | None
    """Another deal was asked for while a game is in progress: the game is loaded; ask the player,
    and on yes call :meth:`GameSession.new_deal` with this deal."""


class GameSession:
    """One player's game, saved and counted in one data folder, with the rules of undo and redo.

    ``game`` is the live :class:`Game`: front ends read it, and change it
    only through :meth:`place`, :meth:`undo`, :meth:`redo` and
    :meth:`new_deal`.  ``store`` is the folder's database (or one in memory
    that keeps nothing, see :meth:`in_memory`).
    """

    def __init__(
        self,
        folder: Path | None,
        game: Game,
        store: Store,
        *,
        daily: date | None = None,
        today: Callable[[], date] = date.today,
        dealer: Callable[[], int] = random_deal,
        trouble: str | None = None,
    ) -> None:
        """Most callers want :meth:`open`; this plays ``game`` in ``store``.

        ``dealer`` gives the number of a fresh random deal; ``trouble`` says
        why nothing can be kept (the folder's database could not be opened).
        """
        self.folder = folder
        self.store = store
        self._today = today
        self._dealer = dealer
        self._trouble = trouble
        self.started = utc_now()
        self.game_id: int | None = None
        """The game's id in the history once it has ended and been recorded."""
        self.taken_back: list[Cell] = []
        """Cells of the cards taken back that :meth:`redo` can put back, the last taken back last."""
        self._autoplay_taken: list[bool] = []
        """For each of :attr:`taken_back`, whether autoplay had placed that card (a redo puts it back as autoplay's)."""
        self.save_failed = False
        """The last save failed: quitting would lose the game."""
        self.window: Window | None = None
        """This process's claim on the data folder, held while the session lives (see :mod:`.opening`)."""
        self._unsaid: list[str] = []
        self.counts = True
        """The game will count when it ends: its deal was not counted before, and it has not been counted yet."""
        self.replay = False
        """The deal was counted before this game began: its result will not count."""
        self.ended_before = False
        """The game on the table has ended before (and been taken back since)."""
        self.help: Help | None = None
        """The help this game has had; None for a game begun before help was recorded (it counts in all games
        only)."""
        self.answer: bool | None = None
        """The player's answer to the question before the first help: None until asked."""
        self._tipped: tuple[Cell, ...] | None = None
        """The position (its placements) the last tip counted was for: asking again there costs nothing more."""
        self._set(game, daily)

    @classmethod
    def in_memory(
        cls, game: Game, *, daily: date | None = None, dealer: Callable[[], int] = random_deal
    ) -> GameSession:
        """A session on ``game`` that keeps its saves and counts in memory only: for tests and benchmarks."""
        return cls(None, game, Store.empty(), daily=daily, dealer=dealer)

    @classmethod
    def open(
        cls,
        folder: Path | None = None,
        *,
        seed: int | None = None,
        daily: bool = False,
        new: bool = False,
        today: Callable[[], date] = date.today,
        found: Sequence[Problem] = (),
    ) -> tuple[GameSession, Opening]:
        """Resume the saved game or deal the one asked for.

        With no deal asked for, the game in progress is resumed (a fresh random
        deal if there is none).  ``seed`` asks for that deal number, ``daily``
        for today's deal, ``new`` for a fresh deal even if it is the one in
        progress.  The saved game is resumed when it is the deal asked for and
        ``new`` is not given; a different deal replaces it at once if it has
        no card placed, and otherwise needs the player's yes
        (:attr:`Opening.switch`).  A saved game that ended but was never
        counted is counted now; if that fails it stays on the table, for
        :meth:`finish_pending` to count.

        ``found`` are lines about problems already met (a damaged lock file),
        said with the session's own.  Raises ValueError, with a message for
        players, for a deal number out of range or for both ``seed`` and ``daily``.
        """
        _check_request(seed, daily)
        folder = data_dir() if folder is None else folder
        notes: list[str | None] = [note(problem) for problem in found]
        store, trouble = _open_store(folder, notes)
        current = None
        try:
            current = store.current()
        except StoreError as exc:
            unusable = exc.problem.kind is Kind.GAME_IN_PROGRESS
            notes.append(line(exc.problem) if unusable else Failed.LOADING.say(why=why(exc.problem)))
        day = today()
        wanted = deal_number(day) if daily else seed
        session = cls(
            folder,
            Game.deal(random_deal() if wanted is None else wanted),
            store,
            daily=day if daily else None,
            today=today,
            trouble=None if trouble is None else nothing_kept(folder),
        )
        if current is not None:
            session._set(current.game, current.daily)
            session.started, session.game_id = current.started, current.finished_id
            session.help, session.answer = current.help, current.answer
            if current.game.is_over and session.game_id is None:
                notes.append(session._record())  # it ended, but the process died before it was kept
            if current.game.is_over and session.game_id is not None:
                current = None  # done with; otherwise kept until it can be recorded
        if current is None or ((new or wanted is not None) and not current.game.placed_count):
            session._restart(session._deal(wanted), day if daily else None)
            notes.append(session._save())
            return session, Opening(session._said(notes), None)
        other = new or (wanted is not None and wanted != current.game.seed)
        switch = Switch(seed, daily) if other and not current.game.is_over else None
        return session, Opening(session._said(notes), switch)

    # --- what the front ends read ------------------------------------------------

    @property
    def can_save(self) -> bool:
        """False when the database could not be opened (the player was told why)."""
        return self._trouble is None

    @property
    def in_progress(self) -> bool:
        """Whether leaving this game for another deal counts it as lost (see :func:`stats.in_progress`)."""
        return in_progress(self.game)

    @property
    def can_redo(self) -> bool:
        return bool(self.taken_back)

    def greeting(self) -> Greeting:
        """What there is to say of the game on the table, as it was put there."""
        game = self.game
        assert game.seed is not None  # a session plays numbered deals only
        return Greeting(game.seed, game.placed_count, self.replay, self.daily, game.next_card)

    def stakes(self) -> Stakes:
        """What leaving the game on the table (for another deal, or by quitting) costs now."""
        assert self.game.seed is not None
        return Stakes(self.game.seed, self.in_progress, self.counts, self.can_save and not self.save_failed)

    def stats(self) -> tuple[Stats, Trouble | None]:
        """The statistics of all games, and the trouble if they could not be read (or had to be worked out again)."""
        records, trouble = self.records()
        return records.all_games, trouble

    def records(self) -> tuple[Records, Trouble | None]:
        """Both records (all games, on your own), and the trouble if they could not be read (or had to be
        worked out again)."""
        if self._trouble is not None:
            return Records.from_results([]), Trouble(Failed.READING_STATS.say(why=self._trouble))
        try:
            records = self.store.records(self._today())
        except StoreError as exc:
            return Records.from_results([]), Trouble(Failed.READING_STATS.say(why=why(exc.problem)))
        return records, self._said([note(problem) for problem in self.store.take_problems()])

    # --- help --------------------------------------------------------------------

    @property
    def on_your_own(self) -> bool:
        """Whether the game on the table has had no help (and its help is known): it would count on your own."""
        return self.help is not None and self.help.alone

    def permission(self, aid: Aid) -> Permission:
        """Whether ``aid`` (a take-back, a tip, autoplay) may go ahead now, or the player must be asked first.

        Help costs something only while the game would still count on the
        player's own: its help is known and none yet, its deal was not
        counted before, and it has not been counted since.  Then the first
        help needs the player's yes, asked once a game; after a no, none is
        given until the game has been counted (its result is then kept, and
        undo after the end changes nothing in it).  Help that would do
        nothing (a take-back with no card down, a tip once the game is over or
        where the rules leave the card one cell, as for the first) costs nothing.
        """
        if not self.counts or not self.on_your_own or self.answer is True or not self._would_help(aid):
            return Permission.FREE
        return Permission.ASK if self.answer is None else Permission.DECLINED

    def answer_help(self, yes: bool) -> list[Event]:
        """The player's answer to the question before the first help: it stands for the rest of the game
        (an answer given already is kept)."""
        if self.answer is not None:
            return []
        self.answer = yes
        return self._saved()

    def tip(self) -> list[Event]:
        """A tip for the next card is being shown: it is counted, once for each position, unless held back.

        Returns :class:`HelpHeld` (show no tip) while :meth:`permission`
        does not let a tip go ahead.
        """
        held = self._held(Aid.TIP)
        if held or not self._would_help(Aid.TIP):
            return held
        position = tuple(self.game.placements)
        if self._tipped == position:
            return []
        self._tipped = position
        self._helped(Aid.TIP)
        return self._saved()

    def _held(self, aid: Aid) -> list[Event]:
        permission = self.permission(aid)
        return [] if permission is Permission.FREE else [HelpHeld(aid, permission is Permission.DECLINED)]

    def _would_help(self, aid: Aid) -> bool:
        if aid is Aid.TAKE_BACK:
            return bool(self.game.placed_count)
        if aid is Aid.TIP:
            return len(self.game.legal_moves()) > 1  # one cell (the first card's, d4): the tip tells nothing
        return not self.game.is_over

    def _helped(self, aid: Aid) -> None:
        if self.help is not None:
            self.help = self.help.more(aid)

    # --- play ------------------------------------------------------------------

    def place(self, cell: Cell, *, by: Mover = Mover.PLAYER) -> list[Event]:
        """Place the next card on ``cell``: what it did, then (if it ended the game) how the game ended.

        The redo rule: placing the card last taken back where it was keeps the
        rest that can be put back; placing anything else forgets them.
        """
        refusal = self.game.refusal(cell)
        if refusal is not None:
            return [Refused(cell, refusal)]
        if by is Mover.EXPERT and (held := self._held(Aid.AUTOPLAY)):
            return held
        if self.taken_back and self.taken_back[-1] == cell:
            self.taken_back.pop()
            self._autoplay_taken.pop()
        else:
            self.taken_back.clear()
            self._autoplay_taken.clear()
        return self._play(cell, by)

    def redo(self) -> list[Event]:
        """Put back the last card taken back, where it was."""
        if not self.taken_back:
            return [Nothing.TO_REDO]
        cell = self.taken_back.pop()
        return self._play(cell, Mover.REDO, by_autoplay=self._autoplay_taken.pop())

    def undo(self) -> list[Event]:
        """Take back the last card; the cards it turned over turn back."""
        game = self.game
        if not game.placed_count:
            return [Nothing.TO_UNDO]
        held = self._held(Aid.TAKE_BACK)
        if held:
            return held
        self._helped(Aid.TAKE_BACK)
        n = game.placed_count
        by_autoplay = self.help is not None and bool(self.help.by_autoplay(n))
        if self.help is not None:
            self.help = self.help.taken_back(n)
        cell = game.placements[-1]
        before = game.piles
        card = game.undo()
        after = game.piles
        turned = tuple(
            Turn(pile.top, at, pile.face_up)
            for at, pile in after.items()
            if at != cell and before[at].face_up != pile.face_up
        )
        self.taken_back.append(cell)
        self._autoplay_taken.append(by_autoplay)
        events: list[Event] = [TookBack(card, cell, turned)]
        return events + self._saved()

    def _play(self, cell: Cell, by: Mover, *, by_autoplay: bool = False) -> list[Event]:
        """Place the card on ``cell`` for ``by``; ``by_autoplay``: a redo of a card autoplay had placed."""
        before = self.game.piles
        try:
            placement = self.game.play(cell)
        except IllegalMove:  # checked just before; kept so that a bad cell can never break the session
            return [Refused(cell, self.game.refusal(cell) or Refusal.GAME_OVER)]
        n = self.game.placed_count
        if self.help is not None and by is Mover.EXPERT:
            self.help = self.help.autoplayed_placement(n)
        elif self.help is not None and by is Mover.REDO:
            self.help = self.help.put_back(n, by_autoplay=by_autoplay)
        events: list[Event] = [Placed(placement, before, by), *self._saved()]
        if self.game.is_over:
            events += self._finish()
        return events

    def finish_pending(self) -> list[Event]:
        """Count a game found over when the session opened that could not be kept then; nothing otherwise."""
        if not self.game.is_over or self.game_id is not None:
            return []
        return self._finish()

    def new_deal(self, *, seed: int | None = None, daily: bool = False) -> list[Event]:
        """Leave this game for a new deal (random, number ``seed``, or today's) and save it.

        A game with a card placed is kept in the history first (as abandoned,
        a loss, if it is not over), so ask the player first while
        :attr:`in_progress` (:meth:`stakes` says what it costs).  Raises
        ValueError for a deal that cannot be asked for, like :meth:`open`.
        """
        _check_request(seed, daily)
        day = self._today()
        return self._leave_for(deal_number(day) if daily else seed, day if daily else None)

    def replay_deal(self) -> list[Event]:
        """The same deal again from its first card, as the end box's ``d`` offers it; its greeting says
        whether it counts.  A daily deal stays that day's, so that its line to share says it is a replay."""
        return self._leave_for(self.game.seed, self.daily)

    def _leave_for(self, seed: int | None, daily: date | None) -> list[Event]:
        """Leave this game (kept in the history first, if a card is down) for deal ``seed`` (None: a random
        one), the daily deal of ``daily`` if it is one, and save it."""
        notes: list[str | None] = []
        lost: int | None = None
        if self.game.placed_count and self.game_id is None:
            counted = self.counts and self.in_progress
            notes.append(self._record())
            lost = self.game.seed if counted and self.game_id is not None else None
        self._restart(self._deal(seed), daily)
        notes.append(self._save())
        trouble = self._said(notes)
        return [Dealt(self.greeting(), lost), *([trouble] if trouble is not None else [])]

    # --- keeping --------------------------------------------------------------------

    def _saved(self) -> list[Event]:
        trouble = self._said([self._save()])
        return [trouble] if trouble is not None else []

    def _save(self) -> str | None:
        """Save the game as it stands; a line if that failed."""
        if not self.can_save:
            return None  # the player was told when the session opened
        try:
            self.store.save_current(
                self.game, self.daily, self.started, self.game_id, help=self.help, answer=self.answer
            )
        except StoreError as exc:
            self.save_failed = True
            return Failed.SAVING.say(why=why(exc.problem))
        self.save_failed = False
        return None

    def _finish(self) -> list[Event]:
        """The game has just ended: keep it in the history, counted once per deal, and say how it went."""
        game = self.game
        assert game.seed is not None
        notes: list[str | None] = []
        if self.game_id is not None:
            reason: NotCounted | None = NotCounted.REPLAY if self.replay else NotCounted.ENDED_BEFORE
            self._as_kept()
        else:
            counts = self.counts
            notes.append(self._record())
            if self.game_id is None:
                reason = NotCounted.NOT_KEPT
            elif not counts:
                reason = NotCounted.REPLAY
            else:
                reason = None
        self.ended_before = True
        records, trouble = self.records()
        best = None
        if reason is NotCounted.REPLAY:
            with contextlib.suppress(StoreError):
                best = self.store.best_score(game.seed)
        finished = Finished(
            game.seed, game.status, game.score, game.loss_reason, reason,
            None if trouble is not None else records.all_games, self.daily, self.game_id,
            self.help, None if trouble is not None else records, best,
        )  # fmt: skip
        said = self._said(notes)
        return [finished, *([said] if said is not None else [])]

    def _as_kept(self) -> None:
        """The rule for a game kept when it first ended, then taken back and put back to the same end: it is the
        game the history keeps, and the help it had is the help kept with it.  What was done after its first
        end (the take-back, a tip meanwhile) is no part of it, so that the end box and the history say the same
        of the same game; a game that ends otherwise this time is another, its help its own."""
        assert self.game_id is not None
        try:
            kept = self.store.game(self.game_id)
        except StoreError:
            return
        if kept is not None and kept.record == self.game.to_record():
            self.help = kept.help

    def _record(self) -> str | None:
        """Keep the game as it stands in the history; a line if that failed."""
        if self._trouble is not None:
            return Failed.COUNTING.say(why=self._trouble, deal=self.game.seed)
        finished = FinishedGame.of(
            self.game, daily=self.daily, started=self.started, ended=utc_now(), counted=True, help=self.help
        )
        try:
            self.game_id = self.store.record(finished, mark_current=True).game_id
        except StoreError as exc:
            return Failed.COUNTING.say(why=why(exc.problem), deal=self.game.seed)
        self.counts = False
        return None

    def _deal(self, number: int | None) -> Game:
        """Deal ``number``, or a fresh random deal when None."""
        return Game.deal(self._dealer() if number is None else number)

    def _restart(self, game: Game, daily: date | None) -> None:
        self._set(game, daily)
        self.started = utc_now()
        self.game_id = None

    def _set(self, game: Game, daily: date | None) -> None:
        if game.seed is None:
            raise UnnumberedGame
        self.game = game
        self.daily = daily
        self.taken_back = []
        self._autoplay_taken = []
        played_before = False
        try:
            self.counts = not self.store.is_counted(game.seed)
            played_before = not self.counts or self.store.is_played(game.seed)
        except StoreError as exc:
            self.counts = True
            self._unsaid.append(Failed.READING_STATS.say(why=why(exc.problem)))
        self.replay = not self.counts
        self.ended_before = False
        self.help = Help(played_before=played_before)
        self.answer = None
        self._tipped = None

    def _said(self, notes: list[str | None]) -> Trouble | None:
        """``notes`` and the lines met on the way that are still to be said, as one event."""
        unsaid, self._unsaid = self._unsaid, []
        line = join_notes([*unsaid, *notes])
        if line is None:
            return None
        return Trouble(str(line), line.short if isinstance(line, Note) else None)


def _open_store(folder: Path, notes: list[str | None]) -> tuple[Store, str | None]:
    """The folder's database, or an empty one in memory and why nothing can be kept."""
    try:
        store, found = open_folder(folder)
    except (OSError, StoreError) as exc:
        said = why(exc.problem) if isinstance(exc, StoreError) else system_error(exc.errno)
        notes.append(Failed.KEEPING.say(why=said, folder=folder))
        return Store.empty(), said
    notes.extend(map(note, found))
    return store, None


def _check_request(seed: int | None, daily: bool) -> None:
    if seed is not None and daily:
        raise DealAndDaily
    if seed is not None:
        check_deal_number(seed)
