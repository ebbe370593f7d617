"""holdem.histories over PartyPoker's text: the corpus's files, and hostile text.

Oracles: the real files of ../shared/corpus/sites/*/PartyPoker (fpdb-3's regression files,
AGPL-3.0, read in place): what each player won as the file says, which the engine's replay must
pay (``load``'s check); the count of ``Hand History for Game`` headers in each file, which says
how many hands it holds; and pokerkit 0.7.7, which replays the PHH we write to the same stacks.
"""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path

import pytest

from holdem import phh
from holdem.errors import HistoryError, HoldemError, TableError
from holdem.histories import load, sniff, write_stars
from holdem.histories.ohh import from_record
from holdem.histories.partypoker import read
from holdem.pokerstars import check, seating
from holdem.stats import hand_flags

from _support.paths import CORPUS
from _support.site_files import (
    counts_as_measured,
    hostile_errors,
    pokerkit_agrees,
    pokerkit_and_ours,
)

FOLDERS = [CORPUS / "sites" / "cash" / "PartyPoker", CORPUS / "sites" / "tour" / "PartyPoker"]
needs_corpus = pytest.mark.skipif(not FOLDERS[0].is_dir(), reason=f"no corpus at {CORPUS}")
_HEADER = re.compile(r"\*{5} Hand History [fF]or Game \w")

