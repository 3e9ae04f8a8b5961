"""Reading a file a user named, with a bound: the one reader of every path (or stdin) the
command line takes (records, ``--rules`` files).

A file's size on disk says nothing for a device or a FIFO (``st_size`` is 0 for
``/dev/zero``), so the bound is on the bytes read: at most ``limit + 1``, whatever the file
is. Only regular files are read (a FIFO, a device or a folder is refused before a byte is
read), and the file is opened without blocking, so a FIFO nobody writes to cannot hang the
reader. ``-`` names stdin, read with the same bound.

Writing a file the user named whole, at once (``play --record``): `check_writable` at the
start (nothing is created or truncated) and `write_atomically` at the end, which writes a
temporary file beside the target and renames it over the target, so the target holds the
old text or the whole new text, never a part (a SIGTERM or a full disk mid-write).
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import sys
import tempfile
from pathlib import Path
from typing import BinaryIO, TextIO

from tuolaji.core.errors import LimitExceeded, TuolajiError
from tuolaji.tools.terminal import echo

__all__ = [
    "UnreadableFile",
    "check_writable",
    "open_for_writing",
    "read_bounded",
    "write_atomically",
]

_CHUNK = 1 << 16

_KINDS = {
    stat.S_IFDIR: "a folder",
    stat.S_IFIFO: "a FIFO (named pipe)",
    stat.S_IFCHR: "a character device",
    stat.S_IFBLK: "a block device",
    stat.S_IFSOCK: "a socket",
}


class UnreadableFile(TuolajiError, OSError):
    """A path that cannot be read as a file: missing, a folder, a device or FIFO, not
    permitted. Also an `OSError` (``errno`` set when the system gave one); the message
    is one line naming the path (cut to [`ECHO_LIMIT`][tuolaji.tools.terminal.ECHO_LIMIT])."""

    def __str__(self) -> str:
        # The message alone: OSError would prefix "[Errno N]".
        return str(self.strerror) if self.strerror else super().__str__()


def _read_at_most(read: BinaryIO | int, limit: int, what: str) -> bytes:
    chunks: list[bytes] = []
    size = 0
    while size <= limit:
        want = min(_CHUNK, limit + 1 - size)
        chunk = os.read(read, want) if isinstance(read, int) else read.read(want)
        if not chunk:
            break
        chunks.append(chunk)
        size += len(chunk)
    if size > limit:
        raise LimitExceeded(f"{what} is at most {limit} bytes; this one is longer")
    return b"".join(chunks)


def read_bounded(path: str | os.PathLike[str], limit: int, *, what: str = "the file") -> bytes:
    """The bytes of the regular file ``path`` (``"-"``: stdin), at most ``limit`` of them.

    Reads at most ``limit + 1`` bytes whatever the file is. Raises
    [`LimitExceeded`][tuolaji.LimitExceeded] for a longer file,
    [`UnreadableFile`][tuolaji.tools.files.UnreadableFile] for a path that is missing, not
    permitted, or not a regular file (a folder, a FIFO, a device, a socket): checked on the opened
    file, so nothing can swap the path in between. ``what`` names the file in the messages (``"a
    record"``).
    """
    if type(limit) is not int:
        raise TypeError(f"limit is an int, got {type(limit).__name__}")
    if limit < 0:
        raise ValueError(f"limit is at least 0, got {limit}")
    name = os.fspath(path)
    if not isinstance(name, str):
        raise TypeError(f"path is a str or a path, got {type(name).__name__}")
    if name == "-":
        stdin = sys.stdin
        if stdin is None:
            raise UnreadableFile(errno.EBADF, "stdin is closed")
        return _read_at_most(stdin.buffer, limit, f"{what} (stdin)")
    shown = echo(name)
    try:
        # O_NONBLOCK: opening a FIFO with no writer returns at once instead of waiting.
        fd = os.open(name, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | os.O_CLOEXEC)
    except OSError as exc:
        reason = exc.strerror or type(exc).__name__
        raise UnreadableFile(exc.errno or errno.EIO, f"cannot read {shown}: {reason}") from None
    except ValueError:  # a NUL character in the path
        raise UnreadableFile(errno.EINVAL, f"cannot read {shown}: not a valid path") from None
    try:
        mode = os.fstat(fd).st_mode
        if not stat.S_ISREG(mode):
            kind = _KINDS.get(stat.S_IFMT(mode), "not a regular file")
            hint = "; give a file, or - for stdin" if kind != "a folder" else ""
            raise UnreadableFile(errno.EINVAL, f"cannot read {shown}: it is {kind}{hint}")
        os.set_blocking(fd, True)
        try:
            return _read_at_most(fd, limit, f"{what} ({shown})")
        except OSError as exc:
            reason = exc.strerror or type(exc).__name__
            raise UnreadableFile(exc.errno or errno.EIO, f"cannot read {shown}: {reason}") from None
    finally:
        os.close(fd)


def open_for_writing(path: str | os.PathLike[str]) -> TextIO:
    """``path`` opened to write UTF-8 text (created or truncated), without waiting: a FIFO
    nobody reads fails at once (``ENXIO``) instead of hanging. Raises `OSError` (a
    folder, a missing folder, no permission); write errors (a full disk) come on write or
    close, as `OSError` too."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NONBLOCK | os.O_CLOEXEC
    try:
        fd = os.open(os.fspath(path), flags | getattr(os, "O_NOCTTY", 0), 0o666)
    except ValueError:  # a NUL character in the path
        raise OSError(errno.EINVAL, "not a valid path", os.fspath(path)) from None
    try:
        os.set_blocking(fd, True)
        return open(fd, "w", encoding="utf-8", closefd=True)
    except BaseException:
        os.close(fd)
        raise


def _special(name: str) -> bool:
    """True for a path that exists and is not a regular file (a FIFO, a device such as
    ``/dev/stdout``): written in place, since a rename would replace it."""
    try:
        mode = os.stat(name).st_mode
    except OSError:
        return False
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)


