"""Watching a decision from Slack (`planrag.watch`): a checked answer ends with how to
watch it, and replies make, list and stop the sender's own watches.

Slack cannot ask with buttons here, so the offer is the answer's last line and the person
answers in words, as to a re-plan:

* `watch daily` (hourly, weekly, or a span: 12h, 30m, 7d) in the thread of a checked answer
  watches that answer's check, with the parameters it ran with, as the sender
  (`slack:<user id>`), posting to the thread's channel, or to another one named after `in`
  (`watch daily in #sales`, which Slack sends as `<#C0123ABCD|sales>`);
* `watches` lists the sender's own watches, `unwatch <id>` stops one of theirs.

Which check a thread's last checked answer ran, on which dataset and with which
parameters, is kept in the run store beside the thread's turns (its own key, expiring as
they do; in a direct message also under the channel, for a reply outside the answer's
thread), so the reply is understood in whatever process receives it. Everything here is
said in one line, in Slack's mrkdwn; what a manifest or a person wrote is escaped.
"""

from __future__ import annotations

import logging
import re
from dataclasses import dataclass
from typing import Any

from planrag.datasets import DatasetRef
from planrag.engine.events import AnswerChecked
from planrag.errors import ConfigError, PlanRAGError
from planrag.markup import code_span, escape
from planrag.settings import Settings

__all__ = ["WATCH_LINE", "Wanted", "offer", "reply", "wanted"]

log = logging.getLogger("planrag.slack")

WATCH_LINE = ("To have me re-check this decision here and post when the best choice changes, "
              "reply *watch daily* (or *watch hourly*, *watch weekly*, *watch 12h*).")
NOTHING_CHECKED = ("There is no checked decision in this thread to watch (or it is more than "
                   "a week old): ask a decision question, then reply *watch daily* in the "
                   "thread of its answer.")
_WORDS = {"hourly": 3600, "daily": 86400, "weekly": 7 * 86400}
_COMMAND = re.compile(r"(?i)(unwatch|watch|watches)(?:\s+(\S+))?(?:\s+in\s+(\S+))?")
_MENTION = re.compile(r"<@[A-Z0-9]+>")
_LINKED = re.compile(r"<#([CGD][A-Z0-9]{6,20})(?:\|[^>]*)?>")


class _Unclear(Exception):
    """A command that cannot be read as written; its text says how to write it."""


@dataclass(frozen=True)
class Wanted:
    """A watch command: `watch` (`what`: how often, `where`: the channel asked for),
    `watches`, or `unwatch` (`what`: the watch's id)."""

    verb: str
    what: str | None = None
    where: str | None = None


def wanted(text: str) -> Wanted | None:
    """The watch command a message is, or None. Mentions, a bold or italic mark around it
    and a closing full stop do not matter; a message of other words is none."""
    flat = re.sub(r"^[*_]+|[*_.!]+$", "", " ".join(_MENTION.sub(" ", text).split()))
    found = _COMMAND.fullmatch(flat)
    if found is None:
        return None
    verb, what, where = found.group(1).lower(), found.group(2), found.group(3)
    if (verb == "watches" and (what or where)) or (verb == "unwatch" and where):
        return None
    return Wanted(verb, what, where)


# -- the offer at the end of a checked answer


def _record_keys(thread: str, event: dict[str, Any]) -> list[str]:
    """Where a thread's last checked answer is kept (`thread`: `slack:<channel>:<ts>`)."""
    keys = ["slack-check:" + thread.removeprefix("slack:")]
    if event.get("channel_type") == "im" and event.get("channel"):
        keys.append(f"slack-check:{event['channel']}")
    return keys


async def offer(settings: Settings, thread: str, event: dict[str, Any], dataset: str | None,
                answered: AnswerChecked) -> bool:
    """Keep what `answered` checked, for a `watch` reply in its thread; whether its answer
    may end with `WATCH_LINE`: a decision (not a fact) checked by the dataset's simulator or
    a written decision (not a check proposed in the run and not saved), with the history
    database on (the watches live there) and the record kept."""
    from planrag.service.journal import store_for
    from planrag.store import history_url

    check = answered.check
    if (check is None or answered.answer.factual or check.check_origin == "proposed"
            or not dataset or history_url(settings) is None):
        return False
    record = {"dataset": DatasetRef.parse(dataset).dataset, "check": check.check_id,
              "parameters": [[str(k), v] for k, v in check.parameters]}
    try:
        for key in _record_keys(thread, event):
            await store_for(settings).save_turns(key, [record])
    except PlanRAGError as exc:
        log.warning("the checked answer of %s cannot be kept for a watch: %s", thread, exc)
        return False
    return True


async def _checked(settings: Settings, thread: str, event: dict[str, Any]
                   ) -> dict[str, Any] | None:
    from planrag.service.journal import store_for

    for key in _record_keys(thread, event):
        kept = await store_for(settings).turns(key)
        if kept and isinstance(kept[-1], dict) and kept[-1].get("dataset"):
            return kept[-1]
    return None


# -- the replies


