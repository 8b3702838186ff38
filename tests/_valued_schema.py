"""A generated retail database whose questions name values, not tables: `hortico`.

The ERP of a home-and-garden retail chain (stores, a trade counter, kitchens and tool hire,
warehouses and delivery lorries), written the way such databases are: abbreviated names
(`prd_cat`, `so_ln`, `grn_hdr`, `qty_rcv`), comments on some tables and columns only, lookup
tables whose rows carry the meaning (categories, regions, store formats, product families,
loyalty tiers, payment methods, return reasons...), and the secondary tables ERPs grow
(`*_hist`, `*_note`, `stg_*`, `*_arch`). Deterministic, generated; no dump is checked in.

- `valued_schema()` is what a MariaDB source introspects from `mysql_ddl()` (types spelled
  as MariaDB reports them, tables in `name.upper()` order, row estimates not exact).
- `mysql_ddl(database)` / `sqlite_ddl()` create it with its rows.
- `QUESTIONS`: decisions a manager would ask, each with the tables an analyst needs; most
  name a value ("Garden tools", "Cardiff Bay", "Gold") rather than a table. They were
  written with the schema, before any ranking was run on them, and the ranking is not tuned
  to them.
"""

from __future__ import annotations

import sqlite3
from dataclasses import dataclass
from pathlib import Path

from planrag.schema import Column, Entity, ForeignKey, Schema
from tests import _ddl as ddl
from tests._ddl import Spec

__all__ = ["QUESTIONS", "ROWS", "mysql_ddl", "sqlite_ddl", "sqlite_file", "table_specs",
           "valued_schema"]

DATABASE = "hortico"

TYPES = {
    "I": "INT(11)",
    "B": "TINYINT(1)",
    "M": "DECIMAL(12,2)",
    "Q": "DECIMAL(10,3)",
    "P": "DECIMAL(5,2)",
    "N": "VARCHAR(60)",
    "C": "VARCHAR(12)",
    "L": "VARCHAR(200)",
    "D": "DATE",
    "T": "DATETIME",
    "TM": "TIME",
    "X": "TEXT",
}


@dataclass(frozen=True, slots=True)
class _Core:
    name: str
    comment: str
    fk: str
    """Referenced tables, space-separated; `table>column` names the column (default
    `<table>_id`)."""
    cols: str
    """`name TYPE 'comment'` items separated by `;`."""
    more: str = ""
    """Secondary tables: h history, n notes, s staging copy, r archive, x external keys."""


def _t(name: str, comment: str, fk: str, cols: str, more: str = "") -> _Core:
    return _Core(name, comment, fk, cols, more)


