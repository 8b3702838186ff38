"""Why each table is in the first prompt: the question's words, a value, a key, the join path
between the tables the question names (through order headers and lines whose own names say
nothing), and never through a hub or a copy."""

from __future__ import annotations

import pytest

from planrag.engine.first_schema import close_decisions
from planrag.engine.plan_check import WrittenDecision
from planrag.schema import Column, Entity, ForeignKey, Schema
from planrag.schema.budget import for_names, prompt_schema, rank_entities

_ID = Column("id", "INT(11)", True)


def _fk(column: str, table: str) -> ForeignKey:
    return ForeignKey((column,), table, ("id",))


def _table(name: str, columns: list[str], keys: dict[str, str], comment: str = "") -> Entity:
    cols = (_ID, *(Column(c, "VARCHAR(40)") for c in columns),
            *(Column(c, "INT(11)") for c in keys))
    return Entity("table", name, cols, comment=comment,
                  foreign_keys=tuple(_fk(c, t) for c, t in keys.items()))


def _shop(hubs: tuple[str, ...] = ("prd",)) -> Schema:
    """Customers and products that meet only through an order header and its lines (`oh`,
    `ol`: names and keys that say nothing), a copy of the lines, an audit-user table every table's
    `crt_by` points at (a hub), and 160 tables of other business, some of them naming one of
    `hubs` (so that it lends its neighbours little)."""
    audit = {"crt_by": "app_usr"}
    core = [
        _table("cust", ["cust_nm", "rgn_cd"], audit),
        _table("prd", ["prd_nm", "cat_cd"], audit),
        _table("oh", ["ord_dt", "sts"], {"party_ref": "cust", **audit}),
        _table("ol", ["qty", "amt"], {"hdr_ref": "oh", "x_ref": "prd", **audit}),
        _table("ol_bak", ["qty", "amt"], {"hdr_ref": "oh", "x_ref": "prd"}),
        _table("app_usr", ["login", "full_nm"], {}),
    ]
    noise = [
        _table(f"{area}_{n:02}", [f"{area}_cd", "val_amt", "eff_dt", "note_txt"],
               {**audit, f"{hubs[n % 4]}_ref": hubs[n % 4]} if n % 4 < len(hubs) else audit)
        for area in ("gl", "hr", "fa", "mnt") for n in range(40)
    ]
    return Schema("mariadb", "shop", (*noise, *core))


def test_the_tables_between_two_named_ones_come_in_full_with_why() -> None:
    schema = _shop(hubs=("prd", "cust"))
    view = prompt_schema(schema, "Which customers buy the most products?")
    assert not view.complete
    why = dict(view.reasons)
    assert set(why) == set(view.shown)
    assert why["cust"] == 'named by the question ("customers")'
    assert why["prd"] == 'named by the question ("products")'
    assert why["oh"] == why["ol"] == "on the join path between cust and prd"
    # not through the users every table names, nor through the copy of the lines
    assert "join path" not in why.get("app_usr", "")
    assert "join path" not in why.get("ol_bak", "")
    order = list(view.shown)
    assert order.index("oh") < order.index("ol") < 6


def test_a_table_linked_by_key_says_to_which() -> None:
    schema = _shop()
    view = prompt_schema(schema,
                         "Which customers were signed up by which login, under what full name?")
    why = dict(view.reasons)
    assert why["app_usr"] == 'the question\'s words in its columns or description ("login", "full")'
    linked = [w for w in why.values() if w.startswith("linked by key to ")]
    linked = [w.removeprefix("linked by key to ").split(";")[0] for w in linked]
    assert linked and all(w in set(view.shown) | {
        "the tables above"} for w in linked)


def test_what_the_caller_puts_first_comes_first_with_its_reason() -> None:
    schema = _shop()
    view = prompt_schema(schema, "Which customers buy the most products?",
                         first=[("mnt_07", "named in the dataset's `required`")])
    assert view.shown[0] == "mnt_07"
    assert view.reasons[0] == ("mnt_07", "named in the dataset's `required`")


