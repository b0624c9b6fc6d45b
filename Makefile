# Archivist — build, run and test. `make run` and `make test` are all a fresh
# Debian 12 machine with Go needs.

GO       ?= go
BIN      := bin/archivist
# What the desktop build needs (Fyne's OpenGL/GLFW code is cgo).
APT_PKGS := gcc libc6-dev pkg-config libgl-dev libx11-dev libxcursor-dev libxrandr-dev \
            libxinerama-dev libxi-dev libxxf86vm-dev
# OCR of scans and images (optional: without it those pages wait for OCR).
OCR_PKGS := tesseract-ocr tesseract-ocr-eng tesseract-ocr-osd

.PHONY: all deps build run test vet bench fuzz screenshot package clean crashtest windows windows-exe darwin

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
# With mingw installed the Windows desktop build is made too, for the
# Wine tests (which skip, saying why, without Wine or mingw).
test: build
	@files=$$(gofmt -l .); if [ -n "$$files" ]; then echo "not gofmt-formatted:"; echo "$$files"; exit 1; fi
	CGO_ENABLED=0 $(GO) vet -tags ci ./...
	GOOS=windows CGO_ENABLED=0 $(GO) vet -tags ci ./...
	@if command -v x86_64-w64-mingw32-gcc >/dev/null; then $(MAKE) --no-print-directory windows-exe; \
		else echo "x86_64-w64-mingw32-gcc is not installed: the Windows window test will skip"; fi
	CGO_ENABLED=0 $(GO) test -tags ci -count=1 -timeout 40m ./...

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

# windows makes dist/Archivist-windows-amd64.zip: Archivist.exe (the
# window, with its icon, version and manifest from FyneApp.toml, packaged
# by the fyne tool) and archivist-cli.exe (the same program linked as a
# console program, for the command line: a window program's output does not
# reach the console it was started from). The toolkit's OpenGL code is cgo,
# so this needs Debian's mingw-w64 cross-compiler (gcc-mingw-w64-x86-64).
WINDOWS_ENV := GOOS=windows GOARCH=amd64 CGO_ENABLED=1 CC=x86_64-w64-mingw32-gcc
windows-exe:
	mkdir -p bin
	$(WINDOWS_ENV) $(GO) build -trimpath -ldflags '-s -w' -o bin/archivist-cli.exe .

windows: windows-exe bin/fyne
	mkdir -p dist/windows
	rm -f dist/windows/Archivist.exe dist/Archivist-windows-amd64.zip
	cp FyneApp.toml dist/FyneApp.toml.keep   # fyne package bumps Build in it on every run
	$(WINDOWS_ENV) bin/fyne package --os windows --release; \
		status=$$?; mv dist/FyneApp.toml.keep FyneApp.toml; exit $$status
	mv Archivist.exe dist/windows/Archivist.exe
	cp bin/archivist-cli.exe dist/windows/archivist-cli.exe
	cd dist/windows && zip -q -9 ../Archivist-windows-amd64.zip Archivist.exe archivist-cli.exe
	@echo "dist/Archivist-windows-amd64.zip"

# darwin vets the module and cross-compiles the command line for macOS
# (arm64 and amd64) without cgo, into bin/. Fyne v2.7.1 defines two
# functions for macOS in cgo files only (the scroll bar's paging and the
# dark-mode query), so a build without cgo does not compile; the build uses
# a copy of the toolkit with the two files under assets/darwin/ added (go.mod
# itself is not changed). The window itself needs cgo: build it on a Mac with Xcode's
# command line tools (`make build`).
DARWIN_TMP := bin/darwin-mod
darwin:
	rm -rf $(DARWIN_TMP) && mkdir -p $(DARWIN_TMP)
	cp -R "$$($(GO) list -m -f '{{.Dir}}' fyne.io/fyne/v2)" $(DARWIN_TMP)/fyne && chmod -R u+w $(DARWIN_TMP)/fyne
	cp assets/darwin/widget/*.go $(DARWIN_TMP)/fyne/internal/widget/
	cp assets/darwin/app/*.go $(DARWIN_TMP)/fyne/internal/app/
	cp go.mod $(DARWIN_TMP)/go.mod && cp go.sum $(DARWIN_TMP)/go.sum
	echo 'replace fyne.io/fyne/v2 => ./$(DARWIN_TMP)/fyne' >> $(DARWIN_TMP)/go.mod
	for arch in arm64 amd64; do \
		GOOS=darwin GOARCH=$$arch CGO_ENABLED=0 $(GO) vet -modfile=$(DARWIN_TMP)/go.mod -tags ci ./... && \
		GOOS=darwin GOARCH=$$arch CGO_ENABLED=0 $(GO) build -modfile=$(DARWIN_TMP)/go.mod -tags ci -o bin/archivist-darwin-$$arch . || exit 1; \
	done
	@echo "bin/archivist-darwin-arm64 bin/archivist-darwin-amd64"

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
