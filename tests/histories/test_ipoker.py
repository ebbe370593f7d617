"""holdem.histories over iPoker's XML: the corpus's files, the format's ways and hostile XML.

Oracles: the real files of ../shared/corpus/sites/*/iPoker (fpdb-3's regression files,
AGPL-3.0, read in place), whose own amounts (each player's ``chips``, ``bet`` and ``win``)
every hand read must reach when the engine replays it, scanned here with a plain regular
expression, not with the reader; the count of ``<game gamecode=`` in each file, which says how
many hands it holds; and pokerkit 0.7.7, which replays the PHH we write to the same stacks.
"""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from holdem.errors import HoldemError
from holdem.histories import load, sniff
from holdem.histories.ipoker import read

from _support.paths import CORPUS
from _support.site_files import counts_as_measured, file_text, hostile_errors, pokerkit_agrees

FOLDERS = [CORPUS / "sites" / "cash" / "iPoker", CORPUS / "sites" / "tour" / "iPoker"]
needs_corpus = pytest.mark.skipif(not FOLDERS[0].is_dir(), reason=f"no corpus at {CORPUS}")

# Hands read and refused per file (the stud files and the expectation files of fpdb,
# .hp/.hands/.gt, aside; 5-card Omaha and 6+ hold'em refused as other games), as measured;
# each refusal's reason is checked below.
EXPECTED = {
    "5CPLO-EUR-0.05-0.10-202105.new.date.format.txt": (0, 1),
    "5CPLO-EUR-0.50-1.00-202201.no.player.element.txt": (0, 1),
    "5CPLO-EUR-2.00-4.00-201905.txt": (0, 2),
    "6+Holdem-EUR-0.25-0.50-201702.txt": (0, 1),
    "LHE-10max-USD-0.10-0.20-201107.player.sitting.out.xml": (29, 1),
    "LHE-5-10-10-20-USD-201103.HEM.archive.txt": (2, 0),
    "LHE-HU-USD-20-40-201103.flat.format.txt": (1, 0),
    "LHE-USD-10-20-201204.new.date.format.txt": (1, 0),
    "LHE-USD-5-10-201204.post.both.txt": (1, 0),
    "NLHE-6max-USD-0.01-0.02-201111.Spanish.sample.xml": (1, 0),
    "NLHE-EUR-0.01-0.02-201701.new.datetime.format.txt": (3, 0),
    "NLHE-EUR-0.25-0.50-201202.Russian.NL.txt": (1, 0),
    "NLHE-GBP-0.05-0.10-201307.uncalled.2nd.winner.xml": (1, 0),
    "NLHE-GBP-0.05-0.10-201307.uncalled.less.than.rake.xml": (0, 1),
    "NLHE-RSD-1.00-2.00-201210.Serbian.Dinar.txt": (1, 0),
    "NLHE-USD-0.02-0.04-201111.txt": (41, 0),
    "NLHE-USD-0.05-0.10-201312.player.antes.then.sits.out.txt": (0, 1),
    "NLHE-USD-0.10-0.20.201112.post.both.txt": (1, 0),
    "PLO-EUR-0.10-0.20-201207.CNY.currency.txt": (1, 0),
    "PLO-EUR-0.10-0.20-201604.export.bad.players.txt": (1, 0),
    "PLO-EUR-0.25-0.50-201605.export.bad.actions.txt": (1, 0),
    "PLO-EUR-0.50-1.00-202009.no.uncalled.xml": (1, 0),
    "PLO-EUR-2.50-5.00-201901.no.max.seats.txt": (4, 0),
    "PLO-EUR-5.00-10.00-201504.non.standard.player.name.txt": (1, 0),
    "PLO-USD-0.01-0.02-201108.Sample.txt": (28, 0),
    "PLO-USD-100.00-200.00-201307.archive.txt": (1, 0),
    "PLO-USD-5-10-201631.partial.format.xml": (0, 31),
    "NLHE-10max-MTT-10-1-201901.Bovada.converted.txt": (1, 0),
    "NLHE-2max-USD-SNG-2000-201210.txt": (20, 0),
    "NLHE-3max-USD-SNG-1.00.Twister.txt": (4, 0),
    "NLHE-EUR-MTT-30-201302.slight.format.change.txt": (1, 0),
    "NLHE-EUR-SNG-0.50.iPoker.it.txt": (1, 0),
    "NLHE-GBP-MTT-5-201403.FPPbuyin.txt": (14, 0),
    "NLHE-USD-10-1-201901.card.catcher.txt": (1, 0),
    "NLHE-USD-MTT-5r-201112.Sample.xml": (289, 0),
    "NLHE-USD-MTT-Freeroll-201107.txt": (9, 0),
    "NLHE-USD-SNG-100-5-201610.new.tourno.format.xml": (1, 0),
}
# The reasons a hand of those files may be refused for, each a fault of the file or a thing
# the engine does not play (split pots raked before the split, a post by a player sitting out).
REASONS = (
    "partial export",
    "actions put in",
    "may or may not hold the uncalled bet",
    "no player is the dealer",
    "posts, then sits out",
    "are more than the pot",
    "puts in nothing",
    "award differs",
    "disconnection protection",
)
OTHER_GAME = "not a hold'em or Omaha hand"
_GAME = re.compile(r"<game gamecode=\"(\d+)\"")
_PLAYER = re.compile(r"<player\b[^>]*>")
_ATTR = re.compile(r"(\w+)=\"([^\"]*)\"")


