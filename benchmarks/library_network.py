"""A municipal library network as its systems export it, for benchmarks/question_kind.py.

`build(folder)` writes `folder/libraries/libraries.sqlite` and its connected dataset
`folder/libraries/dataset.toml` (one written decision, "Sunday opening") and returns what it
made. The data is generated from a seed, so every run has the same rows.

The database has the shape of a real one: 250 tables with the abbreviated names the
library system, the HR and finance exports and the IT inventory use (`br` for branches,
`ln_evt` for loans, `opn_hr`, `stf_cst`...), most of them beside the point of any question
about opening hours (acquisitions, cataloguing, IT assets, HR, events, facilities), yearly
archives (`arc_*`) and backups taken before migrations (`bak_*`, one with last year's opening
hours). SQLite keeps no comments, so the data dictionary is a table (`dd_cmt`), as such
systems keep it, and the business rules say the rest.

Fifteen branches (two closed in 2025, one a mobile library), their opening hours by
weekday, loans per branch, section and day from 2025-01-01 to 2026-11-27 (the day before
the export), gate counts, staff and their managers, monthly staff costs by type. Branches
lend at their own rate per opening hour, and some much more on Saturdays than others (Old
Town's market-day crowd), so the branch lending most is not the best one to open on Sundays.
"""

from __future__ import annotations

import datetime as dt
import random
import sqlite3
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["DATASET", "DECISION", "FIRST", "LAST", "Built", "build"]

DATASET = "libraries"
DECISION = "sunday-opening"
FIRST = dt.date(2025, 1, 1)
LAST = dt.date(2026, 11, 27)
"""The loans, visits and costs run from FIRST to LAST; the export is of the day after."""
WINDOW = ("2026-08-31", "2026-11-22")
"""The twelve whole weeks (Monday to Sunday) before the export: the decision's average week."""
SEED = 1905

# ---------------------------------------------------------------------------- the branches

MON, TUE, WED, THU, FRI, SAT, SUN = range(1, 8)
WEEKDAYS = (MON, TUE, WED, THU, FRI)


@dataclass(frozen=True)
class Branch:
    code: str
    name: str
    kind: str
    district: str
    opened: str
    closed: str | None
    floor_m2: int | None
    per_hour: float
    """Loans per opening hour on an ordinary weekday."""
    saturday: float
    """A Saturday hour's loans as a multiple of a weekday hour's."""
    hours: dict[int, tuple[str, str]]
    manager: tuple[str, str]


def _days(days: Sequence[int], opens: str, closes: str) -> dict[int, tuple[str, str]]:
    return dict.fromkeys(days, (opens, closes))


BRANCHES = (
    Branch("CEN", "Central", "HUB", "CTR", "1968-05-14", None, 3980, 58.0, 1.15,
           {**_days(WEEKDAYS, "09:00", "20:00"), SAT: ("09:00", "17:00"),
            SUN: ("12:00", "16:00")}, ("Helen", "Marsh")),
    Branch("HBR", "Harbour", "DST", "STH", "1994-09-01", None, 1920, 71.0, 1.05,
           {**_days(WEEKDAYS, "09:00", "19:00"), SAT: ("09:00", "17:00")},
           ("Tomasz", "Wojcik")),
    Branch("OLD", "Old Town", "DST", "CTR", "1911-03-20", None, 1340, 49.0, 1.75,
           {**_days((TUE, WED, THU, FRI, SAT), "10:00", "18:00")}, ("Margaret", "Ellison")),
    Branch("RIV", "Riverside", "DST", "EST", "2009-10-05", None, 1610, 44.0, 1.30,
           {**_days(WEEKDAYS, "09:30", "18:30"), SAT: ("10:00", "16:00")},
           ("Amira", "Okafor")),
    Branch("NGT", "Northgate", "DST", "NTH", "1987-01-12", None, 1480, 40.0, 1.20,
           {**_days(WEEKDAYS, "09:00", "18:00"), SAT: ("09:00", "16:00"),
            SUN: ("13:00", "16:00")}, ("David", "Achterberg")),
    Branch("WST", "Westbrook", "DST", "WST", "1979-04-02", None, 1250, 36.0, 1.25,
           {**_days(WEEKDAYS, "09:30", "18:00"), SAT: ("09:30", "16:00")},
           ("Priya", "Raman")),
    Branch("SHL", "Southhill", "DST", "STH", "1972-11-06", None, 1105, 31.0, 1.40,
           {**_days((MON, TUE, THU, FRI), "10:00", "18:00"), SAT: ("10:00", "15:00")},
           ("Colm", "Brennan")),
    Branch("MDW", "Meadowbank", "CMY", "WST", "2001-06-18", None, 640, 27.0, 1.50,
           {**_days((TUE, WED, FRI), "10:00", "17:00"), SAT: ("10:00", "14:00")},
           ("Ingrid", "Solberg")),
    Branch("CAS", "Castlegate", "DST", "CTR", "1896-06-01", None, 5120, 23.0, 1.10,
           {**_days(WEEKDAYS, "10:00", "17:00"), SAT: ("10:00", "16:00")},
           ("Rupert", "Hale")),
    Branch("ELM", "Elm Park", "CMY", "NTH", "2015-02-09", None, 520, 29.0, 1.60,
           {**_days((TUE, THU), "10:00", "17:00"), SAT: ("10:00", "14:00")},
           ("Noor", "Haddad")),
    Branch("QNS", "Queensway", "DST", "EST", "1983-08-22", None, 990, 34.0, 1.20,
           {**_days(WEEKDAYS, "10:00", "18:00"), SAT: ("10:00", "13:00")},
           ("Graham", "Lowe")),
    Branch("FRN", "Fernhill", "CMY", "NTH", "2018-09-03", None, 410, 21.0, 1.45,
           {**_days((MON, WED, FRI), "14:00", "18:00"), SAT: ("10:00", "13:00")},
           ("Sofia", "Marques")),
    Branch("EFD", "Eastfield", "CMY", "EST", "1975-01-06", "2025-06-30", 580, 19.0, 1.20,
           {**_days((MON, WED, FRI), "10:00", "17:00"), SAT: ("10:00", "13:00")},
           ("Brian", "Doyle")),
    Branch("MLN", "Mill Lane", "CMY", "WST", "1962-10-01", "2025-11-15", 450, 17.0, 1.30,
           {**_days((TUE, THU), "10:00", "17:00"), SAT: ("10:00", "13:00")},
           ("Janet", "Pryce")),
    Branch("MOB", "Mobile Library", "MOB", "CTR", "2004-05-01", None, None, 14.0, 1.0,
           {**_days((TUE, WED, THU, FRI), "10:00", "15:00")}, ("Kwame", "Asante")),
)
SECTIONS = (("ADL", "Adult lending", 0.52), ("CHL", "Children's", 0.26),
            ("YA", "Young adults", 0.09), ("AV", "Audio-visual", 0.13))
