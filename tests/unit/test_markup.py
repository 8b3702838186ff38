"""Text from data or a model, made inert (planrag.markup): parsed back by a CommonMark parser
it is one plain text equal to what was written, streamed in pieces it escapes the same, Slack
and Rich markup stay text, and a terminal gets printable characters only."""

from __future__ import annotations

import io

from markdown_it import MarkdownIt
from markdown_it.token import Token
from rich.console import Console

from planrag.markup import code_span, escape, fenced, printable

HOSTILE = [
    "See ![x](http://127.0.0.1:9/?q=a) and <img src=\"http://127.0.0.1:9/?q=b\">.",
    "![y][r] or [the report](http://127.0.0.1:9/?q=c)\n\n[r]: http://127.0.0.1:9/?q=d",
    "<http://127.0.0.1:9/> <b>bold</b> &lt;i&gt; &amp; \\*not\\* \\",
    "# heading\n1. first\n2) second\n- item\n+ item\n> quote\n---\n===\n* * *",
    "**bold** __bold__ *em* _em_ ~~gone~~ `code` ``more``",
    "| a | b |\n|---|---|\n| c | d |",
    "```\nfenced\n```\n~~~\nalso\n~~~",
    ":name[label]{src=http://127.0.0.1:9/} $x$ 12.5 kg (at 3:30) 1.",
    "East Point, Leipzig",
]

PARSER = MarkdownIt("commonmark").enable(["table", "strikethrough"])


def _shown(markdown: str) -> str:
    """What a reader sees of `markdown`; any token other than plain text is named."""
    out: list[str] = []
    for token in PARSER.parse(markdown):
        if token.type == "inline":
            out += [_child(child) for child in token.children or ()]
        elif token.type == "paragraph_close":
            out.append("\n\n")
        elif token.type not in ("paragraph_open",):
            out.append(f"<{token.type}>")
    return "".join(out).strip()


def _child(token: Token) -> str:
    if token.type == "text":
        return token.content
    return "\n" if token.type == "softbreak" else f"<{token.type}>"


def test_markdown_from_data_reads_as_written() -> None:
    for text in HOSTILE:
        assert _shown(escape(text, "markdown")) == text, text


def test_markdown_streamed_in_pieces_escapes_the_same() -> None:
    for text in HOSTILE:
        whole = escape(text, "markdown")
        for size in range(1, 8):
            line, shown = "", []
            for piece in (text[i:i + size] for i in range(0, len(text), size)):
                shown.append(escape(piece, "markdown", line=line))
                line = (line + piece).rpartition("\n")[2]
            assert "".join(shown) == whole, (text, size)


def test_code_cannot_close_its_block_or_span() -> None:
    query = "SELECT '\n```\n![q](http://127.0.0.1:9/)\n````' AS x"
    tokens = PARSER.parse(fenced(query, "sql"))
    assert [t.type for t in tokens] == ["fence"]
    assert tokens[0].content == query + "\n" and tokens[0].info == "sql"
    for name in ("a`b", "`x", "plain"):
        inline = PARSER.parse(code_span(name))[1].children or []
        assert [(t.type, t.content) for t in inline] == [("code_inline", name)]


def test_the_text_style_writes_data_as_it_is() -> None:
    """Issue 35, point 4: the API and MCP ("text") get no Markdown escapes (`18\\:49`,
    `\\[1\\]`, `\\_`); the chat's renderer ("markdown") keeps them."""
    for text in [*HOSTILE, "18:49:48", "[1] unit_price"]:
        assert escape(text, "text") == text
    assert escape("18:49:48 [1] unit_price", "markdown") == "18\\:49\\:48 \\[1\\] unit\\_price"


def test_slack_mentions_and_links_stay_text() -> None:
    assert escape("<!channel> <@U0X> <http://x|y> & co", "slack") == (
        "&lt;!channel&gt; &lt;@U0X&gt; &lt;http://x|y&gt; &amp; co")


def test_a_terminal_gets_printable_text_and_no_rich_markup() -> None:
    raw = "\x1b[2J\x1b]0;t\x07 \x1b]8;;http://x\x1b\\l\x1b]8;;\x1b\\ \x9b1m \r\x08 \u202e ok\n\tz\\"
    shown = printable(raw)
    assert shown == ("\\x1b[2J\\x1b]0;t\\x07 \\x1b]8;;http://x\\x1b\\l\\x1b]8;;\\x1b\\ "
                     "\\x9b1m \\r\\x08 \\u202e ok\n\tz\\")
    assert printable("a\nb\tc\ud800", one_line=True) == "a\\nb\\tc\\ud800"
    out = io.StringIO()
    console = Console(file=out, width=500, highlight=False, emoji=False)
    text = "[bold red]East[/bold red] [link=http://x]y[/link] :smile: " + raw.replace("\t", " ")
    console.print(f"[bold]{escape(text, 'rich')}[/bold]")  # a trailing \ cannot eat our tag
    assert out.getvalue() == printable(text) + "\n"  # no style, no link: the text itself
