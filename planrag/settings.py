"""Settings from the environment and `.env`, checked once at start.

Unknown keys are ignored on purpose: Chainlit and Slack read their own keys from the same
`.env`. A wrong value raises `ConfigError` with one line that names the variable and says
what is wrong; front ends print that line and exit, never a traceback.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, Literal
from urllib.parse import unquote, urlsplit

from pydantic import AliasChoices, Field, ValidationError, field_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from planrag.errors import ConfigError, PlanRAGError
from planrag.redact import MASK, mask_url, scrub
from planrag.table import Limits

__all__ = ["MySQLAddress", "Settings", "load_settings"]

PROJECT_ROOT = Path(__file__).resolve().parent.parent
"""The checkout (or installed tree) this package runs from: only the shipped datasets are
found relative to it, so they are found wherever a person runs from."""
DATA_FOLDER = ".planrag"
"""The data folder's name in the working directory (PLANRAG_DATA_DIR moves it)."""


def _working_data_dir() -> Path:
    """`.planrag` in the working directory, as `.env` is read from there: two checkouts
    sharing one virtual environment each keep their own data (ARCHITECTURE.md, "Where data
    lives")."""
    return Path.cwd() / DATA_FOLDER


def _env(name: str) -> AliasChoices:
    return AliasChoices(name, name.lower())


class MySQLAddress:
    """The parts of a `mysql://user:password@host:port/database` URL."""

    @classmethod
    def of(
        cls, host: str, port: int, user: str, password: str, database: str | None = None
    ) -> MySQLAddress:
        """An address from its parts (a live dataset's URL, references expanded)."""
        address = cls.__new__(cls)
        address.host, address.port, address.user = host, port, user
        address.password, address.database = password, database
        return address

    def __init__(self, url: str) -> None:
        # Messages never quote the URL's parts: when it does not parse, its "host" or
        # "port" may be a piece of the password.
        parts = urlsplit(url)
        if parts.scheme not in ("mysql", "mariadb", "mysql+aiomysql") or "://" not in url:
            raise ValueError("scheme must be mysql:// or mariadb://, e.g. "
                             "mysql://user:pass@127.0.0.1:3306")
        if "#" in url or "@" in f"{parts.path}{parts.query}":
            raise ValueError("cannot tell the password from the host: write @ / ? # in a "
                             "password percent-encoded (%40 %2F %3F %23)")
        try:
            port = parts.port or 3306
        except ValueError:  # urlsplit raises on a non-numeric port
            port = 0
        if not parts.hostname or not port:
            raise ValueError("no host, or a port that is not a number; write "
                             "mysql://user:pass@HOST:3306")
        self.host: str = parts.hostname
        self.port: int = port
        self.user: str = unquote(parts.username or "root")
        self.password: str = unquote(parts.password or "")
        self.database: str | None = parts.path.lstrip("/") or None

    def __repr__(self) -> str:  # never show the password
        return f"MySQLAddress({self.user}@{self.host}:{self.port})"

    @property
    def key(self) -> tuple[str, int, str, str]:
        """What tells two accounts on two servers apart (the password included, so a changed
        password is a new pool)."""
        return (self.host, self.port, self.user, self.password)