def test_a_copy_says_it_was_ranked_down() -> None:
    schema = _shop()
    view = prompt_schema(schema, "ol_bak quantities")
    assert dict(view.reasons)["ol_bak"].endswith("; marked as a copy, so ranked down")


_TRUCK = WrittenDecision("Depot for the next refrigerated truck",
                         "weekly cost of chilled stock spoiled  EUR/week  Trucks added",
                         ("depot", "dlv_run", "spoil_log"))
_ROUTE = WrittenDecision("Route to split", "overtime hours per week  h/week", ("route",))


def test_a_question_close_to_a_written_decision_is_told_from_one_that_is_not() -> None:
    close = close_decisions("Which depot should get the extra refrigerated truck?",
                            (_ROUTE, _TRUCK))
    assert close == [_TRUCK]
    assert close_decisions("Which depot has the most overdue invoices?", (_TRUCK,)) == []
    # what the decision measures is what this question asks about: its tables help
    assert close_decisions("Where is chilled stock spoiled most?", (_TRUCK,)) == [_TRUCK]
    assert close_decisions("Which depot should hire the next driver?", (_TRUCK,)) == []
    reefer = WrittenDecision("Where the next reefer goes",
                             "chilled units shipped per refrigerated truck at the busiest depot",
                             ("shp_ln",))
    assert close_decisions("Which depot should get the extra refrigerated truck?",
                           (_ROUTE, reefer)) == [reefer]
    assert close_decisions("Which route should we split to cut overtime?",
                           (_TRUCK, _ROUTE)) == [_ROUTE]
    assert close_decisions("anything", ()) == []


def test_a_header_brings_its_lines_and_lines_their_header() -> None:
    base = _shop()
    extra = (
        _table("inv_hdr", ["due_dt", "paid_fl"], {"party_ref": "cust"}),
        _table("inv_ln", ["amt"], {"hdr_ref": "inv_hdr"}),
        _table("inv_ln_note", ["note_txt"], {"ln_ref": "inv_ln"}),
        _table("rtn_ln", ["qty"], {"hdr_ref": "cust"}),  # lines of no `rtn` header
    )
    schema = Schema("mariadb", "shop", (*base.entities, *extra))
    view = prompt_schema(schema, "Which customers pay their invoices late?")
    why = dict(view.reasons)
    order = list(view.shown)
    assert "inv_hdr" in why and why["inv_ln"] == "the lines of inv_hdr"
    assert order.index("inv_ln") == order.index("inv_hdr") + 1
    assert "lines" not in why.get("inv_ln_note", "") and "lines" not in why.get("rtn_ln", "")
    lines_first = prompt_schema(schema, "Which invoice lines carry the largest amounts?")
    assert dict(lines_first.reasons)["inv_hdr"] == "the header of inv_ln"


def test_a_header_and_its_lines_are_known_with_their_words_run_together() -> None:
    """SAP-like `pohd` and `poln` are a purchase order's header and lines as `po_hdr` and
    `po_ln` are; a table ending in the same letters is not the lines of a table it has no
    key to (`kiln`)."""
    from planrag.schema._kinds import lines

    base = _shop()
    extra = (
        _table("pohd", ["po_dt", "buyer"], {"party_ref": "cust"}),
        _table("poln", ["qty", "net_px"], {"hdr_ref": "pohd", "x_ref": "prd"}),
        _table("ki", ["nm"], {}),
        _table("kiln", ["temp_c"], {"plant_ref": "cust"}),
    )
    schema = Schema("mariadb", "shop", (*base.entities, *extra))
    names = [e.name for e in schema.entities]
    lined, headed = lines(schema.entities)
    assert [names[j] for j in lined[names.index("pohd")]] == ["poln"]
    assert [names[j] for j in headed[names.index("poln")]] == ["pohd"]
    assert not lined[names.index("ki")] and not headed[names.index("kiln")]
    why = dict(prompt_schema(schema, "Which buyer raised the most purchase order headers "
                                     "(pohd)?").reasons)
    assert why.get("poln") == "the lines of pohd"


