"""The run store in Redis: keys with an expiry, each change one server-side script."""

from __future__ import annotations

import json
import math
import time
from collections.abc import Awaitable
from dataclasses import replace
from typing import Any

from planrag.errors import ConfigError
from planrag.service.run_store._common import (
    JOURNAL_KEEP_S,
    MAX_AGE_S,
    Journaled,
    PausedRun,
    T,
    Taken,
    unreachable,
)

# Atomic take: KEYS[1] the paused run, KEYS[2] its answer; ARGV[1] the answer, ARGV[2] the
# lease in seconds. Returns nil (nothing paused), {0, earlier answer} or {1, the paused run}.
_TAKE = """
if redis.call('EXISTS', KEYS[1]) == 0 then return false end
local earlier = redis.call('GET', KEYS[2])
if earlier then return {0, earlier} end
redis.call('SET', KEYS[2], ARGV[1], 'EX', ARGV[2])
return {1, redis.call('GET', KEYS[1])}
"""


# The journal in Redis: a run is a JSON string under `<prefix>run:<id>`; the runs not done
# are members of the sorted set `<prefix>leases` scored by when their lease ends, and the
# running ones of a thread members of the set `<prefix>thread:<thread>`. Each change is one
# script, so it is atomic. ARGV[1] is always the prefix, ARGV[2] the time now.
_J_ACCEPT = """
local key = ARGV[1] .. 'run:' .. ARGV[3]
local raw = redis.call('GET', key)
if raw then return {0, raw} end
redis.call('SET', key, ARGV[4], 'EX', ARGV[6])
redis.call('ZADD', ARGV[1] .. 'leases', ARGV[5], ARGV[3])
return {1, ARGV[4]}
"""
_J_START = """
local now = tonumber(ARGV[2])
local tkey = ARGV[1] .. 'thread:' .. ARGV[4]
for _, id in ipairs(redis.call('SMEMBERS', tkey)) do
  if id ~= ARGV[3] then
    local score = redis.call('ZSCORE', ARGV[1] .. 'leases', id)
    if not score then
      redis.call('SREM', tkey, id)
    elseif tonumber(score) >= now then
      return redis.call('GET', ARGV[1] .. 'run:' .. id)
    end
  end
end
local key = ARGV[1] .. 'run:' .. ARGV[3]
local raw = redis.call('GET', key)
local run = raw and cjson.decode(raw) or cjson.decode(ARGV[5])
run['plan'] = cjson.decode(ARGV[6])
run['phase'] = 'running'
run['owner'] = ARGV[7]
run['lease_until'] = tonumber(ARGV[8])
redis.call('SET', key, cjson.encode(run), 'EX', ARGV[9])
redis.call('ZADD', ARGV[1] .. 'leases', ARGV[8], ARGV[3])
redis.call('SADD', tkey, ARGV[3])
redis.call('EXPIRE', tkey, ARGV[9])
return false
"""
_J_RENEW = """
local key = ARGV[1] .. 'run:' .. ARGV[3]
local raw = redis.call('GET', key)
if not raw then return 0 end
local run = cjson.decode(raw)
if run['owner'] ~= ARGV[4] or run['phase'] == 'done' then return 0 end
run['lease_until'] = tonumber(ARGV[5])
redis.call('SET', key, cjson.encode(run), 'KEEPTTL')
redis.call('ZADD', ARGV[1] .. 'leases', ARGV[5], ARGV[3])
return 1
"""
_J_END = """
local key = ARGV[1] .. 'run:' .. ARGV[3]
local raw = redis.call('GET', key)
if not raw then return 0 end
local run = cjson.decode(raw)
if run['owner'] ~= ARGV[4] then return 0 end
run['phase'] = 'done'
run['lease_until'] = tonumber(ARGV[2])
redis.call('SET', key, cjson.encode(run), 'EX', ARGV[5])
redis.call('ZREM', ARGV[1] .. 'leases', ARGV[3])
redis.call('SREM', ARGV[1] .. 'thread:' .. run['thread'], ARGV[3])
return 1
"""
_J_TAKE = """
local now = tonumber(ARGV[2])
local ids
if ARGV[5] ~= '' then
  local score = redis.call('ZSCORE', ARGV[1] .. 'leases', ARGV[5])
  ids = {}
  if score and tonumber(score) < now then ids = {ARGV[5]} end
else
  ids = redis.call('ZRANGEBYSCORE', ARGV[1] .. 'leases', '-inf', '(' .. ARGV[2], 'LIMIT', 0,
                   tonumber(ARGV[6]))
end
local out = {}
for _, id in ipairs(ids) do
  local key = ARGV[1] .. 'run:' .. id
  local raw = false
  if string.sub(id, 1, string.len(ARGV[7])) == ARGV[7] then raw = redis.call('GET', key) end
  if raw == false then
    if string.sub(id, 1, string.len(ARGV[7])) == ARGV[7] then
      redis.call('ZREM', ARGV[1] .. 'leases', id)
    end
  else
    local run = cjson.decode(raw)
    if run['phase'] == 'done' then
      redis.call('ZREM', ARGV[1] .. 'leases', id)
    else
      run['owner'] = ARGV[3]
      run['lease_until'] = tonumber(ARGV[4])
      run['attempts'] = run['attempts'] + 1
      local text = cjson.encode(run)
      redis.call('SET', key, text, 'KEEPTTL')
      redis.call('ZADD', ARGV[1] .. 'leases', ARGV[4], id)
      table.insert(out, text)
    end
  end
end
return out
"""


