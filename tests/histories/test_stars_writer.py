"""holdem.histories.write_stars: any PHH hand history written as PokerStars text, read back.

Oracles: the real PokerStars files of ../shared/corpus (from fpdb-3's regression files,
AGPL-3.0, read in place; see its README): each hand read, written and read again gives the
same record (players, seats, stacks, forced bets, actions, known cards, what each player ends
with, the rake), checked by the engine's replay against the written text's own summary;
pokerkit 0.7.7's PokerStars parser, which reads the text we write to the same stacks and
actions as it reads from the original; and hands the engine plays at a Table (antes, all-ins,
side pots), written and read back to the same finishing stacks.
"""

from __future__ import annotations

import random
import warnings
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from holdem import Table, pokerstars
from holdem.errors import HistoryError, HoldemError
from holdem.histories import write_stars
from holdem.phh import HandHistory, from_table, loads, replay

from _support.hand_records import GAME_FIELDS
from _support.paths import CORPUS
from _support.random_play import play_randomly

STARS = CORPUS / "pokerstars"
HANDHQ = CORPUS / "phh" / "handhq-sample"
needs_corpus = pytest.mark.skipif(not STARS.is_dir(), reason=f"no corpus at {CORPUS}")

# The fields a round trip keeps (the venue, the time and the event's site name are the
# writer's: it writes PokerStars' header).
_KEPT = ("players", "seats", "_unit", "currency_symbol", "hand", "table", "seat_count", "_rake")
_GAME = GAME_FIELDS
# The corpus hands the writer refuses or cannot give back exactly, and why: each names its
# reason (a cash-out, a board run twice and a capped table are not written). The hand raked
# pot by pot (41511921426), written with its total rake, reads back with the rake split between
# its two pots as the amounts collected say.
_EXPECTED_MISSES = {
    "257180854570": "cashed out",
    "213326978771": "cashed out",
    "90721705235": "run more than once",
    "52151000000": "capped table",
}


def _corpus_hands() -> list[tuple[Path, str, pokerstars.StarsHand]]:
    out = []
    for path in sorted(STARS.glob("*/*.txt")):
        text = path.read_bytes().decode("utf-8", errors="replace")
        parts = {}
        for part in pokerstars.split_hands(text):
            head = part.lstrip("\ufeff").split(":", 1)[0]
            parts[head.rsplit("#", 1)[-1]] = part
        for hand in pokerstars.load(path).hands:
            out.append((path, parts.get(hand.number, ""), hand))
    return out


@needs_corpus
def test_every_corpus_hand_is_written_and_read_back_to_the_same_record() -> None:
    same = walks = 0
    missed: dict[str, str] = {}
    for _, original, hand in _corpus_hands():
        try:
            first = pokerstars.check(hand).history
        except HoldemError:
            continue  # (a hand the reader refuses: tests/histories/test_loading.py says why)
        try:
            again = pokerstars.check(pokerstars.parse_hand(write_stars(first))).history
        except HoldemError as exc:
            missed[hand.number] = str(exc)
            continue
        for name in _GAME:
            assert getattr(again, name) == getattr(first, name), (hand.number, name)
        for name in _KEPT:
            assert again.fields.get(name) == first.fields.get(name), (hand.number, name)
        returned = [
            a - b for a, b in zip(first.fields["winnings"], again.fields["winnings"], strict=True)
        ]
        if any(returned):  # an old converted walk, whose text counts the big blind's uncalled
            # part in the pot collected, or returns more than it (the stacks, asserted above,
            # are the same): one player's winnings, and no showdown
            assert "*** SHOW DOWN ***" not in original, hand.number
            assert sum(1 for r in returned if r) == 1, hand.number
            walks += 1
        same += 1
    assert {n: r for n, r in missed.items() if _EXPECTED_MISSES.get(n, "?") not in r} == {}
    assert set(missed) == set(_EXPECTED_MISSES)
    assert same >= 1060 and walks <= 6