@pytest.mark.parametrize(("header", "lines_table"), [
    ("bon_kop", "bon_rgl"),  # Dutch: kop, regel
    ("bon", "bon_rgl"),  # the lines of a header without a header word
    ("auftr_kopf", "auftr_pos"),  # German: Kopf, Position
    ("cde_ent", "cde_lig"),  # French: en-tête, ligne
    ("ped_cab", "ped_lin"),  # Spanish: cabecera, línea
    ("fatt_tes", "fatt_rig"),  # Italian: testata, riga
    ("zam_naglowek", "zam_pozycje"),  # Polish: nagłówek, pozycje
])
def test_a_header_and_its_lines_are_known_in_other_languages(header: str,
                                                             lines_table: str) -> None:
    """A package written in Dutch, German, French, Spanish or Italian names its headers and
    lines in its own words; a table ending in one of them is no lines table without a key to
    the header's name (`store_pos`, a till, of `shop`)."""
    from planrag.schema._kinds import lines

    extra = (
        _table(header, ["doc_dt", "buyer"], {"party_ref": "cust"}),
        _table(lines_table, ["qty", "net_px"], {"hdr_ref": header, "x_ref": "prd"}),
        _table("store", ["nm"], {}),
        _table("store_pos", ["till_no"], {"shop_ref": "cust"}),
    )
    schema = Schema("mariadb", "shop", (*_shop().entities, *extra))
    names = [e.name for e in schema.entities]
    lined, headed = lines(schema.entities)
    assert [names[j] for j in lined[names.index(header)]] == [lines_table]
    assert [names[j] for j in headed[names.index(lines_table)]] == [header]
    assert not lined[names.index("store")] and not headed[names.index("store_pos")]


def test_lines_whose_header_does_not_fit_are_not_shown_without_it() -> None:
    """Order lines say little without their order: when the header is too wide for the
    budget, its lines wait for a place of their own and the room goes to the next table."""
    base = _shop()
    wide = Entity("table", "inv_hdr", (_ID, *(Column(f"due_metric_{n}", "DOUBLE")
                                            for n in range(300))),
                  foreign_keys=(_fk("party_ref", "cust"),))
    extra = (wide, _table("inv_ln", ["amt"], {"hdr_ref": "inv_hdr"}))
    schema = Schema("mariadb", "shop", (*base.entities, *extra))
    view = prompt_schema(schema, "Which customers pay their invoice headers late?")
    assert "inv_hdr" not in view.shown and "inv_hdr" in view.named
    assert "the lines of" not in " ".join(dict(view.reasons).values())
    fits = prompt_schema(Schema("mariadb", "shop", (*base.entities, *extra[1:],
                                                    _table("inv_hdr", ["due_dt"], {}))),
                         "Which customers pay their invoice headers late?")
    assert dict(fits.reasons).get("inv_ln") == "the lines of inv_hdr"


def test_a_word_meets_the_schema_through_its_synonyms_and_says_so() -> None:
    from planrag.schema._synonyms import synonyms

    assert "vendor" in synonyms("suppliers") and "supplier" in synonyms("Vendor")
    assert synonyms("zebra") == () and "account" not in synonyms("customer")
    base = _shop()
    extra = (
        _table("ap_vnd", ["vnd_nm", "terms_cd"], {}),
        _table("emp_mst", ["emp_nm", "hire_dt"], {}),
        _table("cert", ["cert_nm", "exp_dt"], {}),
    )
    schema = Schema("mariadb", "shop", (*base.entities, *extra))
    view = prompt_schema(schema, "Which suppliers are late, and which staff hold licences?")
    why = dict(view.reasons)
    assert why["ap_vnd"] == 'named by the question ("suppliers (as vendor)")'
    assert why["emp_mst"] == 'named by the question ("staff (as employee)")'
    assert why["cert"] == 'named by the question ("licences (as certificate)")'


