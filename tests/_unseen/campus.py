"""A university's administrative database on MariaDB: admissions, programmes and courses,
timetabling and rooms, student housing, fees and student accounts, research grants and a
little ledger. Terse names, comments on about a third of the tables, ENUM columns, views,
backup and archive copies, and the audit, note, staging and system tables it grows.

QUESTIONS is the answer key: what a manager asks, and the tables an analyst needs for it.
"""

from __future__ import annotations

import datetime as dt
import random

from tests._unseen._spec import Db, Value, balance_comments, satellites

QUESTIONS: list[tuple[str, set[str]]] = [
    ("Which recruitment agent should we stop paying commission to?",
     {"app_src", "applicant", "student", "agent_comm"}),
    ("Which course should get an extra section next term?",
     {"crs", "crs_sect", "enrl", "waitlist"}),
    ("Which lecture theatre should we refurbish first?",
     {"room", "room_typ", "mtg", "rm_cond"}),
    ("Which residence hall should we refurbish or close?",
     {"hall", "hall_rm", "hsg_asgn", "hsg_maint"}),
    ("Which programme should cut its intake because too many first-year students drop out?",
     {"prog", "student", "term"}),
    ("Which department is underspending its research grants and risks handing money back?",
     {"dept", "grant_awd", "grant_bud", "grant_exp"}),
    ("Which sponsor should our grants office court harder?",
     {"sponsor", "proposal", "grant_awd"}),
    ("Which programme should lower its fee for international students?",
     {"prog", "fee_sched", "applicant", "offer"}),
    ("Which Engineering module should move online?",
     {"faculty", "dept", "crs", "crs_sect", "stu_attend"}),
    ("Which students should get a hardship payment before they drop out?",
     {"student", "stu_acct_txn", "stu_attend", "hardship_app"}),
    ("Which lecturers are over their teaching load and need a teaching assistant?",
     {"staff", "grade", "crs_sect", "mtg"}),
]

_LATEST = "(SELECT MAX(term_cd) FROM crs_sect)"
_WAITING = ("(SELECT s.crs_cd, COUNT(*) AS n FROM waitlist wl JOIN crs_sect s "
            f"ON s.sect_id = wl.sect_id WHERE s.term_cd = {_LATEST} GROUP BY s.crs_cd)")
_TOTAL = ("(SELECT COUNT(*) FROM waitlist wl JOIN crs_sect s ON s.sect_id = wl.sect_id "
          f"WHERE s.term_cd = {_LATEST})")

DECISION_QUESTION = QUESTIONS[1][0]
DECISION = f'''
[[decisions]]
id = "extra-section"
title = "Course to open another section"
goal = "minimize"
objective = "students left on a waiting list"
unit = "students"
candidates = """
SELECT c.crs_cd AS decision, c.crs_title AS label
FROM crs c
WHERE c.crs_cd IN (SELECT crs_cd FROM crs_sect WHERE term_cd = {_LATEST})
ORDER BY c.crs_cd"""
value = """
SELECT c.crs_cd AS decision,
       {_TOTAL} - LEAST(COALESCE(w.n, 0), :seats) AS value
FROM crs c
LEFT JOIN {_WAITING} w ON w.crs_cd = c.crs_cd
WHERE c.crs_cd IN (SELECT crs_cd FROM crs_sect WHERE term_cd = {_LATEST})"""
baseline = """
SELECT {_TOTAL} AS value"""

[decisions.parameters.seats]
type = "int"
default = 30
min = 5
max = 300
title = "Seats in the new section"
'''



def build() -> Db:
    db = Db("mariadb")
    db.enum("lvl", "UG", "PGT", "PGR")
    db.enum("dom", "HOME", "INTL")
    db.enum("dec", "ADMIT", "REJECT", "WAITLIST", "WITHDRAWN", "PENDING")
    db.enum("stu_stat", "ACTIVE", "WITHDRAWN", "GRADUATED", "SUSPENDED", "INTERRUPTED")
    db.enum("mode", "IN_PERSON", "ONLINE", "HYBRID")
    db.enum("rm_typ", "SINGLE", "ENSUITE", "STUDIO", "TWIN")
    db.enum("txn_typ", "CHARGE", "PAYMENT", "WAIVER", "REFUND")
    db.enum("outcome", "PENDING", "AWARDED", "DECLINED", "WITHDRAWN")
    db.enum("contr", "PERM", "FIXED", "HOURLY")
    _academic(db)
    _estate(db)
    _money(db)
    _noise(db)
    _views(db)
    _rows(db)
    balance_comments(db, set().union(*(n for _, n in QUESTIONS)), seed=3)
    return db


