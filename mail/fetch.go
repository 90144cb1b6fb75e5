package mail

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/mail"
	"sort"
	"strings"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapclient"
)

// Message is a message fetched whole from the mailbox.
type Message struct {
	Key     Key
	From    string // the sender's address, lower case
	Subject string
	Raw     []byte // as stored, headers and all
}

// Key names a message for good: the folder's UIDVALIDITY and the
// message's UID, and its Message-Id, so that it is never taken twice, even
// when delivered twice.
type Key struct {
	UIDValidity uint32
	UID         uint32
	MessageID   string
}

// FetchOptions say which messages to take.
type FetchOptions struct {
	// From are the senders whose messages are wanted (addresses, any
	// case); none: every sender's.
	From []string
	// Seen reports whether a message was taken before (by its UID under
	// the same UIDVALIDITY, or its Message-Id).
	Seen func(Key) bool
	// MaxSize skips messages larger than this (bytes; 0: 16 MB): they are
	// not downloaded, stay unread, and come back as Skipped.
	MaxSize int64
	// Strangers, when set with From, is told of the unread messages from
	// any other sender (the newest MaxStrangers of them), without their
	// text: a player writing from an address the game does not know is
	// then named rather than passed over. They stay unread.
	Strangers func(Skipped)
	// Progress, when set, is told how many of the new messages are done.
	Progress func(done, total int)
	// Received, when set, is told while a message downloads how many of
	// its bytes came (size: the size the server gave for it): message is
	// the one being fetched, counted from 0, of total.
	Received func(message, total int, got, size int64)
}

// Skipped is a message Fetch left alone, and why.
type Skipped struct {
	Key     Key
	From    string
	Size    int64  // as the server gives it
	Reason  string // why, without the sender and size
	Subject string // as the sender wrote it: text to show quoted, never to follow
}

// MaxStrangers is how many messages from other senders a fetch names at
// most (the newest), so that a shared mailbox does not flood its report.
const MaxStrangers = 20

// DefaultMaxSize is the largest message fetched unless told otherwise: a
// turn sheet is some tens of kilobytes.
const DefaultMaxSize = 16 << 20