CORE = [
    # ---- organisation and geography
    _t("rgn", "Trading regions", "emp_mst>rgn_mgr_id",
       "rgn_cd C; rgn_nm N; tgt_rev M 'Revenue target for the year'", "h"),
    _t("ctry", "", "", "iso_cd C; ctry_nm N; vat_pct P"),
    _t("str_fmt", "Store formats", "", "fmt_cd C; fmt_nm N; avg_sq_ft I"),
    _t("str_mst", "Stores", "rgn str_fmt",
       "str_cd C; str_nm N; opn_dt D 'Date the store opened'; sq_ft I; has_gdn_ctr B; "
       "is_24h B; post_cd C", "hnx"),
    _t("str_hrs", "", "str_mst",
       "wkday C 'Mon..Sun'; opn_tm TM; cls_tm TM; eff_from D"),
    _t("whs", "Warehouses and distribution centres", "rgn",
       "whs_cd C; whs_nm N; dock_cnt I; pallet_cap I", "h"),
    _t("dept", "", "", "dept_cd C; dept_nm N", "h"),
    _t("cst_ctr", "Cost centres", "dept str_mst", "cc_cd C; cc_nm N"),
    _t("emp_role", "", "", "role_cd C; role_nm N; is_mgmt B", "h"),
    _t("emp_mst", "Employees", "dept str_mst emp_role",
       "emp_no C; first_nm N; last_nm N; hire_dt D; term_dt D; hrly_rt M; ctr_hrs P "
       "'Contracted hours a week'", "hnx"),
    _t("shift_def", "", "", "shift_nm N; st_tm TM; end_tm TM"),
    _t("shift_rst", "Staff rota", "emp_mst shift_def str_mst",
       "rst_dt D; hrs_wrk P; ot_hrs P 'Overtime hours'"),
    _t("abs_rsn", "", "", "rsn_nm N; is_paid B"),
    _t("abs_rec", "", "emp_mst abs_rsn", "st_dt D; end_dt D; days_lost P"),
    _t("trn_crs", "", "", "crs_nm N; dur_hrs P; cost M"),
    _t("trn_att", "", "emp_mst trn_crs", "att_dt D; passed B"),
    # ---- catalogue
    _t("prd_cat", "", "", "cat_cd C; cat_nm N; gm_tgt_pct P 'Target gross margin'", "h"),
    _t("prd_fam", "", "prd_cat", "fam_cd C; fam_nm N"),
    _t("brand", "", "", "brnd_nm N; is_own_lbl B 'Our own label'"),
    _t("uom", "Units of measure", "", "uom_cd C; uom_nm N"),
    _t("season", "", "", "seasn_nm N; st_wk I; end_wk I"),
    _t("prd_itm", "Items we sell", "prd_fam prd_cat brand uom sup_mst>pref_sup_id season",
       "sku C; itm_desc L; std_cost M; rrp M 'Recommended retail price'; is_seas B; "
       "launch_dt D; disc_dt D", "hnsx"),
    _t("prd_prc", "", "prd_itm str_fmt", "prc M; eff_dt D; end_dt D", "h"),
    _t("prd_bar", "", "prd_itm", "ean C; is_prim B"),
    _t("prd_attr", "", "prd_itm", "attr_nm N; attr_val N"),
    _t("rng_pln", "Range plans per category, season and store format",
       "prd_cat season str_fmt", "pln_yr I; sku_cnt I; space_m P"),
    # ---- suppliers and buying
    _t("sup_mst", "", "ctry", "sup_cd C; sup_nm N; pay_terms I; is_pref B; acct_mgr N",
       "hnx"),
    _t("sup_cat", "", "sup_mst prd_cat", "lead_days I; min_ord_val M"),
    _t("sup_ctr", "Supplier contracts", "sup_mst",
       "ctr_no C; st_dt D; end_dt D; rebate_pct P", "n"),
    _t("sup_scr", "", "sup_mst", "per_cd C; otif_pct P 'On time in full'; defect_ppm I", "h"),
    _t("po_sts", "", "", "sts_nm N; is_final B"),
    _t("po_hdr", "", "sup_mst whs po_sts emp_mst>buyer_id",
       "po_no C; ord_dt D; exp_dt D 'Date the supplier promised'; tot_val M", "hns"),
    _t("po_ln", "", "po_hdr prd_itm", "ln_no I; qty_ord Q; unit_cst M", "h"),
    _t("grn_hdr", "Goods received notes", "po_hdr whs", "grn_no C; rcv_dt D", "s"),
    _t("grn_ln", "", "grn_hdr po_ln prd_itm",
       "qty_rcv Q; qty_rej Q 'Rejected at the dock'; rej_cd C"),
    _t("qc_rslt", "", "", "rslt_nm N"),
    _t("qc_insp", "", "grn_ln qc_rslt emp_mst", "insp_dt D; smpl_qty Q"),
    _t("sup_inv", "", "sup_mst po_hdr", "inv_no C; inv_dt D; amt M; due_dt D", "n"),
    _t("bnk_acct", "", "", "acct_nm N; sort_cd C; bal M"),
    _t("sup_pmt", "", "sup_inv bnk_acct", "pmt_dt D; amt M; disc_taken M"),
    # ---- stock
    _t("inv_bal", "Stock on hand", "prd_itm str_mst whs",
       "qty_oh Q; qty_alloc Q 'Reserved for orders'; lst_cnt_dt D", "hr"),
    _t("txn_typ", "", "", "typ_nm N; sign I"),
    _t("inv_txn", "", "prd_itm str_mst whs txn_typ", "qty Q; txn_dt T; ref_no C", "r"),
    _t("stk_cnt", "", "str_mst emp_mst", "cnt_dt D"),
    _t("stk_cnt_ln", "", "stk_cnt prd_itm", "qty_exp Q; qty_cnt Q"),
    _t("wo_rsn", "", "", "rsn_nm N"),
    _t("wrt_off", "", "prd_itm str_mst wo_rsn", "wo_dt D; qty Q; val M", "r"),
    _t("xfer_hdr", "", "whs>from_whs_id str_mst>to_str_id", "xfer_dt D; sts C"),
    _t("xfer_ln", "", "xfer_hdr prd_itm", "qty Q"),
    _t("repl_rule", "", "prd_itm str_mst", "min_qty Q; max_qty Q; rev_dt D"),
    # ---- customers and selling
    _t("cust_seg", "", "", "seg_nm N; dflt_disc P"),
    _t("loy_tier", "", "", "tier_nm N; min_pts I; pts_mult P"),
    _t("cust_mst", "Customers", "cust_seg loy_tier rgn",
       "cust_no C; cust_nm N; email L; join_dt D; opt_in B", "hnx"),
    _t("loy_txn", "", "cust_mst so_hdr", "pts I; txn_dt D"),
    _t("chnl", "Sales channels", "", "chnl_nm N"),
    _t("pay_mthd", "", "", "mthd_nm N; fee_pct P"),
    _t("so_hdr", "Sales transactions", "cust_mst str_mst chnl pay_mthd emp_mst>cashier_id",
       "ord_no C; ord_dt D; ord_tm TM; tot_amt M; tax_amt M", "hrs"),
    _t("so_ln", "", "so_hdr prd_itm promo_hdr", "qty Q; unit_prc M; disc_amt M", "r"),
    _t("rtn_rsn", "", "", "rsn_nm N"),
    _t("rtn_hdr", "", "so_hdr cust_mst str_mst", "rtn_dt D; rfnd_amt M"),
    _t("rtn_ln", "", "rtn_hdr so_ln rtn_rsn", "qty Q; cond_cd C"),
    _t("trd_acct", "Trade accounts", "cust_mst", "crd_lmt M; bal M; terms_days I", "h"),
    _t("trd_inv", "", "trd_acct so_hdr", "inv_no C; inv_dt D; due_dt D; amt M"),
    _t("trd_pmt", "", "trd_inv", "pmt_dt D; amt M"),
    _t("quote_hdr", "", "cust_mst emp_mst", "qt_dt D; qt_sts C; tot_amt M", "n"),
    _t("quote_ln", "", "quote_hdr prd_itm", "qty Q; unit_prc M"),
    # ---- promotions and marketing
    _t("promo_typ", "", "", "typ_nm N"),
    _t("promo_hdr", "Promotions", "promo_typ season", "promo_nm N; st_dt D; end_dt D", "h"),
    _t("promo_itm", "", "promo_hdr prd_itm", "disc_pct P"),
    _t("mkt_chnl", "", "", "chnl_nm N; cost_per_k M"),
    _t("cmpgn", "Marketing campaigns", "mkt_chnl", "cmpgn_nm N; st_dt D; end_dt D; bud M",
       "nx"),
    _t("cmpgn_rsp", "", "cmpgn cust_mst", "rsp_dt D; rsp_typ C"),
    _t("cmpgn_cost", "", "cmpgn", "cost_dt D; amt M"),
    # ---- services
    _t("svc_typ", "", "", "svc_nm N; dur_min I; price M"),
    _t("svc_bkg", "", "svc_typ cust_mst str_mst emp_mst",
       "bkg_dt D; slot_tm TM; sts C; fee M", "n"),
    _t("hire_itm", "", "str_mst prd_itm", "asset_tag C; acq_dt D; acq_cost M"),
    _t("hire_agr", "", "hire_itm cust_mst", "out_dt D; due_dt D; ret_dt D; fee M"),
    _t("kit_prj", "", "cust_mst emp_mst>designer_id str_mst",
       "prj_val M; inst_dt D; sts C", "n"),
    _t("cmp_cat", "", "", "cat_nm N"),
    _t("cmp_case", "Complaints", "cust_mst str_mst cmp_cat",
       "opn_dt D; cls_dt D; sts C; cmp_txt X", "n"),
    # ---- logistics
    _t("veh_typ", "", "", "typ_nm N; max_kg I"),
    _t("veh", "Vehicles", "veh_typ whs", "reg_no C; acq_dt D; lease_cost M", "hn"),
    _t("dlv_slot", "", "", "slot_nm N; st_tm TM; end_tm TM"),
    _t("dlv_run", "", "veh emp_mst>drv_id whs", "run_dt D; km P; fuel_l P", "hn"),
    _t("dlv_stop", "", "dlv_run so_hdr dlv_slot", "arr_tm T; sts C"),
    _t("crr", "", "", "crr_nm N; acct_no C", "x"),
    _t("shp", "", "so_hdr crr", "shp_dt D; trk_no C; cost M; dlv_dt D"),
    # ---- finance
    _t("fin_per", "", "", "per_nm N; st_dt D; end_dt D"),
    _t("gl_acct", "", "", "acct_no C; acct_nm N; acct_typ C", "h"),
    _t("gl_jnl", "", "gl_acct cst_ctr fin_per", "jnl_dt D; amt M; jnl_ref C", "r"),
    _t("bud_ln", "", "cst_ctr gl_acct fin_per", "amt M"),
    _t("str_pnl", "", "str_mst fin_per", "rev M; cogs M; wages M; rent M"),
    _t("nrg_use", "", "str_mst fin_per", "kwh I; cost M"),
    _t("capex_prj", "", "str_mst", "prj_nm N; bud M; spent M; cmpl_dt D"),
    # ---- system
    _t("app_usr", "", "emp_mst", "usr_nm C; last_login T; is_adm B"),
    _t("aud_log", "", "app_usr", "tbl_nm N; row_id I; act C; at_ts T; payload X"),
    _t("cfg_param", "", "", "param_key N; param_val N"),
    _t("etl_run", "", "", "job_nm N; st_ts T; end_ts T; rows_in I; sts C"),
    _t("sys_job", "", "app_usr", "job_nm N; cron C; last_sts C"),
]

