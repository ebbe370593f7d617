"""Playing the same hand in the engine and in pokerkit 0.7.7, the oracle of the rules tests.

pokerkit is optional: every function takes the module the caller got from
``pytest.importorskip("pokerkit")``.

- :func:`random_setup` draws a random hand (players, stacks, blinds, straddles, antes, limits,
  a rake in one hand of four, the deck) and :class:`Setup` builds it in both engines;
- :func:`play_decisions` plays it at random from the engine's legal actions, dealing pokerkit
  the engine's own cards, and checks at every decision that both agree on who acts, whether
  folding is allowed, the amount to check or call and the minimum and maximum raise-to;
- :func:`check_showdown` and :func:`check_chips` compare the end;
- :func:`drive` plays a finished hand's cards and actions into a pokerkit state (a board run
  more than once included), and :func:`random_runs_hand` / :func:`play_out` make such hands;
- :func:`pokerkit_payoffs` reads a PHH hand history in pokerkit, and :func:`by_key` loads a
  file's histories by their keys.

Seats and pokerkit's "player indices" are the same numbers (0 = left of the button, the last =
the button). pokerkit reverses the blinds and antes of a two-player hand; the engine's
``blinds=(sb, bb)`` does the same, so both get the same raw values.
"""

from __future__ import annotations

import contextlib
import random
import warnings
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from holdem import Card, EventKind, Hand, Rake, Rules
from holdem.phh import HandHistory, dumps_all, load

SHOWDOWN = (EventKind.SHOW, EventKind.MUCK)

#: How many players a random hand has (drawn uniformly from this list).
PLAYERS = (2, 2, 3, 3, 4, 5, 6, 6, 7, 8, 9)


def automations(pk: Any) -> tuple[Any, ...]:
    """Everything pokerkit can do by itself except dealing and the players' decisions."""
    return (
        pk.Automation.ANTE_POSTING,
        pk.Automation.BET_COLLECTION,
        pk.Automation.BLIND_OR_STRADDLE_POSTING,
        pk.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
        pk.Automation.HAND_KILLING,
        pk.Automation.CHIPS_PUSHING,
        pk.Automation.CHIPS_PULLING,
    )


@contextlib.contextmanager
def memoized(hand_types: Sequence[Any]) -> Iterator[None]:
    """Memoize pokerkit's hand evaluation, a pure function of the cards, for these hand types.

    pokerkit ranks every hand again and again at the showdown (``can_win_now``, hand killing,
    chips pushing; about 3/4 of a test's time); caching its results keeps its answers.
    """
    with pytest.MonkeyPatch.context() as patch:
        for hand_type in hand_types:
            made: dict[tuple[object, ...], Any] = {}
            from_game = hand_type.from_game

            def cached(
                cls: type,
                hole_cards: Any,
                board_cards: Any = (),
                _made: dict[tuple[object, ...], Any] = made,
                _from_game: Any = from_game,
            ) -> Any:
                key = (tuple(hole_cards), tuple(board_cards))
                if key not in _made:
                    _made[key] = _from_game(*key)
                return _made[key]

            entry = hand_type.entry.fget

            def cached_entry(self: Any, _entry: Any = entry) -> Any:
                found = self.__dict__.get("_cached_entry")
                if found is None:
                    found = self.__dict__["_cached_entry"] = _entry(self)
                return found

            patch.setattr(hand_type, "from_game", classmethod(cached))
            patch.setattr(hand_type, "entry", property(cached_entry))
        yield


