// Package mailbox is the player's mail as the window uses it, without the
// window: the account and its settings, the password kept in the desktop's
// keyring (or for the run), fetching turn sheets into the games'
// workspaces with progress and cancel, sending the orders (never the demo
// game's), and what went wrong in words a player can act on. It knows no
// widgets; app's mail view shows it.
package mailbox