def _academic(db: Db) -> None:
    t = db.table
    t("faculty", "fac_cd* v4, fac_nm v60, dean_staff_id >staff", "Faculties")
    t("dept", "dept_cd* v6, dept_nm v80, fac_cd >faculty, hod_staff_id >staff")
    t("term", "term_cd* c6, term_nm v40, start_dt d, end_dt d, acad_yr c9")
    t("prog", "prog_cd* v8, prog_nm v120, dept_cd >dept, lvl @lvl, dur_yrs s, intake_cap s, "
      "actv_fl f", "Programmes of study")
    t("grade", "grade_cd* v4, grade_desc v60, tch_hrs_max s",
      notes={"tch_hrs_max": "contact teaching hours a week for a full-time post"})
    t("staff", "staff_id* i, staff_nm v80, dept_cd >dept, grade_cd >grade, fte r, "
      "contr @contr, start_dt d")
    t("app_src", "src_cd* v6, src_desc v60, agent_fl f, comm_pct r")
    t("applicant", "app_id* i, prog_cd >prog, term_cd >term, src_cd >app_src, app_dt d, "
      "dom_cd @dom, dec_cd @dec, stu_id >student, tariff_pts s, ctry_cd c2")
    t("offer", "offer_id* i, app_id >applicant, offer_dt d, cond_fl f, firm_dt d, decl_dt d, "
      "sch_amt n", notes={"firm_dt": "date the applicant accepted"})
    t("agent_comm", "comm_id* i, src_cd >app_src, stu_id >student, term_cd >term, "
      "comm_amt n, paid_dt d")
    t("wd_rsn", "rsn_cd* v4, rsn_desc v60")
    t("student", "stu_id* i, stu_nm v80, prog_cd >prog, adm_term_cd >term, dom_cd @dom, "
      "stu_stat @stu_stat, wd_dt d, wd_rsn_cd >wd_rsn, dob d, tutor_staff_id >staff")
    t("crs", "crs_cd* v8, crs_title v120, dept_cd >dept, credits s, lvl s, "
      "asmt_typ c2{EX|CW|MX}", notes={"asmt_typ": "EX exam, CW coursework, MX mixed"})
    t("crs_sect", "sect_id* i, crs_cd >crs, term_cd >term, sect_no s, instr_id >staff, cap s, "
      "mode @mode")
    t("enrl", "stu_id* >student, sect_id* >crs_sect, enrl_dt d, enrl_stat c3{ENR|DRP|WD}, "
      "grade_pts r")
    t("waitlist", "sect_id* >crs_sect, stu_id* >student, pos s, added_dt d")
    t("stu_attend", "sect_id* >crs_sect, stu_id* >student, wk_no* s, present_fl f")
    t("exam_sit", "sit_id* b, stu_id >student, crs_cd >crs, term_cd >term, mark s, att_no s")
    t("ext_circ", "ec_id* i, stu_id >student, sub_dt d, outcome c1{A|R}")
    t("advisor_mtg", "mtg_id* b, stu_id >student, staff_id >staff, mtg_dt d, flag_cd v6")
    t("prog_crs", "prog_cd* >prog, crs_cd* >crs, core_fl f, yr s")
    t("crs_prereq", "crs_cd* >crs, req_crs_cd* >crs")
    t("grad_award", "stu_id* >student, awd_dt d, cls_cd v4")
    t("visa_cas", "cas_id* v20, stu_id >student, issue_dt d, cas_stat c1{I|U|W}",
      "Visa sponsorship letters")
    t("placement", "plc_id* i, stu_id >student, employer v80, start_dt d, end_dt d")
    t("disab_adj", "stu_id* >student, adj_cd* v6, from_dt d")
    t("exam_slot", "exam_id* i, crs_cd >crs, room_id >room, exam_dt d, start_tm tm")
    t("invigilator", "exam_id* >exam_slot, staff_id* >staff")
    t("prog_rvw", "rvw_id* i, prog_cd >prog, rvw_dt d, outcome v80")
    t("pub_output", "pub_id* i, staff_id >staff, pub_yr s, title v200")


