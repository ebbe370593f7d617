"""A bounded, seeded fuzz test of the whole public API: every public function, constructor and
class method, called with hostile arguments, raises only the package's own errors, in bounded
time and memory.

The public names are holdem's (its eager and lazy maps: the analysis, engine and abstraction
names) and the ``__all__`` of its other subpackages and of the environments' public modules.
Each parameter of each callable gets each hostile value in turn (None, bools, floats, NaN,
infinities, negatives, 10**400, huge and ragged sequences, wrong types, strings, read-only
buffers ...) while the other parameters keep their defaults or a plausible value (so that the
check reached is that parameter's). An enumeration is looked up by value only.

The calls run in a child process with its memory capped (``RLIMIT_AS``) and each call timed by
the parent: a call that does not answer within ``HOLDEM_API_FUZZ_BOUND`` seconds (default 20:
the machine may be loaded) is a failure, and the child is started again after it. By default a
seeded sample of ``HOLDEM_API_FUZZ_CALLS`` calls runs; ``HOLDEM_API_FUZZ_CALLS=0`` runs them
all and ``HOLDEM_API_FUZZ_SEED`` picks another sample.

Oracle: the package's error hierarchy (everything raised is a :class:`holdem.HoldemError`; some
of those are also ValueError or TypeError by design, a plain ValueError or TypeError is not).
Two things are not counted: a NumPy array given where a flag belongs (the array's own
``__bool__`` refuses it), and the calls of :data:`LONG`, valid work that takes longer than the
bound by design.
"""

from __future__ import annotations

import enum
import importlib
import inspect
import json
import math
import os
import random
import resource
import select
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import Any

import pytest

CALLS = int(os.environ.get("HOLDEM_API_FUZZ_CALLS", "4000"))
SEED = int(os.environ.get("HOLDEM_API_FUZZ_SEED", "20261129"))
BOUND = float(os.environ.get("HOLDEM_API_FUZZ_BOUND", "20"))
MEMORY = 2 << 30  # the child's address space: a call that needs more fails with MemoryError

# The packages whose __all__ is public, and the modules of the packages that have none.
PACKAGES = (
    "holdem.phh",
    "holdem.pokerstars",
    "holdem.histories",
    "holdem.stats",
    "holdem.solver",
    "holdem.agent_eval",
    "holdem.envs",
    "holdem.envs.gym_env",
    "holdem.envs.texas_holdem_v0",
    "holdem.envs.openspiel",
    "holdem.envs.vector",
)

# Calls of valid arguments whose work takes longer than the bound by design (each is bounded
# otherwise): exact pre-flop strengths (hundreds of millions of deals), a million river
# classes, a whole river table, and deals among a million players (the most a deal takes).
LONG = frozenset(
    {
        "holdem.abstraction.strength.hand_strength(board='')",
        "holdem.abstraction.strength.hand_strength(board=[])",
        "holdem.abstraction.strength.strength_batch(board_cards=0)",
        "holdem.abstraction.strength.strength_batch(indices=[1] * 10**6)",
        "holdem.abstraction.strength.strength_table(boards=None)",
        "holdem.analysis.icm.icm(stacks=[1] * 10**6)",
        "holdem.analysis.payouts.chip_chop(stacks=[1] * 10**6)",
        "holdem.analysis.payouts.icm_chop(stacks=[1] * 10**6)",
    }
)

# Callables that wait for a peer or read the terminal: not for a fuzz run.
SKIP = frozenset(
    {
        "holdem.engine.agents.human_agent",
    }
)


