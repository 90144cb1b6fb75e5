package reportparse

import (
	"bufio"
	"bytes"
	"encoding/base64"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/mail"
	"net/textproto"
	"strings"
	"unicode/utf8"
	"unsafe"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/htmlindex"

	"silverfall/engine/turnsheet"
)

// text is the sheet's text after decoding, with where its lines come from.
type text struct {
	where  string // the file, or the file and the part of the message
	body   string
	offset int // line number in the file of body's first line, minus one
}

// bannerWord finds the sheet in a message part.
const bannerWord = "DARKNESS OF SILVERFALL"

// maxParts bounds the parts looked at in one message, against crafted mail.
const maxParts = 200

// decode turns the input into text: as it is, or the part of an e-mail
// that holds the sheet.
func decode(name string, data []byte, owned bool) (text, error) {
	data = bytes.TrimPrefix(data, []byte("\ufeff")) // Windows editors put a byte-order mark first
	if !looksLikeMail(data) {
		if owned && utf8.Valid(data) && len(data) > 0 {
			// The text is the bytes themselves, not a copy: a sheet may be
			// tens of megabytes, and whoever keeps the bytes keeps them
			// unchanged (see ReadFileData).
			return text{where: name, body: lineEnds(unsafe.String(&data[0], len(data)))}, nil
		}
		return text{where: name, body: lineEnds(toUTF8(data, ""))}, nil
	}
	msg, err := mail.ReadMessage(bytes.NewReader(skipMboxLine(data)))
	if err != nil {
		// Not a well-formed message after all: read the file as text.
		return text{where: name, body: lineEnds(toUTF8(data, ""))}, nil
	}
	d := &mailDecoder{name: name, holds: func(s string) bool { return strings.Contains(s, bannerWord) }}
	t, ok, err := d.entity(textproto.MIMEHeader(msg.Header), msg.Body, "", 0)
	if err != nil {
		return text{}, err
	}
	if !ok {
		return text{}, fmt.Errorf("%s: %w: no part of this e-mail holds the line %q", name, ErrNoSheet, turnsheet.Banner)
	}
	if t.where == name && t.offset == 0 {
		t.offset = headerLines(data)
	}
	return t, nil
}

// looksLikeMail reports whether data starts with a mail header block.
func looksLikeMail(data []byte) bool {
	data = skipMboxLine(data)
	known := 0
	for i := 0; i < 40; i++ {
		end := bytes.IndexByte(data, '\n')
		if end < 0 {
			return false
		}
		line := bytes.TrimRight(data[:end], "\r")
		data = data[end+1:]
		if len(line) == 0 {
			return known > 0
		}
		if line[0] == ' ' || line[0] == '\t' {
			continue // a folded header line
		}
		colon := bytes.IndexByte(line, ':')
		if colon <= 0 || bytes.ContainsAny(line[:colon], " \t") {
			return false
		}
		switch strings.ToLower(string(line[:colon])) {
		case "from", "to", "subject", "date", "mime-version", "received", "return-path",
			"delivered-to", "message-id", "content-type", "reply-to", "cc":
			known++
		}
	}
	return false
}

// skipMboxLine drops the "From sender date" line that mbox files put first.
func skipMboxLine(data []byte) []byte {
	if bytes.HasPrefix(data, []byte("From ")) {
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			return data[i+1:]
		}
	}
	return data
}

// headerLines counts the lines up to and including the blank line that
// ends the mail header.
func headerLines(data []byte) int {
	n := 0
	for len(data) > 0 {
		end := bytes.IndexByte(data, '\n')
		if end < 0 {
			return 0
		}
		n++
		if len(bytes.TrimRight(data[:end], "\r")) == 0 {
			return n
		}
		data = data[end+1:]
	}
	return 0
}

type mailDecoder struct {
	name  string
	parts int
	holds func(text string) bool // whether a part's text is the one looked for
}

