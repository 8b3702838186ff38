"""Schema recall on the unseen databases: does the first prompt's schema hold the tables each
question needs?

Each database is made afresh (wholesale, airline, telecom, transit, clinic, bank, council,
leisure, fashion, port, coop and ferry on the PostgreSQL server, utility, campus, insurer,
plant, retail, logistics, hotel, build, rental, media, facilities, brewery, saas and quarry on
the MariaDB server: a module declaring SCHEMAS is a PostgreSQL one), connected as a dataset in
a PLANRAG home of its own, given its written decision, and asked every question with `planrag
schema --dataset ID --question Q`. A needed table is "in full" when stdout has a line starting
`TABLE <name>(`, "named" when the `Other tables:` line lists it, else "missing". The
selection is timed twice: the command's wall time, and `first_prompt_schema` (what the
command calls) on an open source.

    .venv/bin/python -m tests._unseen.measure [--why] [NAME ...]

with NAME one of wholesale, utility, campus, airline, insurer, telecom, plant, retail,
transit, logistics, clinic, hotel, bank, build, rental, council, leisure, media, fashion,
facilities, port, brewery, saas, coop, quarry, ferry (all by default), prints the figures;
tests/live/test_unseen_recall.py runs it and checks only its structure.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import secrets
import statistics
import sys
import tempfile
import time
import warnings
from collections.abc import AsyncIterator, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from urllib.parse import urlsplit

import aiomysql
import pymysql

from tests._pg_fixtures import ADMIN_URL, PASSWORD, _admin, scratch_database
from tests._sql_fixtures import PREFIX, TEST_PASSWORD, admin_address, admin_execute
from tests._unseen import (
    airline,
    bank,
    brewery,
    build,
    campus,
    clinic,
    coop,
    council,
    facilities,
    fashion,
    ferry,
    hotel,
    insurer,
    leisure,
    logistics,
    media,
    plant,
    port,
    quarry,
    rental,
    retail,
    saas,
    telecom,
    transit,
    utility,
    wholesale,
)
from tests.live._live import cli, live_env

MODULES: dict[str, ModuleType] = {"wholesale": wholesale, "utility": utility,
                                  "campus": campus, "airline": airline, "insurer": insurer,
                                  "telecom": telecom, "plant": plant, "retail": retail,
                                  "transit": transit, "logistics": logistics,
                                  "clinic": clinic, "hotel": hotel, "bank": bank,
                                  "build": build, "rental": rental, "council": council,
                                  "leisure": leisure, "media": media,
                                  "fashion": fashion, "facilities": facilities,
                                  "port": port, "brewery": brewery,
                                  "saas": saas, "coop": coop,
                                  "quarry": quarry, "ferry": ferry}
_OTHER = "Other tables:"


@dataclass
class Asked:
    """One question: what it needs, where each needed table ended up, and the timings."""

    question: str
    needed: set[str]
    full: set[str]
    named: set[str]
    missing: set[str]
    chars: int
    """Characters of stdout: the first prompt's schema text."""
    seconds: float
    """Wall time of the `planrag schema` command (in this process)."""
    selection_s: float | None = None
    """`first_prompt_schema` alone, on a source opened (and its schema read) before."""
    shown: list[str] = field(default_factory=list)
    """The tables stdout holds in full, in order."""
    why: str = ""
    """`planrag schema`'s standard error: each table in full and why."""


@dataclass
class Measured:
    dataset: str
    tables: int
    """Tables and views the whole schema (`planrag schema` without --question) shows."""
    budget: int
    decision: str
    """`planrag decision check`'s verdict, first line."""
    asked: list[Asked]
    whole: set[str] = field(default_factory=set)

    @property
    def needed(self) -> int:
        return sum(len(a.needed) for a in self.asked)

    @property
    def in_full(self) -> int:
        return sum(len(a.full) for a in self.asked)

    @property
    def named(self) -> int:
        return sum(len(a.named) for a in self.asked)

    @property
    def missing(self) -> int:
        return sum(len(a.missing) for a in self.asked)

    @property
    def in_full_pct(self) -> float:
        return 100.0 * self.in_full / self.needed if self.needed else 0.0


