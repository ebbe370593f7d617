"""The betting's work on a hand's own lists: the options it reads, the forced bets posted, the
order of action of a round and after a raise, the bet no one called returned.

:class:`holdem.Hand` calls these (C calls, compiled) with its fields: its constructor checks
its options (:func:`options`) and posts the forced bets (:func:`post_forced`); a betting round
begins with its first seat to act (:func:`first_to_act`) and its queue (:func:`round_queue`),
a raise makes a new queue (:func:`raise_queue`) and, under pokerkit's rules, sets the size of
a full raise (:func:`pokerkit_raise`), and a round ends with the part of a bet no one
called back behind its seat (:func:`return_uncalled`). The hand keeps its queue in reverse
order of action: the actor last.

>>> round_queue(3, 0, [0, 0, 0], [100, 100, 100], [False, False, False])
[2, 1, 0]
>>> raise_queue(1, 3, [False, False, False], [100, 100, 100])
[0, 2, 1]
"""

from __future__ import annotations

from typing import Any

from holdem.engine._choices import FIXED, NOLIMIT, POT, rule_bits
from holdem.engine.events import EventKind, Street
from holdem.engine.rules import PRESETS, Rules, Structure
from holdem.errors import RulesError

__all__ = [
    "first_to_act",
    "options",
    "pokerkit_raise",
    "post_extra",
    "post_forced",
    "raise_queue",
    "return_uncalled",
    "round_queue",
]

_PRESETS = PRESETS
_S_NOLIMIT, _S_POT = Structure.NO_LIMIT, Structure.POT_LIMIT
_PREFLOP = Street.PREFLOP
_EV_ANTE, _EV_BLIND, _EV_STRADDLE = EventKind.ANTE, EventKind.BLIND, EventKind.STRADDLE
_EV_POST, _EV_DEAD_BLIND, _EV_RETURN = EventKind.POST, EventKind.DEAD_BLIND, EventKind.RETURN

# The last Rules a hand was built with, and its rule_bits.
_RULES: tuple[object, tuple[int, bool, int, int]] = (None, (0, False, 0, 0))


def options(
    rules: object, structure: object, showdown: object
) -> tuple[Rules, Structure, int, tuple[int, bool, int, int]]:
    """A hand's ``rules`` (a :class:`Rules` or a preset name), ``structure`` and ``showdown``
    mode checked: the rules, the structure, the structure as a small int (``FIXED`` ...) and the
    rules' :func:`~holdem.engine._choices.rule_bits`.

    :raises RulesError: for rules that are not a Rules or a preset name, an unknown structure
        or showdown mode.
    """
    checked: object
    if isinstance(rules, str):
        preset = _PRESETS.get(rules)  # (one lookup)
        checked = preset if preset is not None else Rules.preset(rules)
    else:
        checked = rules
    if not isinstance(checked, Rules):
        raise RulesError(f"rules must be a Rules or a preset name, got {rules!r}")
    s = structure if isinstance(structure, Structure) else Structure.parse(structure)  # type: ignore[arg-type]
    if showdown not in ("auto", "all", "manual"):
        raise RulesError(f"showdown must be 'auto', 'all' or 'manual', got {showdown!r}")
    # (identity tests: an Enum's __hash__ runs in Python)
    kind = NOLIMIT if s is _S_NOLIMIT else POT if s is _S_POT else FIXED
    global _RULES
    last = _RULES  # (read once: another thread may replace it)
    if last[0] is not checked:  # the rule choices as ints, worked out once per Rules
        _RULES = last = (checked, rule_bits(checked))
    return checked, s, kind, last[1]


def post_extra(
    posts: tuple[list[int], list[int]] | None,
    which: int,
    kind: EventKind,
    into: list[int],
    stack: list[int],
    contrib: list[int],
    log: list[Any],
    n: int,
) -> None:
    """Post the live posts (``which`` 0) or the dead blinds (1), adding them to ``into``."""
    if posts is None:
        return
    amounts = posts[which]
    for i in range(n):
        f = min(amounts[i], stack[i])
        if f:
            stack[i] -= f
            contrib[i] += f
            into[i] += f
            log.append((kind, i, f, (), _PREFLOP, not stack[i]))


