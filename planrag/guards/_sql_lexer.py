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

PostgreSQL reads text differently again, so `tokenize(..., postgres=True)` follows its lexer
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

Whitespace and comments are dropped; what remains is a flat list of `Token`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator, Sequence
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
    "TokenReader",
    "is_op",
    "tokenize",
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
    query: str,
    *,
    backslash_escapes: bool = True,
    lenient: bool = False,
    sqlite: bool = False,
    postgres: bool = False,
    standard_strings: bool = True,
    dialect: str | None = None,
) -> list[Token]:
    """Split `query` into tokens, dropping whitespace and comments; raise `LexError`.

    `dialect` (a `planrag.guards.dialects` name) reads it as that dialect's server does: the
    way code outside the guard asks (SQLite's and PostgreSQL's set the flags below).

    `lenient` keeps characters the lexer does not know as `UNKNOWN` tokens instead of
    refusing them, for reading the query as a server in another sql_mode would. `sqlite`
    reads it as SQLite does (see the module docstring; `backslash_escapes` is then moot).
    `postgres` reads it as PostgreSQL does, with standard_conforming_strings as
    `standard_strings` says (the other options are then moot).
    """
    if "\x00" in query:
        raise LexError("syntax", "The query contains a NUL character; remove it.")
    sqlite = sqlite or dialect == "sqlite"
    if postgres or dialect == "postgres":
        return _tokenize_postgres(query, standard_strings)
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


# ------------------------------------------------------------------------------ PostgreSQL

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
            raise _open_comment("/*")
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
    return _unknown(char)


_PG_ERRORS: Final = {
    "unicode": _pg_unicode,
    "parameter": _pg_parameter,
    "open_quote": lambda _: _pg_unterminated('"-quoted name'),
    UNKNOWN: _pg_unknown,
}