def parse(stdout: str) -> tuple[list[str], list[str]]:
    """The tables in full (`TABLE name(` lines) and those the `Other tables:` line names."""
    full = [m[1] for m in re.finditer(r"^TABLE ([^\s(]+)\(", stdout, re.M)]
    named: list[str] = []
    for line in stdout.splitlines():
        if line.startswith(_OTHER):
            rest = line[len(_OTHER):]
            named += [re.split(r"[\s(]", part.strip(), maxsplit=1)[0]
                      for part in rest.split(",") if part.strip()]
    return full, [n.rstrip(".;") for n in named if n]


def sort_out(question: str, needed: set[str], stdout: str, seconds: float) -> Asked:
    full, named = parse(stdout)
    in_full = needed & set(full)
    only_named = (needed & set(named)) - in_full
    return Asked(question, needed, in_full, only_named, needed - in_full - only_named,
                 len(stdout.rstrip("\n")), seconds, shown=full)


# -- the databases


@contextlib.asynccontextmanager
async def _postgres(module: ModuleType) -> AsyncIterator[str]:
    """The database on the PostgreSQL server, read by a role of its own: its URL."""
    tag = re.sub(r"[^a-z0-9]", "", os.environ.get("PLANRAG_TEST_TAG", "").lower())[:8]
    role = f"planrag_{tag or 'test'}_unseen_{secrets.token_hex(3)}"
    conn = await _admin(urlsplit(ADMIN_URL).path.lstrip("/") or "postgres")
    try:
        await conn.execute(f"CREATE ROLE \"{role}\" LOGIN PASSWORD '{PASSWORD}'")
    finally:
        await conn.close()
    try:
        statements = [*module.build().statements(role), "ANALYZE"]
        async with scratch_database("unseen", statements) as database:
            parts = urlsplit(ADMIN_URL)
            yield (f"postgresql://{role}:{PASSWORD}@{parts.hostname}:{parts.port or 5432}"
                   f"/{database}")
    finally:
        from planrag.sources.postgres import close_pools

        await close_pools()
        conn = await _admin("postgres")
        try:
            await conn.execute(f'DROP ROLE IF EXISTS "{role}"')
        finally:
            await conn.close()


@contextlib.asynccontextmanager
async def _mariadb(name: str, module: ModuleType) -> AsyncIterator[str]:
    """The database on the MariaDB server, read by an account that may only read it."""
    database = f"{PREFIX}unseen_{name}"
    user = f"{PREFIX}unseen_{name}"[:80]
    await admin_execute(f"DROP DATABASE IF EXISTS `{database}`",
                        f"CREATE DATABASE `{database}` CHARACTER SET utf8mb4")
    a = admin_address()
    conn = await aiomysql.connect(host=a.host, port=a.port, user=a.user, password=a.password,
                                  db=database, autocommit=True)
    made = module.build()
    try:
        async with conn.cursor() as cur:
            for statement in made.statements():
                await cur.execute(statement)
            await cur.execute("ANALYZE TABLE " + ", ".join(f"`{t}`" for t in made.tables))
    finally:
        conn.close()
    hosts = ("localhost", "127.0.0.1")
    await admin_execute(*(s for h in hosts for s in (
        f"DROP USER IF EXISTS '{user}'@'{h}'",
        f"CREATE USER '{user}'@'{h}' IDENTIFIED BY '{TEST_PASSWORD}'",
        f"GRANT SELECT, SHOW VIEW ON `{database}`.* TO '{user}'@'{h}'")))
    try:
        yield f"mysql://{user}:{TEST_PASSWORD}@{a.host}:{a.port}/{database}"
    finally:
        from planrag.sources.mysql import close_pools

        await close_pools()
        await admin_execute(f"DROP DATABASE IF EXISTS `{database}`",
                            *(f"DROP USER IF EXISTS '{user}'@'{h}'" for h in hosts))


@contextlib.asynccontextmanager
async def _database(name: str) -> AsyncIterator[list[str]]:
    """`planrag connect` arguments for the made database."""
    module = MODULES[name]
    if hasattr(module, "SCHEMAS"):  # PostgreSQL: its schemas, the first one first
        async with _postgres(module) as url:
            yield ["--postgres", url, "--postgres-schemas", ",".join(module.SCHEMAS)]
    else:
        async with _mariadb(name, module) as url:
            yield ["--mysql", url]


# -- asking


@contextlib.contextmanager
def _environment(env: dict[str, str]) -> Iterator[None]:
    saved = dict(os.environ)
    os.environ.update(env)
    try:
        yield
    finally:
        os.environ.clear()
        os.environ.update(saved)


