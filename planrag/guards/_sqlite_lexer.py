"""SQLite's reading of a query's text, for the SQL guard (a `LexMode` of `_sql_lexer`).

SQLite reads the same text differently, so this mode follows SQLite's
tokenizer instead: ``#`` never starts a comment (``#x`` is a parameter there, refused like
``?``, ``:x``, ``@x`` and ``$x``); only ``'...'`` is a string, without backslash escapes;
``"..."``, ``[...]`` and backticks quote names; ``x'..'`` is a blob; and every non-ASCII
character is part of a name, as SQLite reads it (such a word is never a keyword). Where the two
readings differ in a way only an attack would use, SQLite's is refused too: ``--`` with no
space after it (SQLite's comment, MySQL's double minus), ``/*!``, ``/*M!`` and ``/*+`` (plain
comments to SQLite, statements or limits to MySQL), and ``\\'`` in a string (where MySQL's
string would end elsewhere; a model writing it meant an escaped quote, which SQLite writes '')."""

from __future__ import annotations

import re
from typing import Final

from planrag.guards._sql_lexer import (
    COMMON_ERRORS,
    NUMBER,
    OPERATOR,
    QUOTED,
    STRING,
    UNKNOWN,
    WORD,
    LexError,
    LexMode,
    Token,
    quoted_pattern,
    tokenize,
)

__all__ = ["SQLITE_LEXING", "tokenize_sqlite"]


def _sqlite_pattern() -> re.Pattern[str]:
    """SQLite's tokenizer (tokenize.c): a name character is a letter, digit, `_`, `$` or any
    non-ASCII character; a name cannot start with a digit or `$`."""
    name_start = "A-Za-z_\\x80-\\U0010ffff"
    parts = [
        r"(?P<space>[ \t\n\r\f]++)",  # a vertical tab is no space to SQLite
        r"(?P<executable_comment>/\*[Mm]?!)",
        r"(?P<hint>/\*\+)",
        r"(?P<comment>/\*(?:[^*]++|\*(?!/))*+\*/|--(?=[\x00-\x20\x7f]|\Z)[^\n]*+)",
        r"(?P<dashes>--)",
        r"(?P<open_comment>/\*)",
        f"(?P<{STRING}>[xX]?{quoted_pattern(chr(39), False)})",
        f"(?P<{QUOTED}>{quoted_pattern(chr(34), False)}|`(?:[^`]++|``)*+`|\\[[^\\]]*+\\])",
        r"(?P<open_quote>['\"`\[])",
        f"(?P<{NUMBER}>0[xX][0-9A-Fa-f]++(?![{name_start}0-9$])"
        r"|(?:[0-9]++(?:\.[0-9]*+)?|\.[0-9]++)(?:[eE][+-]?[0-9]++)?)",
        f"(?P<{WORD}>[{name_start}][{name_start}0-9$]*+)",
        f"(?P<{OPERATOR}>->>|->|<=|>=|<>|!=|==|<<|>>|\\|\\||[-=<>~&|+*/%(),.;])",
        f"(?P<{UNKNOWN}>.)",
    ]
    return re.compile("|".join(parts), re.DOTALL)


def _backslash_quote(_: str) -> LexError:
    return LexError(
        "syntax",
        "A string holds \\ before a quote, but SQLite has no backslash escapes (MySQL "
        "would read that string differently); write a quote inside a string as two quotes "
        "('it''s'), and a final backslash as || char(92).",
    )


def _dashes(_: str) -> LexError:
    return LexError(
        "syntax",
        "SQLite reads -- as the start of a comment even with no space after it, where MySQL "
        "reads two minus signs; write a space after -- for a comment, or 5 - -1 for arithmetic.",
    )



SQLITE_LEXING: Final = LexMode(
    _sqlite_pattern(), {**COMMON_ERRORS, "dashes": _dashes}, backslash_quote=_backslash_quote
)


def tokenize_sqlite(query: str, *, lenient: bool = False) -> list[Token]:
    """`query`'s tokens as SQLite reads them; raise `LexError`."""
    return tokenize(query, lenient=lenient, mode=SQLITE_LEXING)
