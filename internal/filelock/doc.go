// Package filelock takes an exclusive lock on a file, held until Unlock or
// the end of the process (the system releases it then, so a killed process
// leaves no lock behind): flock on Unix, LockFileEx on Windows.
package filelock
