package app

import (
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"silverfall/engine/model"
	"silverfall/engine/rules"
	"silverfall/engine/setup"
)

// row is the form's row of ship type id.
func formRow(t *testing.T, f *setupForm, id int) *setupRow {
	t.Helper()
	for _, r := range f.rows {
		if r.t.ID == id {
			return r
		}
	}
	t.Fatalf("no row of type %d", id)
	return nil
}

// TestSetupForm: the form shows the figures left as the player picks, lets
// no third ship of a type or tenth ship be added, and refuses the set-up,
// saying why, until it keeps every limit ("The players have 16 points to
// allot to the Commodore's abilities").
func TestSetupForm(t *testing.T) {
	test.NewTempApp(t)
	r := rules.Default()
	f := newSetupForm(r, true)
	ok := true
	f.changed = func(b bool) { ok = b }
	f.update()
	if ok || !strings.Contains(f.why.Text, "Give the game's name") || !strings.Contains(f.why.Text, "Choose the Commodore's race") {
		t.Errorf("an empty form taken (%v): %q", ok, f.why.Text)
	}
	for _, row := range f.rows {
		if row.t.ID == rules.TypeBattleStation || row.t.ID == rules.TypeMonitor || row.t.ID == 30 {
			t.Errorf("%s offered", row.t.Name)
		}
	}
	if !strings.Contains(formRow(t, f, 23).text(), "23 DREADNOUGHT") || !strings.Contains(formRow(t, f, 23).text(), "135,000") {
		t.Errorf("the dreadnought's row: %q", formRow(t, f, 23).text())
	}
	test.Type(f.game, "Silverfall 42")
	f.race.SetSelected(f.race.Options[4])
	dread := formRow(t, f, 23)
	test.Tap(dread.plus)
	test.Tap(dread.plus)
	if !dread.plus.Disabled() || dread.count.Text != "2" {
		t.Errorf("a third dreadnought can be added (count %s)", dread.count.Text)
	}
	if !strings.Contains(f.summary.Text, "Ships: 2 of 9 · credits left: 80,000 of 350,000 · points left: 16 of 16") {
		t.Errorf("summary %q", f.summary.Text)
	}
	if ok || !strings.Contains(f.why.Text, "give all 16 points") {
		t.Errorf("a Commodore without his points taken (%v): %q", ok, f.why.Text)
	}
	if !formRow(t, f, 8).plus.Disabled() {
		t.Error("a super battle (100,000) can be added with 80,000 left")
	}
	for a := 0; a < 6; a++ {
		f.levels[a].SetSelected("3")
	}
	if ok || !strings.Contains(f.why.Text, "come to 18; he has 16 points") || !strings.Contains(f.summary.Text, "points: 2 over the 16") {
		t.Errorf("18 points taken (%v): %q / %q", ok, f.why.Text, f.summary.Text)
	}
	f.levels[5].SetSelected("1")
	// A customisable type: its units count in the cost.
	fr := formRow(t, f, 42)
	fr.fire.SetSelected("3")
	fr.def.SetSelected("20")
	test.Tap(fr.plus)
	if !ok || !strings.Contains(f.summary.Text, "credits left: 8,000") || !strings.Contains(f.why.Text, "Allowed, but 6 ships") {
		t.Errorf("with a freighter (%v): %q / %q", ok, f.summary.Text, f.why.Text)
	}
	s := f.Setup()
	if s.Game != "Silverfall 42" || s.Player != 1 || s.Race != 5 || len(s.Ships) != 3 || s.Ships[2] != (setup.Ship{Type: 42, Fire: 3, Defence: 20}) || s.Levels.Sum() != 16 {
		t.Errorf("the set-up: %+v", s)
	}
	// Units that bring the cost over: refused, with the engine's words.
	if !formRow(t, f, 39).plus.Disabled() {
		t.Error("a flare (10,000) can be added with 8,000 left")
	}
	fr.fire.SetSelected("0")
	fr.def.SetSelected("1")
	test.Tap(formRow(t, f, 39).plus)
	fr.fire.SetSelected("3")
	fr.def.SetSelected("20") // 2,000 over now
	if ok || !strings.Contains(f.why.Text, "The ships come to 352,000 credits, more than the 350,000") || !strings.Contains(f.summary.Text, "credits: 2,000 over the 350,000") {
		t.Errorf("over the allowance (%v): %q", ok, f.why.Text)
	}
	g := newSetupForm(r, true)
	g.Set(s)
	if got := g.Setup(); got.Race != s.Race || got.Levels != s.Levels || len(got.Ships) != len(s.Ships) || got.Game != s.Game {
		t.Errorf("set and read back: %+v", got)
	}
}