def _path_name(path: object) -> str:
    if not isinstance(path, str | os.PathLike):
        raise TypeError(f"path is a str or a path, got {type(path).__name__}")
    name = os.fspath(path)
    if not isinstance(name, str):
        raise TypeError(f"path is a str or a path, got {type(name).__name__}")
    if "\0" in name:
        raise OSError(errno.EINVAL, "not a valid path", name)
    return name


def check_writable(path: str | os.PathLike[str]) -> None:
    """Raise `OSError` now if `write_atomically` could not write ``path`` later (a folder,
    a missing folder, no permission, a FIFO nobody reads), creating and changing nothing:
    a temporary file is made beside it and removed. Raises `TypeError` for a non-path."""
    name = _path_name(path)
    if _special(name):
        open_for_writing(name).close()  # a FIFO with no reader fails here (ENXIO)
        return
    if os.path.isdir(name):
        raise IsADirectoryError(errno.EISDIR, "Is a directory", name)
    if os.path.exists(name) and not os.access(name, os.W_OK):
        raise PermissionError(errno.EACCES, "Permission denied", name)
    target = Path(name)
    fd, temp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    os.close(fd)
    os.unlink(temp)


def write_atomically(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` whole or not at all: into a temporary file beside
    it, flushed to disk, then renamed over ``path`` (`os.replace`), so a stop mid-write (a
    signal, a full disk) leaves the old file or none, never a part. A path that is not a
    regular file (``/dev/stdout``, a FIFO) is written in place. The new file gets the
    permissions a plain ``open`` would give it (0666 less the umask). Raises `OSError` (the
    temporary file is removed) and `TypeError` for a non-path or non-str text."""
    name = _path_name(path)
    if not isinstance(text, str):
        raise TypeError(f"text is a str, got {type(text).__name__}")
    if _special(name):
        with open_for_writing(name) as file:
            file.write(text)
        return
    target = Path(name)
    fd, temp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with open(fd, "w", encoding="utf-8", closefd=True) as file:
            file.write(text)
            file.flush()
            os.fsync(file.fileno())
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temp, 0o666 & ~umask)
        os.replace(temp, name)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temp)
        raise
