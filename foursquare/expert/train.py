"""Train the learned horizon by self-play: ``python -m foursquare.expert.train``.

Temporal-difference learning on afterstates, as Szubert and Jaśkowski
trained n-tuple networks for 2048.  The player places each card where the
network (:mod:`foursquare.expert.learned`) values the afterstate most, one
placement ahead and no search; a won or lost table counts at its exact
value.  After each placement the afterstate before is moved towards the one
chosen now, TD(0): ``w += alpha / n · (V(next) - V(before))`` for each of its
``n`` weights, the value and the chance of winning alike (a win is worth
:data:`~foursquare.expert.evaluation.WIN_BONUS` plus its score, a loss 0).
The summary's weights start at the fitted horizon's values (or at the
weights of ``--start``), so the first games are played as the fitted
horizon would play them at one placement ahead.

A run is one or more phases (``--phase FIRST:GAMES:RATE``): deals FIRST on,
in order, each once, the rate falling linearly from RATE to a tenth of it,
or with ``:coherent`` after it staying at RATE while each weight learns at
its own pace (temporal coherence, :class:`_Network`); each phase starts from the weights as the one before would write them, so
that ``--start`` from a phase's file goes on exactly as one run would.  The
default (:data:`PHASES`) writes the weights that ship: deals 2,000,000 to
2,999,999, a range used for nothing else (the learning rate was chosen on
the first 4,000 of them; the figures of ``help expert`` come from deals 7000
on, never trained or tuned on), 44 minutes on one core of the shared
machine (384 deals a second; it wrote the same bytes again after this
script took phases); its last 20,000 deals won 93.4% of the time one
placement ahead.
A second phase at a tenth of the rate (``--phase 4000000:500000:0.05``)
lifts that to 93.7% and 18.5 cards a deal from 18.1, and two placements
ahead to 20.98 cards a deal from 20.55 on the tuning deals 102000-102299,
but not the expert's own search, which looks three ahead at its best few
(21.41 against 21.55, a difference of -0.14 ± 0.21): it does not ship.
With ``--explore`` above 0 a placement is now and then chosen at random, by
a generator seeded with ``--seed``; the same command writes the same
weights.  numpy adds up the look-ups (``pip install -e '.[train]'``); the
program itself reads the weights without it.  The learning curve is printed
as it goes: for each block of games the wins, the score a deal (a loss 0),
what the network said at each deal's first card and its mean TD error.
"""

from __future__ import annotations

import argparse
import functools
import random
import sys
import time
from array import array
from importlib import resources
from typing import Any, NamedTuple

from foursquare.engine.board import MAX_FACE_DOWN, SQUARE, Board, bits
from foursquare.engine.cards import shuffled_deck
from foursquare.expert.evaluation import WIN_BONUS, horizon_chance, horizon_value
from foursquare.expert.learned import (
    CHANCE_SCALE,
    CODES,
    FEATURES,
    TUPLES,
    VALUE_SCALE,
    DamagedWeights,
    codes,
    pack,
    rare_index,
    read_weights,
    summary_index,
    unpack,
    write_weights,
)

__all__ = ["PHASES", "Phase", "main"]

_RANKS = 10


@functools.cache
def _tuples() -> Any:
    """:data:`~foursquare.expert.learned.TUPLES` as an array."""
    import numpy as np

    return np.array(TUPLES, dtype=np.intp)


def _features(rows: Any) -> Any:
    """:func:`~foursquare.expert.learned.features` of many afterstates at once, from their codes, summary and
    rare-card index (one row each)."""
    import numpy as np

    tuples = _tuples()
    size = CODES
    g = rows[:, :SQUARE]
    found = tuples[:, 0] + ((g[:, tuples[:, 1]] * size + g[:, tuples[:, 2]]) * size + g[:, tuples[:, 3]]) * size
    return np.concatenate((found + g[:, tuples[:, 4]], rows[:, SQUARE:]), axis=1)


def _start() -> tuple[Any, Any]:
    """Both networks before training: the n-tuples at 0, the summary at the fitted horizon."""
    import numpy as np

    value = np.zeros(FEATURES)
    chance = np.zeros(FEATURES)
    for d in range(MAX_FACE_DOWN + 1):
        for f in range(d + 1):
            for n in range(SQUARE + 1):
                for left in range(1, 41):
                    k = summary_index(d, n, f, left)
                    value[k] = horizon_value(d, n, f, left)
                    chance[k] = horizon_chance(d, n, f, left)
    return value, chance