# Hands read and refused per file of the Flop folders, as measured; each refusal's reason is
# checked below. The files are fpdb's, most of them kept for a fault of their own.
EXPECTED = {
    "LHE-6max-USD-15-30-201104.live.second.sb.txt": (1, 0),
    "LO8-USD-20-40.201201.limit3format.txt": (0, 1),
    "NLDHE-USD-0.01-0.02-201205.double.holdem.txt": (0, 1),
    "NLHE-0.02-0.04-USD-201207.players.joining.leaving.txt": (1, 0),
    "NLHE-10max-Freeroll-201207.name.starts.with.number.txt": (1, 0),
    "NLHE-6max-USD-0.01-0.02-201812.converted.txt": (1, 0),
    "NLHE-6max-USD-0.02-0.04-201209.club.wpt.format.txt": (1, 0),
    "NLHE-6max-USD-0.02-0.04-201303.extra.spaces.txt": (1, 0),
    "NLHE-6max-USD-0.05-0.10-201209.silent.post.both.txt": (0, 1),
    "NLHE-6max-USD-0.05-0.10-201210.enet.converted.txt": (1, 0),
    "NLHE-6max-USD-0.05-0.10-201608.fastforward.txt": (1, 0),
    "NLHE-6max-USD-0.10-0.25-201212.Mac.Format.txt": (1, 0),
    "NLHE-6max-USD-0.10-0.25-201212.unseated.big.blind.txt": (1, 0),
    "NLHE-6max-USD-0.10-0.25-201309.player.joins.and.posts.a.bb.txt": (1, 0),
    "NLHE-6max-USD-0.10-0.25-201309.player.joins.as.bb.txt": (0, 1),
    "NLHE-6max-USD-0.25-0.50-201212.Mac.Format.txt": (1, 0),
    "NLHE-6max-USD-0.50-1.00-201301.partial.player.names.txt": (1, 0),
    "NLHE-6max-USD-5-10-201408.joins.and.posts.bb.txt": (0, 1),
    "NLHE-EUR-0.05-0.10-201011.Sample.txt": (1, 0),
    "NLHE-EUR-6max-0.10-0.25-201112.post.both.txt": (1, 0),
    "NLHE-USD-0.01-0.02-20100712.emailedHistory.txt": (1, 0),
    "NLHE-USD-0.01-0.02-20100731.bigBlindIsForcedAllIn.txt": (1, 0),
    "NLHE-USD-0.01-0.02-201008.Sample.txt": (1, 0),
    "NLHE-USD-0.01-0.02-20100807.newPlayerWithZeroStack.txt": (1, 0),
    "NLHE-USD-0.01-0.02-201105.Unseated.player.is.only.big.blind.txt": (1, 0),
    "NLHE-USD-0.01-0.02-201901.WPN.converted.txt": (1, 0),
    "NLHE-USD-0.02-0.04-20100804.smallBlindIsForcedAllIn.txt": (1, 0),
    "NLHE-USD-0.02-0.04-20100811.unseatedPlayerActions.txt": (0, 1),
    "NLHE-USD-0.05-0.10-201209.period.after.actions.txt": (1, 0),
    "NLHE-USD-0.50-1.00-202103.PokerBros.txt": (1, 0),
    "NLHE-USD-6max-0.02-0.04-201205.new.table.format.txt": (1, 0),
    "NLHE-USD-9max-0.01-0.02-201203.post.both.txt": (1, 0),
    "PLO-2max-USD-0.50-1.00-201601.unknown.preamble.txt": (0, 1),
    "PLO-2max-USD-25-50-201710.deep.txt": (1, 0),
    "PLO-6max-USD-0.10-0.25-202602.cash.out.txt": (0, 1),
    "PLO-6max-USD-0.10-0.25-202607.multi.hand.split.txt": (4, 0),
    "PLO-6max-USD-5-10-201202.diff.format.txt": (1, 0),
    "PLO8-6max-USD-1.00-2.00-201601.preamble.fatal.txt": (0, 1),
    "Short-Deck-6max-USD-1.00-1.00-201904.txt": (0, 1),
    "LHE-Freeroll-MTT-201207.txt": (1, 1),
    "NLHE-1-EUR-STT-201211.tourno.missing.txt": (0, 1),
    "NLHE-25-USD-Freeroll-MTT-201205.player.moved.txt": (1, 0),
    "NLHE-4max-STT-USD-1-201607.second.trny.format.txt": (25, 0),
    "NLHE-9max-MTT-unknownBuyin-201812.converted.txt": (1, 0),
    "NLHE-Freeroll-MTT-201008.Sample.hand.txt": (1, 0),
    "NLHE-MTT-USD-100-9-202104.anon.txt": (0, 1),
    "NLHE-MTT-USD-3.0-0.3-202105.anon.txt": (1, 0),
    "NLHE-MTT-USD-30-3-200508.Old.Format.txt": (1, 0),
    "NLHE-MTT-USD-4.8-0.2-202104.anon.txt": (1, 0),
    "NLHE-MTT-USD-50-5-202104.anon.txt": (0, 1),
    "NLHE-MTT-USD-50-5-202104.bad.math.txt": (0, 1),
    "NLHE-MTT-USD-530-201307.no.tz.txt": (1, 0),
    "NLHE-SNG-USD-0.23-0.02-201912.txt": (1, 0),
    "NLHE-USD-MTT-215-201110.level.change.txt": (1, 0),
    "NLHE-USD-MTT-unknownBuyIn-200811.emailedHandHistory.txt": (1, 0),
    "NLHE-USD-STT-10-201104.new.hand.delimiter.txt": (12, 0),
    "NLHE-USD-STT.201203.heads.up.txt": (1, 0),
    "PLO-USD-STT-1.00.201008.Sample.txt": (1, 0),
    "PLO8-10max-USD-20-2-201310.chat.fix.txt": (0, 1),
}
# The reasons a hand may be refused for: a game the engine or PHH does not play, a fault of
# the file (a player not seated who plays, amounts that do not add up, a line cut or glued),
# or a play the engine refuses.
REASONS = (
    "not a hold'em or Omaha hand",
    "not a game PHH writes",
    "a player not seated plays",
    "plays without a seat line, and his seat is not told",
    "fewer than two seated players",
    "checks facing a bet",
    "the engine refuses the hand",
    "a line not understood",
    "no big blind posted",
    "more than the",
    "are more than the pot",
    "no line names the game",
    "award differs",
    "a cash-out",
)


def _files() -> list[Path]:
    return [p for folder in FOLDERS for p in sorted((folder / "Flop").glob("*.txt"))]


@needs_corpus
def test_partypoker_reads_and_refuses_each_files_hands_as_measured() -> None:
    seen = counts_as_measured(_files(), _HEADER, "PartyPoker", REASONS)
    assert seen == EXPECTED
    assert sum(r for r, _ in seen.values()) == 82


