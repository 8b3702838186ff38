"""An online fashion retailer on PostgreSQL, twelve years old, in four schemas: `shp` (the
first: its tables are named bare; the retailer's own system: the catalogue of brands,
categories, styles and sizes, customers, the web shop's baskets and orders, discount codes,
returns requests, the outlet stores and their tills, own-label buying from factories,
customer service, the CMS and newsletter, HR, payroll and IT), `mkt` (the marketplace where
partner brands sell through the shop: sellers, contracts, offers, their orders, shipments,
refunds, cases and payouts), `wms` (the warehouse and carrier package, bought from a Dutch
vendor and kept in its Dutch: magazijnen, locaties, artikelen, voorraad, ontvangsten,
keuringen, uitleverorders, pakketten, vervoerders, retouren) and `fin` (finance: ledger,
payment providers and their settlements, chargebacks, leases, supplier invoices). Keys across
the schemas (some missing), comments on about a third of the tables, enums, CHECK lists of
codes, views, backup, archive and staging copies, the audit columns each system stamps, the
audit, note and attachment tables each module grew, and modules no question needs.

QUESTIONS is the answer key: what a buyer, e-commerce, logistics, marketplace or finance
manager asks, and the tables an analyst needs for it (outside `shp`, schema-qualified). It was
written before any tool ranked a table.
"""

from __future__ import annotations

import datetime as dt
import random

from tests._unseen._spec import Db, Value, balance_comments, satellites, stamped

SCHEMAS = ("shp", "mkt", "wms", "fin")

QUESTIONS: list[tuple[str, set[str]]] = [
    ("Which brands should we stop selling, because so much of what customers buy from them "
     "comes back that we lose money on them?",
     {"brand", "prd_mst", "sku_mst", "ord_ln", "rma_ln"}),
    ("Which delivery company should get more of our parcels, because their parcels arrive "
     "on time and rarely go missing?",
     {"wms.vervoerder", "wms.pakket", "wms.pakket_event"}),
    ("Which partner brands on the marketplace should we throw off, because they send their "
     "orders out late and their customers keep complaining?",
     {"mkt.slr_mst", "mkt.slr_ord", "mkt.slr_shp", "mkt.slr_case"}),
    ("Which outlet stores should we close, because they take the least money for the rent "
     "we pay and the size of the shop?",
     {"str_mst", "pos_txn", "fin.lse_ctr"}),
    ("Which styles and sizes should we buy more of next season, because they sold out in "
     "the warehouse long before the season ended?",
     {"prd_mst", "sku_mst", "ord_ln", "wms.vrd_stand"}),
    ("Which discount codes should we stop handing out, because the people who use them send "
     "most of their order back?",
     {"prm_cd", "ord_prm", "ord_hdr", "rma_hdr"}),
    ("Which kinds of clothing need a better size guide on the website, because customers "
     "most often send them back saying they do not fit?",
     {"cat_mst", "prd_mst", "sku_mst", "rma_ln"}),
    ("On which days of the week should we bring in extra temporary staff at the warehouse, "
     "because orders wait longest there before they are packed?",
     {"ord_hdr", "wms.uitlev_order", "wms.pakket"}),
    ("Which ways of paying should we stop offering at checkout, because the fees and the "
     "disputed payments cost us the most for the sales they bring in?",
     {"fin.psp_txn", "fin.psp_stl", "fin.chgbk"}),
    ("Which partner brands should pay us a higher commission, because after the refunds we "
     "cover for them we earn the least on what they sell?",
     {"mkt.slr_mst", "mkt.slr_ctr", "mkt.slr_ord_ln", "mkt.slr_rfd"}),
    ("Which customers should lose free returns, because they send back nearly everything "
     "they order?",
     {"cust_mst", "ord_hdr", "ord_ln", "rma_ln"}),
    ("Which factories making our own-label clothes should we stop ordering from, because "
     "their deliveries come in late and fail our quality checks?",
     {"sup_mst", "po_hdr", "wms.ontvangst", "wms.kwal_keur"}),
]

_BRAND_MARGIN = """
  SELECT p.brand_id,
         SUM((l.qty - COALESCE(r.qty, 0)) * (l.unit_prc - p.cost_prc)) AS margin,
         SUM(COALESCE(r.qty, 0)) AS back
  FROM shp.ord_ln l
  JOIN shp.sku_mst s ON s.sku = l.sku
  JOIN shp.prd_mst p ON p.prd_id = s.prd_id
  LEFT JOIN (SELECT ord_ln_id, SUM(qty) AS qty FROM shp.rma_ln
             WHERE insp_res <> 'REJ' GROUP BY ord_ln_id) r ON r.ord_ln_id = l.ord_ln_id
  WHERE l.ln_sts <> 'X'
  GROUP BY p.brand_id"""

DECISION_QUESTION = QUESTIONS[0][0]
DECISION = f'''
[[decisions]]
id = "brand-delist"
title = "Brand we stop selling"
goal = "maximize"
objective = "margin on what customers kept in 2025, less the cost of handling what they \
sent back, had we not sold one brand"
unit = "EUR/year"
candidates = """
SELECT b.brand_id AS decision, b.brand_nm AS label
FROM shp.brand b
WHERE b.actv_fl AND EXISTS (SELECT 1 FROM shp.prd_mst p WHERE p.brand_id = b.brand_id)
ORDER BY b.brand_id"""
value = """
WITH m AS ({_BRAND_MARGIN}
), c AS (SELECT brand_id, margin - back * :handling_eur AS contrib FROM m)
SELECT b.brand_id AS decision,
       (SELECT SUM(contrib) FROM c)
       - COALESCE((SELECT c.contrib FROM c WHERE c.brand_id = b.brand_id), 0) AS value
FROM shp.brand b
WHERE b.actv_fl AND EXISTS (SELECT 1 FROM shp.prd_mst p WHERE p.brand_id = b.brand_id)"""
baseline = """
WITH m AS ({_BRAND_MARGIN}
)
SELECT SUM(margin - back * :handling_eur) AS value FROM m"""

[decisions.parameters.handling_eur]
type = "float"
default = 15.0
min = 0
max = 40
title = "Cost of one returned item: return postage, inspection, repacking, write-downs (EUR)"
'''


def build() -> Db:
    db = Db("postgres", SCHEMAS)
    _shp(db)
    _mkt(db)
    _wms(db)
    _fin(db)
    _back_office(db)
    _noise(db)
    _views(db)
    for name, text in _COMMENTS.items():
        db.comment(name, text)
    _rows(db)
    _audit_columns(db)
    balance_comments(db, set().union(*(n for _, n in QUESTIONS)), seed=29)
    return db