def _hostile() -> list[tuple[str, Callable[[], object]]]:
    """The hostile values, each made fresh for its call (a callee may change a list)."""

    def read_only_buffer() -> object:
        return memoryview(bytes(64))

    def read_only_array() -> object:
        import numpy

        array = numpy.zeros((4, 7), dtype=numpy.int32)
        array.flags.writeable = False
        return array

    def float_array() -> object:
        import numpy

        return numpy.full((3, 7), numpy.nan)

    values: list[tuple[str, Callable[[], object]]] = [
        ("None", lambda: None),
        ("True", lambda: True),
        ("False", lambda: False),
        ("-1", lambda: -1),
        ("0", lambda: 0),
        ("1.5", lambda: 1.5),
        ("nan", lambda: math.nan),
        ("inf", lambda: math.inf),
        ("-inf", lambda: -math.inf),
        ("10**400", lambda: 10**400),
        ("-(10**400)", lambda: -(10**400)),
        ("2**64", lambda: 2**64),
        ("Fraction(1, 3)", lambda: Fraction(1, 3)),
        ("1j", lambda: 1j),
        ("''", lambda: ""),
        ("'x'", lambda: "x"),
        ("'-1'", lambda: "-1"),
        ("'\\x00' * 3", lambda: "\x00" * 3),
        ("b'AsKs'", lambda: b"AsKs"),
        ("object()", lambda: object()),
        ("[]", lambda: []),
        ("[None]", lambda: [None]),
        ("[-1]", lambda: [-1]),
        ("[[0, 1], [2]]", lambda: [[0, 1], [2]]),
        ("['As', 'As']", lambda: ["As", "As"]),
        ("[1.5, 2.5]", lambda: [1.5, 2.5]),
        ("[10**400, 1]", lambda: [10**400, 1]),
        ("[1] * 10**6", lambda: [1] * 10**6),
        ("range(10**20)", lambda: range(10**20)),
        ("{'a': 1}", lambda: {"a": 1}),
        ("read-only memoryview", read_only_buffer),
        ("read-only int32 array", read_only_array),
        ("float array of NaN", float_array),
    ]
    return values


def _hand() -> object:
    from holdem import Hand

    hand = Hand([100, 100, 100], blinds=(1, 2), seed=1)
    hand.check_or_call()
    return hand


def _history() -> Any:
    from holdem.phh import from_hand

    hand: Any = _hand()
    while not hand.is_over:
        hand.check_or_call()
    return from_hand(hand)


# A plausible value for a parameter by its name, so that the call gets past it to the hostile
# one (a value of the wrong shape for one callable is refused there, which is fine too); a
# required parameter without one gets None.
PLAUSIBLE: dict[str, Callable[[], object]] = {
    "cards": lambda: "AsKsQsJsTs",
    "card": lambda: "As",
    "hand": lambda: "AsKs",
    "hole": lambda: "AsKs",
    "board": lambda: "2c3d4h",
    "boards": lambda: ["2c3d4h5s6s", "7c8c9dTdJh"],
    "hands": lambda: ["AsKs", "QdQc"],
    "holes": lambda: [[0, 1], [2, 3]],
    "players": lambda: ["AsKs", "QdQc"],
    "stacks": lambda: [100, 60, 40],
    "payouts": lambda: [50, 30, 20],
    "blinds": lambda: (1, 2),
    "name": lambda: "AKs",
    "text": lambda: "AKs",
    "path": lambda: "no such file.txt",
    "history": _history,
    "record": _history,
    "histories": lambda: [_history()],
    "samples": lambda: 200,
    "seed": lambda: 1,
    "threads": lambda: 1,
    "places": lambda: 3,
    "entrants": lambda: 100,
    "prize_pool": lambda: 1000,
    "probability": lambda: 0.25,
    "outs": lambda: 9,
    "unseen": lambda: 47,
    "pot": lambda: 100,
    "call": lambda: 20,
    "versus": lambda: ["QdQc"],
    "agents": lambda: ["call", "random"],
    "agent": lambda: "call",
    "starting_stack": lambda: 1500,
    "num_envs": lambda: 2,
    "game": lambda: "holdem",
    "combos": lambda: ["AsKs", "AhKh"],
    "k": lambda: 2,
    "points": lambda: [[0.0, 1.0], [1.0, 0.0], [0.5, 0.5]],
    "histograms": lambda: [[1.0, 0.0], [0.0, 1.0], [0.5, 0.5]],
    "board_cards": lambda: 3,
    "indices": lambda: [0, 1],
    "head": lambda: "PokerStars Hand #1",
    "values": lambda: [1, 2, 3],
}

# Where a parameter's plausible value differs by callable (the last part of its name).
OVERRIDES: dict[tuple[str, str], Callable[[], object]] = {
    ("Tournament", "players"): lambda: 9,
    ("match", "hands"): lambda: 20,
    ("local_best_response", "hands"): lambda: 4,
    ("game_equity", "game"): lambda: "omaha",
    ("game_equity", "hands"): lambda: ["AsKsQsJs", "AhKhQhJh"],
    ("Card", "card"): lambda: "As",
    ("all_in_equity_value", "hand"): _hand,
    ("from_hand", "hand"): _hand,
    ("to_phh", "hand"): _hand,
    ("Hand", "stacks"): lambda: [100, 100],
    ("finish_probabilities", "stacks"): lambda: [100, 60, 40],
    # a river (exact strength before the river enumerates millions of deals: valid, not quick)
    ("hand_strength", "board"): lambda: "2c3d4h5s6s",
    ("strength_batch", "board_cards"): lambda: 5,
    ("strength_table", "board_cards"): lambda: 5,
    ("strength_table", "boards"): lambda: [[0, 4, 8, 12, 16]],
}


