package reportparse

import (
	"bytes"
	"fmt"
	"math/rand"
	"reflect"
	"testing"

	"silverfall/engine/galaxy"
	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/order"
	"silverfall/engine/rules"
	"silverfall/engine/turnsheet"
)

// diff names the first place where a and b differ.
func diff(path string, a, b reflect.Value) string {
	if a.Kind() != b.Kind() {
		return fmt.Sprintf("%s: kind %v vs %v", path, a.Kind(), b.Kind())
	}
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			if a.IsNil() != b.IsNil() {
				return fmt.Sprintf("%s: nil %v vs %v", path, a.IsNil(), b.IsNil())
			}
			return ""
		}
		return diff(path, a.Elem(), b.Elem())
	case reflect.Struct:
		for i := 0; i < a.NumField(); i++ {
			if d := diff(path+"."+a.Type().Field(i).Name, a.Field(i), b.Field(i)); d != "" {
				return d
			}
		}
	case reflect.Slice, reflect.Array:
		if a.Kind() == reflect.Slice && a.IsNil() != b.IsNil() {
			return fmt.Sprintf("%s: nil %v vs %v (len %d, %d)", path, a.IsNil(), b.IsNil(), a.Len(), b.Len())
		}
		if a.Len() != b.Len() {
			return fmt.Sprintf("%s: length %d vs %d", path, a.Len(), b.Len())
		}
		for i := 0; i < a.Len(); i++ {
			if d := diff(fmt.Sprintf("%s[%d]", path, i), a.Index(i), b.Index(i)); d != "" {
				return d
			}
		}
	case reflect.Map:
		if !reflect.DeepEqual(a.Interface(), b.Interface()) {
			return path + ": maps differ"
		}
	default:
		if !reflect.DeepEqual(a.Interface(), b.Interface()) {
			return fmt.Sprintf("%s: %v vs %v", path, a.Interface(), b.Interface())
		}
	}
	return ""
}

func write(t testing.TB, k *model.Knowledge) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := turnsheet.Write(&buf, rules.Default(), k); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// enrich fills the parts of a sheet that a first turn leaves empty, so
// that the round trip covers every field.
func enrich(rng *rand.Rand, k *model.Knowledge) {
	r := rules.Default()
	k.Empire.Points, k.Empire.AntiPoints = rng.Intn(90000), rng.Intn(9000)
	k.Empire.Interceptors = rng.Intn(91)
	k.Empire.Allies = []int{1 + rng.Intn(40)}
	k.Empire.Enemies = []int{99, 1 + rng.Intn(40)}
	k.Empire.Abilities = []model.SpecialAbility{{Name: "Fuel Cells", Description: "ships refuel by half each turn"}}
	k.Credit.Lines = []model.CreditLine{{What: "Tax from planets", Amount: 20000}, {What: "Crew pay", Amount: -31000}}
	k.Credit.Opening = k.Empire.Credits + 11000
	k.Battle = []string{"Phase 2: ship 12 hit ship 4001 of player 99 for 3 damage."}
	k.Messages = []string{"Player 4 says: peace in our time"}
	k.Errors = []string{"LO 12 1 0: no planet at 100,0,0"}
	k.Rings = []model.RingSighting{{Ring: 3, Loc: geom.Point{X: 10, Y: -200, Z: 5}, Player: 7}}
	k.Artifacts = []model.Artifact{{ID: 3, Name: "Ring of Darkness 3", Ring: true, Points: 5000}, {ID: 12, Name: "Void Lens", Points: 1500, Ability: 4, Levels: 1}}
	if len(k.Ships) > 2 {
		s := &k.Ships[len(k.Ships)-1]
		s.Cloaked, s.Hyperjumped, s.Artifact, s.Name = true, true, 12, "Night Heron"
		s.Standing, _ = order.Parse(fmt.Sprintf("MO %d 10 -20 30", s.ID))
		if t := r.Ship(s.Type); t.CarriesCargo() {
			s.Cargo = model.Ore{1, 2, 3, 4, 5}
		}
		s.Fire, s.Defence = max(s.Fire-1, 0), max(s.Defence-2, 0)
		d := &k.Ships[len(k.Ships)-2]
		// Dock only where the carrier sees as far, or the sight would change.
		if t := r.Ship(k.Ships[0].Type); t.CarriesSize > 0 && d.Loc == k.Ships[0].Loc &&
			model.CommRange(r, d, model.OfficerMap(k.Officers), k.Empire.Abilities) <= model.CommRange(r, &k.Ships[0], model.OfficerMap(k.Officers), k.Empire.Abilities) {
			d.Inside = k.Ships[0].ID
		}
	}
	if len(k.Planets) > 0 {
		p := &k.Planets[0]
		p.Name, p.DefenceUnits, p.DefenceActive, p.Stock = "New Hope", 12, true, model.Ore{5, 0, 7, 0, 9}
		k.Mines = []model.Mine{{ID: 9, Planet: p.ID, OreType: 2, Rate: 50, Owner: k.Empire.Player}}
	}
	k.ScannedPlanet = &model.Planet{ID: 77, Name: "", Loc: geom.Point{X: -5, Y: 90, Z: 1}, Owner: 4, Population: 9000, Industry: 1200, Ore: model.Ore{9, 8, 7, 6, 5}}
	k.ScannedMines = []model.Mine{{ID: 31, Planet: 77, OreType: 3, Rate: 10, Owner: 4}, {ID: 32, Planet: 77, OreType: 5, Rate: 350, Owner: 4}}
	k.ScannedShip = &model.Ship{ID: 4242, Type: 17, Owner: 4, Loc: geom.Point{X: 3, Y: 4, Z: 5}, Fuel: 20}
	k.ScannedPlayerID = 4
	k.ScannedPlayer = []model.Ship{{ID: 4242, Type: 17, Owner: 4, Loc: geom.Point{X: 3, Y: 4, Z: 5}}, {ID: 4243, Type: 1, Owner: 4, Loc: geom.Point{X: -3, Y: 4, Z: 5}, Name: "Swift"}}
}

func TestRoundTrip(t *testing.T) {
	r := rules.Default()
	seeds := 200
	if testing.Short() {
		seeds = 20
	}
	for seed := 1; seed <= seeds; seed++ {
		rng := rand.New(rand.NewSource(int64(seed)))
		players := 1 + rng.Intn(40)
		if seed%10 != 0 {
			players = 1 + rng.Intn(8) // most games small, to keep the test quick
		}
		g, err := galaxy.Generate(r, galaxy.Options{Seed: int64(seed), Players: players, DueDate: "2026-12-20"})
		if err != nil {
			t.Fatalf("seed %d, %d players: %v", seed, players, err)
		}
		p := 1 + rng.Intn(players)
		k := g.KnowledgeOf(r, p)
		if seed%2 == 0 {
			enrich(rng, k)
		}
		if seed%3 != 0 { // a game with passwords; the others are of before
			k.Empire.Password = "k7m2-x9pq-ta4e"
		}
		data := write(t, k)
		rep, err := Parse(r, "sheet.txt", data)
		if err != nil {
			t.Fatalf("seed %d player %d: %v", seed, p, err)
		}
		if len(rep.Warnings) > 0 {
			t.Errorf("seed %d player %d: warnings %v", seed, p, rep.Warnings)
		}
		if d := diff("Knowledge", reflect.ValueOf(k), reflect.ValueOf(rep.Knowledge)); d != "" {
			t.Fatalf("seed %d, %d players, player %d: %s", seed, players, p, d)
		}
	}
}
