"""Words for lexical schema matching: identifiers and questions cut into comparable stems.

A question says "order items", "customers' regions" or "shipping"; a schema says `order_items`,
`CustomerRegion` or `shipment_date`. Both sides go through the same cutting (identifier parts,
lower case, no digits) and the same light stemming, so a plural or a verb form on one side
meets the singular or the noun on the other. The stemmer only has to be consistent, not
linguistically right: "price" and "pricing" both become "pric".
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

__all__ = ["fragments", "identifier_words", "plain", "stem", "unaccented", "words"]

_CAMEL = re.compile(r"[A-Z]+(?![a-z])|[A-Z]?[a-z]+")
"""Runs of letters at camelCase boundaries: "HTTPServer" -> HTTP, Server."""
_ALNUM = re.compile(r"[A-Za-z0-9]+")

_STOP_TEXT = """
    a about above after again against all also am an and any are as at be because been before
    being below between both but by can could did do does doing down during each either else
    every few for from further get gets getting give given gives had has have having he her
    here hers him his how however i if in into is it its itself just let like made make makes
    many may me might more most much must my no nor not now of off often on once only or other
    our ours out over own per please rather same she should show so some such take tell than
    that the their theirs them then there these they this those through to too under until up
    upon us very vs want was we were what whatever when where whether which while who whom
    whose why will with within without would yet you your yours
    back around still even ever never always already again
"""
STOP_WORDS = frozenset(_STOP_TEXT.split())
"""Words that carry no schema meaning (checked before stemming), with the adverbs and the
particle of phrasal verbs a question uses ("send back", "again and again")."""


def words(text: str) -> list[str]:
    """The stems of `text` in order, without stop words; identifiers are cut into parts."""
    out: list[str] = []
    for part in _parts(text):
        if part not in STOP_WORDS:
            stemmed = stem(part)
            if len(stemmed) >= 2:
                out.append(stemmed)
    return out


_LETTERS = {"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "ß": "ss", "æ": "ae",
            "Æ": "Ae", "œ": "oe", "Œ": "Oe", "ı": "i"}
"""Letters Unicode does not decompose into a letter and a mark."""
_IDENTIFIER = str.maketrans({**_LETTERS, "ä": "ae", "Ä": "Ae", "ö": "oe", "Ö": "Oe",
                             "ü": "ue", "Ü": "Ue"})
"""And German's umlauts as German identifiers write them ("Küche" is `kueche`)."""
_NAME = str.maketrans(_LETTERS)


def unaccented(text: str, umlauts: bool = True) -> str:
    """`text` with the accents taken off its letters, case kept ("Réclamation" ->
    "Reclamation", "Płatności" -> "Platnosci", "Zahlungseingänge" -> "Zahlungseingaenge"):
    comments and names as identifiers write them, so that their words are cut whole.
    Without `umlauts`, as a name is spelt in English ("Zürich" -> "Zurich")."""
    table = _IDENTIFIER if umlauts else _NAME
    return "".join(c for c in unicodedata.normalize("NFKD", text.translate(table))
                   if not unicodedata.combining(c))


def plain(text: str) -> str:
    """Lower case without accents ("Réclamation" -> "reclamation"), as identifiers write it."""
    return unaccented(text).casefold()


def identifier_words(name: str) -> list[str]:
    """The stems of an identifier's parts, stop words kept (`so_ln`: "so", "ln")."""
    return [stem(part) for part in _parts(name)]


def fragments(text: str) -> list[str]:
    """Lower-case alphanumeric runs of at least three characters, unstemmed, in order: what a
    search matches as substrings of names ("cust" in `customer_addresses`)."""
    runs = (run.lower() for run in _ALNUM.findall(unaccented(text)))
    return list(dict.fromkeys(run for run in runs if len(run) >= 3))


def _parts(text: str) -> list[str]:
    """Lower-case identifier parts: accents taken off, split on anything not a letter, then
    on camelCase."""
    out: list[str] = []
    for run in re.findall(r"[A-Za-z]+", unaccented(text)):
        out += [piece.lower() for piece in _CAMEL.findall(run)]
    return out


@lru_cache(maxsize=8192)
def stem(word: str) -> str:
    """A light suffix stripper: plurals, -ing, -ed, a final -e (consistency over accuracy)."""
    w = word.lower()
    if len(w) <= 3:
        return w
    w = _singular(w)
    if w.endswith(("tre", "bre")):
        w = w[:-2] + "er"  # centre -> center, fibre -> fiber
    for suffix in ("ing", "ed"):
        if w.endswith(suffix) and _has_vowel(w[: -len(suffix)]) and len(w) - len(suffix) >= 3:
            w = w[: -len(suffix)]
            if len(w) >= 4 and w[-1] == w[-2] and w[-1] not in "lsz":
                w = w[:-1]  # shipped -> ship, planned -> plan
            elif w.endswith("i"):
                w = w[:-1] + "y"  # supplied -> supply, like supplies
            break
    if len(w) >= 4 and w.endswith("e"):
        w = w[:-1]
    return w


def _singular(w: str) -> str:
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith(("sses", "xes", "ches", "shes", "uses")):
        return w[:-2]
    if w.endswith("s") and not w.endswith(("ss", "us", "is")):
        return w[:-1]
    return w


def _has_vowel(text: str) -> bool:
    return any(ch in "aeiouy" for ch in text)
