"""A hand's stakes: the checked stacks, the forced bets by seat, the antes and the bet sizes.

The set-up half of :class:`holdem.Hand`'s constructor, which calls these once per hand. Seats
are numbered as there: seat 0 is left of the button, the last seat is the button; with two
players the button (seat 1) posts the small blind (Wikipedia, "Texas hold 'em": heads-up, "the
person with the dealer button posts the small blind, while his/her opponent places the big
blind").

>>> forced_bets(4, (1, 2), (4,), None)  # small blind, big blind, a straddle, the button
[1, 2, 4, 0]
>>> forced_bets(2, (1, 2), (), None)  # heads-up: the button (seat 1) posts the small blind
[2, 1]
>>> stakes(3, False, (1, 2), (), 1, 0, None, None, None, None, None)  # blinds 1-2, ante 1
([1, 2, 0], [1, 1, 1], 2, 4, 2)
"""

from __future__ import annotations

import itertools
import operator
from collections.abc import Mapping, Sequence

from holdem._validate import is_int, length
from holdem.engine.rules import Rules
from holdem.errors import RulesError

__all__ = [
    "MAX_CHIPS",
    "MAX_PLAYERS",
    "MAX_TABLE_CHIPS",
    "big_blind_antes",
    "check_posts",
    "check_runs",
    "check_straddles",
    "chips",
    "forced_bets",
    "set_up",
    "stakes",
    "starting_stacks",
    "street_bets",
]

#: The most chips in any amount (the hand kernel counts chips in 64-bit integers).
MAX_CHIPS = 2**60
#: The most chips in all the stacks of one hand. The largest sum the engine forms is a pot-limit
#: raise: the bet to match, plus the call, plus every chip put in so far. The first two are at
#: most one stack each, the last at most all the stacks, so the sum is at most
#: 2 * MAX_CHIPS + MAX_TABLE_CHIPS = 2**61 + 2**62 < 2**63 - 1, whatever the number of players;
#: the other sums (a raise plus the minimum raise, an ante plus a big-blind ante) are at most
#: 2 * MAX_CHIPS.
MAX_TABLE_CHIPS = 2**62
#: The most players in one hand: 2 * 22 hole cards + 3 burns + 5 board cards = 52.
MAX_PLAYERS = 22


def chips(value: object, what: str) -> int:
    """``value`` if it is a number of chips for a hand's set-up: an int from 0 to 2**60.

    :raises RulesError: for a value that is not an int (a float, a bool, a Fraction ...), a
        negative one or one over 2**60; the message names ``what``.

    >>> chips(100, "stack of seat 0")
    100
    >>> chips(-5, "ante")
    Traceback (most recent call last):
    ...
    holdem.errors.RulesError: ante must not be negative, got -5
    """
    if type(value) is not int:  # the fast path: a plain int
        if not is_int(value):
            raise RulesError(f"{what} must be an int number of chips, got {_show(value)}")
        value = operator.index(value)  # a plain int: a subclass's comparisons may lie
    if value < 0:
        raise RulesError(f"{what} must not be negative, got {_show(value)}")
    if value > MAX_CHIPS:
        raise RulesError(f"{what} is too large: at most 2**60 chips, got {_show(value)}")
    return value


def _show(value: object) -> str:
    """A value for a message (an int of thousands of digits cannot even be printed)."""
    if is_int(value) and abs(value) > 10**100:
        return f"an int of {len(hex(value)) * 1.2:.0f} digits or so"
    text = repr(value)
    return text if len(text) <= 100 else text[:97] + "..."


