"""What kind of table a schema's names and shapes say each one is, whatever the question:
a copy of another (a backup, an archive, a staging or deprecated copy), one of many built
from a template (audit trails, notes, attachments), one the software keeps for itself
(settings, staging, interfaces, report runs), a header and its lines. Ranking
(`planrag.schema._relevance`) ranks the first three down and reads the last together.
"""

from __future__ import annotations

import re

from planrag.schema._model import Entity
from planrag.schema._tokens import identifier_words, plain
from planrag.schema._tokens import stem as stem_of

__all__ = ["Positions", "copies", "lines", "name_parts", "system_tables", "templates"]


_COPY_COMMENT = re.compile(
    r"\b(?:back-?ups?|backed[- ]up|archived?|archives|staging|stage table|temporary|"
    r"temp table|scratch|deprecated|obsolete|do not use|don't use|no longer used|unused|"
    r"copy of|old copy|duplicates?(?: of)?|"
    # the same in German, French, Dutch, Spanish, Italian, Portuguese and Polish (accents
    # folded)
    r"sicherung\w*|sicherheitskopie|kopie|veraltet|nicht (?:mehr )?verwenden|archiv|"
    r"sauvegarde|copie|doublons?|obsolete|ne (?:plus )?pas utiliser|"
    r"verouderd|niet (?:meer )?gebruiken|archief|"
    r"copia de seguridad|respaldo|obsoleto|no usar|"
    r"copia|non (?:piu )?usare|archivio|"
    r"nao usar|"
    r"kopia zapasowa|archiwum|nie uzywac|przestarzal\w*)\b", re.IGNORECASE)
_COPY_WORDS = frozenset({"bak", "bkp", "backup", "old", "archive", "arch", "tmp", "temp", "stg",
                         "staging", "copy", "deprecated", "dup", "dupl", "duplicate",
                         "duplicates", "sauv", "sauvegarde", "doublon", "doublons", "kopie",
                         "copie", "copia", "respaldo", "ancien", "vecchio", "kopia"})
"""Name parts that mark a copy, when the rest of the name is another table's (in English and
the lexicon's languages: `client_sauv`, `artikel_kopie`)."""
SYSTEM_WORDS = frozenset({"sys", "cfg", "config", "stg", "staging", "tmp", "if", "iface",
                          "intf", "etl", "api", "rpt", "report"})
"""First words of the names of the tables a system keeps for itself: settings, staging and
temporary tables, interfaces to other systems, report definitions and runs ("temp" and
"conf" are left out: a temperature reading, a conference room)."""


_HISTORY_WORDS = frozenset({"hist", "hst", "history", "historie", "historico", "historique",
                            "storico", "historisch"})
"""Name parts that mark a history copy, when the rest of the name is another table's and the
copy has every column of it (`res_cab_hist` beside `res_cab`)."""


def copies(entities: tuple[Entity, ...]) -> frozenset[int]:
    """The tables marked as copies: by their comment, or by a name that is another table's
    with a copy's word or a year added (`orders_bak`, `tmp_orders`, `orders_2019_archive`,
    `orders_bak23`), or a
    history word added to a table whose columns it all has (`rate_day_hist`)."""
    by_name = {e.name.casefold(): e for e in entities}
    out = set()
    for i, entity in enumerate(entities):
        if _COPY_COMMENT.search(plain(entity.comment or "")):
            out.add(i)
            continue
        schema, dot, bare = entity.name.casefold().rpartition(".")
        parts = _raw_parts(bare)
        rest = [p for p in parts if not p.isdigit() and p.rstrip("0123456789") not in _COPY_WORDS]
        if rest and len(rest) < len(parts) and schema + dot + "_".join(rest) in by_name:
            out.add(i)
            continue
        rest = [p for p in rest if p not in _HISTORY_WORDS]
        twin = by_name.get(schema + dot + "_".join(rest)) if len(rest) < len(parts) else None
        if twin is not None and twin is not entity and {c.name for c in twin.columns} <= {
                c.name for c in entity.columns}:
            out.add(i)
    return frozenset(out)


def _raw_parts(name: str) -> list[str]:
    """`name` in lower-case parts as written, unstemmed (`tmp_orders` -> tmp, orders)."""
    return [p for p in re.split(r"[_\W]+", name.casefold()) if p]


def system_tables(entities: tuple[Entity, ...]) -> dict[int, str]:
    """The tables the software keeps for itself (a name of two words or more starting with
    one of `SYSTEM_WORDS`), each with that first word as a stem."""
    out = {}
    for i, entity in enumerate(entities):
        parts = _raw_parts(entity.name.rsplit(".", 1)[-1])
        if len(parts) > 1 and parts[0] in SYSTEM_WORDS:
            out[i] = stem_of(parts[0])
    return out


