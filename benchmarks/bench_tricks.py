"""Time the trick rules on random realistic positions (R6, R7): median microseconds per call.

Positions are seeded: four 25-card hands dealt from a shuffled 108-card deck under a random
trump context; the lead is one unit of a random suit of the leader's hand (a single, pair or
tractor) or, one time in five, a throw of two or three units; the followers' plays are random
legal follows. Run ``python benchmarks/bench_tricks.py [seconds]``; :func:`run` returns the
figures for ``python -m tuolaji bench``.

Each position is timed over a few repetitions and the median of the per-call times over all
positions is reported; the first call on a position fills the per-lead cache, as it does in a
game where three followers and the trick winner share one lead.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence

from tuolaji import Card, Rank, Suit, Trump, full_deck, units
from tuolaji.legal import legal_follows, legal_leads
from tuolaji.tricks import check_throw, is_legal_follow, trick_winner

Position = tuple[
    Trump,
    tuple[tuple[Card, ...], ...],  # the four hands; hands[0] leads
    tuple[Card, ...],  # the lead
    tuple[tuple[Card, ...], ...],  # the plays of the trick: lead and three follows
]


def _realistic_lead(hand: Sequence[Card], trump: Trump, rng: random.Random) -> tuple[Card, ...]:
    by_suit: dict[int, list[Card]] = {}
    for card in hand:
        by_suit.setdefault(trump.effective_suit(card), []).append(card)
    suit_cards = by_suit[rng.choice(sorted(by_suit))]
    split = list(units(suit_cards, trump))
    if len(split) > 1 and rng.random() < 0.2:
        chosen = rng.sample(split, rng.randint(2, min(3, len(split))))
    else:
        chosen = [rng.choice(split)]
    return tuple(c for u in chosen for c in u.cards)


def positions(count: int, seed: int = 1) -> list[Position]:
    """``count`` seeded random positions."""
    rng = random.Random(seed)
    out: list[Position] = []
    deck = list(full_deck())
    while len(out) < count:
        rng.shuffle(deck)
        trump = Trump(
            rng.choice(list(Rank)),
            rng.choice([*Suit, None]),
            permanent_twos=rng.random() < 0.1,
        )
        hands = tuple(tuple(deck[25 * i : 25 * i + 25]) for i in range(4))
        lead = _realistic_lead(hands[0], trump, rng)
        plays = [lead] + [legal_follows(lead, hands[s], trump).sample(rng) for s in (1, 2, 3)]
        out.append((trump, hands, lead, tuple(plays)))
    return out


def _median_us(call: Callable[[], object], reps: int) -> float:
    start = time.perf_counter()
    for _ in range(reps):
        call()
    return (time.perf_counter() - start) / reps * 1e6


def _bench(
    name: str, make: Callable[[Position], Callable[[], object]], pos: list[Position],
    seconds: float, reps: int = 5,
) -> float:
    calls = [make(p) for p in pos]
    samples: list[float] = []
    deadline = time.perf_counter() + seconds
    while True:
        for call in calls:
            samples.append(_median_us(call, reps))
        if time.perf_counter() >= deadline:
            break
    return statistics.median(samples)


def run(seconds: float = 1.0, count: int = 300, seed: int = 1) -> dict[str, float]:
    """Median microseconds per call of each timed operation, about ``seconds`` each."""
    pos = positions(count, seed)
    rng = random.Random(seed)
    benches: dict[str, Callable[[Position], Callable[[], object]]] = {
        "is_legal_follow": lambda p: lambda: is_legal_follow(p[2], p[1][1], p[3][1], p[0]),
        "trick_winner": lambda p: lambda: trick_winner(p[3], p[0]),
        "check_throw": lambda p: lambda: check_throw(p[2], p[1][1:], p[0]),
        "legal_leads.sample": lambda p: lambda: legal_leads(p[1][0], p[0]).sample(rng),
        "legal_follows.sample": lambda p: lambda: legal_follows(p[2], p[1][1], p[0]).sample(rng),
        "len(legal_follows)": lambda p: lambda: len(legal_follows(p[2], p[1][1], p[0])),
    }
    return {name: _bench(name, make, pos, seconds) for name, make in benches.items()}


def main(argv: Sequence[str] = ()) -> None:
    seconds = float(argv[0]) if argv else 1.0
    for name, us in run(seconds).items():
        print(f"{name:24s} {us:8.2f} µs")


if __name__ == "__main__":
    main(sys.argv[1:])