// entity looks for the sheet in one MIME entity. part names it for messages.
func (d *mailDecoder) entity(h textproto.MIMEHeader, body io.Reader, part string, depth int) (text, bool, error) {
	d.parts++
	if d.parts > maxParts || depth > 10 {
		return text{}, false, fmt.Errorf("%s: the e-mail has too many or too deeply nested parts", d.name)
	}
	ctype := h.Get("Content-Type")
	if ctype == "" {
		ctype = "text/plain; charset=us-ascii"
	}
	media, params, err := mime.ParseMediaType(ctype)
	if err != nil {
		media, params = "text/plain", map[string]string{}
	}
	where := d.name
	if part != "" {
		where = fmt.Sprintf("%s (part %s)", d.name, part)
	}
	switch {
	case strings.HasPrefix(media, "multipart/"):
		mr := multipart.NewReader(body, params["boundary"])
		for i := 1; ; i++ {
			p, err := mr.NextPart()
			if err == io.EOF {
				return text{}, false, nil
			}
			if err != nil {
				return text{}, false, fmt.Errorf("%s: broken MIME multipart: %v", where, err)
			}
			sub := fmt.Sprint(i)
			if part != "" {
				sub = part + "." + sub
			}
			t, ok, err := d.entity(p.Header, p, sub, depth+1)
			if ok || err != nil {
				return t, ok, err
			}
		}
	case media == "message/rfc822":
		msg, err := mail.ReadMessage(transferDecoder(h, body))
		if err != nil {
			return text{}, false, nil
		}
		return d.entity(textproto.MIMEHeader(msg.Header), msg.Body, part, depth+1)
	case strings.HasPrefix(media, "text/") || media == "application/octet-stream":
		raw, err := io.ReadAll(io.LimitReader(transferDecoder(h, body), MaxInput+1))
		if err != nil {
			return text{}, false, fmt.Errorf("%s: cannot decode the %s content: %v", where, h.Get("Content-Transfer-Encoding"), err)
		}
		s := lineEnds(strings.TrimPrefix(toUTF8(raw, params["charset"]), "\ufeff"))
		if strings.EqualFold(params["format"], "flowed") {
			s = unflow(s, strings.EqualFold(params["delsp"], "yes"))
		}
		if !d.holds(s) {
			return text{}, false, nil
		}
		t := text{where: where, body: s}
		enc := strings.ToLower(h.Get("Content-Transfer-Encoding"))
		if part != "" || enc == "base64" || enc == "quoted-printable" {
			t.where = fmt.Sprintf("%s (%s)", d.name, describe(part, enc))
			t.offset = -1 // lines count within the decoded text
		}
		return t, true, nil
	}
	return text{}, false, nil
}

func describe(part, enc string) string {
	var s []string
	if part != "" {
		s = append(s, "part "+part)
	}
	if enc == "base64" || enc == "quoted-printable" {
		s = append(s, "decoded "+enc)
	}
	return strings.Join(s, ", ")
}

// transferDecoder undoes the Content-Transfer-Encoding. (multipart.Part
// already undoes quoted-printable itself and drops the header.)
func transferDecoder(h textproto.MIMEHeader, body io.Reader) io.Reader {
	switch strings.ToLower(strings.TrimSpace(h.Get("Content-Transfer-Encoding"))) {
	case "base64":
		return base64.NewDecoder(base64.StdEncoding, &lenientBase64{r: bufio.NewReader(body)})
	case "quoted-printable":
		return quotedprintable.NewReader(body)
	}
	return body
}

// lenientBase64 passes only base64 characters on, so that line breaks,
// blanks and stray characters mail programs add do not stop decoding.
type lenientBase64 struct{ r *bufio.Reader }

func (l *lenientBase64) Read(p []byte) (int, error) {
	n := 0
	for n < len(p) {
		c, err := l.r.ReadByte()
		if err != nil {
			if n > 0 {
				return n, nil
			}
			return 0, err
		}
		if c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '+' || c == '/' || c == '=' {
			p[n] = c
			n++
		}
	}
	return n, nil
}

