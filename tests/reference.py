"""A brute-force reference for the trick rules (R6.3, R6.4, R7.1-R7.6), written from the rule
text and nothing else, to check the fast code of ``tuolaji.core.tricks`` and ``tuolaji.core.legal``.

It is deliberately slow and literal: it enumerates every sub-multiset, every candidate shape
and every split. It uses only the public foundation functions (``units``, ``shape_of``,
``is_tractor``, ``Shape``) and the trump context's positions, never the code under
test. Plays are compared as multisets: sorted tuples of card ids.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
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


def _one_split(shape: Shape, shortest: int) -> Iterator[Shape]:
    """Shapes made by splitting one unit: a tractor(k) in two parts (a part shorter than the
    ``shortest`` tractor, R3.2, is that many pairs), or a pair into two singles (R7.3)."""
    for i, k in enumerate(shape.tractors):
        rest = shape.tractors[:i] + shape.tractors[i + 1 :]
        for a in range(1, k):
            parts = (a, k - a)
            yield Shape(
                rest + tuple(p for p in parts if p >= shortest),
                shape.pairs + sum(p for p in parts if p < shortest),
                shape.singles,
            )
    if shape.pairs:
        yield Shape(shape.tractors, shape.pairs - 1, shape.singles + 2)


def candidate_shapes(shape: Shape, shortest: int = 2) -> list[Shape]:
    """The lead's shape and every shape made from it by splitting units, best first: more
    pairs first, then the tractor lengths (longest first) compared as lists (R7.3); tractors
    are at least ``shortest`` pairs long (R3.2, ``Rules.tractor_min_pairs``)."""
    seen = {shape}
    todo = [shape]
    while todo:
        for nxt in _one_split(todo.pop(), shortest):
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
    for cand in candidate_shapes(shape_of(lead, trump), trump.tractor_min_pairs):
        if any(ref_fits(choice, cand, trump) for choice in choices):
            return cand
    raise AssertionError("the all-singles candidate always fits")


# ---------------------------------------------------------------------------------- follows


def house_required_shape(
    lead: Sequence[Card], held: Sequence[Card], trump: Trump, follow_draw: str
) -> Shape | None:
    """The shape a follow must fit under ``Rules.follow_draw`` (R7.3), None for none.

    ``"pairs"``: R7.3 literally. ``"suit_only"``: only the suit is obliged. ``"tractor_on_tractor"``
    (docs/house-rules.md): the lead's tractors oblige the tractors of the best R7.3 candidate
    the holding fits, and nothing more (no pairs in their place); the lead's plain pairs oblige
    as many of the pairs held besides those tractors as they can.
    """
    if follow_draw == "suit_only":
        return None
    best = required_shape(lead, held, trump)
    if follow_draw == "pairs":
        return best
    plain = shape_of(lead, trump).pairs
    held_pairs = sum(1 for n in Counter(c.id for c in held).values() if n == 2)
    pairs = min(plain, held_pairs - sum(best.tractors))
    return Shape(best.tractors, pairs, len(lead) - 2 * (sum(best.tractors) + pairs))


def ref_is_legal_follow(
    lead: Sequence[Card],
    hand: Sequence[Card],
    play: Sequence[Card],
    trump: Trump,
    follow_draw: str = "pairs",
) -> bool:
    """R7.1 (count), held, R7.2 (suit), R7.3 (shape, as ``follow_draw`` says), applied
    literally."""
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
    shape = house_required_shape(lead, held, trump, follow_draw)
    return shape is None or ref_fits(play, shape, trump)


def ref_legal_follows(
    lead: Sequence[Card], hand: Sequence[Card], trump: Trump, follow_draw: str = "pairs"
) -> set[tuple[int, ...]]:
    """Every sub-multiset of the hand that :func:`ref_is_legal_follow` accepts."""
    return {
        key
        for key in sub_multisets(hand, len(lead))
        if ref_is_legal_follow(lead, hand, cards_of(key), trump, follow_draw)
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


def split_keys(play: Sequence[Card], lead_shape: Shape, trump: Trump) -> list[Key]:
    """R7.5's key of every split of the play into the lead's shape: tractors longest first
    (highest top first among equal lengths), then pairs highest first, singles only for a
    singles-only lead. Empty when no split exists."""
    if len(play) != lead_shape.size:
        return []
    if not lead_shape.tractors and not lead_shape.pairs:
        return [tuple(sorted((trump.position(c) for c in play), reverse=True))]
    slots = [*lead_shape.tractors, *([1] * lead_shape.pairs)]
    keys: list[Key] = []
    for split in _splits(tuple(sorted(c.id for c in play)), slots, trump):
        key: list[int] = []
        for length in sorted(set(slots), reverse=True):
            key.extend(sorted((_top(u, trump) for k, u in split if k == length), reverse=True))
        keys.append(tuple(key))
    return keys


def best_split_key(play: Sequence[Card], lead_shape: Shape, trump: Trump) -> Key | None:
    """R7.5: the best of all splits of the play into the lead's shape (see `split_keys`).
    None when no split exists."""
    return max(split_keys(play, lead_shape, trump), default=None)


def _has_disjoint_tractors(ids: tuple[int, ...], count: int, trump: Trump) -> bool:
    """Does the play hold ``count`` disjoint tractors (of any lengths ``is_tractor`` accepts,
    R3.2)?"""
    if count == 0:
        return True
    for unit in set(sub_multisets(cards_of(ids), None)):
        if len(unit) >= 4 and len(unit) % 2 == 0 and _is_unit(unit, len(unit) // 2, trump):
            rest = list(ids)
            for i in unit:
                rest.remove(i)
            if _has_disjoint_tractors(tuple(rest), count - 1, trump):
                return True
    return False


def ruff_shape_for(lead: Sequence[Card], trump: Trump, ruff_shape: str) -> Shape:
    """The shape ruffs of ``lead`` are keyed by (R7.4): the lead's (``"exact"``), or for
    ``"counts"`` one shortest tractor (R3.2: ``trump.tractor_min_pairs`` pairs) per lead
    tractor and plain pairs for the rest of the lead's pairs (docs/house-rules.md)."""
    shape = shape_of(lead, trump)
    if ruff_shape == "exact":
        return shape
    t, k = len(shape.tractors), trump.tractor_min_pairs
    return Shape((k,) * t, shape.total_pairs - k * t, shape.singles)


