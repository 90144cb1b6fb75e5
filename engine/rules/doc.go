// Package rules holds the figures of Darkness of Silverfall as data: the fifty
// ship types with their capabilities, the ore types, the officers' abilities,
// ranks and races, and every cost, limit and rate of the rule book.
//
// The data lives in rules.toml, embedded in the binary and decoded with
// BurntSushi/toml. Load checks it on the way in, so a bad edit fails with a
// message naming the key instead of producing a wrong game.
package rules
