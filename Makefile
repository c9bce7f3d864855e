# grocer — targets
#
#   make run        install missing Debian packages, build a release binary, start grocer
#   make test       the same set-up (plus tmux, sqlite3, strace, jq, groff, the CalDAV
#                   servers radicale and xandikos, curl, python3), then every
#                   test: unit and screen tests (swift test), then end-to-end in tmux
#                   against the test build, and install/uninstall into a temporary prefix
#   make build      release binary at .build/release/grocer
#   make build-test the same with the test hooks (GROCER_FAULT_POINT, ...) compiled in,
#                   at .build-test/release/grocer: only the e2e tests use it
#   make install    the stripped binary, the man page and bash/zsh/fish completions
#                   under $(DESTDIR)$(PREFIX) (PREFIX=/usr/local by default)
#   make uninstall  removes exactly those files again (same PREFIX and DESTDIR), then the
#                   folders install made, where they are empty
#   make bench      start-up, bytes per keystroke, migration and sync benchmarks, side by
#                   side with references measured in the same run (the test set-up plus
#                   vdirsyncer, the sync's reference)
#   make order      lay out anew the functions that run before the first frame,
#                   and the data they touch (scripts/first-frame.order; needs valgrind)
#   make demo-migration   a large version 1 store in a temporary folder, opened by grocer
#   make man        Resources/grocer.1 made again from Resources/grocer.1.in and the commands'
#                   definitions (argument-parser); ManPageTests fails when it is not current
#   make format     format Sources, Tests and Package.swift in place (.swift-format)
#   make lint       check formatting and swift-format's rules, strictly (warnings fail),
#                   and the layer rules of docs/ARCHITECTURE.md (scripts/check-layers.sh)
#   make check      what CI runs: lint, a build with warnings as errors, then make test
#                   (its unit tests built with warnings as errors too), then make budget
#   make budget     the first frame within its instruction budget (callgrind), and the
#                   order file still naming functions the binary has
#   make clean

PREFIX ?= /usr/local
SWIFT ?= swift
# A fully static executable, linked by lld: each cut grocer's time to first
# frame (see README, "Figures"). The builds below make only the grocer
# product: a fully static link of the benchmark that reads XML (FoundationXML)
# would need libxml2's own static dependencies.
# The functions that run before the first frame, and the data they touch, are
# laid out together (scripts/first-frame.order, made by `make order`): fewer
# pages to fault in.
ORDER_FILE = scripts/first-frame.order
RELEASE_FLAGS = -c release --static-swift-stdlib -Xswiftc -static-executable -Xswiftc -use-ld=lld \
	-Xlinker --symbol-ordering-file=$(CURDIR)/$(ORDER_FILE) -Xlinker --no-warn-symbol-ordering
BIN = .build/release/grocer
# The e2e tests' build: release, with the fault-injection hooks compiled in
# (-DGROCER_TEST_HOOKS), in its own scratch path so `make build` stays clean.
TEST_SCRATCH = .build-test
TEST_BIN = $(TEST_SCRATCH)/release/grocer
RUN_PACKAGES = libsqlite3-dev libncursesw5-dev pkg-config binutils
TEST_PACKAGES = $(RUN_PACKAGES) tmux sqlite3 procps time strace jq groff-base valgrind radicale xandikos curl python3
# The sync bench's reference client (bench/sync.sh).
BENCH_PACKAGES = $(TEST_PACKAGES) vdirsyncer
# What `make install` puts under $(DESTDIR)$(PREFIX), and `make uninstall` removes.
INSTALL_BIN = bin/grocer
INSTALL_MAN = share/man/man1/grocer.1
INSTALL_BASH = share/bash-completion/completions/grocer
INSTALL_ZSH = share/zsh/site-functions/_grocer
INSTALL_FISH = share/fish/vendor_completions.d/grocer.fish
INSTALLED = $(INSTALL_BIN) $(INSTALL_MAN) $(INSTALL_BASH) $(INSTALL_ZSH) $(INSTALL_FISH)
# The folders `make install` made (so `make uninstall` removes them, if empty).
INSTALL_RECORD = share/grocer/made-dirs
# A PREFIX=~/.local that reached make unexpanded (zsh does not expand ~ after =).
DEST = $(DESTDIR)$(patsubst ~%,$(HOME)%,$(PREFIX))
FORMAT_PATHS = Sources Tests Package.swift
WERROR = -Xswiftc -warnings-as-errors
# Extra flags for the unit tests' build (make check sets $(WERROR)).
UNIT_FLAGS ?=

# SwiftPM adds -color-diagnostics to every compile when its output is a
# terminal, and that changed command line rebuilds every module: `make run`
# after a `make test` in CI, or a build piped to a file after one on a
# terminal, recompiled everything (80 s). Its output always goes through a
# pipe here, so the command lines never change with where it is shown.
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c
PIPED = | cat

.PHONY: run test build build-test install uninstall order bench demo-migration man check budget format lint clean deps test-deps bench-deps unit-test e2e

run: deps build
	@$(BIN) $(ARGS)

