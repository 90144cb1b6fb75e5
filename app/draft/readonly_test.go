package draft

import (
	"reflect"
	"testing"

	"silverfall/engine/rules"
)

// A read-only draft (an earlier turn's orders) keeps its orders whatever
// is asked of it, and tells nobody of a change.
func TestReadOnly(t *testing.T) {
	d := New(rules.Default(), demo(t))
	d.Add(mustParse(t, "MO 2 10 0 0"))
	d.Add(mustParse(t, "MO 3 10 0 0"))
	d.Undo()
	d.SetReadOnly()
	calls := 0
	d.OnChange = func() { calls++ }
	before := append(d.Orders()[:0:0], d.Orders()...)
	d.Add(mustParse(t, "MO 4 10 0 0"))
	d.Replace(0, mustParse(t, "MO 2 20 0 0"))
	d.Delete(0)
	d.SetAll(nil)
	d.SetText("MO 5 1 1 1")
	d.SetOnStation(2, true)
	d.Redo()
	d.Undo()
	if _, err := d.CancelStanding(1); err != nil {
		t.Log(err)
	}
	if !reflect.DeepEqual(d.Orders(), before) || d.OnStation(2) || calls != 0 || !d.ReadOnly() {
		t.Errorf("orders %v (want %v), on station %v, %d changes told", d.Orders(), before, d.OnStation(2), calls)
	}
}
