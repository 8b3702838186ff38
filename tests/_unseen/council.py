"""A mid-sized English borough council's database on PostgreSQL, grown over fifteen years, in
four schemas: `civ` (the first: its tables are named bare; the council's own systems: wards,
the street gazetteer and property register, council tax and business rates, the contact
centre's cases, formal complaints and FOI requests, highways (road sections, condition
surveys, defects, third-party claims, street lights, gullies), parks and open spaces (sites,
cleanliness inspections, the grounds crews' work log, trees, allotments, pitch bookings),
finance (cost centres, suppliers, contracts, orders, invoices, purchase cards), HR and
payroll, elections, committees and IT assets), `housing` (the housing management system:
estates, blocks, dwellings, rents, tenancies, rent accounts and arrears, repairs, stock
condition surveys, empty homes and their works, the waiting list and lettings, temporary
accommodation), `resid` (waste collection, street cleansing and fleet, bought from a Spanish
vendor and kept in its Spanish: rutas, servicios, pesajes, vehiculos, ordenes de taller,
incidencias, vertidos ilegales and their retiradas, puntos limpios) and `vergun` (permits,
licensing and enforcement, bought from a Dutch vendor and kept in its Dutch: zaaktypen,
aanvragen, opschortingen, besluiten, bezwaren, inrichtingen and their vergunningen,
controles, overtredingen, meldingen, parkeervergunningen). Keys across the schemas (some
missing), comments on about a third of the tables, enums, CHECK lists of codes, views,
backup, archive and staging copies, the audit columns each system stamps, the audit, note
and attachment tables each module grew, and modules no question needs.

QUESTIONS is the answer key: what a service manager or finance officer asks, and the tables
an analyst needs for it (outside `civ`, schema-qualified). It was written before any tool
ranked a table.
"""

from __future__ import annotations

import datetime as dt
import random
from collections.abc import Callable

from tests._unseen._spec import Db, Value, balance_comments, satellites, stamped

SCHEMAS = ("civ", "housing", "resid", "vergun")

QUESTIONS: list[tuple[str, set[str]]] = [
    ("Which street should get our mobile CCTV camera against fly-tipping, because rubbish is "
     "dumped there most often and clearing it away costs us the most?",
     {"resid.vert_ileg", "resid.ord_retir", "st_gaz"}),
    ("Which bin rounds could we merge, because the lorries on them come back to the depot "
     "early and half empty?",
     {"resid.ruta", "resid.servicio", "resid.pesaje", "resid.vehiculo"}),
    ("Which streets keep having their bins missed, so that we should move them onto a "
     "different collection round?",
     {"resid.incidencia", "resid.ruta_calle", "resid.ruta", "st_gaz"}),
    ("Which bin lorries should we replace rather than keep repairing, because they spend the "
     "most days off the road in the garage and cost the most to fix?",
     {"resid.vehiculo", "resid.orden_taller", "resid.linea_taller"}),
    ("Which blocks of council flats should we refurbish first, because the homes in them cost "
     "us the most in repairs and the last stock survey found their kitchens, bathrooms, "
     "roofs and windows in the worst state?",
     {"housing.hsg_blk", "housing.hsg_dwl", "housing.hsg_rep_ord", "housing.hsg_scs_surv",
      "housing.hsg_scs_elem"}),
    ("Which empty council homes should the repairs team get ready to let first, because they "
     "have stood empty longest and lose us the most rent for the least work still to do?",
     {"housing.hsg_void", "housing.hsg_dwl", "housing.hsg_rent_sch", "housing.hsg_void_wo"}),
    ("Which parks need more litter picking, because inspections keep finding them littered "
     "and people complain about litter there, while our crews rarely go?",
     {"pk_site", "pk_insp", "pk_wk_log", "crm_case"}),
    ("Which kinds of building and planning applications do we most often decide after the "
     "legal deadline, so that we should put more case officers on them?",
     {"vergun.aanvraag", "vergun.zaaktype", "vergun.besluit", "vergun.opschorting"}),
    ("Which pubs, clubs and takeaways should our licensing officers inspect first, because "
     "neighbours complain about them most and past inspections found breaches there?",
     {"vergun.inrichting", "vergun.melding", "vergun.controle", "vergun.overtreding"}),
    ("Which suppliers should we put out to tender first, because we spend the most money "
     "with them without a contract in place?",
     {"fin_sup", "fin_ap_inv", "fin_po", "fin_ctr"}),
    ("Which empty shops and offices should our business rates inspectors visit first, "
     "because their owners have claimed empty-property relief on them for longest, or again "
     "and again, without anyone going to check?",
     {"ndr_hered", "ndr_acct", "ndr_rlf", "ndr_insp"}),
    ("Which roads should we resurface first, because they keep getting potholes and drivers "
     "keep claiming from us for damage to their cars?",
     {"hw_sect", "hw_dfct", "hw_clm"}),
]

_HOT = """
  (SELECT COUNT(*) FROM resid.vert_ileg v
   WHERE v.usrn = s.usrn AND v.fecha BETWEEN DATE '2025-01-01' AND DATE '2025-12-31') >= 6"""
_COST = """
  SELECT v.usrn, SUM(o.coste) AS cost
  FROM resid.vert_ileg v
  JOIN resid.ord_retir o ON o.vert_id = v.vert_id
  WHERE v.fecha BETWEEN DATE '2025-01-01' AND DATE '2025-12-31'
  GROUP BY v.usrn"""

DECISION_QUESTION = QUESTIONS[0][0]
DECISION = f'''
[[decisions]]
id = "flytip-camera"
title = "Street for the mobile fly-tipping camera"
goal = "minimize"
objective = "what clearing fly-tipping cost us in 2025, had the camera stood a year on the \
street: part of the dumping there stops, part of that moves to other streets"
unit = "GBP/year"
candidates = """
SELECT s.usrn AS decision, s.st_nm || ', ' || s.locality AS label
FROM civ.st_gaz s
WHERE {_HOT}
ORDER BY s.usrn"""
value = """
WITH c AS ({_COST}
)
SELECT s.usrn AS decision,
       (SELECT SUM(c.cost) FROM c)
       - COALESCE((SELECT c.cost FROM c WHERE c.usrn = s.usrn), 0)
         * :deter_pct / 100 * (100 - :moved_pct) / 100 AS value
FROM civ.st_gaz s
WHERE {_HOT}"""
baseline = """
WITH c AS ({_COST}
)
SELECT SUM(c.cost) AS value FROM c"""

[decisions.parameters.deter_pct]
type = "int"
default = 60
min = 0
max = 100
title = "Percent of the dumping on the camera's street that stops while it is there"

[decisions.parameters.moved_pct]
type = "int"
default = 35
min = 0
max = 100
title = "Percent of the deterred dumping that moves to other streets instead"
'''


def build() -> Db:
    db = Db("postgres", SCHEMAS)
    _civ(db)
    _housing(db)
    _resid(db)
    _vergun(db)
    _noise(db)
    _views(db)
    for name, text in _COMMENTS.items():
        db.comment(name, text)
    _rows(db)
    _audit_columns(db)
    balance_comments(db, set().union(*(n for _, n in QUESTIONS)), seed=59)
    return db


def _civ(db: Db) -> None:
    db.schema("civ")
    db.enum("ctr_sts", "DRAFT", "LIVE", "EXPIRED", "TERMINATED")
    db.enum("case_pri", "P1", "P2", "P3", "P4")
    t = db.table
    t("ward", "ward_cd* c3, ward_nm v60, area_cd c1{C|N|S|R}, imd_dec s, elec_cnt i, "
      "cllr_cnt s",
      notes={"area_cd": "neighbourhood area: C central, N north, S south, R rural",
             "imd_dec": "deprivation decile of the ward (1 most deprived .. 10 least)"})
    t("pol_dist", "pd_cd* c4, ward_cd >ward, pd_nm v60, stn_id >el_stn")
    t("st_gaz", "usrn* i, st_nm v100, locality v60, town v40, ward_cd >ward, "
      "st_typ c1{1|2|3|4}, rd_cls c1{A|B|C|U}, len_m i, adopt_fl f, maint_by v6",
      notes={"usrn": "unique street reference number (national street gazetteer)",
             "st_typ": "1 designated street name, 2 street description, 3 numbered street, "
                       "4 unofficial street name",
             "rd_cls": "A, B, C classified road, U unclassified",
             "maint_by": "LBC this council, CCC the county, PRIV private (unadopted), "
                         "NH National Highways"})
    t("prop_cls", "cls_cd* c4, cls_desc v80")
    t("prop_reg", "uprn* b, usrn >st_gaz, paon v40, saon v40, pcode v8, ward_cd >ward, "
      "cls_cd >prop_cls, lgc_sts c1{1|6|8}, x_crd i, y_crd i, crt_dt d",
      notes={"paon": "primary addressable object: house number or building name",
             "saon": "secondary addressable object: flat or unit number",
             "lgc_sts": "LLPG logical status: 1 approved, 6 provisional, 8 historical"})
    t("ctax_band", "band* c1, val_from n, val_to n, ratio_9th s, chg_2526 n",
      notes={"ratio_9th": "band D = 9 ninths", "chg_2526": "band charge 2025/26, GBP"})
    t("ctax_acct", "ctax_ref* v10, uprn >prop_reg, band >ctax_band, liab_nm v120, "
      "liab_from d, liab_to d, pay_mth c2{DD|CA|ON|SO|PP}, instl s, sts c1{L|C|W|S}",
      notes={"pay_mth": "DD direct debit, CA cash at PayPoint, ON online card, "
                        "SO standing order, PP post office",
             "sts": "L live, C closed, W written off, S suspended (enquiry open)"})
    t("ctax_disc", "disc_id* b, ctax_ref >ctax_acct, disc_cd c3{SPD|STU|DIS|EPR|SMI|CTR|CLV}, "
      "from_dt d, to_dt d, rvw_dt d",
      notes={"disc_cd": "SPD single person 25%, STU all students (exempt), DIS disabled "
                        "band reduction, EPR empty homes premium, SMI severely mentally "
                        "impaired, CTR council tax reduction (means-tested), CLV care leaver"})
    t("ctax_txn", "txn_id* b, ctax_ref >ctax_acct, txn_dt d, txn_cd c2{CH|PY|RF|WO|AD|CR}, "
      "amt n, fin_yr c5")
    t("ctax_rcv", "rcv_id* b, ctax_ref >ctax_acct, stg_cd c2{R1|R2|FN|SM|LO|EA|CM}, "
      "iss_dt d, amt n",
      notes={"stg_cd": "R1 first reminder, R2 second reminder, FN final notice, SM summons, "
                       "LO liability order, EA passed to enforcement agents, CM committal"})
    t("ctax_arr", "arr_id* b, ctax_ref >ctax_acct, mk_dt d, instl_amt n, freq c1{W|F|M}, "
      "brk_fl f")
    t("ndr_scat", "scat_cd* c3, scat_desc v80, voa_cd v4")
    t("ndr_hered", "ndr_ref* v14, uprn >prop_reg, scat_cd >ndr_scat, rv n, rv_eff_dt d, "
      "list_yr s, occ_sts c1{O|E|P|X}, flr_m2 i, listed_fl f",
      notes={"rv": "rateable value set by the Valuation Office, GBP",
             "occ_sts": "O occupied, E empty, P part-occupied, X deleted from the list",
             "listed_fl": "listed building: empty relief without a time limit"})
    t("ndr_acct", "acct_id* b, ndr_ref >ndr_hered, rp_nm v120, rp_co_no v10, liab_from d, "
      "liab_to d, ann_liab n, pay_mth c2, sts c1{L|C|W}",
      notes={"rp_nm": "ratepayer (the occupier, or the owner while it is empty)",
             "ann_liab": "yearly charge before reliefs: rateable value times the multiplier"})
    t("ndr_rlf", "rlf_id* b, acct_id >ndr_acct, rlf_cd c3{EPR|SBR|MCR|DRR|RHL|PAR|TRN|HRD}, "
      "from_dt d, to_dt d, ann_amt n, aw_usr v30",
      notes={"rlf_cd": "EPR empty property relief (3 months, 6 for industrial; no limit for "
                       "listed buildings), SBR small business rate relief, MCR mandatory "
                       "charity relief, DRR discretionary, RHL retail hospitality and leisure, "
                       "PAR part-occupied, TRN transitional, HRD hardship",
             "aw_usr": "officer who awarded it"})
    t("ndr_insp", "insp_id* b, ndr_ref >ndr_hered, insp_dt d, insp_usr v30, "
      "rsn c2{EP|NW|RV|AU}, fnd c2{EM|OC|PO|NA|DM}, note_txt v200",
      notes={"rsn": "EP check on an empty property claim, NW new build, RV review, AU audit",
             "fnd": "EM found empty, OC found occupied or trading, PO part occupied, "
                    "NA no access, DM demolished or stripped out"})
    t("ndr_bill", "bill_id* b, acct_id >ndr_acct, fin_yr c5, iss_dt d, net_amt n")
    t("dept", "dept_cd* v6, dept_nm v80, dir_cd c3{ENV|HSG|PLN|RES|CEX|COM}, head_emp v8",
      notes={"dir_cd": "directorate: ENV environment and street scene, HSG housing, PLN "
                       "planning and regulation, RES resources, CEX chief executive's, COM "
                       "communities and leisure"})
    t("crm_svc", "svc_cd* v8, svc_nm v80, dept_cd >dept, sla_hrs s, web_fl f")
    t("crm_cust", "cust_id* b, nm v120, eml v120, tel v20, uprn b, crt_dt d")
    t("crm_case", "case_id* b, rcv_ts ts, chan c2{PH|WB|EM|FF|AP|CL}, svc_cd >crm_svc, "
      "cust_id >crm_cust, uprn b, usrn >st_gaz, asset_ref v20, loc_txt v200, ward_cd c3, "
      "pri @case_pri, sts c1{O|A|C|X}, clse_ts ts, sla_brch f, dup_of b",
      notes={"chan": "PH phone, WB web form, EM email, FF face to face, AP report-it app, "
                     "CL councillor enquiry",
             "asset_ref": "the asset the report is about, when there is one: a park's site "
                          "code, a lamp column, a litter bin, a vehicle registration",
             "sts": "O open, A passed to the service, C closed, X cancelled (duplicate or "
                    "not ours)"})
    t("crm_sat", "sat_id* b, case_id >crm_case, sent_dt d, score s, cmnt t")
    t("cmpl_frm", "cmp_id* b, rcv_dt d, stg c1{1|2|O}, dept_cd >dept, cust_id >crm_cust, "
      "sbj v200, upheld c1{Y|N|P}, resp_dt d",
      notes={"stg": "1 stage one, 2 stage two, O with the Ombudsman"})
    t("foi_req", "foi_id* v12, rcv_dt d, rqst_typ c3{FOI|EIR|SAR}, dept_cd >dept, due_dt d, "
      "resp_dt d, outc c2{FD|PD|RF|NH}")
    t("hw_sect", "sect_id* v12, usrn >st_gaz, sect_desc v120, len_m i, wid_m q, "
      "srf c2{HR|SM|SD|CB|CO}, hier c2{2|3a|3b|4a|4b|5|6}, last_rsf_yr s, bus_rte f",
      notes={"srf": "HR hot rolled asphalt, SM stone mastic asphalt, SD surface dressing, "
                    "CB block paving, CO concrete",
             "hier": "maintenance hierarchy: 2 strategic route .. 6 minor access road",
             "last_rsf_yr": "year last resurfaced"})
    t("hw_cond", "surv_id* b, sect_id >hw_sect, surv_dt d, meth c3{SCN|CVI|DVI}, rci r, "
      "red_fl f",
      notes={"rci": "road condition indicator 0-100, higher is worse",
             "red_fl": "red: planned maintenance should be considered"})
    t("hw_dfct", "dfct_id* b, sect_id >hw_sect, rpt_dt d, src c2{SI|PU|CL}, case_id b, "
      "dfct_typ c2{PH|CR|EJ|SK|RT|FW}, cat c1{1|2}, dpth_mm s, tgt_dt d, rpr_dt d, "
      "rpr_meth c2{TP|PM|PP|JT}, rpr_cost n, gang v10",
      notes={"src": "SI safety inspection, PU reported by the public (contact centre), "
                    "CL councillor",
             "dfct_typ": "PH pothole, CR crazing and cracking, EJ edge or joint failure, "
                         "SK sunken ironwork, RT rutting, FW footway trip",
             "cat": "1 make safe within 24 hours, 2 repair within 28 days",
             "rpr_meth": "TP temporary patch (cold-lay), PM permanent patch, PP planned "
                         "patching, JT jet patcher"})
    t("hw_clm", "clm_id* v10, usrn >st_gaz, inc_dt d, rcv_dt d, clm_typ c2{VD|PI|PD}, "
      "clm_amt n, paid_amt n, sts c1{O|P|R|W}, s58_fl f, insr_ref v20",
      notes={"clm_typ": "VD vehicle damage (tyres, wheels, suspension), PI personal injury, "
                        "PD damage to property",
             "sts": "O open, P paid, R repudiated, W withdrawn",
             "s58_fl": "repudiated on the statutory defence: the road had been inspected "
                       "and the defect dealt with as the policy says"})
    t("hw_prog", "prog_id* b, sect_id >hw_sect, fin_yr c5, sch_typ c2{RS|SD|MP|PP}, "
      "est_cost n, sts c1{P|A|C|D}")
    t("hw_lamp", "col_no* v10, usrn >st_gaz, lamp_typ c3{LED|SOX|SON|CMH}, wtt s, inst_yr s, "
      "ht_m q")
    t("hw_lamp_flt", "flt_id* b, col_no >hw_lamp, rpt_dt d, flt_cd c2, fix_dt d")
    t("hw_gully", "gully_id* v10, usrn >st_gaz, last_cln d, silt_pct s")
    t("hw_insp_rte", "rte_cd* v8, freq_m s, hier c2, insp_usr v30")
    t("pk_site", "site_cd* v6, site_nm v80, ward_cd >ward, site_typ c2{DP|LP|PS|NS|CM|AL|SG}, "
      "area_ha q, grn_flag f, bin_cnt s, car_park f, cafe_fl f",
      notes={"site_typ": "DP destination park (visitors from across the borough), LP local "
                         "park, PS pocket park or play space, NS natural green space, "
                         "CM cemetery, AL allotment site, SG sports ground",
             "bin_cnt": "litter bins on the site"})
    t("pk_asset", "ast_id* b, site_cd >pk_site, ast_typ c3{PLY|BNC|BIN|SGN|FEN|GYM}, "
      "inst_yr s, cond c1{1|2|3|4}")
    t("pk_insp", "insp_id* b, site_cd >pk_site, insp_dt d, inspr v30, "
      "lit_grd c2{A|B+|B|B-|C|D}, dtr_grd c2{A|B+|B|B-|C|D}, grf_grd c2{A|B+|B|B-|C|D}, "
      "fly_fl f, bins_ovf s",
      notes={"lit_grd": "litter grade (code of practice on litter and refuse): A none, B+ "
                        "to B- predominantly free with small items, C widespread, D heavily "
                        "affected",
             "dtr_grd": "detritus grade", "grf_grd": "graffiti grade",
             "bins_ovf": "litter bins found full or overflowing"})
    t("pk_task", "task_cd* c3, task_nm v60, std_min s")
    t("pk_crew", "crew_cd* v6, crew_nm v60, depot v30, staff s")
    t("pk_wk_log", "wk_id* b, site_cd >pk_site, wk_dt d, task_cd >pk_task, crew_cd >pk_crew, "
      "hrs q, bags s",
      notes={"bags": "sacks of litter collected"})
    t("pk_tree", "tree_id* b, site_cd >pk_site, usrn >st_gaz, species v60, dbh_cm s, "
      "risk c1{L|M|H}, last_insp d")
    t("pk_allot", "plot_id* v8, site_cd >pk_site, size_rod s, tnt_nm v120, rent_yr n, "
      "start_dt d")
    t("pk_book", "bkg_id* b, site_cd >pk_site, fac_cd v8, bkg_dt d, hrs q, club_nm v80, fee n")
    t("fin_cc", "cc_cd* v6, cc_nm v80, dept_cd >dept, bud_hldr v8")
    t("fin_gl", "gl_cd* v6, gl_nm v80, gl_typ c1{E|I|B}")
    t("fin_cat", "cat_cd* c3, cat_nm v80, proc_lead v8")
    t("fin_sup", "sup_id* i, sup_nm v120, co_no v10, vat_no v14, pcode v8, sme_fl f, "
      "loc_fl f, sts c1{A|B|I}, crt_dt d",
      notes={"sts": "A active, B blocked for payment, I inactive",
             "loc_fl": "based in the borough"})
    t("fin_ctr", "ctr_ref* v12, sup_id >fin_sup, ctr_ttl v200, cat_cd >fin_cat, start_dt d, "
      "end_dt d, ext_opt_dt d, tot_val n, proc_rte c3{OPN|RST|FWK|QUO|DAW|WVR}, "
      "sts @ctr_sts, ctr_mgr v8",
      notes={"proc_rte": "OPN open tender, RST restricted tender, FWK call-off from a "
                         "framework, QUO three quotes, DAW direct award, WVR waiver of "
                         "contract standing orders",
             "ext_opt_dt": "latest end date if every extension option is taken"})
    t("fin_po", "po_no* v10, sup_id >fin_sup, ctr_ref >fin_ctr, cc_cd >fin_cc, "
      "cat_cd >fin_cat, raise_dt d, rsr v8, appr v8, po_val n, sts c1{O|R|C|X}",
      notes={"ctr_ref": "the contract the order is placed under; blank when there is none",
             "sts": "O open, R received, C closed, X cancelled"})
    t("fin_po_ln", "po_no* >fin_po, ln* s, descr v200, qty q, unit_pr n")
    t("fin_ap_inv", "inv_id* b, sup_id >fin_sup, sup_inv_no v30, po_no >fin_po, inv_dt d, "
      "rcv_dt d, pay_dt d, net_amt n, vat_amt n, cc_cd >fin_cc, gl_cd >fin_gl, "
      "hold c2{NO|PR|QY|DS}",
      notes={"po_no": "blank: paid without an order",
             "hold": "NO none, PR price differs from the order, QY quantity, DS disputed"})
    t("fin_bud", "cc_cd* >fin_cc, gl_cd* >fin_gl, fin_yr* c5, bud n, fcst n")
    t("fin_jnl", "jnl_id* b, jnl_dt d, cc_cd v6, gl_cd v6, amt n, jnl_src c3, usr v30")
    t("fin_pcard", "txn_id* b, card_no v8, hldr v8, txn_dt d, merch v80, mcc c4, amt n, "
      "cc_cd v6")
    t("fin_ar_inv", "ar_id* b, cust_nm v120, inv_dt d, amt n, paid n, svc v20")
    t("hr_post", "post_id* v8, post_ttl v80, dept_cd >dept, grade v4, fte r, estab_fl f")
    t("emp", "emp_no* v8, nm v80, dept_cd >dept, post_id >hr_post, grade v4, fte r, "
      "start_dt d, leave_dt d, mgr_no v8",
      notes={"grade": "pay grade: G1..G12 on the national spine, SO1..SO3 senior officers"})
    t("hr_abs", "abs_id* b, emp_no >emp, abs_typ c2{SK|AL|SP|TR|MT|CO}, from_dt d, to_dt d, "
      "days q")
    t("hr_train", "emp_no* >emp, crs_cd* v10, done_dt* d, exp_dt d")
    t("pay_run", "run_id* i, pay_dt d, per c6, freq c1{M|W}, emp_cnt i, gross n")
    t("pay_elem", "elem_cd* v6, elem_nm v60, elem_typ c1{E|D}")
    t("pay_ln", "run_id* >pay_run, emp_no* >emp, elem_cd* >pay_elem, amt n")
    t("el_stn", "stn_id* i, stn_nm v80, uprn b, acc_fl f")
    t("el_reg", "elr_no* v10, pd_cd >pol_dist, nm v120, uprn b, frnch c1{F|L|P}, add_dt d, "
      "opt_out f",
      notes={"frnch": "F full, L local elections only, P parliamentary only"})
    t("el_elect", "elect_id* i, elect_dt d, elect_typ c3{LOC|PCC|PAR|REF|BYE}, ward_cd >ward")
    t("el_postal", "elr_no* >el_reg, elect_id* >el_elect, iss_dt d, rtn_dt d, rej_cd c2")
    t("el_result", "elect_id* >el_elect, cand_nm* v80, party v40, votes i, elected f")
    t("cllr", "cllr_id* i, nm v80, ward_cd >ward, party v40, elec_dt d, term_end d")
    t("cmte", "cmte_cd* v8, cmte_nm v80, chair_id >cllr")
    t("cmte_mtg", "mtg_id* b, cmte_cd >cmte, mtg_dt d, venue v60, pub_fl f")
    t("it_ast", "ast_tag* v10, ast_typ c3{LAP|DSK|MON|PHN|TAB|SRV|PRN}, mdl v60, ser_no v30, "
      "emp_no >emp, buy_dt d, wty_end d, sts c1{U|S|D|L}")
    t("it_lic", "lic_id* i, prod_nm v80, vendor v60, seats i, renew_dt d, ann_cost n")
    t("it_tkt", "tkt_no* b, opened ts, emp_no v8, cat v20, pri c1{1|2|3|4}, closed ts")