def _shp(db: Db) -> None:
    db.schema("shp")
    db.enum("ord_sts", "NEW", "PAID", "ALLOC", "SHIP", "DLV", "CANC", "PRET", "FRET")
    db.enum("rma_sts", "REQ", "LBL", "TRN", "RCV", "RFD", "CLS", "REJ")
    t = db.table
    t("brand", "brand_id* i, brand_cd v8, brand_nm v60, own_lbl_fl f, tier c1{V|M|P|L}, "
      "ctry c2, actv_fl f, since_dt d",
      notes={"tier": "V value, M mid-market, P premium, L luxury",
             "own_lbl_fl": "our own label (made for us by the factories in sup_mst)"})
    t("cat_mst", "cat_id* i, par_cat >cat_mst.cat_id, cat_nm v60, dept c2{WW|MW|KW|AC|SH}, "
      "sz_typ c2{AL|NM|SH|OS}, lvl s",
      notes={"dept": "WW womenswear, MW menswear, KW kidswear, AC accessories, SH shoes",
             "sz_typ": "AL letter sizes XS-XXL, NM numeric (EU 34-46 / waist), SH shoe sizes, "
                       "OS one size"})
    t("season", "ssn_cd* c4, ssn_nm v30, from_dt d, to_dt d",
      notes={"ssn_cd": "SS25 spring/summer 2025, AW25 autumn/winter 2025, ..."})
    t("prd_mst", "prd_id* i, style_no v12, prd_nm v120, brand_id >brand, cat_id >cat_mst, "
      "ssn_cd >season, cost_prc n, rrp n, matl v80, fit c1{S|R|L|O}, launch_dt d, "
      "sts c1{D|L|M|X}",
      notes={"cost_prc": "landed cost per unit, EUR (own label: FOB + freight + duty)",
             "rrp": "recommended retail price incl. VAT, EUR",
             "fit": "S slim, R regular, L loose/relaxed, O oversized",
             "sts": "D draft, L live on site, M marked down, X discontinued"})
    t("sku_mst", "sku* v16, prd_id >prd_mst, sz_cd v6, clr_cd >clr_mst, ean c13, "
      "sz_ord s, wgt_g i, actv_fl f",
      notes={"sz_cd": "size as printed on the label (S, M, 38, 42, UK8 ...)",
             "sz_ord": "sort order of the size within the style"})
    t("clr_mst", "clr_cd* c3, clr_nm v30, clr_grp v20")
    t("prc_hist", "prc_id* b, prd_id >prd_mst, from_dt d, to_dt d, prc n, mkd_fl f",
      notes={"mkd_fl": "markdown price (sale)"})
    t("prd_img", "img_id* b, prd_id >prd_mst, seq s, url v200, alt_txt v200")
    t("prd_attr", "prd_id* >prd_mst, attr_cd* v20, attr_val v80")
    t("sz_guide", "guide_id* i, cat_id >cat_mst, brand_id >brand, sz_cd v6, chest_cm s, "
      "waist_cm s, hip_cm s, len_cm s, upd_dt d")
    t("cust_mst", "cust_id* b, email v120, fst_nm v40, lst_nm v60, gndr c1{F|M|X|U}, "
      "birth_yr s, ctry c2, reg_dt d, reg_chan c3{WEB|APP|STR|MKT}, vip_fl f, "
      "free_rtn_fl f, blk_fl f",
      notes={"reg_chan": "WEB web shop, APP app, STR signed up in an outlet store, MKT "
                         "first bought from a marketplace partner",
             "free_rtn_fl": "returns are free of charge for this customer",
             "blk_fl": "blocked (fraud)"})
    t("cust_adr", "adr_id* b, cust_id >cust_mst, typ c1{B|S}, str v120, pcode v10, "
      "city v60, ctry c2, dflt_fl f")
    t("cust_seg", "cust_id* >cust_mst, seg_cd* v12, from_dt d")
    t("loy_acct", "loy_id* b, cust_id >cust_mst, tier c1{B|S|G}, pts i, join_dt d")
    t("loy_txn", "ltx_id* b, loy_id >loy_acct, txn_dt d, pts i, src c3{ORD|RTN|BON|EXP}")
    t("wish_ln", "cust_id* >cust_mst, sku* >sku_mst, add_ts ts")
    t("cart_hdr", "cart_id* b, cust_id >cust_mst, crt_ts ts, upd_ts ts, abnd_fl f")
    t("cart_ln", "cart_id* >cart_hdr, sku* >sku_mst, qty s")
    t("ord_hdr", "ord_no* b, cust_id >cust_mst, ord_ts ts, chan c3{WEB|APP|TEL}, "
      "ship_ctry c2, ship_mth c3{STD|EXP|NDD|CLC}, sts @ord_sts, goods_amt n, ship_amt n, "
      "disc_amt n, tot_amt n, pay_mth c2{CC|PP|KL|AP|GC|IB}, psp_ref v40",
      notes={"sts": "NEW placed, PAID payment captured, ALLOC sent to the warehouse, SHIP "
                    "shipped, DLV delivered, CANC cancelled, PRET partly returned, FRET "
                    "fully returned",
             "ship_mth": "STD standard, EXP express, NDD next day, CLC click & collect",
             "pay_mth": "CC card, PP PayPal, KL Klarna pay later, AP Apple Pay, GC gift card, "
                        "IB iDEAL/bank",
             "tot_amt": "goods + shipping - discount, EUR incl. VAT"})
    t("ord_ln", "ord_ln_id* b, ord_no >ord_hdr, ln_no s, sku >sku_mst, qty s, unit_prc n, "
      "disc_amt n, ln_sts c1{O|A|S|X}",
      notes={"unit_prc": "price paid per unit after markdown, before order discount, EUR",
             "ln_sts": "O open, A allocated, S shipped, X cancelled (out of stock or by the "
                       "customer)"})
    t("ord_sts_hist", "hist_id* b, ord_no >ord_hdr, sts v5, chg_ts ts, chg_by v30")
    t("prm_cd", "prm_cd* v20, descr v120, typ c1{P|A|F}, val n, min_ord n, from_dt d, "
      "to_dt d, chan c3{AFF|INF|NL|CS|SOC|APP}, max_use i",
      notes={"typ": "P percent off, A amount off, F free shipping",
             "chan": "where the code was handed out: AFF affiliate/voucher site, INF "
                     "influencer, NL newsletter, CS customer service goodwill, SOC social "
                     "ads, APP app push"})
    t("ord_prm", "ord_no* >ord_hdr, prm_cd* >prm_cd, disc_amt n")
    t("gift_crd", "gc_no* v19, iss_dt d, val n, bal n, exp_dt d, ord_no b")
    t("rma_hdr", "rma_no* b, ord_no >ord_hdr, cust_id >cust_mst, req_ts ts, "
      "rtn_mth c2{PO|PU|ST|DR}, sts @rma_sts, rfd_amt n, rfd_dt d, lbl_fee n",
      notes={"rtn_mth": "PO post office drop-off, PU courier pick-up, ST outlet store, DR "
                        "parcel locker",
             "sts": "REQ requested, LBL label sent, TRN in transit, RCV received at the "
                    "warehouse, RFD refunded, CLS closed, REJ rejected",
             "lbl_fee": "return fee charged to the customer, EUR (0 when returns are free)"})
    t("rma_ln", "rma_ln_id* b, rma_no >rma_hdr, ord_ln_id >ord_ln, sku >sku_mst, qty s, "
      "rsn_cd c2{TS|TL|NL|QD|WI|LT|CM|OT}, insp_res c3{OK|DMG|REJ|PND}",
      notes={"rsn_cd": "reason given: TS too small, TL too large, NL not as pictured / not "
                       "liked, QD quality or defect, WI wrong item sent, LT arrived too "
                       "late, CM changed my mind, OT other",
             "insp_res": "warehouse inspection: OK back to stock, DMG damaged (written "
                         "down), REJ return refused (not ours, worn), PND pending"})
    t("review", "rev_id* b, prd_id >prd_mst, cust_id >cust_mst, rev_dt d, stars s, "
      "fit_fb c1{S|T|L}, txt t, pub_fl f",
      notes={"fit_fb": "S runs small, T true to size, L runs large"})
    t("str_mst", "str_id* i, str_cd c4, str_nm v60, city v40, ctry c2, opn_dt d, cls_dt d, "
      "sales_m2 i, typ c1{O|P|C}",
      notes={"typ": "O outlet store, P pop-up, C concession in a department store",
             "sales_m2": "sales floor area, m2"})
    t("pos_txn", "txn_id* b, str_id >str_mst, txn_ts ts, till s, cust_id b, "
      "typ c1{S|R|V}, net_amt n, vat_amt n, pay c2{CA|CC|GC}",
      notes={"typ": "S sale, R refund/return, V void", "net_amt": "EUR excl. VAT"})
    t("pos_ln", "txn_id* >pos_txn, ln* s, sku v16, qty s, amt n")
    t("str_hrs", "str_id* >str_mst, dow* s, opn_tm tm, cls_tm tm")
    t("str_stk_cnt", "cnt_id* b, str_id >str_mst, cnt_dt d, sku v16, sys_qty s, cnt_qty s")
    t("sup_mst", "sup_id* i, sup_nm v80, ctry c2, city v40, prod_typ v40, pay_term s, "
      "incoterm c3, audit_grd c1{A|B|C|D}, actv_fl f",
      notes={"audit_grd": "last social/ethical audit grade, A best",
             "prod_typ": "what the factory makes for us (knitwear, denim, jersey ...)"})
    t("po_hdr", "po_no* b, sup_id >sup_mst, ssn_cd >season, po_dt d, exw_dt d, due_dt d, "
      "ccy c3, tot_val n, sts c1{D|C|P|R|X}",
      notes={"due_dt": "agreed date the goods are due at our warehouse",
             "exw_dt": "agreed ex-works date at the factory",
             "sts": "D draft, C confirmed, P partly received, R received, X cancelled"})
    t("po_ln", "po_no* >po_hdr, ln* s, sku >sku_mst, qty i, unit_cost n")
    t("csr_case", "case_id* b, cust_id >cust_mst, ord_no b, opn_ts ts, cls_ts ts, "
      "topic c3{WIS|RTN|RFD|DMG|PAY|ACC|OTH}, chan c2{EM|CH|PH|SM}, agent v30",
      notes={"topic": "WIS where is my order, RTN return, RFD refund, DMG damaged, PAY "
                      "payment, ACC account, OTH other"})
    t("csr_msg", "msg_id* b, case_id >csr_case, sent_ts ts, dir c1{I|O}, body t")
    t("csr_rsn", "rsn_cd* c3, rsn_txt v80")


