"""A regional brewery and drinks distributor's database on MariaDB, thirty years of systems in
one schema: it brews about a dozen cask, keg, bottled and canned beers, packages them on four
lines, sells them (and wines, spirits and soft drinks bought in) to some three hundred free
trade pubs, clubs, off-licences, wholesalers and four supermarket chains, and owns an estate
of about forty tied pubs it lets to tenants and lessees.

The brewery's own system is English and terse: `beer_mst`/`rcp_mst`/`brw_batch` the beers,
their recipes and each brew, `fv_mst` fermenting vessels, `prd_mst` what we sell (a beer in a
pack), `cust_mst` every outlet we supply, `so_hdr`/`so_ln` orders, `sl_inv`/`sl_inv_ln`/
`sl_rcpt` invoicing, `keg_mst`/`keg_mvt`/`keg_dep` the kegs and casks, where they are and
the deposits on them, `dlv_rnd`/`dlv_run`/`dlv_drop`/`dray_veh` the delivery rounds, the days
they run, their drops and the drays, `rtn_hdr`/`rtn_ln` beer sent back (ullage), `dty_rate`/
`dty_ret`/`dty_rmd` excise duty, its monthly return and the spoilt-beer claims, `rep_mst`/
`rep_call` sales reps and their visits, `promo_*` and `mlt_epos` supermarket promotions and
the chains' till data, `trd_loan` loans to free houses against a barrelage promise, `est_*`
the tied estate (pubs, rent, building works, tenants), `disp_flow` the flow meters on the
tied pubs' beer lines, `lnc_visit`/`qa_cmp` line cleaning and quality complaints; finance,
HR, payroll, IT, the web shop and visitor centre (CMS, tours) are English too. The bottling
and maintenance system is a Brazilian vendor's package kept in Portuguese (`linha_prod`
lines, `equipamento`, `parada_linha` stoppages and `motivo_parada` their reasons,
`ordem_envase`/`lote_envase` packaging orders and lots, `ordem_servico`/`os_material` work
orders and the parts they used, `plano_preventiva`, `tecnico`, `turno`...). Comments on about
a third of the tables, in English or Portuguese, ENUMs, CHECKs, views, backup, archive and
staging copies, the audit columns each system stamps, and audit, note and attachment tables.

QUESTIONS is the answer key: what a manager asks, and the tables an analyst needs for it.
It was written before any tool ranked a table.
"""

from __future__ import annotations

import datetime as dt
import random
from typing import Any

from tests._unseen._spec import Db, balance_comments, satellites, stamped

Rows = list[tuple[Any, ...]]

QUESTIONS: list[tuple[str, set[str]]] = [
    ("Which of our tied pubs should we sell, because the rent and the beer they buy from us "
     "no longer pay for what we spend keeping the building up?",
     {"est_pub", "est_rent", "est_wrk", "sl_inv"}),
    ("Which free trade pubs hang on to our kegs for months or lose them, so that we should "
     "charge them a bigger deposit or stop lending them kegs?",
     {"cust_mst", "keg_mst", "keg_mvt", "keg_dep"}),
    ("Which delivery rounds should we merge or drop, because the dray goes out half empty "
     "and spends all day driving to a handful of small drops?",
     {"dlv_rnd", "dlv_run", "dlv_drop", "dray_veh"}),
    ("Which packaging line stops for breakdowns so often that we lose whole shifts of "
     "output, and which machine on it is to blame?",
     {"linha_prod", "equipamento", "parada_linha", "motivo_parada"}),
    ("How much duty did we pay on beer the pubs sent back as undrinkable that we could "
     "have claimed back from HMRC and never did?",
     {"rtn_hdr", "rtn_ln", "prd_mst", "dty_rate", "dty_rmd"}),
    ("Which sales reps keep visiting their pubs without bringing in any more orders, so "
     "that we should change their patches?",
     {"rep_mst", "rep_call", "cust_mst", "so_hdr"}),
    ("Which supermarket promotions lost us money last year, because the extra cases sold "
     "did not cover what we paid the chain to run them?",
     {"promo_hdr", "promo_ln", "promo_clm", "mlt_epos"}),
    ("Which beers should we brew in bigger batches or less often, because so much of each "
     "brew is lost before it gets into a keg or a bottle?",
     {"beer_mst", "brw_batch", "lote_envase"}),
    ("Which free houses we lent money to are not buying the barrels they promised in "
     "return, so that we should call the loan in?",
     {"cust_mst", "trd_loan", "sl_inv", "sl_inv_ln", "prd_mst"}),
    ("Are we spending more on spare parts and repairs for the old keg washer and the "
     "bottle filler than new machines would cost us?",
     {"equipamento", "ordem_servico", "os_material"}),
    ("Which pubs keep complaining that our beer is cloudy or flat when the real problem is "
     "that they hardly ever have their lines cleaned?",
     {"cust_mst", "qa_cmp", "lnc_visit"}),
    ("Which tenants of our tied pubs are buying beer somewhere else, because the flow "
     "meters say they pour far more than they buy from us?",
     {"est_pub", "disp_flow", "sl_inv", "sl_inv_ln", "prd_mst"}),
]

# what each tied pub brought in during 2025: rent, and the margin on what it bought from us
_RENT = """
SELECT r.pub_no, SUM(r.amt) AS rent
FROM est_rent r
WHERE r.due_dt BETWEEN '2025-01-01' AND '2025-12-31' AND r.chg_typ IN ('RNT', 'SVC')
GROUP BY r.pub_no"""
_BEER = """
SELECT i.cust_no, SUM(i.net_amt) AS sales
FROM sl_inv i
WHERE i.inv_dt BETWEEN '2025-01-01' AND '2025-12-31' AND i.inv_sts <> 'X'
GROUP BY i.cust_no"""
_WORKS = """
SELECT w.pub_no, SUM(w.act_cost) AS works
FROM est_wrk w
WHERE w.cmp_dt BETWEEN '2025-01-01' AND '2025-12-31' AND w.wrk_sts = 'C' AND w.rchg_fl = 0
GROUP BY w.pub_no"""
_NET = """(COALESCE(r.rent, 0) + COALESCE(b.sales, 0) * :beer_margin_pct / 100
         - COALESCE(w.works, 0))"""
_NET2 = """(COALESCE(r2.rent, 0) + COALESCE(b2.sales, 0) * :beer_margin_pct / 100
         - COALESCE(w2.works, 0))"""
_HELD = "p.est_sts = 'HLD' AND p.op_mdl IN ('TEN', 'LSE')"

DECISION_QUESTION = QUESTIONS[0][0]
DECISION = f'''
[[decisions]]
id = "sell-tied-pub"
title = "Tied pub to sell"
goal = "maximize"
objective = "what the let estate earned us in 2025 (rent, margin on the beer the pubs \
bought, less building works we paid for) had we sold one pub and put the money to work"
unit = "GBP/year"
candidates = """
SELECT p.pub_no AS decision, p.pub_nm AS label
FROM est_pub p
WHERE {_HELD}
ORDER BY p.pub_no"""
value = """
SELECT p.pub_no AS decision,
       (SELECT SUM({_NET2})
          FROM est_pub p2
          LEFT JOIN ({_RENT}) r2 ON r2.pub_no = p2.pub_no
          LEFT JOIN ({_BEER}) b2 ON b2.cust_no = p2.cust_no
          LEFT JOIN ({_WORKS}) w2 ON w2.pub_no = p2.pub_no
          WHERE p2.est_sts = 'HLD' AND p2.op_mdl IN ('TEN', 'LSE'))
         - {_NET}
         + COALESCE(p.mkt_val, 0) * (100 - :sale_cost_pct) / 100 * :return_pct / 100
         AS value
FROM est_pub p
LEFT JOIN ({_RENT}) r ON r.pub_no = p.pub_no
LEFT JOIN ({_BEER}) b ON b.cust_no = p.cust_no
LEFT JOIN ({_WORKS}) w ON w.pub_no = p.pub_no
WHERE {_HELD}"""
baseline = """
SELECT SUM({_NET}) AS value
FROM est_pub p
LEFT JOIN ({_RENT}) r ON r.pub_no = p.pub_no
LEFT JOIN ({_BEER}) b ON b.cust_no = p.cust_no
LEFT JOIN ({_WORKS}) w ON w.pub_no = p.pub_no
WHERE {_HELD}"""

[decisions.parameters.beer_margin_pct]
type = "int"
default = 38
min = 0
max = 80
title = "Gross margin on what a tied pub buys from us, percent of the net invoice"

[decisions.parameters.return_pct]
type = "int"
default = 5
min = 0
max = 15
title = "Yearly return on the sale money once it pays down debt or goes into the brewery \
(percent)"

[decisions.parameters.sale_cost_pct]
type = "int"
default = 4
min = 0
max = 20
title = "Agents', legal and dilapidation costs of a sale, percent of the price"
'''


def build() -> Db:
    db = Db("mariadb")
    db.enum("inv_sts", "D", "I", "P", "X")
    db.enum("keg_sts", "BRW", "TRD", "QRN", "LST", "SCR")
    db.enum("ord_sts", "NEW", "PCK", "DSP", "DLV", "CAN")
    db.enum("status_os", "ABERTA", "PROGRAMADA", "EM_EXECUCAO", "CONCLUIDA", "CANCELADA")
    db.enum("op_mdl", "MGD", "TEN", "LSE")
    _brewing(db)
    _sales(db)
    _kegs(db)
    _delivery(db)
    _duty(db)
    _estate(db)
    _envase(db)
    _other(db)
    _noise(db)
    _views(db)
    for name, text in _COMMENTS.items():
        db.comment(name, text)
    _rows(db)
    _audit_columns(db)
    balance_comments(db, set().union(*(n for _, n in QUESTIONS)), seed=83)
    return db


# -- brewing