class _Network:
    """One network's weights in training and, in a coherent phase, what sets each weight's own rate.

    Temporal coherence (Beal and Smith; Jaśkowski's 2048 program learns
    by it): a weight moves by the phase's rate times ``|Σ e| / Σ |e|`` of
    the errors ``e`` it has been moved by so far (1 before any), so that a
    weight whose errors agree keeps learning fast and one whose errors
    cancel out settles, each at its own pace, with no schedule to choose.
    """

    def __init__(self, weights: Any, coherent: bool) -> None:
        import numpy as np

        self.weights = weights
        self.sums: Any = np.zeros(len(weights)) if coherent else None
        self.sizes: Any = np.zeros(len(weights)) if coherent else None

    def learn(self, found: Any, target: float, step: float) -> float:
        """Move the value of ``found`` (its weights' indices) towards ``target``, ``step`` per weight; the error."""
        import numpy as np

        error = target - float(self.weights[found].sum())
        if self.sums is None:
            np.add.at(self.weights, found, step * error)
        else:
            sizes = self.sizes[found]
            own = np.where(sizes > 0, np.abs(self.sums[found]) / np.where(sizes > 0, sizes, 1), 1.0)
            np.add.at(self.weights, found, step * own * error)
            np.add.at(self.sums, found, error)
            np.add.at(self.sizes, found, abs(error))
        return error


def _play(
    deal: int, value_net: _Network, chance_net: _Network, rate: float, explore: float, rng: random.Random
) -> tuple[int, float, float]:
    """Play ``deal`` once by the networks and learn from it: its score (-1 lost), the first value said, |TD error|."""
    import numpy as np

    value, chance = value_net.weights, chance_net.weights
    ranks = [card.rank for card in shuffled_deck(deal)]
    counts = [0] + [len(ranks) // _RANKS] * _RANKS
    board = Board()
    before: Any = None  # the features of the afterstate chosen last
    first = 0.0
    errors = 0.0
    steps = 0
    score = -1
    for t, rank in enumerate(ranks):
        counts[rank] -= 1
        left = len(ranks) - 1 - t
        live: list[list[int]] = []
        live_cells: list[int] = []
        finals: list[tuple[int, float]] = []  # (cell, exact value) of tables that end the game
        for i in bits(board.legal()):
            undo = board.place(i, rank)
            down = board.down.bit_count()
            if down > MAX_FACE_DOWN:
                finals.append((i, 0.0))
            elif down == 0 and board.occ.bit_count() == SQUARE:
                finals.append((i, WIN_BONUS + left))
            elif left == 0:
                finals.append((i, 0.0))
            else:
                down = board.down
                live.append(
                    [
                        *codes(board),
                        summary_index(down.bit_count(), board.occ.bit_count(), (down & board.full).bit_count(), left),
                        rare_index(counts, left),
                    ]
                )
                live_cells.append(i)
            board.unplace(undo)
        found = _features(np.array(live, dtype=np.intp).reshape(len(live), SQUARE + 2))
        values = value[found].sum(axis=1)
        choices = [(v, i, k) for k, (i, v) in enumerate(zip(live_cells, values.tolist(), strict=True))]
        choices += [(v, i, -1) for i, v in finals]
        if explore and rng.random() < explore:
            v, i, k = rng.choice(choices)
        else:
            v, i, k = max(choices, key=lambda c: (c[0], -c[1]))  # ties: the first cell in reading order
        if k >= 0:
            target_v = v
            target_c = float(chance[found[k]].sum())
        else:
            target_v = v
            target_c = 1.0 if v > 0 else 0.0
        if before is not None:
            step = rate / len(before)
            error = value_net.learn(before, target_v, step)
            chance_net.learn(before, target_c, step)
            errors += abs(error)
            steps += 1
        else:
            first = target_v
        board.place(i, rank)
        if k < 0:
            score = left if v > 0 else -1
            break
        before = found[k]
    return score, first, errors / max(steps, 1)


class Phase(NamedTuple):
    """One run of deals in order, each once: the learning rate falls linearly from ``rate`` to a tenth of it, or
    in a ``coherent`` phase stays at ``rate`` and each weight learns at its own pace (:class:`_Network`)."""

    first: int
    games: int
    rate: float
    coherent: bool = False

    def __str__(self) -> str:
        return f"{self.first}:{self.games}:{self.rate}" + (f":{_COHERENT}" if self.coherent else "")

    def rate_at(self, n: int) -> float:
        """The rate for the ``n``-th deal of the phase, from 0."""
        return self.rate if self.coherent else self.rate * (1.0 - 0.9 * n / self.games)


_COHERENT = "coherent"


PHASES = (Phase(2_000_000, 1_000_000, 0.5),)
"""The phases that write the weights that ship: a million deals, the rate falling from 0.5 to 0.05."""


def _phase(text: str) -> Phase:
    """A phase from ``FIRST:GAMES:RATE``, then ``:coherent`` for a coherent one."""
    parts = text.split(":")
    coherent = parts[-1] == _COHERENT
    try:
        first, games, rate = parts[:-1] if coherent else parts
        return Phase(int(first), int(games), float(rate), coherent)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"FIRST:GAMES:RATE or FIRST:GAMES:RATE:{_COHERENT} (deal, deals, rate), not {text!r}"
        ) from None


