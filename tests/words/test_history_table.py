"""``foursquare history`` in a terminal: the full table where it fits, else the game screen's fewer words."""

from __future__ import annotations

import random
from pathlib import Path

from helpers import open_in, play_out

from foursquare.engine import Game
from foursquare.storage.formats import FinishedGame, utc_now
from foursquare.storage.helped import Help
from foursquare.storage.store import Store
from foursquare.words.history import streamed, table


def test_a_terminal_too_narrow_for_the_full_table_gets_it_in_fewer_words(tmp_path: Path) -> None:
    with Store.open(tmp_path)[0] as store:
        for deal in (7, 8):
            game = Game.deal(deal)
            rng = random.Random(deal)
            while not game.is_over:
                game.play(rng.choice(game.legal_moves()))
            store.record(FinishedGame.of(game, daily=None, started=None, ended=utc_now(), counted=deal == 7))
        span = store.history_span(None)

        def lines(width: int | None) -> list[str]:
            return list(streamed(store.each_game(newest_first=True, records=False), span, width))

        full = lines(None)
        assert full[0].split() == ["id", "ended", "(UTC)", "deal", "result", "score", "placed", "help"]
        assert "too many cards face down, not counted" in full[1]
        assert max(map(len, full)) > 80
        assert lines(200) == full  # a terminal wide enough: the same as into a file
        narrow = lines(80)
        assert max(map(len, narrow)) <= 80
        assert narrow[0].split() == ["id", "ended", "(UTC)", "deal", "score", "placed", "help", "result"]
        assert narrow[1].endswith("lost: 5+ down, not counted") and narrow[2].endswith("lost: 5+ down")
        narrower = lines(60)
        assert narrower[0].split()[1:3] == ["ended", "deal"]  # the time of day left out
        assert max(map(len, narrower)) < max(map(len, narrow))
        narrowest = lines(52)  # no form fits: the result runs on under itself, broken between words
        assert max(map(len, narrowest)) <= 52
        column = narrowest[0].index("result")
        results = [line[column:] for line in narrowest[1:]]
        assert " ".join(results).split() == ["lost:", "5+", "down,", "not", "counted", "lost:", "5+", "down"]
        assert all(line[:column].strip() == "" for line in narrowest[1:] if line[column:].strip() == "down")
        for width in range(44, 60):  # where the other columns leave the result too little room: lines of its own
            lines_at = lines(width)
            assert max(map(len, lines_at)) <= width, width
            words = " ".join(lines_at).split()
            assert all(word in words for word in ("result", "placed", "lost:", "5+", "down,", "not", "counted", "down"))
        under = lines(50)
        assert under[0].split() == ["id", "ended", "deal", "score", "placed", "help"] and under[1] == "    result"
        assert under[3] == "    lost: 5+ down, not counted" and under[5] == "    lost: 5+ down"


def test_in_fewer_words_a_game_not_counted_is_a_replay_only_where_its_deal_was_played_before() -> None:
    """A reset or a game played on after an undo past its end does not count either: it is no replay."""
    game = play_out(Game.deal(7))
    kept = [
        FinishedGame.of(game, daily=None, started=None, ended=utc_now(), counted=False, help=help)
        for help in (Help(played_before=True), Help(), None)
    ]
    short = [line.rstrip() for line in table(kept, 200)[1:]]
    assert [line.endswith(", replay") for line in short] == [True, False, False]
    assert all(line.endswith(", not counted") for line in short[1:])
    full = table(kept)[1:]
    assert all(", not counted" in line and "replay" not in line for line in full)  # in full, not counted alike


def test_plain_modes_list_is_in_full_where_it_fits_else_in_a_pages_fewer_words(tmp_path: Path) -> None:
    """``g`` in plain mode: a terminal would wrap a line wider than it in the middle of the columns."""
    from foursquare.plain.play import Plain
    from foursquare.words.cards import Spelling

    game = play_out(Game.deal(832915770915))  # a long deal number: the full table is over 80 columns wide
    finished = FinishedGame.of(game, daily=None, started=None, ended=utc_now(), help=Help(), counted=True)
    with Store.open(tmp_path)[0] as store:
        store.record(finished)
        kept = list(store.each_game(newest_first=True, records=False))
    full = table(kept)
    assert len(full[1]) > 80 and full[1].endswith("on your own")
    for width, expected in ((len(full[1]), full), (80, table(kept, 80))):
        said: list[str] = []
        session, opening = open_in(tmp_path)
        plain = Plain(session, Spelling(ascii=True), said.append, width=width)
        plain.begin(opening)
        plain.handle("g")
        heading = next(n for n, line in enumerate(said) if line.split()[:2] == ["id", "ended"])
        listed = said[heading : heading + 2]
        assert listed == expected
        assert max(map(len, listed)) <= width
