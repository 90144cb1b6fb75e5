package main

import (
	"math/rand"

	"silverfall/engine/galaxy"
	"silverfall/engine/geom"
	"silverfall/engine/model"
	"silverfall/engine/rules"
	"silverfall/reportparse"
)

// syntheticReport is a crowded game for measuring: a 40-player galaxy in
// which player 1 sees every planet, and ships enough to make n objects.
func syntheticReport(n int) (*reportparse.Report, error) {
	r := rules.Default()
	g, err := galaxy.Generate(r, galaxy.Options{Name: "Measuring", Seed: 5, Players: 40})
	if err != nil {
		return nil, err
	}
	k := g.KnowledgeOf(r, 1)
	k.ForeignPlanets = nil
	for _, p := range g.Planets {
		if p.Owner != 1 && p.Kind != model.Trading {
			k.ForeignPlanets = append(k.ForeignPlanets, model.Planet{ID: p.ID, Loc: p.Loc, Owner: p.Owner})
		}
	}
	rng := rand.New(rand.NewSource(5))
	k.ForeignShips = nil
	for i := 0; len(k.ForeignPlanets)+len(k.Trading)+len(k.Planets)+len(k.ForeignShips) < n; i++ {
		p := geom.Point{X: rng.Intn(701) - 350, Y: rng.Intn(701) - 350, Z: rng.Intn(701) - 350}
		k.ForeignShips = append(k.ForeignShips, model.Ship{ID: 100000 + i, Type: 1 + rng.Intn(50), Owner: 2 + rng.Intn(38), Loc: p})
	}
	return &reportparse.Report{Knowledge: k}, nil
}
