//! Stage `surfaces` (after `lint`, for [`Game`]): surface material names: the `material`
//! byte of a sphere, box or face indexes a table of the game's ([`guide::gta`](crate::guide::gta),
//! "Material names").
//!
//! III and Vice City share one table of 35 surfaces (re3's and reVC's
//! `eSurfaceType`; III treats the last two as illegal). San Andreas has 179, in the
//! order of its `surfinfo.dat` (the executable's name table has the same order).
//! The names are the games' own identifiers, misspellings included
//! (`P_KIRCHENFLOOR`). Each game reads the ids of every version with its own table
//! (SA reads COLL materials as SA ids), so [`map_material`] maps an id between
//! the tables, by meaning.

use super::{Game, Version};

/// The table of a game (`None` for [`Game::All`]: the games disagree).
const fn table(game: Game) -> Option<&'static [&'static str]> {
    match game {
        Game::IiiVc => Some(&III_VC),
        Game::Sa => Some(&SA),
        Game::All => None,
    }
}

/// The name of surface material `id` in `game`, as the game spells it (`GRASS`,
/// `P_SAND_ARID`), or `None` past the game's table or for [`Game::All`].
///
/// ```
/// use zerocol::gta::{Game, material_name};
///
/// assert_eq!(material_name(Game::IiiVc, 2), Some("GRASS"));
/// assert_eq!(material_name(Game::Sa, 2), Some("TARMAC_FUCKED"));
/// assert_eq!(material_name(Game::Sa, 179), None);
/// ```
pub fn material_name(game: Game, id: u8) -> Option<&'static str> {
    table(game)?.get(usize::from(id)).copied()
}

/// How many materials `game` names (35 for III/VC, 179 for SA, 0 for
/// [`Game::All`]).
pub fn material_count(game: Game) -> usize {
    table(game).map_or(0, <[&str]>::len)
}

impl Game {
    /// The game whose materials a model of `version` names: III/VC for COLL (SA
    /// reads COLL too, but its own files are COL2 and COL3), SA for the others.
    pub const fn of_version(version: Version) -> Self {
        match version {
            Version::Coll => Self::IiiVc,
            Version::Col2 | Version::Col3 | Version::Col4 => Self::Sa,
        }
    }
}

/// GTA III and Vice City (re3 and reVC `eSurfaceType`, `SURFACE_` prefix dropped).
const III_VC: [&str; 35] = [
    "DEFAULT",
    "TARMAC",
    "GRASS",
    "GRAVEL",
    "MUD_DRY",
    "PAVEMENT",
    "CAR",
    "GLASS",
    "TRANSPARENT_CLOTH",
    "GARAGE_DOOR",
    "CAR_PANEL",
    "THICK_METAL_PLATE",
    "SCAFFOLD_POLE",
    "LAMP_POST",
    "FIRE_HYDRANT",
    "GIRDER",
    "METAL_CHAIN_FENCE",
    "PED",
    "SAND",
    "WATER",
    "WOOD_CRATES",
    "WOOD_BENCH",
    "WOOD_SOLID",
    "RUBBER",
    "PLASTIC",
    "HEDGE",
    "STEEP_CLIFF",
    "CONTAINER",
    "NEWS_VENDOR",
    "WHEELBASE",
    "CARDBOARDBOX",
    "TRANSPARENT_STONE",
    "METAL_GATE",
    "SAND_BEACH",
    "CONCRETE_BEACH",
];

