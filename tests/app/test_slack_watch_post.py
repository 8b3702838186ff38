"""What a watch made in Slack posts, as a person sees it: a watch of the shipped wards
dataset's written decision, made as Slack makes it (`slack:<user id>`, the channel's id),
run once against the fake Slack, and the captured message drawn as Slack shows it and
screenshot in headless chromium (kept with PLANRAG_SCREENSHOTS)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.app import _slack_render
from tests.app._fake_slack import FakeSlack
from tests.app.test_chat_e2e import CHROMIUM, shots  # noqa: F401 - fixture

pytestmark = [pytest.mark.e2e, pytest.mark.skipif(
    not Path(CHROMIUM).exists(),
    reason="Debian's chromium is not installed (make test-e2e installs it)")]

CHANNEL = "CWARDS0001"


async def test_a_watch_post_reads_as_slack_shows_it(
        tmp_path: Path, shots: Path, monkeypatch: pytest.MonkeyPatch) -> None:  # noqa: F811
    from planrag.settings import load_settings
    from planrag.watch import add_watch, open_book
    from planrag.watch.firing import fire_due

    async with FakeSlack() as slack:
        monkeypatch.setenv("SLACK_BOT_TOKEN", "xoxb-test")
        settings = load_settings(env_file=None, data_dir=tmp_path, mysql_url=None,
                                 slack_api_url=slack.base_url, history_url="")
        book = await open_book(settings)
        watch = await add_watch(settings, book, owner="slack:U0ANN0001", dataset="wards",
                                decision="night-nurses", params={"nurses": 2},
                                every_s=86400, channel=CHANNEL)
        [fired] = await fire_due(settings, book)
        assert fired.posted == f"1 message(s) to Slack {CHANNEL}", fired
        [post] = slack.posts()
    page = _slack_render.page(post, channels={CHANNEL: "ward-staffing"})
    assert "Watching <b>Extra night nurses \u2014 Hospital night staffing (wards)</b>" in page
    assert (f"Watch {watch.id}, every 1d: stop it with <b>unwatch {watch.id}</b> in a reply "
            "to me") in page
    shot = shots / "slack-watch-post.png"
    await _slack_render.screenshot(page, shot)
    assert shot.stat().st_size > 5000
    (shots / "slack-watch-post.html").write_text(page, encoding="utf-8")
