"""A terminal front end: ask questions, browse datasets and run guarded queries by hand.

`planrag shell` (`make console`) starts it. It answers decision questions the way every
front end does (verdict first; with the configured model, or the labelled scripted
walkthrough without one), shows the datasets, their business rules and sample questions, the
schema a model would be given, and runs SQL or Cypher through exactly the guards and sources
the assistant uses, so a person can see what the assistant may and may not do.

    ask <question>         answer a decision question (or type the question alone)
    :help                  this text
    :datasets              list datasets
    :use DATASET[@DUMP]    switch dataset (or one of its dumps)
    :questions             sample questions of the current dataset
    :rules                 its business rules
    :schema [sql|graph]    the schema the model sees
    sql <query>            run SQL   (the dataset's own database; for shipped dumps SQLite,
                           or MySQL when MYSQL_URL is set)
    cypher <query>         run Cypher on the dataset's graph
    :simulate [QUESTION] [NAME=VALUE ...] [rules=R]
                           what-if: rank every decision with the dataset's simulator
                           (parameters from the question and/or NAME=VALUE)
    :quit                  leave
"""

from __future__ import annotations

import asyncio
import json
import sys
from contextlib import AsyncExitStack
from typing import TextIO

from planrag.datasets import DatasetRef, Registry
from planrag.errors import DatasetError, PlanRAGError, QueryRefused
from planrag.locations import default_target, get_kind, targets_of
from planrag.markup import printable
from planrag.runtime import check_dataset_setting, locate, open_source, registry
from planrag.settings import Settings
from planrag.sources.base import DataSource
from planrag.utf8 import InputNotText, lone_surrogate, read_line

__all__ = ["Console", "first_line", "run_console"]

HELP = __doc__.split("\n\n", 2)[2] if __doc__ else ""


