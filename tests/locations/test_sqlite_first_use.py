"""A shipped dataset's SQLite copy that was never loaded is loaded when it is first opened,
once, however many questions open it at the same moment. (A team's own file that is gone is
said, never created: tests/live/test_live_graph_and_sqlite.py.)"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

import planrag.loading
from planrag.errors import SourceUnavailable
from planrag.runtime import open_source
from planrag.settings import Settings, load_settings


def _settings(tmp_path: Path) -> Settings:
    return load_settings(env_file=None, data_dir=tmp_path, mysql_url=None)


async def _count(settings: Settings) -> Any:
    async with open_source(settings, "demo-retail", "sqlite") as source:
        return (await source.execute("SELECT COUNT(*) AS n FROM warehouse")).rows[0][0]


async def test_many_first_questions_at_once_load_the_copy_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings = _settings(tmp_path)
    calls: list[str] = []
    real = planrag.loading.load_sqlite

    def counted(*args: Any, **kwargs: Any) -> Any:
        calls.append(args[2].ref)
        return real(*args, **kwargs)

    monkeypatch.setattr(planrag.loading, "load_sqlite", counted)
    counts = await asyncio.gather(*(_count(settings) for _ in range(6)))
    assert len(set(counts)) == 1 and counts[0] > 0
    assert calls == ["demo-retail@retail"]
    assert await _count(settings) == counts[0] and len(calls) == 1  # loaded: never again


async def test_a_copy_that_cannot_be_written_is_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "not-a-folder"
    blocker.write_text("")
    settings = _settings(blocker)
    with pytest.raises(SourceUnavailable) as caught:
        await _count(settings)
    said = str(caught.value)
    assert said.startswith("the SQLite copy of demo-retail@retail was never loaded and cannot "
                           f"be written at {blocker}/sqlite/")
    assert "PLANRAG_DATA_DIR" in said and "\n" not in said
