"""The one game session under the screen and plain mode: each of its rules, tested once, against the session.

Resuming, new deals, abandoning, counting once per deal, the redo rule, what
leaving and quitting cost, the facts behind the greetings, and troubles with
the files as events rather than errors.
"""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from helpers import (
    NO_FILE_SIZE_LIMIT,
    WINDOWS,
    WINNING_DEAL,
    WINNING_LINE,
    busy,
    count,
    keep,
    lost_game,
    no_room_to_grow,
    on_disk,
    raises_saying,
    won_game,
)
from helpers import counted as results

from foursquare.deals import RANDOM_DEALS
from foursquare.engine import Game, Refusal, Status, Turn
from foursquare.session.errors import DealAndDaily, UnnumberedGame
from foursquare.session.events import (
    Dealt,
    Event,
    Finished,
    Greeting,
    Mover,
    Nothing,
    Placed,
    Refused,
    Stakes,
    TookBack,
    Trouble,
)
from foursquare.session.game import GameSession
from foursquare.storage import schema
from foursquare.storage.helped import Help
from foursquare.storage.schema import DB_FILE
from foursquare.storage.stats import Ending, NotCounted, Result
from foursquare.words.session import ended_lines

DAY = date(2026, 11, 30)


def today() -> date:
    return DAY


def of(kind: type, events: list[Event]) -> list[object]:
    return [event for event in events if isinstance(event, kind)]


def troubles(events: list[Event]) -> list[str]:
    return [event.line for event in events if isinstance(event, Trouble)]


def play_on(session: GameSession, cells: list[tuple[int, int]] | tuple[tuple[int, int], ...]) -> list[Event]:
    events: list[Event] = []
    for cell in cells:
        events += session.place(cell)
    return events


def finish_first_cells(session: GameSession) -> list[Event]:
    events: list[Event] = []
    while not session.game.is_over:
        events += session.place(session.game.legal_moves()[0])
    return events


def helped(session: GameSession) -> GameSession:
    """``session`` once the player has said yes to help in its game (the question has tests of its own)."""
    session.answer_help(True)
    return session


def win(session: GameSession) -> list[Event]:
    events = play_on(session, WINNING_LINE[session.game.placed_count :])
    assert session.game.status is Status.WON
    return events


# --- opening ------------------------------------------------------------------------


def test_first_start_deals_a_random_deal_and_saves_it(tmp_path: Path) -> None:
    session, opening = GameSession.open(tmp_path)
    assert opening == (None, None)
    assert session.game.seed in RANDOM_DEALS and session.game.placed_count == 0
    assert session.daily is None and session.counts and not session.in_progress
    assert on_disk(tmp_path) == session.game
    other, _ = GameSession.open(tmp_path / "elsewhere")
    assert other.game.seed != session.game.seed


def test_foursquare_home_is_the_default_folder(home: Path) -> None:
    session, _ = GameSession.open()
    assert session.folder == home and on_disk(home) == session.game


def test_the_game_in_progress_is_resumed_exactly_after_play_and_undo(tmp_path: Path) -> None:
    session, _ = GameSession.open(tmp_path)
    for _ in range(6):
        assert troubles(session.place(session.game.legal_moves()[-1])) == []
    assert troubles(session.answer_help(True)) == []
    assert troubles(session.undo()) == []
    resumed, opening = GameSession.open(tmp_path)
    assert opening == (None, None)
    assert resumed.game == session.game and resumed.game.placed_count == 5
    assert resumed.help == session.help and resumed.answer is True
    assert resumed.game.piles == session.game.piles and resumed.game.next_card == session.game.next_card
    assert resumed.in_progress
    assert resumed.greeting() == Greeting(resumed.game.seed or 0, 5, False, None, resumed.game.next_card)


def test_asking_for_the_deal_in_progress_resumes_it(tmp_path: Path) -> None:
    session, _ = GameSession.open(tmp_path, seed=42)
    session.place((0, 0))
    again, opening = GameSession.open(tmp_path, seed=42)
    assert opening == (None, None) and again.game == session.game


