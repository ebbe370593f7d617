"""One hand's flags: what each player had the chance to do, and did (docs/guide/stats.md).

The flags are read from a PHH hand history's actions alone (no replay): the streets from the
``d db`` actions, each player's turns from his ``f``, ``cc`` and ``cbr`` actions, the amounts
from the blinds and the ``cbr`` totals. What a player won is his finishing stack less his
starting stack (a history without ``finishing_stacks`` is replayed through the engine once to
find them).
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from holdem._validate import check_type
from holdem.errors import PHHError
from holdem.phh.model import Amount, HandHistory
from holdem.phh.replaying import replay
from holdem.stats.allin import all_in_values

__all__ = ["STREETS", "Flags", "big_blind", "hand_flags"]

#: The streets, in order: index 0 is preflop.
STREETS = ("preflop", "flop", "turn", "river")


@dataclass(slots=True, init=False)
class Flags:
    """One player's flags in one hand: each ``*_chance`` says he had the chance, the flag
    without it that he took it (never set without its chance). The per-street lists are
    indexed by :data:`STREETS` (0 preflop, 1 flop, 2 turn, 3 river); the c-bet, fold to c-bet,
    check-raise and donk-bet lists have nothing at index 0."""

    name: str
    seat: int
    vpip: bool
    pfr: bool
    three_bet_chance: bool
    three_bet: bool
    fold_to_three_bet_chance: bool
    fold_to_three_bet: bool
    four_bet_chance: bool
    four_bet: bool
    steal_chance: bool
    steal: bool
    fold_to_steal_chance: bool
    fold_to_steal: bool
    cbet_chance: list[bool]
    cbet: list[bool]
    fold_to_cbet_chance: list[bool]
    fold_to_cbet: list[bool]
    check_raise_chance: list[bool]
    check_raise: list[bool]
    donk_bet_chance: list[bool]
    donk_bet: list[bool]
    saw: list[bool]
    bets: list[int]
    raises: list[int]
    calls: list[int]
    checks: list[int]
    folds: list[int]
    showdown: bool
    won_at_showdown: bool
    collected: Amount
    won: Amount
    won_bb: float
    all_in_ev: float | None
    won_adjusted: float
    won_adjusted_bb: float
    position: str

    def __init__(self, name: str, seat: int) -> None:
        """A player's flags before the hand: no chance, no act, nothing won."""
        self.name = name
        self.seat = seat
        self.vpip = False
        self.pfr = False
        self.three_bet_chance = False
        self.three_bet = False
        self.fold_to_three_bet_chance = False
        self.fold_to_three_bet = False
        self.four_bet_chance = False
        self.four_bet = False
        self.steal_chance = False
        self.steal = False
        self.fold_to_steal_chance = False
        self.fold_to_steal = False
        self.cbet_chance = [False, False, False, False]
        self.cbet = [False, False, False, False]
        self.fold_to_cbet_chance = [False, False, False, False]
        self.fold_to_cbet = [False, False, False, False]
        self.check_raise_chance = [False, False, False, False]
        self.check_raise = [False, False, False, False]
        self.donk_bet_chance = [False, False, False, False]
        self.donk_bet = [False, False, False, False]
        self.saw = [False, False, False, False]
        self.bets = [0, 0, 0, 0]
        self.raises = [0, 0, 0, 0]
        self.calls = [0, 0, 0, 0]
        self.checks = [0, 0, 0, 0]
        self.folds = [0, 0, 0, 0]
        self.showdown = False
        self.won_at_showdown = False
        self.collected = 0
        self.won = 0
        self.won_bb = 0.0
        self.all_in_ev = None
        self.won_adjusted = 0.0
        self.won_adjusted_bb = 0.0
        self.position = ""

    @property
    def saw_flop(self) -> bool:
        """He was in the hand when the flop was dealt."""
        return self.saw[1]

    @property
    def won_when_saw_flop(self) -> bool:
        """He saw the flop and collected chips from a pot."""
        return self.saw[1] and self.collected > 0