def post_forced(
    n: int,
    antes: tuple[int, ...],
    forced: tuple[int, ...],
    dead: tuple[int, ...],
    posts: tuple[list[int], list[int]] | None,
    stack: list[int],
    contrib: list[int],
    ante: list[int],
    bet: list[int],
    log: list[Any],
    rules: Rules,
) -> int:
    """Post the antes, the dead blinds, the blinds and straddles and the live posts of a hand,
    from the seats' ``stack`` into their ``contrib``, ``ante`` (dead money) and ``bet``; the
    largest blind or straddle due."""
    room = stack  # what a blind may take
    a = 0
    for i in range(n):
        a |= antes[i]
    if a:  # some ante
        posted = [min(a, stack[i]) for i, a in enumerate(antes)]
        if rules.ante_trimming and n > 1:
            # pokerkit: the trimmed part goes back, but a blind is still capped by the stack
            # less the untrimmed ante.
            room = [stack[i] - a for i, a in enumerate(posted)]
            cutoff = sorted(posted)[-2]
            posted = [min(a, cutoff) for a in posted]
        for i, a in enumerate(posted):
            if a:
                stack[i] -= a
                contrib[i] += a
                # Dead money only: every ante, or the big-blind ante (posted first).
                ante[i] = a if rules.dead_antes else min(a, dead[i])
                log.append((_EV_ANTE, i, a, (), _PREFLOP, not stack[i]))
    post_extra(posts, 1, _EV_DEAD_BLIND, ante, stack, contrib, log, n)  # dead: not in the bets
    largest = 0
    for k in range(n):
        i = k if n > 2 else 1 - k  # heads-up, the button's small blind first
        f = forced[i]
        largest = f if f > largest else largest
        s, r = stack[i], room[i]
        f = (f if f < s else s) if f < r else (r if r < s else s)
        if f:
            stack[i] = s - f
            bet[i] = f
            contrib[i] += f
            kind = _EV_STRADDLE if n > 2 and i >= 2 else _EV_BLIND
            log.append((kind, i, f, (), _PREFLOP, s == f))
    post_extra(posts, 0, _EV_POST, bet, stack, contrib, log, n)  # live, but no blinds
    return largest


def first_to_act(
    n: int,
    bet: list[int],
    forced_bets: tuple[int, ...],
    posts: tuple[list[int], list[int]] | None,
    by_posted: int,
) -> int:
    """The first seat to act before the flop: left of the largest blind or straddle (the later
    seat on a tie); heads-up, the button; with none, left of the button. ``by_posted`` (not 0:
    pokerkit's rule): look at what was posted, not at what was due."""
    forced = bet if by_posted else forced_bets
    if posts is not None and forced is bet:  # a live post opens nothing
        forced = [b if f else 0 for b, f in zip(bet, forced_bets, strict=True)]
    top = 0
    for i in range(1, n):
        if forced[i] >= forced[top]:
            top = i
    return (top + 1) % n if forced[top] else 0


def round_queue(
    n: int, first: int, bet: list[int], stack: list[int], folded: list[bool]
) -> list[int]:
    """The seats to act in a betting round that ``first`` opens, in reverse order of action:
    the live seats with chips behind that could still put in more than their bet."""
    high = second = 0  # the two largest totals of a live seat (bet and stack)
    for i in range(n):
        if not folded[i]:
            b, s = bet[i], stack[i]
            total = b + s
            if total > high:
                high, second = total, high
            elif total > second:
                second = total
    queue = []  # in reverse order of action: the actor last, popped by Hand._next
    for k in range(n - 1, -1, -1):
        i = (first + k) % n
        if not folded[i] and stack[i] and second > bet[i]:
            queue.append(i)
    return queue


def raise_queue(i: int, n: int, folded: list[bool], stack: list[int]) -> list[int]:
    """After seat ``i`` bet or raised: everyone else who can still act must act again, in order
    after the raiser (in reverse order, then the raiser, popped by ``Hand._next``)."""
    queue = []
    for k in range(n - 1, 0, -1):
        j = (i + k) % n
        if not folded[j] and stack[j]:
            queue.append(j)
    queue.append(i)
    return queue


def pokerkit_raise(size: int, inc: int, all_in: bool, acted: set[int], shorts: list[int]) -> int:
    """pokerkit's reopening after a raise by ``size`` chips (``all_in``: the raiser has no chips
    left) when a full raise was ``inc``: the size of a full raise now. A full raise clears the
    seats that ``acted`` since the last one; ``shorts`` keeps the short all-in raises since,
    until they add up to a full raise."""
    if size >= inc:
        acted.clear()
    if size > inc:
        inc = size
    if all_in:
        shorts.append(size)
    else:
        shorts.clear()
    if sum(shorts) >= inc:
        shorts.clear()
    return inc


def return_uncalled(
    n: int, bet: list[int], stack: list[int], contrib: list[int], log: list[Any], street: Street
) -> None:
    """At the end of a betting round: the part of a bet no one called goes back to its seat,
    and every bet is cleared (the chips are in ``contrib``)."""
    top = second = 0  # the two largest bets
    i = 0
    for j in range(n):
        b = bet[j]
        if b > top:
            second, top, i = top, b, j
        elif b > second:
            second = b
    if top:
        if top > second:  # the part of a bet no one called goes back
            back = top - second
            stack[i] += back
            bet[i] = second
            contrib[i] -= back
            log.append((_EV_RETURN, i, back, (), street, False))
        for j in range(n):
            bet[j] = 0