def _targets() -> list[tuple[str, Callable[..., Any]]]:
    """(qualified name, callable) of every public function, constructor and class method."""
    import holdem

    found: dict[str, Callable[..., Any]] = {}

    def add(module: str, names: list[str]) -> None:
        mod = importlib.import_module(module)
        for name in names:
            try:
                obj = getattr(mod, name)
            except Exception:  # a name whose optional dependency is missing
                continue
            if not callable(obj) or (isinstance(obj, type) and issubclass(obj, BaseException)):
                continue
            qualified = f"{getattr(obj, '__module__', module)}.{getattr(obj, '__qualname__', name)}"
            found.setdefault(qualified, obj)
            if isinstance(obj, type):
                for attr, raw in vars(obj).items():
                    if attr.startswith("_") or not isinstance(raw, classmethod | staticmethod):
                        continue
                    found.setdefault(f"{qualified}.{attr}", getattr(obj, attr))

    add("holdem", list(holdem.__all__))
    for package in PACKAGES:
        try:
            names = list(importlib.import_module(package).__all__)
        except ImportError:  # an environment whose optional dependency is missing
            continue
        add(package, names)
    return sorted((name, obj) for name, obj in found.items() if name not in SKIP)


def _parameters(obj: Callable[..., Any]) -> list[inspect.Parameter]:
    if isinstance(obj, enum.EnumMeta):  # a lookup by value (the rest is enum's functional API)
        return [inspect.Parameter("value", inspect.Parameter.POSITIONAL_ONLY)]
    try:
        signature = inspect.signature(obj)
    except (TypeError, ValueError):
        return []
    return [
        p
        for p in signature.parameters.values()
        if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD) and p.name not in ("self", "cls")
    ]


def _calls() -> Iterator[tuple[str, Callable[[], object]]]:
    """(description, call) for each target, parameter and hostile value, in a fixed order."""
    hostile = _hostile()
    for name, obj in _targets():
        params = _parameters(obj)
        short = name.rsplit(".", 1)[-1]
        for k, param in enumerate(params):
            for shown, make in hostile:

                def call(
                    obj: Any = obj,
                    params: Any = params,
                    k: int = k,
                    make: Any = make,
                    short: str = short,
                ) -> Any:
                    args: list[object] = []
                    kwargs: dict[str, object] = {}
                    for j, p in enumerate(params):
                        if j == k:
                            value = make()
                        elif (short, p.name) in OVERRIDES:
                            value = OVERRIDES[short, p.name]()
                        elif p.name in PLAUSIBLE:
                            value = PLAUSIBLE[p.name]()
                        elif p.default is not p.empty:
                            continue
                        else:
                            value = None
                        if p.kind is p.POSITIONAL_ONLY:
                            args.append(value)
                        else:
                            kwargs[p.name] = value
                    result = obj(*args, **kwargs)
                    if isinstance(result, Iterator):  # a lazy answer: its first items
                        for _ in zip(range(3), result, strict=False):
                            pass
                    return result

                described = f"{name}({param.name}={shown})"
                if described not in LONG:
                    yield described, call


def _child(start: int, numbers: list[int]) -> None:
    """Run the calls ``numbers[start:]``, one line out before and after each."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    from holdem import HoldemError

    wanted = set(numbers[start:])
    out = sys.stdout
    for number, (shown, call) in enumerate(_calls()):
        if number not in wanted:
            continue
        out.write(json.dumps(["start", number, shown]) + "\n")
        out.flush()
        try:
            call()
            outcome = "ok"
        except HoldemError:
            outcome = "ok"
        except ValueError as exc:
            # a NumPy array given where a flag is wanted: its own __bool__ refuses (the caller's
            # object raising, as an iterator of the caller's that raises would)
            ambiguous = str(exc).startswith("The truth value of an array")
            outcome = "ok" if ambiguous else f"builtins.ValueError: {str(exc)[:200]}"
        except BaseException as exc:
            outcome = f"{type(exc).__module__}.{type(exc).__qualname__}: {str(exc)[:200]}"
        out.write(json.dumps(["done", number, outcome]) + "\n")
        out.flush()
    out.write(json.dumps(["end", -1, ""]) + "\n")
    out.flush()


def _lines(stream: Any, deadline: Callable[[], float]) -> Iterator[str | None]:
    """The lines of a child's unbuffered output; None when one takes past ``deadline()``."""
    pending = b""
    while True:
        while b"\n" in pending:
            line, pending = pending.split(b"\n", 1)
            yield line.decode()
        ready, _, _ = select.select([stream], [], [], max(0.0, deadline() - time.monotonic()))
        if not ready:
            yield None
            return
        chunk = os.read(stream.fileno(), 1 << 16)
        if not chunk:
            return
        pending += chunk


