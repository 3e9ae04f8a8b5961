"""The house rule ``Rules.tractor_min_pairs`` (R3.2, issue #21 item 7) on stacked hands.

The seeds make a tractor of two or more consecutive pairs (双升: 连对至少由两对组成); the house
rule ``3`` (docs/house-rules.md) needs three, and two consecutive pairs are then just two
pairs everywhere: the split (R3.3), what a lead obliges (R7.3), ruffs (R7.4, R7.5), throws
(R6.3) and the kitty multiplier (R8.2). Every engine answer is checked against the brute-force
reference, which reads the value from the trump context. Level 10, trump ♠ throughout.
"""

from __future__ import annotations

import json
import random

import pytest

from reference import (
    as_key,
    ref_check_throw,
    ref_is_ruff,
    ref_kitty_multiplier,
    ref_legal_follows,
    ref_trick_winner,
)
from tuolaji import (
    ConfigurationError,
    Game,
    GameState,
    IllegalAction,
    InvalidRecord,
    Rank,
    Rules,
    Suit,
    Trump,
    format_cards,
    is_tractor,
    parse_cards,
    replay,
    shape_of,
    units,
    write_record,
)
from tuolaji.core.legal import legal_follows
from tuolaji.core.scoring import kitty_multiplier_for_lead
from tuolaji.core.tricks import check_throw, is_legal_follow, is_ruff, trick_winner
from tuolaji.state.codec import from_data, to_data
from tuolaji.testing.driver import random_action

P = parse_cards
TWO = Rules().trump(Rank.TEN, Suit.SPADES)
THREE = Rules(tractor_min_pairs=3).trump(Rank.TEN, Suit.SPADES)


def follows(lead: str, hand: str, trump: Trump) -> set[str]:
    """The legal follows as text, checked against the brute-force reference."""
    plays = legal_follows(P(lead), P(hand), trump)
    assert {as_key(p) for p in plays} == ref_legal_follows(P(lead), P(hand), trump)
    return {format_cards(p) for p in plays}


def winner(plays: list[str], trump: Trump, ruff_shape: str = "exact") -> int:
    """The trick's winner, checked against the brute-force reference."""
    cards = [P(p) for p in plays]
    got = trick_winner(cards, trump, ruff_shape=ruff_shape)  # type: ignore[arg-type]
    assert got == ref_trick_winner(cards, trump, ruff_shape)
    return got


# ---------------------------------------------------------------------------------------------
# R3.2, R3.3: what a tractor is


def test_r3_2_two_consecutive_pairs_are_a_tractor_by_the_seeds() -> None:
    assert is_tractor(P("7H 7H 6H 6H"), TWO)
    assert str(shape_of(P("7H 7H 6H 6H"), TWO)) == "tractor(2)"


def test_r3_2_under_three_two_consecutive_pairs_are_two_pairs() -> None:
    """``3``: ♥7766 is two pairs; ♥887766 is a tractor (docs/house-rules.md)."""
    assert not is_tractor(P("7H 7H 6H 6H"), THREE)
    assert [u.kind for u in units(P("7H 7H 6H 6H"), THREE)] == ["pair", "pair"]
    assert is_tractor(P("8H 8H 7H 7H 6H 6H"), THREE)
    assert str(shape_of(P("8H 8H 7H 7H 6H 6H"), THREE)) == "tractor(3)"
    # The level rank is skipped as under the seeds (R3.2: ♥JJ99 is consecutive).
    assert is_tractor(P("QH QH JH JH 9H 9H"), THREE)
    assert not is_tractor(P("JH JH 9H 9H"), THREE)


def test_r3_3_under_three_a_short_run_beside_a_long_one_stays_pairs() -> None:
    split = units(P("AH AH KH KH QH QH 7H 7H 6H 6H"), THREE)
    assert [(u.kind, u.pairs) for u in split] == [
        ("tractor", 3),
        ("pair", 1),
        ("pair", 1),
    ]
    assert str(shape_of(P("SJ SJ 10S 10S 10H 10H"), THREE)) == "tractor(3)"


