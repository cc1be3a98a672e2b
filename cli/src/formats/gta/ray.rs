//! `zerocol ray` for GTA: the nearest hit of a segment over a library's models.

use std::io::{self, Write};
use std::string::ToString;
use std::vec::Vec;

use zerocol::gta::Model;
use zerocol::query::{Hit, Query, Segment};

use super::{Pick, latin1, no_model};
use crate::tool::{Flags, RayHit, Verdict, options, write_ray};

/// `zerocol ray`: the nearest hit of `segment` over every model of the library (the
/// lower index wins a tie), or over the models `flags.model` picks; the material is
/// the surface's material id. A model's spheres, boxes and faces count, as the
/// games' line-of-sight test has them ([`zerocol::gta::Model`]'s `Query`).
pub(crate) fn ray(
    out: &mut dyn Write,
    bytes: &[u8],
    segment: Segment,
    flags: Flags,
) -> io::Result<Verdict> {
    let pick = flags.model.map(Pick::new);
    let mut names = Vec::new();
    let mut picked = false;
    let mut best: Option<(usize, Model<'_>, Hit<u8>)> = None;
    for (index, model) in zerocol::gta::models(bytes, options(flags.lenient)).enumerate() {
        let model = match model {
            Ok(model) => model,
            Err(error) => return Ok(Verdict::Malformed(error.to_string())),
        };
        names.push(latin1(model.name()));
        if pick.is_some_and(|pick| !pick.matches(index, model.name())) {
            continue;
        }
        picked = true;
        if let Some(hit) = model.cast(segment) {
            if best
                .as_ref()
                .is_none_or(|(_, _, nearest)| hit.t < nearest.t)
            {
                best = Some((index, model, hit));
            }
        }
    }
    if names.is_empty() {
        return Ok(Verdict::Malformed(no_model(bytes)));
    }
    if let (Some(pick), false) = (pick, picked) {
        return Ok(Verdict::Usage(pick.none_of(&names)));
    }
    let hit = best.map(|(index, model, hit)| RayHit::new(index, Some(latin1(model.name())), hit));
    write_ray(out, hit)
}
