package app

// A row or an order that the window keeps chosen while its list is laid
// out again is found by what it says, and among equal ones by its rank
// (how many equal ones come before it): an index would name whatever took
// its place.

// rankOf is how many of the first i items are equal to item i, as same
// tells of item j.
func rankOf(i int, same func(j int) bool) int {
	n := 0
	for j := 0; j < i; j++ {
		if same(j) {
			n++
		}
	}
	return n
}

// findRanked is the index of the item of rank nth among the n items that
// same holds for, or -1 when there are not that many.
func findRanked(n, nth int, same func(j int) bool) int {
	for j := 0; j < n; j++ {
		if !same(j) {
			continue
		}
		if nth == 0 {
			return j
		}
		nth--
	}
	return -1
}
