package host

import (
	"bufio"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"silverfall/engine/rules"
	"silverfall/engine/state"
	"silverfall/engine/turnsheet"
	"silverfall/reportparse"
)

// The committed corpus of hostile host inputs (testdata/hostile): order
// files and e-mails, states and game.toml files, each with its verdict in
// testdata/hostile/verdicts.txt as "KIND/FILE  VERDICT":
//
//	taken            the orders are taken whole
//	sheet TEXT       taken; after the turn, player 1's errors hold TEXT
//	refused TEXT     taken, with a line refused for the sheet's errors holding TEXT
//	problem TEXT     not taken: the host says TEXT
//	error N TEXT     (states) refused at line N with TEXT
//	error TEXT       (game.toml) the game does not open: TEXT
//	ok               (states) read
//
// Orders that are taken are carried out, and every sheet reads back.
func TestHostileCorpus(t *testing.T) {
	dir := filepath.Join("testdata", "hostile")
	f, err := os.Open(filepath.Join(dir, "verdicts.txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	seen := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		file, verdict, _ := strings.Cut(line, " ")
		verdict = strings.TrimSpace(verdict)
		seen[file] = true
		t.Run(file, func(t *testing.T) {
			data, err := os.ReadFile(filepath.Join(dir, file))
			if err != nil {
				t.Fatal(err)
			}
			switch kind := strings.Split(file, "/")[0]; kind {
			case "orders":
				hostileOrders(t, filepath.Base(file), data, verdict)
			case "states":
				hostileState(t, data, verdict)
			case "config":
				hostileConfig(t, data, verdict)
			default:
				t.Fatalf("unknown kind %q", kind)
			}
		})
	}
	// Every file of the corpus has its verdict.
	all, _ := filepath.Glob(filepath.Join(dir, "*", "*"))
	for _, p := range all {
		rel, _ := filepath.Rel(dir, p)
		if !seen[filepath.ToSlash(rel)] {
			t.Errorf("%s has no verdict", rel)
		}
	}
}

func hostileGame(t *testing.T) *Game {
	t.Helper()
	g, err := New(filepath.Join(t.TempDir(), "game"), Config{Seed: 17, Players: 3, Name: "Hostile"})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { g.Close() })
	// The corpus's files carry no password: a game made before passwords.
	return withoutPasswords(t, g)
}

func hostileOrders(t *testing.T, name string, data []byte, verdict string) {
	g := hostileGame(t)
	put(t, g, name, data)
	rec, err := g.ReadOrders()
	if err != nil {
		t.Fatal(err)
	}
	word, text, _ := strings.Cut(verdict, " ")
	problems := strings.Join(rec.Problems, "\n")
	refused := strings.Join(rec.Refused[1], "\n")
	switch word {
	case "problem":
		if !strings.Contains(problems, text) || rec.Files[1] != "" {
			t.Fatalf("problems %q, taken %q; want a problem with %q", problems, rec.Files[1], text)
		}
		return
	case "taken", "sheet":
		if problems != "" || rec.Files[1] == "" || refused != "" {
			t.Fatalf("problems %q, refused %q; want the orders taken", problems, refused)
		}
	case "refused":
		if problems != "" || !strings.Contains(refused, text) {
			t.Fatalf("problems %q, refused %q; want a refused line with %q", problems, refused, text)
		}
	default:
		t.Fatalf("unknown verdict %q", verdict)
	}
	if _, err := g.Turn(TurnOptions{}); err != nil {
		t.Fatal(err)
	}
	for p := 1; p <= 3; p++ {
		name := filepath.Join(TurnDir(g.Dir, 2), SheetsDir, turnsheet.FileName(p))
		rep, err := reportparse.ReadFile(g.R, name)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if d := knowledgeDiff("Knowledge", reflect.ValueOf(*rep.Knowledge), reflect.ValueOf(*g.State.KnowledgeOf(g.R, p))); d != "" {
			t.Errorf("player %d's sheet reads back differently: %s", p, d)
		}
		if errs := strings.Join(rep.Knowledge.Errors, "\n"); p == 1 && word == "sheet" && !strings.Contains(errs, text) {
			t.Errorf("player 1's errors %q; want %q", errs, text)
		}
	}
}

func hostileState(t *testing.T, data []byte, verdict string) {
	_, err := state.Read(strings.NewReader(string(data)), "state.txt", rules.Default())
	if verdict == "ok" {
		if err != nil {
			t.Fatal(err)
		}
		return
	}
	want := strings.TrimPrefix(verdict, "error ")
	at, text, _ := strings.Cut(want, " ")
	if err == nil || !strings.Contains(err.Error(), "state.txt:"+at+": ") || !strings.Contains(err.Error(), text) {
		t.Fatalf("got %v; want state.txt:%s: ...%s", err, at, text)
	}
}

func hostileConfig(t *testing.T, data []byte, verdict string) {
	g := hostileGame(t)
	g.Close()
	if err := os.WriteFile(filepath.Join(g.Dir, ConfigFile), data, 0o644); err != nil {
		t.Fatal(err)
	}
	h, err := Open(g.Dir)
	if err == nil {
		h.Close()
	}
	want := strings.TrimPrefix(verdict, "error ")
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("got %v; want %q", err, want)
	}
}
