//! Surface materials between the games (`gta::map_material`): SA's 179 surfaces to
//! III/VC's 35 and back, by meaning (docs/formats/gta.md, "Surface materials between
//! the games"). The expected values are written here by hand from the games' names.

use zerocol::gta::{
    DEFAULT_MATERIAL, Game, MappedMaterial, map_material, material_count, material_name,
};

fn sa_to_iii_vc(id: u8) -> MappedMaterial {
    map_material(id, Game::Sa, Game::IiiVc)
}

fn iii_vc_to_sa(id: u8) -> MappedMaterial {
    map_material(id, Game::IiiVc, Game::Sa)
}

/// The III/VC name an SA id maps to (`None`: no equivalent or unknown).
fn iii_vc_name(sa: u8) -> Option<&'static str> {
    match sa_to_iii_vc(sa) {
        MappedMaterial::Equivalent(id) => material_name(Game::IiiVc, id),
        _ => None,
    }
}

#[test]
fn sa_surfaces_map_to_iii_vc_by_meaning() {
    // The case: SA's GRASS_MEDIUM_DRY is III/VC's GRASS, not LAMP_POST (13).
    assert_eq!(material_name(Game::Sa, 13), Some("GRASS_MEDIUM_DRY"));
    assert_eq!(sa_to_iii_vc(13), MappedMaterial::Equivalent(2));
    assert_eq!(material_name(Game::IiiVc, 13), Some("LAMP_POST"));
    // Every SA grass, golf grass, meadow and P_ grass is GRASS.
    for sa in [
        9, 10, 11, 12, 13, 14, 15, 16, 19, 20, 80, 81, 82, 115, 116, 117, 146, 153, 160,
    ] {
        assert_eq!(iii_vc_name(sa), Some("GRASS"), "SA {sa}");
    }
    // Tarmac and painted ground are TARMAC; pavements and concretes PAVEMENT.
    for sa in [1, 2, 3, 8] {
        assert_eq!(iii_vc_name(sa), Some("TARMAC"), "SA {sa}");
    }
    for sa in [4, 5, 7, 34, 89, 135, 161, 165] {
        assert_eq!(iii_vc_name(sa), Some("PAVEMENT"), "SA {sa}");
    }
    // Sands (the beach one too: III treats 33 SAND_BEACH as illegal) are SAND.
    for sa in [28, 29, 30, 31, 32, 33, 74, 79] {
        assert_eq!(iii_vc_name(sa), Some("SAND"), "SA {sa}");
    }
    // Dirt is III/VC's 3 (GRAVEL, "dirt" in the older re3 names), dirt tracks 4 MUD_DRY.
    assert_eq!(iii_vc_name(26), Some("GRAVEL"));
    assert_eq!(iii_vc_name(27), Some("MUD_DRY"));
    assert_eq!(iii_vc_name(24), Some("MUD_DRY"));
    // Steep surfaces keep III/VC's push off the slope.
    for sa in [17, 18, 37] {
        assert_eq!(iii_vc_name(sa), Some("STEEP_CLIFF"), "SA {sa}");
    }
    // Water, glass, cars and the props both games name alike.
    assert_eq!(iii_vc_name(39), Some("WATER"));
    assert_eq!(iii_vc_name(46), Some("GLASS"));
    assert_eq!(iii_vc_name(175), Some("GLASS"));
    assert_eq!(iii_vc_name(65), Some("CAR_PANEL"));
    assert_eq!(iii_vc_name(171), Some("CONTAINER"));
    assert_eq!(iii_vc_name(177), Some("PED"));
    assert_eq!(sa_to_iii_vc(53), MappedMaterial::Equivalent(13)); // LAMP_POST
    assert_eq!(sa_to_iii_vc(54), MappedMaterial::Equivalent(32)); // METAL_GATE
}

