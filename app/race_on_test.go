//go:build race

package app

// raceOn says the tests run under the race detector, which makes the
// window's work some ten times slower: the bounded walk is shorter there.
const raceOn = true