def _brewing(db: Db) -> None:
    t = db.table
    t("beer_mst", "beer_cd* v6, beer_nm v60, style v30, abv r, beer_cls c1{C|K|B}, "
      "launch_dt d, seas_fl f, act_fl f",
      notes={"beer_cls": "C cask ale, K keg (lager, craft keg), B bottle and can only",
             "abv": "declared ABV, percent", "seas_fl": "seasonal or special"})
    t("rcp_mst", "rcp_cd* v10, beer_cd >beer_mst, ver s, brew_len_hl q, tgt_og q, tgt_fg q, "
      "boil_min s, ferm_days s, cond_days s, appr_dt d",
      notes={"brew_len_hl": "brew length, hectolitres of wort to the fermenter"})
    t("rcp_ingr", "rcp_cd* >rcp_mst, ingr_cd* v10, qty_kg q, stage c2{MA|BO|WP|DH|FV}",
      notes={"stage": "MA mash, BO boil, WP whirlpool, DH dry hop, FV in fermenter"})
    t("ingr_mst", "ingr_cd* v10, ingr_nm v80, ingr_typ c3{MLT|HOP|YST|ADJ|FIN|CO2}, "
      "sup_no i, std_cost n, uom v6")
    t("ingr_lot", "lot_id* i, ingr_cd >ingr_mst, sup_lot v30, rcv_dt d, qty q, bbe_dt d, "
      "coa_fl f")
    t("fv_mst", "fv_no* v6, cap_hl q, fv_typ c3{FV|CT|BBT|UNI}, clean_dt d, act_fl f",
      notes={"fv_typ": "FV fermenter, CT conditioning tank, BBT bright beer tank, UNI "
                       "unitank"})
    t("brw_batch", "brew_no* i, rcp_cd >rcp_mst, beer_cd >beer_mst, brew_dt d, fv_no >fv_mst, "
      "wort_hl q, og q, fg q, abv_act r, brewer v20, bbt_dt d, bbt_hl q, "
      "sts c1{B|F|C|R|P|D}",
      notes={"wort_hl": "hectolitres of wort collected in the fermenter",
             "bbt_hl": "hectolitres of bright beer after conditioning and filtering",
             "sts": "B brewing, F fermenting, C conditioning, R ready, P packaged, D dumped"})
    t("brw_ingr", "bi_id* b, brew_no >brw_batch, lot_id >ingr_lot, qty_kg q")
    t("brw_log", "log_id* b, brew_no >brw_batch, log_ts ts, temp_c q, grav q, ph r, usr v20")
    t("tank_xfer", "xf_id* b, brew_no >brw_batch, from_fv v6, to_fv v6, xf_ts ts, hl q")
    t("qc_smp", "smp_id* b, brew_no >brw_batch, smp_ts ts, stage v10, test_cd v10, "
      "res_val r, pass_fl f")
    t("qc_test", "test_cd* v10, test_nm v80, lo r, hi r")
    t("cip_log", "cip_id* b, fv_no >fv_mst, cip_ts ts, caustic_pct r, ok_fl f")


# -- customers, orders, invoices, reps, promotions


def _sales(db: Db) -> None:
    t = db.table
    t("cust_grp", "grp_cd* c3, grp_nm v60")
    t("cust_mst", "cust_no* i, cust_nm v120, grp_cd >cust_grp, trd_typ c3{FRE|TIE|CLB|OFF|"
      "MLT|WHL|RST}, addr1 v120, town v60, pcode v10, rep_cd v4, rnd_cd v6, pay_terms s, "
      "cr_lim n, price_lst v6, keg_lim s, sts c1{A|S|C}, open_dt d",
      notes={"trd_typ": "FRE free trade pub, TIE our own tied pub, CLB club, OFF "
                        "off-licence or farm shop, MLT supermarket chain, WHL wholesaler, "
                        "RST restaurant or hotel",
             "rep_cd": "sales rep who looks after the account (rep_mst)",
             "rnd_cd": "delivery round the account is on", "keg_lim": "most kegs and casks "
             "the account may hold at once", "sts": "A active, S stopped (credit), C closed"})
    t("cust_cont", "cont_id* i, cust_no >cust_mst, cont_nm v80, role v30, tel v20, email v120")
    t("cust_del", "cust_no* >cust_mst, del_win v20, cellar_acc v200, drop_min s",
      notes={"drop_min": "minutes a drop usually takes"})
    t("rep_mst", "rep_cd* v4, rep_nm v60, emp_no i, patch v40, mgr_cd v4, car_reg v10, "
      "act_fl f")
    t("rep_call", "call_id* b, rep_cd >rep_mst, cust_no >cust_mst, call_dt d, "
      "call_typ c1{V|P|E}, dur_min s, outcome v80",
      notes={"call_typ": "V visit, P phone, E event or tasting"})
    t("rep_tgt", "rep_cd* >rep_mst, per* i, tgt_brl q, tgt_new s")
    t("pk_fmt", "pk_cd* v4, pk_nm v40, ltr q, units s, rtn_fl f",
      notes={"ltr": "litres of beer in one unit sold", "rtn_fl": "returnable container"})
    t("prd_mst", "prd_cd* v10, prd_nm v80, beer_cd >beer_mst, pk_cd >pk_fmt, ltr_unit q, "
      "src c1{O|F}, list_prc n, std_cost n, draught_fl f, ean v14, act_fl f",
      notes={"ltr_unit": "litres in one selling unit (keg, cask, case)",
             "src": "O our own beer, F factored (bought in)",
             "draught_fl": "draught product (lower duty band)"})
    t("price_lst", "price_lst* v6, pl_nm v60, vld_from d")
    t("price_ln", "price_lst* >price_lst, prd_cd* >prd_mst, prc n")
    t("so_hdr", "so_no* i, cust_no >cust_mst, ord_dt d, del_dt d, src c3{REP|TEL|WEB|EDI}, "
      "rep_cd v4, ord_sts @ord_sts, net_amt n, cust_ref v30",
      notes={"src": "REP taken by the rep on a visit, TEL telesales, WEB trade web shop, "
                    "EDI chain's order system", "rep_cd": "rep credited with the order"})
    t("so_ln", "so_no* >so_hdr, ln_no* s, prd_cd >prd_mst, qty q, prc n, disc_pct r")
    t("sl_inv", "inv_no* v10, cust_no >cust_mst, so_no i, inv_dt d, due_dt d, "
      "inv_sts @inv_sts, net_amt n, vat_amt n, dep_amt n",
      notes={"inv_sts": "D draft, I issued, P paid, X cancelled",
             "dep_amt": "container deposits charged on the invoice (not in net_amt)"})
    t("sl_inv_ln", "inv_no* >sl_inv, ln_no* s, prd_cd >prd_mst, qty q, prc n, net_amt n, "
      "dty_amt n")
    t("sl_rcpt", "rcpt_id* b, cust_no >cust_mst, inv_no >sl_inv, rcpt_dt d, amt n, "
      "mth c3{BAC|DD|CHQ|CSH}")
    t("trd_loan", "loan_no* i, cust_no >cust_mst, adv_dt d, prin n, rate_pct r, term_mth s, "
      "brl_pa q, disc_per_brl n, bal n, sts c1{L|R|W|C}",
      notes={"brl_pa": "barrels a year the customer agreed to buy from us (1 brl = 163.66 "
                       "litres)", "disc_per_brl": "discount per barrel given instead of "
             "interest", "sts": "L live, R repaid, W written off, C called in"})
    t("mlt_acct", "mlt_cd* c3, cust_no >cust_mst, mlt_nm v60, buyer v60, edi_id v20")
    t("mlt_epos", "mlt_cd* >mlt_acct, prd_cd* >prd_mst, wk_end* d, units i, sales_val n, "
      "stores s",
      notes={"wk_end": "Saturday ending the chain's trading week",
             "units": "units sold through the chain's tills (sell-out, not our deliveries)"})
    t("promo_hdr", "promo_id* i, mlt_cd >mlt_acct, promo_nm v80, mech c3{TPR|MBY|GND|FEA}, "
      "start_dt d, end_dt d, sts c1{P|A|R|X}, appr_by v20",
      notes={"mech": "TPR temporary price cut, MBY multibuy, GND gondola end, FEA feature "
                     "in the chain's leaflet", "sts": "P proposed, A agreed, R run, X "
             "cancelled"})
    t("promo_ln", "promo_id* >promo_hdr, prd_cd* >prd_mst, norm_rsp n, promo_rsp n, "
      "fund_unit n, cm_unit n, base_units i, fcst_units i",
      notes={"fund_unit": "what we pay the chain for each unit sold on promotion, GBP",
             "cm_unit": "our contribution per unit at the normal selling price, GBP",
             "base_units": "units a week the chain sells off promotion",
             "promo_rsp": "shelf price on promotion"})
    t("promo_clm", "clm_id* i, promo_id >promo_hdr, clm_dt d, units i, amt n, fixed_fee n, "
      "sts c1{R|A|D|P}",
      notes={"fixed_fee": "listing or space fee for the promotion, GBP", "sts": "R "
             "received, A agreed, D disputed, P paid (deducted from their remittance)"})
    t("lnc_visit", "vis_id* b, cust_no >cust_mst, vis_dt d, tech v20, lines_cln s, "
      "vis_typ c1{C|I|R|S}, chg n",
      notes={"vis_typ": "C line clean, I install, R repair call-out, S cellar survey",
             "lines_cln": "beer lines cleaned"})
    t("qa_cmp", "cmp_id* b, cust_no >cust_mst, rcv_dt d, prd_cd >prd_mst, "
      "cmp_cd c3{CLD|FLT|SOU|OFF|FOB|TMP|OTH}, brew_no i, credit_fl f, cls_dt d, "
      "root_cs c1{B|C|D|U}",
      notes={"cmp_cd": "CLD cloudy, FLT flat, SOU sour, OFF off-flavour, FOB fobbing, TMP "
                       "too warm, OTH other", "root_cs": "B brewery, C cellar or line "
             "hygiene, D dispense equipment, U unknown"})
    t("disp_eqp", "eqp_id* i, cust_no >cust_mst, eqp_typ v20, inst_dt d, own_fl f, val n")


# -- kegs and casks


