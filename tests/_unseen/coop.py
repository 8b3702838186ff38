"""An agricultural co-operative on PostgreSQL (Slaney Valley Co-operative Society: some 300
member farmers, grain and milk, six farm shops), in four schemas: `coop` (the first: its tables
are named bare; the society's own ERP: members and their farms and fields, share holdings,
dividends and the monthly payouts for grain and milk, members' credit accounts, the farm shops
selling seed, fertiliser, feed and hardware to members and the suppliers behind them, the
agronomy advisers and their farm visits, soil samples, HR, payroll, IT, the website and the SMS
price alerts), `ops` (operations: sites, silos and their stock, temperature probes, dryers,
fumigation, the truck fleet and its workshop, drivers, the milk collection routes, trips and
farm stops), `trd` (trading and finance: buyers and mills, sales contracts, price fixings,
shipments out and quality claims, buyers' invoices, futures hedges, ledger, banking, budgets)
and `bascula` (the weighbridge and laboratory package bought from a Spanish vendor and kept in
its Spanish: centros, básculas and their calibraciones, tickets de pesada, socios synced from
the ERP, vehículos, transportistas, muestras, análisis de grano, resultados de leche, escalas
de descuento). Keys across the schemas (some missing), comments on about a third of the
tables, enums, CHECK lists of codes, views, backup, archive and staging copies, the audit
columns each system stamps, audit, note and attachment tables, and modules no question needs.

QUESTIONS is the answer key: what the general manager, the grain or milk manager, the shops
manager, the transport manager or the finance manager asks, and the tables an analyst needs
for it (outside `coop`, schema-qualified). It was written before any tool ranked a table.
"""

from __future__ import annotations

import datetime as dt
import random

from tests._unseen._spec import Db, Value, balance_comments, satellites, stamped

SCHEMAS = ("coop", "ops", "trd", "bascula")

QUESTIONS: list[tuple[str, set[str]]] = [
    ("Which of our farm shops should we close, because after paying for the staff, the rent "
     "and the lights it makes the least on the seed, fertiliser and feed it sells to members?",
     {"shop_mst", "sls_hdr", "sls_ln", "itm_mst", "shop_cost"}),
    ("Which farmers bring in grain so wet or dirty that drying and cleaning it costs us more "
     "than we knock off their price?",
     {"bascula.socio", "bascula.tkt_pesada", "bascula.analisis_grano",
      "bascula.escala_dcto"}),
    ("Which milk collection routes should we redraw, because the lorries drive the most "
     "kilometres for the litres they bring back?",
     {"ops.rte_mst", "ops.coll_trip", "ops.coll_stop"}),
    ("Which dairy farmers should get the milk quality bonus this year, because their cell "
     "counts and bacteria stayed low all year round?",
     {"bascula.socio", "bascula.muestra", "bascula.res_leche"}),
    ("Which mills and buyers should we stop signing contracts with, because they claim "
     "against our loads most often and pay us late?",
     {"trd.byr_mst", "trd.sls_ctr", "trd.ship", "trd.ship_claim", "trd.byr_inv"}),
    ("Which bins should we empty and clean out first, because the grain has been in them "
     "longest and is starting to heat up?",
     {"ops.silo", "ops.silo_stk", "ops.silo_temp"}),
    ("Which lorries should we get rid of, because they break down most often and cost the "
     "most in repairs for the miles they do?",
     {"ops.truck", "ops.trk_wo", "ops.coll_trip"}),
    ("Which members are running up a bill at the shops for fertiliser and seed and not "
     "paying it off, so we should take it out of their next cheque?",
     {"mbr_mst", "cr_acct", "cr_txn", "mbr_pyt"}),
    ("Are the agronomist visits worth it: whose farmers got more tonnes to the acre after "
     "an adviser walked their fields?",
     {"agr_advsr", "agr_visit", "farm_mst", "farm_fld", "bascula.tkt_pesada"}),
    ("Which weighbridges can we not trust any more, because they were out at the last check "
     "or the same lorry weighs differently at different yards?",
     {"bascula.basc_mst", "bascula.calibracion", "bascula.tkt_pesada"}),
    ("Which members should we ask to buy more shares, because they send us far more grain "
     "than their shareholding covers?",
     {"mbr_mst", "shr_hold", "bascula.tkt_pesada"}),
    ("Which fertiliser and feed suppliers should we drop, because their deliveries to the "
     "shops come in late and short?",
     {"sup_mst", "po_hdr", "po_ln", "po_rcpt"}),
]

_SHOP_CONTRIB = """
  SELECT h.shop_id,
         SUM(l.qty * (l.unit_prc - i.std_cost) - l.disc_amt) AS margin
  FROM coop.sls_hdr h
  JOIN coop.sls_ln l ON l.sls_id = h.sls_id
  JOIN coop.itm_mst i ON i.itm_cd = l.itm_cd
  WHERE h.sts <> 'V' AND h.sls_dt BETWEEN DATE '2025-01-01' AND DATE '2025-12-31'
  GROUP BY h.shop_id"""

_SHOP_COST = """
  SELECT shop_id, SUM(amt) AS cost FROM coop.shop_cost
  WHERE per_cd BETWEEN '202501' AND '202512' GROUP BY shop_id"""

DECISION_QUESTION = QUESTIONS[0][0]
DECISION = f'''
[[decisions]]
id = "shop-close"
title = "Farm shop we close"
goal = "maximize"
objective = "margin on 2025 shop sales less the shops' running costs, had one shop been \
closed and part of its members' buying moved to the other shops"
unit = "EUR/year"
candidates = """
SELECT s.shop_id AS decision, s.shop_nm AS label
FROM coop.shop_mst s
WHERE s.cls_dt IS NULL
ORDER BY s.shop_id"""
value = """
WITH m AS ({_SHOP_CONTRIB}
), c AS ({_SHOP_COST}
), n AS (SELECT s.shop_id, COALESCE(m.margin, 0) AS margin,
                COALESCE(m.margin, 0) - COALESCE(c.cost, 0) AS contrib
         FROM coop.shop_mst s LEFT JOIN m ON m.shop_id = s.shop_id
         LEFT JOIN c ON c.shop_id = s.shop_id WHERE s.cls_dt IS NULL)
SELECT n.shop_id AS decision,
       (SELECT SUM(contrib) FROM n) - n.contrib + n.margin * :kept_share AS value
FROM n"""
baseline = """
WITH m AS ({_SHOP_CONTRIB}
), c AS ({_SHOP_COST}
)
SELECT SUM(COALESCE(m.margin, 0) - COALESCE(c.cost, 0)) AS value
FROM coop.shop_mst s LEFT JOIN m ON m.shop_id = s.shop_id
LEFT JOIN c ON c.shop_id = s.shop_id WHERE s.cls_dt IS NULL"""

[decisions.parameters.kept_share]
type = "float"
default = 0.3
min = 0
max = 1
title = "Share of a closed shop's margin the other shops keep, after the extra staff and \
delivery runs it takes them to serve its members"
'''


def build() -> Db:
    db = Db("postgres", SCHEMAS)
    _coop(db)
    _ops(db)
    _trd(db)
    _bascula(db)
    _back_office(db)
    _noise(db)
    _views(db)
    for name, text in _COMMENTS.items():
        db.comment(name, text)
    _rows(db)
    _audit_columns(db)
    balance_comments(db, set().union(*(n for _, n in QUESTIONS)), seed=83)
    return db


