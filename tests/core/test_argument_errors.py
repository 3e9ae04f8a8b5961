"""Misuse of the core's public functions raises typed errors naming the argument (#19
finding 7): ``TypeError`` for a wrong type, a :class:`~tuolaji.TuolajiError` for a wrong
value; never an internal ``AttributeError``/``IndexError`` from a kernel."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

import tuolaji as tl
import tuolaji.testing as tlt

T = tl.Trump(tl.Rank.TEN, tl.Suit.SPADES)
HAND = tl.parse_cards("AH AH KH 3D")
LEAD = tl.parse_cards("KH KH")


@pytest.mark.parametrize(
    ("call", "argument"),
    [
        (lambda: tl.points(["AS"]), "cards"),  # type: ignore[list-item]
        (lambda: tl.points("AS"), "cards"),
        (lambda: tl.points(None), "cards"),  # type: ignore[arg-type]
        (lambda: tl.units("AS", T), "cards"),  # type: ignore[arg-type]
        (lambda: tl.units(HAND, None), "trump"),  # type: ignore[arg-type]
        (lambda: tl.shape_of(7, T), "cards"),  # type: ignore[arg-type]
        (lambda: tl.is_tractor(HAND, "trump"), "trump"),  # type: ignore[arg-type]
        (lambda: tl.legal_leads("AS", T), "hand"),  # type: ignore[arg-type]
        (lambda: tl.legal_leads(HAND, None), "trump"),  # type: ignore[arg-type]
        (lambda: tl.legal_follows(LEAD, [1, 2], T), "hand"),  # type: ignore[list-item]
        (lambda: tl.legal_follows(None, HAND, T), "lead"),  # type: ignore[arg-type]
        (lambda: tl.format_cards(None), "cards"),  # type: ignore[arg-type]
        (lambda: tl.format_cards(["AS"]), "cards"),  # type: ignore[list-item]
        (lambda: tl.is_legal_follow(LEAD, HAND, None, T), "play"),  # type: ignore[arg-type]
        (lambda: tl.check_lead(HAND, HAND, 10), "trump"),  # type: ignore[arg-type]
        (lambda: tl.trick_winner(None, T), "plays"),  # type: ignore[arg-type]
        (lambda: tl.trick_winner([LEAD, "KH KH"], T), "plays[1]"),  # type: ignore[list-item]
        (lambda: tl.check_throw(LEAD, None, T), "others"),  # type: ignore[arg-type]
    ],
)
def test_a_wrong_type_raises_type_error_naming_the_argument(
    call: Callable[[], object], argument: str
) -> None:
    with pytest.raises(TypeError, match=rf"^{argument.replace('[', '.').replace(']', '.')} must"):
        call()


def test_text_is_pointed_to_parse_cards() -> None:
    with pytest.raises(TypeError, match="parse_cards"):
        tl.points("AS AS")  # type: ignore[arg-type]


def test_too_many_cards_is_a_value_error_of_the_library() -> None:
    """R1.1: no argument holds more cards than the two decks (bounded read)."""
    with pytest.raises(tl.InvalidCards, match="more than 108"):
        tl.points(iter(tl.CARDS * 10))


def test_sampling_no_leads_raises_no_legal_choice() -> None:
    """R11: an empty hand has nothing to sample; the same error as an empty action set."""
    with pytest.raises(tl.NoLegalChoice, match="R11") as err:
        tl.legal_leads((), T).sample(random.Random(0))
    assert isinstance(err.value, tl.IllegalAction) and err.value.rule == "R11"


def test_sampling_no_follows_raises_no_legal_choice() -> None:
    with pytest.raises(tl.NoLegalChoice):
        tl.legal_follows(LEAD, (), T).sample(random.Random(0))


def test_well_typed_calls_still_answer() -> None:
    assert tl.points(tl.parse_cards("5H 10H KH")) == 25
    assert tl.format_cards(iter(tl.parse_cards("SJ 10H"))) == "SJ 10H"
    assert len(tl.legal_leads(list(HAND), T)) == 6


@pytest.mark.parametrize(
    ("enum", "wrong_type", "wrong_value", "error"),
    [
        (tl.Suit, "S", 4, tl.InvalidCards),
        (tl.Rank, None, 15, tl.InvalidCards),
        (tl.Joker, 2.5, 14, tl.InvalidCards),
        (tl.Phase, 3, "bidding", tl.InvalidRecord),
    ],
)
def test_r11_enum_lookup_errors_are_typed(
    enum: Callable[[object], object], wrong_type: object, wrong_value: object, error: type
) -> None:
    """Looking up an enum member by a wrong value is a `TuolajiError` listing the members (not
    Python's plain `ValueError`); by a wrong type, a `TypeError`; members still look up."""
    with pytest.raises(TypeError, match="are (int|str)s, got"):
        enum(wrong_type)
    with pytest.raises(error, match=r"is not a \w+; members: "):
        enum(wrong_value)
    assert tl.Rank(14) is tl.Rank.ACE and tl.Phase("playing") is tl.Phase.PLAYING


def test_r11_testing_kit_and_adapters_name_the_wrong_argument() -> None:
    state = tl.GameState.new("tuolaji", seed=1)
    with pytest.raises(TypeError, match="state must be a tuolaji.GameState, got dict"):
        tlt.check_cards({})  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="rng must be a random.Random, got int"):
        tlt.random_rules(7)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="action must be a tuolaji action"):
        tlt.check_apply(state, "pass")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="rng must be a random.Random, got NoneType"):
        tl.shuffled_deck(None)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="state must be a tuolaji.GameState"):
        tl.Decision(None)  # type: ignore[arg-type]
    with pytest.raises(tl.IllegalAction, match="R1.3"):
        tl.Decision(state, 4)
