"""``foursquare simulate``: play many deals without a screen and report how a strategy fares.

Deals S, S+1, … are played by one strategy (see :mod:`foursquare.expert.strategies`),
spread over processes with ``--jobs``.  The report gives the win rate with a
95% Wilson interval, the winning scores and the expected score, the losses
by reason, how honest the expert's chances and expected scores were
(calibration tables) and the time per placement; ``--json`` prints the same as one JSON object for
scripts, and ``--detail`` adds every deal's placements.
"""

from __future__ import annotations

import argparse
import contextlib
import itertools
import json
import math
import multiprocessing
import os
import statistics
import sys
import time
from collections import Counter
from collections.abc import Iterator
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any, NamedTuple

from foursquare.commands.arguments import add_nodes, deal_number, parser_for, whole
from foursquare.engine import LAST_DEAL, Cell, Game, LossReason, Status, cell_name
from foursquare.expert.advice import DEFAULT_NODES, Position
from foursquare.expert.calibration import brier_score, buckets, score_buckets
from foursquare.expert.strategies import STRATEGIES, make_chooser
from foursquare.expert.workers import children_deaf_to_ctrl_c, quietly
from foursquare.session.errors import INTERRUPTED
from foursquare.words.commands import NUMBERS, OPTIONS
from foursquare.words.simulate import SimulateSaid, progress, report
from foursquare.words.simulate import interrupted as interrupted_line

__all__ = [
    "TIMING_FIELDS",
    "DealResult",
    "WorkerEnded",
    "calibration",
    "main",
    "play_deal",
    "score_calibration",
    "summarise",
    "wilson_interval",
]


class DealResult(NamedTuple):
    """How one deal went: the outcome, the placements with the chance the player gave each, and their times."""

    seed: int
    won: bool
    score: int | None
    loss: str | None
    think: tuple[float, ...]
    placements: tuple[Cell, ...] = ()
    chances: tuple[float | None, ...] = ()
    """The chance of winning the player said it had at each placement (None: it says none)."""
    expected: tuple[float | None, ...] = ()
    """The expected score (a loss scoring 0) the player said at each placement (None: it says none)."""
    cpu: tuple[float, ...] = ()
    """The processor time of each choice: unlike :attr:`think`, not stretched by other work on the machine."""

    @property
    def final_score(self) -> int:
        """The score of the game, a loss scoring 0."""
        return self.score if self.won and self.score is not None else 0


def play_deal(strategy: str, seed: int, nodes: int = DEFAULT_NODES) -> DealResult:
    """Play deal ``seed`` to the end with ``strategy``; the strategy sees only positions.

    The expert's work is bounded by a node count, never by the clock, so the
    same deal is played the same way on any machine, busy or idle.
    """
    game = Game.deal(seed)
    choose = make_chooser(strategy, seed, nodes=nodes)
    think = []
    cpu = []
    chances = []
    expected = []
    while not game.is_over:
        position = Position.of(game)
        start, start_cpu = time.perf_counter(), time.process_time()
        choice = choose(position)
        think.append(time.perf_counter() - start)
        cpu.append(time.process_time() - start_cpu)
        chances.append(choice.chance)
        expected.append(choice.expected)
        game.play(choice.cell)
    loss = game.loss_reason.value if game.loss_reason else None
    won = game.status is Status.WON
    return DealResult(
        seed, won, game.score, loss, tuple(think), tuple(game.placements), tuple(chances), tuple(expected), tuple(cpu)
    )


def wilson_interval(wins: int, games: int, z: float = 1.959964) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate: sound even near 0% and 100%."""
    if games <= 0:
        return 0.0, 1.0
    p = wins / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    lo = 0.0 if wins == 0 else max(0.0, centre - half)
    hi = 1.0 if wins == games else min(1.0, centre + half)
    return lo, hi


def calibration(results: list[DealResult]) -> dict[str, Any] | None:
    """How honest the chances were: Brier score and buckets over every placement that came with a chance."""
    pairs = [(chance, r.won) for r in results for chance in r.chances if chance is not None]
    if not pairs:
        return None
    return {"brier": brier_score(pairs), "buckets": buckets(pairs)}


def score_calibration(results: list[DealResult]) -> dict[str, Any] | None:
    """How honest the expected scores were: at each deal's first placement, and by buckets over every placement.

    ``first_placement`` sets the mean score said at the first card beside
    the mean score reached (a loss scoring 0); each bucket of score said
    gives its placements, their mean said and the mean score their games
    reached.
    """
    pairs = [(said, r.final_score) for r in results for said in r.expected if said is not None]
    firsts = [(r.expected[0], r.final_score) for r in results if r.expected and r.expected[0] is not None]
    if not pairs or not firsts:
        return None
    return {
        "first_placement": {
            "said": statistics.fmean(said for said, _ in firsts),
            "reached": statistics.fmean(score for _, score in firsts),
        },
        "buckets": score_buckets(pairs),
    }


def _detail(result: DealResult) -> dict[str, Any]:
    return {
        "deal": result.seed,
        "result": "won" if result.won else "lost",
        "score": result.score if result.won else 0,
        "placements": [cell_name(cell) for cell in result.placements],
        "first_chance": result.chances[0] if result.chances else None,
        "first_expected": result.expected[0] if result.expected else None,
    }


TIMING_FIELDS = ("seconds_per_placement", "cpu_seconds_per_placement", "seconds", "games_per_second")
"""The report's fields that depend on the machine and its load: everything else is the same on every run."""