def _amount(text: str, tournament: bool = False) -> Decimal:
    if tournament and re.fullmatch(r"\d{1,3}(\.\d{3})+", text):  # 1.500 chips (iPoker.it)
        text = text.replace(".", "")
    digits = re.sub(r"[^\d.,]", "", text)
    if "," in digits and "." not in digits and len(digits.rpartition(",")[2]) in (1, 2):
        digits = digits.replace(",", ".")
    return Decimal(digits.replace(",", "") or "0")


def _files() -> list[Path]:
    return [
        p
        for folder in FOLDERS
        for p in sorted((folder / "Flop").glob("*"))
        if p.is_file() and not p.name.endswith((".hp", ".hands", ".gt"))
    ]


@needs_corpus
def test_ipoker_reads_and_refuses_each_files_hands_as_measured() -> None:
    seen = counts_as_measured(_files(), _GAME, "iPoker", (*REASONS, OTHER_GAME))
    assert seen == EXPECTED
    assert sum(r for r, _ in seen.values()) == 462


@needs_corpus
def test_a_bettors_win_that_is_his_bet_returned_counts_it() -> None:
    # Hand 4988874195 (no <uncalled_bet_enabled>): gortaleva's bet of 6.50 over an all-in of
    # 6.04 leaves 0.46 uncalled, and his "win" is 0.46; P0k3rkIng2k's kings (a flush) win the
    # pot of 12.23, his "win" 11.42. Either reading leaves a rake of 0 or more (0.81 or 0.35):
    # the win that is the bet returned, no more, is the bet returned (the replay pays
    # gortaleva nothing of the pot: load checks it)
    path = FOLDERS[0] / "Flop" / "NLHE-GBP-0.05-0.10-201307.uncalled.2nd.winner.xml"
    assert 'name="gortaleva" chips="£7.22" dealer="0" win="£0.46" bet="£6.50"' in file_text(path)
    (hand,) = load(path)
    assert (hand.hand.collected, hand.hand.total_pot, hand.hand.rake) == (
        {"P0k3rkIng2k": 1142},
        1223,
        81,
    )
    names = hand.history.fields["players"]
    end = dict(zip(names, hand.history.finishing_stacks or (), strict=True))
    assert (end["gortaleva"], end["P0k3rkIng2k"]) == (722 - 604, 1142)
    # the winner's own bet returned: still either reading (a rake of 0.40 or 0.10), refused
    other = FOLDERS[0] / "Flop" / "NLHE-GBP-0.05-0.10-201307.uncalled.less.than.rake.xml"
    hands = load(other)
    assert list(hands) == [] and "may or may not hold" in hands.errors[0].reason