def starting_stacks(stacks: Sequence[int]) -> list[int]:
    """The stacks of a hand of 2 to 22 players, each a positive number of chips.

    :raises RulesError: for stacks that are not a sequence, fewer than 2 or more than 22
        stacks, a stack that is not a positive int number of chips (at most 2**60), or stacks
        that total more than 2**62 (:data:`MAX_TABLE_CHIPS`).

    >>> starting_stacks((200, 150))
    [200, 150]
    """
    try:
        n = len(stacks)
    except TypeError:
        raise RulesError(f"stacks are a sequence of ints, got {_show(stacks)}") from None
    except OverflowError:  # (a range of 10**20 stacks)
        raise RulesError(f"a hand has 2 to {MAX_PLAYERS} players, got more than 2**63") from None
    if not 2 <= n <= MAX_PLAYERS:
        raise RulesError(f"a hand has 2 to {MAX_PLAYERS} players, got {n}")
    try:
        start = list(stacks)
    except TypeError:
        raise RulesError(f"stacks are a sequence of ints, got {_show(stacks)}") from None
    for i, s in enumerate(start):
        if type(s) is not int or not 0 < s <= MAX_CHIPS:  # else the fast path: a plain int
            start[i] = chips(s, f"stack of seat {i}")
    total = 0
    for s in start:
        if not s:
            raise RulesError(f"every seat needs chips to play a hand, got stacks {start}")
        total += s
    if total > MAX_TABLE_CHIPS:
        raise RulesError(
            f"the stacks total {total} chips: at most 2**62 at one table, so that no sum "
            "of a hand's chips overflows the engine's 64-bit integers"
        )
    return start


def forced_bets(
    n: int, blinds: Sequence[int], straddles: Sequence[int], forced: Sequence[int] | None
) -> list[int]:
    """The blind or straddle each of ``n`` seats is due to post (0 for none).

    ``blinds`` is ``(small, big)``, one blind or none; ``straddles`` are posted by the seats
    after the big blind; ``forced`` gives every seat's amount instead.

    :raises RulesError: for blinds, straddles or ``forced`` that are not sequences, ``forced``
        together with blinds or straddles, ``forced`` of the wrong length, more than two
        blinds, a straddle heads-up or without two blinds before it, a straddle smaller than
        the big blind (or a re-straddle smaller than the straddle before it), more forced bets
        than seats, or an amount that is not a number of chips.
    """
    if isinstance(blinds, Mapping) or isinstance(straddles, Mapping):  # (its keys would pass)
        raise RulesError(
            f"blinds and straddles are sequences of chips, got {_show(blinds)}, {_show(straddles)}"
        )
    try:
        if forced is not None:
            if blinds or straddles:
                raise RulesError("give either forced_bets or blinds/straddles, not both")
            if len(forced) != n:
                raise RulesError(f"forced_bets has {len(forced)} entries for {n} seats")
            return [chips(f, f"forced bet of seat {i}") for i, f in enumerate(forced)]
        # (at most one more than allowed is read: a range of 10**20 blinds is refused at once)
        blind_list = [chips(b, "blind") for b in itertools.islice(blinds, 3)]
        straddle_list = [chips(s, "straddle") for s in itertools.islice(straddles, MAX_PLAYERS)]
    except TypeError:  # None, or a number, where a sequence belongs
        raise RulesError(
            "blinds, straddles and forced_bets are sequences of chips, got "
            f"{_show(blinds)}, {_show(straddles)} and {_show(forced)}"
        ) from None
    if len(blind_list) > 2:
        raise RulesError(f"at most two blinds (small, big), got {_show(blinds)}")
    out = [0] * n
    if n == 2:
        if straddle_list:
            raise RulesError("heads-up, there is no seat to straddle")
        if len(blind_list) == 2:  # the button posts the small blind
            out[1], out[0] = blind_list
        elif blind_list:
            out[0] = blind_list[0]
        return out
    if len(blind_list) + len(straddle_list) > n:
        raise RulesError(f"{len(blind_list) + len(straddle_list)} forced bets for {n} seats")
    if straddle_list and len(blind_list) < 2:
        raise RulesError("a straddle needs a small and a big blind before it")
    before = blind_list[-1] if blind_list else 0
    for k, amount in enumerate(straddle_list):  # each at least the forced bet before it
        if amount < before:
            what = "the big blind" if k == 0 else "the straddle before it"
            raise RulesError(f"a straddle is at least {what} ({before}), got {amount}")
        before = amount
    for i, amount in enumerate(blind_list + straddle_list):
        out[i] = amount
    return out


