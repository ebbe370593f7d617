"""Spots, bet sizes and trees: what they accept, what they refuse, and the amounts they make."""

from __future__ import annotations

import pytest

from holdem import CardError, RangeError
from holdem.errors import ArgumentError, SolverError
from holdem.solver import Size, Solver, Spot, StreetSizes, build_tree, parse_sizes
from holdem.solver.tree import CHANCE, FOLD, SHOWDOWN


def _spot(**kw: object) -> Spot:
    args: dict[str, object] = dict(
        board="Qs Jh 2h 8d 3s", pot=100, stack=300, oop="AA,KK", ip="QQ,JJ"
    )
    args.update(kw)
    return Spot(**args)  # type: ignore[arg-type]


def test_sizes_read_and_print_back() -> None:
    sizes = parse_sizes("33%, 150%, 2.5x, e, 2e, a, allin")
    assert sizes == (
        Size("pot", 0.33),
        Size("pot", 1.5),
        Size("x", 2.5),
        Size("geometric", 0),
        Size("geometric", 2),
        Size("allin"),
        Size("allin"),
    )
    assert parse_sizes(",".join(map(str, sizes))) == sizes
    assert parse_sizes(["50%", Size("x", 3.0)]) == (Size("pot", 0.5), Size("x", 3.0))


@pytest.mark.parametrize("bad", ["0%", "-5%", "50", "1x", "0.5x", "4e", "half", "50%%", "x"])
def test_bad_sizes_are_refused(bad: str) -> None:
    with pytest.raises(SolverError):
        parse_sizes(bad)


def test_sizes_in_the_wrong_place_are_refused() -> None:
    with pytest.raises(SolverError, match="answers a bet"):
        StreetSizes(bet="2.5x")
    with pytest.raises(SolverError, match="opens the betting"):
        StreetSizes(raises="e")
    with pytest.raises(SolverError):
        StreetSizes(allin=1)  # type: ignore[arg-type]
    with pytest.raises(SolverError):
        StreetSizes(bet=5)  # type: ignore[arg-type]


def test_bad_spots_are_refused_before_any_work() -> None:
    with pytest.raises(CardError):
        _spot(board="Qs Qs 2h")
    with pytest.raises(CardError):
        _spot(board="Qs Jh")
    with pytest.raises(RangeError):
        _spot(oop="")
    with pytest.raises(RangeError):
        _spot(oop="AK+x")
    with pytest.raises(SolverError, match="no combo left"):
        _spot(oop="QsQh,QsQd")  # every combo holds the Qs on the board
    for pot in (0, -5, 10.5, True, "100"):
        with pytest.raises(SolverError):
            _spot(pot=pot)
    for bad in (
        {"raise_cap": -1},
        {"allin_threshold": 0},
        {"allin_threshold": 1.5},
        {"rake": 1.0},
        {"rake": -0.1},
        {"rake_cap": -1},
        {"oop_sizes": {"preflop": 1}},
        {"ip_sizes": "50%"},
    ):
        with pytest.raises(SolverError):
            _spot(**bad)


def test_a_range_blocked_by_the_other_leaves_no_game() -> None:
    with pytest.raises(SolverError, match="no combo"):
        Solver(_spot(oop="AhAd", ip="AhAs,AdAc"))


def test_a_tree_too_large_is_refused_with_its_numbers() -> None:
    s = StreetSizes(bet="50%,100%", raises="60%", allin=True)
    spot = Spot(
        board="Qs Jh 2h", pot=100, stack=300, oop="random", ip="random", oop_sizes=s, ip_sizes=s
    )
    with pytest.raises(SolverError, match=r"needs [\d,.]+ MiB and the limit is 1.0 MiB"):
        Solver(spot, memory_limit=1 << 20)


def test_solve_refuses_a_target_of_zero_and_no_stopping_rule() -> None:
    solver = Solver(_spot())
    for bad in (
        {"target": 0},
        {"target": -1.0},
        {"target": float("nan")},
        {},
        {"iterations": -1},
        {"seconds": 0},
        {"target": 1, "algorithm": "cfr"},
    ):
        with pytest.raises(SolverError):
            solver.solve(**bad)
    with pytest.raises(ArgumentError):
        solver.solve(iterations=1, threads=2)  # built for one thread
    assert solver.iterations == 0


def _labels(tree_spot: Spot, *path: str) -> list[str]:
    tree = build_tree(tree_spot)
    t = 0
    for item in path:
        node = tree.nodes[t]
        t = node.children[[str(a) for a in node.actions].index(item)]
    return [str(a) for a in tree.actions(t)]


