"""holdem.histories over Ongame's text: the corpus's files, and hostile text.

Oracles: the real files of ../shared/corpus/sites/*/OnGame (fpdb-3's regression files,
AGPL-3.0, read in place): each summary's stacks after the hand (``Seat 9: Player1 (4.81), net:
+0.46``), scanned here with a plain regular expression, which the engine's replay must reach;
the count of ``History for hand`` headers in each file; and pokerkit 0.7.7, which replays the
PHH we write to the same stacks.
"""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from holdem.errors import HoldemError
from holdem.histories import load, sniff
from holdem.histories.ongame import read

from _support.paths import CORPUS
from _support.site_files import (
    counts_as_measured,
    file_text,
    hostile_errors,
    pokerkit_agrees,
    preflop_calls,
)

CASH, TOUR = CORPUS / "sites" / "cash" / "OnGame", CORPUS / "sites" / "tour" / "OnGame"
needs_corpus = pytest.mark.skipif(not CASH.is_dir(), reason=f"no corpus at {CORPUS}")
_HEADER = re.compile(r"\*{5} History for hand [A-Z]\d")
_FINAL = re.compile(r"^Seat \d+: (?P<name>.+?) \((?P<stack>[^()]*)\), net:", re.M)

# Hands read and refused per hold'em and Omaha file, as measured; each refusal's reason is
# checked below.
EXPECTED = {
    "LHE-9max-USD-0.50-1.00-201008.All-in.with.showdown.txt": (1, 0),
    "LHE-HU-USD-100-200-201207.thousand.in.collect.line.txt": (1, 0),
    "LO-9max-0.05-0.10-201009.Sample.txt": (0, 9),
    "NLHE-10max-USD-0.02-0.04-201102.Speed.table.BWin.txt": (1, 0),
    "NLHE-5max-USD-0.05-0.10-201302.Strobe.txt": (5, 0),
    "NLHE-6max-USD-2.00-4.00-201208.thousand.delimiter.txt": (1, 0),
    "NLHE-6max-play-0.25-0.50-201204.txt": (1, 0),
    "NLHE-9max-USD-0.05-0.10-201008.Betfair.Skin.txt": (1, 0),
    "NLHE-9max-USD-0.05-0.10-201009.Dead.Small.Blind.txt": (1, 0),
    "PLO-6max-EUR-1-1-2011002.Sample.txt": (1, 0),
    "PLO8-USD-0.50-0.50-201111.txt": (0, 2),
    "NLHE-2max-STT-21-201212.ante.all.in.txt": (1, 0),
    "NLHE-9max-200906.missing.tourno.txt": (1, 0),
    "R-169-510.txt": (22, 0),
    "R-186-1481_1.txt": (0, 12),
    "R-271-14.txt": (18, 0),
    "R-274-110.txt": (65, 0),
    "R-274-69.txt": (3, 0),
    "R-274-73.txt": (35, 0),
    "R-279-4.txt": (36, 0),
}
# The reasons a hand may be refused for: an Omaha game PHH has no code for (fixed-limit Omaha,
# pot-limit Omaha hi-lo), and a dead blind posted alone. (A big blind all in on the ante, or all
# in for less than the small blind, reads: the others call the full blind, Rules.call_full_blind.)
REASONS = (
    "not a game PHH writes",
    "a line not understood",
)


def _files() -> list[Path]:
    return sorted((CASH / "Flop").glob("*.txt")) + sorted(TOUR.glob("*.txt"))


@needs_corpus
def test_ongame_reads_and_refuses_each_files_hands_as_measured() -> None:
    seen = counts_as_measured(_files(), _HEADER, "Ongame", REASONS)
    assert seen == EXPECTED
    assert sum(r for r, _ in seen.values()) == 194


@needs_corpus
def test_a_dead_blind_is_posted_with_the_big_blind_and_never_returned() -> None:
    # Heads up, "Hero posts big blind ($0.10)" then "Hero posts dead blind ($0.05)": the big
    # blind live, the small blind dead (in the pot, no bet); Hero's uncalled $0.45 on the flop
    # comes back, not the dead $0.05: "Main pot: $0.65 won by Hero ($0.62)", Hero ends $15.71.
    path = CASH / "Flop" / "NLHE-9max-USD-0.05-0.10-201009.Dead.Small.Blind.txt"
    assert "Hero posts dead blind ($0.05)" in file_text(path)
    (loaded,) = list(load(path))
    history = loaded.history
    stacks = dict(zip(history.fields["players"], history.finishing_stacks or (), strict=True))
    assert stacks == {"feradf": 656, "Hero": 1571}
    assert ("Hero", "uncalled", 45) in [(a.name, a.verb, a.amount) for a in loaded.hand.actions]


