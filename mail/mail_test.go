package mail_test

import (
	"bytes"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	netmail "net/mail"
	"path/filepath"
	"silverfall/mail"
	"silverfall/mail/mailtest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// dropAfter closes each connection once it has written n bytes (0: never):
// a connection lost in the middle of a fetch.
type dropListener struct {
	net.Listener
	n atomic.Int64
}

func (l *dropListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return &dropConn{Conn: c, left: l.n.Load()}, nil
}

type dropConn struct {
	net.Conn
	mu   sync.Mutex
	left int64
}

func (c *dropConn) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.left > 0 {
		if int64(len(p)) >= c.left {
			n, _ := c.Conn.Write(p[:c.left])
			c.Conn.Close()
			return n, io.ErrClosedPipe
		}
		c.left -= int64(len(p))
	}
	return c.Conn.Write(p)
}

type imapServer struct {
	addr string
	user *imapmemserver.User
	drop *dropListener
}

// startIMAP runs go-imap's in-memory server: implicit mail.TLS, STARTTLS, or
// neither (plain, which the client must refuse).
func startIMAP(t *testing.T, cfg *tls.Config, security string) *imapServer {
	t.Helper()
	mem := imapmemserver.New()
	user := imapmemserver.NewUser("ann", "secret")
	user.Create("INBOX", nil)
	mem.AddUser(user)
	opts := &imapserver.Options{
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return mem.NewSession(), nil, nil
		},
		Caps:   imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapIMAP4rev2: {}},
		Logger: discardLogger{},
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	drop := &dropListener{Listener: ln}
	var serve net.Listener = drop
	switch security {
	case "tls":
		serve = tls.NewListener(drop, cfg)
	case "starttls":
		opts.TLSConfig = cfg
	case "plain":
		opts.InsecureAuth = true
	}
	srv := imapserver.New(opts)
	go srv.Serve(serve)
	t.Cleanup(func() { srv.Close() })
	return &imapServer{addr: ln.Addr().String(), user: user, drop: drop}
}

type discardLogger struct{}

func (discardLogger) Printf(string, ...any) {}

type literal struct {
	*bytes.Reader
}

func (l literal) Size() int64 { return int64(l.Len()) }

func (s *imapServer) deliver(t *testing.T, raw string) {
	t.Helper()
	if _, err := s.user.Append("INBOX", literal{bytes.NewReader([]byte(raw))}, &imap.AppendOptions{}); err != nil {
		t.Fatal(err)
	}
}

func (s *imapServer) flags(t *testing.T) []imap.Flag {
	st, err := s.user.Status("INBOX", &imap.StatusOptions{NumUnseen: true, NumMessages: true})
	if err != nil {
		t.Fatal(err)
	}
	if *st.NumUnseen != *st.NumMessages {
		return []imap.Flag{imap.FlagSeen}
	}
	return nil
}

func account(addr, caFile string, security mail.Security) mail.Account {
	host, port, _ := net.SplitHostPort(addr)
	p, _ := strconv.Atoi(port)
	return mail.Account{IMAP: mail.Server{host, p, security}, SMTP: mail.Server{host, p, security}, User: "ann", Password: "secret",
		Address: "ann@example.org", CAFile: caFile, Timeout: 5 * time.Second}
}

func sheetMail(from, id, body string) string {
	return "From: Moderator <" + from + ">\r\nTo: ann@example.org\r\nSubject: Turn 3\r\nMessage-Id: <" + id + ">\r\n\r\n" + body + "\r\n"
}

