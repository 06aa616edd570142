"""Look-ahead for the expert: an expectimax over the next cards' ranks.

The search never sees a stock.  It plays on the engine's own
:class:`~foursquare.engine.board.Board` (the table by rank only, since suits
never matter) and the counts of the unseen cards per rank: a chance node
weighs each rank by how many unseen cards have it, so it has at most 10
outcomes however many cards are left.

Most of the time goes one placement from the horizon, where every rank on
every legal cell is judged at once.  By the learned horizon (the default,
:mod:`~foursquare.expert.learned`), :meth:`~foursquare.expert.learned.Learned.sweep`
shares the look-ups a placement leaves alone, and two placements from the
horizon each rank tries only its best :data:`BEAM` cells; where the best two
cells are a close call three placements ahead, both are looked at a placement
deeper, the second card by kindred ranks (:func:`_close_call`).  By the fitted
horizon (:meth:`Lookahead._leaves`), a cell's placement turns over its row,
its column, both or neither, so four look-ups in its table
(:class:`~foursquare.expert.evaluation.Leaves`) serve every rank, and the best
cell for each rank is found by ``max`` over columns rather than a loop in
Python.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import compress
from operator import itemgetter
from typing import NamedTuple

from foursquare.engine.board import COL_MASK_OF, ROW_MASK_OF, SQUARE, Board, bits
from foursquare.expert.evaluation import WIN_BONUS, Leaves, leaves
from foursquare.expert.learned import Learned

__all__ = ["Horizon", "Lookahead", "Outcome", "Replies", "Reply", "Stopped", "Value", "look_ahead"]

Horizon = Leaves | Learned
"""What judges the tables the search does not see past: the fitted horizon's table or the learned one."""

Value = tuple[float, float]
"""What a position is worth to the search, and its estimated chance of winning.

The search maximises the first: a win is worth
:data:`~foursquare.expert.evaluation.WIN_BONUS` plus its score (the cards
left), a loss nothing, so the value is the expected score plus WIN_BONUS
times the chance.  The chance is carried along for people.
"""
_LOST: Value = (0.0, 0.0)
BEAM = 3
"""How many cells of each rank a search by the learned horizon looks past (:meth:`Lookahead._draw_learned`)."""
CLOSE_CALL = 0.3
"""How near in value the best two cells after three placements must be to be looked at a placement deeper
(:func:`look_ahead`): about two placements in five, as many as the review's time allows."""
_CLOSE_DEPTH = 3
"""The look a close call goes one placement past: three ahead, the expert's deepest at its budget."""
CLOSE_NODES = 2
"""A close call's deeper look may take this many times the node budget more; past that its cells keep their
values from three placements ahead."""
KINDRED = ((1,), (2, 3), (4, 5), (6, 7), (8, 9), (10,))
"""The ranks a close call's deeper look weighs as one for the second card (:meth:`Lookahead._kindred`): aces and
tens alone, since the lowest and the highest rank turn over every line without one of their own face up, and the
middle ranks by pairs."""
_RANKS = range(1, 11)
_EVERY_RANK = len(_RANKS)
_BY_RANK = range(_EVERY_RANK + 1)  # the indices of ``counts``: index 0 is unused and holds 0

Reply = tuple[int, Value, int]
"""One rank the next card may have, the value of its best placement after a cell (with its chance), and that
placement's index: the search's own reason for a cell's value, rank by rank."""
Replies = tuple[Reply, ...]
"""Every live rank's :data:`Reply` after one cell, in the order the search weighed them: a cell's value is their
values weighted by the ranks' counts, so two cells' values differ rank by rank."""

Pick = Callable[[tuple[int, int, int, int]], tuple[int, ...]]
"""Which of a cell's four outcomes (nothing turned, the row, the column, both) each live rank brings."""


class Stopped(Exception):
    """The node limit was reached, or the caller's deadline or cancel: the deepest finished look-ahead stands."""


