//! RenderWare `.dff` files (`--format dff`): the GTA model in the Clump's collision
//! plugin, through the `gta-col` printers, with where it was found.

use std::borrow::ToOwned;
use std::format;
use std::io::{self, Write};
use std::string::{String, ToString};
use std::vec::Vec;

use zerocol::gta::dff::{Dff, FRAME_LEN, Payload};
use zerocol::gta::{Model, Options};

use crate::formats::gta::{DffJson, Dump, Pick, latin1, write_model};
use crate::tool::{self, Checked, Flags, RayHit, Verdict, Warning, options};

crate::tool::module_tool!(
    Dffs,
    "`dff`: GTA collision inside a RenderWare `.dff`.",
    convert,
    ray,
    models
);

/// What `--format dff` asks a file to be.
const NOUN: &str = "a .dff";

/// What a `.dff` looks like: a Clump, or a UV animation dictionary first.
fn looks(bytes: &[u8]) -> String {
    if bytes.get(..4) == Some(&zerocol::gta::dff::CLUMP.to_le_bytes()[..]) {
        "a RenderWare .dff (a Clump)".to_owned()
    } else {
        "a RenderWare .dff (a UV animation dictionary, then a Clump)".to_owned()
    }
}

/// A `.dff` read, and its model (from `bytes`, or from `scratch` for a headerless
/// payload) with its offset in the `.dff`.
pub(crate) struct Read<'a> {
    /// The chunk walk.
    pub dff: Dff<'a>,
    /// The model and where it starts in the `.dff` (its bounds, when headerless).
    pub model: Option<(Model<'a>, usize)>,
    /// Lenient reading let a short Clump through.
    pub warnings: Vec<String>,
}

impl Read<'_> {
    /// Why a `.dff` that reads holds no collision model, with where the collision
    /// chunk was looked for.
    pub(crate) fn no_model(&self) -> String {
        let clump = self.dff.clump();
        match self.dff.extension() {
            Some(extension) => format!(
                "the .dff holds no collision model: the Clump's Extension at byte {} ({} bytes, \
                 to byte {}) has no collision chunk (type 0x{:X})",
                extension.offset(),
                extension.size(),
                extension.end(),
                zerocol::gta::dff::COLLISION_PLUGIN
            ),
            None => format!(
                "the .dff holds no collision model: the Clump at byte {} (to byte {}) has no \
                 Extension, where the collision chunk (type 0x{:X}) would be",
                clump.offset(),
                clump.end(),
                zerocol::gta::dff::COLLISION_PLUGIN
            ),
        }
    }
}

/// Reads the `.dff` and its model; a headerless payload is framed into `scratch`.
pub(crate) fn read<'a>(
    bytes: &'a [u8],
    lenient: bool,
    scratch: &'a mut Vec<u8>,
) -> Result<Read<'a>, String> {
    let options: Options = options(lenient);
    let dff = Dff::parse(bytes, options).map_err(|e| e.to_string())?;
    let mut warnings = Vec::new();
    if dff.has_short_clump() {
        let clump = dff.clump();
        warnings.push(format!(
            "the Clump at byte {} declares {} bytes and ends at byte {}, before chunks it holds (read past it)",
            clump.offset(),
            clump.size(),
            clump.end()
        ));
    }
    let model = match dff.collision().map(|c| c.payload()) {
        None => None,
        Some(Payload::Model(model)) => Some((model, model.offset())),
        Some(Payload::Headerless(headerless)) => {
            scratch.clear();
            scratch.resize(headerless.framed_len(), 0);
            let model = headerless
                .frame(scratch, options)
                .map_err(|e| e.to_string())?;
            Some((model, headerless.offset()))
        }
        // `Payload` is `#[non_exhaustive]`: a kind added later is refused, not skipped.
        Some(_) => {
            return Err(
                "the collision chunk holds a kind of payload this version of zerocol does not read"
                    .to_owned(),
            );
        }
    };
    Ok(Read {
        dff,
        model,
        warnings,
    })
}

/// `zerocol convert` of a `.dff` into a `.col`: its collision model written as
/// `conversion.settings` asks (a `.dff` without one is malformed), after what the
/// read let through.
pub(crate) fn convert(
    bytes: &[u8],
    conversion: tool::Conversion,
) -> Result<tool::Converted, tool::Error> {
    let mut scratch = Vec::new();
    convert_read(bytes, conversion, &mut scratch).map(|(converted, _)| converted)
}

