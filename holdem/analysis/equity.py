"""All-in equity of 2 to 10 players, each a hand or a weighted range: exact or Monte Carlo,
in hold'em or in any other game (``game=``).

In hold'em the work runs in the compiled kernels of :mod:`holdem.analysis._exact` (exact) and
:mod:`holdem.analysis._montecarlo` (Monte Carlo, its chunks made in
:mod:`holdem.analysis._sampling`) with the GIL released, split into chunks that run inline, on
``threads`` Python threads, or on any :class:`concurrent.futures.Executor` (a process pool, or a
Dask client's ``get_executor()``). The chunks and their seeds do not depend on how they are run,
so neither does the answer. The other games (short deck, Manila, Royal hold'em, Omaha high and
high-low, Lazy Pineapple, Double Texas hold'em) run in the kernels of
:mod:`holdem.analysis._variants`, and double-board hold'em on :func:`holdem.evaluate_batch`
(:mod:`holdem.analysis._showdowns`). In high-low, each pot is split half to the best high hands
and half to the best eight-or-better lows when a low qualifies, else all to the best high hands
(Robert's Rules of Poker, "Omaha high-low eight or better"); odd chips do not arise in shares.

>>> r = equity(["AhKh", "QsQd"], exact=True)
>>> round(r[0].equity, 6), r.showdowns
(0.462145, 1712304)
"""

from __future__ import annotations

import array
import concurrent.futures as cf
import math
import random
import secrets
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from itertools import permutations
from typing import Any, TypeAlias

from holdem import games
from holdem._deprecation import warn
from holdem._parallel import run_chunks, useful_threads
from holdem._validate import check_int, check_samples, check_seed, length
from holdem.analysis import _exact, _showdowns
from holdem.analysis._sampling import monte_carlo
from holdem.analysis.ranges import Range, _parse_class, parse_range
from holdem.cards import CardLike, format_cards, parse_cards
from holdem.errors import ArgumentError, ArgumentTypeError, CardError, RangeError
from holdem.games import OMAHA_GAMES, Game

__all__ = [
    "DEFAULT_STDERR",
    "OMAHA_GAMES",
    "EquityResult",
    "ExactEstimate",
    "PlayerEquity",
    "PreflopEquity",
    "double_board_equity",
    "equity",
    "estimate_exact",
    "game_equity",
    "preflop_equity",
]

#: A player: a hand ('AhKh', two cards), a range ('QQ+,AKs', 'random') or a parsed Range.
PlayerLike: TypeAlias = str | Range | Sequence[CardLike]

#: The standard error that a Monte Carlo run aims at by default (0.05 percentage points).
DEFAULT_STDERR = 0.0005

_SHARE: int = _exact.SHARE  # equity units per showdown (2520: every split is an integer)
# Seconds of one core per class of deals and per player, by cards to come (see _exact_cost).
_CLASS_COST = {5: 6e-4, 2: 8e-6, 1: 1.5e-6, 0: 5e-7}
_EXACT_BUDGET = 1.0  # default: exact when the estimate is at most this many seconds
_PROBE_DEALS = 200_000  # default: deals counted at most before falling back to sampling
_EXACT_DEALS = 10**9  # exact=True: the most deals (product of the combo counts) accepted
_DEAL_COST = 3e-7  # seconds of one core per deal of the ranges, to sort the deals into classes
_ESTIMATE_DRAWS = 20_000  # random deals drawn to estimate the share that share no card
_EXACT_LIMIT = 600  # exact=True: the most seconds of one core accepted (see _exact_cost)
_ALL_PERMS = tuple(permutations(range(4)))

Progress: TypeAlias = Callable[[int, int], object]


@dataclass(frozen=True)
class PlayerEquity:
    """One player's share of the pots: ``equity`` = ``win`` + what ties pay.

    ``win`` and ``tie`` are the shares of showdowns won alone and split; ``wins`` and ``ties``
    count them (weighted by the range weights; whole numbers when every weight is 1);
    ``stderr`` is the standard error of ``equity`` (0.0 when exact).
    """

    equity: float
    win: float
    tie: float
    wins: float
    ties: float
    stderr: float

    def to_dict(self) -> dict[str, float]:
        """Plain data for JSON.

        >>> equity(["AhKh", "QsQd"], exact=True)[0].to_dict()["ties"]
        6732.0
        """
        return {
            "equity": self.equity,
            "win": self.win,
            "tie": self.tie,
            "wins": self.wins,
            "ties": self.ties,
            "stderr": self.stderr,
        }


