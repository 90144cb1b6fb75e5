package capfile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRead(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small")
	os.WriteFile(small, []byte("hello"), 0o644)
	if data, err := Read(small, 5); err != nil || string(data) != "hello" {
		t.Errorf("Read = %q, %v", data, err)
	}
	var big *TooLargeError
	if _, err := Read(small, 4); !errors.As(err, &big) {
		t.Errorf("a file over its cap: %v", err)
	}
	var notFile *NotFileError
	if _, err := Read(dir, 100); !errors.As(err, &notFile) {
		t.Errorf("a folder: %v", err)
	}
}

func TestCheckNesting(t *testing.T) {
	for _, c := range []struct {
		text string
		ok   bool
	}{
		{"a = [[1, 2], [3]]\n[table]\nb = { c = [1] }\n", true},
		{"a = \"[[[[[[[[[[[[[[[[[[[[\"\n", true},
		{"a = '''\n[[[[[[[[[[[[[[[[[[[[[[\n'''\n", true},
		{"# [[[[[[[[[[[[[[[[[[[[[[[[\n", true},
		{"a = \"\\\"[[[[[[[[[[[[[[[[[[[[[[\"\n", true},
		{"a = " + strings.Repeat("[", 17) + strings.Repeat("]", 17), false},
		{"a = " + strings.Repeat("{b=", 17) + "1" + strings.Repeat("}", 17), false},
		{"\n\na = " + strings.Repeat("[", 400000), false},
	} {
		err := CheckNesting([]byte(c.text), MaxNesting)
		if (err == nil) != c.ok {
			t.Errorf("%.40q: %v", c.text, err)
		}
	}
	err := CheckNesting([]byte("\n\na = "+strings.Repeat("[", 100)), MaxNesting)
	var n *NestingError
	if !errors.As(err, &n) || n.Line != 3 {
		t.Errorf("the line of the nesting: %v", err)
	}
}

func FuzzCheckNesting(f *testing.F) {
	f.Add([]byte("a = [[1], {b = 2}]\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		if CheckNesting(data, MaxNesting) == nil {
			var v map[string]any
			DecodeTOML("f", data, &v) // must return, never overflow
		}
	})
}
