//! `zerocol info` for GTA `.col`: a readable summary, model by model.

use std::borrow::ToOwned;
use std::format;
use std::io::{self, Write};
use std::string::{String, ToString};
use std::vec::Vec;

use zerocol::gta::{self, End, Flags, Game, Model, Recovered, Version};

use super::{Pick, latin1};
use crate::tool;
use crate::tool::Verdict;
use crate::tool::options;

/// Prints every model as it is read. Strict and lenient walks stop at the first
/// malformed model (what came before is printed); `recover` steps over damage and
/// lists the skipped ranges, and the file still counts as malformed.
pub(crate) fn info(
    out: &mut impl Write,
    label: &str,
    bytes: &[u8],
    flags: tool::Flags,
) -> io::Result<Verdict> {
    let tool::Flags {
        lenient,
        recover,
        game,
        model,
    } = flags;
    let mode = match (lenient, recover) {
        (false, false) => "strict",
        (true, false) => "lenient",
        (false, true) => "strict, recovering",
        (true, true) => "lenient, recovering",
    };
    let header = format!("{label}: gta-col, {} bytes ({mode})", bytes.len());
    if let Some(wanted) = model {
        return info_model(out, &header, bytes, flags, Pick::new(wanted));
    }
    writeln!(out, "{header}")?;
    let mut count = 0usize;
    if recover {
        let mut walk = gta::recover(bytes, options(lenient));
        let mut skipped = 0usize;
        for item in walk.by_ref() {
            match item {
                Recovered::Model(model) => {
                    write_model(out, count, model.offset(), &model, game)?;
                    count = count.saturating_add(1);
                }
                Recovered::Skipped(s) => {
                    writeln!(out, "{}", super::skipped_line(&s))?;
                    skipped = skipped.saturating_add(1);
                }
            }
        }
        write_end(out, count, walk.end())?;
        if count == 0 && skipped == 0 {
            return Ok(Verdict::Malformed(super::no_model(bytes)));
        }
        if skipped > 0 {
            return Ok(Verdict::Malformed(super::recovered(skipped, count)));
        }
        return Ok(Verdict::Ok);
    }
    let mut walk = gta::models(bytes, options(lenient));
    for model in walk.by_ref() {
        match model {
            Ok(model) => {
                write_model(out, count, model.offset(), &model, game)?;
                count = count.saturating_add(1);
            }
            Err(error) => return Ok(Verdict::Malformed(error.to_string())),
        }
    }
    write_end(out, count, walk.end())?;
    if count == 0 {
        return Ok(Verdict::Malformed(super::no_model(bytes)));
    }
    Ok(Verdict::Ok)
}

/// `info --model`: the header line and the models `pick` names, once the walk has
/// found them. A malformed file prints those before the damage (none found: the
/// error alone, since the model may lie past it); a file that reads, but holds no
/// such model, is a usage error, with nothing printed.
fn info_model<'b>(
    out: &mut impl Write,
    header: &str,
    bytes: &'b [u8],
    flags: tool::Flags,
    pick: Pick<'_>,
) -> io::Result<Verdict> {
    let mut found = Vec::new();
    let mut names = Vec::new();
    let mut damage = None;
    let mut consider = |model: Model<'b>| {
        let index = names.len();
        if pick.matches(index, model.name()) {
            found.push((index, model));
        }
        names.push(latin1(model.name()));
    };
    if flags.recover {
        let mut skipped = 0usize;
        for item in gta::recover(bytes, options(flags.lenient)) {
            match item {
                Recovered::Model(model) => consider(model),
                Recovered::Skipped(_) => skipped = skipped.saturating_add(1),
            }
        }
        if skipped > 0 {
            damage = Some(super::recovered(skipped, names.len()));
        }
    } else {
        for model in gta::models(bytes, options(flags.lenient)) {
            match model {
                Ok(model) => consider(model),
                Err(error) => {
                    damage = Some(error.to_string());
                    break;
                }
            }
        }
    }
    if found.is_empty() {
        return Ok(match damage {
            Some(message) => Verdict::Malformed(message),
            None if names.is_empty() => Verdict::Malformed(super::no_model(bytes)),
            None => Verdict::Usage(pick.none_of(&names)),
        });
    }
    writeln!(out, "{header}")?;
    for (index, model) in found {
        write_model(out, index, model.offset(), &model, flags.game)?;
    }
    Ok(damage.map_or(Verdict::Ok, Verdict::Malformed))
}

