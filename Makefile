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

FUZZTIME ?= 10s
XVFB_SCREEN := -screen 0 1920x1200x24
export LANG := C.UTF-8
# Fyne reads the language while the program loads and cannot parse "C.UTF-8";
# a language it reads keeps its error message out of every start and test log.
export LANGUAGE := en

.PHONY: all deps deps-test build run screenshot test vet lint race fuzz bench clean

all: build

deps:
	@./.ci/apt-ensure $(DEB_BUILD)

deps-test: deps
	@./.ci/apt-ensure $(DEB_TEST)

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
	xvfb-run -a -s "$(XVFB_SCREEN)" $(GO) test -count=1 ./...
	$(MAKE) --no-print-directory race
	$(MAKE) --no-print-directory fuzz FUZZTIME=$(FUZZTIME)

# The packages with threads and shared state, under the race detector.
# checkptr is off: g3n passes GL buffer offsets as pointers, as GL wants.
race:
	xvfb-run -a -s "$(XVFB_SCREEN)" $(GO) test -race -gcflags=all=-d=checkptr=0 -count=1 \
		./render3d ./app/... ./engine/check ./reportparse ./orderwriter ./host

# Each fuzz target runs briefly on top of its committed corpus. Minimising
# a new find of a whole turn sheet is slow, so it gets little time here.
FUZZ_TARGETS := ./engine/order:FuzzParse ./reportparse:FuzzParse ./orderwriter:FuzzRead ./engine/state:FuzzRead ./app:FuzzGame
fuzz:
	@for t in $(FUZZ_TARGETS); do \
		pkg=$${t%%:*}; name=$${t##*:}; \
		$(GO) test -run='^$$' -fuzz="^$$name\$$" -fuzztime=$(FUZZTIME) -fuzzminimizetime=1s $$pkg || exit 1; \
	done

# Extra static checks (fetches staticcheck through the module proxy).
lint: vet
	$(GO) run honnef.co/go/tools/cmd/staticcheck@latest ./...

bench:
	xvfb-run -a -s "$(XVFB_SCREEN)" $(GO) test -run='^$$' -bench=. -benchmem ./...

clean:
	rm -rf bin
