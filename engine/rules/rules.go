package rules

import (
	_ "embed"
	"fmt"
	"io"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/BurntSushi/toml"

	"silverfall/engine/geom"
)

//go:embed rules.toml
var embedded string

// Numbers of the ship types the rules single out.
const (
	TypeBattleStation = 13
	TypeMonitor       = 24
	TypeCastle        = 28
)

// Number of ore types and officer abilities.
const (
	OreTypes  = 5
	Abilities = 14
)

// Rules is the whole rule set. Treat a loaded value as read-only: it is shared.
type Rules struct {
	Ore           OreRules           `toml:"ore"`
	Game          GameRules          `toml:"game"`
	Movement      MovementRules      `toml:"movement"`
	Building      BuildingRules      `toml:"building"`
	Repair        RepairRules        `toml:"repair"`
	Mines         MineRules          `toml:"mines"`
	PlanetDefence PlanetDefenceRules `toml:"planet_defence"`
	Interceptors  InterceptorRules   `toml:"interceptors"`
	ScanPlayer    ScanPlayerRules    `toml:"scan_player"`
	Trade         TradeRules         `toml:"trade"`
	Upkeep        UpkeepRules        `toml:"upkeep"`
	Points        PointRules         `toml:"points"`
	Score         ScoreRules         `toml:"score"`
	Winning       WinningRules       `toml:"winning"`
	Rings         RingRules          `toml:"rings"`
	Diplomacy     DiplomacyRules     `toml:"diplomacy"`
	Naming        NamingRules        `toml:"naming"`
	Growth        GrowthRules        `toml:"growth"`
	Artifacts     ArtifactRules      `toml:"artifacts"`
	Officers      OfficerRules       `toml:"officers"`
	Start         StartRules         `toml:"start"`

	// Choices: what the rule book leaves open (docs/choices.md).
	Setup         SetupRules         `toml:"setup"`
	Market        MarketRules        `toml:"market"`
	Mining        MiningRules        `toml:"mining"`
	Battle        BattleRules        `toml:"battle"`
	Sauran        SauranRules        `toml:"sauran"`
	NPC           NPCRules           `toml:"npc"`
	OfficerGrowth OfficerGrowthRules `toml:"officer_growth"`
	Journey       JourneyRules       `toml:"journey"`
	Specials      []Special          `toml:"special"`

	Abilities []Ability `toml:"ability"`
	Ranks     []Rank    `toml:"rank"`

	// House is the game's house rules (game.toml's [house_rules]): all off
	// in the rules data, where the book's sentences decide.
	House HouseRules `toml:"-"`
	Races []Race     `toml:"-"` // decoded via rawRace
	Ships []ShipType `toml:"-"` // decoded via rawShip
}

// OreRules says how much ore one cargo unit holds, by type (index 0 is type 1).
type OreRules struct {
	PerCargoUnit [OreTypes]int `toml:"per_cargo_unit"`
}

// GameRules are the game-wide constants.
type GameRules struct {
	MaxPlayers              int `toml:"max_players"`
	PlayerAllButAllies      int `toml:"player_all_but_allies"`
	PlayerEnemies           int `toml:"player_enemies"`
	PlayerSauran            int `toml:"player_sauran"`
	Phases                  int `toml:"phases"`
	TradingPlanets          int `toml:"trading_planets"`
	SauranBattleStations    int `toml:"sauran_battle_stations"`
	SauranMinShips          int `toml:"sauran_min_ships"`
	SauranStartInterceptors int `toml:"sauran_start_interceptors"`
	SauranScanFromTurn      int `toml:"sauran_scan_from_turn"`
	ExpectedLastTurn        int `toml:"expected_last_turn"`
	MinPlanetSpacing        int `toml:"min_planet_spacing"`
	MapRadius               int `toml:"map_radius"`
}

// MovementRules covers moves, jumps and the black hole.
type MovementRules struct {
	PhaseFraction                   int `toml:"phase_fraction"`
	WarpdriveRadius                 int `toml:"warpdrive_radius"`
	WarpdriveDefenceCost            int `toml:"warpdrive_defence_cost"`
	HyperdriveDefenceCost           int `toml:"hyperdrive_defence_cost"`
	HyperdriveMinDefence            int `toml:"hyperdrive_min_defence"`
	DestructionRadius               int `toml:"destruction_radius"`
	GravityFromTurn                 int `toml:"gravity_from_turn"`
	BattleStationGravityDefenceLoss int `toml:"battle_station_gravity_defence_loss"`
	PursueRangeFactor               int `toml:"pursue_range_factor"`
}

// JourneyRules are the route planner's own figures (engine/journey): the
// rule book is silent on planning, so they are choices (docs/choices.md).
type JourneyRules struct {
	// StopCandidates is how many planets, the nearest to the straight
	// line first, are tried as a fuel stop at each stop.
	StopCandidates int `toml:"stop_candidates"`
	// MaxStops is the most fuel stops a journey makes.
	MaxStops int `toml:"max_stops"`
	// MaxTurns is the most turns a journey is followed for when the game
	// would go on longer.
	MaxTurns int `toml:"max_turns"`
}

