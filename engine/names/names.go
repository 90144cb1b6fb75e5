package names

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// The words names are made of.
var (
	shipWords    = []string{"Arrow", "Lance", "Comet", "Falcon", "Warden", "Drifter", "Spark", "Vigil", "Harrier", "Pilgrim", "Ember", "Corsair"}
	planetWords  = []string{"Haven", "Reach", "Hold", "Crest", "Hollow", "Mark", "Rest", "Gate", "Spire", "Vale"}
	officerWords = []string{"Arlen", "Brisa", "Corvin", "Dara", "Elso", "Fenna", "Galt", "Hesper", "Idra", "Joran", "Kestel", "Lumi"}
)

// Ship is the name of ship id of the empire named empire, at most length
// characters long.
func Ship(empire string, id, length int) string {
	return clip(fmt.Sprintf("%s %s %d", firstWord(empire), shipWords[index(id, len(shipWords))], id), length)
}

// Planet is the name of planet id of the empire named empire.
func Planet(empire string, id, length int) string {
	return clip(fmt.Sprintf("%s %s %d", firstWord(empire), planetWords[index(id, len(planetWords))], id), length)
}

// Officer is the name of officer id.
func Officer(id, length int) string {
	return clip(fmt.Sprintf("%s%d", officerWords[index(id, len(officerWords))], id), length)
}

// firstWord is the first word of an empire's name ("Empire" for none).
func firstWord(e string) string {
	e = strings.TrimSpace(e)
	if i := strings.IndexByte(e, ' '); i > 0 {
		e = e[:i]
	}
	if e == "" {
		e = "Empire"
	}
	return e
}

// index picks a word for a number, negative ones too.
func index(id, n int) int { return ((id % n) + n) % n }

// clip keeps the end of a name (its number) when it is longer than n
// bytes, starting on a whole character.
func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	i := len(s) - n
	for i < len(s) && !utf8.RuneStart(s[i]) {
		i++
	}
	return strings.TrimSpace(s[i:])
}
