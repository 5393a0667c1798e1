# boardkit: two commands do everything on a fresh machine.
#   make lab    set up .venv and open JupyterLab at the project root, on the start notebook
#   make test   set up .venv (and Chromium for the browser test) and run every test
PYTHON ?= python3
VENV   ?= .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
PYTEST_WORKERS ?= 2
LAB_ARGS ?=
PLAY_ARGS ?=

.PHONY: lab play test test-fast lint notebooks notebook setup browser-deps bench clean handouts

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[lab,test,scale,fast]'
	touch $(STAMP)

# the catalogue files merge key by key (tools/catalogue_merge.py, named in .gitattributes)
setup: $(STAMP)
	-git config merge.catalogue.name "boardkit catalogue merge" && \
	  git config merge.catalogue.driver "$(BIN)/python tools/catalogue_merge.py %O %A %B %P"

# `boardkit lab` (boardkit/cli.py) runs the same command without make, e.g. on Windows
lab: $(STAMP)
	$(BIN)/jupyter lab --ServerApp.root_dir=. \
	  --LabApp.default_url=/lab/tree/notebooks/00_start_here.ipynb $(LAB_ARGS)

# the play pages (notebooks/play/<game>.ipynb) served by Voila: boards only, no code;
# one page: http://localhost:8866/voila/render/checkers.ipynb
# a closed page stops its kernel (binder/voila.py), and a kernel left idle is culled after 5
# minutes unless a page is still open on it. `boardkit play` (boardkit/cli.py) runs the same
# command without make; `boardkit play --room` serves a whole room with a token.
play: $(STAMP)
	$(BIN)/voila --no-browser notebooks/play --MappingKernelManager.cull_idle_timeout=300 \
		--MappingKernelManager.cull_interval=60 --Voila.config_file_paths=binder $(PLAY_ARGS)

# Debian's chromium (and a Japanese font for screenshots) for the browser test;
# playwright must never download a browser of its own.
browser-deps:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-ipaexfont-gothic; \
	  else sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-ipaexfont-gothic; fi; }

# unit + property tests, every notebook and exercise (nbval compares outputs),
# and the browser test
test: $(STAMP) browser-deps
	$(BIN)/python -m pytest -n $(PYTEST_WORKERS) --dist loadfile \
	  tests notebooks exercises \
	  --nbval --nbval-current-env --nbval-sanitize-with tests/nbval_sanitize.cfg

# the same without the browser and notebooks, for a quick loop while coding
test-fast: $(STAMP)
	$(BIN)/python -m pytest -n $(PYTEST_WORKERS) tests -m "not browser"

# sync every notebook with its MyST .md twin (the newer file wins), then re-execute
# every notebook and store its outputs (subfolders included)
ALL_NOTEBOOKS = $(shell find notebooks exercises -name '*.ipynb' -not -path '*/.ipynb_checkpoints/*' | sort)
notebooks: $(STAMP)
	$(BIN)/jupytext --sync $(ALL_NOTEBOOKS)
	$(BIN)/python tools/run_notebooks.py $(ALL_NOTEBOOKS)

# one lesson: make notebook NB=notebooks/10_checkers_moving.md (the .md or the .ipynb)
notebook: $(STAMP)
	@test -n "$(NB)" || { echo "usage: make notebook NB=notebooks/NN_name.md"; exit 2; }
	$(BIN)/python tools/run_notebooks.py $(NB)

# printable handouts: build/handouts/<game>.html and .pdf (rules, boards, exercises,
# answers on a last page for the teacher); the PDF needs Debian's chromium
handouts: $(STAMP) browser-deps
	$(BIN)/python tools/handouts.py

# ruff over the code and the notebooks ([tool.ruff] in pyproject.toml), then mypy over the
# package ([tool.mypy]: 0 errors outside the modules it still excuses)
lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/python -m mypy

bench: $(STAMP)
	$(BIN)/python benchmarks/run_all.py

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
