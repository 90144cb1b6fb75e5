package plots

import (
	"errors"
	"fmt"
	"image"
	"io"
	"math"
	sftext "silverfall/engine/text"
	"sort"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
	"gonum.org/v1/plot/vg/vgsvg"
)

// Kind is which plot.
type Kind uint8

// The plots.
const (
	ScorePlot    Kind = iota + 1 // the score against the lowest and highest
	CreditsPlot                  // credits, income and expenses
	PricesPlot                   // one trading planet's ore and fuel prices
	ShipsPlot                    // the number of own ships
	StrengthPlot                 // their fire and defence units
	PointsPlot                   // points and anti-points
)

// Choice is one plot the player can choose: a kind, and for prices the
// trading planet.
type Choice struct {
	Kind   Kind
	Planet int
	Title  string
}

// Choices lists the plots there are for turns: the fixed ones, then one
// for each trading planet seen, by number.
func Choices(turns []Turn) []Choice {
	out := []Choice{
		{Kind: ScorePlot, Title: "Score"},
		{Kind: CreditsPlot, Title: "Credits, income and expenses"},
		{Kind: ShipsPlot, Title: "Number of ships"},
		{Kind: StrengthPlot, Title: "Fire and defence of all ships"},
		{Kind: PointsPlot, Title: "Points and anti-points"},
	}
	seen := map[int]bool{}
	var planets []Price
	for _, t := range turns {
		for _, p := range t.Prices {
			if !seen[p.Planet] {
				seen[p.Planet] = true
				planets = append(planets, p)
			}
		}
	}
	sort.Slice(planets, func(i, j int) bool { return planets[i].Planet < planets[j].Planet })
	for _, p := range planets {
		out = append(out, Choice{Kind: PricesPlot, Planet: p.Planet, Title: "Prices at " + planetTitle(p)})
	}
	return out
}

func planetTitle(p Price) string {
	if p.Name != "" {
		return fmt.Sprintf("%s (%d)", p.Name, p.Planet)
	}
	return fmt.Sprintf("planet %d", p.Planet)
}

// series is one line: its name and a value a turn (NaN: none that turn).
type series struct {
	name   string
	values func(Turn) (float64, bool)
}

func value(f func(Turn) int) func(Turn) (float64, bool) {
	return func(t Turn) (float64, bool) { return float64(f(t)), true }
}

// seriesOf lists the lines of a choice, with the y axis's label.
func seriesOf(c Choice) ([]series, string, error) {
	switch c.Kind {
	case ScorePlot:
		return []series{
			{"Highest", value(func(t Turn) int { return t.High })},
			{"Yours", value(func(t Turn) int { return t.Score })},
			{"Lowest", value(func(t Turn) int { return t.Low })},
		}, "Score", nil
	case CreditsPlot:
		return []series{
			{"Credits", value(func(t Turn) int { return t.Credits })},
			{"Income", value(func(t Turn) int { return t.Income })},
			{"Expenses", value(func(t Turn) int { return t.Expenses })},
		}, "Credits", nil
	case ShipsPlot:
		return []series{{"Ships", value(func(t Turn) int { return t.Ships })}}, "Ships", nil
	case StrengthPlot:
		return []series{
			{"Fire", value(func(t Turn) int { return t.Fire })},
			{"Defence", value(func(t Turn) int { return t.Defence })},
		}, "Units", nil
	case PointsPlot:
		return []series{
			{"Points", value(func(t Turn) int { return t.Points })},
			{"Anti-points", value(func(t Turn) int { return t.AntiPoints })},
		}, "Points", nil
	case PricesPlot:
		var out []series
		for i := range 5 {
			out = append(out, series{fmt.Sprintf("Ore %d", i+1), priceOf(c.Planet, func(p Price) int { return p.Ore[i] })})
		}
		out = append(out, series{"Fuel", priceOf(c.Planet, func(p Price) int { return p.Fuel })})
		return out, "Price a unit (log scale)", nil
	}
	return nil, "", fmt.Errorf("plots: no plot of kind %d", c.Kind)
}

func priceOf(planet int, f func(Price) int) func(Turn) (float64, bool) {
	return func(t Turn) (float64, bool) {
		for _, p := range t.Prices {
			if p.Planet == planet {
				return float64(f(p)), true
			}
		}
		return 0, false
	}
}

