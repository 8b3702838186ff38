"""A hotel group's database on MariaDB, fifteen years grown: twelve city and resort hotels
in Spain and Portugal, their rooms, restaurants, meeting rooms and staff.

The core is a property-management system bought from a Spanish vendor, named in its Spanish
abbreviations (`hot` hotels, `hab` rooms, `tip_hab` room types, `huesp` guests, `res_cab`/
`res_lin` reservations and their nights, `agencia` travel agents and tour operators, `cupo`/
`cupo_dia` allotments, `fol_cab`/`fol_lin` folios, `lim_tarea`/`lim_insp` housekeeping and
its inspections, `camarera` room attendants, `queja` complaints, `est_ocup` the daily
statistics, and the vendor's own `gh_` tables). Revenue management and the channel manager
are a Portuguese-written module (`rm_canal` channels, `rm_reserva` the bookings they send,
`rm_tarifa_dia` daily rates, `rm_disp` inventory, `rm_preco_conc` competitors' rates,
`rm_lim_sobrev` overbooking limits...). Finance, HR, procurement, maintenance, food and
beverage (restaurants, minibar), events and banqueting, and loyalty are English (`gl_jnl`,
`emp`, `tmsht`, `supp`, `ap_inv`, `wo_hdr`, `mtr_rd`, `fb_item`, `pos_chk_ln`, `mb_post`,
`fn_room`, `ev_bkg`, `lty_mbr`...). Comments on about a third of the tables, in Spanish,
Portuguese or English, ENUMs, CHECKs, views, backup, archive and staging copies, and the
audit, note and attachment tables each module grew.

QUESTIONS is the answer key: what a manager asks, and the tables an analyst needs for it.
It was written before any tool ranked a table.
"""

from __future__ import annotations

import datetime as dt
import random

from tests._unseen._spec import Db, Value, balance_comments, satellites

QUESTIONS: list[tuple[str, set[str]]] = [
    ("Which booking website takes so much commission that we should stop selling our rooms "
     "through it and push those guests to book with us directly?",
     {"rm_canal", "rm_reserva", "res_cab"}),
    ("Which rooms should we refurbish first, because guests keep complaining about them and "
     "maintenance is forever being called up to fix them?",
     {"hab", "queja", "wo_hdr"}),
    ("Which room attendants should go back for training because the rooms they clean fail "
     "the supervisor's check most often?",
     {"camarera", "lim_tarea", "lim_insp"}),
    ("Which supplier of guest amenities and cleaning products keeps billing us above the "
     "prices we agreed with them?",
     {"supp", "supp_price", "ap_inv", "ap_inv_ln", "item"}),
    ("At which hotels should we take the minibars out of the rooms because they lose us "
     "money?",
     {"hot", "mb_item", "mb_post", "mb_refill"}),
    ("Which of our meeting and banqueting rooms stand empty so often that we should convert "
     "them into something else?",
     {"fn_room", "ev_bkg", "ev_space_res"}),
    ("At which hotels should we lower the overbooking limit, because we keep having to send "
     "guests to another hotel for the night?",
     {"hot", "res_cab", "res_reubic", "rm_lim_sobrev"}),
    ("Which room types are we pricing well above the hotels around us while they sit half "
     "empty?",
     {"tip_hab", "rm_tarifa_dia", "rm_preco_conc", "rm_disp"}),
    ("Which departments at which hotels lean so much on overtime and agency workers that we "
     "should hire permanent staff?",
     {"dept", "emp", "tmsht", "agy_bkg"}),
    ("Which dishes should our restaurants stop serving because they sell little and cost a "
     "lot to make?",
     {"fb_item", "pos_chk_ln", "rcp_ln", "item"}),
    ("Which tour operators should we cut the room allotments of, because they hand most of "
     "the rooms we hold for them back unsold?",
     {"agencia", "cupo", "cupo_dia", "res_cab"}),
    ("Which hotel uses the most electricity and gas for each occupied room, so that it "
     "should get the new energy management system first?",
     {"hot", "mtr", "mtr_rd", "est_ocup"}),
]

_BASE = """
SELECT r.canal_id, rc.imp_tot AS receita, r.valor_comissao AS comissao
FROM rm_reserva r
JOIN res_cab rc ON rc.res_id = r.res_pms_id
WHERE r.tipo_msg = 'NEW' AND r.dt_cancel IS NULL
  AND rc.est_res IN ('CON', 'GAR', 'ENT', 'SAL')"""

DECISION_QUESTION = QUESTIONS[0][0]
DECISION = f'''
[[decisions]]
id = "drop-booking-website"
title = "Stop selling through one booking website"
goal = "maximize"
objective = "room revenue after channel commission, part of the dropped website's guests \
booking with us directly"
unit = "EUR"
candidates = """
SELECT c.canal_id AS decision, c.nome AS label
FROM rm_canal c
WHERE c.tipo = 'OTA' AND c.ativo = 1
ORDER BY c.canal_id"""
value = """
SELECT c.canal_id AS decision,
       SUM(CASE WHEN b.canal_id = c.canal_id THEN b.receita * :retencao / 100
                ELSE b.receita - b.comissao END) AS value
FROM rm_canal c
CROSS JOIN ({_BASE}) b
WHERE c.tipo = 'OTA' AND c.ativo = 1
GROUP BY c.canal_id"""
baseline = """
SELECT SUM(b.receita - b.comissao) AS value
FROM ({_BASE}) b"""

[decisions.parameters.retencao]
type = "int"
default = 80
min = 0
max = 100
title = "Percent of the dropped website's guests who would book with us directly instead"
'''



def build() -> Db:
    db = Db("mariadb")
    db.enum("est_res", "PRE", "CON", "GAR", "ENT", "SAL", "ANU", "NOS")
    db.enum("est_hab", "LIBRE_LIMPIA", "LIBRE_SUCIA", "OCUPADA", "BLOQUEADA", "FUERA_SERV")
    db.enum("po_status", "DRAFT", "SENT", "CONFIRMED", "PART_RECEIVED", "RECEIVED", "CLOSED",
            "CANCELLED")
    db.enum("ev_status", "PROSPECT", "TENTATIVE", "DEFINITE", "ACTUAL", "CANCELLED", "LOST")
    _pms_ref(db)
    _pms_res(db)
    _pms_ops(db)
    _rm(db)
    _finance(db)
    _procurement(db)
    _hr(db)
    _maintenance(db)
    _fnb(db)
    _events(db)
    _loyalty(db)
    _noise(db)
    _views(db)
    for name, text in _COMMENTS.items():
        db.comment(name, text)
    _rows(db)
    balance_comments(db, set().union(*(n for _, n in QUESTIONS)), seed=23)
    return db


# -- the Spanish PMS


def _pms_ref(db: Db) -> None:
    t = db.table
    t("pais", "pais_cd* c2, nom v60, ue_fl f")
    t("moneda", "mon_cd* c3, nom v40, num_dec s")
    t("idioma", "idi_cd* c2, nom v40")
    t("hot", "hot_cd* v4, nom v80, marca c2{UR|RS|CO}, direc v120, ciudad v60, "
      "pais_cd >pais, cat_estr s, num_hab s, fec_ape d, fec_ult_reforma d, "
      "gerente_emp >emp.emp_no, mon_cd >moneda, activo f",
      notes={"marca": "UR urbano, RS resort vacacional, CO conveniencia",
             "cat_estr": "categoria oficial (estrellas)"})
    t("planta", "hot_cd* >hot, planta_cd* v3, descr v40")
    t("tip_hab", "tip_hab_id* i, hot_cd! >hot, tip_hab_cd v6, descr v60, cap_std s, "
      "cap_max s, m2 s, num_hab s, orden s, virtual_fl f",
      notes={"virtual_fl": "tipo virtual para la venta, sin habitaciones fisicas"})
    t("hab", "hab_id* i, hot_cd! >hot, num_hab v6, planta_cd v3, tip_hab_id >tip_hab, "
      "est_hab @est_hab, vista c1{M|C|J|I|P}, fumador_fl f, adaptada_fl f, conect_hab v6, "
      "fec_ult_reforma d, activa_fl f",
      notes={"vista": "M mar, C ciudad, J jardin, I interior, P piscina",
             "conect_hab": "habitacion comunicada"},
      keys=["hot_cd,planta_cd>planta(hot_cd,planta_cd)"])
    t("caract", "caract_cd* v6, descr v60")
    t("hab_caract", "hab_id* >hab, caract_cd* >caract")
    t("hab_bloq", "bloq_id* b, hab_id >hab, fec_ini d, fec_fin d, "
      "motivo c3{OOO|OOS|REF|VIP|PRO}, obs v200, usr_alta v20",
      notes={"motivo": "OOO fuera de orden, OOS fuera de servicio, REF reforma, "
                       "VIP reservada direccion, PRO promocion"})
    t("seg_mercado", "seg_cd* v4, descr v60, grp_seg c3{TRA|GRP|CON|OTR}",
      notes={"grp_seg": "TRA transient, GRP grupos, CON contratado, OTR otros"})
    t("regimen", "reg_cd* c2, descr v40")
    t("fpago", "fpago_cd* v4, descr v40, tip c1{E|T|B|C|V}",
      notes={"tip": "E efectivo, T tarjeta, B transferencia, C credito (cuenta a cobrar), "
                    "V bono/voucher"})
    t("agencia", "agc_cd* v8, razon_soc v100, nom_com v80, cif v15, "
      "tip_agc c2{TT|AV|OT|EM|GD}, pais_cd >pais, comis_pct r, credito_fl f, "
      "lim_credito n, fpago_cd >fpago, activo f, fec_alta d",
      notes={"tip_agc": "TT turoperador, AV agencia de viajes, OT agencia online, "
                        "EM empresa, GD GDS",
             "comis_pct": "comision pactada sobre alojamiento"})
    t("agc_contacto", "cont_id* i, agc_cd >agencia, nom v80, cargo v40, email v120, tel v20")
    t("tarifa", "tar_cd* v10, hot_cd >hot, descr v80, tip_tar c3{BAR|NEG|PKG|GRP|OPQ|TTO}, "
      "reg_cd >regimen, agc_cd >agencia, fec_ini d, fec_fin d, no_reemb_fl f, activa f",
      notes={"tip_tar": "BAR mejor tarifa, NEG negociada empresa, PKG paquete, GRP grupos, "
                        "OPQ opaca, TTO turoperador"})
    t("tar_precio", "tar_cd* >tarifa, tip_hab_id* >tip_hab, fec* d, precio n, "
      "precio_pax_extra n")
    t("huesp", "huesp_id* b, nom v60, ape1 v60, ape2 v60, doc_tip c1{D|P|N|O}, doc_num v20, "
      "nac_cd >pais.pais_cd, fec_nac d, sexo c1, email v120, tel v20, idi_cd >idioma, "
      "vip_cd c2, lty_mbr_no v12, lopd_fl f, fec_alta ts",
      notes={"doc_tip": "D DNI, P pasaporte, N NIE, O otros",
             "lty_mbr_no": "n. de socio del programa de fidelizacion",
             "lopd_fl": "acepta comunicaciones comerciales (RGPD)"})
    t("huesp_pref", "huesp_id* >huesp, pref_cd* v6, valor v100")
    t("lista_negra", "ln_id* i, huesp_id >huesp, motivo v200, fec d, usr v20")