// TestSetupDialogWrites: File > New game set-up… refuses Save until the
// set-up is whole, and writes a file the host's reader takes; the dialog
// at 1280x800 is captured for the eye (SILVERFALL_SHOTS=dir keeps it).
func TestSetupDialogWrites(t *testing.T) {
	x := newApp(t)
	v := x.setups
	v.Dialog()
	top := x.Window().Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no dialog")
	}
	var save *widget.Button
	walk(top, func(o fyne.CanvasObject) {
		if b, ok := o.(*widget.Button); ok && b.Text == "Save…" {
			save = b
		}
	})
	if save == nil || !save.Disabled() {
		t.Fatalf("Save enabled on an empty form: %v", save)
	}
	v.last = &setup.Setup{Game: "Silverfall 42", Player: 3, Race: 11, Ships: []setup.Ship{{Type: 41}, {Type: 41}}}
	v.last.Levels = sixteenLevels()
	x.Window().Canvas().Overlays().Remove(top)
	v.Dialog()
	top = x.Window().Canvas().Overlays().Top()
	walk(top, func(o fyne.CanvasObject) {
		if b, ok := o.(*widget.Button); ok && b.Text == "Save…" {
			save = b
		}
	})
	if save.Disabled() {
		t.Fatal("Save disabled for a whole set-up")
	}
	if dir := os.Getenv("SILVERFALL_SHOTS"); dir != "" {
		img := x.Window().Canvas().Capture()
		out, _ := os.Create(filepath.Join(dir, "setup-form.png"))
		png.Encode(out, img)
		out.Close()
	}
	if dir := os.Getenv("SILVERFALL_SHOTS"); dir != "" {
		// The customisable types, and a set-up with problems.
		x.Window().Canvas().Overlays().Remove(top)
		f := showSetupDialog(x.Window(), x.rules, "New game set-up", true, nil, nil)
		for a := 0; a < 7; a++ {
			f.levels[a].SetSelected("3")
		}
		f.list.ScrollToOffset(fyne.NewPos(0, 560))
		img := x.Window().Canvas().Capture()
		out, _ := os.Create(filepath.Join(dir, "setup-form-2.png"))
		png.Encode(out, img)
		out.Close()
	}
	path := filepath.Join(t.TempDir(), setupFileName(v.last))
	if err := v.write(path, v.last); err != nil {
		t.Fatal(err)
	}
	in, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	s, err := setup.Read(in, path, x.rules)
	if err != nil || s.Race != 11 || len(s.Ships) != 2 || s.Player != 3 {
		t.Errorf("the file written: %+v %v", s, err)
	}
	if !strings.HasSuffix(path, "Silverfall-42-player-03-setup.txt") {
		t.Errorf("name %s", path)
	}
}

// buttonNamed finds the button labelled text in the top overlay.
func buttonNamed(t *testing.T, x *App, text string) *widget.Button {
	t.Helper()
	var found *widget.Button
	walk(x.Window().Canvas().Overlays().Top(), func(o fyne.CanvasObject) {
		if b, ok := o.(*widget.Button); ok && b.Text == text {
			found = b
		}
	})
	if found == nil {
		t.Fatalf("no button %q in the dialog on top", text)
	}
	return found
}

