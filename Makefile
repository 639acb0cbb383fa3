# Two commands do everything (see README.md):
#   make book   install what is missing, then build the site into _build/html
#   make test   build, then run every test (nbval, hygiene, links, browser)
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
BUILD  := $(BIN)/jupyter-book build . -W -n --keep-going
# Notebooks run in parallel, one whole notebook per worker (cells of one notebook must
# stay together in one kernel: hence --dist loadfile, not --dist load).
PYTEST := $(BIN)/python -m pytest -n 2 --dist loadfile

.PHONY: book test install system-packages execute serve clean

book: install
	$(BUILD)

# The notebooks run first, two at a time with nothing else beside them, so that each
# one's 30 s budget measures the notebook and not the browser or planted-mistake tests
# running next to it; then everything under tests/.
test: book
	@PYTHON=$(PYTHON) bash tools/system_packages.sh test
	$(PYTEST) book
	$(PYTEST) tests

install: system-packages $(VENV)/.installed node_modules/.package-lock.json

# Python venv support, Node.js and npm (and Chromium for `make test`): installed with
# apt-get when run as root, otherwise one message naming the command to run.
system-packages:
	@PYTHON=$(PYTHON) bash tools/system_packages.sh build

$(VENV)/.installed: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet -r requirements.txt
	touch $@

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --no-audit --no-fund

# Re-run notebooks top to bottom in a fresh kernel and store their outputs, as they
# must be committed:  make execute            (all chapters)
#                     make execute NB=book/03_scaling.ipynb
NB ?=
execute: install
	$(BIN)/python tools/execute_notebooks.py $(NB)

# Preview the built site at http://127.0.0.1:$(PORT)
PORT ?= 8000
serve: book
	$(BIN)/python -m http.server $(PORT) --bind 127.0.0.1 --directory _build/html

clean:
	rm -rf _build
