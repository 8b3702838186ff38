"""Token cursor and expression summary shared by the Cypher guard's parser layers.

The parser is split over three classes that build on `Cursor`: patterns
(`_cypher_patterns`), expressions (`_cypher_expressions`) and clauses (`_cypher_clauses`).
Parse errors are raised as a "syntax" `Refusal`: anything the guard cannot parse completely is
refused, which is what makes the guard fail closed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from planrag.guards._cypher_lexer import EOF, NUMBER, PUNCT, QUOTED, WORD, Token
from planrag.guards._cypher_policy import Refusal, syntax_refusal

__all__ = ["Cursor", "Expr"]


@dataclass(slots=True)
class Expr:
    """What the guard needs to know about a parsed expression.

    `names`: variables it mentions (for the cartesian-product rule).
    `aggregate`: it calls an aggregating function such as count() or collect().
    `const`: its numeric value when it is built from number literals only.
    `size`: its element count when it is a literal list or a range() with constant bounds.
    `conjuncts`: for a top-level AND chain, the names of each operand and whether the operand
    is a weak (non-joining) condition such as ``a <> b``.
    `tied`: for a top-level OR/XOR chain, the names every branch ties or narrows (a branch
    such as ``true`` narrows nothing, so ``a.x = 1 OR true`` narrows nothing either).
    """

    names: set[str] = field(default_factory=set)
    aggregate: bool = False
    const: float | None = None
    size: int | None = None
    conjuncts: list[tuple[set[str], bool]] | None = None
    weak: bool = False
    tied: set[str] | None = None

    def condition_names(self) -> set[str]:
        """The names this expression ties or narrows when used as a condition."""
        if self.weak:
            return set()
        return self.names if self.tied is None else self.tied

    def absorb(self, other: Expr) -> None:
        """Fold `other` (an operand) into this expression; value facts are dropped."""
        self.names |= other.names
        self.aggregate = self.aggregate or other.aggregate
        self.const = None
        self.size = None
        self.conjuncts = None
        self.weak = False
        self.tied = None


class Cursor:
    """A position in the token list with small accept/expect helpers."""

    def __init__(self, tokens: list[Token]) -> None:
        self.tokens = tokens
        self.pos = 0

    @property
    def tok(self) -> Token:
        return self.tokens[self.pos]

    def peek(self, ahead: int = 1) -> Token:
        index = min(self.pos + ahead, len(self.tokens) - 1)
        return self.tokens[index]

    def advance(self) -> Token:
        token = self.tokens[self.pos]
        if token.kind != EOF:
            self.pos += 1
        return token

    def at_kw(self, *words: str) -> bool:
        upper = self.tokens[self.pos].upper
        return bool(upper) and upper in words

    def accept_kw(self, *words: str) -> bool:
        if self.at_kw(*words):
            self.pos += 1
            return True
        return False

    def expect_kw(self, word: str) -> None:
        if not self.accept_kw(word):
            raise self.error(word)

    def at_punct(self, *symbols: str) -> bool:
        token = self.tokens[self.pos]
        return token.kind == PUNCT and token.value in symbols

    def accept_punct(self, symbol: str) -> bool:
        if self.at_punct(symbol):
            self.pos += 1
            return True
        return False

    def expect_punct(self, symbol: str) -> None:
        if not self.accept_punct(symbol):
            raise self.error(f"'{symbol}'")

    def at_name(self, ahead: int = 0) -> bool:
        return self.peek(ahead).kind in (WORD, QUOTED)

    def name(self) -> str:
        """A symbolic name: any word (keywords included) or a backticked name."""
        token = self.tokens[self.pos]
        if token.kind not in (WORD, QUOTED):
            raise self.error("a name")
        self.pos += 1
        return token.value

    def integer(self) -> int:
        """An integer literal (decimal, hex 0x.. or octal 0o.., underscores allowed)."""
        token = self.tokens[self.pos]
        if token.kind != NUMBER:
            raise self.error("an integer")
        self.pos += 1
        return parse_int(token.value, self)

    def error(self, expected: str) -> Refusal:
        token = self.tokens[self.pos]
        found = "the end of the query" if token.kind == EOF else repr(_shorten(token.value))
        return syntax_refusal(f"expected {expected} but found {found} at offset {token.pos}")


def parse_int(text: str, cursor: Cursor) -> int:
    digits = text.replace("_", "")
    try:
        if digits[:2] in ("0x", "0X"):
            return int(digits[2:], 16)
        if digits[:2] == "0o":
            return int(digits[2:], 8)
        return int(digits, 10)
    except ValueError:
        raise cursor.error("an integer") from None


def number_value(text: str) -> float:
    """The numeric value of a number token (used for constant folding only)."""
    digits = text.replace("_", "")
    if digits[:2] in ("0x", "0X"):
        return float(int(digits[2:], 16))
    if digits[:2] == "0o":
        return float(int(digits[2:], 8))
    return float(digits)


def _shorten(text: str) -> str:
    return text if len(text) <= 30 else text[:27] + "..."
