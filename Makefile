# The two commands of the quick start: `make demo` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: demo test install lint typecheck unit bench clean

# Install (or refresh when pyproject.toml changes) into a local virtual environment.
$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11+ is required; set PYTHON=python3.11")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[embedded,dev]'
	@touch $(STAMP)

install: $(STAMP)

# Load the fixtures into the embedded defaults (SQLite files and the embedded graph server,
# plus MySQL when MYSQL_URL is set) and open the assistant's console. The graph server is
# started once for both steps and stopped when the console closes.
demo: $(STAMP)
	@set -e; \
	$(BIN)/planrag graph start; \
	trap '$(BIN)/planrag graph stop >/dev/null' EXIT; \
	$(BIN)/planrag load; \
	$(BIN)/planrag shell

lint: $(STAMP)
	$(BIN)/ruff check planrag app tests benchmarks
	$(BIN)/mypy

unit: $(STAMP)
	$(BIN)/pytest

test: $(STAMP)
	./scripts/ensure-mariadb.sh
	$(MAKE) --no-print-directory lint
	$(BIN)/pytest

bench: $(STAMP)
	./scripts/ensure-mariadb.sh
	$(BIN)/python benchmarks/guards.py
	$(BIN)/python benchmarks/databases.py

clean:
	rm -rf $(VENV) .planrag .pytest_cache .mypy_cache .ruff_cache