/// `zerocol convert` of a `.dff` into a `.dff`: the same file with its collision
/// model converted as [`convert`] writes it, every other byte kept (the sizes of
/// the chunks around the model follow it).
pub(crate) fn convert_in_place(
    bytes: &[u8],
    conversion: tool::Conversion,
) -> Result<tool::Converted, tool::Error> {
    let mut scratch = Vec::new();
    let (converted, read) = convert_read(bytes, conversion, &mut scratch)?;
    // A model zerocol wrote: it reads strictly.
    let model = zerocol::gta::models(&converted.bytes, Options::STRICT)
        .next()
        .ok_or_else(|| "the converted model file holds no model".to_owned())
        .and_then(|model| model.map_err(|e| format!("the converted model: {e}")))
        .map_err(tool::Error::Malformed)?;
    let (bytes, fixed) = replace(&read.dff, &model).map_err(tool::Error::Malformed)?;
    let mut warnings = converted.warnings;
    if fixed {
        let clump = read.dff.clump();
        warnings.push(format!(
            "the Clump at byte {}, {} bytes short of the chunks it holds, has its size fixed \
             in the output",
            clump.offset(),
            read.dff.children_end().saturating_sub(clump.end())
        ));
    }
    Ok(tool::Converted { bytes, warnings })
}

/// [`convert`], and the `.dff` read, which [`convert_in_place`] writes the model
/// into.
fn convert_read<'a>(
    bytes: &'a [u8],
    conversion: tool::Conversion,
    scratch: &'a mut Vec<u8>,
) -> Result<(tool::Converted, Read<'a>), tool::Error> {
    if conversion.to.is_some_and(|to| to.gta().is_none()) {
        return Err(tool::Error::Unsupported);
    }
    let read = read(bytes, conversion.lenient, scratch).map_err(tool::Error::Malformed)?;
    let model = read
        .model
        .ok_or_else(|| tool::Error::Malformed(read.no_model()))?;
    let mut converted = crate::formats::gta::convert_models(&[model], conversion.settings)?;
    let mut warnings = read.warnings.clone();
    warnings.extend(crate::formats::gta::tolerated(core::slice::from_ref(
        &model.0,
    )));
    converted.warnings.splice(0..0, warnings);
    Ok((converted, read))
}

/// `dff` with its collision replaced by `model`, and whether that fixed a short
/// Clump (the output reads strictly, where the input's Clump was short).
pub(crate) fn replace(dff: &Dff<'_>, model: &Model<'_>) -> Result<(Vec<u8>, bool), String> {
    let cannot = |e: zerocol::gta::dff::WriteError| format!("cannot write the .dff: {e}");
    let mut bytes = vec![0; dff.replace_len(model.len()).map_err(cannot)?];
    dff.replace(model, &mut bytes).map_err(cannot)?;
    let fixed = dff.has_short_clump() && Dff::parse(&bytes, Options::STRICT).is_ok();
    Ok((bytes, fixed))
}

/// `zerocol info` for a `.dff`.
pub(crate) fn info(
    out: &mut impl Write,
    label: &str,
    bytes: &[u8],
    flags: tool::Flags,
) -> io::Result<Verdict> {
    let missing = flags
        .model
        .and_then(|wanted| no_such_model(bytes, flags.lenient, wanted));
    if let Some(message) = missing {
        return Ok(Verdict::Usage(message));
    }
    let mode = if flags.lenient { "lenient" } else { "strict" };
    writeln!(out, "{label}: dff, {} bytes ({mode})", bytes.len())?;
    let mut scratch = Vec::new();
    let read = match read(bytes, flags.lenient, &mut scratch) {
        Ok(read) => read,
        Err(message) => return Ok(Verdict::Malformed(message)),
    };
    let clump = read.dff.clump();
    let at = clump.offset();
    write!(out, "Clump at byte {at} (0x{at:x}), {} bytes", clump.size())?;
    match read.dff.collision() {
        Some(collision) => {
            let chunk = collision.chunk();
            let at = chunk.offset();
            writeln!(
                out,
                "; collision chunk 0x{:08x} at byte {at} (0x{at:x}), {} bytes",
                chunk.kind(),
                chunk.size()
            )?;
        }
        None => writeln!(out, "; no collision chunk (0x0253f2fa) in its Extension")?,
    }
    for warning in &read.warnings {
        writeln!(out, "warning: {warning}")?;
    }
    if let Some((model, at)) = &read.model {
        if read.dff.collision().is_some_and(|c| c.is_headerless()) {
            writeln!(
                out,
                "headerless payload (PS2: no FourCC, size or name) at byte {at} (0x{at:x}), read as a COLL model with an empty name"
            )?;
        }
        write_model(out, 0, *at, model, flags.game)?;
    }
    Ok(Verdict::Ok)
}

