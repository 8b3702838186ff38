"""A MySQL/MariaDB tokenizer for the SQL guard.

The guard must see the statement exactly as the server will, so this lexer follows the server's
rules rather than ANSI SQL, and refuses (raises `LexError`) wherever guessing would be unsafe:

* ``--`` starts a comment only when a space or control character (or the end) follows, so
  ``5--1`` is ``5 - -1``; ``#`` starts a comment; a line comment ends only at ``\\n``.
* ``/* ... */`` is whitespace, so ``INTO/**/OUTFILE`` still reads as INTO OUTFILE. Executable
  comments (``/*!``, ``/*!50000``, MariaDB ``/*M!``) run their contents and optimizer hints
  (``/*+``) change limits: both are refused outright.
* ``'...'`` and ``"..."`` are strings (the default sql_mode), with doubled quotes and, unless
  `backslash_escapes` is off (NO_BACKSLASH_ESCAPES), backslash escapes.
* Unterminated strings, identifiers and comments, NUL, and any character the lexer does not
  know outside quotes (non-ASCII letters and spaces such as NBSP, ``?``, ``{``, ``\\``) are
  refused: fail closed.

SQLite reads the same text differently, so `tokenize(..., sqlite=True)` follows SQLite's
tokenizer instead: ``#`` never starts a comment (``#x`` is a parameter there, refused like
``?``, ``:x``, ``@x`` and ``$x``); only ``'...'`` is a string, without backslash escapes;
``"..."``, ``[...]`` and backticks quote names; ``x'..'`` is a blob; and every non-ASCII
character is part of a name, as SQLite reads it (such a word is never a keyword). Where the two
readings differ in a way only an attack would use, SQLite's is refused too: ``--`` with no
space after it (SQLite's comment, MySQL's double minus), ``/*!``, ``/*M!`` and ``/*+`` (plain
comments to SQLite, statements or limits to MySQL), and ``\\'`` in a string (where MySQL's
string would end elsewhere; a model writing it meant an escaped quote, which SQLite writes '').

Whitespace and comments are dropped; what remains is a flat list of `Token`.
"""

from __future__ import annotations

import re
import unicodedata
from typing import Final, NamedTuple

__all__ = [
    "NUMBER",
    "OPERATOR",
    "QUOTED",
    "STRING",
    "SYSTEM_VARIABLE",
    "UNKNOWN",
    "VARIABLE",
    "WORD",
    "LexError",
    "Token",
    "tokenize",
]

WORD: Final = "word"  # keyword or unquoted identifier; `value` is upper-cased
QUOTED: Final = "quoted"  # `backticked` (SQLite also "..." and [...]) name, unquoted
STRING: Final = "string"  # '...' or "..." literal (SQLite: '...', x'..'); the source text
NUMBER: Final = "number"  # decimal, hex (0x..) or bit (0b..) literal
VARIABLE: Final = "variable"  # @user_variable
SYSTEM_VARIABLE: Final = "system_variable"  # @@system_variable
OPERATOR: Final = "operator"  # punctuation and operators, including ( ) , . ;
UNKNOWN: Final = "unknown"  # a character outside the grammar (only when lexing leniently)


class Token(NamedTuple):
    kind: str
    value: str
    start: int
    end: int


class LexError(Exception):
    """The query cannot be tokenized safely; carries the guard's rule id and reason."""

    def __init__(self, rule: str, reason: str, *, unterminated: bool = False) -> None:
        super().__init__(reason)
        self.rule = rule
        self.reason = reason
        self.unterminated = unterminated  # an open quote or comment ran to the end
        self.tokens_before: list[Token] = []  # what was read before the error


def _quoted(quote: str, backslash_escapes: bool) -> str:
    """A regex for one quoted literal; possessive so unterminated input fails in linear time."""
    body = (
        f"[^{quote}\\\\]++|\\\\.|{quote}{quote}"
        if backslash_escapes
        else (f"[^{quote}]++|{quote}{quote}")
    )
    return f"{quote}(?:{body})*+{quote}"


