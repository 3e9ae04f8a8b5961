"""A brute-force reference for the trick rules (R6.3, R6.4, R7.1-R7.6), written from the rule
text and nothing else, to check the fast code of ``tuolaji.core.tricks`` and ``tuolaji.core.legal``.

It is deliberately slow and literal: it enumerates every sub-multiset, every candidate shape
and every split. It uses only the public foundation functions (``units``, ``shape_of``,
``is_tractor``, ``Shape``) and the trump context's positions, never the code under
test. Plays are compared as multisets: sorted tuples of card ids.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import product

from tuolaji import CARDS, TRUMP, Card, Shape, Trump, Unit, is_tractor, shape_of, units

Key = tuple[int, ...]


def as_key(cards: Sequence[Card]) -> tuple[int, ...]:
    """A play as a multiset: its card ids, sorted."""
    return tuple(sorted(c.id for c in cards))


def cards_of(key: Sequence[int]) -> tuple[Card, ...]:
    return tuple(CARDS[i] for i in key)


def sub_multisets(cards: Sequence[Card], size: int | None = None) -> Iterator[tuple[int, ...]]:
    """Every sub-multiset of ``cards`` (of ``size`` cards, if given), each once."""
    counts = sorted(Counter(c.id for c in cards).items())
    for takes in product(*(range(n + 1) for _, n in counts)):
        if size is not None and sum(takes) != size:
            continue
        yield tuple(i for (i, _), k in zip(counts, takes, strict=True) for _ in range(k))


def suit_of(card: Card, trump: Trump) -> int:
    return trump.effective_suit(card)


# ----------------------------------------------------------------------------------- leads


def ref_legal_leads(hand: Sequence[Card], trump: Trump) -> set[tuple[int, ...]]:
    """R6.2: every non-empty sub-multiset of the cards of one effective suit."""
    out: set[tuple[int, ...]] = set()
    for suit in {suit_of(c, trump) for c in hand}:
        same = [c for c in hand if suit_of(c, trump) == suit]
        out.update(key for key in sub_multisets(same) if key)
    return out


# ---------------------------------------------------------------------------- candidate shapes


def _one_split(shape: Shape) -> Iterator[Shape]:
    """Shapes made by splitting one unit: a tractor(k) in two parts (a part of one pair is a
    pair), or a pair into two singles (R7.3)."""
    for i, k in enumerate(shape.tractors):
        rest = shape.tractors[:i] + shape.tractors[i + 1 :]
        for a in range(1, k):
            parts = (a, k - a)
            yield Shape(
                rest + tuple(p for p in parts if p >= 2),
                shape.pairs + sum(1 for p in parts if p == 1),
                shape.singles,
            )
    if shape.pairs:
        yield Shape(shape.tractors, shape.pairs - 1, shape.singles + 2)


def candidate_shapes(shape: Shape) -> list[Shape]:
    """The lead's shape and every shape made from it by splitting units, best first: more
    pairs first, then the tractor lengths (longest first) compared as lists (R7.3)."""
    seen = {shape}
    todo = [shape]
    while todo:
        for nxt in _one_split(todo.pop()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    ranked = sorted(seen, key=lambda s: (s.total_pairs, list(s.tractors)), reverse=True)
    keys = [(s.total_pairs, s.tractors) for s in ranked]
    assert len(set(keys)) == len(keys), "the ranking is a total order on distinct shapes"
    return ranked


def required_shape(lead: Sequence[Card], held: Sequence[Card], trump: Trump) -> Shape:
    """R7.3 literally: the first candidate that some choice from the holding can fit."""
    return _required_shape(as_key(lead), as_key(held), trump)


@lru_cache(maxsize=4096)
def _required_shape(lead_key: tuple[int, ...], held_key: tuple[int, ...], trump: Trump) -> Shape:
    lead, held = cards_of(lead_key), cards_of(held_key)
    n = len(lead)
    choices = [cards_of(k) for k in sub_multisets(held, n)]
    for cand in candidate_shapes(shape_of(lead, trump)):
        if any(ref_fits(choice, cand, trump) for choice in choices):
            return cand
    raise AssertionError("the all-singles candidate always fits")


# ---------------------------------------------------------------------------------- follows


def ref_is_legal_follow(
    lead: Sequence[Card], hand: Sequence[Card], play: Sequence[Card], trump: Trump
) -> bool:
    """R7.1 (count), held, R7.2 (suit), R7.3 (shape), applied literally."""
    n = len(lead)
    if len(play) != n or not play:
        return False
    hand_counts = Counter(c.id for c in hand)
    if any(hand_counts[i] < k for i, k in Counter(c.id for c in play).items()):
        return False
    ls = suit_of(lead[0], trump)
    held = [c for c in hand if suit_of(c, trump) == ls]
    in_suit = [c for c in play if suit_of(c, trump) == ls]
    if len(held) < n:
        return len(in_suit) == len(held)
    if len(in_suit) != n:
        return False
    if len(held) == n:
        return True
    return ref_fits(play, required_shape(lead, held, trump), trump)


def ref_legal_follows(
    lead: Sequence[Card], hand: Sequence[Card], trump: Trump
) -> set[tuple[int, ...]]:
    """Every sub-multiset of the hand that :func:`ref_is_legal_follow` accepts."""
    return {
        key
        for key in sub_multisets(hand, len(lead))
        if ref_is_legal_follow(lead, hand, cards_of(key), trump)
    }


# ----------------------------------------------------------------------------------- winner


def _is_unit(ids: Sequence[int], pairs: int, trump: Trump) -> bool:
    cards = cards_of(ids)
    if pairs == 0:
        return len(ids) == 1
    if pairs == 1:
        return len(ids) == 2 and ids[0] == ids[1]
    return len(ids) == 2 * pairs and is_tractor(cards, trump)


def _top(ids: Sequence[int], trump: Trump) -> int:
    return max(trump.position(CARDS[i]) for i in ids)


def _splits(
    ids: tuple[int, ...], slots: Sequence[int], trump: Trump
) -> Iterator[list[tuple[int, tuple[int, ...]]]]:
    """Every way to take units of ``slots`` (pairs per slot: k>=2 tractor, 1 pair) from ids;
    the cards left over fill the singles."""
    if not slots:
        yield []
        return
    k = slots[0]
    for unit in set(sub_multisets(cards_of(ids), 2 * k)):
        if not _is_unit(unit, k, trump):
            continue
        rest = list(ids)
        for i in unit:
            rest.remove(i)
        for tail in _splits(tuple(rest), slots[1:], trump):
            yield [(k, unit), *tail]


def ref_fits(play: Sequence[Card], shape: Shape, trump: Trump) -> bool:
    """R3.4 by search: can the play be partitioned into units of exactly ``shape``?"""
    if len(play) != shape.size:
        return False
    slots = [*shape.tractors, *([1] * shape.pairs)]
    return any(True for _ in _splits(tuple(sorted(c.id for c in play)), slots, trump))


def best_split_key(play: Sequence[Card], lead_shape: Shape, trump: Trump) -> Key | None:
    """R7.5: compare unit by unit: tractors longest first (highest top first among equal
    lengths), then pairs highest first, singles only for a singles-only lead; the best of all
    splits of the play into the lead's shape. None when no split exists."""
    if len(play) != lead_shape.size:
        return None
    if not lead_shape.tractors and not lead_shape.pairs:
        return tuple(sorted((trump.position(c) for c in play), reverse=True))
    slots = [*lead_shape.tractors, *([1] * lead_shape.pairs)]
    best: Key | None = None
    for split in _splits(tuple(sorted(c.id for c in play)), slots, trump):
        key: list[int] = []
        for length in sorted(set(slots), reverse=True):
            key.extend(sorted((_top(u, trump) for k, u in split if k == length), reverse=True))
        if best is None or tuple(key) > best:
            best = tuple(key)
    return best