// seen is what a caller keeps between fetches: the package's own list.
func seen(t *testing.T) *mail.SeenList {
	l, err := mail.LoadSeen(filepath.Join(t.TempDir(), "seen.txt"))
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func TestFetch(t *testing.T) {
	cfg, ca := mailtest.CA(t)
	for _, sec := range []mail.Security{mail.TLS, mail.StartTLS} {
		t.Run(string(sec), func(t *testing.T) {
			srv := startIMAP(t, cfg, string(sec))
			srv.deliver(t, sheetMail("gm@example.org", "1@x", "DARKNESS OF SILVERFALL turn 3"))
			srv.deliver(t, sheetMail("spam@example.org", "2@x", "buy now"))
			srv.deliver(t, sheetMail("GM@Example.org", "3@x", "DARKNESS OF SILVERFALL turn 4"))
			// The same sheet delivered twice: a new UID, the same Message-Id.
			srv.deliver(t, sheetMail("gm@example.org", "3@x", "DARKNESS OF SILVERFALL turn 4"))
			seen := seen(t)
			var got []string
			progress := 0
			skipped, err := mail.Fetch(context.Background(), account(srv.addr, ca, sec),
				mail.FetchOptions{From: []string{"gm@example.org"}, Seen: seen.Has, Progress: func(done, total int) { progress = done }},
				func(m mail.Message) error {
					if seen.Has(m.Key) {
						return nil
					}
					got = append(got, m.Key.MessageID)
					seen.Add(m.Key)
					return nil
				})
			if err != nil || len(skipped) != 0 {
				t.Fatalf("fetch: %v %v", err, skipped)
			}
			if fmt.Sprint(got) != "[1@x 3@x]" || progress == 0 {
				t.Errorf("fetched %v (progress %d), want the moderator's two messages once each", got, progress)
			}
			if len(srv.flags(t)) != 0 {
				t.Errorf("the fetch marked messages read")
			}
			// Nothing new: nothing fetched.
			got = nil
			mail.Fetch(context.Background(), account(srv.addr, ca, sec), mail.FetchOptions{From: []string{"gm@example.org"}, Seen: seen.Has},
				func(m mail.Message) error { got = append(got, m.Key.MessageID); return nil })
			if len(got) != 0 {
				t.Errorf("a second fetch took %v again", got)
			}
		})
	}
}

func TestFetchRefusals(t *testing.T) {
	cfg, ca := mailtest.CA(t)
	take := func(mail.Message) error { return nil }
	t.Run("wrong password", func(t *testing.T) {
		srv := startIMAP(t, cfg, "tls")
		a := account(srv.addr, ca, mail.TLS)
		a.Password = "wrong"
		if _, err := mail.Fetch(context.Background(), a, mail.FetchOptions{}, take); !errors.Is(err, mail.ErrAuth) {
			t.Errorf("got %v, want ErrAuth", err)
		}
	})
	t.Run("no STARTTLS offered", func(t *testing.T) {
		srv := startIMAP(t, cfg, "plain")
		if _, err := mail.Fetch(context.Background(), account(srv.addr, ca, mail.StartTLS), mail.FetchOptions{}, take); !errors.Is(err, mail.ErrNoTLS) {
			t.Errorf("got %v, want ErrNoTLS", err)
		}
	})
	t.Run("plain port for implicit TLS", func(t *testing.T) {
		srv := startIMAP(t, cfg, "plain")
		if _, err := mail.Fetch(context.Background(), account(srv.addr, ca, mail.TLS), mail.FetchOptions{}, take); err == nil {
			t.Errorf("a mail.TLS fetch from a plain port succeeded")
		}
	})
	t.Run("untrusted certificate", func(t *testing.T) {
		srv := startIMAP(t, cfg, "tls")
		_, err := mail.Fetch(context.Background(), account(srv.addr, "", mail.TLS), mail.FetchOptions{}, take)
		if err == nil || !strings.Contains(err.Error(), "not trusted") {
			t.Errorf("got %v, want a certificate that is not trusted", err)
		}
	})
	t.Run("no security", func(t *testing.T) {
		srv := startIMAP(t, cfg, "plain")
		if _, err := mail.Fetch(context.Background(), account(srv.addr, ca, "none"), mail.FetchOptions{}, take); err == nil {
			t.Errorf("a fetch without mail.TLS was tried")
		}
	})
}

// A connection lost in the middle of a fetch leaves what came whole, and
// the next fetch takes the rest, nothing twice.
func TestFetchDropped(t *testing.T) {
	cfg, ca := mailtest.CA(t)
	srv := startIMAP(t, cfg, "tls")
	big := strings.Repeat("DARKNESS OF SILVERFALL line of a long sheet\r\n", 400)
	for i := 1; i <= 5; i++ {
		srv.deliver(t, sheetMail("gm@example.org", fmt.Sprintf("%d@x", i), big))
	}
	seen := seen(t)
	var got []string
	take := func(m mail.Message) error {
		if !strings.Contains(string(m.Raw), big) {
			t.Errorf("message %s came cut short", m.Key.MessageID)
		}
		got = append(got, m.Key.MessageID)
		seen.Add(m.Key)
		return nil
	}
	a := account(srv.addr, ca, mail.TLS)
	srv.drop.n.Store(int64(2.5 * float64(len(big))))
	_, err := mail.Fetch(context.Background(), a, mail.FetchOptions{Seen: seen.Has}, take)
	if err == nil || len(got) == 0 || len(got) == 5 {
		t.Fatalf("the dropped fetch: %v, got %v", err, got)
	}
	first := len(got)
	srv.drop.n.Store(0)
	if _, err := mail.Fetch(context.Background(), a, mail.FetchOptions{Seen: seen.Has}, take); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(got) != "[1@x 2@x 3@x 4@x 5@x]" {
		t.Errorf("after the drop (%d whole) and a second fetch: %v", first, got)
	}
}

func TestFetchTooLarge(t *testing.T) {
	cfg, ca := mailtest.CA(t)
	srv := startIMAP(t, cfg, "tls")
	srv.deliver(t, sheetMail("gm@example.org", "big@x", strings.Repeat("x", 200_000)))
	srv.deliver(t, sheetMail("gm@example.org", "small@x", "DARKNESS OF SILVERFALL"))
	var got []string
	skipped, err := mail.Fetch(context.Background(), account(srv.addr, ca, mail.TLS), mail.FetchOptions{MaxSize: 100_000},
		func(m mail.Message) error { got = append(got, m.Key.MessageID); return nil })
	if err != nil || fmt.Sprint(got) != "[small@x]" || len(skipped) != 1 || skipped[0].Key.MessageID != "big@x" {
		t.Errorf("err %v, got %v, skipped %+v", err, got, skipped)
	}
}

func TestFetchCancelled(t *testing.T) {
	cfg, ca := mailtest.CA(t)
	srv := startIMAP(t, cfg, "tls")
	for i := 0; i < 3; i++ {
		srv.deliver(t, sheetMail("gm@example.org", fmt.Sprintf("%d@x", i), "x"))
	}
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	_, err := mail.Fetch(ctx, account(srv.addr, ca, mail.TLS), mail.FetchOptions{}, func(mail.Message) error {
		n++
		cancel()
		return nil
	})
	if !errors.Is(err, context.Canceled) || n != 1 {
		t.Errorf("cancelled after the first: err %v, %d taken", err, n)
	}
}

// smtpServer is go-smtp's server keeping what it receives.
type smtpServer struct {
	addr     string
	mu       sync.Mutex
	received [][]byte
	authed   atomic.Bool // a password came at all
}

type smtpSession struct {
	s  *smtpServer
	ok bool
}

func (s *smtpSession) AuthMechanisms() []string { return []string{sasl.Plain} }
func (s *smtpSession) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, user, pass string) error {
		s.s.authed.Store(true)
		if user != "ann" || pass != "secret" {
			return &smtp.SMTPError{Code: 535, EnhancedCode: smtp.EnhancedCode{5, 7, 8}, Message: "bad login"}
		}
		s.ok = true
		return nil
	}), nil
}
func (s *smtpSession) Mail(string, *smtp.MailOptions) error {
	if !s.ok {
		return &smtp.SMTPError{Code: 530, Message: "log in first"}
	}
	return nil
}
func (s *smtpSession) Rcpt(string, *smtp.RcptOptions) error { return nil }
func (s *smtpSession) Data(r io.Reader) error {
	b, _ := io.ReadAll(r)
	s.s.mu.Lock()
	s.s.received = append(s.s.received, b)
	s.s.mu.Unlock()
	return nil
}
func (s *smtpSession) Reset()        {}
func (s *smtpSession) Logout() error { return nil }