def run(numbers: list[int]) -> tuple[list[str], int]:
    """The escapes (description: what was raised, or that it did not end) and the calls run."""
    escapes: list[str] = []
    ran = 0
    start = 0
    with tempfile.TemporaryDirectory() as folder:
        numbers_path = os.path.join(folder, "numbers.json")
        with open(numbers_path, "w") as file:
            json.dump(numbers, file)
        until = [0.0]  # when the child's next line is due
        while start < len(numbers):
            child = subprocess.Popen(
                [sys.executable, "-P", os.path.abspath(__file__), numbers_path, str(start)],
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                stdin=subprocess.DEVNULL,
                cwd=folder,
                bufsize=0,
            )
            current: tuple[int, str] | None = None
            until[0] = time.monotonic() + 120.0  # the child's imports
            ended = False
            for line in _lines(child.stdout, lambda: until[0]):
                if line is None:
                    break
                kind, number, text = json.loads(line)
                until[0] = time.monotonic() + BOUND
                if kind == "start":
                    current = (number, text)
                elif kind == "done":
                    assert current is not None and current[0] == number
                    ran += 1
                    if text != "ok":
                        escapes.append(f"{current[1]}: {text}")
                    current = None
                else:
                    ended = True
                    break
            if child.poll() is None:
                child.kill()
            child.wait()
            if child.stdout is not None:
                child.stdout.close()
            if ended:
                break
            if current is None:
                raise AssertionError(f"the fuzz child stopped outside a call ({child.returncode})")
            ran += 1
            if child.returncode == -9:
                escapes.append(f"{current[1]}: did not end within {BOUND:g} s")
            else:
                escapes.append(f"{current[1]}: the interpreter died ({child.returncode})")
            start = numbers.index(current[0]) + 1
    return escapes, ran


def _chosen() -> list[int]:
    total = sum(1 for _ in _calls())
    numbers = list(range(total))
    if CALLS and total > CALLS:
        numbers = sorted(random.Random(SEED).sample(numbers, CALLS))
    return numbers


def _read_only_rows() -> object:
    import numpy

    array = numpy.zeros((4, 7), dtype=numpy.int32)
    array.flags.writeable = False
    return array


def _api(name: str) -> Any:
    """A public name: ``holdem.X`` or ``holdem.sub.module.X``."""
    module, _, attr = name.rpartition(".")
    return getattr(importlib.import_module(module or "holdem"), attr)


_HUGE = range(10**20)  # a sequence whose len() overflows
_FULL = ("2c3d4h5s6s", "7c8c9dTdJh")