def _pick(key: int, live: tuple[int, ...]) -> Pick:
    """The outcome of a placement for each rank of ``live``, from the face-up ranks beside the cell.

    ``key`` holds the face-up ranks of the cell's row (bits 1-10) and of its
    column (bits 12-21) as bit sets.  A rank is extreme in a line when no
    face-up rank there is as high, or none as low; with none at all it
    always is, as the rules say.
    """
    row = key & 0x7FF
    col = key >> 11
    picks = []
    for r in live:
        at_most, at_least = (2 << r) - 1, -1 << r
        k = 0 if row & at_least and row & at_most else 1
        if not (col & at_least and col & at_most):
            k += 2
        picks.append(k)
    if len(picks) == 1:
        picks.append(picks[0])  # an item getter of one index would return a bare item
    return itemgetter(*picks)


def _line(cells: int, down: int, full: int, ranks: list[int], d_stride: int, f_stride: int) -> tuple[int, int, int]:
    """What a line's piles (``cells``, a mask) mean to a placement in it: the ranks of the face-up ones as a
    bit set (bit r for rank r), those of them that two or more piles show, and how far turning them all
    over moves a leaf's index.

    A leaf's index is linear in the face-down count and the face-down full
    piles (:meth:`~foursquare.expert.evaluation.Leaves.index`), so the
    turn of a line is one offset: each face-up pile turned adds one face
    down, each face-down one takes one away, and the same for the full
    piles among them.  A placement on a pile of the line leaves that pile
    out (:meth:`Lookahead._leaves`), which the ranks shown twice make
    possible without looking at the line again.
    """
    faces = twice = 0
    up = cells & ~down
    while up:
        low = up & -up
        up ^= low
        rank = 1 << ranks[low.bit_length() - 1]
        twice |= faces & rank
        faces |= rank
    on_full = cells & full
    turn = (cells.bit_count() - 2 * (cells & down).bit_count()) * d_stride
    return faces, twice, turn + (on_full.bit_count() - 2 * (on_full & down).bit_count()) * f_stride


def _first(cells: int) -> int:
    """The lowest index of the mask ``cells``: the cell a search names for a rank that loses wherever it goes (a
    sweep keeps the first of equal cells, and every cell is worth as little)."""
    return (cells & -cells).bit_length() - 1


_Table = tuple[int, int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...], int]
"""A board and its unseen cards, as :meth:`Lookahead._table` keys them."""

Spots = tuple[tuple[int, ...], tuple[tuple[int, int, int, int], ...]]
"""The indices of a mask's cells, lowest first, and each as its index, its bit and the masks of its row and of
its column."""


def _spots(cells: int) -> Spots:
    """The cells of the mask ``cells`` with what :meth:`Lookahead._leaves` needs of each."""
    indices = tuple(bits(cells))
    return indices, tuple((i, 1 << i, ROW_MASK_OF[i], COL_MASK_OF[i]) for i in indices)