def _mkt(db: Db) -> None:
    db.schema("mkt")
    t = db.table
    t("slr_mst", "slr_id* i, slr_nm v80, legal_nm v120, ctry c2, vat_no v20, onb_dt d, "
      "sts c1{P|A|S|T}, tier c1{S|G|P}, kam v30",
      notes={"sts": "P pending onboarding, A active, S suspended, T terminated",
             "kam": "key account manager (our side)"})
    t("slr_ctr", "ctr_id* i, slr_id >slr_mst, from_dt d, to_dt d, comm_pct r, "
      "fix_fee_mth n, rtn_cov c1{S|P|M}",
      notes={"comm_pct": "commission we take on each item sold, % of the price incl. VAT",
             "rtn_cov": "who pays the refund of returned items: S seller, P platform (us), "
                        "M split"})
    t("slr_cat", "slr_id* >slr_mst, cat_id* >shp.cat_mst, appr_dt d")
    t("slr_ofr", "ofr_id* b, slr_id >slr_mst, slr_sku v40, prd_nm v120, cat_id i, "
      "brand_nm v60, prc n, stk i, sts c1{A|I|B}",
      notes={"sts": "A active, I inactive, B blocked by content check"})
    t("slr_ord", "sord_id* b, slr_id >slr_mst, ord_no >shp.ord_hdr, crt_ts ts, "
      "ship_by_ts ts, sts c3{NEW|ACK|SHP|DLV|CAN|RTN}",
      notes={"ship_by_ts": "latest time the seller must hand the parcel to the carrier "
                           "(service level)",
             "sts": "NEW, ACK acknowledged, SHP shipped, DLV delivered, CAN cancelled by the "
                    "seller, RTN returned"})
    t("slr_ord_ln", "sord_ln_id* b, sord_id >slr_ord, ofr_id >slr_ofr, qty s, prc n, "
      "comm_amt n",
      notes={"prc": "price paid per unit incl. VAT, EUR", "comm_amt": "commission we earned "
                                                                      "on the line, EUR"})
    t("slr_shp", "sshp_id* b, sord_id >slr_ord, carrier v30, trk_no v40, hnd_ts ts, "
      "dlv_ts ts",
      notes={"hnd_ts": "handed to the carrier (first carrier scan)"})
    t("slr_rfd", "srfd_id* b, sord_ln_id >slr_ord_ln, rfd_ts ts, amt n, paid_by c1{S|P}, "
      "rsn v40",
      notes={"paid_by": "S charged back to the seller, P borne by us (platform)"})
    t("slr_case", "scase_id* b, sord_id >slr_ord, opn_ts ts, cls_ts ts, "
      "typ c3{LAT|NDL|DMG|WRG|FAK|RFD|OTH}, escal_fl f",
      notes={"typ": "customer complaint: LAT late, NDL not delivered, DMG damaged, WRG wrong "
                    "item, FAK counterfeit suspected, RFD refund not received, OTH other",
             "escal_fl": "escalated to our marketplace team"})
    t("slr_pyt", "pyt_id* b, slr_id >slr_mst, per_cd c6, gross n, comm n, rfd n, fees n, "
      "net n, paid_dt d")
    t("slr_inv", "sinv_no* b, slr_id >slr_mst, inv_dt d, amt n, vat n, sts c1{O|P}")
    t("slr_kyc", "kyc_id* b, slr_id >slr_mst, doc_typ v20, chk_dt d, res c1{P|F|R}")
    t("slr_rating", "rat_id* b, sord_id >slr_ord, stars s, rat_dt d")
    t("slr_feed", "feed_id* b, slr_id >slr_mst, rcv_ts ts, rows_ok i, rows_err i")
    t("slr_api_log", "log_id* b, slr_id i, ts ts, endpoint v80, http_sts s")
    t("slr_usr", "usr_id* i, slr_id >slr_mst, email v120, role v20, last_lgn ts")
    t("slr_pen", "pen_id* b, slr_id >slr_mst, pen_dt d, rsn v80, amt n")


def _wms(db: Db) -> None:
    db.schema("wms")
    t = db.table
    t("magazijn", "mag_cd* c4, naam v60, plaats v40, land c2, m2 i",
      notes={"mag_cd": "magazijncode"})
    t("zone", "zone_id* i, mag_cd >magazijn, zone_cd v6, type c2{BU|PK|HG|RT|QC}",
      notes={"type": "BU bulk, PK picklocaties, HG hangende kleding, RT retourverwerking, QC "
                     "kwaliteitscontrole"})
    t("locatie", "loc_id* b, zone_id >zone, gang s, vak s, niveau s, blok_fl f")
    t("artikel", "art_nr* v16, sku v16, omschr v120, gewicht_g i, hang_fl f, ean c13",
      notes={"sku": "artikelnummer van de webshop (shp.sku_mst), geen sleutel"})
    t("voorraad", "loc_id* >locatie, art_nr* >artikel, aantal i, gereserveerd i, upd_ts ts")
    t("vrd_stand", "mag_cd* >magazijn, art_nr* >artikel, peil_dt* d, vrij i, gereserveerd i, "
      "onderweg i",
      notes={"peil_dt": "peildatum (stand aan het eind van de dag, één keer per week)",
             "vrij": "vrije voorraad (verkoopbaar)",
             "onderweg": "besteld bij de leverancier, nog niet ontvangen"})
    t("mutatie", "mut_id* b, art_nr >artikel, loc_id >locatie, mut_ts ts, aantal i, "
      "soort c2{OV|PK|CR|RT|AF}",
      notes={"soort": "OV ontvangst, PK pick, CR correctie, RT retour, AF afgeschreven"})
    t("ontvangst", "ontv_id* b, mag_cd >magazijn, po_no b, lev_id i, aankomst_ts ts, "
      "dock s, status c1{A|G|V}",
      notes={"po_no": "inkooporder van de webshop (shp.po_hdr)",
             "lev_id": "leverancier (shp.sup_mst)",
             "status": "A aangemeld, G gelost, V verwerkt"})
    t("ontv_regel", "ontv_id* >ontvangst, regel* s, art_nr >artikel, verwacht i, "
      "ontvangen i")
    t("kwal_keur", "keur_id* b, ontv_id >ontvangst, keur_dt d, steekproef s, afgekeurd s, "
      "uitslag c1{G|V|A}, fout_cd c2{NT|KL|MT|VL|LB|GE}",
      notes={"uitslag": "G goedgekeurd, V voorwaardelijk (nabewerking), A afgekeurd "
                        "(terug naar leverancier)",
             "fout_cd": "NT naden, KL kleurverschil, MT maatafwijking, VL vlekken, LB "
                        "label/etiket, GE geen fout",
             "steekproef": "aantal stuks gekeurd (AQL-steekproef)"})
    t("uitlev_order", "uo_id* b, mag_cd >magazijn, ext_ord_no b, ontv_ts ts, prio s, "
      "status c1{N|P|K|V|G}",
      notes={"ext_ord_no": "ordernummer van de webshop (shp.ord_hdr.ord_no)",
             "ontv_ts": "tijdstip waarop de order in het WMS binnenkwam",
             "status": "N nieuw, P in pick, K ingepakt, V verzonden, G geannuleerd"})
    t("uitlev_regel", "uo_id* >uitlev_order, regel* s, art_nr >artikel, aantal s, "
      "gepickt s")
    t("pick_opdr", "pick_id* b, uo_id >uitlev_order, mdw_nr >medewerker, start_ts ts, "
      "eind_ts ts, loc_id b")
    t("vervoerder", "verv_id* i, verv_cd v8, naam v60, land c2, actief_fl f")
    t("verv_dienst", "dienst_id* i, verv_id >vervoerder, dienst_cd v10, omschr v60, "
      "beloofd_dgn s",
      notes={"beloofd_dgn": "beloofde levertijd in werkdagen"})
    t("verv_tarief", "tar_id* i, dienst_id >verv_dienst, land c2, max_kg q, prijs n, "
      "geldig_van d")
    t("pakket", "pak_id* b, uo_id >uitlev_order, verv_id >vervoerder, dienst_id >verv_dienst, "
      "trk_nr v40, ingepakt_ts ts, gewicht_g i, land c2, beloofd_dt d, kosten n",
      notes={"ingepakt_ts": "tijdstip waarop het pakket is ingepakt en gelabeld",
             "beloofd_dt": "beloofde leverdatum aan de klant",
             "kosten": "vrachtkosten volgens tarief, EUR"})
    t("pakket_event", "evt_id* b, pak_id >pakket, evt_ts ts, "
      "code c3{AFG|SRT|OND|BZG|AFL|NTA|VER|RET|SCH}",
      notes={"code": "trackingstatus van de vervoerder: AFG afgehaald, SRT gesorteerd, OND "
                     "onderweg, BZG bezorging gestart, AFL afgeleverd, NTA niet thuis, VER "
                     "verloren/vermist, RET retour afzender, SCH beschadigd"})
    t("verv_factuur", "vf_id* b, verv_id >vervoerder, fact_dt d, bedrag n, pakketten i")
    t("verv_claim", "claim_id* b, pak_id >pakket, claim_dt d, bedrag n, "
      "status c1{I|T|A}")
    t("retour_ontv", "rt_id* b, mag_cd >magazijn, rma_no b, trk_nr v40, ontv_ts ts")
    t("retour_regel", "rt_id* >retour_ontv, regel* s, art_nr >artikel, aantal s, "
      "oordeel c1{A|B|C}",
      notes={"oordeel": "A terug in voorraad, B outlet, C afgeschreven"})
    t("medewerker", "mdw_nr* v8, naam v60, uitzend_fl f, bureau v40, in_dienst d")
    t("ploeg", "ploeg_id* b, mdw_nr >medewerker, datum d, van_tm tm, tot_tm tm, "
      "functie c2{PK|IN|OV|RT|TL}")
    t("inventarisatie", "inv_id* b, loc_id >locatie, tel_dt d, art_nr v16, systeem i, "
      "geteld i")
    t("verpakking", "verp_cd* v8, omschr v40, l_mm s, b_mm s, h_mm s, prijs n")