@needs_corpus
def test_a_rake_taken_pot_by_pot_is_split_as_the_amounts_won_say() -> None:
    # Hand 2855484207: Player4 all in for $0.50 wins the main pot of $2.00 ("win" $1.90),
    # Player7 the side pot of $0.20 and his $0.20 uncalled ("win" $0.39): the site raked each
    # pot 5% ($0.10 and $0.01), where the engine takes the whole $0.11 from the main pot first.
    path = FOLDERS[0] / "Flop" / "LHE-10max-USD-0.10-0.20-201107.player.sitting.out.xml"
    text = file_text(path)
    assert 'name="Player4" chips="$0.50" dealer="0" win="$1.90" bet="$0.50"' in text
    (hand,) = [h for h in load(path) if h.hand.number == "2855484207"]
    assert hand.history.fields["_rake_pots"] == [10, 1]
    names = hand.history.fields["players"]
    end = dict(zip(names, hand.history.finishing_stacks or (), strict=True))
    assert (end["Player4"], end["Player7"]) == (190, 206 - 80 + 39)


@needs_corpus
def test_a_raise_of_type_6_adds_its_sum() -> None:
    # Limit 10/20: Hero's small blind of 10 raises with type="6" sum="$30.00" (to 40), the big
    # blind calls 20; Hero bets 20 after the flop: his "bet" is $60.00 (10 + 30 + 20).
    path = FOLDERS[0] / "Flop" / "LHE-HU-USD-20-40-201103.flat.format.txt"
    assert 'type="6" sum="$30.00"' in file_text(path)
    (hand,) = [h for h in load(path) if h.hand.number == "2686565878"]
    assert [a for a in hand.history.actions if " cbr " in a] == ["p2 cbr 4000", "p2 cbr 2000"]


@needs_corpus
def test_a_limit_all_in_of_half_a_bet_counts_as_the_full_bet() -> None:
    # Hand 2855501026, limit 0.10/0.20: on the river Player4 bets all in 0.13 (at least half the
    # bet of 0.20) and Player13 raises to 0.40: iPoker counts the all-in as the full bet of 0.20
    # (LimitAllIn.LEVEL), where Robert's Rules raise a bet over it (to 0.33).
    path = FOLDERS[0] / "Flop" / "LHE-10max-USD-0.10-0.20-201107.player.sitting.out.xml"
    text = file_text(path)
    assert '<action no="26" player="Player4" type="7" sum="$0.13"' in text
    assert '<action no="27" player="Player13" type="23" sum="$0.40"' in text
    (hand,) = [h for h in load(path) if h.hand.number == "2855501026"]
    assert hand.history.fields["_rule_options"]["limit_all_in"] == "LEVEL"
    # Player4 (p8), Player13 (p3), Player10 (p4)
    assert hand.history.actions[-5:-2] == ("p8 cbr 13", "p3 cbr 40", "p4 f")


