# grocer — targets
#
#   make run        install missing Debian packages, build a release binary, start grocer
#   make test       the same set-up (plus tmux, sqlite3, strace, jq, groff), then every
#                   test: unit and screen tests (swift test), then end-to-end in tmux
#                   against the test build, and install/uninstall into a temporary prefix
#   make build      release binary at .build/release/grocer
#   make build-test the same with the test hooks (GROCER_FAULT_POINT, ...) compiled in,
#                   at .build-test/release/grocer: only the e2e tests use it
#   make install    the stripped binary, the man page and bash/zsh/fish completions
#                   under $(DESTDIR)$(PREFIX) (PREFIX=/usr/local by default)
#   make uninstall  removes exactly those files again (same PREFIX and DESTDIR)
#   make bench      start-up, bytes per keystroke and migration benchmarks, side by side
#                   with references measured in the same run
#   make order      lay out anew the functions that run before the first frame
#                   (scripts/first-frame.order; needs valgrind)
#   make demo-migration   a large version 1 store in a temporary folder, opened by grocer
#   make format     format Sources, Tests and Package.swift in place (.swift-format)
#   make lint       check formatting and swift-format's rules, strictly (warnings fail)
#   make check      what CI runs: lint, a build with warnings as errors, then make test
#                   (its unit tests built with warnings as errors too)
#   make clean

PREFIX ?= /usr/local
SWIFT ?= swift
# A fully static executable, linked by lld: each cut grocer's time to first
# frame (see README, "Figures"). The builds below make only the grocer
# product: a fully static link of the benchmark that reads XML (FoundationXML)
# would need libxml2's own static dependencies.
# The functions that run before the first frame are laid out together
# (scripts/first-frame.order, made by `make order`): fewer pages to fault in.
ORDER_FILE = scripts/first-frame.order
RELEASE_FLAGS = -c release --static-swift-stdlib -Xswiftc -static-executable -Xswiftc -use-ld=lld \
	-Xlinker --symbol-ordering-file=$(CURDIR)/$(ORDER_FILE) -Xlinker --no-warn-symbol-ordering
BIN = .build/release/grocer
# The e2e tests' build: release, with the fault-injection hooks compiled in
# (-DGROCER_TEST_HOOKS), in its own scratch path so `make build` stays clean.
TEST_SCRATCH = .build-test
TEST_BIN = $(TEST_SCRATCH)/release/grocer
RUN_PACKAGES = libsqlite3-dev libncursesw5-dev pkg-config binutils
TEST_PACKAGES = $(RUN_PACKAGES) tmux sqlite3 procps time strace jq groff-base
# What `make install` puts under $(DESTDIR)$(PREFIX), and `make uninstall` removes.
INSTALL_BIN = bin/grocer
INSTALL_MAN = share/man/man1/grocer.1
INSTALL_BASH = share/bash-completion/completions/grocer
INSTALL_ZSH = share/zsh/site-functions/_grocer
INSTALL_FISH = share/fish/vendor_completions.d/grocer.fish
INSTALLED = $(INSTALL_BIN) $(INSTALL_MAN) $(INSTALL_BASH) $(INSTALL_ZSH) $(INSTALL_FISH)
# A PREFIX=~/.local that reached make unexpanded (zsh does not expand ~ after =).
DEST = $(DESTDIR)$(patsubst ~%,$(HOME)%,$(PREFIX))
FORMAT_PATHS = Sources Tests Package.swift
WERROR = -Xswiftc -warnings-as-errors
# Extra flags for the unit tests' build (make check sets $(WERROR)).
UNIT_FLAGS ?=

.PHONY: run test build build-test install uninstall order bench demo-migration check format lint clean deps test-deps unit-test e2e

run: deps build
	@$(BIN) $(ARGS)

build:
	$(SWIFT) build $(RELEASE_FLAGS) --product grocer

build-test:
	$(SWIFT) build $(RELEASE_FLAGS) --product grocer --scratch-path $(TEST_SCRATCH) -Xswiftc -DGROCER_TEST_HOOKS

# Completions come from argument-parser, asked of the binary just built.
install: deps build
	for f in $(INSTALLED); do install -d "$(DEST)/$$(dirname $$f)" || exit 1; done
	install -m 0755 -s $(BIN) "$(DEST)/$(INSTALL_BIN)"
	install -m 0644 Resources/grocer.1 "$(DEST)/$(INSTALL_MAN)"
	$(BIN) --generate-completion-script bash >"$(DEST)/$(INSTALL_BASH)"
	$(BIN) --generate-completion-script zsh >"$(DEST)/$(INSTALL_ZSH)"
	$(BIN) --generate-completion-script fish >"$(DEST)/$(INSTALL_FISH)"
	chmod 0644 "$(DEST)/$(INSTALL_BASH)" "$(DEST)/$(INSTALL_ZSH)" "$(DEST)/$(INSTALL_FISH)"

uninstall:
	for f in $(INSTALLED); do rm -f "$(DEST)/$$f" || exit 1; done

# The e2e suite runs on the test build; e2e/test_install.sh installs the
# plain one (`make install`), so both are built.
test: test-deps unit-test build build-test e2e

unit-test:
	$(SWIFT) test $(UNIT_FLAGS)

e2e:
	GROCER_BIN=$(CURDIR)/$(TEST_BIN) bash e2e/run.sh

check: lint
	$(SWIFT) build --build-tests $(WERROR)
	$(MAKE) test UNIT_FLAGS="$(WERROR)"

format:
	$(SWIFT) format -i -r $(FORMAT_PATHS)

lint:
	$(SWIFT) format lint --strict -r $(FORMAT_PATHS)

order: test-deps build-test
	GROCER_BIN=$(CURDIR)/$(TEST_BIN) bash scripts/first-frame-order.sh $(ORDER_FILE)

bench: test-deps build
	bash bench/run.sh

demo-migration: deps build
	GROCER_BIN=$(CURDIR)/$(BIN) bash bench/demo-migration.sh

deps:
	@bash scripts/ensure-packages.sh $(RUN_PACKAGES)

test-deps:
	@bash scripts/ensure-packages.sh $(TEST_PACKAGES)

clean:
	rm -rf .build $(TEST_SCRATCH)