def check_straddles(
    forced: Sequence[int],
    straddles: Sequence[int],
    antes: Sequence[int],
    structure: int,
    size: int,
    rules: Rules,
) -> None:
    """Refuse a straddle that would not be a legal raise over the forced bet before it.

    ``forced`` are the forced bets by seat (seats 0 and 1 the blinds, the seats after them the
    straddles, with three or more seats), ``straddles`` the straddles as :class:`holdem.Hand`
    got them (none: nothing to check), ``antes`` the antes; ``structure`` is 0 for fixed
    limit, 1 for pot limit, 2 for no limit; ``size`` is the small bet (fixed limit) or the
    minimum bet. Under ``rules`` whose ``straddle_is_raise`` is off, any straddle at least as
    large as the forced bet before it stands.

    Wikipedia, "Texas hold 'em": the live straddle is "usually double the amount of the big
    blind", and "No-limit games may also allow multiple re-straddles, in any amount that would
    be a legal raise"; Robert's Rules of Poker counts a live straddle as a raise, so the first
    straddle is a raise over the big blind too. A legal raise is the one the hand would allow
    the straddler facing the forced bets before it: in no limit at least the largest raise so
    far (the big blind counts as one; with ``Rules.straddle_sets_min_raise`` the straddle acts
    as the big blind, so the next raise is at least the straddle); in pot limit also at most a
    pot-sized raise; in fixed limit exactly one small bet.

    :raises RulesError: naming the straddle, its seat and the amounts that would be legal.

    >>> check_straddles([1, 2, 4, 8, 0], (4, 8), [0] * 5, 2, 2, Rules())  # doubled twice
    >>> try:
    ...     check_straddles([1, 2, 4, 7, 0], (4, 7), [0] * 5, 2, 2, Rules())
    ... except RulesError as exc:
    ...     print(str(exc).split(": ")[1])
    at least 8, got 7 by seat 3
    """
    n = len(forced)
    if not straddles or not rules.straddle_is_raise or n <= 2:
        return
    level = forced[1]
    inc = max(level, size)
    pot = forced[0] + forced[1] + sum(antes)
    for seat in range(2, n):
        amount = forced[seat]
        if not amount:
            break
        low = level + (size if structure == 0 else inc)
        high = low if structure == 0 else level + pot + level if structure == 1 else amount
        if not low <= amount <= max(high, low):
            what = "straddle" if seat == 2 else "re-straddle"
            before = "the big blind" if seat == 2 else "the straddle before it"
            span = f"exactly {low}" if high == low else f"at least {low}"
            if structure == 1 and high > low:
                span = f"{low} to {high}"
            raise RulesError(
                f"a {what} is a legal raise over {before} ({level}): {span}, got {amount} by "
                f"seat {seat}"
            )
        inc = max(inc, amount - level, amount if rules.straddle_sets_min_raise else 0)
        level = amount
        pot += amount


def big_blind_antes(antes: Sequence[int]) -> list[int]:
    """The part of each seat's ante that is a big-blind ante, which the TDA rules make dead
    money in the main pot: what the one seat that antes the most posts beyond every other seat
    (``big_blind_ante``, alone or on top of an ``ante``; in a hand history's per-seat antes,
    such as ``[0, 600, 0]`` or ``[2, 3, 2]``, the same).

    >>> big_blind_antes([5, 15, 5]), big_blind_antes([0, 600, 0]), big_blind_antes([5, 5, 5])
    ([0, 10, 0], [0, 600, 0], [0, 0, 0])
    """
    dead = [0] * len(antes)
    if len(antes) > 1:
        top, second = sorted(antes, reverse=True)[:2]
        if top > second:
            dead[list(antes).index(top)] = top - second
    return dead