def ref_is_ruff(
    lead: Sequence[Card], play: Sequence[Card], trump: Trump, ruff_shape: str = "exact"
) -> bool:
    """R7.4 literally: a side-suit lead, an all-trump play of its size that fits the lead's
    shape (``"exact"``), or (``"counts"``, seed 000: 其拖拉机的数目不得少于首家出的牌中的拖拉机的
    数目对牌的数目也不得少于首家出的牌中的对牌的数目) holds no fewer tractors and no fewer pairs
    (a tractor's pairs counting) than the lead."""
    if suit_of(lead[0], trump) == TRUMP or len(play) != len(lead):
        return False
    if any(suit_of(c, trump) != TRUMP for c in play):
        return False
    shape = shape_of(lead, trump)
    if ruff_shape == "exact":
        return ref_fits(play, shape, trump)
    pairs = sum(1 for n in Counter(c.id for c in play).values() if n == 2)
    ids = tuple(sorted(c.id for c in play))
    return pairs >= shape.total_pairs and _has_disjoint_tractors(ids, len(shape.tractors), trump)


def _ruff_beats(
    play: Sequence[Card],
    standing: Sequence[Card],
    shape: Shape,
    trump: Trump,
    throw_ruff: str,
) -> bool:
    """R7.5 between two ruffs of a throw, as ``Rules.throw_ruff`` says (docs/house-rules.md)."""
    keys = split_keys(play, shape, trump)
    standing_key = best_split_key(standing, shape, trump)
    assert keys and standing_key is not None
    if throw_ruff == "highest":
        high = max(trump.position(c) for c in play)
        return high > max(trump.position(c) for c in standing)
    if throw_ruff == "largest_unit":
        return max(keys)[0] > standing_key[0]
    if throw_ruff == "all_units":
        return any(all(a > b for a, b in zip(k, standing_key, strict=True)) for k in keys)
    return max(keys) > standing_key


def ref_trick_winner(
    plays: Sequence[Sequence[Card]],
    trump: Trump,
    ruff_shape: str = "exact",
    throw_ruff: str = "first_difference",
) -> int:
    """R7.4-R7.6 literally, with the house rules ``ruff_shape`` (R7.4) and ``throw_ruff``
    (R7.5, between two ruffs of a throw)."""
    lead = plays[0]
    ls = suit_of(lead[0], trump)
    shape = shape_of(lead, trump)
    ruffed_shape = ruff_shape_for(lead, trump, ruff_shape)
    throw = len(units(lead, trump)) > 1
    best, ruffed = 0, False
    best_key = best_split_key(lead, shape, trump)
    assert best_key is not None
    for i, play in enumerate(plays[1:], start=1):
        suits = {suit_of(c, trump) for c in play}
        if suits == {ls}:
            key = best_split_key(play, shape, trump)
            if key is not None and not ruffed and not throw and key > best_key:
                best, best_key = i, key
        elif ref_is_ruff(lead, play, trump, ruff_shape):
            key = best_split_key(play, ruffed_shape, trump)
            assert key is not None, "a ruff fits the shape it is keyed by"
            if not ruffed:
                beats = True
            elif throw:
                beats = _ruff_beats(play, plays[best], ruffed_shape, trump, throw_ruff)
            else:
                beats = key > best_key
            if beats:
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


def ref_level_ladder(levels: Sequence[int], top_level: str) -> list[str]:
    """R9.2 from the rule text: the places a team climbs, written as players write them:
    the ranks of ``Rules.levels`` (2..14), then ``"NT"`` under ``top_level="no_trump"`` (after
    the last level, one more level played with no trump suit)."""
    names = {11: "J", 12: "Q", 13: "K", 14: "A"}
    ladder = [names.get(level, str(level)) for level in levels]
    return [*ladder, "NT"] if top_level == "no_trump" else ladder


def ref_advance(
    ladder: Sequence[str],
    must_play: Iterable[str],
    wrap: bool,
    start: str,
    steps: int,
    *,
    as_declarers: bool,
) -> str:
    """R9.2, R9.3 from the rule text: the places passed are the next ``steps`` of the ladder
    (a cycle with ``wrap``, else cut at the top); the first must-play place passed stops the
    advance; a team on a must-play place moves only as declarers. The no-trump place is never
    must-play (``Rules.must_play`` holds ranks)."""
    must = set(must_play)
    if start in must and not as_declarers:
        return start
    i = list(ladder).index(start)
    n = len(ladder)
    if wrap:
        passed = [ladder[(i + k) % n] for k in range(1, steps + 1)]
    else:
        passed = list(ladder[i + 1 : i + 1 + steps])
    for place in passed:
        if place in must:
            return place
    return passed[-1] if passed else start


def ref_match_won(ladder: Sequence[str], wrap: bool, start: str, *, keep: bool) -> bool:
    """R9.5 from the rule text: without wrap, declarers who keep the deal on the top place
    (A, or NT under ``top_level="no_trump"``) win the match."""
    return not wrap and keep and start == ladder[-1]
