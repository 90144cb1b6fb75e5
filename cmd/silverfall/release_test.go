package main

import (
	"bytes"
	"context"
	"debug/pe"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// The release tests try what `make release` put in dist/: they run when
// SILVERFALL_DIST names that folder (`make test-release` does, and `make
// test` calls it), and are skipped otherwise.

func dist(t *testing.T) string {
	t.Helper()
	d := os.Getenv("SILVERFALL_DIST")
	if d == "" {
		t.Skip("SILVERFALL_DIST is not set: run make test-release")
	}
	if runtime.GOOS != "linux" || runtime.GOARCH != "amd64" {
		t.Skip("the release is tried on linux/amd64")
	}
	return d
}

// wantVersion is the version the release was built with.
func wantVersion(t *testing.T) string {
	v := os.Getenv("SILVERFALL_VERSION")
	if v == "" {
		t.Fatal("SILVERFALL_VERSION is not set")
	}
	return v
}

var (
	winePrefixOnce sync.Once
	winePrefix     string
	winePrefixErr  error
)

// wine makes (once) a Wine prefix of the tests' own with the stand-in for
// bcryptprimitives.dll that Debian 12's Wine lacks (see
// testdata/wine/bcryptprimitives.c), and returns the environment to run
// programs in it.
func wine(t *testing.T) []string {
	t.Helper()
	if _, err := exec.LookPath("wine"); err != nil {
		t.Fatal("wine is not installed (make test-release installs it)")
	}
	winePrefixOnce.Do(func() {
		// Short: Wine's paths must stay well under the socket path limit.
		dir, err := os.MkdirTemp("", "sfwine")
		if err != nil {
			winePrefixErr = err
			return
		}
		winePrefix = filepath.Join(dir, "prefix")
		env := append(os.Environ(), "WINEPREFIX="+winePrefix, "WINEDEBUG=-all")
		boot := exec.Command("wineboot", "-i")
		boot.Env = env
		if out, err := boot.CombinedOutput(); err != nil {
			winePrefixErr = err
			t.Logf("wineboot: %s", out)
			return
		}
		dll := filepath.Join(winePrefix, "drive_c", "windows", "system32", "bcryptprimitives.dll")
		cc := exec.Command("x86_64-w64-mingw32-gcc", "-shared", "-O2", "-o", dll, filepath.Join("testdata", "wine", "bcryptprimitives.c"), "-ladvapi32")
		if out, err := cc.CombinedOutput(); err != nil {
			winePrefixErr = err
			t.Logf("building the stand-in DLL: %s", out)
		}
	})
	if winePrefixErr != nil {
		t.Fatalf("making the Wine prefix: %v", winePrefixErr)
	}
	return append(os.Environ(), "WINEPREFIX="+winePrefix, "WINEDEBUG=-all", "LANG=C.UTF-8")
}

// winPath is a Linux path as Wine's Windows programs see it.
func winPath(p string) string {
	abs, _ := filepath.Abs(p)
	return "Z:" + strings.ReplaceAll(abs, "/", `\`)
}

func runIn(t *testing.T, env []string, name string, args ...string) (string, string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, name, args...)
	cmd.Env = env
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	if err := cmd.Run(); err != nil {
		t.Fatalf("%s %v: %v\n%s%s", name, args, err, out.String(), errb.String())
	}
	return out.String(), errb.String()
}

var firstFrame = regexp.MustCompile(`first frame after (\d+) ms`)

// The Windows window under Wine draws the map of a demo sheet.
func TestReleaseWindowsWindow(t *testing.T) {
	d := dist(t)
	env := wine(t)
	exe := filepath.Join(d, "silverfall.exe")
	shot := filepath.Join(t.TempDir(), "shot.png")
	sheet := filepath.Join("..", "..", "assets", "demo", "player-01.txt")
	out, _ := runIn(t, env, "wine", exe, "-screenshot", winPath(shot), winPath(sheet))
	m := firstFrame.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("output %q", out)
	}
	t.Logf("Windows build under Wine: first frame after %s ms", m[1])
	checkScreenshot(t, shot)
	if v, _ := runIn(t, env, "wine", exe, "-version"); strings.TrimSpace(v) != "silverfall "+wantVersion(t) {
		t.Errorf("silverfall.exe -version: %q", v)
	}
}

// The Windows program is one file: a GUI program (no console window)
// with its icon and version in its resources, needing only the DLLs every
// Windows has.
func TestReleaseWindowsExe(t *testing.T) {
	d := dist(t)
	f, err := pe.Open(filepath.Join(d, "silverfall.exe"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if oh, ok := f.OptionalHeader.(*pe.OptionalHeader64); !ok || oh.Subsystem != pe.IMAGE_SUBSYSTEM_WINDOWS_GUI {
		t.Errorf("not a 64-bit GUI program: %T", f.OptionalHeader)
	}
	rsrc := f.Section(".rsrc")
	if rsrc == nil {
		t.Fatal("no resources: no icon, no version")
	}
	data, _ := rsrc.Data()
	utf16 := func(s string) []byte {
		var b []byte
		for _, r := range s {
			b = append(b, byte(r), 0)
		}
		return b
	}
	for _, want := range []string{"Silverfall", "ProductVersion", wantVersion(t)} {
		if !bytes.Contains(data, utf16(want)) {
			t.Errorf("the version resource lacks %q", want)
		}
	}
	// debug/pe lists imported symbols as "name:DLL" (its ImportedLibraries
	// says nothing for PE files).
	syms, err := f.ImportedSymbols()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	var libs []string
	for _, sym := range syms {
		if _, dll, ok := strings.Cut(sym, ":"); ok && !seen[dll] {
			seen[dll] = true
			libs = append(libs, dll)
		}
	}
	if !seen["KERNEL32.dll"] && !seen["kernel32.dll"] {
		t.Errorf("no imports read (%d symbols): the check would prove nothing", len(syms))
	}
	system := map[string]bool{"kernel32.dll": true, "user32.dll": true, "gdi32.dll": true, "opengl32.dll": true,
		"advapi32.dll": true, "shell32.dll": true, "ole32.dll": true, "winmm.dll": true, "ws2_32.dll": true,
		"msvcrt.dll": true, "imm32.dll": true, "shcore.dll": true, "dwmapi.dll": true, "comdlg32.dll": true,
		"comctl32.dll": true, "uxtheme.dll": true, "oleaut32.dll": true, "version.dll": true, "setupapi.dll": true,
		"hid.dll": true, "dinput8.dll": true, "xinput1_4.dll": true, "bcrypt.dll": true, "ntdll.dll": true,
		"userenv.dll": true, "secur32.dll": true, "crypt32.dll": true, "winspool.drv": true, "powrprof.dll": true}
	for _, l := range libs {
		if !system[strings.ToLower(l)] && !strings.HasPrefix(strings.ToLower(l), "api-ms-win-") {
			t.Errorf("silverfall.exe needs %s, which Windows does not have", l)
		}
	}
	t.Logf("imports %v", libs)
}

// sfcheck for Windows under Wine reads the rule book's example orders as
// sfcheck for Linux does: the same output, the same findings (the
// examples give one ship many battle orders), the same exit status.
func TestReleaseWindowsSfcheck(t *testing.T) {
	d := dist(t)
	env := wine(t)
	orders, err := os.ReadFile(filepath.Join("..", "..", "engine", "order", "testdata", "rulebook-examples.txt"))
	if err != nil {
		t.Fatal(err)
	}
	sfcheck := func(env []string, name string, args ...string) string {
		cmd := exec.Command(name, append(args, "syntax", "-")...)
		cmd.Env, cmd.Stdin = env, bytes.NewReader(orders)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		err := cmd.Run()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		return strings.ReplaceAll(out.String(), "\r\n", "\n") + fmt.Sprintf("exit status %d\n", code)
	}
	linux := sfcheck(os.Environ(), filepath.Join(d, "sfcheck-linux-amd64"))
	windows := sfcheck(env, "wine", filepath.Join(d, "sfcheck-windows-amd64.exe"))
	if !strings.Contains(linux, "MO 123 100 -99 -23") || windows != linux {
		t.Errorf("sfcheck on Windows printed\n%s\non Linux\n%s", windows, linux)
	}
}

// The Linux package, unpacked into a fresh folder, holds the binary, the
// desktop entry, the icon and the Makefile that installs them; the binary
// starts and draws the map.
func TestReleaseLinuxPackage(t *testing.T) {
	d := dist(t)
	dir := t.TempDir()
	runIn(t, os.Environ(), "tar", "-xJf", filepath.Join(d, "silverfall-linux-amd64.tar.xz"), "-C", dir)
	root := filepath.Join(dir, "silverfall")
	for _, f := range []string{"Makefile", "usr/local/bin/silverfall", "usr/local/share/applications/io.silverfall.client.desktop",
		"usr/local/share/pixmaps/io.silverfall.client.png"} {
		if _, err := os.Stat(filepath.Join(root, f)); err != nil {
			t.Errorf("the package lacks %s", f)
		}
	}
	// A per-user install, into a home of the test's own.
	home := t.TempDir()
	env := append(os.Environ(), "HOME="+home)
	runIn(t, env, "make", "-C", root, "user-install")
	bin := filepath.Join(home, ".local", "bin", "silverfall")
	entry, err := os.ReadFile(filepath.Join(home, ".local", "share", "applications", "io.silverfall.client.desktop"))
	if err != nil || !strings.Contains(string(entry), "Exec="+bin) {
		t.Errorf("the desktop entry does not start the installed binary: %v\n%s", err, entry)
	}
	shot := filepath.Join(t.TempDir(), "shot.png")
	out, _ := runIn(t, append(env, "LANG=C.UTF-8"), bin, "-screenshot", shot, filepath.Join("..", "..", "assets", "demo", "player-01.txt"))
	if m := firstFrame.FindStringSubmatch(out); m != nil {
		t.Logf("Linux package: first frame after %s ms", m[1])
	} else {
		t.Errorf("output %q", out)
	}
	checkScreenshot(t, shot)
	if v, _ := runIn(t, env, bin, "-version"); strings.TrimSpace(v) != "silverfall "+wantVersion(t) {
		t.Errorf("silverfall -version: %q", v)
	}
}

// Every artifact is listed in the checksums, which hold, and the tools
// say the release's version.
func TestReleaseChecksumsAndVersions(t *testing.T) {
	d := dist(t)
	out, _ := runIn(t, os.Environ(), "sh", "-c", "cd "+d+" && sha256sum -c SHA256SUMS")
	entries, _ := os.ReadDir(d)
	for _, e := range entries {
		if e.Name() != "SHA256SUMS" && !strings.Contains(out, e.Name()+": OK") {
			t.Errorf("%s is not in the checksums:\n%s", e.Name(), out)
		}
	}
	for _, want := range []string{"silverfall.exe", "silverfall-linux-amd64.tar.xz",
		"sfcheck-linux-amd64", "sfcheck-linux-arm64", "sfcheck-windows-amd64.exe", "sfcheck-darwin-arm64",
		"sfhost-linux-amd64", "sfhost-linux-arm64", "sfhost-windows-amd64.exe", "sfhost-darwin-arm64"} {
		info, err := os.Stat(filepath.Join(d, want))
		if err != nil {
			t.Errorf("dist lacks %s", want)
			continue
		}
		t.Logf("%-32s %6.1f MB", want, float64(info.Size())/(1<<20))
	}
	for _, tool := range []string{"sfcheck", "sfhost"} {
		v, _ := runIn(t, os.Environ(), filepath.Join(d, tool+"-linux-amd64"), "version")
		if strings.TrimSpace(v) != tool+" "+wantVersion(t) {
			t.Errorf("%s version: %q", tool, v)
		}
	}
}
