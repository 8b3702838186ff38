"""Lexical ranking: identifiers and questions cut into the same stems, rare words decide,
names the question covers win, foreign-key neighbours come along."""

from __future__ import annotations

from typing import Literal

import pytest

from planrag.schema import Column, Entity, ForeignKey, Schema
from planrag.schema._tokens import fragments, stem, words
from planrag.schema.budget import rank_entities
from tests._big_schema import big_schema

BIG = big_schema()


def top(text: str, n: int, schema: Schema = BIG) -> list[str]:
    return [e.name for e, _ in rank_entities(schema, text)[:n]]


# ------------------------------------------------------------------------- words


def test_identifiers_are_cut_into_lower_case_parts_without_digits() -> None:
    assert words("OrderItems order_items2 HTTPServer") == [
        "order",
        "item",
        "order",
        "item",
        "http",
        "server",
    ]


def test_the_particle_of_a_phrasal_verb_names_no_table() -> None:
    """"send back", "come back": a question's "back" says nothing of which data, and as an
    abbreviation it would meet the bookings of `bck_hdr` (or a backup's `bck`)."""
    schema = Schema("mariadb", "shop", (
        Entity("table", "bck_hdr", (Column("bck_id", "INT", True), Column("bck_dt", "DATE"))),
        Entity("table", "rtn_ln", (Column("rtn_id", "INT", True), Column("qty", "INT")),
               comment="Returned items"),
        *(Entity("table", f"t{n}", (Column("x", "INT"),)) for n in range(20))))
    ranked = top("Which returned items do customers send back again and again?", 5, schema)
    assert ranked == ["rtn_ln"]


def test_stop_words_go_and_forms_of_a_word_meet() -> None:
    assert words("Which of the orders should we ship?") == ["order", "ship"]
    pairs = [
        ("categories", "category"),
        ("addresses", "address"),
        ("warehouses", "warehouse"),
        ("shipped", "ship"),
        ("shipping", "ship"),
        ("pricing", "price"),
        ("supplied", "supplies"),
        ("moved", "move"),
        ("centres", "centers"),
        ("statuses", "status"),
    ]
    for a, b in pairs:
        assert stem(a) == stem(b), (a, b)
    assert stem("string") == "string" and stem("used") == "used"


def test_fragments_are_raw_lower_case_runs() -> None:
    assert fragments("Cust, sku-2 a id") == ["cust", "sku"]


# ------------------------------------------------------------------------- ranking


def test_a_name_the_question_covers_beats_longer_names_sharing_its_words() -> None:
    names = top("How many order items does a typical order have?", 3)
    assert names[:2] == ["order_items", "orders"]
    ranked = [e.name for e, _ in rank_entities(BIG, "support tickets")]
    assert ranked[0] == "support_tickets"
    assert ranked.index("support_ticket_notes") > 3


def test_foreign_key_neighbours_come_along() -> None:
    assert set(top("orders per customer region", 4)) >= {"orders", "customers", "sales_regions"}
    # campaign_conversions links campaigns and customers; its own name only half matches
    assert "campaign_conversions" in top("Which campaigns won us new customers?", 4)


def test_rare_words_count_more_than_common_ones() -> None:
    assert top("forklift", 1) == ["warehouse_equipment"]
    created = dict((e.name, s) for e, s in rank_entities(BIG, "created"))
    forklift = dict((e.name, s) for e, s in rank_entities(BIG, "forklift"))
    assert max(created.values()) < forklift["warehouse_equipment"] / 5


def test_scores_are_positive_best_first_and_deterministic() -> None:
    ranked = rank_entities(BIG, "late shipments by carrier")
    scores = [s for _, s in ranked]
    assert all(s > 0 for s in scores) and scores == sorted(scores, reverse=True)
    assert ranked == rank_entities(big_schema(), "late shipments by carrier")
    assert rank_entities(BIG, "") == [] and rank_entities(BIG, "the of which") == []


def test_ties_keep_schema_order() -> None:
    tables = tuple(
        Entity("table", name, (Column("stock", "INT(11)"),)) for name in ("b_one", "a_two", "c")
    )
    schema = Schema("sqlite", "t", tables)
    assert [e.name for e, _ in rank_entities(schema, "stock")] == ["b_one", "a_two", "c"]


def test_hubs_ride_along_less() -> None:
    ranked = [e.name for e, _ in rank_entities(BIG, "Which warehouses ship the most parcels?")]
    assert "app_users" not in ranked[:20]


