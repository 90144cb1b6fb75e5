package app

import (
	"fmt"
	"math"
	"strconv"
	"time"

	"fyne.io/fyne/v2"

	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/render3d"
)

// PickKind is what a pick on the map asks for.
type PickKind uint8

// The kinds of pick.
const (
	PickNothing PickKind = iota
	PickShip
	PickPlanet
	PickPoint // a place: a body's, or a point on a level plane
)

// Pick is what the player picked on the map: a ship or a planet (Key),
// and its place or the point in space clicked (Loc).
type Pick struct {
	Key model.Key
	Loc geom.Point
}

// Text is the pick as an order's arguments: the number of the ship or
// planet, or the place's X Y Z.
func (p Pick) Text() string {
	if !p.Key.IsZero() {
		return strconv.Itoa(p.Key.ID)
	}
	return fmt.Sprintf("%d %d %d", p.Loc.X, p.Loc.Y, p.Loc.Z)
}

type pickRequest struct {
	kind PickKind
	z    float64 // the level of the plane a point is picked on
	done func(Pick, bool)
}

// focusWidget is a widget that takes the keyboard.
type focusWidget interface {
	fyne.CanvasObject
	fyne.Focusable
}

// mapPicker finds what is under the pointer on the map and answers a
// click: with the body clicked (for the selection), or with what a form
// asked to pick (a ship, a planet, a place).
type mapPicker struct {
	st     *State
	frames *mapFrames  // the map shown and the frame's size
	view   focusWidget // the map widget, which takes the keyboard for Escape
	onPick func(i int, pos fyne.Position)
	// request is the pick asked for, if any: the next click answers it,
	// as soon as the button comes up (a tap waits to tell a double-click,
	// and keys typed meanwhile would go astray); the tap that follows is
	// then skipped.
	request    *pickRequest
	downAt     fyne.Position
	answeredAt time.Time
}

// pick is the body under a position, or -1. A point of a trail is picked
// only where no other body is.
func (p *mapPicker) pick(at fyne.Position) int {
	m := p.frames.m
	if m == nil || p.frames.pw == 0 {
		return -1
	}
	x, y := p.frames.pixel(at)
	return render3d.Pick(m, p.st.Camera(), x, y, p.frames.pw, p.frames.ph)
}

// ghostAt is the ship whose ghost (its place at the end of the turn) is
// under a position, or 0.
func (p *mapPicker) ghostAt(at fyne.Position) int {
	if p.frames.pw == 0 {
		return 0
	}
	x, y := p.frames.pixel(at)
	return render3d.PickGhost(p.frames.courses, p.st.Camera(), x, y, p.frames.pw, p.frames.ph)
}

// hoverAt is what the pointer is over: a body (its index) or a ship's
// ghost (the ship's number, body -1). A ship and a ghost win over the
// points of trails.
func (p *mapPicker) hoverAt(at fyne.Position) (body, ghost int) {
	i := p.pick(at)
	if i >= 0 && !p.frames.m.Bodies[i].Dot {
		return i, 0
	}
	if s := p.ghostAt(at); s != 0 {
		return -1, s
	}
	return i, 0
}

// PlanePoint is where the ray through a position meets the level plane at
// height z (for picking a point in space), if it does in front of the eye.
func (p *mapPicker) PlanePoint(at fyne.Position, z float64) (render3d.Vec, bool) {
	if p.frames.pw == 0 {
		return render3d.Vec{}, false
	}
	x, y := p.frames.pixel(at)
	o, d := p.st.Camera().Ray(x, y, p.frames.pw, p.frames.ph)
	if math.Abs(d[2]) < 1e-9 {
		return render3d.Vec{}, false
	}
	t := (z - o[2]) / d[2]
	if t <= 0 {
		return render3d.Vec{}, false
	}
	return o.Add(d.Scale(t)), true
}

// focus gives the map the keyboard.
func (p *mapPicker) focus() {
	if c := fyne.CurrentApp().Driver().CanvasForObject(p.view); c != nil {
		c.Focus(p.view)
	}
}