class Settings(BaseSettings):
    """Every setting PlanRAG reads. `.env.example` documents each one."""

    model_config = SettingsConfigDict(
        env_file=".env", env_file_encoding="utf-8", extra="ignore", populate_by_name=True
    )

    data_dir: Path = Field(
        default_factory=_working_data_dir, validation_alias=_env("PLANRAG_DATA_DIR")
    )
    """SQLite copies, connected datasets, the graph server's data, conversations: `.planrag`
    in the working directory unless set."""
    fixtures_dir: Path = Field(
        default=PROJECT_ROOT / "fixtures", validation_alias=_env("PLANRAG_FIXTURES_DIR"),
        description="Where the shipped datasets' manifests and dumps live.",
    )
    datasets_dir: Path | None = Field(
        default=None, validation_alias=_env("PLANRAG_DATASETS_DIR")
    )
    """Where `planrag connect` writes live datasets (default `<data dir>/datasets`)."""
    dataset: str = Field(
        default="demo-retail", validation_alias=_env("PLANRAG_DATASET"),
        description="The dataset a new conversation starts on (see `planrag datasets`).",
    )
    db_prefix: str = Field(
        default="planrag_",
        pattern=r"^[a-z][a-z0-9_]{0,20}$",
        validation_alias=_env("PLANRAG_DB_PREFIX"),
        description="Prefix of every database PlanRAG creates.",
    )

    mysql_url: str | None = Field(
        default=None, validation_alias=_env("MYSQL_URL"),
        description="The MySQL/MariaDB account queries run as: a least-privilege one.",
    )
    mysql_admin_url: str | None = Field(
        default=None, validation_alias=_env("MYSQL_ADMIN_URL"),
        description="The account `planrag load` creates databases with (default MYSQL_URL).",
    )
    allow_write_privileges: bool = Field(
        default=False, validation_alias=_env("PLANRAG_ALLOW_WRITE_PRIVILEGES")
    )
    """Read the loaded MySQL copies with MYSQL_URL's account even when it can do more than
    read (planrag.locations._mysql_readers); off: such an account is never used for queries."""
    pool_size: int = Field(
        default=4,
        ge=1,
        le=256,
        validation_alias=AliasChoices(
            "PLANRAG_POOL_SIZE", "planrag_pool_size", "MYSQL_POOL_SIZE", "mysql_pool_size"
        ),
    )
    """Connections per database, shared by every run of a process."""
    pool_wait_s: float = Field(
        default=10.0, gt=0, le=600, validation_alias=_env("PLANRAG_POOL_WAIT")
    )
    """How long a query waits for a free connection before it is told the database is busy."""
    duckdb_memory: str = Field(
        default="1GB", pattern=r"^\d+(\.\d+)?\s*(KB|MB|GB|TB|KiB|MiB|GiB|TiB)$",
        validation_alias=_env("PLANRAG_DUCKDB_MEMORY"),
    )
    """DuckDB's memory_limit for a files or DuckDB dataset, per process (e.g. 512MB, 2GB)."""
    duckdb_threads: int = Field(default=2, ge=1, le=64,
                                validation_alias=_env("PLANRAG_DUCKDB_THREADS"))
    """DuckDB's threads for a files or DuckDB dataset, per process."""

    neo4j_uri: str | None = Field(
        default=None, validation_alias=_env("NEO4J_URI"),
        description="Your own Neo4j 5 (bolt:// or neo4j://); unset: the embedded graph server.",
    )
    neo4j_user: str = Field(
        default="neo4j", validation_alias=_env("NEO4J_USER"),
        description="The Neo4j account queries run as (give it the `reader` role).",
    )
    neo4j_password: str = Field(
        default="", validation_alias=_env("NEO4J_PASSWORD"),
        description="That account's password.",
    )
    neo4j_database: str | None = Field(
        default=None, validation_alias=_env("NEO4J_DATABASE"),
        description="The database on a single-database server (default: the server's).",
    )
    neo4j_admin_user: str | None = Field(
        default=None, validation_alias=_env("NEO4J_ADMIN_USER"),
        description="The account `planrag load` writes with (default NEO4J_USER).",
    )
    neo4j_admin_password: str | None = Field(
        default=None, validation_alias=_env("NEO4J_ADMIN_PASSWORD"),
        description="That account's password.",
    )

    graph_host: str = Field(
        default="127.0.0.1", validation_alias=_env("PLANRAG_GRAPH_HOST"),
        description="Address of the embedded graph server (only without NEO4J_URI).",
    )
    graph_bolt_port: int = Field(
        default=7688, ge=1, le=65535, validation_alias=_env("PLANRAG_GRAPH_BOLT_PORT"),
        description="The embedded graph server's Bolt port.",
    )
    graph_http_port: int = Field(
        default=2488, ge=1, le=65535, validation_alias=_env("PLANRAG_GRAPH_HTTP_PORT"),
        description="The embedded graph server's HTTP port.",
    )
    graph_user: str = Field(
        default="root", validation_alias=_env("PLANRAG_GRAPH_USER"),
        description="The embedded graph server's administrator.",
    )
    graph_password: str = Field(
        default="planrag-local", min_length=8, validation_alias=_env("PLANRAG_GRAPH_PASSWORD"),
        description="Its password (8+ characters), set when the server is first created.",
    )
    graph_reader_user: str = Field(
        default="planrag_reader",
        pattern=r"^[A-Za-z][A-Za-z0-9_]{2,40}$",
        validation_alias=_env("PLANRAG_GRAPH_READER_USER"),
        description="The embedded server's read-only account model queries run as.",
    )
    graph_reader_password: str = Field(
        default="planrag-reader-local",
        min_length=8,
        validation_alias=_env("PLANRAG_GRAPH_READER_PASSWORD"),
        description="That account's password.",
    )
    graph_dir: Path | None = Field(
        default=None, validation_alias=_env("PLANRAG_GRAPH_DIR"),
        description="The embedded server's data (default `<data dir>/graph`).",
    )
    graph_start_timeout_s: float = Field(
        default=90.0, gt=0, validation_alias=_env("PLANRAG_GRAPH_START_TIMEOUT"),
        description="Seconds to wait for the embedded graph server to answer.",
    )

    max_rows: int = Field(
        default=200, ge=1, validation_alias=_env("PLANRAG_MAX_ROWS"),
        description="Rows of a result kept and shown to the model; further rows are counted.",
    )
    max_bytes: int = Field(
        default=200_000, ge=1, validation_alias=_env("PLANRAG_MAX_BYTES"),
        description="Approximate bytes of cell data kept per result.",
    )
    max_cell_bytes: int = Field(
        default=4_000_000, ge=1000, le=1_000_000_000,
        validation_alias=_env("PLANRAG_MAX_CELL_BYTES"),
        description="The longest value (one cell) read from a database, in bytes; a query "
        "with a longer one is refused with its reason, and the value is not read whole.",
    )
    count_rows: int = Field(
        default=100_000, ge=1, validation_alias=_env("PLANRAG_COUNT_ROWS"),
        description="Rows counted past PLANRAG_MAX_ROWS to report an exact total.",
    )
    query_timeout_s: float = Field(
        default=10.0, gt=0, le=3600, validation_alias=_env("PLANRAG_QUERY_TIMEOUT"),
        description="Statement timeout in seconds (server side, plus a client watchdog).",
    )
    max_scan_rows: int = Field(
        default=10_000_000, ge=0, validation_alias=_env("PLANRAG_MAX_SCAN_ROWS")
    )
    """Queries the server estimates (EXPLAIN) to examine more rows are refused; 0: no check."""
    schema_budget: int = Field(
        default=6000, ge=1000, le=1_000_000, validation_alias=_env("PLANRAG_SCHEMA_BUDGET")
    )
    """Characters of schema in the model's first prompt; a larger schema is cut to the
    tables most relevant to the question (the model can search and describe the rest)."""
    relational: Literal["auto", "sqlite", "mysql"] = Field(
        default="auto", validation_alias=_env("PLANRAG_RELATIONAL"),
        description="The relational target: auto (MySQL when MYSQL_URL is set), sqlite, mysql.",
    )

    model_name: str | None = Field(
        default=None, validation_alias=_env("PLANRAG_MODEL"),
        description="The model's name, e.g. gpt-4o or llama3.1.",
    )
    model_base_url: str | None = Field(
        default=None,
        validation_alias=AliasChoices(
            "PLANRAG_MODEL_BASE_URL", "planrag_model_base_url", "OPENAI_BASE_URL"
        ),
        description="The OpenAI-compatible endpoint; unset for OpenAI itself.",
    )
    model_api_key: str | None = Field(
        default=None,
        validation_alias=AliasChoices(
            "PLANRAG_MODEL_API_KEY", "planrag_model_api_key", "OPENAI_API_KEY"
        ),
        description="The model endpoint's API key; local servers accept any text.",
    )
    model_temperature: float = Field(
        default=0.0, ge=0, le=2, validation_alias=_env("PLANRAG_MODEL_TEMPERATURE"),
        description="Sampling temperature (0: most repeatable).",
    )
    model_timeout_s: float = Field(
        default=120.0, gt=0, le=3600, validation_alias=_env("PLANRAG_MODEL_TIMEOUT"),
        description="Longest silence from the model, before or during a reply (seconds).",
    )
    model_tools: Literal["auto", "on", "off"] = Field(
        default="auto", validation_alias=_env("PLANRAG_MODEL_TOOLS"),
        description="Tool calling: auto, on, or off (the paper's ReAct text format).",
    )
    model_attempts: int = Field(
        default=4, ge=1, le=10, validation_alias=_env("PLANRAG_MODEL_ATTEMPTS"),
        description="Attempts in all on 429, 5xx, timeouts and broken streams.",
    )
    model_max_tokens: int = Field(
        default=4096, ge=0, le=1_000_000, validation_alias=_env("PLANRAG_MAX_TOKENS")
    )
    """Tokens one model reply may have, sent with every request (0: the server's default)."""
    model_concurrency: int = Field(
        default=0, ge=0, le=256, validation_alias=_env("PLANRAG_MODEL_CONCURRENCY")
    )
    """Requests one process sends the model endpoint at once, all runs together (0: by the
    endpoint, 1 on this machine or a private network, 4 for hosted APIs)."""
    max_reply_chars: int = Field(
        default=40_000, ge=1000, le=10_000_000, validation_alias=_env("PLANRAG_MAX_REPLY_CHARS")
    )
    """Characters one model reply may have, checked as it streams (also when the server
    ignores max tokens); a reply caught repeating itself is stopped too."""
    max_run_chars: int = Field(
        default=400_000, ge=1000, le=100_000_000, validation_alias=_env("PLANRAG_MAX_RUN_CHARS")
    )
    """Characters all model replies of one run may have; then the model is asked to answer."""
    technique: Literal["planrag", "planrag-norp", "iterrag", "singlerag"] = Field(
        default="planrag", validation_alias=_env("PLANRAG_TECHNIQUE"),
        description="The decision technique: planrag, planrag-norp, iterrag, singlerag.",
    )
    consent: Literal["ask", "approve", "reject"] = Field(
        default="ask", validation_alias=_env("PLANRAG_CONSENT"),
        description="A proposed re-plan: ask the person, or approve / reject it automatically.",
    )
    consent_timeout_s: float = Field(
        default=300.0, gt=0, le=7 * 24 * 3600, validation_alias=_env("PLANRAG_CONSENT_TIMEOUT")
    )
    """How long the chat and the terminal wait for an answer to a proposed re-plan."""
    consent_timeout_default: Literal["approve", "reject"] = Field(
        default="reject", validation_alias=_env("PLANRAG_CONSENT_TIMEOUT_DEFAULT")
    )
    """What an unanswered re-plan gets when the wait is over (reject: the plan stands)."""
    max_model_calls: int = Field(
        default=30, ge=1, le=500, validation_alias=_env("PLANRAG_MAX_MODEL_CALLS"),
        description="Model calls one run may make.",
    )
    max_replans: int = Field(
        default=4, ge=0, le=50, validation_alias=_env("PLANRAG_MAX_REPLANS"),
        description="Re-plans one run may make.",
    )
    on_disagreement: Literal["report", "replan"] = Field(
        default="report", validation_alias=_env("PLANRAG_ON_DISAGREEMENT")
    )
    """When the check ranks another decision first: report it with the answer, or propose a
    re-plan (with consent) in which the model sees the check's ranking. Never applied to a
    benchmark dataset (DQA), whose check would give the label away."""
    run_timeout_s: float = Field(
        default=600.0, gt=0, le=24 * 3600, validation_alias=_env("PLANRAG_RUN_TIMEOUT")
    )
    """Wall time of one run (paused time excluded); then one short last turn to answer."""
    what_if: bool = Field(
        default=False, validation_alias=_env("PLANRAG_WHAT_IF"),
        description="Offer the model the simulator as a tool (off: the check stays independent).",
    )
    run_store: str | None = Field(
        default=None, validation_alias=_env("PLANRAG_RUN_STORE"),
        description="Paused runs and the journal: sqlite:///FILE, redis://... or postgresql://...",
    )
    run_lease_s: float = Field(
        default=20.0, ge=2, le=600, validation_alias=_env("PLANRAG_RUN_LEASE")
    )
    """How long a run's lease in the journal lasts unless its process renews it (about every
    quarter of it): after a crash, another process takes the run over this much later."""
    watch_poll_s: float = Field(
        default=30.0, ge=0, le=3600, validation_alias=_env("PLANRAG_WATCH_POLL")
    )
    """How often each app process looks for watched decisions that are due (seconds); 0: the
    app processes run none, `planrag watch run` (from cron) does."""
    users_file: Path | None = Field(default=None, validation_alias=_env("PLANRAG_USERS_FILE"))
    """Who may sign in to the chat (default `<data dir>/users.toml`)."""
    auth_header: str | None = Field(
        default=None, pattern=r"^[A-Za-z0-9-]{1,64}$", validation_alias=_env("PLANRAG_AUTH_HEADER")
    )
    """Sign-in by a trusted reverse proxy: the header holding the signed-in user's name."""
    auth_groups_header: str | None = Field(
        default=None, pattern=r"^[A-Za-z0-9-]{1,64}$",
        validation_alias=_env("PLANRAG_AUTH_GROUPS_HEADER"),
    )
    """The proxy's header listing the user's groups (comma-separated)."""
    auth_proxy_secret: str | None = Field(
        default=None, min_length=16, validation_alias=_env("PLANRAG_AUTH_PROXY_SECRET")
    )
    """The proxy proves itself with this value in the X-PlanRAG-Proxy-Secret header."""
    slack_access: str | None = Field(default=None, validation_alias=_env("PLANRAG_SLACK_ACCESS"))
    """Who in Slack may ask about what: `U123=demo-retail,acme; C456=*` (users or channels)."""
    slack_api_url: str | None = Field(
        default=None, validation_alias=_env("PLANRAG_SLACK_API_URL"),
        description="Another Slack Web API base URL (a gateway, or the tests' fake Slack).",
    )
    history_url: str | None = Field(default=None, validation_alias=_env("PLANRAG_HISTORY_URL"))
    """The chat's history, feedback and audit trail: sqlite:///PATH (default
    `<data dir>/history.sqlite`), postgresql://..., or off."""
    origins: str = Field(default="", validation_alias=_env("PLANRAG_ALLOWED_ORIGINS"))
    """Other sites whose pages may call the chat (comma-separated origins); none by default."""
    session_cookie: str | None = Field(
        default=None, pattern=r"^[A-Za-z][A-Za-z0-9_-]{0,63}$",
        validation_alias=_env("PLANRAG_SESSION_COOKIE"),
    )
    """The chat's sign-in cookie's name (default: one derived from CHAINLIT_AUTH_SECRET, so
    app processes sharing the secret share sign-ins and other apps on the host do not).
    deploy/nginx keeps a person with one chat process by a cookie named `planrag_...`."""
    max_question_chars: int = Field(
        default=4000, ge=100, le=1_000_000, validation_alias=_env("PLANRAG_MAX_QUESTION_CHARS")
    )
    """The longest question any front end accepts; a longer one is refused before it runs."""
    history_turn_chars: int = Field(
        default=4000, ge=200, le=1_000_000, validation_alias=_env("PLANRAG_HISTORY_TURN_CHARS")
    )
    """Characters of one earlier turn of a conversation (question and answer) sent to the
    model with a new question; a longer turn is cut."""
    history_chars: int = Field(
        default=16_000, ge=200, le=10_000_000, validation_alias=_env("PLANRAG_HISTORY_CHARS")
    )
    """Characters of a conversation's earlier turns sent to the model together; the oldest
    turns are dropped first."""
    runs_per_person: int = Field(
        default=2, ge=1, le=100, validation_alias=_env("PLANRAG_RUNS_PER_PERSON")
    )
    """Things one person may have done for them at once (questions, tool calls), counted
    across every app process sharing the run store; a terminal's `planrag ask` counts its
    own."""
    messages_per_minute: int = Field(
        default=30, ge=1, le=10_000, validation_alias=_env("PLANRAG_MESSAGES_PER_MINUTE")
    )
    """Messages one person may send a minute (per app process); more are refused."""
    api_max_body_bytes: int = Field(
        default=4 * 1024 * 1024, ge=64 * 1024, le=256 * 1024 * 1024,
        validation_alias=_env("PLANRAG_API_MAX_BODY_BYTES"),
    )
    """The largest request body `planrag serve api` reads, in bytes; a larger one is refused
    (413) before it is read."""
    sign_in_hours: float = Field(
        default=12.0, gt=0, le=24 * 30, validation_alias=_env("PLANRAG_SIGN_IN_HOURS")
    )
    """How long a chat sign-in lasts before the person signs in again."""

    @field_validator("users_file", "session_cookie", mode="before")
    @classmethod
    def _blank_is_unset(cls, value: Any) -> Any:
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("origins")
    @classmethod
    def _check_origins(cls, value: str) -> str:
        for origin in (o.strip() for o in value.split(",") if o.strip()):
            parts = urlsplit(origin)
            if origin != "*" and (parts.scheme not in ("http", "https") or not parts.hostname
                                  or parts.path not in ("", "/") or "#" in origin
                                  or not _port_ok(origin)):
                raise ValueError(f"{mask_url(origin)!r} is not an origin such as "
                                 "https://intranet.example.com")
        return value

    @field_validator("slack_access")
    @classmethod
    def _check_slack_access(cls, value: str | None) -> str | None:
        if not value or not value.strip():
            return None
        from planrag.users import SlackAccess

        try:
            SlackAccess.parse(value)
        except PlanRAGError as exc:
            raise ValueError(str(exc).removeprefix("PLANRAG_SLACK_ACCESS: ")) from None
        return value

    @property
    def allowed_origins(self) -> list[str]:
        return [o.strip().rstrip("/") for o in self.origins.split(",") if o.strip()]

    @field_validator("model_name", "model_api_key")
    @classmethod
    def _empty_is_unset(cls, value: str | None) -> str | None:
        return value.strip() or None if value is not None else None

    @field_validator("model_base_url")
    @classmethod
    def _check_model_url(cls, value: str | None) -> str | None:
        if not value:
            return None
        parts = urlsplit(value)
        if parts.scheme not in ("http", "https") or not parts.hostname or not _port_ok(value):
            raise ValueError("must be an http(s) URL, e.g. http://127.0.0.1:11434/v1")
        if "#" in value or "@" in f"{parts.path}{parts.query}":
            raise ValueError("cannot tell the password from the host: write @ / ? # in a "
                             "password percent-encoded (%40 %2F %3F %23)")
        return value

    @property
    def model_configured(self) -> bool:
        """A model can be called: a model name and either an endpoint or an API key."""
        return bool(self.model_name and (self.model_base_url or self.model_api_key))

    @field_validator("mysql_url", "mysql_admin_url")
    @classmethod
    def _check_mysql_url(cls, value: str | None) -> str | None:
        if value in (None, ""):
            return None
        MySQLAddress(value)  # raises ValueError with the reason
        return value

    @field_validator("neo4j_uri")
    @classmethod
    def _check_neo4j_uri(cls, value: str | None) -> str | None:
        if value in (None, ""):
            return None
        scheme = urlsplit(value).scheme
        allowed = ("bolt", "bolt+s", "bolt+ssc", "neo4j", "neo4j+s", "neo4j+ssc")
        if scheme not in allowed:
            raise ValueError(
                f"scheme must be one of {', '.join(allowed)}; got {scheme or '(none)'}"
            )
        if "@" in value or "#" in value:  # the tail of a password would be read as the host
            raise ValueError("put the account in NEO4J_USER and NEO4J_PASSWORD, not in the URI")
        if not urlsplit(value).hostname or not _port_ok(value):
            raise ValueError("a host is required, and a numeric port if any, e.g. "
                             "bolt://127.0.0.1:7687")
        return value

    @property
    def limits(self) -> Limits:
        return Limits(
            max_rows=self.max_rows,
            max_bytes=self.max_bytes,
            count_rows=self.count_rows,
            timeout_s=self.query_timeout_s,
            max_scan_rows=self.max_scan_rows,
            max_cell_bytes=self.max_cell_bytes,
        )

    @property
    def relational_target(self) -> Literal["sqlite", "mysql"]:
        """Where relational queries go when the caller does not say."""
        if self.relational == "auto":
            return "mysql" if self.mysql_url else "sqlite"
        return self.relational

    @property
    def mysql(self) -> MySQLAddress | None:
        return MySQLAddress(self.mysql_url) if self.mysql_url else None

    @property
    def mysql_admin(self) -> MySQLAddress | None:
        url = self.mysql_admin_url or self.mysql_url
        return MySQLAddress(url) if url else None

    @property
    def embedded_graph(self) -> bool:
        """True when PlanRAG must start its own Bolt server (no NEO4J_URI)."""
        return self.neo4j_uri is None

    @property
    def graph_data_dir(self) -> Path:
        return self.graph_dir or self.data_dir / "graph"

    @property
    def sqlite_dir(self) -> Path:
        return self.data_dir / "sqlite"

    @property
    def users_path(self) -> Path:
        return self.users_file or self.data_dir / "users.toml"

    @property
    def live_datasets_dir(self) -> Path:
        """Where connected (live) datasets are kept and found."""
        return self.datasets_dir or self.data_dir / "datasets"