// toUTF8 converts text in the named charset to UTF-8. Text that claims to
// be UTF-8 (or names no charset) but is not valid UTF-8 is read as
// Windows-1252, the usual case of a file saved on Windows.
func toUTF8(b []byte, charset string) string {
	cs := strings.ToLower(strings.Trim(charset, `" `))
	switch cs {
	case "", "utf-8", "utf8", "us-ascii", "ascii":
		if utf8.Valid(b) {
			return string(b)
		}
		cs = "windows-1252"
	}
	if cs == "iso-8859-1" || cs == "latin1" || cs == "iso_8859-1" {
		if s, err := charmap.ISO8859_1.NewDecoder().Bytes(b); err == nil {
			return string(s)
		}
	}
	if enc, err := htmlindex.Get(cs); err == nil {
		if s, err := enc.NewDecoder().Bytes(b); err == nil {
			return string(s)
		}
	}
	return strings.ToValidUTF8(string(b), "\uFFFD")
}

// unflow undoes format=flowed (RFC 3676): a line ending in a blank goes on
// in the next line of the same quote depth; a leading blank added to
// "stuff" a line is removed. Quote marks come back as "> " per level.
func unflow(s string, delsp bool) string {
	var out strings.Builder
	var cur strings.Builder
	curDepth, open := 0, false
	flush := func() {
		if open {
			out.WriteString(strings.Repeat("> ", curDepth))
			out.WriteString(cur.String())
			out.WriteByte('\n')
			cur.Reset()
			open = false
		}
	}
	for _, line := range strings.Split(strings.ReplaceAll(s, "\r\n", "\n"), "\n") {
		depth := 0
		for depth < len(line) && line[depth] == '>' {
			depth++
		}
		content := line[depth:]
		content = strings.TrimPrefix(content, " ") // space-stuffing
		if open && depth != curDepth {
			flush()
		}
		curDepth, open = depth, true
		soft := strings.HasSuffix(content, " ") && content != "-- "
		if soft && delsp {
			content = content[:len(content)-1]
		}
		cur.WriteString(content)
		if !soft {
			flush()
		}
	}
	flush()
	return strings.TrimSuffix(out.String(), "\n")
}

// lineEnds makes every line end a plain LF: old Mac files end lines with a
// lone CR, which would otherwise make the whole sheet one line. CRLF is
// left to the line reader, which drops the CR.
func lineEnds(s string) string {
	i := strings.IndexByte(s, '\r')
	for i >= 0 && i+1 < len(s) && s[i+1] == '\n' {
		j := strings.IndexByte(s[i+1:], '\r')
		if j < 0 {
			return s
		}
		i += 1 + j
	}
	if i < 0 {
		return s
	}
	return strings.ReplaceAll(strings.ReplaceAll(s, "\r\n", "\n"), "\r", "\n")
}

// MessageText finds, in data, the text that holds marker (matched without
// regard to case): data itself when it is not an e-mail, else the first
// text part of the message that holds it, decoded (transfer encoding,
// character set, flowed lines) to UTF-8 with \n line ends. where names
// the part for messages. The host reads orders sent as e-mails with it.
func MessageText(name string, data []byte, marker string) (body, where string, err error) {
	if len(data) > MaxInput {
		return "", "", TooLargeError{Name: name, Size: int64(len(data))}
	}
	data = bytes.TrimPrefix(data, []byte("\ufeff"))
	if !looksLikeMail(data) {
		return lineEnds(toUTF8(data, "")), name, nil
	}
	msg, err := mail.ReadMessage(bytes.NewReader(skipMboxLine(data)))
	if err != nil {
		return lineEnds(toUTF8(data, "")), name, nil
	}
	upper := strings.ToUpper(marker)
	d := &mailDecoder{name: name, holds: func(s string) bool { return strings.Contains(strings.ToUpper(s), upper) }}
	t, ok, err := d.entity(textproto.MIMEHeader(msg.Header), msg.Body, "", 0)
	if err != nil {
		return "", "", err
	}
	if !ok {
		return "", "", fmt.Errorf("%s: no part of this e-mail holds %q", name, marker)
	}
	return t.body, t.where, nil
}