def _housing(db: Db) -> None:
    db.schema("housing")
    db.enum("void_stage", "KEYS", "INSPECT", "WORKS", "READY", "OFFERED", "LET")
    t = db.table
    t("hsg_est", "est_cd* v6, est_nm v80, ward_cd >civ.ward, mgr v8")
    t("hsg_blk", "blk_id* i, est_cd >hsg_est, blk_nm v80, usrn >civ.st_gaz, blt_yr s, "
      "storeys s, cnstr c3{TRD|NTR|LPS|SYS|TMB}, lift_cnt s, dwl_cnt s, fra_due d",
      notes={"cnstr": "TRD traditional brick, NTR non-traditional (pre-cast concrete), LPS "
                      "large panel system, SYS other system build, TMB timber frame",
             "fra_due": "next fire risk assessment due"})
    t("hsg_dwl", "dwl_id* i, uprn >civ.prop_reg, blk_id >hsg_blk, est_cd >hsg_est, "
      "dwl_typ c2{FL|MS|HS|BG|BS}, bdrm s, flr s, blt_yr s, tenure c2{SR|AR|TA|LH|SO}, "
      "sts c1{L|V|D|S|X}, epc c1",
      notes={"dwl_typ": "FL flat, MS maisonette, HS house, BG bungalow, BS bedsit",
             "blk_id": "blank for street properties (houses and bungalows)",
             "flr": "floor (0 ground)",
             "tenure": "SR social rent, AR affordable rent, TA temporary accommodation, "
                       "LH leasehold (sold, we keep the freehold), SO shared ownership",
             "sts": "L let, V void, D decant (held empty for works), S sold, X demolished"})
    t("hsg_rent_sch", "dwl_id* >hsg_dwl, fin_yr* c5, wk_rent n, svc_chg n, frm_rent n, wks s",
      notes={"wk_rent": "weekly rent, net of service charges, GBP",
             "frm_rent": "formula rent (the cap under the rent standard)",
             "wks": "rent weeks in the year (rent-free weeks excluded)"})
    t("hsg_tnc", "tnc_ref* v10, dwl_id >hsg_dwl, tnc_typ c3{SEC|INT|FLX|NSC|LIC}, "
      "start_dt d, end_dt d, end_rsn c2{NT|DE|EV|TR|AB|MC}",
      notes={"tnc_typ": "SEC secure, INT introductory, FLX flexible (fixed term), NSC "
                        "non-secure, LIC licence (temporary accommodation)",
             "end_rsn": "NT tenant's notice, DE death, EV eviction, TR transfer to another "
                        "council home, AB abandoned, MC moved into care"})
    t("hsg_tnt", "tnt_id* b, tnc_ref >hsg_tnc, nm v120, dob d, lead_fl f, vuln c3, tel v20")
    t("hsg_rent_acct", "ra_no* v10, tnc_ref >hsg_tnc, bal n, bal_dt d, uc_fl f, hb_fl f",
      notes={"uc_fl": "tenant on universal credit (housing costs paid to them)"})
    t("hsg_rent_txn", "rtx_id* b, ra_no >hsg_rent_acct, txn_dt d, "
      "txn_cd c2{DR|PY|HB|UC|AD|WO}, amt n")
    t("hsg_arr_act", "act_id* b, ra_no >hsg_rent_acct, act_dt d, "
      "act_cd c3{L1|L2|NSP|NPS|CRT|EVW|EVX}, usr v30")
    t("hsg_ctr", "ctr_cd* v6, ctr_nm v80, trade c3, sup_id >civ.fin_sup, in_house f")
    t("hsg_sor", "sor_cd* v10, sor_desc v200, "
      "trade c3{GEN|PLM|ELE|GAS|CAR|ROF|PLS|DEC|GLZ|DMP}, rate n, uom v6",
      notes={"sor_cd": "schedule of rates code"})
    t("hsg_rep_ord", "ord_no* b, dwl_id >hsg_dwl, blk_id >hsg_blk, raise_dt d, "
      "src c2{TN|SU|VO|PL|IN}, sor_cd >hsg_sor, pri c2{EM|UR|RT|PL}, ctr_cd >hsg_ctr, "
      "tgt_dt d, cmpl_dt d, cost n, recall_fl f, dmp_fl f, sts c1{O|C|X}",
      notes={"dwl_id": "blank for communal repairs, which name the block",
             "src": "TN reported by the tenant, SU surveyor, VO empty-home works, PL planned "
                    "programme, IN insurance",
             "pri": "EM emergency (24 hours), UR urgent (7 days), RT routine (28 days), "
                    "PL planned",
             "recall_fl": "a recall: the first repair did not fix it",
             "dmp_fl": "damp and mould"})
    t("hsg_rep_appt", "appt_id* b, ord_no >hsg_rep_ord, appt_dt d, slot c2{AM|PM|SD}, "
      "kept c1{Y|N|C}")
    t("hsg_elem", "elem_cd* c4, elem_nm v60, life_yr s, dh_key f",
      notes={"dh_key": "a key component of the decent homes standard"})
    t("hsg_scs_surv", "surv_id* b, dwl_id >hsg_dwl, surv_dt d, survr v30, cat1_cnt s, "
      "dh_pass f, sap s",
      notes={"cat1_cnt": "category 1 hazards found (HHSRS: damp and mould, excess cold, "
                         "falls...)",
             "sap": "energy rating (SAP, 1-100)"})
    t("hsg_scs_elem", "surv_id* >hsg_scs_surv, elem_cd* >hsg_elem, cond c1{1|2|3|4}, "
      "rem_life s, rpl_yr s, rpl_cost n",
      notes={"cond": "1 good, 2 fair, 3 poor, 4 failed (replace now)",
             "rem_life": "remaining life in years at the survey",
             "rpl_cost": "surveyor's estimate to replace, GBP"})
    t("hsg_void", "void_id* b, dwl_id >hsg_dwl, tnc_ref >hsg_tnc, void_start d, keys_dt d, "
      "ready_dt d, rlet_dt d, void_rsn c2{NT|DE|EV|TR|AB|MC}, void_cls c1{S|M|X}, "
      "stage @void_stage",
      notes={"void_start": "the day the last tenancy ended (rent stops)",
             "ready_dt": "works finished, ready to let",
             "rlet_dt": "new tenancy starts; blank while still empty",
             "void_cls": "S standard, M major works, X decant or held empty on purpose"})
    t("hsg_void_wo", "wo_id* b, void_id >hsg_void, wo_typ c2{CL|RP|EL|GS|AS|MJ|DC}, "
      "ctr_cd >hsg_ctr, iss_dt d, est_cost n, cmpl_dt d, act_cost n",
      notes={"wo_typ": "CL clearance and clean, RP repairs to the lettable standard, EL "
                       "electrical test, GS gas safety check, AS asbestos survey, MJ major "
                       "works (kitchen, bathroom, rewire), DC decoration allowance",
             "cmpl_dt": "blank: not done yet"})
    t("hsg_wl_app", "app_id* b, nm v120, app_dt d, band c1{A|B|C|D}, bdrm_need s, "
      "sts c1{A|H|C|S}")
    t("hsg_bid", "bid_id* b, app_id >hsg_wl_app, adv_id i, bid_dt d, pos s")
    t("hsg_alloc", "alc_id* b, app_id >hsg_wl_app, dwl_id >hsg_dwl, offer_dt d, acc c1{Y|N}, "
      "rfs_rsn v80")
    t("hsg_ta_plc", "plc_id* b, hh_ref v10, prov_nm v80, plc_typ c2{BB|HO|PS|CN}, "
      "start_dt d, end_dt d, ngt_cost n")
    t("hsg_asb_case", "asb_id* b, dwl_id >hsg_dwl, open_dt d, cat c3, risk c1{L|M|H}, "
      "clse_dt d")
    t("hsg_gas_cert", "cert_id* b, dwl_id >hsg_dwl, insp_dt d, due_dt d, res c1{P|F|N}, "
      "eng v30")
    t("hsg_fra", "fra_id* b, blk_id >hsg_blk, ass_dt d, risk c1{T|L|M|S|I}, actions s, "
      "next_dt d")
    t("hsg_dmp_case", "dmp_id* b, dwl_id >hsg_dwl, rpt_dt d, sev c1{1|2|3}, "
      "cause c3{CND|LKG|PEN|RIS|VNT}, clse_dt d")
    t("hsg_ll_sc", "ll_id* b, dwl_id >hsg_dwl, fin_yr c5, est_amt n, act_amt n, maj_wk n")
    t("hsg_rtb", "rtb_id* b, tnc_ref >hsg_tnc, app_dt d, val n, disc n, cmpl_dt d")