#[test]
fn same_named_surfaces_map_to_the_same_name() {
    // Where SA has a surface of a III/VC name, that name is where it goes.
    let mut same = 0;
    for sa in 0..179u8 {
        let name = material_name(Game::Sa, sa).unwrap();
        let iii_vc = (0..33u8).find(|&id| material_name(Game::IiiVc, id) == Some(name));
        if let Some(iii_vc) = iii_vc {
            assert_eq!(
                sa_to_iii_vc(sa),
                MappedMaterial::Equivalent(iii_vc),
                "{name}"
            );
            same += 1;
        }
    }
    // All but GRASS, SAND and WATER, which SA splits into variants.
    assert_eq!(same, 30);
}

#[test]
fn sa_surfaces_without_an_iii_vc_equivalent_become_default() {
    let none: Vec<u8> = (0..179u8)
        .filter(|&id| sa_to_iii_vc(id) == MappedMaterial::NoEquivalent)
        .collect();
    assert_eq!(
        none,
        [
            35, 36, 48, 49, 71, 91, 92, 93, 98, 102, 103, 104, 105, 106, 107, 108, 109, 131, 140,
            158, 163, 176, 178
        ]
    );
    let names: Vec<_> = [35, 71, 103, 178]
        .iter()
        .map(|&id| material_name(Game::Sa, id).unwrap())
        .collect();
    assert_eq!(names, ["ROCK_DRY", "CARPET", "P_KIRCHENFLOOR", "RAILTRACK"]);
    assert_eq!(MappedMaterial::NoEquivalent.id(), DEFAULT_MATERIAL);
    assert_eq!(DEFAULT_MATERIAL, 0);
    assert_eq!(
        material_name(Game::IiiVc, DEFAULT_MATERIAL),
        Some("DEFAULT")
    );
}

#[test]
fn sa_to_iii_vc_writes_only_ids_iii_reads() {
    // III names 35 surfaces but treats 33 and 34 (SAND_BEACH, CONCRETE_BEACH) as
    // illegal: the mapping, for both games, stays below 33.
    for sa in 0..179u8 {
        if let MappedMaterial::Equivalent(id) = sa_to_iii_vc(sa) {
            assert!(id < 33, "SA {sa} -> {id}");
        }
    }
    assert_eq!(material_count(Game::IiiVc), 35);
}

#[test]
fn iii_vc_surfaces_all_have_an_sa_equivalent() {
    let expected: [(u8, &str); 35] = [
        (0, "DEFAULT"),
        (1, "TARMAC"),
        (10, "GRASS_MEDIUM_LUSH"),
        (6, "GRAVEL"),
        (25, "MUD_DRY"),
        (4, "PAVEMENT"),
        (63, "CAR"),
        (45, "GLASS"),
        (66, "TRANSPARENT_CLOTH"),
        (50, "GARAGE_DOOR"),
        (64, "CAR_PANEL"),
        (51, "THICK_METAL_PLATE"),
        (52, "SCAFFOLD_POLE"),
        (53, "LAMP_POST"),
        (57, "FIRE_HYDRANT"),
        (56, "GIRDER"),
        (55, "METAL_CHAIN_FENCE"),
        (62, "PED"),
        (29, "SAND_MEDIUM"),
        (39, "WATER_SHALLOW"),
        (42, "WOOD_CRATES"),
        (70, "WOOD_BENCH"),
        (43, "WOOD_SOLID"),
        (67, "RUBBER"),
        (68, "PLASTIC"),
        (41, "HEDGE"),
        (18, "STEEP_CLIFF"),
        (58, "CONTAINER"),
        (59, "NEWS_VENDOR"),
        (60, "WHEELBASE"),
        (61, "CARDBOARDBOX"),
        (69, "TRANSPARENT_STONE"),
        (54, "METAL_GATE"),
        (33, "SAND_BEACH"),
        (34, "CONCRETE_BEACH"),
    ];
    for (iii_vc, (sa, name)) in (0u8..).zip(expected) {
        assert_eq!(
            iii_vc_to_sa(iii_vc),
            MappedMaterial::Equivalent(sa),
            "III/VC {iii_vc}"
        );
        assert_eq!(material_name(Game::Sa, sa), Some(name));
    }
    // There and back: III's 33 surfaces come back as themselves; VC's two beach
    // surfaces come back as what III reads too.
    for id in 0..33u8 {
        assert_eq!(
            sa_to_iii_vc(iii_vc_to_sa(id).id()),
            MappedMaterial::Equivalent(id)
        );
    }
    assert_eq!(
        sa_to_iii_vc(iii_vc_to_sa(33).id()),
        MappedMaterial::Equivalent(18)
    );
    assert_eq!(
        sa_to_iii_vc(iii_vc_to_sa(34).id()),
        MappedMaterial::Equivalent(5)
    );
}

