"""What a decision needs (issue 22, part 2): the manifest's `required`, read and checked with
one-line errors, the tables a written decision's `value` query reads (found with the guard's
own reader), and what a query reads."""

from __future__ import annotations

from pathlib import Path

import pytest

from planrag.engine.plan_check import (
    RequiredNames,
    Requirements,
    read_required,
    requirements_of,
)
from planrag.errors import DatasetError
from planrag.guards.reads import names_read, words_of
from planrag.manifests import load_manifest
from planrag.runtime import registry
from planrag.schema import Column, Entity, Schema
from planrag.schema.budget import prompt_schema
from planrag.settings import load_settings
from tests.decisions._kiosks import manifest

BASE = 'id = "shop"\ntitle = "Shop"\nrules = "r"\n[[databases]]\nkind = "sqlite"\npath = "s.db"\n'


def write(tmp_path: Path, top: str, rest: str = "") -> Path:
    path = tmp_path / "dataset.toml"
    path.write_text(top + BASE + rest, encoding="utf-8")
    return path


def test_required_names_are_read_and_kept_once(tmp_path: Path) -> None:
    path = write(tmp_path, 'required = ["orders.qty", " stores ", "ORDERS.QTY", "Label", '
                           '"sales.orders.qty"]\n')
    dataset = load_manifest(path)
    assert dataset.required == ("orders.qty", "stores", "Label", "sales.orders.qty")
    assert dataset.required_problems == ()
    assert load_manifest(write(tmp_path, "")).required == ()


def test_required_that_is_no_array_sets_the_dataset_aside(tmp_path: Path) -> None:
    with pytest.raises(DatasetError) as caught:
        load_manifest(write(tmp_path, 'required = "orders"\n'))
    assert ("`required` must be an array of names, e.g. [\"orders.qty\", \"stores\"], not a "
            "string") in str(caught.value)


@pytest.mark.parametrize(("value", "said", "kept"), [
    ("[5]", "`required` #1 must be a string (a table or table.column name), not the number "
            "5; it is left out", ()),
    ('["orders", "a.b.c.d"]', "`required` #2 'a.b.c.d' is not a table or table.column name "
                              "(schema.table.column on PostgreSQL); write e.g. required = "
                              "[\"orders.qty\", \"stores\"]; it is left out", ("orders",)),
    ('["orders qty"]', "`required` #1 'orders qty' is not a table or table.column name", ()),
    ('[""]', "`required` #1 '' is not a table or table.column name", ()),
    ('["a\\u0007"]', "`required` #1 'a\\x07' is not a table or table.column name", ()),
    ("[" + ", ".join(f'"t{i}"' for i in range(51)) + "]",
     "`required` lists 51 names; only the first 50 count", tuple(f"t{i}" for i in range(50))),
])
def test_a_wrong_required_entry_is_its_own_problem(
    tmp_path: Path, value: str, said: str, kept: tuple[str, ...]
) -> None:
    """A wrong entry is said in one line naming it; the dataset is used without it."""
    dataset = load_manifest(write(tmp_path, f"required = {value}\n"))
    assert len(dataset.required_problems) == 1, dataset.required_problems
    message = dataset.required_problems[0]
    assert "\n" not in message and said in message and str(tmp_path) in message
    assert dataset.required == kept


def test_a_written_decision_needs_the_tables_its_value_query_reads(tmp_path: Path) -> None:
    path = tmp_path / "dataset.toml"
    path.write_text(manifest("kiosks", 'kind = "sqlite"\npath = "k.db"'), encoding="utf-8")
    dataset = load_manifest(path)
    assert dataset.decisions and not dataset.simulator
    needs = requirements_of(dataset)
    assert needs == Requirements((), ((dataset.decisions[0].title, ("kiosk",)),),
                                 needs.written)
    # every query's tables, for a question close to it (planrag.engine.first_schema)
    assert [(w.title, w.tables) for w in needs.written] == [("Espresso machine", ("kiosk",))]
    assert needs.written[0].words.startswith("network weekly profit EUR/week Conversion")


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


def test_the_current_database_is_read_through_and_another_is_not() -> None:
    """A MySQL view's stored definition names every table with its database: told which
    database is current, the reader reads through those names, and never takes another
    database's table for one of this one's."""
    stored = ("select `shop`.`o`.`id` AS `id` from (`shop`.`orders` `o` join `shop`.`stores` "
              "`s` on(`shop`.`s`.`id` = `shop`.`o`.`store_id`))")
    assert names_read(stored, "sql", dialect="mariadb") == ()  # unknown: refused at once
    assert names_read(stored, "sql", dialect="mariadb", database="shop") == ("orders", "stores")
    other = "select `x`.`id` AS `id` from `elsewhere`.`orders` `x`"
    assert names_read(other, "sql", dialect="mariadb", database="shop") == ()
    # Without a database (a model's query, plan checks) a qualified name is kept as before.
    assert names_read("SELECT * FROM shop.orders", "sql") == ("orders",)


def test_connect_update_keeps_required(tmp_path: Path) -> None:
    """`planrag connect --update` writes the manifest again from its keys: an array stays
    an array."""
    import tomllib

    from planrag.connect import _write_manifest

    path = write(tmp_path, 'required = ["orders.qty", "stores"]\n')
    raw = tomllib.loads(path.read_text(encoding="utf-8"))
    _write_manifest(tmp_path, raw, False, changed=True)
    assert load_manifest(path).required == ("orders.qty", "stores")


class _Source:
    """A source that only has a schema."""

    def __init__(self, dialect: str, *entities: Entity) -> None:
        self.language, self.dialect = "sql", dialect
        self._schema = Schema(dialect, "db", entities)

    async def schema(self) -> Schema:
        return self._schema