@needs_corpus
def test_pokerkit_reads_the_written_text_as_it_reads_the_original() -> None:
    notation = pytest.importorskip("pokerkit.notation")

    def parsed(text: str) -> list[Any]:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # pokerkit warns about fields it does not know
            try:
                return list(notation.PokerStarsParser()(text + "\n\n"))
            except ValueError:
                return []

    compared = 0
    for _, original, hand in _corpus_hands():
        try:
            history = pokerstars.check(hand).history
            written = write_stars(history)
        except HoldemError:
            continue
        theirs = parsed(written)
        if not parsed(original):
            continue  # (pokerkit reads no 6+ Hold'em hand, and no walk)
        assert len(theirs) == 1, hand.number
        other = theirs[0]
        unit = Decimal(history.fields.get("_unit", "1"))
        assert [Decimal(s) for s in other.starting_stacks] == [
            s * unit for s in history.starting_stacks
        ]
        mine = [a.split() for a in history.actions if a.split()[1] in ("f", "cc", "cbr")]
        their = [a.split() for a in other.actions if a.split()[1] in ("f", "cc", "cbr")]
        # (pokerkit's parser appends checks where it expects more actions: its own repairs)
        assert [a[:2] for a in mine] == [a[:2] for a in their[: len(mine)]], hand.number
        assert all(a[1] == "cc" for a in their[len(mine) :])
        assert [Decimal(a[2]) * unit for a in mine if a[1] == "cbr"] == [
            Decimal(a[2]) for a in their if a[1] == "cbr"
        ]
        compared += 1
    assert compared >= 950


@pytest.mark.skipif(not HANDHQ.is_dir(), reason=f"no corpus at {CORPUS}")
def test_real_phh_hands_of_six_sites_are_written_and_read_back_to_the_same_stacks() -> None:
    """The HandHQ sample's PHH files (hands of Absolute, Full Tilt, iPoker, Ongame, PokerStars
    and PartyPoker, converted by the PHH project): each hand the writer writes, the PokerStars
    reader reads back to the stacks the engine's replay of the original ends with. Their files
    give winnings of zero for every player (Full Tilt, PokerStars) or count an uncalled bet in
    them (PartyPoker); the text says what the engine paid. Refused: only for the reasons
    named, none for an action the text cannot say."""
    written = shown_unknown = 0
    refused: dict[str, int] = {}
    allowed = ("an unknown (inf) stack", "the winnings are unknown", "do not add up")
    for path in sorted(HANDHQ.glob("*.phhs")):
        for history in loads(path.read_text(), source=path.name):
            try:
                text = write_stars(history)
            except HistoryError as exc:
                reason = next((r for r in allowed if r in str(exc)), str(exc))
                refused[reason] = refused.get(reason, 0) + 1
                continue
            played = replay(history, seed=0, check=False)
            back = pokerstars.check(pokerstars.parse_hand(text)).history
            if played.guessed:  # (a showdown of cards the file does not give: the text's
                shown_unknown += 1  # reader draws its own)
                continue
            assert played.finishing_stacks is not None and back.finishing_stacks is not None
            unit = Decimal(back.fields.get("_unit") or 1)
            assert [Decimal(s) * unit for s in back.finishing_stacks] == [
                Decimal(str(s)) for s in played.finishing_stacks
            ], history.label
            written += 1
    assert written >= 95 and shown_unknown <= 10
    assert set(refused) <= set(allowed), refused


def test_the_chips_and_the_summary_are_the_engine_s() -> None:
    """All fold to the big blind, whose winnings the history counts with his uncalled bet: the
    text has him collect the pot the engine paid; the summary says where each player folded."""
    (history,) = loads(
        """
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [5, 10, 0]
min_bet = 10
starting_stacks = [100, 100, 100]
actions = ["d dh p1 ????", "d dh p2 ????", "d dh p3 ????", "p3 f", "p1 f"]
winnings = [0, 15, 0]
"""
    )
    text = write_stars(history)
    assert "Uncalled bet (5) returned to p2\np2 collected 10 from pot" in text
    assert "Total pot 10 | Rake 0" in text
    assert "Seat 3: p3 (button) folded before Flop" in text
    assert pokerstars.check(pokerstars.parse_hand(text)).history.finishing_stacks == (95, 105, 100)
    (later,) = loads(
        """
variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [50, 50]
actions = ["d dh p1 ????", "d dh p2 ????", "p2 cc", "p1 cc", "d db 2c7d9h", "p1 cbr 4",
  "p2 cc", "d db Th", "p1 cbr 10", "p2 f"]
"""
    )
    text = write_stars(later)
    assert "Seat 2: p2 (button) (small blind) folded on the Turn" in text
    assert "p1: bets 10\np2: folds\nUncalled bet (10) returned to p1\np1 collected 12" in text


def _table_histories(seed: int) -> list[HandHistory]:
    rng = random.Random(seed)
    table = Table(6, blinds=(1, 2), ante=(0, 1, 3)[seed % 3], min_buy_in=10, seed=seed)
    for seat in range(1, 7):
        table.sit_down(seat, f"P{seat}", rng.randint(10, 200))
    for _ in range(15):
        if sum(1 for stack in table.stacks.values() if stack > 0) < 2:
            break
        table.play_hand(lambda hand: play_randomly(hand, rng, fold=0.2, raise_above=0.6))
    return from_table(table)