def big_blind(history: HandHistory) -> Amount:
    """The hand's big blind: the largest blind of the first two posts, or the small bet of a
    fixed-limit hand without blinds (1 when the hand has neither).

    >>> from holdem.phh import HandHistory
    >>> big_blind(HandHistory("NT", (100, 100, 100), (), blinds_or_straddles=(1, 2, 0)))
    2

    :raises ArgumentTypeError: for a history that is not a HandHistory.
    """
    check_type(history, HandHistory, "a history")
    blinds: list[Amount] = [_size(b) for b in history.blinds_or_straddles[:2]]
    value: Amount = max(blinds, default=0)
    if not value:
        value = history.small_bet or history.min_bet or 1
    return value


def _unknown_player(token: str, n: int, action: str, label: str) -> PHHError:
    """The error of an action by an actor who is not one of the hand's ``n`` players."""
    if len(token) < 2 or token[0] != "p" or not token[1:].isdigit():
        return PHHError(f"{label}: an action of an unknown actor: {action!r}")
    return PHHError(f"{label}: an action of a player not in the hand: {action!r}")


def hand_flags(history: HandHistory) -> list[Flags]:
    """Every player's flags in one hand, in PHH order (``p1`` first).

    :raises PHHError: if an action is not one PHH writes (an unknown actor or verb, a bet
        without its amount), or the hand has no finishing stacks and does not replay.

    >>> from holdem.phh import loads
    >>> history = loads('''
    ... variant = "NT"
    ... antes = [0, 0, 0]
    ... blinds_or_straddles = [1, 2, 0]
    ... min_bet = 2
    ... starting_stacks = [100, 100, 100]
    ... actions = ["d dh p1 AsKs", "d dh p2 7h2c", "d dh p3 QdQc", "p3 cbr 6", "p1 f", "p2 f"]
    ... players = ["Ann", "Bob", "Cy"]
    ... ''')[0]
    >>> cy = hand_flags(history)[2]
    >>> cy.vpip, cy.pfr, cy.steal_chance, cy.steal, cy.won, cy.won_bb
    (True, True, True, True, 3, 1.5)

    :raises ArgumentTypeError: for a history that is not a HandHistory.
    """
    check_type(history, HandHistory, "a history")
    n = history.players
    label = history.label
    names = history.names
    flags = [Flags(names[k], k) for k in range(n)]
    seat_of = {f"p{k + 1}": k for k in range(n)}
    stacks: list[Amount] = list(history.starting_stacks)
    put: list[Amount] = [0] * n  # this street's chips in, per player
    total: list[Amount] = [*history.antes, *[0] * n][:n]
    blinds: list[Amount] = [*history.blinds_or_straddles, *[0] * n][:n]
    if n == 2:  # PHH heads-up: p1's entries are the second
        blinds.reverse()
        total.reverse()
    for k in range(n):
        ante = min(total[k], stacks[k])
        post = min(_size(blinds[k]), stacks[k] - ante)  # (a blind posted all in: the stack)
        put[k] = post
        total[k] = ante + post
        flags[k].saw[0] = True
    straddled = sum(1 for b in history.blinds_or_straddles if b) > 2
    # Positions: the button is the last player (heads-up, the button is the small blind).
    button = n - 1
    small = button if n == 2 else 0
    bb_seat = 0 if n == 2 else 1
    stealers = {button, small} if n == 2 else {button, small, n - 2} - {bb_seat}
    blind_seats = {small, bb_seat}

    folded = [False] * n
    acted = [False] * n  # acted on this street
    checked = [False] * n  # checked on this street
    street = 0
    level = 1  # preflop: the blinds are the first bet
    current: Amount = max(put)
    opener = -1  # the preflop open raiser (the 2-bet)
    last_aggressor = -1  # this street's
    previous_aggressor = -1  # the last street's
    voluntary = False  # a player has called or raised preflop
    steal_by = -1  # the seat of a steal, while nobody re-raised it
    cbet_by = -1  # this street's c-bet, while nobody raised it
    first_bet_seen = False  # a bet has been made on this street (postflop)
    holes: list[str | None] = [None] * n  # hole cards as text, when known
    board: list[str] = []  # the cards of each "d db" action
    last_street = 0  # the last street with a betting action
    for action in history.actions:
        parts = action.split()
        if not parts:
            raise PHHError(f"{label}: an empty action")
        if parts[0] == "d":
            if len(parts) >= 3 and parts[1] in ("db", "dh"):
                if parts[1] == "db":
                    board.append(parts[2])
                elif len(parts) >= 4 and "?" not in parts[3]:
                    k = seat_of.get(parts[2], -1)
                    if k >= 0:
                        holes[k] = parts[3]
            if len(parts) >= 2 and parts[1] == "db" and street < 3:
                street += 1
                previous_aggressor = last_aggressor
                last_aggressor = -1
                level = 0
                current = 0
                put = [0] * n
                acted = [False] * n
                checked = [False] * n
                cbet_by = -1
                first_bet_seen = False
                for k in range(n):
                    if not folded[k]:
                        flags[k].saw[street] = True
            continue
        if len(parts) < 2:
            raise PHHError(f"{label}: an action without its verb: {action!r}")
        k = seat_of.get(parts[0], -1)
        if k < 0:
            raise _unknown_player(parts[0], n, action, label)
        verb = parts[1]
        f = flags[k]
        if verb in ("sm", "sd"):  # showing or mucking cards, standing pat: no turn
            if verb == "sm" and len(parts) >= 3 and "?" not in parts[2]:
                holes[k] = parts[2]
            continue
        last_street = street
        first_turn = not acted[k]
        to_call = current - put[k]
        if street == 0:
            if level == 2 and k != opener:
                f.three_bet_chance = True
            if level == 3 and k == opener and not f.fold_to_three_bet_chance:
                f.four_bet_chance = True
                f.fold_to_three_bet_chance = True
                f.fold_to_three_bet = verb == "f"
            if first_turn and not voluntary and not straddled and k in stealers:
                f.steal_chance = True
                f.steal = verb == "cbr"
            if first_turn and steal_by >= 0 and k in blind_seats and k != steal_by:
                f.fold_to_steal_chance = True
                f.fold_to_steal = verb == "f"
        else:
            if first_turn and not first_bet_seen:
                if k == previous_aggressor:
                    f.cbet_chance[street] = True
                    f.cbet[street] = verb == "cbr"
                elif (
                    previous_aggressor >= 0
                    and not folded[previous_aggressor]
                    and not acted[previous_aggressor]
                ):
                    f.donk_bet_chance[street] = True
                    f.donk_bet[street] = verb == "cbr"
            if cbet_by >= 0 and k != cbet_by and not f.fold_to_cbet_chance[street]:
                f.fold_to_cbet_chance[street] = True
                f.fold_to_cbet[street] = verb == "f"
            if checked[k] and to_call > 0 and not f.check_raise_chance[street]:
                f.check_raise_chance[street] = True
                f.check_raise[street] = verb == "cbr"
        acted[k] = True
        if verb == "f":
            folded[k] = True
            f.folds[street] += 1
        elif verb == "cc":
            if to_call > 0:
                paid = min(to_call, stacks[k] - total[k])
                put[k] += paid
                total[k] += paid
                f.calls[street] += 1
                if street == 0:
                    f.vpip = True
                    voluntary = True
            else:
                f.checks[street] += 1
                checked[k] = True
        elif verb == "cbr":
            if len(parts) < 3:
                raise PHHError(f"{label}: a bet without its amount: {action!r}")
            amount = _amount(parts[2], action, label)
            paid = min(amount - put[k], stacks[k] - total[k])
            if paid < 0:
                raise PHHError(f"{label}: a bet below the player's chips in: {action!r}")
            put[k] += paid
            total[k] += paid
            current = max(current, put[k])
            if street == 0:
                f.vpip = f.pfr = True
                if level == 1 and not voluntary and k in stealers and not straddled:
                    steal_by = k if f.steal else -1
                else:
                    steal_by = -1
                voluntary = True
                if level == 1:
                    opener = k
                if level == 2 and f.three_bet_chance:
                    f.three_bet = True
                if level == 3 and f.four_bet_chance:
                    f.four_bet = True
                f.raises[0] += 1
            else:
                if level == 0:
                    f.bets[street] += 1
                    first_bet_seen = True
                    cbet_by = k if f.cbet[street] else -1
                else:
                    f.raises[street] += 1
                    cbet_by = -1
            level += 1
            last_aggressor = k
        else:
            raise PHHError(f"{label}: an action PHH does not write: {action!r}")
    if street == 0:
        previous_aggressor = last_aggressor
    live = [k for k in range(n) if not folded[k]]
    showdown = len(live) >= 2
    finishing = history.finishing_stacks
    if finishing is None:
        finishing = _replayed(history)
    returned = _uncalled(total)
    bb = big_blind(history)
    seats = _positions(n)
    winnings = history.fields.get("winnings")
    for k in range(n):
        f = flags[k]
        if _finite(finishing[k]):
            f.won = finishing[k] - history.starting_stacks[k]
            f.collected = f.won + total[k] - returned[k]
        elif isinstance(winnings, list) and len(winnings) == n:
            # (a stack not known, PHH's inf: what he collected is the file's winnings)
            f.collected = winnings[k]
            f.won = f.collected - total[k] + returned[k]
        f.won_bb = float(f.won) / float(bb)
        f.won_adjusted = float(f.won)
        f.position = seats[k]
        if showdown and not folded[k]:
            f.showdown = True
            f.won_at_showdown = f.collected > 0
    if showdown and last_street < 3 and all(_finite(x) for x in finishing):
        rake = -sum(f.won for f in flags)
        put_in = [t - r for t, r in zip(total, returned, strict=True)]
        live_seats = [not x for x in folded]
        values = all_in_values(
            history.variant, holes, board, last_street, stacks, put_in, live_seats, max(rake, 0)
        )
        for f, value in zip(flags, values or (), strict=False):
            if value is not None:
                f.all_in_ev = f.won_adjusted = value
    for f in flags:
        f.won_adjusted_bb = f.won_adjusted / float(bb)
    return flags


