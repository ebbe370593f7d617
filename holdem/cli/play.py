"""``holdem play``: sit at a table at the terminal and play against bots.

The session is a :class:`~holdem.Table` (cash game, dead button, no rebuys) with the person at
one seat and a bot at each other (:mod:`holdem.engine.agents`, or any agent as
``holdem acpc-client --agent`` takes it). Before each of the person's decisions the table is
drawn (seats, names, stacks, bets, the button and the blinds, the pot, the board and the
person's cards), and what the bots do is told in words. The person answers with a short key:
``f`` fold, ``k`` check, ``c`` check or call, ``r N`` (or just ``N``) bet or raise to ``N``,
``a`` all-in, ``q`` quit, ``?`` help; in Pineapple (``--game pineapple``, ``crazy-pineapple``)
``d CARD`` discards (or just the card). ``--game`` plays any game of
:data:`holdem.engine.variants.VARIANTS` (short deck, Omaha, Pineapple ...). The session ends
when the person quits (``q``, Ctrl-D or Ctrl-C), has no chips left, has every chip, or has
played ``--hands`` hands; with ``--save FILE`` every finished hand is written to one ``.phhs``
file, which ``holdem replay`` reads.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from holdem.cards import Card
from holdem.cli._agents import AGENT_HELP, load
from holdem.cli._help import SEED, add_stakes, add_subcommand, check_blinds, whole
from holdem.cli._style import Style, add_color_options, style_for
from holdem.engine.events import Event, EventKind, Legal, View
from holdem.engine.rules import PRESETS
from holdem.engine.variants import VARIANTS
from holdem.errors import ActionError, ArgumentError, HoldemError
from holdem.evaluation import describe
from holdem.phh.writing import dumps_table

if TYPE_CHECKING:
    from holdem.engine._typed_hand import Hand
    from holdem.engine.agents import Agent
    from holdem.engine.table import Table

__all__ = ["Choice", "parse_choice", "register", "shown_hand"]

#: An amount as typed: ASCII digits, signed (a negative amount is read, then refused with the
#: legal range), short enough to be read in bounded time.
_AMOUNT = re.compile(r"[+-]?[0-9]{1,18}")
_NAMES = {"random": "Random", "call": "Station", "equity": "Equity"}
_HELP = (
    "keys: f fold, k check, c check or call, r N bet or raise to N (or just N), "
    "a all-in, q quit, ? this help; to discard (Pineapple) d CARD or just the card"
)


def register(sub: Any) -> None:
    """Add the ``play`` subcommand to the ``holdem`` parser's subparsers."""
    p = add_subcommand(
        sub,
        "play",
        summary="play hold'em (or short deck, Omaha, Pineapple ...) at the terminal against bots",
        description="Sit at a cash-game table against bots and play hand after hand: the "
        "table is drawn before each of your decisions (seats, stacks, bets, the button and the "
        "blinds, the pot, the board and your cards) and the bots' actions are told in words. "
        "Answer with a key: f fold, k check, c check or call, r N bet or raise to N (or just "
        "N), a all-in, q quit, ? help; in Pineapple, d CARD discards. --game plays short deck, "
        "Omaha, Pineapple and the other games of the engine. The bots are 'random' (a legal "
        "action at random), 'call' "
        "(a calling station), 'equity' (its equity against random hands, with the pot odds) or "
        "module:callable, an agent as acpc-client takes it. Quit with q, Ctrl-D or Ctrl-C; "
        "--save writes every finished hand to a .phhs file that holdem replay reads.",
        examples=(
            "holdem play",
            "holdem play --bot equity --bot call --bot random --stack 200 --blinds 1 2",
            "holdem play --seats 2 --bot equity --structure fixed-limit --seed 7 --save s.phhs",
            "holdem play --bot mybot:act --bot equity --hands 20 --name Ann",
            "holdem play --game pineapple --seats 3 --seed 4",
        ),
    )
    p.add_argument(
        "--bot",
        action="append",
        metavar="BOT",
        help=f"a bot at the next seat, {AGENT_HELP} (repeat it; the bots given are repeated to "
        "fill --seats; default: equity, call, random)",
    )
    p.add_argument(
        "--seats",
        type=int,
        help="players at the table, 2 to 10, you included (default: one per --bot, plus you)",
    )
    p.add_argument("--seat", type=int, default=1, help="your seat, from 1 (default 1)")
    p.add_argument("--name", default="Hero", help="your name (default Hero)")
    add_stakes(p, "every player's buy-in")
    p.add_argument("--ante", type=whole(0), default=0, help="every player's ante (default 0)")
    p.add_argument(
        "--structure",
        default="no-limit",
        choices=("no-limit", "pot-limit", "fixed-limit"),
        help="the betting structure (default no-limit)",
    )
    p.add_argument(
        "--rules",
        default="casino",
        choices=tuple(PRESETS),
        help="the rule preset (default casino)",
    )
    p.add_argument(
        "--game",
        default="holdem",
        choices=tuple(VARIANTS),
        help="the game: holdem (the default), short-deck, omaha, pineapple ...",
    )
    p.add_argument("--hands", type=int, default=0, help="stop after N hands (default: no limit)")
    p.add_argument("--seed", type=SEED, default=None, help="seed of the cards and the bots")
    p.add_argument("--save", metavar="FILE", help="write the finished hands to this .phhs file")
    add_color_options(p)
    p.set_defaults(run=_run)