@needs_corpus
def test_each_ipoker_hand_replays_to_the_files_own_amounts() -> None:
    """chips - bet + win from the file's <player> attributes is each player's stack after the
    hand (the bettor of an uncalled bet: that, or that plus the bet returned, as his ``win``
    counts it or not): the engine's replay reaches it. In the tournament of 2011 whose ``bet``
    counts a player's ante twice or not at all (his ``bet`` more than his ``chips``: 28,105
    of 28,005), the bet give or take his ante (its ``type="15"`` action), and in the two cash
    hands whose raiser's ``bet`` counts his blind twice (17.50 of a small blind of 2.50 and a
    pot-sized raise to 15), the bet less the blind, as many times as measured."""
    compared = off_by_ante = blind_twice = 0
    for path in _files():
        text = file_text(path)
        at = 0  # (a file may hold a hand twice: each is found after the one before)
        for loaded in load(path):
            found = re.compile(f'<game gamecode="{loaded.hand.number}"').search(text, at)
            assert found is not None
            start = at = found.end()
            end = text.find("</players>", start)
            unit = Decimal(loaded.hand.unit)
            stacks = dict(
                zip(
                    loaded.history.fields["players"],
                    loaded.history.finishing_stacks or (),
                    strict=True,
                )
            )
            back = {a.name: a.amount for a in loaded.hand.actions if a.verb == "uncalled"}
            for tag in _PLAYER.findall(text, start, end):
                attrs = dict(_ATTR.findall(tag))
                name = attrs.get("name", "")
                if name not in stacks:
                    continue
                tournament = loaded.hand.tournament is not None
                chips, bet, win = (_amount(attrs[k], tournament) for k in ("chips", "bet", "win"))
                after = stacks[name] * unit
                expected = {chips - bet + win}
                if name in back:
                    expected.add(chips - bet + win + back[name] * unit)
                game = text[start : text.find("</game>", start)]
                if after not in expected and tournament:
                    ante = re.search(f'player="{re.escape(name)}" type="15" sum="([^"]*)"', game)
                    ante_chips = _amount(ante[1], tournament) if ante else Decimal(0)
                    if after in {chips - bet + win + ante_chips, chips - bet + win - ante_chips}:
                        off_by_ante += 1
                        continue
                if after not in expected and not tournament:
                    posts = [
                        dict(_ATTR.findall(a))
                        for a in re.findall(r"<action\b[^>]*>", game)
                        if f'player="{name}"' in a
                    ]
                    blind = sum(_amount(a["sum"]) for a in posts if a.get("type") in ("1", "2"))
                    if after - (back.get(name, 0) * unit) == chips - bet + blind + win:
                        blind_twice += 1
                        continue
                assert after in expected, (path.name, loaded.hand.number, name)
                compared += 1
    assert compared > 2000 and off_by_ante == 9 and blind_twice == 2


@needs_corpus
def test_pokerkit_replays_ipoker_hands_to_the_same_stacks() -> None:
    notation = pytest.importorskip("pokerkit.notation")
    compared, unparsed = pokerkit_agrees(notation, _files()[::2])  # a sample: every other file
    assert compared > 100 and unparsed <= 0.02 * compared


HEAD = """<?xml version="1.0" encoding="utf-8"?>
<session sessioncode="1">
<general><gametype>{game}</gametype><tablename>T, 1</tablename><nickname>Ann</nickname>
</general>"""
GAME = """<game gamecode="{n}"><general><players>
<player seat="1" name="Ann" chips="{c}100" dealer="1" win="{c}{won}" bet="{c}4"/>
<player seat="2" name="Bob" chips="{c}100" dealer="0" win="{c}0" bet="{c}2"/>
</players></general>
<round no="0"><action no="1" player="Ann" type="1" sum="{c}1"/>
<action no="2" player="Bob" type="2" sum="{c}2"/></round>
<round no="1"><cards type="Pocket" player="Ann">SA H10</cards>
<action no="4" player="Bob" type="4" sum="{c}0"/>
<action no="3" player="Ann" type="3" sum="{c}1"/></round>
<round no="2"><cards type="Flop" player="">D9 C10 CJ</cards>
<action no="5" player="Bob" type="4" sum="{c}0"/><action no="6" player="Ann" type="5" sum="{c}2"/>
<action no="7" player="Bob" type="0" sum="{c}0"/></round></game>"""


def _session(game: str, hands: str, c: str = "$") -> str:
    return HEAD.format(game=game) + hands + "</session>"


