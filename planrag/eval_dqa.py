"""The DQA questions `planrag eval` asks: read from a folder in this project's layout or from
a clone of the PlanRAG repository (its current layout or its older one), as a dataset whose
dumps stay where they are. Kept apart from evaluation.py, which runs and scores them: where the
questions come from is a question of files and layouts, not of runs.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from planrag.datasets import Dataset
from planrag.errors import DatasetError
from planrag.manifests import dataset_from_questions, dataset_from_records
from planrag.utf8 import read_text_file

__all__ = [
    "RENAMES",
    "REPOSITORY_LAYOUTS",
    "SIMULATORS",
    "DQASource",
    "RepositoryLayout",
    "dqa_dataset",
    "open_dqa",
    "repository_dqa_dataset",
]

SIMULATORS = {"locating": "dqa-locating", "building": "dqa-building"}
RENAMES = {"has_has_merchant": "has_merchant"}
"""A known quirk of some DQA dumps (see fixtures/dqa/locating/dataset.toml)."""


@dataclass(frozen=True)
class RepositoryLayout:
    """Where one layout of the PlanRAG repository (github.com/myeon9h/PlanRAG) keeps a
    scenario's questions and dumps, relative to its `data/<scenario>/` folder."""

    name: str
    questions: Mapping[str, str]
    """Each scenario's questions file: a JSON array of question objects."""
    dumps: str
    """The folder holding `SQL_format/` (MySQL dumps) and `LPG_format/` (Cypher dumps)."""


REPOSITORY_LAYOUTS = (
    RepositoryLayout(
        "current",
        {"locating": "questions/simulated_question.json",
         "building": "questions/simulated_questions.json"},
        "queries",
    ),
    RepositoryLayout(  # up to its commit a3f15f8 (2 April 2024)
        "older",
        {"locating": "questions/standard/simulated_question.json",
         "building": "questions/simulated_questions.json"},
        "db_query(parsed)",
    ),
)
"""The layouts the repository has had, newest first: the first whose questions file and dump
folder are both present is read. Building's questions file did not move, only the dumps."""
_DUMP_FOLDERS = {"sql": ("SQL_format", ".sql"), "cypher": ("LPG_format", ".cql")}
_COUNTRY = re.compile(r"[A-Za-z0-9_]{1,24}")  # matched whole (fullmatch)


@dataclass(frozen=True)
class DQASource:
    """The questions of one scenario read from a folder, and which layout they were in."""

    dataset: Dataset
    layout: str
    """One line naming the layout found and the files read, e.g. "layout: PlanRAG repository,
    current layout (.../questions/simulated_question.json: 200 question(s); dumps under
    .../queries)"."""


def dqa_dataset(dqa_dir: Path, scenario: str) -> Dataset:
    """The questions of `scenario` under `dqa_dir` as a dataset of their own (see
    `open_dqa`)."""
    return open_dqa(dqa_dir, scenario).dataset