def _coop(db: Db) -> None:
    db.schema("coop")
    db.enum("mbr_sts", "APP", "ACT", "DOR", "SUS", "RET", "DEC")
    db.enum("pyt_sts", "DRF", "APR", "PAID", "HLD")
    t = db.table
    t("mbr_mst", "mbr_no* i, nm v80, trd_nm v80, mbr_typ c1{I|P|C|T}, join_dt d, "
      "sts @mbr_sts, dob d, herd_no v12, vat_no v20, cnty v20, dairy_fl f, tillage_fl f, "
      "rep_area >area_mst",
      notes={"mbr_typ": "I individual, P partnership, C company, T trust",
             "sts": "APP applied, ACT active, DOR dormant (no trade 24 months), SUS suspended, "
                    "RET retired, DEC deceased (estate)",
             "herd_no": "Dept. of Agriculture herd number of the main holding"})
    t("area_mst", "area_cd* c3, area_nm v40, rep_emp v8")
    t("mbr_adr", "adr_id* b, mbr_no >mbr_mst, typ c1{P|F|B}, ln1 v80, ln2 v80, town v40, "
      "cnty v20, eircode v8",
      notes={"typ": "P postal, F farmyard (collection point), B billing"})
    t("mbr_ctc", "ctc_id* b, mbr_no >mbr_mst, ctc_nm v60, mob v20, email v120, "
      "sms_fl f, role v20")
    t("mbr_bank", "bnk_id* b, mbr_no >mbr_mst, iban v34, bic v11, from_dt d, actv_fl f")
    t("mbr_sts_hist", "hist_id* b, mbr_no >mbr_mst, sts v3, from_dt d, rsn v80")
    t("farm_mst", "farm_id* i, mbr_no >mbr_mst, herd_no v12, farm_nm v60, townland v60, "
      "cnty v20, tot_ha q, own_ha q, rent_ha q, lat r, lon r",
      notes={"herd_no": "herd / holding number; the weighbridge system calls it cod_explot",
             "tot_ha": "total farmed area, hectares"})
    t("farm_fld", "fld_id* b, farm_id >farm_mst, fld_nm v40, area_ha q, soil_typ c2, "
      "drain c1{G|M|P}, lpis_ref v20",
      notes={"area_ha": "field area in hectares (1 ha = 2.47 acres)",
             "drain": "G good, M moderate, P poor"})
    t("farm_crop", "fld_id* >farm_fld, yr* s, crop_cd v6, var_nm v40, sow_dt d, hrv_dt d, "
      "est_t_ha q",
      notes={"crop_cd": "WW winter wheat, SB spring barley, WB winter barley, OAT oats, "
                        "OSR oilseed rape, BEAN beans, GRS grass",
             "est_t_ha": "farmer's own yield estimate, tonnes/ha"})
    t("farm_herd", "farm_id* >farm_mst, cnt_dt* d, cows s, heifers s, calves s, bulls s")
    t("farm_cert", "cert_id* b, farm_id >farm_mst, scheme v20, cert_no v30, exp_dt d",
      notes={"scheme": "SDAS sustainable dairy, SBLAS beef & lamb, ORG organic, GAP crops"})
    t("agm_mtg", "mtg_id* i, mtg_dt d, venue v60, typ c1{A|S}, quorum_fl f")
    t("mbr_vote", "mtg_id* >agm_mtg, mbr_no* >mbr_mst, item* s, vote c1{Y|N|A}")
    t("brd_mbr", "brd_id* i, mbr_no >mbr_mst, role v30, from_dt d, to_dt d")
    t("shr_class", "cls_cd* c2, cls_nm v40, nom_val n, vote_fl f, div_fl f",
      notes={"cls_cd": "A ordinary (voting), B trading shares tied to deliveries, "
                       "C redeemable loan stock"})
    t("shr_hold", "hold_id* b, mbr_no >mbr_mst, cls_cd >shr_class, qty i, paid_amt n, "
      "from_dt d, to_dt d",
      notes={"qty": "shares held; trading rule: one B share per 5 tonnes of grain or "
                    "2,000 litres of milk supplied a year"})
    t("shr_txn", "stx_id* b, mbr_no >mbr_mst, cls_cd >shr_class, txn_dt d, "
      "typ c1{I|T|R|S}, qty i, amt n",
      notes={"typ": "I issued, T transferred, R redeemed, S split"})
    t("div_decl", "div_id* i, yr s, cls_cd >shr_class, rate_pct r, decl_dt d")
    t("div_pay", "div_id* >div_decl, mbr_no* >mbr_mst, amt n, pd_dt d")
    t("pyt_run", "run_id* i, per_cd c6, run_dt d, typ c1{G|M|B}, sts @pyt_sts",
      notes={"typ": "G grain, M milk, B bonus / patronage"})
    t("mbr_pyt", "pyt_id* b, run_id >pyt_run, mbr_no >mbr_mst, gross n, ded_shop n, "
      "ded_levy n, ded_shr n, ded_other n, net n, pd_dt d, hld_fl f",
      notes={"gross": "value of grain or milk supplied in the period, EUR",
             "ded_shop": "taken off for the member's credit account at the shops, EUR",
             "ded_shr": "retained to pay up trading shares",
             "hld_fl": "payment held (dispute, bank details, estate)"})
    t("mbr_pyt_ln", "pyt_id* >mbr_pyt, ln* s, src c2{GR|MK|BN|DD|LV|SH|OT}, ref v30, "
      "qty q, rate r, amt n")
    t("cr_acct", "acct_no* i, mbr_no >mbr_mst, lim_amt n, terms_d s, open_dt d, "
      "sts c1{O|S|C|L}, pyt_ded_fl f",
      notes={"sts": "O open, S stopped (no more credit), C closed, L with the solicitor",
             "pyt_ded_fl": "member agreed the balance may be taken from payouts",
             "terms_d": "days to pay"})
    t("cr_txn", "ctx_id* b, acct_no >cr_acct, txn_dt d, typ c2{SL|PY|PD|IN|CR|WO}, "
      "ref v30, amt n, due_dt d",
      notes={"typ": "SL shop sale on account, PY payment by the member, PD taken from a "
                    "payout, IN interest, CR credit note, WO written off",
             "amt": "positive increases what the member owes"})
    t("cr_lim_hist", "lim_id* b, acct_no >cr_acct, chg_dt d, old_lim n, new_lim n, by_usr v30")
    t("shop_mst", "shop_id* s, shop_cd c3, shop_nm v60, town v40, opn_dt d, cls_dt d, "
      "sales_m2 i, yard_fl f, mgr_emp v8",
      notes={"yard_fl": "has a bulk yard (fertiliser, fencing, bagged feed)"})
    t("shop_cost", "shop_id* >shop_mst, per_cd* c6, cost_typ* c3{STF|RNT|UTL|VEH|OTH}, "
      "amt n",
      notes={"cost_typ": "STF staff wages and PRSI, RNT rent or rates, UTL light, heat, "
                         "phone, VEH delivery van, OTH other",
             "per_cd": "YYYYMM"})
    t("shop_hrs", "shop_id* >shop_mst, dow* s, opn_tm tm, cls_tm tm")
    t("itm_cat", "cat_cd* c4, cat_nm v40, vat_cd c2",
      notes={"cat_cd": "SEED, FERT fertiliser, FEED compound and bagged feed, AGCH sprays, "
                       "VETS animal health, HW hardware, FNC fencing, FUEL"})
    t("itm_mst", "itm_cd* v12, descr v120, cat_cd >itm_cat, uom c3{BAG|TON|LTR|EA|KG}, "
      "pack_kg q, std_cost n, list_prc n, sup_id >sup_mst, actv_fl f",
      notes={"std_cost": "standard cost per unit of measure, EUR excl. VAT",
             "list_prc": "shelf price per unit, EUR excl. VAT"})
    t("itm_prc", "prc_id* b, itm_cd >itm_mst, from_dt d, to_dt d, prc n, mbr_only_fl f")
    t("sls_hdr", "sls_id* b, shop_id >shop_mst, sls_dt d, sls_tm tm, mbr_no >mbr_mst, "
      "pay_typ c2{CA|CC|AC|DL}, sts c1{F|V|R}, till s, cashier v8, tot_amt n",
      notes={"pay_typ": "CA cash, CC card, AC on the member's credit account, DL deducted "
                        "from the next milk/grain payout",
             "sts": "F final, V void, R refund"})
    t("sls_ln", "sls_id* >sls_hdr, ln* s, itm_cd >itm_mst, qty q, unit_prc n, disc_amt n, "
      "vat_amt n",
      notes={"unit_prc": "price charged per unit, EUR excl. VAT",
             "disc_amt": "discount given on the line (volume, early order, manager's)"})
    t("sls_pay", "sls_id* >sls_hdr, seq* s, pay_typ c2, amt n")
    t("shop_stk", "shop_id* >shop_mst, itm_cd* >itm_mst, qty q, min_qty q, upd_ts ts")
    t("shop_stk_cnt", "cnt_id* b, shop_id >shop_mst, itm_cd >itm_mst, cnt_dt d, sys_qty q, "
      "cnt_qty q")
    t("shop_trf", "trf_id* b, from_shop >shop_mst.shop_id, to_shop >shop_mst.shop_id, "
      "itm_cd >itm_mst, qty q, trf_dt d")
    t("sup_mst", "sup_id* i, sup_nm v80, ctry c2, sup_typ c3{FRT|FED|SED|CHM|HW|MIX}, "
      "pay_term s, actv_fl f, acct_mgr v60")
    t("po_hdr", "po_no* b, sup_id >sup_mst, shop_id >shop_mst, po_dt d, due_dt d, "
      "sts c1{O|P|R|X}, tot_val n",
      notes={"due_dt": "delivery date agreed with the supplier",
             "sts": "O open, P part received, R received, X cancelled"})
    t("po_ln", "po_no* >po_hdr, ln* s, itm_cd >itm_mst, qty q, unit_cost n")
    t("po_rcpt", "rcpt_id* b, po_no >po_hdr, ln s, rcpt_dt d, qty q, dmg_qty q, "
      "dlv_note v30, rcv_by v8",
      notes={"qty": "quantity received on this delivery (a line may come in several)"})
    t("sup_inv", "sinv_id* b, sup_id >sup_mst, inv_no v30, inv_dt d, net n, vat n, pd_dt d")
    t("agr_advsr", "advsr_id* i, nm v60, qual v40, area_cd >area_mst, start_dt d, "
      "spec c2{TL|DY|MX}",
      notes={"spec": "TL tillage, DY dairy and grassland, MX both"})
    t("agr_visit", "visit_id* b, advsr_id >agr_advsr, farm_id >farm_mst, visit_dt d, "
      "typ c2{WK|SL|PL|CP|NT}, dur_h q, chg_amt n",
      notes={"typ": "WK crop walk, SL soil sampling, PL nutrient management plan, CP "
                    "compliance (nitrates, cross-compliance), NT new entrant",
             "chg_amt": "fee charged to the member, EUR (0 on the free tillage scheme)"})
    t("agr_rec", "rec_id* b, visit_id >agr_visit, fld_id >farm_fld, rec_txt t, "
      "prod_cd v12, rate v30")
    t("soil_smp", "smp_id* b, fld_id >farm_fld, smp_dt d, lab_ref v20")
    t("soil_res", "smp_id* >soil_smp, ph r, p_idx s, k_idx s, om_pct r",
      notes={"p_idx": "phosphorus index 1-4 (4 = no P needed)"})
    t("pest_alert", "alert_id* i, crop_cd v6, issued_dt d, txt t, sev c1{L|M|H}")
    t("sms_msg", "sms_id* b, mbr_no >mbr_mst, sent_ts ts, typ c3{PRC|PYT|ALR|GEN}, body v320",
      notes={"typ": "PRC grain/milk price, PYT payout notice, ALR agronomy alert, GEN other"})


def _ops(db: Db) -> None:
    db.schema("ops")
    t = db.table
    t("site_mst", "site_cd* c3, site_nm v60, typ c2{ST|DY|BT}, town v40, basc_cd v6",
      notes={"typ": "ST grain store, DY dairy intake, BT both",
             "basc_cd": "weighbridge in bascula.basc_mst, no key"})
    t("silo", "silo_id* i, site_cd >site_mst, silo_cd v8, typ c1{S|F|B}, cap_t q, "
      "aer_fl f, probe_fl f, blt_yr s",
      notes={"typ": "S steel silo, F flat store bay, B hopper bin",
             "cap_t": "capacity in tonnes of wheat"})
    t("silo_stk", "stk_id* b, silo_id >silo, crop_cd v6, grade c2, fill_dt d, qty_t q, "
      "moist_pct r, empty_dt d",
      notes={"fill_dt": "date the current lot started going in",
             "empty_dt": "date the bin was emptied (NULL while grain is in it)",
             "grade": "F1 feed, M1 milling, M2 milling lower, MB malting barley"})
    t("silo_temp", "rd_id* b, silo_id >silo, rd_dt d, lvl c1{T|M|B}, temp_c r, amb_c r",
      notes={"lvl": "probe level: T top, M middle, B bottom",
             "temp_c": "grain temperature; above 15 C insects breed, a steady rise means "
                       "the grain is heating", "amb_c": "outside air temperature"})
    t("silo_mov", "mov_id* b, from_silo >silo.silo_id, to_silo >silo.silo_id, mov_dt d, "
      "qty_t q, rsn c2{TR|DR|AR|LO}",
      notes={"rsn": "TR turn (cool), DR to the dryer, AR after drying, LO load out"})
    t("silo_clean", "cln_id* b, silo_id >silo, cln_dt d, by_emp v8, insect_fl f")
    t("fumig", "fum_id* b, silo_id >silo, fum_dt d, prod v40, dose r, contractor v60")
    t("dryer", "dryer_id* i, site_cd >site_mst, mdl v40, cap_tph q, fuel c2{GS|OL|BM}")
    t("dry_run", "run_id* b, dryer_id >dryer, run_dt d, in_t q, in_moist r, out_moist r, "
      "fuel_ltr q, hrs q")
    t("truck", "trk_id* i, reg_no v12, make v30, mdl v40, typ c2{MT|GT|TR|VN}, yr s, "
      "purch_dt d, purch_amt n, tank_ltr i, sts c1{A|W|S}",
      notes={"typ": "MT milk tanker, GT grain tipper, TR tractor unit, VN shop van",
             "sts": "A in service, W in the workshop, S sold"})
    t("trk_wo", "wo_id* b, trk_id >truck, opn_dt d, cls_dt d, typ c3{SV|BR|TY|CF|DOE}, "
      "road_fl f, parts_amt n, lab_amt n, ext_amt n, odo_km i",
      notes={"typ": "SV scheduled service, BR breakdown repair, TY tyres, CF certificate "
                    "of roadworthiness prep, DOE annual test",
             "road_fl": "broke down on the road (recovery needed)"})
    t("trk_part", "part_id* b, wo_id >trk_wo, part_no v30, descr v80, qty s, amt n")
    t("trk_fuel", "fuel_id* b, trk_id >truck, fill_dt d, ltr q, amt n, odo_km i")
    t("trk_insp", "insp_id* b, trk_id >truck, insp_dt d, res c1{P|F|A}, nxt_dt d")
    t("drv_mst", "drv_id* i, nm v60, lic_cls v6, cpc_exp d, start_dt d, agency_fl f")
    t("drv_shift", "shift_id* b, drv_id >drv_mst, shift_dt d, start_tm tm, end_tm tm, "
      "trk_id >truck")
    t("rte_mst", "rte_id* s, rte_cd v6, rte_nm v60, site_cd >site_mst, freq c2{ED|AD|WK}, "
      "plan_km q, actv_fl f",
      notes={"freq": "ED every day, AD every other day, WK weekly (out of season)"})
    t("rte_farm", "rte_id* >rte_mst, seq* s, farm_id >coop.farm_mst, tank_id >milk_tank")
    t("milk_tank", "tank_id* i, farm_id >coop.farm_mst, cap_ltr i, make v30, "
      "inst_yr s, cool_typ c1{D|I}",
      notes={"cool_typ": "D direct expansion, I ice bank"})
    t("coll_trip", "trip_id* b, rte_id >rte_mst, trk_id >truck, drv_id >drv_mst, "
      "trip_dt d, dep_ts ts, ret_ts ts, km_start i, km_end i, tkt_no v20",
      notes={"km_start": "odometer leaving the yard", "km_end": "odometer on return",
             "tkt_no": "ticket at the dairy weighbridge (bascula.tkt_pesada.num_tkt), "
                       "no key"})
    t("coll_stop", "trip_id* >coll_trip, seq* s, farm_id >coop.farm_mst, arr_ts ts, "
      "ltr q, temp_c r, smp_fl f, rej_fl f",
      notes={"ltr": "litres collected, by the tanker's meter",
             "rej_fl": "milk left behind (too warm, smell, antibiotics)"})
    t("tank_cip", "cip_id* b, trk_id >truck, cip_ts ts, site_cd >site_mst, ok_fl f")
    t("ops_usr", "usr_cd* v20, nm v60, role v20")


