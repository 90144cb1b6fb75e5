//go:build !race

package check_test

// hostSeeds is how many games TestForecastIsWhatTheHostDoes plays.
const hostSeeds = 80
