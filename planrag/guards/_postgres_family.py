"""What differs between the dialects whose parser is PostgreSQL's, as data.

The query walker (`_postgres_query`) and the scope pass (`_postgres_scope`) read PostgreSQL's
grammar; DuckDB's parser is a fork of it, so DuckDB's dialect runs the same two passes with
its own words (`_duckdb_words`). What a pass asks of its dialect is a `PgFamily`: the
keywords and which of them a query may use, the built-ins, cast types and operators, the
refusals of statements and keywords, the messages naming the dialect's own functions, and the
scope pass's rules (the engine's own relations and schemas, how names compare, what a string
standing as a table means). PostgreSQL's is `_postgres_words.PG_FAMILY`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from planrag.guards._sql_lexer import Token
from planrag.guards._verdict import Verdict

__all__ = ["PgFamily"]


def _nothing(name: str) -> Verdict | None:
    return None


@dataclass(frozen=True, slots=True, kw_only=True, eq=False)
class PgFamily:
    """One dialect of PostgreSQL's grammar: the words its two passes judge with."""

    title: str
    """For reasons: "PostgreSQL"."""
    keywords: frozenset[str]
    """Words that are never a bare name (reserved, type_func_name and col_name keywords)."""
    column_name_keywords: frozenset[str]
    """Keywords that may still name a column or an alias (``AS t(position)``)."""
    query_keywords: frozenset[str]
    """The keywords a read-only query may use (some only in their place)."""
    query_heads: frozenset[str]
    """The words that start a query the walker reads."""
    functions: frozenset[str]
    """Built-ins that only compute, called by their plain name."""
    types: frozenset[str]
    """Types a cast may name."""
    multiword_types: Mapping[str, frozenset[str]]
    """Types of two words: the first, and the words that may follow it."""
    operators: frozenset[str]
    """Operators a query may write."""
    denied: Callable[[str], tuple[str, str] | None]
    """The (rule, reason) of a built-in refused by name; ``{name}`` in the reason."""
    elsewhere: Mapping[str, str]
    """Other dialects' functions it lacks, and what to write instead."""
    refuse_statement: Callable[[Sequence[Token]], Verdict]
    """The refusal of a statement that is not a query."""
    refuse_keyword: Callable[[Sequence[Token], int], Verdict]
    """The refusal of a keyword no read-only query uses where it stands."""
    cast_functions: frozenset[str] = frozenset({"CAST"})
    """Calls written ``name(x AS type)``."""
    star_modifiers: frozenset[str] = frozenset()
    """Words after ``*`` that take a list: ``* EXCLUDE (a, b)``."""
    named_arguments: bool = False
    """Whether a call's argument may be named ``name := value`` (struct_pack(a := 1))."""
    lambdas: bool = False
    """Whether ``LAMBDA x, y: expression`` writes a function argument."""
    advice: str
    """What an unknown function's refusal ends with: the dialect's own built-ins to use."""
    qualified_call: str
    """The refusal's reason for ``s.fn()``."""
    type_advice: str
    """What a cast's refusal ends with: the types it may name."""
    fold_quoted: bool = False
    """Whether a quoted name compares without letter case too (DuckDB's do)."""
    from_ends: frozenset[str] = frozenset()
    """Keywords ending a FROM clause beside the ones PostgreSQL has (QUALIFY)."""
    information_schema: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    """The information_schema views a query may read, with their schema columns."""
    own_relation: Callable[[str], Verdict | None] = _nothing
    """The refusal of a relation's name (lower case) that is one of the engine's own."""
    own_schema: Callable[[str], Verdict | None] = _nothing
    """The refusal of a schema's name (lower case) that is one of the engine's own."""
    table_function: Callable[[str], Verdict | None] = _nothing
    """The refusal of a function FROM calls (upper case) that may not stand there; None if
    it may (PostgreSQL's walker judges every call alike)."""
    table_string: Verdict | None = None
    """The refusal of a string standing as a table (DuckDB reads it as a file); None: not
    judged (PostgreSQL's parser refuses it)."""
