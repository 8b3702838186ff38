"""`mask_url`: the password part of anything URL-like masked, however broken (issue 18,
break 9), and `scrub` for a library's message about a URL."""

from __future__ import annotations

import pytest

from planrag.redact import mask_url, scrub


@pytest.mark.parametrize(("url", "shown"), [
    # a password holding # / ? : @, with the host
    ("mysql://u:pa#ss@host:3306", "mysql://u:***@host:3306"),
    ("mysql://u:p/ss?x@host:3306/db", "mysql://u:***@host:3306/db"),
    ("mysql://u:p@ss:w0rd#@host", "mysql://u:***@host"),
    ("redis://:secret@127.0.0.1:6379/0", "redis://:***@127.0.0.1:6379/0"),
    # the host forgotten: what follows the last @, or the user's colon, is the password's
    ("mysql://u:p@ss:w0rd#", "mysql://u:***@***"),
    ("mysql://u:p@ss#w0rd/db", "mysql://u:***@***"),
    ("mysql://u:secret", "mysql://u:***"),
    ("mysql://u:pa#ss/db", "mysql://u:***"),
    ("mysql://u:p/ss?x", "mysql://u:***"),
    ("u:secret", "u:***"),
    ("secret", "***"),
    # nothing secret: unchanged
    ("mysql://reader@db.example.com:3307/shop", "mysql://reader@db.example.com:3307/shop"),
    ("http://127.0.0.1:11434/v1", "http://127.0.0.1:11434/v1"),
    ("bolt://[::1]:7687", "bolt://[::1]:7687"),
    ("sqlite:////var/planrag/a:b.sqlite", "sqlite:////var/planrag/a:b.sqlite"),
    ("host:3306", "host:3306"),
    ("", ""),
])
def test_mask_url(url: str, shown: str) -> None:
    assert mask_url(url) == shown


def test_a_reference_is_masked_too() -> None:
    assert mask_url("mysql://u:${PW}@h/db") == "mysql://u:***@h/db"


def test_scrub_masks_the_url_and_its_password_in_a_message() -> None:
    url = "postgresql://u:pa%23ssword@h/db"
    said = f"cannot connect to {url}: password pa#ssword refused (pa%23ssword)"
    assert scrub(said, url) == "cannot connect to postgresql://u:***@h/db: password *** " \
                               "refused (***)"
    # short pieces are masked only inside the URL: elsewhere they would mask ordinary words
    assert scrub("http://u:p@ss:w0rd# is not http", "http://u:p@ss:w0rd#") == \
        "http://u:***@*** is not http"