def _resid(db: Db) -> None:
    db.schema("resid")
    db.enum("estado_veh", "ACTIVO", "TALLER", "RESERVA", "BAJA")
    t = db.table
    t("fraccion", "frac_cd* c3, descr v60, color v20")
    t("zona", "zona_cd* c2, descr v60, deposito v60")
    t("ruta", "ruta_cd* v10, descr v80, frac_cd >fraccion, zona_cd >zona, dia_sem s, "
      "frecuencia c1{S|Q|M}, turno c1{M|T|N}, tipo_veh c3, n_puntos i, activa f, alta_dt d",
      notes={"dia_sem": "dia de la semana (1 lunes .. 5 viernes)",
             "frecuencia": "S semanal, Q quincenal, M mensual",
             "turno": "M manana, T tarde, N noche",
             "n_puntos": "puntos de recogida (viviendas y contenedores) de la ruta"})
    t("ruta_calle", "ruta_cd* >ruta, usrn* >civ.st_gaz, orden s, n_puntos s, lado c1{A|P|I}",
      notes={"lado": "A ambos lados, P pares, I impares"})
    t("vehiculo", "matricula* v10, n_flota v6, tipo c3{RCV|RCP|GAN|BAR|FUR|CAJ}, marca v30, "
      "modelo v40, alta_dt d, baja_dt d, carga_t q, vol_m3 s, comb c2{DI|GN|EL|HV}, km i, "
      "propiedad c1{P|L|A}, estado @estado_veh",
      notes={"tipo": "RCV recolector compactador 26 t, RCP recolector pequeno 7,5 t, GAN "
                     "camion de gancho, BAR barredora, FUR furgoneta, CAJ caja abierta "
                     "(retirada de vertidos)",
             "carga_t": "carga util maxima, toneladas",
             "comb": "DI diesel, GN gas natural, EL electrico, HV HVO",
             "propiedad": "P propio, L renting, A alquiler puntual"})
    t("operario", "op_id* i, nombre v80, categ c2{CD|PN|EN|MC}, alta_dt d, baja_dt d, "
      "emp_no v8",
      notes={"categ": "CD conductor, PN peon, EN encargado, MC mecanico",
             "emp_no": "numero de personal del ayuntamiento"})
    t("servicio", "serv_id* b, ruta_cd >ruta, fecha d, matricula >vehiculo, h_sal tm, "
      "h_reg tm, km s, n_ops s, estado c1{C|P|N}, obs v200",
      notes={"h_sal": "hora de salida del deposito",
             "h_reg": "hora de regreso al deposito",
             "estado": "C completada, P parcial (calles pendientes), N no realizada"})
    t("dotacion", "serv_id* >servicio, op_id* >operario, funcion c2")
    t("planta", "planta_cd* c3, descr v80, tipo c3{TRF|CLA|VER|CMP|DIG|VAL}, eur_t n",
      notes={"tipo": "TRF estacion de transferencia, CLA planta de clasificacion, VER "
                     "vertedero, CMP compostaje, DIG digestion anaerobia, VAL valorizacion "
                     "energetica"})
    t("tarifa_planta", "planta_cd* >planta, desde* d, frac_cd* >fraccion, eur_t n")
    t("pesaje", "tkt_id* b, serv_id >servicio, matricula >vehiculo, planta_cd >planta, "
      "fecha d, hora tm, bruto_kg i, tara_kg i, neto_kg i, frac_cd >fraccion",
      notes={"neto_kg": "peso neto descargado en la planta"})
    t("contenedor", "cont_id* b, uprn b, frac_cd >fraccion, litros s, entrega_dt d, "
      "estado c1{A|R|B}")
    t("incidencia", "inc_id* b, fecha d, usrn i, uprn b, ruta_cd >ruta, frac_cd >fraccion, "
      "tipo c3{NRC|CNT|ACC|VEH|DER|CNR}, origen c2{CC|DT|AP}, crm_case b, imputable c1{S|N}, "
      "resuelto_dt d",
      notes={"tipo": "NRC no recogido, CNT contenedor contaminado (no se vacia), ACC sin "
                     "acceso (coches aparcados, obras), VEH averia del vehiculo, DER derrame "
                     "en la via, CNR contenedor no presentado",
             "origen": "CC aviso del centro de atencion del ayuntamiento, DT la dotacion "
                       "(tablet de cabina), AP app ciudadana",
             "ruta_cd": "solo en avisos de la dotacion",
             "imputable": "S fallo del servicio, N causa ajena"})
    t("orden_taller", "ot_id* b, matricula >vehiculo, entrada_dt d, salida_dt d, "
      "tipo c2{PR|CO|IT|SI|NE}, km i, taller c1{I|E}, estado c1{A|C}, descr v200",
      notes={"tipo": "PR preventivo, CO correctivo (averia), IT inspeccion tecnica anual, "
                     "SI siniestro, NE neumaticos",
             "taller": "I taller propio, E taller externo",
             "salida_dt": "vacia mientras el vehiculo sigue en el taller"})
    t("linea_taller", "ot_id* >orden_taller, lin* s, tipo c1{M|P|E}, ref_pieza v30, "
      "descr v120, cant q, importe n",
      notes={"tipo": "M mano de obra (horas), P pieza, E trabajo externo",
             "importe": "importe de la linea (GBP)"})
    t("combustible", "rep_id* b, matricula >vehiculo, fecha d, litros q, km i, surtidor c2")
    t("alquiler_veh", "alq_id* b, sust_de >vehiculo, proveedor v60, matricula_alq v10, "
      "desde d, hasta d, eur_dia n")
    t("vert_ileg", "vert_id* b, fecha d, hora tm, usrn >civ.st_gaz, uprn b, x_crd i, y_crd i, "
      "tipo_res c3{BLS|VOL|ELE|CON|NEU|AMI|JAR|MIX}, tamano c2{SB|BB|CB|SV|TV|TL|SL}, "
      "terreno c2{HW|FP|AL|PK|PR}, origen c2{CC|IN|AP}, crm_case b, pruebas f",
      notes={"tipo_res": "BLS bolsas de basura domestica, VOL voluminosos (muebles, "
                         "colchones), ELE electrodomesticos, CON escombros de obra, NEU "
                         "neumaticos, AMI amianto, JAR restos de jardin, MIX mezcla",
             "tamano": "SB una bolsa, BB varias bolsas, CB maletero de coche, SV furgoneta "
                       "pequena, TV furgoneta grande, TL camion volquete, SL varias cargas",
             "terreno": "HW calzada, FP acera, AL callejon trasero, PK parque, PR privado",
             "pruebas": "se encontraron pruebas (nombres, direcciones)"})
    t("ord_retir", "ord_id* b, vert_id >vert_ileg, asig_dt d, retir_dt d, equipo v10, "
      "matricula >vehiculo, kg i, horas q, coste n, planta_cd >planta",
      notes={"coste": "coste de la retirada: personal, vehiculo y tasa de vertido (GBP)"})
    t("camara", "cam_id* v8, usrn >civ.st_gaz, inst_dt d, ret_dt d, tipo c1{F|M}")
    t("sancion", "fpn_id* v10, vert_id >vert_ileg, emis_dt d, importe n, pagado_dt d, "
      "estado c1{P|I|A|J}")
    t("punto_limpio", "pl_cd* c3, descr v80, usrn >civ.st_gaz, horario v80")
    t("visita_pl", "vis_id* b, pl_cd >punto_limpio, fecha d, matricula_cli v10, frac v20, "
      "kg i")
    t("papelera", "pap_id* v10, usrn >civ.st_gaz, litros s, vaciado_sem s")
    t("limp_viaria", "sector* v8, usrn* >civ.st_gaz, frecuencia c1{D|S|Q|M}, "
      "metodo c2{MA|MC|BA}")
    t("cli_comercial", "cli_id* i, razon v120, uprn b, cif v12, alta_dt d")
    t("contrato_com", "ctr_id* i, cli_id >cli_comercial, frac_cd >fraccion, litros s, "
      "frec_sem s, eur_ano n, desde d, hasta d")
    t("gps_traza", "matricula* v10, ts* ts, lat r, lon r, vel s")


def _vergun(db: Db) -> None:
    db.schema("vergun")
    db.enum("risico_klasse", "LAAG", "MIDDEN", "HOOG")
    t = db.table
    t("zaaktype", "zt_cd* v10, omschr v120, procedure c1{R|U}, termijn_wk s, verdaging_wk s, "
      "leges_cd v8, actief f",
      notes={"procedure": "R reguliere procedure, U uitgebreide procedure",
             "termijn_wk": "wettelijke beslistermijn in weken",
             "verdaging_wk": "met hoeveel weken de termijn eenmaal verdaagd mag worden"})
    t("aanvraag", "aanvr_nr* v12, zt_cd >zaaktype, olo_nr v12, ontv_dt d, uprn b, "
      "locatie v160, aanvrager v120, gemachtigde v120, bouwsom n, behandelaar v10, "
      "status c2{ON|IB|AH|BS|IT|BB}",
      notes={"olo_nr": "nummer in het landelijke omgevingsloket",
             "status": "ON ontvangen, IB in behandeling, AH aangehouden, BS besloten, IT "
                       "ingetrokken, BB buiten behandeling gesteld",
             "behandelaar": "medewerkercode van de casemanager"})
    t("opschorting", "ops_id* b, aanvr_nr >aanvraag, van_dt d, tot_dt d, reden c2{AG|ZG|BT}",
      notes={"reden": "AG aanvullende gegevens gevraagd, ZG overleg met de aanvrager, "
                      "BT wachten op betaling leges"})
    t("besluit", "bsl_id* b, aanvr_nr >aanvraag, bsl_dt d, uitkomst c2{VL|DV|GW|BB|VR}, "
      "verdaagd f, bekend_dt d, ondert v10",
      notes={"uitkomst": "VL verleend, DV deels verleend, GW geweigerd, BB buiten "
                         "behandeling, VR van rechtswege verleend",
             "verdaagd": "beslistermijn eenmaal verdaagd",
             "bekend_dt": "datum bekendmaking"})
    t("advies", "adv_id* b, aanvr_nr >aanvraag, adviseur c3{WEL|BRW|MIL|ERF|VRK}, "
      "gevr_dt d, ontv_dt d, strekking c1{P|N|V}")
    t("leges_tarief", "leges_cd* v8, jaar* s, omschr v120, pct r, min_bedrag n")
    t("leges_regel", "lr_id* b, aanvr_nr >aanvraag, leges_cd v8, bedrag n, factuur_dt d, "
      "betaald_dt d")
    t("bezwaar", "bzw_id* b, bsl_id >besluit, ontv_dt d, indiener v120, "
      "uitkomst c2{GG|OG|NO|IT}, uitspraak_dt d")
    t("beroep", "brp_id* b, bzw_id >bezwaar, rechtbank v40, zitting_dt d, uitspraak c2")
    t("inrichting", "inr_id* i, naam v120, kvk_nr c8, uprn b, adres v160, "
      "soort c3{CAF|RES|NAC|SNB|SLY|HOT|SUP|SHI}, sluit_ma_do tm, sluit_vr_za tm, terras f, "
      "capaciteit s, risico @risico_klasse, actief f",
      notes={"soort": "CAF cafe of pub, RES restaurant, NAC nachtclub, SNB snackbar of "
                      "afhaal, SLY slijterij, HOT hotel, SUP supermarkt, SHI shishalounge",
             "sluit_vr_za": "sluitingstijd vrijdag en zaterdag volgens de vergunning"})
    t("exploit_verg", "verg_nr* v12, inr_id >inrichting, soort c3{ALV|EXP|TER|SPA|LAT}, "
      "geldig_van d, geldig_tot d, status c1{A|S|I|V}, leidinggevende v120",
      notes={"soort": "ALV alcoholvergunning, EXP exploitatievergunning, TER "
                      "terrasvergunning, SPA speelautomaten, LAT ontheffing late sluiting",
             "status": "A actief, S geschorst, I ingetrokken, V verlopen"})
    t("controle", "ctr_id* b, inr_id >inrichting, ctr_dt d, ctr_tijd tm, toezichth v10, "
      "soort c2{RG|AV|HC|NM|GZ}, resultaat c1{G|O|N}, duur_min s",
      notes={"soort": "RG reguliere controle, AV avond- of nachtcontrole, HC hercontrole, "
                      "NM naar aanleiding van meldingen, GZ samen met de politie",
             "resultaat": "G in orde, O overtreding(en) geconstateerd, N gesloten of niemand "
                          "aangetroffen"})
    t("overtreding", "ovt_id* b, ctr_id >controle, artikel v20, omschr v200, ernst c1{L|M|Z}, "
      "sanctie c3{WAA|LOD|BSB|SLU|SCH|INT}, sanctie_dt d",
      notes={"ernst": "L licht, M middel, Z zwaar",
             "sanctie": "WAA waarschuwing, LOD last onder dwangsom, BSB bestuurlijke boete, "
                        "SLU tijdelijke sluiting, SCH schorsing vergunning, INT intrekking"})
    t("melding", "mld_id* b, ontv_ts ts, kanaal c2{TF|WB|AP|PO|CC}, "
      "categorie c3{GEL|OVL|AFV|PRK|DRG|GEW|OVR}, inr_id >inrichting, locatie v160, "
      "crm_case b, afgehandeld_dt d",
      notes={"kanaal": "TF telefoon, WB webformulier, AP app, PO politie, CC via het "
                       "klantcontactcentrum",
             "categorie": "GEL geluidsoverlast, OVL overlast bezoekers, AFV afval, PRK "
                          "parkeren, DRG drugs, GEW geweld, OVR overig",
             "inr_id": "de inrichting waarover gemeld wordt, als die bekend is"})
    t("dwangsom", "dws_id* b, ovt_id >overtreding, bedrag n, max_bedrag n, verbeurd n, "
      "invorder_dt d")
    t("parkeerzone", "zone_cd* c3, omschr v80, tarief_uur n")
    t("parkeerverg", "pv_nr* v10, zone_cd >parkeerzone, kenteken v10, uprn b, "
      "soort c2{BW|BZ|MZ|ZO}, van d, tot d, bedrag n")
    t("evenement", "evt_id* b, naam v120, locatie v160, van_dt d, tot_dt d, bezoekers i, "
      "categorie c1{A|B|C}, besluit c1")
    t("standplaats", "stp_id* v8, locatie v120, dag s, houder v120, tarief n")
    t("taxi_verg", "tv_nr* v10, houder v120, kenteken v10, soort c2{HC|PH}, van d, tot d")


def _noise(db: Db) -> None:
    """Copies, staging, satellites and system tables, schema by schema."""
    t = db.table
    db.schema("civ")
    db.copy("ctax_acct", "ctax_acct_bak", "backup before the 2017 revaluation reload")
    db.copy("crm_case", "crm_case_arch", "archive: contact centre cases before 2022")
    db.copy("emp", "emp_old")
    db.copy("st_gaz", "st_gaz_2014", "gazetteer as loaded in 2014 - do not use")
    db.copy("ndr_hered", "tmp_ndr_reval")
    db.copy("fin_ap_inv", "fin_ap_inv_1920", "invoices of 2019/20 from the old ledger")
    t("stg_crm_web", "imp_id* b, payload t, imp_ts ts", "staging: web form submissions")
    t("stg_bacs_in", "imp_id* b, file_nm v80, raw t, imp_ts ts")
    t("stg_gaz_upd", "imp_id* b, usrn i, payload t, imp_ts ts", "staging: gazetteer updates")
    for table, kinds in (("crm_case", "note att"), ("ctax_acct", "aud note"),
                         ("ndr_hered", "note"), ("hw_dfct", "att"), ("pk_site", "note"),
                         ("fin_sup", "aud")):
        satellites(db, table, kinds.split())
    t("sys_usr", "usr_id* v30, emp_no v8, nm v80, last_lgn ts, actv_fl f")
    t("sys_param", "param_cd* v40, param_val v200")
    t("sys_job_log", "job_id* b, job_nm v60, start_ts ts, end_ts ts, rc s", "batch job log")

    db.schema("housing")
    db.copy("hsg_rep_ord", "hsg_rep_ord_arch", "repairs closed before April 2020")
    db.copy("hsg_dwl", "hsg_dwl_bak")
    db.copy("hsg_void", "tmp_void_mig")
    t("stg_ctr_inv", "imp_id* b, ctr_cd v6, payload t, imp_ts ts",
      "staging: contractors' invoice files")
    for table, kinds in (("hsg_tnc", "note att"), ("hsg_dwl", "note"), ("hsg_rep_ord", "aud")):
        satellites(db, table, kinds.split())
    t("hsg_param", "param_cd* v40, param_val v200")

    db.schema("resid")
    db.copy("servicio", "servicio_hist", "historico de servicios anteriores a 2023")
    db.copy("vehiculo", "vehiculo_old")
    db.copy("pesaje", "tmp_pesaje_imp")
    t("stg_bascula", "imp_id* b, linea t, f_imp ts", "importacion de la bascula (bruto)")
    t("stg_gps", "imp_id* b, linea t, f_imp ts")
    for table, kinds in (("vert_ileg", "att"), ("incidencia", "note"),
                         ("orden_taller", "att")):
        satellites(db, table, kinds.split())
    t("usuario", "usr_cd* v20, nombre v80, perfil v20", "usuarios de la aplicacion")
    t("parametro", "clave* v40, valor v200")
    t("bitacora", "bit_id* b, usr_cd v20, f_hora ts, accion v60")

    db.schema("vergun")
    db.copy("aanvraag", "aanvraag_oud", "aanvragen uit het vorige systeem (voor 2019)")
    db.copy("melding", "tmp_melding_conv")
    t("stg_olo", "imp_id* b, bericht t, ontv_ts ts", "import berichten omgevingsloket")
    t("stg_dso", "imp_id* b, bericht t, ontv_ts ts")
    for table, kinds in (("aanvraag", "att note"), ("inrichting", "note"),
                         ("controle", "att")):
        satellites(db, table, kinds.split())
    t("gebruiker", "gbr_cd* v20, naam v80, rol v20")
    t("logboek", "log_id* b, gbr_cd v20, tijdstip ts, actie v60")
    t("instelling", "sleutel* v40, waarde v200")


