# Archivist — build, run and test. `make run` and `make test` are all a fresh
# Debian 12 machine with Go needs.

GO       ?= go
BIN      := bin/archivist
DIST     ?= dist
comma    := ,

# The version a build names itself with (app.Version: `archivist --version`,
# the packages' names): the git tag it was built from (v0.2.0); past the tag,
# git describe's own form, v0.2.0-3-g1a2b3c4 (three commits after v0.2.0, at
# commit 1a2b3c4), which says how far from the release the build is; -dirty
# when the tree had uncommitted changes; "dev" when no v-tag is reachable (no
# release yet, or a source tree without git): the commit still names the
# build. Every build below links them in; `make package VERSION=v0.2.0` sets one.
DESCRIBE := $(shell git describe --tags --always --dirty --match 'v[0-9]*' 2>/dev/null)
VERSION  := $(if $(filter v%,$(DESCRIBE)),$(DESCRIBE),dev)
COMMIT   := $(shell git rev-parse HEAD 2>/dev/null)
LDFLAGS  := -X archivist/app.Version=$(VERSION) -X archivist/app.Commit=$(COMMIT)
# What the desktop build needs (Fyne's OpenGL/GLFW code is cgo).
APT_PKGS := gcc libc6-dev pkg-config libgl-dev libx11-dev libxcursor-dev libxrandr-dev \
            libxinerama-dev libxi-dev libxxf86vm-dev
# OCR of scans and images (optional: without it those pages wait for OCR).
OCR_PKGS := tesseract-ocr tesseract-ocr-eng tesseract-ocr-osd

.PHONY: all deps build run test vet bench fuzz screenshot package clean crashtest windows windows-exe windows-res darwin

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
	$(GO) build -trimpath -ldflags '$(LDFLAGS)' -o $(BIN) .

run: build
	./$(BIN) $(ARGS)

# The whole suite. The `ci` build tag swaps Fyne's GL driver for its headless
# test driver, so vet and the tests cover every package without a display;
# the real desktop binary is built too, so a cgo break cannot hide.
# With mingw (and ImageMagick, for its icon) installed the Windows desktop
# build is made too, for the Wine tests (which skip, saying why, without Wine
# or mingw). The package tests in ui/cli run `make package` and `make
# windows` themselves, at a set version, into temporary folders; they install
# the .deb (as root) and the installer (under Wine), or skip saying why.
test: build
	@files=$$(gofmt -l .); if [ -n "$$files" ]; then echo "not gofmt-formatted:"; echo "$$files"; exit 1; fi
	CGO_ENABLED=0 $(GO) vet -tags ci ./...
	GOOS=windows CGO_ENABLED=0 $(GO) vet -tags ci ./...
	CGO_ENABLED=0 $(GO) vet -tags 'ci crashtest' ./ui/cli
	CGO_ENABLED=0 $(GO) vet -tags 'ci bench' ./ui/cli
	@if command -v x86_64-w64-mingw32-gcc >/dev/null && command -v convert >/dev/null; then \
		$(MAKE) --no-print-directory windows-exe; \
		else echo "x86_64-w64-mingw32-gcc or ImageMagick's convert is not installed: the Windows window test will skip"; fi
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

# package makes DIST/archivist_<version>_amd64.deb (dist/ by default) with
# Debian's dpkg-deb (assets/linux/deb.sh): the stripped desktop binary as
# /usr/bin/archivist, its desktop entry, the icon in the hicolor sizes (made
# from assets/icon.png with ImageMagick), AppStream metainfo and a manual
# page; Depends read from the binary by dpkg-shlibdeps, Tesseract recommended.
# Install it with `sudo apt-get install ./dist/archivist_…deb`.
PACKAGE_TOOLS := dpkg-deb dpkg-shlibdeps convert
package: deps
	@for t in $(PACKAGE_TOOLS); do command -v $$t >/dev/null || \
		{ echo "make package needs $$t: apt-get install dpkg-dev imagemagick"; exit 1; }; done
	mkdir -p $(DIST)
	CGO_ENABLED=1 $(GO) build -trimpath -ldflags '-s -w $(LDFLAGS)' -o $(DIST)/archivist.bin .
	assets/linux/deb.sh $(DIST)/archivist.bin '$(VERSION)' $(DIST); \
		status=$$?; rm -f $(DIST)/archivist.bin; exit $$status

