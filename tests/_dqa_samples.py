"""The PlanRAG repository's two layouts of the same DQA sample.

`fixtures/dqa-original-layout-sample` is the older layout (dumps under
`data/<scenario>/db_query(parsed)/`, Locating's questions under `questions/standard/`). The
current layout holds the same files where the repository keeps them today (`queries/`,
`questions/`), so it is built from the older one rather than shipped twice: `CURRENT`, once
per test process, in a temporary folder.
"""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

from tests._sql_fixtures import FIXTURES

__all__ = ["CURRENT", "ORIGINAL", "current_layout"]

ORIGINAL = FIXTURES / "dqa-original-layout-sample"
"""The PlanRAG repository's older layout: dumps under data/<scenario>/db_query(parsed)/."""

_MOVED = {  # older layout -> current layout, under data/<scenario>/
    "locating": {"db_query(parsed)": "queries",
                 "questions/standard/simulated_question.json":
                 "questions/simulated_question.json"},
    "building": {"db_query(parsed)": "queries",
                 "questions/simulated_questions.json": "questions/simulated_questions.json"},
}


def current_layout(into: Path) -> Path:
    """The sample in the repository's current layout (data/<scenario>/queries/ and
    questions/), built under `into` from the older one: the same files, moved."""
    root = into / "dqa-current-layout-sample"
    for scenario, moves in _MOVED.items():
        for old, new in moves.items():
            source = ORIGINAL / "data" / scenario / old
            target = root / "data" / scenario / new
            target.parent.mkdir(parents=True, exist_ok=True)
            if source.is_dir():
                shutil.copytree(source, target)
            else:
                shutil.copyfile(source, target)
    shutil.copyfile(ORIGINAL / "NOTICE", root / "NOTICE")
    return root


CURRENT = current_layout(Path(tempfile.mkdtemp(prefix="planrag-dqa-sample-")))
"""The current layout (data/<scenario>/queries/): the same questions and the same files."""