# The escapes this fuzz test found, each called as it was found, and the error it must raise
# now (each raised a plain TypeError, ValueError, OverflowError, AttributeError, KeyError,
# FileNotFoundError, hung or crashed the interpreter before).
ESCAPES: list[tuple[str, Callable[[], object], str]] = [
    ("evaluate(2-d array)", lambda: _api("holdem.evaluate")(_read_only_rows()), "CardError"),
    ("Card(1-d array)", lambda: _api("holdem.Card")(_read_only_rows()[0]), "CardError"),  # type: ignore[index]
    ("Buckets.load(None)", lambda: _api("holdem.Buckets").load(None), "ArgumentTypeError"),
    ("Buckets.load(missing)", lambda: _api("holdem.Buckets").load("missing"), "ArgumentError"),
    (
        "StrengthTable.load(text)",
        lambda: _api("holdem.StrengthTable").load(__file__),
        "ArgumentError",
    ),
    (
        "kmeans(weights=10**400)",
        lambda: _api("holdem.kmeans")([[0.0], [1.0], [2.0]], 2, weights=[10**400, 1, 1]),
        "ArgumentTypeError",
    ),
    ("HandIndexer(huge)", lambda: _api("holdem.HandIndexer")(_HUGE), "ArgumentError"),
    (
        "strength_batch(ragged)",
        lambda: _api("holdem.strength_batch")(5, [[0, 1], [2]]),
        "ArgumentError",
    ),
    (
        "HoldemGame(params=5)",
        lambda: _api("holdem.envs.openspiel.HoldemGame")(5),
        "ArgumentTypeError",
    ),
    ("phh.load(True)", lambda: _api("holdem.phh.load")(True), "ArgumentTypeError"),  # read stdout
    ("phh.load(NUL)", lambda: _api("holdem.phh.load")("a\x00b"), "PHHError"),
    ("pokerstars.load(None)", lambda: _api("holdem.pokerstars.load")(None), "ArgumentTypeError"),
    ("pokerstars.load(NUL)", lambda: _api("holdem.pokerstars.load")("a\x00b"), "PokerStarsError"),
    ("pokerstars.loads(5)", lambda: _api("holdem.pokerstars.loads")(5), "ArgumentTypeError"),
    ("split_hands(None)", lambda: _api("holdem.pokerstars.split_hands")(None), "ArgumentTypeError"),
    ("iter_hands(None)", lambda: _api("holdem.pokerstars.iter_hands")(None), "ArgumentTypeError"),
    ("parse_hand(None)", lambda: _api("holdem.pokerstars.parse_hand")(None), "ArgumentTypeError"),
    (
        "parse_hand(index=None)",
        lambda: _api("holdem.pokerstars.parse_hand")("x", index=None),
        "ArgumentTypeError",
    ),
    ("sniff(None)", lambda: _api("holdem.histories.sniff")(None), "ArgumentTypeError"),
    ("histories.load(None)", lambda: _api("holdem.histories.load")(None), "ArgumentTypeError"),
    ("Histories(None)", lambda: _api("holdem.histories.Histories")(None), "ArgumentTypeError"),
    ("Solver.load(None)", lambda: _api("holdem.solver.Solver").load(None), "ArgumentTypeError"),
    ("Solver.load(bytes)", lambda: _api("holdem.solver.Solver").load(b"missing"), "SolverError"),
    ("replay(None)", lambda: _api("holdem.phh.replay")(None), "ArgumentTypeError"),
    ("from_hand(None)", lambda: _api("holdem.phh.from_hand")(None), "ArgumentTypeError"),
    ("to_phh('AsKs')", lambda: _api("holdem.phh.to_phh")("AsKs"), "ArgumentTypeError"),
    ("dumps_all(None)", lambda: _api("holdem.phh.dumps_all")(None), "ArgumentTypeError"),
    ("dumps_all([None])", lambda: _api("holdem.phh.dumps_all")([None]), "ArgumentTypeError"),
    ("from_table(None)", lambda: _api("holdem.phh.from_table")(None), "ArgumentTypeError"),
    ("dumps_table(None)", lambda: _api("holdem.phh.dumps_table")(None), "ArgumentTypeError"),
    ("pokerstars.check(None)", lambda: _api("holdem.pokerstars.check")(None), "ArgumentTypeError"),
    (
        "players_in_order(None)",
        lambda: _api("holdem.pokerstars.players_in_order")(None),
        "ArgumentTypeError",
    ),
    ("to_history(None)", lambda: _api("holdem.pokerstars.to_history")(None), "ArgumentTypeError"),
    ("stars_rules([])", lambda: _api("holdem.pokerstars.stars_rules")([]), "RulesError"),
    ("build_tree(None)", lambda: _api("holdem.solver.build_tree")(None), "ArgumentTypeError"),
    ("big_blind(None)", lambda: _api("holdem.stats.big_blind")(None), "ArgumentTypeError"),
    ("hand_flags(None)", lambda: _api("holdem.stats.hand_flags")(None), "ArgumentTypeError"),
    ("player_stats(None)", lambda: _api("holdem.stats.player_stats")(None), "ArgumentTypeError"),
    (
        "player_stats([None])",
        lambda: _api("holdem.stats.player_stats")([None]),
        "ArgumentTypeError",
    ),
    (
        "all_in_equity_value(None)",
        lambda: _api("holdem.all_in_equity_value")(None),
        "ArgumentTypeError",
    ),
    (
        "random_policy(None, None)",
        lambda: _api("holdem.agent_eval.random_policy")(None, None),
        "ArgumentTypeError",
    ),
    (
        "range_equity(None, ...)",
        lambda: _api("holdem.agent_eval.range_equity")(None, "", [1.0] * 1326),
        "CardError",
    ),
    (
        "range_equity(weights=None)",
        lambda: _api("holdem.agent_eval.range_equity")("AsKs", "", None),
        "ArgumentError",
    ),
    ("Structure('x')", lambda: _api("holdem.Structure")("x"), "ArgumentError"),
    ("Category(99)", lambda: _api("holdem.Category")(99), "ArgumentError"),
    ("Street(None)", lambda: _api("holdem.Street")(None), "ArgumentError"),
    ("Standing([])", lambda: _api("holdem.Standing")([]), "ArgumentError"),
    (
        "double_board_equity(boards=None)",
        lambda: _api("holdem.double_board_equity")(["AsKs", "QdQc"], boards=None),
        "ArgumentError",
    ),
    (
        "double_board_equity(huge)",
        lambda: _api("holdem.double_board_equity")(_HUGE),
        "ArgumentError",
    ),
    (
        "evaluate_double_board(boards=None)",
        lambda: _api("holdem.evaluate_double_board")("AsKs", None),
        "ArgumentError",
    ),
    ("Game(ranking=True)", lambda: _api("holdem.Game")("g", ranking=True), "ArgumentError"),
    ("LegalDiscard(0, None)", lambda: _api("holdem.LegalDiscard")(0, None), "CardError"),
    (
        "Hand(blinds={'a': 1})",
        lambda: _api("holdem.Hand")([100, 100], blinds={"a": 1}),
        "RulesError",
    ),
    (
        "Hand(posts=True)",
        lambda: _api("holdem.Hand")([100, 100], blinds=(1, 2), posts=True),
        "RulesError",
    ),
    (
        "Hand(hole_cards=True)",
        lambda: _api("holdem.Hand")([100, 100], blinds=(1, 2), hole_cards=True),
        "CardError",
    ),
    ("Hand(stacks=huge)", lambda: _api("holdem.Hand")(_HUGE), "RulesError"),
    ("Hand(blinds=huge)", lambda: _api("holdem.Hand")([100, 100], blinds=_HUGE), "RulesError"),
    (
        "Hand(antes=huge)",
        lambda: _api("holdem.Hand")([100, 100], blinds=(1, 2), antes=_HUGE),
        "RulesError",
    ),
    ("match(None)", lambda: _api("holdem.match")(None, hands=2), "ArgumentTypeError"),
    ("Table(blinds=huge)", lambda: _api("holdem.Table")(blinds=_HUGE), "RulesError"),
    (
        "hand_class_batch(ragged)",
        lambda: _api("holdem.hand_class_batch")([[0, 1], [2]]),
        "ArgumentError",
    ),
    (
        "HandHistory(fields=None)",
        lambda: _api("holdem.HandHistory")("NT", (1, 1), (), fields=None),
        "ArgumentTypeError",
    ),
    (
        "Range.from_combos(weight=10**400)",
        lambda: _api("holdem.Range").from_combos(["AsKs"], weight=10**400),
        "RangeError",
    ),
    ("equity(huge)", lambda: _api("holdem.equity")(_HUGE), "ArgumentError"),
    ("finish_probabilities(huge)", lambda: _api("holdem.finish_probabilities")(_HUGE), "ICMError"),
    ("icm(payouts=huge)", lambda: _api("holdem.icm")([1, 2], _HUGE), "ICMError"),
    ("chip_chop(huge)", lambda: _api("holdem.chip_chop")(_HUGE, [1]), "ICMError"),
    ("icm_chop(payouts=huge)", lambda: _api("holdem.icm_chop")([1, 2], _HUGE), "ICMError"),
    (
        "Tournament(huge)",
        lambda: _api("holdem.Tournament")(_HUGE, starting_stack=100),
        "RulesError",
    ),
    (
        "Tournament(levels=huge)",
        lambda: _api("holdem.Tournament")(9, starting_stack=100, levels=_HUGE),
        "RulesError",
    ),
    (
        "Tournament(payouts=huge)",
        lambda: _api("holdem.Tournament")(9, starting_stack=100, payouts=_HUGE),
        "RulesError",
    ),
    (
        "Tournament(break_order=huge)",
        lambda: _api("holdem.Tournament")(9, starting_stack=100, break_order=_HUGE),
        "RulesError",
    ),
    (
        "write_stars(None)",
        lambda: _api("holdem.histories.stars.write_stars")(None),
        "ArgumentTypeError",
    ),
    ("write_ohh(None)", lambda: _api("holdem.histories.ohh.write_ohh")(None), "ArgumentTypeError"),
    ("dumps_ohh(None)", lambda: _api("holdem.histories.ohh.dumps_ohh")(None), "ArgumentTypeError"),
    ("dumps_ohh(huge)", lambda: _api("holdem.histories.ohh.dumps_ohh")(_HUGE), "ArgumentTypeError"),
    ("StreetSizes(bet=huge)", lambda: _api("holdem.solver.StreetSizes")(bet=_HUGE), "SolverError"),
    ("parse_sizes(huge)", lambda: _api("holdem.solver.spot.parse_sizes")(_HUGE), "SolverError"),
]