def test_a_synonym_counts_only_where_the_word_itself_does_not() -> None:
    both = _table("zone_a", ["region_cd", "territory_cd"], {})
    word = _table("zone_b", ["region_cd", "lbl"], {})
    synonym = _table("zone_c", ["territory_cd", "lbl"], {})
    schema = Schema("mariadb", "s", (both, word, synonym,
                                     *(_table(f"t{n}", ["x"], {}) for n in range(20))))
    scores = {e.name: s for e, s in rank_entities(schema, "Which region sells most?")}
    assert scores["zone_a"] == scores["zone_b"] > scores["zone_c"] > 0


def test_a_word_met_in_several_languages_counts_once() -> None:
    """A Belgian store table with `filiaal`, `winkel` and `magasin` columns is no more about
    stores than one with a single such column: one question word, however many ways met."""
    def scored(*tables: Entity) -> float:
        schema = Schema("mariadb", "s", (*tables, *(_table(f"t{n}", ["x"], {})
                                                    for n in range(20))))
        return dict((e.name, s) for e, s in rank_entities(schema, "Which store sells most?"))[
            "omzet_dag"]

    three = scored(_table("omzet_dag", ["filiaal_nr", "winkel_nm", "magasin_cd"], {}),
                   _table("other", ["lbl"], {}))
    one = scored(_table("omzet_dag", ["filiaal_nr", "lbl"], {}),
                 _table("other", ["winkel_nm", "magasin_cd"], {}))
    assert three == pytest.approx(one)


def test_the_softwares_own_tables_come_after_the_business_ones() -> None:
    """Settings, staging, interface and report tables mention the business's words (a
    price-rule setting, an import of price lists) but answer no business question; they
    are ranked down unless the question asks about them."""
    base = _shop()
    extra = (
        _table("prc_lst", ["prc_amt", "valid_from"], {"x_ref": "prd"}, comment="Price lists"),
        _table("cfg_prc_rule", ["prc_lst_cd", "prc_round", "prc_amt", "raise_pct"], {},
               comment="Price list rounding settings"),
        _table("stg_prc_lst", ["prc_amt", "prc_lst_cd", "valid_from"], {}),
        _table("rpt_run", ["rpt_nm", "started_ts", "ended_ts", "prc_lst_cd"], {}),
    )
    schema = Schema("mariadb", "shop", (*base.entities, *extra))
    view = prompt_schema(schema, "Which price lists should we raise?")
    order = [e.name for e, _ in rank_entities(schema, "Which price lists should we raise?")]
    assert order[:2] == ["prc_lst", "prd"]  # the product a price list is linked to first
    assert order.index("cfg_prc_rule") < order.index("stg_prc_lst")  # still found
    why = dict(view.reasons)
    assert "cfg_prc_rule" not in why or why["cfg_prc_rule"].endswith(
        "the software's own (configuration, staging, interface, report), so ranked down")
    runs = [e.name for e, _ in rank_entities(schema, "Which report runs took longest?")]
    assert runs[0] == "rpt_run"


def test_a_prefix_every_table_has_names_none_of_them() -> None:
    """`tbl_` on most tables: "fuel contracts" covers `tbl_fuel_contract` whole, so its
    notes and attachments, which it only touches, come after it."""
    core = [_table("tbl_fuel_contract", ["px", "eff_dt"], {}),
            _table("tbl_fuel_contract_note", ["txt"], {"ctr_ref": "tbl_fuel_contract"}),
            _table("tbl_fuel_contract_att", ["doc"], {"ctr_ref": "tbl_fuel_contract"})]
    noise = [_table(f"tbl_{area}_{n:02}", ["cd", "amt"], {})
             for area in ("gate", "slot", "crew") for n in range(30)]
    schema = Schema("mariadb", "ops", (*noise, *core))
    scores = {e.name: s for e, s in rank_entities(schema, "Which fuel contracts to tender?")}
    assert max(scores, key=lambda n: scores[n]) == "tbl_fuel_contract"
    assert scores["tbl_fuel_contract"] > 2 * scores["tbl_fuel_contract_note"]


