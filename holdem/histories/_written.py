"""A hand told action by action, written as PokerStars' text: for the sites whose files are not
PokerStars' kind of text (iPoker's XML, PartyPoker's own words), read through
:func:`holdem.pokerstars.parse_hand` as the other sites are.

:class:`Written` keeps what each player put in and the bets of the round as the reader tells it
the posts and the actions (each by the chips it adds, which is how these sites count), and
writes each as PokerStars does (``raises $2 to $3``, ``and is all-in``). :meth:`Written.end`
writes the uncalled bet (the most put in over the second most), the showdown in its order, the
amounts collected and the summary's pot and rake: the rake is the pot less the amounts won,
which a file states and its arithmetic must allow.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from typing import Literal

from holdem.errors import PokerStarsError

__all__ = ["Counts", "Written", "amount", "cards"]

#: Whether a file's amounts won count the uncalled bet returned (see :meth:`Written.end`).
Counts = bool | Literal["if over"] | None

_ZERO = Decimal(0)
_GROUPED = re.compile(r"\d{1,3}(?:\.\d{3})+")
_STREETS = {2: "FLOP", 3: "TURN", 4: "RIVER"}


def amount(text: str | None, chips: bool = False) -> Decimal | None:
    """An amount as the sites write it (``$0.25``, ``0,25€``, ``RSD1``, ``1,500``, ``[$2 USD]``)
    as a decimal; None if it holds no digits or too many. A comma followed by one or two digits
    at the end, and no point, is a decimal comma; any other comma separates thousands. With
    ``chips`` (a tournament's), points between groups of three digits separate thousands too
    (``295.092``, as some European clients write them).

    >>> amount("€0,25"), amount("1,500"), amount("$1,234.50 USD"), amount("DP")
    (Decimal('0.25'), Decimal('1500'), Decimal('1234.50'), None)
    >>> amount("295.092"), amount("295.092", chips=True)
    (Decimal('295.092'), Decimal('295092'))
    """
    digits = re.sub(r"[^\d.,]", "", text or "").strip(".,")
    if chips and _GROUPED.fullmatch(digits):
        digits = digits.replace(".", "")
    if "," in digits:
        whole, _, tail = digits.rpartition(",")
        if "." not in digits and len(tail) in (1, 2):
            digits = whole.replace(",", "") + "." + tail
        else:
            digits = digits.replace(",", "")
    if not digits or len(digits) > 24 or digits.count(".") > 1:
        return None
    try:
        return Decimal(digits)
    except InvalidOperation:  # pragma: no cover (only digits and one point are left)
        return None


def cards(text: str, label: str) -> list[str]:
    """Cards as the sites write them (``Js Th``, ``As, 6h, Qc``), each checked.

    :raises PokerStarsError: for a word that is not a card (``label`` names the hand).

    >>> cards("As, 6h, Qc", "h")
    ['As', '6h', 'Qc']
    """
    words = text.replace(",", " ").split()
    for w in words:
        if len(w) != 2 or w[0] not in "23456789TJQKA" or w[1] not in "shdc":
            raise PokerStarsError(f"{label}: not a card: {w[:10]!r}")
    return words


class Written:
    """A hand's lines in PokerStars' words, from the posts to the summary, as its reader tells
    the play: ``stacks`` (each player's chips at the start, by name), ``seats`` (each player's
    seat number), the button's seat and the ``boards`` (the cards of rounds 2, 3 and 4: the
    flop, the turn and the river)."""

    def __init__(
        self,
        label: str,
        stacks: dict[str, Decimal],
        seats: dict[str, int],
        button: int,
        boards: dict[int, list[str]],
    ) -> None:
        self.label = label
        self.stacks = stacks
        self.seats = seats
        self.button = button
        self.boards = boards
        self.put: dict[str, Decimal] = {}  # all each player put in, uncalled bets included
        self.bets: dict[str, Decimal] = {}  # each player's bet in the round
        self.dead: dict[str, Decimal] = {}  # each player's dead blind (no bet: never returned)
        self.top = _ZERO  # the round's bet
        self.round = 1  # 1 before the flop, 2 the flop...
        self.folded: set[str] = set()
        self.aggressor = ""  # the last to bet or raise in the round
        self.posts: list[str] = []
        self.play: list[str] = []

    def fail(self, reason: str) -> PokerStarsError:
        return PokerStarsError(f"{self.label}: {reason}")

    def _all_in(self, name: str, added: Decimal) -> str:
        left = self.stacks[name] - self.put.get(name, _ZERO)
        if added > left:
            raise self.fail(f"{name!r} puts in {added}, more than the {left} he has left")
        return " and is all-in" if added == left and added > 0 else ""

    def post(
        self,
        name: str,
        what: str,
        chips: Decimal,
        live: Decimal | None = None,
        owed: Decimal | None = None,
    ) -> None:
        """A post (``small blind``, ``big blind``, ``the ante``, ``small & big blinds``) of
        ``chips``; ``live``: the part of it in the round's bets (all of it but an ante's, or
        the big blind of a small and big blind posted together); ``owed``: the blind the seat
        owed, when an all-in post is short of it (the others still call the full blind)."""
        all_in = self._all_in(name, chips)
        lines = self.play if self.play else self.posts
        lines.append(f"{name}: posts {what} {chips}{all_in}")
        self.put[name] = self.put.get(name, _ZERO) + chips
        if what != "the ante":
            if live is not None and chips > live:
                self.dead[name] = self.dead.get(name, _ZERO) + chips - live
            have = self.bets.get(name, _ZERO) + (chips if live is None else live)
            self.bets[name] = have
            self.top = max(self.top, have, owed or _ZERO)

    def fold(self, name: str) -> None:
        self.play.append(f"{name}: folds")
        self.folded.add(name)

    def check(self, name: str) -> None:
        if self.bets.get(name, _ZERO) < self.top:
            raise self.fail(f"{name!r} checks facing a bet")
        self.play.append(f"{name}: checks")

    def adds(self, name: str, added: Decimal) -> None:
        """A call, bet or raise of ``added`` chips (which it is, the bets of the round say)."""
        if added <= 0:
            raise self.fail(f"{name!r} calls, bets or raises nothing")
        all_in = self._all_in(name, added)
        total = self.bets.get(name, _ZERO) + added
        if total <= self.top:
            self.play.append(f"{name}: calls {added}{all_in}")
        elif self.top == 0:
            self.play.append(f"{name}: bets {added}{all_in}")
        else:
            self.play.append(f"{name}: raises {total - self.top} to {total}{all_in}")
        self.put[name] = self.put.get(name, _ZERO) + added
        self.bets[name] = total
        if total > self.top:
            self.aggressor, self.top = name, total

    def act(self, name: str, verb: str, added: Decimal | None, to: Decimal | None) -> None:
        """An action as the sites word it: ``folds``, ``checks``, or a call, bet or raise by
        the chips it adds (``added``) or to a total (``to``).

        :raises PokerStarsError: for a call, bet or raise without an amount.
        """
        if verb == "folds":
            self.fold(name)
        elif verb == "checks":
            self.check(name)
        elif to is not None:
            self.raise_to(name, to)
        elif added is not None:
            self.adds(name, added)
        else:
            raise self.fail(f"{name!r} {verb} without an amount")

    def raise_to(self, name: str, to: Decimal) -> None:
        """A bet or raise to ``to`` in the round."""
        self.adds(name, to - self.bets.get(name, _ZERO))

    def street(self, rnd: int) -> None:
        """The play goes on to round ``rnd`` (2: the flop...), its boards written."""
        if rnd < self.round:
            raise self.fail(f"round {rnd} after round {self.round}")
        for r in range(self.round + 1, rnd + 1):
            if r not in self.boards or r not in _STREETS:
                raise self.fail(f"the play goes on to round {r}, whose cards are not dealt")
            self.play.append(f"*** {_STREETS[r]} *** [{' '.join(self.boards[r])}]")
        if rnd != self.round:
            self.round, self.bets, self.top, self.aggressor = rnd, {}, _ZERO, ""

    def uncalled(self) -> tuple[str, Decimal]:
        """The player who put in the most and the part of it no one matched, returned to him:
        the excess of his chips over the next player's, dead blinds not counted (no bets)."""
        bet = {n: chips - self.dead.get(n, _ZERO) for n, chips in self.put.items()}
        ranked = sorted(bet.items(), key=lambda kv: kv[1], reverse=True)
        if not ranked:
            return "", _ZERO
        return ranked[0][0], ranked[0][1] - ranked[1][1] if len(ranked) > 1 else _ZERO

    def end(
        self,
        won: dict[str, Decimal],
        pockets: dict[str, list[str]],
        hero: str,
        *,
        counts_uncalled: Counts,
        tournament: bool,
        rake: Decimal | None = None,
    ) -> list[str]:
        """The hand's lines, from the posts to the summary, with ``won`` the amounts each player
        won as the file says (``counts_uncalled``: they count the uncalled bet returned to its
        bettor, or not, or None if the file does not say: then the reading that leaves a rake of
        0 or more, see :meth:`net`; ``"if over"``: not, unless they are more than the pot and
        with it are the pot exactly, or the bettor's win is the bet returned). ``rake``: the
        file's, if it states one (then the pot less the amounts won must be it); a
        tournament's is 0.

        :raises PokerStarsError: if the amounts won and the pot do not add up.
        """
        last = max((r for r in self.boards if r in _STREETS), default=1)
        aggressor = self.aggressor if self.round == last else ""
        self.street(max(last, self.round))
        bettor, back = self.uncalled()
        after = [f"Uncalled bet ({back}) returned to {bettor}"] if back else []
        pot = sum(self.put.values(), _ZERO) - back
        won = self.net(won, bettor, back, pot, 2 in self.boards, counts_uncalled, rake)
        taken = pot - sum(won.values(), _ZERO)
        if taken < 0:
            raise self.fail(f"the amounts won ({pot - taken}) are more than the pot ({pot})")
        if rake is not None and taken != rake:
            raise self.fail(
                f"the pot ({pot}) less the amounts won ({pot - taken}) is not the rake ({rake})"
            )
        if taken and tournament:
            raise self.fail(
                f"the amounts won ({pot - taken}) are not the pot ({pot}) of a tournament hand"
            )
        shown = self.showdown(pockets, aggressor, won)
        if shown:
            after += ["*** SHOW DOWN ***", *shown]
        after += [f"{n} collected {w} from pot" for n, w in won.items() if w > 0]
        after += ["*** SUMMARY ***", f"Total pot {pot} | Rake {taken}"]
        dealt = [f"Dealt to {hero} [{' '.join(pockets[hero])}]"] if hero in pockets else []
        return [*self.posts, "*** HOLE CARDS ***", *dealt, *self.play, *after]

    def net(
        self,
        won: dict[str, Decimal],
        bettor: str,
        back: Decimal,
        pot: Decimal,
        flop: bool,
        counts_uncalled: Counts,
        rake: Decimal | None,
    ) -> dict[str, Decimal]:
        """The amounts won from the pot. A file that does not say whether its amounts won count
        the uncalled bet: the reading that leaves a rake of 0 or more (the file's rake, if it
        states one) is taken; if both do, the one with no rake in a hand without a flop (no
        flop, no drop), or the one that counts it when the bettor's win is the bet returned,
        no more (he won none of the pot: the replay checks it); else the hand is refused.
        ``"if over"``: the amounts won count it only if they are more than the pot and,
        counting it, the pot exactly (no rake taken) or the bettor's win is the bet returned,
        no more."""
        if not back or counts_uncalled is False:
            return won
        net = {**won, bettor: won.get(bettor, _ZERO) - back}
        if net[bettor] < 0:
            return won
        if counts_uncalled is True:
            return net
        total = sum(won.values(), _ZERO)
        gross_rake, net_rake = pot - total, pot - total + back
        if rake is not None:
            return net if net_rake == rake else won
        if counts_uncalled == "if over":  # (the bet returned: the pot exactly, or its own win)
            returned = net_rake == 0 or won.get(bettor) == back
            return net if gross_rake < 0 and returned else won
        if gross_rake < 0 <= net_rake:
            return net
        if net_rake < 0 or (not flop and gross_rake == 0):
            return won
        if not flop and net_rake == 0:
            return net
        if won.get(bettor) == back:  # (his win is the bet returned: he won none of the pot)
            return net
        raise self.fail(
            f"the amounts won ({total}) may or may not hold the uncalled bet ({back}) returned "
            f"to {bettor!r}: a rake of {gross_rake} or of {net_rake}, and nothing tells which"
        )

    def showdown(
        self, pockets: dict[str, list[str]], aggressor: str, won: dict[str, Decimal]
    ) -> list[str]:
        """The showdown's lines, in its order (from the last to bet or raise in the last round,
        else from the left of the button, clockwise): each player still in shows his cards
        when the file gives them, else mucks; a player who wins ``won`` without his cards
        written shows cards not known (``[XX XX]``: the replay refuses the hand if it needs
        them)."""
        staying = [n for n in self.put if n not in self.folded]
        if len(staying) < 2:
            return []
        order = sorted(self.seats, key=lambda n: (self.seats[n] <= self.button, self.seats[n]))
        if aggressor:
            at = order.index(aggressor)
            order = order[at:] + order[:at]
        return [
            f"{n}: shows [{' '.join(pockets[n])}]"
            if n in pockets
            else f"{n}: shows [XX XX]"
            if won.get(n)
            else f"{n}: mucks hand"
            for n in order
            if n in staying
        ]