def test_a_session_gives_its_game_to_each_hand_and_a_later_session_its_own(
    tmp_path: Path,
) -> None:
    one = _session("Holdem NL $1/$2", "".join(GAME.format(n=n, c="$", won="5.90") for n in (1, 2)))
    two = _session("Holdem L €2/€4", GAME.format(n=3, c="€", won="5.80"))
    path = tmp_path / "session.xml"
    path.write_text(one + "\n" + two, encoding="utf-8")
    site = sniff(path.read_text())
    assert site is not None and site.name == "iPoker"
    hands = load(path)
    got = [(h.hand.number, h.hand.structure, h.hand.big, h.hand.rake) for h in hands]
    assert not hands.errors
    # Ann's $2 bet is uncalled: her win counts it (the older files' way); the pot is $4, she
    # collected $3.90 ($3.80): the rake is 10 (20) cents.
    assert got == [
        ("1", "no-limit", 200, 10),
        ("2", "no-limit", 200, 10),
        ("3", "fixed-limit", 400, 20),
    ]


def test_the_actions_must_add_up_to_each_players_bet() -> None:
    text = HEAD.format(game="Holdem NL $1/$2") + GAME.format(n=9, c="$", won="5.90")
    text = text.replace(
        'name="Bob" chips="$100" dealer="0" win="$0" bet="$2"',
        'name="Bob" chips="$100" dealer="0" win="$0" bet="$3"',
    )
    with pytest.raises(HoldemError, match="'Bob''s actions put in 2, the file says 3"):
        read(text)


def test_a_hand_without_a_dealer_has_its_button_where_the_small_blind_says() -> None:
    # heads up, the small blind (Ann, seat 1) is the button; with no small blind, refused
    text = HEAD.format(game="Holdem NL $1/$2") + GAME.format(n=9, c="$", won="5.90")
    hand = read(text.replace('dealer="1"', 'dealer="0"'))
    assert (hand.button, hand.collected) == (1, {"Ann": 390})
    no_small = text.replace('dealer="1"', 'dealer="0"').replace(
        'type="1" sum="$1"', 'type="2" sum="$1"'
    )
    with pytest.raises(HoldemError, match=r"no player is the dealer \(the button\), and no small"):
        read(no_small)


def test_wins_past_the_pot_are_refused() -> None:
    text = HEAD.format(game="Holdem NL $1/$2") + GAME.format(n=9, c="$", won="9")
    with pytest.raises(HoldemError, match=r"the amounts won \(9\) are more than the pot \(4\)"):
        read(text)


_HEAD = HEAD.format(game="Holdem NL $1/$2")
_GAME1 = GAME.format(n=1, c="$", won="5.90")
HOSTILE = {
    "a DTD with entities": '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">'
    '<!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]>\n'
    + _HEAD.split("\n", 1)[1].replace("T, 1", "&lol2;")
    + _GAME1,
    "a DTD in a hand": _HEAD
    + _GAME1.replace('<round no="0">', '<!DOCTYPE x [<!ENTITY a "b">]><round no="0">'),
    "a truncated hand": _HEAD + _GAME1[:400],
    "binary": _HEAD + '<game gamecode="1">' + "\x00\x01\xff\xfe" * 5000,
    "a huge single line": _HEAD + '<game gamecode="1">' + "<round>" + "A" * 5_000_000,
    "unknown tags": _HEAD + _GAME1.replace('<round no="0">', '<round no="0"><wat/>'),
    "deeply nested tags": _HEAD
    + '<game gamecode="1">'
    + "<round>" * 100_000
    + "</round>" * 100_000
    + "</game>",
    "an unknown action": _HEAD + _GAME1.replace('type="5"', 'type="77"'),
    "no session": _GAME1,
}
# What each is refused for.
REFUSED = {
    "a DTD with entities": "undefined entity",  # (the session's head is taken alone)
    "a DTD in a hand": "an XML declaration",
    "a truncated hand": "cut short",
    "binary": "cut short",
    "a huge single line": "over 200000 characters",
    "unknown tags": "an element the reader does not know: <wat>",
    "deeply nested tags": "over 200000 characters",
    "an unknown action": "an action of an unknown type 77",
    "no session": "no session <general> block",
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_xml_ends_in_a_history_error(case: str, tmp_path: Path) -> None:
    errors = hostile_errors(HOSTILE[case] + "</session>", tmp_path / "hostile.xml")
    assert REFUSED[case] in errors[0].reason, errors