/// San Andreas (`surfinfo.dat`, first column).
const SA: [&str; 179] = [
    "DEFAULT",
    "TARMAC",
    "TARMAC_FUCKED",
    "TARMAC_REALLYFUCKED",
    "PAVEMENT",
    "PAVEMENT_FUCKED",
    "GRAVEL",
    "FUCKED_CONCRETE",
    "PAINTED_GROUND",
    "GRASS_SHORT_LUSH",
    "GRASS_MEDIUM_LUSH",
    "GRASS_LONG_LUSH",
    "GRASS_SHORT_DRY",
    "GRASS_MEDIUM_DRY",
    "GRASS_LONG_DRY",
    "GOLFGRASS_ROUGH",
    "GOLFGRASS_SMOOTH",
    "STEEP_SLIDYGRASS",
    "STEEP_CLIFF",
    "FLOWERBED",
    "MEADOW",
    "WASTEGROUND",
    "WOODLANDGROUND",
    "VEGETATION",
    "MUD_WET",
    "MUD_DRY",
    "DIRT",
    "DIRTTRACK",
    "SAND_DEEP",
    "SAND_MEDIUM",
    "SAND_COMPACT",
    "SAND_ARID",
    "SAND_MORE",
    "SAND_BEACH",
    "CONCRETE_BEACH",
    "ROCK_DRY",
    "ROCK_WET",
    "ROCK_CLIFF",
    "WATER_RIVERBED",
    "WATER_SHALLOW",
    "CORNFIELD",
    "HEDGE",
    "WOOD_CRATES",
    "WOOD_SOLID",
    "WOOD_THIN",
    "GLASS",
    "GLASS_WINDOWS_LARGE",
    "GLASS_WINDOWS_SMALL",
    "EMPTY1",
    "EMPTY2",
    "GARAGE_DOOR",
    "THICK_METAL_PLATE",
    "SCAFFOLD_POLE",
    "LAMP_POST",
    "METAL_GATE",
    "METAL_CHAIN_FENCE",
    "GIRDER",
    "FIRE_HYDRANT",
    "CONTAINER",
    "NEWS_VENDOR",
    "WHEELBASE",
    "CARDBOARDBOX",
    "PED",
    "CAR",
    "CAR_PANEL",
    "CAR_MOVINGCOMPONENT",
    "TRANSPARENT_CLOTH",
    "RUBBER",
    "PLASTIC",
    "TRANSPARENT_STONE",
    "WOOD_BENCH",
    "CARPET",
    "FLOORBOARD",
    "STAIRSWOOD",
    "P_SAND",
    "P_SAND_DENSE",
    "P_SAND_ARID",
    "P_SAND_COMPACT",
    "P_SAND_ROCKY",
    "P_SANDBEACH",
    "P_GRASS_SHORT",
    "P_GRASS_MEADOW",
    "P_GRASS_DRY",
    "P_WOODLAND",
    "P_WOODDENSE",
    "P_ROADSIDE",
    "P_ROADSIDEDES",
    "P_FLOWERBED",
    "P_WASTEGROUND",
    "P_CONCRETE",
    "P_OFFICEDESK",
    "P_711SHELF1",
    "P_711SHELF2",
    "P_711SHELF3",
    "P_RESTUARANTTABLE",
    "P_BARTABLE",
    "P_UNDERWATERLUSH",
    "P_UNDERWATERBARREN",
    "P_UNDERWATERCORAL",
    "P_UNDERWATERDEEP",
    "P_RIVERBED",
    "P_RUBBLE",
    "P_BEDROOMFLOOR",
    "P_KIRCHENFLOOR",
    "P_LIVINGRMFLOOR",
    "P_CORRIDORFLOOR",
    "P_711FLOOR",
    "P_FASTFOODFLOOR",
    "P_SKANKYFLOOR",
    "P_MOUNTAIN",
    "P_MARSH",
    "P_BUSHY",
    "P_BUSHYMIX",
    "P_BUSHYDRY",
    "P_BUSHYMID",
    "P_GRASSWEEFLOWERS",
    "P_GRASSDRYTALL",
    "P_GRASSLUSHTALL",
    "P_GRASSGRNMIX",
    "P_GRASSBRNMIX",
    "P_GRASSLOW",
    "P_GRASSROCKY",
    "P_GRASSSMALLTREES",
    "P_DIRTROCKY",
    "P_DIRTWEEDS",
    "P_GRASSWEEDS",
    "P_RIVEREDGE",
    "P_POOLSIDE",
    "P_FORESTSTUMPS",
    "P_FORESTSTICKS",
    "P_FORRESTLEAVES",
    "P_DESERTROCKS",
    "P_FORRESTDRY",
    "P_SPARSEFLOWERS",
    "P_BUILDINGSITE",
    "P_DOCKLANDS",
    "P_INDUSTRIAL",
    "P_INDUSTJETTY",
    "P_CONCRETELITTER",
    "P_ALLEYRUBISH",
    "P_JUNKYARDPILES",
    "P_JUNKYARDGRND",
    "P_DUMP",
    "P_CACTUSDENSE",
    "P_AIRPORTGRND",
    "P_CORNFIELD",
    "P_GRASSLIGHT",
    "P_GRASSLIGHTER",
    "P_GRASSLIGHTER2",
    "P_GRASSMID1",
    "P_GRASSMID2",
    "P_GRASSDARK",
    "P_GRASSDARK2",
    "P_GRASSDIRTMIX",
    "P_RIVERBEDSTONE",
    "P_RIVERBEDSHALLOW",
    "P_RIVERBEDWEEDS",
    "P_SEAWEED",
    "DOOR",
    "PLASTICBARRIER",
    "PARKGRASS",
    "STAIRSSTONE",
    "STAIRSMETAL",
    "STAIRSCARPET",
    "FLOORMETAL",
    "FLOORCONCRETE",
    "BIN_BAG",
    "THIN_METAL_SHEET",
    "METAL_BARREL",
    "PLASTIC_CONE",
    "PLASTIC_DUMPSTER",
    "METAL_DUMPSTER",
    "WOOD_PICKET_FENCE",
    "WOOD_SLATTED_FENCE",
    "WOOD_RANCH_FENCE",
    "UNBREAKABLE_GLASS",
    "HAY_BALE",
    "GORE",
    "RAILTRACK",
];

