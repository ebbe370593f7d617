"""Replaying PHH: every action of a hand history played through an engine hand, strictly."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from holdem._core import draw
from holdem._validate import check_seed, check_type
from holdem.cards import Card, format_cards
from holdem.engine.hand import Street
from holdem.engine.rules import PRESETS, Rake, Rules, Structure
from holdem.errors import ArgumentError, ArgumentTypeError, HoldemError, PHHError
from holdem.phh._actions import _Action, _deal, _parse_actions, _tape
from holdem.phh._cash_outs import check_cash_outs, not_awarded_message
from holdem.phh._dealt import _DECK, RNG, _fixed_deck
from holdem.phh._rules_field import RULES_FIELD as _RULES
from holdem.phh._rules_field import rules_in_file
from holdem.phh._runs import runs_deck, split_runs
from holdem.phh._units import _Units, _units
from holdem.phh._winnings import check_winnings, file_winnings
from holdem.phh.model import _STAND_INS, VARIANT_GAMES, VARIANTS, HandHistory

if TYPE_CHECKING:  # the generic Hand[int] | Hand[int | Fraction] of holdem/engine/_typed_hand.pyi
    from holdem.engine._typed_hand import Hand
else:
    from holdem.engine.hand import Hand

__all__ = ["Replay", "replay"]


@dataclass(frozen=True, slots=True)
class Replay:
    """A replayed hand: the engine's :class:`~holdem.Hand` and the verdict on the file.

    ``complete``: the hand reached its end (a history may stop earlier). ``finishing_stacks``:
    every seat's chips at the end (None unless complete). ``guessed``: a showdown depended on a
    card the file left unknown (drawn at random). ``matches``: whether ``finishing_stacks``
    equals the file's (None when the file has none, or the hand is incomplete or guessed).
    ``repairs``: what a lenient replay did for actions missing from the file, one line each.
    ``winnings_match``: whether the engine paid each player the file's ``winnings`` (the pots he
    collected, after the rake; the uncalled bet given back counted in or not, as records differ),
    None when the file gives none (or only zeros), the hand is incomplete, or its showdown
    depended on a card the file leaves unknown (``guessed``). ``cash_outs_match``: in a hand
    where players cashed out (the file's ``_cash_outs``), whether the engine awarded each of them
    the pot the file's ``_not_awarded`` says he was not paid (0 without it), None for a file
    without cash-outs, a hand incomplete, or one ``guessed``; when it is False, ``matches`` is
    False too.

    Amounts are in the file's units: a file with decimals (``0.25``) is played in its smallest
    unit (the engine's ``hand`` counts cents), and its stacks and payoffs come back as exact
    Decimals; a seat whose stack the file gives as ``inf`` (unknown) ends with ``inf`` too.
    """

    history: HandHistory
    hand: Hand
    complete: bool
    finishing_stacks: tuple[int | Fraction | Decimal, ...] | None
    guessed: bool
    matches: bool | None
    repairs: tuple[str, ...] = ()
    units: _Units | None = None
    winnings_match: bool | None = None
    cash_outs_match: bool | None = None

    @property
    def rake(self) -> int | Fraction | Decimal:
        """The chips the house took, in the file's units: the file's ``_rake``, or the rake its
        ``winnings`` imply (the pots less the winnings, as the PHH specification defines them),
        or 0.

        >>> history = HandHistory("NT", (10, 10), ("p2 f",), (0, 0), (1, 2), min_bet=2)
        >>> replay(history).rake
        0
        """
        units = self.units
        taken = self.hand.rake
        return taken if units is None or not units.places else units.back(taken)

    @property
    def payoffs(self) -> tuple[int | Fraction | Decimal, ...]:
        """Each seat's net result, in the file's units (the engine's ``hand.payoffs``, scaled).

        >>> history = HandHistory("NT", (10, 10), ("p2 f",), (0, 0), (1, 2), min_bet=2)
        >>> replay(history).payoffs
        (1, -1)
        """
        units = self.units
        if units is None or not units.places:
            return tuple(self.hand.payoffs)
        return tuple(units.back(p) for p in self.hand.payoffs)

    def as_dict(self) -> dict[str, Any]:
        """The result as JSON-ready data: the hand's identification, stacks and verdict.

        Chips are ints in the file's units; an amount with decimals is the exact string
        (``"10.25"``), an unknown stack ``"inf"``, and a fraction, possible with the ``acpc``
        rules' split pots, a string such as ``"201/2"`` (never a float); ``hand`` is the file's
        ``hand`` field, ``key`` the ``.phhs`` table.
        """
        history, hand = self.history, self.hand
        stacks = self.finishing_stacks
        hand_field = history.fields.get("hand")
        return {
            "file": history.source,
            "index": history.index,
            "key": history.key,
            "hand": hand_field if isinstance(hand_field, int | str) else None,
            "variant": history.variant,
            "players": history.players,
            "names": list(history.names),
            "rules": hand.rules.name,
            "complete": self.complete,
            "starting_stacks": [_json(s) for s in history.starting_stacks],
            "finishing_stacks": None if stacks is None else [_json(s) for s in stacks],
            "payoffs": [_json(p) for p in self.payoffs] if self.complete else None,
            "board": format_cards(hand.board, ""),
            "file_finishing_stacks": history.finishing_stacks
            and [_json(s) for s in history.finishing_stacks],
            "matches": self.matches,
            "rake": _json(self.rake),
            "winnings_match": self.winnings_match,
            "cash_outs_match": self.cash_outs_match,
            "guessed": self.guessed,
            "repairs": list(self.repairs),
        }

    def describe(self) -> str:
        """One readable line: the hand, how it ended, and the check against the file.

        Players go by their names in the file (:attr:`HandHistory.names`).

        >>> history = HandHistory("NT", (10, 10), ("p2 f",), (0, 0), (1, 2), min_bet=2)
        >>> replay(history.replace(source="x.phh")).describe()
        'x.phh: NT, 2 players: p1 +1 (11), p2 -1 (9)'
        """
        history = self.history
        head = f"{history.label}: {history.variant}, {history.players} players"
        if not self.complete:
            return f"{head}: incomplete (the actions stop before the end of the hand)"
        stacks = self.finishing_stacks or ()
        payoffs = self.payoffs
        parts = [
            f"{name} {p:+} ({_json(s)})"
            for name, p, s in zip(history.names, payoffs, stacks, strict=True)
        ]
        line = f"{head}: {', '.join(parts)}"
        if self.rake:
            line += f"; the house took {_json(self.rake)}"
        if self.repairs:
            line += f"; repaired: {'; '.join(self.repairs)}"
        if self.matches:
            line += "; matches the file's finishing_stacks"
        elif self.cash_outs_match is False:
            line += "; DIFFERS from the file's _not_awarded (the pots not paid to who cashed out)"
        elif self.matches is False:
            line += (
                f"; DIFFERS from the file's finishing_stacks {list(history.finishing_stacks or ())}"
            )
        elif self.guessed:
            line += "; the showdown used cards the file leaves unknown (drawn at random)"
        return line


def _json(value: int | Fraction | Decimal) -> int | str:
    if isinstance(value, Decimal) and value.is_infinite():
        return "inf"
    return value if isinstance(value, int) else str(value)


def _rules_for(base: Rules, trimming: bool, raked: int | None) -> Rules:
    """:func:`_rules_of_file`, remembered by the identity of ``base`` (hashing a Rules hashes
    every one of its fields; the memo keeps ``base`` alive, so its id is not reused)."""
    key = (id(base), trimming, raked)
    hit = _RULES_MEMO.get(key)
    if hit is not None and hit[0] is base:
        return hit[1]
    rules = _rules_of_file(base, trimming, raked)
    if len(_RULES_MEMO) >= 512:
        _RULES_MEMO.clear()
    _RULES_MEMO[key] = (base, rules)
    return rules


_RULES_MEMO: dict[tuple[int, bool, int | None], tuple[Rules, Rules]] = {}


def _rules_of_file(base: Rules, trimming: bool, raked: int | None) -> Rules:
    """The rules a file's hand is played with: ``base`` with the file's ante trimming, and the
    rake the file records in its ``_rake`` field (the chips the house took), if any.

    Under the pokerkit preset, as pokerkit 0.7.7 plays a file: antes are dead money in the main
    pot unless they are trimmed, and a fold with nothing to call is taken (its HandHistory plays
    in cash-game mode). A field the caller set to another value than the preset's is kept:
    ``Rules.preset("pokerkit", dead_antes=False)`` replays with live antes.
    """
    if raked is not None and raked > 0 and base.rake is None:
        base = base.replace(rake=Rake(amount=raked, no_flop_no_drop=False))
    if base.name == "pokerkit":
        preset = PRESETS["pokerkit"]
        changes: dict[str, bool] = {"ante_trimming": trimming}
        if base.dead_antes == preset.dead_antes:
            changes["dead_antes"] = not trimming
        if base.fold_when_free == preset.fold_when_free:
            changes["fold_when_free"] = True
        return base.replace(**changes)
    return base.replace(ante_trimming=trimming)


def replay(
    history: HandHistory,
    *,
    rules: Rules | str | None = None,
    seed: int | None = None,
    rng: random.Random | None = None,
    check: bool = True,
    lenient: bool = False,
) -> Replay:
    """Play a hand history through the engine, action by action.

    An action the rules do not allow (out of turn, a bad amount, a board dealt too early, a card
    dealt twice ...) raises a :class:`PHHError` naming the hand and the action. With ``check``
    (the default), finishing stacks that differ from the file's ``finishing_stacks`` raise too.
    Unknown cards are drawn from ``rng`` or ``seed``. Showdown: the ``sm`` actions show or muck
    (in any order); a player at the showdown without one shows, and a player who has shown may
    show again on the later streets of an all-in run-out (as pokerkit records it).

    ``rules``: a :class:`Rules` or a preset name; None (the default) plays by the rules the file
    records in its ``_rules`` and ``_rule_options`` fields (see
    :func:`holdem.phh.from_hand`), else by the ``pokerkit`` preset, PHH's reference.

    Amounts with decimals (``0.25``) are played in the file's smallest unit, in integers, and
    given back in the file's units as exact Decimals; an ``inf`` stack (unknown, in the PHH
    specification) is a stack no action of the hand can reach, and ends as ``inf``; a negative
    entry of ``blinds_or_straddles`` is a live post of that size (pokerkit's reading).

    A file's ``winnings`` (each player's collected pots, after the rake, in the PHH
    specification) are checked against what the engine paid (:attr:`Replay.winnings_match`);
    when the house's rake explains the difference, the hand is played again with that rake
    taken from the pots (:attr:`Replay.rake`; a ``_rake`` field gives it directly).

    A history with an action missing (a player who never acts) is refused, naming the player;
    with ``lenient`` that player checks when checking is free and else folds, as pokerkit
    repairs a history, and :attr:`Replay.repairs` lists each repair.

    :raises PHHError: for an action the rules do not allow, an action missing (unless
        ``lenient``), a hand that cannot be set up from the file, bad ``_rules`` or
        ``_rule_options`` fields, a board run a number of times (``_runs``, with each later
        run's ``d db`` actions after the first board's) other than the file says, or (with
        ``check``) finishing stacks that differ from the file's. A hand written while its
        showdown waited for decisions (``_showdown_pending = true``) replays to that point; any
        other showdown the file leaves undecided is completed, each player showing.
    :raises RulesError: for an unknown rule preset name.
    :raises ArgumentTypeError: if ``rules`` is neither a Rules nor a preset name, or ``seed`` is
        neither None nor an int.
    :raises ArgumentError: for a negative ``seed``, or both a ``seed`` and an ``rng``.

    >>> from holdem.phh import loads
    >>> text = '''variant = "FT"
    ... antes = [0, 0]
    ... blinds_or_straddles = [1, 2]
    ... small_bet = 2
    ... big_bet = 4
    ... starting_stacks = [20, 20]
    ... actions = ["d dh p1 ????", "d dh p2 ????", "p2 f"]'''
    >>> replay(loads(text)[0]).finishing_stacks  # heads-up, the button (p2) posts the 1
    (21, 19)

    :raises ArgumentTypeError: for a history that is not a HandHistory.
    """
    check_type(history, HandHistory, "a history")
    if rules is None:
        found = rules_in_file(history.fields, history.label) if _RULES in history.fields else None
        base = found if found is not None else PRESETS["pokerkit"]
    else:
        base = Rules.preset(rules) if isinstance(rules, str) else rules
    if not isinstance(base, Rules):
        raise ArgumentTypeError(f"rules must be a Rules or a preset name, got {rules!r}")
    seed = check_seed(seed)
    if rng is not None and seed is not None:
        raise ArgumentError("give a seed or an rng, not both")
    if history.variant not in VARIANTS:
        raise PHHError(f"{history.label}: unknown variant {history.variant!r}")
    return _replay(history, base, seed, rng, check, lenient, True)


def _replay(
    history: HandHistory,
    base: Rules,
    seed: int | None,
    rng: random.Random | None,
    check: bool,
    lenient: bool,
    fixed: bool,
    raked: int | None = None,
) -> Replay:
    """:func:`replay` with its arguments checked. ``fixed``: when the file gives every card the
    hand deals (hole cards and board), the burns and the board cards no one sees are the first
    free cards of the deck, not drawn at random; if the hand then deals a board card the file
    does not give (an all-in run-out the file leaves out), it is replayed with random cards.
    Otherwise the cards the file leaves unknown are drawn from the generator, and the burns
    (which no one sees) are the first cards left; either way the engine is given its whole
    deck, in dealing order, unless the board is run more than once.
    ``raked``: the rake the file's ``winnings`` imply, when it gives no ``_rake``."""
    runs = history.fields.get("_runs", 1)
    actions, later = split_runs(history, runs, _parse_actions(history))
    units = _units(history, {a.number: a.amount for a in actions if a.verb == "cbr"})
    hole, board, used, missing = _deal(history, actions)
    game = VARIANT_GAMES.get(history.variant)
    n = history.players
    fixed = fixed and not later and game is None and not missing
    stand_ins: frozenset[Card] = frozenset()
    cards: dict[str, Any]
    if fixed:
        dealt_cards = [pair[k] for k in (0, 1) for pair in hole]
        cards = {"deck": _fixed_deck(dealt_cards, board, (c for c in _DECK if c not in used))}
    else:
        if rng is None:
            rng = RNG if seed is None else random.Random(seed)
        low = 16 if game == "short-deck" else 0  # the short deck starts at the sixes
        # Unknown cards: drawn from the rest of the deck (the engine draws the burns); a later
        # run's cards are dealt to no player: they stay out of the unknown hole cards.
        barred = used.union(c for a in later for c in a.cards or () if c is not None)
        pool = [c for c in _DECK[low:] if c not in barred]
        unknown = missing + 5 - len(board)
        if unknown > len(pool):
            raise PHHError(
                f"{history.label}: {n} players and a board need {unknown} cards the file does "
                f"not give, and the deck has {len(pool)} left: too many players for one deck"
            )
        # (as the engine deals from a generator: 64 of its bits drive the package's one
        # bounded draw, not one call of it per card; pool stays in deck order for the burns)
        drawn = draw(pool[:], unknown, rng.getrandbits(64))
        fill = iter(drawn)  # the unknown hole cards seat by seat, then the board's
        hole_cards = [[c if c is not None else next(fill) for c in pair] for pair in hole]
        full_board = [c if c is not None else next(fill) for c in board]
        full_board += fill  # (the board cards the file does not deal)
        stand_ins = frozenset(drawn[:missing])  # the cards that stand in for the file's ??
        if not later:
            # The burns, which no one sees, are the first cards left, as in a fixed deal.
            taken = used.union(drawn)
            holes = len(hole_cards[0])
            dealt_cards = [pair[k] for k in range(holes) for pair in hole_cards]
            spare = (c for c in pool if c not in taken)
            cards = {"deck": _fixed_deck(dealt_cards, full_board, spare)}
        else:
            deck = runs_deck(n, hole_cards, full_board, later, runs, used, rng, low)
            cards = {"deck": deck, "runs": runs}
    hand = _new_hand(history, base, units, raked, cards)
    if stand_ins:
        _STAND_INS[hand] = stand_ins
    repairs, revealed = _play(history, hand, actions, units, lenient)
    complete = hand.is_over
    if fixed and len(hand.board) > len(board):  # a card the file does not give: drawn at random
        return _replay(history, base, seed, rng, check, lenient, False, raked)
    if later and complete and len(hand.boards) != runs:
        raise PHHError(
            f"{history.label}: _runs = {runs}, but the hand ran {len(hand.boards)} board(s)"
        )
    return _outcome(
        history,
        hand,
        units=units,
        used=used,
        revealed=revealed,
        repairs=repairs,
        base=base,
        seed=seed,
        rng=rng,
        check=check,
        lenient=lenient,
        fixed=fixed,
        raked=raked,
    )


def _rake_of_pots(history: HandHistory, places: int) -> Rake:
    """The rake of the file's ``_rake_pots`` field: each pot's rake, main pot first, in the
    file's units (as :func:`holdem.pokerstars.check` writes it).

    :raises PHHError: if the field is not a list of amounts from 0 in the file's units.
    """
    given = history.fields["_rake_pots"]
    ok = isinstance(given, list | tuple) and all(
        isinstance(v, int | Decimal) and not isinstance(v, bool) and 0 <= v < 2**60 for v in given
    )
    try:
        chips = tuple(int(Decimal(v).scaleb(places)) for v in given) if ok else ()
        ok = ok and all(Decimal(v).scaleb(places) == c for v, c in zip(given, chips, strict=True))
    except ArithmeticError:
        ok = False
    if not ok:
        raise PHHError(f"{history.label}: _rake_pots is not a list of rakes in the file's units")
    return Rake(pots=chips, no_flop_no_drop=False)


def _new_hand(
    history: HandHistory, base: Rules, units: _Units, raked: int | None, cards: dict[str, Any]
) -> Hand:
    """The engine's hand of a history: its amounts in engine chips, its rules, and ``cards``
    (the Hand arguments that deal them).

    :raises PHHError: if the engine refuses the set-up.
    """
    limit = VARIANTS[history.variant] is Structure.FIXED_LIMIT
    rules = _rules_for(base, history.ante_trimming_status, units.rake if raked is None else raked)
    if "_rake_pots" in history.fields and base.rake is None:
        rules = rules.replace(rake=_rake_of_pots(history, units.places))
    # The arguments that differ from Hand's defaults (each keyword given costs a look-up).
    kwargs: dict[str, Any] = {"structure": VARIANTS[history.variant], "rules": rules, **cards}
    kwargs["showdown"] = "manual"
    kwargs["forced_bets"] = units.forced
    kwargs["antes"] = units.antes
    if units.posts is not None:
        kwargs["posts"] = units.posts
    if units.dead is not None:
        kwargs["dead_blinds"] = units.dead
    if limit:
        for name, value in (
            ("small_bet", units.small_bet),
            ("big_bet", units.big_bet),
            ("river_bet", units.river_bet),
        ):
            if value is not None:
                kwargs[name] = value
    elif units.min_bet is not None:
        kwargs["min_bet"] = units.min_bet
    game = VARIANT_GAMES.get(history.variant)
    if game is not None:
        kwargs["game"] = game
    try:
        return Hand(units.stacks, **kwargs)
    except HoldemError as exc:
        raise PHHError(f"{history.label}: cannot set up the hand: {exc}") from None


def _outcome(
    history: HandHistory,
    hand: Hand,
    units: _Units,
    used: set[Card],
    revealed: set[int],
    repairs: list[str],
    base: Rules,
    seed: int | None,
    rng: random.Random | None,
    check: bool,
    lenient: bool,
    fixed: bool,
    raked: int | None,
) -> Replay:
    """The verdict on a played hand: its stacks in the file's units, whether a showdown used a
    card the file leaves unknown, the file's winnings (a rake they imply replays the hand with
    it) and finishing stacks (which raise, with ``check``, if they differ).

    ``hand``: the engine's hand, played (``units``: the file's amounts in its chips); ``used``:
    the cards the file gives; ``revealed``: the seats that showed at the showdown;
    ``repairs``: what a lenient replay did. The rest are the replay's own arguments, for
    playing the hand again with a rake the winnings imply: ``base`` rules, ``seed`` and
    ``rng`` (the generator), ``check``, ``lenient``,
    ``fixed`` (the file gives every card dealt) and ``raked`` (the rake played, if any).
    """
    complete = hand.is_over
    guessed = False
    # A showdown (two hands or more shown) may depend on a card the file leaves unknown.
    if complete and len(revealed) >= 2:
        guessed = not used.issuperset(hand.board) or not all(
            used.issuperset(hand.hole_cards(s)) for s in revealed
        )
    stacks = None
    if complete:
        chips = hand.stacks
        if units.places or units.unknown:
            back = units.back
            stacks = tuple(back(s, i) for i, s in enumerate(chips))
        else:
            stacks = tuple(chips)
    paid = None  # whether the engine paid the file's winnings
    wanted = None
    if complete and not guessed and "winnings" in history.fields:
        wanted = file_winnings(history, units)
    if wanted is not None:
        paid, rake = check_winnings(hand, wanted)
        if rake is not None and raked is None and units.rake is None and base.rake is None:
            again = _replay(history, base, seed, rng, check, lenient, fixed, rake)
            if again.winnings_match:
                return again
    fields = history.fields
    cashed = None  # whether the engine awarded the file's pots not awarded (_cash_outs)
    if "_cash_outs" in fields or "_not_awarded" in fields or "_cash_out_fees" in fields:
        cashed = check_cash_outs(history, hand, units, not guessed)
    matches = None
    if stacks is not None and history.finishing_stacks is not None and not guessed:
        matches = stacks == history.finishing_stacks
        if check and not matches:
            raise PHHError(
                f"{history.label}: the replay ends with stacks {_listed(stacks)}, "
                f"but the file's finishing_stacks are {_listed(history.finishing_stacks)}"
            )
    if cashed is False:
        if check:
            raise PHHError(not_awarded_message(history, hand, units))
        matches = False
    return Replay(
        history, hand, complete, stacks, guessed, matches, tuple(repairs), units, paid, cashed
    )


def _listed(values: Iterable[int | Fraction | Decimal]) -> str:
    return "[" + ", ".join(str(_json(v)) for v in values) + "]"


def _play(
    history: HandHistory, hand: Hand, actions: list[_Action], units: _Units, lenient: bool
) -> tuple[list[str], set[int]]:
    """Apply the actions to the hand, in order; an illegal one raises a PHHError. An action the
    file leaves out is refused, naming the player; with ``lenient`` that player checks when
    checking is free and else folds (pokerkit's repair). Returns the repairs, one line each, and
    the seats that showed their cards at the showdown.

    The betting actions are played by the engine's kernel from their tape
    (``HandState.play_tape``), a street's run of them in one call; an action it does not play
    (illegal, or out of turn) is tried by its method, which words the error."""
    tape = _tape(actions, units.amounts)
    announced = 0  # board cards the file has dealt so far
    betting = False
    pending: dict[int, _Action] = {}  # show or muck decisions waiting for their turn
    repairs: list[str] = []
    revealed: set[int] = set()  # the seats that showed at the showdown
    decided: set[int] = set()  # the seats that showed or mucked at the showdown
    street = hand.street  # the engine's street, and its board, read again when it changes
    dealt = len(hand.board)
    amounts = units.amounts

    def fail(action: _Action, message: str) -> PHHError:
        return PHHError(
            f"{history.label}: action {action.number} {action.text!r} is illegal: {message}"
        )

    def missing(action: _Action, until: Any) -> None:
        """The betting actions the file leaves out before ``action``, repaired (lenient)."""
        while lenient and hand.street < Street.SHOWDOWN and not until():
            actor = hand.actor
            if actor is None:
                return
            if hand.can_check():
                hand.check_or_call(actor)
                done = "checks"
            else:
                hand.fold(actor)
                done = "folds"
            repairs.append(f"before action {action.number}: p{actor + 1} {done} (missing)")

    def gap() -> str:
        """What a strict replay says of the player whose action the file leaves out."""
        actor = hand.actor
        if actor is None or hand.street >= Street.SHOWDOWN:
            return ""
        return (
            f" (the file has no action of p{actor + 1} here: an action is missing; replay with "
            "lenient=True to have the player check, or fold facing a bet, as pokerkit does)"
        )

    def settle() -> None:
        while hand.street is Street.SHOWDOWN and hand.actor in pending:
            who = hand.actor
            action = pending.pop(who)
            try:
                if action.cards is None:
                    hand.muck()
                else:
                    hand.show()
                    revealed.add(who)
            except HoldemError as exc:
                raise fail(action, str(exc)) from None
            decided.add(who)

    shown: set[int] = set()
    k = 0  # the next action
    count = len(actions)
    while k < count:
        action = actions[k]
        k += 1
        verb, seat = action.verb, action.seat
        if verb == "":
            continue
        if verb == "dh":
            if betting:
                raise fail(action, "hole cards are dealt before the betting starts")
            continue
        if verb == "db":
            assert action.cards is not None
            want = announced + len(action.cards)
            if lenient:
                missing(action, lambda want=want: len(hand.board) >= want)
            if len(hand.board) < want:
                name = ("pre-flop", "flop", "turn", "river")[min(hand.street, Street.RIVER)]
                raise fail(action, f"the {name} betting is not over{gap()}")
            announced = want
            continue
        assert seat is not None
        if verb == "sm":
            if hand.folded[seat]:
                raise fail(action, f"p{seat + 1} has folded")
            if seat in shown and action.cards is not None:
                continue  # shown again on a later street of an all-in run-out (pokerkit's record)
            if lenient:
                missing(action, lambda: False)
            if hand.street < Street.SHOWDOWN:
                raise fail(action, f"there is no showdown yet: the betting is not over{gap()}")
            if hand.street is Street.COMPLETE:
                if not decided:
                    continue  # everyone else folded: the winner may show (it changes nothing)
                raise fail(action, "the showdown is over")
            if seat in pending or seat in decided:
                raise fail(action, f"p{seat + 1} has shown or mucked already")
            pending[seat] = action
            if action.cards is not None:
                shown.add(seat)
            settle()
            continue
        betting = True
        if hand.street is not street:
            street = hand.street
            dealt = len(hand.board)
        if announced < dealt:
            name = ("flop", "turn", "river")[max(announced - 2, 0)]
            raise fail(action, f"the {name} has not been dealt (a 'd db' action is missing)")
        played = hand.play_tape(tape, k - 1)
        if not played and hand.actor != seat and not hand.folded[seat]:
            missing(
                action,
                lambda seat=seat, known=announced: hand.actor == seat or len(hand.board) > known,
            )
            played = hand.play_tape(tape, k - 1)
        if played:  # this action and the next ones of its street
            k += played - 1
            if pending:
                settle()
            continue
        try:  # an action the kernel does not play: its method says why
            if verb == "f":
                hand.fold(seat)
            elif verb == "cc":
                hand.check_or_call(seat)
            else:
                hand.raise_to(amounts[action.number], seat)
        except HoldemError as exc:
            raise fail(action, f"{exc}{gap() if hand.actor != seat else ''}") from None
        if pending:
            settle()
    if history.fields.get("_showdown_pending") is not True:
        # (a hand written stopped at its showdown keeps the decisions it had left to make)
        while hand.street is Street.SHOWDOWN:
            shower = hand.actor
            assert shower is not None  # a showdown has a seat to show or muck
            if shower in pending:  # his decision, written before one the file leaves out
                settle()
                continue
            hand.show()  # no decision in the file: the player shows
            revealed.add(shower)
            decided.add(shower)
    if pending:
        action = min(pending.values())
        raise fail(action, f"p{(action.seat or 0) + 1} cannot show or muck now")
    return repairs, revealed