// TestPracticeWithSetup: the practice dialog offers the same form for the
// player's own empire, and the game starts with that set-up.
func TestPracticeWithSetup(t *testing.T) {
	x := newApp(t)
	x.practice.NewDialog()
	if dir := os.Getenv("SILVERFALL_SHOTS"); dir != "" {
		out, _ := os.Create(filepath.Join(dir, "practice-dialog.png"))
		png.Encode(out, x.Window().Canvas().Capture())
		out.Close()
	}
	test.Tap(buttonNamed(t, x, "Choose…"))
	use := buttonNamed(t, x, "Use this set-up")
	if !use.Disabled() {
		t.Error("an empty set-up can be used")
	}
	var form *setupForm
	walk(x.Window().Canvas().Overlays().Top(), func(o fyne.CanvasObject) {
		if e, ok := o.(*widget.Entry); ok && e.PlaceHolder == "the game's name, as the moderator gives it" {
			t.Error("the practice game's form asks for the game's name")
		}
	})
	form = x.practice.setupChoice.form
	if form == nil {
		t.Fatal("no form")
	}
	form.race.SetSelected("Kishla")
	for a, l := range sixteenLevels() {
		form.levels[a].SetSelected(strconv.Itoa(l))
	}
	test.Tap(formRow(t, form, 34).plus)
	test.Tap(formRow(t, form, 19).plus)
	if use.Disabled() {
		t.Fatalf("a whole set-up refused: %s", form.why.Text)
	}
	test.Tap(use)
	test.Tap(buttonNamed(t, x, "Start"))
	g := x.st.Game()
	if g == nil || x.practice.Shown() == nil || g.K.Empire.Race != 7 {
		t.Fatalf("the practice game: %+v", g)
	}
	var types []int
	for _, s := range g.K.Ships {
		types = append(types, s.Type)
	}
	if fmtInts(types) != "13 19 34" {
		t.Errorf("the practice game's ships: %v", types)
	}
}

func fmtInts(v []int) string {
	var b strings.Builder
	for i, n := range v {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(strconv.Itoa(n))
	}
	return b.String()
}

// TestSetupRaceNoteMovesDown: the note on the race chosen takes more lines
// than the one before it, and the abilities under it move down rather
// than being written over.
func TestSetupRaceNoteMovesDown(t *testing.T) {
	x := newApp(t)
	x.Window().Resize(fyne.NewSize(1280, 800))
	f := showSetupDialog(x.Window(), x.rules, "New game set-up", true, nil, nil)
	d := fyne.CurrentApp().Driver()
	below := func() float32 {
		note := d.AbsolutePositionForObject(f.raceNote).Y + f.raceNote.Size().Height
		return d.AbsolutePositionForObject(f.levels[0]).Y - note
	}
	if gap := below(); gap < 0 {
		t.Fatalf("before a race: the note runs %.0f into the abilities", -gap)
	}
	f.race.SetSelected("Kishla")
	if !strings.Contains(f.raceNote.Text, "Kishla") {
		t.Fatalf("the note: %q", f.raceNote.Text)
	}
	if gap, size, min := below(), f.raceNote.Size(), f.raceNote.MinSize(); gap < 0 || size.Height < min.Height {
		t.Errorf("the note on Kishla is given %.0f of the %.0f it takes, %.0f before the abilities", size.Height, min.Height, gap)
	}
}

// TestSetupUnused: the note on a set-up that may be taken names only what
// it leaves unused.
func TestSetupUnused(t *testing.T) {
	for _, c := range []struct {
		ships, credits int
		want           string
	}{
		{5, 0, "Allowed, but 5 ships are left unused."},
		{1, 0, "Allowed, but 1 ship is left unused."},
		{0, 2500, "Allowed, but 2,500 credits are left unused."},
		{3, 205000, "Allowed, but 3 ships and 205,000 credits are left unused."},
	} {
		if got := unused(c.ships, c.credits); got != c.want {
			t.Errorf("%d ships, %d credits: %q, want %q", c.ships, c.credits, got, c.want)
		}
	}
}