// BuildingRules covers building ships.
type BuildingRules struct {
	PerTurnBattleStation  int `toml:"per_turn_battle_station"`
	PerTurnMonitor        int `toml:"per_turn_monitor"`
	IndustryBase          int `toml:"industry_base"`
	IndustryPerSize       int `toml:"industry_per_size"`
	CustomFireUnitCost    int `toml:"custom_fire_unit_cost"`
	CustomDefenceUnitCost int `toml:"custom_defence_unit_cost"`
}

// HouseRules are readings that depart from an explicit sentence of the
// book, kept for games that choose them (docs/choices.md, "House rules").
// Each is off unless a game's game.toml turns it on.
type HouseRules struct {
	// TradingPlanetsHold keeps the trading planets where they are under
	// the pull of Silverfall, as the council's force fields of the
	// history would.
	TradingPlanetsHold bool `toml:"trading_planets_hold"`
	// StationRepairOfMaximum has a battle station repair a tenth of its
	// maximum defence rather than of the units it has.
	StationRepairOfMaximum bool `toml:"station_repair_of_maximum"`
	// SauranPaysNoUpkeep spares Sauran the fleets', crews' and
	// interceptors' pay, and has him collect no tax.
	SauranPaysNoUpkeep bool `toml:"sauran_pays_no_upkeep"`
}

// WithHouse is the rules with the house rules h: a copy, so that the
// shared rules stay as they are.
func (r *Rules) WithHouse(h HouseRules) *Rules {
	c := *r
	c.House = h
	return &c
}

// RepairRules covers repairs by other ships and battle stations' own.
type RepairRules struct {
	FireUnitCost                   int `toml:"fire_unit_cost"`
	DefenceUnitCost                int `toml:"defence_unit_cost"`
	BattleStationSelfRepairPercent int `toml:"battle_station_self_repair_percent"`
	BattleStationSelfRepairMin     int `toml:"battle_station_self_repair_min"`
}

// MineRules covers starting and running mines.
type MineRules struct {
	Cost                 int `toml:"cost"`
	MaxPerPlanet         int `toml:"max_per_planet"`
	MinPopulationToStart int `toml:"min_population_to_start"`
	PopulationPerMine    int `toml:"population_per_mine"`
}

// PlanetDefenceRules covers planet defence units (PDUs).
type PlanetDefenceRules struct {
	UnitCost        int `toml:"unit_cost"`
	MaxPerTurn      int `toml:"max_per_turn"`
	MaxPerPlanet    int `toml:"max_per_planet"`
	MinPopulation   int `toml:"min_population"`
	IndustryPerUnit int `toml:"industry_per_unit"`
	ShotsPerTurn    int `toml:"shots_per_turn"`
}

// InterceptorRules covers interceptors.
type InterceptorRules struct {
	Cost               int `toml:"cost"`
	Max                int `toml:"max"`
	PayPerTurn         int `toml:"pay_per_turn"`
	LostPerStoppedScan int `toml:"lost_per_stopped_scan"`
}

// ScanPlayerRules covers the SR order.
type ScanPlayerRules struct {
	CostCredits         int `toml:"cost_credits"`
	CostInterceptors    int `toml:"cost_interceptors"`
	StealCreditsPercent int `toml:"steal_credits_percent"`
	StealPointsPercent  int `toml:"steal_points_percent"`
	// SmallerEmpireMaxPoints: a smaller empire's scan faces at most this
	// many interceptors fewer, in proportion to how much smaller it is
	// (a choice: the book's "small increase in the chance").
	SmallerEmpireMaxPoints int `toml:"smaller_empire_max_points"`
}

// TradeRules covers buying and selling at trading planets.
type TradeRules struct {
	BuyPriceFactor      int `toml:"buy_price_factor"`
	PopulationBuyPrice  int `toml:"population_buy_price"`
	PopulationSellPrice int `toml:"population_sell_price"`
}

// UpkeepRules covers the end-of-turn pay.
type UpkeepRules struct {
	Fleet       int `toml:"fleet"`
	CrewBase    int `toml:"crew_base"`
	CrewPerSize int `toml:"crew_per_size"`
}

// PointRules covers points, anti-points and special abilities.
type PointRules struct {
	PerDamageToSauran               int `toml:"per_damage_to_sauran"`
	SauranCreditsPerDamageToPlayers int `toml:"sauran_credits_per_damage_to_players"`
	AntiPointsPerDamageTaken        int `toml:"anti_points_per_damage_taken"`
	AllyAntiPointsPercent           int `toml:"ally_anti_points_percent"`
	SpecialAbilityFirst             int `toml:"special_ability_first"`
	SpecialAbilityStep              int `toml:"special_ability_step"`
}

// ScoreRules gives what each holding adds to the score.
type ScoreRules struct {
	PerPlanet int `toml:"per_planet"`
	PerShip   int `toml:"per_ship"`
	PerMine   int `toml:"per_mine"`
}

// WinningRules gives the winning conditions' figures.
type WinningRules struct {
	PlanetSharePercent int `toml:"planet_share_percent"`
	Score              int `toml:"score"`
	Rings              int `toml:"rings"`
}

// RingRules covers the Rings of Darkness.
type RingRules struct {
	Count           int `toml:"count"`
	CreditsPerRing  int `toml:"credits_per_ring"`
	CarrierShipType int `toml:"carrier_ship_type"`
}