def _pms_res(db: Db) -> None:
    t = db.table
    t("cupo", "cupo_id* i, agc_cd! >agencia, hot_cd! >hot, tip_hab_id >tip_hab, "
      "tar_cd >tarifa, fec_ini d, fec_fin d, release_dias s, garantia_pct r, "
      "estado c1{A|S|C}",
      notes={"release_dias": "dias antes de la llegada en que lo no vendido vuelve al hotel",
             "garantia_pct": "parte del cupo que el operador paga aunque no la venda",
             "estado": "A activo, S suspendido, C cancelado"})
    t("cupo_dia", "cupo_id* >cupo, fec* d, hab_asig s, cierre_fl f",
      notes={"hab_asig": "habitaciones retenidas para el operador ese dia",
             "cierre_fl": "cerrado a la venta por el operador (stop sales)"})
    t("grupo", "grp_id* i, hot_cd >hot, nom v100, agc_cd >agencia, fec_ent d, fec_sal d, "
      "hab_bloq s, hab_recog s, est c1{T|D|C}, com_emp >emp.emp_no",
      notes={"hab_recog": "habitaciones recogidas (rooming list)"})
    t("res_cab", "res_id* b, localizador v12, hot_cd! >hot, fec_alta ts, fec_ent! d, "
      "fec_sal! d, noches s, tip_hab_id >tip_hab, hab_id >hab, adultos s, ninos s, cunas s, "
      "reg_cd >regimen, tar_cd >tarifa, agc_cd >agencia, cupo_id >cupo, grp_id >grupo, "
      "huesp_id >huesp, seg_cd >seg_mercado, ori_res c3{DIR|TEL|WEB|AGC|CMG|GRP|WAL}, "
      "imp_tot n, mon_cd >moneda, est_res @est_res, fec_anul ts, motivo_anul v6, "
      "garantia c1{N|T|D|P}, lty_mbr_no v12, obs v250, usr_alta v20",
      notes={"ori_res": "DIR mostrador, TEL telefono, WEB motor propio, AGC agencia, "
                        "CMG channel manager, GRP grupo, WAL walk-in",
             "imp_tot": "importe de la estancia (alojamiento y regimen) sin IVA",
             "est_res": "PRE prereserva, CON confirmada, GAR garantizada, ENT en casa, "
                        "SAL salida, ANU anulada, NOS no show",
             "garantia": "N sin garantia, T tarjeta, D deposito, P prepago"})
    t("res_lin", "res_id* >res_cab, fec* d, hab_id >hab, tip_hab_id >tip_hab, precio n, "
      "reg_cd c2, tar_cd v10")
    t("res_huesp", "res_id* >res_cab, huesp_id* >huesp, titular_fl f")
    t("res_reubic", "reub_id* i, res_id! >res_cab, fec d, noches s, hotel_destino v100, "
      "coste_hab n, coste_taxi n, motivo c2{OV|AV|CL|OT}, compens v100, usr v20",
      notes={"motivo": "OV sobreventa, AV averia en la habitacion, CL cierre, OT otros"})
    t("res_deposito", "dep_id* b, res_id >res_cab, fec d, imp n, fpago_cd >fpago, "
      "devuelto_fl f")
    t("cambio_hab", "cambio_id* b, res_id >res_cab, hab_orig i, hab_dest i, fec ts, "
      "motivo v6")
    t("fol_cab", "fol_id* b, hot_cd >hot, res_id >res_cab, hab_id >hab, huesp_id >huesp, "
      "tip_fol c1{H|M|P|N}, est_fol c1{A|C|T}, fec_ape ts, fec_cie ts, saldo n, "
      "cl_acct_no >cl_acct",
      notes={"tip_fol": "H habitacion, M cuenta maestra, P pasante, N no show",
             "est_fol": "A abierto, C cerrado, T traspasado a credito"})
    t("cargo_cod", "cargo_cd* v6, descr v60, dpto_cd v4, iva_pct r, gl_acct_no "
      ">gl_acct.acct_no, tip c1{A|R|B|M|E|T|O}",
      notes={"tip": "A alojamiento, R restaurante, B bar, M minibar, E eventos, "
                    "T telefono, O otros"})
    t("fol_lin", "fol_id* >fol_cab, lin* i, fec ts, fec_aud d, cargo_cd >cargo_cod, "
      "descr v100, cant q, imp n, iva n, outlet_cd v6, ref_ext v30, anul_fl f, usr v20",
      notes={"fec_aud": "fecha de la auditoria nocturna", "ref_ext":
             "cheque TPV, evento, etc."})
    t("cob", "cob_id* b, fol_id >fol_cab, fec ts, fpago_cd >fpago, imp n, mon_cd c3, "
      "ref_tpv v30, usr v20")
    t("fra_cab", "fra_id* b, serie c2, num i, hot_cd >hot, fec d, fol_id >fol_cab, cif v15, "
      "razon_soc v100, base n, iva n, tot n, rect_fra_id b",
      notes={"rect_fra_id": "factura rectificada"})
    t("fra_lin", "fra_id* >fra_cab, lin* s, cargo_cd >cargo_cod, descr v100, base n, "
      "iva_pct r")


def _pms_ops(db: Db) -> None:
    t = db.table
    t("est_ocup", "hot_cd* >hot, fec* d, hab_tot s, hab_fs s, hab_ocup s, hab_compl s, "
      "pax s, llegadas s, salidas s, no_show s, ing_aloj n, ing_fb n, adr n, revpar n",
      notes={"hab_fs": "fuera de servicio", "hab_compl": "cortesia y uso de la casa",
             "hab_ocup": "habitaciones ocupadas (de pago)"})
    t("camarera", "cam_id* i, hot_cd! >hot, nom v60, ape v80, emp_no >emp, planta_asig v3, "
      "ett_fl f, activa f", notes={"ett_fl": "cedida por una ETT"})
    t("gobernanta", "gob_id* i, hot_cd >hot, nom v60, ape v80, emp_no >emp")
    t("lim_tarea", "tarea_id* b, hot_cd >hot, hab_id! >hab, fec d, "
      "tip_lim c3{SAL|EST|REP|PRO|VIP}, cam_id >camarera, h_ini ts, h_fin ts, "
      "est c1{P|E|T|X}, creditos q",
      notes={"tip_lim": "SAL salida, EST cliente alojado, REP repaso, PRO limpieza a "
                        "fondo, VIP preparacion VIP",
             "est": "P pendiente, E en curso, T terminada, X anulada",
             "creditos": "creditos de limpieza (minutos estandar / 10)"})
    t("lim_insp", "insp_id* b, tarea_id! >lim_tarea, gob_id >gobernanta, fec ts, "
      "result c3{OK|REP|RCH}, puntos s, obs v200",
      notes={"result": "OK apta, REP apta tras repaso, RCH rechazada (se limpia de nuevo)",
             "puntos": "sobre 100"})
    t("lim_defecto", "def_cd* v6, descr v80, grav s")
    t("lim_insp_def", "insp_id* >lim_insp, def_cd* >lim_defecto, cant s")
    t("lenc_mov", "mov_id* b, hot_cd >hot, fec d, art_cd v10, sucia s, limpia s, baja s",
      notes={"baja": "piezas dadas de baja (rotas, manchadas)"})
    t("queja", "queja_id* b, hot_cd! >hot, hab_id >hab, res_id >res_cab, huesp_id >huesp, "
      "fec ts, canal c1{R|E|T|W|S}, cat_cd c3{LIM|RUI|CLI|FON|ELE|MOB|WIF|TRA|FB|OTR}, "
      "grav c1{1|2|3}, descr v250, compens_imp n, est c1{A|C}",
      notes={"canal": "R recepcion, E encuesta post-estancia, T portal de opiniones, "
                      "W web, S redes sociales",
             "cat_cd": "LIM limpieza, RUI ruido, CLI climatizacion, FON fontaneria, "
                       "ELE electricidad, MOB mobiliario, WIF wifi, TRA trato, "
                       "FB restauracion, OTR otros",
             "compens_imp": "compensacion concedida al cliente"})
    t("obj_perd", "obj_id* b, hot_cd >hot, hab_id >hab, fec d, descr v200, entregado_fl f")
    t("llave", "llave_id* b, hab_id >hab, res_id >res_cab, emision ts, caduca ts, "
      "cod_tarjeta v20")
    t("llamada", "llam_id* b, hab_id >hab, fec ts, num_dest v20, dur_s i, imp n, "
      "fol_id b")
    t("parking_res", "pk_id* b, hot_cd >hot, res_id >res_cab, matricula v10, fec_ent d, "
      "fec_sal d, plaza v6, imp n")


# -- the Portuguese revenue management and channel manager


def _rm(db: Db) -> None:
    t = db.table
    t("rm_canal", "canal_id* i, cod v10, nome v60, tipo c3{OTA|GDS|WEB|OPE|MET|CRS}, "
      "modelo_pag c3{MER|AGE|DIR}, comissao_pct r, agc_cd >agencia, ativo f, dt_ini d, "
      "dt_fim d",
      notes={"tipo": "OTA agencia online, GDS, WEB site proprio, OPE operador, "
                     "MET metapesquisa, CRS central de reservas",
             "modelo_pag": "MER merchant (o canal cobra o hospede), AGE agency (o hotel "
                           "cobra e paga comissao), DIR sem intermediario",
             "comissao_pct": "comissao contratual (%)"})
    t("rm_reserva", "reserva_id* b, canal_id! >rm_canal, hot_cd >hot, cod_externo v30, "
      "res_pms_id b, dt_recebida ts, dt_cancel ts, tipo_msg c3{NEW|MOD|CAN}, "
      "valor_comissao n, moeda c3, estado c3{OK|ERR|PEN}",
      notes={"res_pms_id": "reserva no PMS (res_cab.res_id)",
             "valor_comissao": "comissao faturada pelo canal, EUR (inclui programas de "
                               "visibilidade)",
             "estado": "OK integrada no PMS, ERR erro, PEN pendente"})
    t("rm_mapa_quarto", "canal_id* >rm_canal, tip_hab_id* >tip_hab, cod_canal v30, ativo f")
    t("rm_mapa_tarifa", "canal_id* >rm_canal, tar_cd* >tarifa, cod_canal v30, markup_pct r")
    t("rm_tarifa_dia", "tip_hab_id* >tip_hab, dt* d, hot_cd >hot, preco_bar n, "
      "preco_min n, preco_max n, dt_alter ts, origem c1{M|A}",
      notes={"preco_bar": "melhor tarifa disponivel publicada, EUR, so alojamento",
             "origem": "M manual, A sugerida pelo sistema"})
    t("rm_disp", "tip_hab_id* >tip_hab, dt* d, hot_cd >hot, qtd_fisica s, qtd_fora_serv s, "
      "qtd_vendida s, qtd_bloq_grupo s, dt_foto ts",
      notes={"qtd_vendida": "quartos vendidos no fecho do dia"})
    t("rm_restricao", "restr_id* b, tip_hab_id >tip_hab, canal_id >rm_canal, dt d, "
      "fechado f, cta f, ctd f, est_min s, est_max s",
      notes={"cta": "fechado a chegadas", "ctd": "fechado a partidas"})
    t("rm_lim_sobrev", "hot_cd* >hot, dt_ini* d, dt_fim d, lim_qtd s, lim_pct r, "
      "aprov_por v30",
      notes={"lim_qtd": "quartos que se podem vender acima da capacidade"})
    t("rm_concorrente", "conc_id* i, hot_cd >hot, nome v80, estrelas s, dist_km q, ativo f")
    t("rm_preco_conc", "conc_id* >rm_concorrente, dt* d, tip_hab_id* >tip_hab, preco n, "
      "disponivel f, dt_coleta ts, fonte v20",
      notes={"tip_hab_id": "o nosso tipo de quarto equivalente"})
    t("rm_previsao", "hot_cd* >hot, dt* d, dt_prev* d, ocup_prev_pct r, adr_prev n")
    t("rm_orcamento", "hot_cd* >hot, mes* c6, noites_orc i, receita_orc n, adr_orc n")
    t("rm_evento_cidade", "evento_id* i, cidade v60, nome v100, dt_ini d, dt_fim d, "
      "impacto c1{B|M|A}")
    t("rm_pickup_foto", "hot_cd* >hot, dt_foto* d, dt_estadia* d, noites s, receita n")
    t("rm_envio_log", "envio_id* b, canal_id >rm_canal, dt_envio ts, tipo c3{ARI|RES|RAT}, "
      "payload t, resp_cod s, erro v200")
    t("rm_fatura_canal", "fat_id* b, canal_id >rm_canal, mes c6, num v30, valor n, pago f")
    t("rm_alerta", "alerta_id* b, hot_cd >hot, dt ts, tipo v20, msg v200, lido f")
    t("rm_param", "chave* v40, hot_cd* v4, valor v200")


