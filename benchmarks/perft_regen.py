"""Regenerate ``tests/data/perft.json``: fixed play positions and, per seat still to play in
the current trick, the number of legal plays and of distinct play sequences to the end of the
trick, counted by the brute-force reference (``tests/reference.py``), not by the engine.

Run from the repository root: ``PYTHONPATH=src python benchmarks/perft_regen.py``.

Every position has its lead on the table already: a single unit, or a throw that stands
(R6.3). So no count depends on which unit a failed throw forces (R6.4, ``Rules.forced_unit``).
Following depends only on the lead and the follower's own hand (R7.1-R7.3), so the number of
sequences from a seat is the product of the counts of that seat and the seats after it; the
test walks the engine's state tree instead and must arrive at the same numbers.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "src"))

import tuolaji as tl  # noqa: E402
from reference import ref_check_throw, ref_legal_follows  # noqa: E402

OUT = ROOT / "tests" / "data" / "perft.json"
PRESETS = list(tl.RULESETS)


MAX_SEQUENCES = 20_000  # keeps the engine's walk in the test short


def position(seed: int) -> dict[str, object] | None:
    """One position from ``seed``, or None when it is too big or too plain (every third seed
    leads a throw that stands, when the leader has one): hands of 6 to 12
    cards dealt from 30 card kinds (both copies: two whole suits and four more), so pairs
    and tractors are common; a trump;
    and a lead that cannot fail (a unit, or a throw nobody can beat)."""
    rng = random.Random(seed)
    suits = rng.sample(list(tl.Suit), 2)
    kinds = [c for c in tl.CARDS if c.suit in suits]
    kinds += rng.sample([c for c in tl.CARDS if c not in kinds], 4)
    deck = [c for c in kinds for _ in range(2)]
    rng.shuffle(deck)
    size = rng.randint(6, 12)
    hands = [deck[seat * size : (seat + 1) * size] for seat in range(4)]
    rest = [c for c in tl.full_deck() if c not in kinds]
    kitty = rng.sample(rest, 8)
    preset = PRESETS[seed % len(PRESETS)]
    twos = seed % 5 == 4
    rules = tl.Rules(**{**_fields(tl.RULESETS[preset]), "permanent_twos": twos})
    dealer = rng.randrange(4)
    level = rng.choice(rules.levels)
    suit = rng.choice([*tl.Suit, None])
    trump = rules.trump(level, suit)
    if seed % 2:
        _give_tractor(hands, dealer, suits[0], level, rng)
    hand = hands[dealer]
    others = [hands[(dealer + i) % 4] for i in (1, 2, 3)]
    lead = _standing_throw(hand, others, trump) if seed % 3 == 0 else None
    while lead is None:
        suit_of_lead = trump.effective_suit(rng.choice(hand))
        same = [c for c in hand if trump.effective_suit(c) == suit_of_lead]
        parts = tl.units(same, trump)
        doubled = [u for u in parts if u.pairs]
        tractors = [u for u in parts if u.pairs >= 2]
        if tractors and rng.random() < 0.8:
            lead = rng.choice(tractors).cards
        else:
            lead = rng.choice(doubled if doubled and rng.random() < 0.7 else parts).cards
    counts = []
    for i in (1, 2, 3):
        seat = (dealer + i) % 4
        counts.append({"seat": seat, "plays": len(ref_legal_follows(lead, hands[seat], trump))})
    sequences = 1
    for entry in reversed(counts):
        sequences *= entry["plays"]
        entry["sequences"] = sequences
    if sequences > MAX_SEQUENCES or (len(lead) == 1 and seed % 4):
        return None
    return {
        "name": f"seed {seed}",
        "rules": preset,
        "permanent_twos": twos,
        "trump": {"level": level.label, "suit": None if suit is None else suit.name},
        "dealer": dealer,
        "hands": [tl.format_cards(h) for h in hands],
        "kitty": tl.format_cards(kitty),
        "lead": tl.format_cards(lead),
        "counts": counts,
    }


def _standing_throw(
    hand: list[tl.Card], others: list[list[tl.Card]], trump: tl.Trump
) -> tuple[tl.Card, ...] | None:
    """A throw of two or more units that stands (R6.3, by the reference), or None: per suit,
    the highest units first, as many as still stand."""
    best: tuple[tl.Card, ...] | None = None
    for suit in sorted({trump.effective_suit(c) for c in hand}):
        parts = sorted(
            tl.units([c for c in hand if trump.effective_suit(c) == suit], trump),
            key=lambda u: u.top,
            reverse=True,
        )
        for k in range(len(parts), 1, -1):
            lead = tuple(c for u in parts[:k] for c in u.cards)
            if ref_check_throw(lead, others, trump)[0]:
                if best is None or len(lead) > len(best):
                    best = lead
                break
    return best


def _give_tractor(
    hands: list[list[tl.Card]], seat: int, suit: tl.Suit, level: tl.Rank, rng: random.Random
) -> None:
    """Move both copies of two cards of adjacent ranks of ``suit`` (neither the level nor a
    2) into ``hands[seat]``, swapping out other cards: a tractor to lead (R3.2)."""
    ranks = [r for r in tl.Rank if r not in (level, tl.Rank.TWO)]
    i = rng.randrange(len(ranks) - 1)
    wanted = [c for c in tl.CARDS if c.suit == suit and c.rank in ranks[i : i + 2]]
    hand = hands[seat]
    for other in range(4):
        if other == seat:
            continue
        for j, card in enumerate(hands[other]):
            if card in wanted:
                k = next(k for k, c in enumerate(hand) if c not in wanted)
                hands[other][j], hand[k] = hand[k], card


def _fields(rules: tl.Rules) -> dict[str, object]:
    return {name: getattr(rules, name) for name in rules.__slots__ if not name.startswith("__")}


def main() -> None:
    positions: list[dict[str, object]] = []
    seed = 0
    while len(positions) < 20:
        found = position(seed)
        if found is not None:
            positions.append(found)
        seed += 1
    data = {
        "about": (
            "Perft-style regression counts (issue 14): per seat still to play, the legal "
            "plays and the distinct play sequences to the end of the current trick. "
            "Regenerate with benchmarks/perft_regen.py (brute-force reference)."
        ),
        "positions": positions,
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {len(positions)} positions to {OUT.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
