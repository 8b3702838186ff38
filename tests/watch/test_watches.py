"""Watched decisions, through `planrag watch` and a fake Slack: the first run posts the
current best, later runs only a change (once), a failing check once and its recovery once;
two processes running the same due watch post once; a person without the dataset's account
cannot make one."""

from __future__ import annotations

import asyncio
import shutil
import sqlite3
from collections.abc import AsyncIterator
from dataclasses import replace
from pathlib import Path

import pytest

from tests.app._fake_slack import FakeSlack
from tests.decisions._kiosks import (
    CREATE,
    DECISION,
    Kiosk,
    expected,
    insert_rows,
    kiosks,
    manifest,
)
from tests.live._live import cli, live_env, one_line_error

CHANNEL = "C0WATCH01"
ROWS = kiosks()


def _names(rows: list[Kiosk]) -> dict[str, str]:
    return {k.code: k.name for k in rows}


@pytest.fixture()
async def watched(tmp_path: Path) -> AsyncIterator[tuple[dict[str, str], Path, FakeSlack]]:
    """A live SQLite dataset with a written decision, and the Slack the watches post to."""
    path = tmp_path / "kiosks.sqlite"
    with sqlite3.connect(path) as conn:
        conn.execute(CREATE)
        conn.executemany("INSERT INTO kiosk VALUES (?, ?, ?, ?, ?, ?, ?)", insert_rows(ROWS))
    folder = tmp_path / "datasets" / "kiosks"
    folder.mkdir(parents=True)
    (folder / "dataset.toml").write_text(manifest("kiosks", f'kind = "sqlite"\npath = "{path}"'))
    async with FakeSlack() as slack:
        env = live_env(tmp_path, PLANRAG_DATASET="kiosks", SLACK_BOT_TOKEN="xoxb-test",
                       PLANRAG_SLACK_API_URL=slack.base_url)
        yield env, path, slack


def _best(rows: list[Kiosk]) -> str:
    ranking, _ = expected(rows, 1.5, 120.0)
    return _names(rows)[ranking[0][0]]


async def _run(env: dict[str, str], *extra: str) -> str:
    code, out, err = await cli("watch", "run", *extra, env=env)
    assert code == 0, err
    return out


async def test_a_watch_posts_the_best_then_only_changes_and_failures_once(
        watched: tuple[dict[str, str], Path, FakeSlack]) -> None:
    env, path, slack = watched
    code, out, err = await cli("watch", "add", "--dataset", "kiosks", "--decision", "espresso",
                               "--every", "1h", "--slack", CHANNEL, env=env)
    assert code == 0, err
    watch_id = out.split()[-1]
    assert slack.posts() == []  # adding posts nothing

    first = _best(ROWS)
    assert "posted: 1 message(s)" in await _run(env)
    post = slack.posts()[-1]
    assert post["channel"] == CHANNEL
    assert "Watching *Espresso machine" in post["text"] and f"*{first}*" in post["text"]
    assert "as of " in post["text"]  # a live database: when it was read
    assert [b["type"] for b in post["blocks"]] == ["section", "context"]
    assert watch_id in post["blocks"][1]["elements"][0]["text"]

    assert await _run(env) == ""  # not due again for an hour
    assert "posted: nothing" in await _run(env, "--all")  # run anyway: nothing changed
    assert len(slack.posts()) == 1

    # Another kiosk draws far more people: the best decision changes, said once.
    runner = next(k for k in ROWS if k.conv is not None and _names(ROWS)[k.code] != first)
    changed = [replace(k, foot=k.foot * 20) if k.code == runner.code else k for k in ROWS]
    assert _best(changed) == runner.name  # worked out apart from the product
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE kiosk SET foot_cnt = foot_cnt * 20 WHERE k_cd = ?", (runner.code,))
    await _run(env, "--all")
    await _run(env, "--all")
    assert len(slack.posts()) == 2
    text = slack.posts()[-1]["text"]
    assert "changed" in text and f"*{runner.name}*" in text and f"was *{first}*" in text

    # The table goes: the failure is said once, and the recovery once.
    with sqlite3.connect(path) as conn:
        conn.execute("ALTER TABLE kiosk RENAME TO kiosk_moved")
    assert "the check failed" in await _run(env, "--all")
    await _run(env, "--all")
    assert len(slack.posts()) == 3
    assert slack.posts()[-1]["text"].startswith("The check of *Espresso machine")
    assert "failed" in slack.posts()[-1]["text"]
    with sqlite3.connect(path) as conn:
        conn.execute("ALTER TABLE kiosk_moved RENAME TO kiosk")
    await _run(env, "--all")
    await _run(env, "--all")
    assert len(slack.posts()) == 4
    assert "works again" in slack.posts()[-1]["text"]
    assert f"*{runner.name}*" in slack.posts()[-1]["text"]

    code, out, err = await cli("audit", env=env)
    assert code == 0 and f"watch {watch_id}: added" in out
    assert out.count(f"watch {watch_id}:") == 9  # added, then eight runs
    code, out, _ = await cli("watch", "list", env=env)
    assert watch_id in out and runner.name in out