def _trd(db: Db) -> None:
    db.schema("trd")
    t = db.table
    t("byr_mst", "byr_id* i, byr_nm v80, typ c2{ML|MT|FD|EX|TR}, ctry c2, cr_lim n, "
      "pay_days s, actv_fl f",
      notes={"typ": "ML flour mill, MT maltster, FD feed compounder, EX exporter, TR trader"})
    t("byr_ctc", "ctc_id* i, byr_id >byr_mst, nm v60, email v120, role v30")
    t("sls_ctr", "ctr_no* i, byr_id >byr_mst, ctr_dt d, crop_cd v6, grade c2, qty_t q, "
      "prc_t n, prc_basis c2{FX|BS|PL}, from_dt d, to_dt d, sts c1{O|F|C|X}",
      notes={"prc_basis": "FX fixed price, BS basis over futures, PL pool price",
             "prc_t": "price per tonne delivered, EUR",
             "sts": "O open, F fulfilled, C closed short, X cancelled"})
    t("ctr_prc_fix", "fix_id* b, ctr_no >sls_ctr, fix_dt d, qty_t q, fut_prc n, basis n")
    t("ship", "ship_id* b, ctr_no >sls_ctr, site_cd >ops.site_mst, ship_dt d, "
      "haulier v40, trk_reg v12, net_t q, moist_pct r, prot_pct r, inv_no >byr_inv",
      notes={"net_t": "tonnes loaded, by our weighbridge"})
    t("ship_claim", "clm_id* b, ship_id >ship, clm_dt d, rsn c3{MOI|PRO|HFN|ADM|INS|WGT|OTH}, "
      "clm_amt n, agreed_amt n, sts c1{O|A|R|S}",
      notes={"rsn": "MOI moisture over spec, PRO protein under, HFN falling number, ADM "
                    "admixture/screenings, INS live insects, WGT weight short, OTH other",
             "sts": "O open, A accepted, R rejected by us, S settled"})
    t("byr_inv", "inv_no* b, byr_id >byr_mst, inv_dt d, due_dt d, amt n, pd_dt d, pd_amt n")
    t("byr_rcpt", "rcpt_id* b, byr_id >byr_mst, rcpt_dt d, amt n, bank_ref v40")
    t("hedge", "hdg_id* b, exch c4, cntr_mth c6, lots s, side c1{B|S}, prc n, opn_dt d, "
      "cls_dt d, cls_prc n")
    t("mkt_prc", "crop_cd* v6, prc_dt* d, src* v10, prc_t n")
    t("gl_acct", "gl_cd* c6, gl_nm v60, gl_typ c1{I|E|A|L|Q}")
    t("cost_ctr", "cc_cd* c6, cc_nm v60, shop_id >coop.shop_mst, site_cd >ops.site_mst")
    t("per", "per_cd* c6, from_dt d, to_dt d, cls_fl f")
    t("gl_jnl", "jnl_id* b, per_cd >per, gl_cd >gl_acct, cc_cd >cost_ctr, amt n, src c3, "
      "ref v40, pst_dt d")
    t("bud", "per_cd* >per, cc_cd* >cost_ctr, gl_cd* >gl_acct, bud n")
    t("bank_stmt", "stmt_id* b, acct v34, val_dt d, amt n, narr v140, rec_fl f")
    t("bank_rec", "rec_id* b, stmt_id >bank_stmt, jnl_id >gl_jnl, rec_dt d")
    t("fx_rate", "ccy* c3, rate_dt* d, eur_rate r")
    t("vat_rate", "vat_cd* c2, from_dt* d, rate r")
    t("fa_reg", "fa_id* i, descr v80, cc_cd >cost_ctr, acq_dt d, cost n, life_m s")
    t("ins_pol", "pol_id* i, insurer v60, cover v60, prem n, renew_dt d")
    t("levy", "levy_cd* c4, descr v60, rate r, per_unit c3{LTR|TON}",
      notes={"levy_cd": "statutory and industry levies taken off member payouts"})
    t("grn_prc", "crop_cd* v6, grade* c2, per_cd* c6, prc_t n, dry_bonus n",
      notes={"prc_t": "price paid to members per tonne at 15% moisture, EUR"})
    t("milk_prc", "per_cd* c6, base_ltr r, fat_adj r, prot_adj r, scc_pen r",
      notes={"base_ltr": "base price cents per litre at 3.6% fat 3.3% protein",
             "scc_pen": "penalty c/l when the monthly cell count is over 400,000"})


def _bascula(db: Db) -> None:
    db.schema("bascula")
    db.enum("estado_tkt", "ABIERTO", "CERRADO", "ANULADO", "RECLAMADO")
    t = db.table
    t("centro", "cod_centro* c3, nombre v60, poblacion v40, activo f",
      notes={"cod_centro": "código del centro (coincide con ops.site_mst.site_cd)"})
    t("basc_mst", "cod_basc* v6, cod_centro >centro, marca v30, modelo v40, cap_kg i, "
      "div_kg s, fec_alta d, n_serie v30, activa f",
      notes={"div_kg": "división de escala (resolución) en kg",
             "cap_kg": "capacidad máxima de la báscula"})
    t("calibracion", "id_calib* b, cod_basc >basc_mst, fecha d, entidad v60, "
      "peso_patron_kg i, lectura_kg i, error_kg i, resultado c1{A|C|R}, prox_fecha d",
      notes={"resultado": "A apta, C apta con corrección, R rechazada (fuera de tolerancia)",
             "error_kg": "lectura menos peso patrón; tolerancia legal ± 2 divisiones",
             "entidad": "organismo o empresa que verifica (verificación periódica)"})
    t("campana", "cod_camp* c4, descripcion v60, fec_ini d, fec_fin d",
      notes={"cod_camp": "campaña de cosecha, p.ej. C25 = cosecha 2025"})
    t("producto", "cod_prod* v6, descripcion v60, tipo c1{G|L|O}, unidad c2{KG|LT}",
      notes={"tipo": "G grano, L leche, O otros (abono, pienso a granel)",
             "cod_prod": "TRB trigo blando, CEB cebada, CEBM cebada maltera, AVE avena, "
                         "COL colza, HAB habas, LEC leche cruda"})
    t("variedad", "cod_var* v10, cod_prod >producto, nombre v40")
    t("socio", "cod_socio* i, nombre v80, nif v20, cod_explot v12, tel v20, alta d, "
      "baja d, lechero f",
      notes={"cod_socio": "número de socio en el ERP de la cooperativa (coop.mbr_mst.mbr_no)",
             "cod_explot": "código de explotación (herd number)",
             "baja": "fecha de baja como socio"})
    t("transportista", "cod_trans* i, nombre v80, nif v20, propio f",
      notes={"propio": "camiones propios de la cooperativa"})
    t("vehiculo", "matricula* v12, cod_trans >transportista, tipo c2{CI|CB|TR|RM}, "
      "tara_kg i, fec_tara d",
      notes={"tipo": "CI cisterna de leche, CB camión basculante, TR tractor con remolque, "
                     "RM remolque",
             "tara_kg": "tara registrada del vehículo"})
    t("conductor", "id_cond* i, nombre v60, dni v12, cod_trans >transportista")
    t("operario", "cod_oper* v8, nombre v60, cod_centro >centro, perfil c1{B|L|S}",
      notes={"perfil": "B basculista, L laboratorio, S supervisor"})
    t("tkt_pesada", "id_tkt* b, num_tkt v20, cod_basc >basc_mst, cod_camp >campana, "
      "cod_prod >producto, cod_var >variedad, cod_socio >socio, cod_explot v12, "
      "matricula >vehiculo, id_cond >conductor, fec_entrada ts, fec_salida ts, "
      "bruto_kg i, tara_kg i, neto_kg i, tara_manual f, silo_dest v8, estado @estado_tkt, "
      "cod_oper >operario",
      notes={"bruto_kg": "peso bruto (vehículo cargado) en la primera pesada",
             "tara_kg": "peso del vehículo vacío en la segunda pesada",
             "neto_kg": "bruto menos tara, sin descuentos",
             "tara_manual": "tara tecleada por el basculista, no pesada",
             "silo_dest": "silo o nave de descarga (ops.silo.silo_cd)",
             "cod_explot": "explotación de origen (herd number)"})
    t("tkt_estado_hist", "id_hist* b, id_tkt >tkt_pesada, estado v10, fecha ts, usuario v20")
    t("tkt_obs", "id_obs* b, id_tkt >tkt_pesada, texto t, usuario v20, fecha ts")
    t("laboratorio", "cod_lab* v6, nombre v60, externo f, acreditado f")
    t("equipo_lab", "cod_equipo* v10, cod_lab >laboratorio, tipo v30, marca v30, "
      "fec_calib d",
      notes={"tipo": "NIR, humedímetro, balanza hectolitro, Falling Number, Milkoscan, "
                     "Fossomatic, Bactoscan"})
    t("metodo", "cod_metodo* v10, descripcion v80, norma v30")
    t("analisis_grano", "id_anal* b, id_tkt >tkt_pesada, cod_lab >laboratorio, "
      "cod_equipo >equipo_lab, fecha ts, humedad r, peso_esp r, impurezas r, proteina r, "
      "partidos r, falling_n s, insectos f, grado c2",
      notes={"humedad": "humedad en %; base de liquidación 15 %",
             "peso_esp": "peso específico (kg/hl)",
             "impurezas": "impurezas y cuerpos extraños en %; base 2 %",
             "partidos": "granos partidos en %", "falling_n": "índice de caída (segundos)",
             "grado": "F1 pienso, M1 panificable, M2 panificable inferior, MB maltera"})
    t("escala_dcto", "id_escala* i, cod_prod >producto, cod_camp >campana, "
      "parametro c3{HUM|IMP|PES|PRO}, desde r, hasta r, dcto_pct r, coste_t n",
      notes={"parametro": "HUM humedad, IMP impurezas, PES peso específico, PRO proteína",
             "dcto_pct": "descuento sobre el precio por cada punto dentro del tramo (merma)",
             "coste_t": "coste estimado de secado o limpieza por tonelada y punto (€/t), "
                        "según la tabla de la cooperativa"})
    t("muestra", "id_muestra* b, cod_socio >socio, cod_explot v12, id_tkt >tkt_pesada, "
      "fecha d, tipo c1{R|O|A}, cod_lab >laboratorio, precinto v20",
      notes={"tipo": "R rutina (cada recogida), O oficial (para pago por calidad), A "
                     "antibióticos",
             "id_tkt": "ticket de la cisterna que la trajo"})
    t("res_leche", "id_muestra* >muestra, grasa r, proteina r, celulas i, bacterias i, "
      "crioscopia s, inhib f, fecha_res d",
      notes={"celulas": "recuento de células somáticas (miles/ml)",
             "bacterias": "colonias (miles UFC/ml)", "crioscopia": "punto de congelación "
                                                                  "(m°C), agua añadida",
             "inhib": "inhibidores (antibióticos) positivo"})
    t("reclamacion", "id_recl* b, id_tkt >tkt_pesada, fecha d, motivo v80, "
      "resuelta f")
    t("incidencia", "id_inc* b, cod_basc >basc_mst, fecha ts, tipo c2{AV|CO|EL|OT}, "
      "descripcion t",
      notes={"tipo": "AV avería, CO comunicaciones, EL eléctrica, OT otra"})
    t("turno", "id_turno* b, cod_oper >operario, fecha d, hora_ini tm, hora_fin tm")
    t("parametro", "clave* v40, valor v200")
    t("cfg_puesto", "puesto* v20, cod_basc >basc_mst, impresora v40, lector_rfid f")
    t("tarjeta_rfid", "uid* v20, matricula >vehiculo, cod_socio >socio, activa f")
    t("usuario", "usuario* v20, nombre v60, perfil v20, ult_acceso ts")


