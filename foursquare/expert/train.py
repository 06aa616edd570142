"""Train the learned horizon by self-play: ``python -m foursquare.expert.train``.

Temporal-difference learning on afterstates, as Szubert and Jaśkowski
trained n-tuple networks for 2048.  The player places each card where the
network (:mod:`foursquare.expert.learned`) values the afterstate most, one
placement ahead and no search; a won or lost table counts at its exact
value.  After each placement the afterstate before is moved towards the one
chosen now, TD(0): ``w += alpha / n · (V(next) - V(before))`` for each of its
``n`` weights, the value and the chance of winning alike (a win is worth
:data:`~foursquare.expert.evaluation.WIN_BONUS` plus its score, a loss 0).
The rate falls linearly from ``--rate`` to a tenth of it over the run.  The
summary's weights start at the fitted horizon's values, so the first games
are played as the fitted horizon would play them at one placement ahead.

Deals ``--first`` on are played in order, each once (2,000,000 to 2,999,999
by default: a range used for nothing else; the learning rate was chosen on
the first 4,000 of them, and the figures of ``help expert`` come from deals
7000 on, never trained or tuned on).  The default run writes the weights
that ship: 68 minutes on a shared two-core machine (about 240 deals a
second), its last 20,000 deals won 93.4% of the time one placement ahead.  With
``--explore`` above 0 a placement is now and then chosen at random, by a
generator seeded with ``--seed``; the same command writes the same weights.
numpy adds up the look-ups (``pip install -e '.[train]'``); the program itself
reads the weights without it.  The learning curve is printed as it goes:
for each block of games the wins, the score a deal (a loss 0), what the
network said at each deal's first card and its mean TD error.
"""

from __future__ import annotations

import argparse
import functools
import random
import sys
import time
from importlib import resources
from typing import Any

from foursquare.engine.board import MAX_FACE_DOWN, SQUARE, Board, bits
from foursquare.engine.cards import shuffled_deck
from foursquare.expert.evaluation import WIN_BONUS, horizon_chance, horizon_value
from foursquare.expert.learned import (
    CHANCE_SCALE,
    CODES,
    FEATURES,
    TUPLES,
    VALUE_SCALE,
    codes,
    pack,
    rare_index,
    summary_index,
    write_weights,
)

__all__ = ["main"]

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


def _play(
    deal: int, value: Any, chance: Any, rate: float, explore: float, rng: random.Random
) -> tuple[int, float, float]:
    """Play ``deal`` once by the networks and learn from it: its score (-1 lost), the first value said, |TD error|."""
    import numpy as np

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
            error = target_v - float(value[before].sum())
            np.add.at(value, before, step * error)
            np.add.at(chance, before, step * (target_c - float(chance[before].sum())))
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


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m foursquare.expert.train", description=__doc__.split("\n")[0])
    parser.add_argument("--first", type=int, default=2_000_000, help="the first deal to play (default: 2000000)")
    parser.add_argument("--games", type=int, default=1_000_000, help="how many deals (default: 1000000)")
    parser.add_argument("--rate", type=float, default=0.5, help="the learning rate at the start (default: 0.5)")
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
    value, chance = _start()
    last = args.first + args.games - 1
    print(f"# deals {args.first}-{last}, rate {args.rate}, explore {args.explore}, seed {args.seed}")
    print(f"{'games':>8} {'won':>6} {'score':>6} {'said':>6} {'|error|':>8} {'games/s':>8}")
    start = time.perf_counter()
    block: list[tuple[int, float, float]] = []
    for n in range(args.games):
        rate = args.rate * (1.0 - 0.9 * n / args.games)
        block.append(_play(args.first + n, value, chance, rate, args.explore, rng))
        if len(block) == args.every or n + 1 == args.games:
            won = sum(s >= 0 for s, _, _ in block)
            score = sum(max(s, 0) for s, _, _ in block) / len(block)
            said = sum(f for _, f, _ in block) / len(block)
            error = sum(e for _, _, e in block) / len(block)
            speed = (n + 1) / (time.perf_counter() - start)
            print(
                f"{n + 1:>8} {won / len(block):>6.1%} {score:>6.2f} {said:>6.2f} {error:>8.3f} {speed:>8.1f}",
                flush=True,
            )
            block = []
    write_weights(
        out,
        pack(
            np.rint(value * VALUE_SCALE).astype(np.int64).tolist(),
            np.rint(chance * CHANCE_SCALE).astype(np.int64).tolist(),
        ),
    )
    print(f"# wrote {out} in {time.perf_counter() - start:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
