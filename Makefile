# Every target sets itself up: a fresh clone needs only python3 (>= 3.11).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test lint package install-desktop bench clean native check-packaging installer appdir

$(STAMP): pyproject.toml
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

# The round's hot path compiled with mypyc (craits/native.py): about twice as fast a search.
# Quick when current; without a C compiler it says so and the game runs from its sources.
native: $(STAMP)
	@$(BIN)/python tools/build_native.py

play: native
	$(BIN)/python -m craits

# mypy checks the packages listed under [tool.mypy] in pyproject.toml as each system sees them,
# actionlint the workflows. pytest's slow tests include tests/test_wheel.py: the wheel built from
# a clean copy, installed into a fresh venv, self-tested and played headless (about a minute).
# One worker more than the cores: a few tests wait on other programs (an installer, a game
# process, pip), and the extra worker uses that time (3:41 against 4:01 on 2 cores).
TEST_WORKERS ?= $(shell $(PYTHON) -c 'import os; print((os.cpu_count() or 1) + 1)')

test: native
	$(BIN)/ruff check craits tests benchmarks tools
	$(BIN)/python -m mypy --platform linux
	$(BIN)/python -m mypy --platform win32
	$(BIN)/python -m mypy --platform darwin
	$(BIN)/actionlint
	$(BIN)/python -m pytest -q -n $(TEST_WORKERS) --dist loadfile --no-loadscope-reorder
	$(BIN)/python -m craits i18n-check

# The desktop app (issue 8): dist/Craits/Craits, see README "Building the app".
PACKAGE_STAMP := $(VENV)/.installed-package
PYINSTALLER := pyinstaller>=6.10,<7

$(PACKAGE_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[package]' '$(PYINSTALLER)'
	@touch $(PACKAGE_STAMP)

# A release ships the compiled hot path: --require fails without it (CRAITS_ALLOW_PURE_PYTHON=1
# lets a platform without a C compiler build from the sources alone).
package: $(PACKAGE_STAMP)
	@$(BIN)/python tools/build_native.py --require
	@sh packaging/ensure_binutils.sh
	@echo "Building dist/Craits with PyInstaller (a minute or two)..."
	$(BIN)/python -m PyInstaller --noconfirm --log-level WARN build.spec
	@echo "Done: dist/Craits/Craits (or dist/Craits-onefile with CRAITS_ONEFILE=1); make install-desktop adds it to the menu."

# What a release adds around dist/Craits (README "Building the app"; .github/workflows/release.yml).
# Windows: the installer dist/Craits-<version>-windows-x64-setup.exe (needs NSIS's makensis).
installer: package
	$(BIN)/python packaging/windows/build_installer.py

# Linux: the AppImage's folder dist/Craits.AppDir, checked; appimagetool turns it into the file.
appdir: package
	$(BIN)/python packaging/linux/glibc_floor.py dist/Craits
	$(BIN)/python packaging/linux/build_appdir.py --check

# Checks that need no build: the installer script compiles against a stand-in folder, and the
# desktop file and metainfo validate. Each says so and passes where its tool is missing
# (Debian: apt-get install nsis desktop-file-utils appstream).
check-packaging:
	$(PYTHON) packaging/windows/build_installer.py --stand-in
	$(PYTHON) packaging/linux/check_metadata.py

install-desktop: $(STAMP)
	$(BIN)/python packaging/install_desktop.py

# Engine speed against RLCard's UNO and OpenSpiel's crazy_eights (README "Benchmarks"). The two
# anchors install on first use into the benchmark-only $(BENCH_VENV), never into $(VENV).
BENCH_VENV := .venv-bench
BENCH_SECONDS ?= 3

bench: native
	$(BIN)/python benchmarks/engine_speed.py --seconds $(BENCH_SECONDS) --bench-venv $(BENCH_VENV)

clean:
	rm -rf build dist $(VENV) .pytest_cache craits/native.json
	find craits -name "*.so" -delete -o -name "*.pyd" -delete
