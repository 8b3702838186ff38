"""The documentation holds together: the settings table is the one the code gives, links lead
somewhere, and the ARCHITECTURE.md sections the code cites exist."""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

from planrag import settings_doc
from planrag.settings import PROJECT_ROOT, Settings

DOCS = PROJECT_ROOT / "docs"
README = PROJECT_ROOT / "README.md"
ARCHITECTURE = PROJECT_ROOT / "ARCHITECTURE.md"
REGENERATE = ".venv/bin/python -m planrag.settings_doc --write"

_LINK = re.compile(r"(?<!!)\[[^\]]*\]\(([^)\s]+)\)|!\[[^\]]*\]\(([^)\s]+)\)")
_FENCE = re.compile(r"^(```|~~~).*?^\1", re.MULTILINE | re.DOTALL)
_HEADING = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.MULTILINE)
_CITED = re.compile(r'^[\s,(]*"([A-Z][\w\' ,.-]*)"')


def _pages() -> list[Path]:
    return [README, ARCHITECTURE, *sorted(DOCS.glob("*.md"))]


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens."""
    text = re.sub(r"`|\*\*|__", "", heading).strip().lower()
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    kept = "".join(c for c in text if c in " -_" or unicodedata.category(c)[0] in "LN")
    return kept.replace(" ", "-")


def _anchors(page: Path) -> set[str]:
    text = _FENCE.sub("", page.read_text(encoding="utf-8"))
    seen: dict[str, int] = {}
    anchors = set()
    for heading in _HEADING.findall(text):
        slug = _slug(heading)
        count = seen.get(slug, 0)
        seen[slug] = count + 1
        anchors.add(slug if count == 0 else f"{slug}-{count}")
    return anchors


def _links(page: Path) -> list[str]:
    text = _FENCE.sub("", page.read_text(encoding="utf-8"))
    text = re.sub(r"`[^`\n]*`", "", text)  # code spans hold no links
    return [a or b for a, b in _LINK.findall(text)]


def test_the_settings_table_is_generated_from_the_settings() -> None:
    text = settings_doc.DOC.read_text(encoding="utf-8")
    assert settings_doc.BEGIN in text and settings_doc.END in text, (
        f"docs/configuration.md lost the settings table's markers; run {REGENERATE}")
    assert settings_doc.render(text) == text, (
        f"docs/configuration.md's settings table is out of date; run {REGENERATE}")


def test_the_readme_guides() -> None:
    """The README stays a guide (reference material belongs in docs/) and its quick start
    names the two commands the Makefile provides."""
    text = README.read_text(encoding="utf-8")
    lines = text.count("\n")
    assert lines < 300, (f"README.md has {lines} lines; keep it under 300 and move reference "
                         "material into a page of docs/")
    makefile = (PROJECT_ROOT / "Makefile").read_text(encoding="utf-8")
    for command in ("make demo", "make test"):
        named = re.search(rf"\b{command}(?![\w-])", text)
        assert named, f"README.md no longer names {command}"
        assert re.search(rf"^{command.split()[1]}:", makefile, re.MULTILINE), (
            f"the Makefile has no target for {command}")
    linked = {Path(link.partition("#")[0]).name for link in _links(README)}
    unlinked = [page.name for page in sorted(DOCS.glob("*.md")) if page.name not in linked]
    assert not unlinked, f"README.md's \"Where to read more\" does not link {unlinked}"


def test_every_setting_is_described() -> None:
    described = settings_doc.field_descriptions()
    missing = [name for name in Settings.model_fields if not described[name]]
    assert not missing, ("give these settings a docstring under the field or a short "
                         f"Field(description=...): {missing}")


@pytest.mark.parametrize("page", _pages(), ids=lambda p: str(p.relative_to(PROJECT_ROOT)))
def test_relative_links_lead_to_files_and_headings(page: Path) -> None:
    broken = []
    for link in _links(page):
        if re.match(r"^[a-z][a-z0-9+.-]*:", link):  # https:, mailto: ...
            continue
        path, _, anchor = link.partition("#")
        target = (page.parent / path).resolve() if path else page
        if not target.exists():
            broken.append(f"{link}: no such file")
        elif anchor and target.suffix == ".md" and anchor not in _anchors(target):
            broken.append(f"{link}: no heading with this anchor in {target.name}")
    assert not broken, f"{page.name}: broken links: {broken}"


def _cited_sections() -> dict[str, list[str]]:
    """ARCHITECTURE.md's sections cited by name: `ARCHITECTURE.md, "Guards"` in code and
    documents (a title may be cut across lines, even comment lines), and `("Plans")` in
    ARCHITECTURE.md itself."""
    cited: dict[str, list[str]] = {}
    files = [p for folder in ("planrag", "app", "tests", "benchmarks", "fixtures", "scripts")
             for p in (PROJECT_ROOT / folder).rglob("*")
             if p.suffix in (".py", ".md", ".js", ".toml", ".sh") and p.is_file()]
    files += [p for p in _pages() if p != ARCHITECTURE]
    for path in files:
        text = path.read_text(encoding="utf-8", errors="replace")
        for match in re.finditer(r"ARCHITECTURE\.md", text):
            after = re.sub(r"\s*\n\s*(#\s*)?", " ", text[match.end():match.end() + 200])
            if found := _CITED.match(after):
                cited.setdefault(found.group(1), []).append(str(path.relative_to(PROJECT_ROOT)))
    own = ARCHITECTURE.read_text(encoding="utf-8")
    for title in re.findall(r'\("([A-Z][^"]*)"\)', own):
        cited.setdefault(" ".join(title.split()), []).append("ARCHITECTURE.md")
    return cited


def test_architecture_sections_cited_by_name_exist() -> None:
    headings = {" ".join(h.split()) for h in
                _HEADING.findall(_FENCE.sub("", ARCHITECTURE.read_text(encoding="utf-8")))}
    cited = _cited_sections()
    assert "Guards" in cited and "Where data lives" in cited  # the search still finds them
    missing = {title: where for title, where in cited.items() if title not in headings}
    assert not missing, f"ARCHITECTURE.md has no section by these names: {missing}"