_SECONDARY = {
    "h": ("{t}_hist", "app_usr>chg_by_id",
          "chg_ts T; fld_nm N; old_val L; new_val L"),
    "n": ("{t}_note", "app_usr>auth_id", "note_typ C; note_txt X; crt_ts T"),
    "s": ("stg_{t}", "", "load_id I; load_ts T; raw_rec X; err_msg L"),
    "r": ("{t}_arch", "", "arch_ts T; arch_by C"),
    "x": ("{t}_xref", "", "sys_cd C; ext_id N; sync_ts T"),
}

def _build(name: str, comment: str, fk: str, cols: str) -> Spec:
    refs = []
    for item in fk.split():
        table, _, column = item.partition(">")
        refs.append((column or f"{table}_id", table))
    columns = [Column("id", "INT(11)", key=True)]
    columns += [Column(col, "INT(11)") for col, _ in refs]
    columns += ddl.parse_columns(cols, TYPES)
    columns += [Column("crt_ts", "DATETIME"), Column("upd_ts", "DATETIME")]
    seen: list[Column] = []
    for column in columns:
        if all(c.name != column.name for c in seen):
            seen.append(column)
    fks = tuple(ForeignKey((col,), table, ("id",)) for col, table in refs)
    return Spec(name, comment, tuple(seen), fks)