def _fin(db: Db) -> None:
    db.schema("fin")
    t = db.table
    t("gl_acct", "gl_cd* c6, gl_nm v60, gl_typ c1{I|E|A|L|Q}")
    t("cost_ctr", "cc_cd* c6, cc_nm v60, str_id >shp.str_mst")
    t("per", "per_cd* c6, from_dt d, to_dt d, cls_fl f")
    t("gl_jnl", "jnl_id* b, per_cd >per, gl_cd >gl_acct, cc_cd >cost_ctr, amt n, src c3, "
      "ref v40, pst_dt d")
    t("psp_mst", "psp_cd* c4, psp_nm v60, ctr_dt d")
    t("psp_txn", "ptx_id* b, psp_cd >psp_mst, psp_ref v40, ord_no b, txn_ts ts, "
      "mth c2{CC|PP|KL|AP|GC|IB}, typ c1{A|C|R}, amt n, ccy c3",
      notes={"typ": "A authorisation, C capture, R refund",
             "mth": "CC card, PP PayPal, KL Klarna, AP Apple Pay, GC gift card, IB iDEAL/bank",
             "ord_no": "web shop order (shp.ord_hdr), no key: refunds of old orders come "
                       "through too"})
    t("psp_stl", "stl_id* b, ptx_id >psp_txn, stl_dt d, gross n, fee_fix n, fee_pct_amt n, "
      "ic_fee n, net n",
      notes={"fee_fix": "fixed fee per transaction, EUR",
             "fee_pct_amt": "percentage fee charged on the transaction, EUR",
             "ic_fee": "interchange and scheme fees passed through, EUR"})
    t("chgbk", "cb_id* b, ptx_id >psp_txn, opn_dt d, rsn_cd c3{FRD|NRC|NAD|DUP|CAN}, "
      "amt n, cb_fee n, outcome c1{W|L|P}",
      notes={"rsn_cd": "FRD fraud / not authorised, NRC goods not received, NAD not as "
                       "described, DUP duplicate, CAN cancelled but charged",
             "outcome": "W won (money back to us), L lost, P pending",
             "cb_fee": "dispute fee charged by the provider, EUR"})
    t("vat_rate", "ctry* c2, vat_cd* c2, rate r, from_dt d")
    t("fx_rate", "ccy* c3, rate_dt* d, eur_rate r")
    t("ap_inv", "ap_id* b, sup_id >shp.sup_mst, inv_ref v30, inv_dt d, net n, vat n, "
      "ccy c3, pd_dt d")
    t("ar_inv", "ar_id* b, cust_ref v40, inv_dt d, amt n, pd_dt d")
    t("lse_ctr", "lse_id* i, str_id >shp.str_mst, lessor v80, start_dt d, end_dt d, "
      "rent_yr n, svc_chg_yr n, brk_dt d, turn_rent_pct r",
      notes={"rent_yr": "base rent per year, EUR excl. VAT",
             "svc_chg_yr": "service charge per year, EUR",
             "brk_dt": "break date: earliest date we may end the lease",
             "turn_rent_pct": "turnover rent on top of the base rent, % of sales"})
    t("lse_pay", "lpay_id* b, lse_id >lse_ctr, due_dt d, amt n, pd_dt d")
    t("bank_stmt", "stmt_id* b, acct v34, val_dt d, amt n, narr v140, rec_fl f")
    t("bank_rec", "rec_id* b, stmt_id >bank_stmt, jnl_id >gl_jnl, rec_dt d")
    t("fa_reg", "fa_id* i, descr v80, cc_cd >cost_ctr, acq_dt d, cost n, life_m s")
    t("bud", "per_cd* >per, cc_cd* >cost_ctr, gl_cd* >gl_acct, bud n")
    t("duty_entry", "ent_id* b, po_no b, entry_dt d, hs_cd v10, cust_val n, duty n")


def _back_office(db: Db) -> None:
    """Modules no question needs: CMS, newsletter, HR, payroll, IT, affiliate marketing."""
    db.schema("shp")
    t = db.table
    t("cms_page", "page_id* i, slug v120, title v120, tmpl v30, pub_fl f, upd_ts ts")
    t("cms_blk", "blk_id* i, page_id >cms_page, seq s, typ v20, body t")
    t("cms_banner", "bnr_id* i, img_url v200, link v200, from_dt d, to_dt d, pos v20")
    t("seo_redir", "from_url* v200, to_url v200, code s")
    t("nl_cons", "email* v120, cons_fl f, src v20, chg_ts ts, dbl_optin_ts ts",
      notes={"src": "where consent was given (checkout, footer, popup, store)"})
    t("nl_camp", "camp_id* i, subj v140, send_ts ts, seg v40, sent i")
    t("nl_send", "camp_id* >nl_camp, email* v120, opn_fl f, clk_fl f")
    t("aff_part", "aff_id* i, aff_nm v80, netw v30, comm_pct r")
    t("aff_clk", "clk_id* b, aff_id >aff_part, clk_ts ts, ord_no b")
    t("hr_dept", "dept_cd* c4, dept_nm v60, mgr_emp v8")
    t("hr_emp", "emp_no* v8, fst_nm v40, lst_nm v60, dept_cd >hr_dept, str_id >str_mst, "
      "start_dt d, leave_dt d, ctr c2{FT|PT|TM|IN}, fte r")
    t("hr_abs", "abs_id* b, emp_no >hr_emp, from_dt d, to_dt d, typ c3{SCK|HOL|PAR|UNP}")
    t("hr_rvw", "rvw_id* b, emp_no >hr_emp, rvw_dt d, score s")
    t("hr_trn", "trn_id* b, emp_no >hr_emp, crs v60, crs_dt d, cost n")
    t("pay_run", "run_id* i, per_cd c6, pay_dt d, heads s")
    t("pay_ln", "run_id* >pay_run, emp_no* >hr_emp, elem* c4, amt n")
    t("pay_elem", "elem* c4, elem_nm v40, tax_fl f")
    t("it_ast", "tag* v10, typ v20, mdl v40, ser v30, emp_no v8, purch_dt d")
    t("it_tkt", "tkt_id* b, opn_ts ts, cls_ts ts, cat v20, smry v200, emp_no v8")
    t("it_lic", "lic_id* i, prod v60, seats s, renew_dt d, cost n")
    t("it_deploy", "dep_id* b, app v40, ver v20, dep_ts ts, by_usr v30, ok_fl f")
    t("feat_flag", "flag_cd* v40, on_fl f, pct s, upd_ts ts")
    t("ab_test", "test_id* i, test_nm v80, from_dt d, to_dt d, winner v10")
    t("ab_asgn", "test_id* >ab_test, sess_id* v36, variant v10")
    t("web_sess", "sess_id* v36, cust_id b, start_ts ts, dev c1{D|M|T}, src v30, pages s")
    t("srch_log", "srch_id* b, sess_id v36, ts ts, qry v120, hits i")
    t("gdpr_req", "req_id* b, cust_id >cust_mst, typ c3{ACC|DEL|COR}, rcv_dt d, done_dt d")
    t("fraud_chk", "chk_id* b, ord_no >ord_hdr, score s, res c1{A|R|M}, chk_ts ts")


def _noise(db: Db) -> None:
    """Copies, staging, satellites and system tables, schema by schema."""
    t = db.table
    db.schema("shp")
    db.copy("ord_hdr", "ord_hdr_arch", "orders before 2022, moved out of the live table")
    db.copy("ord_ln", "ord_ln_arch")
    db.copy("cust_mst", "cust_mst_bak", "copy before the 2018 GDPR purge")
    db.copy("prd_mst", "prd_mst_old", "catalogue of the old Magento shop (until 2019)")
    db.copy("rma_ln", "tmp_rma_ln")
    db.copy("prm_cd", "prm_cd_2021")
    db.copy("sku_mst", "sku_mst_bak")
    db.copy("pos_txn", "pos_txn_imp", "till data loaded nightly from the stores, unchecked")
    t("stg_prd_feed", "imp_id* b, payload t, imp_ts ts", "staging: PIM product feed")
    t("stg_ord_exp", "imp_id* b, ord_no b, payload t, imp_ts ts")
    t("stg_rvw_imp", "imp_id* b, src v20, payload t, imp_ts ts")
    for table, kinds in (("prd_mst", "aud note att"), ("cust_mst", "aud note"),
                         ("ord_hdr", "aud note"), ("rma_hdr", "note att"), ("brand", "note"),
                         ("sup_mst", "aud att"), ("po_hdr", "note att"), ("str_mst", "note"),
                         ("csr_case", "att"), ("hr_emp", "att aud")):
        satellites(db, table, kinds.split())
    t("sys_usr", "usr_id* v30, emp_no v8, nm v80, role v20, last_lgn ts, actv_fl f")
    t("sys_param", "param_cd* v40, param_val v200")
    t("sys_job_log", "job_id* b, job_nm v60, start_ts ts, end_ts ts, rc s", "batch job log")
    t("sys_mail_q", "mail_id* b, to_addr v120, tmpl v40, crt_ts ts, sent_ts ts")

    db.schema("mkt")
    db.copy("slr_ord", "slr_ord_2022")
    db.copy("slr_ofr", "slr_ofr_bak")
    db.copy("slr_case", "tmp_case_mig", "cases moved from the old helpdesk tool")
    t("stg_slr_ord", "imp_id* b, slr_id i, payload t, imp_ts ts")
    t("stg_offer_feed", "imp_id* b, slr_id i, payload t, imp_ts ts",
      "staging: seller offer feeds")
    for table, kinds in (("slr_mst", "aud note att"), ("slr_ctr", "aud att"),
                         ("slr_case", "note")):
        satellites(db, table, kinds.split())
    t("mkt_param", "param_cd* v40, param_val v200")

    db.schema("wms")
    db.copy("pakket_event", "pakket_event_hist", "trackingevents ouder dan 18 maanden")
    db.copy("voorraad", "voorraad_bak")
    db.copy("mutatie", "mutatie_2023")
    db.copy("vrd_stand", "tmp_vrd_stand")
    t("imp_verv_status", "imp_id* b, verv_cd v8, regel t, ontv_ts ts",
      "ruwe statusbestanden van de vervoerders")
    t("imp_asn", "imp_id* b, bericht t, ontv_ts ts", "vooraanmeldingen (ASN) van leveranciers")
    t("exp_webshop", "exp_id* b, bericht t, geexporteerd_ts ts",
      "naar de webshop geëxporteerde berichten")
    for table, kinds in (("uitlev_order", "note"), ("ontvangst", "att note"),
                         ("artikel", "aud"), ("kwal_keur", "att")):
        satellites(db, table, kinds.split(), style="prefix")
    t("gebruiker", "gebr_cd* v20, naam v80, rol v20")
    t("logboek", "log_id* b, gebr_cd v20, tijdstip ts, actie v80")
    t("instelling", "sleutel* v40, waarde v200")
    t("printer", "prt_cd* v10, mag_cd >magazijn, type v20, ip v15")

    db.schema("fin")
    db.copy("gl_jnl", "gl_jnl_2019", "ledger of the old accounting package")
    db.copy("psp_txn", "psp_txn_bak")
    db.copy("chgbk", "chgbk_imp")
    t("stg_psp_rpt", "imp_id* b, psp_cd c4, file_nm v80, raw t, imp_ts ts",
      "staging: provider settlement reports")
    t("stg_bank", "imp_id* b, raw t, imp_ts ts")
    for table, kinds in (("ap_inv", "att aud"), ("lse_ctr", "att note"), ("chgbk", "note")):
        satellites(db, table, kinds.split())
    t("fin_usr", "usr_cd* v20, nm v80, role v20")