// DiplomacyRules covers allies, enemies and gifts.
type DiplomacyRules struct {
	MaxAllies           int `toml:"max_allies"`
	MaxEnemies          int `toml:"max_enemies"`
	AllyChangesPerTurn  int `toml:"ally_changes_per_turn"`
	EnemyChangesPerTurn int `toml:"enemy_changes_per_turn"`
	GiftsFromTurn       int `toml:"gifts_from_turn"`
	GiftPlanetsPerTurn  int `toml:"gift_planets_per_turn"`
	GiftShipsPerTurn    int `toml:"gift_ships_per_turn"`
}

// NamingRules gives the length limits of names and the broadcast.
type NamingRules struct {
	ShipLength          int `toml:"ship_length"`
	PlanetLength        int `toml:"planet_length"`
	OfficerLength       int `toml:"officer_length"`
	BroadcastLines      int `toml:"broadcast_lines"`
	BroadcastLineLength int `toml:"broadcast_line_length"`
}

// GrowthRules covers development and population growth.
type GrowthRules struct {
	MaxIndustry              int `toml:"max_industry"`
	MaxPopulation            int `toml:"max_population"`
	IndustryGrowthPercent    int `toml:"industry_growth_percent"`
	IndustryGrowthLowPercent int `toml:"industry_growth_low_percent"`
	PopulationGrowthPercent  int `toml:"population_growth_percent"`
	PopulationDeclinePercent int `toml:"population_decline_percent"`
	EmptyDeclinePercent      int `toml:"empty_decline_percent"`
}

// ArtifactRules covers the search for artifacts.
type ArtifactRules struct {
	PopulationPerPercent int `toml:"population_per_percent"`
	SearchLossPercent    int `toml:"search_loss_percent"`
	SearchLossMax        int `toml:"search_loss_max"`
}

// OfficerRules covers officers' levels and practice.
type OfficerRules struct {
	MaxLevel                 int `toml:"max_level"`
	MaxBoostedLevel          int `toml:"max_boosted_level"`
	CommodorePoints          int `toml:"commodore_points"`
	CommodoreMaxStartLevel   int `toml:"commodore_max_start_level"`
	CaptainsAtStart          int `toml:"captains_at_start"`
	PracticeSameLevelPercent int `toml:"practice_same_level_percent"`
	AptitudeFirstOverPercent int `toml:"aptitude_first_over_percent"`
	MainRacePercent          int `toml:"main_race_percent"`
	NCOPromotionPercent      int `toml:"nco_promotion_percent"`
}

// StartRules covers a position's starting fleet.
type StartRules struct {
	BattleStations int `toml:"battle_stations"`
	MaxShips       int `toml:"max_ships"`
	MaxPerType     int `toml:"max_per_type"`
	MaxShipsCost   int `toml:"max_ships_cost"`
}

// SetupRules are the choices of a new game.
type SetupRules struct {
	StartCredits        int           `toml:"start_credits"`
	SauranCredits       int           `toml:"sauran_credits"`
	TradingRadius       int           `toml:"trading_radius"`
	OriginTradeDistance int           `toml:"origin_trade_distance"`
	InnerRadius         int           `toml:"inner_radius"`
	PlanetsBase         int           `toml:"planets_base"`
	PlanetsPerPlayer    int           `toml:"planets_per_player"`
	OuterPercent        int           `toml:"outer_percent"`
	OuterOreFactor      int           `toml:"outer_ore_factor"`
	ArtifactPercent     int           `toml:"artifact_percent"`
	RingPoints          int           `toml:"ring_points"`
	SauranGuardPercent  int           `toml:"sauran_guard_percent"`
	OriginPopulation    int           `toml:"origin_population"`
	OriginIndustry      int           `toml:"origin_industry"`
	OriginFuel          int           `toml:"origin_fuel"`
	OriginOre           [OreTypes]int `toml:"origin_ore"`
}

// MarketRules are the trading planets' prices and stocks.
type MarketRules struct {
	BaseOrePrices         [OreTypes]int `toml:"base_ore_prices"`
	BaseFuelPrice         int           `toml:"base_fuel_price"`
	PriceVariationPercent int           `toml:"price_variation_percent"`
	ReferenceStock        [OreTypes]int `toml:"reference_stock"`
	ReferenceFuel         int           `toml:"reference_fuel"`
	ConsumptionPercent    int           `toml:"consumption_percent"`
	MinPricePercent       int           `toml:"min_price_percent"`
	MaxPricePercent       int           `toml:"max_price_percent"`
}

// Varied is the base price a trading planet is given for a good of
// nominal price v, u (from 0 to 1) of the way through the price variation
// either side of it: at least 1.
func (m *MarketRules) Varied(v int, u float64) int {
	f := float64(m.PriceVariationPercent) / 100
	return max(1, geom.Round(float64(v)*(1-f+2*f*u)))
}

// LowestBase is the lowest base price a trading planet can be given for a
// good of nominal price v (Varied at the bottom of the variation).
func (m *MarketRules) LowestBase(v int) int { return m.Varied(v, 0) }