// ErrNoTurns is Build's answer for no turns at all.
var ErrNoTurns = errors.New("plots: no turns to plot")

// Figure is a plot ready to draw: gonum's plot, with its legend kept apart
// to be drawn beside it rather than over the lines.
type Figure struct {
	plot   *plot.Plot
	legend plot.Legend
	// labels are the y axis's label, longest first: a figure too short
	// for one draws the next (see fitLabel).
	labels []string
}

// Build makes the plot chosen over turns (oldest first) in the palette's
// colours.
func Build(turns []Turn, c Choice, pal Palette) (*Figure, error) {
	if len(turns) == 0 {
		return nil, ErrNoTurns
	}
	lines, yLabel, err := seriesOf(c)
	if err != nil {
		return nil, err
	}
	p := plot.New()
	leg := plot.NewLegend()
	leg.Top, leg.Left = true, true
	p.Title.Text = c.Title
	p.X.Label.Text = "Turn"
	p.Y.Label.Text = yLabel
	style(p, &leg, pal)
	p.X.Tick.Marker = wholeTicks{}
	p.Y.Tick.Marker = wholeTicks{}
	// Prices run from a few credits (fuel, the cheap ores) to hundreds: on
	// an even scale the cheap ones lie on top of each other along the
	// bottom. On a log scale each keeps its own height, and the ticks
	// still read as prices.
	logY := c.Kind == PricesPlot
	if logY {
		p.Y.Scale, p.Y.Tick.Marker = plot.LogScale{}, logTicks{}
	}
	grid := plotter.NewGrid()
	grid.Vertical.Color, grid.Horizontal.Color = pal.Grid, pal.Grid
	p.Add(grid)
	if err := addLines(p, &leg, lines, turns, pal, logY); err != nil {
		return nil, err
	}
	if p.X.Max-p.X.Min < 1 { // one turn: a little room either side
		p.X.Min, p.X.Max = p.X.Min-0.5, p.X.Max+0.5
	}
	if logY {
		// Room above and below, and never a range a log scale cannot take
		// (no price at all, or one price only).
		if !(p.Y.Min > 0) || !(p.Y.Max > 0) {
			p.Y.Min, p.Y.Max = 1, 10
		}
		p.Y.Min, p.Y.Max = p.Y.Min/1.25, p.Y.Max*1.25
	}
	labels := []string{yLabel}
	if logY {
		labels = append(labels, "Price (log)")
	}
	return &Figure{plot: p, legend: leg, labels: labels}, nil
}

// addLines draws each series over the turns, with its legend entry; a
// series with no value (or, on a log scale, none above 0) is left out.
func addLines(p *plot.Plot, leg *plot.Legend, lines []series, turns []Turn, pal Palette, logY bool) error {
	for i, s := range lines {
		var xys plotter.XYs
		for _, t := range turns {
			if v, ok := s.values(t); ok && (v > 0 || !logY) {
				xys = append(xys, plotter.XY{X: float64(t.Turn), Y: v})
			}
		}
		if len(xys) == 0 {
			continue
		}
		l, pts, err := plotter.NewLinePoints(xys)
		if err != nil {
			return err
		}
		col := pal.series(i)
		l.Color, l.Width, l.Dashes = col, vg.Points(1.5), dashes(i)
		pts.Color, pts.Radius, pts.Shape = col, vg.Points(2), draw.CircleGlyph{}
		p.Add(l, pts)
		leg.Add(s.name, l, pts)
	}
	return nil
}

// fitTicks labels only the powers of ten on a log scale whose labels
// would touch each other on c (the prices in the window's panel: seven
// labels in some eighty pixels).
func (f *Figure) fitTicks(c draw.Canvas) {
	lt, ok := f.plot.Y.Tick.Marker.(logTicks)
	if !ok {
		return
	}
	f.plot.Y.Tick.Marker = logTicks{}
	da := f.plot.DataCanvas(c)
	n := 0
	for _, t := range f.plot.Y.Tick.Marker.Ticks(f.plot.Y.Min, f.plot.Y.Max) {
		if t.Label != "" {
			n++
		}
	}
	lt.tens = n > 1 && (da.Max.Y-da.Min.Y)/vg.Length(n-1) < 1.6*f.plot.Y.Tick.Label.Height("0")
	f.plot.Y.Tick.Marker = lt
}