def _two_schemas() -> _Source:
    """PostgreSQL with `public` first: its tables bare, those of `sales` qualified; one bare
    table is called `sales` too, so `sales.orders` could be either."""
    entities = [Entity("table", f"t{i:02}", tuple(Column(c, "text") for c in
                                                  ("id", "note", "kind", "made", "by")))
                for i in range(40)]
    entities += [
        Entity("table", "sales", (Column("orders", "int"), Column("day", "date"))),
        Entity("table", "stores", (Column("id", "int"), Column("city", "text"))),
        Entity("table", "sales.orders", (Column("qty", "int"), Column("store_id", "int"))),
        Entity("table", 'sales."Order Lines"', (Column("qty", "int"),)),
    ]
    return _Source("postgres", *entities)


async def test_required_is_read_against_the_schema_it_names() -> None:
    """`sales.orders` is the table of schema `sales` where the database has one: the
    manifest cannot tell, the schema can; a wrong entry says what to write instead."""
    source = _two_schemas()
    found = await read_required(
        ("sales.orders.qty", "sales.day", "stores", 'sales."Order Lines".QTY',
         "sales.ordrs.qty", "stores.citty", "public.stores.city", "nowhere"),
        {"postgres": source})  # type: ignore[dict-item]
    assert found.names == ("sales.orders.qty", "sales.day", "stores",
                           'sales."Order Lines".qty')
    assert found.tables == ("sales.orders", "sales", "stores", 'sales."Order Lines"')
    assert found.problems == (
        "`required` names 'sales.ordrs.qty', which the database does not have: no table "
        "sales.ordrs; closest: sales.orders, sales.\"Order Lines\", sales; it is left out "
        "until dataset.toml says it right",
        "`required` names 'stores.citty', which the database does not have: stores has no "
        "column citty; closest: city; it is left out until dataset.toml says it right",
        "`required` names 'public.stores.city', which the database does not have: the first "
        "schema's tables are named bare: write 'stores.city'; it is left out until "
        "dataset.toml says it right",
        "`required` names 'nowhere', which the database does not have: no table nowhere; it "
        "is left out until dataset.toml says it right",
    )
    assert await read_required((), {"postgres": source}) == RequiredNames()  # type: ignore[dict-item]


def test_required_tables_come_first_and_in_full() -> None:
    schema = _two_schemas()._schema
    question = "which t07 note is the latest?"
    plain = prompt_schema(schema, question, 1000)
    assert "sales.orders" not in plain.shown and not plain.complete
    required = "named in the dataset's `required`"
    view = prompt_schema(schema, question, 1000, [("sales.orders", required),
                                                  ('sales."Order Lines"', required)])
    assert view.shown[:2] == ("sales.orders", 'sales."Order Lines"')
    assert view.reasons[:2] == (("sales.orders", required), ('sales."Order Lines"', required))
    assert "t07" in view.shown and len(view.text) <= 1000
    tables = [line for line in view.text.splitlines() if line.startswith("TABLE ")]
    assert tables[0] == "TABLE sales.orders(qty int, store_id int)"
    assert "sales.orders" not in view.named


async def test_the_first_prompt_shows_the_required_tables_first() -> None:
    """The engine reads `required` against each source's schema before its first prompt."""
    from planrag.engine import Engine, Reply, ScriptedModel

    model = ScriptedModel([Reply(text="I cannot tell.")])
    engine = Engine(model, {"sql": _two_schemas()}, dataset="d", target="postgres",  # type: ignore[dict-item]
                    rules="", schema_budget=1000,
                    required=Requirements(always=("sales.orders.qty", "nowhere")))
    async for _ in engine.run("which t07 note is the latest?"):
        pass
    system = str(model.requests[0].messages[0]["content"])
    schema = system[system.index("-- postgres database db"):]
    tables = [line for line in schema.splitlines() if line.startswith("TABLE ")]
    assert tables[0] == "TABLE sales.orders(qty int, store_id int)"


def test_a_decision_on_postgres_reads_its_schema_qualified_tables(tmp_path: Path) -> None:
    """A decision naming no target runs on the dataset's first database: its queries are
    read as PostgreSQL reads them, `inv.shp_ln` kept whole, tables inside a WITH read too."""
    path = tmp_path / "dataset.toml"
    path.write_text(
        'id = "ws"\ntitle = "Wholesale"\nrules = "r"\n[[databases]]\nkind = "postgres"\n'
        'url = "postgresql://reader@127.0.0.1:5432/ws"\nschemas = ["public", "inv"]\n'
        '[[decisions]]\nid = "reefer"\ntitle = "Where the next reefer goes"\ngoal = "minimize"\n'
        'objective = "chilled units per refrigerated truck"\n'
        'candidates = "SELECT whs_cd AS decision FROM inv.whs_mst"\n'
        'value = """WITH cold AS (SELECT h.whs_cd, SUM(l.qty)::numeric AS units '
        'FROM inv.shp_ln l JOIN inv.shp_hdr h ON h.id = l.shp_id GROUP BY h.whs_cd) '
        'SELECT w.whs_cd AS decision, c.units AS value FROM inv.whs_mst w '
        'JOIN cold c ON c.whs_cd = w.whs_cd"""\n'
        'baseline = "SELECT 0 AS value FROM so_hdr LIMIT 1"\n', encoding="utf-8")
    dataset = load_manifest(path)
    assert [d.id for d in dataset.decisions] == ["reefer"]
    needs = requirements_of(dataset)
    assert needs.decisions == (("Where the next reefer goes",
                                ("inv.shp_ln", "inv.shp_hdr", "inv.whs_mst")),)
    assert needs.written[0].tables == ("inv.whs_mst", "inv.shp_ln", "inv.shp_hdr", "so_hdr")