def _back_office(db: Db) -> None:
    """Modules no question needs: HR, payroll, IT, website and newsletter, safety."""
    db.schema("coop")
    t = db.table
    t("hr_dept", "dept_cd* c4, dept_nm v60, mgr_emp v8")
    t("hr_emp", "emp_no* v8, fst_nm v40, lst_nm v60, dept_cd >hr_dept, shop_id >shop_mst, "
      "site_cd v3, start_dt d, leave_dt d, ctr c2{FT|PT|SE|TM}, fte r",
      notes={"ctr": "FT full time, PT part time, SE seasonal (harvest), TM temporary"})
    t("hr_abs", "abs_id* b, emp_no >hr_emp, from_dt d, to_dt d, typ c3{SCK|HOL|PAR|UNP}")
    t("hr_trn", "trn_id* b, emp_no >hr_emp, crs v60, crs_dt d, cost n")
    t("hr_rvw", "rvw_id* b, emp_no >hr_emp, rvw_dt d, score s")
    t("hr_sfty", "inc_id* b, emp_no >hr_emp, inc_dt d, site v40, typ v30, lost_days s")
    t("pay_elem", "elem* c4, elem_nm v40, tax_fl f")
    t("pay_run", "prun_id* i, per_cd c6, pay_dt d, heads s")
    t("pay_ln", "prun_id* >pay_run, emp_no* >hr_emp, elem* >pay_elem, amt n")
    t("it_ast", "tag* v10, typ v20, mdl v40, ser v30, emp_no v8, purch_dt d")
    t("it_tkt", "tkt_id* b, opn_ts ts, cls_ts ts, cat v20, smry v200, emp_no v8")
    t("it_lic", "lic_id* i, prod v60, seats s, renew_dt d, cost n")
    t("cms_page", "page_id* i, slug v120, title v120, pub_fl f, upd_ts ts")
    t("cms_news", "news_id* i, title v140, body t, pub_dt d, author v40")
    t("nl_sub", "email* v120, mbr_no i, cons_fl f, chg_ts ts")
    t("nl_camp", "camp_id* i, subj v140, send_ts ts, sent i")
    t("sys_usr", "usr_id* v30, emp_no v8, nm v80, role v20, last_lgn ts, actv_fl f")
    t("sys_param", "param_cd* v40, param_val v200")
    t("sys_job_log", "job_id* b, job_nm v60, start_ts ts, end_ts ts, rc s")
    t("sys_mail_q", "mail_id* b, to_addr v120, tmpl v40, crt_ts ts, sent_ts ts")
    t("comp_cert", "cert_id* i, scope v60, body v60, exp_dt d",
      notes={"scope": "FEMAS / UFAS feed assurance, ISO 9001, Bord Bia"})


def _noise(db: Db) -> None:
    """Copies, staging, satellites and system tables, schema by schema."""
    t = db.table
    db.schema("coop")
    db.copy("sls_hdr", "sls_hdr_arch", "shop sales before 2023, moved out of the live table")
    db.copy("sls_ln", "sls_ln_arch")
    db.copy("mbr_mst", "mbr_mst_bak")
    db.copy("mbr_pyt", "mbr_pyt_2024")
    db.copy("cr_txn", "tmp_cr_txn")
    db.copy("itm_mst", "itm_mst_old", "item file of the old shop system (until 2020)")
    db.copy("shop_cost", "shop_cost_bud", "budgeted running costs per shop")
    db.copy("farm_fld", "farm_fld_lpis", "fields as loaded from the 2024 LPIS export")
    t("stg_epos_imp", "imp_id* b, shop_cd c3, payload t, imp_ts ts",
      "staging: till files sent each night by the shops")
    t("stg_bank_dd", "imp_id* b, payload t, imp_ts ts")
    t("stg_herd_imp", "imp_id* b, herd_no v12, payload t, imp_ts ts")
    for table, kinds in (("mbr_mst", "aud note att"), ("farm_mst", "note"),
                         ("cr_acct", "aud note"), ("sls_hdr", "note"), ("po_hdr", "note att"),
                         ("sup_mst", "aud"), ("agr_visit", "note att"), ("shop_mst", "note"),
                         ("hr_emp", "aud att"), ("mbr_pyt", "aud")):
        satellites(db, table, kinds.split())

    db.schema("ops")
    db.copy("silo_temp", "silo_temp_hist", "probe readings older than two harvests")
    db.copy("coll_trip", "coll_trip_2023")
    db.copy("coll_stop", "coll_stop_2023")
    db.copy("trk_wo", "trk_wo_bak")
    db.copy("silo_stk", "tmp_silo_stk")
    t("imp_telematics", "imp_id* b, reg_no v12, payload t, rcv_ts ts",
      "raw GPS and odometer messages from the tanker telematics")
    t("imp_probe", "imp_id* b, silo_cd v8, payload t, rcv_ts ts")
    for table, kinds in (("truck", "note att"), ("trk_wo", "note att"), ("silo", "note"),
                         ("rte_mst", "aud")):
        satellites(db, table, kinds.split())

    db.schema("trd")
    db.copy("ship", "ship_2022")
    db.copy("byr_inv", "byr_inv_bak")
    db.copy("sls_ctr", "sls_ctr_old", "contracts of the old trading spreadsheet, loaded 2021")
    t("stg_mkt_feed", "imp_id* b, src v10, payload t, imp_ts ts",
      "staging: daily futures and cash prices")
    for table, kinds in (("sls_ctr", "note att aud"), ("ship_claim", "note att"),
                         ("byr_mst", "note")):
        satellites(db, table, kinds.split())
    t("trd_usr", "usr_cd* v20, nm v80, role v20")

    db.schema("bascula")
    db.copy("tkt_pesada", "tkt_pesada_hist", "tickets de campañas anteriores (archivo)")
    db.copy("analisis_grano", "analisis_grano_bak")
    db.copy("res_leche", "res_leche_2023")
    db.copy("calibracion", "tmp_calib")
    t("log_integracion", "id_log* b, sentido c1{E|S}, mensaje t, fecha ts, ok f",
      "intercambio de ficheros con el ERP de la cooperativa")
    t("imp_socio", "id_imp* b, registro t, fecha ts", "socios importados del ERP cada noche")
    t("exp_erp", "id_exp* b, id_tkt b, registro t, fecha ts",
      "tickets exportados al ERP para liquidación")
    t("log_acceso", "id_acc* b, usuario v20, fecha ts, ip v40, ok f")


def _views(db: Db) -> None:
    db.schema("coop")
    db.view("v_mbr_actv", "SELECT m.mbr_no, m.nm, m.dairy_fl, m.tillage_fl FROM coop.mbr_mst m "
            "WHERE m.sts = 'ACT'", "active members")
    db.view("v_cr_bal", "SELECT a.acct_no, a.mbr_no, SUM(x.amt) AS bal FROM coop.cr_acct a "
            "JOIN coop.cr_txn x ON x.acct_no = a.acct_no GROUP BY a.acct_no, a.mbr_no",
            "credit account balances")
    db.schema("ops")
    db.view("v_silo_full", "SELECT s.silo_id, s.silo_cd, k.crop_cd, k.qty_t FROM ops.silo s "
            "JOIN ops.silo_stk k ON k.silo_id = s.silo_id WHERE k.empty_dt IS NULL")
    db.schema("trd")
    db.view("v_ctr_open", "SELECT c.ctr_no, c.byr_id, c.qty_t FROM trd.sls_ctr c "
            "WHERE c.sts = 'O'", "contracts still to deliver")
    db.schema("bascula")
    db.view("v_tkt_abiertos", "SELECT t.id_tkt, t.num_tkt, t.cod_basc, t.fec_entrada "
            "FROM bascula.tkt_pesada t WHERE t.estado = 'ABIERTO'",
            "tickets con primera pesada y sin tara")


_AUDITED = {  # schema: the columns its system stamps, and the tables it stamps them on
    "coop": (("crt_ts", "crt_usr", "upd_ts", "upd_usr"),
             ["mbr_mst", "farm_mst", "farm_fld", "shr_hold", "cr_acct", "shop_mst",
              "itm_mst", "sup_mst", "po_hdr", "agr_advsr", "agr_visit", "hr_emp"]),
    "ops": (("created_at", "created_by", "updated_at", "updated_by"),
            ["site_mst", "silo", "truck", "trk_wo", "drv_mst", "rte_mst", "milk_tank"]),
    "trd": (("ins_ts", "ins_usr", "chg_ts", "chg_usr"),
            ["byr_mst", "sls_ctr", "ship_claim", "gl_acct", "cost_ctr"]),
    "bascula": (("fec_alta_reg", "usu_alta", "fec_modif", "usu_modif"),
                ["centro", "basc_mst", "socio", "vehiculo", "transportista", "producto",
                 "escala_dcto", "operario"]),
}


