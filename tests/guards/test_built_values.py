"""Issue 34, breaks 1 and 2: the guard bounds the values a query builds, in every dialect.

SQLite's printf()/format() widths and precisions (``%.900000000c`` held 960 MB in the app),
its zeroblob() sizes, replace() of a built string and a cut of a built string; PostgreSQL's
aggregates of built strings (string_agg, array_agg, ARRAY(SELECT ...)) by rows x size, and a
replace() of repeats; concatenations in every dialect. A bound parameter in a size position
is judged by the range it may take (`Placeholder`): a declared range, or the value bound.
Ordinary formatting and aggregation still pass.
"""

from __future__ import annotations

import math

import pytest

from planrag.guards import Placeholder, check

INF = math.inf


def refused(dialect: str, query: str, *words: str,
            params: tuple[Placeholder, ...] = ()) -> str:
    verdict = check(dialect, query, params=params)
    assert not verdict.allowed, f"allowed: {query}"
    assert verdict.rule == "dos", verdict
    reason = verdict.reason
    assert "\n" not in reason and reason.endswith("."), reason
    for word in words:
        assert word in reason, reason
    return reason


def allowed(dialect: str, query: str, params: tuple[Placeholder, ...] = ()) -> None:
    verdict = check(dialect, query, params=params)
    assert verdict.allowed, verdict.reason


def bound(query: str, **ranges: tuple[float, float, bool]) -> tuple[str, tuple[Placeholder, ...]]:
    """`query` with each `:name` replaced by a literal 0, as `planrag.sources._params` does,
    and the placeholders that say what each may be: name=(low, high, declared)."""
    params = []
    for name, (low, high, declared) in ranges.items():
        at = query.index(f":{name}")
        query = query[:at] + "0" + " " * len(name) + query[at + 1 + len(name):]
        params.append(Placeholder(at, name, low, high, declared))
    return query, tuple(params)


# ----------------------------------------------------------------------------- SQLite


@pytest.mark.parametrize(
    ("query", "words"),
    [
        ("SELECT length(printf('%.900000000c','x'))", ("printf()", "900,000,000", "100,000")),
        ("SELECT length(format('%900000000d', 1))", ("format()", "900,000,000")),
        ("SELECT printf('%.*c', 900000000, 'x')", ("printf()", "900,000,000")),
        ("SELECT printf('%.*d', 9e8, 1)", ("printf()",)),
        ("SELECT printf('%-*s|', -500000000, 'x')", ("500,000,000",)),
        ("SELECT printf('%.200000f', 1.5)", ("200,000",)),
        ("SELECT hex(zeroblob(500000000))", ("zeroblob()", "bytes")),
        ("SELECT length(randomblob(1e6))", ("randomblob()",)),
        ("SELECT length(replace(hex(zeroblob(50000)), '0', hex(zeroblob(50000))))",
         ("replace()", "1,000,000")),
        ("SELECT substr(printf('%.*c', 500000000, 'x'), 1, 5)", ("printf()",)),
        ("SELECT length(replace(name, 'a', printf('%.50000c', 'x'))) FROM customers",
         ("replace()", "cannot know")),
        ("SELECT length(printf('%' || '.900000000c', 'x'))", ("pattern", "literal")),
        ("SELECT length(printf(printf('%%.%dc', 900000000), 'x'))", ("pattern",)),
        ("WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 20000) "
         "SELECT length(group_concat(printf('%.50000c', 'x'), '')) FROM r",
         ("group_concat()", "cannot count")),
        ("SELECT length(group_concat(hex(zeroblob(60000)))) FROM customers",
         ("group_concat()",)),
        ("SELECT json_group_array(printf('%.5000c', 'x')) FROM customers",
         ("json_group_array()",)),
        ("SELECT " + " || ".join(["printf('%.100000c', 'x')"] * 11), ("||", "1,000,000")),
        ("SELECT concat(" + ", ".join(["printf('%.100000c', 'x')"] * 11) + ")",
         ("concat()",)),
    ],
)
def test_sqlite_built_values_are_refused(query: str, words: tuple[str, ...]) -> None:
    refused("sqlite", query, *words)