def test_asking_for_another_deal_while_playing_needs_a_yes_and_counts_a_loss(tmp_path: Path) -> None:
    session, _ = GameSession.open(tmp_path, seed=42)
    session.place((0, 0))
    asked, opening = GameSession.open(tmp_path, seed=7)
    assert opening.trouble is None and opening.switch is not None and opening.switch.seed == 7
    assert asked.game == session.game and asked.in_progress  # nothing changed before the yes
    assert results(tmp_path) == [] and on_disk(tmp_path) == session.game
    events = asked.new_deal(seed=7)
    assert events == [Dealt(Greeting(7, 0, False, None, Game.deal(7).next_card), lost=42)]  # counted as a loss
    assert asked.game.seed == 7 and asked.game.placed_count == 0 and on_disk(tmp_path) == asked.game
    assert results(tmp_path) == [Result(42, Ending.ABANDONED)]
    assert asked.stats()[0].losses[Ending.ABANDONED] == 1


def test_another_deal_replaces_a_game_with_no_card_placed_without_asking(tmp_path: Path) -> None:
    GameSession.open(tmp_path, seed=42)
    session, opening = GameSession.open(tmp_path, seed=7)
    assert opening == (None, None) and session.game.seed == 7
    fresh, opening = GameSession.open(tmp_path, new=True)
    assert opening == (None, None) and fresh.game.seed in RANDOM_DEALS
    assert results(tmp_path) == []


def test_new_deals_even_on_the_same_deal_when_asked(tmp_path: Path) -> None:
    session, _ = GameSession.open(tmp_path, seed=42)
    session.place((0, 0))
    _, opening = GameSession.open(tmp_path, new=True)
    assert opening.switch is not None
    _, opening = GameSession.open(tmp_path, seed=42, new=True)
    assert opening.switch is not None


def test_daily_deal_is_todays_and_is_remembered_as_daily(tmp_path: Path) -> None:
    session, opening = GameSession.open(tmp_path, daily=True, today=today)
    assert opening == (None, None)
    assert session.game.seed == 20261130 and session.daily == DAY
    assert session.greeting().daily == DAY
    session.place((0, 0))
    resumed, _ = GameSession.open(tmp_path, today=lambda: date(2026, 12, 1))
    assert resumed.daily == DAY and resumed.game == session.game
    _, opening = GameSession.open(tmp_path, daily=True, today=lambda: date(2026, 12, 1))
    assert opening.switch is not None and opening.switch.daily  # tomorrow's deal is another deal
    _, opening = GameSession.open(tmp_path, daily=True, today=today)
    assert opening.switch is None


def test_impossible_requests_are_refused_before_anything_changes(tmp_path: Path) -> None:
    for seed, daily, complaint in ((-1, False, "deal number must be"), (2**64, False, "must be")):
        with raises_saying(ValueError, match=complaint):
            GameSession.open(tmp_path, seed=seed, daily=daily)
        assert not tmp_path.joinpath(DB_FILE).exists()
    with pytest.raises(DealAndDaily):  # the command line never asks for both: a misuse, named by its type
        GameSession.open(tmp_path, seed=3, daily=True)
    assert not tmp_path.joinpath(DB_FILE).exists()
    session, _ = GameSession.open(tmp_path, seed=3)
    session.place((0, 0))
    with pytest.raises(DealAndDaily):
        session.new_deal(seed=3, daily=True)
    assert session.game.seed == 3 and results(tmp_path) == []


def test_a_session_on_an_unnumbered_game_is_refused() -> None:
    with pytest.raises(UnnumberedGame):
        GameSession.in_memory(Game(Game.deal(1).stock))


# --- placing, undo and redo ----------------------------------------------------------


def test_a_placement_says_what_it_did_from_the_table_before_it() -> None:
    session = GameSession.in_memory(Game.deal(5))
    before = session.game.piles
    (placed,) = session.place((0, 0))
    assert isinstance(placed, Placed) and placed.by is Mover.PLAYER
    assert placed.before == before and placed.placement.cell == (0, 0)


def test_a_cell_the_rules_refuse_changes_nothing_and_says_why() -> None:
    session = GameSession.in_memory(Game.deal(5))
    assert session.place((0, 1)) == [Refused((0, 1), Refusal.FIRST_CARD_IN_THE_MIDDLE)]
    assert session.game.placed_count == 0


