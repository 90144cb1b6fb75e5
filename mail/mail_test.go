package mail

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"math/big"
	"mime"
	"net"
	"net/mail"
	"os"
	"path/filepath"
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

// testCA makes a certificate authority and a certificate for 127.0.0.1
// signed by it; the CA goes to a PEM file an account can name.
func testCA(t *testing.T) (*tls.Config, string) {
	t.Helper()
	caKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	ca := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "Silverfall Test CA"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign}
	caDER, _ := x509.CreateCertificate(rand.Reader, ca, ca, &caKey.PublicKey, caKey)
	caCert, _ := x509.ParseCertificate(caDER)
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	leaf := &x509.Certificate{SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "127.0.0.1"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}, DNSNames: []string{"localhost"},
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	leafDER, _ := x509.CreateCertificate(rand.Reader, leaf, caCert, &key.PublicKey, caKey)
	caFile := filepath.Join(t.TempDir(), "ca.pem")
	os.WriteFile(caFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: caDER}), 0o644)
	return &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{leafDER}, PrivateKey: key}}}, caFile
}

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

// startIMAP runs go-imap's in-memory server: implicit TLS, STARTTLS, or
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

func account(addr, caFile string, security Security) Account {
	host, port, _ := net.SplitHostPort(addr)
	p, _ := strconv.Atoi(port)
	return Account{IMAP: Server{host, p, security}, SMTP: Server{host, p, security}, User: "ann", Password: "secret",
		Address: "ann@example.org", CAFile: caFile, Timeout: 5 * time.Second}
}

func sheetMail(from, id, body string) string {
	return "From: Moderator <" + from + ">\r\nTo: ann@example.org\r\nSubject: Turn 3\r\nMessage-Id: <" + id + ">\r\n\r\n" + body + "\r\n"
}

// seenSet is what a caller keeps between fetches.
type seenSet struct {
	uids map[[2]uint32]bool
	ids  map[string]bool
}

func newSeen() *seenSet { return &seenSet{map[[2]uint32]bool{}, map[string]bool{}} }

func (s *seenSet) has(k Key) bool {
	return s.uids[[2]uint32{k.UIDValidity, k.UID}] || (k.MessageID != "" && s.ids[k.MessageID])
}

func (s *seenSet) add(k Key) {
	s.uids[[2]uint32{k.UIDValidity, k.UID}] = true
	if k.MessageID != "" {
		s.ids[k.MessageID] = true
	}
}