# -- finance (English)


def _finance(db: Db) -> None:
    t = db.table
    t("gl_acct", "acct_no* v8, descr v80, acct_typ c1{A|L|I|E|Q}, usali_cd v10",
      notes={"usali_cd": "Uniform System of Accounts for the Lodging Industry line"})
    t("cost_ctr", "cc_cd* v8, descr v60, hot_cd >hot, dept_cd >dept")
    t("gl_jnl", "jnl_id* b, post_dt d, period c6, hot_cd >hot, acct_no >gl_acct, "
      "cc_cd >cost_ctr, dr n, cr n, src c3, ref v30")
    t("budget", "hot_cd* >hot, acct_no* >gl_acct, period* c6, amt n")
    t("fx_rate", "ccy* c3, rate_dt* d, rate r")
    t("tax_cd", "tax_cd* v4, descr v40, rate r")
    t("bank_acct", "bank_id* i, hot_cd >hot, iban v34, ccy c3")
    t("cl_acct", "cl_acct_no* i, acct_nm v100, agc_cd >agencia, vat_no v20, credit_lim n, "
      "term_days s, status c1{A|H|C}",
      notes={"status": "A active, H on hold (prepayment only), C closed"})
    t("cl_inv", "cl_inv_no* v14, cl_acct_no! >cl_acct, hot_cd >hot, inv_dt d, due_dt d, "
      "amt n, fol_id b, status c2{OP|PP|PD|WO|DS}",
      notes={"status": "OP open, PP part paid, PD paid, WO written off, DS disputed"})
    t("cl_pay", "pay_id* b, cl_acct_no >cl_acct, cl_inv_no >cl_inv, pay_dt d, amt n, "
      "method c2{TR|CC|CH|OF}")
    t("ap_inv", "ap_id* b, supp_no! >supp, hot_cd >hot, inv_no v30, inv_dt d, due_dt d, "
      "net_amt n, tax_amt n, po_no >po_hdr, status c2{EN|AP|PD|HD}, paid_dt d",
      notes={"status": "EN entered, AP approved, PD paid, HD on hold (disputed)"})
    t("ap_inv_ln", "ap_id* >ap_inv, ln_no* s, item_no >item, descr v100, qty q, "
      "unit_price n, amt n, tax_cd >tax_cd",
      notes={"unit_price": "price billed per stock unit"})
    t("ap_pay", "pay_id* b, supp_no >supp, pay_dt d, amt n, bank_id >bank_acct")
    t("ap_pay_alloc", "pay_id* >ap_pay, ap_id* >ap_inv, amt n")
    t("fa_asset", "fa_id* i, hot_cd >hot, descr v100, cls v6, acq_dt d, cost n, life_yrs s")
    t("capex_req", "capex_id* i, hot_cd >hot, title v100, amt n, req_dt d, "
      "status c1{D|S|A|R|C}, owner_emp >emp.emp_no")


# -- procurement (English)


def _procurement(db: Db) -> None:
    t = db.table
    t("supp", "supp_no* i, supp_nm v100, vat_no v20, country c2, "
      "supp_cat c3{FNB|BEV|AMN|CLN|LIN|MNT|OFF|SVC}, term_days s, pref_fl f, active f",
      notes={"supp_cat": "FNB food, BEV beverages, AMN guest amenities, CLN cleaning "
                         "chemicals, LIN linen, MNT maintenance parts, OFF office, "
                         "SVC services"})
    t("supp_cont", "cont_id* i, supp_no >supp, name v80, email v120, phone v20")
    t("item_cat", "cat_cd* v6, descr v60, parent_cd v6, gl_acct_no >gl_acct.acct_no")
    t("item", "item_no* i, descr v100, cat_cd >item_cat, uom v6, pack_qty q, last_cost n, "
      "std_cost n, stock_fl f, active f",
      notes={"last_cost": "last purchase price per uom", "std_cost": "standard cost per "
                                                                    "uom, set yearly"})
    t("supp_price", "supp_no* >supp, item_no* >item, valid_from* d, valid_to d, price n, "
      "min_qty q, cont_ref v20",
      notes={"price": "agreed price per uom (framework agreement)"})
    t("req_hdr", "req_no* b, hot_cd >hot, dept_cd >dept, req_dt d, req_by >emp.emp_no, "
      "status c1{D|S|A|R|O}")
    t("req_ln", "req_no* >req_hdr, ln_no* s, item_no >item, qty q")
    t("po_hdr", "po_no* b, supp_no! >supp, hot_cd >hot, po_dt d, exp_dt d, "
      "status @po_status, buyer v30, req_no >req_hdr")
    t("po_ln", "po_no* >po_hdr, ln_no* s, item_no >item, qty q, unit_price n, recv_qty q")
    t("grn_hdr", "grn_no* b, po_no >po_hdr, hot_cd >hot, recv_dt ts, store_cd v6, "
      "recv_by v30, temp_ok_fl f")
    t("grn_ln", "grn_no* >grn_hdr, ln_no* s, po_ln s, item_no >item, qty q, rej_qty q, "
      "rej_rsn c2")
    t("store", "store_cd* v6, hot_cd >hot, descr v60")
    t("stk_bal", "store_cd* >store, item_no* >item, qty q, value n")
    t("stk_issue", "iss_id* b, store_cd >store, item_no >item, iss_dt d, qty q, "
      "to_dept >dept.dept_cd, to_outlet v6")


# -- people (English)


def _hr(db: Db) -> None:
    t = db.table
    t("dept", "dept_cd* v6, descr v60, dept_grp c2{RM|FB|HK|MT|AD|SA|EV}",
      notes={"dept_grp": "RM rooms, FB food and beverage, HK housekeeping, MT maintenance, "
                    "AD administration, SA sales, EV events"})
    t("job", "job_cd* v8, title v80, dept_cd >dept, grade c2")
    t("emp", "emp_no* i, last_nm v60, first_nm v40, hot_cd >hot, dept_cd >dept, "
      "job_cd >job, hire_dt d, term_dt d, contract c2{PE|FD|PT|SE|IN}, wkly_hrs q, "
      "hourly_rate n",
      notes={"contract": "PE permanent, FD fixed-term, PT part-time, SE seasonal (fijo "
                         "discontinuo), IN intern"})
    t("emp_contract", "ctr_id* i, emp_no >emp, from_dt d, to_dt d, contract c2, wkly_hrs q")
    t("shift_pat", "shift_cd* v4, descr v40, start_tm tm, end_tm tm")
    t("roster", "ros_id* b, emp_no >emp, hot_cd >hot, shift_dt d, shift_cd >shift_pat")
    t("tmsht", "ts_id* b, emp_no! >emp, work_dt d, reg_hrs q, ot_hrs q, ot_rate r, "
      "approved_fl f, src c1{K|M}",
      notes={"ot_rate": "overtime multiplier (1.25, 1.5, 2.0)", "src": "K time clock, "
                                                                       "M manual entry"})
    t("agy_supp", "agy_cd* v6, agy_nm v100, vat_no v20, active f")
    t("agy_bkg", "bkg_id* b, agy_cd >agy_supp, hot_cd >hot, dept_cd >dept, work_dt d, "
      "hrs q, rate n, role v40, reason c2{SK|PK|VA|EV|VC}",
      notes={"reason": "SK sickness cover, PK peak occupancy, VA open vacancy, EV event, "
                       "VC holiday cover"})
    t("leave_req", "req_id* b, emp_no >emp, from_dt d, to_dt d, "
      "leave_typ c2{VA|SK|MA|UN|OT}, approved f")
    t("trn_course", "course_cd* v10, title v100, hours s, mandatory_fl f")
    t("trn_enrol", "emp_no* >emp, course_cd* >trn_course, enrol_dt* d, passed_fl f")
    t("pr_run", "run_id* i, period c6, hot_cd >hot, run_dt d, status c1{O|C}")
    t("pr_ln", "run_id* >pr_run, emp_no* >emp, wage_cd* v6, amt n")
    t("appraisal", "appr_id* b, emp_no >emp, appr_dt d, score s, reviewer >emp.emp_no")
    t("tip_pool", "pool_id* b, hot_cd >hot, outlet_cd v6, period c6, amt n")
    t("vacancy", "vac_id* i, hot_cd >hot, job_cd >job, open_dt d, close_dt d, "
      "status c1{O|F|X}")
    t("hse_incident", "inc_id* b, hot_cd >hot, inc_ts ts, emp_no >emp, sev c1{1|2|3|4}, "
      "descr t, lost_days s")


# -- maintenance and energy (English)


def _maintenance(db: Db) -> None:
    t = db.table
    t("asset_cls", "cls_cd* v6, descr v60, pm_interval_days s")
    t("asset", "asset_id* i, hot_cd >hot, cls_cd >asset_cls, descr v100, "
      "loc_typ c1{R|P|B|E}, loc_ref v20, make v40, model v40, install_dt d, warranty_to d, "
      "status c1{A|R|S}")
    t("contractor", "ctr_cd* v8, ctr_nm v100, trade v20, supp_no >supp")
    t("fault_cd", "fault_cd* v6, descr v80, trade c2{EL|PL|HV|CP|PT|IT|GN}",
      notes={"trade": "EL electrical, PL plumbing, HV HVAC, CP carpentry, PT painting, "
                      "IT in-room tech, GN general"})
    t("wo_hdr", "wo_no* b, hot_cd! >hot, opened_ts ts, closed_ts ts, src c2{GS|HK|FO|PM|EN}, "
      "loc_typ c1{R|P|B|E}, loc_ref v20, asset_id >asset, fault_cd >fault_cd, "
      "prio c1{1|2|3|4}, status c2{OP|AS|IP|WP|CL|CX}, assigned_to >emp.emp_no, "
      "ctr_cd >contractor, labour_hrs q, parts_amt n, ext_amt n, descr v200",
      notes={"loc_typ": "R guest room, P public area, B back of house, E exterior",
             "loc_ref": "room number when loc_typ = R, else the area code",
             "src": "GS guest request, HK housekeeping, FO front office, PM planned, "
                    "EN engineering round",
             "status": "OP open, AS assigned, IP in progress, WP waiting parts, CL closed, "
                       "CX cancelled"})
    t("wo_part", "wo_no* >wo_hdr, ln_no* s, item_no >item, qty q, cost n")
    t("wo_labour", "wo_no* >wo_hdr, ln_no* s, emp_no >emp, hrs q, work_dt d")
    t("pm_sched", "pm_id* i, asset_id >asset, task v100, freq_days s, last_done d, "
      "next_due d")
    t("mtr", "mtr_id* i, hot_cd! >hot, util_typ c2{EL|GS|WT|OL|HT}, serial v30, descr v60, "
      "uom v6, main_fl f, parent_mtr i",
      notes={"util_typ": "EL electricity kWh, GS natural gas kWh, WT water m3, OL heating "
                         "oil l, HT district heat kWh",
             "main_fl": "main (billing) meter; sub-meters name theirs in parent_mtr"})
    t("mtr_rd", "mtr_id* >mtr, rd_dt* d, reading q, consumption q, est_fl f",
      notes={"consumption": "since the previous reading", "est_fl": "estimated, not read"})
    t("energy_tariff", "tar_id* i, hot_cd >hot, util_typ c2, valid_from d, price_unit r, "
      "supplier v60")
    t("legion_chk", "chk_id* b, hot_cd >hot, chk_dt d, point v40, temp_c q, ok_fl f")


# -- food and beverage (English)


