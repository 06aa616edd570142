"""Database speed with a long history: start-up, recording a game, statistics, saving, importing.

Run ``python -m tests.benchmarks.storage`` (``--games`` to change the size of
the history, 1,000,000 by default).  A benchmark, not a test: it prints
figures to compare with the targets and before and after a change.

* The history is built once in a temporary data folder: ``--games`` finished
  games, every one counted, with wins, losses and abandons in the proportions
  of a middling player, and of them a tenth from before help was recorded, a
  third with help and the rest played on your own; their records are those
  of 1,000 real games (played through the rules), the deal numbers made
  distinct.  The building is not timed.
* start-up: ``foursquare --seed 1`` in an 80×24 pseudo-terminal until its
  first full frame, on that folder and on an empty one (the difference is the
  history's cost);
* recording a finished game, and saving a placement (fsync included), as
  the game does them, with that history in the database; and the disk's own
  time to sync a small write, the floor under both;
* ``foursquare stats --json``, the real command, start to finish;
* ``foursquare import FILE`` of each of ``--import-games`` games (10,000,
  50,000 and 200,000 by default) into an empty folder: every line replayed
  through the rules and checked against the history for a copy; the time a
  line says whether the time grows linearly.  ``--import-only`` times only
  this.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import sqlite3
import statistics
import subprocess
import sys
import tempfile
import time
from datetime import datetime, timedelta, timezone
from pathlib import Path

from foursquare.engine import Game
from foursquare.storage.formats import FinishedGame, utc_now
from foursquare.storage.schema import DB_FILE
from foursquare.storage.store import Store
from tests.benchmarks.ui import first_frame

TEMPLATES = 1000
"""Real games whose records fill the history."""
FIRST_DAY = datetime(2025, 1, 1, tzinfo=timezone.utc)


def real_games(count: int, seed: int = 0) -> list[Game]:
    """``count`` games played to their end with random legal placements, on deals 0, 1, 2, ..."""
    rng = random.Random(seed)
    games = []
    for deal in range(count):
        game = Game.deal(deal)
        while not game.is_over:
            game.play(rng.choice(game.legal_moves()))
        games.append(game)
    return games


def build_history(folder: Path, games: int, templates: list[Game]) -> None:
    """A database in ``folder`` holding ``games`` counted games (written in bulk: not how the game writes)."""
    Store.open(folder)[0].close()
    rng = random.Random(1)
    records = [json.dumps(game.to_record(), separators=(",", ":")) for game in templates]
    rows = []
    for n in range(games):
        roll = rng.random()
        if roll < 0.45:
            result, reason, score, placed = "won", None, rng.randrange(0, 25), 30
        elif roll < 0.9:
            result, reason, score, placed = "lost", rng.choice(["too_many_face_down", "stock_empty"]), None, 25
        else:
            result, reason, score, placed = "abandoned", None, None, 5
        stamp = f"2026-{1 + n * 12 // games:02d}-01T12:00:00Z"
        helped = rng.random()
        help = (None,) * 4 if helped < 0.1 else (rng.randrange(1, 4), 0, 0, 0) if helped < 0.43 else (0, 0, 0, 0)
        record = records[n % len(records)]
        rows.append((str(10**11 + n), stamp, stamp, result, reason, score, placed, record, *help))
    with contextlib.closing(sqlite3.connect(folder / DB_FILE, isolation_level=None)) as db:
        db.execute("BEGIN")
        db.executemany(
            "INSERT INTO games (deal, started, ended, result, loss_reason, score, placed, counted, record,"
            " take_backs, tips, autoplayed, played_before) VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?, ?, ?, ?)",
            rows,
        )
        current, longest = _streaks([row[3] for row in rows])
        alone_current, alone_longest = _streaks([row[3] for row in rows if row[8:] == (0, 0, 0, 0)])
        db.execute(
            "UPDATE streak SET current = ?, longest = ?, alone_current = ?, alone_longest = ?",
            (current, longest, alone_current, alone_longest),
        )
        db.execute("COMMIT")
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")


def _streaks(results: list[str]) -> tuple[int, int]:
    current = longest = 0
    for result in results:
        current = current + 1 if result == "won" else 0
        longest = max(longest, current)
    return current, longest


def recording(folder: Path, runs: int, templates: list[Game]) -> list[float]:
    """Seconds to record one finished game, as the game does at its end."""
    times = []
    with Store.open(folder)[0] as store:
        for n in range(runs):
            game = templates[n % len(templates)]
            finished = FinishedGame.of(game, daily=None, started=utc_now(), ended=utc_now(), counted=True)
            start = time.perf_counter()
            store.record(finished)
            times.append(time.perf_counter() - start)
    return times


def saving(folder: Path, runs: int) -> list[float]:
    """Seconds to save the game in progress after a placement (synced to the disk)."""
    times = []
    with Store.open(folder)[0] as store:
        game = Game.deal(7)
        started = utc_now()
        for _ in range(runs):
            if game.is_over:
                game = Game.deal(game.seed + 1 if game.seed is not None else 7)
            game.play(game.legal_moves()[0])
            start = time.perf_counter()
            store.save_current(game, None, started)
            times.append(time.perf_counter() - start)
    return times


def fsyncs(folder: Path, runs: int) -> list[float]:
    """Seconds to write a hundred bytes and sync them to the disk: the floor under any save."""
    times = []
    fd = os.open(folder / "fsync-probe", os.O_WRONLY | os.O_CREAT)
    try:
        for _ in range(runs):
            start = time.perf_counter()
            os.write(fd, b"x" * 100)
            os.fsync(fd)
            times.append(time.perf_counter() - start)
    finally:
        os.close(fd)
    return times


def command(args: list[str], folder: Path) -> tuple[float, subprocess.CompletedProcess[bytes]]:
    """Seconds the real ``foursquare ARGS`` takes on ``folder``, start to finish, and what it did."""
    env = {"FOURSQUARE_HOME": str(folder), "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"}
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "foursquare", *args], env=env, capture_output=True, check=False)
    elapsed = time.perf_counter() - start
    if done.returncode not in (0,) or done.stderr:  # a line on standard error: a row the history could not read
        raise SystemExit(f"foursquare {' '.join(args)} failed: {done.stderr.decode()[:2000]}")
    return elapsed, done


def import_file(path: Path, games: int, templates: list[Game]) -> None:
    """``games`` lines as ``foursquare export`` writes them: the real games of ``templates`` in turn (so many
    lines share a deal, as replays do), ended at distinct times."""
    with path.open("w", encoding="utf-8") as out:
        for n in range(games):
            game = templates[n % len(templates)]
            ended = FIRST_DAY + timedelta(seconds=n)
            finished = FinishedGame.of(game, daily=None, started=None, ended=ended, counted=True)
            out.write(json.dumps(finished.to_json(), separators=(",", ":")) + "\n")


def summary(name: str, seconds: list[float]) -> str:
    ms = sorted(s * 1000 for s in seconds)
    return f"{name:<44} median {statistics.median(ms):9.3f} ms   worst {ms[-1]:9.3f} ms   ({len(ms)} runs)"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m tests.benchmarks.storage", description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1_000_000, help="finished games in the history (1,000,000)")
    parser.add_argument(
        "--import-games",
        type=lambda text: [int(n) for n in text.split(",")],
        default=[10_000, 50_000, 200_000],
        help="games to import, comma-separated sizes (10000,50000,200000)",
    )
    parser.add_argument("--import-only", action="store_true", help="time only the import")
    parser.add_argument(
        "--import-deals", type=int, default=10, help="how many deals the imported games are on (10: replays)"
    )
    parser.add_argument("--starts", type=int, default=10, help="start-ups to time on each folder (10)")
    args = parser.parse_args(argv)
    print(f"database speed, Python {sys.version.split()[0]}, SQLite {sqlite3.sqlite_version}")
    print(f"load average {' '.join(f'{n:.2f}' for n in os.getloadavg())}")
    templates = real_games(TEMPLATES)
    with tempfile.TemporaryDirectory(prefix="foursquare-bench-") as temp:
        if not args.import_only:
            history(Path(temp), args.games, args.starts, templates)
        print(f"import: the lines are on {args.import_deals} deals, ended at distinct times")
        for games in args.import_games:
            lines, imported = Path(temp, f"games-{games}.jsonl"), Path(temp, f"imported-{games}")
            import_file(lines, games, templates[: args.import_deals])
            elapsed, done = command(["import", str(lines)], imported)
            per_line = elapsed / games * 1e6
            print(f"{'foursquare import of ' + format(games, ',') + ' games':<44} {elapsed:9.1f} s"
                  f"   {per_line:7.0f} µs a line   target: 200,000 in under 60 s")  # fmt: skip
            print(f"  {done.stdout.decode().strip()}   (load average {os.getloadavg()[0]:.2f})")


def history(temp: Path, games: int, starts: int, templates: list[Game]) -> None:
    """Start-up, recording, saving and statistics with a history of ``games`` games."""
    big, empty = temp / "big", temp / "empty"
    empty.mkdir()
    start = time.perf_counter()
    build_history(big, games, templates)
    size = (big / DB_FILE).stat().st_size
    print(f"history: {games:,} games, {size / 1e6:,.0f} MB, built in {time.perf_counter() - start:.1f} s")

    on_empty = first_frame(starts, empty)
    on_big = first_frame(starts, big)
    print(summary("start-up to first frame, empty database", on_empty))
    print(summary(f"start-up to first frame, {games:,} games", on_big))
    slower = (statistics.median(on_big) - statistics.median(on_empty)) * 1000
    print(f"{'start-up: slower with the history by':<44} {slower:9.1f} ms (median)   target: 50 ms at most")
    print(summary("record a finished game", recording(big, 50, templates)) + "   target: under 20 ms")
    print(summary("save a placement (fsync included)", saving(big, 200)) + "   target: under 5 ms median")
    print(summary("  the disk alone: write 100 bytes + fsync", fsyncs(empty, 200)))
    stats_runs = [command(["stats", "--json"], big)[0] for _ in range(5)]
    print(summary("foursquare stats --json (whole command)", stats_runs) + "   target: under 1 s")
    history_runs = [command(["history"], big)[0] for _ in range(2)]
    print(summary("foursquare history (whole command)", history_runs))


if __name__ == "__main__":
    main()
