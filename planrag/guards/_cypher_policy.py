"""Policy tables and refusal messages of the Cypher guard.

Everything the guard allows or refuses by *name* lives here, so the policy can be reviewed in
one place: the clause keywords that update or administer, the procedure allowlist, the
function allowlist and the numeric DoS limits.

Why allowlists: the guard fails closed. A procedure or a namespaced (dotted) function that is
not known to be a pure read is refused, because plugins (APOC, GDS, custom jars) can do file
and network I/O, run Cypher from strings, spawn background jobs or sleep, and the guard cannot
see what a plugin does. Bare (undotted) function names are all built-ins: Neo4j refuses to
register user-defined functions in the root namespace, so they cannot be plugin code.
"""

from __future__ import annotations

from typing import Final

__all__ = [
    "ADMIN_CREATE_OBJECTS",
    "AGGREGATE_FUNCTIONS",
    "ALLOWED_FUNCTION_PREFIXES",
    "ALLOWED_PROCEDURES",
    "BUILTIN_FUNCTIONS",
    "MAX_DEPTH",
    "MAX_HOPS",
    "MAX_LITERAL_ROWS",
    "MAX_QUERY_CHARS",
    "MAX_SHORTEST_HOPS",
    "SIZED_FUNCTIONS",
    "Refusal",
    "clause_refusal",
    "dos_refusal",
    "function_refusal",
    "is_allowed_function",
    "procedure_refusal",
    "show_refusal",
    "syntax_refusal",
]

MAX_QUERY_CHARS: Final = 100_000
"""Longer input is refused before tokenizing: no model-written read needs it."""

MAX_DEPTH: Final = 40
"""Deepest bracket nesting accepted; keeps the recursive-descent parser far from the stack limit."""

MAX_HOPS: Final = 10
"""Largest upper bound of a variable-length relationship or path quantifier."""

MAX_SHORTEST_HOPS: Final = 50
"""Largest upper bound inside shortestPath()/SHORTEST: a breadth-first search, not an
enumeration of every path, so a longer (but still finite) bound is affordable."""

MAX_LITERAL_ROWS: Final = 100_000
"""Most rows or list elements the query may generate from literal ranges and lists."""

ALLOWED_PROCEDURES: Final = frozenset(
    {
        "db.labels",
        "db.relationshipTypes",
        "db.propertyKeys",
        "db.schema.visualization",
        "db.schema.nodeTypeProperties",
        "db.schema.relTypeProperties",
        # Neo4j 4 names of SHOW INDEXES / SHOW CONSTRAINTS; read-only where they exist.
        "db.indexes",
        "db.constraints",
    }
)
"""Read-only schema procedures of the current database. Matched case-sensitively, because
Neo4j resolves procedure names case-sensitively: each entry names exactly one procedure."""

ALLOWED_FUNCTION_PREFIXES: Final = (
    # Built-in namespaced temporal, spatial and vector functions (pure).
    "date.",
    "datetime.",
    "localdatetime.",
    "localtime.",
    "time.",
    "duration.",
    "point.",
    "vector.similarity.",
    # APOC families that only transform values in memory (no I/O, no Cypher, no sleep).
    "apoc.coll.",
    "apoc.map.",
    "apoc.text.",
)
"""Namespaced functions allowed, compared in lower case (built-in names are case-insensitive)."""

SIZED_FUNCTIONS: Final = {
    "apoc.coll.fill": 1,
    "apoc.coll.randomitems": 1,
    "apoc.text.repeat": 1,
    "apoc.text.lpad": 1,
    "apoc.text.rpad": 1,
    "apoc.text.random": 0,
}
"""Allowed functions whose result length is one of their arguments (its index here): a list
of that many items or a string of that many characters. A constant length is held to
`MAX_LITERAL_ROWS` like ``range()``; ``apoc.coll.combinations`` is measured separately."""

# Grouped as in the Cypher manual: aggregating, list, numeric/logarithmic/trigonometric,
# predicate, scalar, string, temporal/spatial/path/vector functions.
_BUILTIN_NAMES: Final = """
avg collect count max min percentileCont percentileDisc stDev stDevP sum
keys labels nodes range reduce relationships reverse tail toBooleanList toFloatList
toIntegerList toStringList
abs ceil floor isNaN rand round sign e exp log log10 sqrt acos asin atan atan2 cos cosh cot
coth degrees haversin pi radians sin sinh tan tanh
all any exists isEmpty none single
char_length character_length coalesce elementId endNode head id last length nullIf properties
randomUUID size startNode timestamp toBoolean toBooleanOrNull toFloat toFloatOrNull toInteger
toIntegerOrNull type valueType
btrim left lower ltrim normalize replace right rtrim split substring toLower toString
toStringOrNull toUpper trim upper
date datetime localdatetime localtime time duration point distance shortestPath
allShortestPaths vector vector_dimension_count vector_distance vector_norm
"""

BUILTIN_FUNCTIONS: Final = frozenset(name.lower() for name in _BUILTIN_NAMES.split())
"""Neo4j 5 built-in functions without a namespace. Unknown bare names are refused too, so a
server that maps bare names to its own function registry cannot be reached through them."""

AGGREGATE_FUNCTIONS: Final = frozenset(
    {
        "count",
        "collect",
        "sum",
        "avg",
        "min",
        "max",
        "stdev",
        "stdevp",
        "percentilecont",
        "percentiledisc",
    }
)

