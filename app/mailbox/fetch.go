package mailbox

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strings"

	"silverfall/app/workspace"
	"silverfall/engine/model"
	"silverfall/mail"
	"silverfall/reportparse"
)

// Imported is a turn sheet fetched and kept in its game's workspace.
type Imported struct {
	Game   string
	Player int
	Turn   int
	Path   string
	New    bool // not fetched before (the same sheet again adds nothing)
	// Ally is set for another player's sheet of the game shown: it is kept
	// among that game's allies' sheets, never shown as the game.
	Ally bool
}

// FetchResult says what a fetch of turn sheets brought.
type FetchResult struct {
	Imported  []Imported
	NotSheets int // messages from the moderator that hold no sheet: left alone
	Problems  []string
	Skipped   []mail.Skipped
}

// Progress is how far a fetch got: Done of Total messages, and of the
// one downloading, Bytes of Size.
type Progress struct {
	Done, Total int
	Bytes, Size int64
}

// Fraction is the progress from 0 to 1, counting the bytes of the message
// downloading.
func (p Progress) Fraction() float64 {
	if p.Total == 0 {
		return 0
	}
	f := float64(p.Done)
	if p.Size > 0 && p.Bytes < p.Size {
		f += float64(p.Bytes) / float64(p.Size)
	}
	return f / float64(p.Total)
}

// String is the progress in words: "message 2 of 5 (120 of 400 KB)".
func (p Progress) String() string {
	if p.Total == 0 {
		return "Looking for new turn sheets…"
	}
	if p.Done >= p.Total {
		return fmt.Sprintf("%d of %d messages", p.Done, p.Total)
	}
	s := fmt.Sprintf("Message %d of %d", p.Done+1, p.Total)
	if p.Size >= 64<<10 {
		s += fmt.Sprintf(" (%d of %d KB)", p.Bytes>>10, p.Size>>10)
	}
	return s
}

// Fetch fetches the moderator's new messages with account a and keeps
// every turn sheet among them in its game's workspace, as FetchFor does
// with no game shown.
func (m *Mailbox) Fetch(ctx context.Context, a mail.Account, progress func(Progress)) (FetchResult, error) {
	return m.FetchFor(ctx, a, Shown{Demo: true}, progress)
}

// FetchFor fetches the moderator's new messages with account a and keeps
// every turn sheet among them in its game's workspace; another player's
// sheet of the game shown goes to the allies' sheets of the game shown
// (as app/allies keeps a sheet imported). Messages are
// remembered (in the workspaces' folder) and never fetched twice, and
// stay unread on the server; progress, when set, is told how far it got.
// Cancelling ctx stops it; what came before is kept.
func (m *Mailbox) FetchFor(ctx context.Context, a mail.Account, shown Shown, progress func(Progress)) (FetchResult, error) {
	var res FetchResult
	if m.root == "" {
		return res, errors.New("there is no workspace folder to keep the sheets in")
	}
	seen, err := mail.LoadSeen(filepath.Join(m.root, "mail-seen.txt"))
	if err != nil {
		return res, err
	}
	opt := mail.FetchOptions{From: []string{strings.TrimSpace(m.Settings().Moderator)}, Seen: seen.Has}
	if progress != nil {
		opt.Progress = func(done, total int) { progress(Progress{Done: done, Total: total}) }
		opt.Received = func(i, total int, got, size int64) {
			progress(Progress{Done: i, Total: total, Bytes: got, Size: size})
		}
	}
	res.Skipped, err = mail.Fetch(ctx, a, opt, func(msg mail.Message) error {
		return m.keep(msg, shown, seen, &res)
	})
	return res, err
}

