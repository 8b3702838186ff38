"""Parser-level read-only guard for model-written Cypher (Neo4j 5 and Bolt-compatible servers).

`check_cypher` decides whether a query may run. It must hold on its own: the Bolt server in
this workplace (ArcadeDB) accepts writes even in READ sessions. Design, in order:

1. Input checks: a non-empty `str` of at most `MAX_QUERY_CHARS` characters.
2. Tokenizing (`_cypher_lexer`): strings, escapes, comments, backticks, parameters, numbers
   and Unicode whitespace are handled exactly, and anything ambiguous (unterminated literals,
   unknown characters, odd line breaks in comments) is refused.
3. Statement structure: exactly one statement, with one optional trailing ``;``; bracket
   nesting of at most `MAX_DEPTH`.
4. Parsing (`_cypher_clauses`, `_cypher_expressions`, `_cypher_composites`,
   `_cypher_patterns`; union-find row tracking in `_cypher_scope`) with a grammar that
   contains only read clauses, so updating, administrative and I/O clauses are refused
   wherever they appear (after WITH, inside CALL { }, EXISTS { }, UNION branches ...), while
   keywords used as names (``n.set``, ``AS load``, ``:`Set```, ``{delete: false}``) are fine.
   Procedures must be on a schema allowlist, namespaced functions on a pure-function
   allowlist (`_cypher_policy`).
5. Resource rules: unbounded or over-long variable-length patterns, literal ranges/UNWINDs
   that generate too many values, and disconnected patterns that form a cartesian product.
6. Unicode escapes: Neo4j 5 resolves ``\\uXXXX`` escapes in the whole query text before it
   reads a single token (its manual shows ``M\\u0041TCH``), so ``\\u0027`` can end a string,
   ``\\u0060`` a backticked name and ``\\u000a`` a ``//`` comment. Other Bolt servers (and
   Cypher 25) read the text as written. A query with such escapes must therefore pass in both
   readings (`resolve_unicode_escapes`).

Anything the guard cannot parse is refused: it fails closed, and every refusal carries a
rule id and one sentence saying what was refused, why, and what to write instead.
"""

from __future__ import annotations

import re

from planrag.guards._cypher_clauses import ClauseParser
from planrag.guards._cypher_lexer import EOF, PUNCT, LexError, Token, tokenize
from planrag.guards._cypher_policy import MAX_DEPTH, MAX_QUERY_CHARS, Refusal, syntax_refusal
from planrag.guards._verdict import Verdict
from planrag.utf8 import surrogate_at

__all__ = ["check_cypher"]

_OPENERS = frozenset("([{")
_CLOSERS = frozenset(")]}")
# A Java-style Unicode escape: a backslash is eligible only when the run of backslashes it
# ends has odd length (an even run is escaped backslashes); one or more 'u' may follow it.
_JAVA_UNICODE_ESCAPE = re.compile(r"(?<!\\)(\\+)u+([0-9a-fA-F]{4})")


def check_cypher(query: str) -> Verdict:
    """Classify one model-written Cypher query: allowed only if it is certainly read-only."""
    try:
        _check(query)
        resolved = resolve_unicode_escapes(query) if isinstance(query, str) else query
        if resolved != query:
            _check_resolved(resolved)
    except Refusal as refusal:
        return Verdict.refuse(refusal.rule, refusal.reason)
    except RecursionError:
        return _refuse_nesting()
    return Verdict.allow()


def resolve_unicode_escapes(text: str) -> str:
    """`text` as Neo4j 5 reads it: every eligible ``\\uXXXX`` replaced by its character.

    Like Java source, the escape is resolved before lexing and anywhere in the text (strings,
    backticked names, comments); an escaped backslash (``\\\\u0041``) is not an escape, and
    a character produced by an escape never starts another one.
    """
    if "\\" not in text:
        return text

    def resolve(match: re.Match[str]) -> str:
        backslashes = match.group(1)
        if len(backslashes) % 2 == 0:
            return match.group(0)
        return backslashes[:-1] + chr(int(match.group(2), 16))

    return _JAVA_UNICODE_ESCAPE.sub(resolve, text)


def _check_resolved(resolved: str) -> None:
    """Check the reading with Unicode escapes resolved; refuse with a reason saying so."""
    try:
        _check(resolved)
    except Refusal as refusal:
        raise Refusal(
            refusal.rule,
            "Neo4j 5 resolves \\uXXXX escapes before it reads the query, and read that way "
            f"the query is refused ({refusal.reason.rstrip('.')}); write quotes, backticks "
            "and line breaks as themselves or with \\', \\\" and \\n, not as \\u escapes.",
        ) from None


def _check(query: object) -> None:
    if not isinstance(query, str):
        raise Refusal(
            "syntax",
            f"The query was refused because it is a {type(query).__name__}, not text; "
            "send the Cypher query as a string.",
        )
    if not query.strip():
        raise Refusal("syntax", "The query is empty; send one read-only Cypher query.")
    at = surrogate_at(query)
    if at is not None:  # a lone surrogate (also one a \uD800 escape resolves to)
        raise Refusal(
            "syntax", f"The query holds a character that is not text at byte {at} (a lone "
            "surrogate); write that part again as plain text.")
    if len(query) > MAX_QUERY_CHARS:
        raise Refusal(
            "dos",
            f"The query was refused because it is longer than {MAX_QUERY_CHARS:,} characters; "
            "send a shorter query and pass large values as parameters.",
        )
    try:
        tokens = tokenize(query)
    except LexError as error:
        raise syntax_refusal(str(error)) from None
    if tokens[0].kind == EOF:
        raise Refusal(
            "syntax", "The query contains only comments; send one read-only Cypher query."
        )
    _check_single_statement(tokens)
    _check_nesting(tokens)
    ClauseParser(tokens).statement()


def _check_single_statement(tokens: list[Token]) -> None:
    """Only one statement: a ';' may appear once, as the very last token."""
    for index, token in enumerate(tokens):
        if token.kind == PUNCT and token.value == ";" and tokens[index + 1].kind != EOF:
            raise Refusal(
                "multi-statement",
                "The input contains more than one statement; send exactly one query "
                "(a single trailing ';' is fine).",
            )


def _check_nesting(tokens: list[Token]) -> None:
    depth = 0
    for token in tokens:
        if token.kind != PUNCT:
            continue
        if token.value in _OPENERS:
            depth += 1
            if depth > MAX_DEPTH:
                raise _nesting_refusal()
        elif token.value in _CLOSERS:
            depth -= 1


def _nesting_refusal() -> Refusal:
    return Refusal(
        "syntax",
        f"The query was refused because its brackets nest more than {MAX_DEPTH} levels deep; "
        "simplify the expression or split it with WITH.",
    )


def _refuse_nesting() -> Verdict:
    refusal = _nesting_refusal()
    return Verdict.refuse(refusal.rule, refusal.reason)