#: The positions' names from the button back (the button, the cut-off, the hijack, the
#: lojack), then the blinds; the seats between the big blind and the lojack are UTG, UTG+1 ...
_LATE = ("BTN", "CO", "HJ", "LJ")


def _positions(n: int) -> list[str]:
    """The position of each of ``n`` players in PHH order: the small blind, the big blind, then
    from the first to act to the button (heads-up: the big blind, then the button, who posts
    the small blind).

    >>> _positions(2), _positions(3), _positions(6)
    (['BB', 'BTN'], ['SB', 'BB', 'BTN'], ['SB', 'BB', 'UTG', 'HJ', 'CO', 'BTN'])
    >>> _positions(9)[2:]
    ['UTG', 'UTG+1', 'UTG+2', 'LJ', 'HJ', 'CO', 'BTN']
    """
    if n == 2:
        return ["BB", "BTN"]
    late = 1 if n == 3 else min(n - 3, len(_LATE))  # one seat at least is UTG from four up
    early = n - 2 - late
    names = ["SB", "BB"] + ["UTG" if j == 0 else f"UTG+{j}" for j in range(early)]
    return names + list(_LATE[:late][::-1])


def _size(x: Amount) -> Amount:
    """A blind's amount (a negative entry is a post of that size)."""
    return -x if x < 0 else x


