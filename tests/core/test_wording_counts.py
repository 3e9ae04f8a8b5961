"""Counts in the trick rules' messages agree with their number (issue #34): "1 card",
"2 cards", one helper (``tuolaji.core.wording.counted``) for all of them."""

from __future__ import annotations

import pytest

import tuolaji as tl
from tuolaji.core import wording
from tuolaji.core.cards import parse_cards


def ids(text: str) -> list[int]:
    return [card.id for card in parse_cards(text)]


TABLE = tl.Trump(tl.Rank.TWO, tl.Suit.HEARTS).table


@pytest.mark.parametrize(
    ("n", "noun", "expected"),
    [
        (0, "card", "0 cards"),
        (1, "card", "1 card"),
        (2, "card", "2 cards"),
        (1, "♥ card", "1 ♥ card"),
    ],
)
def test_counted_agrees_with_its_number(n: int, noun: str, expected: str) -> None:
    assert wording.counted(n, noun) == expected


def test_a_follow_of_three_to_a_single_says_one_card() -> None:
    message = str(wording.count_error(ids("♦A"), 3, TABLE))
    assert message == "R7.1: the lead ♦A has 1 card; play exactly 1, not 3"
    assert str(wording.empty_follow_error(ids("♦A"), TABLE)).startswith(
        "R7.1: the lead ♦A has 1 card;"
    )
    assert "has 2 cards" in str(wording.count_error(ids("♦AA"), 3, TABLE))


def test_an_off_suit_follow_to_a_single_says_one_card() -> None:
    message = str(wording.off_suit_error(ids("♠7"), 0, 6, ids("BJ"), TABLE))
    assert "play 1 ♠ card and no others (not BJ)" in message
    assert "you hold 6 ♠ cards" in message
    one = str(wording.off_suit_error(ids("♠7"), 0, 1, ids("BJ"), TABLE))
    assert "you hold 1 ♠ card;" in one


def test_a_short_holding_of_one_card_says_it() -> None:
    exact = str(wording.short_error(ids("♠7"), 0, ids("♠3"), TABLE))
    assert "you hold exactly 1 ♠ card (♠3); play it" in exact
    short = str(wording.short_error(ids("♠77"), 0, ids("♠3"), TABLE))
    assert short.endswith("play it and 1 other card")
