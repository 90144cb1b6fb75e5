package turn

import (
	"math/rand/v2"
	"silverfall/engine/text"

	"silverfall/engine/model"
)

// creditBook collects an empire's income and expenses of the turn for its
// credit report, one line per kind of item.
type creditBook struct {
	opening int
	order   []string
	amounts map[string]int
}

func (b *creditBook) add(what string, amount int) {
	if amount == 0 {
		return
	}
	if b.amounts == nil {
		b.amounts = map[string]int{}
	}
	if _, ok := b.amounts[what]; !ok {
		b.order = append(b.order, what)
	}
	b.amounts[what] += amount
}

// report is the credit report: the items add up from the opening balance
// to the closing one.
func (b *creditBook) report(closing int) model.CreditReport {
	r := model.CreditReport{Opening: b.opening}
	sum := b.opening
	for _, what := range b.order {
		if n := b.amounts[what]; n != 0 {
			r.Lines = append(r.Lines, model.CreditLine{What: what, Amount: n})
			sum += n
		}
	}
	if sum != closing {
		// Nothing should come here; if it does, the report still adds up.
		r.Lines = append(r.Lines, model.CreditLine{What: "Other", Amount: closing - sum})
	}
	return r
}

// cr prints credits with thousands separators.
func cr(n int) string { return text.Grouped(n) }

// earn adds income to player p's credits. In a check, takings from sales
// at trading planets are counted apart as expected: prices may move
// before the credits come in.
func (t *books) earn(p, amount int, what string, sale bool) {
	if amount == 0 {
		return
	}
	if t.w.Mode == Check && sale {
		t.sales[p] += amount
		return
	}
	if e := t.w.Empire(p); e != nil {
		e.Credits += amount
		if b := t.credit[p]; b != nil {
			b.add(what, amount)
		}
	}
}

// pay takes an expense from player p's credits; the balance may go below
// zero (the end of turn's pay does so).
func (t *books) pay(p, amount int, what string) {
	if amount == 0 {
		return
	}
	if e := t.w.Empire(p); e != nil {
		e.Credits -= amount
		if b := t.credit[p]; b != nil {
			b.add(what, -amount)
		}
	}
}

// afford checks that the order's player can pay cost now. In a check the
// expected sales may cover a shortfall, with a warning. It does not pay.
func (t *run) afford(cost int, what, book string) bool {
	if cost <= 0 {
		return true
	}
	p := t.me()
	e := t.w.Empire(p)
	if e == nil {
		return false
	}
	if e.Credits >= cost {
		return true
	}
	if t.w.Mode == Check && e.Credits+t.sales[p] >= cost {
		t.warn("credits-need-sales", "%s costs %s credits but only %s are left at this point; it goes through only if this turn's sales bring in what they are expected to",
			what, cr(cost), cr(max(e.Credits, 0)))
		return true
	}
	t.fail("credits-short", "%s costs %s credits but only %s are left when it is carried out (you have %s, and the orders before it spend the rest)",
		what, cr(cost), cr(max(e.Credits, 0)), cr(t.credit[p].opening))
	return false
}

// rng is the random stream of a step.
func (t *books) rng(step string) *rand.Rand {
	if r, ok := t.rngs[step]; ok {
		return r
	}
	r := stream(t.w.G.Seed, t.w.G.Turn, step)
	t.rngs[step] = r
	return r
}
