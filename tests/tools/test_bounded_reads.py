"""Issue #19, finding 2: every file the command line reads is read with a bound.

``read_bounded`` is the one reader of a user's path (records, ``--rules``): whatever the path
is (``/dev/zero``, ``/dev/urandom``, a FIFO nobody writes to, a folder, a huge file), it
answers at once with a typed, one-line error, or the bytes of a regular file within its
limit. Each case runs against a clock, so a hang or an endless read fails the test.
"""

from __future__ import annotations

import io
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tuolaji import LimitExceeded, TuolajiError
from tuolaji.tools.files import UnreadableFile, open_for_writing, read_bounded

LIMIT = 1 << 20


@pytest.fixture
def fifo(tmp_path: Path) -> Iterator[Path]:
    path = tmp_path / "fifo"
    os.mkfifo(path)
    yield path


def _refused(path: str | Path, kind: type[Exception], needle: str) -> str:
    start = time.monotonic()
    with pytest.raises(kind) as info:
        read_bounded(path, LIMIT)
    assert time.monotonic() - start < 5, "refused at once, not after reading"
    message = str(info.value)
    assert needle in message and "\n" not in message
    assert isinstance(info.value, TuolajiError)
    return message


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom", "/dev/null"])
def test_devices_are_refused(device: str) -> None:
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    _refused(device, UnreadableFile, "character device")


def test_a_fifo_without_a_writer_is_refused_without_waiting(fifo: Path) -> None:
    _refused(fifo, UnreadableFile, "FIFO")


def test_a_folder_a_missing_file_and_a_bad_path(tmp_path: Path) -> None:
    _refused(tmp_path, UnreadableFile, "folder")
    message = _refused(tmp_path / "nope.json", UnreadableFile, "No such file")
    assert "nope.json" in message
    _refused("a\0b", UnreadableFile, "not a valid path")


def test_the_error_is_also_an_oserror_with_its_errno(tmp_path: Path) -> None:
    with pytest.raises(OSError) as info:
        read_bounded(tmp_path / "nope", LIMIT)
    assert info.value.errno == 2 and not str(info.value).startswith("[Errno")


def test_an_oversized_file_reads_limit_plus_one_bytes_at_most(tmp_path: Path) -> None:
    huge = tmp_path / "huge.json"
    with huge.open("wb") as file:
        file.truncate(100 * LIMIT)  # sparse
    _refused(huge, LimitExceeded, f"at most {LIMIT} bytes")
    exact = tmp_path / "exact"
    exact.write_bytes(b"x" * LIMIT)
    assert len(read_bounded(exact, LIMIT)) == LIMIT
    exact.write_bytes(b"x" * (LIMIT + 1))
    _refused(exact, LimitExceeded, "longer")


def test_a_long_path_is_echoed_cut(tmp_path: Path) -> None:
    message = _refused("x" * 100_000, UnreadableFile, "cannot read")
    assert len(message) < 400


def test_stdin_is_bounded_too(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"{}")))
    assert read_bounded("-", LIMIT) == b"{}"
    endless = io.BufferedReader(io.FileIO("/dev/zero")) if os.path.exists("/dev/zero") else None
    if endless is not None:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(endless))
        start = time.monotonic()
        with pytest.raises(LimitExceeded, match="stdin"):
            read_bounded("-", LIMIT)
        assert time.monotonic() - start < 5
        endless.close()


def test_wrong_types_are_type_errors() -> None:
    with pytest.raises(TypeError, match="limit"):
        read_bounded("x", "10")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        read_bounded(7, 10)  # type: ignore[arg-type]


def test_writing_to_a_fifo_nobody_reads_fails_at_once(fifo: Path) -> None:
    start = time.monotonic()
    with pytest.raises(OSError):
        open_for_writing(fifo)
    assert time.monotonic() - start < 5