@dataclass(frozen=True)
class EquityResult:
    """The result of :func:`equity`: one :class:`PlayerEquity` per player, in order.

    ``showdowns`` is the number of showdowns counted (every deal of hands times every board
    when ``exact``; the number of samples otherwise); ``seed`` is the seed a Monte Carlo run
    used (pass it again to repeat the run), None when exact.
    """

    players: tuple[PlayerEquity, ...]
    exact: bool
    showdowns: int
    seed: int | None

    def __getitem__(self, i: int) -> PlayerEquity:
        return self.players[i]

    def __len__(self) -> int:
        return len(self.players)

    def __iter__(self) -> Iterator[PlayerEquity]:
        return iter(self.players)

    @property
    def equity(self) -> tuple[float, ...]:
        """Every player's equity."""
        return tuple(p.equity for p in self.players)

    @property
    def win(self) -> tuple[float, ...]:
        """Every player's share of pots won alone."""
        return tuple(p.win for p in self.players)

    @property
    def tie(self) -> tuple[float, ...]:
        """Every player's share of pots split."""
        return tuple(p.tie for p in self.players)

    def to_dict(self) -> dict[str, Any]:
        """Plain data for JSON: ``exact``, ``showdowns``, ``seed`` and one dict a player.

        >>> r = equity(["AhKh", "QsQd"], exact=True).to_dict()
        >>> r["showdowns"], r["players"][0]["wins"]
        (1712304, 787966.0)
        """
        return {
            "exact": self.exact,
            "showdowns": self.showdowns,
            "seed": self.seed,
            "players": [p.to_dict() for p in self.players],
        }


# -- players, board and dead cards ----------------------------------------------------------------


@dataclass(frozen=True)
class _Job:
    """A checked equity job: each player's combos (card removal done) and weights."""

    n: int
    board: bytes
    dead: bytes
    combos: tuple[tuple[tuple[int, int], ...], ...]
    weights: tuple[tuple[float, ...], ...]
    random: tuple[bool, ...]  # a uniformly random hand (dealt from the deck when sampling)


def _player(p: object, i: int) -> tuple[Range, bool]:
    """(range, is_fixed_hand) of one player argument."""
    if isinstance(p, Range):
        return p, False
    if isinstance(p, str):
        try:
            cards = parse_cards(p)
        except CardError:
            cards = ()
        if len(cards) == 2:
            return Range.from_combos([cards]), True
        try:
            return parse_range(p), False
        except RangeError as exc:
            raise RangeError(f"player {i + 1}: {exc}") from None
    if isinstance(p, Iterable):
        cards = parse_cards(p)
        if len(cards) != 2:
            raise CardError(f"player {i + 1}: a hand is two cards, got {len(cards)}")
        return Range.from_combos([cards]), True
    raise ArgumentTypeError(f"player {i + 1}: not a hand or a range: {p!r}")