// Fetch reads the account's folder without changing it (messages stay
// unread), and hands each new message from the wanted senders to take, one
// by one, oldest first. A message is handed over whole or not at all; take
// should record it as seen once it has kept it, so that a fetch cut off
// half way goes on where it stopped the next time. Cancelling ctx stops
// the fetch between messages and closes the connection.
func Fetch(ctx context.Context, a Account, opt FetchOptions, take func(Message) error) ([]Skipped, error) {
	c, err := dialIMAP(ctx, a)
	if err != nil {
		return nil, err
	}
	defer c.Close()
	stop := context.AfterFunc(ctx, func() { c.Close() })
	defer stop()
	fail := func(err error) error {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return err
	}
	if err := c.Login(a.User, a.Password).Wait(); err != nil {
		var ie *imap.Error
		if errors.As(err, &ie) {
			return nil, fmt.Errorf("%w (%s)", ErrAuth, ie.Text)
		}
		return nil, fail(fmt.Errorf("logging in: %w", err))
	}
	// EXAMINE: read-only, so nothing is marked read.
	sel, err := c.Select(a.folder(), &imap.SelectOptions{ReadOnly: true}).Wait()
	if err != nil {
		return nil, fail(fmt.Errorf("opening folder %q: %w", a.folder(), err))
	}
	if sel.NumMessages == 0 {
		return nil, nil
	}
	criteria := &imap.SearchCriteria{}
	if len(opt.From) > 0 {
		// OR of the senders, nested two by two.
		var crits []imap.SearchCriteria
		for _, f := range opt.From {
			crits = append(crits, imap.SearchCriteria{Header: []imap.SearchCriteriaHeaderField{{Key: "From", Value: f}}})
		}
		for len(crits) > 1 {
			crits = append([]imap.SearchCriteria{{Or: [][2]imap.SearchCriteria{{crits[0], crits[1]}}}}, crits[2:]...)
		}
		criteria = &crits[0]
	}
	if opt.Strangers != nil && len(opt.From) > 0 {
		if err := strangers(c, opt.From, opt.Strangers); err != nil {
			return nil, fail(err)
		}
	}
	found, err := c.UIDSearch(criteria, nil).Wait()
	if err != nil {
		return nil, fail(fmt.Errorf("searching: %w", err))
	}
	uids := found.AllUIDs()
	if len(uids) == 0 {
		return nil, nil
	}
	sort.Slice(uids, func(i, j int) bool { return uids[i] < uids[j] })
	// First the envelopes and sizes, to pick what is new and not too big.
	heads, err := c.Fetch(imap.UIDSetNum(uids...), &imap.FetchOptions{UID: true, Envelope: true, RFC822Size: true}).Collect()
	if err != nil {
		return nil, fail(fmt.Errorf("reading the message list: %w", err))
	}
	sort.Slice(heads, func(i, j int) bool { return heads[i].UID < heads[j].UID })
	want := map[string]bool{}
	for _, f := range opt.From {
		want[strings.ToLower(strings.TrimSpace(f))] = true
	}
	maxSize := opt.MaxSize
	if maxSize <= 0 {
		maxSize = DefaultMaxSize
	}
	var todo []*imapclient.FetchMessageBuffer
	var skipped []Skipped
	for _, h := range heads {
		k := Key{UIDValidity: sel.UIDValidity, UID: uint32(h.UID)}
		from := ""
		if h.Envelope != nil {
			k.MessageID = h.Envelope.MessageID
			if len(h.Envelope.From) > 0 {
				from = strings.ToLower(h.Envelope.From[0].Addr())
			}
		}
		switch {
		case len(want) > 0 && !want[from]:
			continue // the search matched the name, not the address
		case opt.Seen != nil && opt.Seen(k):
			continue
		case h.RFC822Size > maxSize:
			skipped = append(skipped, Skipped{k, from, h.RFC822Size, fmt.Sprintf("more than the %d bytes a message may have", maxSize), ""})
			continue
		}
		todo = append(todo, h)
	}
	for i, h := range todo {
		if err := ctx.Err(); err != nil {
			return skipped, err
		}
		// The player's count, not the server's UID.
		nth := fmt.Sprintf("message %d of %d", i+1, len(todo))
		var bytesDone func(got, size int64)
		if opt.Received != nil {
			bytesDone = func(got, size int64) { opt.Received(i, len(todo), got, size) }
		}
		m := Message{Key: Key{UIDValidity: sel.UIDValidity, UID: uint32(h.UID)}}
		if h.Envelope != nil {
			m.Key.MessageID, m.Subject = h.Envelope.MessageID, h.Envelope.Subject
			if len(h.Envelope.From) > 0 {
				m.From = strings.ToLower(h.Envelope.From[0].Addr())
			}
		}
		raw, err := fetchBody(c, h.UID, maxSize, bytesDone)
		if errors.Is(err, errNoBody) {
			skipped = append(skipped, Skipped{m.Key, m.From, h.RFC822Size, "the server sent no text for it", m.Subject})
			continue
		}
		if err != nil {
			return skipped, fail(fmt.Errorf("fetching %s: %w", nth, err))
		}
		if int64(len(raw)) > maxSize {
			skipped = append(skipped, Skipped{m.Key, m.From, max(h.RFC822Size, int64(len(raw))),
				fmt.Sprintf("larger than its announced size, more than the %d bytes a message may have", maxSize), m.Subject})
			continue
		}
		m.Raw = raw
		if m.Key.MessageID == "" {
			m.Key.MessageID = messageID(raw)
		}
		if err := take(m); err != nil {
			return skipped, err
		}
		if opt.Progress != nil {
			opt.Progress(i+1, len(todo))
		}
	}
	c.Logout().Wait()
	return skipped, nil
}

// strangers tells of the newest unread messages not from one of the
// addresses (the search by sender also matches names), by their
// envelopes alone.
func strangers(c *imapclient.Client, from []string, tell func(Skipped)) error {
	found, err := c.UIDSearch(&imap.SearchCriteria{NotFlag: []imap.Flag{imap.FlagSeen}}, nil).Wait()
	if err != nil {
		return fmt.Errorf("searching: %w", err)
	}
	uids := found.AllUIDs()
	if len(uids) == 0 {
		return nil
	}
	want := map[string]bool{}
	for _, f := range from {
		want[strings.ToLower(strings.TrimSpace(f))] = true
	}
	sort.Slice(uids, func(i, j int) bool { return uids[i] > uids[j] }) // newest first
	heads, err := c.Fetch(imap.UIDSetNum(uids...), &imap.FetchOptions{UID: true, Envelope: true, RFC822Size: true}).Collect()
	if err != nil {
		return fmt.Errorf("reading the message list: %w", err)
	}
	sort.Slice(heads, func(i, j int) bool { return heads[i].UID > heads[j].UID })
	told := 0
	for _, h := range heads {
		s := Skipped{Key: Key{UID: uint32(h.UID)}, Size: h.RFC822Size}
		if h.Envelope != nil {
			s.Key.MessageID, s.Subject = h.Envelope.MessageID, h.Envelope.Subject
			if len(h.Envelope.From) > 0 {
				s.From = strings.ToLower(h.Envelope.From[0].Addr())
			}
		}
		if want[s.From] {
			continue
		}
		if told == MaxStrangers {
			return nil
		}
		tell(s)
		told++
	}
	return nil
}