def test_hands_the_engine_plays_are_written_and_read_back_to_the_same_stacks() -> None:
    texts = []
    for seed in range(6):
        for history in _table_histories(seed):
            text = write_stars(history)
            checked = pokerstars.check(pokerstars.parse_hand(text))
            assert checked.history.finishing_stacks == history.finishing_stacks
            assert checked.history.starting_stacks == history.starting_stacks
            texts.append(text)
    assert len(texts) >= 40
    assert sum("and is all-in" in t for t in texts) >= 10
    assert sum("posts the ante" in t for t in texts) >= 10
    assert sum(t.count(" collected ") > 2 for t in texts) >= 1  # (a split or a side pot)


def test_a_phh_hand_with_decimals_is_written_in_its_unit() -> None:
    (history,) = loads(
        """
variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [0.05, 0.10, 0]
min_bet = 0.10
starting_stacks = [10.00, 4.25, 7]
actions = ["d dh p1 AsKs", "d dh p2 ????", "d dh p3 QdQc", "p3 cbr 0.30", "p1 cbr 1.2",
  "p2 f", "p3 cc", "d db 2c7d9h", "p1 cbr 8.80", "p3 cc", "d db Th", "d db 3s",
  "p1 sm AsKs", "p3 sm QdQc"]
players = ["Ann", "Bob", "Cy"]
currency_symbol = "$"
"""
    )
    text = write_stars(history)
    assert "Cy: raises $0.20 to $0.30" in text
    assert "Cy: calls $5.80 and is all-in" in text  # 7.00 less the 1.20 in
    assert "Uncalled bet ($3.00) returned to Ann" in text
    hand = pokerstars.parse_hand(text)
    assert hand.unit == "0.01" and [s.stack for s in hand.seats] == [1000, 425, 700]
    ended = pokerstars.check(hand).history.finishing_stacks
    assert ended == (300, 415, 1410)  # Cy's queens hold: 7.00 + 7.00 + 0.10


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"fields": {"_runs": 2}}, "run more than once"),
        ({"fields": {"_cash_outs": [1, 0]}}, "cashed out"),
        ({"starting_stacks": (Decimal("Infinity"), 10)}, r"unknown \(inf\) stack"),
        ({"actions": ("p1 sd",)}, "cannot say"),
        ({"actions": ("p3 f",)}, "not a player"),
        ({"actions": ("p2 cbr 500",)}, "does not replay.*cannot raise to 500"),
        ({"actions": ("p1 f",)}, "does not replay.*out of turn"),
        ({"actions": ("d dh p1 ????",)}, "stops before its end"),
        ({"variant": "FB"}, "variant"),
    ],
)
def test_what_the_text_cannot_say_is_refused(change: dict[str, Any], reason: str) -> None:
    base = HandHistory("NT", (10, 10), ("p2 f",), (0, 0), (1, 2), min_bet=2)
    with pytest.raises(HistoryError, match=reason):
        write_stars(base.replace(**change))


def _mutated(history: HandHistory, rng: random.Random) -> HandHistory:
    """The history with one of its actions dropped, doubled, given another amount or another
    player, or a board or hole-card deal moved: what a damaged or hostile file holds."""
    actions = list(history.actions)
    k = rng.randrange(len(actions))
    words = actions[k].split()
    kind = rng.randrange(5)
    if kind == 0:
        del actions[k]
    elif kind == 1:
        actions.insert(k, actions[k])
    elif kind == 2 and words[-1][:1].isdigit():
        words[-1] = rng.choice(["0", "-5", "1e400", "3.5", str(10**30), "nan", "7"])
        actions[k] = " ".join(words)
    elif kind == 3 and words[0].startswith("p"):
        words[0] = f"p{rng.randrange(0, history.players + 2)}"
        actions[k] = " ".join(words)
    else:
        actions.insert(rng.randrange(len(actions) + 1), actions.pop(k))
    return history.replace(actions=tuple(actions))


def test_a_damaged_history_is_written_or_refused_with_a_history_error() -> None:
    """Random damage to hands the engine played (an action dropped, doubled, moved, given a
    bad amount or another player): each is written as text the PokerStars reader parses, or
    refused with a HistoryError (an action out of turn, a hand cut short ...); nothing else
    escapes."""
    rng = random.Random(5)
    written = refused = 0
    for seed in range(3):
        for history in _table_histories(seed):
            for _ in range(8):
                damaged = _mutated(history, rng)
                try:
                    text = write_stars(damaged)
                except HistoryError:
                    refused += 1
                    continue
                hand = pokerstars.parse_hand(text)  # (the reader parses what is written)
                assert [s.stack for s in hand.seats] == [
                    stack * 10 ** len(hand.unit.partition(".")[2])
                    for stack in damaged.starting_stacks
                ]
                written += 1
    assert refused >= 100 and written >= 10