// Price is what a trading planet of base price base asks for a good of
// reference stock ref while it holds stock: the base price times the
// reference over the stock, kept between the rules' least and most
// percent of the base, to whole credits, at least 1.
func (m *MarketRules) Price(base, ref, stock int) int {
	v := float64(base) * float64(ref) / float64(max(stock, 1))
	lo := float64(base) * float64(m.MinPricePercent) / 100
	hi := float64(base) * float64(m.MaxPricePercent) / 100
	return max(1, geom.Round(min(max(v, lo), hi)))
}

// StockFor is the least stock a trading planet of base price base can
// hold of a good of reference stock ref when it asks price below the top
// of its range: Price the other way round, the least stock whose price
// rounds to price or below.
func (m *MarketRules) StockFor(base, ref, price int) int {
	return 2*base*ref/(2*max(price, 1)+1) + 1
}

// MiningRules give the mines' output.
type MiningRules struct {
	Rates [OreTypes]int `toml:"rates"`
}

// BattleRules are the choices of battles and jumps.
type BattleRules struct {
	BombardIndustryLossPercent   int `toml:"bombard_industry_loss_percent"`
	BombardPopulationLossPercent int `toml:"bombard_population_loss_percent"`
	HyperdriveRadius             int `toml:"hyperdrive_radius"`
	HyperdriveMinRadius          int `toml:"hyperdrive_min_radius"`
	GiftHyperdrivePercent        int `toml:"gift_hyperdrive_percent"`
}

// SauranRules steer Dark Lord Sauran's program.
type SauranRules struct {
	InterceptorLossPerTurn int `toml:"interceptor_loss_per_turn"`
	InterceptorLossPerScan int `toml:"interceptor_loss_per_scan"`
	RoamPercent            int `toml:"roam_percent"`
	AttackPercent          int `toml:"attack_percent"`
	RescueShips            int `toml:"rescue_ships"`
	RescueRange            int `toml:"rescue_range"`
	GuardRadius            int `toml:"guard_radius"`
}

// NPCRules cover players who stop sending orders.
type NPCRules struct {
	MissedTurnsToDrop int `toml:"missed_turns_to_drop"`
}

// OfficerGrowthRules cover officers' own progress.
type OfficerGrowthRules struct {
	RandomIncreasePercent int `toml:"random_increase_percent"`
	NewOfficerLevelsMin   int `toml:"new_officer_levels_min"`
	NewOfficerLevelsMax   int `toml:"new_officer_levels_max"`
}

// Special is one of the council's special abilities: what it does, as an
// effect the engine knows and a figure.
type Special struct {
	ID          int    `toml:"id"`
	Name        string `toml:"name"`
	Effect      string `toml:"effect"`
	Value       int    `toml:"value"`
	Description string `toml:"description"`
}

// Special effects the engine applies.
const (
	EffectRefuel               = "refuel"
	EffectDamageTakenPercent   = "damage_taken_percent"
	EffectCommRangePercent     = "comm_range_percent"
	EffectMovementPercent      = "movement_percent"
	EffectBuildIndustryPercent = "build_industry_percent"
	EffectCreditsPerTurn       = "credits_per_turn"
	EffectInterceptionPercent  = "interception_percent"
	EffectGrowthCapPercent     = "growth_cap_percent"
	EffectOfficerCap           = "officer_cap"
	EffectMineOutputPercent    = "mine_output_percent"
)

// SpecialByName finds a special ability by its name, or nil.
func (r *Rules) SpecialByName(name string) *Special {
	for i := range r.Specials {
		if r.Specials[i].Name == name {
			return &r.Specials[i]
		}
	}
	return nil
}

// Ability is one of the fourteen officer abilities.
type Ability struct {
	ID      int      `toml:"id"`
	Name    string   `toml:"name"`
	Effects []Effect `toml:"effects"`
}

// Effect is what one level of an ability does.
type Effect struct {
	On              string  `toml:"on"` // ship, planet, builder or fleet
	Quantity        string  `toml:"quantity"`
	PercentPerLevel float64 `toml:"percent_per_level"`
	UnitsPerLevel   float64 `toml:"units_per_level"`
	Note            string  `toml:"note"`
}

// Rank is an officer's title by the sum of his unmodified levels.
type Rank struct {
	MinLevels     int    `toml:"min_levels"`
	MaxLevels     int    `toml:"max_levels"` // 0: no upper bound
	Ship          string `toml:"ship"`
	Planet        string `toml:"planet"`
	EscapePercent int    `toml:"escape_percent"`
}

// Race is one of the eleven races and the extra levels its officers get.
type Race struct {
	ID    int    `toml:"id"`
	Name  string `toml:"name"`
	Bonus [Abilities + 1]int
}

// ShipType is one row of the ship table with its capabilities.
type ShipType struct {
	ID            int
	Name          string
	Fire, Defence Units // a range for the customisable types
	Movement      Value
	FireRange     Value
	CommRange     Value
	Cargo         Value
	MaxFuel       Value
	Size          int
	Cost          int

	Customisable  bool
	Cloak         bool // has a cloaking device
	CloakedMoving bool // stays cloaked while moving
	Warpdrive     bool
	CarriesSize   int // total size of ships it can carry; 0 carries none
	Population    int // population it can carry; 0 carries none
	Refuels       bool
	Repairs       bool
	Unrepairable  bool
}

// Value is a figure of the ship table that may be "N/A" (not applicable),
// which is not the same as 0.
type Value struct {
	N  int
	OK bool // false: N/A
}