# ---------------------------------------------------------------------------------------------
# R7.3: what a lead obliges


def test_r7_3_under_three_a_lead_of_two_consecutive_pairs_obliges_only_pairs() -> None:
    """Lead ♥7766: by the seeds a tractor (♥KKQQ must come out); under ``3`` two pairs, so
    any two pairs held follow."""
    assert follows("7H 7H 6H 6H", "KH KH QH QH 3H 3H", TWO) == {"KH KH QH QH"}
    assert follows("7H 7H 6H 6H", "KH KH QH QH 3H 3H", THREE) == {
        "KH KH QH QH",
        "KH KH 3H 3H",
        "QH QH 3H 3H",
    }


def test_r7_3_under_three_a_tractor_of_three_obliges_no_tractor_of_two() -> None:
    """Lead ♥887766: a holder of ♥KKQQ 55 33 owes a tractor(2) and a pair by the seeds (the
    best candidate, R7.3), but under ``3`` ♥KKQQ is no tractor: any three pairs follow."""
    hand = "KH KH QH QH 5H 5H 3H 3H 2H"
    assert follows("8H 8H 7H 7H 6H 6H", hand, TWO) == {
        "KH KH QH QH 5H 5H",
        "KH KH QH QH 3H 3H",
    }
    assert follows("8H 8H 7H 7H 6H 6H", hand, THREE) == {
        "KH KH QH QH 5H 5H",
        "KH KH QH QH 3H 3H",
        "KH KH 5H 5H 3H 3H",
        "QH QH 5H 5H 3H 3H",
    }
    hand = "AH AH KH KH QH QH 9H 9H 5H 5H 3H"
    assert follows("8H 8H 7H 7H 6H 6H", hand, THREE) == {"AH AH KH KH QH QH"}
    # Lead ♥99887766 (a tractor of four): by the seeds the candidate of two tractors of two
    # ranks above four pairs, so ♥AAKK 5544 is owed; under 3 ♥AAKK and ♥5544 are pairs.
    lead4, hand4 = "9H 9H 8H 8H 7H 7H 6H 6H", "AH AH KH KH 5H 5H 4H 4H 2H 2H 3H"
    assert follows(lead4, hand4, TWO) == {"AH AH KH KH 5H 5H 4H 4H"}
    assert len(follows(lead4, hand4, THREE)) == 5  # any four of the five pairs
    assert is_legal_follow(P(lead4), P(hand4), P("AH AH 5H 5H 4H 4H 2H 2H"), THREE)
    assert not is_legal_follow(P(lead4), P(hand4), P("AH AH 5H 5H 4H 4H 2H 2H"), TWO)


# ---------------------------------------------------------------------------------------------
# R6.3, R7.4, R7.5, R8.2: throws, ruffs, the last trick


def test_r6_3_under_three_two_consecutive_pairs_are_a_throw() -> None:
    """♥7766 is one unit by the seeds (never a throw); under ``3`` a throw of two pairs that
    fails against ♥99 held elsewhere, forcing ♥66 (R6.4)."""
    others = [P("9H 9H"), P("3D"), P("5S")]
    assert check_throw(P("7H 7H 6H 6H"), others, TWO).ok
    result = check_throw(P("7H 7H 6H 6H"), others, THREE)
    assert (result.ok, format_cards(result.forced), result.beaten_by) == (False, "6H 6H", (0,))
    ok, forced, _ = ref_check_throw(P("7H 7H 6H 6H"), others, THREE)
    assert (ok, forced) == (False, as_key(P("6H 6H")))