// tapped answers a click: the pick asked for, or the selection.
func (p *mapPicker) tapped(at fyne.Position) {
	if p.answeredTap() {
		return // the form the pick was for has the keyboard
	}
	p.focus()
	i := p.pick(at)
	if p.request != nil {
		p.answerPick(i, at)
		return
	}
	if p.onPick != nil {
		p.onPick(i, at)
	}
}

// doubleTapped selects the body under the pointer; it reports the body,
// or -1 (also when the click answered a pick).
func (p *mapPicker) doubleTapped(at fyne.Position) int {
	if p.request != nil || p.answeredTap() {
		return -1 // the first click answered the pick
	}
	i := p.pick(at)
	if i >= 0 && p.onPick != nil {
		p.onPick(i, at)
	}
	return i
}

// released answers the pick asked for when the primary button comes up
// where it went down.
func (p *mapPicker) released(primary bool, at fyne.Position) {
	d := at.Subtract(p.downAt)
	if p.request == nil || !primary || d.X*d.X+d.Y*d.Y >= 25 {
		return
	}
	p.answeredAt = time.Now()
	i := p.pick(at)
	// Answered once the toolkit is done with this release: it takes the
	// keyboard from whatever is under the pointer then, which the form
	// brought back by the answer would be.
	go fyne.Do(func() {
		if p.request != nil {
			p.answerPick(i, at)
		}
	})
}

// answeredTap reports whether a tap is the one whose button's release
// answered a pick a moment ago.
func (p *mapPicker) answeredTap() bool {
	if p.answeredAt.IsZero() {
		return false
	}
	recent := time.Since(p.answeredAt) < time.Second
	p.answeredAt = time.Time{}
	return recent
}

// escape gives up the pick asked for; it reports whether there was one.
func (p *mapPicker) escape() bool {
	r := p.request
	if r == nil {
		return false
	}
	p.CancelPick()
	r.done(Pick{}, false)
	return true
}

// RequestPick asks that the next click on the map pick a ship, a planet
// or a place (on the level plane at height z, or a body's); done gets
// what was picked, or false when the click found nothing of that kind or
// the player pressed Escape. what says what the pick is for.
func (p *mapPicker) RequestPick(k PickKind, what string, z float64, done func(Pick, bool)) {
	p.request = &pickRequest{kind: k, z: z, done: done}
	p.focus() // Escape reaches the map
	noun := map[PickKind]string{PickShip: "a ship", PickPlanet: "a planet", PickPoint: "a place (or a planet or ship)"}[k]
	p.st.setPicking(k, "Click "+noun+" on the map for "+what+"; Esc to cancel.")
}

// CancelPick drops the pick asked for, if any, without an answer.
func (p *mapPicker) CancelPick() {
	if p.request != nil {
		p.request = nil
		p.st.setPicking(PickNothing, "")
	}
}

func (p *mapPicker) answerPick(i int, pos fyne.Position) {
	r := p.request
	p.CancelPick()
	var b *render3d.Body
	if m := p.frames.m; m != nil && i >= 0 && i < len(m.Bodies) {
		b = &m.Bodies[i]
	}
	switch {
	case r.kind == PickShip && b != nil && b.Kind.IsShip(), r.kind == PickPlanet && b != nil && !b.Kind.IsShip():
		r.done(Pick{Key: b.Object(), Loc: b.Loc}, true)
	case r.kind == PickPoint && b != nil:
		r.done(Pick{Loc: b.Loc}, true)
	case r.kind == PickPoint:
		if pt, ok := p.PlanePoint(pos, r.z); ok {
			r.done(Pick{Loc: geom.Point{X: geom.Round(pt[0]), Y: geom.Round(pt[1]), Z: geom.Round(pt[2])}}, true)
			return
		}
		r.done(Pick{}, false)
	default:
		r.done(Pick{}, false)
	}
}
