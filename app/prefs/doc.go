// Package prefs keeps Fyne's preferences (what its file dialog remembers:
// the last folder, the view) in a file of Silverfall's own, written whole
// and atomically.
//
// Fyne's own store truncates its file and writes it again in place, and
// watches it: a program ending while another starts, or Fyne's own watch
// reading the file it is writing on the way out, read it empty ("Preferences
// load error: EOF"). The window's Fyne app is therefore made without an ID,
// which keeps Fyne's store in memory, and Wrap puts a Store in its place:
// the app it returns answers Preferences with the Store and UniqueID with
// the real ID, and becomes Fyne's current app, which Fyne's dialogs ask.
package prefs
