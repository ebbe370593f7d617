"""Betting structures and the rule options where real rule books differ, with named presets.

A :class:`Rules` value holds every choice the engine makes that is not the same in every rule
book; a preset names a whole set of them:

* ``casino`` (the default): Robert's Rules of Poker, the TDA rules and Wikipedia's "Texas hold
  'em".
* ``pokerkit``: what pokerkit 0.7.7, the reference implementation of the PHH standard, does.
* ``acpc``: the Annual Computer Poker Competition's dealer.

>>> rules = Rules.preset("casino")
>>> rules.odd_chips, rules.reopen
(<OddChips.ONE_AT_A_TIME: 'one-at-a-time'>, <Reopen.FULL_RAISE: 'full-raise'>)
>>> Rules.preset("acpc").odd_chips.value
'fractional'
>>> Rules.preset("casino", cap=5).cap
5
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from holdem._validate import Lookup
from holdem.errors import RulesError

__all__ = ["PRESETS", "LimitAllIn", "OddChips", "Rake", "Reopen", "Rules", "Structure"]


def _str_by_name(self: enum.Enum) -> str:
    """An engine enum's ``str()``: its member name (``str(Structure.NO_LIMIT) == 'NO_LIMIT'``)."""
    return self.name


def _format_by_name(self: enum.Enum, format_spec: str) -> str:
    """An engine enum in an f-string or ``format()``: its member name, padded as asked."""
    return format(self.name, format_spec)


class Structure(Lookup, enum.Enum):
    """How much a player may bet: fixed limit, pot limit or no limit."""

    __str__ = _str_by_name
    __format__ = _format_by_name

    FIXED_LIMIT = "fixed-limit"
    POT_LIMIT = "pot-limit"
    NO_LIMIT = "no-limit"

    @classmethod
    def parse(cls, value: Structure | str) -> Structure:
        """A structure from itself or a name: 'no-limit', 'NL', 'pot_limit', 'FL', 'limit' ...

        :raises RulesError: for any other value.

        >>> Structure.parse("NL") is Structure.NO_LIMIT
        True
        """
        if isinstance(value, Structure):
            return value
        if isinstance(value, str):
            key = value.strip().lower().replace("_", "-").replace(" ", "-")
            found = _STRUCTURE_NAMES.get(key)
            if found is not None:
                return found
        names = ", ".join(repr(s.value) for s in cls)
        raise RulesError(f"unknown betting structure {value!r}; use one of {names}")


_STRUCTURE_NAMES = {
    **{s.value: s for s in Structure},
    "nl": Structure.NO_LIMIT,
    "nolimit": Structure.NO_LIMIT,
    "pl": Structure.POT_LIMIT,
    "potlimit": Structure.POT_LIMIT,
    "fl": Structure.FIXED_LIMIT,
    "limit": Structure.FIXED_LIMIT,
    "fixed": Structure.FIXED_LIMIT,
}


class OddChips(Lookup, enum.Enum):
    """Who gets the chips left over when a pot does not split evenly."""

    __str__ = _str_by_name
    __format__ = _format_by_name

    #: One chip at a time to the winners in seat order, starting left of the button (Wikipedia,
    #: "Texas hold 'em": "any extra chips going to the first players after the button in
    #: clockwise order"; the TDA rules).
    ONE_AT_A_TIME = "one-at-a-time"
    #: All the odd chips to the first winner left of the button (pokerkit 0.7.7).
    FIRST_WINNER = "first-winner"
    #: No odd chips: exact fractions (the ACPC dealer; payoffs are then Fractions).
    FRACTIONAL = "fractional"


class Reopen(Lookup, enum.Enum):
    """When an all-in raise short of a full raise lets players who already acted raise again."""

    __str__ = _str_by_name
    __format__ = _format_by_name

    #: Only a full raise reopens: a player who acted may raise again only if the raises since
    #: then add up to a full raise (Robert's Rules, TDA; in fixed limit, an all-in of at least
    #: half a bet counts as a full raise when ``half_bet_reopens`` is set).
    FULL_RAISE = "full-raise"
    #: pokerkit 0.7.7: a raise whose size is at least the largest raise of the round reopens;
    #: consecutive short all-ins that add up to it do too.
    POKERKIT = "pokerkit"
    #: Any raise reopens (the ACPC dealer).
    ALWAYS = "always"


