package setup

import (
	"os"
	"strings"
	"testing"

	"silverfall/engine/rules"
)

// TestDocExample reads the example of docs/setup-file-format.md: the
// format's documentation says what the reader takes.
func TestDocExample(t *testing.T) {
	doc, err := os.ReadFile("../../docs/setup-file-format.md")
	if err != nil {
		t.Fatal(err)
	}
	_, ex, _ := strings.Cut(string(doc), "## Example\n\n")
	var lines []string
	for _, l := range strings.Split(ex, "\n") {
		if strings.HasPrefix(l, "    ") || l == "" {
			lines = append(lines, strings.TrimPrefix(l, "    "))
		}
		if strings.TrimSpace(l) == End {
			break
		}
	}
	s, err := Read(strings.NewReader(strings.Join(lines, "\n")), "example", rules.Default())
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Ships) != 9 || s.Spent(rules.Default()) != 350000 || s.Levels.Sum() != 16 {
		t.Errorf("the example: %+v", s)
	}
}
