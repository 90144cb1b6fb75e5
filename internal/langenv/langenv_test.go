package langenv

import (
	"strings"
	"testing"

	"golang.org/x/text/language"
)

func TestLanguage(t *testing.T) {
	for _, c := range []struct {
		env    map[string]string
		want   string
		change bool
	}{
		{map[string]string{"LANG": "C.UTF-8"}, "en", true},
		{map[string]string{"LANG": "C.utf8"}, "en", true},
		{map[string]string{"LANG": "POSIX.UTF-8"}, "en", true},
		{map[string]string{"LC_ALL": "C.UTF-8", "LANG": "de_DE.UTF-8"}, "en", true},
		{map[string]string{"LANG": "C.UTF-8", "LANGUAGE": "en"}, "en", false},
		{map[string]string{"LANG": "C.UTF-8", "LANGUAGE": "de_DE:fr"}, "de_DE:fr", false},
		{map[string]string{"LANG": "C.UTF-8", "LANGUAGE": "C:fr"}, "fr", true},
		{map[string]string{"LANG": "C.UTF-8", "LANGUAGE": "C"}, "en", true},
		{map[string]string{"LANG": "en_US.UTF-8", "LANGUAGE": "de::"}, "de", true},
		// Exactly C or POSIX: Fyne reads no language there and takes English.
		{map[string]string{"LANG": "C"}, "", false},
		{map[string]string{"LC_ALL": "POSIX", "LANGUAGE": "C"}, "", false},
		{map[string]string{"LANG": "de_DE.UTF-8"}, "", false},
		{map[string]string{"LC_MESSAGES": "pt_BR.UTF-8", "LANG": "C.UTF-8"}, "", false},
		{map[string]string{}, "", false},
	} {
		got, change := Language(func(k string) string { return c.env[k] })
		if got != c.want || change != c.change {
			t.Errorf("%v: LANGUAGE %q (change %v), want %q (%v)", c.env, got, change, c.want, c.change)
		}
	}
}

// TestReadableAsFyneReads: the names Readable passes are those Fyne's
// parser reads without an error (it turns "de_DE.UTF-8" into "de-DE"),
// apart from well-formed codes of no language.
func TestReadableAsFyneReads(t *testing.T) {
	for _, c := range []struct {
		name    string
		want    bool
		unknown bool // well formed, but no language has the code
	}{
		{"en", true, false}, {"de_DE.UTF-8", true, false}, {"pt-BR", true, false},
		{"sr_Latn", true, false}, {"de_", true, false}, {"es_419", true, false}, {"ast_ES", true, false},
		{"xx_YY", true, true},
		{"C", false, false}, {"C.UTF-8", false, false}, {"POSIX", false, false},
		{"", false, false}, {"e", false, false}, {"english", false, false},
		{"ca_ES@valencia", false, false}, {"1a", false, false},
	} {
		if got := Readable(c.name); got != c.want {
			t.Errorf("Readable(%q) = %v, want %v", c.name, got, c.want)
		}
		// As github.com/jeandeaual/go-locale hands it to Fyne.
		tag, _, _ := strings.Cut(c.name, ".")
		lang, region, _ := strings.Cut(strings.ReplaceAll(tag, "-", "_"), "_")
		if region != "" {
			lang += "-" + region
		}
		_, err := language.Parse(lang)
		if parsed := err == nil; parsed != c.want && !c.unknown {
			t.Errorf("%q: Fyne's parser says %v (%v), Readable %v", c.name, parsed, err, c.want)
		}
	}
}