# SwiftPM does not see the order file, which only the link reads: a binary
# older than the order file is removed first, so that it is linked again.
build:
	[[ ! -e $(BIN) || $(BIN) -nt $(ORDER_FILE) ]] || rm -f $(BIN)
	$(SWIFT) build $(RELEASE_FLAGS) --product grocer $(PIPED)

build-test:
	[[ ! -e $(TEST_BIN) || $(TEST_BIN) -nt $(ORDER_FILE) ]] || rm -f $(TEST_BIN)
	$(SWIFT) build $(RELEASE_FLAGS) --product grocer --scratch-path $(TEST_SCRATCH) -Xswiftc -DGROCER_TEST_HOOKS $(PIPED)

# Completions come from argument-parser, asked of the binary just built.
# The folders it had to make are kept in $(INSTALL_RECORD), for uninstall.
install: deps build
	made=$$(bash scripts/missing-dirs.sh "$(DEST)" $(INSTALLED) $(INSTALL_RECORD)) && \
	for f in $(INSTALLED) $(INSTALL_RECORD); do install -d "$(DEST)/$$(dirname $$f)" || exit 1; done && \
	{ cat "$(DEST)/$(INSTALL_RECORD)" 2>/dev/null || true; [[ -z $$made ]] || printf '%s\n' "$$made"; } | sort -u >"$(DEST)/$(INSTALL_RECORD).new" && \
	mv "$(DEST)/$(INSTALL_RECORD).new" "$(DEST)/$(INSTALL_RECORD)"
	install -m 0755 -s $(BIN) "$(DEST)/$(INSTALL_BIN)"
	install -m 0644 Resources/grocer.1 "$(DEST)/$(INSTALL_MAN)"
	$(BIN) --generate-completion-script bash >"$(DEST)/$(INSTALL_BASH)"
	$(BIN) --generate-completion-script zsh >"$(DEST)/$(INSTALL_ZSH)"
	$(BIN) --generate-completion-script fish >"$(DEST)/$(INSTALL_FISH)"
	chmod 0644 "$(DEST)/$(INSTALL_BASH)" "$(DEST)/$(INSTALL_ZSH)" "$(DEST)/$(INSTALL_FISH)"

# Then the folders install made, deepest first, each only while empty.
uninstall:
	for f in $(INSTALLED); do rm -f "$(DEST)/$$f" || exit 1; done
	if [[ -f "$(DEST)/$(INSTALL_RECORD)" ]]; then \
		dirs=$$(awk '{ print length($$0), $$0 }' "$(DEST)/$(INSTALL_RECORD)" | sort -rn | cut -d' ' -f2-); \
		rm -f "$(DEST)/$(INSTALL_RECORD)"; \
		for d in $$dirs; do \
			if [[ $$d == . ]]; then rmdir "$(DEST)" 2>/dev/null || true; else rmdir "$(DEST)/$$d" 2>/dev/null || true; fi; \
		done; \
	fi

# The e2e suite runs on the test build; e2e/test_install.sh installs the
# plain one (`make install`), so both are built.
test: test-deps unit-test build build-test e2e

unit-test:
	$(SWIFT) test $(UNIT_FLAGS) $(PIPED)

e2e:
	GROCER_BIN=$(CURDIR)/$(TEST_BIN) bash e2e/run.sh

check: lint
	$(SWIFT) build --build-tests $(WERROR) $(PIPED)
	$(MAKE) test UNIT_FLAGS="$(WERROR)"
	$(MAKE) budget

# The first frame's instruction budget and the order file's freshness
# (scripts/first-frame-budget.sh: callgrind on the test build; counts, not
# times, so a busy machine does not move them).
budget: test-deps build-test
	GROCER_BIN=$(CURDIR)/$(TEST_BIN) bash scripts/first-frame-budget.sh

format:
	$(SWIFT) format -i -r $(FORMAT_PATHS)

lint:
	$(SWIFT) format lint --strict -r $(FORMAT_PATHS)
	bash scripts/check-layers.sh

order: test-deps build-test
	GROCER_BIN=$(CURDIR)/$(TEST_BIN) bash scripts/first-frame-order.sh $(ORDER_FILE)

bench: bench-deps build
	bash bench/run.sh

demo-migration: deps build
	GROCER_BIN=$(CURDIR)/$(BIN) bash bench/demo-migration.sh

# The man page's synopsis and each command's head line come from the
# commands' definitions (`Grocer._dumpHelp()`, in process), joined to the
# hand-written source by GrocerCLI's ManPage: the test that compares them
# writes the page instead when GROCER_WRITE_MAN_PAGE=1.
man:
	$(SWIFT) build --build-tests $(PIPED)
	GROCER_WRITE_MAN_PAGE=1 $(SWIFT) test --skip-build --filter 'ManPageTests/theCommittedPage' $(PIPED)

deps:
	@bash scripts/ensure-packages.sh $(RUN_PACKAGES)

test-deps:
	@bash scripts/ensure-packages.sh $(TEST_PACKAGES)

bench-deps:
	@bash scripts/ensure-packages.sh $(BENCH_PACKAGES)

clean:
	rm -rf .build $(TEST_SCRATCH)