func startSMTP(t *testing.T, cfg *tls.Config, security string) *smtpServer {
	t.Helper()
	ss := &smtpServer{}
	srv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &smtpSession{s: ss}, nil }))
	srv.Domain = "localhost"
	srv.AllowInsecureAuth = security == "plain"
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	switch security {
	case "tls":
		ln = tls.NewListener(ln, cfg)
	case "starttls":
		srv.TLSConfig = cfg
	}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	ss.addr = ln.Addr().String()
	return ss
}

func TestSend(t *testing.T) {
	cfg, ca := mailtest.CA(t)
	msg, id, err := mail.Compose(mail.Outgoing{From: "Ann <ann@example.org>", To: "gm@example.org", Subject: "Orders: Silverfall 7, player 3, turn 4",
		Body: "MO 1 2 3 4\nEND\n", AttachmentName: "orders.txt", Attachment: []byte("MO 1 2 3 4\nEND\n")})
	if err != nil {
		t.Fatal(err)
	}
	for _, sec := range []mail.Security{mail.TLS, mail.StartTLS} {
		t.Run(string(sec), func(t *testing.T) {
			srv := startSMTP(t, cfg, string(sec))
			if err := mail.Send(context.Background(), account(srv.addr, ca, sec), []string{"gm@example.org"}, msg); err != nil {
				t.Fatal(err)
			}
			if len(srv.received) != 1 || !bytes.Contains(srv.received[0], []byte(id)) {
				t.Errorf("received %d messages", len(srv.received))
			}
		})
	}
	t.Run("wrong password", func(t *testing.T) {
		srv := startSMTP(t, cfg, "tls")
		a := account(srv.addr, ca, mail.TLS)
		a.Password = "wrong"
		if err := mail.Send(context.Background(), a, []string{"gm@example.org"}, msg); !errors.Is(err, mail.ErrAuth) {
			t.Errorf("got %v, want ErrAuth", err)
		}
	})
	t.Run("no STARTTLS: no password sent", func(t *testing.T) {
		srv := startSMTP(t, cfg, "plain")
		err := mail.Send(context.Background(), account(srv.addr, ca, mail.StartTLS), []string{"gm@example.org"}, msg)
		if !errors.Is(err, mail.ErrNoTLS) || srv.authed.Load() || len(srv.received) != 0 {
			t.Errorf("got %v (password sent: %v)", err, srv.authed.Load())
		}
	})
}

