# grocer — targets
#
#   make run        install missing Debian packages, build a release binary, start grocer
#   make test       the same set-up (plus tmux, sqlite3, strace), then every test:
#                   unit and screen tests (swift test), then end-to-end in tmux
#   make build      release binary at .build/release/grocer
#   make install    copy it to $(PREFIX)/bin (PREFIX=/usr/local by default)
#   make bench      start-up, bytes per keystroke and migration benchmarks, side by side
#                   with references measured in the same run
#   make demo-migration   a large version 1 store in a temporary folder, opened by grocer
#   make format     format Sources, Tests and Package.swift in place (.swift-format)
#   make lint       check formatting and swift-format's rules, strictly (warnings fail)
#   make check      what CI runs: lint, a build with warnings as errors, then make test
#                   (its unit tests built with warnings as errors too)
#   make clean

PREFIX ?= /usr/local
SWIFT ?= swift
# Static standard library, lld, and a position-dependent executable: each cut
# grocer's time to first frame (see README, "Figures").
RELEASE_FLAGS = -c release --static-swift-stdlib -Xswiftc -static-executable -Xswiftc -use-ld=lld
BIN = .build/release/grocer
RUN_PACKAGES = libsqlite3-dev libncursesw5-dev pkg-config
TEST_PACKAGES = $(RUN_PACKAGES) tmux sqlite3 procps time strace
FORMAT_PATHS = Sources Tests Package.swift
WERROR = -Xswiftc -warnings-as-errors
# Extra flags for the unit tests' build (make check sets $(WERROR)).
UNIT_FLAGS ?=

.PHONY: run test build install bench demo-migration check format lint clean deps test-deps unit-test e2e

run: deps build
	@$(BIN) $(ARGS)

build:
	$(SWIFT) build $(RELEASE_FLAGS)

install: deps build
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 0755 $(BIN) $(DESTDIR)$(PREFIX)/bin/grocer

test: test-deps unit-test build e2e

unit-test:
	$(SWIFT) test $(UNIT_FLAGS)

e2e:
	GROCER_BIN=$(CURDIR)/$(BIN) bash e2e/run.sh

check: lint
	$(SWIFT) build --build-tests $(WERROR)
	$(MAKE) test UNIT_FLAGS="$(WERROR)"

format:
	$(SWIFT) format -i -r $(FORMAT_PATHS)

lint:
	$(SWIFT) format lint --strict -r $(FORMAT_PATHS)

bench: test-deps build
	bash bench/run.sh

demo-migration: deps build
	GROCER_BIN=$(CURDIR)/$(BIN) bash bench/demo-migration.sh

deps:
	@bash scripts/ensure-packages.sh $(RUN_PACKAGES)

test-deps:
	@bash scripts/ensure-packages.sh $(TEST_PACKAGES)

clean:
	rm -rf .build
