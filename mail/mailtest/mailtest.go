// Package mailtest runs a small mail system in the test's own process for
// the tests of the programs that mail: an IMAP server (go-imap's in-memory
// one) and an SMTP submission server (go-smtp) that delivers into it, both
// on loopback with implicit TLS from a certificate authority made for the
// test. The real servers (Dovecot, Postfix) are tried by the end-to-end
// test; this one is for the many fast cases.
package mailtest

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/tls"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"errors"
	"io"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/emersion/go-imap/v2"
	"github.com/emersion/go-imap/v2/imapserver"
	"github.com/emersion/go-imap/v2/imapserver/imapmemserver"
	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"

	"silverfall/mail"
)

// User is a mailbox: its login, password and address.
type User struct {
	Login, Password, Address string
}

// System is the running mail system.
type System struct {
	CAFile             string
	IMAPAddr, SMTPAddr string
	mu                 sync.Mutex
	boxes              map[string]*imapmemserver.User // by address, lower case
	users              map[string]User                // by login
}

// Start runs the servers for the users until the test ends.
func Start(t testing.TB, users ...User) *System {
	t.Helper()
	cfg, caFile := CA(t)
	s := &System{CAFile: caFile, boxes: map[string]*imapmemserver.User{}, users: map[string]User{}}
	mem := imapmemserver.New()
	for _, u := range users {
		box := imapmemserver.NewUser(u.Login, u.Password)
		box.Create("INBOX", nil)
		mem.AddUser(box)
		s.boxes[strings.ToLower(u.Address)] = box
		s.users[u.Login] = u
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	imapSrv := imapserver.New(&imapserver.Options{
		NewSession: func(*imapserver.Conn) (imapserver.Session, *imapserver.GreetingData, error) {
			return mem.NewSession(), nil, nil
		},
		Caps:   imap.CapSet{imap.CapIMAP4rev1: {}, imap.CapIMAP4rev2: {}},
		Logger: quiet{},
	})
	go imapSrv.Serve(tls.NewListener(ln, cfg))
	s.IMAPAddr = ln.Addr().String()
	sln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	smtpSrv := smtp.NewServer(smtp.BackendFunc(func(*smtp.Conn) (smtp.Session, error) { return &session{s: s}, nil }))
	smtpSrv.Domain = "localhost"
	go smtpSrv.Serve(tls.NewListener(sln, cfg))
	s.SMTPAddr = sln.Addr().String()
	t.Cleanup(func() {
		imapSrv.Close()
		smtpSrv.Close()
	})
	return s
}

type quiet struct{}

func (quiet) Printf(string, ...any) {}

// Account is the mail account of the user with this login.
func (s *System) Account(login string) mail.Account {
	u := s.users[login]
	ih, ip, _ := net.SplitHostPort(s.IMAPAddr)
	sh, sp, _ := net.SplitHostPort(s.SMTPAddr)
	iport, _ := strconv.Atoi(ip)
	sport, _ := strconv.Atoi(sp)
	return mail.Account{
		IMAP: mail.Server{Host: ih, Port: iport, Security: mail.TLS}, SMTP: mail.Server{Host: sh, Port: sport, Security: mail.TLS},
		User: u.Login, Password: u.Password, Address: u.Address, CAFile: s.CAFile, Timeout: 10 * time.Second,
	}
}

// Deliver puts a message in the mailbox of an address, as a mail server
// would.
func (s *System) Deliver(address string, raw []byte) error {
	s.mu.Lock()
	box := s.boxes[strings.ToLower(address)]
	s.mu.Unlock()
	if box == nil {
		return errors.New("mailtest: no mailbox for " + address)
	}
	_, err := box.Append("INBOX", literal{bytes.NewReader(raw)}, &imap.AppendOptions{})
	return err
}

// Count is how many messages the address's mailbox holds, and how many
// of them are unread.
func (s *System) Count(address string) (all, unread int) {
	box := s.boxes[strings.ToLower(address)]
	st, err := box.Status("INBOX", &imap.StatusOptions{NumMessages: true, NumUnseen: true})
	if err != nil {
		return 0, 0
	}
	return int(*st.NumMessages), int(*st.NumUnseen)
}

type literal struct{ *bytes.Reader }

func (l literal) Size() int64 { return int64(l.Len()) }

// session is an SMTP submission: a login, then delivery to the
// recipients' mailboxes.
type session struct {
	s    *System
	ok   bool
	rcpt []string
}

func (x *session) AuthMechanisms() []string { return []string{sasl.Plain} }
func (x *session) Auth(string) (sasl.Server, error) {
	return sasl.NewPlainServer(func(_, login, pass string) error {
		if u, ok := x.s.users[login]; !ok || u.Password != pass {
			return &smtp.SMTPError{Code: 535, EnhancedCode: smtp.EnhancedCode{5, 7, 8}, Message: "bad login"}
		}
		x.ok = true
		return nil
	}), nil
}
func (x *session) Mail(string, *smtp.MailOptions) error {
	if !x.ok {
		return &smtp.SMTPError{Code: 530, EnhancedCode: smtp.EnhancedCode{5, 7, 0}, Message: "log in first"}
	}
	return nil
}
func (x *session) Rcpt(to string, _ *smtp.RcptOptions) error {
	x.rcpt = append(x.rcpt, to)
	return nil
}
func (x *session) Data(r io.Reader) error {
	raw, err := io.ReadAll(r)
	if err != nil {
		return err
	}
	for _, to := range x.rcpt {
		if err := x.s.Deliver(to, raw); err != nil {
			return &smtp.SMTPError{Code: 550, EnhancedCode: smtp.EnhancedCode{5, 1, 1}, Message: err.Error()}
		}
	}
	return nil
}
func (x *session) Reset()        { x.rcpt = nil }
func (x *session) Logout() error { return nil }

// CA makes a certificate authority, and a certificate for 127.0.0.1 and
// localhost signed by it; the authority is written to a PEM file that an
// account can name as its extra CA.
func CA(t testing.TB) (*tls.Config, string) {
	t.Helper()
	caKey, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	ca := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "Silverfall Test CA"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign}
	caDER, err := x509.CreateCertificate(rand.Reader, ca, ca, &caKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	caCert, _ := x509.ParseCertificate(caDER)
	key, _ := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	leaf := &x509.Certificate{SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "127.0.0.1"},
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(24 * time.Hour),
		IPAddresses: []net.IP{net.IPv4(127, 0, 0, 1)}, DNSNames: []string{"localhost"},
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth}}
	leafDER, err := x509.CreateCertificate(rand.Reader, leaf, caCert, &key.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	caFile := filepath.Join(t.(interface{ TempDir() string }).TempDir(), "ca.pem")
	if err := os.WriteFile(caFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: caDER}), 0o644); err != nil {
		t.Fatal(err)
	}
	return &tls.Config{Certificates: []tls.Certificate{{Certificate: [][]byte{leafDER}, PrivateKey: key}}}, caFile
}
