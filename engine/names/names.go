package names

import (
	"fmt"
	"strconv"
	"strings"
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
	return fit(firstWord(empire), fmt.Sprintf(" %s %d", shipWords[index(id, len(shipWords))], id), length)
}

// Planet is the name of planet id of the empire named empire.
func Planet(empire string, id, length int) string {
	return fit(firstWord(empire), fmt.Sprintf(" %s %d", planetWords[index(id, len(planetWords))], id), length)
}

// Officer is the name of officer id.
func Officer(id, length int) string {
	return fit(officerWords[index(id, len(officerWords))], strconv.Itoa(id), length)
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

// fit joins a word and its ending (the number) in at most n characters,
// as the rule book counts a name's length ("up to twenty characters"),
// not bytes: the word is shortened, so that the number that keeps names
// apart stays whole; an ending longer than n keeps its last n characters.
func fit(word, end string, n int) string {
	w, e := []rune(word), []rune(end)
	if len(e) >= n {
		return strings.TrimSpace(string(e[len(e)-n:]))
	}
	if len(w)+len(e) > n {
		w = w[:n-len(e)]
	}
	return strings.TrimSpace(string(w) + string(e))
}