HOLIDAYS = frozenset(dt.date.fromisoformat(d) for d in (
    "2025-01-01", "2025-04-18", "2025-04-21", "2025-05-05", "2025-05-26", "2025-08-25",
    "2025-12-25", "2025-12-26", "2026-01-01", "2026-04-03", "2026-04-06", "2026-05-04",
    "2026-05-25", "2026-08-31"))
MONTHS = (0.92, 0.97, 1.0, 1.02, 0.98, 0.94, 1.08, 1.05, 0.99, 1.01, 1.0, 0.88)
"""Loans by month of the year, relative (the summer reading scheme in July and August)."""

FIRST_NAMES = ("Alice", "Ben", "Chloe", "Daniel", "Emma", "Farid", "Grace", "Hamza", "Isla",
               "Jonas", "Kate", "Liam", "Maya", "Nikolai", "Olivia", "Pavel", "Rosa", "Sam",
               "Tara", "Uma", "Victor", "Wen", "Yusuf", "Zoe")
LAST_NAMES = ("Adams", "Byrne", "Castillo", "Dunne", "Evans", "Fischer", "Gallagher",
              "Horvat", "Iqbal", "Jansen", "Kowalski", "Lindqvist", "Murphy", "Nowak",
              "O'Neill", "Petrov", "Quinn", "Rossi", "Sato", "Thompson", "Varga", "Walsh")


def _hours(opens: str, closes: str) -> float:
    h1, m1 = map(int, opens.split(":"))
    h2, m2 = map(int, closes.split(":"))
    return (h2 * 60 + m2 - h1 * 60 - m1) / 60


# ---------------------------------------------------------------------------- the core tables

CORE = (
    "CREATE TABLE br_typ (br_typ_cd TEXT PRIMARY KEY, br_typ_nm TEXT NOT NULL)",
    "CREATE TABLE dist (dist_cd TEXT PRIMARY KEY, dist_nm TEXT NOT NULL, wrd_cnt INTEGER)",
    "CREATE TABLE stf_role (role_cd TEXT PRIMARY KEY, role_nm TEXT NOT NULL, grd_cd TEXT)",
    "CREATE TABLE stf (stf_id INTEGER PRIMARY KEY, br_cd TEXT REFERENCES br(br_cd), "
    "fst_nm TEXT NOT NULL, lst_nm TEXT NOT NULL, role_cd TEXT REFERENCES stf_role(role_cd), "
    "fte REAL NOT NULL, hire_dt TEXT NOT NULL, end_dt TEXT)",
    "CREATE TABLE br (br_cd TEXT PRIMARY KEY, br_nm TEXT NOT NULL, "
    "br_typ_cd TEXT NOT NULL REFERENCES br_typ(br_typ_cd), "
    "dist_cd TEXT NOT NULL REFERENCES dist(dist_cd), opn_dt TEXT NOT NULL, cls_dt TEXT, "
    "flr_m2 INTEGER, mgr_stf_id INTEGER REFERENCES stf(stf_id), addr_ln1 TEXT, pst_cd TEXT)",
    "CREATE TABLE sec (sec_cd TEXT PRIMARY KEY, sec_nm TEXT NOT NULL)",
    "CREATE TABLE opn_hr (br_cd TEXT NOT NULL REFERENCES br(br_cd), wk_day INTEGER NOT NULL, "
    "opn_tm TEXT NOT NULL, cls_tm TEXT NOT NULL, hrs REAL NOT NULL, eff_frm TEXT NOT NULL, "
    "PRIMARY KEY (br_cd, wk_day))",
    "CREATE TABLE cal (dt TEXT PRIMARY KEY, wk_day INTEGER NOT NULL, iso_wk INTEGER NOT NULL, "
    "mo INTEGER NOT NULL, qtr INTEGER NOT NULL, yr INTEGER NOT NULL, hol_flg INTEGER NOT NULL)",
    "CREATE TABLE ln_evt (br_cd TEXT NOT NULL REFERENCES br(br_cd), "
    "sec_cd TEXT NOT NULL REFERENCES sec(sec_cd), evt_dt TEXT NOT NULL, "
    "ln_cnt INTEGER NOT NULL, rnw_cnt INTEGER NOT NULL, rtn_cnt INTEGER NOT NULL, "
    "PRIMARY KEY (br_cd, sec_cd, evt_dt))",
    "CREATE TABLE vis_cnt (br_cd TEXT NOT NULL REFERENCES br(br_cd), cnt_dt TEXT NOT NULL, "
    "in_cnt INTEGER NOT NULL, PRIMARY KEY (br_cd, cnt_dt))",
    "CREATE TABLE stf_cst (br_cd TEXT NOT NULL REFERENCES br(br_cd), per_mo TEXT NOT NULL, "
    "cst_typ TEXT NOT NULL, amt REAL NOT NULL, PRIMARY KEY (br_cd, per_mo, cst_typ))",
    "CREATE TABLE dd_cmt (tbl_nm TEXT NOT NULL, col_nm TEXT, cmt_txt TEXT NOT NULL)",
)

