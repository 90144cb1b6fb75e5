# Silverfall: build, run and test. `make run` and `make test` do all set-up
# on a fresh Debian 12 machine with Go and gcc: the Debian packages below are
# installed with apt-get (as root, or through sudo) only when missing.

GO      ?= go
SUDO    := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Build: cgo for Fyne and g3n (GLFW, OpenGL, X11) and GTK for native dialogs.
DEB_BUILD := gcc pkg-config libgl1-mesa-dev libx11-dev libxcursor-dev libxrandr-dev \
             libxinerama-dev libxi-dev libxxf86vm-dev libgtk-3-dev
# Tests: a virtual X server for the window and GL tests.
DEB_TEST  := xvfb xauth

FUZZTIME ?= 10s

.PHONY: all deps deps-test build run test vet fuzz bench clean

all: build

deps:
	@./.ci/apt-ensure $(DEB_BUILD)

deps-test: deps
	@./.ci/apt-ensure $(DEB_TEST)

build: deps
	$(GO) build ./...
	CGO_ENABLED=0 $(GO) build -o bin/sfcheck ./cmd/sfcheck

run: build
	@if [ -d cmd/silverfall ]; then $(GO) run ./cmd/silverfall; \
	else echo "The desktop client (cmd/silverfall) is not built yet; bin/sfcheck is:"; ./bin/sfcheck help; fi

vet:
	@test -z "$$(gofmt -l .)" || { echo "gofmt needed:"; gofmt -l .; exit 1; }
	$(GO) vet ./...

test: deps-test vet
	CGO_ENABLED=0 $(GO) build -o /dev/null ./cmd/sfcheck
	xvfb-run -a $(GO) test -count=1 ./...
	$(MAKE) --no-print-directory fuzz FUZZTIME=$(FUZZTIME)

# Each fuzz target runs briefly on top of its committed corpus. Minimising
# a new find of a whole turn sheet is slow, so it gets little time here.
FUZZ_TARGETS := ./engine/order ./reportparse
fuzz:
	@for pkg in $(FUZZ_TARGETS); do \
		$(GO) test -run='^$$' -fuzz='^FuzzParse$$' -fuzztime=$(FUZZTIME) -fuzzminimizetime=1s $$pkg || exit 1; \
	done

bench:
	$(GO) test -run='^$$' -bench=. -benchmem ./...

clean:
	rm -rf bin
