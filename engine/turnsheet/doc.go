// Package turnsheet writes a player's turn sheet: the line-printer style
// text report of docs/turn-report-format.md, at most 76 characters a line,
// with the fifteen sections of the rule book and the order sheet.
//
// It also names the format's fixed words (section titles, the banner, the
// page header) so that the reader in reportparse and the writer here agree.
package turnsheet