@dataclass
class Setup:
    """One random hand: the same arguments for both engines."""

    seed: int
    n: int
    game: str
    structure: str
    holes: int
    stacks: list[int]
    blinds: tuple[int, ...]
    straddles: tuple[int, ...]
    ante: int
    bb_ante: int
    trimming: bool
    min_bet: int
    small_bet: int
    big_bet: int
    deck: list[Card]

    @property
    def raked(self) -> bool:
        """One hand in four is raked: 5% of each pot, rounded down, no flop no drop."""
        return self.seed % 4 == 1

    def raw_antes(self) -> list[int]:
        """pokerkit's raw antes (the big-blind ante at raw index 1, reversed heads-up too)."""
        antes = [self.ante] * self.n
        if self.bb_ante:
            antes[1] += self.bb_ante
        return antes

    def raw_blinds(self) -> list[int]:
        """pokerkit's raw blinds or straddles."""
        out = [*self.blinds, *self.straddles]
        return out + [0] * (self.n - len(out))

    def rules(self) -> Rules:
        """The engine's rules for this pokerkit hand's ``ante_trimming_status`` (and rake)."""
        rake = Rake(percent=5) if self.raked else None
        return Rules.preset(
            "pokerkit", ante_trimming=self.trimming, dead_antes=not self.trimming, rake=rake
        )

    def hand(self, rules: Rules | str | None = None) -> Hand:
        """The engine's hand (under :meth:`rules` unless other rules are given)."""
        extra: dict[str, Any]
        if self.structure == "fixed-limit":
            extra = {"small_bet": self.small_bet, "big_bet": self.big_bet}
        else:
            extra = {"min_bet": self.min_bet}
        if self.game != "holdem":
            extra["game"] = self.game
        return Hand(
            self.stacks,
            blinds=self.blinds,
            straddles=self.straddles,
            ante=self.ante,
            big_blind_ante=self.bb_ante,
            structure=self.structure,
            rules=self.rules() if rules is None else rules,
            deck=self.deck,
            **extra,
        )

    def state(self, pk: Any, game: Any) -> Any:
        """pokerkit's state of the game class ``game``, before any card is dealt."""
        common = (automations(pk), self.trimming, self.raw_antes(), self.raw_blinds())
        options: dict[str, Any] = {"mode": pk.Mode.TOURNAMENT}
        if self.raked:
            options["rake"] = pokerkit_rake
        if self.structure == "fixed-limit":
            made = game(*common, self.small_bet, self.big_bet, **options)
        else:
            made = game(*common, self.min_bet, **options)
        return made(self.stacks, self.n)


def pokerkit_rake(amount: int, state: Any) -> tuple[int, int]:
    """pokerkit's rake hook (called on each pot it pushes): 5% rounded down, no flop no drop."""
    if not any(state.board_cards):
        return 0, amount
    raked = amount * 5 // 100
    return raked, amount - raked


def _stack(rng: random.Random, bb: int, forced: int) -> int:
    kind = rng.random()
    if kind < 0.2:  # short: at or below the blinds and antes
        return rng.randint(1, max(1, forced + bb))
    if kind < 0.45:
        return rng.randint(bb, 25 * bb)
    if kind < 0.55:
        return 100 * bb  # equal deep stacks
    return rng.randint(40 * bb, 200 * bb)