def _views(db: Db) -> None:
    db.schema("civ")
    db.view("v_ctax_live", "SELECT a.ctax_ref, a.uprn, a.band, a.liab_nm FROM civ.ctax_acct a "
            "WHERE a.sts = 'L'", "live council tax accounts")
    db.view("v_crm_open", "SELECT c.case_id, c.svc_cd, c.rcv_ts, c.usrn FROM civ.crm_case c "
            "WHERE c.sts IN ('O', 'A')")
    db.schema("housing")
    db.view("v_hsg_void_open", "SELECT v.void_id, v.dwl_id, v.void_start, v.void_cls "
            "FROM housing.hsg_void v WHERE v.rlet_dt IS NULL", "homes empty now")
    db.view("v_hsg_stock", "SELECT d.dwl_id, d.blk_id, d.dwl_typ, d.bdrm FROM housing.hsg_dwl d "
            "WHERE d.sts IN ('L', 'V')")
    db.schema("resid")
    db.view("v_rutas_activas", "SELECT r.ruta_cd, r.frac_cd, r.dia_sem FROM resid.ruta r "
            "WHERE r.activa")
    db.schema("vergun")
    db.view("v_aanvr_lopend", "SELECT a.aanvr_nr, a.zt_cd, a.ontv_dt FROM vergun.aanvraag a "
            "WHERE a.status IN ('ON', 'IB', 'AH')", "lopende aanvragen")


_AUDITED = {  # schema: the columns its system stamps, and the tables it stamps them on
    "civ": (("crt_ts", "crt_usr", "upd_ts", "upd_usr"),
            ["st_gaz", "prop_reg", "ctax_acct", "ndr_hered", "ndr_acct", "ndr_rlf", "crm_case",
             "fin_sup", "fin_ctr", "fin_po", "emp", "hw_dfct", "pk_site", "hw_clm"]),
    "housing": (("created_on", "created_by", "modified_on", "modified_by"),
                ["hsg_blk", "hsg_dwl", "hsg_tnc", "hsg_rep_ord", "hsg_void", "hsg_scs_surv"]),
    "resid": (("f_alta", "usr_alta", "f_modif", "usr_modif"),
              ["ruta", "vehiculo", "servicio", "incidencia", "vert_ileg", "orden_taller",
               "operario"]),
    "vergun": (("aangemaakt_op", "aangemaakt_door", "gewijzigd_op", "gewijzigd_door"),
               ["aanvraag", "besluit", "inrichting", "controle", "melding", "exploit_verg"]),
}


def _audit_columns(db: Db) -> None:
    for schema, (names, tables) in _AUDITED.items():
        stamped(db, names, [f"{schema}.{bare}" for bare in tables],
                dt.datetime(2026, 1, 4, 6, 40), "CONV")


_COMMENTS = {
    "civ.ward": "Electoral wards", "civ.st_gaz": "Street gazetteer (NSG)",
    "civ.prop_reg": "Local land and property gazetteer: addressable properties",
    "civ.ctax_band": "Council tax bands", "civ.ctax_acct": "Council tax accounts",
    "civ.ctax_disc": "Council tax discounts and exemptions",
    "civ.ctax_rcv": "Council tax recovery action", "civ.ndr_hered": "Business rates "
                                                                    "hereditaments",
    "civ.ndr_acct": "Business rates accounts (one per ratepayer and period)",
    "civ.ndr_rlf": "Business rates reliefs awarded", "civ.ndr_insp": "Business rates "
                                                                     "inspection visits",
    "civ.crm_svc": "Contact centre service request types",
    "civ.crm_case": "Contact centre cases (service requests and reports)",
    "civ.cmpl_frm": "Formal complaints", "civ.foi_req": "Information requests",
    "civ.hw_sect": "Highway network sections", "civ.hw_cond": "Carriageway condition surveys",
    "civ.hw_dfct": "Highway defects found and repaired",
    "civ.hw_clm": "Third-party claims against the highway authority",
    "civ.hw_lamp": "Street lighting columns", "civ.pk_site": "Parks and open spaces",
    "civ.pk_insp": "Cleanliness inspections of parks",
    "civ.pk_wk_log": "Grounds maintenance work done, per visit",
    "civ.pk_tree": "Tree register", "civ.fin_sup": "Suppliers (creditors)",
    "civ.fin_ctr": "Contracts register", "civ.fin_po": "Purchase orders",
    "civ.fin_ap_inv": "Supplier invoices (accounts payable)", "civ.fin_cc": "Cost centres",
    "civ.emp": "Employees", "civ.pay_ln": "Payroll results per run and element",
    "civ.el_reg": "Electoral register", "civ.cllr": "Councillors",
    "civ.it_ast": "IT asset register",
    "housing.hsg_est": "Estates", "housing.hsg_blk": "Blocks of flats",
    "housing.hsg_dwl": "Council-owned dwellings", "housing.hsg_rent_sch": "Rent charged per "
                                                                          "dwelling and year",
    "housing.hsg_tnc": "Tenancies", "housing.hsg_rent_acct": "Rent accounts",
    "housing.hsg_rep_ord": "Responsive repairs orders",
    "housing.hsg_sor": "Schedule of rates", "housing.hsg_scs_surv": "Stock condition surveys",
    "housing.hsg_scs_elem": "Stock condition: state of each element at the survey",
    "housing.hsg_void": "Void (empty) periods", "housing.hsg_void_wo": "Void works orders",
    "housing.hsg_wl_app": "Housing register applications",
    "housing.hsg_ta_plc": "Temporary accommodation placements",
    "resid.ruta": "Rutas de recogida", "resid.ruta_calle": "Calles de cada ruta",
    "resid.vehiculo": "Flota de vehiculos", "resid.servicio": "Servicios diarios por ruta",
    "resid.pesaje": "Tickets de bascula", "resid.planta": "Plantas de destino",
    "resid.incidencia": "Incidencias de recogida", "resid.orden_taller": "Ordenes de taller",
    "resid.linea_taller": "Lineas de las ordenes de taller",
    "resid.vert_ileg": "Vertidos ilegales (fly-tipping)",
    "resid.ord_retir": "Ordenes de retirada de vertidos",
    "resid.punto_limpio": "Puntos limpios (household waste recycling centres)",
    "vergun.zaaktype": "Zaaktypen met wettelijke termijnen",
    "vergun.aanvraag": "Aanvragen omgevingsvergunning",
    "vergun.besluit": "Besluiten op aanvragen", "vergun.bezwaar": "Bezwaarschriften",
    "vergun.inrichting": "Horeca-inrichtingen en andere vergunde locaties",
    "vergun.controle": "Controles toezicht en handhaving",
    "vergun.melding": "Meldingen van overlast", "vergun.parkeerverg": "Parkeervergunningen",
    "civ.pol_dist": "Polling districts", "civ.ctax_arr": "Council tax payment arrangements",
    "civ.hw_prog": "Highway capital programme", "civ.hw_gully": "Gully (road drain) register",
    "civ.pk_allot": "Allotment plots and tenants", "civ.fin_bud": "Revenue budget and forecast",
    "civ.fin_pcard": "Purchase card transactions", "civ.hr_abs": "Staff absence",
    "civ.el_elect": "Elections held", "civ.it_lic": "Software licences",
    "housing.hsg_gas_cert": "Landlord gas safety records", "housing.hsg_fra": "Fire risk "
                                                                            "assessments",
    "resid.contenedor": "Contenedores entregados por vivienda",
    "resid.combustible": "Repostajes", "vergun.dwangsom": "Dwangsommen",
    "vergun.evenement": "Evenementenvergunningen",
}


_WARDS = [  # code, name, area, deprivation decile, electors
    ("ABB", "Abbey", "C", 4, 7900), ("CAS", "Castle", "C", 3, 8200),
    ("MIL", "Millbrook", "N", 2, 8600), ("NGT", "Northgate", "N", 5, 7400),
    ("RIV", "Riverside", "C", 1, 9100), ("STM", "St Mary's", "S", 7, 7000),
    ("SFD", "Southfields", "S", 6, 7700), ("WWD", "Westwood", "S", 9, 6900),
    ("EBK", "Eastbrook", "N", 3, 8800), ("KMD", "Kingsmead", "S", 8, 7200),
    ("OFD", "Oldfield", "R", 8, 5100), ("BRK", "Brookside", "R", 10, 4800)]
_PREF = ["Mill", "Church", "Station", "Victoria", "Albert", "King", "Queen", "Park", "Hill",
         "Grange", "Orchard", "Meadow", "Willow", "Oak", "Ash", "Beech", "Elm", "Chestnut",
         "Hawthorn", "Rowan", "Castle", "Abbey", "Bridge", "Market", "Field", "Brook",
         "Spring", "Well", "Farm", "Manor", "Priory", "Chapel", "School", "Forge", "Tanner",
         "Cooper", "Mason", "Granary", "Wharf", "Canal", "Railway", "Foundry", "Kiln", "Cedar",
         "Larch", "Heather", "Bramble", "Fox", "Badger", "Kestrel"]
_SUF = ["Road", "Street", "Lane", "Avenue", "Close", "Way", "Drive", "Crescent", "Grove",
        "Terrace", "Walk", "Gardens"]
_FIRST = ["Amy", "Ben", "Chloe", "Dan", "Emma", "Faisal", "Grace", "Harry", "Imran", "Jade",
          "Kyle", "Leah", "Mohammed", "Nina", "Owen", "Priya", "Ryan", "Sophie", "Tom", "Zara"]
_LAST = ["Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Johnson", "Davies",
         "Patel", "Wright", "Khan", "Walker", "Evans", "Hughes", "Green", "Hall", "Ahmed",
         "Clarke", "Lewis", "Turner", "Kowalski", "Begum", "Price"]

Street = tuple[int, str, str, int, str, int]
"""usrn, ward, name, households, road class, length in metres"""
Prop = Callable[..., int]
"""adds a property to the register: (street, class, number or name[, flat]) -> its UPRN"""
Home = tuple[int, int, int | None, str | None, str, int, int, int, str, str, str]
"""a dwelling's row: id, UPRN, block, estate, type, bedrooms, floor, built, tenure, status, EPC"""


def _day(rnd: random.Random, start: dt.date, end: dt.date) -> dt.date:
    return start + dt.timedelta(days=rnd.randint(0, (end - start).days))


def _person(n: int) -> str:
    return f"{_FIRST[n % len(_FIRST)]} {_LAST[(n * 7) % len(_LAST)]}"


def _poisson(rnd: random.Random, mean: float) -> int:
    """A small Poisson draw (counts of events)."""
    count, limit, p = 0, 2.718281828 ** -min(mean, 60.0), rnd.random()
    while p > limit:
        count += 1
        p *= rnd.random()
    return count


class _Crm:
    """Contact centre cases raised by the other modules' generators."""

    def __init__(self, rnd: random.Random) -> None:
        self.rnd = rnd
        self.rows: list[tuple[Value, ...]] = []

    def add(self, svc: str, day: dt.date, usrn: int | None, ward: str | None,
            asset: str | None = None, text: str | None = None) -> int:
        rnd = self.rnd
        cid = 2_500_001 + len(self.rows)
        opened = dt.datetime.combine(day, dt.time(rnd.randint(7, 21), rnd.randint(0, 59)))
        closed = opened + dt.timedelta(hours=rnd.randint(4, 300))
        self.rows.append((cid, opened, rnd.choice(["PH", "PH", "WB", "WB", "AP", "EM", "CL"]),
                          svc, 300_001 + rnd.randrange(400), None, usrn, asset, text, ward,
                          rnd.choice(["P2", "P3", "P3", "P4"]),
                          "C" if closed < dt.datetime(2025, 12, 31) else "A",
                          closed if closed < dt.datetime(2025, 12, 31) else None,
                          rnd.random() < 0.12, None))
        return cid


def _rows(db: Db) -> None:
    rnd = random.Random(4471)
    crm = _Crm(rnd)
    streets, prop = _places(db, rnd)
    _lookups(db, rnd)
    sups = _finance(db, rnd)
    _rates(db, rnd, streets, prop)
    _highways(db, rnd, streets, crm)
    _parks(db, rnd, crm)
    fleet = _fleet(db, rnd)
    _rounds(db, rnd, streets, fleet, crm)
    _flytips(db, rnd, streets, crm)
    _homes(db, rnd, streets, prop, sups)
    _permits(db, rnd, streets)
    _licensing(db, rnd, streets, crm)
    db.schema("civ")
    for _ in range(1800):  # the rest of the contact centre's year
        st = rnd.choice(streets)
        crm.add(rnd.choice(["CTX-ENQ", "CTX-ENQ", "HSG-REP", "WST-BIN", "WST-BLK", "HWY-LGT",
                            "HWY-DRN", "STR-GRF", "EHN-NOI", "PLN-ENF", "STR-LIT"]),
                _day(rnd, dt.date(2025, 1, 1), dt.date(2025, 12, 31)), st[0], st[1])
    db.rows("crm_case", crm.rows)