def _kegs(db: Db) -> None:
    t = db.table
    t("keg_typ", "kt_cd* v4, kt_nm v40, ltr q, dep_amt n, repl_cost n",
      notes={"dep_amt": "deposit charged per container, GBP"})
    t("keg_mst", "keg_no* v10, kt_cd >keg_typ, rfid v24, mfr v30, purch_dt d, cost n, "
      "keg_sts @keg_sts, last_mvt d, cust_no i",
      notes={"keg_sts": "BRW at the brewery, TRD out in trade, QRN quarantined for repair, "
                        "LST written off as lost, SCR scrapped",
             "cust_no": "where the keg was last delivered"})
    t("keg_mvt", "mvt_id* b, keg_no >keg_mst, mvt_ts ts, mvt_typ c3{FIL|DSP|RTN|WSH|LST|"
      "FND}, cust_no >cust_mst, brew_no i, run_id i",
      notes={"mvt_typ": "FIL filled, DSP delivered to a customer, RTN collected back, WSH "
                        "washed, LST declared lost, FND found again"})
    t("keg_dep", "dep_id* b, cust_no >cust_mst, dep_dt d, kt_cd >keg_typ, qty s, amt n, "
      "inv_no v10",
      notes={"qty": "containers charged (+) or credited back (-)", "amt": "deposit charged "
             "(+) or refunded (-), GBP"})
    t("keg_aud", "ka_id* b, cust_no i, aud_dt d, kegs_cnt s, kegs_exp s")
    t("keg_rpr", "rpr_id* b, keg_no >keg_mst, rpr_dt d, fault v40, cost n")


# -- delivery


def _delivery(db: Db) -> None:
    t = db.table
    t("depot", "dpt_cd* c3, dpt_nm v60, addr v120")
    t("dray_veh", "veh_reg* v10, dpt_cd >depot, make v30, gvw_t r, cap_keg s, cap_plt s, "
      "lease_end d, tail_lift f",
      notes={"cap_keg": "kegs and casks the dray carries (50 litre equivalents)",
             "cap_plt": "pallet spaces", "gvw_t": "gross vehicle weight, tonnes"})
    t("drv_mst", "drv_no* i, drv_nm v60, dpt_cd >depot, lic_cat v6, cpc_exp d")
    t("dlv_rnd", "rnd_cd* v6, rnd_nm v60, dpt_cd >depot, run_day c3{MON|TUE|WED|THU|FRI}, "
      "std_veh v10, std_km s, act_fl f")
    t("rnd_stop", "rnd_cd* >dlv_rnd, seq* s, cust_no >cust_mst")
    t("dlv_run", "run_id* i, rnd_cd >dlv_rnd, run_dt d, veh_reg >dray_veh, drv_no >drv_mst, "
      "mate_no i, dep_ts ts, ret_ts ts, km s, fuel_l q",
      notes={"mate_no": "drayman's mate (second man), when one goes"})
    t("dlv_drop", "drop_id* b, run_id >dlv_run, seq s, cust_no >cust_mst, so_no i, "
      "arr_ts ts, dep_ts ts, kegs_dlv s, cases_dlv s, kegs_col s, fail_cd c3",
      notes={"kegs_dlv": "kegs and casks delivered", "kegs_col": "empties collected",
             "fail_cd": "NAC nobody at the cellar, CLS closed, REF refused, CRD credit stop"})
    t("veh_chk", "chk_id* b, veh_reg >dray_veh, chk_dt d, drv_no i, defects s")
    t("veh_svc", "svc_id* b, veh_reg >dray_veh, svc_dt d, cost n, garage v60")
    t("tacho", "tc_id* b, drv_no >drv_mst, day d, drive_min s, duty_min s, infr s")


# -- excise duty and returns


def _duty(db: Db) -> None:
    t = db.table
    t("dty_rate", "rate_id* i, vld_from d, vld_to d, abv_lo r, abv_hi r, draught_fl f, "
      "rate_lpa n, spr_pct r",
      notes={"rate_lpa": "duty per litre of pure alcohol, GBP",
             "spr_pct": "small producer relief, percent off the rate"})
    t("dty_ret", "ret_per* i, sub_dt d, hl_rel q, lpa q, dty_due n, pay_ref v20, sts c1",
      notes={"ret_per": "month YYYYMM of the alcohol duty return"})
    t("dty_ln", "dl_id* b, ret_per >dty_ret, prd_cd v10, ltr q, abv r, lpa q, dty_amt n")
    t("dty_rmd", "rmd_id* i, ret_per i, rtn_no >rtn_hdr, ltr q, lpa q, amt n, sub_dt d, "
      "sts c1{D|S|A|R}",
      notes={"sts": "D draft, S claimed on the return, A accepted, R rejected by HMRC"})
    t("bond_mvt", "bm_id* b, mvt_dt d, prd_cd v10, ltr q, arc v21, dest v60")
    t("rtn_hdr", "rtn_no* i, cust_no >cust_mst, rtn_dt d, run_id i, rsn c3{ULL|OOD|DMG|"
      "WRG}, cr_no v10, dest c1{D|R|T}",
      notes={"rsn": "ULL ullage (undrinkable beer sent back), OOD out of date, DMG damaged, "
                    "WRG wrong delivery", "dest": "D destroyed, R reworked, T back to trade"})
    t("rtn_ln", "rtn_no* >rtn_hdr, ln_no* s, prd_cd >prd_mst, ltr q, cr_amt n",
      notes={"ltr": "litres of beer returned"})


# -- the tied estate


def _estate(db: Db) -> None:
    t = db.table
    t("est_pub", "pub_no* i, pub_nm v80, cust_no >cust_mst, addr1 v120, town v60, pcode v10, "
      "tenure c2{FH|LH}, op_mdl @op_mdl, est_sts c3{HLD|SAL|SLD|CLS}, acq_dt d, bk_val n, "
      "mkt_val n, val_dt d, bdm v4, rv n",
      notes={"tenure": "FH freehold, LH leasehold", "op_mdl": "MGD managed by us, TEN "
             "tenancy (short agreement), LSE long lease (full repairing)",
             "est_sts": "HLD held, SAL on the market, SLD sold, CLS closed",
             "mkt_val": "last valuation, GBP", "bdm": "business development manager",
             "rv": "rateable value"})
    t("est_tnt", "agr_id* i, pub_no >est_pub, tnt_nm v80, agr_typ c3{TEN|LSE|TAW}, "
      "start_dt d, end_dt d, rent_pa n, brk_dt d, tie_typ c1{F|B|W}",
      notes={"tie_typ": "F full tie, B beer only, W wet-led free of tie on spirits"})
    t("est_rent", "rc_id* b, pub_no >est_pub, agr_id >est_tnt, due_dt d, "
      "chg_typ c3{RNT|SVC|INS|MGP}, amt n, paid_dt d",
      notes={"chg_typ": "RNT rent, SVC service charge, INS buildings insurance recharged, "
                        "MGP machine income share"})
    t("est_wrk", "wo_no* i, pub_no >est_pub, raised_dt d, wrk_cat c3{RPR|DEC|CAP|STA|EMG}, "
      "descr v200, contr v60, est_cost n, act_cost n, cmp_dt d, wrk_sts c1{R|A|C|X}, "
      "rchg_fl f",
      notes={"wrk_cat": "RPR repair, DEC redecoration, CAP capital investment, STA "
                        "statutory (gas, electrics, fire), EMG emergency",
             "rchg_fl": "recharged to the tenant under the lease"})
    t("est_svy", "svy_id* i, pub_no >est_pub, svy_dt d, cond c1{A|B|C|D}, backlog n")
    t("est_lic", "lic_id* i, pub_no >est_pub, lic_typ v20, hrs v60, exp_dt d")
    t("disp_flow", "fl_id* b, pub_no >est_pub, line_no s, wk_end d, prd_cd v10, ltr q",
      notes={"ltr": "litres poured through the line that week, from the flow meter",
             "prd_cd": "product the line is set to pour, as the tenant last told us"})
    t("est_bdm_vis", "bv_id* b, pub_no >est_pub, bdm v4, vis_dt d, score s, notes t")


# -- envase e manutencao (Brazilian vendor package)


def _envase(db: Db) -> None:
    t = db.table
    t("linha_prod", "cod_linha* v4, descricao v60, tipo_emb c3{GAR|LAT|BAR|CSK}, "
      "cap_nominal i, turnos_dia s, ativa f",
      notes={"tipo_emb": "GAR garrafas, LAT latas, BAR barris (keg), CSK barril de madeira "
                         "ou cask", "cap_nominal": "capacidade nominal, unidades por hora"})
    t("turno", "cod_turno* c1, descricao v30, hr_ini tm, hr_fim tm")
    t("equipamento", "id_equip* i, tag v20, descricao v80, cod_linha >linha_prod, "
      "fabricante v40, modelo v40, ano_fab s, val_aquis n, val_reposicao n, critico f",
      notes={"tag": "tag da planta (ex. L1-ENCH-01)", "val_reposicao": "custo estimado de "
             "um equipamento novo, GBP", "critico": "equipamento crítico: para a linha "
             "inteira"})
    t("motivo_parada", "cod_motivo* v6, descricao v80, categoria c3{MNC|SET|MAT|QLD|OPR|PLN}",
      notes={"categoria": "MNC manutenção corretiva (quebra), SET setup/troca de formato, "
                          "MAT falta de material, QLD qualidade, OPR operacional, PLN "
                          "parada planejada"})
    t("parada_linha", "id_parada* b, cod_linha >linha_prod, id_equip >equipamento, "
      "cod_motivo >motivo_parada, cod_turno >turno, dt_ini ts, dt_fim ts, min_parada i, "
      "obs v200",
      notes={"min_parada": "duração da parada em minutos",
             "id_equip": "equipamento que causou a parada (vazio se não identificado)"})
    t("ordem_envase", "num_oe* i, cod_linha >linha_prod, prd_cd v10, dt_prog d, "
      "qtd_prog i, situacao c1{P|L|E|F}",
      notes={"prd_cd": "produto (prd_mst)", "situacao": "P programada, L liberada, E em "
             "execução, F finalizada"})
    t("lote_envase", "num_lote* v12, num_oe >ordem_envase, brew_no i, dt_envase d, "
      "cod_turno >turno, qtd_emb i, vol_hl q, perda_hl q, validade d",
      notes={"brew_no": "brassagem de origem (brw_batch)", "vol_hl": "volume envasado, "
             "hectolitros", "perda_hl": "perda registrada na linha (enchimento, "
             "descarte), hectolitros"})
    t("ordem_servico", "num_os* i, id_equip >equipamento, tipo_os c3{COR|PRE|PRD|MEL}, "
      "dt_abertura ts, dt_conclusao ts, status @status_os, id_tec i, hh_trab q, "
      "custo_mo n, custo_terc n, descricao v200",
      notes={"tipo_os": "COR corretiva, PRE preventiva, PRD preditiva, MEL melhoria",
             "hh_trab": "homem-hora trabalhado", "custo_terc": "serviço de terceiros "
             "(assistência técnica do fabricante), GBP"})
    t("os_material", "id_om* b, num_os >ordem_servico, cod_peca >peca, qtd q, vl_unit n, "
      "vl_total n")
    t("peca", "cod_peca* v20, descricao v80, unid v4, estoque q, est_min q, vl_medio n")
    t("tecnico", "id_tec* i, nome v60, especialidade v30, custo_hora n")
    t("plano_preventiva", "id_plano* i, id_equip >equipamento, atividade v120, "
      "freq_dias s, prox_exec d")
    t("exec_preventiva", "id_exec* b, id_plano >plano_preventiva, dt_prev d, dt_exec d, "
      "num_os i")
    t("apont_producao", "id_apont* b, cod_linha >linha_prod, dt_prod d, cod_turno >turno, "
      "qtd_boa i, qtd_refugo i, min_disp i")
    t("calibracao", "id_cal* i, id_equip >equipamento, instrumento v60, dt_cal d, "
      "dt_venc d, certificado v30, aprovado f")
    t("checklist_setup", "id_chk* b, cod_linha >linha_prod, dt_chk ts, formato_de v10, "
      "formato_para v10, min_setup i, operador v40")
    t("oee_diario", "cod_linha* >linha_prod, dt_ref* d, disponib r, desempenho r, "
      "qualidade r, oee r",
      notes={"oee": "eficiência global do equipamento (disponibilidade x desempenho x "
                    "qualidade)"})
    t("treinamento_op", "id_trn* i, nome_op v60, cod_linha v4, dt_trn d, habilitado f")
    t("param_envase", "chave* v40, valor v200")
    t("usuario_sis", "login* v20, nome v60, perfil v20, ativo f")


