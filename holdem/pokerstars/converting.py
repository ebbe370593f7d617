"""A PokerStars hand as a PHH hand history, and the check that the engine replays it exactly.

:func:`to_history` writes a :class:`~holdem.pokerstars.parsing.StarsHand` as a
:class:`~holdem.phh.HandHistory` in the hand's smallest unit (the ``_unit`` field says which:
``"0.01"`` for cents). :func:`check` replays it through the engine and compares, player by
player, what the engine pays with what the text says each player collected, and the total pot
with the summary's.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import operator
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from holdem._validate import check_type
from holdem.cards import Card
from holdem.engine.rules import LimitAllIn, Rake, Rules
from holdem.errors import HoldemError, PokerStarsError
from holdem.phh._rules_field import rule_fields
from holdem.phh.model import HandHistory
from holdem.phh.replaying import Replay, replay
from holdem.pokerstars.parsing import Action, StarsHand

__all__ = [
    "Checked",
    "check",
    "run_it_once_reading",
    "smallest_chip_reading",
    "stars_rules",
    "to_history",
]

# A stack not known (Seat.stack None): PHH's inf.
_UNKNOWN = Decimal("Infinity")
# The PHH variant code of each game and structure the engine replays from PHH.
_VARIANT = {
    ("holdem", "no-limit"): "NT",
    ("holdem", "pot-limit"): "PT",
    ("holdem", "fixed-limit"): "FT",
    ("short-deck", "no-limit"): "NS",
    ("omaha", "pot-limit"): "PO",
    ("omaha-hi-lo", "fixed-limit"): "FO/8",
}
# The hole cards of each game (two when not named).
_HOLE_CARDS = {"omaha": 4, "omaha-hi-lo": 4}
_PLAY = frozenset(("fold", "check", "call", "bet", "raise"))
_POSTS = frozenset(("ante", "small blind", "big blind", "dead blinds", "straddle", "button blind"))
_ACTING = _PLAY | _POSTS
_CHIPS = _POSTS | {"call", "bet", "raise", "uncalled"}  # the actions that move chips


@dataclass(frozen=True, slots=True)
class Checked:
    """A PokerStars hand replayed through the engine, and what it was checked against.

    ``history.finishing_stacks`` are the text's (each player's stack less what he put in, plus
    what he collected, in PHH order), which the engine's replay reached; ``collected`` is what
    each player collected (the engine paid the same) and ``rake`` the summary's rake.

    A hand where players cashed out (:attr:`StarsHand.cash_outs`) is played out with the pots
    awarded by the cards: ``collected`` holds, for a player who cashed out and won, the pot he
    won and was not paid (:attr:`StarsHand.not_awarded`), and the finishing stacks are the
    engine's. ``cash_outs`` and ``cash_out_fees`` are each player's cash-out and its fee (0
    without one), and ``ended`` what each player really ended the hand with: his finishing
    stack, less a pot not awarded, plus the cash-out the site paid him.
    """

    hand: StarsHand
    history: HandHistory
    replay: Replay
    collected: tuple[int, ...]
    rake: int
    cash_outs: tuple[int, ...] = ()
    cash_out_fees: tuple[int, ...] = ()
    ended: tuple[int, ...] = ()


_NUMBER = operator.itemgetter(0)  # a Seat's number


def players_in_order(hand: StarsHand) -> list[str]:
    """The players dealt in, in PHH order: from the seat left of the button round to it.

    When a player dealt in sits between the text's button and the small blind, and the big
    blind is the next player after the small blind, the button is the seat right of the small
    blind (PartyPoker and 888 write such hands: the blinds and the order of play place the
    button, and the engine refuses the hand if the play says otherwise); heads up, the small
    blind is the button, where the text has its button post the big blind.

    :raises ArgumentTypeError: for a hand that is not a StarsHand.
    """
    check_type(hand, StarsHand, "a hand")
    acting = {a.name for a in hand.actions if a.verb in _ACTING}  # the players who post or act
    firsts: list[tuple[str, str]] = []  # the first two blinds posted: (verb, name)
    for a in hand.actions:
        if a.verb == "small blind" or a.verb == "big blind":
            firsts.append((a.verb, a.name))
            if len(firsts) == 2:
                break
    button = hand.button
    seats = sorted([s for s in hand.seats if s.name in acting], key=_NUMBER)
    # from the seat left of the button round to it
    names = [s.name for s in seats if s.number > button] + [
        s.name for s in seats if s.number <= button
    ]
    blinds = [name for _, name in firsts]
    if [v for v, _ in firsts] == ["small blind", "big blind"] and len(names) > 2:
        # A player dealt in between the text's button and the small blind, who is followed by
        # the big blind: the button the text names is not where the blinds and the order of
        # play put it (PartyPoker, 888 write such a hand); the button is the seat right of the
        # small blind. (The engine refuses the hand if the order of play says otherwise.)
        at = names.index(blinds[0]) if blinds[0] in names else 0
        if at and names[(at + 1) % len(names)] == blinds[1]:
            names = names[at:] + names[:at]
    elif [v for v, _ in firsts[:2]] == ["small blind", "big blind"] and names == blinds:
        # Heads up, the text's button posts the big blind (PokerStars 2005, a table of three
        # with one gone): heads up, the small blind is the button. (The order of play after
        # the flop says otherwise if there is any: the engine then refuses the hand.)
        names.reverse()
    return names


def to_history(hand: StarsHand) -> HandHistory:
    """The hand as a PHH hand history (amounts in the hand's unit, see the ``_unit`` field).

    The blinds and straddles are ``blinds_or_straddles``; a big blind posted out of position (a
    new or returning player's live post) is a negative entry there, as the PHH specification's
    reference implementation (pokerkit) reads one. A small blind posted out of position, and the
    small blind part of "posts small & big blinds", are dead money: they are added to the
    player's entry of ``antes`` (a field pokerkit reads too), and the user-defined field
    ``_dead_blinds_in_antes`` says how much of each entry is a dead blind. A board run more
    than once has the user-defined field ``_runs`` and the later runs' ``d db`` actions after
    the first board's. At a capped table ("$2/$4 - $80 Cap") a player may put in no more than
    the cap: each stack is played up to the cap (the user-defined field ``_cap``). The rules
    the hand is played by are ``casino`` with PokerStars' options (:func:`stars_rules`), in the
    user-defined fields ``_rules`` and ``_rule_options``, which :func:`holdem.phh.replay`
    honours. A hand where a player cashed out ("All-in Cash Out") is written as played, the
    pots awarded by the cards: ``winnings`` and ``finishing_stacks`` are the engine's (a pot a
    player who cashed out won is in them, though the site did not pay it), so that
    :func:`holdem.phh.replay` matches; the user-defined fields ``_cash_outs`` and
    ``_cash_out_fees`` (each player's, in PHH order, 0 without one) and ``_not_awarded`` (the
    pot each player won and was not paid) say what the site paid instead. A stack not known
    (:attr:`Seat.stack` None: a player who joins in the middle of a hand of another site) is
    PHH's ``inf``, at the start and at the end.

    :raises PokerStarsError: for what the engine cannot play or the text does not say
        consistently (a straddle by a blind, a second blind by one player).
    :raises ArgumentTypeError: for a hand that is not a StarsHand.
    """
    check_type(hand, StarsHand, "a hand")
    variant = _VARIANT.get((hand.game, hand.structure))
    if variant is None:
        raise PokerStarsError(
            f"{hand.label}: not a game PHH writes ({hand.game}, {hand.structure})"
        )
    holes = _HOLE_CARDS.get(hand.game, 2)
    names = players_in_order(hand)
    n = len(names)
    if n < 2:
        raise PokerStarsError(f"{hand.label}: fewer than two players are dealt in")
    seat_of = {name: k for k, name in enumerate(names)}
    number_of: dict[str, int] = {}  # each name's seat (the first, if the text gives two)
    for s in hand.seats:
        number_of.setdefault(s.name, s.number)
    stacks: dict[str, int | Decimal] = {
        s.name: _UNKNOWN if s.stack is None else s.stack for s in hand.seats
    }
    if hand.cap is not None:  # a player can put in no more than the cap: his stack in play
        stacks = {name: min(stack, hand.cap) for name, stack in stacks.items()}
    antes, blinds, dead = _forced(hand, seat_of)
    if hand.structure == "fixed-limit":
        game: dict[str, Any] = {"small_bet": hand.small, "big_bet": hand.big}
    else:
        game = {"min_bet": hand.big}

    def ordered(values: list[int]) -> tuple[int, ...]:
        # PHH heads-up: the button (p2) has the first entry.
        return tuple(reversed(values)) if n == 2 else tuple(values)

    tags = {name: f"p{k + 1}" for k, name in enumerate(names)}  # "p1" ...
    actions = [f"d dh {tags[name]} {_cards(hand.known.get(name), holes)}" for name in names]
    showdown: list[str] = []
    later: list[str] = []  # the later runs' boards, after the first run's
    decided: set[str] = set()
    last_run = 0
    for a in hand.actions:
        verb = a.verb
        if verb == "fold":
            actions.append(tags[a.name] + " f")
            decided.add(a.name)  # (cards he shows later, as GGPoker lets him, are no showdown)
        elif verb == "check" or verb == "call":
            actions.append(tags[a.name] + " cc")
        elif verb == "bet" or verb == "raise":
            actions.append(f"{tags[a.name]} cbr {a.amount}")
        elif verb == "board":
            (later if a.run else actions).append("d db " + _text(a.cards))
            last_run = max(last_run, a.run)
        elif (verb == "show" or verb == "muck") and a.name in tags and a.name not in decided:
            decided.add(a.name)  # (a board run twice has a showdown per run: the first decides)
            who = tags[a.name]
            shown = _cards(a.cards, holes)
            showdown.append(f"{who} sm {shown}" if verb == "show" else f"{who} sm")
    runs = 1 + last_run
    won = _awarded(hand, names)
    fields: dict[str, Any] = {
        "venue": hand.site,
        "hand": int(hand.number),
        "table": hand.table,
        "seat_count": hand.seat_count,
        "seats": [number_of[nm] for nm in names],
        "players": names,
        "time_zone_abbreviation": hand.time_zone,
        "currency_symbol": hand.currency_symbol or None,
        "winnings": list(won),
        "_unit": hand.unit,
        "_total_pot": hand.total_pot,
        "_rake": hand.rake,
        "_runs": runs if runs > 1 else None,
        "_cap": hand.cap,
        "_dead_blinds_in_antes": list(ordered(dead)) if any(dead) else None,
        **_rule_fields("casino", hand.site),
    }
    if hand.date is not None:
        year, month, day = [int(x) for x in hand.date.split("/")]
        fields.update(year=year, month=month, day=day)
    if hand.tournament is not None:
        fields["event"] = f"{hand.site} tournament #{hand.tournament}"
    if hand.level is not None:
        fields["_level"] = hand.level
    if hand.cash_outs:
        _cash_out_fields(hand, names, fields, stacks)
    committed, returned = _accounts(hand, names, dead)
    finishing = tuple(
        [stacks[nm] - committed[k] + returned[k] + won[k] for k, nm in enumerate(names)]
    )
    return HandHistory(
        variant,
        tuple([stacks[nm] for nm in names]),
        tuple(actions + later + showdown),
        ordered([a + d for a, d in zip(antes, dead, strict=True)]),
        ordered(blinds),
        min_bet=game.get("min_bet"),
        small_bet=game.get("small_bet"),
        big_bet=game.get("big_bet"),
        finishing_stacks=finishing,
        fields={k: v for k, v in fields.items() if v is not None},
        source=hand.source,
        index=hand.index,
        key=hand.number,
    )


def _awarded(hand: StarsHand, names: list[str]) -> tuple[int, ...]:
    """What the cards award each player: what he collected, and a pot not awarded to a player
    who cashed out (:attr:`StarsHand.not_awarded`)."""
    collected = hand.collected
    if not hand.not_awarded:
        return tuple([collected.get(nm, 0) for nm in names])
    return tuple([collected.get(nm, 0) + hand.not_awarded.get(nm, 0) for nm in names])


def _cash_out_fields(
    hand: StarsHand, names: list[str], fields: dict[str, Any], stacks: dict[str, int | Decimal]
) -> None:
    """The user-defined fields of the cash-outs: ``_cash_outs``, ``_cash_out_fees`` and, when
    a player who cashed out won a pot, ``_not_awarded`` (each player's, in PHH order).

    :raises PokerStarsError: for a cash-out by a player not dealt in, or in a hand with a
        stack not known (what each player ended with would not be).
    """
    for name in hand.cash_outs:
        if name not in names:
            raise PokerStarsError(f"{hand.label}: {name!r} cashes out but is not dealt in")
    if any(stacks[nm] == _UNKNOWN for nm in names):
        raise PokerStarsError(f"{hand.label}: a cash-out in a hand with a stack not known")
    fields["_cash_outs"] = [hand.cash_outs.get(nm, (0, 0))[0] for nm in names]
    fields["_cash_out_fees"] = [hand.cash_outs.get(nm, (0, 0))[1] for nm in names]
    if hand.not_awarded:
        fields["_not_awarded"] = [hand.not_awarded.get(nm, 0) for nm in names]


def _forced(hand: StarsHand, seat_of: dict[str, int]) -> tuple[list[int], list[int], list[int]]:
    """Each player's antes, blind or straddle (a live post negative) and dead blinds.

    The small blind is posted by the first player left of the button (heads-up, by the button),
    the big blind by the next (the first, when nobody posts a small blind), straddles by the
    players after the big blind; PokerMaster writes a straddle as a big blind larger than the big
    blind, posted by the player after it; a player all in on the ante who posts no big blind
    where it is due (PokerStars and Ongame write no post) owed the big blind, which the engine
    caps at his stack. Any other big blind is a live post (a new player's, or
    one back from missing the big blind); any other small blind is dead, and so is the small
    blind part of "posts small & big blinds" (Robert's Rules of Poker, "Button and blind use").
    6+ Hold'em's button blind is the one blind, at the button, and any other seat may straddle
    (GGPoker's short deck: the action starts left of the straddle, which acts last).
    """
    n = len(seat_of)
    small_at, big_at = (1, 0) if n == 2 else (0, 1)
    antes, blinds, dead = [0] * n, [0] * n, [0] * n
    big = hand.small if hand.structure == "fixed-limit" else hand.big  # the big blind's size
    small_posted = big_posted = False
    for a in hand.actions:
        if a.verb not in _POSTS:
            continue
        k = seat_of[a.name]
        if a.verb == "ante":
            antes[k] += a.amount
            continue
        if a.verb == "button blind":  # 6+ Hold'em: the one blind, at the button
            if blinds[k] or k != n - 1:
                raise PokerStarsError(
                    f"{hand.label}: {a.name!r} posts a button blind off the button"
                )
            blinds[k] = a.amount
            big_posted = True
            continue
        if blinds[k] and a.verb != "small blind":  # (a dead small blind may follow a post)
            raise PokerStarsError(f"{hand.label}: {a.name!r} posts a second blind ({a.verb})")
        if a.verb == "straddle":
            # (6+ Hold'em's blind is the button's: any other seat may straddle)
            if not big_posted or (k < 2 and not blinds[n - 1]) or n == 2:
                raise PokerStarsError(
                    f"{hand.label}: {a.name!r} posts a straddle in the blinds (not supported)"
                )
            blinds[k] = a.amount
        elif (
            a.verb == "small blind"
            and not small_posted
            and not big_posted
            and k == small_at
            and not blinds[k]
        ):
            small_posted = True
            blinds[k] = _blind(hand, a, hand.small)
        elif (
            a.verb == "big blind"
            and not big_posted
            and (k == big_at or (k == 0 and not small_posted and n > 2))
        ):
            big_posted = True
            blinds[k] = _blind(hand, a, hand.big)
            big = blinds[k]
        elif a.verb == "big blind" and big_posted and k == 2 and n > 3 and a.amount > big:
            blinds[k] = a.amount  # PokerMaster's straddle: "posts big blind $8" after the $4
        elif a.verb == "big blind":
            blinds[k] = -a.amount  # live, out of position
        elif a.verb == "small blind":
            dead[k] += a.amount
        else:  # "posts small & big blinds": the big blind live, the small blind dead
            live = min(a.amount, big)
            blinds[k] = -live
            dead[k] += a.amount - live
    if small_posted and not big_posted and not blinds[big_at] and n > 2:
        name = next(nm for nm, at in seat_of.items() if at == big_at)
        stack = next(s.stack for s in hand.seats if s.name == name)
        if antes[big_at] and antes[big_at] == stack:
            blinds[big_at] = big  # all in on the ante: the big blind he owed, posting nothing
    return antes, blinds, dead


def _blind(hand: StarsHand, post: Action, nominal: int) -> int:
    """A blind's amount: the header's ``nominal``, or the amount posted when it differs (fixed
    limit's blinds are not in the header) unless it is short by an all-in (a short blind stays
    the blind the seat owed)."""
    if (
        hand.structure == "fixed-limit"
        or post.amount > nominal
        or (post.amount < nominal and not post.all_in)
    ):
        return post.amount
    return nominal


def check(hand: StarsHand, *, rules: str = "casino") -> Checked:
    """Replay the hand through the engine and check it against the text, player by player.

    Checked: the chips put in (posts, calls, bets and raises, less uncalled bets) add up to the
    summary's total pot; the collected amounts and the rake add up to it too; and the engine,
    taking the summary's rake from the pots, pays each player exactly what the text says he
    collected. When players cashed out, the engine plays the hand out and awards the pots by the
    cards: it must pay each player who did not cash out what he collected, and a player who
    cashed out nothing or, if he won, the summary's "won ($W)" that was not awarded to him (a
    pot not awarded counts with the collected amounts in the total). The hand is played by the
    ``rules`` preset with the options PokerStars plays by (:func:`stars_rules`). The rake comes
    from the main pot first, unless the summary gives each pot after the rake ("Main pot $3.
    Side pot $3.43."): then each of the engine's pots gives what the summary says it gave (the
    engine's pots must be the summary's, less that rake), and the history has the user-defined
    field ``_rake_pots`` (each pot's rake).

    A hand of Run It Once whose text does not add up this way is read again as its early
    (2019) hands are written, and kept if it then adds up: "raises X to Y" gives as Y the chips
    the raise puts in, not the player's total for the round, and a player with no one left to
    bet against "checks" on the streets after the all-in (:func:`run_it_once_reading`). A hand
    of a pot split between players that does not pay as the text says is played again in the
    greatest chip that all its amounts are counted in (:func:`smallest_chip_reading`), in which
    the odd chips of a split pot are given, and kept if it then pays each player exactly.

    :raises PokerStarsError: if the hand cannot be converted or replayed, or the engine's award
        or pots differ from the text's.
    :raises ArgumentTypeError: for a hand that is not a StarsHand.
    """
    check_type(hand, StarsHand, "a hand")
    try:
        return _check(hand, rules)
    except PokerStarsError as first:
        again = run_it_once_reading(hand) if hand.site == "Run It Once" else None
        if again is None:
            again = smallest_chip_reading(hand)
        if again is None:
            raise
        try:
            return _check(again, rules)
        except PokerStarsError:
            raise first from None


def run_it_once_reading(hand: StarsHand) -> StarsHand | None:
    """``hand`` as Run It Once's early hands are written (see :func:`check`): each raise's
    amount the chips it puts in plus the player's earlier chips of the round, and no check
    on a street where at most one player still in the hand has chips behind; None when that
    reading changes nothing."""
    behind: dict[str, float] = {
        s.name: math.inf if s.stack is None else s.stack for s in hand.seats
    }  # (an unknown stack: never all in)
    folded: set[str] = set()
    actions = []
    street = -1
    put_in: dict[str, int] = {}
    for a in hand.actions:
        if a.street != street:
            street, put_in = a.street, {}
        verb = a.verb
        if verb == "check":
            able = [nm for nm, chips in behind.items() if chips > 0 and nm not in folded]
            if len(able) <= 1:
                continue  # no one to bet against: not an action
        elif verb == "fold":
            folded.add(a.name)
        elif verb == "raise":
            a = a._replace(amount=a.amount + put_in.get(a.name, 0))
        if verb in _LIVE_POSTS or verb in ("call", "bet", "raise"):
            before = put_in.get(a.name, 0)
            total = a.amount + before if verb in _LIVE_POSTS or verb == "call" else a.amount
            put_in[a.name] = total
            behind[a.name] = behind.get(a.name, 0) - (total - before)
        elif verb == "ante":
            behind[a.name] = behind.get(a.name, 0) - a.amount
        elif verb == "uncalled":
            behind[a.name] = behind.get(a.name, 0) + a.amount
        actions.append(a)
    if actions == list(hand.actions):
        return None
    return dataclasses.replace(hand, actions=tuple(actions))


def smallest_chip_reading(hand: StarsHand) -> StarsHand | None:
    """``hand`` counted in the greatest chip that all its amounts are multiples of, when a
    pot is split between players (two collect): the smallest chip in play at the table, to
    which an odd chip is broken down (Robert's Rules of Poker, "Ties": "An odd chip will be
    broken down to the smallest unit used in the game"), the one counted out one at a time
    from the left of the button. PokerStars' $0.25/$0.50 table of 2008, whose stacks, bets and
    rake are all in $0.05, splits $1.90 four ways as $0.50, $0.50, $0.45 and $0.45, not as
    cents. None when no pot is split, or the hand's unit is that chip already.

    :raises ArgumentTypeError: for a hand that is not a StarsHand.
    """
    check_type(hand, StarsHand, "a hand")
    if sum(1 for won in hand.collected.values() if won) < 2:
        return None
    amounts = [hand.small, hand.big, hand.total_pot, hand.rake, hand.cap or 0, *hand.pots]
    amounts += [s.stack for s in hand.seats if s.stack is not None]
    amounts += [a.amount for a in hand.actions]
    amounts += [*hand.collected.values(), *hand.not_awarded.values()]
    amounts += [x for paid in hand.cash_outs.values() for x in paid]
    chip = math.gcd(*amounts)
    if chip <= 1:
        return None
    return dataclasses.replace(
        hand,
        unit=format(Decimal(hand.unit) * chip, "f"),
        small=hand.small // chip,
        big=hand.big // chip,
        seats=tuple(
            s if s.stack is None else s._replace(stack=s.stack // chip) for s in hand.seats
        ),
        actions=tuple(a._replace(amount=a.amount // chip) for a in hand.actions),
        total_pot=hand.total_pot // chip,
        rake=hand.rake // chip,
        collected={name: won // chip for name, won in hand.collected.items()},
        cap=None if hand.cap is None else hand.cap // chip,
        pots=tuple(p // chip for p in hand.pots),
        cash_outs={n: (paid // chip, fee // chip) for n, (paid, fee) in hand.cash_outs.items()},
        not_awarded={name: won // chip for name, won in hand.not_awarded.items()},
    )


# The posts that are bets of the first round (an ante, and a dead small blind, are not).
_LIVE_POSTS = ("small blind", "big blind", "straddle", "button blind")


def _check(hand: StarsHand, rules: str) -> Checked:
    history = to_history(hand)
    names = list(history.fields["players"])
    collected = tuple(history.fields["winnings"])  # (_awarded's)
    start = history.starting_stacks
    put_in = _put_in(hand, history, names, collected)
    if sum(put_in) != hand.total_pot:
        raise PokerStarsError(
            f"{hand.label}: the chips put in ({sum(put_in)}) are not the "
            f"summary's total pot ({hand.total_pot})"
        )
    if sum(collected) + hand.rake != hand.total_pot:
        raise PokerStarsError(
            f"{hand.label}: the amounts collected ({sum(collected)}) and the rake ({hand.rake}) "
            f"do not add up to the total pot ({hand.total_pot})"
        )
    base = stars_rules(rules, hand.site)
    if rules != "casino":
        fields = {**history.fields, **_rule_fields(rules, hand.site)}
        history = dataclasses.replace(history, fields=fields)
    result = _replayed(hand, history, base)
    if len(hand.pots) > 1:  # the summary's pots: the engine's, less each pot's rake
        rakes = _pot_rakes(hand, tuple(p.amount for p in result.hand.pots))
        if rakes[0] != hand.rake:  # (all from the main pot: as played already)
            fields = {**history.fields, "_rake_pots": list(rakes)}
            history = dataclasses.replace(history, fields=fields)
            rake = Rake(pots=rakes, no_flop_no_drop=False)
            result = _replayed(hand, history, base.replace(rake=rake))
    if not result.complete:
        raise PokerStarsError(f"{hand.label}: the actions stop before the end of the hand")
    if result.guessed:
        raise PokerStarsError(f"{hand.label}: the showdown needs cards the text does not show")
    final = result.finishing_stacks or ()
    engine = _paid(result, start, put_in)
    if engine != collected and len(hand.pots) <= 1 and len(result.hand.pots) == 2:
        split = _rake_by_pots(hand, history, base, put_in, collected)
        if split is not None:
            history, result = split
            final = result.finishing_stacks or ()
            engine = collected
    if engine != collected or result.hand.rake != hand.rake:
        raise PokerStarsError(
            f"{hand.label}: the engine's award differs from the text's: it pays "
            f"{_by_name(names, engine)} and rakes "
            f"{result.hand.rake}; the text says {_by_name(names, collected)} and {hand.rake}"
        )
    if not hand.cash_outs:
        return Checked(hand, history, result, collected, hand.rake)
    paid = tuple([hand.cash_outs.get(nm, (0, 0))[0] for nm in names])
    fees = tuple([hand.cash_outs.get(nm, (0, 0))[1] for nm in names])
    unpaid = [hand.not_awarded.get(nm, 0) for nm in names]
    ended = tuple([int(final[k]) - unpaid[k] + paid[k] for k in range(len(names))])
    return Checked(hand, history, result, collected, hand.rake, paid, fees, ended)


def _put_in(
    hand: StarsHand, history: HandHistory, names: list[str], collected: tuple[int, ...]
) -> list[Any]:
    """What each player put in (less uncalled bets): from the finishing stacks to_history
    made, or, in a hand with a stack not known (``inf``), from the actions."""
    start, finishing = history.starting_stacks, history.finishing_stacks or ()
    if Decimal not in map(type, start):  # (every stack an int: cheaper than a search for inf)
        return [start[k] - finishing[k] + collected[k] for k in range(len(names))]
    dead = _forced(hand, {name: k for k, name in enumerate(names)})[2]
    committed, returned = _accounts(hand, names, dead)
    return [c - r for c, r in zip(committed, returned, strict=True)]


def _paid(result: Replay, start: tuple[Any, ...], put_in: list[Any]) -> tuple[int, ...]:
    """What the engine paid each player from the pots: his finishing stack less his starting
    stack, plus what he put in (his payoff, where his stack is not known)."""
    final = result.finishing_stacks or ()
    if Decimal not in map(type, start):  # (see _put_in)
        return tuple([int(final[k]) - start[k] + put_in[k] for k in range(len(start))])
    payoffs = result.hand.payoffs
    return tuple([int(payoffs[k]) + put_in[k] for k in range(len(start))])


def _rule_fields(preset: str, site: str = "PokerStars") -> dict[str, Any]:
    """``_rules`` and ``_rule_options`` of :func:`stars_rules` (a new dict each time)."""
    fields = _fields_of(preset, site if site in SITE_RULES else "PokerStars")
    return {k: dict(v) if isinstance(v, dict) else v for k, v in fields.items()}


@functools.lru_cache(maxsize=16)
def _fields_of(preset: str, site: str) -> dict[str, Any]:
    return rule_fields(stars_rules(preset, site))


#: The sites' own choices where the rule books disagree, under the casino preset (the sites
#: that play its choices are not named).
SITE_RULES: dict[str, dict[str, Any]] = {
    # A fixed-limit all-in of half a bet or more counts as the full bet it reached for: a $0.13
    # all-in on a $0.20 river raised to $0.40 (fpdb-3's iPoker hand 2855501026).
    "iPoker": {"limit_all_in": LimitAllIn.LEVEL},
}


def stars_rules(preset: str = "casino", site: str = "PokerStars") -> Rules:
    """The rules a PokerStars hand is played by: the ``preset`` with PokerStars' options, and
    under the casino preset the ``site``'s own choices (:data:`SITE_RULES`).

    PokerStars lets a player bet or raise while another player in the hand has chips behind,
    even when no one left could match it (each of them can only call all in): the part no one
    matches comes back as an uncalled bet (``raise_needs_cover=False``). The rule books
    (Robert's Rules of Poker, the TDA rules) speak of the minimum raise and of reopening the
    betting, not of this case; the presets refuse such a raise, which no one can call. The
    sites play the casino preset's choices of a big blind all in for less (the others call the
    full blind: ``call_full_blind``) and of a player left alone with chips who matched every
    all-in (not asked: ``lone_matched_acts`` False); under another preset its choices hold.

    :raises RulesError: for an unknown preset name.
    :raises ArgumentTypeError: for a ``site`` that is not a str.

    >>> stars_rules().raise_needs_cover
    False
    >>> stars_rules(site="iPoker").limit_all_in
    <LimitAllIn.LEVEL: 'level'>
    """
    name: object = preset
    if not isinstance(name, str):  # (before the memo, which needs a hashable name)
        return Rules.preset(preset)  # its RulesError
    check_type(site, str, "site")
    return _stars_rules(preset, site if site in SITE_RULES else "PokerStars")


@functools.lru_cache(maxsize=16)
def _stars_rules(preset: str, site: str) -> Rules:
    rules = Rules.preset(preset).replace(raise_needs_cover=False)
    own = SITE_RULES.get(site)
    return rules.replace(**own) if own and preset == "casino" else rules


def _replayed(hand: StarsHand, history: HandHistory, rules: Rules) -> Replay:
    try:
        return replay(history, rules=rules, check=False, seed=0)
    except HoldemError as exc:
        raise PokerStarsError(f"{hand.label}: the engine refuses the hand: {exc}") from None


def _rake_by_pots(
    hand: StarsHand,
    history: HandHistory,
    base: Rules,
    put_in: list[Any],
    collected: tuple[int, ...],
) -> tuple[HandHistory, Replay] | None:
    """The history and replay with the summary's rake split between the engine's two pots as
    the amounts collected say, for a site that rakes each pot on its own and writes only the
    total (iPoker, 888, Winamax: 0.10 of a main pot of 2.00 and 0.01 of a side pot of 0.20);
    None when no split pays each player exactly what he collected.

    The cards decide each pot's winners whatever its rake, so a player's pay moves with the
    main pot's rake at the rate of his share of the main pot less his share of the side pot:
    the hand replayed with the whole rake from the side pot and with it all from the main pot
    gives that rate, and each player's collection then the main pot's rake; the splits within
    a few chips of it (where odd chips bend the line) are replayed to find the one that pays
    exactly; when no player's share differs between the pots, only the odd chips move, and the
    first ``players ** 2`` splits are tried. A few hundred replays at most, whatever the
    rake."""
    total = hand.rake
    if total <= 0:
        return None
    start = history.starting_stacks

    def split(main: int) -> tuple[Replay, tuple[int, ...]] | None:
        rake = Rake(pots=(main, total - main), no_flop_no_drop=False)
        try:
            result = replay(history, rules=base.replace(rake=rake), check=False, seed=0)
        except HoldemError:  # pragma: no cover (the same hand replayed with another rake)
            return None
        return result, _paid(result, start, put_in)

    ends = {0: split(0), total: split(total)}
    low, high = ends[0], ends[total]
    if low is None or high is None:
        return None
    guesses = {
        round(total * (low[1][k] - collected[k]) / (low[1][k] - high[1][k]))
        for k in range(len(collected))
        if low[1][k] != high[1][k]
    }
    n = len(collected)
    candidates = {
        main for guess in guesses for main in range(guess - n, guess + n + 1) if 0 <= main <= total
    }
    if not guesses:  # (each player has the same share of both pots: the split moves only the
        # odd chips, whose pattern repeats within the product of the pots' numbers of winners)
        candidates = set(range(min(total, n * n) + 1))
    for main in sorted(candidates | set(ends), key=lambda m: (m not in ends, m)):
        tried = ends[main] if main in ends else split(main)
        if tried is not None and tried[1] == collected and tried[0].hand.rake == total:
            fields = {**history.fields, "_rake_pots": [main, total - main]}
            return dataclasses.replace(history, fields=fields), tried[0]
    return None


def _pot_rakes(hand: StarsHand, gross: tuple[int, ...]) -> tuple[int, ...]:
    """Each of the engine's pots' rake (``gross``: the pots before the rake, main pot first):
    what it holds less what the summary says it held after the rake. A pot past the summary's
    (the uncalled part of a bet, which the summary leaves out) gives none.

    :raises PokerStarsError: if the summary's pots are not the engine's less a rake that adds
        up to the summary's.
    """
    net = hand.pots
    rakes = tuple(g - p for g, p in zip(gross, net, strict=False))
    if len(gross) < len(net) or min(rakes) < 0 or sum(rakes) != hand.rake:
        raise PokerStarsError(
            f"{hand.label}: the summary's pots {list(net)} with the rake {hand.rake} are not "
            f"the engine's pots {list(gross)}"
        )
    return rakes


def _accounts(hand: StarsHand, names: list[str], dead: list[int]) -> tuple[list[int], list[int]]:
    """What each player put in (posts, calls, bets, raises) and got back (uncalled bets).

    ``dead`` are the dead blinds by player: chips put in that are not part of the bets of the
    round. Old hand histories write no "Uncalled bet" line: a bet nobody called, when the chips
    put in then exceed the summary's pot by exactly that bet, goes back to its player.
    """
    k_of = {name: k for k, name in enumerate(names)}
    n = len(names)
    committed = [0] * n
    returned = [0] * n
    street_bet = [0] * n
    street = 0
    posting = True
    for a in hand.actions:
        verb = a.verb
        if not posting and verb not in _CHIPS:  # (a fold, a check, a board ... puts in nothing)
            continue
        if a.street != street:
            street, street_bet = a.street, [0] * n
        k = k_of.get(a.name)
        if k is None:
            continue
        if verb == "ante":
            committed[k] += a.amount
        elif verb in _POSTS:
            committed[k] += a.amount
            street_bet[k] += a.amount
        else:
            if posting:  # the dead blinds are in the pot, not in the bets
                posting = False
                street_bet = [b - d for b, d in zip(street_bet, dead, strict=True)]
            if verb == "call":
                committed[k] += a.amount
                street_bet[k] += a.amount
            elif verb in ("bet", "raise"):
                committed[k] += a.amount - street_bet[k]
                street_bet[k] = a.amount
            elif verb == "uncalled":
                returned[k] += a.amount
    if not any(returned) and n > 1:
        extra = sum(committed) - hand.total_pot
        top = max(range(n), key=committed.__getitem__)
        second = max(c for i, c in enumerate(committed) if i != top)
        if extra > 0 and committed[top] - second == extra:
            returned[top] = extra
    return committed, returned


def _cards(cards: Iterable[Card] | None, holes: int = 2) -> str:
    """``holes`` hole cards in PHH, an unknown card as ``??`` (a player may show one card of
    two)."""
    if cards is None:
        return "??" * holes
    text = _text(cards)
    return text + "??" * (holes - len(text) // 2)


def _text(cards: Iterable[Card]) -> str:
    """Cards as PHH writes them, ``"AhKd"``."""
    return "".join(map(str, cards))


def _by_name(names: list[str], amounts: Iterable[int | Decimal]) -> str:
    return ", ".join(f"{name} {amount}" for name, amount in zip(names, amounts, strict=True))