def _estate(db: Db) -> None:
    t = db.table
    t("bldg", "bldg_cd* v6, bldg_nm v80, campus_cd c3{CTY|PRK}, yr_built s")
    t("room_typ", "room_typ_cd* v4, typ_desc v60")
    t("room", "room_id* i, bldg_cd >bldg, room_no v10, seats s, room_typ_cd >room_typ, "
      "av_fl f, access_fl f")
    t("rm_cond", "survey_id* i, room_id >room, survey_dt d, cond_score s, backlog_amt n",
      notes={"cond_score": "1 poor .. 5 as new"})
    t("mtg", "mtg_id* i, sect_id >crs_sect, room_id >room, "
      "day_cd c3{MON|TUE|WED|THU|FRI|SAT}, start_tm tm, end_tm tm, wk_pattern v20")
    t("hall", "hall_id* v6, hall_nm v60, campus_cd c3{CTY|PRK}, catered_fl f, opened_yr s")
    t("hall_rm", "rm_id* i, hall_id >hall, rm_no v10, rm_typ @rm_typ, beds s, rent_wk n")
    t("hsg_asgn", "asgn_id* i, stu_id >student, rm_id >hall_rm, term_cd >term, start_dt d, "
      "end_dt d")
    t("hsg_app", "ha_id* i, stu_id >student, pref_hall_id >hall, app_dt d, ha_stat c1{P|O|A|D}")
    t("hsg_maint", "req_id* i, rm_id >hall_rm, req_dt d, "
      "cat_cd c4{PLMB|ELEC|HEAT|PEST|DAMP|FURN}, cls_dt d, cost_amt n")
    t("parking_permit", "permit_id* i, holder_id i, holder_typ c1{S|T}, zone v6, exp_dt d")
    t("it_acct", "login* v30, stu_id >student, staff_id >staff, crt_dt d")
    t("lab_equip", "equip_id* i, room_id >room, equip_nm v80, cost n")
    t("equip_book", "book_id* b, equip_id >lab_equip, staff_id >staff, book_dt d")
    t("meal_plan", "stu_id* >student, term_cd* >term, plan_cd v6, amt n")
    t("hall_warden", "hall_id* >hall, staff_id* >staff")
    t("key_issue", "key_id* b, rm_id >hall_rm, stu_id >student, iss_dt d, ret_dt d")
    t("lib_loan", "loan_id* b, stu_id >student, item_bc v20, out_dt d, due_dt d")


def _money(db: Db) -> None:
    t = db.table
    t("fee_sched", "prog_cd* >prog, term_cd* >term, dom_cd* @dom, tuition_amt n")
    t("stu_acct_txn", "txn_id* b, stu_id >student, txn_dt d, txn_typ @txn_typ, amt n, "
      "term_cd >term")
    t("scholarship", "sch_cd* v6, sch_nm v80, fund_src v40")
    t("sch_award", "stu_id* >student, sch_cd* >scholarship, term_cd* >term, amt n")
    t("hardship_app", "ha_id* i, stu_id >student, app_dt d, req_amt n, awd_amt n, dec_dt d")
    t("sponsor", "sponsor_cd* v6, sponsor_nm v80, sponsor_typ c3{GOV|CHR|IND|EU}, "
      "oh_cap_pct r")
    t("proposal", "prop_id* i, pi_staff_id >staff, sponsor_cd >sponsor, dept_cd >dept, "
      "sub_dt d, req_amt n, outcome @outcome")
    t("grant_awd", "awd_id* i, prop_id >proposal, pi_staff_id >staff, sponsor_cd >sponsor, "
      "dept_cd >dept, start_dt d, end_dt d, tot_amt n, oh_rate r")
    t("bud_cat", "bud_cat_cd* v4, cat_desc v60")
    t("grant_bud", "awd_id* >grant_awd, bud_cat_cd* >bud_cat, bud_amt n")
    t("grant_exp", "exp_id* b, awd_id >grant_awd, exp_dt d, bud_cat_cd >bud_cat, amt n, "
      "gl_ref v20")
    t("grant_rpt", "rpt_id* i, awd_id >grant_awd, due_dt d, sub_dt d")
    t("gl_acct", "gl_acct* c6, acct_nm v80")
    t("cost_ctr", "cc_cd* v8, cc_nm v60, dept_cd >dept")
    t("gl_txn", "txn_id* b, post_dt d, gl_acct >gl_acct, cc_cd >cost_ctr, amt n, src v10")
    t("ra_contract", "ra_id* i, awd_id >grant_awd, staff_id >staff, fte r, start_dt d, "
      "end_dt d", "Research staff paid from grants")
    t("ethics_app", "eth_id* i, prop_id >proposal, apprv_dt d")
    t("purch_ord", "po_no* i, cc_cd >cost_ctr, supp_nm v80, po_dt d, po_amt n")