/// The id [`map_material`] writes for a surface the target game has no equivalent
/// of, or for an id that names no surface: `DEFAULT`, the first entry of every
/// table.
pub const DEFAULT_MATERIAL: u8 = 0;

/// What a surface material id of one game's table becomes in another's
/// ([`map_material`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "defmt", derive(defmt::Format))]
#[non_exhaustive]
pub enum MappedMaterial {
    /// The target table's id of the same surface, or of the nearest surface of its
    /// kind (the id itself when both tables are one).
    Equivalent(u8),
    /// The target game has no surface of that kind: write [`DEFAULT_MATERIAL`].
    NoEquivalent,
    /// The id is past the source game's table, so it names no surface there: write
    /// [`DEFAULT_MATERIAL`].
    Unknown,
}

impl MappedMaterial {
    /// The id to write: the equivalent's, or [`DEFAULT_MATERIAL`].
    pub const fn id(self) -> u8 {
        match self {
            Self::Equivalent(id) => id,
            Self::NoEquivalent | Self::Unknown => DEFAULT_MATERIAL,
        }
    }
}

/// Surface material `id` of `from`'s table, as `to`'s table names the same kind of
/// surface ([`guide::gta`](crate::guide::gta), "Surface materials between the games").
///
/// SA reads the material byte of every version, COLL included, with its own table,
/// and III/VC with theirs, so a model moved between the games needs its ids mapped.
/// SA to III/VC maps by meaning (SA's 25 grasses to `GRASS`, its sands to `SAND`,
/// its concretes to `PAVEMENT`, ...) and never writes ids 33 and 34, which III
/// treats as illegal; 23 SA surfaces (rock, carpet, interior floors, ...) have no
/// III/VC equivalent. III/VC to SA is total. The same game on both sides, or
/// [`Game::All`] on either (no one table), keeps the id.
///
/// ```
/// use zerocol::gta::{Game, MappedMaterial, map_material, material_name};
///
/// // SA's GRASS_MEDIUM_DRY (13) is III/VC's GRASS (2); III/VC would read 13 as LAMP_POST.
/// let grass = map_material(13, Game::Sa, Game::IiiVc);
/// assert_eq!(grass, MappedMaterial::Equivalent(2));
/// assert_eq!(material_name(Game::IiiVc, grass.id()), Some("GRASS"));
/// assert_eq!(material_name(Game::IiiVc, 13), Some("LAMP_POST"));
/// // SA's CARPET (71) has none: DEFAULT (0) stands in.
/// assert_eq!(map_material(71, Game::Sa, Game::IiiVc), MappedMaterial::NoEquivalent);
/// assert_eq!(map_material(71, Game::Sa, Game::IiiVc).id(), 0);
/// // III/VC's GRASS is SA's GRASS_MEDIUM_LUSH (10).
/// assert_eq!(map_material(2, Game::IiiVc, Game::Sa), MappedMaterial::Equivalent(10));
/// assert_eq!(map_material(200, Game::Sa, Game::IiiVc), MappedMaterial::Unknown);
/// assert_eq!(map_material(200, Game::Sa, Game::Sa), MappedMaterial::Equivalent(200));
/// ```
pub fn map_material(id: u8, from: Game, to: Game) -> MappedMaterial {
    let table: &[u8] = match (from, to) {
        (Game::Sa, Game::IiiVc) => &SA_TO_III_VC,
        (Game::IiiVc, Game::Sa) => &III_VC_TO_SA,
        _ => return MappedMaterial::Equivalent(id),
    };
    match table.get(usize::from(id)) {
        None => MappedMaterial::Unknown,
        Some(&NONE) => MappedMaterial::NoEquivalent,
        Some(&mapped) => MappedMaterial::Equivalent(mapped),
    }
}

