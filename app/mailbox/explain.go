package mailbox

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"regexp"
	"strings"
	"syscall"

	"silverfall/mail"
)

// Explain says what went wrong talking to a mail server, in words a
// player can act on, the same way for fetching and sending; the
// program's own words are kept only where there are no better ones.
func Explain(err error) string {
	if err == nil {
		return ""
	}
	msg := err.Error()
	where := ""
	if n := messageNumber.FindString(msg); n != "" {
		where = " while fetching " + n
	}
	var dns *net.DNSError
	var nerr net.Error
	switch {
	case errors.Is(err, context.Canceled):
		return "Cancelled."
	case errors.Is(err, ErrDemo), errors.Is(err, ErrPractice), errors.Is(err, ErrNoModerator), errors.Is(err, ErrNotKept):
		return capital(msg) + "."
	case errors.Is(err, mail.ErrAuth):
		return "The server refused the user name or password. Check the user name in File > Mail settings; the password is asked for again next time."
	case errors.Is(err, mail.ErrNoTLS):
		return "The server offers no encrypted connection on this port, and Silverfall never sends a password without one. " +
			"Check the port and the security in File > Mail settings: TLS is usually port 993 for IMAP and 465 for SMTP, STARTTLS 143 and 587."
	case strings.Contains(msg, "extra certificate authority"), strings.Contains(msg, "extra CA file"):
		return capital(msg) + ". Choose the file again in File > Mail settings."
	case strings.Contains(msg, "certificate"), strings.Contains(msg, "x509"):
		return "The server's certificate is not trusted, so nothing was sent to it. If the server has a certificate of its own, " +
			"choose its certificate authority (a PEM file) as the extra CA file in File > Mail settings."
	case errors.As(err, &dns):
		return "The server name " + quote(dns.Name) + " is not known. Check it in File > Mail settings, and that the computer is online."
	case errors.Is(err, syscall.ECONNREFUSED):
		return "Nothing answers at that server and port. Check both in File > Mail settings."
	case errors.Is(err, context.DeadlineExceeded), errors.Is(err, os.ErrDeadlineExceeded),
		errors.As(err, &nerr) && nerr.Timeout(), strings.Contains(msg, "timeout"):
		return fmt.Sprintf("The server did not answer for %d seconds", int(Timeout.Seconds())) + where + ". Check the server and port in File > Mail settings; " +
			"if they are right, the server or the network may be down: try again later."
	case errors.Is(err, net.ErrClosed), errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF),
		errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EPIPE),
		strings.Contains(msg, "closed network connection"), strings.Contains(msg, "connection reset"), strings.Contains(msg, "EOF"):
		return "The connection to the server was lost" + where + ". Try again; nothing is lost."
	case errors.Is(err, syscall.ENETUNREACH), errors.Is(err, syscall.EHOSTUNREACH):
		return "The server cannot be reached: the computer may be offline."
	}
	return "The server said: " + msg
}

// messageNumber finds the player's count of a message in an error.
var messageNumber = regexp.MustCompile(`message \d+ of \d+`)

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

func quote(s string) string { return "“" + s + "”" }