async def test_two_processes_run_a_due_watch_once(
        watched: tuple[dict[str, str], Path, FakeSlack]) -> None:
    env, _, slack = watched
    code, out, err = await cli("watch", "add", "--dataset", "kiosks", "--every", "30m",
                               "--slack", CHANNEL, env=env)
    assert code == 0, err
    watch_id = out.split()[-1]
    runs = await asyncio.gather(*(cli("watch", "run", env=env, process=True) for _ in range(3)))
    assert [code for code, _, _ in runs] == [0, 0, 0], [err for _, _, err in runs]
    # One process ran the check (the others found its run in the journal and left it).
    assert sum(watch_id in out for _, out, _ in runs) == 1, [out for _, out, _ in runs]
    assert sum("posted: 1 message(s)" in out for _, out, _ in runs) == 1
    assert len(slack.posts()) == 1


async def test_only_a_person_with_the_dataset_and_its_account_may_watch(tmp_path: Path) -> None:
    folder = tmp_path / "datasets" / "ward"
    folder.mkdir(parents=True)
    (folder / "dataset.toml").write_text(
        'id = "ward"\ntitle = "Night wards"\nrules = "r"\n\n[[databases]]\nkind = "mysql"\n'
        'url = "mysql://main_ro:${MAIN_PW}@db.example.com:3306/hospital"\n\n'
        '[[databases.accounts]]\nuser = "alice"\n'
        'url = "mysql://alice_ro:${ALICE_PW}@db.example.com:3306/hospital"\n' + DECISION)
    users = tmp_path / "users.toml"
    env = live_env(tmp_path, PLANRAG_DATASET="ward", PLANRAG_USERS_FILE=str(users),
                   MAIN_PW="x-main-pw", ALICE_PW="x-alice-pw")
    for name, datasets in (("alice", "ward"), ("bob", "ward"), ("carol", "demo-retail")):
        code, _, err = await cli("users", "add", name, "--no-password", "--datasets", datasets,
                                 env=env)
        assert code == 0, err
    base = ("watch", "add", "--dataset", "ward", "--every", "1d", "--print", "--as")
    line = one_line_error(*(await cli(*base, "bob", env=env))[::2])
    assert "bob cannot watch a decision of dataset ward: its databases name no account" in line
    line = one_line_error(*(await cli(*base, "carol", env=env))[::2])
    assert "carol cannot watch a decision of dataset ward: they may not ask about it" in line
    line = one_line_error(*(await cli(*base, "dave", env=env))[::2])
    assert "dave is not a user" in line
    code, out, err = await cli(*base, "alice", env=env)
    assert code == 0, err
    code, out, _ = await cli("watch", "list", "--as", "alice", env=env)
    assert "alice  ward/espresso" in out


async def test_what_cannot_be_watched_is_one_line(
        watched: tuple[dict[str, str], Path, FakeSlack]) -> None:
    env, _, _ = watched
    add = ("watch", "add", "--dataset", "kiosks")
    for args, said in (
            (("--every", "1h", "--slack", "#sales"), "give the channel's id"),
            (("--every", "soon", "--print"), "--every 'soon': give a span"),
            (("--every", "10s", "--print"), "give a span of at least a minute"),
            (("--decision", "nope", "--every", "1h", "--print"), "nope"),
            (("--every", "1h", "--print", "--param", "uplift=900"), "uplift"),
            (("--every", "1h", "--print", "--moves", "0"), "--moves 0")):
        assert said in one_line_error(*(await cli(*add, *args, env=env))[::2]), args
    no_token = {**env, "SLACK_BOT_TOKEN": ""}
    assert "SLACK_BOT_TOKEN is not set" in one_line_error(
        *(await cli(*add, "--every", "1h", "--slack", CHANNEL, env=no_token))[::2])
    only = {**env, "PLANRAG_SLACK_ACCESS": "C0OTHER01=kiosks"}
    assert f"does not let channel {CHANNEL} see dataset kiosks" in one_line_error(
        *(await cli(*add, "--every", "1h", "--slack", CHANNEL, env=only))[::2])
    assert "there is no watch 'wnothere'" in one_line_error(
        *(await cli("watch", "remove", "wnothere", env=env))[::2])