COMMENTS = (
    ("br", None, "Branches, open and closed (cls_dt set when a branch closed for good)."),
    ("br", "flr_m2", "Public floor area in square metres; NULL for the mobile library."),
    ("opn_hr", None, "Current opening hours, one row per branch and day it opens."),
    ("opn_hr", "wk_day", "ISO weekday: 1 = Monday ... 6 = Saturday, 7 = Sunday."),
    ("opn_hr", "hrs", "Hours open that day (cls_tm - opn_tm)."),
    ("ln_evt", None, "Loans, renewals and returns counted per branch, section and day by the "
     "LMS nightly job; a day a branch is closed has no row."),
    ("vis_cnt", "in_cnt", "Gate counter entries for the day."),
    ("stf_cst", None, "Staff cost per branch and month by type: SAL salaries, OVT overtime, "
     "AGY agency staff. EUR."),
    ("stf", "role_cd", "BRMGR is the branch manager (also br.mgr_stf_id)."),
    ("cal", "hol_flg", "1 on public holidays, when every branch is closed."),
    ("arc_*", None, "Archived years, before the LMS migration of January 2025."),
    ("bak_*", None, "Backups taken before a migration or a bulk change; never report from them."),
    ("tmp_*", None, "Scratch tables of the import jobs."),
    ("hr_emp", None, "HR system copy of employees; branch staffing is in stf."),
)


@dataclass(frozen=True)
class Built:
    folder: Path
    """The dataset's folder (its dataset.toml and libraries.sqlite)."""
    database: Path
    tables: int
    rows: int


def _dates(first: dt.date, last: dt.date) -> Iterator[dt.date]:
    day = first
    while day <= last:
        yield day
        day += dt.timedelta(days=1)


def _open_on(branch: Branch, day: dt.date) -> bool:
    if day in HOLIDAYS or day.isoweekday() not in branch.hours:
        return False
    return branch.closed is None or day.isoformat() <= branch.closed


