// Package names makes the computer's names for ships, planets and
// officers: those a player leaves unnamed when his sheet asks ("the
// computer will name them during the next turn"), and those the computer
// empires give their own. A name comes from the empire's name and the
// thing's number alone, so that it is the same whoever asks and whenever,
// and the number in it keeps names apart.
package names