def _with_trails() -> Schema:
    """The shop with an audit trail for three of its tables (one shape, each naming its
    parent), and three lookups alike but for their own key."""
    trail = ["chg_ts", "chg_usr", "new_val", "old_val"]
    trails = [Entity("table", f"{parent}_aud", (
        Column("aud_id", "INT(11)", True), Column(key, "INT(11)"),
        *(Column(c, "VARCHAR(40)") for c in trail))) for parent, key in
        (("cust", "cust_id"), ("prd", "prd_id"), ("oh", "oh_id"))]
    lookups = [Entity("table", name, (Column(f"{name}_cd", "CHAR(3)", True), Column(
        "descr", "VARCHAR(40)"), Column("sort_no", "INT(11)"), Column("active", "CHAR(1)")))
        for name in ("rgn", "ctry", "curr")]
    return Schema("mariadb", "shop", (*_shop().entities, *trails, *lookups))


def test_tables_built_from_one_template_come_after_the_tables_the_question_means() -> None:
    schema = _with_trails()
    view = prompt_schema(schema, "Which customers changed their region most often?")
    why = dict(view.reasons)
    order = list(view.shown)
    assert order.index("cust") < order.index("cust_aud")
    assert why["cust_aud"].endswith(
        "; one of many tables of one shape (audit, notes, files), so ranked down")
    # lookups alike but for their own key are no template
    assert not why["rgn"].endswith("so ranked down")
    ranked = [e.name for e, _ in rank_entities(schema, "new values")]
    assert set(ranked[:3]) == {"cust_aud", "prd_aud", "oh_aud"}  # still found when asked for


def test_the_tables_named_after_those_in_full_are_their_neighbours_first() -> None:
    # `zz_cust_pref` and `zz_pref_kind`, last in the schema, are one and two keys from
    # `cust`; the 160 others only through the users every table's `crt_by` names
    schema = Schema("mariadb", "shop", (
        *_shop().entities, _table("zz_cust_pref", ["pref_cd"], {"cust_ref": "cust",
                                                                "kind_ref": "zz_pref_kind"}),
        _table("zz_pref_kind", ["kind_nm"], {})))
    by_name = {e.name: e for e in schema.entities}
    rest = [e for e in schema.entities if e.name != "cust"]
    order = [e.name for e in for_names(schema, [by_name["cust"]], rest)]
    assert order[:3] == ["oh", "app_usr", "zz_cust_pref"]  # one key away, in the order given
    assert order.index("zz_pref_kind") < order.index("gl_01")  # two keys away
    assert order.index("ol") < order.index("gl_01")
    assert order[-1] == "ol_bak"  # a copy last


def _counted(schema: Schema, rows: dict[str, int | None]) -> Schema:
    """`schema` with the row counts `rows` gives (the others unknown)."""
    from dataclasses import replace

    return Schema(schema.dialect, schema.database, tuple(
        replace(e, rows=rows.get(e.name), rows_exact=False) for e in schema.entities))


def test_a_table_known_to_hold_no_rows_comes_after_one_that_holds_some() -> None:
    # the order header, and its twin in the web shop, where the orders are now taken
    twin = _table("oh_web", ["ord_dt", "sts"], {"party_ref": "cust"})
    base = Schema("mariadb", "shop", (*_shop().entities, twin))
    question = "Which order dates and statuses?"
    before = [e.name for e, _ in rank_entities(base, question)]
    assert before.index("oh") < before.index("oh_web")
    counted = _counted(base, {"oh": 0, "oh_web": 1200})
    ranked = rank_entities(counted, question)
    after = [e.name for e, _ in ranked]
    assert after.index("oh_web") < after.index("oh")
    unknown = dict((e.name, s) for e, s in rank_entities(base, question))
    score = dict((e.name, s) for e, s in ranked)
    assert score["oh"] == pytest.approx(0.5 * unknown["oh"])
    assert score["oh_web"] == pytest.approx(unknown["oh_web"])
    view = prompt_schema(counted, question)
    why = dict(view.reasons)
    assert why["oh"].endswith("; holds no rows, so ranked down")
    assert not why["oh_web"].endswith("so ranked down")
    # a schema loaded without its data: every table empty, the order as without counts
    empty = _counted(base, {e.name: 0 for e in base.entities})
    assert [e.name for e, _ in rank_entities(empty, question)] == before


