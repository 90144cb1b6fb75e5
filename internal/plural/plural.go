// Package plural writes counts and lists in English that agree in number:
// "1 order", "3 orders", "ship 6", "ships 6 and 8".
package plural

import (
	"strconv"
	"strings"
)

// Noun is the plural of an English noun of the kinds the game uses:
// "ship" ships, "entry" entries, "class" classes, "credits" as it is.
// A noun made of several words takes the plural on its last word.
func Noun(singular string) string {
	head, last := "", singular
	if i := strings.LastIndexByte(singular, ' '); i >= 0 {
		head, last = singular[:i+1], singular[i+1:]
	}
	if p, ok := irregular[last]; ok {
		return head + p
	}
	switch {
	case last == "":
		return singular
	case strings.HasSuffix(last, "y") && len(last) > 1 && !strings.ContainsRune("aeiou", rune(last[len(last)-2])):
		return head + last[:len(last)-1] + "ies"
	case strings.HasSuffix(last, "s"), strings.HasSuffix(last, "x"), strings.HasSuffix(last, "z"),
		strings.HasSuffix(last, "ch"), strings.HasSuffix(last, "sh"):
		return head + last + "es"
	}
	return head + last + "s"
}

// irregular holds the nouns the rules above get wrong.
var irregular = map[string]string{
	"person": "people", "child": "children", "fuel": "fuel", "ore": "ore", "cargo": "cargo",
	"this": "these", "that": "those", "it": "they", "its": "their", "has": "have", "is": "are", "was": "were",
}

// Of is the noun in the number that goes with n: "order" for 1, else
// "orders".
func Of(n int, singular string) string {
	if n == 1 || n == -1 {
		return singular
	}
	return Noun(singular)
}

// Count is n with the noun in its number: "1 order", "0 orders".
func Count(n int, singular string) string {
	return strconv.Itoa(n) + " " + Of(n, singular)
}

// Pick is one if n is 1, else many: for the words whose plural is not a
// noun's ("carries" and "carry", "it" and "they").
func Pick(n int, one, many string) string {
	if n == 1 || n == -1 {
		return one
	}
	return many
}

// List names items after the noun in its number, joined by commas and a
// final "and": "ship 6", "ships 6 and 8", "ships 6, 8 and 9".
func List(singular string, items []string) string {
	if len(items) == 0 {
		return Noun(singular)
	}
	return Of(len(items), singular) + " " + And(items)
}

// And joins items with commas and a final "and".
func And(items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// Ints is the numbers as text, for List.
func Ints(ns []int) []string {
	s := make([]string, len(ns))
	for i, n := range ns {
		s[i] = strconv.Itoa(n)
	}
	return s
}