# A person's places: the sorted set `<prefix>places:<person>` of tokens scored by when their
# lease ends, and the hash `<prefix>placed:<person>` of "<since>|<doing>" by token. ARGV[3]
# is the person, ARGV[4] the token.
_P_HOLD = """
local key = ARGV[1] .. 'places:' .. ARGV[3]
local what = ARGV[1] .. 'placed:' .. ARGV[3]
for _, token in ipairs(redis.call('ZRANGEBYSCORE', key, '-inf', '(' .. ARGV[2])) do
  redis.call('ZREM', key, token)
  redis.call('HDEL', what, token)
end
if redis.call('ZCARD', key) >= tonumber(ARGV[6]) then
  return redis.call('HVALS', what)
end
redis.call('ZADD', key, ARGV[7], ARGV[4])
redis.call('HSET', what, ARGV[4], ARGV[2] .. '|' .. ARGV[5])
redis.call('EXPIRE', key, ARGV[8])
redis.call('EXPIRE', what, ARGV[8])
return false
"""
_P_RENEW = """
local key = ARGV[1] .. 'places:' .. ARGV[3]
local score = redis.call('ZSCORE', key, ARGV[4])
if not score or tonumber(score) < tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', key, ARGV[5], ARGV[4])
redis.call('EXPIRE', key, ARGV[6])
redis.call('EXPIRE', ARGV[1] .. 'placed:' .. ARGV[3], ARGV[6])
return 1
"""
_P_RELEASE = """
redis.call('ZREM', ARGV[1] .. 'places:' .. ARGV[3], ARGV[4])
redis.call('HDEL', ARGV[1] .. 'placed:' .. ARGV[3], ARGV[4])
return 1
"""


# Revoke: KEYS[1] the mark, ARGV[1] seconds it must last at least (a longer one stays).
_REVOKE = """
local ttl = redis.call('TTL', KEYS[1])
if ttl >= 0 and ttl >= tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[1], '1', 'EX', ARGV[1])
return 1
"""


