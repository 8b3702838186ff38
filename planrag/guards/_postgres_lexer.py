"""PostgreSQL's reading of a query's text, for the SQL guard.

PostgreSQL reads text differently again, so `tokenize_postgres` follows its lexer
(`_tokenize_postgres`): ``"..."`` quotes names (``""`` inside), ``'...'`` is a string whose
backslash is literal (standard_conforming_strings on; `standard_strings=False` reads it as a
server with the setting off would), ``E'...'`` has backslash escapes, ``$$...$$`` and
``$tag$...$tag$`` are strings, a string followed by a line break and another quote continues
in the same mode, ``--`` always starts a comment (ending at a line break), ``/* */`` comments
nest, and operators are read as runs of operator characters cut the way PostgreSQL cuts them
(no ``--`` or ``/*`` inside, no trailing ``+``/``-`` unless a character such as ``~`` or ``@``
is in the run). Refused there: backticks (PostgreSQL quotes with double quotes), ``#`` other
than in the JSON operators ``#>``, ``#>>``, ``#-`` (no comment in PostgreSQL), parameters
(``$1``), ``U&`` Unicode escapes, a number that runs into a name (``0x1F``, ``1_000`` and
``1e`` read differently across versions 13-17), names longer than PostgreSQL's 63 bytes (it
would cut them), and a vertical tab (no space to PostgreSQL).
"""

from __future__ import annotations

import re
from typing import Final

from planrag.guards._sql_lexer import (
    NUMBER,
    OPERATOR,
    QUOTED,
    STRING,
    UNKNOWN,
    WORD,
    LexError,
    Token,
    open_comment,
    refuse_nul,
    unknown_character,
)

__all__ = ["tokenize_postgres"]


def tokenize_postgres(
    query: str, *, lenient: bool = False, standard_strings: bool = True
) -> list[Token]:
    """`query`'s tokens as PostgreSQL reads them, with standard_conforming_strings as
    `standard_strings` says; raise `LexError`. (`lenient` is moot: PostgreSQL has no other
    mode that reads unknown characters.)"""
    refuse_nul(query)
    return _tokenize_postgres(query, standard_strings)


_PG_NAME_START: Final = "A-Za-z_\\x80-\\U0010ffff"  # any non-ASCII character is a letter
_PG_NAME_CHAR: Final = _PG_NAME_START + "0-9$"
_PG_OPERATOR_CHARS: Final = "+\\-*/<>=~!@#%^&|`?"
_PG_MAX_NAME_BYTES: Final = 63  # NAMEDATALEN - 1: PostgreSQL cuts longer names
_PG_SIMPLE: Final = re.compile(
    "|".join(
        [
            r"(?P<space>[ \t\n\r\f]++)",  # a vertical tab is no space to PostgreSQL 13-15
            r"(?P<comment>--[^\n\r]*+)",
            r"(?P<block>/\*)",
            r"(?P<unicode>[uU]&['\"])",
            r"(?P<escape>[eE]')",
            r"(?P<bits>[bBxX]')",
            r"(?P<national>[nN]')",
            r"(?P<plain>')",
            r"(?P<dollar>\$(?:[A-Za-z_\x80-\U0010ffff][A-Za-z_0-9\x80-\U0010ffff]*+)?\$)",
            r"(?P<parameter>\$[0-9]++)",
            f"(?P<{QUOTED}>\"(?:[^\"]++|\"\")*+\")",
            r"(?P<open_quote>\")",
            f"(?P<{NUMBER}>(?:[0-9]++(?:\\.[0-9]*+)?|\\.[0-9]++)(?:[eE][+-]?[0-9]++)?)",
            f"(?P<{WORD}>[{_PG_NAME_START}][{_PG_NAME_CHAR}]*+)",
            r"(?P<typecast>::)",
            f"(?P<operator_run>[{_PG_OPERATOR_CHARS}]++)",
            r"(?P<self>[,()\[\].;:])",
            f"(?P<{UNKNOWN}>.)",
        ]
    ),
    re.DOTALL,
)
# The body of a string after its opening quote, up to and including the closing quote:
# backslash escapes in E'...' (and in '...' with standard_conforming_strings off).
_PG_ESCAPED_BODY: Final = re.compile(r"(?:[^'\\]++|\\.|'')*+'", re.DOTALL)
_PG_PLAIN_BODY: Final = re.compile(r"(?:[^']++|'')*+'")
_PG_BITS_BODY: Final = re.compile(r"[^']*+'")
# Between two string literals: a line break, with only spaces and -- comments around it,
# makes the second one continue the first (in the first one's escape mode).
_PG_CONTINUATION: Final = re.compile(
    r"(?:[ \t\f]|--[^\n\r]*+)*+[\n\r](?:[ \t\n\r\f]++|--[^\n\r]*+[\n\r])*+'"
)
_PG_NAME_AFTER_NUMBER: Final = re.compile(f"[{_PG_NAME_CHAR}]")
_PG_KEEPS_SIGN: Final = frozenset("~!@#^&|`?%")
_PG_HASH_OPERATORS: Final = frozenset({"#>", "#>>", "#-"})