def stakes(
    n: int,
    fixed_limit: bool,
    blinds: Sequence[int],
    straddles: Sequence[int],
    ante: int,
    big_blind_ante: int,
    forced: Sequence[int] | None,
    antes: Sequence[int] | None,
    small_bet: int | None,
    big_bet: int | None,
    min_bet: int | None,
) -> tuple[list[int], list[int], int, int, int]:
    """The forced bets, the antes, the small and big bet and the minimum bet of ``n`` seats.

    The arguments are :class:`holdem.Hand`'s, in its order (``forced`` is its ``forced_bets``),
    by position: the constructor calls this once per hand, and a call by position is the
    fastest. The big blind
    is the larger of two blinds (the per-seat lists: the largest forced bet), never a straddle;
    it posts the big-blind ante and is the default small bet (fixed limit) or minimum bet (no
    limit, pot limit). The big bet is twice the small bet unless given.

    :raises RulesError: for a bad forced bet (see :func:`forced_bets`), ``antes`` that are not
        a sequence or of the wrong length, an amount that is not a number of chips, or no small
        bet (fixed limit) or no minimum bet (no limit, pot limit) given or implied by a big
        blind.
    """
    forced_list = forced_bets(n, blinds, straddles, forced)
    # The big blind's seat: not a straddle's, which is larger (per-seat lists: the largest).
    if forced is None and len(blinds) == 2:
        bb_seat = 0 if n == 2 else 1
    else:
        bb_seat = forced_list.index(max(forced_list))
    big_blind = forced_list[bb_seat]
    if antes is None:
        ante_list = [chips(ante, "ante")] * n
        bb_ante = chips(big_blind_ante, "big-blind ante")
        if bb_ante:
            ante_list[bb_seat] += bb_ante
    else:
        try:
            if len(antes) != n:
                raise RulesError(f"antes has {len(antes)} entries for {n} seats")
            ante_list = [chips(a, f"ante of seat {i}") for i, a in enumerate(antes)]
        except TypeError:
            raise RulesError(f"antes are a sequence of chips, got {_show(antes)}") from None
        except OverflowError:  # (a range of 10**20)
            raise RulesError(f"antes has more than 2**63 entries for {n} seats") from None

    if fixed_limit:
        sb = big_blind if small_bet is None else chips(small_bet, "small bet")
        if not sb:
            raise RulesError("fixed limit needs a small bet (or a big blind)")
        bb = 2 * sb if big_bet is None else chips(big_bet, "big bet")
        return forced_list, ante_list, sb, bb, sb
    mb = big_blind if min_bet is None else chips(min_bet, "minimum bet")
    if not mb:
        raise RulesError("no limit and pot limit need a minimum bet (or a big blind)")
    sb = mb if small_bet is None else chips(small_bet, "small bet")
    bb = 2 * sb if big_bet is None else chips(big_bet, "big bet")
    return forced_list, ante_list, sb, bb, mb


def street_bets(
    fixed_limit: bool, small_bet: int, big_bet: int, river: int | None
) -> tuple[int, int, int, int]:
    """The size of a bet or raise on each street in fixed limit, pre-flop to the river: the
    small bet twice, then the big bet, then ``river`` (the big bet unless given).

    Some fixed-limit games have a larger fourth bet (Wikipedia, "Fixed limit": "Occasionally,
    the fourth wager is larger still"); the ACPC game definitions give every round its own
    ``raiseSize``.

    :raises RulesError: for a river bet given in no limit or pot limit, or one that is not a
        positive int number of chips.

    >>> street_bets(True, 10, 20, None), street_bets(True, 10, 20, 40)
    ((10, 10, 20, 20), (10, 10, 20, 40))
    """
    if river is None:
        return small_bet, small_bet, big_bet, big_bet
    if not fixed_limit:
        raise RulesError("a river bet size is for fixed limit")
    size = chips(river, "river bet")
    if not size:
        raise RulesError("the river bet must be a positive number of chips, got 0")
    return small_bet, small_bet, big_bet, size


def check_posts(
    n: int, forced: Sequence[int], live: Sequence[int] | None, dead: Sequence[int] | None
) -> tuple[list[int], list[int]] | None:
    """The live posts and the dead blinds of ``n`` seats, checked against the forced bets.

    None when there are neither (``live`` and ``dead`` both None).

    A live post is what a new player, or a player back from missing the big blind, puts in to be
    dealt in at once: the amount of the big blind, part of the seat's bet, and the action still
    starts left of the big blind. A dead blind is a missed small blind made up: chips in the pot
    that are not part of the seat's bet (Robert's Rules of Poker, "Button and blind use").

    :raises RulesError: for a list of the wrong length, an amount that is not a number of chips,
        a live post by a seat that posts a blind or straddle, or a live post larger than the
        largest blind or straddle (or any live post with none).

    >>> check_posts(4, [1, 2, 0, 0], [0, 0, 0, 2], [0, 0, 0, 1])
    ([0, 0, 0, 2], [0, 0, 0, 1])
    >>> check_posts(3, [1, 2, 0], [0, 0, 4], None)
    Traceback (most recent call last):
    ...
    holdem.errors.RulesError: a live post is at most the big blind (2), got 4 by seat 2
    """
    if live is None and dead is None:
        return None
    out = []
    for name, values in (("posts", live), ("dead_blinds", dead)):
        if values is None:
            out.append([0] * n)
            continue
        if length(values, name, RulesError) != n:
            raise RulesError(f"{name} has {len(values)} entries for {n} seats")
        out.append(
            [chips(v, f"{name[:-1].replace('_', ' ')} of seat {i}") for i, v in enumerate(values)]
        )
    big = max(forced)
    for i, amount in enumerate(out[0]):
        if amount and forced[i]:
            raise RulesError(f"seat {i} posts a blind or straddle and cannot also make a live post")
        if amount > big:
            raise RulesError(
                f"a live post is at most the big blind ({big}), got {amount} by seat {i}"
            )
    return out[0], out[1]


