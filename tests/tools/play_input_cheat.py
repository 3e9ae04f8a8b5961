"""A bot that answers an illegal move, for ``tuolaji play --bots play_input_cheat:Cheat``."""

from __future__ import annotations

import tuolaji as tl


class Cheat:
    """Passes with a seat that does not exist, whatever it is asked."""

    def act(self, view: tl.PlayerView, actions: tl.ActionSet) -> tl.Action:
        return tl.Pass(9)
