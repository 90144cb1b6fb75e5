package mail

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/tls"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net"
	"net/mail"
	"net/textproto"
	"path"
	"strings"
	"time"
	"unicode"

	"github.com/emersion/go-sasl"
	"github.com/emersion/go-smtp"
)

// Outgoing is a message to compose: a text body and, when given, one
// text file attached.
type Outgoing struct {
	From, To       string
	Subject        string
	Body           string
	AttachmentName string
	Attachment     []byte
	Date           time.Time // now when zero
}

// Compose writes the message as MIME: quoted-printable UTF-8 text, the
// attachment base64 under a safe file name. It returns the message and
// its Message-Id.
func Compose(o Outgoing) ([]byte, string, error) {
	from, err := mail.ParseAddress(o.From)
	if err != nil {
		return nil, "", fmt.Errorf("the sender %q: %v", o.From, err)
	}
	to, err := mail.ParseAddress(o.To)
	if err != nil {
		return nil, "", fmt.Errorf("the recipient %q: %v", o.To, err)
	}
	date := o.Date
	if date.IsZero() {
		date = time.Now()
	}
	id := newMessageID(from.Address)
	var b bytes.Buffer
	h := func(k, v string) { fmt.Fprintf(&b, "%s: %s\r\n", k, v) }
	h("From", from.String())
	h("To", to.String())
	h("Subject", mime.QEncoding.Encode("utf-8", oneLine(o.Subject)))
	h("Date", date.Format(time.RFC1123Z))
	h("Message-Id", "<"+id+">")
	h("MIME-Version", "1.0")
	h("X-Mailer", "Silverfall")
	textPart := func(w *bytes.Buffer, header textproto.MIMEHeader) error {
		qp := quotedprintable.NewWriter(w)
		if _, err := qp.Write([]byte(strings.ReplaceAll(o.Body, "\n", "\r\n"))); err != nil {
			return err
		}
		return qp.Close()
	}
	if len(o.Attachment) == 0 && o.AttachmentName == "" {
		h("Content-Type", `text/plain; charset="utf-8"`)
		h("Content-Transfer-Encoding", "quoted-printable")
		b.WriteString("\r\n")
		if err := textPart(&b, nil); err != nil {
			return nil, "", err
		}
		return b.Bytes(), id, nil
	}
	mw := multipart.NewWriter(&b)
	h("Content-Type", `multipart/mixed; boundary="`+mw.Boundary()+`"`)
	b.WriteString("\r\n")
	body, err := mw.CreatePart(textproto.MIMEHeader{
		"Content-Type":              {`text/plain; charset="utf-8"`},
		"Content-Transfer-Encoding": {"quoted-printable"},
	})
	if err != nil {
		return nil, "", err
	}
	var text bytes.Buffer
	if err := textPart(&text, nil); err != nil {
		return nil, "", err
	}
	body.Write(text.Bytes())
	name := SafeFileName(o.AttachmentName)
	att, err := mw.CreatePart(textproto.MIMEHeader{
		"Content-Type":              {mime.FormatMediaType("text/plain", map[string]string{"charset": "utf-8", "name": name})},
		"Content-Disposition":       {mime.FormatMediaType("attachment", map[string]string{"filename": name})},
		"Content-Transfer-Encoding": {"base64"},
	})
	if err != nil {
		return nil, "", err
	}
	enc := base64.StdEncoding.EncodeToString(o.Attachment)
	for len(enc) > 76 {
		att.Write([]byte(enc[:76] + "\r\n"))
		enc = enc[76:]
	}
	att.Write([]byte(enc + "\r\n"))
	if err := mw.Close(); err != nil {
		return nil, "", err
	}
	return b.Bytes(), id, nil
}

// SafeFileName makes a name from a message fit to be a file's name: no
// folders, no control characters, nothing hidden, not too long.
func SafeFileName(name string) string {
	name = path.Base(strings.ReplaceAll(name, `\`, "/"))
	var b strings.Builder
	for _, r := range name {
		switch {
		case r < ' ' || r == 0x7f || unicode.Is(unicode.Bidi_Control, r):
		case strings.ContainsRune(`<>:"/\|?*`, r):
			b.WriteRune('_')
		default:
			b.WriteRune(r)
		}
	}
	s := strings.Trim(b.String(), ". ")
	if len(s) > 100 {
		s = s[:100]
	}
	if s == "" {
		s = "attachment.txt"
	}
	return s
}