# -- finance, HR, IT, web shop and visitor centre


def _other(db: Db) -> None:
    t = db.table
    for name, cols in (
        ("gl_acct", "acct_cd* v8, acct_nm v80, acct_typ c1{I|E|A|L|Q}"),
        ("gl_jrnl", "jr_id* b, per i, acct_cd >gl_acct, cc v6, dr n, cr n, ref v30"),
        ("fin_per", "per* i, start_dt d, end_dt d, cls_fl f"),
        ("cost_ctr", "cc* v6, cc_nm v60"),
        ("pl_sup", "sup_no* i, sup_nm v100, sup_typ c3, pay_terms s, vat_no v14"),
        ("pl_inv", "pinv_id* b, sup_no >pl_sup, sup_ref v30, inv_dt d, net n, sts c1"),
        ("po_hdr", "po_no* v10, sup_no >pl_sup, po_dt d, tot n, sts c1"),
        ("po_ln", "po_no* >po_hdr, ln_no* s, item v40, qty q, prc n"),
        ("bank_txn", "bt_id* b, acct v10, txn_dt d, amt n, ref v60, rec_fl f"),
        ("fa_reg", "fa_id* i, descr v120, cat v20, cost n, acq_dt d, life_yrs s"),
        ("vat_ret", "per* i, box1 n, box4 n, sub_dt d"),
        ("bud_sales", "per* i, rep_cd* v4, brl q, rev n"),
        ("hr_emp", "emp_no* i, nm v80, dept v20, job v40, start_dt d, leave_dt d, mgr i"),
        ("hr_abs", "abs_id* b, emp_no >hr_emp, from_dt d, to_dt d, rsn v20"),
        ("hr_trn", "trn_id* b, emp_no >hr_emp, crs v60, trn_dt d, exp_dt d"),
        ("hr_rev", "rev_id* b, emp_no >hr_emp, rev_dt d, rating s"),
        ("hr_recr", "req_id* i, job v40, dept v20, opn_dt d, fill_dt d"),
        ("pr_run", "run_id* i, pay_dt d, per i, sts c1"),
        ("pr_ln", "run_id* i, emp_no* i, gross n, ers_ni n, pens n"),
        ("pr_pens", "emp_no* i, scheme v20, ee_pct r, er_pct r"),
        ("it_asset", "tag* v12, typ v20, model v60, emp_no i, iss_dt d"),
        ("it_tkt", "tkt_id* b, raised_by i, opn_ts ts, cls_ts ts, cat v30"),
        ("it_user", "usr* v20, emp_no i, grp v40, last_ts ts, lock_fl f"),
        ("it_lic", "lic_id* i, sw v60, seats s, renew_dt d"),
        ("cms_page", "pg_id* i, slug v120, title v200, body t, pub_fl f, upd_ts ts"),
        ("cms_media", "md_id* i, pg_id >cms_page, file_nm v200, alt v200"),
        ("cms_news", "nw_id* i, title v200, body t, pub_dt d"),
        ("web_cust", "wc_id* i, email v120, nm v80, opt_in f, crt_ts ts"),
        ("web_ord", "wo_id* i, wc_id >web_cust, ord_ts ts, tot n, sts c1{N|P|S|R}"),
        ("web_ord_ln", "wo_id* >web_ord, ln* s, prd_cd v10, qty s, prc n"),
        ("tour_slot", "slot_id* i, slot_ts ts, cap s, guide v40"),
        ("tour_bkg", "bkg_id* i, slot_id >tour_slot, nm v80, pax s, paid n, src v20"),
        ("shop_till", "tx_id* b, tx_ts ts, prd_cd v10, qty s, amt n"),
        ("evt_mst", "evt_id* i, evt_nm v80, evt_dt d, venue v80, cost n"),
        ("hs_acc", "acc_id* b, acc_ts ts, emp_no i, area v40, inj v60, lost_days s"),
        ("hs_risk", "ra_id* i, area v40, task v120, rev_dt d"),
        ("env_wtr", "ew_id* b, rd_dt d, m3 q, src v20"),
        ("env_eff", "ef_id* b, smp_dt d, cod_mgl q, ph r, tradefx_chg n"),
        ("stk_loc", "loc_cd* v10, loc_nm v60, bonded_fl f"),
        ("stk_bal", "prd_cd* v10, loc_cd* >stk_loc, qty q"),
        ("stk_mvt", "sm_id* b, prd_cd v10, loc_cd >stk_loc, mvt_ts ts, qty q, ref v20"),
        ("stk_cnt", "cnt_id* b, loc_cd >stk_loc, cnt_dt d, prd_cd v10, qty q, var q"),
        ("sys_param", "param* v40, val v200"),
        ("sys_user", "usr* v20, nm v60, role v20, act_fl f"),
        ("sys_job", "job_id* b, job v40, start_ts ts, end_ts ts, rc s"),
        ("if_edi_in", "edi_id* b, mlt_cd c3, rcv_ts ts, doc_typ v10, payload t, ok_fl f"),
        ("if_hmrc_log", "hl_id* b, ret_per i, sent_ts ts, resp v200"),
        ("if_sage_exp", "se_id* b, per i, run_ts ts, rows_cnt i"),
        ("if_tel_imp", "ti_id* b, imp_ts ts, veh_reg v10, rows_cnt i"),
        ("mkt_camp", "camp_id* i, nm v80, chnl v20, start_dt d, cost n"),
        ("mkt_pos", "pos_id* i, item v60, beer_cd v6, stock s, unit_cost n"),
        ("mkt_pos_iss", "pi_id* b, pos_id >mkt_pos, cust_no i, iss_dt d, qty s"),
        ("fct_sup", "fs_no* i, fs_nm v100, cat v20, terms s"),
        ("fct_po", "fpo_no* i, fs_no >fct_sup, po_dt d, net n, sts c1{O|R|C}"),
        ("fct_po_ln", "fpo_no* >fct_po, ln* s, prd_cd v10, qty q, cost n"),
        ("hop_ctr", "hc_id* i, sup_no i, variety v40, crop_yr s, kg q, prc_kg n"),
        ("malt_ctr", "mc_id* i, sup_no i, malt v40, from_dt d, to_dt d, t q, prc_t n"),
        ("spg_sale", "sg_id* b, sale_dt d, farmer v60, t q, amt n"),
        ("co2_rec", "co_id* b, rd_dt d, kg_rec q, kg_bought q"),
        ("tap_till", "tt_id* b, tx_ts ts, prd_cd v10, qty s, amt n, staff v20"),
        ("cust_cr_chk", "cc_id* b, cust_no i, chk_dt d, agency v20, score s, lim_adv n"),
        ("price_chg", "pc_id* i, eff_dt d, pct r, ltr_sent d, appr_by v20"),
        ("keg_gps", "kg_id* b, keg_no v10, ping_ts ts, lat q, lon q"),
        ("ins_pol", "pol_no* v20, insurer v60, cover v40, renew_dt d, prem n"),
        ("ins_clm", "clm_id* i, pol_no >ins_pol, clm_dt d, amt n, sts c1"),
    ):
        t(name, cols)


# -- what thirty years leave behind


def _noise(db: Db) -> None:
    for source, name, comment in (
        ("sl_inv", "sl_inv_arch", "invoices before the 2016 ledger migration"),
        ("sl_inv", "sl_inv_bak23", ""),
        ("sl_inv_ln", "sl_inv_ln_arch", ""),
        ("cust_mst", "cust_mst_old", "accounts of the old distribution company (merged 2012)"),
        ("cust_mst", "cust_mst_dedup", "do not use - duplicate accounts waiting to merge"),
        ("keg_mvt", "keg_mvt_stg", "staging: scans from the dray handhelds, unmatched"),
        ("keg_mvt", "keg_mvt_2022", ""),
        ("keg_mst", "keg_mst_bak", ""),
        ("dlv_drop", "dlv_drop_imp", "staging: proof-of-delivery import from the telematics"),
        ("dlv_run", "dlv_run_old", "rounds before the 2021 depot closure"),
        ("est_pub", "est_pub_bak", "copy before the 2019 estate disposal programme"),
        ("est_rent", "est_rent_hist", ""),
        ("brw_batch", "brw_batch_old", "brew sheets keyed in from paper, to 2017"),
        ("rtn_ln", "rtn_ln_bak", ""),
        ("so_hdr", "so_hdr_tmp", ""),
        ("promo_clm", "promo_clm_xl", "claims from the account managers' spreadsheets"),
        ("mlt_epos", "mlt_epos_stg", "staging: weekly EPOS files as the chains send them"),
        ("parada_linha", "parada_linha_hist", "histórico de paradas antes da versão 5"),
        ("ordem_servico", "ordem_servico_bkp", ""),
        ("lote_envase", "lote_envase_imp", "importação dos lotes da planilha antiga"),
        ("equipamento", "equipamento_old", ""),
        ("disp_flow", "disp_flow_raw", "raw meter readings before line mapping"),
    ):
        db.copy(source, name, comment)
    for table, kinds, style in (
        ("cust_mst", "aud note att", "suffix"), ("sl_inv", "note", "suffix"),
        ("so_hdr", "aud", "suffix"), ("keg_mst", "aud", "suffix"),
        ("est_pub", "note att aud", "suffix"), ("est_wrk", "att", "suffix"),
        ("trd_loan", "note att", "suffix"), ("promo_hdr", "att note", "suffix"),
        ("qa_cmp", "note", "suffix"), ("brw_batch", "note", "suffix"),
        ("ordem_servico", "att", "prefix"), ("equipamento", "att", "prefix"),
        ("hr_emp", "aud note", "suffix"), ("dlv_run", "note", "suffix"),
        ("rep_call", "note", "suffix")):
        satellites(db, table, kinds.split(), style)


