package reportparse

import (
	"bytes"
	"encoding/base64"
	"errors"
	"fmt"
	"mime/quotedprintable"
	"reflect"
	"strings"
	"testing"

	"golang.org/x/text/encoding/charmap"

	"silverfall/engine/galaxy"
	"silverfall/engine/model"
	"silverfall/engine/rules"
)

// sample is a sheet with accented and typographic characters in it, so
// that charsets matter.
func sample(t testing.TB) (*model.Knowledge, string) {
	t.Helper()
	r := rules.Default()
	g, err := galaxy.Generate(r, galaxy.Options{Seed: 99, Players: 6, DueDate: "2026-12-20"})
	if err != nil {
		t.Fatal(err)
	}
	k := g.KnowledgeOf(r, 2)
	k.Empire.Name = "Étoile Sovereignty"
	k.Messages = []string{"Player 5 says: “peace” — or else", "A second line of news."}
	return k, string(write(t, k))
}

func crlf(s string) string { return strings.ReplaceAll(s, "\n", "\r\n") }

func quoteLines(s, prefix string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if l == "" {
			lines[i] = strings.TrimRight(prefix, " ")
		} else {
			lines[i] = prefix + l
		}
	}
	return strings.Join(lines, "\n")
}

func latin1(t testing.TB, s string) string {
	b, err := charmap.ISO8859_1.NewEncoder().String(strings.NewReplacer("“", `"`, "”", `"`, "—", "-").Replace(s))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func cp1252(t testing.TB, s string) string {
	b, err := charmap.Windows1252.NewEncoder().String(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func qp(s string) string {
	var b bytes.Buffer
	w := quotedprintable.NewWriter(&b)
	w.Write([]byte(s))
	w.Close()
	return b.String()
}

func b64(s string) string {
	e := base64.StdEncoding.EncodeToString([]byte(s))
	var b strings.Builder
	for len(e) > 76 {
		b.WriteString(e[:76] + "\r\n")
		e = e[76:]
	}
	return b.String() + e + "\r\n"
}

// flowed encodes text as format=flowed with DelSp=yes, breaking lines
// longer than 40 characters softly, stuffing lines that start with a blank.
func flowed(s string) string {
	var b strings.Builder
	for _, l := range strings.Split(s, "\n") {
		for len(l) > 40 {
			cut := strings.IndexByte(l[30:], ' ')
			if cut < 0 {
				break
			}
			cut += 30
			head := l[:cut]
			if strings.HasPrefix(head, " ") {
				head = " " + head
			}
			b.WriteString(head + " \r\n") // soft break; DelSp removes the added blank
			l = l[cut:]
		}
		if strings.HasPrefix(l, " ") || strings.HasPrefix(l, "From ") {
			l = " " + l
		}
		b.WriteString(l + "\r\n")
	}
	return b.String()
}

const mailHead = "Return-Path: <gm@example.org>\r\nFrom: Game Master <gm@example.org>\r\nTo: player@example.org\r\n" +
	"Subject: Darkness of Silverfall, turn 1\r\nDate: Sun, 29 Nov 2026 10:00:00 +0000\r\nMIME-Version: 1.0\r\n"

func TestInputForms(t *testing.T) {
	want, sheet := sample(t)
	greet := "Hello all,\n\nhere is your turn. Good luck!\n\n"
	sign := "\n\n-- \nThe Game Master\nRoma Games\n"
	fwd := "---------- Forwarded message ---------\nFrom: gm@example.org\n\n"
	forms := []struct {
		name, data string
		lossy      bool // the charset cannot carry every character
	}{
		{"plain", sheet, false},
		{"crlf", crlf(sheet), false},
		{"trailing blanks", strings.ReplaceAll(sheet, "\n", "   \n"), false},
		{"greeting and signature", greet + sheet + sign, false},
		{"forwarded once", fwd + quoteLines(greet+sheet+sign, "> "), false},
		{"forwarded twice", quoteLines(fwd+quoteLines(sheet, "> "), "> "), false},
		{"forwarded twice, tight quotes", quoteLines(sheet, ">> "), false},
		{"windows-1252 file", cp1252(t, sheet), false},
		{"mail, 8bit utf-8", mailHead + "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n" + crlf(greet+sheet+sign), false},
		{"mail, quoted-printable latin-1", mailHead + "Content-Type: text/plain; charset=ISO-8859-1\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n" +
			qp(crlf(latin1(t, sheet))), true},
		{"mail, base64 windows-1252", mailHead + "Content-Type: text/plain; charset=windows-1252\r\nContent-Transfer-Encoding: base64\r\n\r\n" +
			b64(crlf(cp1252(t, sheet))), false},
		{"mail, format=flowed", mailHead + "Content-Type: text/plain; charset=utf-8; format=flowed; delsp=yes\r\n\r\n" + flowed(greet+sheet), false},
		{"mail, multipart with attachment", mailHead + "Content-Type: multipart/mixed; boundary=\"XYZ\"\r\n\r\n" +
			"--XYZ\r\nContent-Type: text/plain; charset=utf-8\r\n\r\n" + crlf(greet) + "\r\n" +
			"--XYZ\r\nContent-Type: text/plain; charset=utf-8; name=\"turn1.txt\"\r\nContent-Disposition: attachment; filename=\"turn1.txt\"\r\nContent-Transfer-Encoding: base64\r\n\r\n" +
			b64(crlf(sheet)) + "--XYZ--\r\n", false},
		{"mail, alternative with quoted-printable", mailHead + "Content-Type: multipart/alternative; boundary=\"b1\"\r\n\r\n" +
			"--b1\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n" + qp(crlf(sheet)) + "\r\n" +
			"--b1\r\nContent-Type: text/html; charset=utf-8\r\n\r\n<pre>see the text part</pre>\r\n--b1--\r\n", false},
		{"mail, forwarded as attachment", mailHead + "Content-Type: multipart/mixed; boundary=\"outer\"\r\n\r\n" +
			"--outer\r\nContent-Type: text/plain\r\n\r\nFYI\r\n--outer\r\nContent-Type: message/rfc822\r\n\r\n" +
			mailHead + "Content-Type: text/plain; charset=utf-8\r\n\r\n" + crlf(sheet) + "\r\n--outer--\r\n", false},
		{"mail, mbox From line", "From gm@example.org Sun Nov 29 10:00:00 2026\n" + strings.ReplaceAll(mailHead, "\r\n", "\n") + "\n" + sheet, false},
	}
	for _, f := range forms {
		t.Run(f.name, func(t *testing.T) {
			rep, err := Parse(rules.Default(), "turn.eml", []byte(f.data))
			if err != nil {
				t.Fatal(err)
			}
			w := *want
			if f.lossy {
				w.Messages = []string{`Player 5 says: "peace" - or else`, want.Messages[1]}
			}
			if d := diff("Knowledge", reflect.ValueOf(&w), reflect.ValueOf(rep.Knowledge)); d != "" {
				t.Fatal(d)
			}
			if len(rep.Warnings) > 0 {
				t.Errorf("warnings: %v", rep.Warnings)
			}
		})
	}
}

func TestErrorsCarryPositions(t *testing.T) {
	_, sheet := sample(t)
	lines := strings.Split(sheet, "\n")
	bad := -1
	for i, l := range lines {
		if strings.HasPrefix(l, "Ship ") {
			lines[i] = strings.Replace(l, " type ", " type 99 ", 1)
			bad = i + 1
			break
		}
	}
	broken := strings.Join(lines, "\n")
	_, err := Parse(rules.Default(), "turn.txt", []byte(broken))
	var list ErrorList
	if !errors.As(err, &list) {
		t.Fatalf("got %v, want an error list", err)
	}
	want := fmt.Sprintf("turn.txt:%d: review of ships: expected", bad)
	if !strings.HasPrefix(list[0].Error(), want) {
		t.Errorf("got %q, want it to start %q", list[0].Error(), want)
	}
	// In a plain mail body, lines count from the top of the file.
	mail := mailHead + "Content-Type: text/plain\r\n\r\n" + crlf(broken)
	_, err = Parse(rules.Default(), "turn.eml", []byte(mail))
	want = fmt.Sprintf("turn.eml:%d: review of ships", bad+strings.Count(mailHead, "\n")+2)
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("got %v, want it to start %q", err, want)
	}
	// In a base64 part, lines count within the decoded part, and say so.
	mail = mailHead + "Content-Type: text/plain\r\nContent-Transfer-Encoding: base64\r\n\r\n" + b64(broken)
	_, err = Parse(rules.Default(), "turn.eml", []byte(mail))
	want = fmt.Sprintf("turn.eml (decoded base64):%d: review of ships", bad)
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Errorf("got %v, want it to start %q", err, want)
	}
}

func TestBadInputs(t *testing.T) {
	r := rules.Default()
	want, sheet := sample(t)
	for _, c := range []struct {
		name, data, errWant string
	}{
		{"empty", "", "no Darkness of Silverfall turn sheet found"},
		{"not a sheet", "Dear player,\nno turn this week.\n", "no Darkness of Silverfall turn sheet found"},
		{"mail without a sheet", mailHead + "Content-Type: text/plain\r\n\r\nNo turn this week.\r\n", "no Darkness of Silverfall turn sheet found: no part of this e-mail holds"},
		{"broken multipart", mailHead + "Content-Type: multipart/mixed; boundary=\"Q\"\r\n\r\n--Q\r\nbad", "broken MIME multipart"},
		{"bad header", strings.Replace(sheet, "Turn:       1", "Turn:       one", 1), `header: expected the turn number (1 to 1000) after "Turn:", got "one"`},
		{"bad score", strings.Replace(sheet, "Points:   ", "Points:  x", 1), `score: expected a number after "Points:"`},
		{"bad fleet", strings.Replace(sheet, "\n     1  ", "\n     1x ", 1), "expected"},
		// A sheet cut short in its header is no one's: it is refused, not
		// read as an empty game of player 0.
		{"header cut short, player not a number", "DARKNESS OF SILVERFALL -- TURN SHEET\nGame: X\nPlayer: abc\n",
			`in.txt:3: header: expected the player number (1 to 40) after "Player:", got "abc"`},
		{"header cut short, no turn", "DARKNESS OF SILVERFALL -- TURN SHEET\nGame: X\nPlayer: 3 Zorg\n", `in.txt:2: header: the "Turn:" line is missing`},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Parse(r, "in.txt", []byte(c.data))
			if err == nil || !strings.Contains(err.Error(), c.errWant) {
				t.Errorf("got %v, want %q", err, c.errWant)
			}
		})
	}
	t.Run("too large", func(t *testing.T) {
		_, err := Parse(r, "big.txt", make([]byte, MaxInput+1))
		if err == nil || !strings.Contains(err.Error(), "more than a turn sheet can be") {
			t.Errorf("got %v", err)
		}
	})
	t.Run("cut short", func(t *testing.T) {
		cut := sheet[:strings.Index(sheet, "=== 9. ")+10]
		cut = cut[:strings.LastIndex(cut[:len(cut)-20], "\n  fuel")+9] // the middle of a ship record
		rep, err := Parse(r, "cut.txt", []byte(cut))
		if err != nil {
			t.Fatalf("a cut sheet should read as far as it goes: %v", err)
		}
		if rep.Ended || len(rep.Knowledge.Ships) == 0 || len(rep.Knowledge.Ships) > len(want.Ships) {
			t.Errorf("read %d of %d ships", len(rep.Knowledge.Ships), len(want.Ships))
		}
		all := fmt.Sprint(rep.Warnings)
		if !strings.Contains(all, "missing sections: 9 (review of mines), 10 (planet scanned this turn)") {
			t.Errorf("warnings %v should name the missing sections", rep.Warnings)
		}
	})
	t.Run("unknown section", func(t *testing.T) {
		extra := strings.Replace(sheet, "=== 13. MESSAGES", "=== 16. GOSSIP ===\nThe wizards quarrel.\n\n=== 13. MESSAGES", 1)
		rep, err := Parse(r, "x.txt", []byte(extra))
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, s := range rep.Sections {
			found = found || (s.Number == sectionUnknown && strings.Contains(s.Text(), "wizards quarrel"))
		}
		if !found || !strings.Contains(fmt.Sprint(rep.Warnings), `unknown section "16. GOSSIP" kept as text`) {
			t.Errorf("sections %v warnings %v", rep.Sections, rep.Warnings)
		}
	})
}

func TestSectionsKeepRawText(t *testing.T) {
	_, sheet := sample(t)
	rep, err := Parse(rules.Default(), "x.txt", []byte(sheet))
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Sections) != 17 { // header, fifteen sections, order sheet
		t.Fatalf("%d sections", len(rep.Sections))
	}
	if s := rep.Sections[13]; s.Number != 13 || !strings.Contains(s.Text(), "“peace”") {
		t.Errorf("messages section %+v", s)
	}
}
