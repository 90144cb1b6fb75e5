// Package mail fetches messages from an IMAP mailbox and sends messages
// through an SMTP submission server, always over TLS with the server's
// certificate verified, for the player's window (turn sheets in, orders
// out) and the moderator's host (orders in, sheets out). It knows nothing
// of the game: callers give the senders they want and read what comes.
package mail