def test_undo_turns_back_what_the_card_turned_and_names_those_cards() -> None:
    session = helped(GameSession.in_memory(Game.deal(5)))
    play_on(session, [(0, 0), (0, 1), (1, 0)])  # 10D on d5 turns 2D over
    (took,) = session.undo()
    assert isinstance(took, TookBack) and took.cell == (1, 0)
    assert took.turned == (Turn(session.game.piles[(0, 0)].top, (0, 0), True),) and session.game.piles[(0, 0)].face_up


def test_nothing_to_undo_or_redo_is_said_as_such() -> None:
    session = GameSession.in_memory(Game.deal(5))
    assert session.undo() == [Nothing.TO_UNDO]
    assert session.redo() == [Nothing.TO_REDO]


def test_redo_puts_back_what_undo_took_back_in_the_order_taken() -> None:
    session = helped(GameSession.in_memory(Game.deal(5)))
    play_on(session, [(0, 0), (0, 1), (1, 0)])
    session.undo()
    session.undo()
    assert session.taken_back == [(1, 0), (0, 1)]
    (placed,) = session.redo()
    assert isinstance(placed, Placed) and placed.by is Mover.REDO and placed.placement.cell == (0, 1)
    session.redo()
    assert session.game.placements == [(0, 0), (0, 1), (1, 0)] and not session.can_redo


def test_the_redo_rule_placing_the_card_taken_back_where_it_was_keeps_the_rest() -> None:
    session = helped(GameSession.in_memory(Game.deal(5)))
    play_on(session, [(0, 0), (0, 1), (1, 0)])
    session.undo()
    session.undo()
    session.place((0, 1))  # where it was: the card after it can still be put back
    assert session.taken_back == [(1, 0)]
    session.undo()
    session.place((-1, 0))  # elsewhere: nothing can be put back any more
    assert session.taken_back == [] and session.redo() == [Nothing.TO_REDO]


def test_autoplay_placements_say_who_placed_them() -> None:
    session = helped(GameSession.in_memory(Game.deal(5)))
    (placed,) = session.place((0, 0), by=Mover.EXPERT)
    assert isinstance(placed, Placed) and placed.by is Mover.EXPERT


# --- the end of a game and counting -----------------------------------------------------


def test_a_win_is_counted_with_its_score_and_kept_in_the_history(tmp_path: Path) -> None:
    session, _ = GameSession.open(tmp_path, seed=WINNING_DEAL)
    (finished,) = of(Finished, win(session))
    assert isinstance(finished, Finished) and finished.counted and finished.daily is None
    assert (finished.status, finished.score, finished.deal) == (Status.WON, 7, WINNING_DEAL)
    assert finished.stats is not None and (finished.stats.played, finished.stats.won) == (1, 1)
    assert not session.counts and finished.game_id is not None
    kept = session.store.game(finished.game_id)
    assert kept is not None and kept.replay() == session.game and kept.score == 7 and kept.placed == 33


def test_a_finished_daily_deal_says_its_date_for_the_line_to_share(tmp_path: Path) -> None:
    session, _ = GameSession.open(tmp_path, daily=True, today=today)
    (finished,) = of(Finished, finish_first_cells(session))
    assert isinstance(finished, Finished) and finished.counted and finished.daily == DAY


def test_undoing_after_the_end_and_finishing_again_counts_once(tmp_path: Path) -> None:
    session, _ = GameSession.open(tmp_path, seed=WINNING_DEAL)
    win(session)
    assert session.ended_before
    session.undo()
    (again,) = of(Finished, win(session))
    assert isinstance(again, Finished) and again.not_counted is NotCounted.ENDED_BEFORE
    assert (session.stats()[0].played, session.stats()[0].won) == (1, 1)
    assert session.store.game_count() == 1  # the history keeps the game once


