"""What a decision needs (issue 22, part 2): the manifest's `required`, read and checked with
one-line errors, the tables a written decision's `value` query reads (found with the guard's
own reader), and what a query reads."""

from __future__ import annotations

from pathlib import Path

import pytest

from planrag.engine.plan_check import Requirements, requirements_of
from planrag.errors import DatasetError
from planrag.guards.reads import names_read, words_of
from planrag.manifests import load_manifest
from planrag.runtime import registry
from planrag.settings import load_settings
from tests.decisions._kiosks import manifest

BASE = 'id = "shop"\ntitle = "Shop"\nrules = "r"\n[[databases]]\nkind = "sqlite"\npath = "s.db"\n'


def write(tmp_path: Path, top: str, rest: str = "") -> Path:
    path = tmp_path / "dataset.toml"
    path.write_text(top + BASE + rest, encoding="utf-8")
    return path


def test_required_names_are_read_and_kept_once(tmp_path: Path) -> None:
    path = write(tmp_path, 'required = ["orders.qty", " stores ", "ORDERS.QTY", "Label"]\n')
    assert load_manifest(path).required == ("orders.qty", "stores", "Label")
    assert load_manifest(write(tmp_path, "")).required == ()


@pytest.mark.parametrize(("value", "said"), [
    ('"orders"', "`required` must be an array of names, e.g. [\"orders.qty\", \"stores\"], "
                 "not a string"),
    ("[5]", "`required` #1 must be a string (a table or table.column name), not the number 5"),
    ('["orders", "a.b.c"]', "`required` #2 'a.b.c' is not a table or table.column name; "
                            "write e.g. required = [\"orders.qty\", \"stores\"]"),
    ('["orders qty"]', "`required` #1 'orders qty' is not a table or table.column name"),
    ('[""]', "`required` #1 '' is not a table or table.column name"),
    ('["a\\u0007"]', "`required` #1 'a\\x07' is not a table or table.column name"),
    ("[" + ", ".join(f'"t{i}"' for i in range(51)) + "]",
     "`required` lists 51 names; at most 50"),
])
def test_a_broken_required_gives_one_line(tmp_path: Path, value: str, said: str) -> None:
    with pytest.raises(DatasetError) as caught:
        load_manifest(write(tmp_path, f"required = {value}\n"))
    message = str(caught.value)
    assert "\n" not in message and said in message and str(tmp_path) in message


def test_a_written_decision_needs_the_tables_its_value_query_reads(tmp_path: Path) -> None:
    path = tmp_path / "dataset.toml"
    path.write_text(manifest("kiosks", 'kind = "sqlite"\npath = "k.db"'), encoding="utf-8")
    dataset = load_manifest(path)
    assert dataset.decisions and not dataset.simulator
    assert requirements_of(dataset) == Requirements(
        (), ((dataset.decisions[0].title, ("kiosk",)),))


def test_datasets_with_a_simulator_need_nothing_more() -> None:
    """DQA and the demo are checked by their simulators: nothing changes there (the demo's
    decision written as SQL is not its check)."""
    datasets = registry(load_settings(env_file=None, mysql_url=None))
    for dataset_id in ("dqa-locating-1445", "dqa-building-1836", "demo-retail"):
        assert not requirements_of(datasets.get(dataset_id)), dataset_id


def test_the_tables_a_query_reads() -> None:
    query = ("WITH RECURSIVE lanes AS (SELECT * FROM lane l JOIN `warehouse` w ON w.id = "
             "l.wid), plan (a) AS (SELECT 1 FROM cafe UNION ALL SELECT a FROM plan) "
             "SELECT * FROM plan p JOIN lanes n ON 1 = 1, stores s WHERE s.id IN "
             "(SELECT store_id FROM orders) AND TRIM(x FROM y) = ''")
    assert names_read(query, "sql") == ("lane", "warehouse", "cafe", "stores", "orders")
    assert names_read("SELECT [a b].x FROM [a b]", "sql", dialect="sqlite") == ("a b",)
    assert names_read("SELECT 'unterminated", "sql") == ()
    assert names_read("SELECT 1 FROM t" * 10_000, "sql") == ()  # too long to read
    cypher = ("MATCH (c:Country {name: 'SWE'})-[r:NodeCountry|Other*1..2]->(t:Trade_node) "
              "WHERE t:Big RETURN t.name")
    assert names_read(cypher, "cypher") == ("Country", "NodeCountry", "Other", "Trade_node",
                                            "Big")
    assert "qty" in words_of("SELECT o.QTY FROM orders o", "sql")


def test_connect_update_keeps_required(tmp_path: Path) -> None:
    """`planrag connect --update` writes the manifest again from its keys: an array stays
    an array."""
    import tomllib

    from planrag.connect import _write_manifest

    path = write(tmp_path, 'required = ["orders.qty", "stores"]\n')
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    _write_manifest(tmp_path, raw, False, changed=True)
    assert load_manifest(path).required == ("orders.qty", "stores")