@dataclass(frozen=True)
class Choice:
    """What the person typed, read: an action (``fold``, ``check``, ``call``, ``raise`` to
    ``amount``, ``discard`` the card in ``amount``, a :class:`holdem.Card`), ``quit`` or
    ``help``; or ``error``, with the message to show."""

    kind: str
    amount: int = 0
    message: str = ""


def _raise_word(view: View) -> str:
    return "raise to" if max(view.bets, default=0) > 0 else "bet"


def _all_in_total(view: View) -> int:
    return int(view.bets[view.seat]) + int(view.stacks[view.seat])


def parse_choice(text: str, view: View, legal: Legal) -> Choice:
    """Read one line typed at the prompt against the legal actions of the seat to act.

    >>> from holdem import Hand
    >>> hand = Hand([100, 100], blinds=(1, 2), seed=0)
    >>> view, legal = hand.view(1), hand.legal_actions()
    >>> parse_choice("r 6", view, legal), parse_choice("c", view, legal).kind
    (Choice(kind='raise', amount=6, message=''), 'call')
    >>> parse_choice("r 3", view, legal).message
    'you cannot raise to 3: raise to 4 .. 100 (a: all-in)'
    """
    words = text.strip().lower().split()
    if not words:
        return Choice("error", message="type a key (? for help)")
    key, rest = words[0], words[1:]
    if legal.discard is not None and key not in ("q", "quit", "exit", "?", "h", "help"):
        return _discard_choice(words, legal.discard)
    low, high = legal.min_raise_to, legal.max_raise_to
    word = _raise_word(view)
    if _AMOUNT.fullmatch(key):  # a number alone bets or raises to it (a negative is refused)
        key, rest = "r", words
    if key in ("q", "quit", "exit"):
        return Choice("quit")
    if key in ("?", "h", "help"):
        return Choice("help")
    if key in ("f", "fold"):
        return Choice("fold") if legal.fold else Choice("error", message="you cannot fold now")
    if key in ("k", "x", "check"):
        if legal.check:
            return Choice("check")
        return Choice("error", message=f"you cannot check: {legal.call} to call")
    if key in ("c", "call"):
        if legal.call is not None:
            return Choice("call")
        return Choice("check") if legal.check else Choice("error", message="nothing to call")
    if key in ("a", "all", "allin", "all-in", "shove"):
        total = _all_in_total(view)
        if high == total:
            return Choice("raise", total)
        if legal.call is not None and legal.call >= int(view.stacks[view.seat]):
            return Choice("call")
        if high is None:
            return Choice("error", message="you cannot raise now")
        return Choice("error", message=f"you cannot go all-in: {word} {high} at most")
    if key in ("r", "b", "raise", "bet"):
        if low is None or high is None:
            return Choice("error", message="you cannot bet or raise now")
        if not rest:
            if low == high:
                return Choice("raise", low)
            return Choice("error", message=f"{word} how much? r N, N from {low} to {high}")
        if not _AMOUNT.fullmatch(rest[0]):
            return Choice("error", message=f"{rest[0]!r} is not a number of chips")
        amount = int(rest[0])
        if not low <= amount <= high:
            span = f"{low}" if low == high else f"{low} .. {high}"
            all_in = " (a: all-in)" if high == _all_in_total(view) else ""
            return Choice("error", message=f"you cannot {word} {amount}: {word} {span}{all_in}")
        return Choice("raise", amount)
    return Choice("error", message=f"{text.strip()!r} is not a key (? for help)")


