"""Files that hold people's words, readable by their owner only.

The history (`planrag.store`: conversations, feedback, the audit trail) and the run store
(`planrag.service.run_store`: paused runs, Slack threads, the journal of messages) are
SQLite files by default. Like a dataset's `secrets.env`, each is made mode 0600 before
SQLite opens it, in a directory made 0700 when it is created here. SQLite gives the
`-journal`, `-wal` and `-shm` files it makes next to a database the database's own mode, so
they follow.

A file made by an older version (which left the mode to the umask: 0644 in a 0755 directory)
is tightened to 0600 when it is opened, and that is said in one line: only the app and the
CLI read it, running as its owner, so nothing that worked stops working, while a warning
alone would leave conversations readable until someone acted on it. Its directory is
tightened to 0700 too when it is the data directory (PLANRAG_DATA_DIR, the app's own);
another existing directory (a mount, a shared place, a home) is left as it is: the files in
it are private either way.

An export of such words (`planrag feedback export --output`) is written the same way
(`write_private`): a new file is its owner's alone, to share on purpose.
"""

from __future__ import annotations

import contextlib
import logging
import os
import stat
from pathlib import Path

__all__ = ["private_sqlite", "write_private"]

log = logging.getLogger("planrag.private")

_NEXT_TO = ("-journal", "-wal", "-shm")
"""The files SQLite keeps next to a database while it writes."""
_OTHERS = stat.S_IRWXG | stat.S_IRWXO


def private_sqlite(path: Path, data_dir: Path | None = None) -> None:
    """Make the SQLite database `path` and the files next to it readable by their owner only,
    creating it (empty: SQLite takes an empty file as a new database) and its directory when
    missing. What cannot be done is said in one line and left to SQLite, whose own error
    says why the file cannot be used."""
    folder = path.parent
    try:
        folder.mkdir(mode=0o700, parents=True)
    except FileExistsError:
        if data_dir is not None and _same(folder, data_dir):
            _tighten(folder, 0o700, "holds the conversations' files")
    except OSError:
        return  # SQLite says why the file cannot be made
    try:
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        pass
    except OSError:
        return
    else:
        os.close(fd)
    for file in (path, *(path.with_name(path.name + suffix) for suffix in _NEXT_TO)):
        _tighten(file, 0o600, "holds conversations")


def write_private(path: Path, text: str) -> None:
    """Write `text` (UTF-8) to `path`; a new file is readable by its owner only, an existing
    one keeps the mode its owner gave it."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(text)


def _same(a: Path, b: Path) -> bool:
    with contextlib.suppress(OSError):
        return a.samefile(b)
    return False


def _tighten(path: Path, mode: int, holds: str) -> None:
    """Take every permission of group and others off `path` (a regular file or, for 0700, a
    directory), saying so in one line."""
    try:
        st = path.lstat()
    except OSError:
        return  # not there: nothing to tighten
    kind_ok = stat.S_ISDIR(st.st_mode) if mode == 0o700 else stat.S_ISREG(st.st_mode)
    was = stat.S_IMODE(st.st_mode)
    if not kind_ok or not was & _OTHERS:
        return
    try:
        path.chmod(mode)
    except OSError as exc:
        log.warning("%s %s and is open to other users of this machine (mode %o), but "
                    "could not be made private (%s); run: chmod %o %s", path, holds, was,
                    exc.strerror, mode, path)
        return
    log.warning("%s %s and was open to other users of this machine (mode %o): it is now "
                "private to its owner (mode %o)", path, holds, was, mode)
