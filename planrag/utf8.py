"""Text from outside, as UTF-8: arguments, standard input and files.

Everything PlanRAG reads from a person or a file (the command line, standard input, dataset
manifests, questions and rules files, secrets, the users file, dumps) is decoded here, so
bytes that are not UTF-8 end in one line that names what held them and where (the byte,
counted from 1, and for files the line), never in a traceback, nor in a question or a query
that a model or a database cannot be sent.

Python keeps the bytes of an argument (or of standard input, in a C locale) that are not
UTF-8 as lone surrogates (`surrogateescape`); a JSON `\\udXXX` escape standing alone makes
the same. Neither can be encoded again, so both are refused as not text.
"""

from __future__ import annotations

import codecs
import json
from collections.abc import Callable
from pathlib import Path
from typing import TextIO

from planrag.errors import DatasetError, PlanRAGError

__all__ = [
    "BadBytes",
    "InputNotText",
    "check_argument",
    "decode_text",
    "lone_surrogate",
    "read_line",
    "read_text_file",
    "surrogate_at",
]

_BOMS = (
    (codecs.BOM_UTF32_LE, "UTF-32"),  # before UTF-16 LE: it starts with the same two bytes
    (codecs.BOM_UTF32_BE, "UTF-32"),
    (codecs.BOM_UTF16_LE, "UTF-16"),
    (codecs.BOM_UTF16_BE, "UTF-16"),
)


class InputNotText(PlanRAGError):
    """An argument or a line of standard input holds bytes that are not UTF-8 text. The CLI
    exits with 2 on it, as on any other input it cannot take."""


class BadBytes(ValueError):
    """A file's bytes that are not UTF-8 text: `detail` says what and where (without the
    file's name), `line` is the line they are on (from 1; None for the whole file)."""

    def __init__(self, detail: str, line: int | None) -> None:
        super().__init__(detail)
        self.detail = detail
        self.line = line


def surrogate_at(text: str) -> int | None:
    """The byte (from 1) where `text` stops being text, the UTF-8 bytes before it counted:
    its first lone surrogate. None when all of it is text."""
    for i, char in enumerate(text):
        if "\ud800" <= char <= "\udfff":
            return len(text[:i].encode("utf-8")) + 1
    return None


def lone_surrogate(value: object) -> bool:
    """Whether a JSON-like value (strings, numbers, lists, mappings) holds a string that is not
    text: a lone surrogate, e.g. from a `\\udXXX` escape alone."""
    try:
        json.dumps(value, ensure_ascii=False, default=str).encode("utf-8")
    except UnicodeEncodeError:
        return True
    except (TypeError, ValueError, RecursionError):
        return False
    return False


def check_argument(text: str, what: str, fix: str = "send it as UTF-8 text") -> str:
    """`text`, an argument or a line typed by a person, when it is all text; else
    `InputNotText` naming `what` (e.g. "the question") and the byte, and saying `fix`."""
    at = surrogate_at(text)
    if at is not None:
        raise InputNotText(f"{what} has bytes that are not UTF-8 at byte {at}; {fix}")
    return text


def read_line(stream: TextIO, what: str) -> str:
    """One line of `stream` ("" at its end), its bytes decoded as UTF-8, whatever the
    stream's own error handling; `InputNotText` names `what` and the byte when they are not
    UTF-8. Reads the stream's bytes when it has them (a real standard input)."""
    raw = getattr(stream, "buffer", None)
    if raw is None:
        return check_argument(stream.readline(), what)
    data = raw.readline()
    try:
        return str(data.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise InputNotText(
            f"{what} has bytes that are not UTF-8 at byte {exc.start + 1}; send it as UTF-8 "
            "text"
        ) from None


def decode_text(data: bytes) -> str:
    """A file's bytes as text: UTF-8, a leading byte-order mark dropped. `BadBytes` when they
    are UTF-16 or UTF-32, hold bytes that are not UTF-8, or a NUL byte (no text file has
    one)."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            raise BadBytes(f"is {encoding} text", None)
    start = len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0
    try:
        text = data[start:].decode("utf-8")
    except UnicodeDecodeError as exc:
        at = start + exc.start  # counted in the file, its byte-order mark included
        line = data.count(b"\n", 0, at) + 1
        raise BadBytes(f"has bytes that are not UTF-8 at byte {at + 1}", line) from None
    nul = data.find(b"\0")
    if nul >= 0:
        line = data.count(b"\n", 0, nul) + 1
        raise BadBytes(f"has a NUL byte at byte {nul + 1} (is it UTF-16?)", line)
    return text


def read_text_file(
    path: Path, what: str, error: Callable[[str], Exception] = DatasetError
) -> str:
    """The text of the file `path`, `what` naming it in errors (e.g. "questions file"); a
    file that cannot be read or is not UTF-8 text raises `error(one line)`, which names the
    file, the byte and the line, and says to save it as UTF-8."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise error(f"cannot read {what} {path}: {exc.strerror or exc}") from None
    except ValueError as exc:  # a name with a NUL in it
        raise error(f"cannot read {what} {path!r}: {exc}") from None
    try:
        return decode_text(data)
    except BadBytes as exc:
        where = f" (line {exc.line})" if exc.line is not None else ""
        raise error(f"{what} {path} {exc.detail}{where}; save it as UTF-8") from None