def _audit_columns(db: Db) -> None:
    for schema, (names, tables) in _AUDITED.items():
        stamped(db, names, [f"{schema}.{bare}" for bare in tables],
                dt.datetime(2026, 1, 3, 1, 15), "MIGR")


_COMMENTS = {
    "coop.mbr_mst": "Members (shareholding farmers)", "coop.area_mst": "Trading areas",
    "coop.farm_mst": "Farms (holdings) of members", "coop.farm_fld": "Fields",
    "coop.farm_crop": "What is grown on each field each year",
    "coop.shr_class": "Share classes", "coop.shr_hold": "Shareholdings",
    "coop.div_decl": "Dividends declared", "coop.pyt_run": "Payout runs",
    "coop.mbr_pyt": "Monthly payout to a member for grain or milk supplied",
    "coop.cr_acct": "Members' credit accounts at the shops",
    "coop.cr_txn": "Credit account movements",
    "coop.shop_mst": "Farm shops (stores)", "coop.shop_cost": "Monthly running costs per shop",
    "coop.itm_mst": "Shop items", "coop.sls_hdr": "Shop sales (till receipts and dockets)",
    "coop.sls_ln": "Shop sale lines", "coop.sup_mst": "Suppliers of shop goods",
    "coop.po_hdr": "Purchase orders to suppliers", "coop.po_rcpt": "Goods received at shops",
    "coop.agr_advsr": "Agronomists", "coop.agr_visit": "Advisory farm visits",
    "coop.soil_res": "Soil analysis results", "coop.hr_emp": "Employees",
    "coop.it_tkt": "IT helpdesk", "coop.cms_page": "Website pages",
    "coop.sms_msg": "SMS sent to members", "coop.mbr_vote": "Votes at general meetings",
    "coop.farm_herd": "Herd counts", "coop.hr_sfty": "Safety incidents",
    "coop.sls_pay": "Tenders on a sale", "coop.shop_trf": "Stock moved between shops",
    "ops.site_mst": "Grain stores and dairy intake sites",
    "ops.silo": "Silos, bins and flat store bays", "ops.silo_stk": "Grain lots in store",
    "ops.silo_temp": "Temperature probe readings", "ops.dry_run": "Dryer runs",
    "ops.truck": "Fleet", "ops.trk_wo": "Workshop jobs on the fleet",
    "ops.trk_fuel": "Fuel card fills", "ops.drv_mst": "Drivers",
    "ops.rte_mst": "Milk collection routes", "ops.coll_trip": "Collection trips",
    "ops.coll_stop": "Farm stops on a collection trip", "ops.milk_tank": "Bulk tanks on farms",
    "ops.fumig": "Fumigations",
    "trd.byr_mst": "Customers for grain: mills, maltsters, compounders, traders",
    "trd.sls_ctr": "Grain sales contracts", "trd.ship": "Loads sent out against contracts",
    "trd.ship_claim": "Quality and weight claims by buyers", "trd.byr_inv": "Sales invoices",
    "trd.hedge": "Futures positions", "trd.gl_jnl": "Ledger lines",
    "trd.grn_prc": "Grain prices paid to members", "trd.milk_prc": "Milk price per month",
    "trd.fa_reg": "Fixed assets",
    "bascula.centro": "Centros de recepción", "bascula.basc_mst": "Básculas puente",
    "bascula.calibracion": "Verificaciones y calibraciones de básculas",
    "bascula.tkt_pesada": "Tickets de pesada (entrada de grano y leche)",
    "bascula.socio": "Socios (copia del ERP)", "bascula.vehiculo": "Vehículos",
    "bascula.analisis_grano": "Análisis de grano por ticket",
    "bascula.escala_dcto": "Escala de descuentos por calidad",
    "bascula.muestra": "Muestras de leche", "bascula.res_leche": "Resultados de leche",
    "bascula.producto": "Productos", "bascula.campana": "Campañas",
    "bascula.reclamacion": "Reclamaciones de socios sobre un ticket",
    "bascula.incidencia": "Incidencias de básculas", "bascula.operario": "Operarios",
    "bascula.equipo_lab": "Equipos de laboratorio",
}

_END = dt.date(2025, 12, 31)
_START = dt.date(2025, 1, 1)

_SHOPS = [  # id, code, name, town, m2, opened, sales a year, discount share, staff, rent, utl
    (1, "ENN", "Enniscorthy Farm Centre", "Enniscorthy", 1400, 1978, 2600, 0.02, 30000.0,
     4500.0, 2600.0),
    (2, "BUN", "Bunclody Store", "Bunclody", 700, 1985, 1700, 0.03, 16500.0, 1800.0, 1300.0),
    (3, "GOR", "Gorey Town Shop", "Gorey", 450, 2016, 700, 0.06, 15500.0, 5200.0, 1500.0),
    (4, "NRS", "New Ross Mill Yard", "New Ross", 900, 1969, 1800, 0.03, 17500.0, 1200.0,
     1500.0),
    (5, "TUL", "Tullow Branch", "Tullow", 380, 1992, 900, 0.02, 8200.0, 900.0, 800.0),
    (6, "KLT", "Kiltealy Cross", "Kiltealy", 520, 2004, 1100, 0.10, 12500.0, 1100.0, 1000.0),
]
_CATS = [("SEED", "Seed", "13"), ("FERT", "Fertiliser", "0"), ("FEED", "Animal feed", "0"),
         ("AGCH", "Crop protection", "23"), ("VETS", "Animal health", "23"),
         ("HW", "Hardware", "23"), ("FNC", "Fencing", "23"), ("FUEL", "Fuel", "13")]
_ITEMS = [  # code, description, category, unit, pack kg, cost, price
    ("SD-WW-GRA", "Winter wheat Graham C1 seed", "SEED", "BAG", 500.0, 390.0, 455.0),
    ("SD-SB-PLA", "Spring barley Planet C2 seed", "SEED", "BAG", 500.0, 330.0, 385.0),
    ("SD-OAT-ISA", "Oats Isabel seed", "SEED", "BAG", 500.0, 300.0, 350.0),
    ("SD-GRS-MIX", "Grass seed grazing mix", "SEED", "BAG", 14.0, 58.0, 76.0),
    ("FT-CAN", "CAN 27% N", "FERT", "TON", 1000.0, 372.0, 398.0),
    ("FT-18-6-12", "18-6-12 compound", "FERT", "TON", 1000.0, 455.0, 489.0),
    ("FT-10-10-20", "10-10-20 compound", "FERT", "TON", 1000.0, 470.0, 505.0),
    ("FT-UREA", "Protected urea 46% N", "FERT", "TON", 1000.0, 520.0, 560.0),
    ("FT-LIME", "Ground limestone", "FERT", "TON", 1000.0, 19.0, 26.0),
    ("FD-DAIRY18", "Dairy nut 18% bulk", "FEED", "TON", 1000.0, 335.0, 372.0),
    ("FD-DAIRY14", "Dairy nut 14% bulk", "FEED", "TON", 1000.0, 318.0, 352.0),
    ("FD-CALF", "Calf rearing nut 25kg", "FEED", "BAG", 25.0, 12.4, 15.5),
    ("FD-BEEF", "Beef finisher ration", "FEED", "TON", 1000.0, 305.0, 338.0),
    ("FD-MILKR", "Calf milk replacer 20kg", "FEED", "BAG", 20.0, 54.0, 66.0),
    ("AC-GLY", "Glyphosate 360 20L", "AGCH", "EA", 20.0, 88.0, 112.0),
    ("AC-FUNG", "Cereal fungicide 5L", "AGCH", "EA", 5.0, 96.0, 128.0),
    ("AC-SLUG", "Slug pellets 15kg", "AGCH", "EA", 15.0, 34.0, 45.0),
    ("VT-DOSE", "Wormer drench 2.5L", "VETS", "EA", 2.5, 41.0, 58.0),
    ("VT-TEAT", "Teat dip 25L", "VETS", "EA", 25.0, 48.0, 66.0),
    ("VT-MIN", "Cattle mineral bucket", "VETS", "EA", 20.0, 21.0, 30.0),
    ("HW-GATE12", "Galvanised gate 12ft", "HW", "EA", 30.0, 118.0, 165.0),
    ("HW-BOOT", "Wellington boots", "HW", "EA", 2.0, 22.0, 39.0),
    ("HW-TOOLS", "Hand tools assorted", "HW", "EA", 1.0, 14.0, 24.0),
    ("FN-POST", "Round fencing post 7ft", "FNC", "EA", 12.0, 4.1, 6.2),
    ("FN-WIRE", "Barbed wire 200m", "FNC", "EA", 20.0, 38.0, 52.0),
    ("FN-ELEC", "Electric fence reel", "FNC", "EA", 3.0, 27.0, 40.0),
    ("FU-DERV", "Green diesel", "FUEL", "LTR", 0.84, 0.92, 1.01),
]
_SUPPLIERS = [  # id, name, country, type, late share, short share
    (501, "Goulding Fertilisers", "IE", "FRT", 0.08, 0.02),
    (502, "Yara Ireland", "IE", "FRT", 0.05, 0.01),
    (503, "Grassland Agro", "IE", "FRT", 0.30, 0.12),
    (504, "Dairygold Feeds", "IE", "FED", 0.10, 0.03),
    (505, "Southfeeds Milling", "IE", "FED", 0.38, 0.15),
    (506, "Seedtech Ireland", "IE", "SED", 0.12, 0.04),
    (507, "AgroChem Distributors", "GB", "CHM", 0.15, 0.05),
    (508, "Farm Hardware Wholesale", "IE", "HW", 0.25, 0.09),
    (509, "Nordic Vet Supplies", "DK", "MIX", 0.06, 0.02),
]
_ADVISERS = [  # id, name, qualification, area, speciality, yield uplift
    (61, "Ciara Doyle", "BAgrSc, FACTS", "N", "TL", 0.11),
    (62, "Pat Kinsella", "BAgrSc", "S", "MX", 0.02),
    (63, "Aoife Murphy", "MAgrSc, FACTS", "S", "TL", 0.08),
    (64, "Sean Byrne", "Dip Agri", "N", "DY", 0.00),
    (65, "Declan Furlong", "BAgrSc, FACTS", "W", "TL", 0.05),
]
_BASCULAS = [  # code, centre, model, offset kg (drift)
    ("B-ENN1", "ENN", "Pesatec PT-60", 0), ("B-ENN2", "ENN", "Pesatec PT-60", 0),
    ("B-NRS1", "NRS", "Pesatec PT-50", 140), ("B-BUN1", "BUN", "Mettler Pontis", 0),
    ("B-LAC1", "LAC", "Pesatec PT-60", -60), ("B-NRS2", "NRS", "Pesatec PT-80", 0),
]
_BUYERS = [  # id, name, type, country, pay days, claim rate, late share, late days
    (701, "Odlums Mills", "ML", "IE", 30, 0.04, 0.05, 6),
    (702, "Boortmalt Athy", "MT", "IE", 30, 0.10, 0.02, 3),
    (703, "Southern Compound Feeds", "FD", "IE", 21, 0.06, 0.40, 38),
    (704, "Celtic Grain Traders", "TR", "IE", 14, 0.22, 0.55, 45),
    (705, "Bristol Port Grain", "EX", "GB", 30, 0.16, 0.15, 12),
    (706, "Premier Proteins", "FD", "IE", 30, 0.05, 0.08, 5),
    (707, "Heritage Flour Co", "ML", "GB", 45, 0.25, 0.20, 20),
]
_ROUTES = [  # id, code, name, km per trip, farms
    (1, "R01", "Ballycarney loop", 92.0, 14), (2, "R02", "Killanne hills", 168.0, 9),
    (3, "R03", "Bree / Marshalstown", 74.0, 15), (4, "R04", "Blackstairs west", 185.0, 8),
    (5, "R05", "Clonroche", 88.0, 13), (6, "R06", "Adamstown", 101.0, 12),
    (7, "R07", "Carnew border", 142.0, 10), (8, "R08", "Oulart coast", 80.0, 14),
]
_TRUCKS = [  # id, reg, make, model, type, year, breakdown rate, repair scale
    (11, "151-WX-402", "Volvo", "FM 460", "MT", 2015, 0.9, 1.5),
    (12, "172-WX-118", "Scania", "R450", "MT", 2017, 0.4, 1.0),
    (13, "181-WX-77", "DAF", "XF 480", "MT", 2018, 0.3, 0.9),
    (14, "141-WX-2290", "Renault", "T460", "MT", 2014, 1.4, 1.8),
    (15, "201-WX-31", "Scania", "R500", "MT", 2020, 0.15, 0.7),
    (16, "212-WX-906", "Volvo", "FH 500", "MT", 2021, 0.1, 0.6),
    (17, "162-WX-55", "MAN", "TGX 18.470", "MT", 2016, 0.8, 1.3),
    (18, "191-WX-418", "DAF", "CF 450", "MT", 2019, 0.25, 0.8),
    (21, "08-WX-1131", "Volvo", "FM 400", "GT", 2008, 1.0, 1.2),
    (22, "222-WX-60", "Scania", "G410", "GT", 2022, 0.1, 0.6),
]
_SILOS_PER_SITE = {"ENN": 10, "NRS": 8, "BUN": 6}
_FIRST = ["Sean", "Mary", "John", "Patrick", "Michael", "Bridget", "James", "Tom", "Noel",
          "Aidan", "Eileen", "Martin", "Liam", "Catherine", "Kieran", "Joe", "Ann", "Brendan"]