@needs_corpus
def test_a_big_blind_all_in_for_less_is_the_blind_the_first_call_puts_in() -> None:
    # "$0.80 USD NL" (a buy-in, no stakes): Player2 posts a big blind of $0.01, all he has;
    # Player4 calls $0.02 (he posted nothing) and Hero completes his small blind of $0.01 with
    # $0.01: the big blind is $0.02, which the others call in full (the engine's
    # call_full_blind). Hero's straight wins the main pot of $0.03 and the side pot of $0.02
    # with his uncalled $0.04 ("wins $0.06 USD from the side pot 1"), as the replay pays.
    path = FOLDERS[0] / "Flop" / "NLHE-USD-0.01-0.02-20100731.bigBlindIsForcedAllIn.txt"
    text = path.read_text()
    assert "Player2 posts big blind [$0.01 USD]." in text
    assert "Player4 calls [$0.02 USD]" in text
    hands = load(path)
    (loaded,) = hands
    assert not hands.errors
    assert (loaded.hand.small, loaded.hand.big) == (1, 2)
    names = loaded.history.fields["players"]
    end = dict(zip(names, loaded.history.finishing_stacks or (), strict=True))
    assert (end["Hero"], end["Player2"], end["Player4"]) == (164 - 2 + 5, 0, 120 - 2)


@needs_corpus
def test_a_button_the_blinds_and_the_order_of_play_belie_is_moved() -> None:
    # "Seat 1 is the button" (seat 1 empty), yet Player1 (seat 3) posts the small blind and
    # Player0 (seat 2) acts before him: Player0 is the button, and the hand replays so.
    path = FOLDERS[0] / "Flop" / "NLHE-USD-0.05-0.10-201209.period.after.actions.txt"
    hands = load(path)
    loaded = [h for h in hands if h.hand.number == "14019052"]
    assert len(loaded) == 1 and not hands.errors
    players = loaded[0].history.fields["players"]
    assert players == ["Player1", "Hero", "Player2", "Player3", "Player0"]


@needs_corpus
def test_the_blinds_not_written_skip_a_player_who_never_acts() -> None:
    # "Blinds(30/60)", button seat 3; Player7 (seat 4) is seated but never acts (moved to
    # another table): Player5 (seat 6) posts the small blind ("calls [30]") and Player3 (seat
    # 7) the big blind ("checks").
    path = FOLDERS[1] / "Flop" / "NLHE-25-USD-Freeroll-MTT-201205.player.moved.txt"
    (loaded,) = list(load(path))
    posts = [(a.name, a.verb, a.amount) for a in loaded.hand.actions[:2]]
    assert posts == [("Player5", "small blind", 30), ("Player3", "big blind", 60)]
    assert "Player7" not in loaded.history.fields["players"]


@needs_corpus
def test_an_e_mailed_hand_s_names_cut_at_a_space_are_the_seated_names() -> None:
    # "Seat 2: Hero ($100)", then "Hero Name raises 3.0 to 3.0" and "Hero checks", and the
    # summary's "Hero Name balance $100.57, bet $3, collected $3.57": one player, Hero.
    path = FOLDERS[0] / "Flop" / "NLHE-6max-USD-0.50-1.00-201301.partial.player.names.txt"
    (loaded,) = list(load(path))
    assert ("Hero", "raise", 300) in [(a.name, a.verb, a.amount) for a in loaded.hand.actions]
    assert loaded.hand.collected == {"Hero": 357, "Player2": 356}


