"""Pictures: SVG of hands, tricks and tables; Jupyter reprs; a seat's table hides the
other hands (issue 13, item 4)."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import tuolaji as tl

NS = "{http://www.w3.org/2000/svg}"


def uses(svg_text: str, group: str | None = None) -> list[str]:
    """The card drawings placed (``tl-10H``, ``tl-back``), optionally within one group."""
    root = ET.fromstring(svg_text)
    scope = root
    if group is not None:
        found = [g for g in root.iter(f"{NS}g") if g.get("class") == group]
        assert len(found) == 1, group
        scope = found[0]
    return [u.get("href", "").lstrip("#") for u in scope.iter(f"{NS}use")]


def playing_state(seed: int = 7, plays: int = 6) -> tl.GameState:
    rng = random.Random(seed)
    s = tl.GameState.new("tuolaji", seed=seed)
    while s.phase is not tl.Phase.PLAYING:
        s = s.apply(s.legal_actions().sample(rng))
    for _ in range(plays):
        s = s.apply(s.legal_actions().sample(rng))
    return s


def test_hand_draws_every_card_once_sorted_by_the_trump() -> None:
    trump = tl.Trump(tl.Rank.TEN, tl.Suit.SPADES)
    cards = tl.parse_cards("3S BJ 10H KH KH")
    assert uses(tl.svg.hand(cards, trump)) == ["tl-BJ", "tl-10H", "tl-3S", "tl-KH", "tl-KH"]
    assert uses(tl.svg.hand(cards)) == [tl.svg.card_id(c) for c in cards]


def test_card_defs_hold_all_54_faces_and_the_back() -> None:
    root = ET.fromstring(f"<svg xmlns='http://www.w3.org/2000/svg'>{tl.svg.card_defs()}</svg>")
    ids = {g.get("id") for g in root.iter(f"{NS}g") if g.get("id")}
    assert ids == {tl.svg.card_id(c) for c in tl.CARDS} | {"tl-back"}


def test_trick_labels_each_seat_from_the_leader() -> None:
    plays = [tl.parse_cards("KH KH"), tl.parse_cards("3H 4H")]
    text = tl.svg.trick(plays, leader=3)
    assert uses(text) == ["tl-KH", "tl-KH", "tl-3H", "tl-4H"]
    assert "seat 3" in text and "seat 0" in text


def test_table_shows_every_hand_and_the_current_trick() -> None:
    s = playing_state()
    text = tl.svg.table(s)
    for seat in range(4):
        assert sorted(uses(text, f"seat-{seat}")) == sorted(
            tl.svg.card_id(c) for c in s.hands[seat]
        )
    for i, cards in enumerate(s.trick):
        seat = (s.leader + i) % 4
        assert uses(text, f"trick-{seat}") == [tl.svg.card_id(c) for c in cards]
    assert f"attackers {s.attacker_points}" in text


def test_a_seats_table_hides_the_other_hands() -> None:
    s = playing_state()
    for seat in range(4):
        for picture in (tl.svg.table(s, seat=seat), s.view(seat)._repr_svg_()):
            for other in range(4):
                placed = uses(picture, f"seat-{other}")
                if other == seat:
                    assert sorted(placed) == sorted(tl.svg.card_id(c) for c in s.hands[seat])
                else:
                    assert placed == ["tl-back"] * len(s.hands[other])


def test_jupyter_reprs() -> None:
    s = playing_state()
    assert s._repr_svg_() == tl.svg.table(s)
    assert s._repr_html_().startswith("<div><svg")
    assert s.view(2)._repr_html_().startswith("<div><svg")
    fresh = tl.GameState.new("shuangsheng", seed=1)
    ET.fromstring(fresh._repr_svg_())  # well-formed before any card is dealt
    assert "trump not fixed" in fresh._repr_svg_()