def _noise(db: Db) -> None:
    db.copy("student", "student_bak", "backup before migration to the new student system")
    db.copy("applicant", "applicant_2021", "archive: 2021 admissions cycle")
    db.copy("crs", "crs_old", "deprecated - do not use")
    db.copy("enrl", "enrl_2022", "archive")
    db.copy("mtg", "tmp_tt_fix")
    db.copy("hall_rm", "hall_rm_bak", "backup before the room renumbering")
    db.copy("grant_exp", "grant_exp_bak", "backup before migration")
    db.copy("fee_sched", "fee_sched_2022", "archive: fees of 2022")
    db.copy("staff", "staff_old", "deprecated - do not use")
    db.copy("waitlist", "tmp_waitlist_fix")
    t = db.table
    t("stg_tt_imp", "imp_id* b, raw_line t, imp_ts ts", "staging: timetable import")
    t("stg_adm_feed", "imp_id* b, ext_ref v30, payload t, imp_ts ts, done_fl f",
      "staging: admissions feed")
    t("stg_fin_imp", "imp_id* b, raw_line t, imp_ts ts")
    for table, kinds in (("student", "aud note att"), ("applicant", "aud note att"),
                         ("staff", "aud"), ("crs", "aud note"), ("grant_awd", "note att"),
                         ("hsg_maint", "att"), ("room", "note"), ("prog", "aud"),
                         ("hall", "note att"), ("proposal", "note att"), ("offer", "aud"),
                         ("enrl", "aud")):
        satellites(db, table, kinds.split())
    for name, cols, comment in (
        ("sys_user", "usr_id* v30, usr_nm v80, actv_fl f", ""),
        ("sys_role", "role_cd* v20, role_desc v80", ""),
        ("sys_user_role", "usr_id* >sys_user, role_cd* >sys_role", ""),
        ("sys_param", "param_cd* v40, param_val v200", "system parameters"),
        ("sys_job", "job_id* i, job_nm v60, cron v40", ""),
        ("sys_job_log", "run_id* b, job_id >sys_job, start_ts ts, end_ts ts, rc s", ""),
        ("sys_err_log", "err_id* b, err_ts ts, src v60, err_txt t", ""),
        ("cfg_term_dates", "term_cd* >term, evt_cd* v10, evt_dt d", ""),
        ("cfg_grade_scale", "lvl_cd* v4, min_pts r, cls_cd v4", "degree classification"),
        ("rpt_def", "rpt_id* i, rpt_nm v80, sql_txt t", ""),
        ("rpt_run", "run_id* b, rpt_id >rpt_def, run_ts ts", ""),
        ("web_sess", "sess_id* v64, login v30, start_ts ts", "portal sessions"),
        ("email_q", "msg_id* b, to_addr v120, subj v200, q_ts ts, sent_fl f", ""),
        ("doc_store", "doc_id* b, owner_typ v10, owner_id v20, file_nm v200, upl_ts ts", ""),
        ("cal_evt", "evt_id* i, evt_nm v80, evt_dt d, bldg_cd >bldg", "campus events"),
        ("survey_resp", "resp_id* b, stu_id >student, survey_cd v10, q_no s, score s",
         "student survey answers"),
        ("alumni", "alum_id* i, stu_id >student, email v120, opt_in_fl f", ""),
        ("donation", "don_id* b, alum_id >alumni, don_dt d, amt n", "gifts from alumni"),
    ):
        t(name, cols, comment)


