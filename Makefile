# Archivist — build, run and test. `make run` and `make test` are all a fresh
# Debian 12 machine with Go needs.

GO       ?= go
BIN      := bin/archivist
# What the desktop build needs (Fyne's OpenGL/GLFW code is cgo).
APT_PKGS := gcc libc6-dev pkg-config libgl-dev libx11-dev libxcursor-dev libxrandr-dev \
            libxinerama-dev libxi-dev libxxf86vm-dev
# OCR of scans and images (optional: without it those pages wait for OCR).
OCR_PKGS := tesseract-ocr tesseract-ocr-eng tesseract-ocr-osd

.PHONY: all deps build run test vet bench fuzz screenshot package clean crashtest

all: build

# deps installs the missing build packages when run as root, and otherwise
# prints the exact command to run.
deps:
	@missing=$$(for p in $(APT_PKGS); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" = 0 ]; then \
			echo "Installing build packages:" $$missing; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; \
		else \
			echo "Missing build packages. Run:"; \
			echo "  sudo apt-get update && sudo apt-get install -y" $$missing; \
			exit 1; \
		fi; \
	fi
	@missing=$$(for p in $(OCR_PKGS); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" = 0 ]; then \
			echo "Installing OCR packages:" $$missing; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing || true; \
		else \
			echo "OCR is optional; to read scans and images run:"; \
			echo "  sudo apt-get install -y" $$missing; \
		fi; \
	fi

build: deps
	$(GO) build -trimpath -o $(BIN) .

run: build
	./$(BIN) $(ARGS)

# The whole suite. The `ci` build tag swaps Fyne's GL driver for its headless
# test driver, so vet and the tests cover every package without a display;
# the real desktop binary is built too, so a cgo break cannot hide.
test: build
	@files=$$(gofmt -l .); if [ -n "$$files" ]; then echo "not gofmt-formatted:"; echo "$$files"; exit 1; fi
	CGO_ENABLED=0 $(GO) vet -tags ci ./...
	CGO_ENABLED=0 $(GO) test -tags ci -count=1 ./...

vet:
	CGO_ENABLED=0 $(GO) vet -tags ci ./...

# Benchmarks: import throughput and question latency (see README).
bench:
	CGO_ENABLED=0 $(GO) test -tags ci -run '^$$' -bench . -benchmem ./...

FUZZTIME ?= 60s
fuzz:
	CGO_ENABLED=0 $(GO) test -run '^$$' -fuzz FuzzParse -fuzztime $(FUZZTIME) ./ingest/markdown
	CGO_ENABLED=0 $(GO) test -run '^$$' -fuzz FuzzParse -fuzztime $(FUZZTIME) ./ingest/text
	CGO_ENABLED=0 $(GO) test -run '^$$' -fuzz FuzzParse -fuzztime $(FUZZTIME) ./ingest/html
	CGO_ENABLED=0 $(GO) test -run '^$$' -fuzz FuzzParse -fuzztime $(FUZZTIME) ./ingest/docx
	CGO_ENABLED=0 $(GO) test -run '^$$' -fuzz FuzzParse -fuzztime $(FUZZTIME) ./ingest/pdf
	CGO_ENABLED=0 $(GO) test -run '^$$' -fuzz FuzzImage -fuzztime $(FUZZTIME) ./ingest/pdf

# The packaging tool, pinned and installed into bin/ (fetched once through
# the Go module proxy; offline afterwards).
FYNE_TOOLS := fyne.io/tools/cmd/fyne@v1.7.4
bin/fyne:
	GOBIN=$(CURDIR)/bin $(GO) install $(FYNE_TOOLS)

# package makes dist/Archivist.tar.xz: the stripped desktop binary, its
# icon and a .desktop entry (from FyneApp.toml), with a Makefile that
# installs them (`sudo make install` inside the unpacked folder).
package: deps bin/fyne
	mkdir -p dist
	$(GO) build -trimpath -ldflags '-s -w' -o dist/archivist .
	rm -f Archivist.tar.xz
	cp FyneApp.toml dist/FyneApp.toml.keep   # fyne package bumps Build in it on every run
	bin/fyne package --os linux --release --executable dist/archivist; \
		status=$$?; mv dist/FyneApp.toml.keep FyneApp.toml; rm -f dist/archivist; exit $$status
	mv Archivist.tar.xz dist/
	@echo "dist/Archivist.tar.xz"

clean:
	rm -rf bin dist

# Crash safety and disk faults (README "Crash safety"): SIGKILLs imports of
# the FinanceBench PDFs (when ../shared is present) and generated documents
# at random moments, and checks the library after each restart; then a full
# disk, a read-only folder, a slow folder and a second instance. The mounts
# need root; without it those checks skip and say so.
# CRASH_TRIALS sets the number of kills.
CRASH_TRIALS ?= 120
crashtest: build
	ARCHIVIST_CRASH_TRIALS=$(CRASH_TRIALS) CGO_ENABLED=0 $(GO) test -tags 'ci crashtest' -count=1 -timeout 120m -v \
		-run '^Test(CrashSafety|CrashSafetyWatch|DiskFull|ReadOnlyLibrary|SecondInstance|SlowLibrary)$$' .
