// Package langenv gives the window toolkit (Fyne) a language it can read.
// Fyne takes the language from the environment as GNU gettext does
// (LANGUAGE, else LC_ALL, LC_MESSAGES, LANG) while its packages load,
// and logs an error on every start when the name there is not a language
// tag: LANG=C.UTF-8 with no LANGUAGE, common in containers, gives "C".
// Importing this package for its side effect sets LANGUAGE to names Fyne
// reads (English when there are none) before that happens.
//
// It runs first because of Go's order of package initialisation: of the
// packages whose imports are all initialised, the one first by import
// path goes first. This one imports only os and strings, which Fyne's
// language package needs too, through text/template, whose path sorts
// after "silverfall/...": so this package is ready, and first in order,
// before Fyne's can be initialised. It must keep to those imports.
package langenv

import (
	"os"
	"strings"
)

func init() {
	if v, change := Language(os.Getenv); change {
		os.Setenv("LANGUAGE", v)
	}
}

// Language says what LANGUAGE should be for Fyne to read the environment
// that getenv gives without an error, and whether that is a change: the
// readable names of LANGUAGE, or "en" when it has none and the locale's
// name is not readable either.
func Language(getenv func(string) string) (string, bool) {
	locale := ""
	for _, v := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		if locale = getenv(v); locale != "" {
			break
		}
	}
	// Fyne's reader (github.com/jeandeaual/go-locale) takes these two as
	// "no language" and looks no further, which Fyne reads as English.
	if locale == "C" || locale == "POSIX" {
		return "", false
	}
	if languages := getenv("LANGUAGE"); languages != "" {
		var kept []string
		for _, l := range strings.Split(languages, ":") {
			if Readable(l) {
				kept = append(kept, l)
			}
		}
		if len(kept) == 0 {
			return "en", true
		}
		v := strings.Join(kept, ":")
		return v, v != languages
	}
	if locale == "" || Readable(locale) {
		return "", false
	}
	return "en", true
}

// Readable reports whether a locale name (such as "de_DE.UTF-8" or
// "pt-BR") becomes a language tag as Fyne reads it: the codeset after the
// dot is dropped, then the language (two or three letters) and any region
// or script must be well formed. A well-formed code that no language has
// ("xx") still passes.
func Readable(name string) bool {
	name, _, _ = strings.Cut(name, ".")
	lang, rest, _ := strings.Cut(strings.ReplaceAll(name, "-", "_"), "_")
	if !letters(lang) || len(lang) < 2 || len(lang) > 3 {
		return false
	}
	if rest == "" {
		return true
	}
	for _, part := range strings.Split(rest, "_") {
		if len(part) < 2 || len(part) > 8 || !alnum(part) {
			return false
		}
	}
	return true
}

func letters(s string) bool {
	for _, r := range s {
		if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z') {
			return false
		}
	}
	return true
}

func alnum(s string) bool {
	for _, r := range s {
		if !('a' <= r && r <= 'z' || 'A' <= r && r <= 'Z' || '0' <= r && r <= '9') {
			return false
		}
	}
	return true
}
