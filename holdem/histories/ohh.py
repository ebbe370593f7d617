"""Open Hand History (OHH): the JSON hand history standard, read and written.

The specification is at https://hh-specs.handhistory.org/ (version 1.4.6: "The Specification",
"Storage Format", the round, action and pot objects). A file holds hands one after the other,
each an object ``{"ohh": {...}}``, separated by blank lines (the storage format); a JSON array of
such objects is read too. :func:`read` reads one hand into the common record
(:class:`holdem.pokerstars.StarsHand`, which :func:`holdem.pokerstars.check` converts to PHH and
replays); :func:`write_ohh` writes a PHH :class:`~holdem.phh.HandHistory` (any hand the engine
played or read from any site) and :func:`from_record` a record.

How the specification is read:

* Amounts are JSON numbers, read exactly (as decimals, never floats), and become integers in
  the hand's smallest unit; a raise's ``amount`` is what the player puts in with it (a raise to
  20 over a bet of 2 is 18), as the specification says; a bet's and a call's are the chips put in.
* ``rounds``: ``Preflop`` (the ``Dealt Cards``, posts and betting), ``Flop``, ``Turn``,
  ``River`` (their ``cards`` are the cards the round adds to the board) and ``Showdown``
  (``Shows Cards``, ``Mucks Cards``). Posts: ``Post Ante``, ``Post SB``, ``Post BB``,
  ``Straddle`` and ``Post Dead`` (a dead blind, with the live big blind: PokerStars' "small &
  big blinds").
* ``pots``: each pot's ``amount`` is the chips in it, its ``rake`` the house's part of them, and
  each ``player_wins``' ``win_amount`` what a player collected. An uncalled bet is not in the
  pots: it is returned at the end of its round (the specification has no action for it).
* ``game_type`` ``Holdem``, ``Omaha``, ``OmahaHiLo``; ``bet_limit.bet_type`` ``NL``, ``PL``,
  ``FL``; ``currency`` a code (``USD``) or none (chips).

Refused, with the reason (:class:`~holdem.errors.HistoryError`): another game, a board run
more than once, a cash-out, an action the engine does not play (``Added Chips``, ``Add to
Pot``, ``Player Adjustment`` ...), an amount that is not a number or is over 10**15 units,
a hand over :data:`holdem.histories.MAX_HAND_CHARS` characters or nested too deeply.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from decimal import Decimal
from typing import Any

from holdem._validate import check_collection, check_type
from holdem.cards import Card
from holdem.errors import HistoryError, HoldemError
from holdem.histories.stars import write_stars
from holdem.phh import HandHistory
from holdem.pokerstars import Action, Seat, StarsHand, parse_hand

__all__ = ["START", "dumps_ohh", "from_record", "read", "write_ohh"]

#: A hand's first line(s): the object and its "ohh" key (perhaps after an "id": one line of a
#: JSON-lines file of some exporters).
START = re.compile(r'[ \t]*\{\s*(?:"id"\s*:\s*"[^"\n]{0,100}"\s*,\s*)?"ohh"\s*:')

SPEC_VERSION = "1.4.6"
_MAX_DIGITS = 15  # integer digits of an amount in the hand's unit
_MAX_DECIMALS = 6
_MAX_TEXT = 200_000
_GAMES = {"Holdem": "holdem", "Omaha": "omaha", "OmahaHiLo": "omaha-hi-lo"}
_GAME_TYPES = {v: k for k, v in _GAMES.items()}
_LIMITS = {"NL": "no-limit", "PL": "pot-limit", "FL": "fixed-limit"}
_BET_TYPES = {v: k for k, v in _LIMITS.items()}
_CURRENCIES = {"USD": "$", "EUR": "€", "GBP": "£", "CNY": "¥"}
_CODES = {v: k for k, v in _CURRENCIES.items()}
_STREETS = {"Preflop": 0, "Flop": 1, "Turn": 2, "River": 3, "Showdown": 4}
_STREET_NAMES = {v: k for k, v in _STREETS.items()}
_POSTS = {
    "Post Ante": "ante",
    "Post SB": "small blind",
    "Post BB": "big blind",
    "Straddle": "straddle",
    "Post Dead": "dead blinds",
}
_POST_NAMES = {v: k for k, v in _POSTS.items()}
_PLAYS = {"Fold": "fold", "Check": "check", "Call": "call", "Bet": "bet", "Raise": "raise"}
_CARD_OF = {str(card): card for card in map(Card, range(52))}


# -- reading ------------------------------------------------------------------------------------


def read(text: str, source: str = "<string>", index: int = 0) -> StarsHand:
    """One OHH hand (``{"ohh": {...}}``) read into the common record.

    :raises HistoryError: for a hand that cannot be read (the reason says why).

    >>> hand = read('''{"ohh": {"spec_version": "1.4.6", "site_name": "Home",
    ...  "game_number": "7", "game_type": "Holdem", "bet_limit": {"bet_type": "NL"},
    ...  "table_size": 2, "currency": "USD", "dealer_seat": 1, "small_blind_amount": 0.01,
    ...  "big_blind_amount": 0.02, "players": [{"id": 0, "seat": 1, "name": "Ann",
    ...  "starting_stack": 2}, {"id": 1, "seat": 2, "name": "Bob", "starting_stack": 2}],
    ...  "rounds": [{"id": 0, "street": "Preflop", "actions": [
    ...   {"action_number": 1, "player_id": 0, "action": "Post SB", "amount": 0.01},
    ...   {"action_number": 2, "player_id": 1, "action": "Post BB", "amount": 0.02},
    ...   {"action_number": 3, "player_id": 0, "action": "Fold"}]}],
    ...  "pots": [{"number": 0, "amount": 0.02, "rake": 0,
    ...   "player_wins": [{"player_id": 1, "win_amount": 0.02}]}]}}''')
    >>> hand.site, hand.unit, [s.stack for s in hand.seats], hand.collected
    ('Home', '0.01', [200, 200], {'Bob': 2})
    """
    return _Reader(text, source, index).read()


def _loads(text: str, label: str) -> Any:
    if len(text) > _MAX_TEXT:
        raise HistoryError(label, "", f"a hand over {_MAX_TEXT} characters")
    try:
        body = text.lstrip("\ufeff \t\r\n")
        value, end = json.JSONDecoder(parse_float=Decimal, parse_constant=_constant).raw_decode(
            body
        )
    except RecursionError:
        raise HistoryError(label, "", "JSON nested too deeply") from None
    except ValueError as exc:
        raise HistoryError(label, "", f"not JSON: {str(exc)[:100]}") from None
    if body[end:].strip(" \t\r\n,]"):  # (a JSON array's commas and its end may follow)
        raise HistoryError(label, "", f"text after the hand's JSON object: {body[end:][:40]!r}")
    return value


def _constant(name: str) -> Any:
    raise ValueError(f"{name} is not an amount")


class _Reader:
    def __init__(self, text: str, source: str, index: int) -> None:
        self.source = source
        self.index = index
        self.number = ""
        data = _loads(text, source)
        if not isinstance(data, dict) or not isinstance(data.get("ohh"), dict):
            raise self.fail('not an OHH hand (no "ohh" object)')
        self.ohh: dict[str, Any] = data["ohh"]
        number = self.ohh.get("game_number")
        self.number = str(number)[:60] if isinstance(number, str | int) else ""
        self.decimals = 0

    def fail(self, reason: str) -> HistoryError:
        return HistoryError(self.source, self.number or str(self.index + 1), reason)

    def get(
        self, obj: dict[str, Any], key: str, kind: type | tuple[type, ...], default: Any = None
    ) -> Any:
        value = obj.get(key, default)
        if value is None:
            return default
        if not isinstance(value, kind) or (isinstance(value, bool) and kind is not bool):
            raise self.fail(f"{key} is not a {getattr(kind, '__name__', 'value')}: {_short(value)}")
        return value

    def decimal(self, value: Any, what: str) -> Decimal:
        if isinstance(value, bool) or not isinstance(value, int | Decimal | str):
            raise self.fail(f"{what} is not an amount: {_short(value)}")
        try:
            amount = Decimal(value) if not isinstance(value, str) or len(value) < 40 else None
        except ArithmeticError:
            amount = None
        if amount is None or not amount.is_finite() or amount < 0:
            raise self.fail(f"{what} is not an amount: {_short(value)}")
        _, digits, exponent = amount.as_tuple()
        assert isinstance(exponent, int)
        if len(digits) + exponent > _MAX_DIGITS or -exponent > _MAX_DECIMALS:
            raise self.fail(f"{what} is out of range: {_short(value)}")
        return amount

    def read(self) -> StarsHand:
        ohh = self.ohh
        game = _GAMES.get(self.get(ohh, "game_type", str, "Holdem"))
        if game is None:
            raise self.fail(f"not a hold'em or Omaha hand ({_short(ohh.get('game_type'))})")
        limit = self.get(ohh, "bet_limit", dict, {})
        structure = _LIMITS.get(self.get(limit, "bet_type", str, "NL"))
        if structure is None:
            raise self.fail(f"an unknown bet_type {_short(limit.get('bet_type'))}")
        players = self.get(ohh, "players", list, [])
        rounds = self.get(ohh, "rounds", list, [])
        pots = self.get(ohh, "pots", list, [])
        if len(players) > 100 or len(rounds) > 100 or len(pots) > 100:
            raise self.fail("too many players, rounds or pots")
        amounts: list[Decimal] = []
        cap = self.decimal(limit.get("bet_cap") or 0, "bet_cap")
        small = self.decimal(ohh.get("small_blind_amount", 0), "small_blind_amount")
        big = self.decimal(ohh.get("big_blind_amount", 0), "big_blind_amount")
        amounts += [small, big, cap]
        # the players
        names: dict[int, str] = {}
        seats: list[tuple[int, str, Decimal]] = []
        for p in players:
            if not isinstance(p, dict):
                raise self.fail(f"a player is not an object: {_short(p)}")
            pid = self.get(p, "id", int)
            seat = self.get(p, "seat", int)
            name = self.get(p, "name", str) or self.get(p, "display", str)
            if pid is None or seat is None or not name or not 0 < seat < 100 or len(name) > 100:
                raise self.fail(f"a player without an id, a seat or a name: {_short(p)}")
            if pid in names or name in names.values() or seat in [s for s, _, _ in seats]:
                raise self.fail(f"a player listed twice: {name!r}")
            stack = self.decimal(p.get("starting_stack"), f"{name!r}'s starting_stack")
            names[pid] = name
            seats.append((seat, name, stack))
            amounts.append(stack)
        if len(seats) < 2:
            raise self.fail("fewer than two players")
        plays: list[tuple[int, dict[str, Any], list[Card]]] = []
        order: list[tuple[int, int, dict[str, Any]]] = []
        for r in rounds:
            if not isinstance(r, dict):
                raise self.fail(f"a round is not an object: {_short(r)}")
            order.append((self.get(r, "id", int, len(order)), len(order), r))
        order.sort(key=lambda t: (t[0], t[1]))
        seen: set[str] = set()
        for _, _, r in order:
            street_name = self.get(r, "street", str, "")
            if street_name not in _STREETS:
                raise self.fail(f"an unknown street {_short(street_name)}")
            if street_name in seen:
                raise self.fail("a board run more than once (not read)")
            seen.add(street_name)
            cards = self.cards(r.get("cards"), f"the {street_name}'s cards")
            actions = self.get(r, "actions", list, [])
            if len(actions) > 1000:
                raise self.fail("too many actions")
            for a in actions:
                if not isinstance(a, dict):
                    raise self.fail(f"an action is not an object: {_short(a)}")
                if a.get("amount") is not None:
                    amounts.append(self.decimal(a["amount"], "an action's amount"))
            plays.append((_STREETS[street_name], r, cards))
        for pot in pots:
            if not isinstance(pot, dict):
                raise self.fail(f"a pot is not an object: {_short(pot)}")
            amounts.append(self.decimal(pot.get("amount", 0), "a pot's amount"))
            amounts.append(self.decimal(pot.get("rake", 0), "a pot's rake"))
            for w in self.get(pot, "player_wins", list, []):
                if not isinstance(w, dict):
                    raise self.fail(f"a pot's win is not an object: {_short(w)}")
                amounts.append(self.decimal(w.get("win_amount", 0), "a win_amount"))
                for key in ("cashout_amount", "cashout_fee"):
                    if w.get(key):
                        raise self.fail("a cash-out (not read)")
        # the hand's unit: the most decimals an amount is written with ("270.00": cents)
        self.decimals = max(max(0, -int(a.as_tuple().exponent)) for a in amounts)
        units = self.units
        self.big = units(big)
        # the actions
        out: list[Action] = []
        known: dict[str, tuple[Card, ...]] = {}
        street_in = {name: 0 for name in names.values()}
        board: list[Card] = []
        for street, r, cards in plays:
            if street and street < 4:
                self.return_uncalled(out, street_in, street - 1)
                board += cards
                out.append(Action(street, "", "board", cards=tuple(cards)))
            elif street == 4:
                self.return_uncalled(out, street_in, 3)
            for a in r.get("actions") or []:
                self.action(a, street, names, out, known, street_in)
        if not any(street == 4 for street, _, _ in plays):
            self.return_uncalled(out, street_in, max([s for s, _, _ in plays] or [0]))
        collected: dict[str, int] = {}
        total = rake = 0
        for pot in pots:
            total += units(self.decimal(pot.get("amount", 0), "a pot's amount"))
            rake += units(self.decimal(pot.get("rake", 0), "a pot's rake"))
            for w in pot.get("player_wins") or []:
                name = names.get(w.get("player_id"))
                if name is None:
                    raise self.fail(f"a pot won by an unknown player: {_short(w)}")
                won = units(self.decimal(w.get("win_amount", 0), "a win_amount"))
                if won:
                    collected[name] = collected.get(name, 0) + won
                    out.append(Action(4, name, "collect", won))
        dealer = self.get(ohh, "dealer_seat", int)
        if dealer is None:
            raise self.fail("no dealer_seat")
        currency = self.get(ohh, "currency", str, "")
        table_size = self.get(ohh, "table_size", (int, str), None)
        try:
            size = int(table_size) if table_size is not None else None
        except ValueError:
            size = None
        tournament = ohh.get("tournament_info") if ohh.get("tournament") else None
        tournament_id = None
        if isinstance(tournament, dict) and tournament.get("tournament_number") is not None:
            tournament_id = str(tournament["tournament_number"])[:30]
        date = time = zone = None
        start = ohh.get("start_date_utc")
        if isinstance(start, str) and re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d.{0,10}", start):
            date, time, zone = start[:10].replace("-", "/"), start[11:19], "UTC"
        number = re.sub(r"\D", "", self.number)[:30] or str(self.index + 1)
        return StarsHand(
            number,
            self.source,
            self.index,
            structure,
            units(small),
            units(big),
            _unit_text(self.decimals),
            dealer,
            tuple(Seat(s, name, units(stack)) for s, name, stack in sorted(seats)),
            tuple(out),
            total,
            rake,
            collected,
            known,
            self.get(ohh, "table_name", str, "")[:100],
            size,
            tournament_id,
            None,
            date,
            time,
            zone,
            _CURRENCIES.get(currency, ""),
            cap=units(cap) or None,
            site=self.get(ohh, "site_name", str, "OHH")[:60] or "OHH",
            game=game,
        )

    def units(self, amount: Decimal) -> int:
        return int(amount.scaleb(self.decimals))

    def cards(self, value: Any, what: str) -> list[Card]:
        if value in (None, "", []):
            return []
        if not isinstance(value, list) or len(value) > 7:
            raise self.fail(f"{what} are not a list of cards: {_short(value)}")
        cards = []
        for text in value:
            card = _CARD_OF.get(text) if isinstance(text, str) else None
            if card is None:
                raise self.fail(f"{what}: not a card: {_short(text)}")
            cards.append(card)
        return cards

    def return_uncalled(self, out: list[Action], street_in: dict[str, int], street: int) -> None:
        if not street_in:
            return
        ranked = sorted(street_in.values(), reverse=True)
        if ranked[0] > ranked[1]:
            name = max(street_in, key=lambda n: street_in[n])
            out.append(Action(street, name, "uncalled", ranked[0] - ranked[1]))
        for name in street_in:
            street_in[name] = 0

    def action(
        self,
        a: dict[str, Any],
        street: int,
        names: dict[int, str],
        out: list[Action],
        known: dict[str, tuple[Card, ...]],
        street_in: dict[str, int],
    ) -> None:
        kind = a.get("action")
        name = names.get(a.get("player_id"))  # type: ignore[arg-type]
        if name is None:
            raise self.fail(f"an action by an unknown player: {_short(a)}")
        all_in = a.get("is_allin") is True
        amount = self.units(self.decimal(a.get("amount") or 0, "an action's amount"))
        if kind == "Dealt Cards" or kind == "Shows Cards":
            cards = tuple(self.cards(a.get("cards"), f"{name!r}'s cards"))
            if cards:
                known[name] = cards
            if kind == "Shows Cards":
                out.append(Action(street, name, "show", cards=cards))
        elif kind == "Mucks Cards":
            out.append(Action(street, name, "muck"))
        elif kind in _POSTS:
            verb = _POSTS[kind]
            if verb != "ante":
                street_in[name] += amount if verb != "dead blinds" else min(amount, self.big)
            out.append(Action(street, name, verb, amount, all_in=all_in))
        elif kind in _PLAYS:
            verb = _PLAYS[kind]
            if verb in ("bet", "raise", "call"):
                street_in[name] += amount
            if verb == "raise":
                amount = street_in[name]  # the record's raise: the total it raises to
            out.append(Action(street, name, verb, amount if verb != "check" else 0, all_in=all_in))
        else:
            raise self.fail(f"an action not read: {_short(kind)}")


def _unit_text(decimals: int) -> str:
    return "1" if not decimals else "0." + "0" * (decimals - 1) + "1"


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


# -- writing ------------------------------------------------------------------------------------


def write_ohh(history: HandHistory) -> dict[str, Any]:
    """A PHH hand history as an OHH object (``{"ohh": {...}}``): written as PokerStars text
    (:func:`holdem.histories.write_stars`), whose record :func:`from_record` writes.

    :raises HistoryError: for a hand neither format can say (see :func:`from_record`).
    """
    text = write_stars(history)
    try:
        record = parse_hand(text, source=history.source, index=history.index)
    except HoldemError as exc:  # (what write_stars writes reads back: tests/histories say so)
        raise HistoryError(history.source, str(history.fields.get("hand", "")), str(exc)) from None
    return from_record(record)


def from_record(hand: StarsHand) -> dict[str, Any]:
    """The common record of a hand as an OHH object (``{"ohh": {...}}``), amounts as exact
    decimals (:func:`dumps_ohh` writes them as JSON numbers).

    :raises HistoryError: for a board run more than once, a cash-out, a game OHH does not name
        (short deck, double board), a post it has no action for (6+ Hold'em's button blind) or
        a stack not known.
    """

    def fail(reason: str) -> HistoryError:
        return HistoryError(hand.source, hand.number, reason)

    if hand.run_twice:
        raise fail("OHH is not written for a board run more than once")
    if hand.cash_outs:
        raise fail("OHH is not written for a cash-out")
    unknown = next((s.name for s in hand.seats if s.stack is None), None)
    if unknown is not None:
        raise fail(f"OHH has no unknown stack: {unknown}'s is not written")
    game_type = _GAME_TYPES.get(hand.game)
    if game_type is None:
        raise fail(f"OHH names no game for {hand.game}")
    unit = Decimal(hand.unit)

    def money(value: int) -> Decimal:
        return value * unit

    ids = {s.name: k for k, s in enumerate(hand.seats)}
    antes = [a.amount for a in hand.actions if a.verb == "ante"]
    rounds: list[dict[str, Any]] = []
    number = 0
    current: dict[str, Any] = {"id": 0, "street": "Preflop", "actions": []}
    rounds.append(current)
    for name, cards in hand.known.items():
        number += 1
        current["actions"].append(
            {
                "action_number": number,
                "player_id": ids[name],
                "action": "Dealt Cards",
                "cards": [str(c) for c in cards],
            }
        )
    street_in = {s.name: 0 for s in hand.seats}
    for a in hand.actions:
        verb = a.verb
        if verb == "board":
            if a.run:
                raise fail("OHH is not written for a board run more than once")
            current = {
                "id": len(rounds),
                "street": _STREET_NAMES[a.street],
                "cards": [str(c) for c in a.cards],
                "actions": [],
            }
            rounds.append(current)
            street_in = dict.fromkeys(street_in, 0)
            continue
        if verb in ("show", "muck") and current["street"] != "Showdown":
            current = {"id": len(rounds), "street": "Showdown", "actions": []}
            rounds.append(current)
        entry: dict[str, Any] = {"action_number": number + 1, "player_id": ids.get(a.name)}
        if verb in _POST_NAMES:
            entry.update(action=_POST_NAMES[verb], amount=money(a.amount))
            if verb != "ante":
                street_in[a.name] += a.amount if verb != "dead blinds" else min(a.amount, hand.big)
        elif verb == "fold" or verb == "check":
            entry["action"] = verb.capitalize()
        elif verb in ("call", "bet"):
            street_in[a.name] += a.amount
            entry.update(action=verb.capitalize(), amount=money(a.amount))
        elif verb == "raise":
            put = a.amount - street_in[a.name]
            street_in[a.name] = a.amount
            entry.update(action="Raise", amount=money(put))
        elif verb == "show":
            entry.update(action="Shows Cards", cards=[str(c) for c in a.cards])
        elif verb == "muck":
            entry["action"] = "Mucks Cards"
        elif verb == "button blind":
            raise fail("OHH has no action for 6+ Hold'em's button blind")
        else:  # uncalled bets, collections (the pots say them), notes
            continue
        if a.all_in and "amount" in entry:
            entry["is_allin"] = True
        number += 1
        current["actions"].append(entry)
    wins = [
        {"player_id": ids[name], "win_amount": money(won)}
        for name, won in hand.collected.items()
        if won
    ]
    ohh: dict[str, Any] = {
        "spec_version": SPEC_VERSION,
        "site_name": hand.site,
        "game_number": hand.number,
    }
    if hand.date and hand.time and hand.time_zone == "UTC":
        ohh["start_date_utc"] = f"{hand.date.replace('/', '-')}T{hand.time}"
    ohh.update(
        {
            "table_name": hand.table,
            "game_type": game_type,
            "bet_limit": {"bet_type": _BET_TYPES[hand.structure], "bet_cap": money(hand.cap or 0)},
            **({"table_size": hand.seat_count} if hand.seat_count else {}),
            "dealer_seat": hand.button,
            "small_blind_amount": money(hand.small),
            "big_blind_amount": money(hand.big),
            "ante_amount": money(max(antes, default=0)),
        }
    )
    if hand.currency_symbol in _CODES:
        ohh["currency"] = _CODES[hand.currency_symbol]
    if hand.tournament is not None:
        ohh["tournament"] = True
        ohh["tournament_info"] = {"tournament_number": hand.tournament}
    ohh["players"] = [  # (an unknown stack, None, is refused above)
        {"id": k, "seat": s.number, "name": s.name, "starting_stack": money(s.stack or 0)}
        | ({"is_sitting_out": True} if s.sitting_out else {})
        for k, s in enumerate(hand.seats)
    ]
    ohh["rounds"] = rounds
    ohh["pots"] = [
        {
            "number": 0,
            "amount": money(hand.total_pot),
            "rake": money(hand.rake),
            "player_wins": wins,
        }
    ]
    return {"ohh": ohh}


def dumps_ohh(hands: Iterable[dict[str, Any]]) -> str:
    """OHH objects as a file in the storage format: one JSON object a hand, a blank line
    between them; decimals written as the exact numbers they are.

    >>> dumps_ohh([{"ohh": {"small_blind_amount": Decimal("0.10"), "x": [1, "a"]}}])
    '{"ohh": {"small_blind_amount": 0.10, "x": [1, "a"]}}\\n'

    :raises ArgumentTypeError: for hands that are not a collection of dicts.
    """
    check_collection(hands, "hands", '[{"ohh": {...}}]')
    parts = []
    for h in hands:
        check_type(h, dict, "each of the hands")
        parts.append(_dump(h))
    return "\n\n".join(parts) + "\n"


def _dump(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{json.dumps(str(k))}: {_dump(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_dump(v) for v in value) + "]"
    if isinstance(value, Decimal):
        return f"{value:f}"
    return json.dumps(value)