def _discard_choice(words: Sequence[str], cards: Sequence[Card]) -> Choice:
    """A discard typed as ``d CARD``, ``discard CARD`` or the card alone."""
    held = " ".join(map(str, cards))
    if len(words) == 2 and words[0] in ("d", "discard"):
        words = words[1:]
    if len(words) == 1:
        try:
            card = Card(words[0])
        except ValueError:
            pass
        else:
            if card in cards:
                return Choice("discard", card)
    return Choice("error", message=f"discard one of your cards: d CARD, CARD one of {held}")


def _offer(view: View, legal: Legal) -> str:
    """The legal actions, with their keys and amounts."""
    if legal.discard is not None:
        return f"d CARD discard one of {' '.join(map(str, legal.discard))}  q quit"
    parts = []
    if legal.fold:
        parts.append("f fold")
    if legal.check:
        parts.append("k check")
    if legal.call is not None:
        parts.append(f"c call {legal.call}")
    low, high = legal.min_raise_to, legal.max_raise_to
    if low is not None and high is not None:
        word = _raise_word(view)
        parts.append(f"r {low} {word} {low}" if low == high else f"r N {word} {low}..{high}")
        if high == _all_in_total(view):
            parts.append(f"a all-in {high}")
    parts.append("q quit")
    return "  ".join(parts)


def _markers(table: Table, seat: int) -> str:
    plan = table.plan
    if plan is None:
        return ""
    marks = []
    if plan.button == seat:
        marks.append("D")
    if plan.small_blind == seat:
        marks.append("SB")
    if plan.big_blind == seat:
        marks.append("BB")
    return " ".join(marks)


def draw(table: Table, hand: Hand, me: int, style: Style, *, header: str = "") -> list[str]:
    """The table as text lines, as the person at table seat ``me`` sees it."""
    order = table.seat_map
    view = hand.view(order.index(me)) if me in order else None
    players = table.players
    lines = [header] if header else []
    if view is not None:
        board = style.cards(view.board) if view.board else "-"
        pots = [int(p.amount) for p in view.pots if p.amount]
        side = ""
        if len(pots) > 1 and not any(view.bets):  # between streets: the side pots are settled
            side = f"  (main {pots[0]}, side {', '.join(map(str, pots[1:]))})"
        lines.append(f"Board: {board}    Pot: {view.pot_total}{side}")
    width = max(len(p.name) for p in players.values())
    for seat in range(1, table.seats + 1):
        info = players.get(seat)
        if info is None:
            lines.append(f"  {seat:>2}  (empty)")
            continue
        name = info.name.ljust(width)
        marks = _markers(table, seat).ljust(5)
        if view is None or seat not in order:
            lines.append(f"  {seat:>2}  {name}  {marks} {info.stack:>7}          sitting out")
            continue
        i = order.index(seat)
        stack, bet = int(view.stacks[i]), int(view.bets[i])
        shown = view.shown[i]
        if i == view.seat:
            cards = style.cards(view.hole_cards)
        elif shown:
            cards = style.cards(shown)
        else:
            down = " ".join(["[]"] * len(hand.hole_cards(i)))  # how many, never which
            cards = "" if view.folded[i] or hand.is_over else down  # mucked at the end
        state = "folded" if view.folded[i] else ("all-in" if stack == 0 and bet >= 0 else "")
        if state == "all-in" and hand.is_over:
            state = ""
        turn = "<" if view.actor == i else " "
        row = f"{turn} {seat:>2}  {name}  {marks} {stack:>7} {bet or '':>7}  {cards} {state}"
        lines.append(style.mark(row.rstrip()) if i == view.seat else row.rstrip())
    return lines