def test_r7_5_under_three_a_follow_cannot_beat_a_lead_of_two_pairs() -> None:
    """By the seeds ♥9988 beats the tractor ♥7766; under ``3`` the lead is a throw of two
    pairs, which a follow in the suit never beats (R7.5)."""
    assert winner(["7H 7H 6H 6H", "9H 9H 8H 8H"], TWO) == 1
    assert winner(["7H 7H 6H 6H", "9H 9H 8H 8H"], THREE) == 0


def test_r7_4_under_three_two_pairs_of_trump_ruff_two_consecutive_pairs() -> None:
    """Lead ♦7766: by the seeds a tractor, so ♠9944 is a discard and only ♠9988 ruffs; under
    ``3`` two pairs, which any two trump pairs ruff."""
    assert winner(["7D 7D 6D 6D", "9S 9S 4S 4S"], TWO) == 0
    assert winner(["7D 7D 6D 6D", "9S 9S 4S 4S"], THREE) == 1
    assert winner(["7D 7D 6D 6D", "9S 9S 8S 8S"], THREE) == 1


def test_r7_4_ruff_shape_counts_needs_tractors_of_three_under_three() -> None:
    """``ruff_shape="counts"`` (seed 000: 其拖拉机的数目不得少于首家出的牌中的拖拉機的数目): a
    lead ♦88776655 holds one tractor; ♠9988 4433 holds two by the seeds, none under ``3``."""
    lead, ruff = P("8D 8D 7D 7D 6D 6D 5D 5D"), P("9S 9S 8S 8S 4S 4S 3S 3S")
    assert is_ruff(lead, ruff, TWO, ruff_shape="counts")
    assert ref_is_ruff(lead, ruff, TWO, "counts")
    assert not is_ruff(lead, ruff, THREE, ruff_shape="counts")
    assert not ref_is_ruff(lead, ruff, THREE, "counts")
    plays = ["8D 8D 7D 7D 6D 6D 5D 5D", "QS QS JS JS 9S 9S 3S 3S"]
    assert winner(plays, THREE, "counts") == 1


@pytest.mark.parametrize(
    ("mode", "by_seeds", "under_three"),
    [("doubling", 8, 2), ("linear", 8, 4), ("power", 16, 4)],
)
def test_r8_2_the_last_trick_led_by_two_consecutive_pairs(
    mode: str, by_seeds: int, under_three: int
) -> None:
    """A last trick led by ♥7766: a tractor ×8 (doubling) by the seeds; under ``3`` a throw of
    two pairs (doubling: a throw counts as a single, 甩牌抠底按单抠计)."""
    lead = P("7H 7H 6H 6H")
    for trump, want in ((TWO, by_seeds), (THREE, under_three)):
        rules = Rules(tractor_min_pairs=trump.tractor_min_pairs, kitty_multiplier=mode)  # type: ignore[arg-type]
        assert kitty_multiplier_for_lead(lead, trump, rules) == want
        assert ref_kitty_multiplier(lead, trump, mode) == want


# ---------------------------------------------------------------------------------------------
# The field: Rules, Trump, states, JSON, records, text


def test_r3_2_rules_carry_the_field_to_the_trump() -> None:
    assert Rules().tractor_min_pairs == 2
    assert repr(Rules(tractor_min_pairs=3)) == "Rules(tractor_min_pairs=3)"
    assert THREE == Trump(Rank.TEN, Suit.SPADES, tractor_min_pairs=3) != TWO
    assert repr(THREE) == "Trump(Rank.TEN, Suit.SPADES, tractor_min_pairs=3)"
    assert repr(TWO) == "Trump(Rank.TEN, Suit.SPADES)"
    assert str(THREE) == "level 10, trump ♠, tractors of 3+ pairs"
    assert THREE.table.tractor_min_pairs == 3 and TWO.table.tractor_min_pairs == 2


