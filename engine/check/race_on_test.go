//go:build race

package check_test

// Under the race detector the turns run some ten times slower: the
// comparison with the host plays fewer games there (this package has no
// threads of its own that the race detector would learn more from with more).
const hostSeeds = 48 // 54 turns compared with the computer play of this writing (40 games gave 38)