// fitLabel gives the y axis the longest of its labels that is no longer
// than the plot's area is high with it, drawn on c, or none. gonum makes
// room for a longer one by taking it off the area's height: in the window's
// panel the prices' label left the lines a strip of some twenty pixels,
// their ticks on top of each other.
func (f *Figure) fitLabel(c draw.Canvas) {
	for _, l := range f.labels {
		f.plot.Y.Label.Text = l
		if da := f.plot.DataCanvas(c); f.plot.Y.Label.TextStyle.Width(l) <= da.Max.Y-da.Min.Y {
			return
		}
	}
	f.plot.Y.Label.Text = ""
}

// style colours the plot's frame and text, and sets its text in the sans
// serif face (gonum's default is a serif one), as the window's is.
func style(p *plot.Plot, leg *plot.Legend, pal Palette) {
	p.BackgroundColor = pal.Background
	texts := []*text.Style{&p.Title.TextStyle, &leg.TextStyle}
	for _, a := range []*plot.Axis{&p.X, &p.Y} {
		a.Color = pal.Foreground
		a.Tick.Color = pal.Foreground
		texts = append(texts, &a.Label.TextStyle, &a.Tick.Label)
	}
	for _, t := range texts {
		t.Color = pal.Foreground
		t.Font.Variant = "Sans"
	}
}

// dashes tell the lines apart without their colours: solid, then dashed,
// dotted and dash-dotted in turn.
func dashes(i int) []vg.Length {
	switch i % 4 {
	case 1:
		return []vg.Length{vg.Points(6), vg.Points(3)}
	case 2:
		return []vg.Length{vg.Points(2), vg.Points(2)}
	case 3:
		return []vg.Length{vg.Points(6), vg.Points(2), vg.Points(2), vg.Points(2)}
	}
	return nil
}

// wholeTicks marks whole numbers only (turns, credits, units), about six
// labelled ones over the axis.
type wholeTicks struct{}

func (wholeTicks) Ticks(min, max float64) []plot.Tick {
	step := tickStep(max - min)
	var out []plot.Tick
	// A step too small to move v (figures beyond float64's whole numbers)
	// would never end the loop: at most a hundred ticks.
	for v := math.Ceil(min/step) * step; v <= max && len(out) < 100; v += step {
		out = append(out, plot.Tick{Value: v, Label: wholeLabel(v)})
	}
	if len(out) == 0 {
		v := math.Round(min)
		out = append(out, plot.Tick{Value: v, Label: wholeLabel(v)})
	}
	return out
}

// wholeLabel writes a whole number in groups of three digits, as the
// sheets do; a negative zero is written 0.
func wholeLabel(v float64) string { return sftext.Grouped(int(math.Round(v))) }

// logTicks marks a log scale at 1, 2 and 5 times the powers of ten in
// its range (with the ends of a range too short to hold two of them),
// labelled as whole numbers; tens labels only the powers of ten (the
// others are marked without a label), for a plot too short for them all.
type logTicks struct{ tens bool }

func (l logTicks) Ticks(min, max float64) []plot.Tick {
	out := l.all(min, max)
	if !l.tens {
		return out
	}
	n := 0
	for i, t := range out {
		if m := t.Value / math.Pow(10, math.Floor(math.Log10(t.Value)+1e-9)); math.Abs(m-1) > 1e-9 {
			out[i].Label = ""
		} else {
			n++
		}
	}
	if n < 2 {
		return l.all(min, max) // fewer than two powers of ten: a label on each
	}
	return out
}

func (logTicks) all(min, max float64) []plot.Tick {
	var out []plot.Tick
	if !(min > 0) || !(max > min) {
		return []plot.Tick{{Value: math.Max(min, 1), Label: wholeLabel(math.Max(min, 1))}}
	}
	for mag := math.Pow(10, math.Floor(math.Log10(min))); mag <= max && len(out) < 100; mag *= 10 {
		for _, m := range []float64{1, 2, 5} {
			if v := m * mag; v >= min && v <= max {
				out = append(out, plot.Tick{Value: v, Label: logLabel(v)})
			}
		}
	}
	if len(out) < 2 {
		out = []plot.Tick{{Value: min, Label: logLabel(min)}, {Value: max, Label: logLabel(max)}}
	}
	return out
}

