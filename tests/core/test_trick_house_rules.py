"""The house rules of trick play, value by value, on stacked hands (issue #21 items 1-3):
``Rules.follow_draw`` (R7.3), ``Rules.ruff_shape`` (R7.4) and ``Rules.throw_ruff`` (R7.5),
with the online app's ``throw_ruff`` values of issue #31.

Each test names the seed sentence or the house rule it models (docs/house-rules.md). Level 10,
trump ♠ throughout, as in RULES.md's examples.
"""

from __future__ import annotations

import random
from typing import get_args

import pytest

from reference import as_key, ref_is_ruff, ref_legal_follows, ref_trick_winner
from tuolaji import (
    ConfigurationError,
    Game,
    GameState,
    IllegalAction,
    Rank,
    Rules,
    Suit,
    Trump,
    format_cards,
    parse_cards,
    replay,
    write_record,
)
from tuolaji.core.legal import legal_follows
from tuolaji.core.rules import FOLLOW_DRAWS, FollowDraw, RuffShape, ThrowRuff
from tuolaji.core.trickids import breakdown_order
from tuolaji.core.tricks import follow_error, is_legal_follow, is_ruff, trick_winner
from tuolaji.state.codec import from_data, to_data
from tuolaji.testing.driver import random_action

T10S = Trump(Rank.TEN, Suit.SPADES)
P = parse_cards
THROW_RUFFS: tuple[ThrowRuff, ...] = get_args(ThrowRuff)


def follows(lead: str, hand: str, draw: FollowDraw) -> set[str]:
    """The legal follows as text, checked against the brute-force reference."""
    plays = legal_follows(P(lead), P(hand), T10S, follow_draw=draw)
    assert {as_key(p) for p in plays} == ref_legal_follows(P(lead), P(hand), T10S, draw)
    return {format_cards(p) for p in plays}


def winner(plays: list[str], ruff_shape: RuffShape, throw_ruff: ThrowRuff) -> int:
    """The trick's winner, checked against the brute-force reference."""
    cards = [P(p) for p in plays]
    got = trick_winner(cards, T10S, ruff_shape=ruff_shape, throw_ruff=throw_ruff)
    assert got == ref_trick_winner(cards, T10S, ruff_shape, throw_ruff)
    return got


def deal(rules: Rules, hands: list[str]) -> GameState:
    """A play-phase deal with these hands, seat 0 dealing and leading."""
    return GameState.for_play(
        rules,
        hands=[P(h) for h in hands],
        kitty=P("KC KC QC QC JD JD 8D 8D"),
        trump=T10S,
        dealer=0,
        levels=(Rank.TEN, Rank.TWO),
    )


# ---------------------------------------------------------------------------------------------
# Rules.follow_draw (R7.3)


def test_r7_3_follow_draw_pairs_owes_pairs_for_a_tractor() -> None:
    """``"pairs"``, seed 000: 首家出拖拉机時，其余家有拖拉机必须出拖拉机若无拖拉机，则必须出对牌
    (RULES.md R7.3: lead ♥KKQQ, holder of ♥AA ♥77 ♥3 must play ♥AA77)."""
    assert follows("KH KH QH QH", "AH AH 7H 7H 3H 2H", "pairs") == {"AH AH 7H 7H"}
    assert not is_legal_follow(P("KH KH QH QH"), P("AH AH 7H 7H 3H 2H"), P("AH 7H 3H 2H"), T10S)


def test_r7_3_follow_draw_tractor_on_tractor_forces_no_pairs_without_a_tractor() -> None:
    """``"tractor_on_tractor"`` (house rule): a tractor lead obliges a tractor only from a hand
    holding one; ♥AA77 is no tractor, so any four hearts follow ♥KKQQ."""
    legal = follows("KH KH QH QH", "AH AH 7H 7H 3H 2H", "tractor_on_tractor")
    assert "AH 7H 3H 2H" in legal and "AH AH 7H 7H" in legal and len(legal) == 8
    assert is_legal_follow(
        P("KH KH QH QH"), P("AH AH 7H 7H 3H 2H"), P("AH 7H 3H 2H"), T10S,
        follow_draw="tractor_on_tractor",
    )  # fmt: skip


def test_r7_3_follow_draw_tractor_on_tractor_still_owes_a_tractor_held() -> None:
    """``"tractor_on_tractor"``: a hand holding a tractor (♥JJ99, the level rank skipped) plays
    it on a tractor lead, as with ``"pairs"``."""
    for draw in ("pairs", "tractor_on_tractor"):
        assert follows("KH KH QH QH", "JH JH 9H 9H AH 3H", draw) == {"JH JH 9H 9H"}


