"""Text from outside: arguments, standard input and files decoded as UTF-8, or one line that
says what held bytes that are not UTF-8, and where."""

from __future__ import annotations

import io
import os
import re
from pathlib import Path

import pytest

from planrag.errors import ConfigError, DatasetError
from planrag.utf8 import (
    BadBytes,
    InputNotText,
    check_argument,
    decode_text,
    lone_surrogate,
    read_line,
    read_text_file,
    surrogate_at,
)


def argv_text(raw: bytes) -> str:
    """An argument as Python hands it over: bytes that are not UTF-8 kept as surrogates."""
    return raw.decode("utf-8", "surrogateescape")


def test_the_byte_of_an_argument_is_counted_in_its_utf8_bytes() -> None:
    assert surrogate_at("plain text, café") is None
    assert surrogate_at(argv_text(b"\xff")) == 1
    assert surrogate_at(argv_text(b"caf\xc3\xa9 \xff")) == 7  # é is two bytes
    assert surrogate_at("a\ud800") == 2  # a JSON \ud800 escape alone: no text either
    assert check_argument("SELECT 1", "the query") == "SELECT 1"
    with pytest.raises(InputNotText) as err:
        check_argument(argv_text(b"what is the best\xff?"), "the question")
    assert str(err.value) == (
        "the question has bytes that are not UTF-8 at byte 17; send it as UTF-8 text"
    )


def test_lone_surrogates_are_found_anywhere_in_a_json_value() -> None:
    assert not lone_surrogate({"q": ["café", 1, None, {"x": "ok"}]})
    assert lone_surrogate({"q": ["fine", {"deep": "bad \udcff"}]})
    assert lone_surrogate("\ud83d")  # half of an emoji
    assert not lone_surrogate("\U0001f600")  # the whole emoji


def test_standard_input_is_read_as_bytes_whatever_the_stream_errors() -> None:
    strict = io.TextIOWrapper(io.BytesIO(b"ok\nbad \xe9 line\nlast"), encoding="utf-8")
    assert read_line(strict, "line 1") == "ok\n"
    with pytest.raises(InputNotText, match=r"^line 2 has bytes that are not UTF-8 at byte 5; "):
        read_line(strict, "line 2")
    assert read_line(strict, "line 3") == "last"  # the bad line was consumed, not the next
    assert read_line(strict, "line 4") == ""
    # A stream of text only (no bytes beneath) is checked for the surrogates of bad bytes.
    text = io.StringIO("yes\n" + argv_text(b"n\xffo\n"))
    assert read_line(text, "the answer") == "yes\n"
    with pytest.raises(InputNotText, match="the answer has bytes that are not UTF-8 at byte 2"):
        read_line(text, "the answer")


@pytest.mark.parametrize(
    ("data", "detail", "line"),
    [
        (b"id = 1\ntitle = 'caf\xe9'\n", "has bytes that are not UTF-8 at byte 20", 2),
        (b"\xff", "has bytes that are not UTF-8 at byte 1", 1),
        (b"a\nb\nc\xc3", "has bytes that are not UTF-8 at byte 6", 3),  # cut in the middle
        (b"\xef\xbb\xbfa\xff", "has bytes that are not UTF-8 at byte 5", 1),  # after a BOM
        ("id = 1".encode("utf-16"), "is UTF-16 text", None),
        ("id = 1".encode("utf-32"), "is UTF-32 text", None),
        ("id = 1".encode("utf-16-le"), "has a NUL byte at byte 2 (is it UTF-16?)", 1),
    ],
)
def test_files_that_are_not_utf8_say_the_byte_and_line(
    data: bytes, detail: str, line: int | None
) -> None:
    with pytest.raises(BadBytes) as err:
        decode_text(data)
    assert (err.value.detail, err.value.line) == (detail, line)


def test_a_utf8_byte_order_mark_is_dropped() -> None:
    assert decode_text(b"\xef\xbb\xbfid = 1\n") == "id = 1\n"
    assert decode_text("café\n".encode()) == "café\n"


def test_reading_a_file_names_it_and_says_what_to_do(tmp_path: Path) -> None:
    path = tmp_path / "rules.md"
    path.write_bytes(b"# Rules\n\nLes r\xe8gles\n")
    with pytest.raises(DatasetError) as err:
        read_text_file(path, "rules_file")
    assert str(err.value) == (
        f"rules_file {path} has bytes that are not UTF-8 at byte 15 (line 3); save it as UTF-8"
    )
    missing = re.escape(f"cannot read the users file {tmp_path / 'nope'}: ")
    with pytest.raises(ConfigError, match=f"^{missing}"):
        read_text_file(tmp_path / "nope", "the users file", ConfigError)
    with pytest.raises(DatasetError, match="cannot read rules_file"):
        read_text_file(Path("a\0b"), "rules_file")
    path.write_text("Les règles\n", encoding="utf-8")
    assert read_text_file(path, "rules_file") == "Les règles\n"


def test_a_file_name_that_is_not_utf8_can_still_be_read(tmp_path: Path) -> None:
    path = Path(os.fsdecode(os.fsencode(tmp_path) + b"/r\xe8gles.md"))
    path.write_text("fine\n", encoding="utf-8")
    assert read_text_file(path, "rules_file") == "fine\n"