def table_specs() -> list[Spec]:
    specs = []
    for core in CORE:
        specs.append(_build(core.name, core.comment, core.fk, core.cols))
        for letter in core.more:
            pattern, fk, cols = _SECONDARY[letter]
            name = pattern.format(t=core.name)
            parent = "" if letter in "sr" else core.name
            specs.append(_build(name, "", f"{parent} {fk}".strip(), cols))
    return ddl.in_order(specs)


# ---------------------------------------------------------------------------------------
# Rows: the lookup tables whose values carry meaning, and a few rows elsewhere.

def _lookup(column: str, values: list[str], **extra: list[object]) -> tuple[
        tuple[str, ...], list[tuple[object, ...]]]:
    names = ("id", column, *extra)
    rows = [(i + 1, v, *(extra[k][i] for k in extra)) for i, v in enumerate(values)]
    return names, rows


_STATUS = ["Open", "Closed", "Cancelled", "Pending"]

ROWS: dict[str, tuple[tuple[str, ...], list[tuple[object, ...]]]] = {
    "rgn": _lookup("rgn_nm", ["North West", "North East", "Scotland", "Wales", "Midlands",
                              "London", "South East", "South West", "Yorkshire",
                              "East Anglia"]),
    "ctry": _lookup("ctry_nm", ["United Kingdom", "Ireland", "Germany", "China",
                                "Netherlands", "Poland", "Vietnam"]),
    "str_fmt": _lookup("fmt_nm", ["Superstore", "Local", "Garden centre", "Trade counter",
                                  "Outlet"]),
    "str_mst": _lookup("str_nm", ["Leeds Kirkstall", "Cardiff Bay", "Glasgow Fort",
                                  "Bristol Cribbs", "Norwich Riverside", "Croydon Valley",
                                  "Manchester Trafford", "Newcastle Metro"],
                       rgn_id=[9, 4, 3, 8, 10, 6, 1, 2], str_fmt_id=[1, 1, 3, 1, 2, 4, 1, 5]),
    "whs": _lookup("whs_nm", ["Daventry DC", "Doncaster DC", "Avonmouth DC"],
                   rgn_id=[5, 9, 8]),
    "dept": _lookup("dept_nm", ["Garden", "Building", "Decor", "Kitchens", "Logistics",
                                "Customer service", "Finance"]),
    "emp_role": _lookup("role_nm", ["Store manager", "Team leader", "Colleague", "Driver",
                                    "Kitchen designer", "Garden advisor"]),
    "shift_def": _lookup("shift_nm", ["Early", "Late", "Night", "Weekend"]),
    "abs_rsn": _lookup("rsn_nm", ["Sickness", "Annual leave", "Training", "Parental leave"]),
    "trn_crs": _lookup("crs_nm", ["Forklift licence", "Plant care basics", "Kitchen planning",
                                  "First aid", "Customer service"]),
    "prd_cat": _lookup("cat_nm", ["Garden tools", "Power tools", "Hand tools",
                                  "Paint & decorating", "Plants & seeds", "Outdoor furniture",
                                  "Lighting", "Plumbing", "Timber & sheet", "Kitchens",
                                  "Pet supplies", "Barbecues", "Compost & soil", "Fencing",
                                  "Sheds & storage", "Flooring", "Tiles", "Electrical"]),
    "prd_fam": _lookup("fam_nm", ["Cordless", "Corded", "Hybrid tea roses", "Perennials",
                                  "Hardwood", "Softwood", "LED", "Ceramic", "Porcelain",
                                  "Gas barbecues", "Charcoal barbecues", "Laminate", "Vinyl",
                                  "Pressure-treated"],
                       prd_cat_id=[2, 2, 5, 5, 9, 9, 7, 17, 17, 12, 12, 16, 16, 14]),
    "brand": _lookup("brnd_nm", ["Verdo", "Toolmaster", "Brightline", "Oakhaven",
                                 "Aquaflow", "Pawsome"]),
    "uom": _lookup("uom_nm", ["Each", "Kilogram", "Metre", "Square metre", "Litre", "Pack"]),
    "season": _lookup("seasn_nm", ["Spring", "Summer", "Autumn", "Winter", "Christmas"]),
    "sup_mst": _lookup("sup_nm", ["Verdant Tools Ltd", "Acme Hardware", "Bloom & Co",
                                  "Northern Timber", "Lumen Lighting", "Aqua Fittings",
                                  "Greenfingers Nursery", "Petcare Direct"]),
    "po_sts": _lookup("sts_nm", ["Draft", "Sent", "Confirmed", "Part received", "Received",
                                 "Cancelled"]),
    "qc_rslt": _lookup("rslt_nm", ["Pass", "Minor defect", "Major defect", "Rejected"]),
    "bnk_acct": _lookup("acct_nm", ["Operating account", "Payroll account",
                                    "Savings reserve"]),
    "txn_typ": _lookup("typ_nm", ["Receipt", "Sale", "Transfer", "Write-off", "Stock count",
                                  "Return to vendor"]),
    "wo_rsn": _lookup("rsn_nm", ["Damaged", "Expired", "Theft", "Dead plants", "Obsolete"]),
    "cust_seg": _lookup("seg_nm", ["Trade", "Retail", "Landscaper", "Property developer",
                                   "Kitchen fitter"]),
    "loy_tier": _lookup("tier_nm", ["Bronze", "Silver", "Gold", "Platinum"]),
    "chnl": _lookup("chnl_nm", ["In store", "Click and collect", "Home delivery",
                                "Trade app", "Marketplace"]),
    "pay_mthd": _lookup("mthd_nm", ["Card", "Cash", "Trade account", "Gift card",
                                    "Buy now pay later"]),
    "rtn_rsn": _lookup("rsn_nm", ["Faulty", "Damaged in transit", "Wrong size",
                                  "Changed mind", "Missing parts"]),
    "promo_typ": _lookup("typ_nm", ["Multibuy", "Percentage off", "Clearance", "Bundle",
                                    "Loyalty bonus"]),
    "mkt_chnl": _lookup("chnl_nm", ["Email", "Social", "TV", "Radio", "Leaflet"]),
    "cmpgn": _lookup("cmpgn_nm", ["Spring Bloom", "Black Friday", "Kitchen Event",
                                  "Summer BBQ"], mkt_chnl_id=[1, 3, 2, 5]),
    "svc_typ": _lookup("svc_nm", ["Kitchen fitting", "Tool hire", "Key cutting",
                                  "Paint mixing", "Garden design", "Shed assembly"]),
    "cmp_cat": _lookup("cat_nm", ["Delivery", "Product quality", "Staff", "Pricing",
                                  "Installation"]),
    "veh_typ": _lookup("typ_nm", ["Flatbed", "Van", "Curtainsider", "Crane lorry"]),
    "dlv_slot": _lookup("slot_nm", ["Morning", "Afternoon", "Evening", "Named day"]),
    "crr": _lookup("crr_nm", ["Parcelwise", "FastFreight", "Greenline Haulage"]),
    "fin_per": _lookup("per_nm", ["2025-P01", "2025-P02", "2025-P03", "2025-P04"]),
    "gl_acct": _lookup("acct_nm", ["Sales", "Cost of sales", "Wages", "Rent", "Energy"]),
    # status columns of transaction tables: common values that must not link everything
    "cmp_case": _lookup("sts", _STATUS, cust_mst_id=[1, 2, 1, 3]),
    "svc_bkg": _lookup("sts", _STATUS, svc_typ_id=[1, 2, 2, 5]),
    "kit_prj": _lookup("sts", _STATUS),
    "quote_hdr": _lookup("qt_sts", _STATUS),
    "xfer_hdr": _lookup("sts", _STATUS),
    "etl_run": _lookup("sts", _STATUS),
    "cfg_param": (("id", "param_key", "param_val"), [
        (1, "allow_neg_stock", "No"), (2, "print_receipts", "Yes"), (3, "loy_enabled", "Yes"),
        (4, "theme", "Open")]),
    "cust_mst": (("id", "cust_no", "cust_nm", "cust_seg_id", "loy_tier_id", "rgn_id"), [
        (1, "C001", "J. Fielding", 2, 3, 1), (2, "C002", "Greenway Landscapes", 3, 2, 2),
        (3, "C003", "Harbour Homes", 4, 1, 4)]),
}
"""Rows `mysql_ddl` and `sqlite_ddl` insert (foreign keys are not enforced on load)."""