def _views(db: Db) -> None:
    db.schema("shp")
    db.view("v_ord_open", "SELECT o.ord_no, o.cust_id, o.ord_ts, o.tot_amt FROM shp.ord_hdr o "
            "WHERE o.sts IN ('NEW', 'PAID', 'ALLOC')", "orders not yet shipped")
    db.view("v_prd_live", "SELECT p.prd_id, p.style_no, p.brand_id, p.cat_id FROM shp.prd_mst p "
            "WHERE p.sts IN ('L', 'M')")
    db.view("v_rma_open", "SELECT r.rma_no, r.ord_no, r.req_ts FROM shp.rma_hdr r "
            "WHERE r.sts NOT IN ('RFD', 'CLS', 'REJ')", "returns not yet refunded")
    db.schema("mkt")
    db.view("v_slr_actv", "SELECT s.slr_id, s.slr_nm, s.tier FROM mkt.slr_mst s "
            "WHERE s.sts = 'A'")
    db.schema("wms")
    db.view("v_pakket_open", "SELECT p.pak_id, p.verv_id, p.ingepakt_ts FROM wms.pakket p "
            "WHERE NOT EXISTS (SELECT 1 FROM wms.pakket_event e WHERE e.pak_id = p.pak_id "
            "AND e.code = 'AFL')", "pakketten nog niet afgeleverd")
    db.schema("fin")
    db.view("v_cb_open", "SELECT c.cb_id, c.ptx_id, c.amt FROM fin.chgbk c "
            "WHERE c.outcome = 'P'")


_AUDITED = {  # schema: the columns its system stamps, and the tables it stamps them on
    "shp": (("crt_ts", "crt_usr", "upd_ts", "upd_usr"),
            ["brand", "cat_mst", "prd_mst", "sku_mst", "cust_mst", "prm_cd", "str_mst",
             "sup_mst", "po_hdr", "csr_case", "hr_emp", "review"]),
    "mkt": (("created_at", "created_by", "modified_at", "modified_by"),
            ["slr_mst", "slr_ctr", "slr_ofr", "slr_case", "slr_pyt"]),
    "wms": (("aangemaakt_op", "aangemaakt_door", "gewijzigd_op", "gewijzigd_door"),
            ["magazijn", "locatie", "artikel", "ontvangst", "uitlev_order", "vervoerder",
             "verv_dienst", "medewerker"]),
    "fin": (("ins_ts", "ins_usr", "chg_ts", "chg_usr"),
            ["gl_acct", "cost_ctr", "ap_inv", "lse_ctr", "psp_mst"]),
}


def _audit_columns(db: Db) -> None:
    for schema, (names, tables) in _AUDITED.items():
        stamped(db, names, [f"{schema}.{bare}" for bare in tables],
                dt.datetime(2026, 1, 4, 2, 30), "ETL")


_COMMENTS = {
    "shp.brand": "Brands we sell (own label and bought-in)",
    "shp.cat_mst": "Category tree of the web shop", "shp.season": "Buying seasons",
    "shp.prd_mst": "Styles (one per product page)",
    "shp.sku_mst": "Sellable items: a style in one size and colour",
    "shp.prc_hist": "Selling price history", "shp.cust_mst": "Web shop customers",
    "shp.loy_acct": "Loyalty club accounts", "shp.ord_hdr": "Web shop orders",
    "shp.ord_ln": "Order lines", "shp.prm_cd": "Discount codes",
    "shp.ord_prm": "Discount codes redeemed on orders",
    "shp.rma_hdr": "Return requests (RMA)", "shp.rma_ln": "Items on a return request",
    "shp.review": "Product reviews", "shp.str_mst": "Outlet stores, pop-ups and concessions",
    "shp.pos_txn": "Store till transactions", "shp.sup_mst": "Own-label factories",
    "shp.po_hdr": "Purchase orders to factories", "shp.csr_case": "Customer service cases",
    "shp.sz_guide": "Size guide measurements shown on the site",
    "shp.nl_cons": "Newsletter consent", "shp.hr_emp": "Employees",
    "shp.pay_ln": "Payroll results", "shp.cms_page": "CMS pages",
    "shp.web_sess": "Web sessions (sampled 10%)", "shp.fraud_chk": "Order fraud screening",
    "shp.gift_crd": "Gift cards", "shp.cart_hdr": "Baskets",
    "mkt.slr_mst": "Marketplace sellers (partner brands)",
    "mkt.slr_ctr": "Seller contracts: commission and terms",
    "mkt.slr_ofr": "Seller offers", "mkt.slr_ord": "Seller orders (one per seller per order)",
    "mkt.slr_ord_ln": "Seller order lines", "mkt.slr_shp": "Seller shipments",
    "mkt.slr_rfd": "Refunds on seller items", "mkt.slr_case": "Customer cases on seller orders",
    "mkt.slr_pyt": "Monthly payouts to sellers",
    "wms.magazijn": "Magazijnen", "wms.locatie": "Opslaglocaties",
    "wms.artikel": "Artikelstam", "wms.voorraad": "Voorraad per locatie",
    "wms.vrd_stand": "Wekelijkse voorraadstand per artikel",
    "wms.ontvangst": "Goederenontvangsten", "wms.kwal_keur": "Kwaliteitskeuringen bij ontvangst",
    "wms.uitlev_order": "Uitleverorders (klantorders in het magazijn)",
    "wms.pakket": "Verzonden pakketten", "wms.pakket_event": "Trackinggebeurtenissen",
    "wms.vervoerder": "Vervoerders", "wms.verv_dienst": "Diensten per vervoerder",
    "wms.retour_ontv": "Ontvangen retourzendingen", "wms.medewerker": "Magazijnmedewerkers",
    "fin.gl_jnl": "General ledger journal lines", "fin.psp_txn": "Payment provider transactions",
    "fin.psp_stl": "Provider settlement lines with fees", "fin.chgbk": "Chargebacks (disputes)",
    "fin.lse_ctr": "Store leases", "fin.ap_inv": "Supplier invoices",
    "fin.bank_stmt": "Bank statement lines", "fin.fa_reg": "Fixed asset register",
    "shp.cust_adr": "Customer addresses (billing and shipping)",
    "shp.ord_sts_hist": "Order status changes",
    "shp.po_ln": "Purchase order lines",
    "shp.clr_mst": "Colour codes",
    "shp.str_hrs": "Store opening hours",
    "shp.str_stk_cnt": "Store stock counts",
    "shp.csr_msg": "Messages on customer service cases",
    "shp.aff_part": "Affiliate partners",
    "shp.nl_camp": "Newsletter mailings",
    "shp.hr_abs": "Staff absence",
    "shp.it_tkt": "IT helpdesk tickets",
    "shp.gdpr_req": "Data subject requests (GDPR)",
    "shp.loy_txn": "Loyalty points movements",
    "mkt.slr_kyc": "Seller identity checks",
    "mkt.slr_inv": "Commission invoices to sellers",
    "mkt.slr_pen": "Penalties charged to sellers",
    "wms.zone": "Magazijnzones",
    "wms.ontv_regel": "Ontvangstregels",
    "wms.uitlev_regel": "Regels van de uitleverorder",
    "wms.pick_opdr": "Pickopdrachten",
    "wms.verv_tarief": "Tarieven per dienst en land",
    "wms.ploeg": "Diensten (rooster) van het personeel",
    "wms.retour_regel": "Beoordeelde retourartikelen",
    "wms.mutatie": "Voorraadmutaties",
    "fin.lse_pay": "Rent payments",
    "fin.fx_rate": "Exchange rates",
    "fin.cost_ctr": "Cost centres",
}

_END = dt.date(2025, 12, 31)
_START = dt.date(2025, 1, 1)