def test_r7_3_follow_draw_tractor_on_tractor_keeps_the_plain_pairs_of_a_throw() -> None:
    """``"tractor_on_tractor"``: the plain pair of a thrown ♥KKQQ 55 still obliges a pair
    (seed 000: 首家出对牌时其余家有对牌必须出对牌); its tractor obliges nothing from ♥AA 77."""
    lead, hand = "KH KH QH QH 5H 5H", "AH AH 7H 7H 8H 3H 2H"
    relaxed = follows(lead, hand, "tractor_on_tractor")
    assert "AH AH 8H 7H 3H 2H" in relaxed and "AH 8H 7H 7H 3H 2H" in relaxed
    assert all(p.count("AH") == 2 or p.count("7H") == 2 for p in relaxed)
    assert all(p.count("AH") == p.count("7H") == 2 for p in follows(lead, hand, "pairs"))


def test_r7_3_follow_draw_tractor_on_tractor_error_names_the_pair_owed() -> None:
    """R7.3's message says what ``"tractor_on_tractor"`` asks: one pair, not two."""
    lead, hand = P("KH KH QH QH 5H 5H"), P("AH AH 7H 7H 8H 3H 2H")
    err = follow_error(lead, hand, P("AH 8H 7H 3H 2H 7H"), T10S, follow_draw="tractor_on_tractor")
    assert err is None
    err = follow_error(lead, hand, P("AH 8H 7H 3H 2H AH"), T10S, follow_draw="tractor_on_tractor")
    assert err is None
    hand = P("AH AH 7H 7H 8H 3H 2H 4H")
    err = follow_error(lead, hand, P("AH 8H 7H 4H 3H 2H"), T10S, follow_draw="tractor_on_tractor")
    assert err is not None and err.rule == "R7.3"
    assert "play a pair and 4 more ♥ cards" in str(err)
    err = follow_error(lead, hand, P("AH 8H 7H 4H 3H 2H"), T10S)
    assert err is not None and "play two pairs and 2 more ♥ cards" in str(err)


def test_r7_3_follow_draw_suit_only_owes_only_the_suit() -> None:
    """``"suit_only"`` (house rule): only R7.2's suit is obliged, never the shape: ♥Q3 follows
    ♥KK from ♥QQ3, but a ♦ card does not while hearts are held."""
    assert follows("KH KH", "QH QH 3H 5D", "suit_only") == {"QH QH", "QH 3H"}
    assert follows("KH KH", "QH QH 3H 5D", "pairs") == {"QH QH"}
    err = follow_error(P("KH KH"), P("QH QH 3H 5D"), P("QH 5D"), T10S, follow_draw="suit_only")
    assert err is not None and err.rule == "R7.2"
    assert len(follows("KH KH QH QH", "JH JH 9H 9H AH 3H", "suit_only")) == 8


@pytest.mark.parametrize("draw", FOLLOW_DRAWS)
def test_r7_3_every_follow_draw_in_a_deal(draw: FollowDraw) -> None:
    """The state machine follows ``Rules.follow_draw``: its legal plays, the play it accepts,
    and a record that reads back under the same rules."""
    rules = Rules(follow_draw=draw)
    s = deal(rules, ["KH KH 9D", "QH QH 3H", "5C 6C 7C", "5S 6S 7S"]).play(0, P("KH KH"))
    assert {format_cards(p) for p in s.legal_plays()} == follows("KH KH", "QH QH 3H", draw)
    if draw == "suit_only":
        s = s.play(1, P("QH 3H"))
        assert GameState.from_json(s.to_json()) == s
    else:
        with pytest.raises(IllegalAction, match="R7.3"):
            s.play(1, P("QH 3H"))


# ---------------------------------------------------------------------------------------------
# Rules.tractor_protection (R7.3)


def protected(lead: str, hand: str, draw: FollowDraw = "pairs") -> set[str]:
    """The legal follows under tractor protection, checked against the brute-force reference."""
    plays = legal_follows(P(lead), P(hand), T10S, follow_draw=draw, tractor_protection=True)
    ref = ref_legal_follows(P(lead), P(hand), T10S, draw, tractor_protection=True)
    assert {as_key(p) for p in plays} == ref
    return {format_cards(p) for p in plays}


def test_r7_3_tractor_protection_a_pair_lead_leaves_a_tractor_whole() -> None:
    """``tractor_protection`` (the online app's protected tractors): lead ♥KK, the only pairs of
    ♥8877 3 2 are a tractor's, so any two hearts follow, ♥3 2 among them (default: ♥88 or
    ♥77, seed 000's 包括拖拉机中的对牌)."""
    legal = protected("KH KH", "8H 8H 7H 7H 3H 2H")
    assert "3H 2H" in legal and "8H 8H" in legal and len(legal) == 8
    assert follows("KH KH", "8H 8H 7H 7H 3H 2H", "pairs") == {"8H 8H", "7H 7H"}


def test_r7_3_tractor_protection_a_follower_may_break_its_tractor_for_a_single() -> None:
    """``tractor_protection``: lead ♥KK, ♥7 3 follows from ♥8877 3: a tractor's pairs never
    count as pairs owed to a plain pair, whatever the rest of the holding."""
    hand = P("8H 8H 7H 7H 3H")
    assert is_legal_follow(P("KH KH"), hand, P("7H 3H"), T10S, tractor_protection=True)
    assert not is_legal_follow(P("KH KH"), hand, P("7H 3H"), T10S)
    assert protected("KH KH", "8H 8H 7H 7H 3H") == {
        "8H 8H", "7H 7H", "8H 7H", "8H 3H", "7H 3H",
    }  # fmt: skip