async def _selection_times(env: dict[str, str], dataset: str,
                           questions: Sequence[str]) -> list[float]:
    """`first_prompt_schema` per question, as `planrag schema` calls it, once a source is
    open and a first selection has read its schema."""
    from planrag.engine.first_schema import first_prompt_schema
    from planrag.engine.plan_check import requirements_of
    from planrag.runtime import close_shared, open_source, registry
    from planrag.settings import load_settings

    with _environment(env):
        settings = load_settings(None)
    entries = requirements_of(registry(settings).named(dataset))
    times = []
    try:
        async with open_source(settings, dataset) as source:
            await first_prompt_schema(source, entries, questions[0], settings.schema_budget)
            for question in questions:
                start = time.perf_counter()
                await first_prompt_schema(source, entries, question, settings.schema_budget)
                times.append(time.perf_counter() - start)
    finally:
        await close_shared()
    return times


async def measure_one(name: str, home: Path) -> Measured:
    """Make, connect and ask one database."""
    module = MODULES[name]
    env = live_env(home)
    async with _database(name) as args:
        code, out, err = await cli("connect", name, *args, "--title", f"{name} (unseen)",
                                   env=env)
        if code != 0:
            raise RuntimeError(f"connect {name} failed: {err.strip() or out.strip()}")
        manifest = home / "datasets" / name / "dataset.toml"
        manifest.write_text(manifest.read_text() + module.DECISION)
        code, out, err = await cli("decision", "check", name, env=env)
        verdict = (out.strip() or err.strip()).splitlines()
        decision = f"exit {code}: " + " | ".join(verdict[:3])
        code, whole, err = await cli("schema", "--dataset", name, env=env)
        if code != 0:
            raise RuntimeError(f"schema {name} failed: {err.strip()}")
        every, _ = parse(whole)
        asked = []
        for question, needed in module.QUESTIONS:
            start = time.perf_counter()
            code, out, err = await cli("schema", "--dataset", name, "--question", question,
                                       env=env)
            seconds = time.perf_counter() - start
            if code != 0:
                raise RuntimeError(f"schema --question failed on {name}: {err.strip()}")
            asked.append(sort_out(question, set(needed), out, seconds))
            asked[-1].why = err
        with contextlib.suppress(Exception):  # the figures stand without the finer timing
            times = await _selection_times(env, name, [q for q, _ in module.QUESTIONS])
            for one, took in zip(asked, times, strict=True):
                one.selection_s = took
        with _environment(env):
            from planrag.settings import load_settings

            budget = load_settings(None).schema_budget
        return Measured(name, len(every), budget, decision, asked, set(every))


async def measure(names: Sequence[str] = tuple(MODULES)) -> list[Measured]:
    with tempfile.TemporaryDirectory(prefix="planrag-unseen-") as folder:
        return [await measure_one(name, Path(folder) / name) for name in names]


def report(results: Sequence[Measured], why: bool = False) -> str:
    lines = []
    for r in results:
        cmd = [a.seconds for a in r.asked]
        sel = [a.selection_s for a in r.asked if a.selection_s is not None]
        shown = statistics.median(len(a.shown) for a in r.asked)
        lines.append(
            f"== {r.dataset}: {r.tables} tables, {shown:.0f} in full a prompt (chance "
            f"{100 * shown / r.tables:.0f}%); needed {r.needed}: in full {r.in_full} "
            f"({r.in_full_pct:.0f}%), named {r.named}, missing {r.missing}; "
            f"`planrag schema` median {statistics.median(cmd):.2f}s, max {max(cmd):.2f}s"
            + (f"; selection median {statistics.median(sel) * 1000:.0f}ms, "
               f"max {max(sel) * 1000:.0f}ms" if sel else ""))
        lines.append(f"   decision check: {r.decision}")
        for a in r.asked:
            mark = f"{len(a.full)}/{len(a.needed)} in full"
            gaps = "".join(f"; {label}: {', '.join(sorted(s))}" for label, s in
                           (("named", a.named), ("missing", a.missing)) if s)
            lines.append(f"   [{mark}, {a.chars} chars, {a.seconds:.2f}s] {a.question}{gaps}")
            if why and gaps:
                lines += ["      " + line for line in a.why.splitlines()]
    return "\n".join(lines)


def main(argv: Sequence[str]) -> int:
    why = "--why" in argv
    names = [a for a in argv if a != "--why"] or list(MODULES)
    warnings.filterwarnings("ignore", category=pymysql.err.Warning)  # DROP ... IF EXISTS
    print(report(asyncio.run(measure(names)), why))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
