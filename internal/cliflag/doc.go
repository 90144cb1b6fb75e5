// Package cliflag parses a subcommand's command line with the standard
// flag package, as sfhost and sfcheck want it: options before or after
// the other arguments, -h and --help printing the subcommand's own usage
// on standard output, and usage errors told apart (exit status 2).
package cliflag
