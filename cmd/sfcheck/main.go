// Command sfcheck checks Darkness of Silverfall orders and reports from the
// command line. It needs no display and builds with CGO_ENABLED=0, so a
// moderator can run it on any server.
//
//	sfcheck syntax FILE     read orders, print them in canonical form
//
// FILE may be "-" for standard input. Exit status: 0 all good, 1 a bad
// order (or other finding), 2 the file could not be read or bad usage.
package main

import (
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