def check_runs(n: int, runs: object) -> int:
    """``runs``, the times the rest of the board may be dealt, if ``n`` players' deck allows it.

    A run dealt from before the flop takes eight cards (three burns, five board cards), so
    ``2 * n + 8 * runs`` cards must not pass 52.

    :raises RulesError: for a value that is not an int, below 1, or more than the deck allows.

    >>> check_runs(6, 2)
    2
    >>> check_runs(9, 5)
    Traceback (most recent call last):
    ...
    holdem.errors.RulesError: runs is an int from 1 to 4 for 9 players, got 5
    """
    most = (52 - 2 * n) // 8
    if runs == 1 and type(runs) is int:  # the fast path
        return 1
    if not is_int(runs) or not 1 <= runs <= most:
        raise RulesError(f"runs is an int from 1 to {most} for {n} players, got {runs!r}")
    return runs


#: What :func:`set_up` returns: forced bets, antes, posts, small bet, big bet, minimum bet, bet
#: sizes by street, dead antes, runs.
SetUp = tuple[
    tuple[int, ...],
    tuple[int, ...],
    tuple[list[int], list[int]] | None,
    int,
    int,
    int,
    tuple[int, int, int, int],
    tuple[int, ...],
    int,
]


def set_up(
    n: int,
    structure: int,
    blinds: Sequence[int],
    straddles: Sequence[int],
    ante: int,
    big_blind_ante: int,
    forced: Sequence[int] | None,
    antes: Sequence[int] | None,
    posts: Sequence[int] | None,
    dead_blinds: Sequence[int] | None,
    small_bet: int | None,
    big_bet: int | None,
    min_bet: int | None,
    river_bet: int | None,
    runs: object,
    rules: Rules,
) -> SetUp:
    """Every stake of a hand of ``n`` seats, checked, from :class:`holdem.Hand`'s arguments (in
    its order, ``forced`` for ``forced_bets``; ``structure`` 0 fixed limit, 1 pot limit, 2 no
    limit): the forced bets and the antes by seat (tuples), the live posts and dead blinds (see
    :func:`check_posts`), the small bet, the big bet, the minimum bet, the bet sizes by street
    (:func:`street_bets`), the dead part of each ante (:func:`big_blind_antes` under
    ``Rules.dead_big_blind_ante``, else zeros) and the runs (:func:`check_runs`).

    :raises RulesError: as :func:`stakes`, :func:`check_straddles`, :func:`check_posts`,
        :func:`street_bets` and :func:`check_runs` do, in that order.

    >>> set_up(3, 2, (1, 2), (), 0, 0, None, None, None, None, None, None, None, None, 1, Rules())
    ((1, 2, 0), (0, 0, 0), None, 2, 4, 2, (2, 2, 4, 4), (0, 0, 0), 1)
    """
    forced_list, ante_list, small, big, least = stakes(
        n,
        structure == 0,
        blinds,
        straddles,
        ante,
        big_blind_ante,
        forced,
        antes,
        small_bet,
        big_bet,
        min_bet,
    )
    check_straddles(forced_list, straddles, ante_list, structure, least, rules)
    checked_posts = check_posts(n, forced_list, posts, dead_blinds)
    sizes = street_bets(structure == 0, small, big, river_bet)
    checked_runs = check_runs(n, runs)
    dead = big_blind_antes(ante_list) if rules.dead_big_blind_ante else [0] * n
    out: SetUp = (
        *(tuple(forced_list), tuple(ante_list), checked_posts, small, big, least, sizes),
        *(tuple(dead), checked_runs),
    )
    return out