def _views(db: Db) -> None:
    db.view("v_keg_out", "SELECT k.cust_no, COUNT(*) AS kegs FROM keg_mst k "
            "WHERE k.keg_sts = 'TRD' GROUP BY k.cust_no")
    db.view("v_sl_overdue", "SELECT i.inv_no, i.cust_no, i.due_dt, i.net_amt + i.vat_amt "
            "AS gross FROM sl_inv i WHERE i.inv_sts = 'I' AND i.due_dt < CURDATE()")
    db.view("v_est_live", "SELECT p.pub_no, p.pub_nm, p.op_mdl, p.mkt_val FROM est_pub p "
            "WHERE p.est_sts = 'HLD'")
    db.view("v_paradas_mes", "SELECT p.cod_linha, DATE_FORMAT(p.dt_ini, '%Y-%m') AS mes, "
            "SUM(p.min_parada) AS minutos FROM parada_linha p GROUP BY p.cod_linha, "
            "DATE_FORMAT(p.dt_ini, '%Y-%m')")


_COMMENTS = {
    "beer_mst": "Our beers", "rcp_mst": "Recipes (versioned)",
    "fv_mst": "Fermenting and conditioning vessels", "brw_batch": "Brews (brew sheets)",
    "qc_smp": "Lab samples and results", "cip_log": "Vessel cleaning-in-place log",
    "cust_mst": "Customer accounts (every outlet we deliver to)",
    "cust_del": "Delivery instructions per account", "rep_mst": "Sales representatives",
    "rep_call": "Rep call reports", "prd_mst": "Products: beer and pack",
    "so_hdr": "Sales orders", "sl_inv": "Sales invoices and credit notes",
    "sl_rcpt": "Cash received", "trd_loan": "Trade loans to free houses",
    "mlt_epos": "Supermarket EPOS sell-out by week",
    "promo_hdr": "Promotions agreed with the multiples", "promo_clm": "Promotion funding "
    "claimed by the chains", "keg_mst": "Container register (kegs and casks)",
    "keg_mvt": "Container movements", "keg_typ": "Container types and deposits",
    "dray_veh": "Drays (delivery lorries)", "dlv_rnd": "Delivery rounds",
    "dlv_run": "Rounds as run each day", "dlv_drop": "Drops made on a run",
    "dty_rate": "Alcohol duty rates", "dty_ret": "Monthly alcohol duty returns",
    "dty_rmd": "Spoilt beer remission claims", "rtn_hdr": "Returns from trade",
    "est_pub": "Tied estate: the pubs we own", "est_tnt": "Tenancy and lease agreements",
    "est_rent": "Rent and charges raised on estate pubs", "est_wrk": "Property works "
    "orders on estate pubs", "est_svy": "Condition surveys",
    "disp_flow": "Dispense monitoring (flow meters on tied pubs' lines)",
    "lnc_visit": "Technical services visits (line cleaning, installs)",
    "linha_prod": "Linhas de envase", "equipamento": "Cadastro de equipamentos",
    "parada_linha": "Paradas de linha (apontamento do operador)",
    "motivo_parada": "Motivos de parada", "ordem_servico": "Ordens de serviço da manutenção",
    "os_material": "Materiais aplicados nas OS", "peca": "Peças de reposição (almoxarifado)",
    "plano_preventiva": "Planos de manutenção preventiva",
    "apont_producao": "Apontamento de produção por turno",
    "lote_envase": "Lotes envasados", "tecnico": "Técnicos de manutenção",
    "hr_emp": "Employees", "pr_run": "Payroll runs", "it_tkt": "IT helpdesk tickets",
    "cms_page": "Website pages", "tour_bkg": "Brewery tour bookings",
    "web_ord": "Web shop orders", "env_eff": "Effluent samples and trade effluent charges",
    "stk_loc": "Stock locations (bonded and duty paid)", "gl_jrnl": "Ledger journals",
    "if_edi_in": "EDI messages from the chains", "mkt_pos": "Point of sale material",
    "tacho": "Tachograph summaries", "depot": "Depots", "hs_acc": "Accident book",
    "ins_pol": "Insurance policies", "sys_job": "Batch jobs", "pl_inv": "Purchase invoices",
    "bond_mvt": "Movements out of bond under duty suspension (EMCS)",
    "ingr_mst": "Brewing ingredients", "fa_reg": "Fixed asset register",
    "qa_cmp": "Quality complaints from trade",
}


_AUDITED = {
    ("crt_dt", "crt_usr", "upd_dt", "upd_usr"): [
        "cust_mst", "prd_mst", "so_hdr", "sl_inv", "sl_rcpt", "trd_loan", "keg_mst",
        "keg_dep", "dlv_run", "dlv_drop", "rtn_hdr", "dty_rmd", "est_pub", "est_tnt",
        "est_rent", "est_wrk", "promo_hdr", "promo_clm", "rep_call", "brw_batch", "qa_cmp",
        "lnc_visit", "hr_emp", "pl_inv"],
    ("dt_inclusao", "usr_inclusao", "dt_alteracao", "usr_alteracao"): [
        "linha_prod", "equipamento", "parada_linha", "ordem_envase", "lote_envase",
        "ordem_servico", "os_material", "peca", "plano_preventiva"],
}


def _audit_columns(db: Db) -> None:
    for names, tables in _AUDITED.items():
        stamped(db, names, tables, dt.datetime(2026, 1, 30, 23, 5), "sysbatch")


# -- rows


_TOWNS = ["Kendal", "Lancaster", "Preston", "Skipton", "Settle", "Ulverston", "Penrith",
          "Clitheroe", "Garstang", "Keswick", "Barrow", "Windermere"]
_PUB_WORDS = ["Red Lion", "Black Bull", "Kings Arms", "Royal Oak", "Golden Fleece",
              "Shepherds Rest", "Fleece Inn", "Hare & Hounds", "Crown", "White Hart",
              "Dalesman", "Packhorse", "Woolpack", "Farmers Arms", "Swan", "Station Inn"]
_BEERS = [("FELL", "Fell Runner", "Pale ale", 3.8, "C"), ("LANT", "Lantern Bitter",
          "Best bitter", 4.2, "C"), ("STOR", "Storm Porter", "Porter", 5.0, "C"),
          ("HILL", "High Hill IPA", "IPA", 5.6, "K"), ("LAGR", "Lune Lager", "Lager", 4.4,
          "K"), ("HAZE", "Hazy Beck", "NEIPA", 6.2, "K"), ("GOLD", "Gold Moor", "Golden "
          "ale", 4.0, "C"), ("MILD", "Old Miller Mild", "Mild", 3.4, "C"),
          ("XMAS", "Winter Warmer", "Old ale", 6.5, "B"), ("PILS", "Crag Pils", "Pilsner",
          4.8, "K"), ("SESS", "Small Fry", "Session IPA", 3.2, "K")]
# pack: (code, name, litres, units, returnable, draught)
_PACKS = [("K50", "Keg 50 l", 50.0, 1, True, True), ("K30", "Keg 30 l", 30.0, 1, True, True),
          ("F9", "Firkin 9 gal", 40.9, 1, True, True), ("B12", "Bottles 12x500ml", 6.0, 12,
          False, False), ("C24", "Cans 24x440ml", 10.56, 24, False, False)]


def _d(y: int, m: int, d: int) -> dt.date:
    return dt.date(y, m, d)