@needs_corpus
def test_each_ongame_hand_replays_to_its_summarys_stacks() -> None:
    compared = 0
    for path in _files():
        hands = {
            m[1]: m[2]
            for m in re.finditer(
                r"History for hand (\S+).*?\n(.*?)End of hand", file_text(path), re.S
            )
        }
        for loaded in load(path):
            number = next(
                k for k in hands if "".join(c for c in k if c.isdigit()) == loaded.hand.number
            )
            stacks = dict(
                zip(
                    loaded.history.fields["players"],
                    loaded.history.finishing_stacks or (),
                    strict=True,
                )
            )
            tournament = loaded.hand.tournament is not None
            for m in _FINAL.finditer(hands[number].split("Summary:")[1]):
                if m["name"] not in stacks:
                    continue
                text = m["stack"].replace("$", "").replace("€", "").replace(",", "")
                if tournament:
                    text = (
                        text.replace(".", "") if re.fullmatch(r"\d{1,3}(\.\d{3})+", text) else text
                    )
                assert stacks[m["name"]] * Decimal(loaded.hand.unit) == Decimal(text), (
                    path,
                    number,
                )
                compared += 1
    assert compared > 600


@needs_corpus
def test_pokerkit_replays_ongame_hands_to_the_same_stacks() -> None:
    notation = pytest.importorskip("pokerkit.notation")
    compared, unparsed = pokerkit_agrees(notation, _files())
    assert compared > 150 and unparsed <= 0.02 * compared


@needs_corpus
def test_a_big_blind_short_all_in_written_as_a_second_small_blind_is_the_big_blind() -> None:
    # Ongame writes "sylvain_22 posts small blind (150) [all in]" after "nikof posts small blind
    # (125)" at 125/250 with no big blind posted: the big blind, all in for less; the others
    # still call the full 250 ("romainb62 calls 250", "nikof calls 125"): calls, not raises.
    hands = {h.hand.number: h.hand for h in load(TOUR / "R-274-110.txt")}
    hand = hands["51894963760"]
    blinds = [(a.name, a.verb, a.amount, a.all_in) for a in hand.actions if "blind" in a.verb]
    assert blinds == [("nikof", "small blind", 125, False), ("sylvain_22", "big blind", 150, True)]
    acts = ("fold", "check", "call", "bet", "raise")
    preflop = [(a.name, a.verb, a.amount) for a in hand.actions if a.verb in acts and not a.street]
    assert preflop[3] == ("romainb62", "call", 250)
    assert preflop[-1] == ("nikof", "call", 125)


@needs_corpus
@pytest.mark.parametrize(
    ("path", "number", "calls"),
    [
        # the big blind all in for 150 of 250 (written as a second small blind)
        ("R-274-110.txt", "51894963760", [("romainb62", 250), ("nikof", 125)]),
        # the big blind all in on the ante (10 of 30), posting nothing: the others call 300
        ("R-274-110.txt", "51894959663", [("thikoti", 300), ("BARBICHETTE", 300)]),
    ],
)
def test_the_engine_puts_in_the_calls_of_the_full_big_blind_the_text_says(
    path: str, number: str, calls: list[tuple[str, int]]
) -> None:
    # The engine's bet to call is the full blind (Rules.call_full_blind): each call puts in
    # what the text says (with the largest posted to call: romainb62's would be 150, and
    # thikoti's 300 a raise of the small blind's 150).
    loaded = next(h for h in load(TOUR / path) if h.hand.number == number)
    text, engine = preflop_calls(loaded)
    assert text == engine == calls


HAND = """***** History for hand R5-7-6 *****
Table: Kassel [73910684] (NO_LIMIT TEXAS_HOLDEM 0.05/0.10, Real money)
User: Ann
Button: seat 1
Seat 1: Ann (10)
Seat 2: Bob (10)
Ann posts small blind (0.05)
Bob posts big blind (0.10)
---
Ann raises 0.30 to 0.30
Bob calls 0.20
--- Dealing flop [8c, Ts, 4d]
Bob checks
Ann bets 0.50
Bob folds
---
Summary:
Main pot: 0.60 won by Ann ({won})
Rake taken: $0.03
Seat 1: Ann ({final}), net: +0.27
Seat 2: Bob (9.70), net: -0.30
"""


def test_the_rake_and_the_stacks_after_the_hand_are_checked() -> None:
    hand = read(HAND.format(won="0.57", final="10.27"))
    assert (hand.total_pot, hand.rake, hand.collected) == (60, 3, {"Ann": 57})
    site = sniff(HAND)
    assert site is not None and site.name == "Ongame"
    with pytest.raises(HoldemError, match=r"the pot \(0.60\) less the amounts won \(0.58\)"):
        read(HAND.format(won="0.58", final="10.28"))
    with pytest.raises(HoldemError, match=r"'Ann' ends the hand with 10.37, the file says"):
        read(HAND.format(won="0.57", final="10.37"))


HOSTILE = {
    "a truncated hand": HAND.format(won="0.57", final="10.27")[:150],
    "binary": "***** History for hand R5-1 *****\n" + "\x00\x01\xff\xfe" * 5000,
    "a huge single line": "***** History for hand R5-1 *****\n" + "A" * 5_000_000,
    "an unknown line": HAND.format(won="0.57", final="10.27").replace("Bob checks", "Bob hums"),
    "many hands of one header": "***** History for hand R5-1 *****\n" * 10_000,
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_text_ends_in_a_history_error(case: str, tmp_path: Path) -> None:
    hostile_errors(HOSTILE[case], tmp_path / "hostile.txt")