def open_dqa(dqa_dir: Path, scenario: str) -> DQASource:
    """The questions of `scenario` under `dqa_dir`, and the layout they were found in.

    Three layouts are read, and none is rewritten (the dumps stay where they are):

    * this project's (fixtures/dqa/README.md): `questions.jsonl` in `dqa_dir/scenario/` or in
      `dqa_dir` itself, each question naming its `sql` and `cypher` dumps;
    * the PlanRAG repository's (github.com/myeon9h/PlanRAG), current or older (see
      `REPOSITORY_LAYOUTS`), `dqa_dir` being its root, its `data/` folder or
      `data/<scenario>/`: see `repository_dqa_dataset`.
    """
    if scenario not in SIMULATORS:
        raise DatasetError(f"unknown scenario {scenario!r}: choose locating or building")
    if not dqa_dir.is_dir():
        raise DatasetError(f"{dqa_dir}: no such folder")
    candidates = [dqa_dir / scenario / "questions.jsonl", dqa_dir / "questions.jsonl"]
    path = next((p for p in candidates if p.is_file()), None)
    if path is not None:
        dataset = dataset_from_questions(
            path,
            _dataset_id(scenario, path),
            title=f"DQA {scenario} from {dqa_dir}",
            simulator=SIMULATORS[scenario],
            rename_columns=RENAMES,
            keep=lambda obj: obj.get("scenario", scenario) == scenario,
        )
        layout = (f"layout: this project's DQA layout ({path}: {len(dataset.questions)} "
                  "question(s), each naming its dumps)")
    else:
        found = _repository_scenario_dir(dqa_dir, scenario)
        if found is None:
            current, older = REPOSITORY_LAYOUTS
            raise DatasetError(
                f"{dqa_dir} holds no DQA {scenario} questions: give a folder in this project's "
                f"layout ({scenario}/questions.jsonl, see fixtures/dqa/README.md) or a clone "
                f"of the PlanRAG repository (its root or its data/ folder, with data/{scenario}/"
                f"{current.questions[scenario]} and {current.dumps}/, or in its older layout "
                f"{older.questions[scenario]} and {older.dumps}/)"
            )
        scenario_dir, repo_layout = found
        dataset = repository_dqa_dataset(scenario_dir, scenario, repo_layout)
        layout = (
            f"layout: PlanRAG repository, {repo_layout.name} layout "
            f"({scenario_dir / repo_layout.questions[scenario]}: {len(dataset.questions)} "
            f"question(s); dumps under {scenario_dir / repo_layout.dumps})"
        )
    _check_unique_ids(dataset)
    return DQASource(dataset, layout)


def _repository_scenario_dir(
    dqa_dir: Path, scenario: str
) -> tuple[Path, RepositoryLayout] | None:
    """The PlanRAG repository's `data/<scenario>/` folder and its layout, `dqa_dir` being the
    repository's root, its `data/` folder or `data/<scenario>/` itself; None when there is
    none."""
    for base in (dqa_dir / "data" / scenario, dqa_dir / scenario, dqa_dir):
        layout = _repository_layout(base, scenario)
        if layout is not None:
            return base, layout
    return None


def _repository_layout(scenario_dir: Path, scenario: str) -> RepositoryLayout | None:
    """The layout of `scenario_dir`: the first with both its questions file and its dump
    folder there, else the first with its questions file (its dumps are then said to be
    missing); None when it holds no questions file of any layout."""
    present = [layout for layout in REPOSITORY_LAYOUTS
               if (scenario_dir / layout.questions[scenario]).is_file()]
    complete = [layout for layout in present if (scenario_dir / layout.dumps).is_dir()]
    return next(iter(complete or present), None)


