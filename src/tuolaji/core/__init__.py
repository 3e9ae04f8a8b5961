"""The rules core: pure functions of cards, trump and rules (R1-R3, R6-R9, R12).

Nothing here knows of a game in progress. Modules, lowest first: :mod:`~tuolaji.core.limits`
and :mod:`~tuolaji.core.errors` (bounds and the error types), :mod:`~tuolaji.core.cards`
(R1), :mod:`~tuolaji.core.trump` (R2), :mod:`~tuolaji.core.shapes` (R3: units, tractors),
:mod:`~tuolaji.core.tricks` (R6-R8: leads, throws, follows, ruffs, winners),
:mod:`~tuolaji.core.legal` (the legal plays of a hand), :mod:`~tuolaji.core.bidding` (R4-R5:
what a seat may bid), :mod:`~tuolaji.core.deal` (shuffling and dealing),
:mod:`~tuolaji.core.rules` (:class:`~tuolaji.Rules` and the presets, R12) and
:mod:`~tuolaji.core.scoring` (R8-R9: points, kitty, levels).
"""