def test_amounts_follow_the_rules() -> None:
    # pot 100, stack 300; 60% raises put in the call and 60% of the pot after it; a bet or
    # raise that takes a player's share (50 + what they put in) past 0.67 * 300 = 201 is all-in
    s = StreetSizes(bet="33%,75%,150%", raises="60%", allin=True)
    spot = _spot(oop_sizes=s, ip_sizes=s, allin_threshold=0.67)
    assert _labels(spot) == ["check", "bet 33", "bet 75", "bet 150", "bet 300 allin"]
    # 33 + 0.6 * (100 + 2 * 33) = 132.6 -> 133
    assert _labels(spot, "bet 33") == ["fold", "call", "raise 133", "raise 300 allin"]
    # 75 + 0.6 * 250 = 225, and 50 + 225 > 201: all-in
    assert _labels(spot, "bet 75") == ["fold", "call", "raise 300 allin"]
    assert _labels(spot, "bet 33", "raise 133") == ["fold", "call", "raise 300 allin"]
    assert _labels(spot, "bet 300 allin") == ["fold", "call"]
    # without the threshold 75% raises to 225
    plain = _spot(oop_sizes=s, ip_sizes=s)
    assert _labels(plain, "bet 75") == ["fold", "call", "raise 225", "raise 300 allin"]


def test_raise_cap_min_raise_and_multiples() -> None:
    s = StreetSizes(bet="10%", raises="1.5x")
    spot = _spot(stack=1000, oop_sizes=s, ip_sizes=s, raise_cap=2)
    # 1.5x of a bet of 10 is a raise of 5: below the minimum raise (10), so it raises to 20
    assert _labels(spot, "bet 10") == ["fold", "call", "raise 20"]
    assert _labels(spot, "bet 10", "raise 20") == ["fold", "call", "raise 30"]
    assert _labels(spot, "bet 10", "raise 20", "raise 30") == ["fold", "call"]  # the cap
    assert _labels(_spot(stack=1000, oop_sizes=s, ip_sizes=s, raise_cap=0), "bet 10") == [
        "fold",
        "call",
    ]


def test_geometric_sizes() -> None:
    # on the turn with pot 100 and 300 behind, two bets of the same pot fraction f called get
    # the stacks in when (1 + 2f)^2 = 1 + 600 / 100: f = (sqrt(7) - 1) / 2 = 0.8229 -> 82
    spot = Spot(
        board="Qs Jh 2h 8d",
        pot=100,
        stack=300,
        oop="AA",
        ip="KK",
        oop_sizes=StreetSizes(bet="e"),
        ip_sizes=StreetSizes(bet="1e"),
    )
    assert _labels(spot) == ["check", "bet 82"]
    assert _labels(spot, "check") == ["check", "bet 300 allin"]


def test_donk_bets() -> None:
    oop = {"turn": StreetSizes(bet="50%"), "river": StreetSizes(bet="50%", donk="30%")}
    ip = StreetSizes(bet="50%")
    spot = Spot(
        board="Qs Jh 2h 8d", pot=100, stack=1000, oop="AA", ip="KK", oop_sizes=oop, ip_sizes=ip
    )
    tree = build_tree(spot)
    # after the turn's bet and call by OOP, OOP leads the river with its donk size (30% of 200)
    t = tree.nodes[tree.nodes[0].children[0]].children[1]  # check, bet 50
    call = tree.nodes[t].children[1]
    assert tree.nodes[call].kind == CHANCE
    assert [str(a) for a in tree.actions(tree.nodes[call].children[0])] == ["check", "bet 60"]
    # after check, check the river opens with the bet size (50% of 100)
    cc = tree.nodes[tree.nodes[0].children[0]].children[0]
    assert [str(a) for a in tree.actions(tree.nodes[cc].children[0])] == ["check", "bet 50"]


def test_all_in_and_called_deals_to_the_river() -> None:
    s = StreetSizes(allin=True)
    spot = Spot(board="Qs Jh 2h", pot=100, stack=300, oop="AA", ip="KK", oop_sizes=s, ip_sizes=s)
    tree = build_tree(spot)
    t = tree.nodes[tree.nodes[0].children[1]].children[1]  # bet 300 allin, call
    kinds = []
    while tree.nodes[t].children:
        kinds.append(tree.nodes[t].kind)
        t = tree.nodes[t].children[0]
    assert kinds == [CHANCE, CHANCE] and tree.nodes[t].kind == SHOWDOWN
    folds = [n for n in tree.nodes if n.kind == FOLD]
    assert all(n.invested[n.player] < n.invested[1 - n.player] for n in folds)


@pytest.mark.parametrize("isomorphism", [True, False])
def test_the_count_before_building_matches_the_tree_built(isomorphism: bool) -> None:
    s = StreetSizes(bet="50%", raises="100%", allin=True)
    spot = Spot(
        board="Qs Jh 2h",
        pot=100,
        stack=300,
        oop="AA,KK,QQ,AK,T9s",
        ip="JJ,AQ,KQ,87s",
        oop_sizes=s,
        ip_sizes=s,
    )
    built = Solver(spot, isomorphism=isomorphism)
    instances = built.layout.street_instances
    entries = sum(built.layout.storage)
    with pytest.raises(SolverError) as refused:
        Solver(spot, isomorphism=isomorphism, memory_limit=2 * 4 * entries)
    assert f"({instances:,} street instances, {entries:,} strategy entries)" in str(refused.value)