def test_tables_known_to_hold_no_rows_are_named_after_the_others() -> None:
    schema = _counted(Schema("mariadb", "shop", (
        *_shop().entities, _table("zz_cust_pref", ["pref_cd"], {"cust_ref": "cust"}))),
        {"zz_cust_pref": 0, "gl_05": 0, "gl_07": 40})
    by_name = {e.name: e for e in schema.entities}
    rest = [e for e in schema.entities if e.name != "cust"]
    order = [e.name for e in for_names(schema, [by_name["cust"]], rest)]
    assert order[:2] == ["oh", "app_usr"]  # one key away, holding rows or not known to hold none
    assert order.index("gl_07") < order.index("zz_cust_pref")  # one key away, but empty
    assert order[-2:] == ["zz_cust_pref", "gl_05"]  # the empty ones last, nearest first


def test_a_word_meets_a_schema_written_in_another_language_and_says_so() -> None:
    """A German package's `sczlg` ("Schadenzahlungen") and a Dutch `lev_mst` meet an English
    question through their translations, in a compound and by its start too; an English
    word that merely starts like a translation ("customer" and Portuguese "custo") does not,
    nor the stem of a cognate ("zon" of Italian "zona")."""
    from planrag.schema._languages import translations

    assert "zahlung" in translations("payments") and "leverancier" in translations("Supplier")
    assert translations("zebra") == ()
    base = _shop()
    extra = (
        _table("sczlg", ["zlg_dat", "betrag"], {}, comment="Schadenzahlungen"),
        _table("lev_mst", ["leverancier_nm", "iban"], {}),
        _table("customer_note", ["note_txt"], {}),
    )
    schema = Schema("mariadb", "shop", (*base.entities, *extra))
    why = dict(prompt_schema(schema, "Which claim payments took longest?").reasons)
    assert why["sczlg"] == ("the question's words in its columns or description "
                            '("claim (as schaden)")')  # one word of the schema holds both
    why = dict(prompt_schema(schema, "Which supplier is cheapest?").reasons)
    assert why["lev_mst"] == 'named by the question ("supplier (as leverancier)")'
    scores = {e.name: s for e, s in rank_entities(schema, "Which costs rose?")}
    assert "customer_note" not in scores
    zones = Schema("mariadb", "z", (_table("zone", ["nm"], {}), *base.entities))
    assert "zone" not in {e.name for e, _ in rank_entities(zones, "Which region grew?")}


def test_a_word_meets_a_schema_written_in_polish_and_says_so() -> None:
    """A Polish ERP's `dostawca` (supplier), `faktura_zak` (purchase invoices) and
    `platnosci` (payments) meet an English question through the lexicon's Polish words,
    whole and inflected."""
    base = _shop()
    extra = (
        _table("dostawca", ["nazwa", "nip"], {}),
        _table("faktura_zak", ["nr_faktury", "kwota_brutto"], {"dostawca_id": "dostawca"}),
        _table("platnosci", ["data_wplaty", "kwota"], {"faktura_id": "faktura_zak"}),
    )
    schema = Schema("postgres", "erp", (*base.entities, *extra))
    why = dict(prompt_schema(schema, "Which supplier is cheapest?").reasons)
    assert why["dostawca"] == 'named by the question ("supplier (as dostawca)")'
    why = dict(prompt_schema(schema, "Which invoices are overdue?").reasons)
    assert why["faktura_zak"] == 'named by the question ("invoices (as faktura)")'
    why = dict(prompt_schema(schema, "Which payments came late?").reasons)
    assert why["platnosci"] == 'named by the question ("payments (as platnosc)")'