@needs_corpus
@pytest.mark.parametrize(
    ("name", "joins", "seat", "put_in", "won"),
    [
        # "Player6 has left the table." "Player8 has joined the table." then "Player8 posts
        # big blind [$0.04 USD]." with no seat line: he acts after the small blind (seat 9)
        # and before Hero (seat 3); seat 1 is Player4's, seat 2 is free (Player6 left).
        ("NLHE-0.02-0.04-USD-201207.players.joining.leaving.txt", "Player8", 2, 4, 0),
        # no seat line and no word of joining: between Player0 (seat 1) and Player1 (seat 3)
        ("NLHE-6max-USD-0.10-0.25-201212.unseated.big.blind.txt", "Player4", 2, 25, 0),
        # a live big blind after the big blind's, then the first to act: between seats 2 and
        # 5, seat 3 Player1's (sitting out), 4 free
        ("NLHE-6max-USD-0.10-0.25-201309.player.joins.and.posts.a.bb.txt", "Player4", 4, 25, 0),
        # "Seat 2: Player8 ( $0 USD )" then "Player8 has joined the table.": the seat line was
        # written before he brought his chips
        ("NLHE-USD-0.01-0.02-20100807.newPlayerWithZeroStack.txt", "Player8", 2, 2, 0),
        # "Unseated" puts in $0.86, of which his bet of $0.64 no one calls ("wins $0.64 USD
        # from the side pot 1": returned), and wins $0.32 of the main pot
        ("NLHE-USD-0.01-0.02-201105.Unseated.player.is.only.big.blind.txt", "Unseated", 2, 22, 32),
    ],
)
def test_a_player_who_joins_in_the_hand_has_a_stack_not_known(
    name: str, joins: str, seat: int, put_in: int, won: int
) -> None:
    # (put_in: his chips in the pots, an uncalled bet returned not counted; won: collected)
    # His stack is not written: the record says so (None), the PHH writes it as inf (never a
    # stack made up), and the replay, in which no action reaches it, pays every player exactly
    # what the file says; pokerkit 0.7.7 replays the PHH to the same stacks.
    path = FOLDERS[0] / "Flop" / name
    hands = load(path)
    (loaded,) = hands
    assert not hands.errors
    stacks = {s.name: s.stack for s in loaded.hand.seats}
    assert stacks[joins] is None and all(v is not None for n, v in stacks.items() if n != joins)
    history = loaded.history
    k = history.fields["players"].index(joins)
    assert history.fields["seats"][k] == seat
    assert history.starting_stacks[k] == Decimal("Infinity")
    assert (history.finishing_stacks or ())[k] == Decimal("Infinity")
    assert history.fields["winnings"][k] == won == loaded.hand.collected.get(joins, 0)
    flags = hand_flags(history)[k]
    assert (flags.collected, flags.won) == (won, won - put_in)
    assert "inf" in phh.dumps_all([history])
    notation = pytest.importorskip("pokerkit.notation")
    got = pokerkit_and_ours(notation, history)
    assert got is not None and got[0] == got[1]


@needs_corpus
def test_a_stack_not_known_is_not_written_where_a_format_needs_one() -> None:
    # OHH and PokerStars text have no unknown stack, and a table cannot be seated with one:
    # each refuses with the reason, never a stack made up.
    path = FOLDERS[0] / "Flop" / "NLHE-6max-USD-0.10-0.25-201212.unseated.big.blind.txt"
    (loaded,) = list(load(path))
    with pytest.raises(HistoryError, match="OHH has no unknown stack"):
        from_record(loaded.hand)
    with pytest.raises(TableError, match="Player4's stack is not known"):
        seating(loaded.hand)
    with pytest.raises(HistoryError, match="inf"):
        write_stars(loaded.history)


@needs_corpus
@pytest.mark.parametrize(
    ("name", "joins", "between"),
    [
        ("NLHE-6max-USD-0.10-0.25-201309.player.joins.as.bb.txt", "Player3", "4 and 1: 5, 6"),
        ("NLHE-6max-USD-5-10-201408.joins.and.posts.bb.txt", "Player3", "5 and 2: 1, 6"),
        ("NLHE-USD-0.02-0.04-20100811.unseatedPlayerActions.txt", "Player7", "7 and 4: 1, 2, 9"),
    ],
)
def test_a_player_who_joins_where_several_seats_are_free_is_refused(
    name: str, joins: str, between: str
) -> None:
    # The order of play puts him between two seats with more than one free seat between them:
    # his seat number, which the PHH would write, is not told.
    hands = load(FOLDERS[0] / "Flop" / name)
    assert list(hands) == []
    (error,) = hands.errors
    assert error.reason == (
        f"{joins!r} plays without a seat line, and his seat is not told (between seats {between})"
    )