async def reply(settings: Settings, event: dict[str, Any], command: Wanted,
                thread: str) -> str:
    """What to say to `command` from `event`'s sender in `thread`: done, or why not."""
    user = str(event.get("user") or "")
    if not user:
        return "Only a person can watch decisions: a workflow or a bot cannot own a watch."
    try:
        if command.verb == "watch":
            return await _watch(settings, event, command, thread, user)
        if command.verb == "watches":
            return await _list(settings, user)
        return await _unwatch(settings, command.what, user)
    except _Unclear as exc:
        return str(exc)
    except PlanRAGError as exc:
        said = escape(str(exc), "slack").replace(f"slack:{user}", f"<@{user}>")
        doing = "make this watch" if command.verb == "watch" else "do that now"
        return f"I cannot {doing}: {said}"


def _every(text: str | None) -> int:
    from planrag.watch import every_seconds

    if text is None:
        raise _Unclear("Say how often after *watch*: daily, hourly, weekly, or a span such as "
                       "12h, 30m or 7d.")
    if text.lower() in _WORDS:
        return _WORDS[text.lower()]
    try:
        return every_seconds(text)
    except ConfigError:
        raise _Unclear(f"*watch {escape(text[:20], 'slack')}*: say how often as daily, hourly, "
                       "weekly, or a span of at least a minute such as 12h, 30m or 7d.") from None


def _channel(text: str | None, event: dict[str, Any]) -> str:
    """The channel a watch posts to: the thread's, or the one named after `in`."""
    if text is None:
        return str(event.get("channel") or "")
    linked = _LINKED.fullmatch(text)
    if linked is not None:
        return linked.group(1)
    if re.fullmatch(r"[CGD][A-Z0-9]{6,20}", text):
        return text
    raise _Unclear(f"*in {escape(text[:30], 'slack')}*: name the channel as a link (type # and "
                   "pick it) or by its id (C0123ABCD).")


async def _watch(settings: Settings, event: dict[str, Any], command: Wanted, thread: str,
                 user: str) -> str:
    from planrag.watch import add_watch, open_book
    from planrag.watch.firing import check_title, span

    every = _every(command.what)
    channel = _channel(command.where, event)
    checked = await _checked(settings, thread, event)
    if checked is None:
        return NOTHING_CHECKED
    params = {str(p[0]): p[1] for p in checked.get("parameters") or ()
              if isinstance(p, list | tuple) and len(p) == 2}
    book = await open_book(settings)
    watch = await add_watch(settings, book, owner=f"slack:{user}",
                            dataset=str(checked["dataset"]),
                            decision=str(checked.get("check") or "") or None, params=params,
                            every_s=every, channel=channel)
    title = escape(check_title(settings, watch.dataset, watch.decision), "slack")
    return (f"Watching *{title}*{_params(watch.params)} every {span(watch.every_s)}, posting "
            f"to <#{channel}> when the best choice changes (the first post, the current best, "
            f"comes with its first run): watch `{watch.id}`; reply *unwatch {watch.id}* to "
            "stop it.")


def _params(params: dict[str, Any]) -> str:
    if not params:
        return ""
    return " with " + escape(", ".join(f"{k}={v}" for k, v in params.items()), "slack")


async def _list(settings: Settings, user: str) -> str:
    from planrag.watch import open_book

    mine = await (await open_book(settings)).all(f"slack:{user}")
    if not mine:
        return ("You watch no decisions. To watch one, reply *watch daily* in the thread of a "
                "checked answer.")
    lines = [f"*Your watches* ({len(mine)}); reply *unwatch &lt;id&gt;* to stop one:"]
    lines += [_line(settings, w) for w in mine]
    return "\n".join(lines)


def _line(settings: Settings, watch: Any) -> str:
    from planrag.watch.firing import check_title, span

    try:
        title = check_title(settings, watch.dataset, watch.decision)
    except PlanRAGError:
        title = f"{watch.decision} \u2014 {watch.dataset}"
    where = f"<#{watch.channel}>" if watch.channel else "printed"
    return (f"\u2022 `{watch.id}` *{escape(title, 'slack')}*{_params(watch.params)}, every "
            f"{span(watch.every_s)} to {where}: {escape(' '.join(watch.status.split()), 'slack')}")


async def _unwatch(settings: Settings, watch_id: str | None, user: str) -> str:
    from planrag.watch import open_book

    if not watch_id:
        return "Say which watch to stop: *unwatch &lt;id&gt;* (reply *watches* to see yours)."
    watch_id = watch_id.lower()
    book = await open_book(settings)
    watch = await book.get(watch_id)
    shown = code_span(escape(watch_id[:20], "slack"))
    if watch is None:
        return f"There is no watch {shown}; reply *watches* to see yours."
    if watch.owner != f"slack:{user}":
        return f"Watch {shown} is not yours: only the person who made it can stop it."
    if not await book.remove(watch.id):
        return f"Watch {shown} was removed meanwhile."
    await book.store.audit(watch.owner, watch.dataset, f"watch:{watch.id}", "watch",
                           watch=watch.id, found="removed in Slack", posted="nothing")
    what = escape(f"{watch.dataset}/{watch.decision}", "slack")
    return f"Stopped watch {shown} ({what}): it posts nothing more."
