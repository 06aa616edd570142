"""The help a game has, against the session: what is counted, the one question before the first help and what
its answer does, what costs nothing, and the help kept with the game in progress and the finished game."""

from __future__ import annotations

import contextlib
import sqlite3
from pathlib import Path

from helpers import WINNING_DEAL, WINNING_LINE, count, keep

from foursquare.engine import Game, Status
from foursquare.session.events import Aid, Event, Finished, HelpHeld, Mover, Nothing, Permission, TookBack
from foursquare.session.game import GameSession
from foursquare.storage.helped import Help
from foursquare.storage.schema import DB_FILE
from foursquare.storage.stats import Ending, NotCounted, Result

AIDS = list(Aid)


def of(kind: type, events: list[Event]) -> list[object]:
    return [event for event in events if isinstance(event, kind)]


def play_on(session: GameSession, cells: tuple[tuple[int, int], ...]) -> list[Event]:
    return [event for cell in cells for event in session.place(cell)]


def win(session: GameSession) -> list[Event]:
    """The rest of deal 16's winning line: the game won."""
    events = play_on(session, WINNING_LINE[session.game.placed_count :])
    assert session.game.status is Status.WON
    return events


def finished_of(events: list[Event]) -> Finished:
    (finished,) = of(Finished, events)
    assert isinstance(finished, Finished)
    return finished


def test_a_fresh_game_is_on_your_own_and_the_first_help_asks_while_help_that_does_nothing_costs_nothing() -> None:
    session = GameSession.in_memory(Game.deal(WINNING_DEAL))
    assert session.help == Help() and session.on_your_own and session.answer is None
    assert session.permission(Aid.TAKE_BACK) is Permission.FREE  # no card to take back
    assert session.undo() == [Nothing.TO_UNDO]
    play_on(session, WINNING_LINE[:3])
    assert [session.permission(aid) for aid in AIDS] == [Permission.ASK] * 3
    for events in (session.undo(), session.tip(), session.place(session.game.legal_moves()[0], by=Mover.EXPERT)):
        assert len(events) == 1 and isinstance(events[0], HelpHeld) and not events[0].declined  # asked first
    assert session.game.placed_count == 3 and session.help == Help()  # nothing given, nothing counted


def test_a_tip_for_the_first_card_which_has_one_cell_costs_nothing() -> None:
    session = GameSession.in_memory(Game.deal(WINNING_DEAL))
    assert len(session.game.legal_moves()) == 1
    assert session.permission(Aid.TIP) is Permission.FREE and session.tip() == []
    assert session.help == Help() and session.answer is None  # nothing counted, nothing asked
    play_on(session, WINNING_LINE[:1])
    assert session.permission(Aid.TIP) is Permission.ASK  # from the second card on, a tip is help


def test_a_yes_stands_for_the_game_and_every_help_is_counted_once() -> None:
    session = GameSession.in_memory(Game.deal(WINNING_DEAL))
    play_on(session, WINNING_LINE[:3])
    assert session.answer_help(True) == []
    assert [session.permission(aid) for aid in AIDS] == [Permission.FREE] * 3
    assert of(TookBack, session.undo()) and session.help == Help(take_backs=1)
    session.redo()  # putting back what was taken back is no help of its own
    assert session.tip() == [] and session.tip() == []  # asked twice for one position: one tip
    play_on(session, WINNING_LINE[3:4])
    session.tip()
    session.place(WINNING_LINE[4], by=Mover.EXPERT)
    assert session.help == Help(take_backs=1, tips=2, autoplayed=1, autoplayed_at=(5,)) and not session.on_your_own
    finished = finished_of(win(session))
    assert finished.help == session.help and finished.counted
    assert finished.records is not None and finished.records.on_your_own.played == 0
    assert finished.records.all_games.won == 1


def test_the_placements_autoplay_made_are_kept_through_take_backs_and_redos() -> None:
    """Autoplay's cards are marked by placement number: a take-back unmarks one (the count of help stays), a
    redo puts autoplay's card back as autoplay's and the player's as the player's, and a card the player
    places instead is the player's."""
    session = GameSession.in_memory(Game.deal(WINNING_DEAL))
    play_on(session, WINNING_LINE[:2])
    session.answer_help(True)
    session.place(WINNING_LINE[2], by=Mover.EXPERT)
    play_on(session, WINNING_LINE[3:4])
    session.place(WINNING_LINE[4], by=Mover.EXPERT)
    marks = []

    def mark() -> tuple[int, ...] | None:
        assert session.help is not None
        return session.help.autoplayed_at

    marks.append(mark())
    assert session.help is not None
    assert [session.help.by_autoplay(n) for n in (2, 3, 4, 5)] == [False, True, False, True]
    for _ in range(3):
        session.undo()
    marks.append(mark())
    assert session.help.autoplayed == 2  # taken back, the help stays counted
    session.redo()  # autoplay's card 3, put back where autoplay put it
    session.redo()  # the player's card 4
    marks.append(mark())
    elsewhere = next(cell for cell in session.game.legal_moves() if cell != WINNING_LINE[4])
    session.place(elsewhere)  # the player's own cell for card 5: autoplay's card taken back is forgotten
    marks.append(mark())
    assert marks == [(3, 5), (), (3,), (3,)] and not session.can_redo