def ref_trick_winner(plays: Sequence[Sequence[Card]], trump: Trump) -> int:
    """R7.4-R7.6 literally."""
    lead = plays[0]
    ls = suit_of(lead[0], trump)
    shape = shape_of(lead, trump)
    throw = len(units(lead, trump)) > 1
    best, ruffed = 0, False
    best_key = best_split_key(lead, shape, trump)
    assert best_key is not None
    for i, play in enumerate(plays[1:], start=1):
        suits = {suit_of(c, trump) for c in play}
        key = best_split_key(play, shape, trump)
        if key is None:
            continue  # does not fit the lead's shape: cannot win
        if suits == {ls}:
            if not ruffed and not throw and key > best_key:
                best, best_key = i, key
        elif ls != TRUMP and suits == {TRUMP} and (not ruffed or key > best_key):
            best, best_key, ruffed = i, key, True
    return best


# ----------------------------------------------------------------------------------- throws


def _hand_beats(unit_cards: Sequence[Card], pairs: int, hand: Sequence[Card], trump: Trump) -> bool:
    """R6.3: does ``hand`` hold, in the unit's suit, a higher unit of the same kind?"""
    suit = suit_of(unit_cards[0], trump)
    same_suit = [c for c in hand if suit_of(c, trump) == suit]
    top = max(trump.position(c) for c in unit_cards)
    for other in sub_multisets(same_suit, len(unit_cards)):
        if _is_unit(other, pairs, trump) and _top(other, trump) > top:
            return True
    return False