_BRANDS = [  # id, code, name, own label, tier, country, return rate, since
    (1, "NORD", "Nordhavn", True, "M", "DK", 0.22, 2014),
    (2, "LUMA", "Luma Basics", True, "V", "NL", 0.18, 2016),
    (3, "SAIL", "Sailcloth & Co", False, "M", "GB", 0.25, 2015),
    (4, "VRNA", "Verena Milano", False, "P", "IT", 0.48, 2018),
    (5, "KODA", "Koda Denim", False, "M", "SE", 0.36, 2017),
    (6, "PTIT", "Petit Loup", False, "M", "FR", 0.15, 2016),
    (7, "ARDN", "Arden Tailoring", False, "P", "GB", 0.33, 2019),
    (8, "FLUX", "Flux Active", False, "M", "DE", 0.20, 2020),
    (9, "STEP", "Stepwell Shoes", False, "M", "PT", 0.29, 2015),
    (10, "MIRA", "Mirabelle Party", False, "V", "ES", 0.58, 2021),
    (11, "OAKW", "Oakwood Outdoor", False, "P", "NO", 0.12, 2018),
    (12, "ZEST", "Zest Fast Fashion", False, "V", "CN", 0.44, 2022),
]
_CATS = [  # id, name, dept, size type, fit return bias
    (10, "Dresses", "WW", "AL", 1.4), (11, "Tops & T-shirts", "WW", "AL", 0.9),
    (12, "Jeans", "WW", "NM", 1.6), (13, "Knitwear", "WW", "AL", 0.9),
    (20, "Shirts", "MW", "AL", 1.0), (21, "Trousers & Chinos", "MW", "NM", 1.3),
    (22, "Jackets & Coats", "MW", "AL", 1.1), (23, "Suits", "MW", "NM", 1.5),
    (30, "Kids Tops", "KW", "AL", 0.6), (40, "Bags", "AC", "OS", 0.2),
    (41, "Scarves & Hats", "AC", "OS", 0.2), (50, "Trainers", "SH", "SH", 1.5),
    (51, "Boots", "SH", "SH", 1.7),
]
_SIZES = {"AL": ["XS", "S", "M", "L", "XL"], "NM": ["36", "38", "40", "42", "44"],
          "SH": ["38", "39", "40", "41", "42", "43"], "OS": ["OS"]}
_CARRIERS = [  # id, code, name, country, on-time share, lost share, days
    (1, "POSTNL", "PostNL", "NL", 0.91, 0.004, 2), (2, "DHLP", "DHL Parcel", "DE", 0.88, 0.006, 2),
    (3, "DPD", "DPD", "DE", 0.83, 0.012, 2), (4, "UPS", "UPS", "US", 0.95, 0.003, 1),
    (5, "GLS", "GLS", "DE", 0.72, 0.021, 3), (6, "BPOST", "bpost", "BE", 0.86, 0.008, 2),
]
_SELLERS = [  # id, name, country, late share, case rate, commission %, refund share, coverage
    (201, "Hollow Pine Knits", "IE", 0.05, 0.03, 18.0, 0.10, "S"),
    (202, "Casa Lino", "IT", 0.22, 0.12, 15.0, 0.25, "P"),
    (203, "Urban Drift", "DE", 0.08, 0.05, 20.0, 0.18, "S"),
    (204, "Maison Corail", "FR", 0.31, 0.17, 14.0, 0.32, "P"),
    (205, "Bergen Wool", "NO", 0.04, 0.02, 17.0, 0.08, "M"),
    (206, "Sunset Swimwear", "ES", 0.12, 0.08, 12.0, 0.38, "P"),
    (207, "Threadline Vintage", "NL", 0.45, 0.22, 16.0, 0.20, "M"),
    (208, "Polar Kids", "FI", 0.07, 0.04, 19.0, 0.12, "S"),
]
_STORES = [  # id, code, name, city, m2, opened, rent/yr, svc, sales/day level
    (301, "AMS1", "Outlet Batavia Stad", "Lelystad", 420, 2016, 96000.0, 14000.0, 5200),
    (302, "ROE1", "Outlet Roermond", "Roermond", 380, 2017, 132000.0, 18000.0, 7800),
    (303, "ZWE1", "Outlet Zweibruecken", "Zweibruecken", 350, 2019, 88000.0, 11000.0, 3100),
    (304, "MAL1", "Outlet Maasmechelen", "Maasmechelen", 300, 2018, 118000.0, 16000.0, 2600),
    (305, "UTR1", "Pop-up Hoog Catharijne", "Utrecht", 140, 2024, 74000.0, 9000.0, 2300),
]
_PROMOS = [  # code, description, type, value, channel, return share boost
    ("WELCOME10", "10% off the first order", "P", 10.0, "NL", 0.0),
    ("VOUCHER25", "25% off via voucher sites", "P", 25.0, "AFF", 0.25),
    ("LISA20", "Influencer Lisa 20% off", "P", 20.0, "INF", 0.35),
    ("FREESHIP", "Free standard shipping", "F", 0.0, "NL", 0.0),
    ("SORRY15", "Goodwill 15 EUR", "A", 15.0, "CS", -0.05),
    ("APP5", "5 EUR off in the app", "A", 5.0, "APP", 0.0),
    ("BFRIDAY30", "Black Friday 30%", "P", 30.0, "SOC", 0.15),
    ("STYLEMAX", "Influencer Max 15% off", "P", 15.0, "INF", 0.20),
]
_FACTORIES = [  # id, name, country, late share, fail share
    (401, "Anatolia Tekstil", "TR", 0.10, 0.04), (402, "Dhaka Knit Works", "BD", 0.38, 0.09),
    (403, "Porto Malhas", "PT", 0.06, 0.03), (404, "Ningbo Garment Co", "CN", 0.22, 0.21),
    (405, "Tirupur Cotton Mills", "IN", 0.30, 0.07), (406, "Lodz Denim", "PL", 0.12, 0.15),
]
_FIRST = ["Emma", "Sophie", "Lotte", "Julia", "Anna", "Mila", "Sara", "Noah", "Daan", "Lucas",
          "Finn", "Sem", "Lea", "Marie", "Jonas", "Paul", "Eva", "Tess", "Luuk", "Fleur"]
_LAST = ["de Jong", "Jansen", "de Vries", "Bakker", "Visser", "Smit", "Meijer", "Mulder",
         "Peeters", "Maes", "Mueller", "Schmidt", "Janssens", "Dekker", "Bos", "Vos"]


def _day(rnd: random.Random, start: dt.date, end: dt.date) -> dt.date:
    return start + dt.timedelta(days=rnd.randint(0, (end - start).days))


def _ts(day: dt.date, hour: float) -> dt.datetime:
    return dt.datetime(day.year, day.month, day.day) + dt.timedelta(hours=hour)


def _rows(db: Db) -> None:
    rnd = random.Random(4471)
    skus = _catalogue(db, rnd)
    orders = _orders(db, rnd, skus)
    _warehouse(db, rnd, skus, orders)
    _marketplace(db, rnd)
    _stores(db, rnd)
    _payments(db, rnd, orders)
    _factories(db, rnd, skus)


Sku = tuple[str, int, int, int, float, float, float]
"""sku, style, brand, category, price, return share, demand weight"""


def _catalogue(db: Db, rnd: random.Random) -> list[Sku]:
    db.schema("shp")
    db.rows("brand", [(b[0], b[1], b[2], b[3], b[4], b[5], True, dt.date(b[7], 3, 1))
                      for b in _BRANDS])
    db.rows("cat_mst", [(1, None, "Women", "WW", "OS", 1), (2, None, "Men", "MW", "OS", 1),
                        (3, None, "Kids", "KW", "OS", 1), (4, None, "Accessories", "AC", "OS",
                                                           1),
                        (5, None, "Shoes", "SH", "OS", 1)]
            + [(c[0], {"WW": 1, "MW": 2, "KW": 3, "AC": 4, "SH": 5}[c[2]], c[1], c[2], c[3],
                2) for c in _CATS])
    db.rows("season", [("SS25", "Spring/Summer 2025", dt.date(2025, 2, 1), dt.date(2025, 7, 31)),
                       ("AW25", "Autumn/Winter 2025", dt.date(2025, 8, 1),
                        dt.date(2026, 1, 31))])
    db.rows("clr_mst", [("BLK", "Black", "dark"), ("NVY", "Navy", "dark"),
                        ("WHT", "White", "light"), ("BEI", "Beige", "light"),
                        ("RED", "Red", "bright"), ("OLV", "Olive", "earth")])
    prds: list[tuple[Value, ...]] = []
    sku_rows: list[tuple[Value, ...]] = []
    skus: list[Sku] = []
    prices: list[tuple[Value, ...]] = []
    pid = 10_000
    for b in _BRANDS:
        cats = rnd.sample(_CATS, 5)
        for c in cats:
            for _ in range(2):
                pid += 1
                rrp = round({"V": 25, "M": 55, "P": 140, "L": 300}[b[4]]
                            * rnd.uniform(0.6, 1.6) * (1.6 if c[2] == "SH" else 1), 2)
                cost = round(rrp / 1.21 * (0.38 if b[3] else 0.55) * rnd.uniform(0.85, 1.1),
                             2)
                ssn = rnd.choice(["SS25", "AW25"])
                prds.append((pid, f"{b[1]}-{pid % 10000:04d}", f"{b[2]} {c[1][:-1]} "
                             f"{rnd.choice(['Classic', 'Relaxed', 'Studio', 'Weekend'])}",
                             b[0], c[0], ssn, cost, rrp, rnd.choice(["cotton", "wool blend",
                                                                     "polyester", "linen"]),
                             rnd.choice("SRLO"), dt.date(2025, 2 if ssn == "SS25" else 8, 1),
                             rnd.choice("LLLM")))
                prices.append((len(prices) + 1, pid, dt.date(2025, 1, 1), None, rrp, False))
                clr = rnd.choice(["BLK", "NVY", "WHT", "BEI", "RED", "OLV"])
                hot = rnd.choice([0.5, 1.0, 1.0, 1.6, 2.5])
                sizes = _SIZES[c[3]]
                for k, sz in enumerate(sizes):
                    sku = f"{pid}-{clr}-{sz}"
                    mid = (len(sizes) - 1) / 2
                    weight = hot * (1.6 - 0.35 * abs(k - mid))
                    share = min(0.85, b[6] * (c[4] if c[3] != "OS" else 0.5))
                    sku_rows.append((sku, pid, sz, clr, f"87{pid:06d}{k:05d}"[:13], k + 1,
                                     300 + 40 * k, True))
                    skus.append((sku, pid, b[0], c[0], round(rrp * rnd.choice([1, 1, 1, 0.7]),
                                                             2), share, weight))
    db.rows("prd_mst", prds)
    db.rows("sku_mst", sku_rows)
    db.rows("prc_hist", prices)
    db.rows("prm_cd", [(p[0], p[1], p[2], p[3], 0.0, dt.date(2025, 1, 1), None, p[4], None)
                       for p in _PROMOS])
    db.schema("wms")
    db.rows("artikel", [(f"A{s[0]}", s[0], f"style {s[1]}", 300, s[3] in (10, 22, 23), None)
                        for s in skus])
    return skus