def test_a_no_stands_until_the_game_is_counted() -> None:
    """A no keeps the game on your own: every take-back, tip and autoplay is refused, without asking again,
    until the game has ended and been counted; after that undo is free, since the result is kept."""
    session = GameSession.in_memory(Game.deal(WINNING_DEAL))
    play_on(session, WINNING_LINE[:3])
    session.answer_help(False)
    assert [session.permission(aid) for aid in AIDS] == [Permission.DECLINED] * 3
    assert session.undo() == [HelpHeld(Aid.TAKE_BACK, True)] and session.tip() == [HelpHeld(Aid.TIP, True)]
    assert session.place(WINNING_LINE[3], by=Mover.EXPERT) == [HelpHeld(Aid.AUTOPLAY, True)]
    assert session.game.placed_count == 3 and session.help == Help()
    finished = finished_of(win(session))
    assert finished.help == Help() and finished.records is not None
    assert (finished.records.on_your_own.played, finished.records.on_your_own.won) == (1, 1)
    assert session.permission(Aid.TAKE_BACK) is Permission.FREE and of(TookBack, session.undo())
    session.new_deal()
    assert session.answer is None and session.help == Help() and session.permission(Aid.AUTOPLAY) is Permission.ASK


def test_help_on_a_deal_counted_before_costs_nothing_but_is_kept(tmp_path: Path) -> None:
    count(tmp_path, Result(WINNING_DEAL, Ending.STOCK_EMPTY))
    session, _ = GameSession.open(tmp_path, seed=WINNING_DEAL)
    assert session.replay and session.help == Help(played_before=True)
    play_on(session, WINNING_LINE[:3])
    assert session.permission(Aid.TAKE_BACK) is Permission.FREE  # the game will not count: nothing to lose
    session.undo()
    finished = finished_of(win(session))
    assert finished.not_counted is NotCounted.REPLAY and finished.help == Help(take_backs=1, played_before=True)
    (kept, _) = session.store.history()
    assert kept.help == finished.help and not kept.counted


def test_a_deal_in_the_history_is_played_before_even_when_it_no_longer_counts(tmp_path: Path) -> None:
    session, _ = GameSession.open(tmp_path, seed=WINNING_DEAL)
    assert session.help == Help()
    session.place((0, 0))
    session.new_deal(seed=WINNING_DEAL)  # the first game is kept, abandoned
    assert session.help == Help(played_before=True) and session.replay
    session.store.reset_stats()
    again, _ = GameSession.open(tmp_path, seed=WINNING_DEAL, new=True)
    assert not again.replay and again.help == Help(played_before=True)  # it counts, and it is known to be known
    finished = finished_of(win(again))
    assert finished.counted and finished.help == Help(played_before=True)
    assert finished.records is not None and finished.records.on_your_own.won == 1  # played before is no help


def test_a_resumed_game_keeps_its_help_and_its_answer(tmp_path: Path) -> None:
    session, _ = GameSession.open(tmp_path, seed=WINNING_DEAL)
    play_on(session, WINNING_LINE[:4])
    session.answer_help(False)
    resumed, _ = GameSession.open(tmp_path)
    assert resumed.answer is False and resumed.permission(Aid.TIP) is Permission.DECLINED
    assert resumed.answer_help(True) == [] and resumed.answer is False  # the answer stands
    resumed.new_deal(seed=1)
    resumed.place((0, 0))
    resumed.answer_help(True)
    resumed.undo()
    resumed.place((0, 0))
    resumed.tip()
    again, _ = GameSession.open(tmp_path)
    assert again.help == Help(take_backs=1, tips=1) and again.answer is True
    assert again.permission(Aid.AUTOPLAY) is Permission.FREE
    again.place(again.game.legal_moves()[0], by=Mover.EXPERT)
    last, _ = GameSession.open(tmp_path)
    assert last.help == Help(take_backs=1, tips=1, autoplayed=1, autoplayed_at=(2,))


def test_a_game_begun_before_help_was_recorded_counts_in_all_games_only(tmp_path: Path) -> None:
    keep(tmp_path, _part_of_the_winning_line(5))  # saved as the previous version saved it: without help
    session, _ = GameSession.open(tmp_path)
    assert session.help is None and not session.on_your_own
    assert [session.permission(aid) for aid in AIDS] == [Permission.FREE] * 3  # nothing to ask: it is not alone
    finished = finished_of(win(session))
    assert finished.counted and finished.help is None and finished.records is not None
    assert (finished.records.all_games.won, finished.records.on_your_own.played, finished.records.before_help) == (
        1, 0, 1,
    )  # fmt: skip
    (kept,) = session.store.history()
    assert kept.help is None
    session.new_deal()
    assert session.help == Help()


def _part_of_the_winning_line(cards: int) -> Game:
    game = Game.deal(WINNING_DEAL)
    for cell in WINNING_LINE[:cards]:
        game.play(cell)
    return game


def test_help_that_cannot_be_read_is_not_known_rather_than_alone(tmp_path: Path) -> None:
    session, _ = GameSession.open(tmp_path, seed=WINNING_DEAL)
    play_on(session, WINNING_LINE[:2])
    with contextlib.closing(sqlite3.connect(tmp_path / DB_FILE)) as db, db:
        db.execute("""UPDATE current SET help = '{"take_backs": -3}'""")
    resumed, opening = GameSession.open(tmp_path)
    assert opening == (None, None) and resumed.game == session.game and resumed.help is None