def _fnb(db: Db) -> None:
    t = db.table
    t("outlet", "outlet_cd* v6, hot_cd >hot, name v60, outlet_typ c2{RS|BR|RM|BQ|PB|BF}, "
      "seats s, open_tm tm, close_tm tm",
      notes={"outlet_typ": "RS restaurant, BR bar, RM room service, BQ banqueting, "
                           "PB pool bar, BF breakfast room"})
    t("fb_cat", "cat_cd* v6, descr v60, grp c1{F|B|O}")
    t("fb_item", "fb_item_id* i, plu v10, name v80, cat_cd >fb_cat, "
      "menu_sect c2{ST|MN|DS|SD|KD|BV}, price n, tax_cd >tax_cd, active f, intro_dt d",
      notes={"menu_sect": "ST starter, MN main, DS dessert, SD side, KD kids, BV beverage"})
    t("fb_item_outlet", "fb_item_id* >fb_item, outlet_cd* >outlet, price n")
    t("rcp_ln", "fb_item_id* >fb_item, ln_no* s, item_no >item, qty q, uom v6, "
      "yield_pct r",
      notes={"qty": "quantity per portion, in the item's uom",
             "yield_pct": "usable share after trimming and cooking"})
    t("pos_term", "term_id* i, outlet_cd >outlet, descr v40")
    t("pos_chk", "chk_id* b, outlet_cd >outlet, term_id >pos_term, open_ts ts, close_ts ts, "
      "covers s, table_no v6, server_emp >emp.emp_no, fol_id b, total n, "
      "status c1{O|C|V}")
    t("pos_chk_ln", "chk_id* >pos_chk, ln_no* s, fb_item_id >fb_item, qty s, price n, "
      "disc n, void_fl f, sent_ts ts")
    t("pos_pay", "pay_id* b, chk_id >pos_chk, tender c2{CA|CC|RM|CL|VO}, amt n",
      notes={"tender": "CA cash, CC card, RM charge to room, CL city ledger, VO voucher"})
    t("brk_count", "outlet_cd* >outlet, cnt_dt* d, covers_inhouse s, covers_ext s")
    t("mb_item", "mb_item_cd* v8, descr v80, sale_price n, cost_price n, shelf_days s, "
      "item_no >item, active f")
    t("mb_post", "post_id* b, hot_cd! >hot, room_no v6, fol_id b, mb_item_cd >mb_item, "
      "qty s, amt n, post_ts ts, src c1{A|M|S}, void_fl f",
      notes={"src": "A attendant check, M manual at the front desk, S sensor tray",
             "fol_id": "guest folio charged (PMS fol_cab)"})
    t("mb_refill", "refill_id* b, hot_cd! >hot, room_no v6, mb_item_cd >mb_item, qty s, "
      "refill_ts ts, attendant v30, rsn c1{C|X|D|T}",
      notes={"rsn": "C consumed, X expired, D damaged, T missing and not charged"})
    t("mb_cfg", "hot_cd* >hot, rooms_fitted s, tray_typ c1{M|S}, last_audit d")


# -- events and banqueting (English)


def _events(db: Db) -> None:
    t = db.table
    t("fn_room", "fn_room_cd* v8, hot_cd! >hot, name v60, m2 s, cap_theatre s, "
      "cap_class s, cap_banq s, cap_recep s, daylight_fl f, parent_cd v8, rack_rate n",
      notes={"parent_cd": "the full room this section is part of (airwall)",
             "rack_rate": "full-day room hire, EUR"})
    t("ev_acct", "acct_id* i, acct_nm v100, acct_typ c2{CO|AS|AG|SO|WD}, agc_cd >agencia, "
      "country c2",
      notes={"acct_typ": "CO corporate, AS association, AG agency/DMC, SO social, "
                         "WD wedding"})
    t("ev_bkg", "bkg_id* b, hot_cd >hot, acct_id >ev_acct, ev_nm v100, "
      "ev_typ c3{MTG|CNF|WED|GAL|EXH|TRN}, status @ev_status, first_dt d, last_dt d, "
      "exp_att s, sales_emp >emp.emp_no, created_ts ts, cxl_ts ts, lost_rsn v6")
    t("ev_space_res", "sr_id* b, bkg_id! >ev_bkg, fn_room_cd! >fn_room, ev_dt d, "
      "start_tm tm, end_tm tm, setup_cd c3{THE|CLS|BNQ|REC|UBL|BRD|CAB}, att s, "
      "rental n, hold_typ c1{P|S|B}",
      notes={"hold_typ": "P programme, S set-up or breakdown only, B 24-hour hold"})
    t("ev_pkg", "pkg_cd* v8, hot_cd >hot, descr v100, price_pp n")
    t("ev_beo", "beo_no* b, bkg_id >ev_bkg, sr_id >ev_space_res, beo_dt d, "
      "outlet_cd >outlet, gtd_covers s, act_covers s")
    t("ev_beo_ln", "beo_no* >ev_beo, ln_no* s, fb_item_id >fb_item, pkg_cd >ev_pkg, qty s, "
      "price n")
    t("ev_quote", "quote_id* b, bkg_id >ev_bkg, quote_dt d, total n, accepted_fl f")
    t("ev_lost", "lost_id* b, hot_cd >hot, inq_dt d, acct_nm v100, att s, "
      "rsn c2{PR|AV|SZ|DT|OT}, est_rev n",
      notes={"rsn": "PR price, AV no space on the dates, SZ too small, DT dates moved, "
                    "OT other"})


# -- loyalty (English)


def _loyalty(db: Db) -> None:
    t = db.table
    t("lty_tier", "tier_cd* v4, descr v40, min_nights s, pts_mult r, bnft_txt v200")
    t("lty_mbr", "mbr_no* v12, huesp_id >huesp, tier_cd >lty_tier, enrol_dt d, "
      "enrol_hot v4, pts_bal i, status c1{A|S|C}, email_optin f")
    t("lty_tier_hist", "mbr_no* >lty_mbr, from_dt* d, tier_cd >lty_tier")
    t("lty_reward", "reward_cd* v8, descr v80, pts_req i, cost_est n")
    t("lty_txn", "txn_id* b, mbr_no >lty_mbr, txn_dt d, txn_typ c2{EA|RD|EX|AD|TR}, pts i, "
      "res_id b, hot_cd v4",
      notes={"txn_typ": "EA earned, RD redeemed, EX expired, AD adjustment, TR transfer"})
    t("lty_rdm", "rdm_id* b, mbr_no >lty_mbr, rdm_dt d, reward_cd >lty_reward, pts i, "
      "cost_amt n, hot_cd v4")
    t("lty_promo", "promo_cd* v10, descr v100, from_dt d, to_dt d, bonus_pts i")


# -- what fifteen years leave behind


def _noise(db: Db) -> None:
    for source, name, comment in (
        ("res_cab", "res_cab_hist", "historico de reservas anterior a 2020"),
        ("res_cab", "res_cab_bak", "copia antes de la migracion v9"),
        ("fol_lin", "fol_lin_arch", "lineas de folio archivadas"),
        ("huesp", "huesp_old", "no usar - duplicados pre-RGPD"),
        ("est_ocup", "est_ocup_old", "estadistica del PMS anterior (2009-2014)"),
        ("lim_tarea", "lim_tarea_hist", ""),
        ("rm_reserva", "rm_reserva_bak", "copia de seguranca"),
        ("rm_tarifa_dia", "rm_tarifa_dia_hist", "historico de precos"),
        ("ap_inv", "ap_inv_old", "archive: invoices from the old AP package"),
        ("pos_chk_ln", "pos_chk_ln_arch", "archived POS lines (Micros era)"),
        ("mb_post", "mb_post_2021", ""),
        ("tmsht", "tmsht_imp_tmp", "staging: time clock import"),
        ("emp", "emp_migr", "migrated from the old payroll, 2013"),
        ("wo_hdr", "wo_hdr_legacy", "work orders from the spreadsheet era"),
    ):
        db.copy(source, name, comment)
    for table, kinds, style in (
        ("res_cab", "aud note att", "suffix"), ("huesp", "aud", "suffix"),
        ("fol_cab", "aud", "suffix"), ("agencia", "note", "suffix"),
        ("queja", "att", "suffix"), ("supp", "aud note", "prefix"),
        ("wo_hdr", "att", "prefix"), ("emp", "aud note", "prefix"),
        ("ev_bkg", "note att", "prefix")):
        satellites(db, table, kinds.split(), style)
    t = db.table
    for name, cols, comment in (
        ("gh_usuario", "usr_cd* v20, nom v60, hot_cd v4, perfil v20, activo f, ult_acceso ts",
         "usuarios del PMS"),
        ("gh_perfil", "perfil* v20, descr v60", ""),
        ("gh_param", "param_cd* v40, hot_cd* v4, valor v200", "parametros de la aplicacion"),
        ("gh_contador", "cont_cd* v20, hot_cd* v4, valor b", "contadores de numeracion"),
        ("gh_log", "log_id* b, fec ts, usr_cd v20, pantalla v40, accion v200", ""),
        ("gh_version", "version* v20, fec_inst ts", ""),
        ("gh_cierre_dia", "hot_cd* v4, fec* d, ini ts, fin ts, usr_cd v20, rc s",
         "ejecuciones de la auditoria nocturna"),
        ("gh_if_cerradura", "msg_id* b, hot_cd v4, fec ts, trama v200", "interfaz cerraduras"),
        ("gh_if_tpv", "msg_id* b, hot_cd v4, fec ts, trama v200, err v200",
         "interfaz TPV -> folios"),
        ("gh_policia", "env_id* b, hot_cd v4, fec d, fichero v80, estado c1{P|E|R}",
         "partes de viajeros enviados a la policia"),
        ("rm_if_pms", "sync_id* b, dt ts, tipo v10, payload t, erro v200", ""),
        ("wifi_sess", "sess_id* b, hot_cd v4, room_no v6, start_ts ts, end_ts ts, mb_down i, "
         "plan c1{F|P}", "guest wifi sessions"),
        ("if_pos_in", "imp_id* b, outlet_cd v6, raw t, imp_ts ts, done_fl f",
         "POS check import"),
        ("if_bms", "imp_id* b, hot_cd v4, point v40, val q, ts ts", "building management feed"),
        ("stg_review", "imp_id* b, hot_cd v4, source v20, score r, raw t, imp_ts ts",
         "staging: review site scores"),
        ("stg_mtr_rd", "imp_id* b, serial v30, rd_dt d, reading q, imp_ts ts", ""),
        ("sys_user", "user_id* v30, full_nm v80, email v120, active f", ""),
        ("sys_setting", "key_nm* v60, val v200", "application settings"),
        ("rpt_def", "rpt_id* i, rpt_nm v80, sql_txt t, owner v30", "report definitions"),
        ("code_lkp", "domain* v20, code* v10, lang* c2, descr v100",
         "generic code table (all modules)"),
        ("migr_log", "mig_id* i, script v120, applied_ts ts", ""),
        ("x_kpi_daily", "kpi_dt* d, hot_cd* v4, kpi_cd* v10, val q", "dashboard KPI cache"),
    ):
        t(name, cols, comment)


def _views(db: Db) -> None:
    db.view("v_llegadas_hoy", "SELECT r.res_id, r.hot_cd, r.localizador, r.fec_ent, "
            "r.noches FROM res_cab r WHERE r.fec_ent = CURDATE() AND r.est_res IN "
            "('CON', 'GAR')")
    db.view("v_hab_libres", "SELECT h.hab_id, h.hot_cd, h.num_hab FROM hab h "
            "WHERE h.est_hab = 'LIBRE_LIMPIA'")
    db.view("vw_rm_ocupacao", "SELECT d.hot_cd, d.dt, SUM(d.qtd_vendida) AS vendidos, "
            "SUM(d.qtd_fisica) AS fisicos FROM rm_disp d GROUP BY d.hot_cd, d.dt")
    db.view("v_ap_open", "SELECT a.ap_id, a.supp_no, a.due_dt, a.net_amt + a.tax_amt AS "
            "gross FROM ap_inv a WHERE a.status IN ('EN', 'AP', 'HD')")
    db.view("v_fb_daily", "SELECT c.outlet_cd, DATE(c.close_ts) AS day, SUM(c.total) AS "
            "sales, SUM(c.covers) AS covers FROM pos_chk c WHERE c.status = 'C' "
            "GROUP BY c.outlet_cd, DATE(c.close_ts)")