_LAST = ["Doyle", "Murphy", "Byrne", "Kavanagh", "Walsh", "O'Connor", "Furlong", "Kehoe",
         "Redmond", "Nolan", "Roche", "Whelan", "Codd", "Sinnott", "Breen", "Cullen"]
_TOWNLANDS = ["Ballymore", "Kilmyshall", "Clohamon", "Ballindaggin", "Monart", "Tomnalossett",
              "Caim", "Rathnure", "Templeshanbo", "Ballycarney", "Ferns", "Camolin"]


def _day(rnd: random.Random, start: dt.date, end: dt.date) -> dt.date:
    return start + dt.timedelta(days=rnd.randint(0, (end - start).days))


def _ts(day: dt.date, hour: float) -> dt.datetime:
    return dt.datetime(day.year, day.month, day.day) + dt.timedelta(hours=hour)


Member = tuple[int, bool, bool, float, float, float, float, float]
"""member no, dairy, tillage, moisture habit, dirt habit, cell count level, paying habit,
hectares"""


def _rows(db: Db) -> None:
    rnd = random.Random(9127)
    members = _members(db, rnd)
    _shops(db, rnd, members)
    _intake(db, rnd, members)
    _milk(db, rnd, members)
    _stores(db, rnd)
    _trading(db, rnd)
    _credit(db, rnd, members)
    _suppliers(db, rnd)


def _members(db: Db, rnd: random.Random) -> list[Member]:
    db.schema("coop")
    db.rows("area_mst", [("N", "North (Bunclody, Tullow)", None),
                         ("S", "South (New Ross)", None), ("W", "West (Kiltealy)", None)])
    mbrs: list[tuple[Value, ...]] = []
    farms: list[tuple[Value, ...]] = []
    flds: list[tuple[Value, ...]] = []
    socios: list[tuple[Value, ...]] = []
    out: list[Member] = []
    for n in range(300):
        no = 1001 + n
        dairy = rnd.random() < 0.45
        tillage = not dairy or rnd.random() < 0.3
        ha = round(rnd.uniform(25, 70) if dairy and not tillage else rnd.uniform(30, 220), 1)
        moist = rnd.choice([0.0, 0.0, 0.0, 0.5, 1.0, 2.5, 4.5])
        dirt = rnd.choice([0.0, 0.0, 0.0, 0.5, 1.5, 3.0])
        scc = rnd.choice([110, 140, 160, 190, 220, 260, 330, 420])
        pays = rnd.choice([1.0, 1.0, 1.0, 0.9, 0.7, 0.3, 0.05])
        nm = f"{_FIRST[n % 18]} {_LAST[(n * 5) % 16]}"
        herd = f"W{1_200_000 + n * 37}"
        area = rnd.choice("NSW")
        mbrs.append((no, nm, f"{nm} & Sons" if n % 7 == 0 else None, rnd.choice("IIIIPC"),
                     dt.date(1965 + n % 55, 1 + n % 12, 1), "ACT" if n % 40 else "DOR",
                     dt.date(1950 + n % 40, 1 + n % 12, 1 + n % 27), herd, None,
                     "Wexford" if n % 4 else "Carlow", dairy, tillage, area))
        fid = no * 10 + 1
        farms.append((fid, no, herd, f"{_TOWNLANDS[n % 12]} farm", _TOWNLANDS[n % 12],
                      "Wexford" if n % 4 else "Carlow", ha, round(ha * 0.7, 1),
                      round(ha * 0.3, 1), round(52.3 + rnd.uniform(0, 0.6), 4),
                      round(-6.9 + rnd.uniform(0, 0.8), 4)))
        left = ha
        k = 0
        while left > 1:
            k += 1
            a = round(min(left, rnd.uniform(4, 18)), 2)
            left -= a
            flds.append((fid * 100 + k, fid, f"Field {k}", a, rnd.choice(["LO", "CL", "SL"]),
                         rnd.choice("GGMP"), f"L{fid}{k:02d}"))
        socios.append((no, nm.upper(), f"IE{no:07d}X", herd, None, dt.date(2019, 5, 6), None,
                       dairy))
        out.append((no, dairy, tillage, moist, dirt, scc, pays, ha))
    db.rows("mbr_mst", mbrs)
    db.rows("farm_mst", farms)
    db.rows("farm_fld", flds)
    db.rows("shr_class", [("A", "Ordinary share", 1.27, True, True),
                          ("B", "Trading share", 1.0, False, True),
                          ("C", "Loan stock", 1.0, False, False)])
    holds: list[tuple[Value, ...]] = []
    for m in out:
        holds.append((len(holds) + 1, m[0], "A", 100, 127.0, dt.date(2010, 1, 1), None))
        if m[2]:
            tonnes = m[7] * 8.5
            cover = rnd.choice([1.0, 1.0, 0.9, 0.6, 0.3, 0.1])
            b = int(tonnes / 5 * cover)
            holds.append((len(holds) + 1, m[0], "B", b, float(b), dt.date(2018, 1, 1), None))
    db.rows("shr_hold", holds)
    db.schema("bascula")
    db.rows("socio", socios)
    return out


def _shops(db: Db, rnd: random.Random, members: list[Member]) -> None:
    db.schema("coop")
    db.rows("shop_mst", [(s[0], s[1], s[2], s[3], dt.date(s[5], 3, 1), None, s[4],
                          s[4] > 600, None) for s in _SHOPS])
    costs: list[tuple[Value, ...]] = []
    for s in _SHOPS:
        for mth in range(1, 13):
            per = f"2025{mth:02d}"
            costs += [(s[0], per, "STF", round(s[8] * rnd.uniform(0.95, 1.08), 2)),
                      (s[0], per, "RNT", s[9]),
                      (s[0], per, "UTL", round(s[10] * rnd.uniform(0.8, 1.2), 2)),
                      (s[0], per, "VEH", 900.0 if s[4] > 600 else 0.0),
                      (s[0], per, "OTH", round(rnd.uniform(200, 700), 2))]
    db.rows("shop_cost", costs)
    db.rows("itm_cat", _CATS)
    sup_of = {"SEED": 506, "FERT": 501, "FEED": 504, "AGCH": 507, "VETS": 509, "HW": 508,
              "FNC": 508, "FUEL": 508}
    items = []
    for k, i in enumerate(_ITEMS):
        sup = sup_of[i[2]]
        if i[2] == "FERT" and k % 2:
            sup = 503
        if i[2] == "FEED" and k % 2:
            sup = 505
        items.append((i[0], i[1], i[2], i[3], i[4], i[5], i[6], sup, True))
    db.rows("itm_mst", items)
    hdrs: list[tuple[Value, ...]] = []
    lns: list[tuple[Value, ...]] = []
    qty_of = {"TON": (1, 12), "BAG": (1, 10), "EA": (1, 6), "LTR": (200, 1500)}
    for s in _SHOPS:
        # the small town shop sells mostly hardware and bags; the yards sell fertiliser
        mix = [3 if i[2] in ("FERT", "FEED") and s[4] > 600 else
               1 if i[2] in ("FERT", "FEED") else 2 for i in _ITEMS]
        for _ in range(s[6]):
            sid = 1_000_001 + len(hdrs)
            day = _day(rnd, _START, _END)
            m = rnd.choice(members)
            pay = rnd.choices(["CA", "CC", "AC", "DL"], [10, 35, 40, 15])[0]
            tot = 0.0
            for ln, i in enumerate(rnd.choices(_ITEMS, mix, k=rnd.choice([1, 1, 2, 3])),
                                   start=1):
                lo, hi = qty_of[i[3]]
                qty = float(rnd.randint(lo, hi))
                prc = i[6]
                disc = round(qty * prc * rnd.uniform(0.02, 0.06), 2) \
                    if rnd.random() < s[7] * 4 else 0.0
                lns.append((sid, ln, i[0], qty, prc, disc,
                            round((qty * prc - disc) * 0.135, 2) if i[2] in ("SEED", "FUEL")
                            else round((qty * prc - disc) * 0.23, 2) if i[2] not in
                            ("FERT", "FEED") else 0.0))
                tot += qty * prc - disc
            hdrs.append((sid, s[0], day, dt.time(8 + rnd.randint(0, 9), rnd.randint(0, 59)),
                         m[0], pay, "V" if rnd.random() < 0.01 else "F", rnd.randint(1, 3),
                         None, round(tot, 2)))
    db.rows("sls_hdr", hdrs)
    db.rows("sls_ln", lns)