@pytest.mark.parametrize(
    "query",
    [
        "SELECT printf('%.2f', total) FROM orders",
        "SELECT format('%s: %d orders', name, id), printf('%-20s|', name) FROM customers",
        "SELECT printf('%5.1f%%', 12.345), printf('%08d', id), printf('%.*f', 2, total) "
        "FROM orders",
        "SELECT printf('%.1000000s', name) FROM customers",  # a precision only cuts text
        "SELECT printf(label, total) FROM orders",  # the dataset's own pattern
        "SELECT group_concat(name, ', ') FROM customers",
        "SELECT string_agg(name, ', ') FROM customers",
        "SELECT group_concat(printf('%-10s', name), '') FROM customers",
        "SELECT substr(name, 1, 3), replace(name, ' ', '_'), hex(randomblob(8)) FROM customers",
        "SELECT zeroblob(16), printf('%.100000c', '-')",
        "SELECT name || ' (' || city || ')' FROM cafe",
        "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r WHERE n < 100) "
        "SELECT group_concat(n, ',') FROM r",
    ],
)
def test_sqlite_formatting_still_passes(query: str) -> None:
    allowed("sqlite", query)


# ------------------------------------------------------------------------- PostgreSQL


@pytest.mark.parametrize(
    ("query", "words"),
    [
        ("SELECT length(string_agg(repeat('x', 10000), '')) FROM generate_series(1, 90000)",
         ("string_agg()", "90,000 rows", "900,000,000")),
        ("SELECT cardinality(array_agg(repeat('x', 10000))) FROM generate_series(1, 90000)",
         ("array_agg()",)),
        ("SELECT length(string_agg(repeat('x', 10000), '')) FROM sales.orders",
         ("string_agg()", "cannot count", "1,000")),
        ("SELECT length(string_agg(repeat(name, 5000), ',')) FROM customers",
         ("string_agg()", "5,001")),
        ("SELECT json_agg(lpad('x', 5000)) FROM customers", ("json_agg()",)),
        ("SELECT length(string_agg(lpad('x', 100000, 'y'), '')) FROM generate_series(1, 1000)",
         ("1,000 rows",)),
        ("SELECT string_agg(s, '') FROM (SELECT repeat('x', 10000) AS s FROM "
         "generate_series(1, 500)) AS t, generate_series(1, 500) AS u", ("string_agg()",)),
        ("SELECT ARRAY(SELECT repeat('x', 10000) FROM generate_series(1, 90000))",
         ("ARRAY(SELECT ...)",)),
        ("SELECT length(replace(repeat('x', 50000), 'x', repeat('y', 50000)))",
         ("replace()", "1,000,000")),
        ("SELECT length(regexp_replace(repeat('x', 90000), '', repeat('y', 90000), 'g'))",
         ("regexp_replace()",)),
        ("SELECT repeat('x', 500000) || repeat('y', 500000)", ("repeat()",)),
        ("SELECT " + " || ".join(["repeat('x', 100000)"] * 11) + " AS v", ("||",)),
        ("SELECT length(format('%' || '100000000s', 'x'))", ("pattern", "%900000000s")),
        ("SELECT length(to_char(1, repeat('9', 500000)))", ("repeat()",)),
    ],
)
def test_postgres_built_values_are_refused(query: str, words: tuple[str, ...]) -> None:
    refused("postgres", query, *words)


@pytest.mark.parametrize(
    "query",
    [
        "SELECT string_agg(name, ', ' ORDER BY name) FROM customers",
        "SELECT format('%s <%s>', name, email), format('%-20s|', name) FROM customers",
        "SELECT array_agg(id), string_agg(DISTINCT status, '/') FROM orders",
        "SELECT string_agg(repeat('*', 3), '') FROM generate_series(1, 10)",
        "SELECT string_agg(lpad(name, 10), ', ') FROM customers",
        "SELECT json_agg(json_build_object('id', id, 'name', name)) FROM customers",
        "SELECT ARRAY(SELECT name FROM customers ORDER BY name)",
        "SELECT region, string_agg(name, '; ') FROM customers GROUP BY region",
        "SELECT length(string_agg(repeat('x', 900), '')) FROM (SELECT 1 FROM customers LIMIT 50)"
        " AS few",
        "SELECT replace(name, ' ', repeat('_', 3)) FROM customers",
    ],
)
def test_postgres_aggregation_still_passes(query: str) -> None:
    allowed("postgres", query)


# --------------------------------------------------- values that reach a call indirectly