/// A table entry for a surface with no equivalent.
const NONE: u8 = u8::MAX;

/// III/VC ids, for the SA table below.
mod iii_vc {
    pub const DEFAULT: u8 = 0;
    pub const TARMAC: u8 = 1;
    pub const GRASS: u8 = 2;
    pub const GRAVEL: u8 = 3;
    pub const MUD_DRY: u8 = 4;
    pub const PAVEMENT: u8 = 5;
    pub const CAR: u8 = 6;
    pub const GLASS: u8 = 7;
    pub const TRANSPARENT_CLOTH: u8 = 8;
    pub const GARAGE_DOOR: u8 = 9;
    pub const CAR_PANEL: u8 = 10;
    pub const THICK_METAL_PLATE: u8 = 11;
    pub const SCAFFOLD_POLE: u8 = 12;
    pub const LAMP_POST: u8 = 13;
    pub const FIRE_HYDRANT: u8 = 14;
    pub const GIRDER: u8 = 15;
    pub const METAL_CHAIN_FENCE: u8 = 16;
    pub const PED: u8 = 17;
    pub const SAND: u8 = 18;
    pub const WATER: u8 = 19;
    pub const WOOD_CRATES: u8 = 20;
    pub const WOOD_BENCH: u8 = 21;
    pub const WOOD_SOLID: u8 = 22;
    pub const RUBBER: u8 = 23;
    pub const PLASTIC: u8 = 24;
    pub const HEDGE: u8 = 25;
    pub const STEEP_CLIFF: u8 = 26;
    pub const CONTAINER: u8 = 27;
    pub const NEWS_VENDOR: u8 = 28;
    pub const WHEELBASE: u8 = 29;
    pub const CARDBOARDBOX: u8 = 30;
    pub const TRANSPARENT_STONE: u8 = 31;
    pub const METAL_GATE: u8 = 32;
}

