"""Where `planrag` keeps its data: `.planrag` in the working directory (where `.env` is read
too), whichever checkout the package runs from; PLANRAG_DATA_DIR and PLANRAG_DATASETS_DIR
move it; `planrag datasets` says which folder is used. The shipped datasets are found from
anywhere."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

from tests._sql_fixtures import ROOT


def planrag_in(cwd: Path, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
    """`planrag ARGS` run from `cwd`, with no data-folder setting of the test run's own."""
    base = {k: v for k, v in os.environ.items()
            if k not in ("PLANRAG_DATA_DIR", "PLANRAG_DATASETS_DIR", "PLANRAG_GRAPH_DIR")}
    return subprocess.run([sys.executable, "-m", "planrag", *args], capture_output=True,
                          text=True, cwd=cwd, env={**base, "MYSQL_URL": "", **env},
                          timeout=300, check=False)


def test_the_data_folder_is_the_working_directorys(tmp_path: Path) -> None:
    """A second checkout (or any folder) sharing the virtual environment keeps its own data,
    not the data of the checkout the package is installed from."""
    work = tmp_path / "second-checkout"
    work.mkdir()
    loaded = planrag_in(work, "load", "--target", "sqlite", "demo-retail")
    assert loaded.returncode == 0, loaded.stderr
    copy = work / ".planrag" / "sqlite" / "planrag_demo_retail_retail.sqlite"
    assert str(copy) in loaded.stdout and copy.is_file()
    assert str(ROOT / ".planrag") not in loaded.stdout

    own = tmp_path / "own.sqlite"
    with sqlite3.connect(own) as conn:
        conn.execute("CREATE TABLE stores (id INTEGER PRIMARY KEY, name TEXT)")
    connected = planrag_in(work, "connect", "shop", "--sqlite", str(own))
    assert connected.returncode == 0, connected.stderr
    assert (work / ".planrag" / "datasets" / "shop" / "dataset.toml").is_file()

    listed = planrag_in(work, "datasets")
    assert listed.returncode == 0, listed.stderr
    assert "demo-retail" in listed.stdout and "shop" in listed.stdout  # shipped ones found
    assert (f"data folder: {work / '.planrag'} (in the working directory; PLANRAG_DATA_DIR "
            "moves it); connected datasets in its datasets/ folder") in listed.stdout
    assert f"SQLite file {copy} (loaded from retail.sql)" in listed.stdout

    elsewhere = planrag_in(tmp_path, "datasets")  # another folder: its own, empty, data
    assert "shop" not in elsewhere.stdout and f"{tmp_path / '.planrag'} (in the" in \
        elsewhere.stdout


def test_the_settings_move_the_data_folder(tmp_path: Path) -> None:
    work = tmp_path / "work"
    work.mkdir()
    data, datasets = tmp_path / "data", tmp_path / "connected"
    listed = planrag_in(work, "datasets", PLANRAG_DATA_DIR=str(data))
    assert f"data folder: {data} (PLANRAG_DATA_DIR); connected datasets in its" in listed.stdout
    loaded = planrag_in(work, "load", "--target", "sqlite", "demo-retail",
                        PLANRAG_DATA_DIR=str(data))
    assert loaded.returncode == 0 and (data / "sqlite").is_dir(), loaded.stderr
    assert not (work / ".planrag").exists()

    (work / ".env").write_text(f"PLANRAG_DATA_DIR={data}\nPLANRAG_DATASETS_DIR={datasets}\n")
    listed = planrag_in(work, "datasets")  # .env is read from the same working directory
    assert (f"data folder: {data} (PLANRAG_DATA_DIR); connected datasets: {datasets} "
            "(PLANRAG_DATASETS_DIR)") in listed.stdout
    assert not (work / ".planrag").exists()