@pytest.mark.parametrize("how", ["redo", "the same cell"])
def test_the_winning_card_taken_back_and_put_back_is_the_game_the_history_keeps(tmp_path: Path, how: str) -> None:
    """The rule: a game kept when it first ended, taken back and put back to the same end, is the kept game,
    with the help kept with it (what was done after its end is no part of it): the end box and the history
    say the same of it."""
    session, _ = GameSession.open(tmp_path, seed=WINNING_DEAL)
    (first,) = of(Finished, win(session))
    assert isinstance(first, Finished) and first.help == Help()
    session.undo()
    session.tip()  # asked after the end: no part of the game kept either
    assert session.help is not None and (session.help.take_backs, session.help.tips) == (1, 1)
    events = session.redo() if how == "redo" else session.place(WINNING_LINE[-1])
    (again,) = of(Finished, events)
    assert isinstance(again, Finished) and again.not_counted is NotCounted.ENDED_BEFORE
    kept = session.store.game(first.game_id or 0)
    assert kept is not None and kept.help == Help() and again.help == kept.help == session.help
    box = ended_lines(again.deal, again.status, again.score, again.not_counted, again.help, None)
    said = " ".join(line.plain() for line in box.lines)
    assert "take-back" not in said and "tip" not in said and "on your own" in said


def test_a_deal_counted_before_is_a_replay_from_its_first_card(tmp_path: Path) -> None:
    count(tmp_path, Result(WINNING_DEAL, Ending.STOCK_EMPTY))
    session, _ = GameSession.open(tmp_path, seed=WINNING_DEAL)
    assert session.replay and not session.counts and session.greeting().replay
    assert session.stakes() == Stakes(WINNING_DEAL, False, False, True)
    (finished,) = of(Finished, win(session))
    assert isinstance(finished, Finished) and finished.not_counted is NotCounted.REPLAY


def test_a_deal_lost_by_abandoning_cannot_be_won_later_for_the_statistics(tmp_path: Path) -> None:
    session, _ = GameSession.open(tmp_path, seed=WINNING_DEAL)
    play_on(session, WINNING_LINE[:3])
    assert session.stakes() == Stakes(WINNING_DEAL, True, True, True)
    session.new_deal(seed=WINNING_DEAL)  # restart the same deal, knowing it now
    assert not session.counts and session.replay
    (finished,) = of(Finished, win(session))
    assert isinstance(finished, Finished) and not finished.counted
    assert (session.stats()[0].played, session.stats()[0].won) == (1, 0)
    assert [(g.ending, g.counted) for g in session.store.history()] == [(Ending.WON, False), (Ending.ABANDONED, True)]


def test_a_new_deal_abandons_only_a_game_with_cards_down(tmp_path: Path) -> None:
    session, _ = GameSession.open(tmp_path, seed=1)
    assert not session.stakes().in_progress
    session.new_deal()  # nothing placed: nothing counted
    assert results(tmp_path) == [] and session.game.seed in RANDOM_DEALS
    session.place((0, 0))
    abandoned = session.game.seed
    assert abandoned is not None and session.in_progress
    session.new_deal(seed=3)
    assert results(tmp_path) == [Result(abandoned, Ending.ABANDONED)]


@pytest.mark.skipif(WINDOWS, reason=NO_FILE_SIZE_LIMIT)
def test_the_stakes_say_whether_leaving_counts_and_whether_the_game_is_kept(tmp_path: Path) -> None:
    session, _ = GameSession.open(tmp_path, seed=3)
    assert session.stakes() == Stakes(3, False, True, True)
    session.place((0, 0))
    assert session.stakes() == Stakes(3, True, True, True)
    with no_room_to_grow(tmp_path):
        session.place(session.game.legal_moves()[0])
    assert session.stakes() == Stakes(3, True, True, False)  # the last change could not be saved


def test_a_game_that_ended_before_it_was_counted_is_counted_on_the_next_start(tmp_path: Path) -> None:
    keep(tmp_path, won_game())  # the process died between saving and counting
    session, opening = GameSession.open(tmp_path)
    assert opening == (None, None)
    assert results(tmp_path) == [Result(WINNING_DEAL, Ending.WON, 7)]
    assert session.game.placed_count == 0 and session.game.seed in RANDOM_DEALS
    GameSession.open(tmp_path)
    assert len(results(tmp_path)) == 1


def test_counts_says_whether_the_result_will_count(tmp_path: Path) -> None:
    count(tmp_path, Result(9, Ending.STOCK_EMPTY))
    assert not GameSession.open(tmp_path, seed=9)[0].counts
    assert GameSession.open(tmp_path, seed=10)[0].counts


# --- trouble with the files ------------------------------------------------------------