def repository_dqa_dataset(
    scenario_dir: Path, scenario: str, layout: RepositoryLayout | None = None
) -> Dataset:
    """The questions of the PlanRAG repository's `scenario_dir` (`data/<scenario>/`) as a
    dataset whose dumps are the repository's own files; `layout` is found when not given.

    In that repository a question does not name its dump file (its `target_rdb` and
    `target_gdb` name the database its code loads a dump into, the same for every question of
    a scenario): the dump is found by convention, under the layout's dump folder
    (`queries/`, formerly `db_query(parsed)/`): `SQL_format/<stem>.sql` (MySQL) and
    `LPG_format/<stem>.cql` (Cypher), where the stem is `q<question_num>` for Locating and the
    question's `country` (e.g. `USA1836`, a country and a year) for Building. A question may
    lack one of the two forms; one with neither is an error. Files with identical content
    (Locating ships one copy of a save per question) share one database. Ids are made as in
    this project's layout: `locating-<question_num>`, `building-<country>-<question_num>`.
    The repository's `raw/` folders (the game saves) are not read.
    """
    if scenario not in SIMULATORS:
        raise DatasetError(f"unknown scenario {scenario!r}: choose locating or building")
    if layout is None:
        layout = _repository_layout(scenario_dir, scenario)
    if layout is None:
        raise DatasetError(
            f"{scenario_dir}: no {REPOSITORY_LAYOUTS[0].questions[scenario]} (the PlanRAG "
            f"repository's layout) nor {REPOSITORY_LAYOUTS[1].questions[scenario]} (its older "
            "layout)"
        )
    questions_file = scenario_dir / layout.questions[scenario]
    text = read_text_file(questions_file, "questions file")
    try:
        items = json.loads(text)
    except json.JSONDecodeError as exc:
        raise DatasetError(f"{questions_file}:{exc.lineno}: not valid JSON: {exc.msg}") from None
    except (ValueError, RecursionError):  # the only others: a number too long, deep nesting
        raise DatasetError(f"{questions_file}: cannot be read as JSON: it holds a number too "
                           "long or arrays nested too deeply; fix the file") from None
    if not isinstance(items, list):
        raise DatasetError(f"{questions_file}: expected a JSON array of questions")
    dumps_dir = scenario_dir / layout.dumps
    shared: dict[Path, Path] = {}
    by_content: dict[tuple[str, str], Path] = {}

    def one_copy(path: Path) -> str | None:
        """The first file with `path`'s content (so equal dumps load once), or None."""
        if not path.is_file():
            return None
        if path not in shared:
            try:
                digest = hashlib.sha256(path.read_bytes()).hexdigest()
            except OSError as exc:
                raise DatasetError(f"cannot read dump {path}: {exc.strerror}") from None
            shared[path] = by_content.setdefault((path.suffix, digest), path)
        return str(shared[path].resolve())

    records: list[tuple[str, dict[str, Any]]] = []
    missing: list[str] = []
    for position, obj in enumerate(items, start=1):
        where = f"{questions_file}, question {position}"
        if not isinstance(obj, dict) or not isinstance(obj.get("question"), str):
            raise DatasetError(f"{where}: expected an object with a `question` text")
        num = obj.get("question_num", position)
        if isinstance(num, str) and num.strip().isdigit():
            num = int(num)
        if isinstance(num, bool) or not isinstance(num, int):
            raise DatasetError(f"{where}: `question_num` must be a whole number")
        if scenario == "locating":
            stem, qid = f"q{num}", f"locating-{num}"
        else:
            country = obj.get("country")
            if not isinstance(country, str) or not _COUNTRY.fullmatch(country):
                raise DatasetError(
                    f"{where}: `country` must name the question's database (e.g. USA1836)"
                )
            stem, qid = country, f"building-{country}-{num}"
        found = {form: one_copy(dumps_dir / folder / f"{stem}{suffix}")
                 for form, (folder, suffix) in _DUMP_FOLDERS.items()}
        if found["sql"] is None and found["cypher"] is None:
            missing.append(f"{qid} ({stem}.sql, {stem}.cql)")
            continue
        record = {k: v for k, v in obj.items() if k not in ("id", "sql", "cypher")}
        record.update(id=qid, scenario=scenario, question=obj["question"].strip(), **found)
        if isinstance(obj.get("goal"), str):
            record["goal"] = obj["goal"].strip()
        records.append((where, record))
    if missing and not dumps_dir.is_dir():
        raise DatasetError(
            f"{scenario_dir} has {questions_file.relative_to(scenario_dir)} but no dump folder "
            f"{dumps_dir} (SQL_format/ and LPG_format/, the {layout.name} layout's place for "
            "the questions' databases): copy it from the PlanRAG repository"
        )
    if missing:
        shown = ", ".join(missing[:5]) + (f" and {len(missing) - 5} more" if len(missing) > 5
                                          else "")
        raise DatasetError(
            f"{len(missing)} question(s) of {questions_file} have no dump under "
            f"{dumps_dir}/SQL_format or LPG_format: {shown}"
        )
    return dataset_from_records(
        records,
        scenario_dir,
        _dataset_id(scenario, questions_file),
        title=f"DQA {scenario} from {scenario_dir}",
        source=questions_file,
        simulator=SIMULATORS[scenario],
        rename_columns=RENAMES,
    )


def _dataset_id(scenario: str, questions_file: Path) -> str:
    digest = hashlib.sha256(os.fsencode(questions_file.resolve())).hexdigest()[:8]
    return f"eval-{scenario}-{digest}"


def _check_unique_ids(dataset: Dataset) -> None:
    counts = Counter(q.id for q in dataset.questions)
    twice = sorted(qid for qid, n in counts.items() if n > 1)
    if twice:
        raise DatasetError(f"question ids must be unique; repeated: {', '.join(twice[:5])}")