def _lowest_position(unit_cards: Sequence[Card], trump: Trump) -> int:
    return min(trump.position(c) for c in unit_cards)


def ref_check_throw(
    cards: Sequence[Card],
    others: Sequence[Sequence[Card]],
    trump: Trump,
    forced_unit: str = "lowest",
) -> tuple[bool, tuple[int, ...], tuple[int, ...]]:
    """R6.3/R6.4 literally: ``(ok, forced as a multiset, indices of hands beating it)``.

    R6.4 ``"lowest"``: among the beatable units, the one holding the lowest card (position);
    a tie goes to the smaller unit, then to the first in suit order ♠ ♥ ♣ ♦.
    ``"smallest"``: unit size first (single < pair < tractor(2) ...), then lowest position.
    """
    split = units(cards, trump)
    if len(split) == 1:
        return True, as_key(cards), ()
    beatable = [u for u in split if any(_hand_beats(u.cards, u.pairs, h, trump) for h in others)]
    if not beatable:
        return True, as_key(cards), ()

    def order(u: Unit) -> tuple[int, int, int]:
        low = _lowest_position(u.cards, trump)
        suit_rank = (
            min(int(c.suit) for c in u.cards if c.suit is not None)
            if any(c.suit is not None for c in u.cards)
            else 4
        )
        if forced_unit == "lowest":
            return (low, u.pairs, suit_rank)
        return (u.pairs, low, suit_rank)

    forced = min(beatable, key=order)
    by = tuple(j for j, h in enumerate(others) if _hand_beats(forced.cards, forced.pairs, h, trump))
    return False, as_key(forced.cards), by


# --- R8.2 the kitty multiplier and R9.4 the J hook, with their house rules (issue 21) ---------


def ref_kitty_multiplier(lead: Sequence[Card], trump: Trump, mode: str) -> int:
    """R8.2 from the rule text, counting cards: a unit of n cards is a single (1), a pair (2)
    or a tractor of n/2 pairs. ``"doubling"``: single x2, pair x4, any tractor x8, a throw x2
    (甩牌抠底按单抠计); ``"linear"``: single x2, pair x4, tractor of k pairs x4k, a throw as its
    largest unit; ``"power"`` (house rule): 2 to the cards of the largest unit."""
    sizes = [len(u.cards) for u in units(tuple(lead), trump)]
    largest = max(sizes)
    if mode == "doubling":
        if len(sizes) > 1 or largest == 1:
            return 2
        return 4 if largest == 2 else 8
    if mode == "linear":
        return 2 if largest == 1 else 2 * largest
    assert mode == "power"
    return 2**largest


def ref_jack_hook(
    jack_hook: bool,
    hook_cards: str,
    *,
    declarers_level: int,
    declarers_team: int,
    winner_team: int,
    winning_play: Sequence[Card],
) -> bool:
    """R9.4 from the rule text: on J, the attackers win the last trick with J cards only
    (用J牌抠底); house rule ``jack_hook_cards="single"``: with exactly one J."""
    if not jack_hook or declarers_level != 11 or winner_team == declarers_team:
        return False
    jacks = [c for c in winning_play if c.rank == 11]
    if not winning_play or len(jacks) != len(winning_play):
        return False
    return hook_cards == "any" or len(jacks) == 1