@pytest.mark.parametrize("bad", [1, 4, True, "3", 3.0, None])
def test_r3_2_other_values_are_refused(bad: object) -> None:
    with pytest.raises(ConfigurationError, match=r"tractor_min_pairs.*R3\.2|R3\.2.*tractor"):
        Rules(tractor_min_pairs=bad)  # type: ignore[arg-type]
    with pytest.raises(ConfigurationError, match=r"R3\.2: tractor_min_pairs is 2 or 3"):
        Trump(Rank.TEN, Suit.SPADES, tractor_min_pairs=bad)  # type: ignore[arg-type]


def test_r3_2_json_schema_and_dicts_name_the_field() -> None:
    schema = Rules.json_schema()["properties"]["tractor_min_pairs"]
    assert schema["enum"] == [2, 3] and schema["default"] == 2 and "R3.2" in schema["description"]
    rules = Rules(tractor_min_pairs=3)
    assert Rules.from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
    assert from_data(Rules, json.loads(json.dumps(to_data(Rules, rules)))) == rules
    old = rules.to_dict()
    del old["tractor_min_pairs"]
    assert from_data(Rules, old).tractor_min_pairs == 2  # written before the field


def deal(rules: Rules, hands: list[str]) -> GameState:
    return GameState.for_play(
        rules,
        hands=[P(h) for h in hands],
        kitty=P("KC KC QC QC JD JD 8D 8D"),
        trump=rules.trump(Rank.TEN, Suit.SPADES),
        dealer=0,
        levels=(Rank.TEN, Rank.TWO),
    )


HANDS = ["7H 7H 6H 6H", "9H 9H 2C 3C", "4D 5D 6D 7D", "3S 4S 5S 6S"]


def test_r6_3_a_deal_under_three_fails_the_throw_and_reads_back() -> None:
    rules = Rules(tractor_min_pairs=3)
    s = deal(rules, HANDS).play(0, P("7H 7H 6H 6H"))
    assert s.failed_throws == (0,)
    assert [format_cards(t) for t in s.trick] == ["6H 6H"]
    assert GameState.from_json(s.to_json()) == s
    assert GameState.from_text(s.to_text()) == s
    by_seeds = deal(Rules(), HANDS).play(0, P("7H 7H 6H 6H"))
    assert by_seeds.failed_throws == () and len(by_seeds.trick[0]) == 4


def test_r3_2_a_game_under_three_is_recorded_and_replayed() -> None:
    rules = Rules(tractor_min_pairs=3)
    game = Game(rules, 7)
    rng = random.Random(7)
    for _ in range(150):
        game.apply(random_action(game.state, rng))
    assert game.state.trump is not None and game.state.trump.tractor_min_pairs == 3
    again = replay(write_record(game), partial=True)
    assert again.rules == rules and again.state == game.state


def test_r3_2_a_trump_must_match_the_rules() -> None:
    with pytest.raises(IllegalAction, match="R3.2"):
        GameState.for_play(
            Rules(tractor_min_pairs=3),
            hands=[P(h) for h in HANDS],
            kitty=P("KC KC QC QC JD JD 8D 8D"),
            trump=TWO,
            dealer=0,
            levels=(Rank.TEN, Rank.TWO),
        )


def test_r3_2_old_states_without_the_field_read_as_two() -> None:
    """JSON and position text written before the field hold a trump without it: it reads
    as 2, the seeds' tractors; a value that does not match the rules is refused."""
    s = deal(Rules(), HANDS)
    data = json.loads(s.to_json())
    assert data["trump"]["tractor_min_pairs"] == 2
    del data["trump"]["tractor_min_pairs"]
    assert GameState.from_json(json.dumps(data)) == s
    text = s.to_text()
    assert ",(10,0,0,2)," in text
    assert GameState.from_text(text.replace(",(10,0,0,2),", ",(10,0,0),")) == s
    with pytest.raises(InvalidRecord, match="R3.2"):
        GameState.from_text(text.replace(",(10,0,0,2),", ",(10,0,0,3),"))
    with pytest.raises(InvalidRecord):
        GameState.from_text(text.replace(",(10,0,0,2),", ",(10,0),"))