def shown_hand(hand: Hand, event: Event) -> str:
    """What a card show at the showdown makes on the board, as ``": two pair, ..."``; empty for
    any other event, or for cards that make no five-card hand yet.

    >>> from holdem import Hand
    >>> hand = Hand(
    ...     [100, 100],
    ...     blinds=(1, 2),
    ...     hole_cards=[("Ah", "Kh"), ("9c", "9d")],
    ...     board="9h 5h 2c Jh 3s",
    ... )
    >>> while not hand.is_over:
    ...     hand.check_or_call()
    >>> [shown_hand(hand, e) for e in hand.events if e.kind is EventKind.SHOW]  # 9-9 mucks
    [': flush, ace-high']
    """
    board = hand.board
    if event.kind is not EventKind.SHOW or len(board) + len(event.cards) < 5:
        return ""
    try:
        words = describe(hand.game.value(board, event.cards), hand.game.game)
    except HoldemError:  # a game whose hands have no name in words
        return ""
    return f": {words[0].lower()}{words[1:]}"


def _ask(prompt: str) -> str | None:
    """One line typed at the terminal, or None at the end of the input (Ctrl-D)."""
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = sys.stdin.readline()
    if line and not sys.stdin.isatty():  # typed into a file or a pipe: show it as typed
        sys.stdout.write(line if line.endswith("\n") else line + "\n")
    return None if line == "" else line