@pytest.mark.parametrize(
    ("call", "error"), [(c, e) for _, c, e in ESCAPES], ids=[n for n, _, _ in ESCAPES]
)
def test_the_escapes_found_are_the_packages_errors(call: Callable[[], object], error: str) -> None:
    import holdem.errors

    try:
        with pytest.raises(getattr(holdem.errors, error)):
            call()
    except holdem.errors.MissingDependencyError as missing:  # (an extra not installed)
        pytest.skip(str(missing))


@pytest.mark.parametrize(
    "kwargs",
    [{"owes": True}, {"owes": "x"}, {"sitting_out": True}, {"sitting_out": {4: 1}}],
    ids=["owes=True", "owes='x'", "sitting_out=True", "sitting_out={4: 1}"],
)
def test_a_table_from_a_record_refuses_bad_options(kwargs: dict[str, object]) -> None:
    from holdem import Table, TableError

    with pytest.raises(TableError):
        Table.from_history(_history(), **kwargs)  # type: ignore[arg-type]


def test_a_seating_refuses_others_that_are_not_seated_players() -> None:
    from holdem.phh.resuming import seating

    with pytest.raises(_api("holdem.errors.ArgumentTypeError")):
        seating(_history(), others=None)  # type: ignore[arg-type]
    with pytest.raises(_api("holdem.errors.ArgumentTypeError")):
        seating(_history(), others=["x"])  # type: ignore[list-item]
    with pytest.raises(_api("holdem.errors.ArgumentTypeError")):
        _api("holdem.pokerstars.resuming.seating")("AsKs")