def _make_job(players: object, board: object, dead: object) -> _Job:
    if isinstance(players, str | Range) or not isinstance(players, Sequence):
        raise ArgumentTypeError("players is a list of hands or ranges, e.g. ['AhKh', 'QQ+,AKs']")
    n = length(players, "players")
    if not 2 <= n <= _exact.MAX_SEATS:
        raise ArgumentError(f"equity takes 2 to {_exact.MAX_SEATS} players, got {n}")
    b = parse_cards(board)  # type: ignore[arg-type]
    d = parse_cards(dead)  # type: ignore[arg-type]
    if len(b) not in (0, 3, 4, 5):
        raise CardError(f"a board has 0, 3, 4 or 5 cards, got {len(b)}: {format_cards(b)}")
    known: dict[int, str] = {}
    for what, cards in (("board", b), ("dead cards", d)):
        for c in cards:
            if c in known:
                raise CardError(f"{c} is both in the {known[c]} and in the {what}")
            known[c] = what
    parsed = [_player(p, i) for i, p in enumerate(players)]
    for i, (rng, fixed) in enumerate(parsed):
        if fixed:
            for c in rng.combos[0]:
                if c in known:
                    raise CardError(f"player {i + 1}'s {c} is also in the {known[c]}")
                known[c] = f"hand of player {i + 1}"
    removed = set(known)
    combos: list[tuple[tuple[int, int], ...]] = []
    weights: list[tuple[float, ...]] = []
    randoms: list[bool] = []
    for i, (rng, fixed) in enumerate(parsed):
        gone = {int(c) for c in b} | {int(c) for c in d} if fixed else removed
        kept = [(c, w) for c, w in rng._items if not gone.intersection(c)]
        if not kept:
            raise RangeError(
                f"player {i + 1}'s range {str(rng)!r} has no hand left without the board, the "
                "dead cards and the other players' hands"
            )
        combos.append(tuple(c for c, _ in kept))
        weights.append(tuple(w for _, w in kept))
        randoms.append(rng.is_random)
    if len(b) + len(d) + 2 * n + 5 - len(b) > 52:
        raise CardError("not enough cards in the deck for so many players and dead cards")
    return _Job(n, bytes(b), bytes(d), tuple(combos), tuple(weights), tuple(randoms))


def _perms(job: _Job) -> bytes:
    """The suit permutations that leave the board and the dead cards where they are."""
    out = bytearray()
    for perm in _ALL_PERMS:
        if all(
            {(c & ~3) | perm[c & 3] for c in cards} == set(cards) for cards in (job.board, job.dead)
        ):
            out += bytes(perm)
    return bytes(out)


def _flat(job: _Job) -> tuple[bytes, array.array[float], list[int]]:
    combos = bytes(c for player in job.combos for combo in player for c in combo)
    weights = array.array("d", [w for player in job.weights for w in player])
    starts = [0]
    for player in job.combos:
        starts.append(starts[-1] + len(player))
    return combos, weights, starts


# -- the chunks (module-level functions, so that a process pool can pickle them) ----------------


def _exact_chunk(
    n: int, hands: bytes, weights: Sequence[float], board: bytes, dead: bytes
) -> tuple[int, list[float], list[float], list[float]]:
    """Exact weighted counts of a chunk of classes of deals (picklable, for executors)."""
    result: tuple[int, list[float], list[float], list[float]] = _exact.enumerate_classes(
        n, hands, array.array("d", weights), board, dead
    )
    return result


# -- exact ----------------------------------------------------------------------------------------


def _classes(job: _Job) -> tuple[bytes, list[float], list[int], int]:
    combos, weights, starts = _flat(job)
    known = 0
    for c in job.board + job.dead:
        known |= 1 << c
    result: tuple[bytes, list[float], list[int], int] = _exact.collect_classes(
        job.n, combos, weights, starts, known, _perms(job)
    )
    return result


def _check_enumerable(job: _Job) -> None:
    """Refuse an exact job with more deals than ``_EXACT_DEALS`` (the product of combo counts)."""
    if math.prod(len(c) for c in job.combos) > _EXACT_DEALS:
        raise ArgumentError(
            f"too many deals of the ranges to enumerate (more than {_EXACT_DEALS:,}): "
            "sample them instead (samples= or stderr=)"
        )


def _exact_cost(job: _Job, classes: float) -> float:
    """Estimated seconds of one core to enumerate ``classes`` classes of deals."""
    return classes * job.n * _CLASS_COST[5 - len(job.board)]


