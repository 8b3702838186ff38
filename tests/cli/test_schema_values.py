"""`planrag schema --question` on a connected SQLite file of real size: standard output is
exactly the schema text of the first prompt, standard error the values the question names
(the same test on MariaDB is in tests/live/test_big_schema.py)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from planrag.schema.budget import DEFAULT_BUDGET, LINKS_TITLE, prompt_schema
from planrag.sources.guarded import guarded
from planrag.sources.sqlite import SQLiteSource
from tests import _valued_schema as hortico
from tests.live._live import cli, live_env


async def test_schema_question_prints_the_prompt_and_says_the_links(tmp_path: Path) -> None:
    path = tmp_path / "hortico.sqlite"
    conn = sqlite3.connect(path)
    for statement in hortico.sqlite_ddl():
        conn.execute(statement)
    conn.commit()
    conn.close()
    env = live_env(tmp_path)
    code, out, err = await cli("connect", "horti", "--sqlite", str(path), env=env)
    assert code == 0, err
    assert "value index: 246 values of 46 columns" in out
    source = guarded(SQLiteSource(path))
    try:
        schema = await source.schema()
    finally:
        await source.close()
    question = "Which stores in Scotland should get extra Plants & seeds stock?"
    code, out, err = await cli("schema", "--dataset", "horti", "--question", question, env=env)
    assert code == 0, err
    view = prompt_schema(schema, question, DEFAULT_BUDGET)
    assert out == view.text + "\n" and len(view.text) <= DEFAULT_BUDGET
    assert out.splitlines()[1:4] == [
        LINKS_TITLE,
        "'Scotland' is rgn.rgn_nm = 'Scotland'",
        "'Plants & seeds' is prd_cat.cat_nm = 'Plants & seeds'",
    ]
    said = err.splitlines()
    assert said[0].startswith("values named in the question: 2; value index: 246 values of "
                              "46 columns (0 left out: too many values), ")  # then the time
    assert said[1:] == [
        "  'Scotland' is rgn.rgn_nm = 'Scotland'",
        "  'Plants & seeds' is prd_cat.cat_nm = 'Plants & seeds'",
    ]
    code, whole, err = await cli("schema", "--dataset", "horti", env=env)
    assert code == 0 and whole == schema.render() + "\n" and err == ""