// NA is the "N/A" value.
var NA = Value{}

// Of returns the applicable value n.
func Of(n int) Value { return Value{N: n, OK: true} }

// String prints the value as the table does.
func (v Value) String() string {
	if !v.OK {
		return "N/A"
	}
	return strconv.Itoa(v.N)
}

// Or returns the value, or def when it is N/A.
func (v Value) Or(def int) int {
	if !v.OK {
		return def
	}
	return v.N
}

// Units is a ship type's fire or defence units: one figure, or for the
// customisable types the range a player may choose from.
type Units struct{ Min, Max int }

// Fixed reports whether the units are one figure rather than a range.
func (u Units) Fixed() bool { return u.Min == u.Max }

// Contains reports whether n is allowed.
func (u Units) Contains(n int) bool { return n >= u.Min && n <= u.Max }

// String prints "5" or "0-5".
func (u Units) String() string {
	if u.Fixed() {
		return strconv.Itoa(u.Min)
	}
	return fmt.Sprintf("%d-%d", u.Min, u.Max)
}

// Armed reports whether the type has fire units and a fire range.
func (t *ShipType) Armed() bool { return t.Fire.Max > 0 && t.FireRange.OK }

// CanMove reports whether the type has a movement range.
func (t *ShipType) CanMove() bool { return t.Movement.OK }

// CarriesCargo reports whether the type has cargo space.
func (t *ShipType) CarriesCargo() bool { return t.Cargo.OK && t.Cargo.N > 0 }

// Builds reports whether the type can build ships, and how many a turn.
func (r *Rules) Builds(typeID int) int {
	switch typeID {
	case TypeBattleStation:
		return r.Building.PerTurnBattleStation
	case TypeMonitor:
		return r.Building.PerTurnMonitor
	}
	return 0
}

// Ship returns ship type id, or nil when there is none.
func (r *Rules) Ship(id int) *ShipType {
	if id < 1 || id > len(r.Ships) {
		return nil
	}
	return &r.Ships[id-1]
}

// Ability returns ability id (1 to 14), or nil.
func (r *Rules) Ability(id int) *Ability {
	if id < 1 || id > len(r.Abilities) {
		return nil
	}
	return &r.Abilities[id-1]
}

// Race returns race id (1 to 11), or nil.
func (r *Rules) Race(id int) *Race {
	if id < 1 || id > len(r.Races) {
		return nil
	}
	return &r.Races[id-1]
}

// RankFor returns the rank for a sum of unmodified levels.
func (r *Rules) RankFor(levels int) Rank {
	for _, k := range r.Ranks {
		if levels >= k.MinLevels && (k.MaxLevels == 0 || levels <= k.MaxLevels) {
			return k
		}
	}
	return r.Ranks[0]
}

// IsPlayer reports whether n is the number of a real player (not a group).
func (r *Rules) IsPlayer(n int) bool { return n >= 1 && n <= r.Game.MaxPlayers }

// BuildIndustry is the industry a planet gives up for one ship of the type.
func (r *Rules) BuildIndustry(t *ShipType) int {
	return r.Building.IndustryBase + r.Building.IndustryPerSize*t.Size
}

// BuildCost is the credit price of a ship of the type; fire and defence
// count only for the customisable types.
func (r *Rules) BuildCost(t *ShipType, fire, defence int) int {
	c := t.Cost
	if t.Customisable {
		c += fire*r.Building.CustomFireUnitCost + defence*r.Building.CustomDefenceUnitCost
	}
	return c
}

// BuyCost is what n units of ore or fuel cost at a trading planet that
// pays price for them: it sells at the rules' factor over its price
// (before any special ability's discount).
func (r *Rules) BuyCost(n, price int) int { return n * price * r.Trade.BuyPriceFactor }

// CrewPay is the crew's pay for a ship of the type each turn.
func (r *Rules) CrewPay(t *ShipType) int { return r.Upkeep.CrewBase + r.Upkeep.CrewPerSize*t.Size }

// MarketUse is what a trading planet uses up in a turn of a stock whose
// reference is ref, in a game of the given number of players: the rules'
// share of the reference in a game of the most players, and in a smaller
// game in proportion to its planets (planets_base + planets_per_player a
// player). The five markets are there whatever the game's size, while the
// mines that feed them come with the planets.
func (r *Rules) MarketUse(ref, players int) int {
	players = min(max(players, 1), r.Game.MaxPlayers)
	size := func(n int) int { return r.Setup.PlanetsBase + r.Setup.PlanetsPerPlayer*n }
	return ref * r.Market.ConsumptionPercent * size(players) / (100 * size(r.Game.MaxPlayers))
}

// GravityPull is how far planets and ships are pulled toward Silverfall in
// the given turn: 1, 3, 6, 10, ... from the first turn of the pull on.
func (r *Rules) GravityPull(turn int) int {
	k := turn - r.Movement.GravityFromTurn + 1
	if k < 1 {
		return 0
	}
	return k * (k + 1) / 2
}

// Pulled is where the pull of Silverfall at the end of turn leaves a
// planet or ship that it draws, at loc before it: straight toward the
// centre by the turn's pull (GravityPull), to the nearest whole position.
func (r *Rules) Pulled(loc geom.Point, turn int) geom.Point {
	return loc.Toward(geom.Origin, r.GravityPull(turn))
}