def _intake(db: Db, rnd: random.Random, members: list[Member]) -> None:
    db.schema("bascula")
    db.rows("centro", [("ENN", "Enniscorthy", "Enniscorthy", True),
                       ("NRS", "New Ross", "New Ross", True),
                       ("BUN", "Bunclody", "Bunclody", True),
                       ("LAC", "Lacken (lechería)", "Enniscorthy", True)])
    db.rows("basc_mst", [(b[0], b[1], b[2].split()[0], b[2], 60000, 20,
                          dt.date(2012 + k, 6, 1), f"SN{9100 + k}", True)
                         for k, b in enumerate(_BASCULAS)])
    cals: list[tuple[Value, ...]] = []
    for b in _BASCULAS:
        for yr in (2023, 2024, 2025):
            err = b[3] if yr == 2025 else b[3] // 3
            err += rnd.choice([-20, 0, 0, 20])
            res = "R" if abs(err) > 40 else "C" if abs(err) > 20 else "A"
            cals.append((len(cals) + 1, b[0], dt.date(yr, 3, 10 + len(cals) % 15),
                         "Legal Metrology Service", 30000, 30000 + err, err, res,
                         dt.date(yr + 1, 3, 10)))
    db.rows("calibracion", cals)
    db.rows("campana", [("C24", "Cosecha 2024", dt.date(2024, 7, 1), dt.date(2025, 6, 30)),
                        ("C25", "Cosecha 2025", dt.date(2025, 7, 1), dt.date(2026, 6, 30))])
    db.rows("producto", [("TRB", "Trigo blando", "G", "KG"), ("CEB", "Cebada pienso", "G", "KG"),
                         ("CEBM", "Cebada maltera", "G", "KG"), ("AVE", "Avena", "G", "KG"),
                         ("LEC", "Leche cruda", "L", "KG")])
    db.rows("transportista", [(1, "Cooperativa (flota propia)", "IE0000001A", True),
                              (2, "Kehoe Haulage", "IE7731122B", False),
                              (3, "Agricultores (tractor propio)", None, False)])
    vehs: list[tuple[Value, ...]] = [(t[1], 1, "CI" if t[4] == "MT" else "CB",
                                      11800 + 100 * (t[0] % 7), dt.date(2024, 2, 1))
                                     for t in _TRUCKS]
    vehs += [(f"{190 + k % 30}-WX-{3000 + k}", 2 if k < 20 else 3,
              "CB" if k < 20 else "TR", 9500 + 37 * k, dt.date(2023, 6, 1)) for k in range(60)]
    db.rows("vehiculo", vehs)
    db.rows("laboratorio", [("LAB1", "Laboratorio central Enniscorthy", False, True),
                            ("LAB2", "Laboratorio recepción New Ross", False, False),
                            ("EXT1", "Milk recording lab (externo)", True, True)])
    scale = [("HUM", 15.0, 17.0, 1.2, 2.4), ("HUM", 17.0, 20.0, 1.5, 3.6),
             ("HUM", 20.0, 26.0, 2.0, 5.2), ("IMP", 2.0, 4.0, 1.0, 1.6),
             ("IMP", 4.0, 12.0, 1.5, 3.0)]
    db.rows("escala_dcto", [(k * 5 + n + 1, prod, "C25", *band)
                            for k, prod in enumerate(["TRB", "CEB"])
                            for n, band in enumerate(scale)])
    db.schema("coop")
    db.rows("agr_advsr", [(a[0], a[1], a[2], a[3], dt.date(2015, 9, 1), a[4])
                          for a in _ADVISERS])
    uplift: dict[int, float] = {}
    visits: list[tuple[Value, ...]] = []
    for m in members:
        if not m[2] or rnd.random() < 0.45:
            continue
        a = rnd.choice(_ADVISERS)
        uplift[m[0]] = a[5]
        for _ in range(rnd.randint(1, 3)):
            visits.append((len(visits) + 1, a[0], m[0] * 10 + 1,
                           _day(rnd, dt.date(2024, 10, 1), dt.date(2025, 5, 30)),
                           rnd.choice(["WK", "WK", "SL", "PL"]), round(rnd.uniform(1, 4), 1),
                           0.0 if a[4] == "TL" else 120.0))
    db.rows("agr_visit", visits)
    db.schema("bascula")
    tkts: list[tuple[Value, ...]] = []
    anal: list[tuple[Value, ...]] = []
    grain_bas = [b for b in _BASCULAS if b[1] != "LAC"]
    for m in members:
        if not m[2]:
            continue
        tonnes = m[7] * rnd.uniform(7.5, 9.5) * (1 + uplift.get(m[0], 0.0))
        while tonnes > 0:
            load = min(tonnes, rnd.uniform(10, 16))
            tonnes -= load
            b = rnd.choice(grain_bas)
            veh = rnd.choice(vehs[len(_TRUCKS):])
            tara = int(str(veh[3])) + rnd.randint(-40, 40)
            neto = int(load * 1000)
            entry = _ts(_day(rnd, dt.date(2025, 7, 20), dt.date(2025, 9, 25)),
                        rnd.uniform(8, 21))
            prod = rnd.choice(["TRB", "TRB", "CEB", "CEB", "CEBM", "AVE"])
            tid = 4_000_001 + len(tkts)
            tkts.append((tid, f"{b[1]}25-{tid % 100000:05d}", b[0], "C25", prod, None, m[0],
                         db.tables["bascula.socio"].rows[m[0] - 1001][3], veh[0], None, entry,
                         entry + dt.timedelta(minutes=rnd.randint(12, 50)),
                         neto + tara + b[3], tara + b[3], neto, False,
                         f"{b[1]}-{rnd.randint(1, _SILOS_PER_SITE.get(b[1], 6)):02d}",
                         "CERRADO", None))
            hum = round(max(13.0, rnd.gauss(15.2 + m[3], 0.9)), 1)
            imp = round(max(0.3, rnd.gauss(1.6 + m[4], 0.6)), 1)
            anal.append((tid, tid, "LAB1" if b[1] == "ENN" else "LAB2", None,
                         entry + dt.timedelta(minutes=8), hum, round(rnd.uniform(62, 78), 1),
                         imp, round(rnd.uniform(9.5, 13), 1) if prod == "TRB" else None,
                         round(rnd.uniform(0.5, 4), 1), rnd.randint(220, 380)
                         if prod == "TRB" else None, rnd.random() < 0.01,
                         "M1" if prod == "TRB" and hum < 17 else "MB" if prod == "CEBM"
                         else "F1"))
    db.rows("tkt_pesada", tkts)
    db.rows("analisis_grano", anal)


