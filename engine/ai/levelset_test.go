package ai

import (
	"reflect"
	"strings"
	"testing"

	"silverfall/engine/rules"
)

// A moderator's [[level]] tables change a built-in level's figures (the
// others stay) or add a level from one; the built-in set is not touched.
func TestLevelOverride(t *testing.T) {
	r := rules.Default()
	base := BuiltinLevels()
	doc := `# the moderator's levels
[[level]]
name = "easy"
claimers = 7
scans = true

[[level]]
name = "cautious"      # a new level
based_on = "normal"
guard_percent = 80

[[level]]
name = "timid"
based_on = "cautious"
warships = 1
`
	s, err := base.Override(r, "levels.toml", []byte(doc), LevelsOnly)
	if err != nil {
		t.Fatal(err)
	}
	easy, _ := s.Named("easy")
	if easy.Claimers != 7 || !easy.Scans || easy.Warships != Easy().Warships || easy.MinesPerTurn != Easy().MinesPerTurn {
		t.Errorf("easy overridden: claimers %d scans %v warships %d mines %d; want 7, true and the built-in rest",
			easy.Claimers, easy.Scans, easy.Warships, easy.MinesPerTurn)
	}
	if Easy().Claimers == 7 || Easy().Scans {
		t.Errorf("the built-in easy level took the override")
	}
	c, err := s.Named("cautious")
	if err != nil {
		t.Fatal(err)
	}
	want := *Normal()
	want.Name, want.GuardPercent = "cautious", 80
	if !reflect.DeepEqual(*c, want) {
		t.Errorf("cautious is not normal with guard_percent 80:\n%+v", *c)
	}
	timid, _ := s.Named("timid")
	if timid == nil || timid.GuardPercent != 80 || timid.Warships != 1 {
		t.Errorf("timid, based on cautious: %+v", timid)
	}
	if got, want := strings.Join(s.Names(), " "), strings.Join(append(LevelNames(), "cautious", "timid"), " "); len(got) != len(want) || !strings.Contains(got, "cautious") || !strings.Contains(got, "timid") || !strings.HasSuffix(got, "normal hard cautious timid") {
		t.Errorf("levels %q", got)
	}
	if s.Same(base) || !base.Same(BuiltinLevels()) {
		t.Errorf("Same: overridden set same as built-in %v; built-in same as itself %v", s.Same(base), base.Same(BuiltinLevels()))
	}

	// The set written whole reads back the same over the built-in levels.
	data, err := s.Encode()
	if err != nil {
		t.Fatal(err)
	}
	back, err := base.Override(r, "record", data, LevelsOnly)
	if err != nil {
		t.Fatalf("%v\n%s", err, data)
	}
	if !back.Same(s) {
		t.Errorf("the written set reads back otherwise:\n%s", data)
	}
}