// PullBetween is how far the pull of Silverfall draws a planet or ship
// over the ends of turns from to last, both included.
func (r *Rules) PullBetween(from, last int) int {
	n := 0
	for t := from; t <= last; t++ {
		n += r.GravityPull(t)
	}
	return n
}

// FallsIn is the last turn a planet or ship that the pull draws, found at
// loc on sheet's turn, still exists in: the turn at whose end the pull
// leaves it within the black hole's reach, turn by turn as the end of
// each turn moves it (Pulled). 0 when that is not by the end of turn
// last; sheet when it is within the reach already.
func (r *Rules) FallsIn(loc geom.Point, sheet, last int) int {
	d := r.Movement.DestructionRadius
	if loc.Within(geom.Origin, d) {
		return sheet
	}
	// No turn before the pull's first moves anything.
	for t := max(sheet+1, 1, r.Movement.GravityFromTurn); t <= last; t++ {
		if loc = r.Pulled(loc, t); loc.Within(geom.Origin, d) {
			return t
		}
	}
	return 0
}

// MarketLastTurn is the last turn that trades at a trading planet found at
// loc on sheet's turn: the turn whose orders (written on the sheet before
// it) are carried out before the pull of Silverfall at its end takes the
// planet within the black hole's reach (FallsIn). 0 when the trading
// planets hold their place (a house rule). Placed 70 out, a trading planet
// trades last in turn 20.
func (r *Rules) MarketLastTurn(loc geom.Point, sheet int) int {
	if r.House.TradingPlanetsHold {
		return 0
	}
	// The pull grows by a position more each turn: within a few hundred
	// turns it takes any planet of a map of the game's size.
	return r.FallsIn(loc, sheet, sheet+1000)
}

// CargoScale is the common multiple of the ore per cargo unit; cargo is
// counted in 1/CargoScale units so that mixed loads add up exactly.
func (r *Rules) CargoScale() int {
	l := 1
	for _, n := range r.Ore.PerCargoUnit {
		l = lcm(l, n)
	}
	return l
}

// CargoNeeded returns the cargo space, in 1/CargoScale units, that the ore
// takes (index 0 is ore type 1).
func (r *Rules) CargoNeeded(ore [OreTypes]int) int {
	s := r.CargoScale()
	total := 0
	for i, n := range ore {
		total += n * (s / r.Ore.PerCargoUnit[i])
	}
	return total
}

// CargoRoom is how many more units of ore type ty (1 to OreTypes) fit in
// cargoUnits cargo units that already hold cargo.
func (r *Rules) CargoRoom(cargoUnits int, cargo [OreTypes]int, ty int) int {
	per := r.CargoScale() / r.Ore.PerCargoUnit[ty-1]
	return max(0, cargoUnits*r.CargoScale()-r.CargoNeeded(cargo)) / per
}

func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

func lcm(a, b int) int { return a / gcd(a, b) * b }

var defaultRules = sync.OnceValues(func() (*Rules, error) {
	return Load(strings.NewReader(embedded))
})

// Default returns the rules embedded in the program. It panics only if the
// embedded data is broken, which the package's tests rule out.
func Default() *Rules {
	r, err := defaultRules()
	if err != nil {
		panic("embedded rules: " + err.Error())
	}
	return r
}

// Load decodes and checks a rules file.
func Load(rd io.Reader) (*Rules, error) {
	var raw rawRules
	md, err := toml.NewDecoder(rd).Decode(&raw)
	if err != nil {
		return nil, fmt.Errorf("rules: %w", err)
	}
	if und := md.Undecoded(); len(und) > 0 {
		keys := make([]string, len(und))
		for i, k := range und {
			keys[i] = k.String()
		}
		sort.Strings(keys)
		return nil, fmt.Errorf("rules: unknown key %q", keys[0])
	}
	r := &raw.Rules
	if err := requireKeys(md, reflect.ValueOf(r).Elem()); err != nil {
		return nil, err
	}
	if err := r.convert(&raw); err != nil {
		return nil, err
	}
	if err := r.validate(); err != nil {
		return nil, err
	}
	return r, nil
}

// rawRules is the file's shape; ships and races need converting.
type rawRules struct {
	Rules
	RawShips []rawShip `toml:"ship"`
	RawRaces []rawRace `toml:"race"`
}

type rawRace struct {
	ID    int            `toml:"id"`
	Name  string         `toml:"name"`
	Bonus map[string]int `toml:"bonus"`
}

type rawShip struct {
	ID            *int      `toml:"id"`
	Name          *string   `toml:"name"`
	Fire          *rawUnits `toml:"fire"`
	Defence       *rawUnits `toml:"defence"`
	Movement      *rawValue `toml:"movement"`
	FireRange     *rawValue `toml:"fire_range"`
	CommRange     *rawValue `toml:"comm_range"`
	Cargo         *rawValue `toml:"cargo"`
	MaxFuel       *rawValue `toml:"max_fuel"`
	Size          *int      `toml:"size"`
	Cost          *int      `toml:"cost"`
	Customisable  bool      `toml:"customisable"`
	Cloak         bool      `toml:"cloak"`
	CloakedMoving bool      `toml:"cloaked_moving"`
	Warpdrive     bool      `toml:"warpdrive"`
	CarriesSize   int       `toml:"carries_size"`
	Population    int       `toml:"population"`
	Refuels       bool      `toml:"refuels"`
	Repairs       bool      `toml:"repairs"`
	Unrepairable  bool      `toml:"unrepairable"`
}