def summarise(
    strategy: str,
    first: int,
    results: list[DealResult],
    seconds: float,
    jobs: int,
    *,
    nodes: int = DEFAULT_NODES,
    detail: bool = False,
) -> dict[str, Any]:
    """The report as a JSON-ready dict; ``detail`` adds every deal's placements.

    Apart from :data:`TIMING_FIELDS` (and ``jobs``, as asked) two runs on
    the same deals give the same report.
    """
    games = len(results)
    wins = sum(r.won for r in results)
    scores = sorted(r.score for r in results if r.won and r.score is not None)
    think = sorted(t for r in results for t in r.think)
    cpu = sorted(t for r in results for t in r.cpu)
    lo, hi = wilson_interval(wins, games)
    losses = Counter(r.loss for r in results if not r.won)
    return {
        "strategy": strategy,
        "nodes": nodes if strategy == "expert" else None,
        "first_deal": first,
        "last_deal": max((r.seed for r in results), default=first - 1),
        "games": games,
        "wins": wins,
        "win_rate": wins / games if games else 0.0,
        "win_rate_ci95": [lo, hi],
        "losses": {reason.value: losses[reason.value] for reason in LossReason},
        "winning_scores": {str(score): n for score, n in sorted(Counter(scores).items())},
        "average_winning_score": statistics.fmean(scores) if scores else None,
        "expected_score": sum(scores) / games if games else 0.0,
        "mean_first_chance": _first_chances(results),
        "calibration": calibration(results),
        "mean_first_expected": _first_expected(results),
        "score_calibration": score_calibration(results),
        "placements": len(think),
        "seconds_per_placement": _spread(think),
        "cpu_seconds_per_placement": _spread(cpu),
        "seconds": seconds,
        "games_per_second": games / seconds if seconds > 0 else None,
        "jobs": jobs,
    } | ({"deals": [_detail(r) for r in results]} if detail else {})


def _spread(times: list[float]) -> dict[str, float]:
    """The mean, median and worst of ``times`` (sorted), 0 for none."""
    return {
        "mean": statistics.fmean(times) if times else 0.0,
        "median": statistics.median(times) if times else 0.0,
        "worst": times[-1] if times else 0.0,
    }


def _first_chances(results: list[DealResult]) -> float | None:
    """The mean chance the player gave at each deal's first placement: to set beside the win rate."""
    firsts = [r.chances[0] for r in results if r.chances and r.chances[0] is not None]
    return statistics.fmean(firsts) if firsts else None


def _first_expected(results: list[DealResult]) -> float | None:
    """The mean expected score the player said at each deal's first placement: to set beside the expected score."""
    firsts = [r.expected[0] for r in results if r.expected and r.expected[0] is not None]
    return statistics.fmean(firsts) if firsts else None


@quietly
def _deals(conn: Connection, strategy: str, nodes: int) -> None:
    """In a worker process: play the deals whose seeds come down ``conn`` and send each result back, until the
    parent closes it."""
    for seed in iter(conn.recv, None):
        conn.send(play_deal(strategy, seed, nodes))


class WorkerEnded(Exception):
    """A worker process ended before its deals were played (killed, or out of memory): the report would be
    short of them, so there is none."""