_COMMENTS = {
    "hot": "Hoteles de la cadena", "hab": "Habitaciones", "tip_hab": "Tipos de habitacion",
    "planta": "Plantas", "huesp": "Huespedes (ficha de cliente)",
    "agencia": "Agencias, turoperadores y empresas", "tarifa": "Tarifas",
    "tar_precio": "Precios por tarifa, tipo y dia", "cupo": "Cupos (allotments) de "
    "turoperadores", "cupo_dia": "Cupo por dia", "res_cab": "Reservas - cabecera",
    "res_lin": "Reservas - noches", "res_reubic": "Reubicaciones de clientes en otros "
    "hoteles (walk)", "fol_cab": "Folios (cuentas de cliente)", "fol_lin": "Cargos de "
    "folio", "cob": "Cobros", "fra_cab": "Facturas emitidas", "est_ocup": "Estadistica "
    "diaria de ocupacion (cierre de auditoria nocturna)", "camarera": "Camareras de pisos",
    "gobernanta": "Gobernantas y supervisoras", "lim_tarea": "Tareas de limpieza de "
    "habitaciones", "lim_insp": "Inspecciones de habitaciones limpias",
    "queja": "Quejas de clientes", "hab_bloq": "Bloqueos de habitaciones",
    "grupo": "Grupos", "regimen": "Regimenes (SA, AD, MP, PC, TI)",
    "rm_canal": "Canais de distribuicao", "rm_reserva": "Reservas recebidas pelo channel "
    "manager", "rm_tarifa_dia": "Tarifas publicadas por dia",
    "rm_disp": "Inventario diario por tipo de quarto", "rm_lim_sobrev": "Limites de "
    "overbooking", "rm_concorrente": "Conjunto competitivo de cada hotel",
    "rm_preco_conc": "Precos da concorrencia (rate shopper)", "rm_previsao":
    "Previsao de procura", "rm_restricao": "Restricoes de venda",
    "gl_acct": "Chart of accounts", "gl_jnl": "General ledger postings",
    "cl_acct": "City ledger accounts", "cl_inv": "City ledger invoices",
    "ap_inv": "Supplier invoices", "ap_inv_ln": "Supplier invoice lines",
    "supp": "Suppliers", "item": "Stock and purchase items", "supp_price":
    "Agreed supplier prices", "po_hdr": "Purchase orders", "grn_hdr": "Goods received",
    "emp": "Employees", "tmsht": "Timesheets (hours worked per day)",
    "agy_bkg": "Agency staff bookings", "dept": "Departments",
    "wo_hdr": "Maintenance work orders", "asset": "Engineering assets",
    "mtr": "Utility meters", "mtr_rd": "Meter readings", "outlet": "F&B outlets",
    "fb_item": "Menu items (POS PLUs)", "rcp_ln": "Recipe ingredients per portion",
    "pos_chk": "POS checks", "pos_chk_ln": "POS check lines",
    "mb_item": "Minibar products", "mb_post": "Minibar charges posted to guests",
    "mb_refill": "Minibar restocking", "fn_room": "Function rooms",
    "ev_bkg": "Event bookings", "ev_space_res": "Function space reservations by day",
    "ev_beo": "Banquet event orders", "lty_mbr": "Loyalty members",
    "lty_tier": "Loyalty tiers", "lty_rdm": "Loyalty reward redemptions",
}


# -- rows

_START = dt.date(2026, 7, 1)
_DAYS = 92  # July to September 2026
# code, name, brand, city, country, stars, rooms, opened, overbooking limit, rooms walked
# for overbooking in the quarter, kWh of electricity and gas per occupied room a day
_HOTELS = [
    ("MAD1", "Urban Madrid Gran Via", "UR", "Madrid", "ES", 4, 180, 2008, 9, 16, 38.0),
    ("MAD2", "Urban Madrid Castellana", "UR", "Madrid", "ES", 4, 140, 2012, 3, 1, 41.0),
    ("BCN1", "Urban Barcelona Diagonal", "UR", "Barcelona", "ES", 4, 160, 2011, 10, 21,
     36.0),
    ("SEV1", "Urban Sevilla Centro", "UR", "Sevilla", "ES", 3, 90, 2014, 2, 0, 33.0),
    ("VLC1", "Urban Valencia Puerto", "UR", "Valencia", "ES", 4, 120, 2016, 3, 1, 31.0),
    ("PMI1", "Resort Playa de Palma", "RS", "Palma", "ES", 4, 320, 2009, 6, 3, 44.0),
    ("TFS1", "Resort Costa Adeje", "RS", "Adeje", "ES", 5, 260, 2015, 4, 2, 47.0),
    ("AGP1", "Resort Marbella Golf", "RS", "Marbella", "ES", 4, 210, 2007, 4, 2, 78.0),
    ("LIS1", "Urban Lisboa Baixa", "UR", "Lisboa", "PT", 4, 130, 2017, 3, 2, 35.0),
    ("OPO1", "Urban Porto Ribeira", "UR", "Porto", "PT", 3, 100, 2019, 2, 0, 30.0),
    ("FAO1", "Resort Algarve Vilamoura", "RS", "Vilamoura", "PT", 5, 240, 2018, 5, 1,
     52.0),
    ("BIO1", "Conveniencia Bilbao Aeropuerto", "CO", "Bilbao", "ES", 2, 80, 2021, 2, 0,
     24.0),
]
_HOTEL_CODES = [h[0] for h in _HOTELS]
_RESORTS = ["PMI1", "TFS1", "AGP1", "FAO1"]
# room types: code, label, share of the hotel's rooms, price factor
_TYPES = [("DBL", "Doble estandar", 0.6, 1.0), ("SUP", "Doble superior", 0.25, 1.3),
          ("JRS", "Junior suite", 0.1, 1.8), ("SUI", "Suite", 0.05, 2.8)]
_BASE_RATE = {"MAD1": 140, "MAD2": 150, "BCN1": 160, "SEV1": 95, "VLC1": 110, "PMI1": 130,
              "TFS1": 190, "AGP1": 170, "LIS1": 135, "OPO1": 100, "FAO1": 210, "BIO1": 75}
# (hotel, room type): how far our published rate sits above the compset, occupancy
_PRICING = {("MAD2", "SUP"): (1.36, 0.38), ("LIS1", "JRS"): (1.42, 0.31),
            ("OPO1", "SUP"): (1.30, 0.44), ("FAO1", "SUI"): (1.28, 0.90),
            ("TFS1", "DBL"): (0.92, 0.95)}
# channel id, code, name, kind, payment model, contracted %, charged %, share of bookings,
# active
_CHANNELS = [
    (1, "WEB", "Web propia (motor de reservas)", "WEB", "DIR", 0.0, 0.0, 14, True),
    (2, "BKG", "Booking.com", "OTA", "AGE", 17.0, 17.0, 34, True),
    (3, "EXP", "Expedia", "OTA", "MER", 20.0, 20.0, 18, True),
    (4, "AGD", "Agoda", "OTA", "AGE", 18.0, 27.5, 11, True),
    (5, "TRP", "Trip.com", "OTA", "AGE", 15.0, 15.0, 8, True),
    (6, "GDS", "GDS (Amadeus / Sabre)", "GDS", "AGE", 10.0, 10.0, 6, True),
    (7, "TRV", "Trivago", "MET", "AGE", 12.0, 12.0, 9, True),
    (8, "HBD", "Hotelbeds", "OPE", "MER", 22.0, 22.0, 0, True),
    (9, "VEN", "Venere", "OTA", "AGE", 15.0, 15.0, 0, False),
]
# tour operators: code, name, kind, country, share of the held rooms they sell
_OPERATORS = [("TURAV", "Turavia Holidays Ltd", "TT", "GB", 0.84),
              ("JETSN", "Jetsun Holidays plc", "TT", "GB", 0.77),
              ("SOLMAR", "Sol y Mar Tours SL", "TT", "ES", 0.21),
              ("NORDS", "Nordsonne Reisen GmbH", "TT", "DE", 0.33),
              ("IBEROC", "Iberocio Viajes SA", "TT", "ES", 0.71),
              ("VIAJCA", "Viajes Castilla SA", "AV", "ES", 0.0),
              ("ACMECO", "Acme Consulting Iberia SA", "EM", "ES", 0.0)]


def _d(day: int) -> dt.date:
    return _START + dt.timedelta(days=day)


def _ts(day: int, hour: int, minute: int = 0) -> dt.datetime:
    return dt.datetime.combine(_d(day), dt.time(hour, minute))


def _rows(db: Db) -> None:
    rnd = random.Random(29)
    r = db.rows
    r("pais", [("ES", "Espana", True), ("PT", "Portugal", True), ("GB", "Reino Unido", False),
               ("DE", "Alemania", True), ("FR", "Francia", True), ("US", "Estados Unidos",
                                                                   False)])
    r("moneda", [("EUR", "Euro", 2), ("GBP", "Libra esterlina", 2), ("USD", "Dolar", 2)])
    r("regimen", [("SA", "Solo alojamiento"), ("AD", "Alojamiento y desayuno"),
                  ("MP", "Media pension"), ("PC", "Pension completa"),
                  ("TI", "Todo incluido")])
    r("fpago", [("EFE", "Efectivo", "E"), ("TAR", "Tarjeta", "T"), ("TRF", "Transferencia",
                                                                   "B"),
                ("CRE", "Credito agencia", "C"), ("BON", "Bono", "V")])
    r("seg_mercado", [("IND", "Individual", "TRA"), ("OTA", "Agencias online", "TRA"),
                      ("TTO", "Turoperador", "CON"), ("EMP", "Empresa", "CON"),
                      ("GRP", "Grupos", "GRP"), ("TRI", "Tripulaciones", "CON")])
    r("hot", [(c, n, b, None, city, p, s, rooms, dt.date(y, 4, 1), None, None, "EUR", True)
              for c, n, b, city, p, s, rooms, y, *_ in _HOTELS])
    r("planta", [(c, f"{f}", f"Planta {f}") for c in _HOTEL_CODES for f in range(1, 4)])
    types: list[tuple[Value, ...]] = []
    habs: list[tuple[Value, ...]] = []
    type_of: dict[tuple[str, str], int] = {}
    rooms_of: dict[str, list[tuple[int, str, int]]] = {}
    tid = 0
    for c, _, _, _, _, _, rooms, y, *_ in _HOTELS:
        for k, (code, label, share, _) in enumerate(_TYPES):
            tid += 1
            type_of[(c, code)] = tid
            types.append((tid, c, code, label, 2, 3 if k else 2, 20 + 8 * k,
                          max(2, round(rooms * share)), k + 1, False))
        tid += 1
        types.append((tid, c, "RO", "Run of house (venta)", 2, 2, 0, 0, 9, True))
        rooms_of[c] = []
        for f in range(1, 4):
            for n in range(1, 9):
                hid = 1000 * (_HOTEL_CODES.index(c) + 1) + f * 100 + n
                code = "DBL" if n <= 5 else "SUP" if n <= 7 else "JRS" if f < 3 else "SUI"
                num = f"{f}{n:02d}"
                rooms_of[c].append((hid, num, type_of[(c, code)]))
                habs.append((hid, c, num, f"{f}", type_of[(c, code)], "LIBRE_LIMPIA",
                             "CIJPM"[n % 5], False, n == 1, None, dt.date(y, 4, 1), True))
    r("tip_hab", types)
    r("hab", habs)
    r("agencia", [(a, name, name.split()[0], None, k, p, 0.0 if k == "EM" else 12.0,
                   k != "TT", 30000.0, "CRE", True, dt.date(2012, 1, 1))
                  for a, name, k, p, _ in _OPERATORS])
    _reservations(db, rnd, type_of, rooms_of)
    _pricing(db, rnd, type_of)
    _housekeeping(db, rnd, rooms_of)
    _purchasing(db, rnd)
    _staff(db, rnd)
    _fnb_rows(db, rnd)
    _minibar(db, rnd)
    _events_rows(db, rnd)
    _energy(db, rnd)