def test_a_finished_game_waits_in_the_database_while_it_is_busy(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    lost = lost_game()
    keep(tmp_path, lost)
    monkeypatch.setattr(schema, "BUSY_SECONDS", 0.1)
    with busy(tmp_path):
        session, opening = GameSession.open(tmp_path)
    assert opening.trouble is not None and "Could not count deal 20261130" in opening.trouble.line
    assert "busy" in opening.trouble.line and "\n" not in opening.trouble.line
    assert session.game == lost and on_disk(tmp_path) == lost  # kept until it is counted
    (finished,) = of(Finished, session.finish_pending())
    assert isinstance(finished, Finished) and finished.counted
    fresh, opening = GameSession.open(tmp_path)
    assert opening == (None, None) and fresh.game.placed_count == 0
    assert [r.deal for r in results(tmp_path)] == [20261130]


def test_a_busy_database_at_the_end_of_a_game_is_a_line_and_the_game_is_counted_later(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(schema, "BUSY_SECONDS", 0.1)
    session, _ = GameSession.open(tmp_path, seed=WINNING_DEAL)
    play_on(session, WINNING_LINE[:-1])
    with busy(tmp_path):
        events = session.place(WINNING_LINE[-1])
    (finished,) = of(Finished, events)
    assert isinstance(finished, Finished) and finished.not_counted is NotCounted.NOT_KEPT
    assert finished.game_id is None
    assert any("Could not save the game" in line or "Could not count deal" in line for line in troubles(events))
    assert troubles(session.new_deal()) == []  # the finished game is still there to count, and now it can be
    assert results(tmp_path) == [Result(WINNING_DEAL, Ending.WON, 7)]


@pytest.mark.skipif(WINDOWS, reason=NO_FILE_SIZE_LIMIT)
def test_a_full_disk_is_a_line_and_the_last_good_save_is_kept(tmp_path: Path) -> None:
    session, _ = GameSession.open(tmp_path, seed=5)
    session.place((0, 0))
    with no_room_to_grow(tmp_path):
        lines = troubles(session.place(session.game.legal_moves()[0]))
    assert len(lines) == 1 and lines[0].startswith("Could not save the game: the disk")
    assert on_disk(tmp_path).placed_count == 1
    assert troubles(session.undo()) == [] and on_disk(tmp_path).placed_count == 1


def test_damaged_old_statistics_are_reported_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "stats.json").write_text("[1, 2")
    session, opening = GameSession.open(tmp_path)
    stats, trouble = session.stats()
    assert stats.played == 0 and trouble is None
    assert opening.trouble is not None
    (aside,) = tmp_path.glob("stats.json.*.corrupt")
    assert opening.trouble.line.startswith("Your old statistics file could not be used (not valid JSON")
    assert opening.trouble.line.endswith(f"; it was moved to {aside}.")


def test_a_file_in_place_of_the_data_folder_gives_lines_not_errors(tmp_path: Path) -> None:
    folder = tmp_path / "home"
    folder.write_text("not a folder")
    session, opening = GameSession.open(folder)
    assert opening.trouble is not None
    assert opening.trouble.line == (
        f"Cannot keep games in {folder}: it is a file, not a folder; this game will not be saved."
    )
    assert troubles(session.place((0, 0))) == []
    deal = session.game.seed
    events = session.new_deal()
    assert troubles(events) == [f"Could not count deal {deal} in the statistics: games cannot be kept in {folder}."]
    trouble = session.stats()[1]
    assert trouble is not None and trouble.line == f"Could not read the statistics: games cannot be kept in {folder}."
    assert not session.stakes().saved and not session.stakes().in_progress
    assert folder.read_text() == "not a folder"


def test_a_data_folder_under_a_file_says_it_cannot_be_made_and_why(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file")
    session, opening = GameSession.open(blocker / "sub")
    assert opening.trouble is not None
    assert opening.trouble.line == (
        f"Cannot keep games in {blocker / 'sub'}: the data folder cannot be made: {blocker} is a file, not a folder; "
        "this game will not be saved."
    )
    assert "game.json" not in opening.trouble.line and blocker.read_text() == "a file"
    assert troubles(session.place((0, 0))) == []
    session.place(session.game.legal_moves()[0])
    assert session.stakes().in_progress and not session.stakes().saved