def test_r7_3_tractor_protection_a_pair_outside_the_tractors_still_obliges() -> None:
    """``tractor_protection``: ♥JJ is no tractor's, so ♥JJ 8877 3 plays a pair on ♥KK (any
    pair: the protection spares the tractor, it does not forbid breaking it)."""
    assert protected("KH KH", "JH JH 8H 8H 7H 7H 3H") == {"JH JH", "8H 8H", "7H 7H"}
    err = follow_error(
        P("KH KH"), P("JH JH 8H 8H 7H 7H 3H"), P("7H 3H"), T10S, tractor_protection=True
    )
    assert err is not None and err.rule == "R7.3" and "play a pair" in str(err)


def test_r7_3_tractor_protection_lays_the_tractors_to_hold_the_most_pairs() -> None:
    """``tractor_protection``, trump ♠ at level 10: ♥10♥10 ♣10♣10 ♠10♠10 hold one tractor of
    an off-suit pair of 10s and ♠10♠10; the other pair of 10s is left outside it and obliges a
    pair on the trump lead ♠KK."""
    legal = protected("KS KS", "10H 10H 10C 10C 10S 10S 3S")
    assert legal == {"10H 10H", "10C 10C", "10S 10S"}
    assert len(protected("KS KS", "10H 10H 10S 10S 3S")) > 2  # one tractor, no pair outside


def test_r7_3_tractor_protection_counts_the_plain_pairs_of_a_throw() -> None:
    """``tractor_protection``: the thrown ♥AA QQ (two plain pairs) obliges ♥JJ, the one pair
    of ♥JJ 8877 3 2 outside its tractor, and one pair only."""
    legal = protected("AH AH QH QH", "JH JH 8H 8H 7H 7H 3H 2H")
    assert "JH JH 3H 2H" in legal and "JH JH 8H 8H" in legal
    assert all(any(p.split().count(c) == 2 for c in p.split()) for p in legal)  # a pair
    assert "8H 7H 3H 2H" not in legal and "JH 8H 3H 2H" not in legal


def test_r7_3_tractor_protection_leaves_what_a_lead_tractor_obliges() -> None:
    """``tractor_protection``: the throw ♥KKQQ 55 obliges a tractor (♥JJ99, the level rank
    skipped, or ♥7766) by its tractor, but its plain pair ♥55 no pair of the other tractor:
    ♥JJ99 3 2 follows (default: a third pair too). Under ``"tractor_on_tractor"`` alike."""
    lead, hand = "KH KH QH QH 5H 5H", "JH JH 9H 9H 7H 7H 6H 6H 3H 2H"
    for draw in ("pairs", "tractor_on_tractor"):
        legal = protected(lead, hand, draw)
        assert "JH JH 9H 9H 3H 2H" in legal and "7H 7H 6H 6H 3H 2H" in legal
        assert "JH JH 7H 7H 3H 2H" not in legal, draw  # the lead's tractor obliges a tractor
        assert "JH JH 9H 9H 3H 2H" not in follows(lead, hand, draw)


@pytest.mark.parametrize("draw", ["pairs", "tractor_on_tractor"])
def test_r7_3_tractor_protection_changes_nothing_without_a_tractor_held(
    draw: FollowDraw,
) -> None:
    """``tractor_protection`` only spares tractors: from ♥QQ 3 the pair is owed as always."""
    assert protected("KH KH", "QH QH 3H", draw) == follows("KH KH", "QH QH 3H", draw)
    assert protected("KH KH QH QH", "AH AH 7H 7H 3H 2H", draw) == follows(
        "KH KH QH QH", "AH AH 7H 7H 3H 2H", draw
    )