clean:
	rm -rf bin dist

# windows makes, in DIST, Archivist-Setup-<version>.exe (an NSIS installer,
# assets/windows/installer.nsi: per user into %LocalAppData%\Programs\Archivist,
# a Start-menu shortcut, an uninstaller listed in Windows' installed apps,
# /S for a silent install or uninstall) and Archivist-windows-amd64.zip (the
# same two programs to unpack anywhere):
#   Archivist.exe      the window (a GUI program: no console opens with it);
#   archivist-cli.exe  the same program linked as a console program, for the
#                      command line (a window program's output does not reach
#                      the console it was started from).
# Both are one compile linked twice, carrying the icon, manifest and version
# of assets/windows/archivist.rc (compiled by mingw's windres, handed to the
# external linker). The toolkit's OpenGL code is cgo, so this needs Debian's
# mingw-w64 cross-compiler (gcc-mingw-w64-x86-64) and, for the installer, nsis.
WINDOWS_ENV := GOOS=windows GOARCH=amd64 CGO_ENABLED=1 CC=x86_64-w64-mingw32-gcc
WINBIN      ?= bin
# Windows wants a numeric version: v0.2.0-3-g1a2b3c4 is 0.2.0.3, dev 0.0.0.0.
WIN_VERSION := $(or $(shell echo '$(VERSION)' | sed -nE 's/^v([0-9]+)\.([0-9]+)\.([0-9]+)(-([0-9]+)-g[0-9a-f]+)?.*/\1.\2.\3.\5/p' | sed 's/\.$$/.0/'),0.0.0.0)
WIN_RES     := $(WINBIN)/windows/archivist-res.o
WIN_LDFLAGS := -s -w $(LDFLAGS) -extldflags '$(abspath $(WIN_RES))'
SETUP       := $(DIST)/Archivist-Setup-$(VERSION:v%=%).exe

windows-res:
	mkdir -p $(WINBIN)/windows
	convert assets/icon.png -define icon:auto-resize=256,128,64,48,32,16 $(WINBIN)/windows/archivist.ico
	x86_64-w64-mingw32-windres -I $(WINBIN)/windows -I assets/windows \
		'-DVERSION_NUM=$(subst .,$(comma),$(WIN_VERSION))' '-DVERSION_STR=\"$(VERSION)\"' \
		-i assets/windows/archivist.rc -O coff -o $(WIN_RES)

windows-exe: windows-res
	$(WINDOWS_ENV) $(GO) build -trimpath -ldflags "$(WIN_LDFLAGS)" -o $(WINBIN)/archivist-cli.exe .

windows: windows-exe
	@command -v makensis >/dev/null || { echo "make windows needs makensis: apt-get install nsis"; exit 1; }
	$(WINDOWS_ENV) $(GO) build -trimpath -ldflags "-H windowsgui $(WIN_LDFLAGS)" -o $(WINBIN)/Archivist.exe .
	mkdir -p $(DIST)/windows
	rm -f $(DIST)/Archivist-windows-amd64.zip
	cp $(WINBIN)/Archivist.exe $(WINBIN)/archivist-cli.exe $(DIST)/windows/
	cd $(DIST)/windows && zip -q -9 ../Archivist-windows-amd64.zip Archivist.exe archivist-cli.exe
	makensis -V2 -INPUTCHARSET UTF8 '-DVERSION=$(VERSION)' '-DWIN_VERSION=$(WIN_VERSION)' \
		'-DBINDIR=$(abspath $(WINBIN))' '-DICON=$(abspath $(WINBIN)/windows/archivist.ico)' \
		'-DOUTFILE=$(abspath $(SETUP))' assets/windows/installer.nsi
	@echo "$(SETUP)"
	@echo "$(DIST)/Archivist-windows-amd64.zip"

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
		-run '^Test(CrashSafety|CrashSafetyWatch|QuitBySignal|DiskFull|ReadOnlyLibrary|SecondInstance|SlowLibrary)$$' ./ui/cli