def valued_schema() -> Schema:
    """The Schema a MariaDB source introspects from `mysql_ddl(...)` (rows as estimates)."""
    entities = tuple(
        Entity("table", s.name, s.columns,
               rows=len(ROWS[s.name][1]) if s.name in ROWS else 0, rows_exact=False,
               comment=s.comment, foreign_keys=s.foreign_keys)
        for s in table_specs()
    )
    return Schema(dialect="mariadb", database=DATABASE, entities=entities)


def mysql_ddl(database: str) -> list[str]:
    """Statements creating the tables and rows in the existing, empty `database` (one
    connection: foreign key checks are off while creating; `tests._ddl.mysql_ddl`)."""
    return ddl.mysql_ddl(database, table_specs(), ROWS)


def sqlite_ddl() -> list[str]:
    """The same tables for SQLite (no comments), with the same rows."""
    return ddl.sqlite_ddl(table_specs(), ROWS)


def sqlite_file(path: Path) -> Path:
    """`path`, a SQLite file holding the tables and rows of `sqlite_ddl()`."""
    conn = sqlite3.connect(path)
    try:
        for statement in sqlite_ddl():
            conn.execute(statement)
        conn.commit()
    finally:
        conn.close()
    return path


# ---------------------------------------------------------------------------------------
# Decisions a manager would ask, with the tables an analyst needs (written before any
# ranking was run on them).