@pytest.mark.parametrize(("question", "table", "reason"), [
    ("Which planning applications waited longest?", "aanvraag",
     '"applications (as aanvraag)"'),
    ("Which kinds of decision are appealed most?", "besluit", '"decision (as besluit)"'),
    ("Which merchants see the most chargebacks?", "litige", '"chargebacks (as litige)"'),
    ("Which vans cost most to run?", "furgoneta", '"vans (as furgoneta)"'),
    ("Which residents wait longest?", "einwohner", '"residents (as einwohner)"'),
    ("Which tenants pay late?", "bezahlung", '"pay (as zahlung)"'),  # a word of 3 letters
    ("Which cranes have the most breakdowns?", "guasto", '"breakdowns (as guasto)"'),
    ("Which garden promotions sold least?", "actie", '"promotions (as actie)"'),
    ("Which warehouse needs more dock doors?", "quai", '"dock (as quai)"'),
    ("Which hotel uses most energy per occupied room?", "est_ocup",
     '"occupied (as ocupacion)"'),
    ("Which weighbridges weigh wrong?", "bascula_mst", '"weighbridges (as bascula)"'),
    ("Which members own most shares?", "socio", '"members (as socio)"'),
])
def test_a_councils_or_a_banks_words_meet_their_tables_in_another_language(
    question: str, table: str, reason: str
) -> None:
    """The lexicon knows the words of public services and banking too (applications,
    decisions, disputes, vans, residents), not only those of trade, and a word of three
    letters ("pay") meets its translations, though it is no one's abbreviation."""
    base = _shop()
    schema = Schema("postgres", "x", (*base.entities, _table(table, ["id_nr", "datum"], {})))
    assert dict(prompt_schema(schema, question).reasons)[table] == (
        f"named by the question ({reason})")


@pytest.mark.parametrize(("question", "comment", "reason"), [
    ("Which complaints come up most?", "Motif de réclamation", "complaints (as reclamation)"),
    ("Which kitchens use most gas?", "Küchen der Häuser", "kitchens (as kueche)"),
    ("Which payments bounced?", "Płatności dostawców", "payments (as platnosc)"),
])
def test_a_comment_with_accents_meets_the_question_as_its_words_are_written(
    question: str, comment: str, reason: str
) -> None:
    """A comment is cut into words with its accents taken off, as identifiers write them
    ("réclamation" is one word, not "r" and "clamation"; German's "ü" is written "ue")."""
    base = _shop()
    schema = Schema("postgres", "x", (*base.entities,
                                      _table("tbl_x1", ["id_nr", "datum"], {}, comment=comment)))
    assert dict(prompt_schema(schema, question).reasons)["tbl_x1"] == (
        f'the question\'s words in its columns or description ("{reason}")')


def test_the_words_of_a_tables_values_say_what_it_holds() -> None:
    """`act_cd` says nothing, but its rows say 'Home standby' and 'Flight duty': a question about
    standbys ranks it, and says why. A value the question names whole ranks the table that
    holds it; its words do not rank again every table whose values share one of them."""
    from tests.schema.test_values import index

    base = _shop()
    extra = (
        _table("act_cd", ["act_desc"], {}),
        _table("pay_mthd", ["mthd_nm"], {}),
        _table("str_mst", ["str_nm"], {}),
    )
    values = index(("act_cd", "act_desc", ("Home standby", "Flight duty", "Rest")),
                   ("pay_mthd", "mthd_nm", ("Cardiff store card", "Cash")),
                   ("str_mst", "str_nm", ("Cardiff Bay", "Leeds")))
    schema = Schema("mariadb", "shop", (*base.entities, *extra), values=values)
    view = prompt_schema(schema, "Which crews get called out from standby most?")
    assert dict(view.reasons)["act_cd"] == 'holds values with the question\'s words ("standby")'
    view = prompt_schema(schema, "Should the Cardiff Bay shop open longer?")
    assert dict(view.reasons)["str_mst"] == 'holds "Cardiff Bay", which the question names'
    assert "pay_mthd" not in view.shown

