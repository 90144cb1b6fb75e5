package notes

import (
	"fmt"

	"silverfall/engine/model"
	"silverfall/engine/rules"
)

// RuleReminders are the rule book's own dates still ahead of the sheet k,
// as reminders the player may take: the turn the pull of Silverfall
// begins, each trading planet's last turn of trade (rules.MarketLastTurn
// from where the sheet shows it) and the game's expected last turn. Each
// is due on the sheet whose orders are carried out in that turn, since
// those are the last orders that can act on it. Those in b already (by
// Rule) are left out.
func RuleReminders(r *rules.Rules, k *model.Knowledge, b *Book) []Entry {
	var out []Entry
	add := func(rule string, due int, key model.Key, format string, args ...any) {
		if due <= k.Turn || b.HasRule(rule) {
			return
		}
		out = append(out, Entry{Kind: Reminder, Turn: due, Object: key, Rule: rule, Written: k.Turn,
			Text: fmt.Sprintf(format, args...)})
	}
	pull := r.Movement.GravityFromTurn
	add("pull", pull-1, model.Key{},
		"The pull of Silverfall begins at the end of turn %d: from then on every planet and ship is drawn toward the centre, more each turn.", pull)
	for _, tp := range k.Trading {
		last := r.MarketLastTurn(tp.Planet.Loc, k.Turn)
		if last == 0 {
			continue // the trading planets hold their place
		}
		add(fmt.Sprintf("market:%d", tp.Planet.ID), last-1, model.PlanetKey(tp.Planet.ID),
			"Turn %d is the last that trades at %s (planet %d): the pull takes it within the black hole's reach at its end.",
			last, tp.Planet.Name, tp.Planet.ID)
	}
	end := r.Game.ExpectedLastTurn
	add("end", end-1, model.Key{}, "Turn %d is the game's expected last: these orders may be the last.", end)
	return out
}