def _reservations(db: Db, rnd: random.Random, type_of: dict[tuple[str, str], int],
                  rooms_of: dict[str, list[tuple[int, str, int]]]) -> None:
    r = db.rows
    r("rm_canal", [(i, cod, nome, k, m, pct, None, act, dt.date(2014, 1, 1),
                    None if act else dt.date(2019, 6, 30))
                   for i, cod, nome, k, m, pct, _, _, act in _CHANNELS])
    res: list[tuple[Value, ...]] = []
    lines: list[tuple[Value, ...]] = []
    guests: list[tuple[Value, ...]] = []
    msgs: list[tuple[Value, ...]] = []
    rid = 0
    mid = 0
    live = [c for c in _CHANNELS if c[7]]

    def book(hotel: str, day: int, nights: int, kind: str, price: float, ori: str,
             seg: str, agc: str | None, cupo: int | None, state: str) -> int:
        nonlocal rid
        rid += 1
        factor = {"DBL": 1.0, "SUP": 1.3, "JRS": 1.8, "SUI": 2.8}[kind]
        total = round(nights * price * factor * rnd.uniform(0.92, 1.12), 2)
        room = rnd.choice([x for x in rooms_of[hotel] if x[2] == type_of[(hotel, kind)]])
        made = _ts(day - rnd.randint(3, 60), rnd.randint(8, 22))
        cancelled = _ts(day - rnd.randint(1, 20), 11) if state == "ANU" else None
        res.append((rid, f"{hotel[:2]}{rid:08d}", hotel, made, _d(day), _d(day + nights),
                    nights, type_of[(hotel, kind)], None if state == "ANU" else room[0], 2,
                    rnd.choice([0, 0, 0, 1, 2]), 0, "AD" if hotel not in _RESORTS else "MP",
                    None, agc, cupo, None, rid, seg, ori, total, "EUR", state, cancelled,
                    "CLI" if cancelled else None, "T", None, None, "CM" if ori == "CMG"
                    else "recep"))
        guests.append((rid, f"Nombre{rid % 400}", f"Apellido{rid % 700}", None, "P", None,
                       rnd.choice(["ES", "PT", "GB", "DE", "FR", "US"]), None, None, None,
                       None, None, None, None, rnd.random() < 0.4, made))
        if state != "ANU":
            for n in range(nights):
                lines.append((rid, _d(day + n), room[0], type_of[(hotel, kind)],
                              round(total / nights, 2), "AD", None))
        return rid

    for c, *_ in _HOTELS:
        base = _BASE_RATE[c]
        for _ in range(150 if c not in _RESORTS else 90):
            day = rnd.randint(0, _DAYS - 4)
            kind = rnd.choices(["DBL", "SUP", "JRS", "SUI"], [60, 25, 10, 5])[0]
            nights = rnd.randint(1, 4) if c not in _RESORTS else rnd.randint(3, 7)
            state = rnd.choices(["SAL", "ANU", "NOS"], [86, 12, 2])[0]
            if rnd.random() < 0.65:
                ch = rnd.choices(live, [x[7] for x in live])[0]
                n = book(c, day, nights, kind, base, "CMG", "OTA" if ch[3] == "OTA" else
                         "IND", None, None, state)
                gross = res[-1][20]
                assert isinstance(gross, float)
                mid += 1
                msgs.append((mid, ch[0], c, f"{ch[1]}-{rnd.randint(10**7, 10**8)}", n,
                             res[-1][3], res[-1][23], "NEW", round(gross * ch[6] / 100, 2),
                             "EUR", "OK"))
                if rnd.random() < 0.15:  # a change of dates sends the booking again
                    mid += 1
                    msgs.append((mid, ch[0], c, msgs[-1][3], n, res[-1][3], None, "MOD",
                                 round(gross * ch[6] / 100, 2), "EUR", "OK"))
                if state == "ANU":
                    mid += 1
                    msgs.append((mid, ch[0], c, msgs[-1][3], n, res[-1][23], res[-1][23],
                                 "CAN", 0.0, "EUR", "OK"))
            else:
                ori, seg = rnd.choice([("DIR", "IND"), ("TEL", "IND"), ("WAL", "IND"),
                                       ("AGC", "EMP")])
                book(c, day, nights, kind, base, ori, seg,
                     "ACMECO" if seg == "EMP" else None, None, state)
    # allotments at the resorts: the operators sell very different shares of them
    cupos: list[tuple[Value, ...]] = []
    cdays: list[tuple[Value, ...]] = []
    cid = 0
    for hotel in _RESORTS:
        for op, _, kind, _, rate in _OPERATORS:
            if kind != "TT":
                continue
            cid += 1
            cupos.append((cid, op, hotel, type_of[(hotel, "DBL")], None, _START,
                          _d(_DAYS - 1), 21 if op in ("SOLMAR", "NORDS") else 14, 0.0,
                          "A"))
            held = rnd.randint(6, 12)
            for day in range(_DAYS):
                cdays.append((cid, _d(day), held, False))
            stays = round(held * _DAYS * rate * rnd.uniform(0.93, 1.07) / 7)
            for _ in range(stays):
                book(hotel, rnd.randint(0, _DAYS - 8), 7, "DBL", _BASE_RATE[hotel] * 0.7,
                     "AGC", "TTO", op, cid, "SAL")
            for _ in range(round(stays * (0.8 if op == "SOLMAR" else 0.1))):
                book(hotel, rnd.randint(0, _DAYS - 8), 7, "DBL", _BASE_RATE[hotel] * 0.7,
                     "AGC", "TTO", op, cid, "ANU")
    r("cupo", cupos)
    r("cupo_dia", cdays)
    # guests walked to another hotel: for overbooking, and (a different matter) for a
    # room that broke down
    walks: list[tuple[Value, ...]] = []
    wid = 0
    breakdowns = {"SEV1": 6, "OPO1": 4, "MAD2": 3}
    for c, *_, walked, _ in _HOTELS:
        stayed = [x for x in res if x[2] == c and x[22] == "SAL"]
        for motive, count in (("OV", walked), ("AV", breakdowns.get(c, 0))):
            for x in rnd.sample(stayed, count):
                wid += 1
                walks.append((wid, x[0], x[4], 1, rnd.choice(["Hotel Plaza", "Hotel Sol",
                                                             "Hostal Central"]),
                              round(rnd.uniform(110, 190), 2), 25.0, motive, None, "recep"))
    r("huesp", guests)
    r("res_cab", res)
    r("res_lin", lines)
    r("res_reubic", walks)
    r("rm_reserva", msgs)
    r("rm_lim_sobrev", [row for c, *_, rooms, _, lim, _, _ in _HOTELS for row in (
        (c, dt.date(2026, 1, 1), dt.date(2026, 5, 31), max(1, lim - 2),
         round(100 * max(1, lim - 2) / rooms, 2), "dir.receitas"),
        (c, dt.date(2026, 6, 1), dt.date(2026, 12, 31), lim, round(100 * lim / rooms, 2),
         "dir.receitas"))])
    stats: list[tuple[Value, ...]] = []
    for c, _, brand, *_, rooms, _, _, _, _ in _HOTELS:
        for day in range(_DAYS):
            high = _d(day).month in (7, 8)
            occ = {"RS": 0.9 if high else 0.78, "UR": 0.72 if high else 0.84,
                   "CO": 0.6}[brand] * rnd.uniform(0.93, 1.05)
            sold = min(rooms, round(rooms * occ))
            adr = round(_BASE_RATE[c] * rnd.uniform(0.95, 1.1), 2)
            stats.append((c, _d(day), rooms, rnd.randint(0, 3), sold, rnd.randint(0, 2),
                          round(sold * 1.8), round(sold * 0.4), round(sold * 0.4),
                          rnd.randint(0, 3), round(sold * adr, 2), round(sold * 28.0, 2),
                          adr, round(sold * adr / rooms, 2)))
    r("est_ocup", stats)


def _pricing(db: Db, rnd: random.Random, type_of: dict[tuple[str, str], int]) -> None:
    r = db.rows
    rates: list[tuple[Value, ...]] = []
    avail: list[tuple[Value, ...]] = []
    comps: list[tuple[Value, ...]] = []
    shops: list[tuple[Value, ...]] = []
    conc = 0
    rooms_in = {h[0]: h[6] for h in _HOTELS}
    for c in _HOTEL_CODES:
        mine = []
        for k in range(3):
            conc += 1
            mine.append(conc)
            comps.append((conc, c, f"Competidor {c} {k + 1}", 4, round(rnd.uniform(0.2, 2.5),
                                                                     1), True))
        for code, _, share, factor in _TYPES:
            tid = type_of[(c, code)]
            above, occ = _PRICING.get((c, code), (rnd.uniform(0.95, 1.07),
                                                  rnd.uniform(0.66, 0.9)))
            physical = max(2, round(rooms_in[c] * share))
            for day in range(62, _DAYS):
                market = _BASE_RATE[c] * factor * rnd.uniform(0.95, 1.05)
                ours = round(market * above, 2)
                rates.append((tid, _d(day), c, ours, round(ours * 0.8, 2),
                              round(ours * 1.5, 2), _ts(day - 3, 9), "A"))
                sold = min(physical, round(physical * occ * rnd.uniform(0.9, 1.1)))
                avail.append((tid, _d(day), c, physical, 0, sold, 0, _ts(day, 23, 50)))
                for cc in mine:
                    shops.append((cc, _d(day), tid, round(market * rnd.uniform(0.94, 1.06),
                                                           2), True, _ts(day - 1, 6),
                                  "shopper"))
    r("rm_concorrente", comps)
    r("rm_tarifa_dia", rates)
    r("rm_disp", avail)
    r("rm_preco_conc", shops)


