package app

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/notes"
)

// fullBook fills the demo's book to its bound: markers, notes on every
// ship and reminders on conditions.
func fullBook(b *testing.B, x *App) {
	b.Helper()
	g := x.st.Game()
	book := x.st.Notes()
	for i := 0; book.Len() < notes.MaxEntries; i++ {
		e := notes.Entry{Kind: notes.Marker, AtPlace: true, Place: geom.Point{X: i % 300, Y: i % 170, Z: i % 50}, Text: fmt.Sprint("m", i)}
		switch {
		case i%10 == 0:
			e = notes.Entry{Kind: notes.Reminder, Condition: fmt.Sprintf("foreign ships within %d of my origin", 10+i%90), Text: "watch"}
		case i%3 == 0 && len(g.K.Ships) > 0:
			s := g.K.Ships[i%len(g.K.Ships)]
			e = notes.Entry{Kind: notes.Note, Object: model.ShipKey(s.ID), Text: "note"}
		}
		if _, err := book.Add(e); err != nil {
			b.Fatal(err)
		}
	}
}

func benchApp(b *testing.B) *App {
	x := New(test.NewTempApp(b), Options{Frames: software, Workspaces: "-"})
	x.Background = func(f func()) { f() }
	if err := x.LoadDemo(); err != nil {
		b.Fatal(err)
	}
	x.Window().Resize(fyne.NewSize(1280, 800))
	fullBook(b, x)
	return x
}

// BenchmarkMarkersPlace: the markers and notes of a full book placed
// over the map, as on every camera move.
func BenchmarkMarkersPlace(b *testing.B) {
	x := benchApp(b)
	size := fyne.NewSize(900, 600)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		x.markers.place(size)
	}
}

// BenchmarkDueReminders: the reminders of a full book tested, as on every
// game shown and change of the book.
func BenchmarkDueReminders(b *testing.B) {
	x := benchApp(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		dueReminders(x.st)
	}
}