def _rows(db: Db) -> None:
    rng = random.Random(1872)
    r = db.rows
    r("beer_mst", [(c, n, s, a, k, _d(1995 + i * 2, 3, 1), c == "XMAS", True)
                   for i, (c, n, s, a, k) in enumerate(_BEERS)])
    r("pk_fmt", [(p[0], p[1], p[2], p[3], p[4]) for p in _PACKS])
    prods: Rows = []
    for c, n, _, a, k in _BEERS:
        packs = {"C": ["F9", "B12"], "K": ["K50", "K30", "C24"], "B": ["B12"]}[k]
        for p in _PACKS:
            if p[0] not in packs:
                continue
            price = {"K50": 165.0, "K30": 104.0, "F9": 118.0, "B12": 21.5, "C24": 33.0}[p[0]]
            price = round(price * (1 + (a - 4) * .08), 2)
            prods.append((f"{c}-{p[0]}", f"{n} {p[1]}", c, p[0], p[2], "O", price,
                          round(price * .42, 2), p[5], f"50{rng.randint(10**10, 10**11)}",
                          True))
    prods += [("WINE-RED", "House red 12x75cl", None, "B12", 9.0, "F", 62.0, 44.0, False,
               None, True), ("SOFT-COLA", "Cola post-mix 10 l", None, "K30", 10.0, "F", 48.0,
                             31.0, True, None, True)]
    r("prd_mst", prods)
    own = [p for p in prods if p[5] == "O"]
    draught = [p for p in own if p[8]]
    ltr = {p[0]: float(p[4]) for p in prods}
    abv = {c: a for c, _, _, a, _ in _BEERS}
    r("cust_grp", [("IND", "Independent"), ("PCO", "Pub company"), ("EST", "Own estate"),
                   ("NAT", "National account")])
    r("depot", [("KEN", "Kendal brewery", "Mintsfeet, Kendal"),
                ("PRE", "Preston depot", "Red Scar, Preston"),
                ("SKP", "Skipton depot", "Engine Shed Lane, Skipton")])
    reps = ["JH", "MK", "SP", "DW", "RB", "AT"]
    r("rep_mst", [(c, n, 3000 + i, p, "JH", f"PK{20 + i}XYZ", True) for i, (c, n, p) in
                  enumerate(zip(reps, ["Jo Harker", "Mick Kay", "Sam Preece", "Dave Wild",
                                       "Rachel Birch", "Ali Taylor"],
                                ["North Lakes", "Fylde", "Craven", "South Lakes",
                                 "Ribble Valley", "Furness"], strict=True))])
    # rounds
    rounds = []
    for k in range(18):
        dpt = ["KEN", "PRE", "SKP"][k % 3]
        rounds.append((f"R{k + 1:02d}", f"{dpt} {['MON', 'TUE', 'WED', 'THU', 'FRI'][k % 5]} "
                       f"{_TOWNS[k % 12]}", dpt, ["MON", "TUE", "WED", "THU", "FRI"][k % 5],
                       f"DR{k % 12 + 1:02d}", rng.randint(90, 260), True))
    r("dlv_rnd", rounds)
    r("dray_veh", [(f"DR{k:02d}", ["KEN", "PRE", "SKP"][k % 3], rng.choice(["DAF", "Volvo",
                                                                          "Scania"]),
                    18.0 if k % 4 else 26.0, 120 if k % 4 else 180, 12 if k % 4 else 16,
                    _d(2027, k % 12 + 1, 1), True) for k in range(1, 13)])
    r("drv_mst", [(100 + k, f"Driver {k}", ["KEN", "PRE", "SKP"][k % 3], "C",
                   _d(2027, k % 12 + 1, 15)) for k in range(1, 19)])
    # customers
    custs: Rows = []
    kinds = ["FRE"] * 170 + ["CLB"] * 30 + ["OFF"] * 30 + ["RST"] * 25 + ["WHL"] * 4
    rng.shuffle(kinds)
    kinds = ["TIE"] * 40 + kinds + ["MLT"] * 4
    weak_rnd = {"R04", "R09", "R13", "R17"}
    rnd_codes = [x[0] for x in rounds]
    rnd_weights = [2 if x in weak_rnd else 7 for x in rnd_codes]
    for k, kind in enumerate(kinds):
        no = 10001 + k
        town = rng.choice(_TOWNS)
        if kind in ("TIE", "FRE", "CLB"):
            nm = f"{rng.choice(_PUB_WORDS)}, {town}" if kind != "CLB" else \
                f"{town} {rng.choice(['Cricket', 'Rugby', 'Golf', 'Conservative'])} Club"
        elif kind == "MLT":
            nm = ["Northway Stores", "Fellside Co-operative", "Bargain Basket", "Dalesfoods"][
                k % 4]
        else:
            nm = f"{town} {rng.choice(['Wines', 'Deli', 'Hotel', 'Bistro', 'Farm Shop'])}"
        custs.append((no, nm, {"TIE": "EST", "MLT": "NAT"}.get(kind, rng.choice(["IND"] * 4
                                                                                 + ["PCO"])),
                      kind, f"{rng.randint(1, 99)} Main St", town,
                      f"LA{rng.randint(1, 23)} {rng.randint(1, 9)}QX", rng.choice(reps),
                      rng.choices(rnd_codes, rnd_weights)[0] if kind != "MLT" else None,
                      30 if kind != "MLT" else 60, rng.choice([3000, 5000, 10000]),
                      "STD" if kind != "TIE" else "EST", rng.choice([8, 12, 20]), "A",
                      _d(rng.randint(1990, 2023), rng.randint(1, 12), 1)))
    r("cust_mst", custs)
    r("price_lst", [("STD", "Free trade", _d(2025, 2, 1)), ("EST", "Tied estate",
                                                             _d(2025, 2, 1))])
    on_trade = [c for c in custs if c[3] in ("TIE", "FRE", "CLB", "RST")]
    # sales: monthly-ish invoices in 2025, each from an order
    size: dict[int, float] = {}
    for c in custs:
        size[c[0]] = {"TIE": rng.uniform(1.5, 4), "FRE": rng.uniform(.5, 3.5), "CLB":
                      rng.uniform(.4, 1.5), "RST": rng.uniform(.3, 1), "OFF": rng.uniform(.3,
                                                                                        1),
                      "WHL": rng.uniform(6, 10), "MLT": 0}[c[3]]
    loan_custs = rng.sample([c[0] for c in custs if c[3] == "FRE"], 24)
    lazy_loan = set(loan_custs[::3])
    pubs_cust = [c[0] for c in custs if c[3] == "TIE"]
    buy_out = set(rng.sample(pubs_cust, 6))
    rep_lazy = {"MK", "RB"}
    invs: Rows = []
    lns: Rows = []
    sos: Rows = []
    rcpts: Rows = []
    bought: dict[tuple[int, int], float] = {}
    so_no = 700000
    for c in custs:
        if c[3] == "MLT":
            continue
        no = int(c[0])
        sz = size[no] * (0.45 if no in lazy_loan else 1) * (0.7 if no in buy_out else 1)
        sz *= 0.8 if c[7] in rep_lazy else 1
        for m in range(1, 13):
            so_no += 1
            day = _d(2025, m, 3 + rng.randint(0, 20))
            inv = f"IN{so_no - 600000:06d}"
            lines = []
            items = draught if c[3] in ("TIE", "FRE", "CLB") else own
            for ln_no, p in enumerate(rng.sample(items, 3), start=1):
                qty = float(max(1, round(sz * rng.uniform(1, 4.4))))
                prc = float(p[6]) * (.93 if c[3] == "TIE" else 1)
                net = round(qty * prc, 2)
                dty = round(qty * float(p[4]) * abv[str(p[2])] / 100 * 19.08, 2)
                lines.append((inv, ln_no, p[0], qty, round(prc, 2), net, dty))
                bought[(no, m)] = bought.get((no, m), 0) + qty * float(p[4])
            net = round(sum(x[5] for x in lines), 2)
            src = "REP" if rng.random() < (.15 if c[7] in rep_lazy else .45) else \
                rng.choice(["TEL", "TEL", "WEB"])
            sos.append((so_no, no, day - dt.timedelta(days=2), day, src, c[7], "DLV",
                        net, None))
            late = 35 if no % 13 == 0 else rng.randint(-3, 12)
            paid = day + dt.timedelta(days=30 + late)
            sts = "P" if paid < _d(2026, 1, 20) else "I"
            invs.append((inv, no, so_no, day, day + dt.timedelta(days=30), sts, net,
                         round(net * .2, 2), 0.0))
            lns += lines
            if sts == "P":
                rcpts.append((len(rcpts) + 1, no, inv, paid, round(net * 1.2, 2),
                              rng.choice(["BAC", "DD"])))
    r("so_hdr", sos)
    r("sl_inv", invs)
    r("sl_inv_ln", lns)
    r("sl_rcpt", rcpts)
    # rep calls: the lazy reps call more and sell less
    calls: Rows = []
    for c in on_trade:
        rep = str(c[7])
        for _ in range(rng.randint(6, 14) if rep in rep_lazy else rng.randint(3, 8)):
            calls.append((len(calls) + 1, rep, c[0], _d(2025, 1, 1) +
                          dt.timedelta(days=rng.randint(0, 360)), rng.choice("VVVP"),
                          rng.randint(15, 70), rng.choice(["Order taken", "No order - "
                                                           "stocked up", "Tasting booked",
                                                           "Chased payment"])))
    r("rep_call", calls)
    # trade loans
    r("trd_loan", [(k + 1, no, _d(rng.randint(2019, 2024), rng.randint(1, 12), 1),
                    float(rng.choice([10000, 15000, 25000, 40000])), 0.0, 60,
                    round(size[no] * 12 * 3 * 2.7 * 40 / 163.66 * rng.uniform(.95, 1.15), 1),
                    15.0, float(rng.randint(3000, 30000)), "L")
                   for k, no in enumerate(loan_custs)])
    # kegs
    r("keg_typ", [("K50", "Keg 50 l", 50.0, 50.0, 120.0), ("K30", "Keg 30 l", 30.0, 40.0,
                                                             95.0),
                  ("F9", "Firkin", 40.9, 40.0, 110.0)])
    kegs: Rows = []
    mvts: Rows = []
    deps: Rows = []
    hoarders = set(rng.sample([c[0] for c in custs if c[3] == "FRE"], 12))
    fre = [c[0] for c in custs if c[3] in ("FRE", "CLB")]
    for k in range(1, 601):
        kt = rng.choice(["K50", "K50", "K30", "F9", "F9"])
        kegs.append([f"{kt}{k:05d}", kt, f"E2{k:022d}", rng.choice(["Blefa", "Schaefer",
                                                                    "Thielmann"]),
                     _d(rng.randint(2008, 2024), rng.randint(1, 12), 1),
                     {"K50": 120.0, "K30": 95.0, "F9": 110.0}[kt], "BRW", None, None])
    for keg in kegs:
        day = _d(2025, 5, 1) + dt.timedelta(days=rng.randint(0, 30))
        while day < _d(2025, 12, 20):
            cust = rng.choice(fre)
            out = day + dt.timedelta(days=rng.randint(1, 5))
            mvts.append((len(mvts) + 1, keg[0], dt.datetime.combine(out, dt.time(10)), "DSP",
                         cust, None, None))
            hold = rng.randint(60, 200) if cust in hoarders else rng.randint(7, 35)
            back = out + dt.timedelta(days=hold)
            keg[8] = cust
            keg[7] = out
            if rng.random() < (.08 if cust in hoarders else .006):
                mvts.append((len(mvts) + 1, keg[0], dt.datetime.combine(
                    back, dt.time(12)), "LST", cust, None, None))
                keg[6] = "LST"
                break
            if back > _d(2026, 1, 25):
                keg[6] = "TRD"
                break
            mvts.append((len(mvts) + 1, keg[0], dt.datetime.combine(back, dt.time(14)),
                         "RTN", cust, None, None))
            keg[7] = back
            day = back + dt.timedelta(days=rng.randint(1, 6))
    r("keg_mst", [tuple(k) for k in kegs])
    r("keg_mvt", mvts)
    dep_of = {"K50": 50.0, "K30": 40.0, "F9": 40.0}
    kt_of = {str(k[0]): str(k[1]) for k in kegs}
    # deposits: charged and refunded on the month's statement, net by container type
    net: dict[tuple[int, int, str], int] = {}
    for m in mvts:
        if m[3] in ("DSP", "RTN"):
            key = (int(m[4]), m[2].month, kt_of[str(m[1])])
            net[key] = net.get(key, 0) + (1 if m[3] == "DSP" else -1)
    for (no, mon, kt), qty in sorted(net.items()):
        if qty:
            deps.append((len(deps) + 1, no, _d(2025, mon, 28), kt, qty, qty * dep_of[kt],
                         f"ST{no}{mon:02d}"))
    r("keg_dep", deps)
    # delivery runs and drops
    by_rnd: dict[str, list[int]] = {}
    for c in custs:
        if c[8]:
            by_rnd.setdefault(str(c[8]), []).append(int(c[0]))
    r("rnd_stop", [(rc, i + 1, no) for rc, nos in sorted(by_rnd.items())
                   for i, no in enumerate(nos)])
    runs: Rows = []
    drops: Rows = []
    for rd in rounds:
        rc = str(rd[0])
        nos = by_rnd.get(rc, [])
        for wk in range(26):
            day = _d(2025, 7, 7) + dt.timedelta(weeks=wk, days=["MON", "TUE", "WED", "THU",
                                                                "FRI"].index(str(rd[3])))
            rid = len(runs) + 1
            todays = [n for n in nos if rng.random() < .55]
            dep = dt.datetime.combine(day, dt.time(6, 30))
            km = int(rd[5]) * rng.uniform(.9, 1.1) * (1.2 if rc in weak_rnd else 1)
            t = dep + dt.timedelta(minutes=rng.randint(40, 80))
            for seq, no in enumerate(todays, start=1):
                stay = rng.randint(10, 30)
                kegs_d = max(0, round(size[no] * rng.uniform(1, 4)))
                drops.append((len(drops) + 1, rid, seq, no, None, t, t + dt.timedelta(
                    minutes=stay), kegs_d, rng.randint(0, 6), max(0, kegs_d - 1),
                    "NAC" if rng.random() < .03 else None))
                t += dt.timedelta(minutes=stay + rng.randint(15, 45))
            runs.append((rid, rc, day, rd[4], 100 + rng.randint(1, 18), None, dep,
                         t + dt.timedelta(minutes=50), int(km), round(km * .32, 1)))
    r("dlv_run", runs)
    r("dlv_drop", drops)
    # brewing
    fvs = [(f"FV{k}", 60.0 if k < 7 else 120.0, "FV" if k < 9 else "UNI", _d(2026, 1, 20),
            True) for k in range(1, 12)]
    r("fv_mst", fvs)
    r("rcp_mst", [(f"{c}-V3", c, 3, 60.0 if k != "K" else 120.0, 1040 + a * 2.5, 1010.0, 60,
                   7, 10 if k != "K" else 21, _d(2023, 1, 10)) for c, _, _, a, k in _BEERS])
    lossy = {"HAZE": .22, "HILL": .14, "XMAS": .16}
    brews: Rows = []
    lots: Rows = []
    oes: Rows = []
    for c, _, _, a, k in _BEERS:
        per_year = {"FELL": 60, "LANT": 70, "GOLD": 40, "LAGR": 30, "HILL": 30, "HAZE": 24,
                    "STOR": 14, "MILD": 10, "XMAS": 5, "PILS": 14, "SESS": 16}[c]
        for j in range(per_year):
            brew_no = 25000 + len(brews) + 1
            day = _d(2025, 1, 2) + dt.timedelta(days=int(j * 355 / per_year))
            wort = (60.0 if k != "K" else 120.0) * rng.uniform(.96, 1.01)
            if c in ("HAZE", "XMAS", "STOR", "MILD"):
                wort = 60.0 * rng.uniform(.96, 1.01)
            loss = lossy.get(c, .07) * rng.uniform(.8, 1.2)
            bbt = round(wort * (1 - loss * .6), 1)
            dump = rng.random() < (.04 if c in lossy else .008)
            fv = f"FV{rng.randint(1, 6) if wort < 100 else rng.randint(7, 11)}"
            brews.append((brew_no, f"{c}-V3", c, day, fv, round(wort, 1), 1040 + a * 2.5,
                          1010.0, a, rng.choice(["AW", "TB", "LC"]),
                          day + dt.timedelta(days=14), 0.0 if dump else bbt,
                          "D" if dump else "P"))
            if dump:
                continue
            pk = {"C": ["F9", "B12"], "K": ["K50", "K30", "C24"], "B": ["B12"]}[k]
            left = wort * (1 - loss)
            for n, p in enumerate(pk):
                share = left / len(pk)
                lid = "LATA" if p == "C24" else "GARR" if p == "B12" else \
                    "BARR" if p.startswith("K") else "CASK"
                oe = 880000 + len(oes) + 1
                units = int(share * 100 / ltr[f"{c}-{p}"])
                oes.append((oe, lid, f"{c}-{p}", day + dt.timedelta(days=16), units, "F"))
                lots.append((f"L{brew_no}{n}", oe, brew_no, day + dt.timedelta(days=16),
                             rng.choice("ABC"), units, round(share, 2),
                             round(wort * loss * .4 / len(pk), 2),
                             day + dt.timedelta(days=16 + (60 if p[0] in "KF" else 270))))
    r("brw_batch", brews)
    # envase
    r("linha_prod", [("GARR", "Linha 1 - garrafas", "GAR", 6000, 2, True),
                     ("LATA", "Linha 2 - latas", "LAT", 9000, 2, True),
                     ("BARR", "Linha 3 - barris (keg)", "BAR", 120, 2, True),
                     ("CASK", "Linha 4 - casks", "CSK", 60, 1, True)])
    r("turno", [("A", "Manhã", dt.time(6), dt.time(14)), ("B", "Tarde", dt.time(14),
                                                                 dt.time(22)),
                ("C", "Noite", dt.time(22), dt.time(6))])
    r("ordem_envase", oes)
    r("lote_envase", lots)
    equip: Rows = []
    kit = {"GARR": [("DESP", "Despaletizador", 90000), ("ENX", "Enxaguadora", 60000),
                    ("ENCH", "Enchedora/arrolhadora", 420000), ("PAST", "Pasteurizador "
                    "túnel", 300000), ("ROT", "Rotuladora", 110000), ("EMP", "Empacotadora",
                                                                      150000)],
           "LATA": [("DESP", "Despaletizador de latas", 80000), ("ENCH", "Enchedora/"
                    "recravadora", 550000), ("PAST", "Pasteurizador", 280000),
                    ("EMP", "Envolvedora shrink", 140000)],
           "BARR": [("LAV", "Lavadora de barris", 260000), ("ENCH", "Enchedora de barris",
                                                            180000),
                    ("PAL", "Paletizador", 70000)],
           "CASK": [("LAV", "Lavadora de casks", 90000), ("ENCH", "Enchedora de casks",
                                                           40000)]}
    culprit = {("LATA", "ENCH"), ("BARR", "LAV"), ("GARR", "ROT")}
    old_kit = {("BARR", "LAV"), ("GARR", "ENCH")}
    eq_of: dict[tuple[str, str], int] = {}
    for line, parts in kit.items():
        for code, nm, val in parts:
            eid = len(equip) + 1
            eq_of[(line, code)] = eid
            year = 1998 if (line, code) in old_kit else rng.randint(2010, 2022)
            equip.append((eid, f"{line}-{code}-01", nm, line, rng.choice(["Krones", "KHS",
                                                                          "Sidel", "Ferrum",
                                                                          "Gebo"]),
                          f"M{rng.randint(100, 999)}", year, float(val) * .6, float(val),
                          code == "ENCH"))
    r("equipamento", equip)
    motivos = [("M01", "Quebra mecânica", "MNC"), ("M02", "Falha elétrica", "MNC"),
               ("M03", "Quebra de garrafa/lata na enchedora", "MNC"),
               ("S01", "Troca de formato", "SET"), ("S02", "Troca de produto (CIP)", "SET"),
               ("F01", "Falta de cerveja no BBT", "MAT"), ("F02", "Falta de embalagem",
                                                         "MAT"),
               ("Q01", "Nível de enchimento fora", "QLD"), ("O01", "Falta de operador",
                                                           "OPR"),
               ("P01", "Refeição / reunião", "PLN"), ("P02", "Limpeza programada", "PLN")]
    r("motivo_parada", motivos)
    stops: Rows = []
    for (line, code), eid in sorted(eq_of.items()):
        bad = (line, code) in culprit
        for _ in range(rng.randint(80, 140) if bad else rng.randint(10, 30)):
            mot = rng.choice(["M01", "M02", "M03"] if bad or rng.random() < .5 else
                             ["S01", "S02", "F01", "F02", "Q01", "O01"])
            start = dt.datetime(2025, 1, 2, 6) + dt.timedelta(minutes=rng.randint(0, 520000))
            mins = rng.randint(30, 300) if bad else rng.randint(10, 90)
            stops.append((len(stops) + 1, line, eid, mot, "ABC"[start.hour // 8 % 3], start,
                          start + dt.timedelta(minutes=mins), mins, None))
    for line in kit:
        for _ in range(60):
            start = dt.datetime(2025, 1, 2, 11) + dt.timedelta(days=rng.randint(0, 360))
            stops.append((len(stops) + 1, line, None, "P01", "A", start,
                          start + dt.timedelta(minutes=30), 30, None))
    r("parada_linha", stops)
    r("peca", [(f"P{k:04d}", f"Peça {k}", "UN", float(rng.randint(0, 40)),
                float(rng.randint(1, 5)), round(rng.uniform(8, 2400), 2))
               for k in range(1, 121)])
    r("tecnico", [(k, n, e, 32.0 + k) for k, (n, e) in enumerate(
        [("Paulo Souza", "Mecânica"), ("Gary Thwaite", "Elétrica"), ("Ana Lima", "Automação"),
         ("Steve Nelson", "Mecânica")], start=1)])
    oss: Rows = []
    mats: Rows = []
    for (line, code), eid in sorted(eq_of.items()):
        old = (line, code) in old_kit
        for _ in range(rng.randint(40, 60) if old else rng.randint(6, 18)):
            num = 50000 + len(oss) + 1
            op = dt.datetime(2025, 1, 3, 8) + dt.timedelta(hours=rng.randint(0, 8500))
            hh = round(rng.uniform(1, 12 if old else 5), 1)
            terc = round(rng.uniform(400, 3500), 2) if old and rng.random() < .4 else 0.0
            oss.append((num, eid, rng.choice(["COR", "COR", "PRE"]) if old else
                        rng.choice(["COR", "PRE", "PRE"]), op, op + dt.timedelta(hours=hh + 2),
                        "CONCLUIDA", rng.randint(1, 4), hh, round(hh * 34, 2), terc,
                        f"Reparo {code}"))
            for _ in range(rng.randint(1, 4) if old else rng.randint(0, 2)):
                q = float(rng.randint(1, 4))
                vu = round(rng.uniform(40, 1800 if old else 500), 2)
                mats.append((len(mats) + 1, num, f"P{rng.randint(1, 120):04d}", q, vu,
                             round(q * vu, 2)))
    r("ordem_servico", oss)
    r("os_material", mats)
    # duty
    rates = [(1, _d(2024, 2, 1), _d(2025, 1, 31), 1.2, 3.4, False, 9.27, 0.0),
             (2, _d(2024, 2, 1), _d(2025, 1, 31), 3.5, 8.4, False, 21.01, 0.0),
             (3, _d(2024, 2, 1), _d(2025, 1, 31), 3.5, 8.4, True, 19.08, 0.0),
             (4, _d(2024, 2, 1), _d(2025, 1, 31), 1.2, 3.4, True, 8.42, 0.0),
             (5, _d(2025, 2, 1), None, 1.2, 3.4, False, 9.61, 0.0),
             (6, _d(2025, 2, 1), None, 3.5, 8.4, False, 21.78, 0.0),
             (7, _d(2025, 2, 1), None, 3.5, 8.4, True, 19.08, 0.0),
             (8, _d(2025, 2, 1), None, 1.2, 3.4, True, 8.42, 0.0)]
    r("dty_rate", rates)
    r("dty_ret", [(202500 + m, _d(2025, m, 15) + dt.timedelta(days=30), 0.0, 0.0, 0.0,
                   f"XM{m:04d}", "S") for m in range(1, 13)])
    rtns: Rows = []
    rlns: Rows = []
    rmds: Rows = []
    for k in range(1, 641):
        no = rng.choice([c[0] for c in on_trade])
        day = _d(2025, 1, 1) + dt.timedelta(days=rng.randint(0, 350))
        rsn = rng.choice(["ULL", "ULL", "ULL", "OOD", "DMG", "WRG"])
        rtns.append((k, no, day, None, rsn, f"CR{k:05d}", "D" if rsn != "WRG" else "T"))
        p = rng.choice(draught)
        lt = round(float(p[4]) * rng.uniform(.2, 1), 1)
        rlns.append((k, 1, p[0], lt, round(lt * float(p[6]) / float(p[4]), 2)))
        claimed = rng.random() < (.85 if day.month <= 6 else .35)
        if rsn in ("ULL", "OOD") and claimed:
            lpa = round(lt * abv[str(p[2])] / 100, 3)
            claim = day + dt.timedelta(days=40)
            rmds.append((len(rmds) + 1, claim.year * 100 + claim.month, k, lt, lpa,
                         round(lpa * 19.08, 2), claim, "A"))
    r("rtn_hdr", rtns)
    r("rtn_ln", rlns)
    r("dty_rmd", rmds)
    # estate
    pubs: Rows = []
    tnts: Rows = []
    rents: Rows = []
    works: Rows = []
    flows: Rows = []
    money_pits = set(rng.sample(pubs_cust, 5))
    for k, no in enumerate(pubs_cust, start=1):
        c = next(x for x in custs if x[0] == no)
        mdl = "MGD" if k % 8 == 0 else rng.choice(["TEN", "TEN", "LSE"])
        val = float(rng.choice([350000, 450000, 600000, 750000, 900000]))
        pubs.append((k, str(c[1]).split(",")[0], no, c[4], c[5], c[6], rng.choice(["FH"] * 5
                                                                                  + ["LH"]),
                     mdl, "HLD", _d(rng.randint(1975, 2015), 4, 1), round(val * .5, 0), val,
                     _d(2024, 9, 30), rng.choice(["BD1", "BD2", "BD3"]), round(val * .04)))
        rent = float(rng.choice([18000, 24000, 30000, 38000, 46000]))
        if mdl != "MGD":
            tnts.append((k, k, f"Tenant {k} Ltd", mdl, _d(2020, k % 12 + 1, 1),
                         _d(2030 if mdl == "TEN" else 2040, k % 12 + 1, 1), rent, None,
                         "F"))
            for q in range(4):
                rents.append((len(rents) + 1, k, k, _d(2025, q * 3 + 1, 1), "RNT", rent / 4,
                              _d(2025, q * 3 + 1, 10)))
                rents.append((len(rents) + 1, k, k, _d(2025, q * 3 + 1, 1), "INS", 650.0,
                              _d(2025, q * 3 + 1, 10)))
        pit = no in money_pits
        for _ in range(rng.randint(4, 8) if pit else rng.randint(1, 5)):
            cat = rng.choice(["RPR", "RPR", "STA", "EMG", "CAP"] if pit else
                             ["RPR", "STA", "DEC"])
            est = float(rng.randint(5000, 30000) if pit else rng.randint(400, 6000))
            cmp = _d(2025, 1, 1) + dt.timedelta(days=rng.randint(10, 350))
            works.append((len(works) + 1, k, cmp - dt.timedelta(days=30),
                          cat, {"RPR": "Roof and gutter repairs", "STA": "Gas safety and "
                                "EICR", "EMG": "Burst main in cellar", "CAP": "Kitchen "
                                "refit", "DEC": "External redecoration"}[cat],
                          rng.choice(["Lakeland Builders", "Ribble Roofing", "A1 Electrics"]),
                          est, round(est * rng.uniform(.9, 1.3), 2), cmp, "C",
                          mdl == "LSE" and cat == "DEC"))
        for m in range(1, 13):
            bought_l = bought.get((no, m), 0.0)
            poured = bought_l * (rng.uniform(1.3, 1.6) if no in buy_out else
                                 rng.uniform(.9, 1.0))
            for wk in range(4):
                flows.append((len(flows) + 1, k, wk + 1, _d(2025, m, 7 * wk + 7),
                              rng.choice(draught)[0], round(poured / 4, 1)))
    r("est_pub", pubs)
    r("est_tnt", tnts)
    r("est_rent", rents)
    r("est_wrk", works)
    r("disp_flow", flows)
    # promotions and EPOS
    mlts = [c for c in custs if c[3] == "MLT"]
    r("mlt_acct", [(c[1][:3].upper(), c[0], c[1], "Category buyer", f"EDI{c[0]}")
                   for c in mlts])
    bottled = [p for p in own if not p[8]]
    promos: Rows = []
    plns: Rows = []
    clms: Rows = []
    epos: Rows = []
    for c in mlts:
        mc = str(c[1])[:3].upper()
        for p in bottled:
            base = rng.randint(40, 300)
            for wk in range(52):
                we = _d(2025, 1, 4) + dt.timedelta(weeks=wk)
                u = base * rng.uniform(.85, 1.15)
                epos.append((mc, p[0], we, int(u), round(u * 2.1, 2), rng.randint(20, 90)))
            # two promotions per chain and product; their weeks lifted below
            for j in range(2):
                pid = len(promos) + 1
                f = _d(2025, 2 + j * 5 + rng.randint(0, 2), 1)
                t = f + dt.timedelta(days=20)
                good = rng.random() < .6
                ratio = rng.uniform(1.8, 2.8) if good else rng.uniform(1.02, 1.25)
                promos.append((pid, mc, f"{p[1]} {['TPR', 'MBY'][j]}", ["TPR", "MBY"][j], f,
                               t, "R", "KAM"))
                plns.append((pid, p[0], round(float(p[6]) / 12 * 2.2, 2),
                             round(float(p[6]) / 12 * 1.7, 2), 0.45,
                             round((float(p[6]) - float(p[7])) / 12, 2), base, int(base * 2)))
                clms.append((pid, pid, t + dt.timedelta(days=30), int(base * ratio * 3),
                             round(base * ratio * 3 * .45, 2), float(rng.choice([0, 500,
                                                                                1500])),
                             "P"))
                # the promotion's weeks, lifted
                for row_no, row in enumerate(epos):
                    if row[0] == mc and row[1] == p[0] and f <= row[2] <= t:
                        epos[row_no] = (*row[:3], int(row[3] * ratio),
                                        round(row[4] * ratio * .8, 2), row[5])
    r("promo_hdr", promos)
    r("promo_ln", plns)
    r("promo_clm", clms)
    r("mlt_epos", epos)
    # quality complaints and line cleaning
    dirty = set(rng.sample([c[0] for c in on_trade], 25))
    cmps: Rows = []
    vis: Rows = []
    for c in on_trade:
        no = int(c[0])
        every = rng.choice([120, 180, 365]) if no in dirty else rng.choice([28, 42, 56])
        day = _d(2025, 1, 1) + dt.timedelta(days=rng.randint(0, every - 1))
        while day <= _d(2025, 12, 31):
            vis.append((len(vis) + 1, no, day, rng.choice(["TS1", "TS2", "TS3"]),
                        rng.randint(4, 12), "C", 45.0))
            day += dt.timedelta(days=every)
        for _ in range(rng.randint(3, 9) if no in dirty else rng.randint(0, 1)):
            rcv = _d(2025, 1, 1) + dt.timedelta(days=rng.randint(0, 355))
            cmps.append((len(cmps) + 1, no, rcv, rng.choice(draught)[0],
                         rng.choice(["CLD", "FLT", "SOU", "OFF", "FOB"]), None,
                         rng.random() < .6, rcv + dt.timedelta(days=5), "U"))
    r("qa_cmp", cmps)
    r("lnc_visit", vis)