class LimitAllIn(Lookup, enum.Enum):
    """Fixed limit: what a bet or raise all in for less than a full bet counts as, for the
    raise after it (the rule books and the sites disagree)."""

    __str__ = _str_by_name
    __format__ = _format_by_name

    #: Robert's Rules of Poker (Betting and raising, rule 6): an all-in of less than half a bet
    #: is not a bet: a player who may raise completes it to the full bet it fell short of, and
    #: it counts toward no cap; one of half a bet or more is treated as a full bet, and a full
    #: raise adds a bet to it ("raising a $15 all-in bet to $35" on a $20 round).
    COMPLETE = "complete"
    #: The raise after an all-in adds a full bet to it, whatever its size, and the all-in counts
    #: toward the cap (pokerkit 0.7.7; the ACPC dealer, whose raises add the round's size).
    RAISE = "raise"
    #: The bets stay on their levels: an all-in of half a bet or more counts as the full bet it
    #: reached for, and the next raise goes to the level above (a $0.13 all-in on a $0.20 round
    #: raised to $0.40: iPoker); one of less than half is completed, as by Robert's Rules.
    LEVEL = "level"


_ROUNDINGS = ("down", "nearest")


@dataclass(frozen=True, kw_only=True, slots=True)
class Rake:
    """The house's share of the pots: a percentage of each pot, rounded, with a cap per hand.

    * ``percent`` (``0``): the share of each pot, in percent (an int, a Fraction, or a decimal
      string such as ``"4.5"``; never a float).
    * ``cap`` (None): the most the house takes from one hand (None: no cap).
    * ``unit`` (``1``): the rake is a whole number of these chips (a table in cents that rakes
      whole dimes has ``unit=10``).
    * ``rounding`` (``"down"``): ``"down"`` takes the whole units below the share (most online
      rooms: one cent per full 20 cents at 5%), ``"nearest"`` rounds half up.
    * ``no_flop_no_drop`` (True): no rake from a hand that ends before the flop is dealt.
    * ``amount`` (None): an exact rake for one hand, as a hand history records it (then
      ``percent`` and ``unit`` are not used; ``cap`` still bounds it).
    * ``pots`` (None): an exact rake for each pot of one hand, main pot first (the pots of
      ``Hand.pots``; a pot beyond the tuple gives none), as a hand history that gives each
      pot after the rake records it. PokerStars rakes each pot its own share (a percentage
      rounded down, main pot first, until the cap), so that the rake of a hand with side pots
      is not all taken from the main pot: its summary ("Total pot $6.73 Main pot $3. Side pot
      $3.43. | Rake $0.30") gives each pot after the rake, and the percentage is not in the
      text. ``amount``, ``percent`` and ``unit`` are then not used; ``cap`` still bounds it.

    * ``whole_pot`` (False): the rake of a hand is the share of all its pots together (rounded
      once, then capped) rather than the sum of each pot's; each pot still gives its own share,
      main pot first, and the units that rounding each pot's share down leaves over come from
      the largest pot (PokerStars' hand histories: "Total pot €19.84 Main pot €5.37. Side
      pot-1 €7.50. Side pot-2 €6.08. | Rake €0.89" at 4.5% is 25, 35 + 1 and 28 cents from
      pots of €5.62, €7.86 and €6.36).

    The rake comes out of the pots before they are awarded, main pot first (each pot gives its
    share, until the cap is reached; with ``pots``, each pot gives its own); an uncalled bet is
    never raked.

    :raises RulesError: for a negative or fractional cap, amount or unit, a percent that is not
        a number from 0 to 100, ``pots`` that are not whole chips from 0, a ``whole_pot`` that
        is not a bool, or an unknown rounding.

    >>> Rake(percent=5, cap=300).take(1_000)  # 5% of 1,000 chips
    50
    >>> Rake(percent=5, unit=10).take(1_234)  # 61.7 chips: six whole tens
    60
    """

    percent: Fraction | int | str = Fraction(0)  # stored as a Fraction
    cap: int | None = None
    unit: int = 1
    rounding: str = "down"
    no_flop_no_drop: bool = True
    amount: int | None = None
    pots: tuple[int, ...] | None = None
    whole_pot: bool = False

    def __post_init__(self) -> None:
        percent: object = self.percent
        try:
            if isinstance(percent, bool) or not isinstance(percent, int | Fraction | str):
                raise TypeError
            value = Fraction(percent)
        except (TypeError, ValueError, ZeroDivisionError):
            raise RulesError(
                f"rake percent must be an int, a Fraction or a decimal string, got {percent!r}"
            ) from None
        if not 0 <= value <= 100:
            raise RulesError(f"rake percent must be from 0 to 100, got {percent!r}")
        object.__setattr__(self, "percent", value)
        for name, low in (("cap", 0), ("unit", 1), ("amount", 0)):
            v: object = getattr(self, name)
            if v is None and name != "unit":
                continue
            if not isinstance(v, int) or isinstance(v, bool) or v < low:
                raise RulesError(f"rake {name} must be an int >= {low}, got {v!r}")
        pots: object = self.pots
        if pots is not None:
            if not isinstance(pots, tuple | list) or not all(
                isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in pots
            ):
                raise RulesError(f"rake pots must be a tuple of ints >= 0, got {pots!r}")
            object.__setattr__(self, "pots", tuple(pots))
        if not isinstance(self.whole_pot, bool):
            raise RulesError(f"rake whole_pot must be a bool, got {self.whole_pot!r}")
        if self.rounding not in _ROUNDINGS:
            raise RulesError(f"rake rounding must be one of {_ROUNDINGS}, got {self.rounding!r}")

    def take(self, pot: int) -> int:
        """The rake of one pot of ``pot`` chips, before the cap: whole units of the share."""
        share = Fraction(self.percent) * pot / (100 * self.unit)
        units = int(share) if self.rounding == "down" else int(share + Fraction(1, 2))
        return units * self.unit