async def test_a_watch_stops_when_its_owner_or_its_dataset_goes(
        watched: tuple[dict[str, str], Path, FakeSlack], tmp_path: Path) -> None:
    env, _, slack = watched
    env = {**env, "PLANRAG_DATASET": "demo-retail",
           "PLANRAG_USERS_FILE": str(tmp_path / "users.toml")}
    code, _, err = await cli("users", "add", "alice", "--no-password", "--datasets", "kiosks",
                             env=env)
    assert code == 0, err
    made = {}
    for owner in ("alice", ""):
        code, out, err = await cli("watch", "add", "--dataset", "kiosks", "--every", "1d",
                                   "--slack", CHANNEL, *(("--as", owner) if owner else ()),
                                   env=env)
        assert code == 0, err
        made[owner] = out.split()[-1]
    await _run(env)
    assert len(slack.posts()) == 2

    code, _, err = await cli("users", "remove", "alice", env=env)
    assert code == 0, err
    out = await _run(env, "--all")
    assert f"{made['alice']}  found: stopped: alice is no longer a user" in out
    assert slack.posts()[-1]["text"] == ("Stopped watching *Espresso machine \u2014 Kiosks*: "
                                         "alice is no longer a user.")
    assert len(slack.posts()) == 3  # the operator's watch: nothing new

    shutil.rmtree(tmp_path / "datasets" / "kiosks")  # the dataset is removed
    out = await _run(env, "--all")
    assert f"{made['']}  found: stopped: the dataset kiosks was removed" in out
    assert "the dataset kiosks was removed" in slack.posts()[-1]["text"]
    assert len(slack.posts()) == 4
    assert await _run(env, "--all") == ""  # stopped watches run no more
    code, out, _ = await cli("watch", "list", env=env)
    assert out.count("stopped: ") == 2, out


async def test_a_slack_person_may_watch_what_the_channel_may_see(
        watched: tuple[dict[str, str], Path, FakeSlack], monkeypatch: pytest.MonkeyPatch) -> None:
    """Asked in a channel that PLANRAG_SLACK_ACCESS lets see the dataset, the person may watch
    it there (though no rule names them), and not for a channel that may not see it."""
    from planrag.errors import AccessDenied
    from planrag.settings import load_settings
    from planrag.watch import add_watch, open_book

    env, _, _ = watched
    rules = f"{CHANNEL}=kiosks; U0ASKER02=kiosks"
    for name, value in {**env, "PLANRAG_SLACK_ACCESS": rules}.items():
        monkeypatch.setenv(name, value)
    settings = load_settings(env_file=None)
    book = await open_book(settings)
    made = await add_watch(settings, book, owner="slack:U0ASKER01", dataset="kiosks",
                           decision=None, params={}, every_s=86400, channel=CHANNEL)
    assert made.decision == "espresso"
    with pytest.raises(AccessDenied, match=r"U0ASKER01 cannot watch .* may not ask about it"):
        await add_watch(settings, book, owner="slack:U0ASKER01", dataset="kiosks",
                        decision=None, params={}, every_s=86400, channel="C0ELSEWHR")
    with pytest.raises(AccessDenied, match="does not let channel C0ELSEWHR see dataset kiosks"):
        await add_watch(settings, book, owner="slack:U0ASKER02", dataset="kiosks",
                        decision=None, params={}, every_s=86400, channel="C0ELSEWHR")
    await book.store.close()


async def test_a_post_slack_does_not_take_is_sent_with_the_next_run(
        watched: tuple[dict[str, str], Path, FakeSlack]) -> None:
    env, _, slack = watched
    code, out, err = await cli("watch", "add", "--dataset", "kiosks", "--every", "1d",
                               "--slack", CHANNEL, env=env)
    assert code == 0, err
    answer = slack._answer
    slack._answer = lambda method, args: (  # type: ignore[method-assign]
        {"ok": False, "error": "not_in_channel"} if method == "chat.postMessage"
        else answer(method, args))
    out = await _run(env)
    assert "posted: not sent, kept for the next run (Slack refused the message to " \
           f"{CHANNEL}: not_in_channel)" in out
    slack._answer = answer  # type: ignore[method-assign]
    assert "posted: 1 message(s)" in await _run(env, "--all")  # nothing new: the kept one
    texts = slack.texts()
    assert len(texts) == 2 and texts[0] == texts[1]  # refused once, then sent as it was
    assert texts[1].startswith("Watching *Espresso machine")
    assert "posted: nothing" in await _run(env, "--all")


async def test_a_person_may_have_twenty_running_watches(
        watched: tuple[dict[str, str], Path, FakeSlack], monkeypatch: pytest.MonkeyPatch) -> None:
    from planrag.errors import ConfigError
    from planrag.settings import load_settings
    from planrag.watch import MOST_PER_PERSON, add_watch, open_book

    env, _, _ = watched
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    settings = load_settings(env_file=None)
    book = await open_book(settings)
    for owner in ("slack:U0MANY001", ""):  # the operator is not held to it
        for _ in range(MOST_PER_PERSON):
            await add_watch(settings, book, owner=owner, dataset="kiosks", decision=None,
                            params={}, every_s=3600, channel=CHANNEL)
    with pytest.raises(ConfigError, match="slack:U0MANY001 already has 20 running watches"):
        await add_watch(settings, book, owner="slack:U0MANY001", dataset="kiosks",
                        decision=None, params={}, every_s=3600, channel=CHANNEL)
    await add_watch(settings, book, owner="", dataset="kiosks", decision=None, params={},
                    every_s=3600, channel=CHANNEL)
    await book.store.close()