#[test]
fn ids_past_a_table_are_unknown_and_one_table_keeps_every_id() {
    for id in 179..=255u8 {
        assert_eq!(sa_to_iii_vc(id), MappedMaterial::Unknown);
    }
    for id in 35..=255u8 {
        assert_eq!(iii_vc_to_sa(id), MappedMaterial::Unknown);
    }
    assert_eq!(MappedMaterial::Unknown.id(), 0);
    for id in 0..=255u8 {
        for game in [Game::IiiVc, Game::Sa, Game::All] {
            assert_eq!(map_material(id, game, game), MappedMaterial::Equivalent(id));
        }
        assert_eq!(
            map_material(id, Game::All, Game::Sa),
            MappedMaterial::Equivalent(id)
        );
        assert_eq!(
            map_material(id, Game::Sa, Game::All),
            MappedMaterial::Equivalent(id)
        );
    }
}

/// The rows of the markdown table under `header` in `text`, as cells.
fn table_rows<'a>(text: &'a str, header: &str) -> Vec<Vec<&'a str>> {
    let start = text
        .find(header)
        .unwrap_or_else(|| panic!("no table {header:?}"));
    text[start..]
        .lines()
        .skip(2) // the header and the |---| line
        .take_while(|line| line.starts_with('|'))
        .map(|line| line.trim_matches('|').split('|').map(str::trim).collect())
        .collect()
}

/// `13 GRASS_MEDIUM_DRY` as (13, "GRASS_MEDIUM_DRY").
fn id_and_name(cell: &str) -> (u8, &str) {
    let (id, name) = cell.split_once(' ').unwrap();
    (id.parse().unwrap(), name)
}

#[test]
fn the_format_page_tables_are_the_mapping() {
    let page = include_str!("../../../docs/formats/gta.md");
    let start = page
        .find("\n## Surface materials between the games\n")
        .unwrap();
    let end = page[start + 1..].find("\n## ").unwrap() + start + 1;
    let section = &page[start..end];
    // SA to III/VC: every SA surface in exactly one row, as map_material puts it.
    let mut seen = [0u8; 179];
    for row in table_rows(section, "| III/VC surface | SA surfaces written as it |") {
        let target = if row[0].starts_with("none") {
            MappedMaterial::NoEquivalent
        } else {
            let (id, name) = id_and_name(row[0]);
            assert_eq!(material_name(Game::IiiVc, id), Some(name), "{row:?}");
            MappedMaterial::Equivalent(id)
        };
        for cell in row[1].split(", ") {
            let (sa, name) = id_and_name(cell);
            assert_eq!(material_name(Game::Sa, sa), Some(name), "{cell}");
            assert_eq!(sa_to_iii_vc(sa), target, "{cell}");
            seen[usize::from(sa)] += 1;
        }
    }
    assert_eq!(seen, [1; 179]);
    // III/VC to SA: one row per III/VC surface, in order.
    let rows = table_rows(section, "| III/VC surface | SA surface |");
    assert_eq!(rows.len(), 35);
    for (iii_vc, row) in (0u8..).zip(&rows) {
        let (id, name) = id_and_name(row[0]);
        assert_eq!(
            (id, Some(name)),
            (iii_vc, material_name(Game::IiiVc, iii_vc))
        );
        let (sa, name) = id_and_name(row[1]);
        assert_eq!(material_name(Game::Sa, sa), Some(name));
        assert_eq!(iii_vc_to_sa(iii_vc), MappedMaterial::Equivalent(sa));
    }
}
