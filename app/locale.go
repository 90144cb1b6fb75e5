package app

import (
	"os"
	"strings"
)

// QuietLocale gives the toolkit a language it can read where the system's
// locale is the plain "C" or "POSIX" one (C.UTF-8 on many servers and
// containers): the toolkit cannot parse those and logs an error at every
// start. Call it before the Fyne app is made. It changes nothing where a
// real language is set.
func QuietLocale() {
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		loc := os.Getenv(v)
		if loc == "" {
			continue
		}
		base, _, _ := strings.Cut(loc, ".")
		if (base == "C" || base == "POSIX") && os.Getenv("LANGUAGE") == "" {
			os.Setenv("LANGUAGE", "en")
		}
		return
	}
}
