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
from itertools import combinations, permutations, product

from tuolaji import CARDS, TRUMP, Card, Rules, Shape, Trump, Unit, is_tractor, shape_of, units

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


def required_shape(
    lead: Sequence[Card], held: Sequence[Card], trump: Trump, most_pairs: int | None = None
) -> Shape:
    """R7.3 literally: the first candidate that some choice from the holding can fit, among
    those with at most ``most_pairs`` pairs (None: all)."""
    return _required_shape(as_key(lead), as_key(held), trump, most_pairs)


@lru_cache(maxsize=4096)
def _required_shape(
    lead_key: tuple[int, ...], held_key: tuple[int, ...], trump: Trump, most_pairs: int | None
) -> Shape:
    lead, held = cards_of(lead_key), cards_of(held_key)
    n = len(lead)
    choices = [cards_of(k) for k in sub_multisets(held, n)]
    for cand in candidate_shapes(shape_of(lead, trump), trump.tractor_min_pairs):
        if most_pairs is not None and cand.total_pairs > most_pairs:
            continue
        if any(ref_fits(choice, cand, trump) for choice in choices):
            return cand
    raise AssertionError("the all-singles candidate always fits")


def free_pairs(held: Sequence[Card], trump: Trump) -> int:
    """The pairs of a holding outside its tractors (``Rules.tractor_protection``, R7.3): the
    pairs held less the most pairs that disjoint tractors (``is_tractor``) of it can hold."""
    counts = Counter(c.id for c in held)
    return len([i for i, n in counts.items() if n == 2]) - _most_in_tractors(
        tuple(sorted(i for i, n in counts.items() if n == 2)), trump
    )


@lru_cache(maxsize=4096)
def _most_in_tractors(pairs: tuple[int, ...], trump: Trump) -> int:
    """The most of the pairs of card ids ``pairs`` that disjoint tractors can hold: the first
    pair is in no tractor, or in one with some of the others (every choice tried)."""
    if not pairs:
        return 0
    first, rest = pairs[0], pairs[1:]
    best = _most_in_tractors(rest, trump)
    for k in range(1, len(rest) + 1):
        for others in combinations(rest, k):
            if is_tractor(cards_of(sorted((first, *others) * 2)), trump):
                left = tuple(p for p in rest if p not in others)
                best = max(best, k + 1 + _most_in_tractors(left, trump))
    return best


# ---------------------------------------------------------------------------------- follows


def house_required_shape(
    lead: Sequence[Card],
    held: Sequence[Card],
    trump: Trump,
    follow_draw: str,
    *,
    tractor_protection: bool = False,
) -> Shape | None:
    """The shape a follow must fit under ``Rules.follow_draw`` and ``Rules.tractor_protection``
    (R7.3), None for none.

    ``"pairs"``: R7.3 literally. ``"suit_only"``: only the suit is obliged. ``"tractor_on_tractor"``
    (docs/house-rules.md): the lead's tractors oblige the tractors of the best R7.3 candidate
    the holding fits, and nothing more (no pairs in their place); the lead's plain pairs oblige
    as many of the pairs held besides those tractors as they can. ``tractor_protection``
    (docs/house-rules.md): the lead's plain pairs oblige at most the holding's pairs outside
    its tractors (:func:`free_pairs`); under ``"pairs"`` the candidates are those whose pairs
    beyond the lead's tractors' are no more than that.
    """
    if follow_draw == "suit_only":
        return None
    if follow_draw == "largest_unit_first":
        return _app_required_shape(as_key(lead), as_key(held), trump)
    lead_shape = shape_of(lead, trump)
    free = free_pairs(held, trump) if tractor_protection else len(held)
    if follow_draw == "pairs":
        return required_shape(lead, held, trump, sum(lead_shape.tractors) + free)
    best = required_shape(lead, held, trump)
    held_pairs = sum(1 for n in Counter(c.id for c in held).values() if n == 2)
    pairs = min(lead_shape.pairs, held_pairs - sum(best.tractors), free)
    return Shape(best.tractors, pairs, len(lead) - 2 * (sum(best.tractors) + pairs))


def _partitions(total: int) -> list[tuple[int, ...]]:
    """Every way to write ``total`` as a sum of positive parts, largest part first."""
    found = {()} if total == 0 else set()
    for first in range(1, total + 1):
        for rest in _partitions(total - first):
            found.add(tuple(sorted((first, *rest), reverse=True)))
    return list(found)