type rawValue struct{ Value }

func (v *rawValue) UnmarshalTOML(x any) error {
	switch x := x.(type) {
	case int64:
		if x < 0 {
			return fmt.Errorf("negative figure %d", x)
		}
		v.Value = Of(int(x))
		return nil
	case string:
		if x == "N/A" {
			v.Value = NA
			return nil
		}
	}
	return fmt.Errorf("want a whole number or \"N/A\", got %v", x)
}

type rawUnits struct{ Units }

func (u *rawUnits) UnmarshalTOML(x any) error {
	switch x := x.(type) {
	case int64:
		if x < 0 {
			return fmt.Errorf("negative figure %d", x)
		}
		u.Units = Units{int(x), int(x)}
		return nil
	case string:
		lo, hi, ok := strings.Cut(x, "-")
		a, err1 := strconv.Atoi(strings.TrimSpace(lo))
		b, err2 := strconv.Atoi(strings.TrimSpace(hi))
		if ok && err1 == nil && err2 == nil && a >= 0 && a <= b {
			u.Units = Units{a, b}
			return nil
		}
	}
	return fmt.Errorf("want a whole number or a range \"min-max\", got %v", x)
}

// requireKeys checks that every field of every plain section is present.
func requireKeys(md toml.MetaData, rv reflect.Value) error {
	rt := rv.Type()
	for i := 0; i < rt.NumField(); i++ {
		sf := rt.Field(i)
		section := sf.Tag.Get("toml")
		if sf.Type.Kind() != reflect.Struct || section == "" || section == "-" {
			continue
		}
		if !md.IsDefined(section) {
			return fmt.Errorf("rules: missing section [%s]", section)
		}
		st := sf.Type
		for j := 0; j < st.NumField(); j++ {
			key := st.Field(j).Tag.Get("toml")
			if !md.IsDefined(section, key) {
				return fmt.Errorf("rules: missing key %q in [%s]", key, section)
			}
		}
	}
	return nil
}

func (r *Rules) convert(raw *rawRules) error {
	r.Ships = make([]ShipType, 0, len(raw.RawShips))
	for i, s := range raw.RawShips {
		where := fmt.Sprintf("rules: ship row %d", i+1)
		if s.ID != nil {
			where = fmt.Sprintf("rules: ship %d", *s.ID)
		}
		for _, k := range []struct {
			name string
			ok   bool
		}{{"id", s.ID != nil}, {"name", s.Name != nil}, {"fire", s.Fire != nil},
			{"defence", s.Defence != nil}, {"movement", s.Movement != nil},
			{"fire_range", s.FireRange != nil}, {"comm_range", s.CommRange != nil},
			{"cargo", s.Cargo != nil}, {"max_fuel", s.MaxFuel != nil},
			{"size", s.Size != nil}, {"cost", s.Cost != nil}} {
			if !k.ok {
				return fmt.Errorf("%s: missing key %q", where, k.name)
			}
		}
		r.Ships = append(r.Ships, ShipType{
			ID: *s.ID, Name: *s.Name, Fire: s.Fire.Units, Defence: s.Defence.Units,
			Movement: s.Movement.Value, FireRange: s.FireRange.Value, CommRange: s.CommRange.Value,
			Cargo: s.Cargo.Value, MaxFuel: s.MaxFuel.Value, Size: *s.Size, Cost: *s.Cost,
			Customisable: s.Customisable, Cloak: s.Cloak, CloakedMoving: s.CloakedMoving,
			Warpdrive: s.Warpdrive, CarriesSize: s.CarriesSize, Population: s.Population,
			Refuels: s.Refuels, Repairs: s.Repairs, Unrepairable: s.Unrepairable,
		})
	}
	r.Races = make([]Race, 0, len(raw.RawRaces))
	for _, rr := range raw.RawRaces {
		race := Race{ID: rr.ID, Name: rr.Name}
		keys := make([]string, 0, len(rr.Bonus))
		for k := range rr.Bonus { // any order: sorted below
			keys = append(keys, k)
		}
		sort.Strings(keys) // the same key named in an error every time
		for _, k := range keys {
			v := rr.Bonus[k]
			a, err := strconv.Atoi(k)
			if err != nil || a < 1 || a > Abilities {
				return fmt.Errorf("rules: race %d: bonus key %q is not an ability number 1 to %d", rr.ID, k, Abilities)
			}
			race.Bonus[a] = v
		}
		r.Races = append(r.Races, race)
	}
	return nil
}

