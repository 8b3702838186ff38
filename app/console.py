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

A command's word typed without its colon (`datasets`, `use demo-retail`) is that command, not
a question; a word close to one (`dataset`) is answered with the command it may mean.
"""

from __future__ import annotations

import asyncio
import difflib
import json
import sys
from contextlib import AsyncExitStack
from typing import TYPE_CHECKING, TextIO

from planrag.datasets import Dataset, DatasetRef, Registry
from planrag.engine.verdict import NOTHING, change_text, formats
from planrag.errors import DatasetError, PlanRAGError, QueryRefused
from planrag.locations import default_target, get_kind, targets_of
from planrag.markup import printable
from planrag.runtime import check_dataset_setting, locate, open_source, registry
from planrag.settings import Settings
from planrag.sources.base import DataSource
from planrag.utf8 import InputNotText, lone_surrogate, read_line

if TYPE_CHECKING:
    from planrag.simulators.base import Simulator
    from planrag.simulators.service import DatasetSimulation

__all__ = ["Console", "first_line", "run_console", "what_if_lines"]

HELP = __doc__.split("\n\n", 2)[2] if __doc__ else ""
COMMANDS = ("help", "datasets", "use", "questions", "rules", "schema", "simulate", "quit")
"""The commands a person may type without their colon (a line holding just one of them, or
one with what it takes, is that command, not a question)."""


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
        if not word.startswith(":") and word not in ("sql", "cypher", "ask", "help", "?"):
            meant = self._command_meant(word, rest)
            if meant is not None:
                self.say(f"(as :{meant}; commands start with a colon)")
                return await self._dispatch(f":{meant}", rest)
            near = difflib.get_close_matches(word.strip("?!.:"), COMMANDS, 1, 0.75)
            if near and not rest:
                self.say(f"did you mean :{near[0]}? Commands start with a colon (:help lists "
                         "them); a question is a sentence, or ask <question>.")
                return True
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

    def _command_meant(self, word: str, rest: str) -> str | None:
        """The command a line without its colon stands for: the command's word alone
        (`datasets`), or with what that command takes (`use demo-retail`, `schema graph`,
        `simulate extra_kg=200`); None when the line reads as a question."""
        name = word.strip("?!.")
        if name not in COMMANDS:
            return None
        if not rest:
            return name
        words = rest.split()
        takes = {
            "use": len(words) == 1,
            "schema": rest.lower() in ("sql", "graph", "cypher"),
            "simulate": "=" in words[0] or any(
                q.id == words[0] for q in self.reg.get(self._dataset_id()).questions),
        }
        return name if takes.get(name, False) else None

    async def _ask(self, question: str) -> None:
        """Answer `question` on the current dataset, verdict first, as `planrag ask` does."""
        from rich.console import Console as RichConsole

        from planrag.engine.render import TerminalRenderer
        from planrag.limits import limits_for
        from planrag.service.runs import (
            Asker,
            NotWalkthrough,
            RunService,
            consent_word,
            gate,
            terminal_user,
        )

        limits_for(self.settings).check_question(question)
        dataset = self.reg.get(self._dataset_id())
        scripted = not self.settings.model_configured
        try:
            model = gate(self.settings, dataset, question, scripted=scripted)
        except NotWalkthrough as exc:  # only the walkthrough's own question gets an answer
            self.say(exc.problem.text if exc.problem.kind == "parameter" else
                     f"{exc} No model is set up: see the README, \"Asking questions\".")
            return
        if scripted:
            self.say("(no model is set up: the scripted walkthrough answers)")
        from planrag.simulators.service import dataset_columns

        renderer = TerminalRenderer(RichConsole(file=self.stdout, highlight=False, emoji=False),
                                    column_names=dataset_columns(dataset))

        async def decide(_paused: object) -> bool | None:
            self.stdout.write("Approve the new plan? [y/N] ")
            self.stdout.flush()
            try:
                line = await asyncio.to_thread(read_line, self.stdin, "the answer")
            except InputNotText as exc:  # not a yes: the current plan stands
                self.say(f"error: {exc}; the current plan stands")
                return False
            return consent_word(line) is True if line else None

        service = RunService(self.settings, shared=False)  # places of this terminal's own
        async for event in service.ask(Asker(terminal_user()), self.ref, question, model,
                                       decide=decide):
            renderer.render(event)

    async def _simulate(self, rest: str) -> None:
        """What-if: every decision ranked by the dataset's simulator, numbers as the chat
        shows them; parameters that do not fit are said in words, never a validator's."""
        from planrag.simulators.service import (
            dataset_check,
            question_parameters,
            simulate_dataset,
        )
        from planrag.simulators.wording import parameter_problems

        dataset = self.reg.get(self._dataset_id())
        sim = dataset_check(dataset)
        question_id, overrides, rules = self._what_if_arguments(dataset, rest)
        raw: dict[str, object] = {}
        if question_id is not None:
            raw.update(question_parameters(sim, dataset.question(question_id).extra) or {})
        raw.update(overrides)
        problems = parameter_problems(sim.Parameters, raw)
        if problems:
            self.say(" ".join(problems) + " " + _what_if_example(dataset, sim))
            return
        ref = f"{dataset.id}#{question_id}" if question_id is not None else self.ref
        run = await simulate_dataset(self.settings, ref, "dump", overrides, rules)
        self.say("\n".join(what_if_lines(run, sim.title, top=8)))

    def _what_if_arguments(
        self, dataset: Dataset, rest: str
    ) -> tuple[str | None, dict[str, object], str | None]:
        """`[QUESTION] [NAME=VALUE ...] [rules=R]`: the question id, the parameters and the
        rule set. A word that is neither a question id nor NAME=VALUE continues the value
        before it (`goods=coffee beans`)."""
        question_id: str | None = None
        given: dict[str, str] = {}
        rules: str | None = None
        last: str | None = None
        for token in rest.split():
            name, sep, value = token.partition("=")
            if sep and name == "rules":
                rules, last = value, None
            elif sep:
                given[name], last = value, name
            elif any(q.id == token for q in dataset.questions):
                question_id, last = token, None
            elif last is not None:
                given[last] += f" {token}"
            else:
                raise DatasetError(f"{token!r} is neither NAME=VALUE nor a question id of "
                                   f"{dataset.id} (:questions lists them)")
        overrides: dict[str, object] = {}
        for name, value in given.items():
            try:
                overrides[name] = json.loads(value)  # numbers and true/false as such
            except json.JSONDecodeError:
                overrides[name] = value
            if lone_surrogate(overrides[name]):
                raise InputNotText(
                    f"{name}: its value holds an unpaired surrogate escape (\\ud800 to "
                    "\\udfff alone), which is no text; write the character itself"
                )
        return question_id, overrides, rules

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
        self.reg.named(ref)  # raises for unknown ids
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