def _views(db: Db) -> None:
    db.view("v_sect_fill", "SELECT s.sect_id, s.crs_cd, s.cap, COUNT(e.stu_id) AS enrolled "
            "FROM crs_sect s LEFT JOIN enrl e ON e.sect_id = s.sect_id "
            "AND e.enrl_stat = 'ENR' GROUP BY s.sect_id, s.crs_cd, s.cap")
    db.view("v_stu_bal", "SELECT stu_id, SUM(CASE WHEN txn_typ = 'CHARGE' THEN amt "
            "ELSE -amt END) AS bal FROM stu_acct_txn GROUP BY stu_id")
    db.view("v_hall_beds", "SELECT h.hall_id, h.hall_nm, SUM(r.beds) AS beds FROM hall h "
            "JOIN hall_rm r ON r.hall_id = h.hall_id GROUP BY h.hall_id, h.hall_nm")


_COMMENTS = {
    "dept": "Academic departments", "term": "Terms (semesters)", "staff": "Academic and "
    "professional staff", "applicant": "Applications for admission", "offer": "Offers made",
    "agent_comm": "Commission owed to recruitment agents", "student": "Students",
    "crs": "Modules", "crs_sect": "Module runs (a class in a term)", "enrl": "Enrolments",
    "waitlist": "Waiting lists for full classes", "stu_attend": "Weekly attendance",
    "room": "Teaching rooms", "rm_cond": "Room condition surveys", "mtg": "Timetabled "
    "meetings of a class", "hall": "Residence halls", "hsg_asgn": "Room allocations",
    "hsg_maint": "Repair requests in halls", "fee_sched": "Tuition fees",
    "stu_acct_txn": "Student account transactions", "hardship_app": "Hardship fund "
    "applications", "sponsor": "Research funders", "grant_awd": "Research grant awards",
    "grant_exp": "Spending charged to grants", "student_aud": "audit trail",
    "prog_crs": "Modules in each programme", "crs_prereq": "Module prerequisites",
    "exam_sit": "Exam sittings and marks", "grad_award": "Degrees awarded",
    "bldg": "Buildings", "hsg_app": "Housing applications", "scholarship": "Scholarships",
    "sch_award": "Scholarship awards", "grant_rpt": "Reports due to funders",
    "gl_txn": "Ledger transactions",
}

_FACULTIES = [("ENG", "Engineering"), ("AH", "Arts and Humanities"),
              ("LS", "Life Sciences"), ("BUS", "Business School")]
_DEPTS = [("MECH", "Mechanical Engineering", "ENG"), ("CIVL", "Civil Engineering", "ENG"),
          ("ELEC", "Electrical and Electronic Engineering", "ENG"),
          ("HIST", "History", "AH"), ("ENGL", "English Literature", "AH"),
          ("BIOL", "Biology", "LS"), ("NURS", "Nursing", "LS"),
          ("ACCT", "Accounting and Finance", "BUS"), ("MKTG", "Marketing", "BUS")]
_TITLES = [("MECH", "Thermodynamics"), ("CIVL", "Statics"), ("ELEC", "Circuit Analysis"),
           ("MECH", "Fluid Mechanics"), ("ELEC", "Signals and Systems"),
           ("CIVL", "Structural Design"), ("HIST", "Early Modern Europe"),
           ("ENGL", "The Victorian Novel"), ("BIOL", "Cell Biology"), ("BIOL", "Genetics"),
           ("NURS", "Adult Nursing Practice"), ("ACCT", "Financial Reporting"),
           ("ACCT", "Corporate Finance"), ("MKTG", "Consumer Behaviour"),
           ("MKTG", "Digital Marketing"), ("MECH", "Engineering Mathematics"),
           ("CIVL", "Materials Science"), ("ELEC", "Control Systems"),
           ("HIST", "Medieval History"), ("ENGL", "Shakespeare"), ("BIOL", "Ecology"),
           ("NURS", "Pharmacology"), ("ACCT", "Auditing"), ("MKTG", "Brand Management")]


