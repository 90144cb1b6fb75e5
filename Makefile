# Silverfall: build, run and test. `make run` and `make test` do all set-up
# on a fresh Debian 12 machine with Go and gcc: the Debian packages below are
# installed with apt-get (as root, or through sudo) only when missing.

GO      ?= go
SUDO    := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Build: cgo for Fyne and g3n (GLFW, OpenGL, X11) and GTK for native dialogs.
DEB_BUILD := gcc pkg-config libgl1-mesa-dev libx11-dev libxcursor-dev libxrandr-dev \
             libxinerama-dev libxi-dev libxxf86vm-dev libgtk-3-dev
# Tests: a virtual X server for the window and GL tests.
DEB_TEST  := xvfb xauth libgl1-mesa-dri libglx-mesa0 xdotool openbox imagemagick x11-utils
# Release: MinGW-w64 for the Windows window; Wine to try it (make test).
DEB_RELEASE := gcc-mingw-w64-x86-64 xz-utils
DEB_WINE    := wine wine64
# Mail: real servers for the mail tests (.ci/mail-servers starts them).
DEB_MAIL    := dovecot-imapd dovecot-lmtpd postfix openssl

# The version every artifact carries: the tag, or between tags the commit.
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
LDVERSION := -X silverfall/internal/version.tag=$(VERSION)
APP_VERSION := $(shell sed -n 's/^ *Version *= *"\(.*\)"/\1/p' FyneApp.toml)
# The packaging tools, pinned.
FYNE   := $(GO) run fyne.io/tools/cmd/fyne@v1.7.4
WINRES := $(GO) run github.com/tc-hib/go-winres@v0.3.3
TOOL_PLATFORMS := linux/amd64 linux/arm64 windows/amd64 darwin/arm64

# FUZZTIME empty: each fuzz target runs a count of inputs (about ten
# seconds' worth here); set it (e.g. 1m) to fuzz every target that long.
FUZZTIME ?=
XVFB_SCREEN := -screen 0 1920x1200x24
export LANG := C.UTF-8
# Fyne reads the language while the program loads and cannot parse "C.UTF-8";
# a language it reads keeps its error message out of every start and test log.
export LANGUAGE := en

.PHONY: all deps deps-test build run screenshot test vet lint race fuzz bench clean release test-release soak

all: build

deps:
	@./.ci/apt-ensure $(DEB_BUILD)

deps-test: deps
	@./.ci/apt-ensure $(DEB_TEST)
	@# Postfix asks how to configure itself unless told: the tests configure their own.
	@dpkg-query -W -f='$${Status}' postfix 2>/dev/null | grep -q "install ok installed" || \
		echo "postfix postfix/main_mailer_type select No configuration" | $(SUDO) debconf-set-selections
	@./.ci/apt-ensure $(DEB_MAIL)

build: deps
	$(GO) build ./...
	CGO_ENABLED=0 $(GO) build -o bin/sfcheck ./cmd/sfcheck
	CGO_ENABLED=0 $(GO) build -o bin/sfhost ./cmd/sfhost

run: build
	$(GO) build -o bin/silverfall ./cmd/silverfall
	@if [ -z "$$DISPLAY$$WAYLAND_DISPLAY" ]; then \
		echo "No display here: running under xvfb-run would show nothing. Open bin/silverfall on a desktop,"; \
		echo "or make a picture of the window: xvfb-run -a bin/silverfall -screenshot shot.png"; exit 1; fi
	./bin/silverfall

# The README's picture of the window.
screenshot: build
	$(GO) build -o bin/silverfall ./cmd/silverfall
	LANG=C.UTF-8 xvfb-run -a -s "$(XVFB_SCREEN)" ./bin/silverfall -screenshot docs/screenshot.png

vet:
	@test -z "$$(gofmt -l .)" || { echo "gofmt needed:"; gofmt -l .; exit 1; }
	$(GO) vet ./...

test: deps-test vet
	CGO_ENABLED=0 $(GO) build -o /dev/null ./cmd/sfcheck
	CGO_ENABLED=0 $(GO) build -o /dev/null ./cmd/sfhost
	SILVERFALL_REAL_MAIL=1 xvfb-run -a -s "$(XVFB_SCREEN)" $(GO) test -count=1 ./...
	$(MAKE) --no-print-directory race
	$(MAKE) --no-print-directory fuzz FUZZTIME=$(FUZZTIME)
	$(MAKE) --no-print-directory test-release

# The packages with threads and shared state, under the race detector.
# checkptr is off: g3n passes GL buffer offsets as pointers, as GL wants.
race:
	xvfb-run -a -s "$(XVFB_SCREEN)" $(GO) test -race -timeout 30m -gcflags=all=-d=checkptr=0 -count=1 \
		./render3d ./app/... ./engine/check ./reportparse ./orderwriter ./host