TEMPLATE_LEAST = 3
"""Tables sharing one shape (all columns but the one naming their parent) that make it a
template: the audit trail, attachments or notes a system keeps for each of its tables."""


def templates(entities: tuple[Entity, ...]) -> frozenset[int]:
    """Tables built from one template: at least `TEMPLATE_LEAST` tables with four columns or
    more, the same but for one that is not part of their primary key (the parent's:
    `gpar_aud(aud_id, gp_nr, chg_ts, ...)`, `scko_aud(aud_id, sch_nr, chg_ts, ...)`). Lookups
    alike but for their own key (`region(region_id, name)`, `country(country_id, name)`)
    are not."""
    shapes: dict[frozenset[str], dict[str, list[int]]] = {}
    for i, entity in enumerate(entities):
        if entity.kind != "table" or len(entity.columns) < 4:
            continue
        names = frozenset(c.name.casefold() for c in entity.columns)
        for column in entity.columns:
            if not column.key:
                parent = column.name.casefold()
                shapes.setdefault(names - {parent}, {}).setdefault(parent, []).append(i)
    out: set[int] = set()
    for by_parent in shapes.values():
        if len(by_parent) >= TEMPLATE_LEAST:
            out.update(i for tables in by_parent.values() for i in tables)
    return frozenset(out)


_HEADER_WORDS = frozenset(stem_of(w) for w in [
    "hdr", "header", "head", "hd",  # English
    "kopf", "kpf",  # German: Kopf
    "ent", "entete",  # French: en-tête
    "kop", "hoofd",  # Dutch
    "cab", "cabecera", "enc", "encabezado",  # Spanish
    "tes", "testata",  # Italian
    "cabecalho",  # Portuguese
    "nagl", "naglowek"])  # Polish: nagłówek
_LINES_WORDS = frozenset(stem_of(w) for w in [
    "ln", "lns", "lin", "line", "item", "itm", "dtl", "det", "detail", "appl", "application",
    "pos", "position", "zeile",  # German: Position, Zeile
    "lig", "ligne",  # French
    "rgl", "regel",  # Dutch
    "linea", "detalle", "renglon",  # Spanish
    "rig", "riga", "righe", "dettaglio",  # Italian
    "linha", "itens",  # Portuguese
    "pozycja", "pozycje", "poz"])  # Polish
"""The last word (stemmed) of a header's name, and of its lines' (`so_hdr`, `so_ln`), in
the languages of `planrag.schema._languages`."""


Positions = tuple[tuple[int, ...], ...]


def lines(entities: tuple[Entity, ...]) -> tuple[Positions, Positions]:
    """Each header's lines, and each lines table's header: a table whose name is another's
    with a lines word at the end (`ar_rcpt_appl`, `order_items` of `orders`), or the same
    name with a header word (`so_hdr`), holding a key to it; the words may be run together
    (`poln` of `pohd`)."""
    position = {e.name.casefold(): i for i, e in enumerate(entities)}
    lines: list[set[int]] = [set() for _ in entities]
    headers: list[set[int]] = [set() for _ in entities]
    for i, entity in enumerate(entities):
        line = _ending(name_parts(entity.name), _LINES_WORDS)
        if len(line) < 2 or line[-1] not in _LINES_WORDS:
            continue
        for fk in entity.foreign_keys:
            j = position.get(fk.table.casefold())
            if j is None or j == i:
                continue
            head = _ending(name_parts(entities[j].name), _HEADER_WORDS)
            core = head[:-1] if len(head) > 1 and head[-1] in _HEADER_WORDS else head
            if core == line[:-1]:
                headers[i].add(j)
                lines[j].add(i)
    return (tuple(tuple(sorted(s)) for s in lines), tuple(tuple(sorted(s)) for s in headers))


def _ending(parts: list[str], endings: frozenset[str]) -> list[str]:
    """`parts` with an ending of `endings` run into the last word split off (`poln` as
    `po`, `ln`), when two letters or more are left before it."""
    if not parts or parts[-1] in endings:
        return parts
    last = parts[-1]
    for end in sorted(endings, key=len, reverse=True):
        if last.endswith(end) and len(last) - len(end) >= 2:
            return [*parts[:-1], last[: -len(end)], end]
    return parts


def name_parts(name: str) -> list[str]:
    """A table's name in stemmed words, without a PostgreSQL schema."""
    return identifier_words(name.rsplit(".", 1)[-1])