def _port_ok(url: str) -> bool:
    """Whether `url`'s port, if it has one, is a number (urlsplit raises otherwise)."""
    try:
        port = urlsplit(url).port
    except ValueError:  # not a number, or out of range
        return False
    return port != 0


def _env_name(name: str, alias: object) -> str:
    if isinstance(alias, AliasChoices) and isinstance(alias.choices[0], str):
        return alias.choices[0]
    return name.upper()


_ENV_NAMES = {
    name: _env_name(name, f.validation_alias) for name, f in Settings.model_fields.items()
}


def load_settings(env_file: str | os.PathLike[str] | None = ".env", **overrides: Any) -> Settings:
    """Read and check the settings; raise `ConfigError` naming the first bad variable."""
    try:
        return Settings(_env_file=env_file, **overrides)  # type: ignore[call-arg]
    except ValidationError as exc:
        raise ConfigError(_one_line(exc)) from None


_FIELDS = {
    str(alias).upper(): name
    for name, f in Settings.model_fields.items()
    if isinstance(f.validation_alias, AliasChoices)
    for alias in f.validation_alias.choices
}
"""The field each variable sets (MYSQL_URL: mysql_url)."""
_SECRETS = frozenset(
    name for name in Settings.model_fields if name.endswith(("password", "secret", "api_key"))
)
"""Settings whose values are never quoted in a message."""
_URLS = frozenset({"mysql_url", "mysql_admin_url", "neo4j_uri", "model_base_url",
                   "run_store", "history_url", "slack_api_url", "origins"})
"""Settings holding URLs, which may hold passwords: quoted masked (planrag.redact)."""


def _one_line(exc: ValidationError) -> str:
    first = exc.errors()[0]
    where = str(first["loc"][0]) if first["loc"] else "settings"
    field = _FIELDS.get(where.upper(), where)  # errors name the variable as it was found
    variable = _ENV_NAMES.get(field, field.upper())
    message = str(first["msg"]).removeprefix("Value error, ")
    got = first.get("input")
    if field in _SECRETS or field in _URLS:  # pydantic may quote the value in its message
        if isinstance(got, str) and got:
            message = message.replace(got, MASK) if field in _SECRETS else scrub(message, got)
        if field in _URLS and isinstance(got, str):
            got = mask_url(got)
    shown = "" if got is None or field in _SECRETS else f" (got {got!r})"
    more = len(exc.errors()) - 1
    tail = f"; {more} more problem(s) after fixing this one" if more else ""
    return f"{variable}: {message}{shown}; fix it in the environment or .env{tail}"