def test_r7_3_tractor_protection_is_refused_with_suit_only() -> None:
    """``"suit_only"`` obliges no pair, so there is nothing to protect: `Rules` and the trick
    functions refuse the pair, naming both fields and R7.3; a non-bool is a type error."""
    with pytest.raises(ConfigurationError, match=r"tractor_protection.*follow_draw.*R7\.3"):
        Rules(tractor_protection=True, follow_draw="suit_only")
    with pytest.raises(ConfigurationError, match=r"tractor_protection.*follow_draw.*R7\.3"):
        legal_follows(P("KH KH"), P("QH"), T10S, follow_draw="suit_only", tractor_protection=True)
    with pytest.raises(TypeError, match=r"Rules\.tractor_protection \(R7\.3\)"):
        is_legal_follow(P("KH KH"), P("QH QH"), P("QH QH"), T10S, tractor_protection=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("protection", [False, True])
def test_r7_3_tractor_protection_in_a_deal(protection: bool) -> None:
    """The state machine follows ``Rules.tractor_protection``: its legal plays, the play it
    accepts, and a record that reads back under the same rules."""
    rules = Rules(tractor_protection=protection)
    hands = ["KH KH 9D 9D 4D", "8H 8H 7H 7H 3H", "5C 6C 7C 8C 9C", "5S 6S 7S 8S 9S"]
    s = deal(rules, hands).play(0, P("KH KH"))
    legal = {format_cards(p) for p in s.legal_plays()}
    if protection:
        assert legal == protected("KH KH", "8H 8H 7H 7H 3H")
        s = s.play(1, P("7H 3H"))
        assert GameState.from_json(s.to_json()) == s
        assert GameState.from_text(s.to_text()) == s
    else:
        assert legal == {"8H 8H", "7H 7H"}
        with pytest.raises(IllegalAction, match="R7.3"):
            s.play(1, P("7H 3H"))


def test_r7_3_tractor_protection_round_trips_and_old_data_reads_without_it() -> None:
    """The field travels through ``to_dict``, the codec, the JSON Schema and a game record;
    rules data from before 0.4 lacks it and reads as no protection (today's behaviour)."""
    rules = Rules(tractor_protection=True, follow_draw="tractor_on_tractor")
    assert Rules.from_dict(rules.to_dict()) == rules
    assert from_data(Rules, to_data(Rules, rules)) == rules
    schema = Rules.json_schema()["properties"]["tractor_protection"]
    assert schema["type"] == "boolean" and schema["default"] is False
    old = dict(to_data(Rules, Rules()))
    del old["tractor_protection"]
    assert from_data(Rules, old) == Rules()
    game = Game(rules, 31)
    rng = random.Random(31)
    while not game.state.is_terminal:
        game.apply(random_action(game.state, rng))
    again = replay(write_record(game), partial=True)
    assert again.rules == rules and again.state == game.state


# ---------------------------------------------------------------------------------------------
# Rules.ruff_shape (R7.4)

TRACTOR3 = "6D 6D 5D 5D 4D 4D"


def test_r7_4_ruff_shape_exact_discards_a_play_of_another_shape() -> None:
    """``"exact"`` (RULES.md R7.4): ♠9988 33 does not fit the tractor ♦665544, a discard."""
    assert not is_ruff(P(TRACTOR3), P("9S 9S 8S 8S 3S 3S"), T10S)
    assert winner([TRACTOR3, "9S 9S 8S 8S 3S 3S"], "exact", "first_difference") == 0


def test_r7_4_ruff_shape_counts_reads_seed_000_literally() -> None:
    """``"counts"``, seed 000: 毙牌时所出的牌必须是主牌，且其拖拉机的数目不得少于首家出的牌中的
    拖拉机的数目对牌的数目也不得少于首家出的牌中的对牌的数目，否则被视为垫牌: ♠9988 33 has one
    tractor and three pairs, as many as ♦665544, and ruffs it."""
    assert is_ruff(P(TRACTOR3), P("9S 9S 8S 8S 3S 3S"), T10S, ruff_shape="counts")
    assert ref_is_ruff(P(TRACTOR3), P("9S 9S 8S 8S 3S 3S"), T10S, "counts")
    assert winner([TRACTOR3, "9S 9S 8S 8S 3S 3S"], "counts", "first_difference") == 1


def test_r7_4_ruff_shape_counts_still_needs_the_tractors_and_the_pairs() -> None:
    """``"counts"``: three pairs without a tractor (♠997755), or a tractor with too few pairs
    (♠9988 4 3), stay discards."""
    for play in ("9S 9S 7S 7S 5S 5S", "9S 9S 8S 8S 4S 3S"):
        assert not is_ruff(P(TRACTOR3), P(play), T10S, ruff_shape="counts"), play
        assert winner([TRACTOR3, play], "counts", "first_difference") == 0


def test_r7_4_ruff_shape_counts_compares_ruffs_by_the_counted_units() -> None:
    """``"counts"``, seed 000: 毙牌的大小以毙牌中的拖拉机和对牌大小为准: ruffs compare as one
    tractor and one pair; ♠QQJJ 44 over-ruffs ♠9988 33, ♠776655 (tractor 77 66, pair 55) does
    not. With ``"exact"`` only ♠776655 ruffs."""
    plays = [TRACTOR3, "9S 9S 8S 8S 3S 3S", "7S 7S 6S 6S 5S 5S", "QS QS JS JS 4S 4S"]
    assert winner(plays, "counts", "first_difference") == 3
    assert winner(plays[:3], "counts", "first_difference") == 1
    assert winner(plays, "exact", "first_difference") == 2


@pytest.mark.parametrize(("ruff_shape", "won_by"), [("exact", 0), ("counts", 1)])
def test_r7_4_ruff_shape_in_a_deal(ruff_shape: RuffShape, won_by: int) -> None:
    """The state machine scores the trick as ``Rules.ruff_shape`` says, and the finished
    trick reads back (the record's check replays the winner under the same rules)."""
    rules = Rules(ruff_shape=ruff_shape)
    s = deal(rules, [TRACTOR3, "9S 9S 8S 8S 3S 3S", "2C 3C 4C 5C 6C 7C", "5H 6H 7H 8H 9H JH"])
    s = s.play(0, P(TRACTOR3)).play(1, P("9S 9S 8S 8S 3S 3S"))
    s = s.play(2, P("2C 3C 4C 5C 6C 7C")).play(3, P("5H 6H 7H 8H 9H JH"))
    assert s.tricks[-1].winner == won_by
    assert GameState.from_json(s.to_json()) == s


# ---------------------------------------------------------------------------------------------
# Rules.throw_ruff (R7.5)

PAIRS_THROW = "AD AD 9D 9D"  # two pairs, not a tractor (J, Q, K lie between)


@pytest.mark.parametrize(
    ("throw_ruff", "won_by"),
    [
        ("first_difference", 2),
        ("highest", 2),
        ("largest_unit", 2),
        ("all_units", 1),
        ("every_unit", 1),
        ("largest_then_next", 2),
    ],
)
def test_r7_5_throw_ruff_all_units_needs_every_pair_higher(
    throw_ruff: ThrowRuff, won_by: int
) -> None:
    """Throw ♦AA 99 ruffed by ♠QQ 33, then ♠AA 22. ``"first_difference"`` (RULES.md R7.5,
    seed 000's 盖毙 example: the first pair decides), ``"highest"`` and ``"largest_unit"`` give
    it to ♠AA 22; ``"all_units"`` (seed 000's 以毙牌中的拖拉机和对牌大小为准 read as every unit)
    keeps ♠QQ 33, since ♠22 is below ♠33."""
    plays = [PAIRS_THROW, "QS QS 3S 3S", "AS AS 2S 2S"]
    assert winner(plays, "exact", throw_ruff) == won_by


@pytest.mark.parametrize(
    ("throw_ruff", "won_by"),
    [
        ("first_difference", 2),
        ("highest", 1),
        ("largest_unit", 2),
        ("all_units", 2),
        ("every_unit", 1),
        ("largest_then_next", 2),
    ],
)
def test_r7_5_throw_ruff_highest_compares_the_single_highest_card(
    throw_ruff: ThrowRuff, won_by: int
) -> None:
    """Throw ♦AA K (seed 000's 544 example shape: a pair and a single) ruffed by ♠33 BJ, then
    ♠55 4: the pairs decide (55 beats 33) except under ``"highest"`` (house rule), where the
    big joker is the highest card, and ``"every_unit"``, where ♠4 does not beat the BJ."""
    plays = ["AD AD KD", "3S 3S BJ", "5S 5S 4S"]
    assert winner(plays, "exact", throw_ruff) == won_by


@pytest.mark.parametrize(
    ("throw_ruff", "won_by"),
    [
        ("first_difference", 2),
        ("highest", 1),
        ("largest_unit", 1),
        ("all_units", 1),
        ("every_unit", 1),
        ("largest_then_next", 2),
    ],
)
def test_r7_5_throw_ruff_largest_unit_ignores_the_smaller_units(
    throw_ruff: ThrowRuff, won_by: int
) -> None:
    """Throw ♦AA 99 ruffed by ♥10♥10 ♠33, then ♣10♣10 ♠55: the level pairs are equal (R3.1),
    so ``"first_difference"`` goes on to ♠55 over ♠33, and so does ``"largest_then_next"``
    (the app's unit length: the next unit decides a tie); ``"largest_unit"`` (the largest
    units only, as seed 002 counts a throw by 甩牌中最大的牌型) keeps the first ruff."""
    plays = [PAIRS_THROW, "10H 10H 3S 3S", "10C 10C 5S 5S"]
    assert winner(plays, "exact", throw_ruff) == won_by


@pytest.mark.parametrize(
    ("throw_ruff", "won_by"),
    [
        ("first_difference", 2),
        ("highest", 1),
        ("largest_unit", 2),
        ("all_units", 2),
        ("every_unit", 1),
        ("largest_then_next", 2),
    ],
)
def test_r7_5_every_unit_counts_the_singles_of_a_throw(throw_ruff: ThrowRuff, won_by: int) -> None:
    """Issue #31's example: lead ♦A ♦55, ruffs ♠K ♠33 then ♠6 ♠44. ``"all_units"`` ignores
    the singles and gives the trick to ♠6 ♠44 (44 beats 33); ``"every_unit"`` (the online
    app's default: every unit, singles included) keeps ♠K ♠33, since ♠6 does not beat ♠K."""
    assert winner(["AD 5D 5D", "KS 3S 3S", "6S 4S 4S"], "exact", throw_ruff) == won_by


def test_r7_5_every_unit_may_split_off_lower_pairs_to_keep_high_singles() -> None:
    """``"every_unit"``: lead ♦A ♦K ♦55, ruffed by ♠66 ♠Q ♠J, then by ♠AA ♠77. Its best split
    (pair AA, singles 7 7) loses the singles, but the split pair 77, singles A A beats the
    pair 66 and both singles: the second ruff wins. With ♠AA ♠55 no split beats every unit
    (55 is below 66, and 5 below J)."""
    lead, first = "AD KD 5D 5D", "6S 6S QS JS"
    assert winner([lead, first, "AS AS 7S 7S"], "exact", "every_unit") == 2
    assert winner([lead, first, "AS AS 5S 5S"], "exact", "every_unit") == 1
    assert winner([lead, first, "AS AS 5S 5S"], "exact", "all_units") == 2


def test_r7_5_every_unit_ties_do_not_beat() -> None:
    """``"every_unit"`` wants every unit strictly higher: lead ♦AA ♦K ruffed by ♥10♥10 ♠A, then
    by ♣10♣10 BJ: the level pairs are equal (R3.1), so the first ruff stands though the big
    joker beats ♠A. ``"largest_then_next"`` also keeps it: the pairs tie and a single never
    decides in a throw holding a pair (R7.5's singles rule, as the app skips them)."""
    plays = ["AD AD KD", "10H 10H AS", "10C 10C BJ"]
    for throw_ruff in ("every_unit", "largest_then_next", "first_difference", "all_units"):
        assert winner(plays, "exact", throw_ruff) == 1, throw_ruff  # type: ignore[arg-type]
    assert winner(plays, "exact", "highest") == 2


def test_r7_5_largest_then_next_reads_like_first_difference() -> None:
    """``"largest_then_next"`` (the app's unit length): the largest units first, and on a tie
    the next; as R7.5's order already puts the largest units first (highest first among one
    size), it gives the winner ``"first_difference"`` gives on every example here, where
    ``"largest_unit"`` differs on the tie of ♥10♥10 and ♣10♣10."""
    examples = [
        [PAIRS_THROW, "QS QS 3S 3S", "AS AS 2S 2S"],
        [PAIRS_THROW, "10H 10H 3S 3S", "10C 10C 5S 5S"],
        ["AD AD KD", "3S 3S BJ", "5S 5S 4S"],
        ["KD KD QD QD 5D 5D", "6S 6S 5S 5S 8S 8S", "9S 9S 8S 8S 7S 7S"],
        ["AD 9D 5D", "KS 7S 3S", "AS 6S 2S"],
    ]
    for plays in examples:
        assert winner(plays, "exact", "largest_then_next") == winner(
            plays, "exact", "first_difference"
        )
    assert winner(examples[1], "exact", "largest_unit") == 1


def test_r7_5_throw_ruff_all_units_may_use_any_split() -> None:
    """``"all_units"``: ♠998877 beats ♠6655 88 on the thrown ♦KKQQ 55 by splitting into the
    tractor 8877 and the pair 99 (each above 6655 and 88), though its best split (9988, 77)
    would not beat the pair 88."""
    plays = ["KD KD QD QD 5D 5D", "6S 6S 5S 5S 8S 8S", "9S 9S 8S 8S 7S 7S"]
    for throw_ruff in THROW_RUFFS:
        assert winner(plays, "exact", throw_ruff) == 2, throw_ruff


def test_r7_5_throw_ruff_leaves_one_unit_leads_alone() -> None:
    """A one-unit lead is no throw: every ``throw_ruff`` compares its ruffs the same way."""
    for throw_ruff in THROW_RUFFS:
        assert winner(["KD KD", "3S 3S", "4S 4S", "2S 2S"], "exact", throw_ruff) == 2
        assert winner([TRACTOR3, "9S 9S 8S 8S 3S 3S", "JS JS 9S 9S 8S 8S"], "counts", throw_ruff)


@pytest.mark.parametrize(
    ("throw_ruff", "won_by"),
    [("first_difference", 2), ("all_units", 1), ("every_unit", 1), ("largest_then_next", 2)],
)
def test_r7_5_throw_ruff_in_a_deal(throw_ruff: ThrowRuff, won_by: int) -> None:
    """The state machine scores a ruffed throw that stood (R6.3: nobody holds a ♦) as
    ``Rules.throw_ruff`` says."""
    rules = Rules(throw_ruff=throw_ruff)
    s = deal(rules, [PAIRS_THROW, "QS QS 3S 3S", "AS AS 2S 2S", "5C 6C 7C 8C"])
    for seat, play in enumerate([PAIRS_THROW, "QS QS 3S 3S", "AS AS 2S 2S", "5C 6C 7C 8C"]):
        s = s.play(seat, P(play))
    assert s.tricks[-1].winner == won_by
    assert GameState.from_json(s.to_json()) == s


@pytest.mark.parametrize(("throw_ruff", "won_by"), [("all_units", 2), ("every_unit", 1)])
def test_r7_5_every_unit_in_a_deal(throw_ruff: ThrowRuff, won_by: int) -> None:
    """Issue #31's example in a deal: seat 0 throws ♦A ♦55 (nobody holds a ♦), seat 1 ruffs
    ♠K ♠33, seat 2 ♠6 ♠44: the state machine gives the trick as ``Rules.throw_ruff`` says,
    and the record reads back."""
    plays = ["AD 5D 5D", "KS 3S 3S", "6S 4S 4S", "5C 6C 7C"]
    s = deal(Rules(throw_ruff=throw_ruff), plays)
    for seat, play in enumerate(plays):
        s = s.play(seat, P(play))
    assert s.tricks[-1].winner == won_by
    assert GameState.from_json(s.to_json()) == s
    assert Rules.from_dict(s.rules.to_dict()) == s.rules


# ---------------------------------------------------------------------------------------------
# Bad values


@pytest.mark.parametrize(
    ("call", "rule"),
    [
        (lambda: is_legal_follow(P("KH"), P("QH"), P("QH"), T10S, follow_draw="shape"), "R7.3"),
        (lambda: legal_follows(P("KH"), P("QH"), T10S, follow_draw="x"), "R7.3"),
        (lambda: is_ruff(P("KH"), P("3S"), T10S, ruff_shape="count"), "R7.4"),
        (lambda: trick_winner([P("KH"), P("3S")], T10S, throw_ruff="top"), "R7.5"),
        (lambda: Rules(follow_draw="pair"), "R7.3"),
        (lambda: Rules(ruff_shape="loose"), "R7.4"),
        (lambda: Rules(throw_ruff="best"), "R7.5"),
    ],
)
def test_unknown_house_rule_values_are_refused(call: object, rule: str) -> None:
    with pytest.raises(ConfigurationError, match=rule):
        call()  # type: ignore[operator]


def test_house_rule_values_of_the_wrong_type_are_type_errors() -> None:
    with pytest.raises(TypeError, match="follow_draw"):
        is_legal_follow(P("KH"), P("QH"), P("QH"), T10S, follow_draw=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="throw_ruff"):
        Rules(throw_ruff=None)  # type: ignore[arg-type]


def test_house_rules_show_in_repr_and_round_trip() -> None:
    rules = Rules(follow_draw="suit_only", ruff_shape="counts", throw_ruff="all_units")
    assert repr(rules) == (
        "Rules(follow_draw='suit_only', ruff_shape='counts', throw_ruff='all_units')"
    )
    assert Rules.from_dict(rules.to_dict()) == rules
    assert from_data(Rules, to_data(Rules, rules)) == rules
    schema = Rules.json_schema()["properties"]
    assert schema["throw_ruff"]["enum"] == list(THROW_RUFFS)
    assert schema["follow_draw"]["default"] == "pairs"


def test_old_rules_data_reads_with_todays_trick_rules() -> None:
    """Records written before these fields read back with today's values."""
    data = dict(to_data(Rules, Rules()))
    for name in ("follow_draw", "ruff_shape", "throw_ruff"):
        del data[name]
    assert from_data(Rules, data) == Rules()


# ---------------------------------------------------------------------------------------------
# Rules.follow_draw = "largest_unit_first" (R7.3, the online app's order, issue #42)
# ---------------------------------------------------------------------------------------------

# A trump throw of two tractors, ♠ 998877 + ♠ 5544 (level 10, trump ♠), where the online app's
# order differs from R7.3's ranking: the app breaks down the unit with the most ways left first
# (the tractor of three), so "a tractor of two and three pairs" comes before "a tractor of three
# and two pairs". The holdings' pairs ♠22, ♥10♥10 (off-suit level cards) and BJBJ touch no other
# pair held.
TWO_TRACTORS = "9S 9S 8S 8S 7S 7S 5S 5S 4S 4S"


def follow_keys(lead: str, hand: str, draw: FollowDraw) -> set[tuple[int, ...]]:
    """The legal follows as sorted card ids (checked against the reference by `follows`)."""
    return {as_key(P(p)) for p in follows(lead, hand, draw)}


def test_r7_3_largest_unit_first_accepts_a_tractor_of_two_and_three_pairs() -> None:
    """The holding ♠ 998877 (a tractor of three) + ♠55 + ♠22 + ♥10♥10 after ♠ AAKKQQ + SJSJ BJBJ
    (a throw nobody can beat): R7.3 (``"pairs"``) owes a tractor of three and two pairs, so
    ♠9988 55 22 ♥10♥10 is refused; the app's order owes a tractor of two and three pairs
    first, which it is, and accepts it (and the tractor of three with two pairs, which fits
    that shape too). The state machine plays it under the value and refuses it by default."""
    lead = "AS AS KS KS QS QS SJ SJ BJ BJ"
    hand = "9S 9S 8S 8S 7S 7S 5S 5S 2S 2S 10H 10H"
    play = "9S 9S 8S 8S 5S 5S 2S 2S 10H 10H"
    app = follow_keys(lead, hand, "largest_unit_first")
    assert as_key(P(play)) in app and as_key(P("9S 9S 8S 8S 7S 7S 5S 5S 2S 2S")) in app
    assert as_key(P(play)) not in follow_keys(lead, hand, "pairs")
    hands = [
        f"{lead} 4D 5D",
        hand,
        "5C 6C 7C 8C 9C 3C 3C JC JC AC 6D 7D",
        "5H 6H 7H 8H 9H 3H 3H JH JH QH 9D AD",
    ]
    state = deal(Rules(follow_draw="largest_unit_first"), hands)
    after = state.play(0, P(lead)).play(1, P(play))
    assert as_key(after.trick[1]) == as_key(P(play))
    with pytest.raises(IllegalAction, match="R7.3"):
        deal(Rules(), hands).play(0, P(lead)).play(1, P(play))


def test_r7_3_largest_unit_first_may_owe_fewer_pairs_than_the_holding_has() -> None:
    """Five loose pairs ♠ 22 JJ KK ♥10♥10 BJBJ and ♠3 against the two tractors: every shape of
    five pairs in the app's order asks for a tractor, and it breaks the tractor of three down
    to a tractor of two and two singles before it breaks the tractor of two into pairs, so the
    first shape five loose pairs fit is four pairs and two singles. R7.3 (``"pairs"``) owes
    all five pairs."""
    hand = "KS KS JS JS 2S 2S 10H 10H BJ BJ 3S"
    four_pairs = "KS KS JS JS 2S 2S 10H 10H BJ 3S"
    assert as_key(P(four_pairs)) in follow_keys(TWO_TRACTORS, hand, "largest_unit_first")
    assert follow_keys(TWO_TRACTORS, hand, "pairs") == {
        as_key(P("KS KS JS JS 2S 2S 10H 10H BJ BJ"))
    }


def test_r7_3_largest_unit_first_reads_the_apps_long_tractor_test() -> None:
    """The app's own test (its long tractor drawing pairs; level K, trump ♠): ♠778899 led,
    the next seat holds ♠4 ♠10 ♠A, ♥K ♦K ♣K (off-suit level cards, trump) and ♠KK: it owes the
    pair, so ♠4 ♠10 ♠A ♥K ♦K ♣K is refused and ♠4 ♠10 ♠A ♥K ♠KK is taken."""
    trump = Trump(Rank.KING, Suit.SPADES)
    hand = P("4S 10S AS KH KD KC KS KS")
    lead = P("7S 7S 8S 8S 9S 9S")
    plays = {
        format_cards(p) for p in legal_follows(lead, hand, trump, follow_draw="largest_unit_first")
    }
    assert format_cards(P("4S 10S AS KH KD KC")) not in plays
    assert any(p.count("KS") == 2 for p in [x.split() for x in plays])
    assert all(p.split().count("KS") == 2 for p in plays)


@pytest.mark.parametrize("draw", ["pairs", "largest_unit_first"])
def test_r7_3_the_app_order_agrees_with_r7_3_on_leads_of_one_unit_and_pair_throws(
    draw: FollowDraw,
) -> None:
    """Where the lead has one unit, or no tractor, the app's order is R7.3's ranking: the same
    follows from ♥ KKQQJJ 66 3 after ♥ 887766 and after ♥ 99 55 4."""
    hand = "KH KH QH QH JH JH 6H 6H 3H"
    for lead in ("8H 8H 7H 7H 6H 6H", "9H 9H 5H 5H 4H"):
        assert follows(lead, hand, draw) == follows(lead, hand, "pairs")


def test_r7_3_largest_unit_first_is_refused_with_tractor_protection() -> None:
    with pytest.raises(ConfigurationError, match="R7.3") as info:
        Rules(follow_draw="largest_unit_first", tractor_protection=True)
    assert "'largest_unit_first'" in str(info.value)


def test_r7_3_the_breakdown_order_is_the_apps_on_its_own_test_lists() -> None:
    """The app's unit tests of its decompositions, read for two decks (tuples of one or two
    cards): a pair gives way to two singles; a tractor of two to two pairs, a pair and two
    singles, four singles; a tractor of three to a tractor of two and a pair, three pairs, a
    tractor of two and two singles, two pairs and two singles, a pair and four singles, six
    singles; two pairs to a pair and two singles, then four singles. Each shape is
    ``(tractors, total pairs)``, the lead's own first."""
    assert breakdown_order((1,)) == (((), 1), ((), 0))
    assert breakdown_order((2,)) == (((2,), 2), ((), 2), ((), 1), ((), 0))
    assert breakdown_order((3,)) == (
        ((3,), 3),
        ((2,), 3),
        ((), 3),
        ((2,), 2),
        ((), 2),
        ((), 1),
        ((), 0),
    )
    assert breakdown_order((1, 1)) == (((), 2), ((), 1), ((), 0))
    # Two tractors: the tractor of three (six steps) gives way before the tractor of two.
    assert breakdown_order((3, 2))[:4] == (((3, 2), 5), ((2, 2), 5), ((2,), 5), ((2, 2), 4))
    assert breakdown_order((3, 2))[-1] == ((), 0)