def _core_rows(rng: random.Random) -> dict[str, list[tuple[Any, ...]]]:
    rows: dict[str, list[tuple[Any, ...]]] = {
        "br_typ": [("HUB", "Central hub"), ("DST", "District library"),
                   ("CMY", "Community library"), ("MOB", "Mobile library")],
        "dist": [("CTR", "City Centre", 4), ("NTH", "North", 5), ("STH", "South", 4),
                 ("EST", "East", 6), ("WST", "West", 5)],
        "stf_role": [("BRMGR", "Branch manager", "G7"), ("LIB", "Librarian", "G5"),
                     ("LAST", "Library assistant", "G3"), ("CHLIB", "Children's librarian",
                                                           "G5"),
                     ("CUST", "Customer service", "G2")],
        "sec": [(code, name) for code, name, _ in SECTIONS],
    }
    staff: list[tuple[Any, ...]] = []
    managers: dict[str, int] = {}
    for branch in BRANCHES:
        first, last = branch.manager
        managers[branch.code] = len(staff) + 101
        staff.append((len(staff) + 101, branch.code, first, last, "BRMGR", 1.0,
                      f"{rng.randint(1998, 2021)}-{rng.randint(1, 12):02d}-01", branch.closed))
        for _ in range(2 + int(branch.per_hour // 8)):
            role = rng.choice(("LIB", "LAST", "LAST", "CHLIB", "CUST"))
            staff.append((len(staff) + 101, branch.code, rng.choice(FIRST_NAMES),
                          rng.choice(LAST_NAMES), role, rng.choice((0.5, 0.6, 0.8, 1.0, 1.0)),
                          f"{rng.randint(2003, 2025)}-{rng.randint(1, 12):02d}-01",
                          branch.closed))
    rows["stf"] = staff
    rows["br"] = [(b.code, b.name, b.kind, b.district, b.opened, b.closed, b.floor_m2,
                   managers[b.code], f"{rng.randint(1, 180)} {b.name} Road",
                   f"L{rng.randint(10, 99)} {rng.randint(1, 9)}{rng.choice('ABDEFGH')}"
                   f"{rng.choice('JLNPQRST')}") for b in BRANCHES]
    rows["opn_hr"] = [(b.code, day, opens, closes, _hours(opens, closes), "2024-09-02")
                      for b in BRANCHES for day, (opens, closes) in sorted(b.hours.items())]
    rows["cal"] = [(d.isoformat(), d.isoweekday(), d.isocalendar()[1], d.month,
                    (d.month - 1) // 3 + 1, d.year, int(d in HOLIDAYS))
                   for d in _dates(dt.date(2019, 1, 1), dt.date(2026, 12, 31))]
    loans: list[tuple[Any, ...]] = []
    visits: list[tuple[Any, ...]] = []
    for branch in BRANCHES:
        gate = rng.uniform(1.4, 1.9)
        for day in _dates(FIRST, LAST):
            if not _open_on(branch, day):
                continue
            opens, closes = branch.hours[day.isoweekday()]
            rate = branch.per_hour * {SAT: branch.saturday, SUN: 0.8}.get(day.isoweekday(), 1.0)
            total = rate * _hours(opens, closes) * MONTHS[day.month - 1]
            sections = SECTIONS[:2] if branch.kind == "MOB" else SECTIONS
            for code, _name, share in sections:
                if code == "CHL" and day.isoweekday() == SAT:
                    share *= 1.3
                count = max(0, round(total * share * rng.uniform(0.85, 1.15)))
                loans.append((branch.code, code, day.isoformat(), count,
                              round(count * rng.uniform(0.25, 0.4)),
                              round(count * rng.uniform(0.9, 1.1))))
            visits.append((branch.code, day.isoformat(), round(total * gate
                                                               * rng.uniform(0.9, 1.1))))
    rows["ln_evt"] = loans
    rows["vis_cnt"] = visits
    costs: list[tuple[Any, ...]] = []
    fte: dict[str, float] = {}
    for row in staff:
        fte[row[1]] = fte.get(row[1], 0.0) + row[5]
    months = [(y, m) for y in (2025, 2026) for m in range(1, 13) if (y, m) <= (2026, 10)]
    for branch in BRANCHES:
        for year, month in months:
            if branch.closed is not None and f"{year}-{month:02d}" > branch.closed[:7]:
                continue
            per_mo = f"{year}-{month:02d}"
            costs.append((branch.code, per_mo, "SAL",
                          round(fte[branch.code] * 3450 * rng.uniform(0.97, 1.03), 2)))
            costs.append((branch.code, per_mo, "OVT", round(rng.uniform(150, 1400), 2)))
            if rng.random() < 0.35:
                costs.append((branch.code, per_mo, "AGY", round(rng.uniform(600, 4200), 2)))
    rows["stf_cst"] = costs
    rows["dd_cmt"] = list(COMMENTS)
    return rows


# ---------------------------------------------------------------------------- the other tables

OTHER = """
acq_ord: ord_id vnd_id br_cd ord_dt sts_cd ord_amt fund_cd
acq_ord_ln: ord_ln_id ord_id isbn_txt ttl_nm qty_cnt unit_amt
acq_vnd: vnd_id vnd_nm ctry_cd acct_no_txt actv_flg
acq_vnd_ctc: ctc_id vnd_id ctc_nm eml_txt ph_txt
acq_inv: inv_id vnd_id inv_dt inv_amt pd_flg
acq_inv_ln: inv_ln_id inv_id ord_ln_id ln_amt vat_amt
acq_bdgt: bdgt_id fy_cd br_cd fund_cd bdgt_amt
acq_bdgt_ln: bdgt_ln_id bdgt_id sec_cd alloc_amt spnt_amt
acq_fund: fund_cd fund_nm src_cd actv_flg
acq_clm: clm_id ord_id clm_dt rsn_cd rslv_flg
acq_rcpt: rcpt_id ord_ln_id rcv_dt rcv_qty br_cd
acq_sug: sug_id mbr_id ttl_nm sug_dt sts_cd br_cd
acq_stdg_ord: stdg_id vnd_id ser_nm freq_cd strt_dt
acq_curr_rt: curr_cd rt_dt xchg_rt
acq_apprv: apprv_id ord_id apprv_by_nm apprv_dt lvl_cd
acq_wshlst: wsh_id br_cd ttl_nm prio_cd add_dt
cat_bib: bib_id ttl_nm auth_nm pub_yr lang_cd fmt_cd
cat_itm: itm_id bib_id br_cd brcd_txt sts_cd acq_dt prc_amt
cat_hld: hld_id bib_id br_cd shlf_txt cpy_cnt
cat_auth: auth_id auth_nm bth_yr nat_cd
cat_subj: subj_id subj_nm prnt_subj_id
cat_bib_subj: bib_id subj_id
cat_ser: ser_id ser_nm issn_txt freq_cd
cat_ser_iss: iss_id ser_id iss_dt rcv_flg
cat_clsf: clsf_cd clsf_nm schm_cd
cat_lang: lang_cd lang_nm
cat_fmt: fmt_cd fmt_nm loan_flg
cat_pub: pub_id pub_nm city_nm
cat_ctrb: ctrb_id bib_id auth_id role_cd
cat_rec_hist: hist_id bib_id chg_ts chg_by_nm chg_txt
cat_mrc_imp: imp_id fl_nm imp_ts rec_cnt err_cnt
cat_wthdrw: wthdrw_id itm_id wthdrw_dt rsn_cd
cat_stk_chk: chk_id br_cd chk_dt itm_cnt msng_cnt
circ_rsv: rsv_id mbr_id bib_id br_cd rsv_dt sts_cd
circ_hold_q: q_id bib_id mbr_id q_pos add_dt
circ_ovd_ntc: ntc_id mbr_id itm_id snt_dt chnl_cd
circ_fine: fine_id mbr_id itm_id fine_dt fine_amt
circ_fine_pmt: pmt_id fine_id pmt_dt pmt_amt mthd_cd
circ_rnw_rule: rule_id fmt_cd max_rnw_cnt per_days_cnt
circ_ln_pol: pol_id mbr_typ_cd fmt_cd ln_days_cnt max_itm_cnt
circ_ssc_ses: ses_id br_cd kiosk_cd strt_ts itm_cnt
circ_trnst: trnst_id itm_id frm_br_cd to_br_cd snt_dt rcv_dt
circ_lost_itm: lost_id itm_id mbr_id rpt_dt chrg_amt
circ_clm_rtn: clm_id itm_id mbr_id clm_dt rslv_cd
circ_exmpt: exmpt_id mbr_id rsn_cd frm_dt to_dt
mbr: mbr_id mbr_typ_cd hm_br_cd jn_dt exp_dt actv_flg
mbr_typ: mbr_typ_cd mbr_typ_nm fee_amt
mbr_addr: addr_id mbr_id pst_cd city_nm
mbr_ctc: ctc_id mbr_id eml_txt sms_flg
mbr_card: card_id mbr_id card_no_txt iss_dt lost_flg
mbr_blk: blk_id mbr_id blk_dt rsn_cd lft_dt
mbr_pref: mbr_id lang_cd ntc_chnl_cd lrg_prnt_flg
mbr_cnsnt: cnsnt_id mbr_id cnsnt_cd gvn_dt wthdrwn_dt
mbr_hist: hist_id mbr_id chg_dt fld_nm old_txt new_txt
mbr_grp: grp_id grp_nm ctc_mbr_id br_cd
mbr_sch_rel: rel_id mbr_id sch_id yr_grp_cd
it_ast: ast_id ast_typ_cd br_cd srl_txt purch_dt purch_amt
it_ast_typ: ast_typ_cd ast_typ_nm life_yrs_cnt
it_pc: pc_id ast_id br_cd pc_nm os_cd pub_flg
it_pc_bkg: bkg_id pc_id mbr_id strt_ts dur_min
it_prn_job: job_id br_cd pc_id prn_ts pg_cnt clr_flg chrg_amt
it_wifi_ses: ses_id br_cd strt_ts dur_min mb_cnt
it_lic: lic_id sw_nm seat_cnt exp_dt cst_amt
it_tkt: tkt_id br_cd opn_ts cls_ts prio_cd cat_cd
it_tkt_cmt: cmt_id tkt_id cmt_ts cmt_txt
it_net_sw: sw_id br_cd mdl_nm port_cnt inst_dt
it_ups: ups_id br_cd mdl_nm bat_dt
it_srv: srv_id srv_nm rl_cd os_cd ram_gb_cnt
it_bkp_job: job_id srv_id run_ts sz_gb_cnt ok_flg
it_patch: ptch_id srv_id ptch_cd inst_dt
it_usr_acct: acct_id stf_id lgn_nm crt_dt lck_flg
it_rfid_gate: gate_id br_cd mdl_nm inst_dt
it_sc_kiosk: kiosk_cd br_cd mdl_nm inst_dt actv_flg
it_dsp_scrn: scrn_id br_cd loc_txt inst_dt
hr_emp: emp_id stf_id pyrl_no_txt cntr_cd strt_dt end_dt
hr_pos: pos_id pos_nm grd_cd br_cd fte
hr_grd: grd_cd grd_nm min_amt max_amt
hr_cntr: cntr_cd cntr_nm hrs_wk_cnt
hr_abs: abs_id emp_id abs_dt abs_cd hrs_cnt
hr_lv_req: req_id emp_id frm_dt to_dt sts_cd
hr_trn: trn_id trn_nm prov_nm cst_amt
hr_trn_att: att_id trn_id emp_id att_dt pass_flg
hr_rvw: rvw_id emp_id rvw_dt rtng_cd
hr_vac: vac_id pos_id pst_dt cls_dt
hr_appl: appl_id vac_id appl_dt sts_cd
hr_ovt_req: req_id emp_id wk_dt hrs_cnt apprv_flg
hr_rota: rota_id br_cd wk_dt emp_id shft_cd
hr_shft: shft_cd strt_tm end_tm
hr_pay_run: run_id pay_dt emp_cnt gross_amt
hr_grv: grv_id emp_id opn_dt cls_dt out_cd
hr_dbs_chk: chk_id emp_id chk_dt exp_dt
evt_prg: prg_id prg_nm aud_cd br_cd strt_dt end_dt
evt_ses: ses_id prg_id ses_dt strt_tm cap_cnt
evt_bkg: bkg_id ses_id mbr_id bkg_ts att_flg
evt_att: att_id ses_id att_cnt chld_cnt
evt_vnu: vnu_id br_cd vnu_nm cap_cnt
evt_prsn: prsn_id prsn_nm org_nm fee_amt
evt_fdbk: fdbk_id ses_id scr_cnt cmt_txt
evt_cat: cat_cd cat_nm
evt_prm: prm_id prg_id chnl_cd snt_dt rch_cnt
evt_spnsr: spnsr_id prg_id org_nm spnsr_amt
fac_bldg: bldg_id br_cd bldg_nm blt_yr lstd_flg
fac_rm: rm_id bldg_id rm_nm cap_cnt hire_flg
fac_rm_bkg: bkg_id rm_id bkg_dt strt_tm end_tm hire_amt
fac_mnt_req: req_id bldg_id rpt_dt prio_cd sts_cd
fac_mnt_ctr: ctr_id ctr_nm trd_cd
fac_enrg_rd: rd_id bldg_id rd_dt kwh_cnt
fac_wtr_rd: rd_id bldg_id rd_dt m3_cnt
fac_insp: insp_id bldg_id insp_dt insp_cd pass_flg
fac_key: key_id bldg_id hldr_nm iss_dt
fac_alrm_log: log_id bldg_id alrm_ts alrm_cd
fac_clean_sch: sch_id bldg_id wk_day clean_tm
fac_prk: prk_id br_cd spc_cnt dsbl_spc_cnt
fin_gl_acct: acct_cd acct_nm acct_typ_cd
fin_cc: cc_cd cc_nm br_cd
fin_jrnl: jrnl_id jrnl_dt per_cd src_cd
fin_jrnl_ln: jrnl_ln_id jrnl_id acct_cd cc_cd dr_amt cr_amt
fin_bdgt: bdgt_id fy_cd cc_cd acct_cd bdgt_amt
fin_po: po_id vnd_id po_dt po_amt sts_cd
fin_inv_pay: pay_id inv_id pay_dt pay_amt
fin_vat_rt: vat_cd vat_pct frm_dt
fin_till: till_id br_cd till_nm
fin_till_txn: txn_id till_id txn_ts txn_amt txn_cd
fin_grnt: grnt_id fndr_nm awd_dt awd_amt
fin_prj: prj_id prj_nm cc_cd strt_dt end_dt
dig_ebk_ln: ln_id mbr_id ttl_nm ln_dt dur_days_cnt
dig_eaud_ln: ln_id mbr_id ttl_nm ln_dt
dig_emag_ln: ln_id mbr_id ttl_nm ln_dt
dig_db_ses: ses_id db_nm mbr_id ses_dt srch_cnt
dig_web_ses: ses_id pg_nm ses_dt vw_cnt
dig_app_evt: evt_id mbr_id evt_ts evt_cd
dig_nwsltr: nl_id snt_dt rcpt_cnt opn_cnt
dig_soc_post: post_id chnl_cd post_dt lk_cnt
dig_prov: prov_id prov_nm cntr_end_dt lic_amt
ill_req: req_id mbr_id br_cd req_dt sts_cd
ill_lndr: lndr_id lndr_nm ctry_cd
ill_ship: ship_id req_id snt_dt rcv_dt
ill_fee: fee_id req_id fee_amt
stat_cipfa_rtn: rtn_id fy_cd fld_cd fld_val_amt
stat_mo_kpi: kpi_id br_cd per_mo kpi_cd kpi_val_amt
stat_srvy: srvy_id srvy_nm strt_dt end_dt
stat_srvy_rsp: rsp_id srvy_id br_cd rsp_dt sat_scr_cnt
stat_ftfl_est: est_id br_cd est_yr est_cnt
stat_pop: pop_id dist_cd yr pop_cnt
cfg_param: param_cd param_txt upd_dt
cfg_ntc_tmpl: tmpl_cd tmpl_nm chnl_cd body_txt
cfg_usr_role: role_cd role_nm adm_flg
cfg_lbl: lbl_cd lang_cd lbl_txt
cfg_prn_chrg: chrg_cd pg_amt clr_pg_amt
cfg_loc_map: loc_cd br_cd shlf_txt
etl_run_log: run_id job_nm strt_ts end_ts rows_cnt ok_flg
etl_err: err_id run_id err_ts err_txt
etl_map: map_id src_fld_nm tgt_fld_nm
tmp_imp_mbr: row_id raw_txt ld_ts
tmp_imp_itm: row_id raw_txt ld_ts
tmp_ln_fix: row_id br_cd evt_dt old_cnt new_cnt
tmp_dedup_bib: row_id bib_id dup_bib_id
tmp_rpt_cache: rpt_cd gen_ts rows_cnt
vol: vol_id fst_nm lst_nm br_cd strt_dt
vol_shft: shft_id vol_id shft_dt hrs_cnt
vol_rl: rl_cd rl_nm
vol_dbs: dbs_id vol_id chk_dt
prt_org: org_id org_nm org_typ_cd
prt_agr: agr_id org_id strt_dt end_dt agr_amt
hs_cust: cust_id mbr_id dlv_freq_cd strt_dt
hs_dlv: dlv_id cust_id dlv_dt itm_cnt
hs_vol_drv: drv_id vol_id rte_cd
mob_stop: stop_id stop_nm pst_cd wk_day
mob_rte: rte_cd rte_nm km_cnt
mob_vst: vst_id stop_id vst_dt ln_cnt vis_cnt
mob_veh: veh_id reg_txt mdl_nm mot_dt
lh_col: col_id col_nm br_cd
lh_itm: itm_id col_id itm_nm itm_yr dig_flg
lh_dig_req: req_id itm_id req_dt sts_cd
lh_acsn: acsn_id col_id acsn_dt dnr_nm
sch: sch_id sch_nm dist_cd pup_cnt
sch_vst: vst_id sch_id br_cd vst_dt pup_cnt
sch_blk_ln: bl_id sch_id ln_dt itm_cnt rtn_dt
gr_app: app_id fndr_nm app_dt req_amt sts_cd
gr_awd: awd_id app_id awd_dt awd_amt
cmp_case: case_id br_cd opn_dt cat_cd cls_dt
cmp_resp: resp_id case_id resp_dt resp_txt
hs_inc: inc_id br_cd inc_dt sev_cd rptd_flg
hs_risk_asmt: asmt_id br_cd asmt_dt rvw_dt
hs_fire_drl: drl_id br_cd drl_dt evac_min
cpy_job: job_id br_cd job_dt pg_cnt chrg_amt
lkr: lkr_id br_cd lkr_no_txt hire_flg
lst_fnd: itm_id br_cd fnd_dt itm_txt clmd_flg
sgn_ltr: req_id br_cd req_dt lang_cd
mkt_cmpgn: cmpgn_id cmpgn_nm strt_dt end_dt bdgt_amt
mkt_cmpgn_br: cmpgn_id br_cd
"""
"""Tables beside the point of the questions: `name: column column ...`, each column typed
by how its name ends, a few generated rows each."""

ARCHIVED = ("ln_evt", "vis_cnt", "stf_cst", "evt_bkg", "circ_fine", "it_wifi_ses")
"""Each kept per year before 2025 as `arc_<table>_<year>`."""


def _columns(spec: str) -> list[tuple[str, list[str]]]:
    tables = []
    for line in spec.strip().splitlines():
        name, _, cols = line.partition(":")
        tables.append((name.strip(), cols.split()))
    return tables


def _type(column: str) -> str:
    if column.endswith(("_id", "_cnt", "_flg", "_yr", "_min", "_no")) or column in (
            "yr", "q_pos", "wk_day"):
        return "INTEGER"
    if column.endswith(("_amt", "_pct", "_rt")) or column == "fte":
        return "REAL"
    return "TEXT"


_WORDS = ("reading", "garden", "history", "river", "winter", "maps", "coding", "poetry",
          "stories", "music", "science", "crafts", "local", "family", "digital", "health",
          "film", "games", "language", "art")
_CODES = ("A", "B", "C", "NEW", "OPN", "CLS", "PND", "OK", "HI", "LO", "EML", "SMS")


def _value(rng: random.Random, column: str, n: int, key: bool = False) -> Any:
    """A value for `column` of row `n`; `key`: the table's first column (its id, `n`)."""
    if key and column.endswith("_id"):
        return n
    if column == "br_cd" or column.endswith("_br_cd"):
        return rng.choice(BRANCHES).code
    kind = _type(column)
    if kind == "INTEGER":
        if column.endswith("_flg"):
            return rng.randint(0, 1)
        if column.endswith(("_yr",)) or column == "yr":
            return rng.randint(1950, 2026)
        if column == "wk_day":
            return rng.randint(1, 7)
        return rng.randint(1, 900)
    if kind == "REAL":
        return round(rng.uniform(0.5, 4800), 2)
    if column.endswith("_dt"):
        return (dt.date(2019, 1, 1) + dt.timedelta(days=rng.randint(0, 2885))).isoformat()
    if column.endswith("_ts"):
        day = dt.date(2019, 1, 1) + dt.timedelta(days=rng.randint(0, 2885))
        return f"{day.isoformat()} {rng.randint(8, 20):02d}:{rng.randint(0, 59):02d}:00"
    if column.endswith("_tm"):
        return f"{rng.randint(8, 19):02d}:{rng.choice(('00', '30'))}"
    if column.endswith(("_nm", "_txt")):
        return f"{rng.choice(_WORDS).title()} {rng.choice(_WORDS)} {n}"
    if column.endswith("_mo") or column == "per_cd":
        return f"{rng.randint(2019, 2026)}-{rng.randint(1, 12):02d}"
    return rng.choice(_CODES)


def _other_tables(rng: random.Random, core: dict[str, list[tuple[Any, ...]]]
                  ) -> list[tuple[str, list[str], list[tuple[Any, ...]]]]:
    """The tables beside the point, the yearly archives and the backups: (name, columns,
    rows)."""
    out = []
    for name, columns in _columns(OTHER):
        rows = [tuple(_value(rng, c, n, i == 0) for i, c in enumerate(columns))
                for n in range(1, rng.randint(0, 40) + 1)]
        out.append((name, columns, rows))
    shapes = {name: columns for name, columns, _ in out}
    shapes.update({"ln_evt": ["br_cd", "sec_cd", "evt_dt", "ln_cnt", "rnw_cnt", "rtn_cnt"],
                   "vis_cnt": ["br_cd", "cnt_dt", "in_cnt"],
                   "stf_cst": ["br_cd", "per_mo", "cst_typ", "amt"]})
    for table in ARCHIVED:
        for year in range(2019, 2025):
            rows = []
            for n in range(1, rng.randint(20, 60) + 1):
                row = [_value(rng, c, n) for c in shapes[table]]
                for i, c in enumerate(shapes[table]):
                    if c.endswith("_dt"):
                        row[i] = f"{year}{str(row[i])[4:]}"
                rows.append(tuple(row))
            out.append((f"arc_{table}_{year}", shapes[table], rows))
    old_hours = [row for row in core["opn_hr"] if row[0] != "EFD"]
    old_hours += [("OLD", SUN, "12:00", "16:00", 4.0, "2023-05-01"),
                  ("MLN", MON, "10:00", "17:00", 7.0, "2023-05-01")]
    backups = {
        "bak_opn_hr_20240901": (["br_cd", "wk_day", "opn_tm", "cls_tm", "hrs", "eff_frm"],
                                old_hours),
        "bak_br_20250601": (["br_cd", "br_nm", "br_typ_cd", "dist_cd", "opn_dt", "cls_dt",
                             "flr_m2", "mgr_stf_id", "addr_ln1", "pst_cd"],
                            [(*r[:5], None, *r[6:]) for r in core["br"]]),
        "bak_stf_20260301": (["stf_id", "br_cd", "fst_nm", "lst_nm", "role_cd", "fte",
                              "hire_dt", "end_dt"], core["stf"][:-6]),
        "bak_ln_evt_20260101": (shapes["ln_evt"], core["ln_evt"][:400]),
        "bak_stf_cst_20251231": (shapes["stf_cst"], core["stf_cst"][:120]),
    }
    for name, (columns, rows) in backups.items():
        out.append((name, columns, list(rows)))
    for name in ("bak_mbr_20250115", "bak_cat_itm_20250110", "bak_circ_fine_20250110",
                 "bak_evt_prg_20251001", "bak_it_ast_20260201", "bak_acq_ord_20250331"):
        source = name.removeprefix("bak_").rsplit("_", 1)[0]
        columns = shapes[source]
        rows = [tuple(_value(rng, c, n, i == 0) for i, c in enumerate(columns))
                for n in range(1, rng.randint(5, 30) + 1)]
        out.append((name, columns, rows))
    return out


# ---------------------------------------------------------------------------- the dataset

RULES = f"""\
The city's public library network: {len(BRANCHES)} branches (table `br`), two of them closed \
in 2025 (`cls_dt`), one a mobile library. The data was exported on 2026-11-28: loans, gate \
counts and the like run to 2026-11-27; staff costs to October 2026.

- Loans are counted per branch, section and day in `ln_evt` (`ln_cnt`); a month or season \
without a year means the latest one in the data.
- Opening hours are in `opn_hr`, one row per branch and weekday it opens (`wk_day` 1 = Monday \
... 7 = Sunday; `hrs` the hours that day). A branch without a row for a day is closed that day.
- A branch's manager is the staff member `br.mgr_stf_id` names (in `stf`).
- Staff cost (`stf_cst`, EUR) is per branch and month (`per_mo`, YYYY-MM) and cost type; the \
total is the sum of every type.
- Tables named `arc_*` are archived years (before 2025) and `bak_*` are backups taken before \
migrations: never report from either. `dd_cmt` is the data dictionary.

Sunday opening: the council funds Sunday hours at one more branch, among the open branches that \
open on Saturdays and not yet on Sundays. The aim is to maximise the network's loans in an \
average week. A branch's Sunday would lend, per hour, `sun_share` times what it lends per hour \
on an average Saturday, for `sun_hrs` hours. Averages are taken over the twelve whole weeks \
{WINDOW[0]} to {WINDOW[1]}.
"""

_SATURDAY = f"""\
WITH sat AS (
  SELECT e.br_cd, SUM(e.ln_cnt) * 1.0 / COUNT(DISTINCT e.evt_dt) AS loans
  FROM ln_evt e
  JOIN cal c ON c.dt = e.evt_dt
  WHERE c.wk_day = 6 AND e.evt_dt BETWEEN '{WINDOW[0]}' AND '{WINDOW[1]}'
  GROUP BY e.br_cd
)"""
_WEEK = (f"SELECT SUM(ln_cnt) / 12.0 FROM ln_evt WHERE evt_dt BETWEEN '{WINDOW[0]}' "
         f"AND '{WINDOW[1]}'")

MANIFEST = f'''\
# Generated by benchmarks/library_network.py: a municipal library network as its systems
# export it, and one decision written in SQL.
id = "{DATASET}"
title = "Municipal library network"
description = """Branches, opening hours, loans, visits, staff and their costs, among the \\
library system's, HR's, finance's and IT's other tables. Which branch should open on Sundays?"""
rules = """
{RULES}"""

[column_names]
br_cd = "Branch"
br_nm = "Branch name"
wk_day = "Weekday"
ln_cnt = "Loans"
hrs = "Hours"
in_cnt = "Visitors"
amt = "Amount (EUR)"

[[databases]]
kind = "sqlite"
path = "{DATASET}.sqlite"

[[decisions]]
id = "{DECISION}"
title = "Sunday opening"
goal = "maximize"
objective = "the network's loans in an average week"
unit = "loans/week"
digits = 5
candidates = """
SELECT b.br_cd AS decision, b.br_nm AS label
FROM br b
WHERE b.cls_dt IS NULL
  AND EXISTS (SELECT 1 FROM opn_hr h WHERE h.br_cd = b.br_cd AND h.wk_day = 6)
  AND NOT EXISTS (SELECT 1 FROM opn_hr h WHERE h.br_cd = b.br_cd AND h.wk_day = 7)
ORDER BY b.br_cd"""
value = """
{_SATURDAY}
SELECT b.br_cd AS decision,
       ({_WEEK}) + s.loans / h.hrs * :sun_hrs * :sun_share AS value
FROM br b
JOIN sat s ON s.br_cd = b.br_cd
JOIN opn_hr h ON h.br_cd = b.br_cd AND h.wk_day = 6
WHERE b.cls_dt IS NULL
  AND NOT EXISTS (SELECT 1 FROM opn_hr x WHERE x.br_cd = b.br_cd AND x.wk_day = 7)"""
baseline = """
{_WEEK.replace("SELECT SUM(ln_cnt) / 12.0", "SELECT SUM(ln_cnt) / 12.0 AS value")}"""

[decisions.parameters.sun_hrs]
type = "float"
default = 5.0
min = 1.0
max = 10.0
title = "Sunday opening hours"

[decisions.parameters.sun_share]
type = "float"
default = 0.7
min = 0.0
max = 2.0
title = "A Sunday hour's loans as a share of a Saturday hour's"
'''


def build(folder: Path, seed: int = SEED) -> Built:
    """The database and its dataset under `folder/libraries/`."""
    rng = random.Random(seed)
    home = folder / DATASET
    home.mkdir(parents=True, exist_ok=True)
    database = home / f"{DATASET}.sqlite"
    database.unlink(missing_ok=True)
    core = _core_rows(rng)
    others = _other_tables(rng, core)
    conn = sqlite3.connect(database)
    try:
        for statement in CORE:
            conn.execute(statement)
        for table, rows in core.items():
            marks = ", ".join("?" * len(rows[0]))
            conn.executemany(f"INSERT INTO {table} VALUES ({marks})", rows)
        for table, columns, rows in others:
            conn.execute(f"CREATE TABLE {table} ("
                         + ", ".join(f"{c} {_type(c)}" for c in columns) + ")")
            if rows:
                marks = ", ".join("?" * len(columns))
                conn.executemany(f"INSERT INTO {table} VALUES ({marks})", rows)
        conn.commit()
    finally:
        conn.close()
    (home / "dataset.toml").write_text(MANIFEST, encoding="utf-8")
    tables = len(CORE) + len(others)
    count = sum(len(r) for r in core.values()) + sum(len(r) for _, _, r in others)
    return Built(home, database, tables, count)
