"""Reinforcement learning: the factored action space ([`actionspace`][tuolaji.rl.actionspace]),
fixed size encodings of a view ([`encoding`][tuolaji.rl.encoding]), and the adapters for PettingZoo
([`tuolaji.pettingzoo`][tuolaji.pettingzoo]) and OpenSpiel
([`tuolaji.openspiel`][tuolaji.openspiel]), which need their extras.
"""
