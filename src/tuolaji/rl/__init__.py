"""Reinforcement learning: the factored action space (:mod:`~tuolaji.rl.actionspace`), fixed
size encodings of a view (:mod:`~tuolaji.rl.encoding`), and the adapters for PettingZoo
(:mod:`tuolaji.pettingzoo`) and OpenSpiel (:mod:`tuolaji.openspiel`), which need their extras.
"""