class _Session:
    """One sitting: the table, the bots, what has been told, and the file to save to."""

    def __init__(self, args: argparse.Namespace, style: Style) -> None:
        from holdem.engine.agents import hand_ended_hook
        from holdem.engine.table import Table

        specs = list(args.bot or ["equity", "call", "random"])
        seats = args.seats if args.seats is not None else len(specs) + 1
        if not 2 <= seats <= 10:
            raise ArgumentError(f"--seats is 2 to 10 players, got {seats}")
        if not 1 <= args.seat <= seats:
            raise ArgumentError(f"--seat is a seat from 1 to {seats}, got {args.seat}")
        if args.hands < 0:
            raise ArgumentError(f"--hands is 0 (no limit) or more, got {args.hands}")
        if args.save:
            from holdem.engine.rules import Structure
            from holdem.phh.model import _CODES

            if (args.game, Structure(args.structure)) not in _CODES:
                raise ArgumentError(
                    f"--save writes PHH, which has no variant code for {args.structure} "
                    f"{args.game}: it names hold'em, no-limit short deck, pot-limit Omaha and "
                    "fixed-limit Omaha hi-lo"
                )
        rng = random.Random(args.seed)
        self.table: Table = Table(
            seats,
            blinds=check_blinds(args.blinds),
            ante=args.ante,
            structure=args.structure,
            rules=args.rules,
            min_buy_in=args.stack,
            max_buy_in=args.stack,
            rebuys=False,
            max_seats=10,
            seed=rng.randrange(2**32),
            game=args.game,
        )
        self.me = args.seat
        self.style = style
        self.save = args.save
        self.limit = args.hands
        self.agents: dict[int, Agent] = {}
        self.ends: dict[int, Callable[[View], object] | None] = {}  # their hand_ended methods
        others = [s for s in range(1, seats + 1) if s != self.me]
        self.table.sit_down(self.me, args.name, args.stack)
        taken = {args.name}
        for k, seat in enumerate(others):
            spec = specs[k % len(specs)]
            self.agents[seat] = load(spec, rng.randrange(2**32))
            self.ends[seat] = hand_ended_hook(self.agents[seat])
            base = _NAMES.get(spec, spec.rpartition(":")[2].rpartition(".")[2] or spec)
            name, n = base, 1
            while name in taken:
                n += 1
                name = f"{base} {n}"
            taken.add(name)
            self.table.sit_down(seat, name, args.stack)
        self.start = dict(self.table.stacks)
        self.names = {s: p.name for s, p in self.table.players.items()}

    def play(self) -> int:
        """Play hands until the session ends; the exit status (0)."""
        print(f"{_HELP}.")
        while True:
            stacks = self.table.stacks
            if self.me not in stacks:
                print("You have no chips left.")
                break
            if self.table.is_over:
                print("You have every chip at the table.")
                break
            if self.limit and self.table.hand_number >= self.limit:
                break
            if not self._play_hand():
                break
            self._save()
            if self.limit and self.table.hand_number >= self.limit:
                break
            line = _ask("Enter: next hand, q: quit > ")
            if line is None or line.strip().lower() in ("q", "quit", "exit"):
                print()
                break
        self._summary()
        return 0

    def _play_hand(self) -> bool:
        """Play one hand; False when the person quit during it."""
        table, style = self.table, self.style
        hand = table.new_hand()
        names = table.history[-1].names
        plan = table.plan
        assert plan is not None
        button = self.names.get(plan.button, "an empty seat")
        small, big = table.blinds
        game = "" if hand.game.name == "holdem" else f" ({hand.game.name})"
        print(
            f"\n=== Hand {table.hand_number}{game}: blinds {small}/{big}, the button is "
            f"seat {plan.button} ({button}) ==="
        )
        me = table.seat_map.index(self.me) if self.me in table.seat_map else None
        told = 0
        while not hand.is_over:
            told = self._tell(hand, names, me, told)
            legal = hand.legal_actions()  # the seat to act, or the first one to discard
            actor = legal.seat
            seat = table.seat_map[actor]
            if actor == me:
                if not self._decide(hand, legal):
                    print("You left the table; the hand in play is not saved.")
                    return False
                continue
            decision = self.agents[seat](hand.view(actor), legal)
            from holdem.engine.matches import apply_decision

            if not apply_decision(hand, decision, legal):
                raise ActionError(
                    f"{names[actor]} chose {decision!r}, which is not legal: fold, check, call "
                    "or a raise-to int in the legal range (a card of its own to discard)"
                )
        self._tell(hand, names, me, told)
        for actor, seat in enumerate(table.seat_map):  # each bot told of the hand's end
            end = self.ends.get(seat)
            if end is not None:
                end(hand.view(actor))
        print("\n".join(draw(table, hand, self.me, style)))
        return True

    def _tell(self, hand: Hand, names: Sequence[str], me: int | None, told: int) -> int:
        """Print the events after the first ``told`` in words; the number told."""
        from holdem.cli.replay import narrate

        events = hand.view(me).events if me is not None else hand.events
        new = [e for e in events[told:] if not (e.kind is EventKind.DEAL_HOLE and e.seat != me)]
        for event in new:
            for line in narrate([event], names, self.style):
                print(f"  {line}{shown_hand(hand, event)}")
        return len(events)

    def _decide(self, hand: Hand, legal: Legal) -> bool:
        """Ask the person until the answer is a legal action, and take it; False to quit."""
        view = hand.view(legal.seat)
        print("\n".join(draw(self.table, hand, self.me, self.style)))
        print(_offer(view, legal))
        while True:
            line = _ask("Your action > ")
            if line is None:
                print()
                return False
            choice = parse_choice(line, view, legal)
            if choice.kind == "quit":
                return False
            if choice.kind == "help":
                print(_HELP)
                print(_offer(view, legal))
            elif choice.kind == "error":
                print(choice.message)
            elif choice.kind == "discard":
                hand.discard(choice.amount, legal.seat)
                return True
            elif choice.kind == "fold":
                hand.fold()
                return True
            elif choice.kind in ("check", "call"):
                hand.check_or_call()
                return True
            else:
                hand.raise_to(choice.amount)
                return True

    def _save(self) -> None:
        if self.save:
            with open(self.save, "w", encoding="utf-8") as out:
                out.write(dumps_table(self.table))

    def _summary(self) -> None:
        played = sum(1 for h in self.table.history if h.hand.is_over)
        stacks = self.table.stacks
        parts = []
        for seat, start in self.start.items():
            now = stacks.get(seat, 0)
            parts.append(f"{self.names[seat]} {now} ({now - start:+})")
        print(f"{played} hands played. Stacks: {', '.join(parts)}.")
        if self.save:
            print(f"Hand histories saved to {self.save}.")


def _run(args: argparse.Namespace) -> int:
    session = _Session(args, style_for(args))
    try:
        return session.play()
    except KeyboardInterrupt:
        print()
        session._summary()
        raise
