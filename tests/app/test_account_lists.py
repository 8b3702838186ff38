"""The chat offers a dataset whose live database names accounts per person (issue 24, part 5)
only to those it has an account for: what a signed-in person may ask about is computed with
their groups, and the picker follows it. No database is needed: nothing opens."""

from __future__ import annotations

from pathlib import Path

import pytest

from planrag.errors import AccessDenied
from planrag.users import UsersFile

MANIFEST = '''
id = "ward"
title = "Night wards"
rules = "One extra nurse."

[[databases]]
kind = "mysql"
url = "mysql://main_ro:${MAIN_PW}@db.example.com:3306/hospital"

[[databases.accounts]]
group = "ward-managers"
url = "mysql://wm_ro:${WM_PW}@db.example.com:3306/hospital"
'''


def test_the_picker_offers_a_dataset_with_accounts_only_to_their_holders(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from app.auth import _known, access_of
    from app.offers import dataset_items
    from planrag.engine.session import require_access
    from planrag.runtime import registry
    from planrag.settings import load_settings

    folder = tmp_path / "datasets" / "ward"
    folder.mkdir(parents=True)
    (folder / "dataset.toml").write_text(MANIFEST)
    users = tmp_path / "users.toml"
    UsersFile(users).set_group("staff", ["ward", "demo-retail"])
    monkeypatch.setenv("CHAINLIT_AUTH_SECRET", "a-secret-for-signing-tokens-" + "x" * 20)
    settings = load_settings(env_file=None, data_dir=tmp_path, mysql_url=None,
                             datasets_dir=tmp_path / "datasets", users_file=users)
    reg = registry(settings)
    assert "ward" in reg.ids(), reg.problems

    manager = _known(settings, "header:bob", "header", ["staff", "ward-managers"])
    porter = _known(settings, "header:carol", "header", ["staff"])
    assert manager is not None and porter is not None
    mine = access_of(settings, manager, True)
    theirs = access_of(settings, porter, True)
    assert mine.groups == frozenset({"staff", "ward-managers"})
    assert "ward" in dataset_items(reg, mine).values()
    assert "ward" not in dataset_items(reg, theirs).values()
    assert "demo-retail" in dataset_items(reg, theirs).values()  # the others stay
    with pytest.raises(AccessDenied, match=r"none for you \(header:carol\) or your groups"):
        require_access(theirs, "ward")  # a picker request edited by hand
    # Without sign-in (the chat on this machine) the main account reads it for everyone.
    assert "ward" in dataset_items(reg, access_of(settings, None, False)).values()
