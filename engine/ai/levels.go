package ai

import (
	_ "embed"
	"fmt"
	"sort"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"
)

// Level is how well a computer empire plays: the weights, reserves and
// priorities of its plans. The levels are data (levels.toml).
type Level struct {
	Name              string `toml:"name"`
	CargoShips        int    `toml:"cargo_ships"`
	CargoType         int    `toml:"cargo_type"`
	MinLoad           int    `toml:"min_load"`
	CargoUntil        int    `toml:"cargo_until_turn"`
	PullLanding       bool   `toml:"pull_landing"`
	SpreadSales       bool   `toml:"spread_sales"`
	SplitStockPercent int    `toml:"split_stock_percent"`
	SellOut           bool   `toml:"sell_out"`
	LastGrab          bool   `toml:"last_grab"`
	ContendFrom       int    `toml:"contend_from_turn"`
	CargoFirst        int    `toml:"cargo_first"`
	Tankers           int    `toml:"tankers"`
	OriginFuel        int    `toml:"origin_fuel"`
	TankerBuyCredits  int    `toml:"tanker_buy_credits"`
	Claimers          int    `toml:"claimers"`
	Warships          int    `toml:"warships"`
	WarshipType       int    `toml:"warship_type"`
	GuardPercent      int    `toml:"guard_percent"`
	ReserveTurns      int    `toml:"reserve_turns"`
	BudgetTurns       int    `toml:"budget_turns"`
	BuildMargin       int    `toml:"build_margin"`
	FuelMargin        int    `toml:"fuel_margin"`
	FuelStop          int    `toml:"fuel_stop"`
	MinesPerTurn      int    `toml:"mines_per_turn"`
	InvestFromReserve bool   `toml:"invest_from_reserve"`
	Interceptors      int    `toml:"interceptors"`
	Scans             bool   `toml:"scans"`
	Raids             bool   `toml:"raids"`
	RaidSoft          int    `toml:"raid_soft"`
	JointAttacks      bool   `toml:"joint_attacks"`
	JointReach        int    `toml:"joint_reach"`
	JointRadius       int    `toml:"joint_radius"`
	ScanSauran        bool   `toml:"scan_sauran"`
	SauranRaids       int    `toml:"sauran_raids"`
	SauranRaidGain    int    `toml:"sauran_raid_gain"`
	StationAttacks    bool   `toml:"station_attacks"`
	StationFrom       int    `toml:"station_from_turn"`
	StationReach      int    `toml:"station_reach"`
	StationRally      int    `toml:"station_rally"`
	StationWait       int    `toml:"station_wait"`
	StrikeShips       int    `toml:"strike_ships"`
	StrikeType        int    `toml:"strike_type"`
	StrikeBuildFrom   int    `toml:"strike_build_from"`
	StrikeBuildUntil  int    `toml:"strike_build_until"`
	StrikeFuelKeep    int    `toml:"strike_fuel_keep"`
	StrikeBuildFuel   int    `toml:"strike_build_fuel"`
	StrikeFill        bool   `toml:"strike_fill"`
	FindPlanets       bool   `toml:"find_planets"`
	OutwardFrom       int    `toml:"outward_from_turn"`
	AllOutFrom        int    `toml:"all_outward_from_turn"`
	Shell             bool   `toml:"shell"`
	ShellSlack        int    `toml:"shell_slack"`
	LockPlanets       bool   `toml:"lock_planets"`
	Tend              bool   `toml:"tend"`
	TripFuel          bool   `toml:"trip_fuel"`
	ThriftTurns       int    `toml:"thrift_turns"`
	LowFirst          bool   `toml:"low_first"`
	BoldClaims        bool   `toml:"bold_claims"`
	// What an adapting level does about what its sheet shows (adapt.go).
	RaidedInterceptors   int `toml:"raided_interceptors"`
	AttackedGuardPercent int `toml:"attacked_guard_percent"`
	AttackedDefence      int `toml:"attacked_defence_units"`
	AllyAnswerTurns      int `toml:"ally_answer_turns"`
	LastRaidTurns        int `toml:"last_raid_turns"`
	// Whether trade is judged by what its ore brings against the trips'
	// pay and upkeep (tradepays.go).
	TradeJudged bool `toml:"trade_judged"`
	// Whether the forecast judges the plan's moves (judge.go).
	JudgeMoves bool `toml:"judge_moves"`
	// Whether the plan's purchases are judged on the end of turn's pay the
	// engine's forecast shows for its moves (ai.go), rather than on the
	// sheet's pay with a fleet's upkeep for every ship that can move.
	ForecastUpkeep bool `toml:"forecast_upkeep"`
}

//go:embed levels.toml
var levelData string

var levels = sync.OnceValues(func() (map[string]*Level, error) {
	var raw struct {
		Level []*Level `toml:"level"`
	}
	md, err := toml.Decode(levelData, &raw)
	if err != nil {
		return nil, fmt.Errorf("levels.toml: %v", err)
	}
	if und := md.Undecoded(); len(und) > 0 {
		return nil, fmt.Errorf("levels.toml: unknown settings: %v", und)
	}
	out := map[string]*Level{}
	for _, lv := range raw.Level {
		if lv.Name == "" || out[lv.Name] != nil {
			return nil, fmt.Errorf("levels.toml: level %q unnamed or given twice", lv.Name)
		}
		out[lv.Name] = lv
	}
	return out, nil
})

// LevelNamed returns the level of that name ("easy", "normal").
func LevelNamed(name string) (*Level, error) {
	all, err := levels()
	if err != nil {
		return nil, err
	}
	if lv := all[name]; lv != nil {
		return lv, nil
	}
	return nil, fmt.Errorf("no computer level %q; the levels are %s", name, strings.Join(LevelNames(), ", "))
}

// LevelNames lists the levels, the gentlest first.
func LevelNames() []string {
	all, _ := levels()
	var names []string
	for n := range all { // any order: sorted below
		names = append(names, n)
	}
	sortLevels(names)
	return names
}

// builtinRank is each built-in level's place in levels.toml, which lists
// them from the gentlest to the strongest.
var builtinRank = sync.OnceValue(func() map[string]int {
	var raw struct {
		Level []struct {
			Name string `toml:"name"`
		} `toml:"level"`
	}
	toml.Decode(levelData, &raw) // its errors are levels()'s to tell
	rank := map[string]int{}
	for i, lv := range raw.Level {
		rank[lv.Name] = i
	}
	return rank
})

// sortLevels orders level names as a player would choose among them: the
// built-in levels from the gentlest, then a moderator's own by name.
func sortLevels(names []string) {
	rank := func(n string) int {
		if r, ok := builtinRank()[n]; ok {
			return r
		}
		return len(builtinRank())
	}
	sort.Slice(names, func(i, j int) bool {
		if ri, rj := rank(names[i]), rank(names[j]); ri != rj {
			return ri < rj
		}
		return names[i] < names[j]
	})
}

func mustLevel(name string) *Level {
	lv, err := LevelNamed(name)
	if err != nil {
		panic(err) // the embedded data is checked by the tests
	}
	return lv
}

// Easy is the level that plays simply; Normal the stronger one; Hard
// the one that adapts to what its sheet shows.
func Easy() *Level   { return mustLevel("easy") }
func Normal() *Level { return mustLevel("normal") }
func Hard() *Level   { return mustLevel("hard") }

// warshipType is the ship type the level builds its warships of.
func (lv *Level) warshipType() int {
	if lv.WarshipType == 0 {
		return warship
	}
	return lv.WarshipType
}
