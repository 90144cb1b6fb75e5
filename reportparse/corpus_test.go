package reportparse

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

var writeCorpus = flag.Bool("corpus", false, "write the e-mail forms into the committed fuzz corpus")

// TestCorpusHasMailForms keeps the committed fuzz corpus holding the ways
// a sheet arrives by mail; -corpus writes them.
func TestCorpusHasMailForms(t *testing.T) {
	_, sheet := sample(t)
	part := sheet[:2500]
	forms := map[string]string{
		"mail-qp-latin1":  mailHead + "Content-Type: text/plain; charset=ISO-8859-1\r\nContent-Transfer-Encoding: quoted-printable\r\n\r\n" + qp(crlf(latin1(t, part))),
		"mail-base64":     mailHead + "Content-Type: multipart/mixed; boundary=\"XYZ\"\r\n\r\n--XYZ\r\nContent-Type: text/plain\r\n\r\nHi\r\n--XYZ\r\nContent-Type: text/plain; charset=windows-1252\r\nContent-Transfer-Encoding: base64\r\n\r\n" + b64(cp1252(t, part)) + "--XYZ--\r\n",
		"mail-flowed":     mailHead + "Content-Type: text/plain; charset=utf-8; format=flowed; delsp=yes\r\n\r\n" + flowed(part),
		"mail-forwarded":  mailHead + "Content-Type: text/plain\r\n\r\n" + quoteLines(quoteLines(part, "> "), "> "),
		"mail-rfc822":     mailHead + "Content-Type: multipart/mixed; boundary=\"o\"\r\n\r\n--o\r\nContent-Type: message/rfc822\r\n\r\n" + mailHead + "\r\n" + crlf(part) + "\r\n--o--\r\n",
		"plain-cut-short": sheet[:len(sheet)/2],
	}
	for name, data := range forms {
		file := filepath.Join("testdata", "fuzz", "FuzzParse", name)
		content := fmt.Sprintf("go test fuzz v1\n[]byte(%q)\n", data)
		if *writeCorpus {
			if err := os.WriteFile(file, []byte(content), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if _, err := os.Stat(file); err != nil {
			t.Errorf("fuzz corpus lacks %s (go test ./reportparse -run Corpus -corpus)", name)
		}
	}
}
