// Package text is the one definition of the text a turn sheet may carry:
// names, broadcasts, messages and error texts. The order parser, the
// checker, the window's order text and the state writer and reader all
// ask it, so that what a player's orders give, the host can write.
//
// Text is first cleaned (Clean): characters that show as a blank (the
// no-break spaces, the line and paragraph separators) become a blank, and
// those that show as nothing (zero-width spaces and joiners, the soft
// hyphen, the byte-order mark) are dropped. What is left must be printable
// (Check, Problem); what is not is refused where it is given, with its
// column. Sheet makes any text fit for a sheet whatever it holds, for
// texts the program writes around what a player gave (error messages).
package text