@needs_corpus
def test_pokerkit_replays_partypoker_hands_to_the_same_stacks() -> None:
    notation = pytest.importorskip("pokerkit.notation")
    compared, unparsed = pokerkit_agrees(notation, _files())
    assert compared > 40 and unparsed <= 1


HAND = """***** Hand History for Game 12 *****
$2 USD NL Texas Hold'em - Monday, August 30, 16:08:09 EDT 2010
Table Speed #1769729 (Real Money)
Seat 1 is the button
Seat 1: Ann ( $2 USD )
Seat 2: Bob ( $2 USD )
Ann posts small blind [$0.01 USD].
Bob posts big blind [$0.02 USD].
** Dealing down cards **
Dealt to Ann [  Js Th ]
Ann raises [$0.05 USD]
Bob calls [$0.04 USD]
** Dealing Flop ** [ As, 6h, Qc ]
Bob checks
Ann bets [$0.10 USD]
Bob folds
Ann wins {won} USD from the main pot with a pair of Tens.
"""


def test_a_win_counting_the_uncalled_bet_and_one_that_does_not_add_up() -> None:
    # the pot is $0.12 and Ann's $0.10 comes back: her win of $0.21 counts it (rake $0.01)
    hand = read(HAND.format(won="$0.21"))
    assert (hand.total_pot, hand.rake, hand.collected) == (12, 1, {"Ann": 11})
    assert sniff(HAND) is not None and sniff(HAND).name == "PartyPoker"  # type: ignore[union-attr]
    with pytest.raises(HoldemError, match=r"the amounts won \(0.30\) are more than the pot"):
        read(HAND.format(won="$0.30"))


def test_a_winner_whose_cards_are_not_written_shows_them_unknown() -> None:
    # Bob checks down; Ann wins without her cards written: she shows cards not known and Bob
    # mucks, and the replay pays her (a showdown that needs her cards is refused instead).
    text = HAND.replace("Dealt to Ann [  Js Th ]\n", "").replace(
        "Bob folds\n",
        "Bob calls [$0.10 USD]\n** Dealing Turn ** [ 2c ]\nBob checks\nAnn checks\n"
        "** Dealing River ** [ 3c ]\nBob checks\nAnn checks\n",
    )
    history = check(read(text.format(won="$0.32"))).history
    assert history.actions[-2:] == ("p1 sm", "p2 sm ????")  # (PHH heads up: p2 the button)
    shown = text.replace("Ann wins", "Bob shows [ Kd, Kh ]\nAnn wins")
    with pytest.raises(HoldemError, match="needs cards the text does not show"):
        check(read(shown.format(won="$0.32")))


@needs_corpus
def test_the_winner_of_a_showdown_without_his_cards_shows_them_unknown() -> None:
    # "Player2 doesn't show [ 5c , 4h ]", "Player4 wins $0.33 USD from the main pot with a
    # pair of Aces" (his cards not written): Player4, who bet the river, shows first.
    path = FOLDERS[0] / "Flop" / "NLHE-6max-USD-0.02-0.04-201303.extra.spaces.txt"
    (loaded,) = list(load(path))
    assert loaded.history.actions[-2:] == ("p4 sm ????", "p2 sm")


HOSTILE = {
    "a truncated hand": HAND.format(won="$0.21")[:200],
    "binary": "***** Hand History for Game 1 *****\n" + "\x00\x01\xff\xfe" * 5000,
    "a huge single line": "***** Hand History for Game 1 *****\n" + "A" * 5_000_000,
    "an unknown line": HAND.format(won="$0.21").replace("Bob checks", "Bob juggles [$1]"),
    "many hands of one header": "***** Hand History for Game 1 *****\n" * 10_000,
    "many players without a seat line": HAND.format(won="$0.21").replace(
        "** Dealing down cards **",
        "".join(f"P{k} posts big blind [$0.02 USD].\n" for k in range(5000))
        + "** Dealing down cards **",
    ),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_hostile_text_ends_in_a_history_error(case: str, tmp_path: Path) -> None:
    hostile_errors(HOSTILE[case], tmp_path / "hostile.txt")