@pytest.mark.parametrize("kind", ["table", "graph"])
def test_an_entity_with_no_matching_words_is_reached_through_a_link(kind: str) -> None:
    if kind == "table":
        link = Entity(
            "table",
            "xref",
            (Column("a_id", "INT(11)"), Column("b_id", "INT(11)")),
            foreign_keys=(
                ForeignKey(("a_id",), "alpha", ("id",)),
                ForeignKey(("b_id",), "beta", ("id",)),
            ),
        )
    else:
        link = Entity("relationship", "XREF", (), patterns=("(:alpha)-[:XREF]->(:beta)",))
    node: Literal["table", "node"] = "table" if kind == "table" else "node"
    key = (Column("id", "INT(11)", True),)
    schema = Schema("x", "y", (*(Entity(node, n, key) for n in ("alpha", "beta", "gamma")), link))
    assert [e.name for e, _ in rank_entities(schema, "alpha and beta")] == [
        "alpha",
        "beta",
        link.name,
    ]


def test_abbreviated_names_meet_the_question_s_words() -> None:
    tables = tuple(
        Entity("table", name, (Column("id", "INT(11)", True), Column(col, "DECIMAL(9,2)")))
        for name, col in (("cust_mst", "crd_lmt"), ("dlv_run", "km"), ("whs", "dock_cnt"),
                          ("po_ln", "qty_ord"), ("trd_acct", "bal"), ("stg_x", "std_val"))
    )
    schema = Schema("sqlite", "t", tables)
    assert top("customers", 1, schema) == ["cust_mst"]
    assert top("deliveries", 1, schema) == ["dlv_run"]
    assert top("warehouse", 1, schema) == ["whs"]
    assert top("quantity ordered", 1, schema) == ["po_ln"]
    assert top("Thursdays in Scotland", 6, schema) == []  # not trd, not std
    cut = tuple(Entity("table", name, (Column("id", "INT(11)", True),))
                for name in ("substn", "invc_ln", "dept_bud"))
    schema = Schema("sqlite", "t", cut)
    assert top("substations", 1, schema) == ["substn"]  # a start, then consonants
    assert top("invoice lines", 1, schema) == ["invc_ln"]
    assert top("departments", 1, schema) == ["dept_bud"]


def test_a_copy_comes_after_the_table_it_copies() -> None:
    """Issue 37: junk copies (backups marked as such in their comments) were shown in full
    while the tables a question needs were only named. A table its comment marks as a
    backup, archive, staging or deprecated copy, or whose name is another table's with a
    copy's word, ranks after the table itself; a table that merely has such a word in its
    name, with no twin, does not."""
    def table(name: str, comment: str = "") -> Entity:
        return Entity("table", name, (Column("ord_no", "INT", key=True),
                                      Column("cust_no", "INT"), Column("ord_amt", "DECIMAL")),
                      comment=comment)

    schema = Schema("mysql", "shop", (
        table("ord_hdr_2023", "Backup of the order headers customers placed last year, "
                              "before the migration; do not use"),
        table("ord_hdr_bak"), table("tmp_ord_hdr"), table("ord_hdr_stage",
                                                          "Staging table for the nightly load"),
        table("ord_hdr", "Order headers"), table("old_price_list"),
    ))
    ranked = [e.name for e, _ in rank_entities(schema, "Which customers placed the most "
                                                        "order headers last year?")]
    assert ranked[0] == "ord_hdr", ranked
    from planrag.schema._relevance import index_of

    copies = {schema.entities[i].name for i in index_of(schema).copies}
    assert copies == {"ord_hdr_2023", "ord_hdr_bak", "tmp_ord_hdr", "ord_hdr_stage"}


def test_copies_are_known_in_other_schemas_and_languages() -> None:
    """A copy outside PostgreSQL's first schema is a copy (`crm.client_sauv` beside
    `crm.client`, not only `client_sauv` beside `client`), and so is one its comment or name
    marks in German, French, Dutch, Spanish, Italian, Portuguese or Polish, a history table with
    every column of its twin, and a copy's word with a year run into it (`vente_bak23`); a
    table with such a word and no twin, or a comment merely mentioning another table, is
    not."""
    from planrag.schema._kinds import copies

    def table(name: str, comment: str = "") -> Entity:
        return Entity("table", name, (Column("id", "INT", key=True),), comment=comment)

    entities = (
        table("crm.client", "Fiche client"), table("crm.client_sauv"),
        table("crm.client_doublons"), table("crm.vente_2019"), table("crm.vente"),
        table("crm.vente_bak23"), table("crm.vente_old2"),  # a copy's word with its year
        table("ops.kunde", "Kundenstamm"), table("crm.kunde_kopie"),  # another schema's twin
        table("ops.artikel_x", "Sicherungskopie vor der Migration"),
        table("ops.lager", "Lagerorte, veraltet: nicht mehr verwenden"),
        table("ops.ordre", "Obsolète — ne pas utiliser"),
        table("ops.pedido", "copia de seguridad de pedidos"),
        table("ops.klacht", "verouderd, niet gebruiken"),
        table("ops.ordine", "non usare"),
        table("ops.zamowienie", "Kopia zapasowa przed migracją"),
        table("ops.sauvegarde_plan", "Plan de sauvetage"),  # no twin, no copy's word
        table("ops.kopie_auftrag", "Kopierauftraege der Druckerei"),
        table("rm_tarifa_dia"), table("rm_tarifa_dia_hist"),  # a history copy, all columns
        Entity("table", "lty_tier", (Column("id", "INT", key=True), Column("min_pts", "INT"))),
        table("lty_tier_hist"),  # not every column of lty_tier: a history of its own
    )
    found = {entities[i].name for i in copies(entities)}
    assert found == {"crm.client_sauv", "crm.client_doublons", "crm.vente_2019",
                     "crm.vente_bak23", "crm.vente_old2",
                     "ops.artikel_x", "ops.lager", "ops.ordre", "ops.pedido", "ops.klacht",
                     "ops.ordine", "ops.zamowienie", "rm_tarifa_dia_hist"}