// TestSetupSaveCancelled: the form hides while the file is chosen; when no
// file is chosen it comes back with the set-up as it was, rather than the
// player's choice vanishing with the file dialog.
func TestSetupSaveCancelled(t *testing.T) {
	x := newApp(t)
	v := x.setups
	v.last = &setup.Setup{Game: "Silverfall 42", Player: 3, Race: 7, Ships: []setup.Ship{{Type: 8}}, Levels: sixteenLevels()}
	v.Dialog()
	test.Tap(buttonNamed(t, x, "Save…"))
	if x.files.fyneDlg == nil {
		t.Fatal("no file dialog")
	}
	x.files.fyneDlg.Dismiss()
	save := buttonNamed(t, x, "Save…") // the form on top again
	if save.Disabled() {
		t.Error("the set-up came back without its choice")
	}
	var race *guardedSelect
	walk(x.Window().Canvas().Overlays().Top(), func(o fyne.CanvasObject) {
		if s, ok := o.(*guardedSelect); ok && s.Selected == "Kishla" {
			race = s
		}
	})
	if race == nil {
		t.Error("the form came back without the race chosen")
	}
}

// TestSetupPointsAllGiven: with points left the Commodore would start
// below his rank ("The following Ranks are set according to the current
// (unmodified) levels"), so the form refuses Save and says why.
func TestSetupPointsAllGiven(t *testing.T) {
	test.NewTempApp(t)
	f := newSetupForm(rules.Default(), true)
	probs := strings.Join(f.Problems(), "\n")
	if !strings.Contains(probs, "give all 16 points") {
		t.Errorf("an empty form's problems: %q", probs)
	}
}

// TestSetupCustomisedCost: a customisable type's line says what one ship
// costs with the units chosen (the building price: the table's price,
// 4,000 a fire unit, 2,000 a defence unit), so that a "+" disabled for it
// says why.
func TestSetupCustomisedCost(t *testing.T) {
	test.NewTempApp(t)
	f := newSetupForm(rules.Default(), true)
	row := formRow(t, f, 17)
	if row.each.Text != "80,000 each" {
		t.Errorf("5 fire, 20 defence: %q", row.each.Text)
	}
	row.fire.SetSelected("0")
	row.def.SetSelected("1")
	if row.each.Text != "22,000 each" {
		t.Errorf("0 fire, 1 defence: %q", row.each.Text)
	}
}

// TestGuardedSelectLost: a tap or key on a Select that Fyne has lost the
// window of (as after the computer slept with the form open; Fyne's own
// Select then panics) opens nothing; found again, it opens its list.
func TestGuardedSelectLost(t *testing.T) {
	test.NewTempApp(t)
	s := newGuardedSelect([]string{"0", "1", "2", "3"}, nil)
	w := test.NewWindow(s)
	defer w.Close()
	w.Resize(fyne.NewSize(200, 200))
	lists := func() int { return len(w.Canvas().Overlays().List()) }
	found := s.canvasOf
	s.canvasOf = func(fyne.CanvasObject) fyne.Canvas { return nil }
	test.Tap(s)
	s.TypedKey(&fyne.KeyEvent{Name: fyne.KeySpace})
	if n := lists(); n != 0 {
		t.Fatalf("a lost Select opened %d lists", n)
	}
	s.TypedKey(&fyne.KeyEvent{Name: fyne.KeyRight})
	if s.Selected != "0" {
		t.Errorf("the right arrow no longer chooses the next level: %q", s.Selected)
	}
	s.canvasOf = found
	test.Tap(s)
	if n := lists(); n != 1 {
		t.Errorf("found again, the tap opens %d lists", n)
	}
}

// sixteenLevels gives the Commodore's 16 points, three at most in one.
func sixteenLevels() (l model.Levels) {
	l[0], l[1], l[2], l[3], l[4], l[5] = 3, 3, 3, 3, 3, 1
	return l
}