def test_an_openspiel_state_of_no_game_is_refused_not_a_crash() -> None:
    pytest.importorskip("pyspiel")
    # pyspiel's State(None) crashed the interpreter (SIGSEGV): run it apart.
    code = (
        "from holdem.envs.openspiel import HoldemState\n"
        "from holdem.errors import ArgumentTypeError\n"
        "for game in (None, True, 5):\n"
        "    try:\n"
        "        HoldemState(game)\n"
        "    except ArgumentTypeError:\n"
        "        pass\n"
        "print('refused')\n"
    )
    run = subprocess.run(
        [sys.executable, "-P", "-c", code], capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0 and run.stdout.strip() == "refused", run


def test_double_board_equity_of_two_complete_boards() -> None:
    # Both boards dealt: one pair of boards to count (a reshape of zero columns raised
    # ValueError). Board one gives both hands the six-high straight (half of its half each);
    # on board two QdQc makes the queen-high straight: 0.25 and 0.75 of the pot.
    result = _api("holdem.double_board_equity")(["AsKs", "QdQc"], boards=_FULL)
    assert result.exact and result.showdowns == 1
    assert [p.equity for p in result.players] == [0.25, 0.75]
    sampled = _api("holdem.double_board_equity")(["AsKs", "QdQc"], boards=_FULL, samples=10)
    assert [p.equity for p in sampled.players] == [0.25, 0.75]


def test_public_api_raises_only_package_errors_in_bounded_time() -> None:
    numbers = _chosen()
    escapes, ran = run(numbers)
    assert ran == len(numbers)
    assert not escapes, f"{len(escapes)} of {ran} calls escaped:\n" + "\n".join(escapes)


if __name__ == "__main__":
    with open(sys.argv[1]) as numbers_file:
        _child(int(sys.argv[2]), json.load(numbers_file))
