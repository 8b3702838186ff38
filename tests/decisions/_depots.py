"""A small delivery network in a SQLite file, and connected datasets over it whose written
decisions rank everything, part of it, or nothing, or are broken as written: for the tests
that check nothing about a decision is hidden (issue 33, point 5).

Which depot should get a second loading bay? Each depot ships `parcels` a week at
`cost_eur` a parcel; a second bay cuts the chosen depot's cost per parcel by `:cut_eur`.
The network's weekly cost is minimised."""

from __future__ import annotations

import sqlite3
from pathlib import Path

DEPOTS = [  # code, name, region, parcels a week, cost per parcel (NULL: not measured yet)
    ("D01", "Harbour", "N", 4200, 1.9),
    ("D02", "Airport", "N", 6100, 2.4),
    ("D03", "Old Mill", "S", 2500, None),
    ("D04", "Ring Road", "S", 5300, 2.1),
    ("D05", "Rail Yard", "E", 3900, 1.7),
]

_TOTAL = "(SELECT SUM(parcels * COALESCE(cost_eur, 0)) FROM depot)"

GOOD = f'''
[[decisions]]
id = "second-bay"
title = "Second loading bay"
goal = "minimize"
objective = "network weekly parcel cost"
unit = "EUR/week"
candidates = "SELECT code AS decision, name AS label FROM depot ORDER BY code"
value = """SELECT code AS decision,
  {_TOTAL} - parcels * :cut_eur AS value FROM depot"""
baseline = "SELECT {_TOTAL} AS value"
[decisions.parameters.cut_eur]
type = "float"
default = 0.3
'''

NOTHING = '''
[[decisions]]
id = "typo-keys"
title = "Keys written differently"
goal = "minimize"
candidates = "SELECT code AS decision, name AS label FROM depot ORDER BY code"
value = "SELECT lower(code) AS decision, parcels * cost_eur AS value FROM depot"
baseline = "SELECT 0 AS value"
'''
"""`value` names every depot in lower case: no candidate has a value."""

PART = '''
[[decisions]]
id = "part"
title = "Measured depots only"
goal = "minimize"
candidates = "SELECT code AS decision, name AS label FROM depot ORDER BY code"
value = """SELECT code AS decision, parcels * cost_eur AS value FROM depot
  WHERE code <> :skip"""
baseline = "SELECT 0 AS value"
[decisions.parameters.skip]
type = "str"
default = "D05"
'''
"""D05 has no row in `value` (the depot `:skip` names) and D03's cost is NULL: three of five
are ranked."""

BY_REGION = '''
[[decisions]]
id = "by-region"
title = "A bay in one region"
goal = "minimize"
candidates = "SELECT code AS decision FROM depot WHERE region = :region"
value = "SELECT code AS decision, parcels AS value FROM depot WHERE region = :region"
baseline = "SELECT 0 AS value"
[decisions.parameters.region]
type = "str"
default = "N"
'''

UNDECLARED = '''
[[decisions]]
id = "undeclared"
title = "Uses a parameter nobody declared"
goal = "minimize"
candidates = "SELECT code AS decision FROM depot WHERE region = :area"
value = "SELECT code AS decision, parcels AS value FROM depot"
baseline = "SELECT 0 AS value"
'''

BAD_GOAL = '''
[[decisions]]
id = "cheap"
title = "The cheapest depot"
goal = "cheapest"
candidates = "SELECT code AS decision FROM depot"
value = "SELECT code AS decision, parcels AS value FROM depot"
baseline = "SELECT 0 AS value"
'''


def depots_file(folder: Path) -> Path:
    path = folder / "depots.sqlite"
    if not path.exists():
        conn = sqlite3.connect(path)
        conn.execute("CREATE TABLE depot (code TEXT PRIMARY KEY, name TEXT NOT NULL, "
                     "region TEXT NOT NULL, parcels INTEGER NOT NULL, cost_eur REAL)")
        conn.executemany("INSERT INTO depot VALUES (?, ?, ?, ?, ?)", DEPOTS)
        conn.commit()
        conn.close()
    return path


def depots_dataset(datasets: Path, dataset_id: str, *decisions: str) -> Path:
    """A connected dataset `dataset_id` over the depots' SQLite file (made beside the
    datasets folder), with `decisions` ([[decisions]] entries) in its manifest."""
    folder = datasets / dataset_id
    folder.mkdir(parents=True)
    path = depots_file(datasets.parent)
    (folder / "dataset.toml").write_text(
        f'id = "{dataset_id}"\ntitle = "Depots ({dataset_id})"\n'
        'rules = "Cost is parcels times the cost per parcel."\n\n'
        f'[[databases]]\nkind = "sqlite"\npath = "{path}"\n' + "".join(decisions))
    return folder
