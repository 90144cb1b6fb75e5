package model

import "testing"

func TestKeyRoundTrip(t *testing.T) {
	for _, k := range []Key{{}, ShipKey(12), FleetKey(2), PlanetKey(0), PlanetKey(45), OfficerKey(7), EmpireKey} {
		if got := ParseKey(k.String()); got != k {
			t.Errorf("ParseKey(%q) = %v, want %v", k.String(), got, k)
		}
	}
	for _, s := range []string{"ship", "ship:", "ship:x", "ship:-1", "boat:3", "empire:1", ":3", "ship:1\n"} {
		if k := ParseKey(s); !k.IsZero() {
			t.Errorf("ParseKey(%q) = %v, want nothing", s, k)
		}
	}
	if ShipKey(12).String() != "ship:12" {
		t.Errorf("ShipKey(12) written %q", ShipKey(12).String())
	}
}