func (r *Rules) validate() error {
	if r.Game.MaxPlayers < 1 || r.Setup.PlanetsBase < 0 || r.Setup.PlanetsPerPlayer < 0 ||
		r.Setup.PlanetsBase+r.Setup.PlanetsPerPlayer*r.Game.MaxPlayers <= 0 {
		return fmt.Errorf("rules: setup.planets_base %d + planets_per_player %d x game.max_players %d must make a game of planets (the markets' use is scaled by it)",
			r.Setup.PlanetsBase, r.Setup.PlanetsPerPlayer, r.Game.MaxPlayers)
	}
	for i, n := range r.Ore.PerCargoUnit {
		if n <= 0 {
			return fmt.Errorf("rules: ore.per_cargo_unit: ore type %d holds %d units a cargo unit; want more than 0", i+1, n)
		}
	}
	if err := checkSequence("ship", len(r.Ships), func(i int) int { return r.Ships[i].ID }); err != nil {
		return err
	}
	if err := checkSequence("ability", len(r.Abilities), func(i int) int { return r.Abilities[i].ID }); err != nil {
		return err
	}
	if err := checkSequence("race", len(r.Races), func(i int) int { return r.Races[i].ID }); err != nil {
		return err
	}
	if len(r.Abilities) != Abilities {
		return fmt.Errorf("rules: %d abilities; the game has %d", len(r.Abilities), Abilities)
	}
	if len(r.Ranks) == 0 {
		return fmt.Errorf("rules: no [[rank]] rows")
	}
	for i, k := range r.Ranks {
		if i > 0 && k.MinLevels != r.Ranks[i-1].MaxLevels+1 {
			return fmt.Errorf("rules: rank %q: min_levels %d does not follow the rank before (max %d)", k.Ship, k.MinLevels, r.Ranks[i-1].MaxLevels)
		}
	}
	for _, a := range r.Abilities {
		for _, e := range a.Effects {
			switch e.On {
			case "ship", "planet", "builder", "fleet":
			default:
				return fmt.Errorf("rules: ability %d (%s): effect on %q; want ship, planet, builder or fleet", a.ID, a.Name, e.On)
			}
		}
	}
	for i := range r.Ships {
		t := &r.Ships[i]
		if t.Name == "" {
			return fmt.Errorf("rules: ship %d: empty name", t.ID)
		}
		if t.Customisable == t.Fire.Fixed() && t.Customisable == t.Defence.Fixed() {
			return fmt.Errorf("rules: ship %d (%s): customisable must go with fire and defence ranges", t.ID, t.Name)
		}
		if t.CloakedMoving && !t.Cloak {
			return fmt.Errorf("rules: ship %d (%s): cloaked_moving without cloak", t.ID, t.Name)
		}
		if t.Size <= 0 || t.Cost <= 0 {
			return fmt.Errorf("rules: ship %d (%s): size and cost must be above 0", t.ID, t.Name)
		}
	}
	if err := checkSequence("special", len(r.Specials), func(i int) int { return r.Specials[i].ID }); err != nil {
		return err
	}
	for _, sp := range r.Specials {
		switch sp.Effect {
		case EffectRefuel, EffectDamageTakenPercent, EffectCommRangePercent, EffectMovementPercent,
			EffectBuildIndustryPercent, EffectCreditsPerTurn, EffectInterceptionPercent, EffectGrowthCapPercent,
			EffectOfficerCap, EffectMineOutputPercent:
		default:
			return fmt.Errorf("rules: special %d (%s): unknown effect %q", sp.ID, sp.Name, sp.Effect)
		}
	}
	for t, n := range r.Market.ReferenceStock {
		if n <= 0 || r.Market.BaseOrePrices[t] <= 0 {
			return fmt.Errorf("rules: market: ore type %d needs a reference stock and a base price above 0", t+1)
		}
	}
	if r.Market.ReferenceFuel <= 0 || r.Market.BaseFuelPrice <= 0 || r.Market.MinPricePercent <= 0 || r.Market.MaxPricePercent < 100 {
		return fmt.Errorf("rules: market: the fuel's reference stock and price, and the price bounds, must be above 0 (the upper bound at least 100)")
	}
	if r.Rings.CarrierShipType < 1 || r.Rings.CarrierShipType > len(r.Ships) {
		return fmt.Errorf("rules: rings.carrier_ship_type %d is not a ship type", r.Rings.CarrierShipType)
	}
	return nil
}

func checkSequence(what string, n int, id func(int) int) error {
	if n == 0 {
		return fmt.Errorf("rules: no [[%s]] rows", what)
	}
	for i := 0; i < n; i++ {
		if id(i) != i+1 {
			return fmt.Errorf("rules: %s row %d has id %d; ids must run 1, 2, 3, ... in order", what, i+1, id(i))
		}
	}
	return nil
}

// Adjust applies an officer's percentage per level to a figure and rounds
// the result as the rule book does (halves up).
func Adjust(v int, percentPerLevel float64, level int) int {
	x := float64(v) * (1 + percentPerLevel*float64(level)/100)
	if x < 0 {
		return -int(-x + 0.5)
	}
	return int(x + 0.5)
}

// AdjustAll applies several adjustments in percent to a figure, one after
// the other, and rounds only the final figure, as the rule book asks ("if
// there is more then one adjustment to be made in any one action, only the
// final figure is rounded out").
func AdjustAll(v float64, percents ...float64) int {
	for _, p := range percents {
		v *= 1 + p/100
	}
	if v < 0 {
		return -int(-v + 0.5)
	}
	return int(v + 0.5)
}

// Percent is the first percentage per level of ability a (0 if none).
func (r *Rules) Percent(a int) float64 {
	if ab := r.Ability(a); ab != nil && len(ab.Effects) > 0 {
		return ab.Effects[0].PercentPerLevel
	}
	return 0
}
