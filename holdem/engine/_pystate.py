"""The hand kernel in plain Python: the reference of the compiled :mod:`holdem.engine._state`.

A hand's state and its operations (the forced bets, the betting rounds and their legal bounds,
the deal of the board and of extra runs, the discards, the showdown and the award of the pots)
on plain integers: chips, card indices 0..51, seat numbers, and the codes of
:mod:`holdem.engine.events` (a street is its ``Street`` value, an event kind its place in
``EventKind``). :class:`holdem.Hand` is a plain-Python class over :class:`HandState`, which
checks the set-up (with :mod:`holdem.engine.stakes` and :mod:`holdem.engine.dealing`), runs
every operation and shows the hand's public values; the rule choices arrive as
``Rules._bits`` and the game as ``Variant._layout``.

This module and the compiled kernel have the same classes, functions and behaviour, line for
line where they can; ``HOLDEM_PURE_KERNEL=1`` makes :class:`holdem.Hand` use this one (CI runs
the engine's tests on both).

The log is a list of entries ``(kind, seat, amount, den, cards, street, all_in)``: ``seat`` -1
for none, the amount ``amount / den`` chips (``den`` is 1 but for the exact fractions of
``OddChips.FRACTIONAL``), ``cards`` a tuple of card indices.

>>> s = HandState([100, 100], blinds=(1, 2), deck=list(range(12)))
>>> s.actor, s.legal_actions().call, s._entries()[0]
(1, 1, (1, 1, 1, 1, (), 0, False))
"""

from __future__ import annotations

import random
import struct
import sys
from collections.abc import Sequence
from fractions import Fraction
from math import gcd
from operator import index as _index
from typing import Any, cast

from holdem import _core
from holdem._validate import is_int
from holdem.cards import Card, CardLike, Deck
from holdem.engine.dealing import HOLDEM_LAYOUT, board_slot, hand_cards
from holdem.engine.events import Legal, LegalDiscard, Pot, Street
from holdem.engine.rules import PRESETS, Rules, Structure
from holdem.engine.showdown import ShowdownMode
from holdem.engine.stakes import MAX_PLAYERS, set_up, starting_stacks
from holdem.engine.variants import GameArg, components, variant_of
from holdem.errors import ActionError, ArgumentError, ArgumentTypeError, RulesError

__all__ = [
    "ActionMap",
    "HandState",
    "award_pots",
    "build_pots",
    "pot_winners",
    "rake_pots",
    "share",
    "split",
]

# Streets, as Street's values.
PREFLOP, FLOP, TURN, RIVER, SHOWDOWN, COMPLETE = range(6)
# Event kinds, by their place in EventKind.
(ANTE, BLIND, STRADDLE, POST, DEAD_BLIND, DEAL_HOLE, BURN, DEAL_BOARD, DISCARD, FOLD, CHECK, CALL,
 BET, RAISE, RETURN, SHOW, MUCK, WIN, EXPOSE, MISDEAL) = range(20)  # fmt: skip
# Rules._bits: (reopen, flags, cap, odd chips, rake); see holdem.engine.rules.
FULL_RAISE, POKERKIT, ALWAYS = 0, 1, 2
ONE_AT_A_TIME, FIRST_WINNER, FRACTIONAL = 0, 1, 2
FIXED, POT, NOLIMIT = 0, 1, 2
(COVER, NO_FLOOR, SHORT_RAISE, STRADDLE_MIN, CAP_BLIND, BY_POSTED, FOLD_FREE, UNCAPPED_HU,
 COMPLETE_SHORT, HALF_BET, ALL_IN_SHOWS, FROM_OPENER, MERGE, DEAD_ANTES, TRIMMING,
 STRADDLE_RAISE, DEAD_BB_ANTE, FULL_BLIND, LONE_ACTS, LIMIT_COMPLETE,
 LIMIT_LEVEL) = (1 << k for k in range(21))  # fmt: skip
# Variant._layout: (low card, hole cards, boards, one at a time, omaha, hi-lo, double,
# discard after (-1 none), split boards, ranking (-1 hold'em), cards of one run).
_HOLDEM_RANKING = -1
# The showdown modes.
AUTO, ALL, MANUAL = 0, 1, 2
#: The most bet fractions of an ActionMap (the compiled kernel's array).
MAX_FRACTIONS = 64
# A tape's records (HandState.play_tape): a bet or raise's total, the kind and the seat.
TAPE_STOP, TAPE_FOLD, TAPE_CALL, TAPE_RAISE = range(4)
_TAPE = struct.Struct("=qBB6x")
#: The layout of a pickled state (a state of another layout is refused, not read wrong).
STATE_FORMAT = 3

_CARDS = Card._all
_new_legal = tuple.__new__

_CONCURRENT = (
    "the hand was changed by another thread meanwhile (a Hand is not thread-safe: use each "
    "from one thread at a time); its pots are paid once"
)


def build_pots(
    contributions: Sequence[int], live: Sequence[bool], dead: int = 0
) -> list[tuple[int, tuple[int, ...]]]:
    """The main pot then the side pots as ``(amount, eligible seats)`` (see
    :func:`holdem.engine.pots.build_pots`)."""
    n = len(contributions)
    pots: list[tuple[int, tuple[int, ...]]] = []
    amount = dead
    previous = 0
    levels = sorted({c for c in contributions if c > 0})
    if dead:
        levels.insert(0, 0)
    for level in levels:
        eligible = []
        for i in range(n):
            c = contributions[i]
            if c > previous:  # what this seat put in between the previous level and this one
                amount += (c if c < level else level) - previous
            if c >= level and live[i]:
                eligible.append(i)
        previous = level
        if not eligible:  # only folded seats put in this much: their chips join the pot below
            if pots:
                pots[-1] = (pots[-1][0] + amount, pots[-1][1])
                amount = 0
            continue
        seats = tuple(eligible)
        if pots and pots[-1][1] == seats:
            amount += pots.pop()[0]
        pots.append((amount, seats))
        amount = 0
    if amount:  # nothing but dead money (or chips no live seat reached, with no pot below)
        pots.append((amount, tuple([i for i in range(n) if live[i]])))
    return pots