def _milk(db: Db, rnd: random.Random, members: list[Member]) -> None:
    db.schema("ops")
    db.rows("site_mst", [("ENN", "Enniscorthy grain store", "ST", "Enniscorthy", "B-ENN1"),
                         ("NRS", "New Ross quay store", "ST", "New Ross", "B-NRS1"),
                         ("BUN", "Bunclody store", "ST", "Bunclody", "B-BUN1"),
                         ("LAC", "Lacken dairy intake", "DY", "Enniscorthy", "B-LAC1")])
    db.rows("truck", [(t[0], t[1], t[2], t[3], t[4], t[5], dt.date(t[5], 3, 1),
                       160000.0 if t[4] == "MT" else 120000.0, 24000 if t[4] == "MT" else 0,
                       "A") for t in _TRUCKS])
    db.rows("drv_mst", [(k, f"{_FIRST[k % 18]} {_LAST[(k * 3) % 16]}", "C+E",
                         dt.date(2027, 1 + k % 12, 1), dt.date(2010 + k % 12, 1, 1), k > 9)
                        for k in range(1, 13)])
    db.rows("rte_mst", [(r[0], r[1], r[2], "LAC", "AD", r[3], True) for r in _ROUTES])
    dairy = [m for m in members if m[1]]
    rnd.shuffle(dairy)
    stops_of: dict[int, list[Member]] = {}
    tanks: list[tuple[Value, ...]] = []
    rfarm: list[tuple[Value, ...]] = []
    k = 0
    for r in _ROUTES:
        stops_of[r[0]] = dairy[k:k + r[4]]
        for seq, m in enumerate(stops_of[r[0]], start=1):
            fid = m[0] * 10 + 1
            tanks.append((fid, fid, rnd.choice([6000, 8000, 10000, 12000]), "Dairymaster",
                          2005 + seq, rnd.choice("DI")))
            rfarm.append((r[0], seq, fid, fid))
        k += r[4]
    db.rows("milk_tank", tanks)
    db.rows("rte_farm", rfarm)
    herd_ltr = {m[0]: rnd.uniform(900, 2600) for m in dairy}  # litres a day in season
    tankers = [t for t in _TRUCKS if t[4] == "MT"]
    trips: list[tuple[Value, ...]] = []
    stops: list[tuple[Value, ...]] = []
    tkts: list[tuple[Value, ...]] = []
    odo = {t[0]: 300000 + (2025 - t[5]) * 90000 for t in tankers}
    day = dt.date(2025, 2, 1)
    while day <= dt.date(2025, 11, 30):
        season = 1.0 if 4 <= day.month <= 8 else 0.6
        for r in _ROUTES:
            trk = tankers[(r[0] + day.toordinal() // 6) % len(tankers)]
            tid = 2_000_001 + len(trips)
            dep = _ts(day, rnd.uniform(4.5, 7))
            km = int(r[3] * rnd.uniform(0.95, 1.12))
            tno = f"LAC25-{tid % 100000:05d}"
            trips.append((tid, r[0], trk[0], 1 + (r[0] + day.day) % 12, day, dep,
                          dep + dt.timedelta(hours=km / 38 + 1), odo[trk[0]],
                          odo[trk[0]] + km, tno))
            odo[trk[0]] += km + rnd.randint(0, 30)
            tot = 0.0
            arr = dep
            for seq, m in enumerate(stops_of[r[0]], start=1):
                arr = arr + dt.timedelta(minutes=rnd.randint(12, 30))
                ltr = round(herd_ltr[m[0]] * 2 * season * rnd.uniform(0.9, 1.1), 0)
                rej = rnd.random() < 0.004
                stops.append((tid, seq, m[0] * 10 + 1, arr, ltr, round(rnd.uniform(2.5, 5), 1),
                              seq % 3 == 0, rej))
                tot += 0 if rej else ltr
            tara = 11800 + 100 * (trk[0] % 7)
            neto = int(tot * 1.03)
            tkts.append((5_000_001 + len(tkts), tno, "B-LAC1", "C25" if day.month > 6 else
                         "C24", "LEC", None, None, None, trk[1], None,
                         dep + dt.timedelta(hours=km / 38 + 1),
                         dep + dt.timedelta(hours=km / 38 + 1.6), neto + tara - 60,
                         tara - 60, neto, False, None, "CERRADO", None))
        day += dt.timedelta(days=2)
    db.rows("coll_trip", trips)
    db.rows("coll_stop", stops)
    wos: list[tuple[Value, ...]] = []
    for t in _TRUCKS:
        for _ in range(4):
            d0 = _day(rnd, _START, _END)
            wos.append((len(wos) + 1, t[0], d0, d0 + dt.timedelta(days=1), "SV", False,
                        round(rnd.uniform(250, 600), 2), round(rnd.uniform(180, 320), 2), 0.0,
                        None))
        for _ in range(int(t[6] * 10 + rnd.random())):
            d0 = _day(rnd, _START, _END)
            wos.append((len(wos) + 1, t[0], d0, d0 + dt.timedelta(days=rnd.randint(1, 6)),
                        "BR", rnd.random() < 0.4, round(rnd.uniform(300, 2500) * t[7], 2),
                        round(rnd.uniform(200, 900) * t[7], 2),
                        round(rnd.uniform(0, 1500), 2) if rnd.random() < 0.3 else 0.0, None))
        wos.append((len(wos) + 1, t[0], dt.date(2025, 5, 12), dt.date(2025, 5, 13), "DOE",
                    False, 0.0, 150.0, 210.0, None))
    db.rows("trk_wo", wos)
    db.schema("bascula")
    db.rows("tkt_pesada", tkts)
    smps: list[tuple[Value, ...]] = []
    res: list[tuple[Value, ...]] = []
    for m in dairy:
        d = dt.date(2025, 2, 3) + dt.timedelta(days=m[0] % 7)
        while d <= dt.date(2025, 11, 28):
            sid = 6_000_001 + len(smps)
            smps.append((sid, m[0], db.tables["bascula.socio"].rows[m[0] - 1001][3], None, d,
                         "O", "EXT1", f"P{sid}"))
            summer = 1.3 if 6 <= d.month <= 8 else 1.0
            cells = int(max(40, rnd.gauss(m[5] * summer, m[5] * 0.25)))
            bact = int(max(3, rnd.gauss(12 + m[5] / 12, 8)))
            res.append((sid, round(rnd.uniform(3.7, 4.6), 2), round(rnd.uniform(3.2, 3.7), 2),
                        cells, bact, -520 + rnd.randint(-8, 8), rnd.random() < 0.002,
                        d + dt.timedelta(days=2)))
            d += dt.timedelta(days=10)
    db.rows("muestra", smps)
    db.rows("res_leche", res)


def _stores(db: Db, rnd: random.Random) -> None:
    db.schema("ops")
    silos: list[tuple[Value, ...]] = []
    stks: list[tuple[Value, ...]] = []
    temps: list[tuple[Value, ...]] = []
    for site, count in _SILOS_PER_SITE.items():
        for k in range(1, count + 1):
            sid = len(silos) + 1
            typ = "F" if k > count - 2 else "S"
            silos.append((sid, site, f"{site}-{k:02d}", typ, 600.0 if typ == "F" else 350.0,
                          typ == "S" and k % 3 != 0, True, 1975 + (k * 7) % 45))
            fill = _day(rnd, dt.date(2025, 7, 22), dt.date(2025, 9, 20))
            empty = None
            if rnd.random() < 0.25:
                empty = fill + dt.timedelta(days=rnd.randint(30, 90))
            moist = round(rnd.uniform(13.8, 15.6), 1)
            stks.append((sid, sid, rnd.choice(["WW", "SB", "WB", "OAT"]),
                         rnd.choice(["F1", "M1", "MB"]), fill, round(rnd.uniform(150, 340), 1),
                         moist, empty))
            # heating: wet grain in an unaerated bin warms week on week
            heat = (moist > 15.0) * (0.5 if typ == "F" or k % 3 == 0 else 0.15)
            d = fill + dt.timedelta(days=3)
            base = rnd.uniform(17, 21)
            w = 0
            while d <= (empty or _END):
                amb = 16 - 10 * min(1.0, (d - dt.date(2025, 8, 1)).days / 120)
                for lvl, off in (("T", 1.0), ("M", 0.0), ("B", -1.5)):
                    cooled = base - w * 0.45 * (1 - heat * 3) + off
                    temps.append((len(temps) + 1, sid, d, lvl,
                                  round(max(amb + 2, cooled) + w * heat + rnd.uniform(-0.4, 0.4),
                                        1), round(amb, 1)))
                d += dt.timedelta(days=7)
                w += 1
    db.rows("silo", silos)
    db.rows("silo_stk", stks)
    db.rows("silo_temp", temps)


def _trading(db: Db, rnd: random.Random) -> None:
    db.schema("trd")
    db.rows("byr_mst", [(b[0], b[1], b[2], b[3], 500000.0, b[4], True) for b in _BUYERS])
    ctrs: list[tuple[Value, ...]] = []
    ships: list[tuple[Value, ...]] = []
    invs: list[tuple[Value, ...]] = []
    clms: list[tuple[Value, ...]] = []
    for b in _BUYERS:
        for _ in range(rnd.randint(5, 9)):
            cno = 80_001 + len(ctrs)
            crop = "WW" if b[2] == "ML" else "SB" if b[2] == "MT" else rnd.choice(["WW", "SB"])
            qty = float(rnd.choice([300, 500, 750, 1000]))
            prc = round(rnd.uniform(205, 245), 2)
            start = _day(rnd, dt.date(2025, 8, 1), dt.date(2025, 10, 1))
            ctrs.append((cno, b[0], start - dt.timedelta(days=60), crop,
                         "M1" if b[2] == "ML" else "MB" if b[2] == "MT" else "F1", qty, prc,
                         "FX", start, start + dt.timedelta(days=90), "F"))
            left = qty
            while left > 0:
                load = min(left, round(rnd.uniform(27, 29.5), 2))
                left -= load
                sid = 90_001 + len(ships)
                d = _day(rnd, start, start + dt.timedelta(days=85))
                inv = 300_001 + len(invs)
                amt = round(load * prc, 2)
                late = rnd.random() < b[6]
                due = d + dt.timedelta(days=b[4])
                pd = due + dt.timedelta(days=rnd.randint(b[7] // 2, b[7] * 2) if late else
                                        rnd.randint(-3, 2))
                invs.append((inv, b[0], d, due, amt, pd if pd <= _END else None,
                             amt if pd <= _END else None))
                ships.append((sid, cno, rnd.choice(["ENN", "NRS", "BUN"]), d, "Kehoe Haulage",
                              None, load, round(rnd.uniform(13.5, 15.2), 1),
                              round(rnd.uniform(10.5, 13), 1) if crop == "WW" else None, inv))
                if rnd.random() < b[5]:
                    c_amt = round(amt * rnd.uniform(0.01, 0.08), 2)
                    clms.append((len(clms) + 1, sid, d + dt.timedelta(days=rnd.randint(1, 10)),
                                 rnd.choice(["MOI", "PRO", "HFN", "ADM", "INS", "WGT"]), c_amt,
                                 round(c_amt * rnd.uniform(0.4, 1.0), 2), "S"))
    db.rows("sls_ctr", ctrs)
    db.rows("byr_inv", invs)
    db.rows("ship", ships)
    db.rows("ship_claim", clms)


def _credit(db: Db, rnd: random.Random, members: list[Member]) -> None:
    db.schema("coop")
    db.rows("pyt_run", [(k, f"2025{k:02d}", dt.date(2025, k, 15), "M" if k < 8 or k > 10
                         else "G", "PAID") for k in range(1, 13)])
    accts: list[tuple[Value, ...]] = []
    txns: list[tuple[Value, ...]] = []
    pyts: list[tuple[Value, ...]] = []
    for m in members:
        acct = 70_000 + m[0]
        ded = rnd.random() < 0.6
        accts.append((acct, m[0], round(rnd.choice([5000, 10000, 20000, 40000]), 2), 30,
                      dt.date(2008, 1, 1), "O" if m[6] > 0.2 else "S", ded))
        bal = 0.0
        for mth in range(1, 13):
            spend = round(rnd.uniform(0, 2500) * (1.8 if mth in (3, 4, 5) else 1.0), 2)
            d = dt.date(2025, mth, rnd.randint(1, 25))
            if spend > 100:
                txns.append((len(txns) + 1, acct, d, "SL", f"SHOP{mth}", spend,
                             d + dt.timedelta(days=30)))
                bal += spend
            paid = round(bal * m[6] * rnd.uniform(0.5, 1.0), 2)
            if paid > 0 and rnd.random() < m[6]:
                txns.append((len(txns) + 1, acct, d + dt.timedelta(days=20), "PY", "BANK",
                             -paid, None))
                bal -= paid
            if bal > 500 and m[6] < 0.5:
                txns.append((len(txns) + 1, acct, dt.date(2025, mth, 28), "IN", "INT",
                             round(bal * 0.01, 2), None))
                bal += round(bal * 0.01, 2)
            gross = 0.0
            if m[1]:
                gross = round(m[7] * 95 * rnd.uniform(0.5, 1.3), 2)
            elif m[2] and mth in (8, 9, 10):
                gross = round(m[7] * 8.5 * 215 / 3, 2)
            if gross:
                take = round(min(bal, gross * 0.3), 2) if ded and bal > 0 else 0.0
                if take:
                    txns.append((len(txns) + 1, acct, dt.date(2025, mth, 15), "PD",
                                 f"PYT{mth}", -take, None))
                    bal -= take
                levy = round(gross * 0.004, 2)
                pyts.append((len(pyts) + 1, mth, m[0], gross, take, levy, 0.0, 0.0,
                             round(gross - take - levy, 2), dt.date(2025, mth, 15), False))
    db.rows("cr_acct", accts)
    db.rows("cr_txn", txns)
    db.rows("mbr_pyt", pyts)


def _suppliers(db: Db, rnd: random.Random) -> None:
    db.schema("coop")
    db.rows("sup_mst", [(s[0], s[1], s[2], s[3], 30, True, None) for s in _SUPPLIERS])
    items = db.tables["coop.itm_mst"].rows
    pos: list[tuple[Value, ...]] = []
    plns: list[tuple[Value, ...]] = []
    rcpts: list[tuple[Value, ...]] = []
    for s in _SUPPLIERS:
        mine = [i for i in items if i[7] == s[0]] or [rnd.choice(items)]
        for _ in range(rnd.randint(18, 30)):
            po = 600_001 + len(pos)
            d = _day(rnd, _START, dt.date(2025, 11, 30))
            due = d + dt.timedelta(days=rnd.randint(3, 10))
            lines = rnd.sample(mine, min(len(mine), rnd.randint(1, 3)))
            tot = 0.0
            for n, i in enumerate(lines, start=1):
                qty = float(rnd.randint(5, 40))
                plns.append((po, n, i[0], qty, i[5]))
                tot += qty * float(i[5])  # type: ignore[arg-type]
                late = rnd.random() < s[4]
                got = qty if rnd.random() > s[5] else round(qty * rnd.uniform(0.6, 0.9), 0)
                rcpts.append((len(rcpts) + 1, po, n, due + dt.timedelta(
                    days=rnd.randint(3, 15) if late else -rnd.randint(0, 2)), got, 0.0,
                              f"DN{po}{n}", None))
            pos.append((po, s[0], rnd.choice(_SHOPS)[0], d, due, "R", round(tot, 2)))
    db.rows("po_hdr", pos)
    db.rows("po_ln", plns)
    db.rows("po_rcpt", rcpts)
