"""What people call values stored as codes (`[value_names]`, issue 36, 1): read from a CSV
file beside the manifest, per column, with one-line errors naming the file and the line."""

from __future__ import annotations

from pathlib import Path

import pytest

from planrag.errors import DatasetError
from planrag.manifests import load_manifest
from tests.unit.test_required import write


def test_names_are_read_per_column_in_the_files_order(tmp_path: Path) -> None:
    (tmp_path / "regions.csv").write_text(
        "value,name\nN1,Northern Fells\nN1,The Fells\n\n\"S,2\",\"Saltmarsh, South\"\n",
        encoding="utf-8")
    path = write(tmp_path, "", '[value_names]\nregion_cd = "regions.csv"\n')
    assert load_manifest(path).value_names == {"region_cd": (
        ("N1", "Northern Fells"), ("N1", "The Fells"), ("S,2", "Saltmarsh, South"))}
    assert load_manifest(write(tmp_path, "")).value_names == {}


@pytest.mark.parametrize(("table", "text", "said"), [
    ('region_cd = 5', None, "[value_names] must map a column to a CSV file of value,name rows"),
    ('region_cd = "missing.csv"', None, "cannot read value names file"),
    ('region_cd = "r.csv"', "value,name\nN1\n", "r.csv:2: each line must be value,name"),
    ('region_cd = "r.csv"', "N1,North,extra\n", "r.csv:1: each line must be value,name"),
    ('region_cd = "r.csv"', "N1, \n", "r.csv:1: each line must be value,name"),
    ('region_cd = "r.csv"', "N1,North\n" * 20_001, "more than 20,000 value names"),
    ('region_cd = "r.csv"', b"N1,Nor\xffth\n", "save it as UTF-8"),
])
def test_a_broken_names_file_gives_one_line(tmp_path: Path, table: str, text: str | bytes | None,
                                            said: str) -> None:
    if isinstance(text, bytes):
        (tmp_path / "r.csv").write_bytes(text)
    elif text is not None:
        (tmp_path / "r.csv").write_text(text, encoding="utf-8")
    with pytest.raises(DatasetError) as caught:
        load_manifest(write(tmp_path, "", f"[value_names]\n{table}\n"))
    message = str(caught.value)
    assert "\n" not in message and said in message and str(tmp_path) in message