@dataclass(frozen=True, kw_only=True, slots=True)
class Rules:
    """The rule options of a hand; build one with :meth:`preset` and override fields by name.

    Options (name, default of the ``casino`` preset, meaning):

    * ``name`` (``"casino"``): the preset these options came from (for display; overriding a
      field keeps the name).
    * ``cap`` (``4``): fixed limit: the most bets and raises in one round (None: no cap).
    * ``cap_counts_blind`` (``True``): fixed limit: the big blind counts as the first bet of the
      pre-flop round toward the cap.
    * ``uncapped_heads_up`` (``True``): fixed limit: no cap on a round that starts with only two
      players.
    * ``complete_short_blind`` (``True``): fixed limit: a big blind (or largest straddle) smaller
      than the small bet is treated as a sub-minimum bring-in is in stud (Wikipedia, "Texas
      hold 'em", betting structures): the first raise completes it to one small bet, that
      completion is the round's first bet toward the cap, and the raises after it are of a
      small bet each; False: the blind counts as a bet and a raise adds a full small bet to it
      (pokerkit 0.7.7; the ACPC dealer, whose raises always add the round's ``raiseSize``).
    * ``reopen`` (``Reopen.FULL_RAISE``): when a short all-in raise reopens the betting (see
      :class:`Reopen`).
    * ``half_bet_reopens`` (``True``): fixed limit: an all-in raise of at least half a bet counts
      as a full raise.
    * ``limit_all_in`` (``LimitAllIn.COMPLETE``): fixed limit: the raise after a bet or raise all
      in for less than a full bet: to the full bet it fell short of, or a bet above it (see
      :class:`LimitAllIn`; pokerkit 0.7.7 and the ACPC dealer: ``LimitAllIn.RAISE``).
    * ``min_raise_last`` (``False``): the minimum raise. False: at least the largest bet or raise
      of the round (and at least the minimum bet); True: the ACPC dealer's rule, a raise must
      reach both the previous minimum and the last raise-to plus that raise's size (a short
      all-in never lowers the minimum, and after a bet the minimum is not floored at the minimum
      bet).
    * ``raise_needs_cover`` (``True``): a bet or raise needs another player in the hand who could
      put in more than the current bet; False: any other player not all-in is enough, even one
      who can only call all-in, and the part no one matches comes back as an uncalled bet (the
      ACPC dealer; PokerStars, see :func:`holdem.pokerstars.stars_rules`).
    * ``limit_short_raise`` (``False``): fixed limit: a player who cannot cover the bet may
      still raise, putting in his whole stack, which becomes the bet to match (lower than
      before); a player who had put in more and then calls takes the excess back, and may fold
      or raise instead, and one who folds leaves the excess in the pot (the ACPC dealer: its
      ``raiseIsValid`` does not look at stacks in limit games, its ``doAction`` sets the bet to
      the raiser's stack and a caller's spending to the bet, and a folded player's spending
      stays in the pot).
    * ``straddle_sets_min_raise`` (``True``): pre-flop, the largest blind or straddle sets the
      minimum raise (the straddle "acts as the big blind"); False: only the minimum bet does
      (pokerkit 0.7.7).
    * ``straddle_is_raise`` (``True``): each straddle must be a legal raise over the forced bet
      before it: the first at least twice the big blind, each re-straddle at least the one
      before plus the last raise, at most a pot-sized raise in pot limit, exactly one small bet
      more in fixed limit (Wikipedia, "Texas hold 'em": re-straddles "in any amount that would
      be a legal raise"; Robert's Rules of Poker: a live straddle is a raise); False: a straddle
      need only be as large as the forced bet before it (pokerkit 0.7.7, the ACPC dealer).
    * ``call_full_blind`` (``True``): a big blind (or any blind or straddle) posted all in for
      less than it is due still sets the bet to call pre-flop at the full amount due: the
      others call (and raise from) the full blind, and the part of a bet that the short blind
      does not match goes to a side pot or, uncalled, back to its bettor (Wikipedia, "Betting
      in poker", all-in before the deal: "Players to act must call the complete amount of the
      big blind to call, even if the all-in player has posted less than a full big blind"; the
      TDA forum's "All in with less than BB"; the sites: PokerStars, 888, Ongame). So the small
      blind owes the rest of the full blind, a full raise is to the full blind plus the minimum
      raise, and in fixed limit the blind counts as the round's first bet. False: the bet to
      call is the largest amount actually posted (pokerkit 0.7.7). The ACPC dealer's bet to
      call starts at the largest blind of the game definition (its ``initState``), its stacks
      never short of a blind: True.
    * ``lone_matched_acts`` (``False``): a player still asked to act when he is the only player
      in the hand with chips behind, every other player still in is all in, and he has already
      matched the largest bet (a big blind whose every opponent went all in for no more than
      the blind). False: the betting ends without asking him, since no one could call a raise
      and he owes nothing (the casino's practice; the sites' hand histories give him no action:
      PartyPoker, 888); True: he is asked, and may only check (pokerkit 0.7.7; the ACPC dealer,
      whose round ends when the players with chips have called, a blind not being a call).
    * ``opener_by_posted`` (``False``): pre-flop action starts left of the largest bet actually
      posted (pokerkit 0.7.7), rather than left of the largest blind or straddle due (which
      differ when a stack is short).
    * ``misdeal_first_cards`` (``1``): a hole card the dealer exposes among the first this many
      cards dealt is a misdeal (Wikipedia, "Texas hold 'em": "If the first card dealt is
      exposed"; Robert's Rules of Poker: the first or second card, ``2``); any other exposed
      hole card is replaced and burned, and a second one is a misdeal (see
      :mod:`holdem.engine.misdeal`).
    * ``misdeal_until`` (``"two-acted"``): how long a misdeal may still be declared: before two
      players have acted (Robert's Rules of Poker), or ``"substantial"``: before substantial
      action, that is three actions or two that put chips in (the TDA rules).
    * ``fold_when_free`` (``True``): a player may fold when checking is free (the fold is
      binding); False: not allowed.
    * ``odd_chips`` (``OddChips.ONE_AT_A_TIME``): the odd chips of a split pot (see
      :class:`OddChips`).
    * ``all_in_shows_all`` (``False``): auto showdown: every hand is shown when a player still in
      is all-in (TDA rule 16; pokerkit 0.7.7), not only when at most one player has chips left.
    * ``showdown_from_opener`` (``False``): with no bet on the last betting round, the showdown
      starts with the first to act in that round (pre-flop: left of the big blind; pokerkit
      0.7.7), not left of the button.
    * ``merge_pots`` (``False``): at the showdown the pots are rebuilt with only the hands that
      win something, so neighbouring pots won by the same players are one pot, split once
      (pokerkit 0.7.7 kills the losing hands before pushing the chips). This changes only where
      odd chips go.
    * ``dead_antes`` (``False``): antes are dead money in the main pot rather than part of each
      player's contribution to the side-pot levels (pokerkit 0.7.7).
    * ``dead_big_blind_ante`` (``True``): a big-blind ante (``big_blind_ante``; in per-seat
      ``antes``, what the one seat that antes the most posts beyond every other) is dead money
      in the main pot, outside the side-pot levels, so an all-in big blind never gets part of
      it back (the TDA rules on the big-blind ante); False: it counts toward the seat's
      contribution like any live ante.
    * ``rake`` (``None``): the house's rake, a :class:`Rake` (None: no rake; every preset has none).
    * ``ante_trimming`` (``False``): pokerkit's ``ante_trimming_status``: no ante is larger than
      the second largest (the excess goes back; as in pokerkit 0.7.7, a blind is still capped by
      the stack less the untrimmed ante). pokerkit's antes are dead money only without trimming:
      for a pokerkit hand with ``ante_trimming_status`` true use ``ante_trimming=True,
      dead_antes=False``.

    :raises RulesError: for a ``cap`` that is not a positive int or None, a ``reopen``,
        ``odd_chips`` or ``limit_all_in`` that is not a :class:`Reopen`, an :class:`OddChips` or
        a :class:`LimitAllIn`, or a misdeal option out of its range.

    >>> Rules().name, Rules.preset("pokerkit").cap_counts_blind
    ('casino', False)
    """

    name: str = "casino"
    cap: int | None = 4
    cap_counts_blind: bool = True
    uncapped_heads_up: bool = True
    complete_short_blind: bool = True
    reopen: Reopen = Reopen.FULL_RAISE
    half_bet_reopens: bool = True
    limit_all_in: LimitAllIn = LimitAllIn.COMPLETE
    min_raise_last: bool = False
    raise_needs_cover: bool = True
    limit_short_raise: bool = False
    straddle_sets_min_raise: bool = True
    straddle_is_raise: bool = True
    opener_by_posted: bool = False
    call_full_blind: bool = True
    lone_matched_acts: bool = False
    fold_when_free: bool = True
    misdeal_first_cards: int = 1
    misdeal_until: str = "two-acted"
    odd_chips: OddChips = OddChips.ONE_AT_A_TIME
    all_in_shows_all: bool = False
    showdown_from_opener: bool = False
    merge_pots: bool = False
    dead_antes: bool = False
    ante_trimming: bool = False
    dead_big_blind_ante: bool = True
    rake: Rake | None = None
    #: The choices as the hand kernel reads them (see :func:`kernel_bits`), worked out once.
    _bits: tuple[Any, ...] = dataclasses.field(
        default=(), init=False, repr=False, compare=False, hash=False
    )

    @staticmethod
    def preset(name: str = "casino", **overrides: Any) -> Rules:
        """The named preset ('casino', 'pokerkit' or 'acpc'), with some fields overridden.

        :raises RulesError: for an unknown preset name, an unknown field, or a field of the
            wrong kind.
        """
        try:
            base = PRESETS[name]
        except (KeyError, TypeError):
            raise RulesError(
                f"unknown rule preset {name!r}; use one of {', '.join(map(repr, PRESETS))}"
            ) from None
        return base.replace(**overrides) if overrides else base

    def replace(self, **changes: Any) -> Rules:
        """A copy with some fields changed.

        :raises RulesError: for a field name that does not exist or a value of the wrong kind.

        >>> Rules().replace(cap=None).cap is None
        True
        """
        names = {f.name for f in dataclasses.fields(self) if f.init}
        unknown = sorted(set(changes) - names)
        if unknown:
            raise RulesError(f"unknown rule option(s) {unknown}; options are {sorted(names)}")
        return dataclasses.replace(self, **changes)

    def __post_init__(self) -> None:
        """Refuse options of the wrong kind (direct construction and :meth:`replace` alike)."""
        cap: object = self.cap
        if cap is not None and (not isinstance(cap, int) or isinstance(cap, bool) or cap < 1):
            raise RulesError(f"cap must be a positive int or None, got {self.cap!r}")
        first: object = self.misdeal_first_cards
        if not isinstance(first, int) or isinstance(first, bool) or first < 0:
            raise RulesError(f"misdeal_first_cards must be an int >= 0, got {first!r}")
        if self.misdeal_until not in ("two-acted", "substantial"):
            raise RulesError(
                f"misdeal_until is 'two-acted' or 'substantial', got {self.misdeal_until!r}"
            )
        rake: object = self.rake
        if rake is not None and not isinstance(rake, Rake):
            raise RulesError(f"rake must be a Rake or None, got {rake!r}")
        for field, kind in (
            ("reopen", Reopen),
            ("odd_chips", OddChips),
            ("limit_all_in", LimitAllIn),
        ):
            if not isinstance(getattr(self, field), kind):
                raise RulesError(f"{field} must be a {kind.__name__}, got {getattr(self, field)!r}")
        object.__setattr__(self, "_bits", kernel_bits(self))