def _housekeeping(db: Db, rnd: random.Random,
                  rooms_of: dict[str, list[tuple[int, str, int]]]) -> None:
    r = db.rows
    cams: list[tuple[Value, ...]] = []
    govs: list[tuple[Value, ...]] = []
    tasks: list[tuple[Value, ...]] = []
    insps: list[tuple[Value, ...]] = []
    careless = {7, 19, 33, 40}
    cid = 0
    tid = 0
    for h, c in enumerate(_HOTEL_CODES):
        govs.append((h + 1, c, f"Gobernanta{h + 1}", f"Apellido{h + 1}", None))
        staff = []
        for k in range(4):
            cid += 1
            staff.append(cid)
            cams.append((cid, c, f"Camarera{cid:02d}", f"Apellido{cid + 50:02d}", None,
                         f"{k % 3 + 1}", k == 3, True))
        for day in range(62, _DAYS):
            for room in rnd.sample(rooms_of[c], 10):
                tid += 1
                cam = rnd.choice(staff)
                start = _ts(day, 9 + rnd.randint(0, 4), rnd.randint(0, 59))
                tasks.append((tid, c, room[0], _d(day), rnd.choice(["SAL", "EST", "EST"]),
                              cam, start, start + dt.timedelta(minutes=rnd.randint(20, 45)),
                              "T", 3.0))
                if rnd.random() < 0.6:
                    bad = rnd.random() < (0.32 if cam in careless else 0.05)
                    rework = not bad and rnd.random() < 0.1
                    insps.append((tid, tid, h + 1, start + dt.timedelta(hours=1),
                                  "RCH" if bad else "REP" if rework else "OK",
                                  rnd.randint(40, 65) if bad else rnd.randint(80, 100), None))
    r("camarera", cams)
    r("gobernanta", govs)
    r("lim_tarea", tasks)
    r("lim_insp", insps)
    # rooms that keep breaking: complaints and work orders
    worn = {("MAD1", "305"): 9, ("MAD1", "306"): 7, ("PMI1", "204"): 8, ("LIS1", "107"): 6}
    compl: list[tuple[Value, ...]] = []
    wos: list[tuple[Value, ...]] = []
    qid = 0
    wid = 0
    r("fault_cd", [("AC01", "Aire acondicionado no enfria", "HV"),
                   ("PL01", "Atasco / fuga de agua", "PL"), ("PL02", "Sin agua caliente", "PL"),
                   ("EL01", "Luz / enchufe", "EL"), ("CP01", "Puerta / armario", "CP"),
                   ("IT01", "TV / wifi", "IT"), ("PT01", "Pintura / humedad", "PT")])
    for c in _HOTEL_CODES:
        for room in rooms_of[c]:
            weight = worn.get((c, room[1]), 0)
            for _ in range(weight + rnd.choice([0, 0, 0, 1])):
                qid += 1
                compl.append((qid, c, room[0], None, None, _ts(rnd.randint(0, _DAYS - 1), 10),
                              rnd.choice("RETW"), rnd.choice(["CLI", "FON", "RUI", "MOB"]) if
                              weight else rnd.choice(["LIM", "RUI", "WIF", "TRA"]),
                              rnd.choice("123"), None, 0.0, "C"))
            for _ in range(weight + rnd.choice([0, 0, 1])):
                wid += 1
                opened = _ts(rnd.randint(0, _DAYS - 1), 8 + rnd.randint(0, 10))
                wos.append((wid, c, opened, opened + dt.timedelta(hours=rnd.randint(1, 30)),
                            rnd.choice(["GS", "HK", "FO"]), "R", room[1], None,
                            rnd.choice(["AC01", "PL01", "PL02", "EL01", "PT01"]),
                            rnd.choice("123"), "CL", None, None, round(rnd.uniform(0.5, 4), 1),
                            round(rnd.uniform(0, 120), 2), 0.0, None))
        for area in ("LOBBY", "COCINA", "PISCINA", "PARKING"):
            for _ in range(rnd.randint(2, 8)):
                wid += 1
                opened = _ts(rnd.randint(0, _DAYS - 1), 9)
                wos.append((wid, c, opened, opened + dt.timedelta(hours=5), "EN",
                            "B" if area == "COCINA" else "P", area, None, "EL01", "3", "CL",
                            None, None, 2.0, 40.0, 0.0, None))
    r("queja", compl)
    r("wo_hdr", wos)


# item, description, category, uom, last cost
_ITEMS = [
    (101, "Champu 30 ml", "AMN", "UD", 0.21), (102, "Gel de bano 30 ml", "AMN", "UD", 0.20),
    (103, "Jabon 20 g", "AMN", "UD", 0.12), (104, "Kit dental", "AMN", "UD", 0.35),
    (105, "Zapatillas desechables", "AMN", "PAR", 0.90),
    (106, "Gorro de ducha", "AMN", "UD", 0.06),
    (111, "Lejia 5 l", "CLN", "UD", 3.10), (112, "Limpiador multiusos 5 l", "CLN", "UD", 6.40),
    (113, "Limpiacristales 5 l", "CLN", "UD", 5.80),
    (114, "Detergente lavavajillas 20 l", "CLN", "UD", 38.0),
    (115, "Papel higienico (pack 48)", "CLN", "UD", 14.5),
    (201, "Solomillo de ternera", "FNB", "KG", 38.0), (202, "Salmon fresco", "FNB", "KG", 16.0),
    (203, "Langostino tigre", "FNB", "KG", 24.0), (204, "Pulpo cocido", "FNB", "KG", 29.0),
    (205, "Bogavante vivo", "FNB", "KG", 58.0), (206, "Jamon iberico de bellota", "FNB", "KG",
                                                      72.0),
    (207, "Arroz bomba", "FNB", "KG", 3.4), (208, "Patata", "FNB", "KG", 0.9),
    (209, "Aceite de oliva virgen extra", "FNB", "L", 7.8), (210, "Tomate", "FNB", "KG", 1.9),
    (211, "Pollo de corral", "FNB", "KG", 6.5), (212, "Bacalao desalado", "FNB", "KG", 19.0),
    (213, "Trufa negra", "FNB", "KG", 900.0), (214, "Foie gras", "FNB", "KG", 64.0),
    (215, "Atun rojo", "FNB", "KG", 48.0), (216, "Queso manchego", "FNB", "KG", 17.0),
    (217, "Chocolate de cobertura", "FNB", "KG", 12.0), (218, "Huevos (docena)", "FNB", "UD",
                                                          2.8),
    (219, "Nata", "FNB", "L", 4.2), (220, "Tinta de calamar", "FNB", "KG", 22.0),
    (221, "Calamar", "FNB", "KG", 11.0), (222, "Lechuga", "FNB", "UD", 0.8),
]
# supplier, name, category, how far above the agreed price it bills (from, until a new
# agreed price starts on 1 July, when it is billed at the new price)
_SUPPLIERS = [(3001, "Amenities Iberia SL", "AMN", 1.11, False),
              (3002, "Hygiene Pro Portugal Lda", "AMN", 1.0, False),
              (3003, "QuimiClean Hosteleria SA", "CLN", 1.005, False),
              (3004, "EcoLimp Atlantico SL", "CLN", 1.0, True),
              (3101, "Carnicas del Norte SL", "FNB", 1.0, False),
              (3102, "Pescados Lonja Sur SA", "FNB", 1.0, False),
              (3103, "Distribuciones Gourmet Iberica SL", "FNB", 1.0, False)]


def _purchasing(db: Db, rnd: random.Random) -> None:
    r = db.rows
    r("tax_cd", [("G21", "IVA general 21%", 21.0), ("R10", "IVA reducido 10%", 10.0),
                 ("S04", "IVA superreducido 4%", 4.0), ("P23", "IVA Portugal 23%", 23.0),
                 ("I07", "IGIC general 7%", 7.0)])
    r("item_cat", [("AMN", "Guest amenities", None, None), ("CLN", "Cleaning", None, None),
                   ("FNB", "Food", None, None), ("BEV", "Beverages", None, None)])
    r("item", [(i, name, cat, uom, 1.0, cost, cost, True, True)
               for i, name, cat, uom, cost in _ITEMS])
    r("supp", [(s, name, None, "PT" if "Lda" in name else "ES", cat, 60, True, True)
               for s, name, cat, _, _ in _SUPPLIERS])
    prices: list[tuple[Value, ...]] = []
    invs: list[tuple[Value, ...]] = []
    lns: list[tuple[Value, ...]] = []
    aid = 0
    for s, _, cat, over, renewed in _SUPPLIERS:
        items = [x for x in _ITEMS if x[2] == cat]
        for i, _, _, _, cost in items:
            prices.append((s, i, dt.date(2025, 1, 1), dt.date(2026, 6, 30) if renewed
                           else dt.date(2026, 12, 31), cost, 100.0, f"AC-{s}"))
            if renewed:
                prices.append((s, i, dt.date(2026, 7, 1), dt.date(2027, 6, 30),
                               round(cost * 1.09, 2), 100.0, f"AC-{s}-26"))
        for hotel in _HOTEL_CODES[::2] if cat != "FNB" else _HOTEL_CODES[:4]:
            for month in (7, 8, 9):
                aid += 1
                net = 0.0
                for ln, (i, name, _, _, cost) in enumerate(rnd.sample(items, 3), start=1):
                    agreed = cost * (1.09 if renewed else 1.0)
                    price = round(agreed * over * rnd.uniform(0.995, 1.005), 2)
                    qty = float(rnd.randint(50, 800)) if cat != "FNB" else float(
                        rnd.randint(5, 40))
                    net += round(qty * price, 2)
                    lns.append((aid, ln, i, name, qty, price, round(qty * price, 2), "G21"))
                day = dt.date(2026, month, rnd.randint(3, 26))
                invs.append((aid, s, hotel, f"F{s}-{aid:05d}", day, day + dt.timedelta(days=60),
                             round(net, 2), round(net * 0.21, 2), None,
                             "PD" if month < 9 else "AP", None))
    r("supp_price", prices)
    r("ap_inv", invs)
    r("ap_inv_ln", lns)


_DEPTS = [("FO", "Front office", "RM", 6), ("HK", "Housekeeping", "HK", 8),
          ("FB", "Restaurant and bar service", "FB", 8), ("KT", "Kitchen", "FB", 5),
          ("MT", "Engineering", "MT", 3), ("SA", "Sales", "SA", 0),
          ("AD", "Administration", "AD", 0)]
# (hotel, department): overtime hours a shift on average, agency hours a day
_STRETCHED = {("PMI1", "KT"): (2.6, 6), ("PMI1", "FB"): (1.9, 16), ("BCN1", "FO"): (1.7, 0),
              ("TFS1", "HK"): (0.4, 40), ("MAD1", "HK"): (0.3, 12)}


def _staff(db: Db, rnd: random.Random) -> None:
    r = db.rows
    r("dept", [(d, name, div) for d, name, div, _ in _DEPTS])
    emps: list[tuple[Value, ...]] = []
    sheets: list[tuple[Value, ...]] = []
    agency: list[tuple[Value, ...]] = []
    eno = 0
    sid = 0
    aid = 0
    for c in _HOTEL_CODES:
        for d, _, _, heads in _DEPTS:
            ot, agy = _STRETCHED.get((c, d), (0.15, 0))
            for _ in range(heads):
                eno += 1
                emps.append((eno, f"Apellido{eno:03d}", f"Nombre{eno:03d}", c, d, None,
                             dt.date(2010 + eno % 15, 1 + eno % 12, 1), None,
                             "SE" if c in _RESORTS and eno % 3 == 0 else "PE", 40.0,
                             round(rnd.uniform(11, 16), 2)))
                for day in range(62, _DAYS):
                    if (day + eno) % 7 in (0, 1):
                        continue
                    sid += 1
                    extra = max(0.0, round(rnd.gauss(ot, ot / 2), 1))
                    sheets.append((sid, eno, _d(day), 8.0, extra, 1.25 if extra < 2 else 1.5,
                                   True, "K"))
            for day in range(62, _DAYS):
                if agy and rnd.random() < 0.9:
                    aid += 1
                    agency.append((aid, "ETT1" if aid % 2 else "ETT2", c, d, _d(day),
                                   float(agy), 19.5, d, "PK"))
        for day in (70, 84):  # a wedding now and then, covered by the agency
            aid += 1
            agency.append((aid, "ETT2", c, "FB", _d(day), 16.0, 19.5, "Camarero", "EV"))
    r("emp", emps)
    r("tmsht", sheets)
    r("agy_supp", [("ETT1", "Flexiplan ETT SL", None, True),
                   ("ETT2", "Hosteltemp Recursos Humanos SL", None, True)])
    r("agy_bkg", agency)