/// `info --model`'s usage error for a `.dff` that reads but whose one model (index 0)
/// is not the one asked for.
fn no_such_model(bytes: &[u8], lenient: bool, wanted: &str) -> Option<String> {
    let mut scratch = Vec::new();
    let read = read(bytes, lenient, &mut scratch).ok()?;
    let pick = Pick::new(wanted);
    match &read.model {
        None => Some(read.no_model()),
        Some((model, _)) if !pick.matches(0, model.name()) => {
            Some(pick.none_of(&[latin1(model.name())]))
        }
        Some(_) => None,
    }
}

/// `zerocol dump` for a `.dff`: the `gta-col` document with a `"dff"` object.
pub(crate) fn dump(out: &mut dyn Write, bytes: &[u8], flags: Flags) -> io::Result<Verdict> {
    let mut scratch = Vec::new();
    let document = read(bytes, flags.lenient, &mut scratch).map(|read| {
        let collision = read.dff.collision();
        let json = DffJson {
            clump_offset: read.dff.clump().offset(),
            chunk_offset: collision.map(|c| c.chunk().offset()),
            chunk_type: collision.map(|c| c.chunk().kind()),
            headerless: collision.is_some_and(|c| c.is_headerless()),
        };
        Dump::of_dff(read.model, json, read.warnings, flags.lenient)
    });
    tool::write_dump(out, document)
}

/// `zerocol ray` for a `.dff`: the nearest hit on its model (model 0, in the
/// model's own space), or `{"hit": null}` when it holds no collision.
pub(crate) fn ray(
    out: &mut dyn Write,
    bytes: &[u8],
    segment: zerocol::query::Segment,
    flags: Flags,
) -> io::Result<Verdict> {
    use zerocol::query::Query;
    let missing = flags
        .model
        .and_then(|wanted| no_such_model(bytes, flags.lenient, wanted));
    if let Some(message) = missing {
        return Ok(Verdict::Usage(message));
    }
    let mut scratch = Vec::new();
    let read = match read(bytes, flags.lenient, &mut scratch) {
        Ok(read) => read,
        Err(message) => return Ok(Verdict::Malformed(message)),
    };
    let hit = read.model.and_then(|(model, _)| {
        model
            .cast(segment)
            .map(|hit| RayHit::new(0, Some(latin1(model.name())), hit))
    });
    tool::write_ray(out, hit)
}

/// `zerocol check` for a `.dff`: what reading let through (at the Clump), then
/// the model's lints, at their offsets in the `.dff`.
pub(crate) fn check(bytes: &[u8], flags: Flags) -> Result<Checked, String> {
    let mut scratch = Vec::new();
    let read = read(bytes, flags.lenient, &mut scratch)?;
    let headerless = read.dff.collision().is_some_and(|c| c.is_headerless());
    let clump = read.dff.clump().offset();
    let mut warnings: Vec<Warning> = read
        .warnings
        .iter()
        .map(|text| Warning::at(clump, text))
        .collect();
    if let Some((model, at)) = &read.model {
        // A headerless payload is read from a copy behind a COLL header: its
        // offsets count from there (a header field's: the payload's).
        let at = *at;
        let in_dff = move |offset: usize| match offset.checked_sub(FRAME_LEN) {
            Some(into) if headerless => at.saturating_add(into),
            None if headerless => at,
            _ => offset,
        };
        // One model, named by the verdict line: no `model 0 "NAME": ` before each.
        warnings.extend(crate::formats::gta::lint_lines(model, in_dff).map(
            |(offset, text, risky)| Warning {
                offset: Some(offset),
                model: Some(0),
                text,
                risky,
            },
        ));
    }
    let summary = match &read.model {
        None => "dff, no collision model".to_owned(),
        Some((model, at)) => format!(
            "dff, {} {:?} at byte {at}{}",
            model.version(),
            latin1(model.name()),
            if headerless { " (headerless)" } else { "" },
        ),
    };
    Ok(Checked { summary, warnings })
}

/// `zerocol export` for a `.dff`: its collision model as OBJ.
pub(crate) fn export(
    bytes: &[u8],
    flags: Flags,
    mtllib: &str,
) -> Result<tool::Exported, tool::Error> {
    let mut scratch = Vec::new();
    let read = read(bytes, flags.lenient, &mut scratch).map_err(tool::Error::Malformed)?;
    let Some((model, _)) = read.model else {
        return Err(tool::Error::Malformed(read.no_model()));
    };
    crate::formats::gta::picked(core::slice::from_ref(&model), flags.model)?;
    let mut warnings = read.warnings;
    warnings.extend(crate::formats::gta::tolerated(core::slice::from_ref(
        &model,
    )));
    let mut exported = tool::exported(warnings, |obj, mtl| {
        zerocol::obj::gta(
            core::slice::from_ref(&model),
            flags.game,
            obj,
            mtl,
            Some(mtllib),
        )
    })?;
    exported.models = Some((1, 1));
    Ok(exported)
}
