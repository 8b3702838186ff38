"""`planrag schema --question` on a connected SQLite file of real size: standard output is
exactly the schema text of the first prompt, standard error why each table is in it and the
values the question names (the same test on MariaDB is in tests/live/test_big_schema.py); a
question close to a decision written in the manifest gets the tables its queries read."""

from __future__ import annotations

from pathlib import Path

from planrag.schema.budget import DEFAULT_BUDGET, LINKS_TITLE, prompt_schema
from planrag.sources.guarded import guarded
from planrag.sources.sqlite import SQLiteSource
from tests import _valued_schema as hortico
from tests.live._live import cli, live_env


async def test_schema_question_prints_the_prompt_and_says_the_links(tmp_path: Path) -> None:
    path = hortico.sqlite_file(tmp_path / "hortico.sqlite")
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
    assert said[0] == (f"in full: {len(view.shown)} of 152; named only: {len(view.named)}; "
                       f"counted: {view.omitted}")
    assert said[1:1 + len(view.shown)] == [f"  {name}: {why}" for name, why in view.reasons]
    assert "  rgn: holds \"Scotland\", which the question names" in said
    said = said[1 + len(view.shown):]
    assert said[0].startswith("values named in the question: 2; value index: 246 values of "
                              "46 columns (0 left out: too many values), ")  # then the time
    assert said[1:] == [
        "  'Scotland' is rgn.rgn_nm = 'Scotland'",
        "  'Plants & seeds' is prd_cat.cat_nm = 'Plants & seeds'",
    ]
    code, whole, err = await cli("schema", "--dataset", "horti", env=env)
    assert code == 0 and whole == schema.render() + "\n" and err == ""


_REFIT = '''
[[decisions]]
id = "refit"
title = "Store for the next garden-centre refit"
goal = "maximize"
objective = "takings of the store's sales over the last year"
unit = "GBP"
candidates = "SELECT str_cd AS decision, str_nm AS label FROM str_mst WHERE has_gdn_ctr = 0"
value = """SELECT s.str_cd AS decision, COALESCE(SUM(l.qty * l.unit_prc), 0) AS value
FROM str_mst s LEFT JOIN so_hdr h ON h.str_mst_id = s.id LEFT JOIN so_ln l ON l.so_hdr_id = h.id
WHERE s.has_gdn_ctr = 0 GROUP BY s.str_cd"""
baseline = "SELECT 0 AS value"
'''


async def test_a_question_close_to_a_written_decision_gets_its_tables(tmp_path: Path) -> None:
    path = hortico.sqlite_file(tmp_path / "hortico.sqlite")
    env = live_env(tmp_path)
    code, out, err = await cli("connect", "horti", "--sqlite", str(path), env=env)
    assert code == 0, err
    question = "Which store should get a garden centre refit next?"
    code, before, err = await cli("schema", "--dataset", "horti", "--question", question,
                                  env=env)
    assert code == 0, err
    assert "written decision" not in err
    manifest = tmp_path / "datasets" / "horti" / "dataset.toml"
    manifest.write_text(manifest.read_text() + _REFIT)
    code, out, err = await cli("schema", "--dataset", "horti", "--question", question, env=env)
    assert code == 0, err
    assert out != before and len(out.rstrip("\n")) <= DEFAULT_BUDGET
    tables = [line.split("(", 1)[0].removeprefix("TABLE ") for line in out.splitlines()
              if line.startswith("TABLE ")]
    assert tables[:3] == ["str_mst", "so_hdr", "so_ln"]
    why = ("read by the written decision \u201cStore for the next garden-centre refit\u201d, "
           "which the question is close to")
    for table in tables[:3]:
        assert f"  {table}: {why}" in err.splitlines()
    far = "Which supplier should we use for Garden tools next spring?"
    code, out, err = await cli("schema", "--dataset", "horti", "--question", far, env=env)
    assert code == 0, err
    assert "written decision" not in err
