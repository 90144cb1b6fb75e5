package notes

import (
	"bytes"
	"fmt"
	"testing"
)

// FuzzDecode: whatever a file holds, Decode gives a message or a book, never
// a panic, and the book it gives is written and read back unchanged.
func FuzzDecode(f *testing.F) {
	f.Add([]byte(`{"format":"silverfall notes","version":1,"seen":3}` + "\n" +
		`{"id":1,"kind":"note","object":"ship:12","text":"scout"}` + "\n" +
		`{"id":4,"kind":"marker","place":[1,-2,3],"shape":"flag","colour":"blue","text":"here"}` + "\n" +
		`{"id":5,"kind":"reminder","turn":20,"text":"markets","rule":"market:9"}` + "\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		b, err := Decode(bytes.NewReader(data), "fuzz")
		if b == nil {
			if err == nil {
				t.Fatal("no book and no error")
			}
			return
		}
		var buf bytes.Buffer
		if err := Encode(&buf, b); err != nil {
			t.Fatalf("a decoded book cannot be encoded: %v", err)
		}
		again, err := Decode(&buf, "again")
		if err != nil {
			t.Fatalf("a written book does not read back: %v\n%s", err, buf.String())
		}
		if fmt.Sprint(again.Entries()) != fmt.Sprint(b.Entries()) {
			t.Fatalf("round trip changed the book:\n%+v\n%+v", b.Entries(), again.Entries())
		}
	})
}
