"""The rules core: pure functions of cards, trump and rules (R1-R3, R6-R9, R12).

Nothing here knows of a game in progress. Modules, lowest first: [`limits`][tuolaji.core.limits]
and `errors` (bounds and the error types), `cards`
(R1), `trump` (R2), `shapes` (R3: units, tractors),
`tricks` (R6-R8: leads, throws, follows, ruffs, winners),
`legal` (the legal plays of a hand), `bidding` (R4-R5:
what a seat may bid), `deal` (shuffling and dealing),
`rules` ([`Rules`][tuolaji.Rules] and the presets, R12) and
`scoring` (R8-R9: points, kitty, levels).
"""