# dish, PLU, name, section, price, how often it is ordered, recipe (item, qty, yield %)
_DISHES = [
    (1, "1001", "Pulpo a la gallega", "MN", 22.0, 30, [(204, 0.25, 100), (208, 0.15, 90),
                                                       (209, 0.02, 100)]),
    (2, "1002", "Bogavante a la plancha", "MN", 46.0, 2, [(205, 0.35, 45), (209, 0.02, 100)]),
    (3, "1003", "Solomillo Rossini con trufa", "MN", 39.0, 3,
     [(201, 0.22, 80), (214, 0.05, 100), (213, 0.008, 100)]),
    (4, "1004", "Tartar de atun rojo", "ST", 24.0, 3, [(215, 0.15, 70), (209, 0.01, 100)]),
    (5, "1005", "Arroz negro", "MN", 19.0, 4, [(207, 0.1, 100), (220, 0.01, 100),
                                               (221, 0.12, 85)]),
    (6, "1006", "Ensalada de tomate", "ST", 11.0, 20, [(210, 0.25, 90), (209, 0.02, 100)]),
    (7, "1007", "Jamon iberico de bellota", "ST", 26.0, 25, [(206, 0.08, 60)]),
    (8, "1008", "Salmon a la plancha", "MN", 21.0, 18, [(202, 0.2, 85), (222, 0.5, 100)]),
    (9, "1009", "Pollo de corral asado", "MN", 18.0, 15, [(211, 0.35, 70), (208, 0.2, 90)]),
    (10, "1010", "Bacalao al pil-pil", "MN", 24.0, 12, [(212, 0.22, 95), (209, 0.06, 100)]),
    (11, "1011", "Croquetas de jamon", "ST", 12.0, 22, [(206, 0.02, 100), (219, 0.1, 100)]),
    (12, "1012", "Coulant de chocolate", "DS", 8.0, 20, [(217, 0.06, 100), (218, 0.1, 100)]),
    (13, "1013", "Tabla de quesos", "DS", 14.0, 6, [(216, 0.12, 95)]),
    (14, "1014", "Tortilla de patata", "ST", 10.0, 18, [(208, 0.3, 90), (218, 0.3, 100)]),
    (15, "1015", "Micuit de foie", "ST", 22.0, 2, [(214, 0.08, 100)]),
    (16, "1016", "Langostinos al ajillo", "ST", 19.0, 10, [(203, 0.18, 60), (209, 0.04, 100)]),
    (17, "2001", "Cafe solo", "BV", 2.5, 30, []),
    (18, "2002", "Copa de vino tinto", "BV", 5.5, 25, []),
]


def _fnb_rows(db: Db, rnd: random.Random) -> None:
    r = db.rows
    restaurants = ["MAD1", "BCN1", "PMI1", "AGP1", "LIS1", "FAO1"]
    r("outlet", [(f"{c}R", c, f"Restaurante {c}", "RS", 90, dt.time(13), dt.time(23, 30))
                 for c in restaurants]
      + [(f"{c}B", c, f"Bar {c}", "BR", 40, dt.time(10), dt.time(1)) for c in restaurants])
    r("fb_cat", [("COC", "Cocina", "F"), ("BEB", "Bebidas", "B")])
    r("fb_item", [(i, plu, name, "BEB" if sect == "BV" else "COC", sect, price,
                   "R10", True, dt.date(2024, 3, 1))
                  for i, plu, name, sect, price, _, _ in _DISHES]
      + [(19, "1019", "Gazpacho andaluz", "COC", "ST", 9.0, "R10", False,
          dt.date(2019, 5, 1))])
    r("rcp_ln", [(i, n, item, qty, None, float(yld))
                 for i, *_, recipe in _DISHES
                 for n, (item, qty, yld) in enumerate(recipe, start=1)]
      + [(19, 1, 210, 0.3, None, 90.0)])
    checks: list[tuple[Value, ...]] = []
    lines: list[tuple[Value, ...]] = []
    cid = 0
    weights = [d[5] for d in _DISHES]
    for c in restaurants:
        for day in range(62, _DAYS):
            for _ in range(15):
                cid += 1
                opened = _ts(day, rnd.choice([13, 14, 20, 21]), rnd.randint(0, 59))
                total = 0.0
                for ln in range(1, rnd.randint(2, 5)):
                    dish = rnd.choices(_DISHES, weights)[0]
                    qty = rnd.choice([1, 1, 2])
                    total += qty * dish[4]
                    lines.append((cid, ln, dish[0], qty, dish[4], 0.0, False, opened))
                checks.append((cid, f"{c}R", None, opened, opened + dt.timedelta(hours=1),
                               2, None, None, None, round(total, 2), "C"))
    r("pos_chk", checks)
    r("pos_chk_ln", lines)


# minibar: product, name, sale price, cost price, shelf days
_MB = [("AGUA", "Agua mineral 50 cl", 3.5, 0.25, 365), ("COLA", "Refresco de cola", 4.0, 0.4,
                                                           270),
       ("CERV", "Cerveza 33 cl", 5.0, 0.55, 180), ("CAVA", "Cava benjamin", 18.0, 4.5, 365),
       ("PATA", "Patatas fritas", 4.5, 0.6, 120), ("CHOC", "Chocolatina", 5.0, 0.8, 150),
       ("FRUT", "Frutos secos", 6.0, 1.1, 120), ("GIN", "Ginebra miniatura", 9.0, 2.2, 720)]
# hotel: sales a day, expired items a day, items missing and never charged a day, share of
# charges voided at check-out
_MB_HOTELS = {"MAD1": (22, 2, 1, 0.05), "MAD2": (18, 2, 1, 0.05), "BCN1": (24, 2, 2, 0.06),
              "SEV1": (3, 9, 1, 0.10), "VLC1": (12, 2, 1, 0.05), "PMI1": (16, 3, 2, 0.08),
              "TFS1": (8, 14, 9, 0.25), "AGP1": (14, 3, 1, 0.06), "LIS1": (15, 2, 1, 0.05),
              "OPO1": (10, 2, 1, 0.05), "FAO1": (20, 3, 2, 0.06)}


def _minibar(db: Db, rnd: random.Random) -> None:
    r = db.rows
    r("mb_item", [(cd, name, sale, cost, days, None, True) for cd, name, sale, cost, days
                  in _MB])
    r("mb_cfg", [(c, 0 if c == "BIO1" else dict((h[0], h[6]) for h in _HOTELS)[c], "M",
                  dt.date(2026, 6, 1)) for c in _HOTEL_CODES])
    posts: list[tuple[Value, ...]] = []
    refills: list[tuple[Value, ...]] = []
    pid = 0
    fid = 0
    for c, (sales, expired, missing, void) in _MB_HOTELS.items():
        for day in range(62, _DAYS):
            for kind, count in (("C", sales), ("X", expired), ("T", missing)):
                for _ in range(max(0, round(count * rnd.uniform(0.7, 1.3)))):
                    item = rnd.choice(_MB[3:] if kind == "X" else _MB)
                    room = f"{rnd.randint(1, 3)}{rnd.randint(1, 8):02d}"
                    when = _ts(day, 11, rnd.randint(0, 59))
                    if kind == "C":
                        pid += 1
                        posts.append((pid, c, room, None, item[0], 1, item[2], when, "A",
                                      rnd.random() < void))
                    fid += 1
                    refills.append((fid, c, room, item[0], 1, when, "camarera", kind))
    r("mb_post", posts)
    r("mb_refill", refills)


# function room, hotel, name, m2, theatre seats, days in a hundred it is really used
_FN_ROOMS = [("MAD1-GV", "MAD1", "Salon Gran Via", 420, 380, 55),
             ("MAD1-A", "MAD1", "Sala Alcala", 90, 70, 48),
             ("MAD1-B", "MAD1", "Sala Bravo Murillo", 60, 40, 35),
             ("MAD2-C", "MAD2", "Salon Castellana", 300, 260, 60),
             ("MAD2-R", "MAD2", "Sala Retiro", 45, 30, 3),
             ("BCN1-D", "BCN1", "Sala Diagonal", 350, 300, 52),
             ("BCN1-G", "BCN1", "Sala Gaudi", 80, 60, 40),
             ("SEV1-T", "SEV1", "Salon Triana", 150, 120, 4),
             ("SEV1-G", "SEV1", "Sala Giralda", 70, 50, 30),
             ("VLC1-P", "VLC1", "Salon Puerto", 200, 180, 38),
             ("VLC1-A", "VLC1", "Sala Albufera", 55, 40, 5),
             ("AGP1-M", "AGP1", "Salon Marbella", 500, 450, 45),
             ("AGP1-J", "AGP1", "Jardin de eventos", 900, 0, 25),
             ("LIS1-T", "LIS1", "Sala Tejo", 180, 150, 42),
             ("LIS1-C", "LIS1", "Sala Chiado", 60, 45, 33),
             ("FAO1-O", "FAO1", "Salao Oceano", 400, 350, 36)]


def _events_rows(db: Db, rnd: random.Random) -> None:
    r = db.rows
    r("fn_room", [(cd, c, name, m2, theatre, theatre // 2, m2 // 2, m2, True, None,
                   round(m2 * 6.5, 2)) for cd, c, name, m2, theatre, _ in _FN_ROOMS])
    r("ev_acct", [(1, "Acme Consulting Iberia SA", "CO", "ACMECO", "ES"),
                  (2, "Asociacion Espanola de Cardiologia", "AS", None, "ES"),
                  (3, "Iberia Events DMC", "AG", None, "ES"),
                  (4, "Bodas particulares", "WD", None, "ES"),
                  (5, "Farmalab Portugal SA", "CO", None, "PT")])
    bkgs: list[tuple[Value, ...]] = []
    spaces: list[tuple[Value, ...]] = []
    bid = 0
    sid = 0
    for cd, c, _, m2, _, used in _FN_ROOMS:
        for day in range(_DAYS):
            real = rnd.random() * 100 < used
            # rooms nobody uses still collect holds and bookings that fall through
            ghost = not real and rnd.random() < (0.25 if used < 10 else 0.05)
            if not (real or ghost):
                continue
            bid += 1
            status = "ACTUAL" if real else rnd.choice(["CANCELLED", "LOST", "TENTATIVE"])
            bkgs.append((bid, c, rnd.randint(1, 5), f"Evento {bid}", rnd.choice(
                ["MTG", "CNF", "WED", "TRN"]), status, _d(day), _d(day), m2 // 3, None,
                _ts(max(0, day - 40), 10), _ts(day - 5, 12) if status == "CANCELLED"
                else None, "PR" if status == "LOST" else None))
            sid += 1
            spaces.append((sid, bid, cd, _d(day), dt.time(9), dt.time(18),
                           rnd.choice(["THE", "CLS", "BNQ", "UBL"]), m2 // 4,
                           round(m2 * 5.0, 2), "P" if real else "B"))
    r("ev_bkg", bkgs)
    r("ev_space_res", spaces)


def _energy(db: Db, rnd: random.Random) -> None:
    r = db.rows
    meters: list[tuple[Value, ...]] = []
    reads: list[tuple[Value, ...]] = []
    occupied: dict[tuple[str, int], int] = {}
    for c, day, *rest in db.tables["est_ocup"].rows:
        assert isinstance(c, str) and isinstance(day, dt.date) and isinstance(rest[2], int)
        occupied[(c, day.month)] = occupied.get((c, day.month), 0) + rest[2]
    mid = 0
    for c, *_, kwh in _HOTELS:
        gas = c not in ("TFS1", "BIO1")
        main_el = mid + 1
        plan = [("EL", "Contador general electricidad", "KWH", True, None, 0.65 if gas
                 else 1.0),
                ("EL", "Subcontador cocina", "KWH", False, main_el, 0.12),
                ("EL", "Subcontador climatizacion", "KWH", False, main_el, 0.3),
                ("WT", "Contador agua", "M3", True, None, 0.0)]
        if gas:
            plan.append(("GS", "Contador gas natural", "KWH", True, None, 0.35))
        last: dict[int, float] = {}
        for util, label, uom, main, parent, share in plan:
            mid += 1
            meters.append((mid, c, util, f"SN{mid:06d}", label, uom, main, parent))
            last[mid] = float(rnd.randint(100000, 900000))
            reads.append((mid, dt.date(2026, 7, 1), last[mid], None, False))
            for month in (7, 8, 9):
                used = occupied[(c, month)] * (kwh * share if util != "WT" else 0.45)
                used = round(used * rnd.uniform(0.97, 1.03), 1)
                last[mid] += used
                reads.append((mid, dt.date(2026, month + 1, 1), round(last[mid], 1), used,
                              month == 8 and mid % 5 == 0))
    r("mtr", meters)
    r("mtr_rd", reads)