/// One model's lines; `at` is where it lies in the file (a `.dff`'s headerless
/// payload is read from a copy); `game` names the materials (by default the
/// model's version's game).
pub(crate) fn write_model(
    out: &mut impl Write,
    index: usize,
    at: usize,
    m: &Model<'_>,
    game: Option<Game>,
) -> io::Result<()> {
    writeln!(
        out,
        "model {index} at byte {at} (0x{at:x}): {} {:?}",
        m.version(),
        latin1(m.name())
    )?;
    let cut = if m.is_truncated() {
        ", cut short by the end of the file"
    } else {
        ""
    };
    // COLL has no model id: its bytes 30..32 are the end of the name block.
    let id = if m.version() == Version::Coll {
        String::new()
    } else {
        format!(", model id: {}", m.model_id())
    };
    writeln!(
        out,
        "  size: {} ({} bytes in the file{cut}){id}",
        m.size(),
        m.len()
    )?;
    if m.version() == Version::Coll {
        writeln!(out, "  flags: 0x0 (COLL has no header flags)")?;
    } else {
        writeln!(
            out,
            "  flags: 0x{:x} ({})",
            m.flags().bits(),
            flag_names(m.flags())
        )?;
    }
    if let Some(extra) = m.col4_extra() {
        writeln!(out, "  COL4 extra word: 0x{extra:08x}")?;
    }
    let b = m.bounds();
    writeln!(
        out,
        "  bounds: min {:?}, max {:?}, center {:?}, radius {:?}",
        b.min, b.max, b.center, b.radius
    )?;
    writeln!(
        out,
        "  spheres {}, boxes {}, lines {}, vertices {}, faces {}, face groups {}, shadow vertices {}, shadow faces {}",
        m.spheres().len(),
        m.boxes().len(),
        m.lines().len(),
        m.vertices().len(),
        m.faces().len(),
        m.face_groups().len(),
        m.shadow_vertices().len(),
        m.shadow_faces().len(),
    )?;
    write_materials(out, m, game)?;
    for lint in m.lints() {
        writeln!(out, "  warning: {lint}")?;
    }
    Ok(())
}

/// `  materials (SA names): 9 GRASS_SHORT_LUSH ×12, 45 GLASS ×2`: each material of
/// the spheres, boxes and faces (shadow faces apart) by id and name, with how many
/// use it; nothing for a model without any.
fn write_materials(out: &mut impl Write, m: &Model<'_>, game: Option<Game>) -> io::Result<()> {
    let game = match game {
        Some(Game::All) | None => Game::of_version(m.version()),
        Some(game) => game,
    };
    let mut counts = [0usize; 256];
    let ids = m
        .spheres()
        .iter()
        .map(|s| s.surface.material)
        .chain(m.boxes().iter().map(|b| b.surface.material))
        .chain(m.faces().iter().map(|f| f.surface.material()));
    for id in ids {
        if let Some(n) = counts.get_mut(usize::from(id)) {
            *n = n.saturating_add(1);
        }
    }
    let used: Vec<String> = (0..=u8::MAX)
        .zip(counts)
        .filter(|&(_, n)| n > 0)
        .map(|(id, n)| match gta::material_name(game, id) {
            Some(name) => format!("{id} {name} ×{n}"),
            None => format!("{id} (unnamed) ×{n}"),
        })
        .collect();
    if used.is_empty() {
        return Ok(());
    }
    let names = match game {
        Game::IiiVc => "III/VC",
        Game::Sa | Game::All => "SA",
        // `Game` is `#[non_exhaustive]`: a game added later is named by its Debug.
        _ => return writeln!(out, "  materials ({game:?} names): {}", used.join(", ")),
    };
    writeln!(out, "  materials ({names} names): {}", used.join(", "))
}

/// `not-empty, face-groups`; unknown bits as hex; `none` for 0.
fn flag_names(flags: Flags) -> String {
    const NAMES: [(u32, &str); 4] = [
        (Flags::USE_CONES, "use-cones"),
        (Flags::NOT_EMPTY, "not-empty"),
        (Flags::FACE_GROUPS, "face-groups"),
        (Flags::SHADOW_MESH, "shadow-mesh"),
    ];
    let bits = flags.bits();
    let mut names: Vec<String> = NAMES
        .iter()
        .filter(|(bit, _)| bits & bit != 0)
        .map(|(_, name)| (*name).to_owned())
        .collect();
    let known = NAMES.iter().fold(0, |acc, (bit, _)| acc | bit);
    if bits & !known != 0 {
        names.push(format!("unknown 0x{:x}", bits & !known));
    }
    if names.is_empty() {
        "none".to_owned()
    } else {
        names.join(", ")
    }
}

fn write_end(out: &mut impl Write, count: usize, end: Option<End>) -> io::Result<()> {
    let Some(end) = end else {
        return writeln!(out, "{}", crate::io::counted(count, "model"));
    };
    let at = end.offset;
    let what = match (end.trailing_bytes, end.trailing_is_padding) {
        (0, _) => "no trailing bytes".to_owned(),
        (n, true) => format!("{n} trailing bytes of zero padding"),
        (n, false) => format!("{n} trailing bytes that are not a model (ignored, as the games do)"),
    };
    writeln!(
        out,
        "{}; end at byte {at} (0x{at:x}): {what}",
        crate::io::counted(count, "model")
    )
}