def _run_exact(
    job: _Job,
    found: tuple[bytes, list[float], list[int], int],
    threads: int,
    executor: cf.Executor | None,
    progress: Progress | None,
) -> EquityResult:
    hands, weights, _, deals = found
    if deals == 0:
        raise RangeError("the players' ranges cannot be dealt together without sharing a card")
    n = job.n
    per_chunk = max(1, int(0.02 / _exact_cost(job, 1)))  # about 20 ms a chunk
    known = (job.board, job.dead)
    args = [
        (n, hands[2 * n * i : 2 * n * (i + per_chunk)], weights[i : i + per_chunk], *known)
        for i in range(0, len(weights), per_chunk)
    ]
    parts = run_chunks(_exact_chunk, args, threads=threads, executor=executor, progress=progress)
    boards = max(p[0] for p in parts)
    wins = [math.fsum(p[1][i] for p in parts) for i in range(n)]
    ties = [math.fsum(p[2][i] for p in parts) for i in range(n)]
    units = [math.fsum(p[3][i] for p in parts) for i in range(n)]
    total = math.fsum(weights) * boards
    players = tuple(
        PlayerEquity(
            equity=units[i] / _SHARE / total,
            win=wins[i] / total,
            tie=ties[i] / total,
            wins=wins[i],
            ties=ties[i],
            stderr=0.0,
        )
        for i in range(n)
    )
    return EquityResult(players, True, deals * boards, None)


@dataclass(frozen=True)
class ExactEstimate:
    """What an exact equity job would take, counted before it runs (:func:`estimate_exact`).

    ``deals``: the deals of hands (one combo a player, no card shared), exact when the job is
    small, else estimated from random draws; ``boards``: the boards to come after each deal;
    ``showdowns``: their product; ``seconds``: the estimated time on ``threads`` threads, from
    the number of classes of deals (deals alike up to a change of suits) and the time that one
    class of this job takes, measured on this machine before the estimate is given.
    """

    deals: int
    boards: int
    showdowns: int
    seconds: float