def _reduce(num: int, den: int) -> tuple[int, int]:
    g = gcd(num, den)
    return (num // g, den // g) if g > 1 else (num, den)


def share(num: int, den: int, parts: int, k: int, policy: int) -> tuple[int, int]:
    """Part ``k`` of ``parts`` of ``num / den`` chips: the odd chips one at a time from the
    first part, all to the first part, or exact fractions."""
    if policy == FRACTIONAL or den != 1:
        return _reduce(num, den * parts)
    whole, odd = divmod(num, parts)
    if policy == FIRST_WINNER:
        return (whole + (odd if k == 0 else 0), 1)
    return (whole + (1 if k < odd else 0), 1)


def split(num: int, den: int, winners: Sequence[int], policy: int) -> list[tuple[int, int, int]]:
    """Shares of a pot of ``num / den`` chips among ``winners`` (in seat order), as
    ``(seat, num, den)``: the odd chips to the first winners left of the button, all to the
    first of them, or none (exact fractions)."""
    k = len(winners)
    return [(s, *share(num, den, k, j, policy)) for j, s in enumerate(winners)]


def _qualified(
    values: Sequence[int], eligible: Sequence[int], contenders: Sequence[int]
) -> list[int]:
    """The best of the contenders eligible for a pot that have a value (a qualifying hand)."""
    q = [i for i in eligible if i in contenders and values[i] > 0]
    if not q:
        return q
    top = max(values[i] for i in q)
    return [i for i in q if values[i] == top]


def pot_winners(
    pots: Sequence[tuple[int, Sequence[int]]],
    comps: Sequence[Sequence[Sequence[int]]],
    contenders: Sequence[int],
) -> set[int]:
    """The seats that win all or part of at least one pot: for some pot, board share and hand
    type (``comps[share][type][seat]``: a value > 0 beats a smaller one) the best of the
    contenders eligible for it."""
    won: set[int] = set()
    for _, eligible in pots:
        for types in comps:
            for values in types:
                won.update(_qualified(values, eligible, contenders))
    return won


def award_pots(
    pots: Sequence[tuple[int, Sequence[int]]],
    comps: Sequence[Sequence[Sequence[int]]],
    contenders: Sequence[int],
    policy: int,
) -> list[tuple[int, int, int]]:
    """Each pot to its best contenders, as ``(seat, num, den)``, board share by board share and
    pot by pot: each pot split into its board shares (``comps[share]``; the odd chips to the
    first shares), each share in halves
    when some contender has a qualifying low (the odd chip to the high half), each part to the
    best hands eligible for the pot (odd chips by ``policy``); a part no contender can win goes
    to every seat eligible for the pot."""
    wins: list[tuple[int, int, int]] = []
    shares = len(comps)
    for b in range(shares):
        for amount, eligible in pots:
            num, den = share(amount, 1, shares, b, policy)
            parts = [q for values in comps[b] if (q := _qualified(values, eligible, contenders))]
            if not parts:  # no contender eligible: the pot goes back to its seats
                parts = [list(eligible)]
            for t, best in enumerate(parts):
                pn, pd = share(num, den, len(parts), t, policy)
                if len(best) == 1:
                    wins.append((best[0], pn, pd))
                else:
                    wins += split(pn, pd, best, policy)
    return wins


def rake_pots(
    pots: Sequence[tuple[int, tuple[int, ...]]],
    bets_in: Sequence[int],
    rake: tuple[Any, ...],
    flop: bool,
) -> tuple[list[tuple[int, tuple[int, ...]]], int]:
    """The pots after the house's ``rake`` (``Rules._bits``' rake), and the chips it takes
    (see :func:`holdem.engine.pots.rake_pots`); ``bets_in``: what each seat put in less its
    dead money; ``flop``: whether the flop was dealt."""
    num, den, cap, unit, nearest, nfnd, amount, each, whole = rake
    if nfnd and not flop:
        return list(pots), 0
    top = sorted(bets_in, reverse=True)
    uncalled = top[0] - top[1] if len(top) > 1 else top[0] if top else 0
    limit = amount if amount >= 0 and each is None else -1
    if cap >= 0:
        limit = cap if limit < 0 else min(limit, cap)
    last = len(pots) - 1
    scale = den * 100 * unit

    def take(pot: int) -> int:  # whole units of the share of one pot, before the cap
        if nearest:
            return int((2 * num * pot + scale) // (2 * scale) * unit)
        return int(num * pot // scale * unit)

    if whole and each is None and amount < 0:
        bases = [p[0] for p in pots]
        if bases:
            bases[-1] -= uncalled
        total = take(sum(bases))
        if cap >= 0 and total > cap:
            total = cap
        shares, left = [], total
        for base in bases:  # main pot first, each its own share, until the total
            s = min(take(base), left)
            shares.append(s)
            left -= s
        if left > 0 and bases:
            k = bases.index(max(bases))
            shares[k] += min(left, bases[k] - shares[k])
        each = tuple(shares)
    out = []
    taken = 0
    for k, (chips, eligible) in enumerate(pots):
        base = chips - (uncalled if k == last else 0)
        if each is not None:
            s = each[k] if k < len(each) else 0
        else:
            s = base if amount >= 0 else take(base)
        if limit >= 0:
            s = min(s, limit - taken)
        s = max(0, min(s, base))
        taken += s
        out.append((chips - s, eligible))
    return out, taken


_MODES = {"auto": AUTO, "all": ALL, "manual": MANUAL}


def _buffer(out: Any, code: str, need: int, what: str) -> Any:
    """``out``'s memory as a flat memoryview of ``code`` items (``"f"`` float32, ``"b"``
    int8), checked writable, C-contiguous and at least ``need`` items long."""
    kind = "float32" if code == "f" else "int8"
    try:
        view = memoryview(out)
    except TypeError:
        raise ArgumentError(
            f"out must be a writable C-contiguous {kind} buffer, got {type(out).__name__}"
        ) from None
    if view.readonly or not view.c_contiguous or view.format not in (code, "@" + code, "=" + code):
        raise ArgumentError(
            f"out must be a writable C-contiguous {kind} buffer, got {type(out).__name__}"
        )
    flat = view.cast("B").cast(code)  # type: ignore[call-overload]  # its memory, item by item
    if len(flat) < need:
        raise ArgumentError(f"out holds {len(flat)} items; {what} needs {need}")
    return flat


class ActionMap:
    """The environments' action indices (:class:`holdem.envs._game.EnvGame`): 0 fold, 1 check
    or call, then (discrete) one raise per bet fraction and all-in, or (``full``) ``2 + k`` a
    raise to ``k`` chips in all, for ``num_actions`` indices. ``pz_sizing``: the fractions
    size raises as PettingZoo's ``texas_holdem_no_limit_v6`` (else as pot fractions). Read by
    :meth:`HandState.action_target` and :meth:`HandState.write_action_mask`. The same as the
    compiled kernel's ``ActionMap``.

    :raises ArgumentError: for more than 64 fractions, a fraction that is not a number above
        0, ``num_actions`` other than ``3 + len(fractions)`` (discrete) or below 3 (full).

    >>> ActionMap(5, (0.5, 1.0)).all_in
    4
    """

    __slots__ = ("all_in", "fractions", "full", "num_actions", "pz_sizing")

    def __init__(
        self,
        num_actions: int,
        fractions: Sequence[float] = (),
        *,
        full: bool = False,
        pz_sizing: bool = False,
    ) -> None:
        fracs: tuple[object, ...] = tuple(fractions)
        for f in fracs:
            if isinstance(f, bool) or not isinstance(f, int | float) or not 0 < f < 1000:
                raise ArgumentError(f"a bet fraction is a number > 0 (of the pot), got {f!r}")
        if len(fracs) > MAX_FRACTIONS:
            raise ArgumentError(f"at most {MAX_FRACTIONS} bet fractions, got {len(fracs)}")
        num = _index(num_actions)
        if full:
            if fracs:
                raise ArgumentError("the full actions have no bet fractions")
            if not 3 <= num <= 1 << 30:
                raise ArgumentError(f"the full actions are 3 to 2**30 indices, got {num}")
        elif num != 3 + len(fracs):
            raise ArgumentError(
                f"{len(fracs)} bet fractions make {3 + len(fracs)} actions, not {num}"
            )
        self.num_actions = num
        self.fractions: tuple[float, ...] = tuple(float(cast(float, f)) for f in fracs)
        self.full = bool(full)
        self.pz_sizing = bool(pz_sizing)
        self.all_in = -1 if full else 2 + len(fracs)

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle support: the class and its arguments."""
        return _new_action_map, (self.num_actions, self.fractions, self.full, self.pz_sizing)


def _new_action_map(
    num_actions: int, fractions: tuple[float, ...], full: bool, pz_sizing: bool
) -> ActionMap:
    return ActionMap(num_actions, fractions, full=full, pz_sizing=pz_sizing)


class HandState:
    """One hand's state and operations, on plain integers (see the module).

    ``rules``: ``Rules._bits``; ``layout``: ``Variant._layout``; ``stacks``: the starting
    stacks (checked); ``forced``, ``antes``, ``dead``: each seat's blind or straddle due, ante
    due and the dead part of its ante; ``posts``: None, or each seat's live post and dead blind;
    ``sizes``: the fixed-limit bet of each street; ``small``, ``big``, ``least``: the small bet,
    the big bet and the minimum bet; ``runs``: the runs of the board after an all-in; ``cards``:
    the hand's cards in dealing order.
    """

    __slots__ = (
        "__weakref__",
        "_acted",
        "_actor",
        "_aggressor",
        "_ante",
        "_antes_due",
        "_bet",
        "_big",
        "_board",
        "_boards",
        "_cap",
        "_cards",
        "_contrib",
        "_discarding",
        "_final",
        "_flags",
        "_fold_free",
        "_folded",
        "_forced",
        "_forced_due",
        "_fraction",
        "_game",
        "_holes",
        "_inc",
        "_kind",
        "_layout",
        "_least",
        "_level",
        "_live",
        "_log",
        "_max_bet",
        "_mode",
        "_mucked",
        "_n",
        "_name",
        "_opener",
        "_policy",
        "_posts",
        "_queue",
        "_raises",
        "_rake",
        "_reopen",
        "_reopen_at",
        "_round_capped",
        "_rules",
        "_runs",
        "_shorts",
        "_show_queue",
        "_showdown_mode",
        "_shown",
        "_sizes",
        "_small",
        "_stack",
        "_start",
        "_street",
        "_structure",
    )

    def __init__(
        self,
        stacks: Sequence[int],
        *,
        blinds: Sequence[int] = (),
        rng: random.Random | None = None,
        seed: int | None = None,
        deck: Deck | Sequence[CardLike] | None = None,
        straddles: Sequence[int] = (),
        ante: int = 0,
        big_blind_ante: int = 0,
        forced_bets: Sequence[int] | None = None,
        antes: Sequence[int] | None = None,
        posts: Sequence[int] | None = None,
        dead_blinds: Sequence[int] | None = None,
        structure: Structure | str = Structure.NO_LIMIT,
        small_bet: int | None = None,
        big_bet: int | None = None,
        min_bet: int | None = None,
        rules: Rules | str = "casino",
        hole_cards: Sequence[Sequence[CardLike | None] | None] | None = None,
        board: Sequence[CardLike] = (),
        showdown: ShowdownMode = "auto",
        runs: int = 1,
        river_bet: int | None = None,
        game: GameArg = None,
    ) -> None:
        start_ = starting_stacks(stacks)
        n = len(start_)
        if isinstance(rules, str):
            found = PRESETS.get(rules)
            checked = found if found is not None else Rules.preset(rules)
        else:
            checked = rules
        if not isinstance(checked, Rules):
            raise RulesError(f"rules must be a Rules or a preset name, got {rules!r}")
        s = structure if isinstance(structure, Structure) else Structure.parse(structure)
        given: object = showdown  # (any object: checked)
        mode = _MODES.get(given) if isinstance(given, str) else None
        if mode is None:
            raise RulesError(f"showdown must be 'auto', 'all' or 'manual', got {showdown!r}")
        kind = FIXED if s is Structure.FIXED_LIMIT else POT if s is Structure.POT_LIMIT else NOLIMIT
        forced, ante_list, checked_posts, small, big, least, sizes, dead, checked_runs = set_up(
            n, kind, blinds, straddles, ante, big_blind_ante, forced_bets, antes, posts,
            dead_blinds, small_bet, big_bet, min_bet, river_bet, runs, checked,
        )  # fmt: skip
        variant = variant_of(game)
        variant.check(n, checked_runs)
        cards = hand_cards(
            variant._layout, variant.name, n, deck, seed, rng, hole_cards, board, checked_runs
        )
        self._begin(
            checked._bits, variant._layout, start_, forced, ante_list, dead, checked_posts,
            sizes, small, big, least, checked_runs, cards, kind, mode,
        )  # fmt: skip
        self._rules: Rules = checked
        self._structure: Structure = s
        self._showdown_mode: ShowdownMode = showdown
        self._game: Any = variant
        self._forced_due: tuple[int, ...] = tuple(forced)
        self._antes_due: tuple[int, ...] = tuple(ante_list)

    def _begin(
        self,
        rules: tuple[Any, ...],
        layout: tuple[int, ...],
        stacks: Sequence[int],
        forced: Sequence[int],
        antes: Sequence[int],
        dead: Sequence[int],
        posts: tuple[Sequence[int], Sequence[int]] | None,
        sizes: tuple[int, int, int, int],
        small: int,
        big: int,
        least: int,
        runs: int,
        cards: Sequence[int] | int,
        kind: int,
        mode: int,
    ) -> None:
        """Set the hand up from a checked set-up (``Rules._bits``, ``Variant._layout`` ...),
        post the forced bets, deal and begin."""
        self._name, self._reopen, self._flags, self._cap, self._policy, self._rake = rules
        self._layout = layout
        self._kind = kind
        self._mode = mode
        n = len(stacks)
        self._n = n
        self._start = tuple(stacks)
        self._forced = tuple(forced)
        self._posts = None if posts is None else (tuple(posts[0]), tuple(posts[1]))
        self._sizes = tuple(sizes)
        self._small, self._big, self._least = small, big, least
        self._runs = runs
        if type(cards) is int:  # random bits: the game's deck dealt by a partial shuffle
            need = layout[1] * n + layout[10] * runs
            cards = _core.draw(list(range(layout[0], 52)), need, cards)
        self._begin_hand(cards, antes, dead)  # type: ignore[arg-type]

    def _begin_hand(self, cards: Sequence[int], antes: Sequence[int], dead: Sequence[int]) -> None:
        """Deal a hand afresh on a state whose set-up is made (the rules, the game, the stakes
        and the starting stacks): the hand's part of the state cleared, ``cards`` (the hand's
        cards in dealing order) taken, the forced bets posted (``antes`` and the ``dead`` part
        of each), the hole cards dealt and the first round begun (the kernel's ``begin_hand``,
        with which a batch of hands deals each new hand)."""
        n, layout = self._n, self._layout
        self._fold_free = bool(self._flags & FOLD_FREE)
        self._fraction = False
        self._live = n
        self._stack = list(self._start)
        self._final: list[int] | None = None
        self._contrib = [0] * n
        self._ante = [0] * n
        self._bet = [0] * n
        self._folded = [False] * n
        self._mucked = [False] * n
        self._shown = [False] * n
        self._log: list[tuple[Any, ...]] = []
        self._board: list[int] = []
        self._boards: list[list[int]] | None = (
            [[] for _ in range(layout[2])] if layout[2] > 1 else None
        )
        self._street = PREFLOP
        self._queue: list[int] = []
        self._show_queue: list[int] = []
        self._actor = -1
        self._aggressor = -1
        self._opener = 0
        self._acted: set[int] = set()
        self._shorts: list[int] = []
        self._reopen_at = [0] * n
        self._discarding: list[int] = []
        self._cards = list(cards)
        self._raises = 0
        self._inc = 0
        self._max_bet = 0
        self._level = 0
        self._round_capped = False
        largest = self._post_forced(antes, self._forced, dead)
        self._deal_hole()
        self._forced_round(largest, self._forced)
        self._begin_round()

    # -- set-up ---------------------------------------------------------------------------

    def _post_forced(self, antes: Sequence[int], forced: Sequence[int], dead: Sequence[int]) -> int:
        """Post the antes, the dead blinds, the blinds and straddles and the live posts; the
        largest blind or straddle due."""
        n, stack, contrib, flags = self._n, self._stack, self._contrib, self._flags
        room = list(stack)  # what a blind may take
        posted = [min(antes[i], stack[i]) for i in range(n)]
        if flags & TRIMMING and n > 1 and any(posted):
            # pokerkit: the trimmed part goes back, but a blind is still capped by the stack
            # less the untrimmed ante.
            room = [stack[i] - posted[i] for i in range(n)]
            cutoff = sorted(posted)[-2]
            posted = [min(a, cutoff) for a in posted]
        for i in range(n):
            a = posted[i]
            if a:
                stack[i] -= a
                contrib[i] += a
                # Dead money only: every ante, or the big-blind ante (posted first).
                self._ante[i] = a if flags & DEAD_ANTES else min(a, dead[i])
                self._log.append((ANTE, i, a, 1, (), PREFLOP, not stack[i]))
                if not flags & TRIMMING:
                    room[i] = stack[i]
        if self._posts is not None:
            self._post_extra(1, DEAD_BLIND, self._ante)  # dead: not in the bets
        largest = 0
        for k in range(n):
            i = k if n > 2 else 1 - k  # heads-up, the button's small blind first
            f = forced[i]
            largest = max(largest, f)
            s = stack[i]
            f = min(f, room[i], s)
            if f:
                stack[i] = s - f
                self._bet[i] = f
                contrib[i] += f
                kind = STRADDLE if n > 2 and i >= 2 else BLIND
                self._log.append((kind, i, f, 1, (), PREFLOP, s == f))
        if self._posts is not None:
            self._post_extra(0, POST, self._bet)  # live, but no blinds
        return largest

    def _post_extra(self, which: int, kind: int, into: list[int]) -> None:
        assert self._posts is not None
        amounts, stack = self._posts[which], self._stack
        for i in range(self._n):
            f = min(amounts[i], stack[i])
            if f:
                stack[i] -= f
                self._contrib[i] += f
                into[i] += f
                self._log.append((kind, i, f, 1, (), PREFLOP, not stack[i]))

    def _forced_round(self, largest: int, forced: Sequence[int]) -> None:
        """The pre-flop round's size of a full raise and count of bets, from the forced bets."""
        self._max_bet = max(self._bet)
        if self._flags & FULL_BLIND:  # (a blind all in for less: see Rules)
            self._max_bet = max(self._max_bet, largest)
        self._inc = self._opening_size()
        if self._flags & STRADDLE_MIN and self._inc:
            self._inc = max(self._inc, largest)
        self._level = self._max_bet
        self._raises = 0
        if largest and self._flags & CAP_BLIND and not self._completes(largest):
            self._raises = 1  # (a blind short of the small bet is a bring-in, not a bet)
            for i in range(2, self._n):
                self._raises += forced[i] != 0

    def _deal_hole(self) -> None:
        """Deal the hole cards, one at a time round the table, from the cards in dealing order."""
        n, h, cards = self._n, self._layout[1], self._cards
        self._holes = [[cards[k * n + i] for k in range(h)] for i in range(n)]
        for i in range(n):
            self._log.append((DEAL_HOLE, i, 0, 1, tuple(self._holes[i]), PREFLOP, False))

    def _opening_size(self) -> int:
        """The size a raise must reach to be full before anyone bets on this street."""
        if self._reopen == POKERKIT:
            return 0  # pokerkit: the largest raise so far, none yet (the minimum bet holds)
        return self._sizes[self._street] if self._kind == FIXED else self._least

    def _completes(self, max_bet: int) -> bool:  # a short blind is completed (see Rules)
        return (
            self._kind == FIXED
            and max_bet < self._small
            and self._street == PREFLOP
            and bool(self._flags & COMPLETE_SHORT)
        )

    # -- betting rounds ------------------------------------------------------------------------

    def _first_to_act(self) -> int:
        """Pre-flop: left of the largest blind or straddle (the later seat on a tie), or of the
        largest bet posted (pokerkit); heads-up, the button; with none, left of the button."""
        n, bet, forced = self._n, self._bet, self._forced
        if self._flags & BY_POSTED:
            top_of = [bet[i] if forced[i] or self._posts is None else 0 for i in range(n)]
        else:
            top_of = list(forced)
        top = 0
        for i in range(1, n):
            if top_of[i] >= top_of[top]:
                top = i
        return (top + 1) % n if top_of[top] else 0

    def _begin_round(self) -> None:
        """Set up the betting of the current street (the blinds are already in pre-flop)."""
        n, bet, stack, folded = self._n, self._bet, self._stack, self._folded
        if self._street == PREFLOP:
            first = self._first_to_act()
        else:
            first = 0
            self._inc = self._opening_size()
            self._raises = 0
            self._max_bet = 0
            self._level = 0
        self._aggressor = -1
        self._opener = first
        self._acted.clear()
        self._shorts.clear()
        self._reopen_at = [0] * n
        high = second = 0  # the two largest totals of a live seat (bet and stack)
        for i in range(n):
            if not folded[i]:
                total = bet[i] + stack[i]
                if total > high:
                    high, second = total, high
                elif total > second:
                    second = total
        queue = []  # in reverse order of action: the actor last
        for k in range(n - 1, -1, -1):
            i = (first + k) % n
            if not folded[i] and stack[i] and second > bet[i]:
                queue.append(i)
        self._round_capped = self._kind == FIXED and self._cap >= 0
        if self._round_capped and self._flags & UNCAPPED_HU and self._live == 2:
            self._round_capped = False
        if len(queue) == 1 and bet[queue[0]] >= self._max_bet:
            queue.clear()
        self._queue = queue
        if queue:
            self._actor = queue[-1]
        else:
            self._end_round()

    def _nobody_to_act(self) -> str:
        """Why no one may act now (the message of an action refused for it)."""
        if self._street == COMPLETE:
            return "the hand is over: no one may act"
        if self._discarding:
            return f"seats {list(self._discarding)} must discard first (discard())"
        if self._street == SHOWDOWN:
            return f"it is the showdown: seat {self._actor} may show or muck"
        return "no one is to act"

    def _turn(self, seat: object) -> int:
        actor = self._actor
        if actor < 0 or self._street >= SHOWDOWN:
            raise ActionError(self._nobody_to_act())
        if seat is not None and seat != actor:
            raise ActionError(f"seat {seat} acted out of turn: seat {actor} is to act")
        return actor

    def _raise_min(self, i: int) -> int:
        """The smallest total seat ``i``, the seat to act, may bet or raise to (all its chips
        when it has no more), or -1 when it may not bet or raise now."""
        bet_i, stack_i, max_bet, flags = self._bet[i], self._stack[i], self._max_bet, self._flags
        owed = max_bet - bet_i
        if stack_i <= owed and not (self._kind == FIXED and flags & SHORT_RAISE):
            return -1  # (the ACPC dealer lets him raise all-in: see Rules)
        if self._round_capped and self._raises >= self._cap:
            return -1
        cover = flags & COVER
        for j in range(self._n):
            if j != i and not self._folded[j]:
                b, s = self._bet[j], self._stack[j]
                if b + s > (max_bet if cover else b):
                    break
        else:
            return -1  # no one left who could call a raise
        inc = self._inc
        if self._reopen == FULL_RAISE:
            if max_bet < self._reopen_at[i]:
                return -1
        elif self._reopen == POKERKIT:
            if owed < inc:  # pokerkit: "Short all-in cannot be raised."
                return -1
            if self._shorts and sum(self._shorts) < inc and i in self._acted:
                return -1
        all_in = bet_i + stack_i
        if self._kind == FIXED:
            full = self._level + self._sizes[self._street]  # (see Rules.limit_all_in)
            lo = self._small if self._completes(max_bet) else full
        else:
            floor = 0 if flags & NO_FLOOR else self._least  # ACPC: no floor (see Rules)
            lo = max_bet + (inc if inc > floor else floor)
        return all_in if all_in <= lo else lo

    def _raise_max(self, i: int, lo: int) -> int:
        """The largest total the seat to act may bet or raise to, when :meth:`_raise_min` gave
        ``lo``: all its chips in no limit, the smallest in fixed limit, in pot limit a raise by
        the pot after the call (the smallest if that is less)."""
        all_in = self._bet[i] + self._stack[i]
        if self._kind == NOLIMIT or all_in <= lo:
            return all_in
        if self._kind == FIXED:
            return lo
        hi = self._max_bet + (self._max_bet - self._bet[i]) + sum(self._contrib)
        return min(max(hi, lo), all_in)

    def _legal(self) -> tuple[int, bool, bool, int, int, int] | None:
        """What the seat to act may do, as ``(seat, fold, check, call, min raise-to, max
        raise-to)`` (-1 for no call, no raise), or None when no one is to act."""
        i = self._actor
        if i < 0 or self._street >= SHOWDOWN:
            return None
        owed = self._max_bet - self._bet[i]
        call = min(owed, self._stack[i]) if owed > 0 else -1
        lo = self._raise_min(i)
        hi = -1 if lo < 0 else self._raise_max(i, lo)
        return (i, owed != 0 or self._fold_free, owed <= 0, call, lo, hi)

    def write_observation(
        self,
        out: Any,
        seat: object,
        players: object = None,
        scale: float = 1.0,
        live: bool = True,
    ) -> None:
        """Write what ``seat`` observes into ``out`` (a writable C-contiguous float32 buffer, at
        least ``112 + 5 * players`` long; zeroed first): the environments' default layout (see
        :func:`holdem.envs.observation_layout`) for ``players`` seats (by default the hand's),
        chips times ``scale``. ``live`` False shows no street and no seat to act.

        :raises ActionError: for a seat that is not in the hand.
        :raises ArgumentError: for fewer ``players`` than the hand's seats, or an ``out`` that is
            not such a buffer or is too short.
        """
        me = self._seat(seat)
        m = self._n
        if players is None:
            n = m
        elif is_int(players) and m <= players <= MAX_PLAYERS:
            n = _index(players)
        else:
            raise ArgumentError(
                f"players must be an int from {m} to {MAX_PLAYERS}, got {players!r}"
            )
        out = _buffer(out, "f", 112 + 5 * n, "the observation")
        for k in range(112 + 5 * n):
            out[k] = 0.0
        for c in self._holes[me]:
            out[c] = 1.0
        for c in self._board:
            out[52 + c] = 1.0
        out[108] = sum(self._contrib) * scale
        street = self._street
        actor = self._actor if live else -1
        if live and street < SHOWDOWN:
            out[104 + street] = 1.0
        if actor == me and street < SHOWDOWN:
            owed = self._max_bet - self._bet[me]
            if owed > 0:
                out[109] = min(owed, self._stack[me]) * scale
            lo = self._raise_min(me)
            if lo >= 0:
                out[110] = lo * scale
                out[111] = self._raise_max(me, lo) * scale
        stacks = self.stacks
        base = 112 + 2 * n
        for k in range(m):
            j = (me + k) % m
            out[112 + k] = float(stacks[j]) * scale
            out[112 + n + k] = self._bet[j] * scale
            if self._folded[j]:
                out[base + k] = 1.0
        if actor >= 0:
            out[base + n + (actor - me) % m] = 1.0
        out[base + 2 * n + me] = 1.0

    def write_observation_v6(self, out: Any, seat: object) -> None:
        """Write what ``seat`` observes in PettingZoo's ``texas_holdem_no_limit_v6`` encoding
        into ``out`` (a writable C-contiguous float32 buffer of at least 54 floats; zeroed
        first): its hole cards and the board one-hot in rlcard's card order (spades, hearts,
        diamonds, clubs, each from the ace to the king), its chips put in, the most chips put
        in by a seat. ``seat`` None: no seat's cards (the public part).

        :raises ActionError: for a seat that is not in the hand.
        :raises ArgumentError: for an ``out`` that is not such a buffer or is too short.
        """
        me = -1 if seat is None else self._seat(seat)
        out = _buffer(out, "f", 54, "the observation")
        for k in range(54):
            out[k] = 0.0
        for c in (*(self._holes[me] if me >= 0 else ()), *self._board):
            out[(3 - c % 4) * 13 + (c // 4 + 1) % 13] = 1.0
        out[52] = float(self._contrib[me] if me >= 0 else 0)
        out[53] = float(max(self._contrib))

    def action_target(self, actions: ActionMap, index: int) -> int:
        """The raise-to amount that action index ``index`` of ``actions`` stands for, for the
        seat to act now, or -1 when it is no legal raise (an index below 2 or past the map, a
        raise the seat may not make, or no seat to act).

        :raises ArgumentTypeError: for ``actions`` that is not an :class:`ActionMap`.
        """
        if not isinstance(actions, ActionMap):
            raise ArgumentTypeError(f"actions must be an ActionMap, got {actions!r}")
        legal = self._legal()
        if legal is None:
            return -1
        return self._action_target(actions, _index(index), legal[4], legal[5])

    def _action_target(self, a: ActionMap, index: int, lo: int, hi: int) -> int:
        """:meth:`action_target` for the seat to act, whose raise bounds are ``lo .. hi``
        (``lo`` -1: it may not raise): see the compiled kernel's ``action_target``."""
        if lo < 0 or index < 2 or index >= a.num_actions:
            return -1
        if a.full:
            amount = index - 2
            return amount if lo <= amount <= hi else -1
        i = self._actor
        bet = self._bet[i]
        if index == a.all_in:
            return hi if bet + self._stack[i] == hi else -1
        f = a.fractions[index - 2]
        pot = sum(self._contrib)
        if a.pz_sizing:
            amount = bet + int(f * pot)
            return amount if lo <= amount <= hi else -1
        owed = min(max(self._max_bet - bet, 0), self._stack[i])
        amount = max(self._bet) + int(f * (pot + owed) + 0.5)
        return min(max(amount, lo), hi)

    def write_action_mask(self, actions: ActionMap, out: Any) -> None:
        """Write the action mask of the seat to act into ``out`` (a writable C-contiguous int8
        buffer of at least ``actions.num_actions`` entries): 1 for each legal index of
        ``actions``, 0 for the others.

        :raises ActionError: when no one is to act.
        :raises ArgumentError: for an ``out`` that is not such a buffer or is too short.
        :raises ArgumentTypeError: for ``actions`` that is not an :class:`ActionMap`.
        """
        if not isinstance(actions, ActionMap):
            raise ArgumentTypeError(f"actions must be an ActionMap, got {actions!r}")
        legal = self._legal()
        if legal is None:
            raise ActionError(self._nobody_to_act())
        nact = actions.num_actions
        marks = _buffer(out, "b", nact, "the mask")
        i, fold, _check, _call, lo, hi = legal
        for k in range(nact):
            marks[k] = 0
        marks[0] = 1 if fold else 0
        marks[1] = 1
        if lo < 0:
            return
        if actions.full:  # (never past the mask: a total beyond the map's chips has no index)
            for k in range(2 + lo, min(3 + hi, nact)):
                marks[k] = 1
        elif actions.pz_sizing:
            for k in range(2, nact):
                marks[k] = 1 if self._action_target(actions, k, lo, hi) >= 0 else 0
        else:
            for k in range(2, actions.all_in):  # every fraction: moved into the range
                marks[k] = 1
            marks[actions.all_in] = 1 if self._bet[i] + self._stack[i] == hi else 0

    def verify_fold(self, seat: object = None) -> None:
        """Raise :class:`ActionError` unless the seat to act (``seat``, if given, must be it)
        may fold now (see ``fold``).
        """
        self._verify_fold(seat)

    def verify_check(self, seat: object = None) -> None:
        """Raise :class:`ActionError` unless the seat to act may check now (see ``check``)."""
        self._verify_check(seat)

    def verify_call(self, seat: object = None) -> None:
        """Raise :class:`ActionError` unless the seat to act faces a bet it may call."""
        self._verify_call(seat)

    def verify_raise_to(self, amount: object, seat: object = None) -> None:
        """Raise :class:`ActionError` unless the seat to act may bet or raise to ``amount``
        (see ``raise_to``); the message says what would be legal.
        """
        self._verify_raise(amount, seat)

    def verify_show(self, seat: object = None) -> None:
        """Raise :class:`ActionError` unless it is a manual showdown and ``seat`` (if given) is
        the seat to show or muck."""
        self._verify_show(seat)

    def verify_muck(self, seat: object = None) -> None:
        """Raise :class:`ActionError` unless the seat to show or muck may muck now (see
        ``muck``).
        """
        self._verify_muck(seat)

    def can_bet(self, amount: object) -> bool:
        """Alias of ``can_raise_to``."""
        return self.can_raise_to(amount)

    def bet(self, amount: object, seat: object = None) -> None:
        """Alias of ``raise_to``."""
        self.raise_to(amount, seat)

    def legal_actions(self) -> Legal:
        """What the seat to act, or the first seat to discard, may do now, and for how much.

        Between the betting rounds of a Pineapple hand it is a discard (``LegalDiscard``).

        :raises ActionError: when no one is to act or discard (the showdown, or the hand is
            over).
        """
        t = self._legal()
        if t is None:
            if self._discarding:  # Pineapple: the first seat still to discard
                i = self._discarding[0]
                return LegalDiscard(i, tuple([_CARDS[c] for c in self._holes[i]]))
            raise ActionError(self._nobody_to_act())
        i, fold, check, call, lo, hi = t
        return _new_legal(
            Legal, (i, fold, check, None if call < 0 else call, None if lo < 0 else lo,
                    None if lo < 0 else hi),
        )  # fmt: skip

    def can_fold(self) -> bool:
        """True when the seat to act may fold (never raises: False when no one is to act)."""
        try:
            self._verify_fold()
        except ActionError:
            return False
        return True

    def can_check(self) -> bool:
        """True when the seat to act may check."""
        try:
            self._verify_check()
        except ActionError:
            return False
        return True

    def can_call(self) -> bool:
        """True when the seat to act faces a bet it may call."""
        try:
            self._verify_call()
        except ActionError:
            return False
        return True

    def can_raise_to(self, amount: object) -> bool:
        """True when the seat to act may bet or raise to this total.

        It runs the checks of ``raise_to`` and never raises: False for any amount that
        ``raise_to`` would refuse.
        """
        try:
            self._verify_raise(amount)
        except ActionError:
            return False
        return True

    def _verify_fold(self, seat: object = None) -> int:
        """True when the seat to act may bet or raise to this total.

        It runs the checks of ``raise_to`` and never raises: False for any amount that
        ``raise_to`` would refuse.
        """
        i = self._turn(seat)
        if self._bet[i] == self._max_bet and not self._fold_free:
            raise ActionError(f"seat {i} may not fold when it can check (rules {self._name})")
        return i

    def fold(self, seat: object = None) -> None:
        """The seat to act folds (``seat``, if given, must be the seat to act).

        :raises ActionError: when no one is to act, ``seat`` is not the seat to act, or it
            could check and the rules forbid folding then (``Rules.fold_when_free``).
        """
        i = self._verify_fold(seat)
        self._folded[i] = True
        self._live -= 1
        self._log.append((FOLD, i, 0, 1, (), self._street, False))
        self._next(i)

    def _verify_check(self, seat: object = None) -> int:
        """The seat to act folds (``seat``, if given, must be the seat to act).

        :raises ActionError: when no one is to act, ``seat`` is not the seat to act, or it
            could check and the rules forbid folding then (``Rules.fold_when_free``).
        """
        i = self._turn(seat)
        owed = self._max_bet - self._bet[i]
        if owed > 0:
            raise ActionError(
                f"seat {i} cannot check facing a bet: call {min(owed, self._stack[i])}, "
                "raise or fold"
            )
        return i

    def check(self, seat: object = None) -> None:
        """The seat to act checks.

        :raises ActionError: when no one is to act, ``seat`` is not the seat to act, or it
            faces a bet (the message says how much it would call).
        """
        self._check_at(self._verify_check(seat))

    def _check_at(self, i: int) -> None:
        self._log.append((CHECK, i, 0, 1, (), self._street, False))
        back = self._bet[i] - self._max_bet
        if back > 0:  # over the bet a short raise lowered (Rules.limit_short_raise)
            self._bet[i] = self._max_bet
            self._stack[i] += back
            self._contrib[i] -= back
            self._log.append((RETURN, i, back, 1, (), self._street, False))
        self._next(i)

    def _verify_call(self, seat: object = None) -> int:
        """The seat to act checks.

        :raises ActionError: when no one is to act, ``seat`` is not the seat to act, or it
            faces a bet (the message says how much it would call).
        """
        i = self._turn(seat)
        if self._max_bet - self._bet[i] <= 0:
            raise ActionError(f"seat {i} has no bet to call: check, bet or fold")
        return i

    def call(self, seat: object = None) -> None:
        """The seat to act calls (all-in if its stack is short).

        :raises ActionError: when no one is to act, ``seat`` is not the seat to act, or there
            is no bet to call.
        """
        self._call_at(self._verify_call(seat))

    def _call_at(self, i: int) -> None:
        s = self._stack[i]
        owed = self._max_bet - self._bet[i]
        add = owed if owed < s else s
        self._stack[i] = s - add
        self._bet[i] += add
        self._contrib[i] += add
        self._log.append((CALL, i, add, 1, (), self._street, s == add))
        self._next(i)

    def check_or_call(self, seat: object = None) -> None:
        """Check when nothing is owed, else call.

        :raises ActionError: when no one is to act or ``seat`` is not the seat to act.
        """
        i = self._turn(seat)
        if self._bet[i] >= self._max_bet:
            self._check_at(i)
        else:
            self._call_at(i)

    def _verify_raise(self, amount: object, seat: object = None) -> int:
        """The seat to act, if it may bet or raise to ``amount`` now; else :class:`ActionError`
        naming what would be legal."""
        i = self._turn(seat)
        if type(amount) is not int and not is_int(amount):
            raise ActionError(f"a bet or raise is an int number of chips, got {amount!r}")
        lo = self._raise_min(i)
        if lo < 0:
            legal = self._legal()
            assert legal is not None
            options = ["fold"] if legal[1] else []
            options.append("check" if legal[2] else f"call {legal[3]}")
            raise ActionError(f"seat {i} may not bet or raise now: {' or '.join(options)}")
        hi = self._raise_max(i, lo)
        total = _index(amount)  # (an int: checked above)
        if not lo <= total <= hi:
            what = "raise" if self._max_bet else "bet"
            span = f"to {lo}" if lo == hi else f"to {lo} .. {hi}"
            raise ActionError(f"seat {i} cannot {what} to {total}: it may {what} {span}")
        return i

    def raise_to(self, amount: object, seat: object = None) -> None:
        """The seat to act bets or raises so that its bet on this street totals ``amount``.

        :raises ActionError: when no one is to act, ``seat`` is not the seat to act, the seat
            may not bet or raise now, or ``amount`` is not an int (a bool, a float, a Fraction
            ...) or is outside ``legal_actions``' ``min_raise_to .. max_raise_to`` (a negative
            amount too); the message says what would be legal.
        """
        i = self._verify_raise(amount, seat)
        self._raise_at(i, _index(amount))  # type: ignore[arg-type]  # (checked: an int)

    def _limit_level(self, max_bet: int, total: int, over: int) -> bool:
        """Fixed limit: the level a bet or raise to ``total``, ``over`` above the last one,
        leaves (see Rules.limit_all_in); whether it counts toward the cap (an all-in short of
        half a bet that is to be completed does not)."""
        bet = self._sizes[self._street]
        if self._completes(max_bet) or over >= bet or not self._flags & LIMIT_COMPLETE:
            self._level = total
        elif 2 * over >= bet:  # half a bet or more: a full bet
            self._level = self._level + bet if self._flags & LIMIT_LEVEL else total
        else:
            return False  # (the next raise completes it)
        return True

    def _raise_at(self, i: int, total: int) -> None:
        max_bet, inc, flags = self._max_bet, self._inc, self._flags
        add = total - self._bet[i]
        self._stack[i] -= add
        self._bet[i] = total
        self._contrib[i] += add
        kind = RAISE if max_bet else BET
        self._log.append((kind, i, total, 1, (), self._street, not self._stack[i]))
        size = total - max_bet
        fixed = self._kind == FIXED
        over = total - self._level if fixed else size  # (above the last full bet)
        counted = self._limit_level(max_bet, total, over) if fixed else True
        if self._reopen == FULL_RAISE:
            full = over >= inc or (
                fixed and flags & HALF_BET and 2 * over >= self._sizes[self._street]
            )
            if full or self._completes(max_bet):
                if self._kind != FIXED and size > inc:
                    self._inc = size
                self._reopen_at = [0] * self._n
            self._reopen_at[i] = total + self._inc
        elif self._reopen == POKERKIT:
            if size >= inc:
                self._acted.clear()
            if size > inc:
                self._inc = size
            if not self._stack[i]:
                self._shorts.append(size)
            else:
                self._shorts.clear()
            if sum(self._shorts) >= self._inc:
                self._shorts.clear()
        elif flags & NO_FLOOR:  # ACPC: reach the last minimum and this raise plus its size
            self._inc = max(max_bet + inc - total, size)
        elif size > inc:  # ALWAYS: the next raise is at least the largest one
            self._inc = size
        if counted:
            self._raises += 1
        self._max_bet = total
        self._aggressor = i
        # Everyone else who can still act must act again, in order after the raiser.
        queue = []
        for k in range(self._n - 1, 0, -1):
            j = (i + k) % self._n
            if not self._folded[j] and self._stack[j]:
                queue.append(j)
        queue.append(i)
        self._queue = queue
        self._next(i)

    def all_in(self, seat: object = None) -> None:
        """The seat to act puts in all its chips (a bet, raise or call).

        When every other seat still in is all-in for no more than the bet to call, a call is
        all that can matter: the seat calls.

        :raises ActionError: when no one is to act, ``seat`` is not the seat to act, or the
            seat may not raise all-in now (a fixed-limit bet, a capped round, a raise not
            reopened).
        """
        i = self._turn(seat)
        total = self._bet[i] + self._stack[i]
        covered = all(
            self._folded[j] or self._bet[j] + self._stack[j] <= self._max_bet
            for j in range(self._n)
            if j != i
        )
        if total <= self._max_bet or (covered and self._max_bet > self._bet[i]):
            self.call(i)
        else:
            self.raise_to(total, i)

    def _next(self, i: int) -> None:
        queue = self._queue
        if queue and queue[-1] == i:
            queue.pop()
        if self._reopen == POKERKIT:
            self._acted.add(i)
        elif self._reopen == FULL_RAISE and self._reopen_at[i] < self._max_bet:
            self._reopen_at[i] = self._max_bet + self._inc
        if queue and self._live > 1 and not (len(queue) == 1 and self._lone_matched(queue[0])):
            self._actor = queue[-1]
            return
        self._actor = -1
        self._end_round()

    def _lone_matched(self, i: int) -> bool:
        """Seat ``i``, the last to act, has nothing to decide: it has matched the bet and every
        other seat still in is all in (unless Rules.lone_matched_acts)."""
        if self._flags & LONE_ACTS or self._bet[i] < self._max_bet:
            return False
        folded, stack = self._folded, self._stack
        return not any(stack[j] and not folded[j] for j in range(self._n) if j != i)

    def _return_uncalled(self) -> None:
        """The part of a bet no one called goes back to its seat; every bet is cleared."""
        n, bet = self._n, self._bet
        top = second = 0
        i = 0
        for j in range(n):
            b = bet[j]
            if b > top:
                second, top, i = top, b, j
            elif b > second:
                second = b
        # (A seat that folds while its bet is over the bet a short raise lowered leaves the
        # excess in the pot, as the ACPC dealer does: Rules.limit_short_raise.)
        if top > second and not (self._folded[i] and self._flags & SHORT_RAISE):
            back = top - second
            self._stack[i] += back
            self._contrib[i] -= back
            self._log.append((RETURN, i, back, 1, (), self._street, False))
        self._bet = [0] * n
        self._max_bet = 0

    def _end_round(self) -> None:
        self._return_uncalled()
        last = able = 0  # the last live seat, and the live seats with chips behind
        for j in range(self._n):
            if not self._folded[j]:
                last = j
                if self._stack[j]:
                    able += 1
        if self._live == 1:
            self._award([last])
            return
        street = self._street
        if street == RIVER or able <= 1:
            while self._street != RIVER:
                if self._pause(True):
                    return  # Pineapple: the discards come first (see discard)
                self._street += 1
                self._deal_street()
            if self._runs > 1 and street != RIVER:  # all-in before the river: run it N times
                self._deal_runs(street + 1)
            self._begin_showdown()
            return
        if self._pause(False):
            return  # discards, or Manila's next board card and betting round
        self._street += 1
        self._deal_street()
        self._begin_round()

    # -- the board -------------------------------------------------------------------------------

    def _deal_street(self) -> None:
        """Deal the current street's board cards, each board's after one burn (Manila: one
        card after a burn)."""
        layout, cards, street = self._layout, self._cards, self._street
        base = layout[1] * self._n
        if layout[3]:  # one at a time
            k = len(self._board)
            self._log.append((BURN, -1, 0, 1, (cards[base + 2 * k],), street, False))
            card = cards[base + 2 * k + 1]
            self._board.append(card)
            self._log.append((DEAL_BOARD, -1, 0, 1, (card,), street, False))
            return
        nb = layout[2]
        first, count = ((0, 3), (3, 1), (4, 1))[street - 1]
        burn = base + (0, 1 + 3 * nb, 2 + 4 * nb)[street - 1]
        self._log.append((BURN, -1, 0, 1, (cards[burn],), street, False))
        for b in range(nb):
            at = board_slot(self._layout, self._n, b, first)
            dealt = tuple(cards[at : at + count])
            if b == 0:
                self._board.extend(dealt)
            if self._boards is not None:
                self._boards[b].extend(dealt)
            self._log.append((DEAL_BOARD, -1, 0, 1, dealt, street, False))

    def _deal_runs(self, first: int) -> None:
        """Deal the rest of the board again for every run after the first, from street
        ``first`` on, each burn and deal logged."""
        kept = (0, 0, 3, 4)[first]  # the board cards dealt before the all-in
        boards = [list(self._board)]
        at = self._layout[1] * self._n + self._layout[10]
        for _ in range(self._runs - 1):
            run = self._board[:kept]
            for street in range(first, 4):
                count = 3 if street == FLOP else 1
                dealt = tuple(self._cards[at + 1 : at + 1 + count])
                self._log.append((BURN, -1, 0, 1, (self._cards[at],), street, False))
                self._log.append((DEAL_BOARD, -1, 0, 1, dealt, street, False))
                run.extend(dealt)
                at += 1 + count
            boards.append(run)
        self._boards = boards

    def _pause(self, runout: bool) -> bool:
        """Whether the hand waits before the next street: for the discards of the players still
        in (set up here), or for the betting round after Manila's next board card (dealt here;
        all of them at once in a ``runout``)."""
        layout = self._layout
        if layout[3] and self._street == FLOP and len(self._board) < 3:
            self._deal_street()
            if not runout:
                self._begin_round()
                return True
            return self._pause(runout)
        if layout[7] < 0 or self._street != layout[7]:
            return False
        self._discarding = [
            i for i in range(self._n) if not self._folded[i] and len(self._holes[i]) == 3
        ]
        return bool(self._discarding)

    # -- discards --------------------------------------------------------------------------------

    def _verify_discard(self, card: int, seat: int) -> int:
        """The seat that discards (``seat``, or -1 for the first seat to), if it may give up
        ``card``; else :class:`ActionError`."""
        if not self._discarding:
            raise ActionError("no one is to discard: " + self._nobody_to_act())
        i = self._discarding[0] if seat < 0 else seat
        if i not in self._discarding:
            raise ActionError(
                f"seat {i} has nothing to discard: seats {list(self._discarding)} discard"
            )
        if card not in self._holes[i]:
            raise ActionError(f"seat {i} does not hold card {card}")
        return i

    def _discard(self, card: int, seat: int = -1) -> None:
        """A seat gives up one of its three hole cards; once every seat still in has, the hand
        goes on."""
        i = self._verify_discard(card, seat)
        self._holes[i] = [c for c in self._holes[i] if c != card]
        self._discarding.remove(i)
        self._log.append((DISCARD, i, 0, 1, (card,), self._street, False))
        if not self._discarding:
            self._end_round()

    # -- the showdown ----------------------------------------------------------------------------

    def _components(self) -> list[list[list[int]]]:
        """Each seat's values ``[share][type][seat]`` (see :func:`components`), 0 for a folded
        seat."""
        boards = self._boards if self._boards is not None else [self._board]
        holes = [() if self._folded[i] else self._holes[i] for i in range(self._n)]
        return components(self._layout, boards, holes)

    def _pots(self, live: Sequence[bool] | None = None) -> list[tuple[int, tuple[int, ...]]]:
        """The pots from everything put in so far, the dead money in the main pot; eligible:
        the ``live`` seats (by default those that have not folded)."""
        if live is None:
            live = [not f for f in self._folded]
        dead = sum(self._ante)
        contrib = self._contrib
        if dead:
            contrib = [c - a for c, a in zip(self._contrib, self._ante, strict=True)]
        return build_pots(contrib, live, dead)

    def _begin_showdown(self) -> None:
        """Order the showdown: from the last seat to bet or raise in the last round, else left
        of the button (or that round's first to act), clockwise; then, unless it is manual,
        each hand is shown or mucked and the pots are paid."""
        self._street = SHOWDOWN
        n = self._n
        if self._aggressor >= 0:
            first = self._aggressor
        else:  # no bet on the last round: left of the button, or its first to act
            first = self._opener if self._flags & FROM_OPENER else 0
        order = []
        able = 0  # live seats with chips behind
        for k in range(n):
            j = (first + k) % n
            if not self._folded[j]:
                if not self._shown[j]:
                    order.append(j)
                if self._stack[j]:
                    able += 1
        self._show_queue = order
        self._queue = []
        if self._mode == MANUAL:
            self._actor = order[0]
            return
        self._actor = -1
        everyone = (
            self._mode == ALL or able <= 1 or bool(self._flags & ALL_IN_SHOWS and able < self._live)
        )
        comps = self._components()
        pots = self._pots()
        best: dict[tuple[int, int, int], int] = {}  # the best value shown, by share, type, pot
        for i in list(order):
            mine = [
                (b, t, k, values[i])
                for b, types in enumerate(comps)
                for t, values in enumerate(types)
                for k, (_, eligible) in enumerate(pots)
                if i in eligible and values[i] > 0
            ]
            show = everyone or any(v >= best.get((b, t, k), 0) for b, t, k, v in mine)
            if show:
                for b, t, k, v in mine:
                    if v > best.get((b, t, k), 0):
                        best[(b, t, k)] = v
            self._reveal(i, show)
        self._award([i for i in range(n) if self._shown[i]], comps)

    def _reveal(self, i: int, show: bool) -> None:
        queue = self._show_queue
        if queue and queue[0] == i:  # (the seats show or muck in the queue's order)
            del queue[0]
        elif i in queue:
            queue.remove(i)
        else:  # another thread showed or mucked it meanwhile
            raise ActionError(_CONCURRENT)
        if show:
            self._shown[i] = True
            self._log.append((SHOW, i, 0, 1, tuple(self._holes[i]), SHOWDOWN, False))
        else:
            self._mucked[i] = True
            self._log.append((MUCK, i, 0, 1, (), SHOWDOWN, False))

    def play_tape(self, tape: bytes, start: int = 0) -> int:
        """Play the betting actions of ``tape`` from its record ``start`` while each is legal,
        stopping at the first that is not, is not the turn of its seat, or comes after the
        street of the first changed: the number of records played.

        A tape is records of 16 bytes in the machine's order (``struct`` format ``"=qBB6x"``):
        a bet or raise's total, the kind (0 stop, 1 fold, 2 check or call, 3 bet or raise to
        the total) and the seat. A record not played leaves the hand as it was: the caller
        plays it with the method of its action, which words the error (tests/engine/test_tape.py
        plays tapes).

        :raises ArgumentTypeError: for a tape that is not bytes.
        :raises ArgumentError: if ``start`` is outside the tape or its length is not a
            multiple of 16.
        """
        if type(tape) is not bytes:
            raise ArgumentTypeError(f"a tape is bytes, got {type(tape).__name__}")
        count = len(tape) // _TAPE.size
        if len(tape) % _TAPE.size or not 0 <= start <= count:
            raise ArgumentError(
                f"a tape is records of {_TAPE.size} bytes and start one of them, got "
                f"{len(tape)} bytes and start {start}"
            )
        street = self._street
        k = start
        for amount, kind, seat in _TAPE.iter_unpack(tape[start * _TAPE.size :]):
            i = self._actor
            if i < 0 or self._street != street or street >= SHOWDOWN or seat != i:
                break
            if kind == TAPE_FOLD:
                if self._bet[i] == self._max_bet and not self._fold_free:
                    break
                self.fold()
            elif kind == TAPE_CALL:
                if self._bet[i] >= self._max_bet:
                    self._check_at(i)
                else:
                    self._call_at(i)
            elif kind == TAPE_RAISE:
                lo = self._raise_min(i)
                if lo < 0 or not lo <= amount <= self._raise_max(i, lo):
                    break
                self._raise_at(i, amount)
            else:
                break
            k += 1
        return k - start

    def play_agents(
        self,
        players: list[Any],
        views: list[Any],
        pending_view: Any,
        is_pending: Any,
        settle_view: Any,
        apply_decision: Any,
    ) -> tuple[int, object, Legal] | None:
        """Play the hand to its end, asking ``players[s]`` (an agent: see
        :mod:`holdem.engine.agents`) the decision of seat ``s`` with its view and its legal
        actions: the loop of :func:`holdem.engine.matches.match`, where a Python loop cost more
        than the hand.

        ``views[s]`` is seat ``s``'s pending view (``pending_view(hand, s)``), or None for a new
        one; a view the agent read (``not is_pending(view)``) or kept is filled
        (``settle_view``) and the seat gets a new one next time. A decision is taken when
        legal: ``"check"``, ``"call"`` or ``"fold"`` as they are, anything else by
        ``apply_decision(hand, decision, legal)`` (True when it took it).

        :returns: None once the hand is over, or the seat, the decision and the legal actions
            of a decision that was not legal (the hand waits at that decision).
        :raises Exception: whatever an agent or a callback raises, the hand left at the
            decision it was asked.
        """
        alone = _ALONE
        while self._street != COMPLETE:
            legal = self.legal_actions()  # the seat to act, or a seat to discard
            seat = legal[0]
            view = views[seat]
            if view is None:
                view = pending_view(self, seat)  # filled when the agent reads it
                views[seat] = view
            decision = players[seat](view, legal)
            if sys.getrefcount(view) > alone or not is_pending(view):  # kept or read
                settle_view(view)  # filled before the hand moves on
                views[seat] = None  # the agent's own now
            if self._actor == seat and self._street < SHOWDOWN and type(decision) is str:
                owed = self._max_bet - self._bet[seat]
                if decision == "check" and owed <= 0:
                    self._check_at(seat)
                    continue
                if decision == "call" and owed > 0:
                    self._call_at(seat)
                    continue
                if decision == "fold" and (owed != 0 or self._fold_free):
                    self.fold()
                    continue
            if not apply_decision(self, decision, legal):
                return seat, decision, legal
        return None

    def _verify_show(self, seat: object = None) -> int:
        """The seat to show or muck at a manual showdown; else :class:`ActionError`."""
        if self._street != SHOWDOWN or not self._show_queue:
            raise ActionError("show and muck are for the showdown: " + self._nobody_to_act())
        i = self._show_queue[0]
        if seat is not None and seat != i:
            raise ActionError(f"seat {seat} out of turn: seat {i} shows or mucks first")
        return i

    def show(self, seat: object = None) -> None:
        """Manual showdown: the seat whose turn it is shows its hole cards.

        :raises ActionError: outside a manual showdown, or when ``seat`` is not the seat to
            show or muck.
        """
        self._reveal(self._verify_show(seat), True)
        self._showdown_next()

    def _verify_muck(self, seat: object = None) -> int:
        """Manual showdown: the seat whose turn it is shows its hole cards.

        :raises ActionError: outside a manual showdown, or when ``seat`` is not the seat to
            show or muck.
        """
        i = self._verify_show(seat)
        rivals = [
            j for j in range(self._n) if j != i and not self._folded[j] and not self._mucked[j]
        ]
        for _, eligible in self._pots():
            if i in eligible and not any(j in eligible for j in rivals):
                raise ActionError(f"seat {i} cannot muck: no one else is left to win a pot")
        return i

    def muck(self, seat: object = None) -> None:
        """Manual showdown: the seat whose turn it is mucks (gives up every pot it could win).

        :raises ActionError: outside a manual showdown, when ``seat`` is not the seat to show
            or muck, or when no one else is left to win a pot the seat could win.
        """
        self._reveal(self._verify_muck(seat), False)
        self._showdown_next()

    def _showdown_next(self) -> None:
        if self._show_queue:
            self._actor = self._show_queue[0]
            return
        self._actor = -1
        self._award([i for i in range(self._n) if self._shown[i]], self._components())

    # -- the award -------------------------------------------------------------------------------

    def _award(self, contenders: list[int], comps: list[list[list[int]]] | None = None) -> None:
        """Manual showdown: the seat whose turn it is mucks (gives up every pot it could win).

        :raises ActionError: outside a manual showdown, when ``seat`` is not the seat to show
            or muck, or when no one else is left to win a pot the seat could win.
        """
        if self._final is not None:
            raise ActionError(_CONCURRENT)
        self._final = final = list(self._stack)
        flop = len(self._board) >= 3
        bets_in = [c - a for c, a in zip(self._contrib, self._ante, strict=True)]
        if len(contenders) == 1:  # everyone else folded or mucked: one seat takes every chip
            won = sum(self._contrib)
            if self._rake is not None:
                won -= rake_pots(self._pots(), bets_in, self._rake, flop)[1]
            wins = [(contenders[0], won, 1)]
        else:
            assert comps is not None
            pots = self._pots()
            if self._flags & MERGE and not (self._runs > 1 and self._boards is not None and
                                           self._layout == HOLDEM_LAYOUT):  # fmt: skip
                # rebuilt with only the seats that win something
                won_any = pot_winners(pots, comps, contenders)
                pots = self._pots([i in won_any for i in range(self._n)])
            if self._rake is not None:
                pots = rake_pots(pots, bets_in, self._rake, flop)[0]
            wins = award_pots(pots, comps, contenders, self._policy)
        fraction = False
        for seat, num, den in wins:
            self._log.append((WIN, seat, num, den, (), COMPLETE, False))
            if den == 1:
                final[seat] += num
            else:
                fraction = True
        if fraction:  # exact fractions: the hand's owner works the stacks out (see wins())
            self._final = list(self._stack)
            self._fraction = True
        else:
            self._stack = list(final)
        self._street = COMPLETE
        self._actor = -1
        self._queue = []

    # -- what the owner reads --------------------------------------------------------------------

    @property
    def players(self) -> int:
        """Number of seats."""
        return self._n

    @property
    def actor(self) -> int | None:
        """The seat to act (to show or muck at a manual showdown), or None."""
        return None if self._actor < 0 else self._actor

    @property
    def street(self) -> Street:
        """The current street, :attr:`Street.SHOWDOWN`, or :attr:`Street.COMPLETE`."""
        return _STREETS[self._street]

    @property
    def is_over(self) -> bool:
        """True once the pots have been pushed to the winners."""
        return self._street == COMPLETE

    @property
    def is_misdeal(self) -> bool:
        """True once the hand was declared a misdeal (void: every chip back; see ``misdeal``)."""
        return bool(self._log) and self._log[-1][0] == MISDEAL

    @property
    def structure(self) -> Any:
        """The betting structure: ``Structure.NO_LIMIT``, ``POT_LIMIT`` or ``FIXED_LIMIT``."""
        return self._structure

    @property
    def rules(self) -> Any:
        """The rule options of the hand (a :class:`holdem.Rules`, set when it is built)."""
        return self._rules

    @property
    def showdown_mode(self) -> Any:
        """How the showdown goes: 'auto', 'all' or 'manual'."""
        return self._showdown_mode

    @property
    def game(self) -> Any:
        """The game played (a :class:`holdem.engine.variants.Variant`; hold'em by default)."""
        return self._game

    @property
    def forced_bets(self) -> tuple[int, ...]:
        """The blind or straddle each seat was due to post (0 for none; antes not included)."""
        return self._forced_due

    @property
    def antes(self) -> tuple[int, ...]:
        """The ante each seat was due to post (a big-blind ante included), before any trimming
        (``Rules.ante_trimming``) or a short stack cut it; the events say what was posted.
        """
        return self._antes_due

    @property
    def small_bet(self) -> int:
        """Fixed limit: the size of a bet or raise pre-flop and on the flop."""
        return self._small

    @property
    def big_bet(self) -> int:
        """Fixed limit: the size of a bet or raise on the turn (the river: ``river_bet``)."""
        return self._big

    @property
    def min_bet(self) -> int:
        """The smallest opening bet (no limit, pot limit) or the small bet (fixed limit)."""
        return self._least

    @property
    def river_bet(self) -> int:
        """Fixed limit: the size of a bet or raise on the river (the big bet unless given)."""
        return self._sizes[3]

    @property
    def board(self) -> tuple[Card, ...]:
        """The community cards dealt so far."""
        return tuple([_CARDS[c] for c in self._board])

    @property
    def boards(self) -> tuple[tuple[Card, ...], ...]:
        """Every board of the hand: the one ``board``, or one per run (see ``runs``)."""
        if self._boards is None:
            return (self.board,)
        return tuple([tuple([_CARDS[c] for c in b]) for b in self._boards])

    def hole_cards(self, seat: object) -> tuple[Card, ...]:
        """A seat's hole cards (everything is visible to the hand itself; see ``view``).

        :raises ActionError: for a seat that is not an int from 0 to ``players`` - 1.
        """
        return tuple([_CARDS[c] for c in self._holes[self._seat(seat)]])

    def _seat(self, seat: object) -> int:
        if is_int(seat):
            i = _index(seat)  # a plain int: a subclass's comparisons may lie
            if 0 <= i < self._n:
                return i
        raise ActionError(f"no seat {seat!r}: seats are 0 .. {self._n - 1}")

    @property
    def pot_total(self) -> int:
        """All chips put in so far (current bets included): the sum of the ``pots``."""
        return sum(self._contrib)

    @property
    def bets(self) -> tuple[int, ...]:
        """Each seat's bet on the current street."""
        return tuple(self._bet)

    @property
    def starting_stacks(self) -> tuple[int, ...]:
        """The stacks before the hand."""
        return tuple(self._start)

    @property
    def stacks(self) -> tuple[Any, ...]:
        """The chips behind each seat now (bets on the table not included)."""
        if self._fraction:
            return tuple(self._final_stacks())
        return tuple(self._final if self._final is not None else self._stack)

    def _final_stacks(self) -> list[Any]:
        """The chips behind each seat now (bets on the table not included)."""
        assert self._final is not None
        final: list[Any] = list(self._final)
        for e in self._log:
            if e[0] == WIN:
                final[e[1]] += e[2] if e[3] == 1 else Fraction(e[2], e[3])
        return final

    @property
    def contributions(self) -> tuple[int, ...]:
        """Chips each seat has put into the pot so far, antes and current bets included."""
        return tuple(self._contrib)

    @property
    def folded(self) -> tuple[bool, ...]:
        """Which seats have folded."""
        return tuple(self._folded)

    @property
    def pots(self) -> tuple[Pot, ...]:
        """The main pot then the side pots, from everything put in so far.

        The current street's bets are in them already: their amounts add up to ``pot_total``
        (do not add ``bets`` to them). Mid-street, a bet not yet called makes a pot of its own
        that only the seats who put in that much can win (see :class:`holdem.View`).
        """
        return tuple([_new_legal(Pot, pair) for pair in self._pots()])

    @property
    def discarding(self) -> tuple[int, ...]:
        """The seats that must still discard a hole card before the next street, in seat order
        (Pineapple after the pre-flop betting, Crazy Pineapple after the flop's); else
        empty.
        """
        return tuple(self._discarding)

    @property
    def payoffs(self) -> list[Any]:
        """Chips won (+) or lost (-) by each seat, once the hand is over.

        :raises ActionError: while the hand is not over (never an empty or partial list).
        """
        if self._final is None or self._street != COMPLETE:
            raise ActionError("the hand is not over: payoffs are known at the end (see is_over)")
        final = self._final_stacks() if self._fraction else self._final
        return [f - s for f, s in zip(final, self._start, strict=True)]

    @property
    def rake(self) -> Any:
        """The chips the house took from the pots (0 before the end, and with no rake rule)."""
        if self._street != COMPLETE:
            return 0
        return sum(self._start) - sum(self.stacks)

    def _entries(self, start: int = 0) -> list[tuple[Any, ...]]:
        """The log's entries from ``start`` on."""
        return self._log[max(start, 0) :]

    def _bet_to_match(self) -> int:
        """The largest bet to match on this street."""
        return self._max_bet

    def _shown_seats(self) -> list[bool]:
        """Which seats have shown their hole cards."""
        return list(self._shown)

    def _dead_money(self) -> list[int]:
        """Each seat's dead money."""
        return list(self._ante)

    def _deal_order(self) -> tuple[int, ...]:
        """The hand's cards in dealing order, as indices."""
        return tuple(self._cards)

    def _hole(self, seat: int) -> tuple[int, ...]:
        """A seat's hole cards as indices."""
        return tuple(self._holes[seat])

    # -- a misdeal and exposed cards -------------------------------------------------------------

    def _void(self) -> None:
        """A misdeal: every chip back where it was and the hand over, nothing won or lost."""
        n = self._n
        self._stack = list(self._start)
        self._final = list(self._start)
        self._fraction = False
        self._bet, self._contrib, self._ante = [0] * n, [0] * n, [0] * n
        self._max_bet = 0
        self._log.append((MISDEAL, -1, 0, 1, (), self._street, False))
        self._street = COMPLETE
        self._actor = -1
        self._queue, self._show_queue, self._discarding = [], [], []

    def _add_event(self, kind: int, seat: int, amount: int, cards: tuple[int, ...]) -> None:
        """Log an event of the deal (an exposed card: on the pre-flop street)."""
        self._log.append((kind, seat, amount, 1, tuple(cards), PREFLOP, False))

    def _swap_hole(self, k: int, top: int, seat: int) -> None:
        """Swap the cards at places ``k`` (a hole card of ``seat``) and ``top`` of the dealing
        order, and deal the seat's hole cards again from them (its DEAL_HOLE entry rewritten)."""
        cards = self._cards
        cards[k], cards[top] = cards[top], cards[k]
        dealt = tuple(cards[r * self._n + seat] for r in range(self._layout[1]))
        self._holes[seat] = list(dealt)
        for j, e in enumerate(self._log):
            if e[0] == DEAL_HOLE and e[1] == seat:
                self._log[j] = (DEAL_HOLE, seat, e[2], e[3], dealt, e[5], e[6])

    # -- copies ----------------------------------------------------------------------------------

    def _copy_state(self) -> HandState:
        """An independent copy of this state, of the same class (a subclass's own fields are
        its caller's to copy): it shares nothing mutable."""
        new = type(self).__new__(type(self))
        for name in _FIELDS:
            value = getattr(self, name)
            if type(value) is list:
                value = [v[:] if type(v) is list else v for v in value]
            elif type(value) is set:
                value = set(value)
            setattr(new, name, value)
        return new

    def _state(self) -> tuple[Any, ...]:
        """The state as pickle takes it: the layout's number, then every field."""
        return (STATE_FORMAT, *(getattr(self, name) for name in _FIELDS))

    def _restore(self, state: tuple[Any, ...]) -> None:
        """Set this (new) state from one of :meth:`_state`.

        :raises ArgumentError: for a state of another layout.
        """
        if type(state) is not tuple or len(state) != len(_FIELDS) + 1 or state[0] != STATE_FORMAT:
            raise ArgumentError(
                f"this hand was pickled by another version of holdem (this version reads the "
                f"state format {STATE_FORMAT}): play it with that version, or rebuild it from "
                "its history"
            )
        for name, value in zip(_FIELDS, state[1:], strict=True):
            setattr(self, name, value)


_FIELDS = tuple(name for name in HandState.__slots__ if name != "__weakref__")


def _refs_of_a_view() -> int:
    views = [object()]
    view = views[0]
    return sys.getrefcount(view)  # the references the loop sees to a view that only it holds


_ALONE = _refs_of_a_view()
_STREETS = tuple(Street)