def test_a_short_start_of_several_concepts_says_less() -> None:
    """`cus` begins "customer" and "customs", `res` "reservation", "response" and
    "resignation": a question about customers meets the customs declarations less than the
    customer master, though both abbreviate its word by three letters or more."""
    from planrag.schema._relevance import ABBREVIATION, asked_words, index_of

    def table(name: str, *cols: str) -> Entity:
        return Entity("table", name, (Column("id", "INT", key=True),
                                      *(Column(c, "VARCHAR(20)") for c in cols)))

    schema = Schema("mysql", "x", (
        table("cus_decl", "mrn", "office_cd"), table("cus_office", "office_cd", "nm"),
        table("cust", "nm", "vat_no"), table("veh", "plate", "make"),
        *(table(f"gl_{n:03d}", "amt") for n in range(40))))
    asked = asked_words(index_of(schema), "customers with vehicles")
    assert asked["cust"] == ABBREVIATION and asked["veh"] == ABBREVIATION
    assert asked["cus"] < ABBREVIATION / 1.4
    assert top("Which customers pay their bills late?", 1, schema) == ["cust"]


def _with_view(reads: tuple[str, ...]) -> Schema:
    """Terse base tables a question's words never meet, and a view over them named for
    what it holds (`reads`: the tables it reads, as introspection finds them)."""
    key = Column("id", "INT", key=True)
    return Schema("mysql", "books", (
        Entity("table", "acct", (key, Column("nm", "VARCHAR(40)"), Column("cd", "CHAR(2)"))),
        Entity("table", "gl_entries", (key, Column("acct_id", "INT"), Column("amt", "DECIMAL")),
               foreign_keys=(ForeignKey(("acct_id",), "acct", ("id",)),)),
        Entity("table", "tax_rates", (key, Column("rate", "DECIMAL"))),
        Entity("table", "audit_log", (key, Column("note", "TEXT"))),
        Entity("table", "customer_revenue", (Column("nm", "VARCHAR(40)"),
                                             Column("revenue", "DECIMAL")),
               comment="view", reads=reads),
    ))


def test_a_view_brings_the_tables_it_reads_and_they_bring_it() -> None:
    question = "Which customers bring us the most revenue?"
    linked = _with_view(("acct", "gl_entries"))
    ranked = [e.name for e, _ in rank_entities(linked, question)]
    assert ranked[0] == "customer_revenue"
    assert set(ranked[1:3]) == {"acct", "gl_entries"}, ranked
    unlinked = [e.name for e, _ in rank_entities(_with_view(()), question)]
    assert unlinked == ["customer_revenue"]  # without the link, nothing else is reached
    # The other way: a question naming a base table brings the view that reads it.
    assert "customer_revenue" in [e.name for e, _ in rank_entities(linked, "gl entries")]
    assert "customer_revenue" not in [e.name for e, _ in rank_entities(_with_view(()),
                                                                       "gl entries")]


def test_a_view_s_line_names_what_it_reads_and_a_table_s_line_is_unchanged() -> None:
    schema = _with_view(("acct", "gl_entries"))
    lines = schema.render().splitlines()
    assert lines[-1] == ("TABLE customer_revenue(nm VARCHAR(40), revenue DECIMAL)  "
                         "-- view; reads acct, gl_entries")
    assert _with_view(()).render().splitlines()[:-1] == lines[:-1]
    assert lines[-1].startswith(_with_view(()).render().splitlines()[-1])
    many = Entity("table", "wide", (), reads=tuple(f"t{n}" for n in range(11)))
    assert many.render() == "TABLE wide()  -- reads t0, t1, t2, t3, t4, t5, t6, t7 (+3 more)"
    assert len(many.references()) == 11
    assert schema.entities[-1].summary() == (
        "TABLE customer_revenue, 2 columns, -> acct, gl_entries  -- view")