func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

func newMessageID(from string) string {
	var r [12]byte
	rand.Read(r[:])
	domain := "silverfall.invalid"
	if i := strings.LastIndexByte(from, '@'); i >= 0 && i+1 < len(from) {
		domain = from[i+1:]
	}
	return fmt.Sprintf("%d.%s@%s", time.Now().UnixNano(), hex.EncodeToString(r[:]), domain)
}

// Send submits a composed message through the account's SMTP server: TLS
// first (implicit, or STARTTLS that the server must offer), then the
// login, then the message.
func Send(ctx context.Context, a Account, to []string, msg []byte) error {
	if err := a.SMTP.Check("SMTP server"); err != nil {
		return err
	}
	cfg, err := a.tlsConfig(a.SMTP.Host)
	if err != nil {
		return err
	}
	d := &net.Dialer{Timeout: a.timeout()}
	var raw net.Conn
	if a.SMTP.Security == TLS {
		raw, err = (&tls.Dialer{NetDialer: d, Config: cfg}).DialContext(ctx, "tcp", a.SMTP.Address())
	} else {
		raw, err = d.DialContext(ctx, "tcp", a.SMTP.Address())
	}
	if err != nil {
		return fail(ctx, describeDialError("SMTP", a.SMTP, err))
	}
	// The SMTP library sets deadlines of its own (five minutes for the
	// greeting, twelve for the message); the connection keeps ours: the
	// server must answer within the account's timeout, every time.
	conn := &idleConn{Conn: raw, idle: a.timeout()}
	stop := context.AfterFunc(ctx, func() { raw.Close() })
	defer stop()
	var c *smtp.Client
	if a.SMTP.Security == TLS {
		c = smtp.NewClient(conn)
	} else if c, err = smtp.NewClientStartTLS(conn, cfg); err != nil {
		if ctx.Err() != nil {
			return ctx.Err()
		}
		return describeDialError("SMTP", a.SMTP, err)
	}
	defer c.Close()
	c.CommandTimeout, c.SubmissionTimeout = a.timeout(), a.timeout()
	// Implicit TLS wraps the connection below idleConn; STARTTLS above it.
	_, implicit := raw.(*tls.Conn)
	if _, started := c.TLSConnectionState(); !implicit && !started {
		return fmt.Errorf("SMTP server %s: %w", a.SMTP.Address(), ErrNoTLS)
	}
	if err := c.Auth(sasl.NewPlainClient("", a.User, a.Password)); err != nil {
		var se *smtp.SMTPError
		if errors.As(err, &se) && se.Code == 535 {
			return fmt.Errorf("%w (%s)", ErrAuth, se.Message)
		}
		return fail(ctx, fmt.Errorf("SMTP login: %w", err))
	}
	from := a.Address
	if from == "" {
		from = a.User
	}
	if err := c.SendMail(from, to, bytes.NewReader(msg)); err != nil {
		return fail(ctx, fmt.Errorf("sending: %w", err))
	}
	c.Quit()
	return nil
}

func fail(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return err
}

// idleConn bounds the wait for each read and write by idle, whatever
// deadlines its user sets: a server that stops answering is given up
// after idle, and one that answers slowly but steadily is not.
type idleConn struct {
	net.Conn
	idle time.Duration
}

func (c *idleConn) Read(p []byte) (int, error) {
	c.Conn.SetReadDeadline(time.Now().Add(c.idle))
	return c.Conn.Read(p)
}

func (c *idleConn) Write(p []byte) (int, error) {
	c.Conn.SetWriteDeadline(time.Now().Add(c.idle))
	return c.Conn.Write(p)
}

// The user's deadlines are replaced by the idle bound above.
func (c *idleConn) SetDeadline(time.Time) error      { return nil }
func (c *idleConn) SetReadDeadline(time.Time) error  { return nil }
func (c *idleConn) SetWriteDeadline(time.Time) error { return nil }
