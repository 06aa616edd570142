"""The session the game screen drives: resuming, new deals, abandoning, counting once."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from helpers import WINNING_DEAL, WINNING_LINE, busy, count, keep, lost_game, no_room_to_grow, on_disk, won_game
from helpers import counted as results

from foursquare.deals import RANDOM_DEALS
from foursquare.engine import Game, Status
from foursquare.storage import schema
from foursquare.storage.schema import DB_FILE
from foursquare.storage.session import Session
from foursquare.storage.stats import Ending, Result

DAY = date(2026, 11, 30)


def today() -> date:
    return DAY


def test_first_start_deals_a_random_deal_and_saves_it(tmp_path: Path) -> None:
    session, opening = Session.open(tmp_path)
    assert opening == (None, False)
    assert session.game.seed in RANDOM_DEALS and session.game.placed_count == 0
    assert session.daily is None and session.counts and not session.in_progress
    assert on_disk(tmp_path) == session.game
    other, _ = Session.open(tmp_path / "elsewhere")
    assert other.game.seed != session.game.seed


def test_foursquare_home_is_the_default_folder(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("FOURSQUARE_HOME", str(tmp_path))
    session, _ = Session.open()
    assert session.folder == tmp_path and on_disk(tmp_path) == session.game


def test_the_game_in_progress_is_resumed_exactly_after_play_and_undo(tmp_path: Path) -> None:
    session, _ = Session.open(tmp_path)
    for _ in range(6):
        session.game.play(session.game.legal_moves()[-1])
        assert session.save() is None
    session.game.undo()
    assert session.save() is None
    resumed, opening = Session.open(tmp_path)
    assert opening == (None, False)
    assert resumed.game == session.game and resumed.game.placed_count == 5
    assert resumed.game.piles == session.game.piles and resumed.game.next_card == session.game.next_card
    assert resumed.in_progress


def test_asking_for_the_deal_in_progress_resumes_it(tmp_path: Path) -> None:
    session, _ = Session.open(tmp_path, seed=42)
    session.game.play((0, 0))
    session.save()
    again, opening = Session.open(tmp_path, seed=42)
    assert opening == (None, False) and again.game == session.game


def test_asking_for_another_deal_while_playing_needs_a_yes_and_counts_a_loss(tmp_path: Path) -> None:
    session, _ = Session.open(tmp_path, seed=42)
    session.game.play((0, 0))
    session.save()
    asked, opening = Session.open(tmp_path, seed=7)
    assert opening == (None, True)
    assert asked.game == session.game and asked.in_progress  # nothing changed before the yes
    assert results(tmp_path) == [] and on_disk(tmp_path) == session.game
    assert asked.new_game(seed=7) is None
    assert asked.game.seed == 7 and asked.game.placed_count == 0 and on_disk(tmp_path) == asked.game
    assert results(tmp_path) == [Result(42, Ending.ABANDONED)]
    assert asked.stats()[0].losses[Ending.ABANDONED] == 1


def test_another_deal_replaces_a_game_with_no_card_placed_without_asking(tmp_path: Path) -> None:
    Session.open(tmp_path, seed=42)
    session, opening = Session.open(tmp_path, seed=7)
    assert opening == (None, False) and session.game.seed == 7
    fresh, opening = Session.open(tmp_path, new=True)
    assert opening == (None, False) and fresh.game.seed in RANDOM_DEALS
    assert results(tmp_path) == []


def test_new_deals_even_on_the_same_deal_when_asked(tmp_path: Path) -> None:
    session, _ = Session.open(tmp_path, seed=42)
    session.game.play((0, 0))
    session.save()
    _, opening = Session.open(tmp_path, new=True)
    assert opening.confirm_new
    _, opening = Session.open(tmp_path, seed=42, new=True)
    assert opening.confirm_new


def test_new_game_from_the_game_abandons_only_a_game_with_cards_down(tmp_path: Path) -> None:
    session, _ = Session.open(tmp_path, seed=1)
    assert session.new_game() is None  # nothing placed: nothing counted
    assert results(tmp_path) == [] and session.game.seed in RANDOM_DEALS
    session.game.play((0, 0))
    abandoned = session.game.seed
    assert abandoned is not None
    assert session.in_progress
    assert session.new_game(seed=3) is None
    assert results(tmp_path) == [Result(abandoned, Ending.ABANDONED)]


def test_daily_deal_is_todays_and_is_remembered_as_daily(tmp_path: Path) -> None:
    session, opening = Session.open(tmp_path, daily=True, today=today)
    assert opening == (None, False)
    assert session.game.seed == 20261130 and session.daily == DAY
    session.game.play((0, 0))
    session.save()
    resumed, _ = Session.open(tmp_path, today=lambda: date(2026, 12, 1))
    assert resumed.daily == DAY and resumed.game == session.game
    _, opening = Session.open(tmp_path, daily=True, today=lambda: date(2026, 12, 1))
    assert opening.confirm_new  # tomorrow's deal is another deal
    _, opening = Session.open(tmp_path, daily=True, today=today)
    assert not opening.confirm_new


def test_a_finished_daily_deal_gives_the_line_to_share(tmp_path: Path) -> None:
    session, _ = Session.open(tmp_path, daily=True, today=today)
    while not session.game.is_over:
        session.game.play(session.game.legal_moves()[0])
    session.save()
    finish = session.record_finished()
    assert finish.counted and finish.message is None and finish.game_id is not None
    assert (
        finish.share
        == f"Foursquare daily 2026-11-30 (deal 20261130): lost, {session.game.placed_count} of 40 cards placed"
    )


def _win(session: Session) -> None:
    for cell in WINNING_LINE[session.game.placed_count :]:
        session.game.play(cell)
        session.save()
    assert session.game.status is Status.WON


def test_a_win_is_counted_with_its_score(tmp_path: Path) -> None:
    session, _ = Session.open(tmp_path, seed=WINNING_DEAL)
    _win(session)
    finish = session.record_finished()
    assert finish.counted and finish.share is None and finish.message is None
    stats = session.stats()[0]
    assert (stats.played, stats.won, stats.best_score, stats.histogram[7]) == (1, 1, 7, 1)
    assert not session.counts
    assert finish.game_id is not None
    kept = session.store.game(finish.game_id)
    assert kept is not None and kept.replay() == session.game and kept.score == 7 and kept.placed == 33


def test_undoing_after_the_end_and_finishing_again_counts_once(tmp_path: Path) -> None:
    session, _ = Session.open(tmp_path, seed=WINNING_DEAL)
    _win(session)
    assert session.record_finished().counted
    session.game.undo()
    session.save()
    _win(session)
    finish = session.record_finished()
    assert not finish.counted
    assert (session.stats()[0].played, session.stats()[0].won) == (1, 1)
    assert session.store.game_count() == 1  # the history keeps the game once


def test_a_deal_lost_by_abandoning_cannot_be_won_later_for_the_statistics(tmp_path: Path) -> None:
    session, _ = Session.open(tmp_path, seed=WINNING_DEAL)
    for cell in WINNING_LINE[:3]:
        session.game.play(cell)
    session.new_game(seed=WINNING_DEAL)  # restart the same deal, knowing it now
    assert not session.counts
    _win(session)
    finish = session.record_finished()
    assert not finish.counted
    assert (session.stats()[0].played, session.stats()[0].won) == (1, 0)
    assert [(g.ending, g.counted) for g in session.store.history()] == [(Ending.WON, False), (Ending.ABANDONED, True)]


def test_recording_an_unfinished_game_is_refused(tmp_path: Path) -> None:
    session, _ = Session.open(tmp_path)
    with pytest.raises(ValueError, match="not over"):
        session.record_finished()


def test_a_game_that_ended_before_it_was_counted_is_counted_on_the_next_start(tmp_path: Path) -> None:
    keep(tmp_path, won_game())  # the process died between saving and counting
    session, opening = Session.open(tmp_path)
    assert opening == (None, False)
    assert results(tmp_path) == [Result(WINNING_DEAL, Ending.WON, 7)]
    assert session.game.placed_count == 0 and session.game.seed in RANDOM_DEALS
    Session.open(tmp_path)
    assert len(results(tmp_path)) == 1


def test_a_finished_game_waits_in_the_database_while_it_is_busy(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    lost = lost_game()
    keep(tmp_path, lost)
    monkeypatch.setattr(schema, "BUSY_SECONDS", 0.1)
    with busy(tmp_path):
        session, opening = Session.open(tmp_path)
    assert opening.message is not None and "Could not count deal 20261130" in opening.message
    assert "busy" in opening.message and "\n" not in opening.message
    assert session.game == lost and on_disk(tmp_path) == lost  # kept until it is counted
    fresh, opening = Session.open(tmp_path)
    assert opening == (None, False) and fresh.game.placed_count == 0
    assert [r.deal for r in results(tmp_path)] == [20261130]


def test_a_busy_database_at_the_end_of_a_game_gives_a_line_not_an_error(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(schema, "BUSY_SECONDS", 0.1)
    session, _ = Session.open(tmp_path, seed=WINNING_DEAL)
    _win(session)
    with busy(tmp_path):
        finish = session.record_finished()
    assert not finish.counted and finish.game_id is None
    assert finish.message == (
        f"Could not count deal {WINNING_DEAL} in the statistics: "
        "another foursquare kept the database busy too long; try again."
    )
    assert session.record_finished().counted  # the finished game is still there to count


def test_a_full_disk_gives_a_line_and_keeps_the_last_good_save(tmp_path: Path) -> None:
    session, _ = Session.open(tmp_path, seed=5)
    session.game.play((0, 0))
    session.save()
    with no_room_to_grow(tmp_path):
        session.game.play(session.game.legal_moves()[0])
        note = session.save()
    assert note is not None and note.startswith("Could not save the game: the disk")
    assert on_disk(tmp_path).placed_count == 1
    assert session.save() is None and on_disk(tmp_path).placed_count == 2


def test_damaged_old_statistics_are_reported_in_one_line(tmp_path: Path) -> None:
    (tmp_path / "stats.json").write_text("[1, 2")
    session, opening = Session.open(tmp_path)
    stats, message = session.stats()
    assert stats.played == 0 and message is None
    assert opening.message is not None
    (aside,) = tmp_path.glob("stats.json.*.corrupt")
    assert opening.message.startswith("Your old statistics file could not be used (not valid JSON")
    assert opening.message.endswith(f"; it was moved to {aside}.")


def test_counts_says_whether_the_result_will_count(tmp_path: Path) -> None:
    count(tmp_path, Result(9, Ending.STOCK_EMPTY))
    assert not Session.open(tmp_path, seed=9)[0].counts
    assert Session.open(tmp_path, seed=10)[0].counts


@pytest.mark.parametrize(
    ("seed", "daily", "complaint"),
    [(-1, False, "deal number must be"), (2**64, False, "deal number must be"), (3, True, "not both")],
)
def test_impossible_requests_are_refused_before_anything_changes(
    tmp_path: Path, seed: int, daily: bool, complaint: str
) -> None:
    with pytest.raises(ValueError, match=complaint):
        Session.open(tmp_path, seed=seed, daily=daily)
    assert not tmp_path.joinpath(DB_FILE).exists()
    session, _ = Session.open(tmp_path, seed=3)
    session.game.play((0, 0))
    with pytest.raises(ValueError, match=complaint):
        session.new_game(seed=seed, daily=daily)
    assert session.game.seed == 3 and results(tmp_path) == []


def test_a_session_on_an_unnumbered_game_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="numbered deals"):
        Session(tmp_path, Game(Game.deal(1).stock))


def test_a_file_in_place_of_the_data_folder_gives_lines_not_errors(tmp_path: Path) -> None:
    folder = tmp_path / "home"
    folder.write_text("not a folder")
    session, opening = Session.open(folder)
    assert opening.message == f"Cannot keep games in {folder}: it is a file, not a folder; this game will not be saved."
    session.game.play((0, 0))
    assert session.save() is None
    deal = session.game.seed
    note = session.new_game()
    assert note == f"Could not count deal {deal} in the statistics: games cannot be kept in {folder}."
    assert session.stats()[1] == f"Could not read the statistics: games cannot be kept in {folder}."
    assert folder.read_text() == "not a folder"


def test_a_data_folder_under_a_file_says_it_cannot_be_made_and_why(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file")
    session, opening = Session.open(blocker / "sub")
    assert opening.message == (
        f"Cannot keep games in {blocker / 'sub'}: the data folder cannot be made: {blocker} is a file, not a folder; "
        "this game will not be saved."
    )
    assert "game.json" not in opening.message and blocker.read_text() == "a file"
    session.game.play((0, 0))
    assert session.save() is None
