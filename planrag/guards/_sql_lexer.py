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

The dialects that read text otherwise bring their own reading: SQLite's pattern
(`_sqlite_lexer`, a `LexMode` for `tokenize`) and PostgreSQL's lexer (`_postgres_lexer`).
A dialect's `tokenize` (`planrag.guards.dialects`) is the way code outside the guard asks.

Whitespace and comments are dropped; what remains is a flat list of `Token`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Final, NamedTuple

__all__ = [
    "COMMON_ERRORS",
    "NUMBER",
    "OPERATOR",
    "QUOTED",
    "STRING",
    "SYSTEM_VARIABLE",
    "UNKNOWN",
    "VARIABLE",
    "WORD",
    "LexError",
    "LexMode",
    "Token",
    "TokenReader",
    "is_op",
    "open_comment",
    "quoted_pattern",
    "refuse_nul",
    "tokenize",
    "unknown_character",
    "word_at",
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


def is_op(tokens: Sequence[Token], index: int, op: str) -> bool:
    """Whether the token at `index` is the operator `op` (False past either end)."""
    return 0 <= index < len(tokens) and tokens[index].kind == OPERATOR and tokens[index].value == op


def word_at(tokens: Sequence[Token], index: int) -> str:
    """The (upper-cased) word at `index`; "" for anything else or past either end."""
    if 0 <= index < len(tokens) and tokens[index].kind == WORD:
        return tokens[index].value
    return ""


class TokenReader:
    """Reading a query's tokens by position, for the passes that walk them."""

    tokens: Sequence[Token]
    partners: Sequence[int]
    """For each "(" the index of its ")" (what `skip` and `operands` step over)."""

    def word(self, index: int) -> str:
        return word_at(self.tokens, index)

    def op(self, index: int) -> str:
        """The operator at `index`, or ""."""
        if 0 <= index < len(self.tokens) and self.tokens[index].kind == OPERATOR:
            return self.tokens[index].value
        return ""

    def keyword(self, index: int) -> str:
        """The word at `index` unless it follows a `.` (then it is a name)."""
        return "" if self.op(index - 1) == "." else self.word(index)

    def skip(self, index: int) -> int:
        """The index after the token at `index`, or after the parentheses it opens."""
        return self.partners[index] + 1 if self.op(index) == "(" else index + 1

    def operands(
        self, start: int, end: int, separators: frozenset[str],
        stops: frozenset[str] = frozenset(),
    ) -> list[tuple[int, int]] | None:
        """The [start, end) ranges of the operands of the top-level operator written as one
        of `separators` (words such as AND, or operators such as &&) in [start, end): the
        AND of a BETWEEN, and anything inside CASE ... END or parentheses, separates
        nothing. None when one of `stops` stands at the top level (an OR in an AND chain
        makes it no chain)."""
        parts: list[tuple[int, int]] = []
        begin = index = start
        cases = betweens = 0
        while index < end:
            word = self.keyword(index)
            mark = word or self.op(index)
            if word == "CASE":
                cases += 1
            elif word == "END" and cases:
                cases -= 1
            elif cases:
                pass
            elif mark in stops:
                return None
            elif word == "BETWEEN":
                betweens += 1
            elif word == "AND" and betweens:
                betweens -= 1
            elif mark in separators:
                parts.append((begin, index))
                begin = index + 1
            index = self.skip(index)
        parts.append((begin, end))
        return parts

    def heads(self) -> Iterator[tuple[int, list[int]]]:
        """Each word or quoted name that does not follow a `.`, with the parentheses open
        around it (their indices, innermost last; the list is the walk's own)."""
        opened: list[int] = []
        for index, token in enumerate(self.tokens):
            if token.kind == OPERATOR:
                if token.value == "(":
                    opened.append(index)
                elif token.value == ")" and opened:
                    opened.pop()
                continue
            if token.kind in (WORD, QUOTED) and self.op(index - 1) != ".":
                yield index, opened


class LexError(Exception):
    """The query cannot be tokenized safely; carries the guard's rule id and reason."""

    def __init__(self, rule: str, reason: str, *, unterminated: bool = False) -> None:
        super().__init__(reason)
        self.rule = rule
        self.reason = reason
        self.unterminated = unterminated  # an open quote or comment ran to the end
        self.tokens_before: list[Token] = []  # what was read before the error


def quoted_pattern(quote: str, backslash_escapes: bool) -> str:
    """A regex for one quoted literal; possessive so unterminated input fails in linear time."""
    body = (
        f"[^{quote}\\\\]++|\\\\.|{quote}{quote}"
        if backslash_escapes
        else (f"[^{quote}]++|{quote}{quote}")
    )
    return f"{quote}(?:{body})*+{quote}"


def _pattern(backslash_escapes: bool) -> re.Pattern[str]:
    single = quoted_pattern("'", backslash_escapes)
    double = quoted_pattern('"', backslash_escapes)
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


_PATTERNS: Final = {True: _pattern(True), False: _pattern(False)}
_SKIPPED: Final = frozenset({"space", "comment"})


@dataclass(frozen=True, slots=True)
class LexMode:
    """How a server of the MySQL family's lexing reads text: its token pattern (which
    quotes make strings and names, which comments, which characters make a name), and
    whether a string holding ``\\'`` is refused (a dialect without backslash escapes, where
    MySQL's string would end elsewhere)."""

    pattern: re.Pattern[str]
    errors: Mapping[str, Callable[[str], LexError]]
    """The refusal of each group of the pattern that is refused (`COMMON_ERRORS` and its
    own)."""
    backslash_quote: Callable[[str], LexError] | None = None
    """The refusal of a string holding ``\\'``, if this dialect refuses it."""


def tokenize(
    query: str,
    *,
    backslash_escapes: bool = True,
    lenient: bool = False,
    mode: LexMode | None = None,
) -> list[Token]:
    """Split `query` into tokens, dropping whitespace and comments; raise `LexError`.

    The way code outside the guard asks is a dialect's own `tokenize`
    (`planrag.guards.dialects`); this one reads MySQL's text, or another `mode`'s.

    `lenient` keeps characters the lexer does not know as `UNKNOWN` tokens instead of
    refusing them, for reading the query as a server in another sql_mode would. `mode`
    reads it with another pattern (SQLite's, `_sqlite_lexer`; `backslash_escapes` is then
    moot).
    """
    refuse_nul(query)
    tokens: list[Token] = []
    pattern = mode.pattern if mode is not None else _PATTERNS[backslash_escapes]
    errors = mode.errors if mode is not None else COMMON_ERRORS
    backslash_quote = mode.backslash_quote if mode is not None else None
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
        elif kind == STRING and backslash_quote is not None and "\\'" in text:
            error = backslash_quote(text)
            error.tokens_before = tokens
            raise error
        elif kind == UNKNOWN and lenient:
            tokens.append(Token(UNKNOWN, text, match.start(), match.end()))
        elif kind in errors:
            error = errors[kind](text)
            error.tokens_before = tokens
            raise error
        else:
            tokens.append(Token(kind, text, match.start(), match.end()))
    return tokens


def refuse_nul(query: str) -> None:
    """Raise `LexError` for a NUL character, which no dialect reads."""
    if "\x00" in query:
        raise LexError("syntax", "The query contains a NUL character; remove it.")


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


def open_comment(_: str) -> LexError:
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


def unknown_character(char: str) -> LexError:
    name = unicodedata.name(char, "unnamed character")
    return LexError(
        "syntax",
        f"Unexpected character U+{ord(char):04X} ({name}) outside quotes; use plain ASCII "
        "spaces and syntax, and put any other text inside quotes or backticks.",
    )


COMMON_ERRORS: Final[Mapping[str, Callable[[str], LexError]]] = {
    "executable_comment": _executable_comment,
    "hint": _hint,
    "open_comment": open_comment,
    "open_quote": _open_quote,
    UNKNOWN: unknown_character,
}
