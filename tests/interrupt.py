"""Child processes that a test can interrupt with SIGINT, however pytest itself was started.

A shell starts a background job (``pytest ... &``) with SIGINT ignored, and an ignored signal
stays ignored across ``fork`` and ``exec``; CPython installs its ``KeyboardInterrupt`` handler
only when SIGINT was not inherited as ignored. A ``tuolaji`` child of such a pytest would never
see the Ctrl-C a test sends it (issue 33, finding 8). `interruptible` starts the child with
SIGINT back at its default, so CPython in the child installs the handler as it does under a
terminal.
"""

from __future__ import annotations

import signal
import subprocess
from collections.abc import Sequence
from typing import Any


def interruptible(args: Sequence[str], **kwargs: Any) -> subprocess.Popen[str]:
    """``subprocess.Popen(args, **kwargs)`` with SIGINT at its default in the child, so that
    ``send_signal(signal.SIGINT)`` raises ``KeyboardInterrupt`` there even when this process
    ignores SIGINT. Pass ``text=True``: the tests read the child's output as text. Call it from
    the main thread (``signal.signal`` works only there)."""
    if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:
        return subprocess.Popen(args, **kwargs)
    # exec resets a caught signal to SIG_DFL but keeps SIG_IGN: catch SIGINT here for the
    # length of the spawn, rather than run Python in the forked child (preexec_fn, unsafe
    # with threads).
    signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        return subprocess.Popen(args, **kwargs)
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
