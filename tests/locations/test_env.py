"""`${NAME}` references, URL parts and secrets files of live datasets."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from planrag.errors import DatasetError
from planrag.locations._env import (
    expand_parts,
    has_clear_password,
    read_secrets,
    reference_url,
    split_url,
    write_secrets,
)


def test_parts_of_a_url_with_a_reference() -> None:
    parts = split_url("mysql://reader:${SHOP_PW}@db.example.com:3307/shop", "x")
    assert (parts.scheme, parts.user, parts.password) == ("mysql", "reader", "${SHOP_PW}")
    assert (parts.host, parts.port, parts.path) == ("db.example.com", "3307", "shop")
    assert not has_clear_password(parts)
    assert parts.shown() == "mysql://reader:${SHOP_PW}@db.example.com:3307/shop"
    expanded = expand_parts(parts, {"SHOP_PW": "p@ss/w:rd%41"}, "x")
    assert expanded.password == "p@ss/w:rd%41"  # a value is taken as it is, never decoded


def test_a_clear_password_is_told_apart_and_hidden() -> None:
    parts = split_url("mysql://reader:s%40cret@127.0.0.1/shop", "x")
    assert has_clear_password(parts)
    assert parts.shown() == "mysql://reader:***@127.0.0.1/shop"
    assert expand_parts(parts, {}, "x").password == "s@cret"  # literal text is decoded
    assert not has_clear_password(split_url("mysql://reader@127.0.0.1/shop", "x"))
    assert not has_clear_password(split_url("mysql://reader:@127.0.0.1/shop", "x"))


def test_reference_url_replaces_the_password() -> None:
    parts = split_url("bolt://neo%20user:pw@[::1]:7687", "x")
    assert parts.host == "::1" and parts.port == "7687"
    url = reference_url(expand_parts(parts, {}, "x"), "G_PW")
    assert url == "bolt://neo%20user:${G_PW}@[::1]:7687"
    again = expand_parts(split_url(url, "x"), {"G_PW": "pw"}, "x")
    assert (again.user, again.password, again.host) == ("neo user", "pw", "::1")


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("db.example.com/shop", "is not a URL"),
        ("mysql://:pw@/shop", "names no host"),
        ("mysql://u:${1BAD}@h/shop", "is not a reference"),
        ("mysql://u:${UNCLOSED@h/shop", "is not a reference"),
        ("mysql://u@h/shop\n", "spaces or control characters"),
    ],
)
def test_bad_urls_are_one_line(url: str, message: str) -> None:
    with pytest.raises(DatasetError, match=message) as err:
        split_url(url, "manifest #1")
    assert "\n" not in str(err.value) and "manifest #1" in str(err.value)


def test_an_unknown_reference_names_the_variable() -> None:
    parts = split_url("mysql://u:${NOT_SET_ANYWHERE}@h/db", "dataset shop (mysql)")
    with pytest.raises(DatasetError) as err:
        expand_parts(parts, {}, "dataset shop (mysql)")
    assert "${NOT_SET_ANYWHERE} is not set" in str(err.value)
    assert "dataset shop (mysql)" in str(err.value)


def test_secrets_file_is_private(tmp_path: Path) -> None:
    path = tmp_path / "secrets.env"
    write_secrets(path, {"A": "x'y\\z $B ${C} #d", "EMPTY": ""})
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert read_secrets(path) == {"A": "x'y\\z $B ${C} #d", "EMPTY": ""}
    with pytest.raises(DatasetError, match="line break"):
        write_secrets(path, {"A": "one\ntwo"})


@given(st.text(alphabet=st.characters(blacklist_categories=("Cs",),
                                      blacklist_characters="\r\n\x00"), max_size=40))
def test_any_password_round_trips_through_secrets(value: str) -> None:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "secrets.env"
        write_secrets(path, {"PW": value})
        assert read_secrets(path)["PW"] == value