def _run(strategy: str, first: int, games: int, jobs: int, nodes: int) -> Iterator[DealResult]:
    """Results as they come, handing deals out as it goes: memory stays the same for any number of games.

    The workers are spawned, never forked (this process may have threads),
    and each talks to it down a pipe of its own: no pool, whose queues' named
    semaphores a process killed with SIGKILL would leave for the resource
    tracker to report on the terminal.  :class:`WorkerEnded` when a worker dies before its deals are played.
    """
    seeds = iter(range(first, first + games))
    if jobs == 1:
        for seed in seeds:
            yield play_deal(strategy, seed, nodes)
        return
    context = multiprocessing.get_context("spawn")
    workers: list[tuple[BaseProcess, Connection]] = []
    with children_deaf_to_ctrl_c():
        for _ in range(jobs):
            mine, theirs = context.Pipe()
            worker = context.Process(target=_deals, args=(theirs, strategy, nodes), name="foursquare-simulate")
            worker.daemon = True
            worker.start()
            theirs.close()
            workers.append((worker, mine))
    in_hand = {conn: 0 for _, conn in workers}
    try:
        for conn in in_hand:
            for seed in itertools.islice(seeds, 2):  # a few in hand per process, never the whole list
                _hand(conn, seed)
                in_hand[conn] += 1
        while busy := [conn for conn, count in in_hand.items() if count]:
            answered = wait(busy)
            for ready in [conn for conn in busy if conn in answered]:  # pipes on Windows are no Connection class
                try:
                    result = ready.recv()
                except (EOFError, ConnectionError):  # the pipe's end closed (or reset) with its process
                    raise WorkerEnded from None
                in_hand[ready] -= 1
                for seed in itertools.islice(seeds, 1):
                    _hand(ready, seed)
                    in_hand[ready] += 1
                yield result
    finally:
        for _, conn in workers:
            with contextlib.suppress(OSError):
                conn.send(None)  # done: the worker ends once its deal in hand is played (or is ended below)
            conn.close()
        for process, _ in workers:
            process.join(0.5)
            if process.is_alive():
                process.terminate()
                process.join(5)


def _hand(conn: Connection, seed: int) -> None:
    """Send a worker a deal to play: :class:`WorkerEnded` if it is no longer there to take it."""
    try:
        conn.send(seed)
    except ConnectionError:  # a broken pipe, or one reset by a process that died
        raise WorkerEnded from None


def useful_jobs(asked: int, games: int, cores: int | None) -> int:
    """Processes worth starting: no more than there are games or cores."""
    return max(1, min(asked, games, cores or 1))


def _parser() -> argparse.ArgumentParser:
    parser = parser_for("simulate")
    said = OPTIONS["simulate"]
    parser.add_argument("--games", type=whole(NUMBERS["games"]), required=True, metavar="N", help=said["--games"])
    parser.add_argument("--strategy", choices=STRATEGIES, default="expert", help=said["--strategy"])
    parser.add_argument("--seed", type=deal_number, default=0, metavar="S", help=said["--seed"])
    parser.add_argument("--jobs", type=whole(NUMBERS["jobs"]), default=1, metavar="J", help=said["--jobs"])
    add_nodes(parser, DEFAULT_NODES, said["--nodes"])
    parser.add_argument("--json", action="store_true", help=said["--json"])
    parser.add_argument("--detail", action="store_true", help=said["--detail"])
    return parser


def main(argv: list[str]) -> int:
    """Run ``foursquare simulate``; returns the exit status (2 for bad arguments)."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:
        return exc.code if isinstance(exc.code, int) else 2
    refused = None
    if args.seed + args.games - 1 > LAST_DEAL:
        refused = SimulateSaid.PAST_LAST_DEAL.say(last=LAST_DEAL)
    elif args.detail and not args.json:
        refused = SimulateSaid.DETAIL_ALONE.say()
    if refused is not None:
        print(f"foursquare simulate: {refused}", file=sys.stderr)
        return 2
    err = sys.stderr
    show_progress = err.isatty()
    jobs = useful_jobs(args.jobs, args.games, os.cpu_count())
    started = time.perf_counter()
    results: list[DealResult] = []
    wins = 0
    interrupted = ended = False
    try:
        for result in _run(args.strategy, args.seed, args.games, jobs, args.nodes):
            results.append(result)
            wins += result.won
            if show_progress:
                done = len(results)
                left = (time.perf_counter() - started) / done * (args.games - done)
                err.write(f"\r{progress(done, args.games, wins, left)} ")
                err.flush()
    except KeyboardInterrupt:
        interrupted = True
    except WorkerEnded:
        ended = True
    if show_progress:
        err.write("\r" + " " * 79 + "\r")
    if ended:
        print(f"foursquare simulate: {SimulateSaid.WORKER_ENDED.say()}", file=err)
        return 1
    if interrupted:
        print(f"foursquare simulate: {interrupted_line(len(results))}", file=err)
        if not results:
            return INTERRUPTED
    results.sort(key=lambda r: r.seed)
    summary = summarise(
        args.strategy,
        results[0].seed if interrupted else args.seed,
        results,
        time.perf_counter() - started,
        jobs,
        nodes=args.nodes,
        detail=args.detail,
    )
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print("\n".join(report(summary)))
    return INTERRUPTED if interrupted else 0