#: The bits of ``kernel_bits``' flags, one per yes-or-no choice the hand kernel reads.
FLAG_BITS = (
    "raise_needs_cover",
    "min_raise_last",
    "limit_short_raise",
    "straddle_sets_min_raise",
    "cap_counts_blind",
    "opener_by_posted",
    "fold_when_free",
    "uncapped_heads_up",
    "complete_short_blind",
    "half_bet_reopens",
    "all_in_shows_all",
    "showdown_from_opener",
    "merge_pots",
    "dead_antes",
    "ante_trimming",
    "straddle_is_raise",
    "dead_big_blind_ante",
    "call_full_blind",
    "lone_matched_acts",
)

# The flags of ``limit_all_in`` (bits 19 and 20, after FLAG_BITS): an all-in short of half a
# bet completed (COMPLETE, LEVEL), and one of half a bet or more counted as the level it
# reached for (LEVEL).
_LIMIT_ALL_IN_FLAGS = {
    LimitAllIn.COMPLETE: 1 << 19,
    LimitAllIn.RAISE: 0,
    LimitAllIn.LEVEL: 1 << 19 | 1 << 20,
}


def kernel_bits(rules: Rules) -> tuple[Any, ...]:
    """The rule choices as the hand kernel reads them: the preset's name, how a raise reopens
    (0 full raise, 1 pokerkit, 2 always), the flags (bit k for ``FLAG_BITS[k]``, then those of
    ``limit_all_in``), the cap (-1
    for none), the odd chips (0 one at a time, 1 first winner, 2 fractional) and the rake
    (None, or its percent as a numerator and denominator, cap (-1 none), unit, rounding to
    nearest, no flop no drop, amount (-1 none), pots (None) and whole pot).

    >>> kernel_bits(Rules())[:5]
    ('casino', 0, 754649, 4, 0)
    """
    flags = _LIMIT_ALL_IN_FLAGS[rules.limit_all_in]
    for k, name in enumerate(FLAG_BITS):
        if getattr(rules, name):
            flags |= 1 << k
    return (
        rules.name,
        list(Reopen).index(rules.reopen),
        flags,
        -1 if rules.cap is None else rules.cap,
        list(OddChips).index(rules.odd_chips),
        None if rules.rake is None else rake_bits(rules.rake),
    )


