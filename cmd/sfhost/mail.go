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
	"silverfall/internal/secret"
	"silverfall/mail"
)

// keyring is where sfhost keeps the mailbox's password; tests put their
// own store here.
var keyring secret.Store = secret.Keyring{}

func mailCommand(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, "usage: sfhost mail fetch|send|password DIR\n")
		return exitInput
	}
	sub, rest := args[0], args[1:]
	known := map[string][]string{"fetch": nil, "send": {"again"}, "password": nil}
	names, ok := known[sub]
	if !ok {
		fmt.Fprintf(stderr, "sfhost: unknown mail command %q\nusage: sfhost mail fetch|send|password DIR\n", sub)
		return exitInput
	}
	opts, pos, err := flags(rest, names...)
	if err != nil || len(pos) != 1 {
		if err != nil {
			fmt.Fprintf(stderr, "sfhost: %v\n", err)
		}
		fmt.Fprintf(stderr, "usage: sfhost mail %s DIR%s\n", sub, map[string]string{"send": " [--again]"}[sub])
		return exitInput
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
	return mailSend(ctx, g, a, opts["again"] != "", stdout, stderr)
}

func mailFetch(ctx context.Context, g *host.Game, a mail.Account, stdout, stderr io.Writer) int {
	sum, err := g.FetchOrders(ctx, a)
	for _, p := range sum.Problems {
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