// messageID reads the Message-Id of a raw message, without its brackets.
func messageID(raw []byte) string {
	msg, err := mail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		return ""
	}
	return strings.Trim(strings.TrimSpace(msg.Header.Get("Message-Id")), "<>")
}

// dialIMAP connects with the TLS the account asks for, verifying the
// server's certificate.
func dialIMAP(ctx context.Context, a Account) (*imapclient.Client, error) {
	if err := a.IMAP.Check("IMAP server"); err != nil {
		return nil, err
	}
	cfg, err := a.tlsConfig(a.IMAP.Host)
	if err != nil {
		return nil, err
	}
	d := &net.Dialer{Timeout: a.timeout()}
	opts := &imapclient.Options{TLSConfig: cfg, Dialer: d}
	type result struct {
		c   *imapclient.Client
		err error
	}
	done := make(chan result, 1)
	go func() {
		var c *imapclient.Client
		var err error
		if a.IMAP.Security == TLS {
			c, err = imapclient.DialTLS(a.IMAP.Address(), opts)
		} else {
			c, err = imapclient.DialStartTLS(a.IMAP.Address(), opts)
		}
		if err == nil {
			err = c.WaitGreeting()
		}
		done <- result{c, err}
	}()
	select {
	case <-ctx.Done():
		go func() {
			if r := <-done; r.c != nil {
				r.c.Close()
			}
		}()
		return nil, ctx.Err()
	case r := <-done:
		if r.err != nil {
			return nil, describeDialError("IMAP", a.IMAP, r.err)
		}
		return r.c, nil
	}
}

// describeDialError says what went wrong connecting, in words a player can
// act on.
func describeDialError(proto string, s Server, err error) error {
	msg := err.Error()
	switch {
	case strings.Contains(msg, "STARTTLS"), strings.Contains(msg, "starttls"):
		return fmt.Errorf("%s server %s: %w (%v)", proto, s.Address(), ErrNoTLS, err)
	case strings.Contains(msg, "certificate"), strings.Contains(msg, "x509"):
		return fmt.Errorf("%s server %s: its certificate is not trusted (%v); for a server of your own, give its certificate authority in the settings", proto, s.Address(), err)
	case strings.Contains(msg, "first record does not look like a TLS handshake"):
		return fmt.Errorf("%s server %s does not speak TLS on this port: %w", proto, s.Address(), ErrNoTLS)
	}
	return fmt.Errorf("%s server %s: %w", proto, s.Address(), err)
}

// errNoBody is a message the server lists but gives no text for: it is
// skipped, not the end of the fetch.
var errNoBody = errors.New("the server sent no body")

// fetchBody downloads one whole message (BODY.PEEK[], so that it stays
// unread), telling received how many bytes came as they come. More than
// max bytes are not kept: the message is returned cut at max+1 bytes for
// the caller to skip.
func fetchBody(c *imapclient.Client, uid imap.UID, max int64, received func(got, size int64)) ([]byte, error) {
	body := &imap.FetchItemBodySection{Peek: true}
	cmd := c.Fetch(imap.UIDSetNum(uid), &imap.FetchOptions{UID: true, BodySection: []*imap.FetchItemBodySection{body}})
	defer cmd.Close()
	var raw []byte
	found := false
	for msg := cmd.Next(); msg != nil; msg = cmd.Next() {
		for item := msg.Next(); item != nil; item = msg.Next() {
			sec, ok := item.(imapclient.FetchItemDataBodySection)
			if !ok || sec.Literal == nil || found {
				continue
			}
			found = true
			size := sec.Literal.Size()
			r := io.Reader(io.LimitReader(sec.Literal, max+1))
			if received != nil {
				r = &countingReader{r: r, size: size, tell: received}
			}
			var err error
			if raw, err = io.ReadAll(r); err != nil {
				return nil, err
			}
		}
	}
	if err := cmd.Close(); err != nil {
		return nil, err
	}
	if !found {
		return nil, errNoBody
	}
	return raw, nil
}

// countingReader tells how many bytes were read, at most every 64 KB and
// at the end, so that the progress moves during a large message without
// costing a call per packet.
type countingReader struct {
	r         io.Reader
	got, told int64
	size      int64
	tell      func(got, size int64)
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.got += int64(n)
	if c.got-c.told >= 64<<10 || (err != nil && c.got != c.told) {
		c.told = c.got
		c.tell(c.got, c.size)
	}
	return n, err
}
