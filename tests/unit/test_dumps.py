"""Dump parsers: file order, exact numbers, quirks and clear errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from planrag.dumps import parse_cql, parse_sql
from planrag.errors import DumpFormatError
from tests._sql_fixtures import FIXTURES

LOCATING = FIXTURES / "dqa" / "locating" / "dbs"


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_sql_dump_keeps_file_order_and_exact_floats() -> None:
    dump = parse_sql(LOCATING / "05471b42cd31.sql")
    assert list(dump.tables) == ["country", "trade_node", "flow", "node_country"]
    nodes = dump.tables["trade_node"]
    assert nodes.primary_key == ["trade_node"]
    first = nodes.rows[0]
    assert first[0] == "african_great_lakes"
    assert first[4] == float("0.21111488193553213")  # the literal, bit for bit
    assert isinstance(first[2], bool)


def test_has_has_merchant_quirk_is_renamed_without_editing_the_file() -> None:
    path = LOCATING / "e59ffaf3cd6a.sql"
    assert "has_has_merchant" in path.read_text()
    raw = parse_sql(path)
    fixed = parse_sql(path, {"has_has_merchant": "has_merchant"})
    assert "has_has_merchant" in [c.name for c in raw.tables["node_country"].columns]
    assert "has_merchant" in [c.name for c in fixed.tables["node_country"].columns]
    assert fixed.tables["node_country"].rows == raw.tables["node_country"].rows


def test_sql_strings_escapes_comments_and_multi_row_values(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "x.sql",
        """
        -- a comment; with a semicolon
        CREATE TABLE t (a VARCHAR(10), b INT, c DOUBLE NOT NULL DEFAULT 0, PRIMARY KEY (b));
        /*!40101 SET NAMES utf8 */;
        INSERT INTO t (b, a, c) VALUES (1, 'it''s', -2.5), (2, "say \\"hi\\"; bye", 1e3),
          (3, NULL, +4);
    """,
    )
    table = parse_sql(path).tables["t"]
    assert table.rows == [("it's", 1, -2.5), ('say "hi"; bye', 2, 1000.0), (None, 3, 4)]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("INSERT INTO t (a) VALUES (1);", "before its CREATE TABLE"),
        ("CREATE TABLE t (a INT); INSERT INTO t (a, b) VALUES (1, 2);", "unknown column"),
        ("CREATE TABLE t (a INT); INSERT INTO t (a) VALUES (1, 2);", "2 values for 1 columns"),
        ("CREATE TABLE t (a INT); DELETE FROM t;", "unsupported statement"),
        ("CREATE TABLE t (a INT); INSERT INTO t (a) VALUES ('open", "unexpected text"),
        ("", "no CREATE TABLE"),
    ],
)
def test_sql_dump_errors_name_file_and_line(tmp_path: Path, text: str, message: str) -> None:
    path = write(tmp_path, "bad.sql", text)
    with pytest.raises(DumpFormatError) as err:
        parse_sql(path)
    assert message in str(err.value) and str(path) in str(err.value)


def test_cql_nodes_and_relationships_in_file_order() -> None:
    dump = parse_cql(LOCATING / "09f4eaf4a920.cql", {"has_has_merchant": "has_merchant"})
    assert dump.labels == ["Country", "Trade_node"]
    rel = dump.relationships[0]
    assert rel.type == "source" and rel.start.label == "Trade_node"
    assert rel.start.keys == (("name", "african_great_lakes"),)
    assert rel.properties == {"flow": 0.10555744096776606}
    node_country = [r for r in dump.relationships if r.type == "NodeCountry"]
    assert all("has_merchant" in r.properties for r in node_country)


def test_cql_incoming_arrow_and_errors(tmp_path: Path) -> None:
    path = write(
        tmp_path,
        "g.cql",
        "CREATE (a:A {id: 1});\nCREATE (b:B {id: 2});\n"
        "MATCH (a:A {id: 1}), (b:B {id: 2}) CREATE (a)<-[r:R {w: -1.5}]-(b);\n",
    )
    rel = parse_cql(path).relationships[0]
    assert (rel.start.label, rel.end.label, rel.properties) == ("B", "A", {"w": -1.5})
    bad = write(tmp_path, "bad.cql", "MATCH (a:A {id: 1}) CREATE (a)-[:R]->(zz);")
    with pytest.raises(DumpFormatError, match="not bound"):
        parse_cql(bad)
    bad = write(tmp_path, "bad2.cql", "MATCH (n) DETACH DELETE n;")
    with pytest.raises(DumpFormatError, match=r"bad2\.cql:1"):
        parse_cql(bad)