Order = tuple[int, dt.datetime, str]
"""order no, placed, payment method"""


def _orders(db: Db, rnd: random.Random, skus: list[Sku]) -> list[Order]:
    db.schema("shp")
    custs: list[tuple[Value, ...]] = []
    habits: list[float] = []
    for n in range(1500):
        serial = rnd.random() < 0.05
        habits.append(rnd.uniform(2.2, 3.2) if serial else rnd.uniform(0.4, 1.2))
        custs.append((100_001 + n, f"c{n}@mail.example", _FIRST[n % 20], _LAST[(n * 7) % 16],
                      rnd.choice("FFFMMX"), 1960 + n % 45, rnd.choice(["NL", "NL", "BE", "DE"]),
                      _day(rnd, dt.date(2014, 1, 1), dt.date(2025, 6, 1)),
                      rnd.choice(["WEB", "WEB", "APP", "STR", "MKT"]), n % 40 == 0, True,
                      False))
    db.rows("cust_mst", custs)
    weights = [s[6] for s in skus]
    hdrs: list[tuple[Value, ...]] = []
    lns: list[tuple[Value, ...]] = []
    prms: list[tuple[Value, ...]] = []
    rmas: list[tuple[Value, ...]] = []
    rma_lns: list[tuple[Value, ...]] = []
    orders: list[Order] = []
    # sold out: the hot sizes' stock ends before the season does
    for n in range(6000):
        ci = rnd.randrange(len(custs))
        day = _day(rnd, _START, dt.date(2025, 12, 20))
        placed = _ts(day, rnd.uniform(6, 23.9))
        ord_no = 5_000_001 + n
        picks = rnd.choices(skus, weights, k=rnd.choice([1, 1, 2, 2, 3, 4]))
        promo = rnd.choices([*_PROMOS, None], [6, 5, 3, 4, 1, 3, 2, 3, 40])[0]
        goods = 0.0
        lines = []
        for k, s in enumerate(picks, start=1):
            qty = 1 if rnd.random() < 0.9 else 2
            lid = 7_000_001 + len(lns)
            lines.append((lid, s, qty))
            lns.append((lid, ord_no, k, s[0], qty, s[4], 0.0,
                        "X" if rnd.random() < 0.02 else "S"))
            goods += qty * s[4]
        disc = 0.0
        if promo is not None:
            disc = round(goods * promo[3] / 100, 2) if promo[2] == "P" else \
                min(goods, promo[3]) if promo[2] == "A" else 0.0
            prms.append((ord_no, promo[0], disc))
        pay = rnd.choices(["CC", "PP", "KL", "AP", "GC", "IB"], [30, 25, 20, 10, 3, 12])[0]
        ship = 0.0 if goods > 50 else 4.95
        hdrs.append((ord_no, custs[ci][0], placed, rnd.choice(["WEB", "WEB", "APP"]),
                     custs[ci][6], rnd.choice(["STD", "STD", "STD", "EXP", "NDD"]), "DLV",
                     round(goods, 2), ship, disc, round(goods + ship - disc, 2), pay,
                     f"PSP{ord_no}"))
        orders.append((ord_no, placed, pay))
        boost = promo[5] if promo is not None else 0.0
        back = []
        for lid, s, qty in lines:
            if lns[lid - 7_000_001][7] == "X":
                continue
            share = min(0.97, s[5] * habits[ci] + boost)
            if rnd.random() < share:
                back.append((lid, s, qty))
        if back:
            rma_no = 8_000_001 + len(rmas)
            req = placed + dt.timedelta(days=rnd.randint(4, 25))
            amt = sum(q * s[4] for _, s, q in back)
            rmas.append((rma_no, ord_no, custs[ci][0], req, rnd.choice(["PO", "PO", "PU", "DR",
                                                                         "ST"]),
                         "RFD", round(amt, 2), (req + dt.timedelta(days=8)).date(), 0.0))
            cat = {c[0]: c for c in _CATS}
            for lid, s, qty in back:
                fit = cat[s[3]][4]
                rsn = rnd.choices(["TS", "TL", "NL", "QD", "WI", "LT", "CM", "OT"],
                                  [18 * fit, 14 * fit, 20, 8, 2, 3, 15, 4])[0]
                rma_lns.append((9_000_001 + len(rma_lns), rma_no, lid, s[0], qty, rsn,
                                rnd.choices(["OK", "DMG", "REJ"], [85, 11, 4])[0]))
    db.rows("ord_hdr", hdrs)
    db.rows("ord_ln", lns)
    db.rows("ord_prm", prms)
    db.rows("rma_hdr", rmas)
    db.rows("rma_ln", rma_lns)
    return orders


def _warehouse(db: Db, rnd: random.Random, skus: list[Sku], orders: list[Order]) -> None:
    db.schema("wms")
    db.rows("magazijn", [("VNL1", "DC Venlo", "Venlo", "NL", 32000),
                         ("VNL2", "Retourcentrum Venlo", "Venlo", "NL", 8000)])
    db.rows("vervoerder", [(c[0], c[1], c[2], c[3], True) for c in _CARRIERS])
    db.rows("verv_dienst", [(c[0] * 10 + 1, c[0], f"{c[1]}-STD", f"{c[2]} standaard", c[6])
                            for c in _CARRIERS])
    # staffing: Mondays (weekend backlog) and Fridays wait longest
    lag = {0: 20.0, 1: 9.0, 2: 7.0, 3: 8.0, 4: 14.0, 5: 11.0, 6: 16.0}
    uos: list[tuple[Value, ...]] = []
    paks: list[tuple[Value, ...]] = []
    evts: list[tuple[Value, ...]] = []
    for ord_no, placed, _ in orders:
        uo = 60_000_000 + ord_no % 1_000_000
        arrive = placed + dt.timedelta(minutes=rnd.randint(2, 25))
        uos.append((uo, "VNL1", ord_no, arrive, 1, "V"))
        packed = arrive + dt.timedelta(hours=rnd.expovariate(1 / lag[arrive.weekday()]))
        c = rnd.choices(_CARRIERS, [30, 25, 20, 8, 12, 5])[0]
        promised = (packed + dt.timedelta(days=c[6])).date()
        pak = 70_000_000 + ord_no % 1_000_000
        paks.append((pak, uo, c[0], c[0] * 10 + 1, f"{c[1]}{pak}", packed,
                     rnd.randint(300, 2400), "NL", promised, round(rnd.uniform(3.9, 6.9), 2)))
        t0 = packed + dt.timedelta(hours=rnd.uniform(2, 10))
        evts.append((len(evts) + 1, pak, t0, "AFG"))
        evts.append((len(evts) + 1, pak, t0 + dt.timedelta(hours=rnd.uniform(4, 12)), "SRT"))
        if rnd.random() < c[5]:
            evts.append((len(evts) + 1, pak, t0 + dt.timedelta(days=rnd.randint(5, 12)),
                         "VER"))
            continue
        on_time = rnd.random() < c[4]
        due = _ts(promised, rnd.uniform(9, 20))
        dlv = due - dt.timedelta(hours=rnd.uniform(0, 20)) if on_time else \
            due + dt.timedelta(days=rnd.randint(1, 4))
        if dlv <= t0:
            dlv = t0 + dt.timedelta(hours=20)
        if rnd.random() < 0.08:
            evts.append((len(evts) + 1, pak, dlv - dt.timedelta(hours=3), "NTA"))
        evts.append((len(evts) + 1, pak, dlv - dt.timedelta(hours=2), "BZG"))
        evts.append((len(evts) + 1, pak, dlv, "AFL"))
    db.rows("uitlev_order", uos)
    db.rows("pakket", paks)
    db.rows("pakket_event", evts)
    # weekly stock per item: some hot sizes run dry weeks before their season ends
    stands: list[tuple[Value, ...]] = []
    ssn = {r[0]: r[5] for r in db.tables["shp.prd_mst"].rows}
    for s in skus:
        start = 40 + int(20 * s[6])
        end_wk = 26 if ssn[s[1]] == "SS25" else 22
        first = 5 if ssn[s[1]] == "SS25" else 31
        burn = start / end_wk * (s[6] / 1.3) * rnd.uniform(0.7, 1.3)
        for w in range(end_wk):
            day = dt.date(2025, 1, 6) + dt.timedelta(weeks=first + w)
            if day > _END:
                break
            free = max(0, int(start - burn * w))
            stands.append(("VNL1", f"A{s[0]}", day, free, rnd.randint(0, 3) if free else 0,
                           0))
    db.rows("vrd_stand", stands)


