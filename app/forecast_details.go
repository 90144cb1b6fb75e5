package app

import (
	"fmt"
	"slices"
	"sort"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"silverfall/engine/check"
	"silverfall/engine/model"
	"silverfall/engine/order"
)

// forecastDetails is the part of the Details tab that says where the
// orders leave the selection, by the engine's forecast: a ship of the
// player's after each phase that moves it and at the end of the turn, with
// its fuel and cargo; a planet of his with its stocks; the empire's
// credits and score.
type forecastDetails struct {
	st    *State
	title *widget.Label
	rows  *widget.Label
	box   *fyne.Container
}

func newForecastDetails(st *State) *forecastDetails {
	p := &forecastDetails{st: st}
	p.title = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	p.rows = widget.NewLabel("")
	p.rows.Wrapping = fyne.TextWrapWord
	p.box = container.NewVBox(p.title, p.rows)
	p.box.Hide()
	st.Subscribe(p.changed)
	return p
}

func (p *forecastDetails) changed(c Change) {
	if !c.Has(ChangeGame | ChangeSelection | ChangeForecast) {
		return
	}
	title, text := forecastText(p.st)
	if text == "" {
		p.box.Hide()
		return
	}
	p.title.SetText(title)
	p.rows.SetText(text)
	p.box.Show()
}

// forecastText is the title and the lines of the forecast for the
// selection; "" when the forecast says nothing of it.
func forecastText(st *State) (string, string) {
	g, d, f := st.Game(), st.Draft(), st.Forecast()
	if g == nil || d == nil || f == nil {
		return "", ""
	}
	key := st.Selected()
	title := fmt.Sprintf("After these orders (turn %d)", f.Turn)
	switch key.Kind {
	case model.KindShip:
		sf, ok := shipForecast(f, key.ID)
		if !ok {
			if s, seen := g.Ships[key.ID]; seen && g.own(s) {
				return title, "Lost or given away this turn."
			}
			return "", ""
		}
		text := ""
		if o, _, ok := newShipMoves(g, d).of(key.ID); ok && (o.Code == order.FP || o.Code == order.HD) {
			text = "Where " + o.Code.String() + " takes it is drawn on the turn itself: no forecast can know.\n"
		}
		for _, ph := range sf.Phases {
			text += fmt.Sprintf("Phase %d: at %v, fuel %d\n", ph.Phase, ph.Loc, ph.Fuel)
		}
		return title, text + "End of turn: " + shipAfterText(g, sf)
	case model.KindPlanet:
		if slices.Contains(f.LastMarkets, key.ID) {
			return title, lastMarketText
		}
		pf, ok := planetForecast(f, key.ID)
		if !ok {
			if pl, seen := g.Planets[key.ID]; seen && pl.Owner == g.K.Empire.Player {
				return title, "No longer yours at the end of the turn."
			}
			return "", ""
		}
		return title, fmt.Sprintf("Stock: %s\nFuel %d · population %s · industry %s",
			oreList(pf.Stock), pf.Fuel, num(pf.Population), num(pf.Industry))
	case model.KindEmpire, model.NoKind:
		return title, empireAfterText(f)
	}
	return "", ""
}

// lastMarketText says what the forecast knows of a trading planet in its
// last turn (check.Forecast.LastMarkets).
const lastMarketText = "Trades for the last time this turn: the pull of Silverfall takes it at the turn's end, with any ship left above it."

// empireAfterText is the empire's figures at the end of the turn, and a
// line for each trading planet that trades for the last time.
func empireAfterText(f *check.Forecast) string {
	text := fmt.Sprintf("Credits %s (after %s of upkeep) · score %s",
		num(f.Credits), num(f.Upkeep), num(f.Score))
	for _, id := range f.LastMarkets {
		text += fmt.Sprintf("\nTrading planet %d trades for the last time this turn: the pull takes it at the turn's end.", id)
	}
	return text
}

// shipAfterText is where the turn leaves a ship, its fuel and its cargo.
func shipAfterText(g *Game, sf check.ShipForecast) string {
	text := fmt.Sprintf("at %v, fuel %d", sf.End.Loc, sf.End.Fuel)
	if s, ok := g.Ships[sf.ID]; ok {
		if s.Loc == sf.End.Loc {
			text = fmt.Sprintf("stays at %v, fuel %d", sf.End.Loc, sf.End.Fuel)
		}
		if t := g.R.Ship(s.Type); t == nil || !t.CarriesCargo() {
			return text
		}
	}
	return text + ", cargo " + oreList(sf.Cargo)
}

// shipForecast is ship id's forecast (the forecast lists ships by number).
func shipForecast(f *check.Forecast, id int) (check.ShipForecast, bool) {
	i := sort.Search(len(f.Ships), func(i int) bool { return f.Ships[i].ID >= id })
	if i < len(f.Ships) && f.Ships[i].ID == id {
		return f.Ships[i], true
	}
	return check.ShipForecast{}, false
}

// planetForecast is planet id's forecast, likewise.
func planetForecast(f *check.Forecast, id int) (check.PlanetForecast, bool) {
	i := sort.Search(len(f.Planets), func(i int) bool { return f.Planets[i].ID >= id })
	if i < len(f.Planets) && f.Planets[i].ID == id {
		return f.Planets[i], true
	}
	return check.PlanetForecast{}, false
}