def _replayed(history: HandHistory) -> tuple[Amount, ...]:
    """The finishing stacks of a history without them, from a replay through the engine.

    :raises PHHError: if the history does not replay, or stops before the hand's end.
    """
    stacks = replay(history).finishing_stacks
    if stacks is None:
        raise PHHError(f"{history.label}: no finishing stacks, and the hand does not end")
    return tuple(
        [
            Decimal(x.numerator) / Decimal(x.denominator) if isinstance(x, Fraction) else x
            for x in stacks
        ]
    )


def _finite(x: Amount) -> bool:
    return not isinstance(x, Decimal) or x.is_finite()


def _amount(text: str, action: str, label: str) -> Amount:
    try:
        if "." in text:
            value: Amount = Decimal(text)
        else:
            value = int(text)
    except (ArithmeticError, ValueError):
        raise PHHError(f"{label}: a bet whose amount is not a number: {action!r}") from None
    if value < 0:
        raise PHHError(f"{label}: a negative bet: {action!r}")
    return value


def _uncalled(total: list[Amount]) -> list[Amount]:
    """What comes back to the player who put in the most: his excess over the next largest."""
    if len(total) < 2:
        return [0] * len(total)
    top = max(range(len(total)), key=total.__getitem__)
    second = max(t for j, t in enumerate(total) if j != top)
    back: list[Amount] = [0] * len(total)
    back[top] = total[top] - second
    return back
