package reportparse

import (
	"fmt"
	"strings"
	"testing"

	"silverfall/engine/galaxy"
	"silverfall/engine/rules"
)

// A sheet's password line that is not of the host's form is an error at
// its line; the password is not taken.
func TestPasswordLineOfTheWrongForm(t *testing.T) {
	r := rules.Default()
	g, err := galaxy.Generate(r, galaxy.Options{Seed: 3, Players: 2, DueDate: "2026-12-20"})
	if err != nil {
		t.Fatal(err)
	}
	k := g.KnowledgeOf(r, 1)
	k.Empire.Password = "k7m2-x9pq-ta4e"
	text := string(write(t, k))
	line := strings.Count(text[:strings.Index(text, "Password:")], "\n") + 1
	bad := strings.Replace(text, "k7m2-x9pq-ta4e", "k7m2-x9pq-ta4o", 1)
	rep, err := Parse(r, "sheet.txt", []byte(bad))
	if err == nil || !strings.Contains(err.Error(), fmt.Sprintf("sheet.txt:%d: header: the password", line)) {
		t.Errorf("got %v, want an error at line %d", err, line)
	}
	if rep != nil && rep.Knowledge.Empire.Password != "" {
		t.Errorf("a bad password was taken: %q", rep.Knowledge.Empire.Password)
	}
}