def _pattern(backslash_escapes: bool) -> re.Pattern[str]:
    single = _quoted("'", backslash_escapes)
    double = _quoted('"', backslash_escapes)
    backtick = "`(?:[^`]++|``)*+`"
    parts = [
        r"(?P<space>[ \t\n\r\f\v]++)",
        r"(?P<executable_comment>/\*[Mm]?!)",
        r"(?P<hint>/\*\+)",
        r"(?P<comment>/\*(?:[^*]++|\*(?!/))*+\*/|#[^\n]*+|--(?=[\x00-\x20\x7f]|\Z)[^\n]*+)",
        r"(?P<open_comment>/\*)",
        f"(?P<{STRING}>{single}|{double})",
        f"(?P<{QUOTED}>{backtick})",
        r"(?P<open_quote>['\"`])",
        f"(?P<{SYSTEM_VARIABLE}>@@[A-Za-z0-9_$.]*+)",
        f"(?P<{VARIABLE}>@(?:[A-Za-z0-9_$.]++|{single}|{double}|{backtick}))",
        f"(?P<{NUMBER}>0x[0-9A-Fa-f]++(?![A-Za-z0-9_$])|0b[01]++(?![A-Za-z0-9_$])"
        r"|(?:\d++(?:\.\d*+)?|\.\d++)(?:[eE][+-]?\d++)?)",
        f"(?P<{WORD}>[A-Za-z_$][A-Za-z0-9_$]*+)",
        f"(?P<{OPERATOR}>:=|<=>|->>|->|<=|>=|<>|!=|<<|>>|&&|\\|\\||[-=<>!~^&|+*/%(),.;])",
        f"(?P<{UNKNOWN}>.)",
    ]
    # ASCII: \\d and letters must not match non-ASCII digits or letters.
    return re.compile("|".join(parts), re.DOTALL | re.ASCII)


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
        f"(?P<{STRING}>[xX]?{_quoted(chr(39), False)})",
        f"(?P<{QUOTED}>{_quoted(chr(34), False)}|`(?:[^`]++|``)*+`|\\[[^\\]]*+\\])",
        r"(?P<open_quote>['\"`\[])",
        f"(?P<{NUMBER}>0[xX][0-9A-Fa-f]++(?![{name_start}0-9$])"
        r"|(?:[0-9]++(?:\.[0-9]*+)?|\.[0-9]++)(?:[eE][+-]?[0-9]++)?)",
        f"(?P<{WORD}>[{name_start}][{name_start}0-9$]*+)",
        f"(?P<{OPERATOR}>->>|->|<=|>=|<>|!=|==|<<|>>|\\|\\||[-=<>~&|+*/%(),.;])",
        f"(?P<{UNKNOWN}>.)",
    ]
    return re.compile("|".join(parts), re.DOTALL)


_PATTERNS: Final = {True: _pattern(True), False: _pattern(False)}
_SQLITE_PATTERN: Final = _sqlite_pattern()
_SKIPPED: Final = frozenset({"space", "comment"})


def tokenize(
    query: str, *, backslash_escapes: bool = True, lenient: bool = False, sqlite: bool = False
) -> list[Token]:
    """Split `query` into tokens, dropping whitespace and comments; raise `LexError`.

    `lenient` keeps characters the lexer does not know as `UNKNOWN` tokens instead of
    refusing them, for reading the query as a server in another sql_mode would. `sqlite`
    reads it as SQLite does (see the module docstring; `backslash_escapes` is then moot).
    """
    if "\x00" in query:
        raise LexError("syntax", "The query contains a NUL character; remove it.")
    tokens: list[Token] = []
    pattern = _SQLITE_PATTERN if sqlite else _PATTERNS[backslash_escapes]
    for match in pattern.finditer(query):
        kind = match.lastgroup or UNKNOWN
        if kind in _SKIPPED:
            continue
        text = match.group()
        if kind == WORD:
            # Only ASCII letters fold: a word with any other character is a name to SQLite
            # (and refused by MySQL's lexer), never a keyword such as 'ſelect'.upper().
            value = text.upper() if text.isascii() else text
            tokens.append(Token(WORD, value, match.start(), match.end()))
        elif kind == QUOTED:
            tokens.append(Token(QUOTED, _unquoted(text), *match.span()))
        elif kind == STRING and sqlite and "\\'" in text:
            error = _backslash_quote(text)
            error.tokens_before = tokens
            raise error
        elif kind == UNKNOWN and lenient:
            tokens.append(Token(UNKNOWN, text, match.start(), match.end()))
        elif kind in _ERRORS:
            error = _ERRORS[kind](text)
            error.tokens_before = tokens
            raise error
        else:
            tokens.append(Token(kind, text, match.start(), match.end()))
    return tokens


def _unquoted(text: str) -> str:
    """A quoted name's text: `a``b` and "a""b" hold a doubled quote; [a] holds none."""
    quote = text[0]
    if quote == "[":
        return text[1:-1]
    return text[1:-1].replace(quote * 2, quote)


def _executable_comment(_: str) -> LexError:
    return LexError(
        "executable-comment",
        "Executable comments (/*! ... */, /*!50000 ... */, /*M! ... */) are run as SQL by "
        "the server, so they are refused; write plain SQL without them.",
    )


def _hint(_: str) -> LexError:
    return LexError(
        "hint",
        "Optimizer hint comments (/*+ ... */) can override the product's time and resource "
        "limits; remove the hint and send the plain query.",
    )


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


def _open_comment(_: str) -> LexError:
    return LexError(
        "syntax",
        "The query has a /* comment without a closing */; close or remove it.",
        unterminated=True,
    )


def _open_quote(quote: str) -> LexError:
    what = {"`": "backticked identifier", "[": "[bracketed] identifier"}.get(
        quote, f"{quote}-quoted string"
    )
    return LexError(
        "syntax",
        f"The query has an unterminated {what}; close it (double the quote character to "
        "include it in the text).",
        unterminated=True,
    )


def _unknown(char: str) -> LexError:
    name = unicodedata.name(char, "unnamed character")
    return LexError(
        "syntax",
        f"Unexpected character U+{ord(char):04X} ({name}) outside quotes; use plain ASCII "
        "spaces and syntax, and put any other text inside quotes or backticks.",
    )


_ERRORS: Final = {
    "dashes": _dashes,
    "executable_comment": _executable_comment,
    "hint": _hint,
    "open_comment": _open_comment,
    "open_quote": _open_quote,
    UNKNOWN: _unknown,
}