class RedisStore:
    """Entries are keys with an expiry; the answer to a paused run is a second key that
    expires with the lease, set by a server-side script in the same step as the read."""

    def __init__(self, url: str) -> None:
        try:
            import redis.asyncio as aioredis
        except ImportError as exc:
            raise ConfigError("PLANRAG_RUN_STORE is a redis:// URL: pip install redis") from exc
        from redis.exceptions import RedisError

        self._url = url
        self._client = aioredis.from_url(url)
        self._take = self._client.register_script(_TAKE)
        self._revoke = self._client.register_script(_REVOKE)
        self._scripts = {name: self._client.register_script(text) for name, text in
                         (("accept", _J_ACCEPT), ("start", _J_START), ("renew", _J_RENEW),
                          ("end", _J_END), ("take", _J_TAKE), ("hold", _P_HOLD),
                          ("renew_place", _P_RENEW), ("release", _P_RELEASE))}
        self._errors: tuple[type[BaseException], ...] = (RedisError, OSError)
        self._prefix = "planrag:"

    def _paused(self, key: str) -> str:
        return f"{self._prefix}paused:{key}"

    def _answer(self, key: str) -> str:
        return f"{self._prefix}answer:{key}"

    async def _do(self, work: Awaitable[T]) -> T:
        try:
            return await work
        except self._errors as exc:
            raise unreachable(self._url, exc) from exc

    async def put(self, key: str, run: PausedRun) -> None:
        payload = json.dumps({"state": run.state, "context": run.context,
                              "saved_at": run.saved_at})
        left = int(MAX_AGE_S - (time.time() - run.saved_at))
        pipe = self._client.pipeline(transaction=True)
        if left > 0:
            pipe.set(self._paused(key), payload, ex=left)
        else:
            pipe.delete(self._paused(key))
        pipe.delete(self._answer(key))
        await self._do(pipe.execute())

    async def get(self, key: str) -> PausedRun | None:
        raw, answer = await self._do(self._client.mget(self._paused(key), self._answer(key)))
        return None if raw is None or answer is not None else _decode_run(raw)

    async def take(self, key: str, answer: str, lease_s: float) -> Taken:
        got = await self._do(self._take(keys=[self._paused(key), self._answer(key)],
                                        args=[answer, max(1, int(lease_s))]))
        if not got:
            return Taken()
        won, value = got
        if int(won) == 1:
            return Taken(run=_decode_run(value))
        return Taken(earlier=value.decode() if isinstance(value, bytes) else str(value))

    async def delete(self, key: str) -> None:
        await self._do(self._client.delete(self._paused(key), self._answer(key)))

    async def turns(self, key: str) -> list[dict[str, Any]] | None:
        raw = await self._do(self._client.get(f"{self._prefix}turns:{key}"))
        return None if raw is None else list(json.loads(raw))

    async def save_turns(self, key: str, turns: list[dict[str, Any]]) -> None:
        await self._do(self._client.set(f"{self._prefix}turns:{key}", json.dumps(turns),
                                        ex=MAX_AGE_S))

    async def _script(self, name: str, *args: Any) -> Any:
        return await self._do(self._scripts[name](keys=[], args=[self._prefix, time.time(),
                                                                 *args]))

    async def journal_accept(self, run_id: str, thread: str, record: dict[str, Any],
                             owner: str, lease_s: float) -> Journaled:
        now = time.time()
        fresh = _run_json(run_id, thread, record, None, "accepted", owner, now + lease_s, 1, now)
        new, raw = await self._script("accept", run_id, fresh, now + lease_s,
                                      int(MAX_AGE_S))
        return replace(_run_from_json(raw), new=int(new) == 1)

    async def journal_start(self, run_id: str, thread: str, plan: dict[str, Any], owner: str,
                            lease_s: float) -> Journaled | None:
        now = time.time()
        fresh = _run_json(run_id, thread, {}, None, "running", owner, now + lease_s, 1, now)
        other = await self._script("start", run_id, thread, fresh, json.dumps(plan), owner,
                                   now + lease_s, int(MAX_AGE_S))
        return None if not other else _run_from_json(other)

    async def journal_renew(self, run_id: str, owner: str, lease_s: float) -> bool:
        return int(await self._script("renew", run_id, owner, time.time() + lease_s)) == 1

    async def journal_end(self, run_id: str, owner: str) -> None:
        await self._script("end", run_id, owner, int(JOURNAL_KEEP_S))

    async def journal_take_over(self, owner: str, lease_s: float, run_id: str | None = None,
                                limit: int = 20, prefix: str = "") -> list[Journaled]:
        # Runs of other kinds may fill the first `limit` lapsed ones: look a little further.
        got = await self._script("take", owner, time.time() + lease_s, run_id or "",
                                 limit if not prefix else limit * 10, prefix)
        return [_run_from_json(raw) for raw in got]

    async def journal_running(self, thread: str) -> Journaled | None:
        members: Any = self._client.smembers(f"{self._prefix}thread:{thread}")
        ids = await self._do(members)
        runs = []
        for run_id in ids:
            raw = await self._do(self._client.get(
                f"{self._prefix}run:{run_id.decode() if isinstance(run_id, bytes) else run_id}"))
            if raw is not None:
                runs.append(_run_from_json(raw))
        running = [r for r in runs if r.phase == "running"]
        return max(running, key=lambda r: r.saved_at) if running else None

    async def journal_run(self, run_id: str) -> Journaled | None:
        raw = await self._do(self._client.get(f"{self._prefix}run:{run_id}"))
        return None if raw is None else _run_from_json(raw)

    async def place_hold(self, person: str, token: str, doing: str, most: int,
                         lease_s: float) -> list[str] | None:
        now = time.time()
        held = await self._script("hold", person, token, doing, most, now + lease_s,
                                  math.ceil(lease_s) + 60)
        if held is None:
            return None
        places = [(v.decode() if isinstance(v, bytes) else str(v)).split("|", 1) for v in held]
        return [doing for _, doing in sorted(places, key=lambda p: float(p[0]))]

    async def place_renew(self, person: str, token: str, lease_s: float) -> bool:
        renewed = await self._script("renew_place", person, token, time.time() + lease_s,
                                     math.ceil(lease_s) + 60)
        return int(renewed) == 1

    async def place_release(self, person: str, token: str) -> None:
        await self._script("release", person, token)

    async def revoke(self, token: str, until: float) -> None:
        left = math.ceil(until - time.time())
        if left > 0:  # Redis keeps the mark only as long as it matters
            await self._do(self._revoke(keys=[f"{self._prefix}revoked:{token}"], args=[left]))

    async def revoked(self, token: str) -> bool:
        return bool(await self._do(self._client.exists(f"{self._prefix}revoked:{token}")))

    async def close(self) -> None:
        await self._client.aclose()


def _run_json(run_id: str, thread: str, record: dict[str, Any], plan: dict[str, Any] | None,
              phase: str, owner: str, lease_until: float, attempts: int, saved_at: float) -> str:
    return json.dumps({"run_id": run_id, "thread": thread, "record": record, "plan": plan,
                       "phase": phase, "owner": owner, "lease_until": lease_until,
                       "attempts": attempts, "saved_at": saved_at})


def _run_from_json(raw: bytes | str) -> Journaled:
    data = json.loads(raw)
    plan = data.get("plan")
    record = data.get("record")
    return Journaled(str(data["run_id"]), str(data["thread"]),
                     # Lua's JSON writes an empty object as [] (it cannot tell them apart).
                     record if isinstance(record, dict) else {},
                     plan if isinstance(plan, dict) else None, str(data["phase"]),
                     str(data["owner"]), float(data["lease_until"]), int(data["attempts"]),
                     float(data["saved_at"]))


def _decode_run(raw: bytes | str) -> PausedRun:
    data = json.loads(raw)
    return PausedRun(data["state"], data["context"], data["saved_at"])