def _places(db: Db, rnd: random.Random) -> tuple[list[Street], Prop]:
    """Wards, streets and a property register that the other modules add to."""
    db.schema("civ")
    db.rows("ward", [(cd, nm, area, imd, el, 3 if el > 6000 else 2)
                     for cd, nm, area, imd, el in _WARDS])
    names = rnd.sample([f"{p} {s}" for p in _PREF for s in _SUF], 120)
    streets: list[Street] = []
    for n, name in enumerate(names):
        ward = _WARDS[n // 10][0]
        cls = "B" if n % 10 == 0 else "A" if n % 30 == 1 else "C" if n % 10 == 2 else "U"
        streets.append((8_400_001 + n, ward, name, rnd.randint(25, 200), cls,
                        rnd.randint(150, 1600) * (2 if cls in "AB" else 1)))
    town = {"OFD": "Oldfield", "BRK": "Brookside"}
    db.rows("st_gaz", [(u, nm, dict((w[0], w[1]) for w in _WARDS)[wd], town.get(wd, "Harwick"),
                        wd, "1", cls, ln, True, "CCC" if cls == "A" else "LBC")
                       for u, wd, nm, _, cls, ln in streets])
    db.rows("prop_cls", [("RD02", "Detached house"), ("RD03", "Semi-detached house"),
                         ("RD04", "Terraced house"), ("RD06", "Self-contained flat"),
                         ("CR01", "Shop"), ("CO01", "Office"), ("CI03", "Workshop or light "
                                                                        "industrial"),
                         ("CW02", "Warehouse"), ("CR06", "Public house or bar"),
                         ("CR07", "Restaurant or takeaway"), ("CH01", "Hotel or guest house")])
    rows: list[tuple[Value, ...]] = []
    wards = [w[0] for w in _WARDS]

    def prop(st: Street, cls: str, paon: str, saon: str | None = None) -> int:
        uprn = 100_070_000_001 + len(rows)
        wi = wards.index(st[1])
        rows.append((uprn, st[0], paon, saon, f"HW{wi + 1} {len(rows) % 9 + 1}"
                     f"{'ABDEFGHJLNPQRSTUWXYZ'[len(rows) % 20]}{'ABDEFGHJLN'[st[0] % 10]}",
                     st[1], cls, "1", 452_000 + st[0] % 997 * 7, 318_000 + len(rows) * 3,
                     dt.date(2009, 6, 1)))
        return uprn

    db.tables["civ.prop_reg"].rows = rows
    return streets, prop


def _lookups(db: Db, rnd: random.Random) -> None:
    db.schema("civ")
    db.rows("ctax_band", [("A", 0.0, 40000.0, 6, 1561.40), ("B", 40001.0, 52000.0, 7, 1821.63),
                          ("C", 52001.0, 68000.0, 8, 2081.86), ("D", 68001.0, 88000.0, 9,
                                                                   2342.09),
                          ("E", 88001.0, 120000.0, 11, 2862.55),
                          ("F", 120001.0, 160000.0, 13, 3383.02),
                          ("G", 160001.0, 320000.0, 15, 3903.49),
                          ("H", 320001.0, None, 18, 4684.18)])
    db.rows("dept", [("WST", "Waste and recycling", "ENV", None),
                     ("STR", "Street scene and cleansing", "ENV", None),
                     ("PKS", "Parks and open spaces", "COM", None),
                     ("HWY", "Highways and transport", "ENV", None),
                     ("HSG", "Housing management", "HSG", None),
                     ("HRP", "Housing repairs", "HSG", None),
                     ("PLN", "Planning and building control", "PLN", None),
                     ("LIC", "Licensing and regulatory services", "PLN", None),
                     ("EHN", "Environmental health", "PLN", None),
                     ("REV", "Revenues and benefits", "RES", None),
                     ("FIN", "Finance and procurement", "RES", None),
                     ("HRS", "Human resources", "RES", None),
                     ("ICT", "ICT", "RES", None), ("DEM", "Democratic services", "CEX", None)])
    db.rows("crm_svc", [
        ("WST-MIS", "Missed bin collection", "WST", 48, True),
        ("WST-BIN", "New or replacement bin", "WST", 240, True),
        ("WST-BLK", "Bulky waste collection", "WST", 240, True),
        ("WST-FLY", "Fly-tipping report", "STR", 72, True),
        ("STR-LIT", "Litter or dirty street", "STR", 72, True),
        ("STR-GRF", "Graffiti", "STR", 120, True),
        ("PKS-LIT", "Litter or overflowing bins in a park", "PKS", 72, True),
        ("PKS-DMG", "Damaged play equipment or park furniture", "PKS", 48, True),
        ("PKS-GRS", "Grass or hedges in a park", "PKS", 240, True),
        ("HWY-POT", "Pothole or road defect", "HWY", 120, True),
        ("HWY-LGT", "Street light not working", "HWY", 168, True),
        ("HWY-DRN", "Blocked drain or flooding", "HWY", 48, True),
        ("LIC-NOI", "Noise or nuisance from a licensed premises", "LIC", 120, True),
        ("EHN-NOI", "Noise from a neighbour", "EHN", 120, True),
        ("HSG-REP", "Council home repair", "HRP", 24, True),
        ("CTX-ENQ", "Council tax enquiry", "REV", 120, False),
        ("PLN-ENF", "Possible breach of planning", "PLN", 480, True)])
    db.rows("crm_cust", [(300_001 + k, _person(k), f"resident{k}@example.net",
                          f"01632 {100000 + k * 37 % 900000}", None, dt.date(2015 + k % 10, 1, 1))
                         for k in range(400)])
    db.rows("pk_task", [("LP", "Litter pick", 45), ("BE", "Empty litter bins", 20),
                        ("GC", "Grass cutting", 90), ("HC", "Hedge cutting", 120),
                        ("SB", "Shrub bed maintenance", 60), ("PI", "Play area inspection",
                                                              15),
                        ("LV", "Leaf clearance", 90)])
    db.rows("pk_crew", [("GM-N1", "North grounds crew", "Millbrook depot", 4),
                        ("GM-S1", "South grounds crew", "Kingsmead depot", 4),
                        ("GM-C1", "Town centre crew", "Abbey yard", 3),
                        ("GM-R1", "Rural crew", "Oldfield depot", 2),
                        ("LP-M1", "Mobile litter team", "Abbey yard", 2)])
    db.schema("resid")
    db.rows("fraccion", [("RES", "Resto (no reciclable)", "gris"),
                         ("REC", "Reciclaje mezclado (envases y papel)", "azul"),
                         ("ORG", "Restos de jardin (suscripcion)", "marron"),
                         ("ALI", "Organica alimentaria", "cubo verde"),
                         ("VID", "Vidrio", "caja negra")])
    db.rows("zona", [("NO", "Norte", "Deposito Millbrook"), ("SU", "Sur", "Deposito Kingsmead"),
                     ("CE", "Centro", "Deposito Millbrook"), ("RU", "Rural",
                                                               "Deposito Kingsmead")])
    db.rows("planta", [("TRF", "Estacion de transferencia Harwick", "TRF", 118.0),
                       ("MRF", "Planta de clasificacion Eastbrook", "CLA", 46.0),
                       ("CMP", "Compostaje Oldfield Farm", "CMP", 32.0),
                       ("ADP", "Digestion anaerobia Brookside", "DIG", 38.0),
                       ("VER", "Vertedero Stonepit Lane", "VER", 126.0)])
    db.schema("vergun")
    db.rows("zaaktype", [(*z, True) for z in _ZAAK])


_ZAAK = [  # code, name, procedure, weeks to decide, weeks it may be extended, fee code
    ("BOUW-R", "Bouwen: verbouwing, aanbouw of dakkapel (regulier)", "R", 8, 6, "LG01"),
    ("BOUW-U", "Bouwen: nieuwbouw groter project (uitgebreid)", "U", 26, 6, "LG01"),
    ("KAP", "Kappen van een boom (tree works)", "R", 8, 6, "LG04"),
    ("MON", "Wijzigen van een monument (listed building consent)", "R", 8, 6, "LG05"),
    ("UITR", "Uitrit of inrit aanleggen (dropped kerb)", "R", 8, 6, "LG06"),
    ("AFW", "Afwijken van het bestemmingsplan (change of use)", "U", 26, 6, "LG02"),
    ("SLOOP", "Slopen in beschermd gebied", "R", 8, 6, "LG07"),
    ("RECL", "Reclame of lichtbak (advertisement consent)", "R", 8, 6, "LG08"),
    ("MIL", "Milieu: bedrijf met vergunningplicht", "U", 26, 6, "LG09"),
    ("BRV", "Brandveilig gebruik (HMO and assembly)", "R", 8, 6, "LG10")]


_CATS = [  # code, name, share of suppliers
    ("FLT", "Fleet vehicles, parts and tyres"), ("WDS", "Waste disposal and haulage"),
    ("HRM", "Housing repairs and maintenance"), ("HWY", "Highways works and materials"),
    ("GRD", "Grounds maintenance and arboriculture"),
    ("ICT", "ICT hardware, software and services"),
    ("PRF", "Professional services and consultancy"), ("AGY", "Agency staff"),
    ("FAC", "Facilities, cleaning and security"), ("ENG", "Energy and utilities")]
_TRADE = {"FLT": ["Commercial Vehicles", "Tyres", "Truck Parts"], "WDS": ["Skip Hire",
                                                                          "Haulage"],
          "HRM": ["Building Services", "Roofing", "Plumbing and Heating", "Electrical"],
          "HWY": ["Surfacing", "Civil Engineering", "Aggregates"],
          "GRD": ["Tree Surgeons", "Landscapes"], "ICT": ["Digital", "IT Solutions"],
          "PRF": ["Consulting", "Surveyors", "Legal LLP"], "AGY": ["Recruitment",
                                                                   "Staffing"],
          "FAC": ["Cleaning Services", "Security"], "ENG": ["Energy", "Water"]}
_SUP_NAMES = ["Harwick", "Northgate", "Castle", "Pennine", "Midshire", "Kestrel", "Apex",
              "Riverside", "Oakfield", "Summit", "Crown", "Beacon", "Brookside", "Vale",
              "Meridian", "Anchor", "Sterling", "Phoenix", "Granite", "Horizon"]


def _finance(db: Db, rnd: random.Random) -> dict[str, list[int]]:
    """Suppliers, their contracts, orders and invoices: the suppliers by category."""
    db.schema("civ")
    db.rows("fin_cat", [(cd, nm, f"E{10010 + n % 3}") for n, (cd, nm) in enumerate(_CATS)])
    ccs = [("WST01", "Refuse collection", "WST"), ("WST02", "Recycling collection", "WST"),
           ("WST03", "Fleet workshop", "WST"), ("STR01", "Street cleansing", "STR"),
           ("PKS01", "Parks grounds maintenance", "PKS"), ("HWY01", "Highways maintenance",
                                                            "HWY"),
           ("HRP01", "Responsive repairs", "HRP"), ("HRP02", "Voids", "HRP"),
           ("HSG01", "Housing management", "HSG"), ("ICT01", "ICT infrastructure", "ICT"),
           ("FIN01", "Finance", "FIN"), ("PLN01", "Development management", "PLN")]
    db.rows("fin_cc", [(cd, nm, dpt, None) for cd, nm, dpt in ccs])
    db.rows("fin_gl", [("4100", "Materials and supplies", "E"), ("4200", "Contractors", "E"),
                       ("4300", "Vehicle repairs and parts", "E"), ("4400", "Agency staff",
                                                                    "E"),
                       ("4500", "Consultancy", "E"), ("4600", "ICT licences and support",
                                                      "E"),
                       ("4700", "Disposal and gate fees", "E"), ("4800", "Energy", "E"),
                       ("9100", "Fees and charges income", "I")])
    cc_of = {"FLT": "WST03", "WDS": "WST01", "HRM": "HRP01", "HWY": "HWY01", "GRD": "PKS01",
             "ICT": "ICT01", "PRF": "FIN01", "AGY": "WST01", "FAC": "FIN01", "ENG": "FIN01"}
    gl_of = {"FLT": "4300", "WDS": "4700", "HRM": "4200", "HWY": "4200", "GRD": "4200",
             "ICT": "4600", "PRF": "4500", "AGY": "4400", "FAC": "4200", "ENG": "4800"}
    sups: list[tuple[Value, ...]] = []
    ctrs: list[tuple[Value, ...]] = []
    pos: list[tuple[Value, ...]] = []
    invs: list[tuple[Value, ...]] = []
    by_cat: dict[str, list[int]] = {}
    for k in range(84):
        cat = _CATS[k % len(_CATS)][0]
        sid = 20_001 + k
        name = (f"{_SUP_NAMES[(k * 7) % len(_SUP_NAMES)]} "
                f"{_TRADE[cat][k % len(_TRADE[cat])]} {'Ltd' if k % 5 else 'Limited'}")
        sups.append((sid, name, f"{8_100_000 + k * 131}", f"GB{300000000 + k * 977}",
                     f"HW{k % 9 + 1} {k % 7 + 1}AB", k % 3 != 0, k % 4 == 0, "A",
                     dt.date(2011 + k % 14, 1 + k % 12, 5)))
        by_cat.setdefault(cat, []).append(sid)
        spend = rnd.lognormvariate(10.6, 1.0)  # a year's spend, GBP
        kind = rnd.choices("CEN", [55, 20, 25])[0]  # contract, expired, none
        ctr = None
        if kind in "CE":
            ctr = f"CTR-{cat}-{k:03}"
            start = dt.date(2019 + k % 4, 4, 1) if kind == "E" else dt.date(2022 + k % 3, 4, 1)
            end = dt.date(2023 + k % 2, 3, 31) if kind == "E" else dt.date(2027 + k % 3, 3, 31)
            ctrs.append((ctr, sid, f"{_CATS[k % len(_CATS)][1]} ({name})", cat, start, end,
                         end if kind == "E" else dt.date(end.year + 2, 3, 31),
                         round(spend * 4, 2), rnd.choice(["OPN", "RST", "FWK", "FWK", "QUO"]),
                         "EXPIRED" if kind == "E" else "LIVE", f"E{10001 + k % 60}"))
        orders = max(2, int(spend / rnd.uniform(2500, 6000)))
        for _ in range(min(orders, 40)):
            po = f"PO{310000 + len(pos)}"
            raised = _day(rnd, dt.date(2025, 1, 2), dt.date(2025, 11, 30))
            val = round(spend / min(orders, 40) * rnd.uniform(0.6, 1.4), 2)
            pos.append((po, sid, ctr if kind in "CE" else None, cc_of[cat], cat, raised,
                        f"E{10001 + rnd.randrange(60)}", f"E{10001 + rnd.randrange(12)}", val,
                        "C"))
            for part in range(rnd.choice([1, 1, 2])):
                net = round(val / (part + 1), 2)
                invs.append((7_000_001 + len(invs), sid, f"INV-{len(invs) * 13 % 99991}", po,
                             raised + dt.timedelta(days=rnd.randint(7, 40)),
                             raised + dt.timedelta(days=rnd.randint(41, 45)),
                             raised + dt.timedelta(days=rnd.randint(46, 70)), net,
                             round(net * 0.2, 2), cc_of[cat], gl_of[cat], "NO"))
        if kind == "N" or rnd.random() < 0.2:  # invoices paid with no order at all
            for _ in range(rnd.randint(2, 12) if kind == "N" else 1):
                day = _day(rnd, dt.date(2025, 1, 5), dt.date(2025, 12, 15))
                net = round(spend * rnd.uniform(0.02, 0.09), 2)
                invs.append((7_000_001 + len(invs), sid, f"INV-{len(invs) * 13 % 99991}", None,
                             day, day + dt.timedelta(days=3), day + dt.timedelta(days=25), net,
                             round(net * 0.2, 2), cc_of[cat], gl_of[cat],
                             rnd.choice(["NO", "NO", "DS"])))
    db.rows("fin_sup", sups)
    db.rows("fin_ctr", ctrs)
    db.rows("fin_po", pos)
    db.rows("fin_ap_inv", invs)
    return by_cat


_NDR_KINDS = [  # description code, name, VOA code, rateable value range
    ("CS", "Shop and premises", "249", (6000, 60000)),
    ("CO", "Offices and premises", "203", (8000, 120000)),
    ("IF", "Factory and premises", "096", (15000, 150000)),
    ("CW", "Warehouse and premises", "151", (12000, 200000)),
    ("LX", "Public house and premises", "226", (10000, 60000)),
    ("CR", "Restaurant and premises", "249", (9000, 50000)),
    ("CH", "Hotel and premises", "229", (20000, 180000))]
_SHELLS = ["Vacant Storage Solutions Ltd", "Box Rate Holdings Ltd", "Meridian Estates (NW) Ltd",
           "Occupy Temp Ltd", "Charitable Display Trust", "Harwick Property Partners LLP"]


def _rates(db: Db, rnd: random.Random, streets: list[Street], prop: Prop) -> None:
    """Business rates: hereditaments, ratepayers, reliefs and the inspectors' visits."""
    db.schema("civ")
    db.rows("ndr_scat", [(cd, nm, voa) for cd, nm, voa, _ in _NDR_KINDS])
    make = prop
    heres: list[tuple[Value, ...]] = []
    accts: list[tuple[Value, ...]] = []
    rlfs: list[tuple[Value, ...]] = []
    insps: list[tuple[Value, ...]] = []
    shops = [s for s in streets if s[4] in "ABC"] + streets[:12]
    inspectors = ["rates.insp1", "rates.insp2", "rates.insp3"]
    for k in range(230):
        cd, _, _, (lo, hi) = _NDR_KINDS[rnd.choices(range(7), [40, 22, 8, 8, 9, 9, 4])[0]]
        st = shops[k % len(shops)]
        uprn = make(st, {"CS": "CR01", "CO": "CO01", "IF": "CI03", "CW": "CW02", "LX": "CR06",
                         "CR": "CR07", "CH": "CH01"}[cd], f"{k % 90 + 1}")
        ref = f"{12_000_000 + k * 17:08}{k % 97:06}"
        rv = float(rnd.randrange(lo, hi, 250))
        listed = rnd.random() < 0.06
        pattern = rnd.choices("OEST", [62, 18, 8, 12])[0]  # occupied, empty, serial, trading
        occ = "E" if pattern in "ES" else "O"
        heres.append((ref, uprn, cd, rv, dt.date(2023, 4, 1), 2023, occ, rnd.randint(40, 2500),
                      listed))
        liab = round(rv * 0.546, 2)

        def account(name: str, start: dt.date, end: dt.date | None, ref: str = ref,
                    liab: float = liab) -> int:
            aid = 4_100_001 + len(accts)
            accts.append((aid, ref, name, f"{9_000_000 + aid % 99991}", start, end, liab,
                          "DD", "C" if end else "L"))
            return aid

        if pattern == "O" or pattern == "T":
            aid = account(f"{_LAST[k % len(_LAST)]} {'Trading' if k % 2 else 'Retail'} Ltd",
                          dt.date(2014 + k % 10, 4, 1), None)
            if rv < 12000:
                rlfs.append((6_000_001 + len(rlfs), aid, "SBR", dt.date(2023, 4, 1), None,
                             liab, "rates.awd"))
            if pattern == "T":  # a short empty spell once, checked and closed
                start = _day(rnd, dt.date(2022, 1, 1), dt.date(2024, 6, 1))
                rlfs.append((6_000_001 + len(rlfs), aid, "EPR", start,
                             start + dt.timedelta(days=91), liab, "rates.awd"))
                insps.append((8_200_001 + len(insps), ref, start + dt.timedelta(days=20),
                              rnd.choice(inspectors), "EP", "EM", None))
        elif pattern == "E":  # empty once, for a long while
            start = _day(rnd, dt.date(2019, 1, 1), dt.date(2025, 6, 1))
            aid = account(f"{_SUP_NAMES[k % len(_SUP_NAMES)]} Property Ltd", start, None)
            days = rnd.randint(400, 2200) if listed else 91 if cd not in ("IF", "CW") else 182
            rlfs.append((6_000_001 + len(rlfs), aid, "EPR", start,
                         start + dt.timedelta(days=days), liab, "rates.awd"))
            for _ in range(rnd.choice([0, 1, 1, 2])):
                insps.append((8_200_001 + len(insps), ref, _day(rnd, start, dt.date(2025, 12, 1)),
                              rnd.choice(inspectors), "EP",
                              rnd.choice(["EM", "EM", "EM", "NA", "OC"]), None))
        else:  # serial claims: empty, six weeks "occupied", empty again
            day = _day(rnd, dt.date(2020, 6, 1), dt.date(2022, 6, 1))
            owner = rnd.choice(_SHELLS)
            while day < dt.date(2025, 10, 1):
                aid = account(owner, day, day + dt.timedelta(days=91))
                rlfs.append((6_000_001 + len(rlfs), aid, "EPR", day,
                             day + dt.timedelta(days=91), liab, rnd.choice(["rates.awd",
                                                                            "rates.auto"])))
                occ_start = day + dt.timedelta(days=92)
                account(rnd.choice(_SHELLS), occ_start, occ_start + dt.timedelta(days=43))
                day = occ_start + dt.timedelta(days=44)
            if rnd.random() < 0.25:
                insps.append((8_200_001 + len(insps), ref, _day(rnd, dt.date(2021, 1, 1),
                                                                dt.date(2025, 6, 1)),
                              rnd.choice(inspectors), "EP", rnd.choice(["NA", "PO", "OC"]),
                              "boxes on a shelf, no staff seen"))
    db.rows("ndr_hered", heres)
    db.rows("ndr_acct", accts)
    db.rows("ndr_rlf", rlfs)
    db.rows("ndr_insp", insps)


def _highways(db: Db, rnd: random.Random, streets: list[Street], crm: _Crm) -> None:
    """Road sections, their condition, the defects found on them and the claims."""
    db.schema("civ")
    sects: list[tuple[Value, ...]] = []
    conds: list[tuple[Value, ...]] = []
    defects: list[tuple[Value, ...]] = []
    claims: list[tuple[Value, ...]] = []
    for usrn, ward, name, _, cls, length in streets:
        parts = 1 if length < 700 else 2
        for p in range(parts):
            sid = f"S{usrn}-{p + 1}"
            rsf = rnd.randint(1992, 2023)
            busy = cls in "AB" or (cls == "C" and rnd.random() < 0.5)
            wear = (2025 - rsf) / 30 * (1.6 if busy else 1.0) * rnd.uniform(0.6, 1.4)
            if rnd.random() < 0.06:  # a few sections that have gone to pieces
                wear += 1.2
            hier = "3a" if cls == "A" else "3b" if cls == "B" else "4a" if cls == "C" else "5"
            sects.append((sid, usrn, f"{name}, {'north' if p == 0 else 'south'} part"
                          if parts > 1 else name, length // parts, 7.3 if busy else 5.5,
                          "HR" if busy else rnd.choice(["SD", "SM", "HR"]), hier, rsf, busy))
            for year in (2023, 2025):
                rci = min(99.0, round(wear * 45 * rnd.uniform(0.8, 1.2) - (2025 - year) * 4, 1))
                conds.append((9_100_001 + len(conds), sid, dt.date(year, 6, 10), "SCN",
                              max(rci, 2.0), rci > 40))
            for _ in range(_poisson(rnd, wear * length / parts / 110)):
                day = _day(rnd, dt.date(2024, 1, 2), dt.date(2025, 12, 20))
                public = rnd.random() < 0.4
                case = crm.add("HWY-POT", day, usrn, ward, None, f"pothole in {name}") \
                    if public and day.year == 2025 else None
                cat1 = rnd.random() < 0.35
                meth = "TP" if cat1 else rnd.choice(["PM", "PM", "JT"])
                fixed = day + dt.timedelta(days=1 if cat1 else rnd.randint(5, 40))
                defects.append((9_300_001 + len(defects), sid, day, "PU" if public else "SI",
                                case, rnd.choice(["PH", "PH", "PH", "CR", "EJ", "SK", "RT"]),
                                "1" if cat1 else "2", rnd.randint(20, 140),
                                day + dt.timedelta(days=1 if cat1 else 28),
                                fixed if fixed < dt.date(2025, 12, 31) else None, meth,
                                round({"TP": 48, "PM": 190, "JT": 95}[meth]
                                      * rnd.uniform(0.7, 1.5), 2),
                                rnd.choice(["HWY-G1", "HWY-G2", "HWY-G3"])))
                if rnd.random() < (0.09 if busy else 0.03) * min(wear, 2.0):
                    typ = "VD" if rnd.random() < 0.85 else "PI"
                    amt = round(rnd.uniform(180, 1400) if typ == "VD"
                                else rnd.uniform(2000, 12000), 2)
                    s58 = rnd.random() < 0.45
                    sts = "R" if s58 else rnd.choice(["P", "P", "P", "O", "W"])
                    claims.append((f"CLM{25000 + len(claims)}", usrn,
                                   day - dt.timedelta(days=rnd.randint(0, 10)),
                                   day + dt.timedelta(days=rnd.randint(3, 30)), typ, amt,
                                   round(amt * rnd.uniform(0.6, 1.0), 2) if sts == "P" else 0.0,
                                   sts, s58, f"ZUR-{700000 + len(claims)}"))
    db.rows("hw_sect", sects)
    db.rows("hw_cond", conds)
    db.rows("hw_dfct", defects)
    db.rows("hw_clm", claims)


_PARKS = [  # code, name, ward, type, hectares, bins, visitors (pressure), litter picks a week
    ("PK001", "Victoria Park", "ABB", "DP", 18.5, 42, 10.0, 7.0),
    ("PK002", "Castle Gardens", "CAS", "DP", 6.2, 24, 8.0, 5.0),
    ("PK003", "Riverside Meadows", "RIV", "DP", 22.0, 18, 8.5, 1.0),
    ("PK004", "Millbrook Recreation Ground", "MIL", "LP", 7.5, 10, 6.0, 1.0),
    ("PK005", "Northgate Park", "NGT", "LP", 5.1, 12, 4.5, 2.0),
    ("PK006", "St Mary's Green", "STM", "LP", 2.3, 6, 2.5, 2.0),
    ("PK007", "Southfields Park", "SFD", "LP", 8.8, 14, 5.0, 3.0),
    ("PK008", "Westwood Common", "WWD", "NS", 31.0, 8, 3.0, 0.5),
    ("PK009", "Eastbrook Fields", "EBK", "SG", 11.4, 9, 5.5, 1.0),
    ("PK010", "Kingsmead Park", "KMD", "LP", 6.0, 12, 3.5, 2.0),
    ("PK011", "Oldfield Village Green", "OFD", "LP", 1.8, 4, 1.5, 1.0),
    ("PK012", "Brookside Nature Reserve", "BRK", "NS", 14.0, 5, 1.5, 0.5),
    ("PK013", "Station Gardens", "ABB", "PS", 0.6, 6, 6.5, 1.0),
    ("PK014", "Canal Towpath Park", "RIV", "NS", 4.2, 7, 5.0, 0.5),
    ("PK015", "Abbey Walk Play Area", "ABB", "PS", 0.4, 3, 2.0, 2.0),
    ("PK016", "Harwick Cemetery", "CAS", "CM", 9.0, 10, 1.0, 1.0),
    ("PK017", "Meadowbank Playing Fields", "MIL", "SG", 9.5, 6, 4.0, 1.0),
    ("PK018", "Chestnut Grove Pocket Park", "EBK", "PS", 0.3, 2, 2.5, 0.5),
    ("PK019", "Kestrel Way Open Space", "SFD", "NS", 3.0, 3, 1.0, 0.5),
    ("PK020", "Lido Field", "STM", "SG", 5.5, 8, 4.0, 3.0),
    ("PK021", "Granary Wharf Square", "CAS", "PS", 0.5, 8, 7.0, 5.0),
    ("PK022", "Oldfield Allotments", "OFD", "AL", 2.1, 2, 0.5, 0.2),
    ("PK023", "Northgate Allotments", "NGT", "AL", 1.6, 2, 0.5, 0.2),
    ("PK024", "Brook Lane Rec", "BRK", "LP", 1.2, 3, 1.0, 1.0),
]


def _grade(index: float) -> str:
    for limit, grade in ((0.6, "A"), (1.1, "B+"), (1.8, "B"), (2.6, "B-"), (3.8, "C")):
        if index < limit:
            return grade
    return "D"


def _parks(db: Db, rnd: random.Random, crm: _Crm) -> None:
    """Sites, the crews' visits, the inspectors' grades and the public's litter reports."""
    db.schema("civ")
    db.rows("pk_site", [(cd, nm, wd, typ, ha, ha > 5 and typ in ("DP", "LP"), bins,
                         typ in ("DP", "SG"), cd in ("PK001", "PK002"))
                        for cd, nm, wd, typ, ha, bins, *_ in _PARKS])
    crews = {"C": "GM-C1", "N": "GM-N1", "S": "GM-S1", "R": "GM-R1"}
    area = {w[0]: w[2] for w in _WARDS}
    log: list[tuple[Value, ...]] = []
    insp: list[tuple[Value, ...]] = []
    weeks = [dt.date(2025, 6, 30) + dt.timedelta(weeks=k) for k in range(26)]
    for cd, _, wd, typ, _, bins, press, picks in _PARKS:
        crew = crews[area[wd]]
        for week in weeks:
            n_lp = int(picks) + (rnd.random() < picks - int(picks))
            for v in range(n_lp):
                log.append((5_500_001 + len(log), cd, week + dt.timedelta(days=v % 7), "LP",
                            crew if v % 3 else "LP-M1", round(rnd.uniform(0.5, 2.5), 2),
                            max(1, int(press / max(picks, 0.5) * rnd.uniform(0.5, 1.5)))))
            for v in range(max(1, n_lp)):
                log.append((5_500_001 + len(log), cd, week + dt.timedelta(days=v % 7), "BE",
                            crew, round(bins * 0.05, 2), 0))
            if typ not in ("NS", "AL") and week.month < 11 and week.day <= 14:
                log.append((5_500_001 + len(log), cd, week + dt.timedelta(days=2), "GC", crew,
                            round(rnd.uniform(2, 9), 2), 0))
            if week.month >= 10 and week.day <= 7:
                log.append((5_500_001 + len(log), cd, week + dt.timedelta(days=3), "LV", crew,
                            round(rnd.uniform(2, 6), 2), 0))
        index_base = press / (picks + 0.8)
        for month in range(1, 13):
            index = index_base * rnd.uniform(0.6, 1.4) * (1.3 if month in (6, 7, 8) else 1.0)
            insp.append((5_900_001 + len(insp), cd, dt.date(2025, month, rnd.randint(3, 26)),
                         rnd.choice(["s.okafor", "m.reid"]), _grade(index),
                         _grade(index * 0.7), _grade(rnd.uniform(0, 2)),
                         rnd.random() < index / 10, int(bins * min(index / 6, 0.9))))
        for _ in range(_poisson(rnd, index_base * 7)):
            crm.add("PKS-LIT", _day(rnd, dt.date(2025, 1, 1), dt.date(2025, 12, 30)), None, wd,
                    cd, "litter and full bins")
        for _ in range(_poisson(rnd, 2)):
            crm.add("PKS-DMG", _day(rnd, dt.date(2025, 1, 1), dt.date(2025, 12, 30)), None, wd,
                    cd, "broken swing")
    db.rows("pk_wk_log", log)
    db.rows("pk_insp", insp)


_FLEET = [  # plate, fleet no, type, make, model, in service, payload t, fuel, frailty
    ("HW14 DEA", "F101", "RCV", "Dennis Eagle", "Elite 6 26t", 2014, 11.0, "DI", 2.8),
    ("HW14 DEB", "F102", "RCV", "Dennis Eagle", "Elite 6 26t", 2014, 11.0, "DI", 1.5),
    ("HW15 DEC", "F103", "RCV", "Dennis Eagle", "Elite 6 26t", 2015, 11.0, "DI", 1.4),
    ("HW16 MEA", "F104", "RCV", "Mercedes-Benz", "Econic 2630", 2016, 10.5, "DI", 1.1),
    ("HW16 MEB", "F105", "RCV", "Mercedes-Benz", "Econic 2630", 2016, 10.5, "DI", 2.0),
    ("HW17 DED", "F106", "RCV", "Dennis Eagle", "Elite 6 26t", 2017, 11.0, "DI", 1.0),
    ("HW18 DEE", "F107", "RCV", "Dennis Eagle", "Elite 6 26t", 2018, 11.0, "DI", 0.9),
    ("HW19 SCA", "F108", "RCV", "Scania", "L280 CNG", 2019, 10.0, "GN", 2.4),
    ("HW19 DEF", "F109", "RCV", "Dennis Eagle", "Elite 6 26t", 2019, 11.0, "DI", 0.8),
    ("HW20 DEG", "F110", "RCV", "Dennis Eagle", "Elite 6 26t", 2020, 11.0, "HV", 0.7),
    ("HW21 DEH", "F111", "RCV", "Dennis Eagle", "Elite 6 26t", 2021, 11.0, "HV", 0.6),
    ("HW22 DEJ", "F112", "RCV", "Dennis Eagle", "Elite 6 26t", 2022, 11.0, "HV", 0.5),
    ("HW23 ELA", "F113", "RCV", "Dennis Eagle", "eCollect", 2023, 9.5, "EL", 0.6),
    ("HW24 ELB", "F114", "RCV", "Dennis Eagle", "eCollect", 2024, 9.5, "EL", 0.4),
    ("HW17 RCP", "F201", "RCP", "Isuzu", "N75 Farid 7.5t", 2017, 3.0, "DI", 1.3),
    ("HW20 RCP", "F202", "RCP", "Isuzu", "N75 Farid 7.5t", 2020, 3.0, "DI", 0.8),
    ("HW21 RCP", "F203", "RCP", "Isuzu", "N75 Farid 7.5t", 2021, 3.0, "DI", 0.7),
    ("HW22 RCP", "F204", "RCP", "Isuzu", "N75 Farid 7.5t", 2022, 3.0, "DI", 0.6),
    ("HW18 CAJ", "F301", "CAJ", "Ford", "Transit tipper", 2018, 1.2, "DI", 1.0),
    ("HW21 CAJ", "F302", "CAJ", "Ford", "Transit tipper", 2021, 1.2, "DI", 0.7),
    ("HW16 BAR", "F401", "BAR", "Johnston", "CX201 barredora", 2016, 2.0, "DI", 1.3),
    ("HW23 FUR", "F501", "FUR", "Ford", "E-Transit", 2023, 1.0, "EL", 0.3),
]


def _fleet(db: Db, rnd: random.Random) -> dict[str, list[str]]:
    """Vehicles and three years of workshop orders: the plates by vehicle type."""
    db.schema("resid")
    db.rows("vehiculo", [(pl, no, typ, mk, mdl, dt.date(yr, 3, 1), None, cap,
                          {"RCV": 23, "RCP": 10}.get(typ, 4), fuel,
                          (2026 - yr) * rnd.randint(19000, 24000), "P" if yr < 2020 else "L",
                          "ACTIVO") for pl, no, typ, mk, mdl, yr, cap, fuel, _ in _FLEET])
    orders: list[tuple[Value, ...]] = []
    lines: list[tuple[Value, ...]] = []
    faults = ["Fallo del compactador (cilindro hidraulico)", "Elevador de contenedores",
              "Fuga de aceite hidraulico", "Sistema de frenos", "Embrague", "Turbo",
              "Sistema electrico de cabina", "Suspension neumatica", "Caja de cambios",
              "Sensor AdBlue", "Regulador de gas (GNC)", "Bateria de traccion"]
    for pl, _, typ, _, _, yr, _, _, frail in _FLEET:
        for year in (2023, 2024, 2025):
            age = max(year - yr, 0)
            jobs = ["PR"] * 4 + ["IT", "NE", "NE"]
            jobs += ["CO"] * _poisson(rnd, frail * (1 + age / 8) * (2.0 if typ == "RCV" else 1))
            jobs += ["SI"] * (rnd.random() < 0.15)
            for kind in jobs:
                start = _day(rnd, dt.date(year, 1, 3), dt.date(year, 12, 20))
                days = {"PR": 1, "IT": 1, "NE": 0, "SI": rnd.randint(3, 20)}.get(
                    kind, int(rnd.uniform(1, 4) * frail ** 0.5 * (1 + age / 12)))
                oid = 7_700_001 + len(orders)
                out = start + dt.timedelta(days=days)
                open_ = out > dt.date(2025, 12, 31)
                orders.append((oid, pl, start, None if open_ else out, kind,
                               (start.year - yr) * 21000 + rnd.randint(0, 9000),
                               "E" if kind == "SI" or rnd.random() < 0.15 else "I",
                               "A" if open_ else "C",
                               rnd.choice(faults) if kind == "CO" else
                               {"PR": "Revision programada", "IT": "Inspeccion anual (MOT)",
                                "NE": "Cambio de neumaticos", "SI": "Reparacion de carroceria"}[
                                   kind]))
                hours = max(1.0, days * rnd.uniform(2, 6)) if kind != "NE" else 1.5
                lines.append((oid, 1, "M", None, "Mano de obra taller", round(hours, 1),
                              round(hours * 52.0, 2)))
                parts = {"PR": 380.0, "IT": 60.0, "NE": 1250.0, "SI": 2400.0}.get(
                    kind, 350.0 * frail * (1 + age / 6))
                for n in range(rnd.randint(1, 3)):
                    lines.append((oid, n + 2, "P", f"REF-{rnd.randint(10000, 99999)}",
                                  "Pieza de repuesto", float(rnd.randint(1, 4)),
                                  round(parts * rnd.uniform(0.3, 1.2), 2)))
                if kind in ("CO", "SI") and rnd.random() < 0.3:
                    lines.append((oid, 9, "E", None, "Trabajo externo (concesionario)", 1.0,
                                  round(rnd.uniform(400, 3500) * frail, 2)))
    db.rows("orden_taller", orders)
    db.rows("linea_taller", lines)
    plates: dict[str, list[str]] = {}
    for v in _FLEET:
        plates.setdefault(v[2], []).append(v[0])
    return plates


_DAYS = ["LU", "MA", "MI", "JU", "VI"]
_ROUNDS = {  # fraction: rounds' relative sizes, frequency, vehicle, kg a point, points/hour
    "RES": ([1.0] * 10, "S", "RCV", 9.0, 230),
    "REC": ([1.0] * 7 + [0.42, 1.0, 0.45], "Q", "RCV", 8.0, 200),
    "ORG": ([1.0, 1.0, 0.5, 1.0], "Q", "RCV", 2.4, 260),
    "ALI": ([1.0] * 5, "S", "RCP", 1.3, 420),
}
_PLANT = {"RES": "TRF", "REC": "MRF", "ORG": "CMP", "ALI": "ADP"}


def _rounds(db: Db, rnd: random.Random, streets: list[Street], fleet: dict[str, list[str]],
            crm: _Crm) -> None:
    """Rounds and their streets, a quarter of runs with their weighbridge tickets, the crews,
    and a year of missed-collection reports."""
    db.schema("resid")
    area = {w[0]: {"C": "CE", "N": "NO", "S": "SU", "R": "RU"}[w[2]] for w in _WARDS}
    rutas: list[tuple[Value, ...]] = []
    calles: list[tuple[Value, ...]] = []
    serves: dict[int, list[str]] = {}
    info: dict[str, tuple[str, int, str, float, int, str]] = {}
    pts_of: dict[str, int] = {}
    total = sum(s[3] for s in streets)
    for frac, (sizes, freq, vtyp, kg, rate) in _ROUNDS.items():
        codes = [f"{frac}-{_DAYS[i // 2] if len(sizes) == 10 else _DAYS[i]}-"
                 f"{i % 2 + 1 if len(sizes) == 10 else 1}" for i in range(len(sizes))]
        bounds, acc = [], 0.0
        for s in sizes:
            acc += s / sum(sizes) * total
            bounds.append(acc)
        cum, i, members = 0, 0, [[] for _ in sizes]  # type: ignore[var-annotated]
        for st in streets:
            cum += st[3]
            while i < len(sizes) - 1 and cum > bounds[i] + st[3] / 2:
                i += 1
            members[i].append(st)
        for n, (code, sts) in enumerate(zip(codes, members, strict=True)):
            share = 0.4 if frac == "ORG" else 1.0
            points = int(sum(s[3] for s in sts) * share)
            dnum = n // 2 + 1 if len(sizes) == 10 else n + 1
            zone = area[sts[0][1]] if sts else "CE"
            rutas.append((code, f"{frac} {_DAYS[dnum - 1]} {n % 2 + 1}", frac, zone, dnum, freq,
                          "M", vtyp, points, True, dt.date(2016, 4, 4)))
            info[code] = (frac, dnum, freq, kg, rate, vtyp)
            pts_of[code] = points
            for o, s in enumerate(sts):
                calles.append((code, s[0], o + 1, int(s[3] * share), "A"))
                serves.setdefault(s[0], []).append(code)
    db.rows("ruta", rutas)
    db.rows("ruta_calle", calles)
    crew = [(80_001 + k, _person(k + 200), "CD" if k % 3 == 0 else "PN",
             dt.date(2008 + k % 16, 5, 1), None, f"E{20001 + k}") for k in range(75)]
    db.rows("operario", crew)
    runs: list[tuple[Value, ...]] = []
    tickets: list[tuple[Value, ...]] = []
    dot: list[tuple[Value, ...]] = []
    day = dt.date(2025, 10, 1)
    while day <= dt.date(2025, 12, 31):
        wd = day.isoweekday()
        for k, (code, (frac, rday, freq, kg, rate, vtyp)) in enumerate(info.items()):
            if rday != wd or day in (dt.date(2025, 12, 25), dt.date(2025, 12, 26)):
                continue
            if freq == "Q" and (day.isocalendar()[1] + k) % 2:
                continue
            season = 1.0 if frac != "ORG" else {10: 1.0, 11: 0.7, 12: 0.35}[day.month]
            pts = pts_of[code]
            plate = fleet[vtyp][(k + day.day // 9) % (len(fleet[vtyp]) - (vtyp == "RCV"))]
            cap = next(v[6] for v in _FLEET if v[0] == plate) * 1000
            net = pts * kg * season * rnd.uniform(0.85, 1.15)
            trips = 1 + int(net > cap * 0.97)
            hours = 1.1 + pts / rate * rnd.uniform(0.92, 1.1) + 0.6 * (trips - 1)
            out = dt.datetime.combine(day, dt.time(6, 30))
            back = out + dt.timedelta(hours=min(hours, 10.0))
            sid = 6_600_001 + len(runs)
            runs.append((sid, code, day, plate, out.time(), back.time().replace(second=0,
                                                                                microsecond=0),
                         int(22 + pts / 45), 3 if vtyp == "RCV" else 2,
                         "P" if hours > 10 else "C", None))
            for m in range(3 if vtyp == "RCV" else 2):
                dot.append((sid, crew[(k * 3 + m + day.day) % len(crew)][0],
                            "CD" if m == 0 else "PN"))
            for t in range(trips):
                load = int(min(net, cap * 0.97) if t == 0 else net - cap * 0.97)
                tare = 15200 if vtyp == "RCV" else 4400
                tipped = out + dt.timedelta(hours=hours * (t + 1) / trips - 0.4)
                tickets.append((9_800_001 + len(tickets), sid, plate, _PLANT[frac], day,
                                tipped.time().replace(second=0, microsecond=0), tare + load, tare,
                                load, frac))
        day += dt.timedelta(days=1)
    db.rows("servicio", runs)
    db.rows("pesaje", tickets)
    db.rows("dotacion", dot)
    trouble = {s[0]: rnd.uniform(5, 9) for s in rnd.sample(streets, 8)}
    access = set(list(trouble)[:3])
    incs: list[tuple[Value, ...]] = []
    for usrn, ward, name, hh, _, _ in streets:
        for _ in range(_poisson(rnd, hh * 0.018 * trouble.get(usrn, 1.0))):
            code = rnd.choice(serves[usrn])
            frac = info[code][0]
            when = _day(rnd, dt.date(2025, 1, 2), dt.date(2025, 12, 30))
            origin = rnd.choices(["CC", "DT", "AP"], [60, 25, 15])[0]
            if origin == "DT":
                kind = rnd.choice(["ACC", "CNR", "CNT"]) if usrn not in access else "ACC"
            else:
                kind = "ACC" if usrn in access and rnd.random() < 0.6 else "NRC"
            case = crm.add("WST-MIS", when, usrn, ward, None, f"bin missed, {name}") \
                if origin == "CC" else None
            incs.append((4_400_001 + len(incs), when, usrn, None,
                         code if origin == "DT" else None, frac, kind, origin, case,
                         "S" if kind in ("NRC", "VEH") else "N",
                         when + dt.timedelta(days=rnd.randint(1, 4))))
    db.rows("incidencia", incs)


_TIPS = {  # profile: size bands and their weights, waste types and their weights
    "bags": (["SB", "BB", "CB"], [40, 45, 15], ["BLS", "VOL", "MIX"], [70, 15, 15]),
    "vans": (["CB", "SV", "TV", "TL"], [10, 35, 40, 15], ["CON", "VOL", "MIX", "NEU"],
             [35, 30, 25, 10]),
    "rubble": (["TV", "TL", "SL"], [40, 45, 15], ["CON", "AMI", "MIX"], [60, 20, 20]),
    "mixed": (["BB", "CB", "SV", "TV"], [20, 30, 30, 20], ["VOL", "ELE", "BLS", "MIX"],
              [40, 20, 20, 20]),
    "": (["SB", "BB", "CB", "SV", "TV"], [20, 30, 25, 15, 10],
         ["BLS", "VOL", "ELE", "JAR", "MIX"], [40, 25, 10, 10, 15]),
}
_SIZE_COST = {"SB": 22, "BB": 40, "CB": 65, "SV": 130, "TV": 240, "TL": 480, "SL": 850}
_SIZE_KG = {"SB": 8, "BB": 30, "CB": 90, "SV": 350, "TV": 800, "TL": 2200, "SL": 4000}


def _flytips(db: Db, rnd: random.Random, streets: list[Street], crm: _Crm) -> None:
    """Two years of fly-tips and their clearances: a few streets take most of it."""
    db.schema("resid")
    imd = {w[0]: w[3] for w in _WARDS}
    hot = {streets[41][0]: (14.0, "bags"), streets[45][0]: (6.0, "vans"),
           streets[22][0]: (4.0, "rubble"), streets[83][0]: (8.0, "mixed"),
           streets[47][0]: (9.0, "bags"), streets[26][0]: (5.0, "vans"),
           streets[117][0]: (3.5, "rubble")}
    tips: list[tuple[Value, ...]] = []
    clears: list[tuple[Value, ...]] = []
    for usrn, ward, name, _, _, _ in streets:
        weight, profile = hot.get(usrn, (rnd.uniform(0.2, 1.0) * (11 - imd[ward]) / 8, ""))
        sizes, sw, kinds, kw = _TIPS[profile]
        for year in (2024, 2025):
            for _ in range(_poisson(rnd, weight * (5.0 if profile else 2.0))):
                day = _day(rnd, dt.date(year, 1, 1), dt.date(year, 12, 31))
                size, kind = rnd.choices(sizes, sw)[0], rnd.choices(kinds, kw)[0]
                origin = rnd.choices(["CC", "IN", "AP"], [55, 25, 20])[0]
                case = crm.add("WST-FLY", day, usrn, ward, None, f"dumped rubbish, {name}") \
                    if origin == "CC" and year == 2025 else None
                vid = 3_300_001 + len(tips)
                tips.append((vid, day, dt.time(rnd.randint(6, 20), rnd.randint(0, 59)), usrn,
                             None, 452_000 + usrn % 997 * 7, 318_000 + rnd.randint(0, 4000),
                             kind, size, rnd.choice(["HW", "FP", "AL", "AL"]), origin, case,
                             rnd.random() < 0.12))
                if day > dt.date(2025, 12, 29):
                    continue
                cost = _SIZE_COST[size] * {"AMI": 4.0, "NEU": 1.6, "CON": 1.3,
                                           "ELE": 1.2}.get(kind, 1.0) * rnd.uniform(0.8, 1.2)
                clears.append((5_200_001 + len(clears), vid, day,
                               day + dt.timedelta(days=rnd.randint(0, 4)),
                               rnd.choice(["LV1", "LV2"]), rnd.choice(["HW18 CAJ", "HW21 CAJ"]),
                               int(_SIZE_KG[size] * rnd.uniform(0.7, 1.3)),
                               round(cost / 38, 1), round(cost, 2),
                               "VER" if kind in ("AMI", "CON") else "TRF"))
    db.rows("vert_ileg", tips)
    db.rows("ord_retir", clears)


_ESTATES = [("MEA", "Meadowbank", "MIL"), ("CSF", "Castlefields", "CAS"),
            ("RVC", "Riverside Court", "RIV"), ("NGE", "Northgate", "NGT"),
            ("EBF", "Eastbrook Farm", "EBK"), ("SFE", "Southfields", "SFD"),
            ("ABW", "Abbey Walk", "ABB")]
_BLOCKS = ["Alder House", "Birch House", "Cedar Court", "Damson Court", "Elder House",
           "Fern Court", "Gorse House", "Hazel Tower", "Ivy House", "Juniper Court",
           "Laurel House", "Maple Tower", "Nutmeg Court", "Osier House", "Poplar House",
           "Quince Court", "Rowan Tower", "Sycamore House", "Teasel Court", "Upton House",
           "Vine Court", "Walnut House", "Yew Court", "Zinnia House"]
_SOR = [  # code, description, trade, rate, how much worse homes need it
    ("PLM100", "Repair leaking tap or pipe", "PLM", 58.0, 1.0),
    ("PLM220", "Replace WC pan", "PLM", 240.0, 1.0),
    ("ELE110", "Repair socket or light fitting", "ELE", 72.0, 1.0),
    ("ELE400", "Replace consumer unit", "ELE", 620.0, 2.0),
    ("GAS150", "Boiler breakdown repair", "GAS", 165.0, 2.0),
    ("GAS900", "Replace boiler", "GAS", 2900.0, 3.0),
    ("CAR120", "Ease and adjust door", "CAR", 55.0, 1.0),
    ("CAR310", "Replace kitchen unit doors and worktop", "CAR", 480.0, 2.5),
    ("ROF200", "Roof leak repair", "ROF", 380.0, 3.0),
    ("ROF250", "Clear gutters and downpipes", "ROF", 120.0, 1.5),
    ("PLS100", "Patch plaster", "PLS", 140.0, 1.5),
    ("GLZ100", "Reglaze window", "GLZ", 160.0, 1.5),
    ("GLZ300", "Replace window unit", "GLZ", 780.0, 3.0),
    ("DMP100", "Damp and mould wash and treat", "DMP", 210.0, 3.5),
    ("DMP300", "Fit extractor fan", "DMP", 340.0, 2.5),
    ("DEC100", "Redecorate room after repair", "DEC", 300.0, 1.5),
    ("GEN500", "Lift repair (communal)", "GEN", 950.0, 0.0),
    ("GEN510", "Door entry system repair (communal)", "GEN", 280.0, 0.0),
    ("GEN520", "Communal lighting repair", "ELE", 110.0, 0.0)]
_ELEMS = [  # code, name, life, decent homes key component, replacement cost (flat)
    ("KITC", "Kitchen", 20, True, 6500.0), ("BATH", "Bathroom", 30, True, 4500.0),
    ("BOIL", "Boiler", 15, True, 3200.0), ("WIND", "Windows", 30, True, 5200.0),
    ("ROOF", "Roof covering", 50, True, 4000.0), ("ELEC", "Electrical wiring", 30, True, 4200.0),
    ("DOOR", "External doors", 30, False, 1400.0),
    ("HEAT", "Heating distribution", 30, True, 3800.0)]


def _homes(db: Db, rnd: random.Random, streets: list[Street], prop: Prop,
           sups: dict[str, list[int]]) -> None:
    """Estates, blocks and homes; their rents, tenancies, repairs, surveys and empty spells."""
    db.schema("housing")
    make = prop
    db.rows("hsg_est", [(cd, f"{nm} Estate", wd, f"E{10005 + n}")
                        for n, (cd, nm, wd) in enumerate(_ESTATES)])
    db.rows("hsg_sor", [(cd, desc, trade, rate, "EA") for cd, desc, trade, rate, _ in _SOR])
    db.rows("hsg_elem", [(cd, nm, life, key) for cd, nm, life, key, _ in _ELEMS])
    ctrs = [("HRS", "Harwick Repairs Service (in-house)", "GEN", None, True),
            ("KPB", "Kestrel Property Building Ltd", "GEN", sups["HRM"][0], False),
            ("PHG", "Pennine Heating and Gas Ltd", "GAS", sups["HRM"][1], False),
            ("CRF", "Crown Roofing Ltd", "ROF", sups["HRM"][2], False),
            ("VCL", "Vale Clearance and Cleaning", "GEN", sups["FAC"][0], False)]
    db.rows("hsg_ctr", ctrs)
    by_ward = {w[0]: [s for s in streets if s[1] == w[0]] for w in _WARDS}
    blocks: list[tuple[int, str, str, int, int, int, str, int, int, dt.date]] = []
    homes: list[Home] = []
    decay: dict[int, float] = {}
    for b, name in enumerate(_BLOCKS):
        est, _, ward = _ESTATES[b % len(_ESTATES)]
        tower = "Tower" in name
        built = rnd.randint(1952, 1984)
        cnstr = "LPS" if tower else rnd.choice(["TRD", "TRD", "NTR", "SYS"])
        storeys = rnd.randint(10, 14) if tower else rnd.randint(3, 6)
        per_floor = 4 if tower else rnd.randint(3, 6)
        worn = ((2025 - built) / 75 + {"LPS": 0.25, "NTR": 0.2, "SYS": 0.1}.get(cnstr, 0.0)
                + rnd.uniform(-0.2, 0.3))
        st = by_ward[ward][b % 10]
        bid = 501 + b
        count = min(storeys * per_floor, 56)
        blocks.append((bid, est, name, st[0], built, storeys, cnstr, 2 if tower else
                       int(storeys > 4), count, dt.date(2026, 1 + b % 12, 1)))
        for f in range(count):
            did = 10_001 + len(homes)
            uprn = make(st, "RD06", name, f"Flat {f + 1}")
            homes.append((did, uprn, bid, est, "FL" if f % 9 else "MS", rnd.choice([1, 1, 2, 2,
                                                                                    3]),
                          f // per_floor, built, "LH" if rnd.random() < 0.09 else "SR", "L",
                          rnd.choice("CDDE")))
            decay[did] = worn + rnd.uniform(-0.12, 0.12)
    for k in range(190):
        st = streets[(k * 13) % len(streets)]
        did = 10_001 + len(homes)
        uprn = make(st, "RD04", f"{k % 60 + 2}")
        homes.append((did, uprn, None, None, "BG" if k % 8 == 0 else "HS", rnd.choice([2, 3, 3,
                                                                                      4]),
                      0, rnd.randint(1930, 1975), "SR", "L", rnd.choice("CDDE")))
        decay[did] = rnd.uniform(0.15, 0.75)
    db.rows("hsg_blk", blocks)
    rents: list[tuple[Value, ...]] = []
    for h in homes:
        if h[8] == "LH":
            continue
        base = 78.0 + 14.5 * h[5] + (9.0 if h[4] in ("HS", "BG") else 0.0)
        for fy, up in (("24/25", 1.0), ("25/26", 1.027)):
            wk = round(base * up * rnd.uniform(0.96, 1.04), 2)
            rents.append((h[0], fy, wk, 0.0 if h[2] is None else round(rnd.uniform(4, 16), 2),
                          round(wk * 1.03, 2), 52 if h[2] is None else 50))
    db.rows("hsg_rent_sch", rents)
    sor_w = {cd: w for cd, _, _, _, w in _SOR}
    dwelling_sor = [cd for cd in sor_w if sor_w[cd] > 0]
    reps: list[tuple[Value, ...]] = []

    def repair(did: int | None, bid: int | None, day: dt.date, sor: str, src: str,
               worn: float) -> None:
        rate = next(r for c, _, _, r, _ in _SOR if c == sor)
        pri = rnd.choices(["EM", "UR", "RT"], [15, 30, 55])[0] if src != "VO" else "RT"
        done = day + dt.timedelta(days={"EM": 1, "UR": 6, "RT": 24}[pri] + rnd.randint(0, 20))
        reps.append((1_900_001 + len(reps), did, bid, day, src, sor, pri,
                     rnd.choice(["HRS", "HRS", "KPB", "PHG" if sor.startswith("GAS") else "CRF"]),
                     day + dt.timedelta(days={"EM": 1, "UR": 7, "RT": 28}[pri]),
                     done if done < dt.date(2025, 12, 31) else None,
                     round(rate * rnd.uniform(0.8, 1.3) * (1 + worn / 2), 2),
                     rnd.random() < 0.05 + worn / 8, sor.startswith("DMP"),
                     "C" if done < dt.date(2025, 12, 31) else "O"))

    for h in homes:
        if h[8] == "LH":
            continue
        worn = decay[h[0]]
        for _ in range(_poisson(rnd, 2.2 * (0.4 + 2.2 * max(worn, 0.0)))):
            weights = [1 + sor_w[c] * max(worn, 0.0) * 1.5 for c in dwelling_sor]
            repair(h[0], h[2], _day(rnd, dt.date(2024, 1, 2), dt.date(2025, 12, 20)),
                   rnd.choices(dwelling_sor, weights)[0], "TN", worn)
    for blk in blocks:
        for _ in range(_poisson(rnd, blk[5] * 1.5)):
            repair(None, blk[0], _day(rnd, dt.date(2024, 1, 2), dt.date(2025, 12, 20)),
                   rnd.choice(["GEN500", "GEN510", "GEN520"]) if blk[7] else "GEN520", "TN",
                   0.3)
    surveys: list[tuple[Value, ...]] = []
    elems: list[tuple[Value, ...]] = []
    for h in homes:
        if h[8] == "LH" or rnd.random() < 0.12:
            continue
        worn = decay[h[0]]
        sid = 3_100_001 + len(surveys)
        when = _day(rnd, dt.date(2021, 4, 1), dt.date(2025, 9, 30))
        failed = False
        for cd, _, life, key, cost in _ELEMS:
            x = worn + rnd.uniform(-0.35, 0.35)
            cond = 1 if x < 0.35 else 2 if x < 0.6 else 3 if x < 0.85 else 4
            failed = failed or (cond == 4 and key)
            rem = max(0, int(life * (1 - x)))
            house = h[2] is None
            elems.append((sid, cd, str(cond), rem, when.year + rem,
                          round(cost * (2.2 if house and cd == "ROOF" else 1.0)
                                * rnd.uniform(0.9, 1.2), 2)))
        cat1 = _poisson(rnd, max(worn, 0.0) * 0.8)
        surveys.append((sid, h[0], when, rnd.choice(["j.hale", "r.singh", "Savills-SCS"]), cat1,
                        not failed and cat1 == 0, max(20, int(78 - worn * 40))))
    db.rows("hsg_scs_surv", surveys)
    db.rows("hsg_scs_elem", elems)
    _voids(db, rnd, homes, decay)
    db.rows("hsg_dwl", homes)
    db.rows("hsg_rep_ord", reps)


def _voids(db: Db, rnd: random.Random, homes: list[Home],
           decay: dict[int, float]) -> None:
    """Tenancies and their tenants, the homes' empty spells and the works done in them; the
    homes empty now are marked void (or decant) in `homes`."""
    tncs: list[tuple[Value, ...]] = []
    tnts: list[tuple[Value, ...]] = []
    voids: list[tuple[Value, ...]] = []
    works: list[tuple[Value, ...]] = []

    def tenancy(did: int, start: dt.date, end: dt.date | None, why: str | None) -> str:
        ref = f"T{200001 + len(tncs)}"
        tncs.append((ref, did, "SEC" if start.year < 2018 else rnd.choice(["SEC", "INT"]),
                     start, end, why))
        tnts.append((900_001 + len(tnts), ref, _person(len(tnts) + 7),
                     dt.date(1940 + len(tnts) % 60, 1 + len(tnts) % 12, 9), True,
                     rnd.choice([None, None, None, "MH", "DIS", "OLD"]), None))
        return ref

    def work(vid: int, kind: str, issued: dt.date, est: float, done: dt.date | None) -> None:
        works.append((8_800_001 + len(works), vid, kind,
                      {"CL": "VCL", "GS": "PHG", "MJ": "KPB"}.get(kind, "HRS"), issued,
                      round(est, 2), done, round(est * rnd.uniform(0.85, 1.25), 2) if done else
                      None))

    for n, h in enumerate(homes):
        if h[8] == "LH":
            continue
        did = h[0]
        worn = decay[did]
        roll = rnd.random()
        first = dt.date(rnd.randint(1990, 2020), rnd.randint(1, 12), rnd.randint(1, 28))
        if roll < 0.058 or roll > 0.993:  # empty now (or held empty for works)
            decant = roll > 0.993
            major = decant or rnd.random() < 0.3
            start = (dt.date(2023, 9, 1) if decant else
                     _day(rnd, dt.date(2024, 9, 1) if major else dt.date(2025, 5, 1),
                          dt.date(2025, 12, 10)))
            why = rnd.choice(["NT", "NT", "DE", "TR", "EV", "AB", "MC"])
            ref = tenancy(did, first, start, why)
            vid = 1_200_001 + len(voids)
            empty = (dt.date(2025, 12, 31) - start).days
            keys = start + dt.timedelta(days=rnd.randint(0, 12))
            p_done = min(0.9, empty / (260 if major else 80))
            for kind, est in (("CL", rnd.uniform(150, 900)), ("EL", 180.0), ("GS", 95.0),
                              ("RP", rnd.uniform(400, 3500) * (0.5 + worn)),
                              ("AS", 450.0), ("MJ", rnd.uniform(9000, 26000)),
                              ("DC", 250.0)):
                if (kind == "MJ" and not major) or (kind == "AS" and rnd.random() < 0.5):
                    continue
                issued = keys + dt.timedelta(days=rnd.randint(1, 10))
                done = rnd.random() < p_done and issued < dt.date(2025, 12, 20)
                work(vid, kind, issued, est,
                     _day(rnd, issued, dt.date(2025, 12, 30)) if done else None)
            done_on = [w[6] for w in works if w[1] == vid]
            ready = all(isinstance(d, dt.date) for d in done_on) and not decant
            voids.append((vid, did, ref, start, keys,
                          max(d for d in done_on if isinstance(d, dt.date)) if ready else None,
                          None, why,
                          "X" if decant else "M" if major else "S",
                          "READY" if ready else "WORKS" if empty > 20 else
                          "INSPECT"))
            homes[n] = (*h[:9], "D" if decant else "V", h[10])
        elif roll < 0.2:  # empty once in the last two years, let again
            start = _day(rnd, dt.date(2024, 1, 5), dt.date(2025, 9, 30))
            why = rnd.choice(["NT", "NT", "DE", "TR", "EV", "AB", "MC"])
            ref = tenancy(did, first, start, why)
            major = rnd.random() < 0.15
            length = rnd.randint(120, 300) if major else rnd.randint(16, 80)
            relet = start + dt.timedelta(days=length)
            vid = 1_200_001 + len(voids)
            voids.append((vid, did, ref, start, start + dt.timedelta(days=3),
                          relet - dt.timedelta(days=5), relet, why, "M" if major else "S", "LET"))
            for kind, est in (("CL", 400.0), ("EL", 180.0), ("GS", 95.0),
                              ("RP", rnd.uniform(400, 3000) * (0.5 + worn))):
                work(vid, kind, start + dt.timedelta(days=5), est,
                     relet - dt.timedelta(days=rnd.randint(6, 12)))
            if major:
                work(vid, "MJ", start + dt.timedelta(days=8), rnd.uniform(9000, 22000),
                     relet - dt.timedelta(days=6))
            tenancy(did, relet, None, None)
        else:
            tenancy(did, first, None, None)
    db.schema("housing")
    db.rows("hsg_tnc", tncs)
    db.rows("hsg_tnt", tnts)
    db.rows("hsg_void", voids)
    db.rows("hsg_void_wo", works)


_CASE_TYPES = [  # zaaktype: applications in two years, weeks to decide, spread, share paused
    ("BOUW-R", 320, 7.0, 2.5, 0.3), ("BOUW-U", 40, 21.0, 6.0, 0.4), ("KAP", 110, 5.0, 2.0, 0.1),
    ("MON", 60, 12.5, 4.0, 0.5), ("UITR", 90, 5.5, 2.0, 0.1), ("AFW", 50, 29.0, 6.0, 0.4),
    ("SLOOP", 30, 6.0, 2.0, 0.2), ("RECL", 70, 8.5, 3.0, 0.2), ("MIL", 20, 24.0, 8.0, 0.5),
    ("BRV", 40, 10.5, 3.0, 0.3)]


def _permits(db: Db, rnd: random.Random, streets: list[Street]) -> None:
    """Two years of applications: suspensions, extensions, decisions and advice."""
    db.schema("vergun")
    terms = {r[0]: (r[3], r[4], r[2]) for r in _ZAAK}
    apps: list[tuple[Value, ...]] = []
    pauses: list[tuple[Value, ...]] = []
    decisions: list[tuple[Value, ...]] = []
    advice: list[tuple[Value, ...]] = []
    for zt, count, weeks, spread, paused in _CASE_TYPES:
        term, ext, proc = terms[zt]
        for _ in range(count):
            nr = f"OV-{len(apps) + 24001}"
            got = _day(rnd, dt.date(2024, 1, 3), dt.date(2025, 11, 28))
            st = rnd.choice(streets)
            stop = 0
            if rnd.random() < paused:
                frm = got + dt.timedelta(days=rnd.randint(5, 25))
                stop = rnd.randint(14, 70)
                pauses.append((700_001 + len(pauses), nr, frm, frm + dt.timedelta(days=stop),
                               rnd.choices(["AG", "ZG", "BT"], [75, 15, 10])[0]))
            work = max(1.0, rnd.gauss(weeks, spread)) * 7
            decided = got + dt.timedelta(days=int(work) + stop)
            late_term = term * 7
            extended = work > late_term and rnd.random() < 0.7
            deadline = got + dt.timedelta(days=late_term + stop
                                          + (ext * 7 if extended else 0))
            status = "BS" if decided <= dt.date(2025, 12, 31) else "IB"
            apps.append((nr, zt, f"OLO{8_100_000 + len(apps) * 7}", got, None,
                         f"{rnd.randint(1, 120)} {st[2]}", _person(len(apps) + 90),
                         rnd.choice([None, "Vale Architects", "Harwick Planning Agents"]),
                         float(rnd.randrange(5000, 900000, 500)) if zt.startswith("BOUW")
                         else None, f"VTH0{rnd.randint(1, 8)}", status))
            if status == "BS":
                late = decided > deadline
                outcome = ("VR" if late and proc == "R" and rnd.random() < 0.3 else
                           rnd.choices(["VL", "DV", "GW", "BB"], [78, 6, 10, 6])[0])
                decisions.append((600_001 + len(decisions), nr, decided, outcome, extended,
                                  decided + dt.timedelta(days=rnd.randint(1, 7)),
                                  f"VTH0{rnd.randint(1, 3)}"))
            if zt in ("MON", "AFW", "MIL", "BRV") or rnd.random() < 0.1:
                asked = got + dt.timedelta(days=rnd.randint(3, 20))
                advice.append((500_001 + len(advice), nr, {"MON": "ERF", "MIL": "MIL",
                                                           "BRV": "BRW"}.get(zt, "WEL"),
                               asked, asked + dt.timedelta(days=rnd.randint(10, 60)),
                               rnd.choice("PPPNV")))
    db.rows("aanvraag", apps)
    db.rows("opschorting", pauses)
    db.rows("besluit", decisions)
    db.rows("advies", advice)


_PREMISES = [  # kind, name, closing Fri/Sat, trouble
    ("CAF", "The Red Lion", 0, 0.6), ("CAF", "The Crown", 0, 0.4),
    ("CAF", "The Kings Arms", 1, 1.2), ("CAF", "The Plough", 0, 0.3),
    ("CAF", "The White Hart", 1, 0.5), ("CAF", "The Railway Tavern", 2, 2.6),
    ("CAF", "The Bell", 0, 0.3), ("CAF", "The Swan", 0, 0.4), ("CAF", "The George", 1, 0.8),
    ("CAF", "The Anchor", 2, 1.9), ("CAF", "The Wheatsheaf", 0, 0.2),
    ("CAF", "The Fox and Hounds", 0, 0.3), ("CAF", "The Granary Bar", 3, 1.4),
    ("NAC", "Club Neon", 4, 3.2), ("NAC", "The Vault", 4, 1.5), ("NAC", "Pulse", 4, 2.2),
    ("SNB", "Castle Fish Bar", 1, 0.5), ("SNB", "Dragon Garden Takeaway", 2, 0.7),
    ("SNB", "Royal Spice Takeaway", 2, 0.6), ("SNB", "Chicken Shack", 3, 2.4),
    ("SNB", "Late Night Grill", 4, 2.9), ("SNB", "Mama's Pizza", 2, 0.8),
    ("SNB", "Kebab King", 4, 1.8), ("SNB", "Millbrook Chippy", 1, 0.3),
    ("RES", "Bella Napoli", 1, 0.2), ("RES", "The Olive Tree", 1, 0.2),
    ("RES", "Spice Route", 1, 0.3), ("RES", "Wharf Kitchen", 2, 0.5),
    ("SLY", "Corner Wines", 1, 0.9), ("SLY", "Castle Off Licence", 2, 1.6),
    ("SLY", "Booze Express", 3, 2.0), ("HOT", "The Station Hotel", 2, 0.6),
    ("HOT", "Abbey Lodge", 0, 0.1), ("SHI", "Cloud Nine Lounge", 3, 1.7),
    ("SUP", "Northgate Express Store", 2, 0.4)]
_BREACHES = [("APV 2:29", "Open na de sluitingstijd", "M"),
             ("APV 4:6", "Muziek hoorbaar bij omwonenden boven de norm", "M"),
             ("AW 20", "Alcohol verkocht aan een minderjarige", "Z"),
             ("AW 24", "Geen leidinggevende aanwezig", "L"),
             ("APV 2:10", "Terras buiten de vergunde grenzen", "L"),
             ("APV 2:30", "Deur en ramen open tijdens muziek", "L")]


def _licensing(db: Db, rnd: random.Random, streets: list[Street], crm: _Crm) -> None:
    """Licensed premises, their licences, the public's complaints and the inspections."""
    db.schema("vergun")
    centre = [s for s in streets if s[1] in ("ABB", "CAS", "RIV", "MIL", "NGT")]
    prem: list[tuple[Value, ...]] = []
    lic: list[tuple[Value, ...]] = []
    reports: list[tuple[Value, ...]] = []
    visits: list[tuple[Value, ...]] = []
    breaches: list[tuple[Value, ...]] = []
    for k, (kind, name, late, trouble) in enumerate(_PREMISES):
        inr = 301 + k
        st = centre[(k * 7) % len(centre)]
        close = dt.time((23 + late) % 24, 0) if late < 4 else dt.time(3, 0)
        prem.append((inr, name, f"{60_000_000 + k * 313:08}", None, f"{k + 1} {st[2]}", kind,
                     dt.time(23, 0), close, kind in ("CAF", "RES"), rnd.randint(30, 600),
                     "HOOG" if kind in ("NAC", "SHI") else "MIDDEN" if late > 1 else "LAAG",
                     True))
        lic.append((f"ALV-{inr}", inr, "ALV", dt.date(2015 + k % 9, 6, 1), None, "A",
                    _person(k + 300)))
        if late >= 2:
            lic.append((f"LAT-{inr}", inr, "LAT", dt.date(2024, 1, 1), dt.date(2026, 12, 31),
                        "A", _person(k + 300)))
        for _ in range(_poisson(rnd, trouble * 7)):
            when = dt.datetime.combine(_day(rnd, dt.date(2025, 1, 1), dt.date(2025, 12, 30)),
                                       dt.time(rnd.choice([21, 22, 23, 0, 1, 2]), 15))
            chan = rnd.choices(["TF", "WB", "AP", "PO", "CC"], [20, 20, 10, 15, 35])[0]
            case = crm.add("LIC-NOI", when.date(), st[0], st[1], None, name) \
                if chan == "CC" else None
            reports.append((400_001 + len(reports), when, chan,
                            rnd.choices(["GEL", "OVL", "AFV", "DRG", "GEW"],
                                        [50, 30, 10, 5, 5])[0], inr, st[2], case,
                            when.date() + dt.timedelta(days=rnd.randint(2, 20))))
        checks = _poisson(rnd, 2.5) if trouble < 1.5 or k % 3 else _poisson(rnd, 0.8)
        for _ in range(checks):
            day = _day(rnd, dt.date(2024, 1, 5), dt.date(2025, 12, 20))
            bad = rnd.random() < min(0.85, trouble * 0.3)
            cid = 200_001 + len(visits)
            visits.append((cid, inr, day, dt.time(rnd.choice([14, 20, 22, 23]), 30),
                           f"BOA0{rnd.randint(1, 5)}", rnd.choice(["RG", "RG", "AV", "NM", "GZ"]),
                           "O" if bad else rnd.choice("GGGGN"), rnd.randint(15, 90)))
            for _ in range(rnd.randint(1, 2) if bad else 0):
                art, text, level = rnd.choice(_BREACHES)
                breaches.append((100_001 + len(breaches), cid, art, text, level,
                                 {"L": "WAA", "M": rnd.choice(["WAA", "LOD"]),
                                  "Z": rnd.choice(["BSB", "SLU"])}[level],
                                 day + dt.timedelta(days=14)))
    for _ in range(70):  # complaints about the street, not a premises
        st = rnd.choice(centre)
        when = dt.datetime.combine(_day(rnd, dt.date(2025, 1, 1), dt.date(2025, 12, 30)),
                                   dt.time(23, 40))
        reports.append((400_001 + len(reports), when, "TF", "OVL", None, st[2], None, None))
    db.rows("inrichting", prem)
    db.rows("exploit_verg", lic)
    db.rows("melding", reports)
    db.rows("controle", visits)
    db.rows("overtreding", breaches)
