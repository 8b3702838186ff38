"""Tokenizer for the Cypher read-only guard.

The guard must see exactly the tokens the server sees, so this lexer follows the Neo4j 5
lexical rules and fails closed wherever the rules of another Bolt server could differ:

* Strings are single- or double-quoted with backslash escapes (``\\'``, ``\\\\``, ``\\uXXXX``,
  ``\\UXXXXXXXX`` ...). Their content is never inspected for keywords: text inside a literal
  only reaches a database engine through a procedure or function, and those are policed by
  name in the parser.
* ``//`` comments end at CR or LF, ``/* */`` comments do not nest. A line comment that
  contains another Unicode line terminator, or a block comment that contains ``/*``, is
  refused, because servers disagree on those and a disagreement could hide a clause.
* Backticked names use a doubled backtick as the escape; they are always identifiers.
* Every Unicode whitespace character (``str.isspace``: NBSP, EN SPACE, IDEOGRAPHIC SPACE ...)
  separates tokens, so ``CREATE`` written with NBSP around it is still seen as CREATE.
* Any other character outside strings, comments and backticks that is not part of a name,
  number, parameter or known operator (for example ZERO WIDTH SPACE) is refused.

Keyword matching uses `Token.upper`, which is only set for pure-ASCII words: Python would
uppercase ``ſet`` to ``SET`` while Neo4j reads it as a name, and the guard must not disagree
with the server about which words are keywords in either direction.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

__all__ = ["LexError", "Token", "tokenize"]

WORD: Final = "word"
QUOTED: Final = "quoted"
STRING: Final = "string"
NUMBER: Final = "number"
PARAM: Final = "param"
PUNCT: Final = "punct"
EOF: Final = "eof"


class LexError(Exception):
    """The text is not something the guard can tokenize with certainty."""


@dataclass(frozen=True, slots=True)
class Token:
    """One lexical token.

    `value` is the name for words, backticked names and parameters (backticks removed), the
    literal text for numbers and punctuation, and the raw text for strings. `upper` is the
    uppercased word for unquoted ASCII words (keyword candidates) and "" for anything else.
    """

    kind: str
    value: str
    upper: str
    pos: int


_WHITESPACE = re.compile(r"\s+")
_LINE_COMMENT = re.compile(r"//[^\r\n]*")
_BLOCK_COMMENT = re.compile(r"/\*.*?\*/", re.DOTALL)
# Line terminators other than CR/LF that some parsers honour inside `//` comments.
_ODD_LINE_BREAK = re.compile("[\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029]")
_WORD = re.compile(r"[^\W\d]\w*")
_NUMBER = re.compile(
    r"0[xX][0-9a-fA-F_]+|0o[0-7_]+|[0-9][0-9_]*(?:\.[0-9][0-9_]*)?(?:[eE][+-]?[0-9]+)?"
)
_SINGLE_QUOTED = re.compile(r"'(?:[^'\\]|\\.)*'", re.DOTALL)
_DOUBLE_QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BACKTICKED = re.compile(r"`(?:[^`]|``)*`")
_PARAM_NAME = re.compile(r"[^\W\d]\w*|\d+")
# Escapes are scanned pairwise from the left, so an escaped backslash is one escape. Valid:
# \\ \' \" \b \f \n \r \t, \uXXXX and \UXXXXXXXX; group 1 is set for anything else.
_ESCAPE = re.compile(r"\\(?:[\\'\"bfnrt]|u[0-9a-fA-F]{4}|U[0-9a-fA-F]{8}|(.))", re.DOTALL)
_MULTI_PUNCT: Final = frozenset({"..", "<>", "<=", ">=", "=~", "!=", "::", "||", "+="})
_SINGLE_PUNCT: Final = frozenset("()[]{},.:;=<>+-*/%^|&!")


def tokenize(text: str) -> list[Token]:
    """Split `text` into tokens, skipping whitespace and comments; the last token is EOF.

    Raises `LexError` for unterminated strings, comments or backticked names, invalid escapes,
    and characters the guard does not understand.
    """
    tokens: list[Token] = []
    pos = 0
    end = len(text)
    while pos < end:
        pos = _skip_blank(text, pos)
        if pos >= end:
            break
        token, pos = _next_token(text, pos)
        tokens.append(token)
    tokens.append(Token(EOF, "", "", end))
    return tokens


def _skip_blank(text: str, pos: int) -> int:
    """Skip whitespace and comments starting at `pos`; return the next significant offset."""
    while True:
        match = _WHITESPACE.match(text, pos)
        if match:
            pos = match.end()
            continue
        if text.startswith("//", pos):
            match = _LINE_COMMENT.match(text, pos)
            assert match is not None  # `//[^\r\n]*` always matches after "//"
            if _ODD_LINE_BREAK.search(match.group()):
                raise LexError(
                    "a // comment contains an unusual line break character that database "
                    "servers treat differently; put the comment on its own CR/LF line"
                )
            pos = match.end()
            continue
        if text.startswith("/*", pos):
            match = _BLOCK_COMMENT.match(text, pos)
            if match is None:
                raise LexError("a /* comment is never closed with */")
            if "/*" in match.group()[2:-2]:
                raise LexError("a /* comment contains another /*, which servers read differently")
            pos = match.end()
            continue
        return pos


def _next_token(text: str, pos: int) -> tuple[Token, int]:
    """Read the significant token that starts at `pos`."""
    char = text[pos]
    if char in "'\"":
        return _string(text, pos)
    if char == "`":
        name, after = _backticked(text, pos)
        return Token(QUOTED, name, "", pos), after
    if char == "$":
        return _parameter(text, pos)
    if "0" <= char <= "9":
        return _number(text, pos)
    match = _WORD.match(text, pos)
    if match:
        word = match.group()
        upper = word.upper() if word.isascii() else ""
        return Token(WORD, word, upper, pos), match.end()
    pair = text[pos : pos + 2]
    if pair in _MULTI_PUNCT:
        return Token(PUNCT, pair, "", pos), pos + 2
    if char in _SINGLE_PUNCT:
        return Token(PUNCT, char, "", pos), pos + 1
    raise LexError(f"unexpected character {char!r} (U+{ord(char):04X}) at offset {pos}")


def _string(text: str, pos: int) -> tuple[Token, int]:
    pattern = _SINGLE_QUOTED if text[pos] == "'" else _DOUBLE_QUOTED
    match = pattern.match(text, pos)
    if match is None:
        raise LexError(f"the string literal starting at offset {pos} is never closed")
    raw = match.group()
    if "\\" in raw and any(escape.group(1) is not None for escape in _ESCAPE.finditer(raw)):
        raise LexError(f"the string literal at offset {pos} has an invalid backslash escape")
    return Token(STRING, raw, "", pos), match.end()


def _backticked(text: str, pos: int) -> tuple[str, int]:
    match = _BACKTICKED.match(text, pos)
    if match is None:
        raise LexError(f"the backticked name starting at offset {pos} is never closed")
    return match.group()[1:-1].replace("``", "`"), match.end()


def _parameter(text: str, pos: int) -> tuple[Token, int]:
    after_dollar = pos + 1
    if text.startswith("`", after_dollar):
        name, after = _backticked(text, after_dollar)
        return Token(PARAM, name, "", pos), after
    match = _PARAM_NAME.match(text, after_dollar)
    if match is None:
        raise LexError(f"'$' at offset {pos} is not followed by a parameter name")
    return Token(PARAM, match.group(), "", pos), match.end()


def _number(text: str, pos: int) -> tuple[Token, int]:
    match = _NUMBER.match(text, pos)
    assert match is not None  # called only when text[pos] is a digit
    after = match.end()
    # `1abc` or `0x1g`: a number glued to a name is not valid Cypher; do not guess.
    if after < len(text) and (text[after].isalnum() or text[after] == "_"):
        raise LexError(f"malformed number at offset {pos}")
    return Token(NUMBER, match.group(), "", pos), after