def estimate_exact(
    players: Sequence[PlayerLike],
    board: str | Iterable[CardLike] = "",
    dead: str | Iterable[CardLike] = "",
    *,
    threads: int = 1,
) -> ExactEstimate:
    """Estimate the work and time of ``equity(players, board, dead, exact=True)``, quickly.

    :raises CardError: as :func:`equity`, for bad or repeated cards.
    :raises RangeError: as :func:`equity`, for a range that cannot be read or leaves a player
        without a hand.
    :raises ArgumentTypeError: as :func:`equity`, for ``players`` or ``threads`` of the wrong
        type.
    :raises ArgumentError: for fewer than 2 or more than 10 players, ``threads`` below 1, or a
        job that :func:`equity` refuses to enumerate (too many deals of the ranges).

    >>> e = estimate_exact(["AhKh", "QsQd"])
    >>> e.deals, e.boards, e.showdowns
    (1, 1712304, 1712304)
    """
    job = _make_job(players, board, dead)
    check_int(threads, "threads", 1)
    _check_enumerable(job)
    left = 52 - len(job.board) - len(job.dead) - 2 * job.n
    boards = math.comb(left, 5 - len(job.board))
    product = math.prod(len(c) for c in job.combos)
    if product <= _PROBE_DEALS:
        found = _classes(job)
        if found[3] == 0:
            return ExactEstimate(0, boards, 0, 0.0)
        per_class = _class_seconds(job, next((d for d in _deals(job, 100) if d), None))
        return ExactEstimate(
            found[3], boards, found[3] * boards, len(found[1]) * per_class / threads
        )
    draws = _deals(job, _ESTIMATE_DRAWS)
    apart = [d for d in draws if d is not None]
    if not apart:
        return ExactEstimate(0, boards, 0, product * _DEAL_COST)
    deals = max(1, product * len(apart) // _ESTIMATE_DRAWS)
    symmetry = max(1, len(_perms(job)) // 4)  # suit changes that leave the board and dead alone
    per_class = _class_seconds(job, apart[0])
    seconds = product * _DEAL_COST + deals / symmetry * per_class / threads
    return ExactEstimate(deals, boards, deals * boards, seconds)


def _deals(job: _Job, count: int) -> list[tuple[tuple[int, int], ...] | None]:
    """``count`` deals drawn at random (seeded), one combo a player; None for one that shares a
    card (with another player's, the board or the dead cards)."""
    draw = random.Random(0)
    known = set(job.board) | set(job.dead)
    out: list[tuple[tuple[int, int], ...] | None] = []
    for _ in range(count):
        seen = set(known)
        deal = []
        for combos in job.combos:
            a, b = combos[draw.randrange(len(combos))]
            if a in seen or b in seen:
                out.append(None)
                break
            seen.update((a, b))
            deal.append((a, b))
        else:
            out.append(tuple(deal))
    return out


def _class_seconds(job: _Job, deal: tuple[tuple[int, int], ...] | None) -> float:
    """Seconds one class of deals takes on one core: ``deal`` enumerated over every board and
    timed (the best of three runs), or the calibrated ``_exact_cost`` without a deal."""
    if deal is None:
        return _exact_cost(job, 1)
    one = _Job(
        job.n, job.board, job.dead, tuple((c,) for c in deal), ((1.0,),) * job.n, (False,) * job.n
    )
    found = _classes(one)
    best = math.inf
    for _ in range(3):
        start = time.perf_counter()
        _run_exact(one, found, 1, None, None)
        best = min(best, time.perf_counter() - start)
    return best


def _check_exact_cost(seconds: float) -> None:
    """Refuse an exact enumeration estimated at more than ``_EXACT_LIMIT`` seconds of one core."""
    if seconds > _EXACT_LIMIT:
        raise ArgumentError(
            f"exact=True: these ranges would take about {seconds / 60:,.0f} minutes of one core "
            f"to enumerate (at most {_EXACT_LIMIT // 60} accepted): sample them instead "
            "(samples= or stderr=)"
        )


def _check_stderr(x: object) -> None:
    """A target standard error: a number strictly between 0 and 1 (not a bool, not NaN)."""
    if isinstance(x, bool) or not isinstance(x, int | float):
        raise ArgumentTypeError(f"stderr is a number between 0 and 1, got {x!r}")
    if not 0 < x < 1:
        raise ArgumentError(f"stderr is a number between 0 and 1, got {x!r}")


# -- the public function --------------------------------------------------------------------------


def equity(
    players: Sequence[PlayerLike],
    board: str | Iterable[CardLike] = "",
    dead: str | Iterable[CardLike] = "",
    *,
    game: str | Game | None = "holdem",
    exact: bool | None = None,
    samples: int | None = None,
    stderr: float | None = None,
    seed: int | None = None,
    threads: int = 1,
    executor: cf.Executor | None = None,
    progress: Progress | None = None,
    hole_cards: int | None = None,
) -> EquityResult:
    """All-in equity of 2 to 10 players, each a hand or a weighted range, in hold'em or in
    ``game``.

    ``players``: hands (``'AhKh'``, two cards) or ranges (``'QQ+,AKs:0.5'``, ``'random'``, a
    :class:`~holdem.Range`); ``board``: 0, 3, 4 or 5 cards; ``dead``: cards out of play. Hands
    are dealt to the ranges jointly without shared cards, each deal weighted by the product of
    its combos' weights. ``game`` (:func:`holdem.games.evaluator`) is hold'em by default; the
    other games are below.

    ``exact=True`` enumerates every deal and board (refused beyond 10**9 deals);
    ``samples=N`` and/or ``stderr=X`` sample instead (Monte Carlo, stopping after N samples or
    as soon as every player's standard error is at most X, checked every 262,144 samples),
    reproducibly for a given ``seed``. By default
    the job is enumerated exactly when that is estimated to take at most about a second on one
    core, else sampled to a standard error of ``DEFAULT_STDERR``. The rule: when the players'
    combo counts multiply to at most 200,000, the deals are counted up to suit symmetry
    (``classes``), and the job is exact if ``classes * players`` is at most 1,666 preflop,
    125,000 on the flop, 666,666 on the turn or 2,000,000 on the river. Heads-up preflop, a
    hand or one class ('AKs', 'AA') against 'random' is exact; 'QQ+,AKs' against 'random' is
    sampled. With ``stderr`` alone, sampling stops at 2**32 samples at the latest.

    ``threads`` runs the chunks of work on that many threads (at most as many as this process
    has CPUs: the work is bound by the CPU); ``executor`` on any
    ``concurrent.futures.Executor`` instead, and ``threads`` then says how many of its workers
    to keep busy while sampling to a standard error (at least this machine's CPU count: pass
    more for a larger cluster); ``progress(done, total)`` is called as chunks complete. The
    answer does not depend on any of them.

    :raises CardError: for an unknown or repeated card, a board that is not 0, 3, 4 or 5
        cards, a hand that is not two cards, or more cards than the deck holds.
    :raises RangeError: for a range that cannot be read, or ranges that leave a player without
        a hand.
    :raises ArgumentTypeError: for ``players`` that is not a list, a player that is neither a
        hand nor a range, or an option of the wrong type (``exact`` not a bool, ``samples`` or
        ``threads`` not an int, ``stderr`` not a number, ``executor`` not an executor).
    :raises ArgumentError: for fewer than 2 or more than 10 players, ``samples`` or
        ``threads`` < 1, ``samples`` above 2**32 (:data:`holdem._validate.MAX_SAMPLES`: the
        job could not finish), ``stderr`` not between 0 and 1, ``exact=True`` with ``samples`` or
        ``stderr``, ``exact=True`` beyond 10**9 deals or beyond an estimated ten minutes of one
        core, or threads that cannot be started.
    :raises ArgumentTypeError, ArgumentError: for a seed that is not None or an int >= 0.

    >>> r = equity(["AcAd", "KhKs"], exact=True)
    >>> round(100 * r[0].equity, 4), r.exact
    (81.2555, True)
    >>> round(equity(["AA", "KK"], samples=100_000, seed=1)[0].equity, 2)
    0.82

    **The other games.** What a player is, by game:

    * a game whose hand is any five of the cards (``'short-deck'``, ``'manila'``, ``'royal'``,
      a :class:`~holdem.Game`): a hand of two cards, or a range in hold'em's grammar of which
      only the combos of the game's deck count (``'random'`` in short deck is its 630 combos);
    * Omaha (``'omaha'``, ``'omaha-hi-lo'``): a hand of 4, 5 or 6 cards (all the same number),
      or ``'random'``: a hole dealt at random from the cards left (``hole_cards`` gives its
      size when no hand does; 4 by default);
    * ``'lazy-pineapple'`` and ``'double-holdem'`` (:data:`holdem.THREE_CARD_GAMES`): a hand of
      three cards (in Double Texas hold'em in order: the middle card plays with each of the
      others), or ``'random'``.

    There ``exact=True`` counts every deal of the players' combos and every board that can come
    (combos weighted by their weights, a deal by the product); ``samples=N`` draws N deals and
    boards at random (each combo by its weight, a deal whose combos share a card drawn again),
    reproducibly for a given ``seed``. By default the job is exact while its deals times its
    boards times the players stay at most 3,000,000, else 200,000 deals are drawn. ``stderr``,
    ``threads``, ``executor`` and ``progress`` are hold'em's only. Besides the errors above:

    :raises CardError: for a card outside the game's deck, or a hand of the wrong size.
    :raises RangeError: for a range with no combo left in the game's deck.
    :raises ArgumentError: for an unknown game; ``hole_cards`` other than 4, 5 or 6 in Omaha
        (or given in another game); ``stderr``, ``threads`` or ``executor`` in a game other
        than hold'em; ``exact=True`` for a job of more than 10,000,000,000 showdowns.

    >>> r = equity(["AsAhKsKh", "QdJdTc9c"], "2s7h8d", game="omaha", exact=True)
    >>> r.showdowns, round(r[0].equity, 4)
    (820, 0.5098)
    >>> r = equity(["AKs", "TT+"], game="short-deck", exact=True)
    >>> r.showdowns, round(r[0].equity, 4)
    (19332096, 0.4778)
    """
    rule = games.evaluator(game)
    if rule.kind != 0 or not rule.ranking.is_holdem:
        if stderr is not None or threads != 1 or executor is not None or progress is not None:
            raise ArgumentError(
                f"stderr, threads, executor and progress are hold'em's: not {rule.name!r}'s"
            )
        return _result(
            _showdowns.game(players, board, dead, rule, exact, samples, seed, hole_cards)
        )
    if hole_cards is not None:
        raise ArgumentError("hole_cards applies to Omaha only (its hole is 4, 5 or 6 cards)")
    job = _make_job(players, board, dead)
    if exact is not None and not isinstance(exact, bool):
        raise ArgumentTypeError(f"exact is True, False or None, got {exact!r}")
    if samples is not None:
        check_samples(samples)
    if stderr is not None:
        _check_stderr(stderr)
    check_seed(seed)
    check_int(threads, "threads", 1)
    if executor is not None and not isinstance(executor, cf.Executor):
        raise ArgumentTypeError(f"executor is a concurrent.futures.Executor, got {executor!r}")
    if executor is None:  # the kernels are bound by the CPU: more threads only share it
        threads = min(threads, useful_threads())
    sampling = samples is not None or stderr is not None
    if exact and sampling:
        raise ArgumentError("exact=True cannot be combined with samples or stderr")
    if exact is None and not sampling:
        deals = math.prod(len(c) for c in job.combos)
        if deals <= _PROBE_DEALS:
            found = _classes(job)
            if _exact_cost(job, len(found[1])) <= _EXACT_BUDGET:
                return _run_exact(job, found, threads, executor, progress)
        stderr = DEFAULT_STDERR
    elif exact:
        _check_enumerable(job)
        # A class of deals gathers at most 24 deals (the suit permutations): a first estimate
        # before the classes are collected (which takes a while for a large job), then the true.
        deals = math.prod(len(c) for c in job.combos)
        _check_exact_cost(_exact_cost(job, deals / len(_ALL_PERMS)))
        found = _classes(job)
        _check_exact_cost(_exact_cost(job, len(found[1])))
        return _run_exact(job, found, threads, executor, progress)
    elif not sampling:  # exact=False alone
        stderr = DEFAULT_STDERR
    used_seed = secrets.randbits(64) if seed is None else seed & ((1 << 64) - 1)
    rows, total = monte_carlo(
        job.combos,
        job.weights,
        job.random,
        job.board,
        job.dead,
        samples,
        stderr,
        used_seed,
        threads,
        executor,
        progress,
    )
    return EquityResult(tuple(PlayerEquity(*row) for row in rows), False, total, used_seed)


# -- the other games ------------------------------------------------------------------------------


def _result(sums: _showdowns.Sums) -> EquityResult:
    """The result of a run of the variant kernels or of the double board."""
    total, exact = sums.total, sums.exact
    players = []
    for p in range(len(sums.share)):
        mean = sums.share[p] / total
        var = max(0.0, sums.squares[p] / total - mean * mean)
        players.append(
            PlayerEquity(
                equity=mean,
                win=sums.won[p] / total,
                tie=mean - sums.won[p] / total,
                wins=sums.won[p],
                ties=sums.tied[p],
                stderr=0.0 if exact else math.sqrt(var / total),
            )
        )
    return EquityResult(tuple(players), exact, sums.showdowns, sums.seed)


def game_equity(
    hands: Sequence[str | Range | Iterable[CardLike]],
    board: str | Iterable[CardLike] = "",
    dead: str | Iterable[CardLike] = "",
    *,
    game: str | Game,
    exact: bool | None = None,
    samples: int | None = None,
    seed: int | None = None,
    hole_cards: int | None = None,
) -> EquityResult:
    """Deprecated (it goes in the next release): :func:`equity` takes ``game=``.

    It still runs as it did: in every game, hold'em too, on the variant kernels.

    >>> import warnings
    >>> with warnings.catch_warnings():
    ...     warnings.simplefilter("ignore", DeprecationWarning)
    ...     game_equity(["AsAhKsKh", "QdJdTc9c"], "2s7h8d", game="omaha", exact=True).showdowns
    820
    """
    warn("holdem.game_equity", "holdem.equity(..., game=...)")
    rule = games.evaluator(game)
    return _result(_showdowns.game(hands, board, dead, rule, exact, samples, seed, hole_cards))


def double_board_equity(
    hands: Sequence[str | Iterable[CardLike]],
    boards: Sequence[str | Iterable[CardLike]] = ("", ""),
    dead: str | Iterable[CardLike] = "",
    *,
    split: bool = True,
    exact: bool | None = None,
    samples: int | None = None,
    seed: int | None = None,
) -> EquityResult:
    """All-in equity of 2 to 10 two-card hands in double-board hold'em: two boards of 0, 3, 4
    or 5 known cards each, completed from the one deck (Wikipedia "Texas hold 'em", "Similar
    games").

    With ``split`` (the default) each half of the pot goes to the best hands on each board;
    without, the whole pot goes to the best hand on either board (each player's better value
    of the two; ties split). ``exact=True`` counts every pair of boards; ``samples=N`` draws N
    pairs at random (reproducibly for a given ``seed``); by default the job is exact while
    there are at most 200,000 pairs of boards, else 200,000 are drawn. The boards are
    evaluated by :func:`holdem.evaluate_batch` (NumPy).

    :raises CardError: for an unknown or repeated card, a hand that is not two cards, or a board
        that is not 0, 3, 4 or 5 cards.
    :raises ArgumentError: for fewer than 2 or more than 10 hands, other than two boards,
        ``samples`` < 1, ``exact=True`` with ``samples``, or ``exact=True`` for more than
        5,000,000 pairs of boards.
    :raises ArgumentTypeError: for hands that are not a list, ``split`` that is not a bool,
        ``exact`` that is not a bool or None, ``samples`` that is not an int, or a bad seed.
    :raises MissingDependencyError: when NumPy is not installed.

    >>> r = double_board_equity(["AsAh", "KsKh"], ["2c7d9hJs", "3c8dTh4d"], exact=True)
    >>> r.showdowns, round(r[0].equity, 4)
    (1560, 0.95)
    """
    return _result(_showdowns.double_board(hands, boards, dead, split, exact, samples, seed))


# -- starting hands -------------------------------------------------------------------------------


@dataclass(frozen=True)
class PreflopEquity:
    """A starting hand's all-in equity preflop against random hands (:func:`preflop_equity`).

    ``win_or_tie`` is the share of showdowns not lost (``win + tie``), as tables like the
    Wizard of Odds' give it.
    """

    hand: str
    opponents: int
    equity: float
    win: float
    tie: float
    win_or_tie: float
    exact: bool
    stderr: float


def preflop_equity(
    hand: str,
    opponents: int = 1,
    *,
    samples: int | None = None,
    stderr: float | None = None,
    seed: int | None = None,
    threads: int = 1,
) -> PreflopEquity:
    """Preflop equity of a starting-hand class ('AA', 'AKs', 'T9o') against random hands.

    Exact against one opponent. Against 2 to 9, the Monte Carlo figures shipped with the package
    (:mod:`holdem.analysis.preflop`: standard error at most ``DEFAULT_STDERR``, in ``stderr``);
    or, when ``samples``, ``stderr`` or ``seed`` is given, a new Monte Carlo run (by default to
    a standard error of ``DEFAULT_STDERR``), reproducible with ``seed``. Every combo of a class
    has the same equity against random hands, so one stands for all.

    :raises RangeError: if ``hand`` is not one starting-hand class.
    :raises ArgumentTypeError: for ``opponents``, ``samples``, ``threads`` or ``seed`` of the
        wrong type, or ``stderr`` that is not a number.
    :raises ArgumentError: for ``opponents`` not from 1 to 9, or a bad ``samples``,
        ``stderr``, ``seed`` or ``threads`` value (as :func:`equity`).

    >>> aa = preflop_equity("AA")
    >>> round(100 * aa.equity, 2), aa.exact
    (85.2, True)
    """
    if not isinstance(hand, str):
        raise RangeError(f"a starting hand is a class such as 'AKs', got {hand!r}")
    _, _, kind, plus = _parse_class(hand.strip(), f"hand {hand!r}")
    if plus or kind == "":
        raise RangeError(f"a starting hand is one class: a pair, 'AKs' or 'AKo', got {hand!r}")
    check_int(opponents, "opponents", 1, 9)
    name = str(parse_range(hand.strip()))
    if samples is None and stderr is None and (opponents == 1 or seed is None):
        from holdem.analysis.preflop import random_opponents  # reads its data when first used

        t = random_opponents(name, opponents)
        return PreflopEquity(
            name, opponents, t.equity, t.win, t.tie, t.win + t.tie, opponents == 1, t.stderr
        )
    combo = parse_range(name).combos[0]
    r = equity(
        [combo, *["random"] * opponents],
        samples=samples,
        stderr=stderr if samples is not None or stderr is not None else DEFAULT_STDERR,
        seed=seed,
        threads=threads,
    )
    p = r[0]
    return PreflopEquity(name, opponents, p.equity, p.win, p.tie, p.win + p.tie, False, p.stderr)