class Lookahead:
    """An expectimax over the ranks of the next cards, a fixed number of placements deep.

    ``counts[r]`` is how many unseen cards have rank ``r`` (index 0 unused);
    the search changes it and the board while it runs and puts them back,
    unless it is stopped (then both are left mid-search).  Now and then it
    raises :class:`Stopped`: once more than ``node_limit`` nodes are searched
    (a count, so the same position always stops at the same point), or when
    ``should_stop`` says so (then :attr:`interrupted` is set: a clock or a
    cancel cut it short).  A node is one rank judged on one cell, and the
    leaves of a table count all ten ranks on each cell, however few are
    still unseen: their look-ups are one cell's work whatever the ranks, so
    that late in a deal a node costs what it does early on and the budget
    bounds the time (counting only the live ranks, a placement with five
    cards left took seven times as long per node as the first ones).
    """

    __slots__ = (
        "board",
        "bounds",
        "counts",
        "interrupted",
        "kept",
        "kindred",
        "learned",
        "leaves",
        "node_limit",
        "nodes",
        "picks",
        "should_stop",
        "spots",
    )

    def __init__(
        self,
        board: Board,
        counts: list[int],
        should_stop: Callable[[], bool],
        node_limit: float = float("inf"),
        table: Horizon | None = None,
    ) -> None:
        self.board = board
        self.counts = counts
        self.nodes = 0
        self.should_stop = should_stop
        self.node_limit = node_limit
        self.interrupted = False
        self.kindred = 0
        """The depth at which :meth:`_kindred` stands for :meth:`_draw_learned` (0: none): a close call's look."""
        self.kept: dict[_Table, list[tuple[int, float, float, int]]] | None = None
        """When a dict, each sweep one placement from the horizon goes in it by its table, for the search to find
        again where the table comes again (:meth:`_swept`)."""
        self.leaves = table if isinstance(table, Leaves) else leaves()
        """The fitted horizon: it judges the leaves, or with a learned one only orders the cells and ends games."""
        self.learned = table if isinstance(table, Learned) else None
        self.picks: dict[tuple[int, ...], dict[int, Pick]] = {}
        self.bounds: dict[tuple[int, int, int], float] = {}
        self.spots: dict[int, Spots] = {}

    def root(
        self,
        rank: int,
        left: int,
        depth: int,
        cells: Iterable[int],
        values: dict[int, tuple[Value, int]],
        replies: dict[int, Replies] | None = None,
    ) -> None:
        """The value of placing ``rank`` on each of ``cells`` (legal indices), ``depth`` placements ahead.

        ``left`` is the number of unseen cards (the stock after this card).
        Each value, with the nodes its search took, goes into ``values`` as
        it is found: when :class:`Stopped` cuts the work short, the cells
        finished before stay there.  ``replies`` gets each cell's
        :data:`Replies` at the same time (none for a cell that ends the game
        or sees no further card): the chance node right under the root is
        never cut short (its alpha is below every value), so each rank's
        best reply there is exact, and the cell's value is their mean.
        """
        board = self.board
        for i in cells:
            before = self.nodes
            undo = board.place(i, rank)
            record: list[Reply] | None = [] if replies is not None else None
            value = self._after(left, depth - 1, -1.0, record)
            board.unplace(undo)
            self.nodes += 1
            values[i] = value, self.nodes - before
            if replies is not None and record is not None:
                replies[i] = tuple(record)

    def _after(self, left: int, depth: int, alpha: float = -1.0, record: list[Reply] | None = None) -> Value:
        """The value of the board just after a placement, with ``left`` unseen cards.

        Below ``alpha`` the value may be any bound at most alpha (see :meth:`_draw`).  ``record`` (at the root
        only) gets each rank's best reply.
        """
        board = self.board
        down = board.down
        table = self.leaves
        k = table.index(down.bit_count(), board.occ.bit_count(), (down & board.full).bit_count(), left)
        if table.final[k]:
            o = table.ord[k]
            return table.value[o], table.chance[o]
        if depth == 0:
            if self.learned is not None:
                return self.learned.judge(board, self.counts, left)
            o = table.ord[k]
            return table.value[o], table.chance[o]
        if depth == 1:
            return self._last_draw(left, record) if self.learned is None else self._last_learned(left, record)
        if self.learned is not None:
            if depth == self.kindred and depth < left:
                return self._kindred(left, depth, alpha)
            return self._draw_learned(left, depth, alpha, record)
        return self._draw(left, depth, alpha, record)

    def _draw(self, left: int, depth: int, alpha: float = -1.0, record: list[Reply] | None = None) -> Value:
        """Expected value over the next card's rank, then the best placement for it, ``depth`` placements deep.

        For each rank the cells are tried best first by their horizon value,
        so that the best one is found early and the others can be given up
        on (Star1, :meth:`_weigh`).
        """
        counts = self.counts
        live, cells, rows = self._leaves(left)
        order = range(len(cells))
        columns = list(zip(*rows, strict=True))  # columns[k][j]: the leaf of live rank k on cell j
        tries = (
            (
                live[k],
                [cells[j] for j in sorted(order, key=columns[k].__getitem__, reverse=True)],
                cells[0],
                counts[live[k]],
            )
            for k in sorted(range(len(live)), key=lambda k: -counts[live[k]])
        )  # stable sorts: ties keep the cells' order
        return self._weigh(left, depth, alpha, record, tries)

    def _draw_learned(self, left: int, depth: int, alpha: float = -1.0, record: list[Reply] | None = None) -> Value:
        """:meth:`_draw` with the learned horizon: for each rank, only the best :data:`BEAM` cells by the learned
        value one placement on are searched further (every cell where the search sees the stock to its end).

        The learned value orders cells well enough that the rest seldom
        matter, and a cell searched costs a hundred judged tables a card
        deeper: the beam is what lets it look three placements ahead.
        """
        learned = self.learned
        assert learned is not None
        self._check()
        board = self.board
        counts = self.counts
        every: dict[int, list[tuple[float, float, int]]] = {}
        learned.sweep(board, counts, left, every)
        self.nodes += board.legal().bit_count() * _EVERY_RANK
        width = BEAM if depth < left else SQUARE  # a search that sees every card to the end stays exact
        judged = {rank: [i for _, _, i in sorted(cells, key=lambda e: -e[0])] for rank, cells in every.items()}
        tries = (
            (rank, judged[rank][:width], judged[rank][0], counts[rank])
            for rank in sorted(every, key=lambda r: -counts[r])
        )
        return self._weigh(left, depth, alpha, record, tries)

    def _kindred(self, left: int, depth: int, alpha: float) -> Value:
        """:meth:`_draw_learned` narrowed for a close call's deeper look: the ranks of each :data:`KINDRED` group
        weighed as one, its commonest placed on its one best cell by the learned value.

        Two ranks next to each other turn a line over alike unless one of
        them is face up in it, so one stands for both; with the next card's
        three cells as before, a close call's look costs under a quarter of a
        full look four placements ahead (211 sweeps a cell against 931).
        """
        self._check()
        counts = self.counts
        legal = self.board.legal()
        best = {rank: at for rank, _, _, at in self._swept(left)}  # mostly the look three ahead's own
        self.nodes += legal.bit_count() * _EVERY_RANK  # counted as if swept again: the same count, the same advice
        tries = []
        for group in KINDRED:
            weight = sum(counts[r] for r in group)
            if weight:
                rank = max(group, key=counts.__getitem__)  # the first of the commonest
                at = best[rank] if best[rank] >= 0 else _first(legal)
                tries.append((rank, [at], at, weight))
        tries.sort(key=lambda t: -t[3])
        return self._weigh(left, depth, alpha, None, tries)

    def _swept(self, left: int) -> list[tuple[int, float, float, int]]:
        """:meth:`~foursquare.expert.learned.Learned.sweep` here, or what it gave before on this table (:attr:`kept`).

        The same table comes again by other ways (two cards placed in either
        order, and a close call's look over the look three ahead's own), and
        its sweep is most of a node's time.
        """
        learned = self.learned
        assert learned is not None
        kept = self.kept
        if kept is None:
            return learned.sweep(self.board, self.counts, left)
        table = self._table(left)
        swept = kept.get(table)
        if swept is None:
            swept = kept[table] = learned.sweep(self.board, self.counts, left)
        return swept

    def _table(self, left: int) -> _Table:
        """The board and the unseen cards as a key: what a sweep from here depends on."""
        board = self.board
        return board.occ, board.down, board.full, tuple(board.rank), tuple(board.height), tuple(self.counts), left

    def _weigh(
        self,
        left: int,
        depth: int,
        alpha: float,
        record: list[Reply] | None,
        tries: Iterable[tuple[int, list[int], int, int]],
    ) -> Value:
        """The chance node of :meth:`_draw`, :meth:`_draw_learned` and :meth:`_kindred`: for each rank of ``tries``
        (the commonest first), the best of its cells (best first by the horizon; the third item names a cell when
        all lose), weighed by the fourth, the unseen cards it stands for.

        Once the ranks still to come, each worth at most what a placement can
        bring from here, cannot lift the value above ``alpha``, the sum so far
        stands as a bound of at most alpha (the caller already has something
        better): Star1.
        """
        board = self.board
        counts = self.counts
        ceiling = self._bound(board.occ.bit_count(), left, depth)
        cut = alpha * left
        total = chance = 0.0
        remaining = left
        for rank, cells, at, weight in tries:
            count = counts[rank]
            counts[rank] = count - 1
            best = _LOST
            for i in cells:
                undo = board.place(i, rank)
                value = self._after(left - 1, depth - 1, best[0])
                board.unplace(undo)
                self.nodes += 1
                if value[0] > best[0]:
                    best = value
                    at = i
            counts[rank] = count
            if record is not None:
                record.append((rank, best, at))
            total += weight * best[0]
            chance += weight * best[1]
            remaining -= weight
            if total + remaining * ceiling <= cut:
                return (total + remaining * ceiling) / left, chance / left
        return total / left, chance / left

    def _bound(self, piles: int, left: int, depth: int) -> float:
        """The most that ``depth`` more placements can bring from ``piles`` piles and ``left`` unseen cards."""
        key = (piles, left, depth)
        bound = self.bounds.get(key)
        if bound is None:
            if self.learned is None:
                bound = self.leaves.bound(piles, left, depth)
            else:  # a win scores at most the cards left after the missing piles, and so says the learned value
                bound = WIN_BONUS + left - max(SQUARE - piles, 1)
            self.bounds[key] = bound
        return bound

    def _last_learned(self, left: int, record: list[Reply] | None = None) -> Value:
        """:meth:`_last_draw` with the learned horizon: every live rank placed on every legal cell and judged
        (:meth:`~foursquare.expert.learned.Learned.sweep`)."""
        assert self.learned is not None
        self._check()
        board = self.board
        counts = self.counts
        legal = board.legal()
        total = chance = 0.0
        for rank, value, said, at in self._swept(left):
            count = counts[rank]
            if record is not None:
                record.append((rank, (value, said), at if at >= 0 else _first(legal)))
            total += count * value
            chance += count * said
        self.nodes += legal.bit_count() * _EVERY_RANK  # as the fitted horizon counts them (see the class)
        return total / left, chance / left

    def _check(self) -> None:
        """Raise :class:`Stopped` past the node limit, or when the caller says stop."""
        if self.nodes > self.node_limit:
            raise Stopped
        if self.should_stop():
            self.interrupted = True
            raise Stopped

    def _last_draw(self, left: int, record: list[Reply] | None = None) -> Value:
        """:meth:`_draw` one placement from the horizon: the leaves of every rank on every cell at once."""
        self._check()
        live, cells, rows = self._leaves(left)
        counts = self.counts
        table = self.leaves
        values = table.value
        chances = table.chance
        total = chance = 0.0
        for rank, best in zip(live, map(max, zip(*rows, strict=True)), strict=False):  # one live rank: two columns
            count = counts[rank]
            total += count * values[best]
            chance += count * chances[best]
        if record is not None:
            for n, rank in enumerate(live):
                column = [row[n] for row in rows]
                best = max(column)
                record.append((rank, (values[best], chances[best]), cells[column.index(best)]))
        return total / left, chance / left

    def _leaves(self, left: int) -> tuple[tuple[int, ...], tuple[int, ...], list[tuple[int, ...]]]:
        """The live ranks, the legal cells, and for each cell the leaf (an ordinal) each live rank brings there.

        A placement on cell i turns over the other piles of its row if the
        rank is extreme among their face-up tops, and the same for its
        column: four possible tables, whatever the rank, so four look-ups
        (by face-down count, piles, face-down full piles and cards left)
        and one item getter per cell give the leaves of every rank.  The
        leaves' ordinals rise with their value, so ``max`` finds the best.
        Each line of the table is summed up once (:func:`_line`), not once
        per cell in it: the search spends most of its time here, and the
        same leaves come a fifth sooner.
        """
        board = self.board
        counts = self.counts
        live = tuple(compress(_BY_RANK, counts))  # the ranks with a count
        picks = self.picks.get(live)
        if picks is None:
            picks = self.picks[live] = {}
        table = self.leaves
        ords = table.ord
        ds = table.d_stride
        fs = table.f_stride
        occ = board.occ
        down = board.down
        full = board.full
        ranks = board.rank
        legal = board.legal()
        # the leaf with nothing turned over: a legal cell is never a full pile, so only a stack on a
        # face-down pile (which it turns face up) changes the face-down count
        stack = table.index(down.bit_count(), occ.bit_count(), (down & full).bit_count(), left - 1)
        covered = stack - ds
        grow = stack + table.n_stride
        lines: dict[int, tuple[int, int, int]] = {0: (0, 0, 0)}  # a line's piles -> what :func:`_line` says
        found = self.spots.get(legal)
        if found is None:
            found = self.spots[legal] = _spots(legal)
        cells, spots = found
        rows = []
        for i, bit, row_of, col_of in spots:
            row = occ & row_of
            line = lines.get(row)
            if line is None:
                line = lines[row] = _line(row, down, full, ranks, ds, fs)
            row_faces, row_twice, row_turn = line
            col = occ & col_of
            line = lines.get(col)
            if line is None:
                line = lines[col] = _line(col, down, full, ranks, ds, fs)
            col_faces, col_twice, col_turn = line
            if not occ & bit:
                k = grow
            elif down & bit:  # the pile itself is no other pile of its lines: its turn is left out
                k = covered
                row_turn += ds
                col_turn += ds
            else:
                k = stack
                row_turn -= ds
                col_turn -= ds
                rank = 1 << ranks[i]
                if not row_twice & rank:
                    row_faces ^= rank
                if not col_twice & rank:
                    col_faces ^= rank
            key = row_faces | col_faces << 11
            pick = picks.get(key)
            if pick is None:
                pick = picks[key] = _pick(key, live)
            k1 = k + row_turn
            rows.append(pick((ords[k], ords[k1], ords[k + col_turn], ords[k1 + col_turn])))
        self.nodes += len(rows) * _EVERY_RANK  # the cells' work, however few ranks are live (see the class)
        return live, cells, rows


