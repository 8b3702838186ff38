"""`planrag connect --sqlite FILE` on a file that holds no database says so in one line, exit 1,
before anything is written (issue 19, point 13)."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from planrag.errors import DatasetError
from planrag.locations import get_kind
from tests.live._live import cli, live_env, nothing_written, one_line_error


def shop_file(path: Path) -> Path:
    with sqlite3.connect(path) as conn:
        conn.executescript("CREATE TABLE stores (id INTEGER PRIMARY KEY, name TEXT);"
                           "INSERT INTO stores VALUES (1, 'Harbour'), (2, 'Dom');")
    conn.close()
    return path


def not_databases(tmp_path: Path) -> list[tuple[Path, str]]:
    """Files `--sqlite` may be given that hold no database, and what must be said of each."""
    text = tmp_path / "notes.txt"
    text.write_text("hello, not a database\n")
    empty = tmp_path / "empty.sqlite"
    empty.write_bytes(b"")
    folder = tmp_path / "a-folder"
    folder.mkdir()
    damaged = tmp_path / "damaged.sqlite"
    whole = bytearray(shop_file(tmp_path / "whole.sqlite").read_bytes())
    whole[100:600] = bytes(range(256)) + bytes(range(244))  # the schema's page, overwritten
    damaged.write_bytes(whole)
    encrypted = tmp_path / "encrypted.sqlite"  # as SQLCipher writes it: no header in clear
    encrypted.write_bytes(bytes((i * 131 + 7) % 256 for i in range(4096)))
    return [
        (text, "not a SQLite 3 database (or an encrypted one, which cannot be read)"),
        (empty, "the file is empty, not a SQLite database"),
        (folder, "is a folder, not a SQLite file"),
        (damaged, "cannot be read as a database (database disk image is malformed)"),
        (encrypted, "not a SQLite 3 database (or an encrypted one, which cannot be read)"),
    ]


async def test_a_file_that_is_no_database_is_said_in_one_line(tmp_path: Path) -> None:
    env = live_env(tmp_path)
    for path, said in not_databases(tmp_path):
        code, _, err = await cli("connect", "notes", "--sqlite", str(path), env=env)
        line = one_line_error(code, err)  # exit 1, one line, no traceback
        assert said in line, (path.name, line)
        nothing_written(tmp_path / "datasets", "notes")


@pytest.mark.skipif(os.geteuid() == 0, reason="root reads every file")
async def test_a_file_without_read_permission_is_said_in_one_line(tmp_path: Path) -> None:
    path = shop_file(tmp_path / "locked.sqlite")
    path.chmod(0)
    code, _, err = await cli("connect", "locked", "--sqlite", str(path), env=live_env(tmp_path))
    assert "cannot be read (Permission denied); let this user read it" in one_line_error(code,
                                                                                         err)


def test_a_file_without_read_permission_is_refused_before_it_is_opened(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same refusal as above where the tests run as root (who reads every file)."""
    path = shop_file(tmp_path / "locked.sqlite")

    def refused(self: Path, *args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied", str(self))

    monkeypatch.setattr(Path, "open", refused)
    with pytest.raises(DatasetError) as err:
        get_kind("sqlite").live_entry(str(path), None)
    assert str(err.value) == (f"--sqlite {path}: cannot be read (Permission denied); let this "
                              "user read it")