// logLabel writes a tick of a log scale: whole from 1 up, else with the
// decimals it needs.
func logLabel(v float64) string {
	if v >= 1 {
		return wholeLabel(v)
	}
	return strconv.FormatFloat(v, 'g', 2, 64)
}

// tickStep is the first of 1, 2, 5, 10, 20, 50… that cuts span into at
// most six parts.
func tickStep(span float64) float64 {
	if !(span > 0) || math.IsInf(span, 0) {
		return 1
	}
	for mag := 1.0; ; mag *= 10 {
		for _, m := range []float64{1, 2, 5} {
			if span/(m*mag) <= 6 {
				return m * mag
			}
		}
	}
}

// draw draws the figure on c: the background, the plot, and the legend in
// a strip on the right, level with the top of the plot's area.
func (f *Figure) draw(c draw.Canvas) {
	bg := f.plot.BackgroundColor
	c.FillPolygon(bg, []vg.Point{c.Min, {X: c.Max.X, Y: c.Min.Y}, c.Max, {X: c.Min.X, Y: c.Max.Y}})
	pc, lc, beside := f.layout(c)
	f.plot.Draw(pc)
	if beside {
		f.legend.Draw(lc)
	}
}

// layout shares c out: the plot's canvas, the legend's, and whether the
// legend has room beside the plot; the y axis gets the label that fits.
func (f *Figure) layout(c draw.Canvas) (plotC, legendC draw.Canvas, beside bool) {
	// A margin all round: the title, the axes' labels and the legend keep
	// off the edges.
	margin := min(vg.Points(14), (c.Max.X-c.Min.X)/25, (c.Max.Y-c.Min.Y)/25)
	c = draw.Crop(c, margin, -margin, margin, -margin)
	pad := vg.Points(6)
	r := f.legend.Rectangle(c)
	width := r.Max.X - r.Min.X + 2*pad
	if width > (c.Max.X-c.Min.X)/2 {
		width = 0 // too narrow a figure for a legend beside it: the plot comes first
	}
	plotC = draw.Crop(c, 0, -width, 0, 0)
	f.fitLabel(plotC)
	f.fitTicks(plotC)
	if width == 0 {
		return plotC, c, false
	}
	top := f.plot.Title.TextStyle.Rectangle(f.plot.Title.Text).Size().Y + f.plot.Title.Padding + pad
	return plotC, draw.Crop(c, c.Max.X-c.Min.X-width+pad, 0, 0, -top), true
}

// pointsOf turns pixels into the plot's lengths at the given dots an inch.
func pointsOf(px, dpi int) vg.Length { return vg.Length(float64(px) * 72 / float64(dpi)) }

// Image draws the figure into a width × height image at dpi dots an inch
// (96 is a screen at scale 1; a window at scale 2 asks for twice the
// pixels at 192).
func (f *Figure) Image(width, height, dpi int) image.Image {
	c := vgimg.NewWith(vgimg.UseWH(pointsOf(width, dpi), pointsOf(height, dpi)), vgimg.UseDPI(dpi),
		vgimg.UseBackgroundColor(f.plot.BackgroundColor))
	f.draw(draw.New(c))
	return c.Image()
}

// WritePNG writes the figure as a width × height pixel PNG image, at 96
// dots an inch.
func (f *Figure) WritePNG(w io.Writer, width, height int) error {
	c := vgimg.NewWith(vgimg.UseWH(pointsOf(width, 96), pointsOf(height, 96)), vgimg.UseDPI(96),
		vgimg.UseBackgroundColor(f.plot.BackgroundColor))
	f.draw(draw.New(c))
	_, err := vgimg.PngCanvas{Canvas: c}.WriteTo(w)
	return err
}

// WriteSVG writes the figure as an SVG drawing the size of a width ×
// height pixel image at 96 dots an inch.
func (f *Figure) WriteSVG(w io.Writer, width, height int) error {
	c := vgsvg.New(pointsOf(width, 96), pointsOf(height, 96))
	f.draw(draw.New(c))
	_, err := c.WriteTo(w)
	return err
}