def _unit_steps(pairs: int) -> list[tuple[tuple[int, ...], int]]:
    """The online app's breakdown of one lead unit of ``pairs`` pairs (0: a single), after
    the unit itself, as ``(runs of adjacent pairs, singles)``: more pairs first; with as many
    pairs, the longest run first, then fewer runs, then the runs longest first."""
    cards = 2 * pairs if pairs else 1
    steps = []
    for kept in range(pairs, -1, -1):
        ways = sorted(
            _partitions(kept), key=lambda r: (-max(r, default=0), len(r), [-k for k in r])
        )
        steps += [(runs, cards - 2 * kept) for runs in ways]
    return steps[1:]


def app_breakdowns(lead: Shape, trump: Trump) -> list[Shape]:
    """The shapes a follow owes under ``follow_draw="largest_unit_first"`` (the online app,
    R7.3), in the order tried: the lead's units (smallest first) in a list; each step sorts the
    list (stably) by the steps each unit has left, most first, and breaks down the first unit
    by its next step. Runs shorter than the shortest tractor (R3.2) are plain pairs."""
    units = sorted([*lead.tractors, *[1] * lead.pairs, *[0] * lead.singles])
    now = [((k,) if k else (), 0 if k else 1) for k in units]
    left = [_unit_steps(k) for k in units]
    order = list(range(len(units)))
    shortest = trump.tractor_min_pairs

    def shape() -> Shape:
        runs = [k for r, _ in now for k in r]
        tractors = tuple(sorted((k for k in runs if k >= shortest), reverse=True))
        pairs = sum(k for k in runs if k < shortest)
        return Shape(tractors, pairs, lead.size - 2 * sum(runs))

    shapes = [shape()]
    while True:
        order.sort(key=lambda i: len(left[i]), reverse=True)
        if not left[order[0]]:
            return shapes
        now[order[0]] = left[order[0]].pop(0)
        shapes.append(shape())


@lru_cache(maxsize=4096)
def _app_required_shape(
    lead_key: tuple[int, ...], held_key: tuple[int, ...], trump: Trump
) -> Shape:
    """The first shape of `app_breakdowns` that some choice from the holding fits."""
    lead, held = cards_of(lead_key), cards_of(held_key)
    choices = [cards_of(k) for k in sub_multisets(held, len(lead))]
    for cand in app_breakdowns(shape_of(lead, trump), trump):
        if any(ref_fits(choice, cand, trump) for choice in choices):
            return cand
    raise AssertionError("the all-singles shape always fits")


def ref_is_legal_follow(
    lead: Sequence[Card],
    hand: Sequence[Card],
    play: Sequence[Card],
    trump: Trump,
    follow_draw: str = "pairs",
    *,
    tractor_protection: bool = False,
) -> bool:
    """R7.1 (count), held, R7.2 (suit), R7.3 (shape, as ``follow_draw`` and
    ``tractor_protection`` say), applied literally."""
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
    shape = house_required_shape(
        lead, held, trump, follow_draw, tractor_protection=tractor_protection
    )
    return shape is None or ref_fits(play, shape, trump)