@pytest.mark.parametrize(("dialect", "query", "words"), [
    ("postgres", "SELECT string_agg(s, '') FROM (SELECT repeat('x', 10000)) AS t(s), "
     "generate_series(1, 90000)", ("90,000 rows",)),
    ("postgres", "SELECT string_agg(column1, '') FROM (VALUES ('a'), (repeat('x', 10000))) AS v, "
     "generate_series(1, 90000)", ("180,000 rows",)),
    ("postgres", "WITH t AS (SELECT repeat('x', 100000) AS s) SELECT string_agg(s, '') "
     "FROM t, generate_series(1, 100)", ("100 rows",)),
    ("postgres", "WITH RECURSIVE r(s, n) AS (SELECT repeat('x', 10000), 1 UNION ALL SELECT s, "
     "n + 1 FROM r WHERE n < 90000) SELECT length(string_agg(s, '')) FROM r",
     ("cannot count",)),
    ("sqlite", "SELECT printf(p, 'x') FROM (SELECT '%.900000000c' AS p) AS t", ("pattern",)),
    ("sqlite", "WITH t AS (SELECT '%.900000000c' AS p) SELECT printf(p, 'x') FROM t",
     ("pattern",)),
    ("postgres", "SELECT format(p, 'x') FROM unnest(ARRAY['%900000000s']) AS p", ("pattern",)),
])
def test_a_built_value_is_followed_through_derived_tables(
    dialect: str, query: str, words: tuple[str, ...]
) -> None:
    refused(dialect, query, *words)


@pytest.mark.parametrize(("dialect", "query", "how"), [
    ("postgres", "WITH RECURSIVE r(s, n) AS (SELECT 'x', 1 UNION ALL SELECT s || s, n + 1 FROM r "
     "WHERE n < 30) SELECT length(s) FROM r", "(||)"),
    ("sqlite", "WITH RECURSIVE r(s, n) AS (SELECT 'x', 1 UNION ALL SELECT r.s || r.s, n + 1 "
     "FROM r WHERE n < 30) SELECT length(s) FROM r", "(||)"),
    ("mariadb", "WITH RECURSIVE r(s, n) AS (SELECT CAST('x' AS CHAR(100)), 1 UNION ALL SELECT "
     "CONCAT(s, s), n + 1 FROM r WHERE n < 30) SELECT LENGTH(s) FROM r", "(concat())"),
    ("postgres", "WITH RECURSIVE r AS (SELECT 'x'::text AS s, 1 AS n UNION ALL SELECT "
     "repeat(s, 2), n + 1 FROM r WHERE n < 30) SELECT length(s) FROM r", "repeat()"),
    ("postgres", "WITH RECURSIVE r AS (SELECT 'x'::text AS s, 1 AS n UNION ALL SELECT "
     "replace(s, 'x', 'xx'), n + 1 FROM r WHERE n < 30) SELECT length(s) FROM r",
     "replace()"),
])
def test_a_value_doubled_at_each_recursive_step_is_refused(
    dialect: str, query: str, how: str
) -> None:
    refused(dialect, query, "recursive part of CTE r", how, "doubles")


@pytest.mark.parametrize("query", [
    "WITH RECURSIVE tree AS (SELECT id, name::text AS path FROM customers WHERE id = 1 "
    "UNION ALL SELECT c.id, t.path || '/' || c.name FROM customers c JOIN tree t "
    "ON c.id = t.id + 1) SELECT path FROM tree",
    "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + n FROM r WHERE n < 1000) "
    "SELECT n FROM r",
    "WITH RECURSIVE r(s, n) AS (SELECT 'x', 1 UNION ALL SELECT s || '.', n + 1 FROM r "
    "WHERE n < 10) SELECT s FROM r",
    # A replace() that can only shrink its own column (the demo's written decision reads
    # amounts back from JSON this way): nothing doubles.
    "WITH RECURSIVE r(s, n) AS (SELECT '\"1.5\"', 1 UNION ALL SELECT replace(s, '\"', ''), "
    "n + 1 FROM r WHERE n < 10) SELECT s FROM r",
])
def test_recursion_that_grows_by_a_piece_still_passes(query: str) -> None:
    allowed("postgres", query)


# ---------------------------------------------------------------------- MySQL/MariaDB


def test_mysql_concatenation_of_built_strings_is_judged_whole() -> None:
    refused("mariadb", "SELECT CONCAT(" + ", ".join(["REPEAT('x', 100000)"] * 11) + ")",
            "concat()", "1,000,000")
    allowed("mariadb", "SELECT CONCAT(REPEAT('-', 40), LPAD(id, 8, '0'), name) FROM customers")


# ------------------------------------------------------------------------ parameters


