"""Names that said nothing or that two public things shared were renamed in 0.3.0 (#18 item
5); the old names keep working for one release with a DeprecationWarning, and the deck's
figures are named constants (R1.1, R1.2, R4.1)."""

from __future__ import annotations

import importlib

import pytest

import tuolaji as tl
from tuolaji.core import cards, deal, trickids, tricks
from tuolaji.core.scoring import net_throw_penalty

T = tl.Trump(tl.Rank.TEN, tl.Suit.SPADES)
P = tl.parse_cards


@pytest.mark.parametrize(
    ("module", "old", "new"),
    [
        ("tuolaji", "trick_points", "points_in_trick"),
        ("tuolaji", "kitty_multiplier", "kitty_multiplier_for_lead"),
        ("tuolaji.core.tricks", "trick_points", "points_in_trick"),
        ("tuolaji.core.scoring", "kitty_multiplier", "kitty_multiplier_for_lead"),
        ("tuolaji.core.scoring", "throw_penalty", "net_throw_penalty"),
        ("tuolaji.core.legal", "Play", "PlayCards"),
    ],
)
def test_an_old_name_warns_and_is_the_new_one(module: str, old: str, new: str) -> None:
    mod = importlib.import_module(module)
    with pytest.warns(DeprecationWarning, match=new):
        value = getattr(mod, old)
    assert value is getattr(mod, new)
    assert old not in mod.__all__ and new in mod.__all__


@pytest.mark.parametrize(
    "name", ["lead_info_ids", "follow_code_ids", "winner_so_far", "challenge", "LeadInfo"]
)
def test_kernels_moved_to_trickids_still_import_from_tricks(name: str) -> None:
    """0.2 listed the id-level kernels in tricks' __all__; they live in trickids now."""
    with pytest.warns(DeprecationWarning, match=f"tuolaji.core.trickids.{name}"):
        value = getattr(tricks, name)
    assert value is getattr(trickids, name)
    assert name not in tricks.__all__ and name in trickids.__all__


def test_tricks_lists_only_its_card_level_functions() -> None:
    """#18: the public functions on cards stay in tricks; kernels on ids are trickids'."""
    functions = [n for n in tricks.__all__ if callable(getattr(tricks, n)) and n[0].islower()]
    assert len(functions) == 10
    with pytest.warns(DeprecationWarning, match="points_in_trick_ids"):
        assert tricks.trick_points_ids is trickids.points_in_trick_ids  # type: ignore[attr-defined]


def test_old_table_helpers_still_answer() -> None:
    with pytest.warns(DeprecationWarning):
        assert tricks.tables_for(T.table).order == T.table.order  # type: ignore[attr-defined]
    ids = [c.id for c in P("3H BJ AS 10S")]
    with pytest.warns(DeprecationWarning, match="Trump.sorted"):
        ordered = tricks.canonical_ids(ids, T.table)  # type: ignore[attr-defined]
    assert [tl.CARDS[c] for c in ordered] == list(T.sorted(P("3H BJ AS 10S")))


def test_a_missing_name_is_still_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_name"):
        _ = tl.no_such_name  # type: ignore[attr-defined]


def test_renamed_functions_give_the_rules_answers() -> None:
    """R8.1 points of a trick; R8.2 a pair led last doubles the kitty twice; R6.5 a declarer's
    failed throw adds the penalty to the attackers' total."""
    assert tl.points_in_trick([P("5H KH"), P("10D 2C")]) == 25
    rules = tl.RULESETS["tuolaji"]
    assert tl.kitty_multiplier_for_lead(P("AH AH"), T, rules) == 4
    assert net_throw_penalty([1], 1, rules) == rules.throw_penalty


def test_deck_figures_are_named() -> None:
    """R1.1: two decks of 54 kinds; R4.1: 25 cards to each of 4 seats and 8 in the kitty;
    R6.1: the declarer buries from 33; R1.2: 200 points in all."""
    assert cards.CARD_KINDS == len(tl.CARDS) == 54
    assert cards.DECK_SIZE == len(tl.full_deck()) == 108
    assert cards.SEATS == 4 and cards.HAND_SIZE == 25 and cards.DEALT_CARDS == 100
    assert cards.KITTY_SIZE == deal.KITTY_SIZE == 8 and deal.HAND_SIZE == cards.HAND_SIZE
    assert cards.BURYING_HAND_SIZE == 33
    assert cards.TOTAL_POINTS == tl.points(tl.full_deck()) == 200
    hands, kitty = tl.deal_cards(tl.full_deck())
    assert [len(h) for h in hands] == [cards.HAND_SIZE] * cards.SEATS
    assert len(kitty) == cards.KITTY_SIZE
