# Two commands for a newcomer: `make run` and `make test`. Both install what they need first.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test lint bench fuzz soak explore clean po screenshots pi-rehearsal

# --no-compile: a module's bytecode is written when it is first imported, not for every module of every package
# (half the install's time on a fresh clone). So it must be written: a shell that sets PYTHONDONTWRITEBYTECODE (this
# machine's does) has every test process and every app the UI tests start compile all it imports anew (issue 26).
unexport PYTHONDONTWRITEBYTECODE
$(STAMP): pyproject.toml deploy/dev-setup.sh
	@bash deploy/dev-setup.sh
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --no-compile --upgrade pip
	$(BIN)/pip install --quiet --no-compile -e '.[dev]'
	@touch $@

run: $(STAMP)
	$(BIN)/companion run

lint: $(STAMP)
	$(BIN)/ruff check companion tests firmware
	$(BIN)/mypy

# One worker more than the machine has cores: a fifth of the suite's wall time is tests waiting on a device's
# timeout (nfcpy's UDP reader, the tray's faults, sockets) with their core free. One test file a worker, so a
# file's fixtures run once; the longest files first (tests/durations.json, tests/conftest.py), so that no long
# file starts while the other workers run out of work.
PYTEST_PAR := -n $(shell echo $$(( $$(nproc) + 1 ))) --dist loadfile --no-loadscope-reorder

# mypy checks while the tests run (their start leaves a core idle); the target fails if ruff, mypy or a test does.
test: $(STAMP)
	$(BIN)/ruff check companion tests firmware
	$(BIN)/mypy & mypy=$$!; $(BIN)/pytest $(PYTEST_PAR); tests=$$?; wait $$mypy && exit $$tests

bench: $(STAMP)
	$(BIN)/companion bench

# Long runs of the fuzzers and property tests (each reads FUZZ_EXAMPLES; `make test` runs a few dozen). The
# data-file targets cost about 0.3 s an input: FUZZ_EXAMPLES=400 took 7 min here, the default about half an hour.
FUZZ_EXAMPLES ?= 2000
fuzz: $(STAMP)
	FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) $(BIN)/pytest $(PYTEST_PAR) tests -k "fuzz or property"

# The long power-cut runs, and each whole-game UI scenario in the languages `make test` leaves to it (the `soak`
# mark, tests/conftest.py).
soak: $(STAMP)
	SOAK=1 $(BIN)/pytest tests -k soak

# The screen explorer's long run (docs/explorer.md): EXPLORE_GAMES chains of games per language, each game to its
# end; `make test` runs one short chain per language.
EXPLORE_GAMES ?= 30
explore: $(STAMP)
	EXPLORE_GAMES=$(EXPLORE_GAMES) $(BIN)/pytest -s -p no:timeout tests/ui/test_explorer.py

# Refresh docs/screenshots/ and the text each screen draws beside each (the UI tests write theirs to a
# temporary folder otherwise), then look at them. SOAK=1: every scenario in each of its languages.
screenshots: $(STAMP)
	rm -f docs/screenshots/*.png docs/screenshots/*.txt
	UI_SCREENSHOTS=docs/screenshots SOAK=1 $(BIN)/pytest -q tests/ui/test_app.py tests/ui/test_dungeon_roll_app.py \
		tests/ui/test_dr_hardware.py tests/ui/test_descent_app.py tests/ui/test_dr_findings.py \
		tests/ui/test_descent_findings.py tests/ui/test_dr_explored.py tests/ui/test_phones_panel.py \
		tests/web/test_phone_browser.py

clean:
	rm -rf $(VENV) .mypy_cache .ruff_cache .hypothesis

# The Pi install rehearsed without a Pi (deploy/pi-rehearsal.sh): deploy/install.sh run twice in a Debian
# bookworm arm64 root under qemu-user-static, the app started as the unit starts it, `companion doctor`; each
# step's time and result. Slow (the first run builds the root, cached in PI_REHEARSAL_DIR, not committed),
# needs root and the network; not part of `make test`.
PI_REHEARSAL_DIR ?= .pi-rehearsal
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
pi-rehearsal:
	$(SUDO) nice -n 19 deploy/pi-rehearsal.sh $(PI_REHEARSAL_DIR)

# Refresh the engine's message catalogues after changing texts: extract every message id of the core, the
# rule systems and the table, then merge new ids into the Arabic and Belarusian catalogues (translate them,
# then `make test`). Descent's and Dungeon Roll's texts are domains of their own (`descent`, `dungeon_roll`),
# as are the phones' web view's (`web`), so their catalogues grow apart. Written by hand, not extracted: ui.po
# (the screens), gender.po (feminine forms), names.po (the short names passed as fields through `named`/`named_in`) and tokens.po (the tags'
# labels that are not The Last Covenant's); tests check them.
PO_LANGS := ar be
MSG_KEYWORDS := -k say:3 -k reject:4 -k event:3 -k Msg:1 -k N_ -k notice:2 -k Plural:1,2
po: $(STAMP)
	$(BIN)/pybabel extract --no-default-keywords $(MSG_KEYWORDS) --no-location --omit-header --sort-output \
		--ignore-dirs ".* _* descent dungeon_roll" \
		-o companion/locale/companion.pot companion/core companion/games companion/table
	for lang in $(PO_LANGS); do $(BIN)/pybabel update --no-fuzzy-matching --ignore-obsolete -D companion \
		-l $$lang -i companion/locale/companion.pot -d companion/locale || exit 1; done
	$(BIN)/pybabel extract --no-default-keywords $(MSG_KEYWORDS) --no-location --omit-header --sort-output \
		-o companion/locale/descent.pot companion/games/descent
	for lang in $(PO_LANGS); do $(BIN)/pybabel update --no-fuzzy-matching --ignore-obsolete -D descent \
		-l $$lang -i companion/locale/descent.pot -d companion/locale || exit 1; done
	$(BIN)/pybabel extract --no-default-keywords $(MSG_KEYWORDS) --no-location --omit-header --sort-output \
		-o companion/locale/dungeon_roll.pot companion/games/dungeon_roll
	for lang in $(PO_LANGS); do $(BIN)/pybabel update --no-fuzzy-matching --ignore-obsolete -D dungeon_roll \
		-l $$lang -i companion/locale/dungeon_roll.pot -d companion/locale || exit 1; done
	$(BIN)/pybabel extract --no-default-keywords $(MSG_KEYWORDS) --no-location --omit-header --sort-output \
		-o companion/locale/web.pot companion/web
	for lang in $(PO_LANGS); do $(BIN)/pybabel update --no-fuzzy-matching --ignore-obsolete -D web \
		-l $$lang -i companion/locale/web.pot -d companion/locale || exit 1; done
