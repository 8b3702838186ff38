"""Broken dataset files: each broken dataset is set aside with one line naming the file and
what to fix, and the others are found as if it were not there."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from planrag.errors import ConfigError, DatasetError, DumpFormatError
from planrag.locations._env import lookup_for, read_secrets
from planrag.manifests import discover
from planrag.users import UsersFile

QUESTION = b'{"id": "q1", "question": "Which one?", "sql": "dbs/a.sql"}\n'
MANIFEST = b'id = "%s"\ntitle = "A dataset"\nquestions = "questions.jsonl"\nrules = "r"\n'


def dataset(
    parent: Path, name: str, manifest: bytes | None = None, questions: bytes = QUESTION,
    **files: bytes,
) -> Path:
    """A dataset folder `name` (its id too) under `parent`: a dump, a manifest and questions;
    `files` adds or replaces files (by name)."""
    root = parent / name
    (root / "dbs").mkdir(parents=True)
    (root / "dbs" / "a.sql").write_text("CREATE TABLE t (a INT);\n", encoding="utf-8")
    (root / "dataset.toml").write_bytes(MANIFEST % name.encode() if manifest is None
                                        else manifest)
    (root / "questions.jsonl").write_bytes(questions)
    for file_name, data in files.items():
        (root / file_name.replace("_", ".")).write_bytes(data)
    return root


# (folder = declared id, manifest, questions, extra files, what the problem says)
BROKEN: list[tuple[str, bytes | None, bytes, dict[str, bytes], str]] = [
    ("bad-toml", b'id = "bad-toml"\ntitle = \n', QUESTION, {},
     r"bad-toml/dataset.toml: not valid TOML: Invalid value \(at line 2, column 9\); fix it"),
    ("manifest-bytes", b'id = "manifest-bytes"\ntitle = "caf\xe9"\n', QUESTION, {},
     r"^manifest \S+/manifest-bytes/dataset.toml has bytes that are not UTF-8 at byte 35 "
     r"\(line 2\); save it as UTF-8$"),
    ("manifest-utf16", (MANIFEST % b"manifest-utf16").decode().encode("utf-16"), QUESTION, {},
     r"manifest-utf16/dataset.toml is UTF-16 text; save it as UTF-8$"),
    ("wrong-title", b'id = "wrong-title"\ntitle = 5\nquestions = "questions.jsonl"\n',
     QUESTION, {},
     r"wrong-title/dataset.toml: missing or empty `title`: give a string \(in quotes\), not "
     r"the number 5$"),
    ("wrong-flag", MANIFEST % b"wrong-flag" + b'write_privileges = "yes"\n', QUESTION, {},
     r"`write_privileges` must be true or false, not a string$"),
    ("wrong-questions", b'id = "wrong-questions"\ntitle = "t"\nquestions = ["q.jsonl"]\n',
     QUESTION, {}, r"missing or empty `questions`: give a string \(in quotes\), not an array$"),
    ("wrong-columns", MANIFEST % b"wrong-columns" + b'column_names = "a"\n', QUESTION, {},
     r"`column_names` must be a table \(\[column_names\]\), not a string$"),
    ("unknown-key", MANIFEST % b"unknown-key" + b'rule_file = "rules.md"\n', QUESTION, {},
     r"unknown-key/dataset.toml: unknown key\(s\) rule_file; correct or remove them \(a "
     r"manifest's keys: id, title, "),
    ("questions-bytes", None, QUESTION + b'{"id": "q2", "question": "Caf\xe9?", '
     b'"sql": "dbs/a.sql"}\n', {},
     r"^questions file \S+/questions-bytes/questions.jsonl has bytes that are not UTF-8 at "
     r"byte 89 \(line 2\); save it as UTF-8$"),
    ("questions-utf16", None, QUESTION.decode().encode("utf-16"), {},
     r"questions-utf16/questions.jsonl is UTF-16 text; save it as UTF-8$"),
    ("questions-surrogate", None,
     b'{"id": "q1", "question": "Which \\udcff?", "sql": "dbs/a.sql"}\n', {},
     r"questions.jsonl:1: holds an unpaired surrogate escape .* write the character itself$"),
    ("questions-nested", None, b"[" * 100_000 + b"\n", {},
     r"questions.jsonl:1: not a JSON object: nested too deeply$"),
    ("dump-nul", None, b'{"id": "q1", "question": "?", "sql": "dbs/a\\u0000.sql"}\n', {},
     r"questions.jsonl:1: `sql` holds a NUL character; name a file$"),
    ("rules-bytes",
     b'id = "rules-bytes"\ntitle = "t"\nquestions = "questions.jsonl"\nrules_file = "rules.md"\n',
     QUESTION, {"rules_md": b"Les r\xe8gles"},
     r"^rules_file \S+/rules-bytes/rules.md has bytes that are not UTF-8 at byte 6 \(line 1\); "
     r"save it as UTF-8$"),
]


def test_each_broken_dataset_is_set_aside_with_one_line(tmp_path: Path) -> None:
    fixtures, connected = tmp_path / "fixtures", tmp_path / "datasets"
    dataset(fixtures, "good")
    for n, (name, manifest, questions, files, _) in enumerate(BROKEN):
        # Half under the fixtures (any depth), half connected (DIR/ID/dataset.toml).
        dataset(fixtures / "more" if n % 2 else connected, name, manifest, questions, **files)
    dataset(connected, "also-good")
    found = discover(fixtures, connected)
    assert found.ids() == ["also-good", "good"]
    assert found.get("good").questions[0].text == "Which one?"
    assert sorted(found.problems) == sorted(name for name, *_ in BROKEN)
    for name, *_, message in BROKEN:
        problem = found.problems[name]
        assert "\n" not in problem and re.search(message, problem), (name, problem)
        with pytest.raises(DatasetError, match=f"^dataset {name} cannot be used: "):
            found.get(name)


def test_a_manifest_that_is_not_utf8_still_gives_its_id(tmp_path: Path) -> None:
    """The problem is filed under the id the manifest declares, readable or not around it."""
    dataset(tmp_path, "folder", b'id = "declared"\ntitle = "caf\xe9"\n')
    found = discover(tmp_path)
    assert list(found.problems) == ["declared"]


def test_a_utf8_byte_order_mark_is_no_problem(tmp_path: Path) -> None:
    dataset(tmp_path, "bom", b"\xef\xbb\xbf" + MANIFEST % b"bom", b"\xef\xbb\xbf" + QUESTION)
    found = discover(tmp_path)
    assert found.ids() == ["bom"] and not found.problems


def test_secrets_that_are_not_utf8_name_the_file(tmp_path: Path) -> None:
    secrets = tmp_path / "secrets.env"
    secrets.write_bytes(b"A='1'\nB='caf\xe9'\n")
    with pytest.raises(DatasetError) as err:
        read_secrets(secrets)
    assert str(err.value) == (f"the secrets file {secrets} has bytes that are not UTF-8 at "
                              "byte 13 (line 2); save it as UTF-8")
    env = tmp_path / ".env"
    env.write_bytes(b"X=\xff\n")
    secrets.write_text("A='1'\n", encoding="utf-8")
    with pytest.raises(DatasetError, match=r"^the settings file \S+\.env has bytes that are not "
                                           r"UTF-8 at byte 3 \(line 1\)"):
        lookup_for(secrets, env)
    env.write_text("X='2'\n", encoding="utf-8")
    assert lookup_for(secrets, env)["A"] == "1" and lookup_for(secrets, env)["X"] == "2"


def test_a_users_file_that_is_not_utf8_names_the_file(tmp_path: Path) -> None:
    users = UsersFile(tmp_path / "users.toml")
    users.path.write_bytes(b'[users.alice]\ndatasets = ["caf\xe9"]\n')
    with pytest.raises(ConfigError) as err:
        users.load()
    assert str(err.value) == (f"the users file {users.path} has bytes that are not UTF-8 at "
                              "byte 31 (line 2); save it as UTF-8")


def test_a_dump_that_is_not_utf8_names_the_file_and_line(tmp_path: Path) -> None:
    from planrag.dumps import parse_sql

    dump = tmp_path / "a.sql"
    dump.write_bytes(b"CREATE TABLE t (a TEXT);\nINSERT INTO t VALUES ('caf\xe9');\n")
    with pytest.raises(DumpFormatError) as err:
        parse_sql(dump)
    assert str(err.value) == (f"{dump}:2: the dump has bytes that are not UTF-8 at byte 52; "
                              "save it as UTF-8")