// keep keeps a message's sheet in its workspace and remembers the message.
func (m *Mailbox) keep(msg mail.Message, shown Shown, seen *mail.SeenList, res *FetchResult) error {
	name := fmt.Sprintf("mail from %s (%q)", msg.From, msg.Subject)
	rep, err := reportparse.Parse(m.rules, name, msg.Raw)
	switch {
	case errors.Is(err, reportparse.ErrNoSheet):
		res.NotSheets++
		return seen.Add(msg.Key)
	case err != nil:
		res.Problems = append(res.Problems, firstLine(err.Error()))
		return seen.Add(msg.Key)
	}
	k := rep.Knowledge
	if !shown.Demo && k.Game == shown.Game && k.Empire.Player != shown.Player {
		return m.keepAlly(msg, k, shown, seen, res)
	}
	ws, err := workspace.Open(m.root, k.Game, k.Empire.Player)
	if err != nil {
		return err
	}
	path, isNew, err := ws.AddReport(k.Turn, msg.Raw)
	if err != nil {
		return err
	}
	res.Imported = append(res.Imported, Imported{Game: k.Game, Player: k.Empire.Player, Turn: k.Turn, Path: path, New: isNew})
	return seen.Add(msg.Key)
}

// keepAlly keeps another player's sheet of the game shown among its
// allies' sheets. The same sheet fetched again adds nothing; a different
// sheet of an ally and turn kept is a problem of the fetch, and the sheet
// kept stays.
func (m *Mailbox) keepAlly(msg mail.Message, k *model.Knowledge, shown Shown, seen *mail.SeenList, res *FetchResult) error {
	ws, err := workspace.Open(m.root, shown.Game, shown.Player)
	if err != nil {
		return err
	}
	a, isNew, err := ws.AddAllySheet(k.Empire.Player, k.Turn, k.Empire.Name, msg.Raw)
	switch {
	case errors.Is(err, workspace.ErrAllyKept):
		res.Problems = append(res.Problems, fmt.Sprintf("A sheet of player %d for turn %d came by mail and was left alone: %v.", k.Empire.Player, k.Turn, err))
		return seen.Add(msg.Key)
	case err != nil:
		return err
	}
	res.Imported = append(res.Imported, Imported{Game: k.Game, Player: k.Empire.Player, Turn: k.Turn, Path: a.Path, New: isNew, Ally: true})
	return seen.Add(msg.Key)
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i] + " …"
	}
	return s
}

// Shown is the game the window shows, as far as mail cares.
type Shown struct {
	Game   string
	Player int
	Turn   int
	Demo   bool // the demo game, or nothing: any game's sheet may replace it
}

// Newest is the sheet to show after a fetch: the latest turn of the game
// shown, newer than the one shown, or of any game when the demo is shown;
// nil when there is none.
func (res FetchResult) Newest(shown Shown) *Imported {
	var best *Imported
	for i := range res.Imported {
		im := &res.Imported[i]
		if im.Ally || (!shown.Demo && (im.Game != shown.Game || im.Player != shown.Player)) {
			continue
		}
		if best == nil || im.Turn > best.Turn {
			best = im
		}
	}
	if best != nil && !shown.Demo && best.Turn <= shown.Turn {
		return nil // nothing newer than what is shown
	}
	return best
}

// Summary is a fetch's result in words.
func (res FetchResult) Summary() string {
	var parts []string
	games := map[string]bool{}
	for _, im := range res.Imported {
		what := fmt.Sprintf("%s (player %d) turn %d", im.Game, im.Player, im.Turn)
		if im.Ally {
			what += ", among the allies' sheets"
		}
		games[what] = true
	}
	switch {
	case len(res.Imported) == 0:
		parts = append(parts, "No new turn sheets.")
	default:
		var names []string
		for n := range games {
			names = append(names, n)
		}
		sort.Strings(names)
		parts = append(parts, fmt.Sprintf("%s fetched: %s.", Plural(len(res.Imported), "turn sheet"), strings.Join(names, "; ")))
	}
	if res.NotSheets > 0 {
		parts = append(parts, fmt.Sprintf("%s from the moderator without a sheet left alone.", Plural(res.NotSheets, "message")))
	}
	for _, s := range res.Skipped {
		parts = append(parts, fmt.Sprintf("A message from %s (%d bytes) was not fetched: %s.", s.From, s.Size, s.Reason))
	}
	parts = append(parts, res.Problems...)
	return strings.Join(parts, "\n")
}

// FirstLine is the summary's first line, for a status bar.
func (res FetchResult) FirstLine() string { return firstLine(res.Summary()) }

// Plural writes a count with its noun: "1 sheet", "3 sheets".
func Plural(n int, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}