ADMIN_CREATE_OBJECTS: Final = frozenset(
    {
        "USER",
        "ROLE",
        "DATABASE",
        "COMPOSITE",
        "ALIAS",
        "INDEX",
        "CONSTRAINT",
        "OR",
        "RANGE",
        "TEXT",
        "POINT",
        "LOOKUP",
        "FULLTEXT",
        "VECTOR",
        "BTREE",
        "SERVER",
    }
)
"""Words after CREATE that make it an administration or schema command, not a graph write."""

_DOTTED_BUILTINS: Final = frozenset({"db.namefromelementid"})

_WRITE_CLAUSES: Final = frozenset(
    {"CREATE", "MERGE", "SET", "DELETE", "DETACH", "NODETACH", "REMOVE", "FOREACH", "INSERT"}
)
_ADMIN_COMMANDS: Final = frozenset(
    {
        "DROP",
        "ALTER",
        "GRANT",
        "DENY",
        "REVOKE",
        "START",
        "STOP",
        "TERMINATE",
        "RENAME",
        "ENABLE",
        "DEALLOCATE",
        "REALLOCATE",
        "DRYRUN",
        "SHOW",
    }
)


class Refusal(Exception):
    """Raised inside the guard to stop at the first reason to refuse."""

    def __init__(self, rule: str, reason: str) -> None:
        super().__init__(reason)
        self.rule = rule
        self.reason = reason


def syntax_refusal(detail: str) -> Refusal:
    return Refusal(
        "syntax",
        f"The query was refused because the guard could not parse it ({detail}); "
        "send one complete read-only Cypher query (MATCH/OPTIONAL MATCH/WITH/UNWIND/RETURN).",
    )


def clause_refusal(keyword: str, next_word: str) -> Refusal | None:
    """The refusal for a clause that starts with `keyword`, or None if it is not forbidden."""
    if keyword == "CREATE" and next_word in ADMIN_CREATE_OBJECTS:
        return _admin(f"CREATE {next_word}")
    if keyword in _WRITE_CLAUSES:
        name = f"{keyword} DELETE" if keyword in ("DETACH", "NODETACH") else keyword
        return Refusal(
            "write",
            f"{name} changes the graph and this assistant has read-only access; "
            "ask for the data with a read-only MATCH ... RETURN query instead.",
        )
    if keyword == "LOAD":
        return Refusal(
            "file-io",
            "LOAD CSV reads files or URLs from the database server, which is not allowed; "
            "query the data that is already in the graph instead.",
        )
    if keyword == "USE":
        return Refusal(
            "database-switch",
            "USE selects another database, and only the application's database may be "
            "queried; remove the USE clause.",
        )
    if keyword == "PROFILE":
        return Refusal(
            "profile",
            "PROFILE executes the query it wraps; run the plain read-only query, or use "
            "EXPLAIN to see its plan without executing it.",
        )
    if keyword == "CYPHER":
        return Refusal(
            "unsupported",
            "CYPHER query options (version, planner, runtime) are not allowed; send the "
            "query without the CYPHER prefix.",
        )
    if keyword in _ADMIN_COMMANDS:
        return _admin(f"{keyword} {next_word}".rstrip())
    return None


def _admin(command: str) -> Refusal:
    return Refusal(
        "admin",
        f"{command} is an administration or schema command outside the application data, "
        "which is not allowed; use SHOW INDEXES, SHOW CONSTRAINTS or CALL db.labels() "
        "to inspect the schema.",
    )


def show_refusal(words: str) -> Refusal:
    """Refusal for a SHOW command other than SHOW INDEXES / SHOW CONSTRAINTS."""
    if "TRANSACTION" in words:
        return Refusal(
            "admin",
            f"SHOW {words} discloses other sessions' queries and parameters, which is not "
            "allowed; only SHOW INDEXES and SHOW CONSTRAINTS may be used.",
        )
    return Refusal(
        "admin",
        f"SHOW {words} reads server or account metadata outside the application data; "
        "only SHOW INDEXES and SHOW CONSTRAINTS (or CALL db.labels()) may be used.",
    )


def procedure_refusal(name: str) -> Refusal:
    lowered = name.lower()
    if lowered.startswith(("apoc.load.", "apoc.import.", "apoc.export.", "apoc.log.")):
        rule = "file-io"
    elif lowered.startswith(("dbms.", "db.create", "db.index.", "db.clear", "db.checkpoint")):
        rule = "admin"
    else:
        rule = "procedure"
    allowed = ", ".join(sorted(ALLOWED_PROCEDURES - {"db.indexes", "db.constraints"}))
    return Refusal(
        rule,
        f"CALL {name} is refused because only read-only schema procedures may be called "
        f"({allowed}); use MATCH ... RETURN for data and those procedures for the schema.",
    )


def function_refusal(name: str) -> Refusal:
    lowered = name.lower()
    rule = (
        "file-io"
        if lowered.startswith(("apoc.load.", "apoc.import.", "apoc.export."))
        else ("function")
    )
    return Refusal(
        rule,
        f"function {name}() is refused because only Neo4j's built-in functions and the pure "
        "apoc.coll/apoc.map/apoc.text helpers are allowed (others may do I/O, run Cypher "
        "from strings or sleep); compute the value with built-in functions instead.",
    )


def is_allowed_function(name: str) -> bool:
    """Whether a function call by this (normalised, dot-joined) name may run."""
    lowered = name.lower()
    if "." not in name:
        return lowered in BUILTIN_FUNCTIONS
    return lowered.startswith(ALLOWED_FUNCTION_PREFIXES) or lowered in _DOTTED_BUILTINS


def dos_refusal(what: str, instead: str) -> Refusal:
    return Refusal(
        "dos",
        f"The query was refused because {what}, which can exhaust the database; {instead}.",
    )