# Each fuzz target runs briefly on top of its committed corpus. Minimising
# a new find of a whole turn sheet is slow, so it gets little time here.
# The runs are counted in inputs, not seconds: Go 1.26's coordinator can
# fail a run that ends on its -fuzztime deadline with "context deadline
# exceeded" and no failing input (go.dev/issue/75804, fixed in Go 1.27).
FUZZ_TARGETS := ./engine/order:FuzzParse:400000x ./reportparse:FuzzParse:80000x ./orderwriter:FuzzRead:300000x \
                ./engine/state:FuzzRead:150000x ./engine/setup:FuzzRead:200000x ./app:FuzzGame:100x \
                ./engine/query:FuzzParse:200000x ./engine/notes:FuzzDecode:100000x ./internal/csvout:FuzzGuard:100000x \
                ./app/workspace:FuzzAllyName:50000x ./app:FuzzEntryFields:2000x ./engine/ai:FuzzLevelOverride:150000x
fuzz:
	@for t in $(FUZZ_TARGETS); do \
		pkg=$${t%%:*}; rest=$${t#*:}; name=$${rest%%:*}; count=$${rest#*:}; time='$(FUZZTIME)'; \
		$(GO) test -run='^$$' -fuzz="^$$name\$$" -fuzztime=$${time:-$$count} -fuzzminimizetime=1s $$pkg || exit 1; \
	done

# Everything a player or a moderator downloads, into dist/: the window for
# Linux (packaged by Fyne's tool: binary, desktop entry, icon and a Makefile
# to install it) and for Windows (one .exe with its icon and version, no
# console, no DLLs), sfcheck and sfhost for four platforms, and checksums.
release: deps
	@./.ci/apt-ensure $(DEB_RELEASE)
	rm -rf dist && mkdir -p dist/.work
	$(GO) build -trimpath -ldflags "-s -w $(LDVERSION)" -o dist/.work/silverfall ./cmd/silverfall
	cp FyneApp.toml dist/.work/FyneApp.toml
	$(FYNE) package --os linux --exe dist/.work/silverfall --release; s=$$?; \
		cp dist/.work/FyneApp.toml FyneApp.toml; exit $$s
	mv Silverfall.tar.xz dist/silverfall-linux-amd64.tar.xz
	$(WINRES) simply --arch amd64 --out cmd/silverfall/rsrc --icon assets/icon.png --manifest gui \
		--product-name Silverfall --file-description "Silverfall, map and orders for Darkness of Silverfall" \
		--product-version "$(VERSION)" --file-version "$(APP_VERSION)" --original-filename silverfall.exe
	CGO_ENABLED=1 GOOS=windows GOARCH=amd64 CC=x86_64-w64-mingw32-gcc $(GO) build -trimpath \
		-ldflags "-s -w -H windowsgui $(LDVERSION)" -o dist/silverfall.exe ./cmd/silverfall; s=$$?; \
		rm -f cmd/silverfall/rsrc_windows_amd64.syso; exit $$s
	@for p in $(TOOL_PLATFORMS); do os=$${p%/*}; arch=$${p#*/}; ext=; [ $$os = windows ] && ext=.exe; \
		for t in sfcheck sfhost; do \
			echo "$$t for $$os/$$arch"; \
			CGO_ENABLED=0 GOOS=$$os GOARCH=$$arch $(GO) build -trimpath -ldflags "-s -w $(LDVERSION)" \
				-o dist/$$t-$$os-$$arch$$ext ./cmd/$$t || exit 1; \
		done; done
	rm -rf dist/.work
	cd dist && sha256sum * > SHA256SUMS
	@ls -l dist

# The release tried: the Windows window and sfcheck under Wine, the Linux
# package unpacked and started, every artifact's version and checksum.
test-release: release deps-test
	@./.ci/apt-ensure $(DEB_WINE)
	SILVERFALL_DIST=$(CURDIR)/dist SILVERFALL_VERSION=$(VERSION) xvfb-run -a -s "$(XVFB_SCREEN)" \
		$(GO) test -count=1 -run '^TestRelease' -v ./cmd/silverfall

# The long walk through the window (app's TestWalk): SOAK_SEEDS seeds of
# SOAK_STEPS steps each; make test walks a bounded one.
SOAK_SEEDS ?= 20
SOAK_STEPS ?= 5000
soak: deps-test
	xvfb-run -a -s "$(XVFB_SCREEN)" $(GO) test -count=1 -timeout 0 -run '^TestWalk$$' ./app \
		-walk.seeds=$(SOAK_SEEDS) -walk.steps=$(SOAK_STEPS)

# Extra static checks (fetches staticcheck through the module proxy).
lint: vet
	$(GO) run honnef.co/go/tools/cmd/staticcheck@latest ./...

bench:
	xvfb-run -a -s "$(XVFB_SCREEN)" $(GO) test -run='^$$' -bench=. -benchmem ./...

clean:
	rm -rf bin dist