def test_a_size_from_a_parameter_without_max_is_refused_naming_it() -> None:
    query, params = bound("SELECT repeat('x', :n)", n=(1, INF, True))
    reason = refused("postgres", query, ":n", "no `max`", "declare a `max`", params=params)
    assert "100,000" in reason


def test_a_max_small_enough_lets_the_same_query_pass() -> None:
    query, params = bound("SELECT repeat('x', :n)", n=(1, 50, True))
    allowed("postgres", query, params)
    query, params = bound("SELECT repeat('x', :n)", n=(1, 900_000_000, True))
    refused("postgres", query, ":n may be 1 to 900,000,000", "lower the `max`", params=params)


@pytest.mark.parametrize(
    ("dialect", "query"),
    [
        ("sqlite", "SELECT printf('%.*c', :n, 'x')"),
        ("sqlite", "SELECT zeroblob(:n)"),
        ("mariadb", "SELECT LPAD(name, :n, '.') FROM customers"),
        ("mariadb", "SELECT SPACE(:n)"),
        ("postgres", "SELECT format('%*s', :n, 'x')"),
        ("postgres", "SELECT count(*) FROM generate_series(1, :n)"),
        ("postgres", "SELECT count(*) FROM generate_series(1, 10) AS g WHERE g < :n "
         "UNION ALL SELECT count(*) FROM generate_series(1, :n * 1000)"),
    ],
)
def test_every_size_position_needs_a_max(dialect: str, query: str) -> None:
    checked, params = bound(query.replace(":n * 1000", ":m * 1000"),
                            **({"n": (0, INF, True)} | ({"m": (0, INF, True)}
                                                         if ":n * 1000" in query else {})))
    refused(dialect, checked, "no `max`", params=params)


def test_arithmetic_on_a_parameter_is_followed_both_ways() -> None:
    query, params = bound("SELECT repeat('x', 10 - :n)", n=(-INF, 5, True))
    refused("postgres", query, "no `min`", "declare a `min`", params=params)
    query, params = bound("SELECT repeat('x', :n * 1000)", n=(0, 50, True))
    allowed("postgres", query, params)
    query, params = bound("SELECT repeat('x', :n * 1000)", n=(0, 500, True))
    refused("postgres", query, "500,000", params=params)
    query, params = bound("SELECT repeat('x', CAST(:n AS integer))", n=(0, 50, True))
    allowed("postgres", query, params)
    query, params = bound("SELECT repeat('x', length(:n))", n=(0, 50, True))
    refused("postgres", query, "cannot follow", params=params)


def test_a_bound_value_is_judged_as_it_is() -> None:
    query, params = bound("SELECT repeat('x', :n)", n=(900_000_000, 900_000_000, False))
    refused("postgres", query, ":n = 900,000,000", "give :n a value", params=params)
    query, params = bound("SELECT repeat('x', :n)", n=(12, 12, False))
    allowed("postgres", query, params)


def test_text_in_a_size_position_is_refused() -> None:
    query, params = bound("SELECT zeroblob(:s)", s=(-INF, INF, False))
    refused("sqlite", query, "not a number", "type int", params=params)
    query, params = bound("SELECT printf(:s, 'x')", s=(-INF, INF, False))
    refused("sqlite", query, "pattern", params=params)


def test_parameters_outside_size_positions_change_nothing() -> None:
    query, params = bound("SELECT name FROM customers WHERE region = :r AND id > :n LIMIT 10",
                          r=(-INF, INF, False), n=(-INF, INF, True))
    allowed("postgres", query, params)


def test_a_large_query_of_many_aggregates_is_judged_quickly() -> None:
    import time

    query = "SELECT " + ", ".join(["string_agg(upper(lower(name)), ',')"] * 2000) + " FROM t"
    started = time.perf_counter()
    allowed("postgres", query)
    assert time.perf_counter() - started < 5


@pytest.mark.parametrize("dialect", ["mysql", "mariadb", "sqlite", "postgres"])
def test_a_statement_in_parentheses_where_a_table_goes_is_judged_not_a_crash(
        dialect: str) -> None:
    """`FROM (DELETE ...) AS t` holds no table to name: the resource rules (how a written
    decision's queries are read) say what they find instead of raising IndexError, and the
    whole guard still refuses the statement."""
    from planrag.guards import check_sizes

    query = "SELECT * FROM (DELETE FROM orders) AS t"
    assert check_sizes(dialect, query).allowed  # nothing here is too large
    assert not check(dialect, query).allowed
