package app

import "strings"

// chosenLine keeps the order chosen while the player types on its line in
// the order text: typing at the start of the line ("PI 7" and Enter above
// "BS 1 1") makes the line unreadable for a few keys, and the State lets go
// of an order that is no longer in the draft. The line being typed on holds
// the choice: once it reads as an order again, that order is chosen.
type chosenLine struct {
	st *State
	// row is the line (from 0) that holds the choice while it does not
	// read as an order, or -1.
	row int
}

// holds reports whether the change from before to now is on the line that
// holds the choice: the chosen order's, or the line that held it already.
func (c *chosenLine) holds(before, now string) bool {
	first, _ := changedLines(before, now)
	if i := c.st.Chosen(); i >= 0 {
		lines, _ := placeLines(before)
		return i < len(lines) && lines[i] == first+1
	}
	return c.row >= 0 && c.row == first
}

// follow chooses, after a change that lost the chosen order, the order on
// the cursor's line (row) when the change made that line, or holds the
// choice on it until it reads as an order.
func (c *chosenLine) follow(held bool, before, now string, row int) {
	if !held || c.st.Chosen() >= 0 {
		c.row = -1
		return
	}
	c.row = -1
	if first, end := changedLines(before, now); row < first || row > max(first, end-1) {
		return // the line is gone; the cursor is elsewhere
	}
	lines, _ := placeLines(now)
	for i, l := range lines {
		if l == row+1 {
			c.st.ChooseOrder(i)
			return
		}
	}
	c.row = row
}

// changedLines is where now differs from before, in lines of now: from
// line first (from 0) up to end (the lines after are as they were).
func changedLines(before, now string) (first, end int) {
	a, b := strings.Split(before, "\n"), strings.Split(now, "\n")
	for first < len(a) && first < len(b) && a[first] == b[first] {
		first++
	}
	same := 0
	for same < len(a)-first && same < len(b)-first && a[len(a)-1-same] == b[len(b)-1-same] {
		same++
	}
	return first, len(b) - same
}