class Console:
    """One interactive session; reads commands from `stdin`, writes to `stdout`."""

    def __init__(
        self, settings: Settings, stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout
    ) -> None:
        self.settings = settings
        self.stdin, self.stdout = stdin, stdout
        self.reg: Registry = registry(settings)
        self.notes: list[str] = []
        self.ref = self._first_dataset()
        self.sources: dict[str, DataSource] = {}
        self.stack = AsyncExitStack()

    def _first_dataset(self) -> str:
        """PLANRAG_DATASET; when its files are broken, the first dataset that works (and a
        note saying why), so one broken dataset does not keep the console from the others."""
        name = self.settings.dataset
        problem = self.reg.problems.get(name)
        if problem is None or not len(self.reg):
            return check_dataset_setting(self.settings, self.reg).id
        first = self.reg.ids()[0]
        self.notes.append(f"PLANRAG_DATASET: dataset {name} cannot be used: {problem}; "
                          f"starting on {first}")
        return first

    def say(self, text: str = "") -> None:
        """Print a line (or lines); data's control characters are shown, never acted on."""
        print(printable(text), file=self.stdout, flush=True)

    async def run(self) -> int:
        async with self.stack:
            self.say("PlanRAG Assistant console. Type :help for commands, :quit to leave.")
            for note in self.notes:
                self.say(f"note: {note}")
            self._describe()
            while True:
                self.stdout.write(f"[{self.ref}]> ")
                self.stdout.flush()
                try:
                    line = await asyncio.to_thread(read_line, self.stdin, "the line")
                except InputNotText as exc:
                    self.say(f"error: {exc}")
                    continue
                if not line:
                    self.say()
                    return 0
                if not await self.handle(line.strip()):
                    return 0

    async def handle(self, line: str) -> bool:
        """Run one command; False means leave."""
        if not line:
            return True
        word, _, rest = line.partition(" ")
        try:
            return await self._dispatch(word.lower(), rest.strip())
        except QueryRefused as exc:
            self.say(f"refused by the guard: {exc.reason}")
        except PlanRAGError as exc:
            self.say(f"error: {exc}")
        return True

    async def _dispatch(self, word: str, rest: str) -> bool:
        if word in (":quit", ":q", ":exit", "quit", "exit"):
            return False
        if word in (":help", "help", "?"):
            self.say(HELP)
        elif word == ":datasets":
            for ds in self.reg:
                live = ""
                if ds.live:
                    live = "  (live, read-only)" if not ds.write_privileges else (
                        "  (live, ACCOUNT MAY WRITE)")
                self.say(f"  {ds.id:22} {ds.title}{live}")
            for name, problem in sorted(self.reg.problems.items()):
                self.say(f"  {name:22} cannot be used: {problem}")
        elif word == ":use":
            await self._use(rest)
        elif word == ":questions":
            for q in self.reg.get(self._dataset_id()).questions[:10]:
                self.say(f"  {q.id}: {first_line(q.text)}")
        elif word == ":rules":
            self.say(self.reg.get(self._dataset_id()).rules)
        elif word == ":schema":
            target = self._target("cypher" if rest in ("graph", "cypher") else "sql")
            self.say((await (await self._source(target)).schema()).render())
        elif word == ":simulate":
            await self._simulate(rest)
        elif word in ("sql", "cypher"):
            if not rest:
                self.say(f"usage: {word} <query>")
                return True
            table = await (await self._source(self._target(word))).execute(rest)
            self.say(table.render())
        elif word == "ask":
            if not rest:
                self.say("usage: ask <question>, e.g. ask Which warehouse should we expand?")
                return True
            await self._ask(rest)
        elif word.startswith(":"):
            self.say(f"unknown command {word!r}; type :help")
        else:  # a question typed alone
            await self._ask(f"{word} {rest}".strip())
        return True

    async def _ask(self, question: str) -> None:
        """Answer `question` on the current dataset, verdict first, as `planrag ask` does."""
        from rich.console import Console as RichConsole

        from planrag.engine.policy import policy_model, uncovered
        from planrag.engine.render import TerminalRenderer
        from planrag.engine.session import engine_config, model_from_settings, open_engine
        from planrag.limits import limits_for
        from planrag.simulators.service import dataset_simulator

        limits_for(self.settings).check_question(question)
        dataset = self.reg.get(self._dataset_id())
        if self.settings.model_configured:
            model = model_from_settings(self.settings)
        else:
            name = dataset_simulator(dataset).name if dataset.simulator else None
            problem = uncovered(question, name)
            if problem is not None:  # only the walkthrough's own question gets an answer
                example = f" E.g. \u201c{problem.example}\u201d." if problem.example else ""
                how = "" if problem.kind == "parameter" else (
                    f"{example} No model is set up: see the README, \"Asking questions\".")
                self.say(problem.text + how)
                return
            self.say("(no model is set up: the scripted walkthrough answers)")
            model = policy_model(simulator=name)
        renderer = TerminalRenderer(RichConsole(file=self.stdout, highlight=False, emoji=False),
                                    column_names=dataset.column_names)

        async def decide(_paused: object) -> bool | None:
            self.stdout.write("Approve the new plan? [y/N] ")
            self.stdout.flush()
            try:
                line = await asyncio.to_thread(read_line, self.stdin, "the answer")
            except InputNotText as exc:  # not a yes: the current plan stands
                self.say(f"error: {exc}; the current plan stands")
                return False
            return line.strip().lower() in ("y", "yes", "approve", "ok") if line else None

        config = engine_config(self.settings)
        async with open_engine(self.settings, self.ref, None, model, config) as engine:
            async for event in engine.run_with_consent(question, decide):
                renderer.render(event)

    async def _simulate(self, rest: str) -> None:
        from planrag.simulators.service import simulate_dataset

        ref = self.ref
        overrides: dict[str, object] = {}
        rules = None
        for token in rest.split():
            name, sep, value = token.partition("=")
            if not sep:
                ref = f"{self._dataset_id()}#{token}"
            elif name == "rules":
                rules = value
            else:
                try:
                    overrides[name] = json.loads(value)
                except json.JSONDecodeError:
                    overrides[name] = value
                if lone_surrogate(overrides[name]):
                    raise InputNotText(
                        f"{name}: its value holds an unpaired surrogate escape (\\ud800 to "
                        "\\udfff alone), which is no text; write the character itself"
                    )
        run = await simulate_dataset(self.settings, ref, "dump", overrides, rules)
        self.say(run.result.render(top=8))
        if run.question is not None and run.question.answer is not None:
            self.say(f"the question's recorded answer {run.question.answer} ranks "
                     f"{run.rank_of_answer}")

    def _dataset_id(self) -> str:
        return DatasetRef.parse(self.ref).dataset

    def _target(self, language: str) -> str:
        """The dataset's target for `language` (sql: its default relational one)."""
        dataset = self.reg.get(self._dataset_id())
        targets = [t for t in targets_of(self.settings, dataset)
                   if get_kind(t).language == language]
        if not targets:
            what = "SQL" if language == "sql" else "graph (Cypher)"
            raise DatasetError(f"dataset {dataset.id} has no {what} database")
        default = default_target(self.settings, dataset)
        return default if default in targets else targets[0]

    async def _use(self, ref: str) -> None:
        if not ref:
            self.say("usage: :use DATASET[@DUMP]")
            return
        self.reg = registry(self.settings)  # datasets connected meanwhile
        self.reg.get(DatasetRef.parse(ref).dataset)  # raises for unknown ids
        for source in self.sources.values():
            await source.close()
        self.sources.clear()
        self.ref = ref
        self._describe()

    def _describe(self) -> None:
        ds = self.reg.get(self._dataset_id())
        self.say(f"\n{ds.title} ({ds.id})")
        if ds.description:
            self.say(ds.description)
        for target in targets_of(self.settings, ds):
            try:
                location = locate(self.settings, self.ref, target).location
            except PlanRAGError:
                continue
            self.say(f"  {target}: {get_kind(target).describe(location)}")
        if ds.write_privileges:
            self.say("  warning: its account may write; the assistant still only reads")
        if ds.questions:
            self.say("Sample questions:")
            for q in ds.questions[:3]:
                self.say(f"  - {first_line(q.text)}")
        self.say("")

    async def _source(self, target: str) -> DataSource:
        if target not in self.sources:
            source = await self.stack.enter_async_context(
                open_source(self.settings, self.ref, target)
            )
            self.sources[target] = source
        return self.sources[target]


def first_line(text: str, width: int = 200) -> str:
    """A question on one line: its meaningful lines joined (DQA questions start with banners),
    cut at `width` characters."""
    lines = [ln.strip().strip("=").strip() for ln in text.splitlines()]
    joined = " ".join(ln for ln in lines if ln and not ln.startswith("<"))
    return joined if len(joined) <= width else joined[: width - 1] + "…"


def run_console(settings: Settings) -> int:
    return asyncio.run(Console(settings).run())
