# Two commands for a newcomer: `make run` and `make test`. Both install what they need first.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test lint bench fuzz soak clean

$(STAMP): pyproject.toml deploy/dev-setup.sh
	@bash deploy/dev-setup.sh
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	@touch $@

run: $(STAMP)
	$(BIN)/companion run

lint: $(STAMP)
	$(BIN)/ruff check companion tests firmware
	$(BIN)/mypy

test: lint
	$(BIN)/pytest

bench: $(STAMP)
	$(BIN)/companion bench

fuzz: $(STAMP)
	FUZZ_EXAMPLES=20000 $(BIN)/pytest -m "not hardware" tests -k "fuzz or property" --hypothesis-profile=long

soak: $(STAMP)
	SOAK=1 $(BIN)/pytest tests -k soak

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .hypothesis