/// SA id → III/VC id, by meaning; [`NONE`] where III/VC have no such surface.
#[rustfmt::skip]
const SA_TO_III_VC: [u8; 179] = {
    use iii_vc::*;
    [
        DEFAULT,            // 0 DEFAULT
        TARMAC,             // 1 TARMAC
        TARMAC,             // 2 TARMAC_FUCKED
        TARMAC,             // 3 TARMAC_REALLYFUCKED
        PAVEMENT,           // 4 PAVEMENT
        PAVEMENT,           // 5 PAVEMENT_FUCKED
        GRAVEL,             // 6 GRAVEL
        PAVEMENT,           // 7 FUCKED_CONCRETE
        TARMAC,             // 8 PAINTED_GROUND
        GRASS,              // 9 GRASS_SHORT_LUSH
        GRASS,              // 10 GRASS_MEDIUM_LUSH
        GRASS,              // 11 GRASS_LONG_LUSH
        GRASS,              // 12 GRASS_SHORT_DRY
        GRASS,              // 13 GRASS_MEDIUM_DRY
        GRASS,              // 14 GRASS_LONG_DRY
        GRASS,              // 15 GOLFGRASS_ROUGH
        GRASS,              // 16 GOLFGRASS_SMOOTH
        STEEP_CLIFF,        // 17 STEEP_SLIDYGRASS
        STEEP_CLIFF,        // 18 STEEP_CLIFF
        GRASS,              // 19 FLOWERBED
        GRASS,              // 20 MEADOW
        GRAVEL,             // 21 WASTEGROUND
        GRAVEL,             // 22 WOODLANDGROUND
        HEDGE,              // 23 VEGETATION
        MUD_DRY,            // 24 MUD_WET
        MUD_DRY,            // 25 MUD_DRY
        GRAVEL,             // 26 DIRT
        MUD_DRY,            // 27 DIRTTRACK
        SAND,               // 28 SAND_DEEP
        SAND,               // 29 SAND_MEDIUM
        SAND,               // 30 SAND_COMPACT
        SAND,               // 31 SAND_ARID
        SAND,               // 32 SAND_MORE
        SAND,               // 33 SAND_BEACH
        PAVEMENT,           // 34 CONCRETE_BEACH
        NONE,               // 35 ROCK_DRY
        NONE,               // 36 ROCK_WET
        STEEP_CLIFF,        // 37 ROCK_CLIFF
        WATER,              // 38 WATER_RIVERBED
        WATER,              // 39 WATER_SHALLOW
        GRASS,              // 40 CORNFIELD
        HEDGE,              // 41 HEDGE
        WOOD_CRATES,        // 42 WOOD_CRATES
        WOOD_SOLID,         // 43 WOOD_SOLID
        WOOD_CRATES,        // 44 WOOD_THIN
        GLASS,              // 45 GLASS
        GLASS,              // 46 GLASS_WINDOWS_LARGE
        GLASS,              // 47 GLASS_WINDOWS_SMALL
        NONE,               // 48 EMPTY1
        NONE,               // 49 EMPTY2
        GARAGE_DOOR,        // 50 GARAGE_DOOR
        THICK_METAL_PLATE,  // 51 THICK_METAL_PLATE
        SCAFFOLD_POLE,      // 52 SCAFFOLD_POLE
        LAMP_POST,          // 53 LAMP_POST
        METAL_GATE,         // 54 METAL_GATE
        METAL_CHAIN_FENCE,  // 55 METAL_CHAIN_FENCE
        GIRDER,             // 56 GIRDER
        FIRE_HYDRANT,       // 57 FIRE_HYDRANT
        CONTAINER,          // 58 CONTAINER
        NEWS_VENDOR,        // 59 NEWS_VENDOR
        WHEELBASE,          // 60 WHEELBASE
        CARDBOARDBOX,       // 61 CARDBOARDBOX
        PED,                // 62 PED
        CAR,                // 63 CAR
        CAR_PANEL,          // 64 CAR_PANEL
        CAR_PANEL,          // 65 CAR_MOVINGCOMPONENT
        TRANSPARENT_CLOTH,  // 66 TRANSPARENT_CLOTH
        RUBBER,             // 67 RUBBER
        PLASTIC,            // 68 PLASTIC
        TRANSPARENT_STONE,  // 69 TRANSPARENT_STONE
        WOOD_BENCH,         // 70 WOOD_BENCH
        NONE,               // 71 CARPET
        WOOD_SOLID,         // 72 FLOORBOARD
        WOOD_SOLID,         // 73 STAIRSWOOD
        SAND,               // 74 P_SAND
        SAND,               // 75 P_SAND_DENSE
        SAND,               // 76 P_SAND_ARID
        SAND,               // 77 P_SAND_COMPACT
        SAND,               // 78 P_SAND_ROCKY
        SAND,               // 79 P_SANDBEACH
        GRASS,              // 80 P_GRASS_SHORT
        GRASS,              // 81 P_GRASS_MEADOW
        GRASS,              // 82 P_GRASS_DRY
        GRASS,              // 83 P_WOODLAND
        GRASS,              // 84 P_WOODDENSE
        GRAVEL,             // 85 P_ROADSIDE
        GRAVEL,             // 86 P_ROADSIDEDES
        GRASS,              // 87 P_FLOWERBED
        GRAVEL,             // 88 P_WASTEGROUND
        PAVEMENT,           // 89 P_CONCRETE
        WOOD_SOLID,         // 90 P_OFFICEDESK
        NONE,               // 91 P_711SHELF1
        NONE,               // 92 P_711SHELF2
        NONE,               // 93 P_711SHELF3
        WOOD_SOLID,         // 94 P_RESTUARANTTABLE
        WOOD_SOLID,         // 95 P_BARTABLE
        SAND,               // 96 P_UNDERWATERLUSH
        SAND,               // 97 P_UNDERWATERBARREN
        NONE,               // 98 P_UNDERWATERCORAL
        SAND,               // 99 P_UNDERWATERDEEP
        WATER,              // 100 P_RIVERBED
        GRAVEL,             // 101 P_RUBBLE
        NONE,               // 102 P_BEDROOMFLOOR
        NONE,               // 103 P_KIRCHENFLOOR
        NONE,               // 104 P_LIVINGRMFLOOR
        NONE,               // 105 P_CORRIDORFLOOR
        NONE,               // 106 P_711FLOOR
        NONE,               // 107 P_FASTFOODFLOOR
        NONE,               // 108 P_SKANKYFLOOR
        NONE,               // 109 P_MOUNTAIN
        MUD_DRY,            // 110 P_MARSH
        GRASS,              // 111 P_BUSHY
        GRASS,              // 112 P_BUSHYMIX
        GRASS,              // 113 P_BUSHYDRY
        GRASS,              // 114 P_BUSHYMID
        GRASS,              // 115 P_GRASSWEEFLOWERS
        GRASS,              // 116 P_GRASSDRYTALL
        GRASS,              // 117 P_GRASSLUSHTALL
        GRASS,              // 118 P_GRASSGRNMIX
        GRASS,              // 119 P_GRASSBRNMIX
        GRASS,              // 120 P_GRASSLOW
        GRASS,              // 121 P_GRASSROCKY
        GRASS,              // 122 P_GRASSSMALLTREES
        GRAVEL,             // 123 P_DIRTROCKY
        GRAVEL,             // 124 P_DIRTWEEDS
        GRASS,              // 125 P_GRASSWEEDS
        MUD_DRY,            // 126 P_RIVEREDGE
        PAVEMENT,           // 127 P_POOLSIDE
        GRAVEL,             // 128 P_FORESTSTUMPS
        GRAVEL,             // 129 P_FORESTSTICKS
        GRAVEL,             // 130 P_FORRESTLEAVES
        NONE,               // 131 P_DESERTROCKS
        GRAVEL,             // 132 P_FORRESTDRY
        GRASS,              // 133 P_SPARSEFLOWERS
        GRAVEL,             // 134 P_BUILDINGSITE
        PAVEMENT,           // 135 P_DOCKLANDS
        PAVEMENT,           // 136 P_INDUSTRIAL
        PAVEMENT,           // 137 P_INDUSTJETTY
        PAVEMENT,           // 138 P_CONCRETELITTER
        PAVEMENT,           // 139 P_ALLEYRUBISH
        NONE,               // 140 P_JUNKYARDPILES
        GRAVEL,             // 141 P_JUNKYARDGRND
        GRAVEL,             // 142 P_DUMP
        SAND,               // 143 P_CACTUSDENSE
        GRASS,              // 144 P_AIRPORTGRND
        GRASS,              // 145 P_CORNFIELD
        GRASS,              // 146 P_GRASSLIGHT
        GRASS,              // 147 P_GRASSLIGHTER
        GRASS,              // 148 P_GRASSLIGHTER2
        GRASS,              // 149 P_GRASSMID1
        GRASS,              // 150 P_GRASSMID2
        GRASS,              // 151 P_GRASSDARK
        GRASS,              // 152 P_GRASSDARK2
        GRASS,              // 153 P_GRASSDIRTMIX
        WATER,              // 154 P_RIVERBEDSTONE
        WATER,              // 155 P_RIVERBEDSHALLOW
        WATER,              // 156 P_RIVERBEDWEEDS
        SAND,               // 157 P_SEAWEED
        NONE,               // 158 DOOR
        PLASTIC,            // 159 PLASTICBARRIER
        GRASS,              // 160 PARKGRASS
        PAVEMENT,           // 161 STAIRSSTONE
        THICK_METAL_PLATE,  // 162 STAIRSMETAL
        NONE,               // 163 STAIRSCARPET
        THICK_METAL_PLATE,  // 164 FLOORMETAL
        PAVEMENT,           // 165 FLOORCONCRETE
        PLASTIC,            // 166 BIN_BAG
        THICK_METAL_PLATE,  // 167 THIN_METAL_SHEET
        THICK_METAL_PLATE,  // 168 METAL_BARREL
        PLASTIC,            // 169 PLASTIC_CONE
        PLASTIC,            // 170 PLASTIC_DUMPSTER
        CONTAINER,          // 171 METAL_DUMPSTER
        WOOD_CRATES,        // 172 WOOD_PICKET_FENCE
        WOOD_CRATES,        // 173 WOOD_SLATTED_FENCE
        WOOD_CRATES,        // 174 WOOD_RANCH_FENCE
        GLASS,              // 175 UNBREAKABLE_GLASS
        NONE,               // 176 HAY_BALE
        PED,                // 177 GORE
        NONE,               // 178 RAILTRACK
    ]
};