def rake_bits(rake: Rake) -> tuple[Any, ...]:
    """A :class:`Rake` as the hand kernel reads it: its percent as a numerator and a
    denominator, cap (-1 none), unit, rounding to nearest, no flop no drop, amount (-1 none),
    pots (None) and whole pot.

    >>> rake_bits(Rake(percent="4.5", cap=300))
    (9, 2, 300, 1, False, True, -1, None, False)
    """
    percent = Fraction(rake.percent)
    return (
        percent.numerator,
        percent.denominator,
        -1 if rake.cap is None else rake.cap,
        rake.unit,
        rake.rounding == "nearest",
        rake.no_flop_no_drop,
        -1 if rake.amount is None else rake.amount,
        rake.pots,
        rake.whole_pot,
    )


PRESETS: dict[str, Rules] = {
    "casino": Rules(),
    "pokerkit": Rules(
        name="pokerkit",
        cap=4,
        cap_counts_blind=False,
        uncapped_heads_up=False,
        complete_short_blind=False,
        reopen=Reopen.POKERKIT,
        half_bet_reopens=False,
        straddle_sets_min_raise=False,
        straddle_is_raise=False,
        opener_by_posted=True,
        call_full_blind=False,
        lone_matched_acts=True,
        limit_all_in=LimitAllIn.RAISE,
        fold_when_free=False,
        odd_chips=OddChips.FIRST_WINNER,
        merge_pots=True,
        all_in_shows_all=True,
        showdown_from_opener=True,
        dead_antes=True,
        dead_big_blind_ante=False,  # pokerkit's antes are all dead, or all live when trimmed
    ),
    "acpc": Rules(
        name="acpc",
        cap=4,
        cap_counts_blind=True,
        uncapped_heads_up=False,
        complete_short_blind=False,
        reopen=Reopen.ALWAYS,
        half_bet_reopens=False,
        min_raise_last=True,
        raise_needs_cover=False,
        limit_short_raise=True,
        straddle_is_raise=False,
        lone_matched_acts=True,
        limit_all_in=LimitAllIn.RAISE,
        fold_when_free=False,
        odd_chips=OddChips.FRACTIONAL,
        dead_big_blind_ante=False,  # the dealer has no antes
    ),
}
