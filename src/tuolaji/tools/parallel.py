"""Runners that map a task function over many independent tasks, in one process, on local
worker processes, or as Ray tasks on a cluster, and give the results back in task order.

The runners never seed anything: every task carries its own seed (see
[`derive_seed`][tuolaji.tools.parallel.derive_seed]), so where a task runs cannot change its
result, and a run on K workers or on Ray gives the same results, in the same order, as a
one-process run.

Ray is an optional extra (``pip install 'tuolaji[ray]'``); it is imported only when a Ray
address is given.
"""

from __future__ import annotations

import hashlib
import importlib
import multiprocessing
import os
import signal
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from tuolaji.core.errors import ConfigurationError, TuolajiError

__all__ = ["derive_seed", "run_ordered"]

T = TypeVar("T")
R = TypeVar("R")


def derive_seed(seed: int, *keys: int | str) -> int:
    """A 63-bit seed from a run's ``seed`` and keys such as a deal index (SHA-256 based).

    Stable across processes, machines and Python versions (unlike ``hash``), and distinct
    keys give unrelated seeds, so deal 7 of a run never shares a shuffle with deal 8.
    """
    text = ":".join(str(part) for part in ("tuolaji", seed, *keys))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def run_ordered(
    fn: Callable[[T], R],
    tasks: Sequence[T],
    *,
    workers: int = 1,
    ray_address: str | None = None,
) -> Iterator[R]:
    """Yield ``fn(task)`` for every task, in the order of ``tasks``.

    ``workers == 1`` and no ``ray_address``: in this process. ``workers > 1``: on that many
    local processes, kept for the whole run (forked on Linux from a single-threaded process,
    else spawned; ``fn`` and the tasks must pickle: ``fn`` a module-level function, tasks plain
    data). ``ray_address``: as Ray tasks, ``"local"``
    starting an in-process Ray instance, anything else passed to ``ray.init(address=...)``
    (such as ``"auto"`` or ``"ray://head:10001"``); an already initialized Ray is used as it
    is. Closing the iterator early (a sequential test that has decided) stops the workers.
    """
    if workers < 1:
        raise ConfigurationError(f"workers is a positive number, got {workers}")
    if ray_address is not None:
        return _run_ray(_ray_module(), fn, tasks, ray_address, workers)
    if workers == 1 or len(tasks) <= 1:
        return (fn(task) for task in tasks)
    return _run_pool(fn, tasks, workers)


def _run_pool(fn: Callable[[T], R], tasks: Sequence[T], workers: int) -> Iterator[R]:
    # An executor rather than multiprocessing.Pool: a worker that cannot start or dies
    # raises BrokenProcessPool here instead of being replaced forever.
    context = _start_context()
    executor = ProcessPoolExecutor(
        min(workers, len(tasks)), mp_context=context, initializer=_ignore_interrupts
    )
    pending: deque[Future[R]] = deque()
    queue = iter(tasks)
    try:
        # A window of tasks in flight, taken in task order: results come back in that order
        # whatever order the workers finish in, and stopping early wastes little.
        for task in queue:
            pending.append(executor.submit(fn, task))
            if len(pending) >= 4 * workers:
                yield pending.popleft().result()
        while pending:
            yield pending.popleft().result()
    except BrokenProcessPool:
        raise ConfigurationError(
            "a worker process could not start or died: workers re-import the main script "
            "and the bot modules, so run from a file (not stdin) with bots importable there"
        ) from None
    finally:
        executor.shutdown(wait=True, cancel_futures=True)


def _start_context() -> multiprocessing.context.BaseContext:
    """How worker processes start: forked on Linux when this process runs a single thread
    (a worker then starts with every module already imported, in milliseconds, and the
    tasks may name classes of a script read from stdin), else spawned (a fresh interpreter
    that imports the task's modules again: about 0.3 s of CPU per worker)."""
    if sys.platform == "linux" and threading.active_count() == 1:
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


def _ignore_interrupts() -> None:
    # Ctrl-C reaches every process of the terminal's group: only the parent should react
    # (it stops the pool), not each worker with a traceback of its own.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _ray_module() -> Any:
    try:
        # An optional extra, imported by name only when asked for.
        return importlib.import_module("ray")
    except ImportError:
        raise ConfigurationError("--ray needs the ray extra: pip install 'tuolaji[ray]'") from None


def _run_ray(
    ray: Any, fn: Callable[[T], R], tasks: Sequence[T], address: str, workers: int
) -> Iterator[R]:
    if not ray.is_initialized():
        try:
            if address == "local":
                ray.init(include_dashboard=False, log_to_driver=False, runtime_env=_runtime_env())
            else:
                ray.init(address=address, log_to_driver=False)
        except Exception as exc:  # Ray raises several kinds for an unreachable cluster
            raise ConfigurationError(f"cannot start or reach Ray at {address!r}: {exc}") from None
    remote = ray.remote(fn)
    # A bounded window of tasks in flight: enough to keep a cluster busy without holding
    # every result of a long run in the object store at once.
    window = max(4 * workers, 2 * int(ray.cluster_resources().get("CPU", 1)))
    pending: deque[Any] = deque()
    queue = iter(tasks)
    try:
        for task in queue:
            pending.append(remote.remote(task))
            if len(pending) >= window:
                yield _ray_result(ray, pending.popleft())
        while pending:
            yield _ray_result(ray, pending.popleft())
    finally:
        for ref in pending:
            ray.cancel(ref)


def _ray_result(ray: Any, ref: Any) -> Any:
    """The task's result; a tuolaji error raised in the task is raised here as itself, as a
    worker process's is, not wrapped in Ray's multi-line traceback (a bot's illegal answer
    stays one line)."""
    try:
        return ray.get(ref)
    except ray.exceptions.RayTaskError as exc:
        cause = getattr(exc, "cause", None)
        if isinstance(cause, TuolajiError):
            raise cause from None
        raise


def _runtime_env() -> dict[str, Any]:
    # Local Ray workers must import this very copy of tuolaji (a source checkout on
    # PYTHONPATH included), so pass the parent's import path on.
    here = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    path = os.pathsep.join(p for p in (here, os.environ.get("PYTHONPATH", "")) if p)
    return {"env_vars": {"PYTHONPATH": path}}