/// III/VC id → SA id: every III/VC surface has one of the same name (GRASS, SAND
/// and WATER, which SA splits, go to GRASS_MEDIUM_LUSH, SAND_MEDIUM and
/// WATER_SHALLOW).
#[rustfmt::skip]
const III_VC_TO_SA: [u8; 35] = [
    0,  // DEFAULT → DEFAULT
    1,  // TARMAC → TARMAC
    10, // GRASS → GRASS_MEDIUM_LUSH
    6,  // GRAVEL → GRAVEL
    25, // MUD_DRY → MUD_DRY
    4,  // PAVEMENT → PAVEMENT
    63, // CAR → CAR
    45, // GLASS → GLASS
    66, // TRANSPARENT_CLOTH → TRANSPARENT_CLOTH
    50, // GARAGE_DOOR → GARAGE_DOOR
    64, // CAR_PANEL → CAR_PANEL
    51, // THICK_METAL_PLATE → THICK_METAL_PLATE
    52, // SCAFFOLD_POLE → SCAFFOLD_POLE
    53, // LAMP_POST → LAMP_POST
    57, // FIRE_HYDRANT → FIRE_HYDRANT
    56, // GIRDER → GIRDER
    55, // METAL_CHAIN_FENCE → METAL_CHAIN_FENCE
    62, // PED → PED
    29, // SAND → SAND_MEDIUM
    39, // WATER → WATER_SHALLOW
    42, // WOOD_CRATES → WOOD_CRATES
    70, // WOOD_BENCH → WOOD_BENCH
    43, // WOOD_SOLID → WOOD_SOLID
    67, // RUBBER → RUBBER
    68, // PLASTIC → PLASTIC
    41, // HEDGE → HEDGE
    18, // STEEP_CLIFF → STEEP_CLIFF
    58, // CONTAINER → CONTAINER
    59, // NEWS_VENDOR → NEWS_VENDOR
    60, // WHEELBASE → WHEELBASE
    61, // CARDBOARDBOX → CARDBOARDBOX
    69, // TRANSPARENT_STONE → TRANSPARENT_STONE
    54, // METAL_GATE → METAL_GATE
    33, // SAND_BEACH → SAND_BEACH
    34, // CONCRETE_BEACH → CONCRETE_BEACH
];