// What mail.Compose writes reads back: the body, the attachment under a safe
// name, the subject in UTF-8.
func TestCompose(t *testing.T) {
	raw, id, err := mail.Compose(mail.Outgoing{From: "ann@example.org", To: "gm@example.org", Subject: "Ordres — tour 4",
		Body: "Bonjour ünd tschüss\nMO 1 2 3 4", AttachmentName: "../../etc/passwd\x00.txt", Attachment: []byte("PI 5\n")})
	if err != nil {
		t.Fatal(err)
	}
	m, err := netmail.ReadMessage(bytes.NewReader(raw))
	if err != nil {
		t.Fatal(err)
	}
	dec := new(mime.WordDecoder)
	if s, _ := dec.DecodeHeader(m.Header.Get("Subject")); s != "Ordres — tour 4" {
		t.Errorf("subject %q", s)
	}
	if m.Header.Get("Message-Id") != "<"+id+">" {
		t.Errorf("message id %q vs %q", m.Header.Get("Message-Id"), id)
	}
	if !bytes.Contains(raw, []byte(`filename=passwd.txt`)) || bytes.Contains(raw, []byte("../")) {
		t.Errorf("the attachment's name is not made safe:\n%s", raw)
	}
	for _, c := range []struct{ in, want string }{
		{"orders.txt", "orders.txt"}, {"..\\..\\boot.ini", "boot.ini"}, {"/etc/passwd", "passwd"},
		{"a\u202eexe.txt", "aexe.txt"}, {"...", "attachment.txt"}, {"x:y?.txt", "x_y_.txt"},
	} {
		if got := mail.SafeFileName(c.in); got != c.want {
			t.Errorf("mail.SafeFileName(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// silentServer accepts connections and never says a word: a server that
// hangs. It returns its address.
func silentServer(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var conns []net.Conn
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			mu.Lock()
			conns = append(conns, c)
			mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		ln.Close()
		mu.Lock()
		for _, c := range conns {
			c.Close()
		}
		mu.Unlock()
	})
	return ln.Addr().String()
}

// A server that accepts the connection and never greets: the send ends
// after the account's timeout, however long the SMTP library would wait
// for a greeting, and a cancel ends it within a second.
func TestSendSilentServer(t *testing.T) {
	msg := []byte("From: ann@example.org\r\nTo: gm@example.org\r\nSubject: x\r\n\r\nPI 1\r\n")
	for _, sec := range []mail.Security{mail.TLS, mail.StartTLS} {
		t.Run(string(sec)+"/timeout", func(t *testing.T) {
			a := account(silentServer(t), "", sec)
			a.Timeout = 300 * time.Millisecond
			start := time.Now()
			err := mail.Send(context.Background(), a, []string{"gm@example.org"}, msg)
			if took := time.Since(start); err == nil || took > 3*time.Second {
				t.Errorf("a silent server: %v after %v, want an error within about %v", err, took, a.Timeout)
			}
		})
		t.Run(string(sec)+"/cancel", func(t *testing.T) {
			a := account(silentServer(t), "", sec)
			a.Timeout = time.Minute
			ctx, cancel := context.WithCancel(context.Background())
			time.AfterFunc(200*time.Millisecond, cancel)
			start := time.Now()
			err := mail.Send(ctx, a, []string{"gm@example.org"}, msg)
			if took := time.Since(start); !errors.Is(err, context.Canceled) || took > 1200*time.Millisecond {
				t.Errorf("cancelled after 0.2 s: %v after %v, want context.Canceled within a second", err, took)
			}
		})
	}
}

// A large message tells its bytes as they come, not only once whole; an
// error names the message by the player's count, not the server's UID.
func TestFetchReceivedBytes(t *testing.T) {
	cfg, ca := mailtest.CA(t)
	srv := startIMAP(t, cfg, "tls")
	for i := 0; i < 5; i++ {
		srv.deliver(t, sheetMail("gm@example.org", fmt.Sprintf("old%d@x", i), "x"))
	}
	big := strings.Repeat("DARKNESS OF SILVERFALL line of a long sheet\r\n", 8000) // 360 KB
	srv.deliver(t, sheetMail("gm@example.org", "big@x", big))
	seen := seen(t)
	for i := 0; i < 5; i++ {
		seen.Add(mail.Key{MessageID: fmt.Sprintf("old%d@x", i)})
	}
	var calls int
	var last, size int64
	_, err := mail.Fetch(context.Background(), account(srv.addr, ca, mail.TLS), mail.FetchOptions{Seen: seen.Has,
		Received: func(m, total int, got, sz int64) {
			if m != 0 || total != 1 || got < last {
				t.Errorf("received: message %d of %d, %d bytes after %d", m, total, got, last)
			}
			calls, last, size = calls+1, got, sz
		}}, func(m mail.Message) error { return nil })
	if err != nil {
		t.Fatal(err)
	}
	if calls < 4 || last != size || size < int64(len(big)) {
		t.Errorf("%d calls, last %d of %d bytes", calls, last, size)
	}
	// Cut off in the middle: "message 1 of 1", though its UID is 6.
	srv.drop.n.Store(int64(len(big) / 2))
	_, err = mail.Fetch(context.Background(), account(srv.addr, ca, mail.TLS), mail.FetchOptions{Seen: seen.Has},
		func(m mail.Message) error { return nil })
	if err == nil || !strings.Contains(err.Error(), "message 1 of 1") {
		t.Errorf("a dropped fetch says %v", err)
	}
}
