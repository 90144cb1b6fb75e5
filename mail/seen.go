package mail

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"

	"silverfall/internal/atomicfile"
	"silverfall/internal/capfile"
)

// SeenList is the messages taken from a mailbox, kept in a file a line
// each ("uid UIDVALIDITY UID", "id MESSAGE-ID") and written again whole,
// atomically, with each one added: after a crash it holds every message
// taken before it.
type SeenList struct {
	path string
	mu   sync.Mutex
	uids map[[2]uint32]bool
	ids  map[string]bool
}

// maxSeenFile bounds the list of mail already fetched: a line a mail.
const maxSeenFile = 64 << 20

// LoadSeen reads the list in path (none yet: an empty list).
func LoadSeen(path string) (*SeenList, error) {
	s := &SeenList{path: path, uids: map[[2]uint32]bool{}, ids: map[string]bool{}}
	f, _, err := capfile.Open(path, maxSeenFile)
	if os.IsNotExist(err) {
		return s, nil
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.Fields(sc.Text())
		switch {
		case len(fields) == 3 && fields[0] == "uid":
			v, err1 := strconv.ParseUint(fields[1], 10, 32)
			u, err2 := strconv.ParseUint(fields[2], 10, 32)
			if err1 == nil && err2 == nil {
				s.uids[[2]uint32{uint32(v), uint32(u)}] = true
			}
		case len(fields) == 2 && fields[0] == "id":
			s.ids[fields[1]] = true
		}
	}
	return s, sc.Err()
}

// Has reports whether the message was taken before: the same UID under
// the same UIDVALIDITY, or the same Message-Id.
func (s *SeenList) Has(k Key) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.uids[[2]uint32{k.UIDValidity, k.UID}] || (k.MessageID != "" && s.ids[idOf(k.MessageID)])
}

func idOf(id string) string { return strings.Join(strings.Fields(id), "") }

// Add remembers a message.
func (s *SeenList) Add(k Key) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.uids[[2]uint32{k.UIDValidity, k.UID}] = true
	if id := idOf(k.MessageID); id != "" {
		s.ids[id] = true
	}
	lines := make([]string, 0, len(s.uids)+len(s.ids))
	for u := range s.uids {
		lines = append(lines, fmt.Sprintf("uid %d %d", u[0], u[1]))
	}
	for id := range s.ids {
		lines = append(lines, "id "+id)
	}
	sort.Strings(lines)
	if err := os.MkdirAll(filepath.Dir(s.path), 0o755); err != nil {
		return err
	}
	return atomicfile.WriteFile(s.path, []byte(strings.Join(lines, "\n")+"\n"), 0o644)
}