def _marketplace(db: Db, rnd: random.Random) -> None:
    db.schema("mkt")
    db.rows("slr_mst", [(s[0], s[1], f"{s[1]} B.V.", s[2], f"{s[2]}{s[0]}0000", dt.date(
        2019 + s[0] % 5, 4, 1), "A", rnd.choice("SGP"), rnd.choice(["ivo.k", "marit.b"]))
                        for s in _SELLERS])
    db.rows("slr_ctr", [(s[0] * 10, s[0], dt.date(2024, 1, 1), None, s[5], 49.0, s[7])
                        for s in _SELLERS])
    ofrs: list[tuple[Value, ...]] = []
    for s in _SELLERS:
        for k in range(8):
            ofrs.append((s[0] * 1000 + k, s[0], f"S{s[0]}-{k}", f"{s[1]} item {k}",
                         rnd.choice([10, 11, 13, 20, 30]), s[1],
                         round(rnd.uniform(25, 120), 2), rnd.randint(0, 80), "A"))
    db.rows("slr_ofr", ofrs)
    sords: list[tuple[Value, ...]] = []
    slns: list[tuple[Value, ...]] = []
    shps: list[tuple[Value, ...]] = []
    rfds: list[tuple[Value, ...]] = []
    cases: list[tuple[Value, ...]] = []
    for s in _SELLERS:
        offers = [o for o in ofrs if o[1] == s[0]]
        for _ in range(rnd.randint(220, 320)):
            sid = 30_000_001 + len(sords)
            crt = _ts(_day(rnd, _START, dt.date(2025, 12, 20)), rnd.uniform(7, 23))
            ship_by = crt + dt.timedelta(hours=48)
            sords.append((sid, s[0], 5_000_001 + rnd.randrange(6000), crt, ship_by, "DLV"))
            late = rnd.random() < s[3]
            hnd = ship_by + dt.timedelta(hours=rnd.uniform(6, 120)) if late else \
                crt + dt.timedelta(hours=rnd.uniform(3, 46))
            shps.append((sid, sid, rnd.choice(["DHL", "PostNL", "DPD"]), f"T{sid}", hnd,
                         hnd + dt.timedelta(days=rnd.randint(1, 4))))
            for _ in range(rnd.choice([1, 1, 2])):
                o = rnd.choice(offers)
                qty = 1
                lid = 31_000_001 + len(slns)
                price = float(o[6])  # type: ignore[arg-type]
                slns.append((lid, sid, o[0], qty, price, round(price * s[5] / 100, 2)))
                if rnd.random() < s[6]:
                    cov = s[7]
                    paid = cov if cov in ("S", "P") else rnd.choice("SP")
                    rfds.append((32_000_001 + len(rfds), lid, crt + dt.timedelta(days=12),
                                 o[6], paid, rnd.choice(["return", "damaged", "not received"])))
            if rnd.random() < s[4] * (2.5 if late else 0.6):
                opn = hnd + dt.timedelta(days=rnd.randint(1, 6))
                cases.append((33_000_001 + len(cases), sid, opn,
                              opn + dt.timedelta(days=rnd.randint(1, 9)),
                              rnd.choice(["LAT", "LAT", "NDL", "DMG", "WRG", "RFD"]),
                              rnd.random() < 0.3))
    db.rows("slr_ord", sords)
    db.rows("slr_ord_ln", slns)
    db.rows("slr_shp", shps)
    db.rows("slr_rfd", rfds)
    db.rows("slr_case", cases)


def _stores(db: Db, rnd: random.Random) -> None:
    db.schema("shp")
    db.rows("str_mst", [(s[0], s[1], s[2], s[3], "NL" if s[0] != 303 else "DE",
                         dt.date(s[5], 4, 1), None, s[4], "P" if s[0] == 305 else "O")
                        for s in _STORES])
    txns: list[tuple[Value, ...]] = []
    for s in _STORES:
        day = _START
        while day <= _END:
            if day.weekday() != 6 or s[0] != 303:
                for _ in range(rnd.randint(4, 7)):
                    amt = round(s[8] / 5.5 * rnd.uniform(0.6, 1.4) / 1.21, 2)
                    txns.append((90_000_001 + len(txns), s[0], _ts(day, rnd.uniform(10, 18)),
                                 rnd.randint(1, 3), None, "R" if rnd.random() < 0.05 else "S",
                                 amt, round(amt * 0.21, 2), rnd.choice(["CC", "CC", "CA"])))
            day += dt.timedelta(days=1)
    db.rows("pos_txn", txns)
    db.schema("fin")
    db.rows("lse_ctr", [(s[0] - 200, s[0], f"Landlord {s[1]} Holding", dt.date(s[5], 4, 1),
                         dt.date(s[5] + 10, 3, 31), s[6], s[7], dt.date(2026, 9, 30), 0.0)
                        for s in _STORES])


def _payments(db: Db, rnd: random.Random, orders: list[Order]) -> None:
    db.schema("fin")
    db.rows("psp_mst", [("ADYN", "Adyen", dt.date(2019, 1, 1)),
                        ("PYPL", "PayPal", dt.date(2014, 1, 1)),
                        ("KLRN", "Klarna", dt.date(2017, 1, 1))])
    psp = {"CC": "ADYN", "AP": "ADYN", "IB": "ADYN", "GC": "ADYN", "PP": "PYPL", "KL": "KLRN"}
    # fee: fixed, percent, interchange percent, chargeback rate
    fees = {"CC": (0.12, 0.6, 0.9, 0.006), "AP": (0.12, 0.6, 0.8, 0.002),
            "IB": (0.29, 0.0, 0.0, 0.0), "GC": (0.0, 0.0, 0.0, 0.0),
            "PP": (0.35, 2.49, 0.0, 0.012), "KL": (0.30, 2.99, 0.0, 0.018)}
    totals = {r[0]: r[10] for r in db.tables["shp.ord_hdr"].rows}
    txns: list[tuple[Value, ...]] = []
    stls: list[tuple[Value, ...]] = []
    cbs: list[tuple[Value, ...]] = []
    for ord_no, placed, mth in orders:
        amt = float(totals[ord_no])  # type: ignore[arg-type]
        ptx = 20_000_001 + len(txns)
        txns.append((ptx, psp[mth], f"PSP{ord_no}", ord_no, placed, mth, "C", amt, "EUR"))
        fix, pct, ic, cb = fees[mth]
        f_pct = round(amt * pct / 100, 2)
        f_ic = round(amt * ic / 100, 2)
        stls.append((ptx, ptx, (placed + dt.timedelta(days=2)).date(), amt, fix, f_pct, f_ic,
                     round(amt - fix - f_pct - f_ic, 2)))
        if rnd.random() < cb * 1.5:
            cbs.append((len(cbs) + 1, ptx, (placed + dt.timedelta(days=rnd.randint(20, 70))).date(),
                        rnd.choice(["FRD", "NRC", "NAD", "DUP"]), amt, 15.0 if mth != "PP" else
                        20.0, rnd.choices("WLP", [3, 5, 1])[0]))
    db.rows("psp_txn", txns)
    db.rows("psp_stl", stls)
    db.rows("chgbk", cbs)


def _factories(db: Db, rnd: random.Random, skus: list[Sku]) -> None:
    db.schema("shp")
    db.rows("sup_mst", [(f[0], f[1], f[2], "city", rnd.choice(["knitwear", "denim", "jersey",
                                                               "wovens"]), 60, "FOB",
                         rnd.choice("ABC"), True) for f in _FACTORIES])
    own = [s for s in skus if s[2] in (1, 2)]
    pos: list[tuple[Value, ...]] = []
    plns: list[tuple[Value, ...]] = []
    rcpts: list[tuple[Value, ...]] = []
    keurs: list[tuple[Value, ...]] = []
    for f in _FACTORIES:
        for _ in range(rnd.randint(14, 20)):
            po = 40_000 + len(pos) + 1
            po_dt = _day(rnd, dt.date(2024, 10, 1), dt.date(2025, 8, 31))
            due = po_dt + dt.timedelta(days=rnd.randint(75, 110))
            lines = rnd.sample(own, 4)
            total = 0.0
            for n, s in enumerate(lines, start=1):
                qty = rnd.randint(150, 600)
                plns.append((po, n, s[0], qty, round(s[4] * 0.3, 2)))
                total += qty * s[4] * 0.3
            late = rnd.random() < f[3]
            arrive = _ts(due + dt.timedelta(days=rnd.randint(6, 30) if late else
                                            -rnd.randint(0, 5)), rnd.uniform(6, 16))
            done = arrive.date() <= _END
            pos.append((po, f[0], "SS25" if po_dt.month < 4 or po_dt.year == 2024 else "AW25",
                        po_dt, due - dt.timedelta(days=35), due, "USD", round(total, 2),
                        "R" if done else "C"))
            if not done:
                continue
            ontv = 50_000 + len(rcpts) + 1
            rcpts.append((ontv, "VNL1", po, f[0], arrive, rnd.randint(1, 8), "V"))
            fail = rnd.random() < f[4]
            sample = rnd.choice([80, 125, 200])
            keurs.append((ontv, ontv, (arrive + dt.timedelta(days=1)).date(), sample,
                          rnd.randint(8, 25) if fail else rnd.randint(0, 3),
                          "A" if fail and rnd.random() < 0.5 else "V" if fail else "G",
                          rnd.choice(["NT", "KL", "MT", "VL", "LB"]) if fail else "GE"))
    db.rows("po_hdr", pos)
    db.rows("po_ln", plns)
    db.schema("wms")
    db.rows("ontvangst", rcpts)
    db.rows("kwal_keur", keurs)