func TestFetch(t *testing.T) {
	cfg, ca := testCA(t)
	for _, sec := range []Security{TLS, StartTLS} {
		t.Run(string(sec), func(t *testing.T) {
			srv := startIMAP(t, cfg, string(sec))
			srv.deliver(t, sheetMail("gm@example.org", "1@x", "DARKNESS OF SILVERFALL turn 3"))
			srv.deliver(t, sheetMail("spam@example.org", "2@x", "buy now"))
			srv.deliver(t, sheetMail("GM@Example.org", "3@x", "DARKNESS OF SILVERFALL turn 4"))
			// The same sheet delivered twice: a new UID, the same Message-Id.
			srv.deliver(t, sheetMail("gm@example.org", "3@x", "DARKNESS OF SILVERFALL turn 4"))
			seen := newSeen()
			var got []string
			progress := 0
			skipped, err := Fetch(context.Background(), account(srv.addr, ca, sec),
				FetchOptions{From: []string{"gm@example.org"}, Seen: seen.has, Progress: func(done, total int) { progress = done }},
				func(m Message) error {
					if seen.has(m.Key) {
						return nil
					}
					got = append(got, m.Key.MessageID)
					seen.add(m.Key)
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
			Fetch(context.Background(), account(srv.addr, ca, sec), FetchOptions{From: []string{"gm@example.org"}, Seen: seen.has},
				func(m Message) error { got = append(got, m.Key.MessageID); return nil })
			if len(got) != 0 {
				t.Errorf("a second fetch took %v again", got)
			}
		})
	}
}

func TestFetchRefusals(t *testing.T) {
	cfg, ca := testCA(t)
	take := func(Message) error { return nil }
	t.Run("wrong password", func(t *testing.T) {
		srv := startIMAP(t, cfg, "tls")
		a := account(srv.addr, ca, TLS)
		a.Password = "wrong"
		if _, err := Fetch(context.Background(), a, FetchOptions{}, take); !errors.Is(err, ErrAuth) {
			t.Errorf("got %v, want ErrAuth", err)
		}
	})
	t.Run("no STARTTLS offered", func(t *testing.T) {
		srv := startIMAP(t, cfg, "plain")
		if _, err := Fetch(context.Background(), account(srv.addr, ca, StartTLS), FetchOptions{}, take); !errors.Is(err, ErrNoTLS) {
			t.Errorf("got %v, want ErrNoTLS", err)
		}
	})
	t.Run("plain port for implicit TLS", func(t *testing.T) {
		srv := startIMAP(t, cfg, "plain")
		if _, err := Fetch(context.Background(), account(srv.addr, ca, TLS), FetchOptions{}, take); err == nil {
			t.Errorf("a TLS fetch from a plain port succeeded")
		}
	})
	t.Run("untrusted certificate", func(t *testing.T) {
		srv := startIMAP(t, cfg, "tls")
		_, err := Fetch(context.Background(), account(srv.addr, "", TLS), FetchOptions{}, take)
		if err == nil || !strings.Contains(err.Error(), "not trusted") {
			t.Errorf("got %v, want a certificate that is not trusted", err)
		}
	})
	t.Run("no security", func(t *testing.T) {
		srv := startIMAP(t, cfg, "plain")
		if _, err := Fetch(context.Background(), account(srv.addr, ca, "none"), FetchOptions{}, take); err == nil {
			t.Errorf("a fetch without TLS was tried")
		}
	})
}

// A connection lost in the middle of a fetch leaves what came whole, and
// the next fetch takes the rest, nothing twice.
func TestFetchDropped(t *testing.T) {
	cfg, ca := testCA(t)
	srv := startIMAP(t, cfg, "tls")
	big := strings.Repeat("DARKNESS OF SILVERFALL line of a long sheet\r\n", 400)
	for i := 1; i <= 5; i++ {
		srv.deliver(t, sheetMail("gm@example.org", fmt.Sprintf("%d@x", i), big))
	}
	seen := newSeen()
	var got []string
	take := func(m Message) error {
		if !strings.Contains(string(m.Raw), big) {
			t.Errorf("message %s came cut short", m.Key.MessageID)
		}
		got = append(got, m.Key.MessageID)
		seen.add(m.Key)
		return nil
	}
	a := account(srv.addr, ca, TLS)
	srv.drop.n.Store(int64(2.5 * float64(len(big))))
	_, err := Fetch(context.Background(), a, FetchOptions{Seen: seen.has}, take)
	if err == nil || len(got) == 0 || len(got) == 5 {
		t.Fatalf("the dropped fetch: %v, got %v", err, got)
	}
	first := len(got)
	srv.drop.n.Store(0)
	if _, err := Fetch(context.Background(), a, FetchOptions{Seen: seen.has}, take); err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(got) != "[1@x 2@x 3@x 4@x 5@x]" {
		t.Errorf("after the drop (%d whole) and a second fetch: %v", first, got)
	}
}

func TestFetchTooLarge(t *testing.T) {
	cfg, ca := testCA(t)
	srv := startIMAP(t, cfg, "tls")
	srv.deliver(t, sheetMail("gm@example.org", "big@x", strings.Repeat("x", 200_000)))
	srv.deliver(t, sheetMail("gm@example.org", "small@x", "DARKNESS OF SILVERFALL"))
	var got []string
	skipped, err := Fetch(context.Background(), account(srv.addr, ca, TLS), FetchOptions{MaxSize: 100_000},
		func(m Message) error { got = append(got, m.Key.MessageID); return nil })
	if err != nil || fmt.Sprint(got) != "[small@x]" || len(skipped) != 1 || skipped[0].Key.MessageID != "big@x" {
		t.Errorf("err %v, got %v, skipped %+v", err, got, skipped)
	}
}

func TestFetchCancelled(t *testing.T) {
	cfg, ca := testCA(t)
	srv := startIMAP(t, cfg, "tls")
	for i := 0; i < 3; i++ {
		srv.deliver(t, sheetMail("gm@example.org", fmt.Sprintf("%d@x", i), "x"))
	}
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	_, err := Fetch(ctx, account(srv.addr, ca, TLS), FetchOptions{}, func(Message) error {
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
	cfg, ca := testCA(t)
	msg, id, err := Compose(Outgoing{From: "Ann <ann@example.org>", To: "gm@example.org", Subject: "Orders: Silverfall 7, player 3, turn 4",
		Body: "MO 1 2 3 4\nEND\n", AttachmentName: "orders.txt", Attachment: []byte("MO 1 2 3 4\nEND\n")})
	if err != nil {
		t.Fatal(err)
	}
	for _, sec := range []Security{TLS, StartTLS} {
		t.Run(string(sec), func(t *testing.T) {
			srv := startSMTP(t, cfg, string(sec))
			if err := Send(context.Background(), account(srv.addr, ca, sec), []string{"gm@example.org"}, msg); err != nil {
				t.Fatal(err)
			}
			if len(srv.received) != 1 || !bytes.Contains(srv.received[0], []byte(id)) {
				t.Errorf("received %d messages", len(srv.received))
			}
		})
	}
	t.Run("wrong password", func(t *testing.T) {
		srv := startSMTP(t, cfg, "tls")
		a := account(srv.addr, ca, TLS)
		a.Password = "wrong"
		if err := Send(context.Background(), a, []string{"gm@example.org"}, msg); !errors.Is(err, ErrAuth) {
			t.Errorf("got %v, want ErrAuth", err)
		}
	})
	t.Run("no STARTTLS: no password sent", func(t *testing.T) {
		srv := startSMTP(t, cfg, "plain")
		err := Send(context.Background(), account(srv.addr, ca, StartTLS), []string{"gm@example.org"}, msg)
		if !errors.Is(err, ErrNoTLS) || srv.authed.Load() || len(srv.received) != 0 {
			t.Errorf("got %v (password sent: %v)", err, srv.authed.Load())
		}
	})
}

// What Compose writes reads back: the body, the attachment under a safe
// name, the subject in UTF-8.
func TestCompose(t *testing.T) {
	raw, id, err := Compose(Outgoing{From: "ann@example.org", To: "gm@example.org", Subject: "Ordres — tour 4",
		Body: "Bonjour ünd tschüss\nMO 1 2 3 4", AttachmentName: "../../etc/passwd\x00.txt", Attachment: []byte("PI 5\n")})
	if err != nil {
		t.Fatal(err)
	}
	m, err := mail.ReadMessage(bytes.NewReader(raw))
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
		if got := SafeFileName(c.in); got != c.want {
			t.Errorf("SafeFileName(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