def _tokenize_postgres(query: str, standard_strings: bool) -> list[Token]:
    """PostgreSQL's reading of `query` (see the module docstring)."""
    tokens: list[Token] = []
    position = 0
    try:
        while position < len(query):
            match = _PG_SIMPLE.match(query, position)
            assert match is not None  # the last alternative matches any character
            kind = match.lastgroup or UNKNOWN
            start, position = match.start(), match.end()
            if kind == "space" or kind == "comment":
                continue
            if kind == "block":
                position = _pg_comment_end(query, start)
            elif kind in ("escape", "bits", "national", "plain"):
                if kind == "bits":  # B'...' and X'...': no doubled quote inside
                    body = _PG_BITS_BODY
                elif kind == "escape" or (kind == "plain" and not standard_strings):
                    body = _PG_ESCAPED_BODY
                else:
                    body = _PG_PLAIN_BODY
                position = _pg_string_end(query, position, body)
                tokens.append(Token(STRING, query[start:position], start, position))
            elif kind == "dollar":
                closing = query.find(match.group(), position)
                if closing < 0:
                    raise _pg_unterminated("dollar-quoted string")
                position = closing + len(match.group())
                tokens.append(Token(STRING, query[start:position], start, position))
            elif kind == NUMBER:
                if _PG_NAME_AFTER_NUMBER.match(query, position):
                    raise _pg_number_into_name(query[start : position + 1])
                tokens.append(Token(NUMBER, match.group(), start, position))
            elif kind == WORD:
                text = match.group()
                _pg_check_length(text)
                value = text.upper() if text.isascii() else text
                tokens.append(Token(WORD, value, start, position))
            elif kind == QUOTED:
                name = match.group()[1:-1].replace('""', '"')
                if not name:
                    raise LexError(
                        "syntax", 'The query has an empty quoted name (""); write a name in it.'
                    )
                _pg_check_length(name)
                tokens.append(Token(QUOTED, name, start, position))
            elif kind == "operator_run":
                operator = _pg_operator(match.group())
                position = start + len(operator)
                tokens.append(Token(OPERATOR, operator, start, position))
            elif kind in ("typecast", "self"):
                tokens.append(Token(OPERATOR, match.group(), start, position))
            else:
                raise _PG_ERRORS[kind](match.group())
    except LexError as error:
        error.tokens_before = tokens
        raise
    return tokens


def _pg_comment_end(query: str, start: int) -> int:
    """The end of the /* comment at `start`; PostgreSQL's block comments nest."""
    depth = 0
    index = start
    while True:
        opening = query.find("/*", index)
        closing = query.find("*/", index)
        if closing < 0:
            raise open_comment("/*")
        if 0 <= opening < closing:
            depth += 1
            index = opening + 2
            continue
        depth -= 1
        index = closing + 2
        if depth == 0:
            return index


def _pg_string_end(query: str, position: int, body: re.Pattern[str]) -> int:
    """The end of the string whose `body` starts at `position`, continuations included."""
    while True:
        match = body.match(query, position)
        if match is None:
            raise _pg_unterminated("'-quoted string")
        position = match.end()
        continuation = _PG_CONTINUATION.match(query, position)
        if continuation is None:
            return position
        position = continuation.end()


def _pg_operator(run: str) -> str:
    """The operator PostgreSQL reads at the start of a run of operator characters."""
    cuts = [at for at in (run.find("--"), run.find("/*")) if at >= 0]
    operator = run[: min(cuts)] if cuts else run
    if len(operator) > 1 and operator[-1] in "+-" and not _PG_KEEPS_SIGN & set(operator):
        # SQL's + and - end no longer operator: PostgreSQL drops them from the end, keeping
        # at least one character ("<-" is "<" then "-", "+-" is "+" then "-").
        operator = operator.rstrip("+-") or operator[0]
    if "`" in operator:
        raise LexError(
            "syntax",
            "A backtick is not a quote in PostgreSQL; write names that need quoting in double "
            'quotes ("order") and text in single quotes.',
        )
    if "#" in operator and operator not in _PG_HASH_OPERATORS:
        raise LexError(
            "syntax",
            "# does not start a comment in PostgreSQL (it is an operator there); write -- or "
            "/* */ for a comment, and #> or #>> only as the JSON path operators.",
        )
    return operator


def _pg_check_length(name: str) -> None:
    if len(name.encode("utf-8")) > _PG_MAX_NAME_BYTES:
        raise LexError(
            "syntax",
            f"A name is longer than PostgreSQL's {_PG_MAX_NAME_BYTES} bytes, and PostgreSQL "
            "would cut it to another name; use the name as the schema spells it.",
        )


def _pg_unterminated(what: str) -> LexError:
    return LexError(
        "syntax",
        f"The query has an unterminated {what}; close it (in '...' double a quote to include "
        "it in the text).",
        unterminated=True,
    )


def _pg_number_into_name(text: str) -> LexError:
    return LexError(
        "syntax",
        f"The number at {text!r} runs straight into a letter, digit separator or $, which "
        "PostgreSQL versions read differently; write plain decimal numbers and put a space "
        "before a name.",
    )


def _pg_unicode(_: str) -> LexError:
    return LexError(
        "syntax",
        "U&'...' and U&\"...\" Unicode escapes are not accepted; write the characters "
        "themselves, or E'\\u00e9' in a string.",
    )


def _pg_parameter(text: str) -> LexError:
    return LexError(
        "parameter",
        f"{text} is a parameter placeholder, and the query is sent without parameters; write "
        "the value itself in the query.",
    )


def _pg_unknown(char: str) -> LexError:
    if char == "$":
        return LexError(
            "syntax",
            "A $ outside a name must open a dollar-quoted string ($$...$$ or $tag$...$tag$); "
            "write text in single quotes.",
        )
    return unknown_character(char)


_PG_ERRORS: Final = {
    "unicode": _pg_unicode,
    "parameter": _pg_parameter,
    "open_quote": lambda _: _pg_unterminated('"-quoted name'),
    UNKNOWN: _pg_unknown,
}