def what_if_lines(run: DatasetSimulation, title: str, top: int = 8) -> list[str]:
    """A what-if ranking as the chat shows it: what was asked, the best decision against
    changing nothing, and a table of the best `top` with rounded numbers and units."""
    from planrag.engine.verdict import ranking_lines
    from planrag.simulators.wording import parameter_label, shown_value

    result = run.result
    unit, digits = result.unit, result.digits
    parameters = run.simulator.Parameters if run.simulator is not None else None
    given = [f"{parameter_label(parameters, k) if parameters else k}: {shown_value(v)}"
             for k, v in result.parameters.items() if v is not None]
    better = "higher" if result.objective == "maximise" else "lower"
    count = len(result.ranking)
    lines = [f"What-if: {title}",
             f"{' · '.join(given) or 'No parameters'}. {count} possible decision"
             f"{'' if count == 1 else 's'} ranked by {result.description} ({better} is "
             "better)."]
    if run.nothing_ranked:  # no table to show: why, in one line
        return [*lines, f"{run.nothing_ranked[:1].upper()}{run.nothing_ranked[1:]}."]
    rule_notes = run.simulator.rule_notes if run.simulator is not None else {}
    lines += ranking_lines(result, rule_notes)
    if run.as_of:
        lines.append(f"Simulated on the live data as of {run.as_of}.")
    shown = result.ranking[:top]
    shown_as = formats([c.value for c in shown], result.baseline, unit, digits)
    rows = [(str(c.rank), result.label(c.decision), shown_as[0].quantity(c.value),
             change_text(c.delta, result.baseline, shown_as)) for c in shown]
    header = ("rank", "decision", result.description, NOTHING)
    widths = [max(len(r[i]) for r in [header, *rows]) for i in range(4)]
    lines.append("")
    for r in [header, *rows]:
        lines.append(f"{r[0]:>{widths[0]}}  {r[1]:<{widths[1]}}  {r[2]:>{widths[2]}}  "
                     f"{r[3]}".rstrip())
    if count > top:
        lines.append(f"… and {count - top} more")
    if run.question is not None and run.question.answer is not None:
        match = result.find(run.question.answer)
        answer = result.label(match.decision) if match else run.question.answer
        lines.append(f"The question's recorded answer, {answer}, ranks {run.rank_of_answer} "
                     f"of {count}.")
    return lines


def _what_if_example(dataset: Dataset, sim: type[Simulator]) -> str:
    """How `:simulate` is typed on this dataset, with a sample question's parameters."""
    from planrag.simulators.service import question_parameters
    from planrag.simulators.wording import shown_value

    for q in dataset.questions:
        params = question_parameters(sim, q.extra)
        if params:
            typed = " ".join(f"{k}={shown_value(v).replace(',', '')}" for k, v in params.items()
                             if v is not None)
            return f"For example: :simulate {typed} (or a question id: :simulate {q.id})."
    names_ = " ".join(f"{n}=…" for n, f in sim.Parameters.model_fields.items()
                      if f.is_required())
    return f"For example: :simulate {names_}."


def first_line(text: str, width: int = 200) -> str:
    """A question on one line: its meaningful lines joined (DQA questions start with banners),
    cut at `width` characters."""
    lines = [ln.strip().strip("=").strip() for ln in text.splitlines()]
    joined = " ".join(ln for ln in lines if ln and not ln.startswith("<"))
    return joined if len(joined) <= width else joined[: width - 1] + "…"


def run_console(settings: Settings) -> int:
    return asyncio.run(Console(settings).run())