def _close_call(
    search: Lookahead,
    rank: int,
    left: int,
    ranked: list[int],
    values: dict[int, Value],
    depths: dict[int, int],
    replies: dict[int, Replies],
    max_nodes: int,
) -> list[int]:
    """``ranked`` again after the best two cells, when they lie within :data:`CLOSE_CALL` of each other three
    placements ahead, are looked at a placement deeper (the second card by :meth:`Lookahead._kindred`).

    Where the choice is close a deeper look pays, and elsewhere it seldom
    changes it: about two placements in five get it, and on report deals
    21000-22999 the expert so scored 0.15 cards a deal more (``help
    expert``) for about 1.75 times the work.  Both cells are seen through or
    neither counts, within :data:`CLOSE_NODES` budgets more, so that the
    same position gets the same advice.
    """
    best, second = ranked[0], ranked[1]
    gap = values[best][0] - values[second][0]
    if not (depths[best] == depths[second] == _CLOSE_DEPTH < left and 0.0 < gap <= CLOSE_CALL):
        return ranked  # an exact tie is two images of one table (or two losses): a deeper look would tie again
    results: dict[int, tuple[Value, int]] = {}
    found: dict[int, Replies] = {}
    search.node_limit = search.nodes + CLOSE_NODES * max_nodes
    search.kindred = _CLOSE_DEPTH - 1
    try:
        search.root(rank, left, _CLOSE_DEPTH + 1, (best, second), results, found)
    except Stopped:
        return ranked
    finally:
        search.kindred = 0
    for i, (value, _) in results.items():
        values[i] = value
        depths[i] = _CLOSE_DEPTH + 1
        replies[i] = found.get(i, ())
    return sorted((best, second), key=lambda i: -values[i][0]) + ranked[2:]