def ref_legal_follows(
    lead: Sequence[Card],
    hand: Sequence[Card],
    trump: Trump,
    follow_draw: str = "pairs",
    *,
    tractor_protection: bool = False,
) -> set[tuple[int, ...]]:
    """Every sub-multiset of the hand that :func:`ref_is_legal_follow` accepts."""
    return {
        key
        for key in sub_multisets(hand, len(lead))
        if ref_is_legal_follow(
            lead, hand, cards_of(key), trump, follow_draw, tractor_protection=tractor_protection
        )
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
    if throw_ruff == "every_unit":
        return _beats_every_unit(play, standing, shape, trump)
    if throw_ruff == "largest_then_next":
        return _largest_then_next(play, standing, shape, trump)
    return max(keys) > standing_key


def _units_of_splits(
    play: Sequence[Card], shape: Shape, trump: Trump
) -> list[list[tuple[int, int]]]:
    """Every split of ``play`` into ``shape`` as its units ``(cards, top position)``: the
    tractors and pairs of the split, and each card left over as a single."""
    slots = [*shape.tractors, *([1] * shape.pairs)]
    ids = tuple(sorted(c.id for c in play))
    out = []
    for split in _splits(ids, slots, trump):
        rest = list(ids)
        for _, unit in split:
            for i in unit:
                rest.remove(i)
        units = [(2 * k, _top(u, trump)) for k, u in split]
        units += [(1, trump.position(CARDS[i])) for i in rest]
        out.append(units)
    return out


def _beats_every_unit(
    play: Sequence[Card], standing: Sequence[Card], shape: Shape, trump: Trump
) -> bool:
    """``throw_ruff="every_unit"``: some split of ``play`` pairs each unit of the standing
    ruff's best split (its tractors and pairs, R7.5's best; every card it leaves is a single)
    with a unit of the same size, one to one, strictly higher."""
    singles_only = not shape.tractors and not shape.pairs
    best = best_split_key(standing, shape, trump)
    splits = [
        u for u in _units_of_splits(standing, shape, trump) if singles_only or _r7_5_key(u) == best
    ]
    theirs = splits[0]
    # Every best split leaves singles at the same positions.
    assert all(sorted(u) == sorted(theirs) for u in splits)
    for ours in _units_of_splits(play, shape, trump):
        if all(_dominates(ours, theirs, size) for size in {s for s, _ in theirs}):
            return True
    return False


def _r7_5_key(units: list[tuple[int, int]]) -> Key:
    """R7.5's key of a split's units: tractors longest first, then pairs, highest first."""
    multi = sorted((u for u in units if u[0] > 1), key=lambda u: (-u[0], -u[1]))
    return tuple(top for _, top in multi)


def _dominates(ours: list[tuple[int, int]], theirs: list[tuple[int, int]], size: int) -> bool:
    """Can the units of ``size`` cards in ``ours`` be matched one to one with those in
    ``theirs``, each strictly higher? (Tried over every matching.)"""
    mine = [top for s, top in ours if s == size]
    other = [top for s, top in theirs if s == size]
    return any(all(a > b for a, b in zip(p, other, strict=True)) for p in permutations(mine))


def _largest_then_next(
    play: Sequence[Card], standing: Sequence[Card], shape: Shape, trump: Trump
) -> bool:
    """``throw_ruff="largest_then_next"``: the units (tractors and pairs; singles only in a
    throw of singles), largest first and highest first among one size, are compared in
    turn against the standing ruff's best split; the first that is not a tie decides
    (higher: the new ruff wins). Some split of the new ruff must win so."""
    singles_only = not shape.tractors and not shape.pairs

    def ordered(units: list[tuple[int, int]]) -> list[tuple[int, int]]:
        kept = [u for u in units if singles_only or u[0] > 1]
        return sorted(kept, key=lambda u: (-u[0], -u[1]))

    best = best_split_key(standing, shape, trump)
    theirs = next(
        ordered(u)
        for u in _units_of_splits(standing, shape, trump)
        if singles_only or _r7_5_key(u) == best
    )
    for split in _units_of_splits(play, shape, trump):
        for (_, a), (_, b) in zip(ordered(split), theirs, strict=True):
            if a != b:
                if a > b:
                    return True
                break
    return False


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
    ``"nearest_seat"``: ``others`` are in turn order from the thrower's next seat; the first
    of them that can beat some unit picks, among the units it can beat, the first in the
    order of ``"smallest"``, equal units in the app's suit order ♠ ♥ ♦ ♣.
    """
    split = units(cards, trump)
    if len(split) == 1:
        return True, as_key(cards), ()
    if forced_unit == "nearest_seat":
        nearest = next(
            (h for h in others if any(_hand_beats(u.cards, u.pairs, h, trump) for u in split)),
            None,
        )
        if nearest is None:
            return True, as_key(cards), ()
        beatable = [u for u in split if _hand_beats(u.cards, u.pairs, nearest, trump)]
    else:
        beatable = [
            u for u in split if any(_hand_beats(u.cards, u.pairs, h, trump) for h in others)
        ]
    if not beatable:
        return True, as_key(cards), ()

    # Equal units (off-suit level cards, R2.2) in suit order: ♠ ♥ ♣ ♦ by the seeds' reading,
    # ♠ ♥ ♦ ♣ in the online app, whose cards compare by their characters.
    suit_order = "SHDC" if forced_unit == "nearest_seat" else "SHCD"

    def order(u: Unit) -> tuple[int, int, int]:
        low = _lowest_position(u.cards, trump)
        suit_rank = (
            min(suit_order.index(c.suit.letter) for c in u.cards if c.suit is not None)
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


# --- R9.1-R9.5 levels after a deal, with the house rules of issue 31 -------------------------


def ref_outcome(
    table: Sequence[tuple[int, bool, int]], total: int, *, negative_totals: bool
) -> tuple[bool, int]:
    """R9.1 from the rule text: (declarers keep, steps) of the band holding ``total``; a
    total at or below 0 counts as 0. House rule ``negative_totals`` (the online app): below 0,
    one level more than the first band per whole band of points below 0, a band as wide as
    the declarers' highest band (from its lower bound to the attackers' first band)."""
    bands = [tuple(band) for band in table]
    if negative_totals and total < 0:
        keeps = [band for band in bands if band[1]]
        takes = [band for band in bands if not band[1]]
        width = takes[0][0] - keeps[-1][0]
        extra = 0
        while total <= -(extra + 1) * width:
            extra += 1
        return True, bands[0][2] + extra
    total = max(total, 0)
    chosen = [band for band in bands if band[0] <= total][-1]
    return chosen[1], chosen[2]


def ref_walk(
    levels: Sequence[int],
    start: int,
    steps: int,
    *,
    wrap: bool,
    must_play: Sequence[int],
    as_declarers: bool,
) -> int:
    """R9.2-R9.3 read plainly: a team on a must-play level moves only as declarers; it moves
    ``steps`` levels up the sequence (around it with ``wrap``, else stopping at the top) and
    stops on the first must-play level it reaches."""
    if start in must_play and not as_declarers:
        return start
    at = list(levels).index(start)
    for _ in range(steps):
        if at == len(levels) - 1:
            if not wrap:
                break
            at = 0
        else:
            at += 1
        if levels[at] in must_play:
            break
    return levels[at]


def ref_levels(
    rules: Rules,
    before: tuple[int, int],
    dealer: int,
    total: int,
    *,
    declarers_won_last: bool,
    hooked: bool,
) -> tuple[tuple[bool, int], tuple[int, int], int | None]:
    """R9.1-R9.5 with the house rules ``negative_totals``, ``last_trick_to_level`` and
    ``jack_hook_outcome``, from the rule text: (outcome, levels after, match winner). Only
    the plain fields of ``rules`` are read, never its methods."""
    levels = [int(level) for level in rules.levels]
    must = [int(level) for level in rules.must_play]
    wrap = rules.wrap
    keep, steps = ref_outcome(rules.level_table, total, negative_totals=rules.negative_totals)
    # "The declarers level up only if they win the last trick; otherwise they keep the deal
    # at +0" (and winning on the last level is their level-up: no match win).
    stalled = rules.last_trick_to_level and keep and not declarers_won_last
    if stalled:
        steps = 0
    declarers = dealer % 2
    after = [int(before[0]), int(before[1])]
    if hooked:
        # 打J级时, 对家用J牌抠底庄家重新从2级开始: back to the first level; "reset_then_advance"
        # (the online app): then the deal's advance from there.
        after[declarers] = levels[0]
    if keep:
        if not hooked or rules.jack_hook_outcome == "reset_then_advance":
            after[declarers] = ref_walk(
                levels, after[declarers], steps, wrap=wrap, must_play=must, as_declarers=True
            )
    else:
        after[1 - declarers] = ref_walk(
            levels, after[1 - declarers], steps, wrap=wrap, must_play=must, as_declarers=False
        )
    wins = not wrap and keep and not hooked and not stalled and int(before[declarers]) == levels[-1]
    return (keep, steps), (after[0], after[1]), declarers if wins else None


def ref_level_ladder(levels: Sequence[int], top_level: str) -> list[str]:
    """R9.2 from the rule text: the places a team climbs, written as players write them:
    the ranks of ``Rules.levels`` (2..14), then ``"NT"`` under ``top_level="no_trump"`` (after
    the last level, one more level played with no trump suit)."""
    names = {11: "J", 12: "Q", 13: "K", 14: "A"}
    ladder = [names.get(level, str(level)) for level in levels]
    return [*ladder, "NT"] if top_level in ("no_trump", "no_trump_must_play") else ladder


def ref_must_play_places(
    levels: Sequence[int], must_play: Iterable[int], top_level: str
) -> list[str]:
    """R9.3 with R9.2 from the rule text: the places of ``ladder`` an advance stops on: the
    must-play ranks, and NT under ``top_level="no_trump_must_play"`` (the online app: A and NT
    must be defended, so declarers on A who go up 2 land on NT)."""
    ladder = ref_level_ladder(levels, top_level)
    must = [ladder[list(levels).index(level)] for level in must_play]
    return [*must, "NT"] if top_level == "no_trump_must_play" else must


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
    advance; a team on a must-play place moves only as declarers. The no-trump place is
    must-play only when ``must_play`` names it (`ref_must_play_places`: under
    ``top_level="no_trump_must_play"``)."""
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
