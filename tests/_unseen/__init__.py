"""Databases the product has never seen, generated here, to measure schema recall: whether
the first prompt's schema holds the tables a question needs.

Each module (wholesale.py, airline.py, telecom.py, transit.py, clinic.py and bank.py on
PostgreSQL, utility.py, campus.py, insurer.py, plant.py, retail.py, logistics.py, hotel.py
and build.py on MariaDB) gives its database (`build()`, whose `statements()` make it),
`QUESTIONS` (a manager's question and the tables an analyst needs to answer it, written
before anything ranked a table for them) and `DECISION` (a written decision for the
dataset's manifest). The needed tables carry table comments no more often than the others
(`_spec.balance_comments`).
measure.py connects each and reads `planrag schema --question` for every question.
"""