def _rounded(value: Any, chance: Any) -> tuple[Any, Any]:
    """Both networks as :func:`_written` would write them, read back: where a phase after the first starts."""
    import numpy as np

    return np.rint(value * VALUE_SCALE) / VALUE_SCALE, np.rint(chance * CHANCE_SCALE) / CHANCE_SCALE


def _written(value: Any, chance: Any) -> array[int]:
    """Both networks rounded to the whole-number weights of the file, packed."""
    import numpy as np

    return pack(
        np.rint(value * VALUE_SCALE).astype(np.int64).tolist(),
        np.rint(chance * CHANCE_SCALE).astype(np.int64).tolist(),
    )


def _report(block: list[tuple[int, float, float]], games: int, start: float) -> None:
    """One line of the learning curve, for the games of ``block``."""
    won = sum(s >= 0 for s, _, _ in block)
    score = sum(max(s, 0) for s, _, _ in block) / len(block)
    said = sum(f for _, f, _ in block) / len(block)
    error = sum(e for _, _, e in block) / len(block)
    speed = games / (time.perf_counter() - start)
    print(f"{games:>8} {won / len(block):>6.1%} {score:>6.2f} {said:>6.2f} {error:>8.3f} {speed:>8.1f}", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m foursquare.expert.train", description=__doc__.split("\n")[0])
    parser.add_argument(
        "--phase",
        type=_phase,
        action="append",
        metavar="FIRST:GAMES:RATE",
        help="deals FIRST on, GAMES of them, the rate falling from RATE; again for each phase (default: "
        + " then ".join(map(str, PHASES))
        + ")",
    )
    parser.add_argument("--start", help="begin from the weights in this file rather than from the fitted horizon")
    parser.add_argument("--explore", type=float, default=0.0, help="the share of random placements (default: 0)")
    parser.add_argument("--seed", type=int, default=41, help="seeds the random placements (default: 41)")
    parser.add_argument("--every", type=int, default=1000, help="games per line of the learning curve")
    parser.add_argument("--out", help="where to write the weights (default: the package's learned.bin)")
    args = parser.parse_args(argv)
    try:
        import numpy as np
    except ImportError:
        print("training needs numpy: pip install -e '.[train]'", file=sys.stderr)
        return 1
    out = args.out or str(resources.files("foursquare.expert").joinpath("learned.bin"))
    rng = random.Random(args.seed)
    if args.start:
        try:
            with open(args.start, "rb") as f:
                whole_value, whole_chance = unpack(read_weights(f.read()))
        except (OSError, DamagedWeights) as error:
            print(f"cannot start from {args.start}: {error!r}", file=sys.stderr)
            return 1
        value, chance = np.array(whole_value) / VALUE_SCALE, np.array(whole_chance) / CHANCE_SCALE
    else:
        value, chance = _start()
    start = time.perf_counter()
    for k, phase in enumerate(args.phase or PHASES):
        if k:  # from the weights as the phase before would write them, so that --start from its file goes on exactly
            value, chance = _rounded(value, chance)
        print(
            f"# deals {phase.first}-{phase.first + phase.games - 1}, rate {phase.rate}"
            + (" (coherent)" if phase.coherent else "")
            + f", explore {args.explore},"
            f" seed {args.seed}"
        )
        print(f"{'games':>8} {'won':>6} {'score':>6} {'said':>6} {'|error|':>8} {'games/s':>8}")
        begun = time.perf_counter()
        block: list[tuple[int, float, float]] = []
        value_net, chance_net = _Network(value, phase.coherent), _Network(chance, phase.coherent)
        for n in range(phase.games):
            block.append(_play(phase.first + n, value_net, chance_net, phase.rate_at(n), args.explore, rng))
            if len(block) == args.every or n + 1 == phase.games:
                _report(block, n + 1, begun)
                block = []
    write_weights(out, _written(value, chance))
    print(f"# wrote {out} in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