// Every mistake is refused with its file and line: unknown settings,
// figures of the wrong kind or out of range, names that are wrong.
func TestLevelOverrideRefused(t *testing.T) {
	r := rules.Default()
	known := strings.Join(LevelNames(), ", ")
	for _, tc := range []struct{ doc, want string }{
		{"[[level]]\nname = \"easy\"\nclaimers = -1\n", "f:3: claimers = -1: no figure of a level is negative"},
		{"[[level]]\nname = \"easy\"\nguard_percent = 101\n", "f:3: guard_percent = 101: a share in percent is 0 to 100"},
		{"[[level]]\nname = \"easy\"\nsplit_stock_percent = 100\n[[level]]\nname = \"normal\"\nsplit_stock_percent = 200\n", "f:6: split_stock_percent = 200"},
		{"[[level]]\nname = \"easy\"\ncargo_type = 99\n", "f:3: cargo_type = 99: no ship type 99"},
		{"[[level]]\nname = \"easy\"\nclaimers = 2000000000\n", "f:3: claimers = 2000000000: a figure of a level is at most"},
		{"[[level]]\nname = \"easy\"\nclaimerz = 3\n", "f:3: claimerz: no such setting of a level"},
		{"[[level]]\nname = \"easy\"\nclaimers = \"3\"\n", "f:3: claimers = \"3\": a whole number is wanted"},
		{"[[level]]\nname = \"easy\"\nclaimers = 2.5\n", "f:3: claimers = 2.5: a whole number is wanted"},
		{"[[level]]\nname = \"easy\"\nscans = 1\n", "f:3: scans = 1: true or false is wanted"},
		{"[[level]]\nname = \"easy\"\n[level.sub]\nx = 1\n", "f:3: sub: no such setting of a level"},
		{"\n[[level]]\nclaimers = 3\n", "f:2: [[level]] without a name"},
		{"[[level]]\nname = \"expert\"\n", "f:2: no level \"expert\" to change (the levels are " + known + "); a new level says which it starts from"},
		{"[[level]]\nname = \"easy\"\nbased_on = \"normal\"\n", "f:3: level \"easy\" exists already"},
		{"[[level]]\nname = \"x\"\nbased_on = \"nothing\"\n", "f:3: based_on = \"nothing\": no such level; the levels are " + known},
		{"[[level]]\nname = \"x y\"\nbased_on = \"easy\"\n", "f:2: name = \"x y\": a level's name is 1 to 20 letters"},
		{"[[level]]\nname = \"easy\"\n[[level]]\nname = \"easy\"\n", "f:4: level \"easy\" is given twice here"},
		{"name = \"x\"\n[[level]]\nname = \"easy\"\n", "f:1: name: a levels file holds only [[level]] tables"},
		{"level = 3\n", "f:1: level: [[level]] tables are wanted"},
		{"[[level]]\nname = \"easy\"\nclaimers = \n", "f:3: "},
		{"[[level]]\nname = \"easy\"\nclaimers = -1\nwarships = -2\n", "f:3: claimers = -1: no figure of a level is negative\nf:4: warships = -2"},
	} {
		_, err := BuiltinLevels().Override(r, "f", []byte(tc.doc), LevelsOnly)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want %q", tc.doc, err, tc.want)
		}
	}
	// Among a caller's settings (game.toml) the others are the caller's.
	if _, err := BuiltinLevels().Override(r, "f", []byte("name = \"x\"\n[[player]]\nnumber = 1\n[[level]]\nname = \"easy\"\nclaimers = 1\n"), LevelsAmong); err != nil {
		t.Errorf("levels among other settings: %v", err)
	}
}

// The levels parser never panics, and what it takes it can write and read
// back the same.
func FuzzLevelOverride(f *testing.F) {
	f.Add([]byte("[[level]]\nname = \"easy\"\nclaimers = 7\n"))
	f.Add([]byte("[[level]]\nname = \"cautious\"\nbased_on = \"normal\"\nguard_percent = 80\nscans = false\n"))
	f.Add([]byte("[[level]]\nname = \"easy\"\nclaimers = -1\n[[level]]\nname = \"x\"\n"))
	f.Add([]byte("level = [{name = \"normal\", warships = 2}]\n"))
	r := rules.Default()
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 4096 {
			return // the host bounds a file's size and nesting before
		}
		s, err := BuiltinLevels().Override(r, "f", data, LevelsOnly)
		if err != nil {
			if !strings.HasPrefix(err.Error(), "f:") {
				t.Fatalf("error without its line: %v", err)
			}
			return
		}
		out, err := s.Encode()
		if err != nil {
			t.Fatal(err)
		}
		back, err := BuiltinLevels().Override(r, "record", out, LevelsOnly)
		if err != nil || !back.Same(s) {
			t.Fatalf("written set does not read back the same: %v\n%s", err, out)
		}
	})
}

// The hard level is one a moderator may change or base a level on, as
// the others.
func TestLevelOverrideHard(t *testing.T) {
	doc := "[[level]]\nname = \"hard\"\nlast_raid_turns = 1\n\n[[level]]\nname = \"brutal\"\nbased_on = \"hard\"\nraided_interceptors = 50\n"
	s, err := BuiltinLevels().Override(rules.Default(), "levels.toml", []byte(doc), LevelsOnly)
	if err != nil {
		t.Fatal(err)
	}
	hard, _ := s.Named("hard")
	if hard.LastRaidTurns != 1 || hard.Claimers != Hard().Claimers || Hard().LastRaidTurns == 1 {
		t.Errorf("hard overridden: last_raid_turns %d claimers %d; want 1 and the built-in %d", hard.LastRaidTurns, hard.Claimers, Hard().Claimers)
	}
	b, err := s.Named("brutal")
	if err != nil {
		t.Fatal(err)
	}
	want := *hard
	want.Name, want.RaidedInterceptors = "brutal", 50
	if !reflect.DeepEqual(*b, want) {
		t.Errorf("brutal is not the game's hard with raided_interceptors 50:\n%+v", *b)
	}
}