def random_setup(
    rng: random.Random,
    seed: int,
    *,
    structure: str,
    game: str = "holdem",
    holes: int = 2,
    low: int = 0,
    straddling: float = 0.25,
) -> Setup:
    """A random hand drawn from ``rng``: 2 to 9 players (as many as the deck from card index
    ``low`` can deal ``holes`` cards and a board to), short stacks below the blinds and antes,
    antes for every player or a big-blind ante, straddles and re-straddles (a chance of
    ``straddling`` with three players or more), odd minimum bets and limits."""
    most = min(9, (52 - low - 8) // holes)
    n = rng.choice([k for k in PLAYERS if k <= most])
    bb = rng.choice((2, 2, 4, 10, 20, 25, 100))
    blinds: tuple[int, ...] = ()
    straddles: tuple[int, ...] = ()
    if rng.random() < 0.93:
        sb = rng.choice((bb // 2, bb // 2, 1, bb, max(1, bb * 2 // 5)))
        blinds = (sb, bb)
        if n >= 3 and rng.random() < straddling:
            size = bb
            for _ in range(rng.randint(1, min(3, n - 2))):
                size = rng.choice((2 * size, 2 * size, size, 3 * size))
                straddles += (size,)
    ante = bb_ante = 0
    kind = rng.random()
    if not blinds or kind < 0.25:
        ante = rng.randint(1, max(1, bb // 2))
    elif kind < 0.45:
        bb_ante = rng.choice((bb, bb // 2 or 1, 2 * bb))
    trimming = rng.random() < 0.5
    forced = max((*blinds, *straddles), default=0) + ante + bb_ante
    stacks = [_stack(rng, bb, forced) for _ in range(n)]
    min_bet = bb if rng.random() < 0.85 else rng.choice((1, bb // 2 or 1, 2 * bb))
    small_bet = bb if rng.random() < 0.85 else rng.choice((2, bb // 2 or 2, 2 * bb))
    big_bet = 2 * small_bet if rng.random() < 0.9 else 3 * small_bet
    deck = [Card(i) for i in range(low, 52)]
    rng.shuffle(deck)
    return Setup(
        seed, n, game, structure, holes, stacks, blinds, straddles, ante, bb_ante, trimming,
        min_bet, small_bet, big_bet, deck[: holes * n + 8],
    )  # fmt: skip


def choose(rng: random.Random, hand: Hand) -> tuple[str, int | None]:
    """A random legal action of the seat to act: fold, check or call, or a raise to the
    minimum, the maximum or an amount in between."""
    legal = hand.legal_actions()
    roll = rng.random()
    if legal.fold and roll < 0.15:
        return "fold", None
    if legal.min_raise_to is not None and legal.max_raise_to is not None and roll > 0.6:
        lo, hi = legal.min_raise_to, legal.max_raise_to
        pick = rng.random()
        if pick < 0.45:
            return "raise", lo
        if pick < 0.65:
            return "raise", hi
        return "raise", rng.randint(lo, hi)
    return "check_or_call", None


def act(hand: Hand, action: str, amount: int | None) -> None:
    """Do an action chosen by :func:`choose` on the engine."""
    if action == "fold":
        hand.fold()
    elif action == "raise":
        assert amount is not None
        hand.raise_to(amount)
    else:
        hand.check_or_call()


def _act_in_pokerkit(state: Any, action: str, amount: int | None) -> None:
    if action == "fold":
        state.fold()
    elif action == "raise":
        state.complete_bet_or_raise_to(amount)
    else:
        state.check_or_call()


def _pump(state: Any, setup: Setup, used: list[int]) -> None:
    """Deal pokerkit's cards from the engine's deck until someone acts or the hand ends."""
    n, deck = setup.n, setup.deck
    while state.status and state.actor_index is None:
        if state.can_deal_hole():
            # pokerkit deals one card at a time from player 0, as the engine does.
            assert state.hole_dealee_index == used[0] % n
            state.deal_hole(str(deck[used[0]]))
            used[0] += 1
        elif state.can_burn_card():
            state.burn_card(str(deck[used[1]]))
            used[1] += 1
        elif state.can_deal_board():
            count = state.board_dealing_count or 1
            state.deal_board("".join(str(c) for c in deck[used[1] : used[1] + count]))
            used[1] += count
        else:  # pragma: no cover - pokerkit waits for something this driver does not do
            raise AssertionError(f"pokerkit is stuck: {state.operations[-1]!r}")


def _facts(state: Any) -> tuple[object, ...]:
    return (
        state.actor_index,
        state.can_fold(),
        state.checking_or_calling_amount,
        state.min_completion_betting_or_raising_to_amount,
        state.max_completion_betting_or_raising_to_amount,
    )


def _engine_facts(hand: Hand) -> tuple[object, ...]:
    legal = hand.legal_actions()
    call = 0 if legal.check else legal.call
    return (legal.seat, legal.fold, call, legal.min_raise_to, legal.max_raise_to)


def play_decisions(
    hand: Hand, state: Any, setup: Setup, rng: random.Random
) -> list[tuple[int, str, int | None]]:
    """Play the hand to its end in both engines, from actions chosen at random, checking that
    both deal the same hole cards and agree at every decision; the actions played."""
    used = [0, setup.holes * setup.n]
    _pump(state, setup, used)
    n, deck = setup.n, setup.deck
    assert [hand.hole_cards(i) for i in range(n)] == [
        tuple(deck[k * n + i] for k in range(setup.holes)) for i in range(n)
    ]
    history: list[tuple[int, str, int | None]] = []
    while not hand.is_over:
        theirs, ours = _facts(state), _engine_facts(hand)
        assert theirs == ours, (theirs, ours, history, setup)
        action, amount = choose(rng, hand)
        history.append((hand.legal_actions().seat, action, amount))
        act(hand, action, amount)
        _act_in_pokerkit(state, action, amount)
        _pump(state, setup, used)
    assert state.actor_index is None and not state.status, (setup, history)
    return history


def check_showdown(pk: Any, hand: Hand, state: Any, setup: Setup, history: object) -> None:
    """The same board, and the same hands shown or mucked in the same order."""
    assert list(map(str, hand.board)) == list(map(repr, state.get_board_cards(0))), setup
    shown = [(e.seat, e.kind is EventKind.SHOW) for e in hand.events if e.kind in SHOWDOWN]
    their_shown = [
        (op.player_index, bool(op.hole_cards))
        for op in state.operations
        if isinstance(op, pk.HoleCardsShowingOrMucking)
    ]
    assert shown == their_shown, (their_shown, shown, history, setup)


def check_chips(hand: Hand, state: Any, setup: Setup, history: object) -> None:
    """The same final stacks, payoffs and rake (one difference of pokerkit's rake aside)."""
    assert sum(hand.stacks) + hand.rake == sum(setup.stacks)
    if setup.raked and sum(1 for e in hand.events if e.kind is EventKind.SHOW) < 2:
        # Won without a showdown: pokerkit 0.7.7 hands the winner back his whole last bet,
        # the part the folded players called included, and rakes only the rest; the engine
        # rakes every called chip (only an uncalled bet is not raked), as card rooms do.
        assert hand.rake >= -sum(state.payoffs), (setup, history)
    else:
        assert list(hand.stacks) == list(state.stacks), (state.stacks, hand.stacks, setup)
        assert hand.payoffs == list(state.payoffs), (setup, history)
        assert hand.rake == -sum(state.payoffs), (setup, history)


# -- a finished hand, played into pokerkit ---------------------------------------------------


def drive(
    state: Any,
    holes: Sequence[Sequence[str]],
    actions: list[tuple[int, str, int | None]],
    boards: list[str],
    burns: list[str] | None,
    runs: int,
) -> list[int]:
    """Play a finished hand into a pokerkit state: ``holes`` (each player's cards), the
    players' ``actions`` in order (seat, ``"f"``, ``"cc"`` or ``"cbr"``, the raise-to amount),
    the ``boards`` as pokerkit deals them (one string a street and a run), the ``burns`` (None
    when the hand has none: pokerkit then burns an unknown card), every player selecting
    ``runs`` runs; pokerkit's final stacks. Each list is consumed to its end."""
    for k in range(len(holes[0])):
        for cards in holes:
            state.deal_hole(cards[k])
    while state.status:
        if state.actor_index is not None:
            seat, verb, amount = actions.pop(0)
            assert seat == state.actor_index
            if verb == "f":
                state.fold()
            elif verb == "cc":
                state.check_or_call()
            else:
                state.complete_bet_or_raise_to(amount)
        elif state.can_select_runout_count():
            state.select_runout_count(runs)
        elif state.can_burn_card():
            state.burn_card(burns.pop(0) if burns is not None else "??")
        elif state.can_deal_board():
            state.deal_board(boards.pop(0))
        else:
            raise AssertionError("pokerkit waits for something the hand does not give")
    assert not actions and not boards and not burns
    return list(state.stacks)


def cash_game(
    pk: Any,
    blinds: Sequence[int | Decimal],
    min_bet: int | Decimal | None,
    stacks: Sequence[int | Decimal],
) -> Any:
    """A no-limit hold'em cash-game state (no antes), before any card is dealt."""
    return pk.NoLimitTexasHoldem.create_state(
        automations(pk), False, 0, list(blinds), min_bet, list(stacks), len(stacks),
        mode=pk.Mode.CASH_GAME,
    )  # fmt: skip


def play_out(hand: Hand, street_goal: int) -> None:
    """Everyone checks or calls to the street ``street_goal``, then goes all-in."""
    while not hand.is_over:
        legal = hand.legal_actions()
        if hand.street < street_goal:
            hand.check_or_call()
        elif legal.can_raise:
            hand.all_in()
        else:
            hand.check_or_call()


def random_runs_hand(seed: int) -> tuple[Hand, list[int], int]:
    """A random hand under the ``pokerkit`` preset whose board may run 2 or 3 times: 2 to 4
    players, stacks of 100 or 10 to 300, everyone checking or calling to a random street and
    then going all-in; the hand, its starting stacks and its runs."""
    rng = random.Random(seed)
    n = rng.choice((2, 2, 3, 4))
    stacks = [rng.choice((100, 100, rng.randint(10, 300))) for _ in range(n)]
    runs = rng.choice((2, 2, 3))
    hand = Hand(stacks, blinds=(1, 2), seed=seed, runs=runs, rules="pokerkit")
    play_out(hand, rng.choice((0, 0, 1, 2)))
    return hand, stacks, runs


# -- PHH hand histories in pokerkit ----------------------------------------------------------


def by_key(path: Path) -> dict[str | None, HandHistory]:
    """The hand histories of a file, by their keys."""
    return {h.key: h for h in load(path)}


def pokerkit_payoffs(history: HandHistory) -> list[Decimal]:
    """pokerkit's payoffs for the same text (it takes no rake), its values read as exact
    Decimals (a skip where pokerkit is not installed)."""
    pk = pytest.importorskip("pokerkit")
    text = dumps_all([history.replace(key=None)]).split("\n", 1)[1]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        states = list(pk.HandHistory.loads(text, parse_value=Decimal))
    return [Decimal(p) for p in states[-1].payoffs]