class Outcome(NamedTuple):
    """What :func:`look_ahead` found: every legal index best first, and how the search went."""

    ranked: list[tuple[int, Value, int]]
    """Each legal index with its value and the depth it was searched to, best first."""
    nodes: int
    interrupted: bool
    """Whether ``should_stop`` (a clock, a cancel) cut the deepening short of what the node budget allows."""
    replies: dict[int, Replies]
    """Each legal index's :data:`Replies` at the depth of its value in :attr:`ranked` (none where no further
    card is seen): why each cell is worth what it is, rank by rank."""


def look_ahead(
    board: Board,
    rank: int,
    counts: list[int],
    *,
    max_nodes: int,
    min_depth: int,
    should_stop: Callable[[], bool],
    node_limit: float = float("inf"),
    table: Horizon | None = None,
) -> Outcome:
    """Every legal index for ``rank``, best first, with its value and how deep it was searched.

    ``board`` and ``counts`` are the search's to change: a stop leaves them mid-search.

    Iterative deepening: every placement one card ahead, then two, and so on
    to ``min_depth`` unless stopped.  Deeper than that, only the best few of
    the last depth are searched again, as many as fit within ``max_nodes``
    by an estimate of each one's next cost (from how its cost grew so far),
    and the deepest search decides.  The node budget rather than the clock
    sets the depth, so the same position always gets the same advice;
    ``should_stop`` (a deadline, a cancel) only cuts it short.  ``node_limit``
    stops a depth whose cost the estimate got badly wrong, by count, so that
    also lands on the same advice every time.  A depth cut short is not
    thrown away: the cells it saw through (the best of the last depth come
    first) are ranked by it, ahead of the rest, when there are two to compare.
    With the learned horizon, a close call three placements ahead is then
    looked at four ahead (:func:`_close_call`).
    """
    search = Lookahead(board, counts, should_stop, node_limit, table)
    left = sum(counts)
    cells = list(bits(board.legal()))
    results: dict[int, tuple[Value, int]] = {}
    replies: dict[int, Replies] = {}
    found: dict[int, Replies] = {}
    search.root(rank, left, 1, cells, results, found)
    replies.update(found)
    values = {i: value for i, (value, _) in results.items()}
    costs = {i: [1, cost] for i, (_, cost) in results.items()}  # nodes per depth, per cell
    depths = dict.fromkeys(cells, 1)
    ranked = sorted(cells, key=lambda i: -values[i][0])
    depth = 1
    chosen = ranked
    stopped = False
    while depth <= left:  # deeper than the stock is deep sees nothing new
        search.node_limit = node_limit if depth >= min_depth else float("inf")
        if depth >= min_depth:
            chosen = []
            planned = 0.0
            for i in ranked:  # those searched to this depth come first
                spent = costs[i]
                planned += spent[-1] * spent[-1] / spent[-2]
                if planned > max_nodes or depths[i] < depth:
                    break
                chosen.append(i)
            if len(chosen) < 2:
                break
        results.clear()
        found.clear()
        stopped = False
        if depth + 1 == _CLOSE_DEPTH and search.learned is not None:
            search.kept = {}  # its sweeps, for a close call's deeper look to take again
        try:
            search.root(rank, left, depth + 1, chosen, results, found)
        except Stopped:
            stopped = True
        if stopped and len(results) < 2:  # cut short before two cells were seen through: it compares nothing
            break
        depth += 1
        for i, (value, nodes) in results.items():
            values[i] = value
            costs[i].append(nodes)
            depths[i] = depth
            replies[i] = found.get(i, ())
        ranked = sorted(results, key=lambda i: -values[i][0]) + [i for i in ranked if depths[i] < depth]
        if stopped:
            break
    if not stopped and search.learned is not None and len(ranked) > 1:
        ranked = _close_call(search, rank, left, ranked, values, depths, replies, max_nodes)
    return Outcome([(i, values[i], depths[i]) for i in ranked], search.nodes, search.interrupted, replies)
