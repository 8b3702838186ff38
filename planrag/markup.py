"""Text written by a model or coming from data, made inert where it is shown.

Such text is never markup: in the chat (Markdown) it cannot become an image, raw HTML, a
heading, a table or a link whose words hide where it goes; in Slack (mrkdwn) it cannot
mention anyone or link; in a terminal it cannot move the cursor, clear the screen, set the
window title, make a hyperlink or switch Rich styles. Our own formatting around it (bold,
lists, tables, code blocks) is written by the front ends and stays.

    escape(text, "markdown")   the chat: every Markdown character that could start syntax
                               backslash-escaped (a bare URL stays a link whose words are
                               its target: the chat's Markdown makes those itself)
    escape(text, "text")       plain-text front ends (the API, MCP): nothing escaped; their
                               clients may or may not render Markdown, so only our own bold
                               and lists are written, and a model's `18:49` or a column's
                               `unit_price` reach them as they are, never `18\\:49`
    escape(text, "slack")      Slack: &, < and > as entities (as Slack asks)
    escape(text, "rich")       a terminal through Rich: printable, then Rich markup escaped
    printable(text)            a terminal without Rich: control characters (ESC, C1, CR,
                               backspace, bidi overrides...) shown as visible escapes
    fenced(code, language)     a query as a Markdown code block it cannot close early
    code_span(text)            a name as inline code it cannot close early
"""

from __future__ import annotations

import re
from typing import Literal

__all__ = ["Style", "code_span", "escape", "fenced", "printable"]

Style = Literal["markdown", "text", "slack", "rich", "plain"]
"""How a front end marks text: "markdown" (the chat's renderer: escaped), "text" (Markdown's
bold and lists, nothing escaped), "slack", "rich" (a terminal) and "plain" (no marks)."""

_MARKDOWN_ANYWHERE = re.compile(r"[\\`*_~\[\]<>&|:$]")
"""Characters that open or close Markdown syntax wherever they stand: escapes, code, emphasis,
strikethrough, links and images, autolinks and raw HTML, entities, table cells, the chat's
directives (`:name[...]`) and math."""
_MARKDOWN_LINE_START = re.compile(r"^([ \t]*)(?:([#>+=-])|(\d{1,9})([.)]))", re.MULTILINE)
"""What makes a block only at the start of a line: headings, quotes, list items, setext
underlines and thematic breaks, ordered list numbers."""

_CONTROL = "\x00-\x08\x0b-\x1f\x7f-\x9f"
_INVISIBLE = "\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069\ud800-\udfff"
_UNPRINTABLE = re.compile(f"[{_CONTROL}{_INVISIBLE}]")
"""C0 and C1 control characters (ESC, CSI, OSC, CR, backspace, bell...) except newline and
tab, bidirectional overrides and isolates, line and paragraph separators, and unpaired
surrogates (bytes that were not UTF-8)."""
_UNPRINTABLE_LINE = re.compile(f"[\n\t{_CONTROL}{_INVISIBLE}]")


def escape(text: str, style: Style, *, line: str = "") -> str:
    """`text` (from data or a model) as literal text in `style`'s markup. For Markdown
    streamed in pieces, `line` is the text already shown on the current line (after its
    last newline), so that a list marker split across pieces is still seen."""
    if style == "markdown":
        return _markdown(line + text)[len(_markdown(line)):] if line else _markdown(text)
    if style == "slack":
        return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if style == "rich":
        from rich.markup import escape as rich_escape  # the terminal's, loaded when used

        return rich_escape(printable(text))
    return text


def _markdown(text: str) -> str:
    def at_line_start(match: re.Match[str]) -> str:
        indent, marker, number, closing = match.groups()
        if marker:
            return f"{indent}\\{marker}"
        return f"{indent}{number}\\{closing}"  # an ordered list's "1." or "1)"

    escaped = _MARKDOWN_ANYWHERE.sub(lambda m: "\\" + m.group(), text)
    return _MARKDOWN_LINE_START.sub(at_line_start, escaped)


def printable(text: str, *, one_line: bool = False) -> str:
    """`text` with every character a terminal would act on instead of showing (and every
    invisible direction override) written as a visible escape such as `\\x1b` or `\\u202e`;
    newlines and tabs too when `one_line`."""
    pattern = _UNPRINTABLE_LINE if one_line else _UNPRINTABLE
    return pattern.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


def fenced(code: str, language: str = "") -> str:
    """`code` as a fenced Markdown code block whose fence is longer than any run of
    backticks inside it, so the code cannot end the block and go on as Markdown."""
    runs = [len(run) for run in re.findall(r"`+", code)]
    fence = "`" * max(3, max(runs, default=0) + 1)
    return f"{fence}{language}\n{code.strip(chr(10))}\n{fence}"


def code_span(text: str) -> str:
    """`text` as inline Markdown code that it cannot close early (one line)."""
    flat = " ".join(text.split())
    if not flat:
        return ""
    runs = [len(run) for run in re.findall(r"`+", flat)]
    ticks = "`" * (max(runs, default=0) + 1)
    pad = " " if flat.startswith("`") or flat.endswith("`") else ""
    return f"{ticks}{pad}{flat}{pad}{ticks}"