QUESTIONS: list[tuple[str, set[str]]] = [
    ("Which supplier should we use for Garden tools next spring?",
     {"prd_cat", "prd_itm", "sup_mst", "po_hdr", "po_ln", "grn_ln"}),
    ("Should the Cardiff Bay store stay open later on Thursdays?",
     {"str_mst", "str_hrs", "so_hdr", "shift_rst"}),
    ("Which Gold tier customers should we invite to the Kitchen Event campaign?",
     {"loy_tier", "cust_mst", "cmpgn", "cmpgn_rsp", "so_hdr"}),
    ("Is Buy now pay later bringing in bigger baskets than card payments?",
     {"pay_mthd", "so_hdr", "so_ln"}),
    ("Which stores in Scotland should get extra Plants & seeds stock before Spring Bloom?",
     {"rgn", "str_mst", "prd_cat", "prd_itm", "inv_bal", "so_hdr", "so_ln"}),
    ("Should we stop selling hybrid tea roses, given how many we write off as dead plants?",
     {"prd_fam", "prd_itm", "wrt_off", "wo_rsn", "so_ln"}),
    ("Which tool hire items sit idle most of the time and could be sold off?",
     {"hire_itm", "hire_agr", "prd_itm"}),
    ("Which carrier should take over the Parcelwise deliveries to customers in the North "
     "East?",
     {"crr", "shp", "so_hdr", "cust_mst", "rgn"}),
    ("Do Landscaper trade accounts pay their invoices later than Property developer ones?",
     {"cust_seg", "cust_mst", "trd_acct", "trd_inv", "trd_pmt"}),
    ("Which warehouse should the new flatbed lorry be based at, given its delivery runs?",
     {"veh_typ", "veh", "whs", "dlv_run"}),
    ("Which stores are over their wage budget this year?",
     {"str_mst", "str_pnl", "bud_ln", "cst_ctr"}),
    ("Which products do customers return most often as faulty?",
     {"rtn_ln", "rtn_rsn", "so_ln", "prd_itm"}),
    ("Which training courses reduce absence among store colleagues?",
     {"trn_crs", "trn_att", "abs_rec", "emp_mst"}),
    ("How much cordless power tools stock is sitting in the Daventry DC?",
     {"prd_fam", "prd_cat", "prd_itm", "inv_bal", "whs"}),
]