def _rows(db: Db) -> None:
    for name, text in _COMMENTS.items():
        db.comment(name, text)
    rnd = random.Random(5)
    db.rows("faculty", [(c, n, None) for c, n in _FACULTIES])
    db.rows("dept", [(c, n, f, None) for c, n, f in _DEPTS])
    db.rows("term", [("2023S1", "Autumn 2023", dt.date(2023, 9, 25), dt.date(2023, 12, 15),
                      "2023/2024"),
                     ("2024S2", "Spring 2024", dt.date(2024, 1, 22), dt.date(2024, 5, 31),
                      "2023/2024"),
                     ("2024S1", "Autumn 2024", dt.date(2024, 9, 23), dt.date(2024, 12, 13),
                      "2024/2025"),
                     ("2025S2", "Spring 2025", dt.date(2025, 1, 20), dt.date(2025, 5, 30),
                      "2024/2025")])
    db.rows("room_typ", [("LT", "Lecture theatre"), ("LAB", "Teaching lab"),
                         ("SEM", "Seminar room"), ("PC", "Computer cluster")])
    db.rows("app_src", [("DIR", "Direct online application", False, None),
                        ("CLR", "Clearing", False, None),
                        ("AGSA", "Agent - South Asia", True, 0.15),
                        ("AGWA", "Agent - West Africa", True, 0.12),
                        ("AGEA", "Agent - East Asia", True, 0.18),
                        ("PART", "Partner college", False, None)])
    db.rows("wd_rsn", [("FIN", "Financial difficulty"), ("ACAD", "Academic failure"),
                       ("HLTH", "Health"), ("TRAN", "Transferred elsewhere"),
                       ("PERS", "Personal reasons")])
    db.rows("grade", [("L", "Lecturer", 12), ("SL", "Senior lecturer", 10),
                      ("P", "Professor", 6), ("TF", "Teaching fellow", 16)])
    db.rows("bud_cat", [("SAL", "Salaries"), ("EQP", "Equipment"), ("TRV", "Travel"),
                        ("CON", "Consumables"), ("IND", "Indirect costs")])
    db.rows("sponsor", [("NSC", "National Science Council", "GOV", 0.8),
                        ("WBT", "Wellbeing Trust", "CHR", 0.0),
                        ("ADY", "AeroDyn Industries", "IND", 1.0),
                        ("HZN", "EU Horizon programme", "EU", 0.25)])
    db.rows("prog", [(f"P{n:02}", f"BSc {d[1]}" if d[2] != "AH" else f"BA {d[1]}", d[0], "UG",
                      3, 120 + 20 * n, True) for n, d in enumerate(_DEPTS)])
    courses: list[tuple[Value, ...]] = []
    for n, (dept, title) in enumerate(_TITLES):
        courses.append((f"{dept}{100 + 10 * n}", title, dept, 15, 1 + n % 3,
                        ["EX", "CW", "MX"][n % 3]))
    db.rows("crs", courses)
    sections: list[tuple[Value, ...]] = []
    for n, course in enumerate(courses):
        for term in ("2024S1", "2025S2") if n % 4 else ("2025S2",):
            sections.append((len(sections) + 1, course[0], term, 1, None,
                             rnd.choice([40, 60, 80, 120]),
                             rnd.choice(["IN_PERSON", "IN_PERSON", "HYBRID", "ONLINE"])))
    db.rows("crs_sect", sections)
    db.rows("student", [(70_000 + n, f"Student {70_000 + n}", f"P{n % 9:02}",
                         rnd.choice(["2023S1", "2024S1"]), rnd.choice(["HOME", "HOME", "INTL"]),
                         "ACTIVE", None, None, dt.date(2004 + n % 3, 1 + n % 12, 1), None)
                        for n in range(320)])
    latest = [s for s in sections if s[2] == "2025S2"]
    waiting: list[tuple[Value, ...]] = []
    seen: set[tuple[object, object]] = set()
    for _ in range(180):
        section = latest[min(int(rnd.expovariate(0.3)), len(latest) - 1)]
        student = 70_000 + rnd.randrange(320)
        if (section[0], student) in seen:
            continue
        seen.add((section[0], student))
        waiting.append((section[0], student, 1 + sum(1 for s, _ in seen if s == section[0]),
                        dt.date(2025, 1, 6)))
    db.rows("waitlist", waiting)
