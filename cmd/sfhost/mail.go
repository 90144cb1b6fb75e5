package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sort"
	"strings"

	"silverfall/host"
	"silverfall/internal/cliflag"
	"silverfall/internal/secret"
	"silverfall/mail"
)

// keyring is where sfhost keeps the mailbox's password; tests put their
// own store here.
var keyring secret.Store = secret.Keyring{}

func mailCommand(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	const usage = "usage: sfhost mail fetch|send|password DIR (sfhost mail COMMAND -h for each)\n"
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitInput
	}
	sub, rest := args[0], args[1:]
	var c *cliflag.Command
	again := new(bool)
	switch sub {
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, usage)
		return exitOK
	case "fetch":
		c = cliflag.New("mail fetch", "sfhost mail fetch DIR",
			"Collect the players' order mails for the next turn into the last turn's orders\nfolder (game.toml's [mail] and the players' addresses; a player's later mail\nwins, every mail is kept).", 1, 1)
	case "send":
		c = cliflag.New("mail send", "sfhost mail send DIR [-again]", "Mail every player his sheet of the last turn, once.", 1, 1)
		again = c.Bool("again", false, "mail the sheets again, to players who had theirs already")
	case "password":
		c = cliflag.New("mail password", "sfhost mail password DIR",
			"Read the mailbox's password from standard input and keep it in the desktop's\nkeyring; without one, set "+host.PasswordEnv+" instead.", 1, 1)
	default:
		fmt.Fprintf(stderr, "sfhost: unknown mail command %q\n%s", sub, usage)
		return exitInput
	}
	pos, code, ok := c.Parse(rest, stdout, stderr)
	if !ok {
		return code
	}
	g, err := openGame(pos[0], stderr)
	if err != nil {
		return fail(stderr, err)
	}
	defer g.Close()
	m := g.Config.Mail
	if m == nil {
		fmt.Fprintf(stderr, "sfhost: %s has no [mail] section: give the moderator's mailbox there (docs/host.md)\n", host.ConfigFile)
		return exitFound
	}
	if sub == "password" {
		if stdin == nil {
			stdin = os.Stdin
		}
		line, err := bufio.NewReader(stdin).ReadString('\n')
		pw := strings.TrimRight(line, "\r\n")
		if pw == "" {
			fmt.Fprintf(stderr, "sfhost: no password on standard input (%v)\n", err)
			return exitInput
		}
		if err := keyring.Set(host.KeyringService, m.User, pw); err != nil {
			fmt.Fprintf(stderr, "sfhost: the keyring did not take the password (%v); set %s instead\n", err, host.PasswordEnv)
			return exitFound
		}
		fmt.Fprintf(stdout, "the password of %s is kept in the keyring\n", m.User)
		return exitOK
	}
	pw := os.Getenv(host.PasswordEnv)
	if pw == "" {
		if pw, err = keyring.Get(host.KeyringService, m.User); err != nil {
			fmt.Fprintf(stderr, "sfhost: no password for %s: set %s, or keep it in the keyring with sfhost mail password %s\n", m.User, host.PasswordEnv, pos[0])
			return exitFound
		}
	}
	a := m.Account(pw, pos[0])
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if sub == "fetch" {
		return mailFetch(ctx, g, a, stdout, stderr)
	}
	return mailSend(ctx, g, a, *again, stdout, stderr)
}

func mailFetch(ctx context.Context, g *host.Game, a mail.Account, stdout, stderr io.Writer) int {
	sum, err := g.FetchOrders(ctx, a)
	for _, p := range sum.Problems {
		fmt.Fprintln(stderr, p)
	}
	for _, p := range sum.NotFetched {
		fmt.Fprintln(stderr, p)
	}
	for _, p := range sum.Replaced {
		fmt.Fprintln(stderr, p)
	}
	for _, p := range sum.Strangers {
		fmt.Fprintln(stderr, p)
	}
	if err != nil {
		return fail(stderr, err)
	}
	var ps []int
	for p := range sum.Taken {
		ps = append(ps, p)
	}
	sort.Ints(ps)
	fmt.Fprintf(stdout, "%d order mails kept; orders for turn %d now from %s\n", sum.Kept, g.State.Turn+1, players(ps))
	if n := len(sum.Strangers); n > 0 {
		// Not an error of the fetch: a shared mailbox holds other mail too.
		fmt.Fprintf(stdout, "%d unread %s from addresses no player of game.toml has, left as they are\n", n, plural(n, "mail", "mails"))
	}
	if len(sum.NotFetched) > 0 {
		fmt.Fprintf(stdout, "%d %s left in the mailbox, not taken (listed in %s)\n", len(sum.NotFetched),
			plural(len(sum.NotFetched), "mail", "mails"), quoted(host.NotFetchedPath(g.Dir)))
		return exitFound
	}
	return exitOK
}

func mailSend(ctx context.Context, g *host.Game, a mail.Account, again bool, stdout, stderr io.Writer) int {
	sum, err := g.SendSheets(ctx, a, again)
	for _, p := range sum.Problems {
		fmt.Fprintln(stderr, p)
	}
	if err != nil {
		return fail(stderr, err)
	}
	fmt.Fprintf(stdout, "turn %d sheets mailed to %s", g.State.Turn, players(sum.Sent))
	if len(sum.Already) > 0 {
		fmt.Fprintf(stdout, "; %s had theirs already", players(sum.Already))
	}
	if len(sum.NoAddress) > 0 {
		fmt.Fprintf(stdout, "; no address for %s", players(sum.NoAddress))
	}
	fmt.Fprintln(stdout)
	if len(sum.Problems) > 0 {
		return exitFound
	}
	return exitOK
}
