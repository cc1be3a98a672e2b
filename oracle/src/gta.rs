//! GTA `.col`: any bytes, every `Options`. The reader must return `Err` or models whose
//! every accessor works and stays inside the buffer, and its walks must agree:
//!
//! - `models` (forward, fused), `check` (its `Summary` against the walk's count and
//!   end), `recover` (its items tile the buffer; its `end`), and `Model::parse` of each
//!   model's bytes (the same model, every offset shifted) all tell one story;
//! - every section is read by `get`, forward, backward and from both ends at once,
//!   with `as_slice` where the layout is shared, and its records decode to the same
//!   values every way;
//! - every error and lint is displayed on one line and its fields are checked against
//!   the bytes (the size it quotes is the size stored at its offset, and so on); the
//!   lints of a model are exactly the documented limits it exceeds;
//! - differential: under every pair of `Options` where one's lenient rules include
//!   the other's, each model the stricter walk accepts appears in the other walk at
//!   the same offset with equal decoded values and lints, and a buffer the stricter
//!   `check` accepts, the other accepts with the same `Summary`.
//!
//! [`round_trip`] writes every model a lenient walk accepts, under fuzzed
//! `WriteOptions`, and reads the output back.

use zerocol::gta::{
    self, Bounds, CollisionBox, Decode, End, Error, ErrorKind, Face, FaceGroup, FaceSurface, Flags,
    Game, Line, Lint, LintKind, Model, Options, RawBounds, Records, Recovered, Section, Sphere,
    Summary, Surface, Vec3, Version,
};

use super::common::debug;

/// Every `Options` value: each combination of the three lenient rules, in the order
/// of their bits (1: `stop_at_unknown_fourcc`, 2: `allow_size_past_end`, 4:
/// `allow_coll_slack`), so `STRICT` comes first and `LENIENT` last.
pub fn options() -> impl Iterator<Item = Options> {
    (0u8..8).map(|bits| {
        let mut options = Options::STRICT;
        options.stop_at_unknown_fourcc = bits & 1 != 0;
        options.allow_size_past_end = bits & 2 != 0;
        options.allow_coll_slack = bits & 4 != 0;
        // `.dff` reading only (`dff_round_trip`); set with the rest so that
        // `LENIENT` comes last.
        options.allow_short_clump = bits == 7;
        options
    })
}

/// Runs `bytes` through every reader under every `Options`, then compares the walks.
pub fn bytes(bytes: &[u8]) {
    let mut seen = Seen::default();
    let walks: Vec<Walk> = options()
        .map(|options| with(bytes, options, &mut seen))
        .collect();
    assert_eq!(walks.first().map(|w| w.options), Some(Options::STRICT));
    assert_eq!(walks.last().map(|w| w.options), Some(Options::LENIENT));
    assert_eq!(Options::default(), Options::STRICT);
    differential(&walks);
}

/// Every model a lenient walk of `bytes` accepts, written under `options`: the
/// writer fills exactly `required_len` bytes or refuses with an input error the
/// model explains; what it writes reads back under `Options::STRICT` as one model of
/// the target version with the same name, spheres, boxes, face count and face
/// indices, vertices within 1/128 (exact when no conversion to fixed point happens),
/// no bounds lint when the bounds were recomputed, and writing that model again as it
/// is gives the same bytes.
pub fn round_trip(bytes: &[u8], options: gta::WriteOptions) {
    use gta::{self as write, WriteError};
    for model in gta::models(bytes, Options::LENIENT).map_while(Result::ok) {
        let len = match write::required_len(&model, &options) {
            Ok(len) => len,
            Err(WriteError::Invalid(e)) => {
                debug(&e);
                assert_eq!(e.name.as_bytes(), model.name());
                continue;
            }
            Err(e) => panic!("{e:?} for a model that parsed"),
        };
        let mut out = vec![0x5A; len];
        assert_eq!(write::write(&model, &options, &mut out), Ok(len));
        let back = Model::parse(&out, Options::STRICT).expect("the writer's output parses");
        assert_eq!(back.len(), len);
        let version = options.version.unwrap_or(model.version());
        assert_eq!(back.version(), version);
        assert_eq!(back.name(), model.name());
        // Debug text compares NaN coordinates too (they are copied bit for bit).
        let text = |items: &mut dyn Iterator<Item = String>| items.collect::<Vec<_>>();
        assert_eq!(
            text(&mut back.spheres().iter().map(|s| format!("{s:?}"))),
            text(&mut model.spheres().iter().map(|s| format!("{s:?}")))
        );
        assert_eq!(
            text(&mut back.boxes().iter().map(|b| format!("{b:?}"))),
            text(&mut model.boxes().iter().map(|b| format!("{b:?}")))
        );
        assert_eq!(back.faces().len(), model.faces().len());
        let generated = options.face_groups == gta::FaceGroupMode::Generate;
        if !generated {
            for (a, b) in back.faces().iter().zip(model.faces().iter()) {
                assert_eq!(a.indices, b.indices);
                assert_eq!(a.surface.material(), b.surface.material());
                assert_eq!(a.surface.light(), b.surface.light());
            }
        }
        let tolerance = if version != Version::Coll && model.version() == Version::Coll {
            0.5 / 128.0
        } else {
            0.0
        };
        for (i, v) in back.vertices().iter().enumerate() {
            let original = model
                .vertices()
                .get(i)
                .expect("a written vertex exists in the source");
            for (p, q) in v.iter().zip(original) {
                let same = p.to_bits() == q.to_bits() || (p - q).abs() <= tolerance;
                assert!(same, "vertex {i}: {v:?} against {original:?}");
            }
        }
        if options.recompute_bounds {
            // The bounds lints and the writer share one definition of what the bounds
            // enclose: recomputed bounds (and face-group boxes) never warn.
            let bounds_lints: Vec<Lint> = back
                .lints()
                .filter(|l| {
                    matches!(
                        l.kind,
                        LintKind::OutsideBounds { .. } | LintKind::FaceGroupBox { .. }
                    )
                })
                .collect();
            assert!(
                bounds_lints.is_empty(),
                "recomputed bounds leave {bounds_lints:?}"
            );
        }
        let again_len = write::required_len(&back, &write::WriteOptions::AS_IS)
            .expect("the writer's output writes again");
        let mut again = vec![0; again_len];
        assert_eq!(
            write::write(&back, &write::WriteOptions::AS_IS, &mut again),
            Ok(again_len)
        );
        assert_eq!(again, out, "the writer's output is its own fixed point");
    }
}

/// What one input's eight walks already checked: they mostly meet the same models and
/// errors, and checking each once keeps an execution cheap. Both checks depend only on
/// the bytes and on the key, so skipping a repeat skips nothing.
#[derive(Default)]
struct Seen {
    /// Models exercised, by offset, length and the two rules that change what a model
    /// reads as (`stop_at_unknown_fourcc` only changes where a walk stops).
    models: std::collections::HashMap<(usize, usize, bool, bool), Digest>,
    /// Errors displayed and checked against the bytes.
    errors: Vec<Error>,
}

impl Seen {
    /// The digest of `m` read under `options`, exercising it the first time.
    fn model(&mut self, bytes: &[u8], m: &Model<'_>, options: Options) -> Digest {
        let key = (
            m.offset(),
            m.len(),
            options.allow_size_past_end,
            options.allow_coll_slack,
        );
        if let Some(digest) = self.models.get(&key) {
            return digest.clone();
        }
        let digest = exercise(bytes, m, options);
        reparse(bytes, m, options, &digest);
        self.models.insert(key, digest.clone());
        digest
    }

    /// Checks `e` with [`error`] the first time it is met; whether this was that time.
    fn error(&mut self, bytes: &[u8], e: &Error) -> bool {
        let first = !self.errors.contains(e);
        if first {
            self.errors.push(*e);
            error(bytes, e);
        }
        first
    }
}

/// What one `Options` value made of the buffer.
struct Walk {
    options: Options,
    /// Each model the walk accepted: its offset and its values.
    models: Vec<(usize, Digest)>,
    /// Where the models ended, or the walk's error.
    outcome: Result<End, Error>,
}

/// Everything a model decodes to, comparable exactly (floats as bits) and independent
/// of where the model lies in its buffer (lint offsets count from the model start).
#[derive(Clone, Debug, PartialEq)]
struct Digest {
    words: Vec<u32>,
    lints: Vec<(usize, LintKind)>,
}

/// Walks `bytes` under `options` with `models`, `check`, `recover` and `Model::parse`,
/// exercising every model, and checks they agree.
fn with(bytes: &[u8], options: Options, seen: &mut Seen) -> Walk {
    let mut walk = gta::models(bytes, options);
    let mut models = Vec::new();
    let mut pos = 0usize;
    let mut error = None;
    let probe = walk.clone();
    for item in walk.by_ref() {
        match item {
            Ok(m) => {
                assert_eq!(m.offset(), pos, "models follow each other");
                let digest = seen.model(bytes, &m, options);
                pos += m.len();
                models.push((m.offset(), digest));
            }
            Err(e) => {
                walk_error(bytes, pos, &e, options, seen);
                error = Some(e);
            }
        }
    }
    // Fused: nothing after the end or the error.
    assert!(walk.next().is_none() && walk.next().is_none());
    // A clone taken before the walk walks the same models.
    assert_eq!(probe.filter(Result::is_ok).count(), models.len());

    let outcome = match error {
        Some(e) => {
            assert!(walk.end().is_none(), "a failed walk has no end");
            Err(e)
        }
        None => {
            let end = walk
                .end()
                .expect("a walk that ends without error has an end");
            check_end(bytes, &end, pos, options);
            Ok(end)
        }
    };
    match (gta::check(bytes, options), &outcome) {
        (Ok(summary), Ok(end)) => {
            let expected = Summary {
                models: models.len(),
                end: *end,
            };
            assert_eq!(summary, expected, "check's summary against the walk");
            debug(&summary);
        }
        (Err(e), Err(walked)) => assert_eq!(e, *walked, "check's error against the walk's"),
        (checked, walked) => panic!("check says {checked:?}, the walk {walked:?}"),
    }
    recover(bytes, options, &models, &outcome, seen);
    headers(bytes, options, &models, &outcome);
    Walk {
        options,
        models,
        outcome,
    }
}

/// `headers` frames the same models as `models` (each header's parse is that
/// model), and where the model walk failed, either fails there with the same
/// error (a framing error) or yields a header whose parse gives that error.
fn headers(
    bytes: &[u8],
    options: Options,
    models: &[(usize, Digest)],
    outcome: &Result<End, Error>,
) {
    let mut heads = gta::headers(bytes, options);
    for &(offset, _) in models {
        let head = heads
            .next()
            .expect("a header for every model")
            .expect("framed");
        assert_eq!(head.offset(), offset, "headers follow the models");
        debug(&(
            head.name(),
            head.model_id(),
            head.bounds(),
            head.raw_bounds(),
        ));
        let model = head.parse(options).expect("the model walk parsed it");
        assert_eq!((model.offset(), model.len()), (offset, head.len()));
        assert_eq!(model.as_header().bytes(), head.bytes());
    }
    match (heads.next(), outcome) {
        (None, Ok(end)) => assert_eq!(heads.end(), Some(*end), "headers end where models end"),
        (Some(Err(e)), Err(walked)) => {
            assert_eq!(
                e, *walked,
                "the header walk's error against the model walk's"
            );
            assert!(heads.next().is_none() && heads.end().is_none());
        }
        (Some(Ok(head)), Err(walked)) => {
            assert_eq!(
                head.parse(options).unwrap_err(),
                *walked,
                "a header the model walk rejected"
            );
        }
        (framed, walked) => panic!("headers say {framed:?}, the model walk {walked:?}"),
    }
}

/// Where a walk without error ended: after the last model, before bytes that are not
/// a model (only zero padding unless `stop_at_unknown_fourcc`).
fn check_end(bytes: &[u8], end: &End, pos: usize, options: Options) {
    debug(end);
    assert_eq!(end.offset, pos, "the models end where the last one ends");
    assert_eq!(end.offset + end.trailing_bytes, bytes.len());
    let trailing = &bytes[end.offset..];
    assert_eq!(end.trailing_is_padding, trailing.iter().all(|&b| b == 0));
    assert!(end.trailing_is_padding || options.stop_at_unknown_fourcc);
    assert!(trailing.get(..4).and_then(Version::from_fourcc).is_none());
}

/// The walk's error at `pos` (where a model or the end was expected): a model's
/// error, the same `Model::parse` reports there, or one about the trailing bytes.
fn walk_error(bytes: &[u8], pos: usize, e: &Error, options: Options, seen: &mut Seen) {
    seen.error(bytes, e);
    assert!(e.offset() >= pos, "{e}: before {pos}");
    let rest = &bytes[pos..];
    if rest.get(..4).and_then(Version::from_fourcc).is_some() {
        let alone = Model::parse(rest, options).expect_err("the walk failed here");
        assert_eq!(alone.offset() + pos, e.offset(), "{alone} / {e}");
        assert_eq!(alone.kind(), e.kind());
        return;
    }
    assert!(!options.stop_at_unknown_fourcc, "{e}: the walk stops here");
    match e.kind() {
        // A buffer that starts with something else holds no model; after one, the
        // games (and a lenient walk) stop there.
        ErrorKind::BadMagic { .. } => assert_eq!((e.offset(), pos), (0, 0)),
        ErrorKind::UnknownFourCc { .. } => assert!(e.offset() == pos && pos > 0),
        ErrorKind::NonZeroPadding { .. } => {
            assert!(e.offset() > pos);
            assert!(bytes[pos..e.offset()].iter().all(|&b| b == 0));
        }
        kind => panic!("{kind:?} where no model starts"),
    }
}

/// Displays an error on one line and checks its fields against the bytes.
fn error(bytes: &[u8], e: &Error) {
    super::common::one_line(e);
    super::common::one_line(&e.kind());
    // What only strict reading rejects says that a lenient read takes it, and only that.
    let lenient = matches!(
        e.kind(),
        ErrorKind::NonZeroPadding { .. }
            | ErrorKind::UnknownFourCc { .. }
            | ErrorKind::SizePastEnd { .. }
            | ErrorKind::SizeMismatch { .. }
    );
    assert_eq!(e.is_lenient_readable(), lenient, "{e}");
    assert_eq!(e.kind().is_lenient_readable(), lenient, "{e}");
    // The library never names the tool's flag; what the game does is said of what
    // it reads, where that does not depend on the rest of the file.
    let noted = lenient && !matches!(e.kind(), ErrorKind::SizePastEnd { .. });
    assert!(!e.to_string().contains("--lenient"), "{e}");
    assert_eq!(e.to_string().contains("(the game"), noted, "{e}");
    let at = e.offset();
    assert!(at <= bytes.len(), "{e}: past the buffer ({})", bytes.len());
    let shown = e.to_string();
    assert!(
        shown.starts_with(&format!("byte {at} (0x{at:x}): ")),
        "{shown}"
    );
    error_fields(bytes, e);
    error_names(e);
}

/// Each kind's fields against the bytes at the error's offset.
fn error_fields(bytes: &[u8], e: &Error) {
    if !framing_error_fields(bytes, e) && !table_error_fields(bytes, e) {
        record_error_fields(bytes, e);
    }
}

/// The little-endian `u16` at `i`, if the bytes hold one there.
fn u16_at(bytes: &[u8], i: usize) -> Option<u16> {
    bytes
        .get(i..i + 2)
        .map(|b| u16::from_le_bytes([b[0], b[1]]))
}

/// The little-endian `u32` at `i`, if the bytes hold one there.
fn u32_at(bytes: &[u8], i: usize) -> Option<u32> {
    bytes
        .get(i..i + 4)
        .map(|b| u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

/// The fields of an error in a model's framing (magic, size, header); `false` for a
/// kind of another part, which [`table_error_fields`] and [`record_error_fields`]
/// check.
fn framing_error_fields(bytes: &[u8], e: &Error) -> bool {
    let at = e.offset();
    match e.kind() {
        ErrorKind::Truncated { needed, available } => {
            assert_eq!(available, bytes.len() - at);
            assert!(needed > available, "{e}");
        }
        ErrorKind::BadMagic { found } | ErrorKind::UnknownFourCc { found } => {
            let byte = |i: usize| bytes.get(at + i).copied().unwrap_or(0);
            assert_eq!(found, [byte(0), byte(1), byte(2), byte(3)], "{e}");
            assert!(Version::from_fourcc(found).is_none());
        }
        ErrorKind::NonZeroPadding { found } => {
            assert_ne!(found, 0);
            assert_eq!(bytes.get(at), Some(&found));
        }
        ErrorKind::SizeTooSmall { size } => {
            assert!(size < 24);
            assert_eq!(u32_at(bytes, at), Some(size), "{e}");
        }
        ErrorKind::SizePastEnd { size, available } => {
            assert_eq!(u32_at(bytes, at), Some(size), "{e}");
            assert_eq!(available, bytes.len() - (at - 4));
            assert!(u64::from(size) + 8 > available as u64);
        }
        ErrorKind::HeaderPastModelEnd {
            version,
            needed,
            size,
        } => {
            assert_eq!(u32_at(bytes, at), Some(size), "{e}");
            assert_eq!(needed, version.header_len());
            assert!(u64::from(size) + 8 < needed as u64);
            assert_eq!(bytes.get(at - 4..at), Some(&version.fourcc()[..]));
        }
        _ => return false,
    }
    true
}

/// The fields of an error in a model's section table: offsets, counts and sizes;
/// `false` for a kind of another part, which [`record_error_fields`] checks.
fn table_error_fields(bytes: &[u8], e: &Error) -> bool {
    let at = e.offset();
    match e.kind() {
        ErrorKind::SectionPastModelEnd {
            record_len,
            count,
            start,
            limit,
            ..
        } => {
            let end = start as u64 + u64::from(count) * u64::from(record_len);
            assert!(end > limit as u64, "{e}");
        }
        ErrorKind::OffsetInHeader {
            offset, header_end, ..
        } => {
            assert_eq!(u32_at(bytes, at), Some(offset), "{e}");
            assert!(offset != 0 && offset < header_end, "{e}");
        }
        ErrorKind::MissingOffset { count, .. } => {
            assert!(count > 0);
            assert_eq!(u32_at(bytes, at), Some(0), "{e}");
        }
        ErrorKind::SizeMismatch { parsed_len, size } => {
            assert_ne!(parsed_len as u64, u64::from(size) + 8, "{e}");
        }
        ErrorKind::CountPastModelEnd { .. } | ErrorKind::FaceGroupsOutsideModel { .. } => {}
        _ => return false,
    }
    true
}

/// The fields of an error in a section's records; every kind [`framing_error_fields`]
/// and [`table_error_fields`] do not check.
fn record_error_fields(bytes: &[u8], e: &Error) {
    let at = e.offset();
    match e.kind() {
        ErrorKind::FaceIndexOutOfRange {
            section,
            index,
            vertex_count,
            ..
        } => {
            assert!(matches!(section, Section::Faces | Section::ShadowFaces));
            assert!(index >= vertex_count, "{e}");
            // Only COLL stores its vertex count (COL2+ derives it): at a 32-bit index.
            assert_eq!(u32_at(bytes, at), Some(index), "{e}");
        }
        ErrorKind::VerticesOverlap {
            section,
            count,
            start,
            other_start,
            other_end,
            ..
        } => {
            assert!(matches!(
                section,
                Section::Vertices | Section::ShadowVertices
            ));
            let end = u64::from(start) + 6 * u64::from(count);
            assert!(
                u64::from(start) < u64::from(other_end) && end > u64::from(other_start),
                "{e}"
            );
        }
        ErrorKind::FaceGroupRange {
            first, last, faces, ..
        } => {
            assert!(first > last || last >= faces, "{e}");
            assert_eq!(u16_at(bytes, at), Some(first), "{e}");
            assert_eq!(u16_at(bytes, at + 2), Some(last), "{e}");
        }
        kind => panic!("a kind this check does not know: {kind:?}"),
    }
}

/// The sections and versions the message names format on one line.
fn error_names(e: &Error) {
    match e.kind() {
        ErrorKind::HeaderPastModelEnd { version, .. } => super::common::one_line(&version),
        ErrorKind::CountPastModelEnd { section, .. }
        | ErrorKind::SectionPastModelEnd { section, .. }
        | ErrorKind::OffsetInHeader { section, .. }
        | ErrorKind::MissingOffset { section, .. }
        | ErrorKind::FaceIndexOutOfRange { section, .. } => super::common::one_line(&section),
        ErrorKind::VerticesOverlap { section, other, .. } => {
            super::common::one_line(&section);
            super::common::one_line(&other);
        }
        _ => {}
    }
}

/// `Model::parse` of the model's own bytes, and of the buffer from the model on, is
/// the same model at offset 0.
fn reparse(bytes: &[u8], m: &Model<'_>, options: Options, digest: &Digest) {
    for alone in [m.bytes(), &bytes[m.offset()..]] {
        let again = Model::parse(alone, options).expect("a model the walk accepted parses alone");
        assert_eq!(again.offset(), 0);
        assert_eq!(again.len(), m.len());
        assert_eq!(&exercise(alone, &again, options), digest);
    }
}

/// `recover` yields the walk's models, then (after the walk's error) skips to the next
/// FourCC; its items tile the buffer up to its end.
fn recover(
    bytes: &[u8],
    options: Options,
    walked: &[(usize, Digest)],
    outcome: &Result<End, Error>,
    seen: &mut Seen,
) {
    let mut recovery = gta::recover(bytes, options);
    let mut pos = 0usize;
    let (mut models, mut skipped) = (0usize, 0usize);
    for item in recovery.by_ref() {
        match item {
            Recovered::Model(m) => {
                assert_eq!(m.offset(), pos);
                let digest = seen.model(bytes, &m, options);
                if skipped == 0 {
                    let (offset, walked) = &walked[models];
                    assert_eq!((*offset, walked), (pos, &digest));
                }
                pos += m.len();
                models += 1;
            }
            Recovered::Skipped(s) => {
                if seen.error(bytes, &s.error) {
                    debug(&s);
                }
                assert_eq!(s.offset, pos);
                assert!(s.len > 0);
                assert!(s.error.offset() >= s.offset);
                if skipped == 0 {
                    assert_eq!(models, walked.len(), "the walk failed here too");
                    assert_eq!(Err(s.error), *outcome);
                }
                pos += s.len;
                // The next FourCC, or the end of the buffer.
                assert!(
                    pos == bytes.len()
                        || bytes
                            .get(pos..pos + 4)
                            .and_then(Version::from_fourcc)
                            .is_some()
                );
                skipped += 1;
            }
        }
    }
    assert!(recovery.next().is_none());
    assert!(pos <= bytes.len());
    let end = recovery.end().expect("a finished recovery has an end");
    assert_eq!(end.offset, pos);
    assert_eq!(end.offset + end.trailing_bytes, bytes.len());
    if let Ok(walk_end) = outcome {
        assert_eq!((models, skipped, end), (walked.len(), 0, *walk_end));
    }
    // Each attempt costs at most the buffer's length: the items are few.
    assert!(models + skipped <= bytes.len() + 1);
    let _ = gta::RECOVERY_BUDGET;
}

/// For each pair of `Options` where `b`'s lenient rules include `a`'s: what `a` accepts,
/// `b` accepts with equal values.
fn differential(walks: &[Walk]) {
    // What strict reading rejects as lenient-readable, the lenient walk reads: it
    // stops there (trailing bytes) or takes the model (COLL slack).
    if let (Some(strict), Some(lenient)) = (walks.first(), walks.last())
        && let Err(e) = strict.outcome
    {
        match e.kind() {
            ErrorKind::UnknownFourCc { .. } | ErrorKind::NonZeroPadding { .. } => {
                assert!(lenient.outcome.is_ok(), "{e} / {:?}", lenient.outcome);
                assert_eq!(lenient.models.len(), strict.models.len(), "{e}");
            }
            ErrorKind::SizeMismatch { .. } => {
                assert!(lenient.models.len() > strict.models.len(), "{e}");
            }
            _ => {}
        }
    }
    for (i, a) in walks.iter().enumerate() {
        for (j, b) in walks.iter().enumerate() {
            if i & j != i || i == j {
                continue;
            }
            for (k, model) in a.models.iter().enumerate() {
                let other = b.models.get(k);
                assert_eq!(
                    other,
                    Some(model),
                    "model {k}: {:?} accepts it, {:?} differs",
                    a.options,
                    b.options
                );
            }
            if let Ok(end) = a.outcome {
                assert_eq!(b.outcome, Ok(end), "{:?} then {:?}", a.options, b.options);
                assert_eq!(a.models.len(), b.models.len());
            }
        }
    }
}

/// A decoded value as up to 12 words, floats as bits: exact, NaN included.
trait Words {
    fn words(&self) -> [u32; 12];
}

/// Fills a key from its first words.
fn key(words: &[u32]) -> [u32; 12] {
    let mut out = [0; 12];
    out[..words.len()].copy_from_slice(words);
    out
}

fn v3(v: Vec3) -> [u32; 3] {
    v.map(f32::to_bits)
}

fn surface(s: Surface) -> u32 {
    u32::from_le_bytes(s.to_bytes())
}

impl Words for Vec3 {
    fn words(&self) -> [u32; 12] {
        key(&v3(*self))
    }
}

impl Words for Bounds {
    fn words(&self) -> [u32; 12] {
        let [a, b, c] = v3(self.min);
        let [d, e, f] = v3(self.max);
        let [g, h, i] = v3(self.center);
        key(&[a, b, c, d, e, f, g, h, i, self.radius.to_bits()])
    }
}

impl Words for Sphere {
    fn words(&self) -> [u32; 12] {
        let [a, b, c] = v3(self.center);
        key(&[a, b, c, self.radius.to_bits(), surface(self.surface)])
    }
}

impl Words for CollisionBox {
    fn words(&self) -> [u32; 12] {
        let [a, b, c] = v3(self.min);
        let [d, e, f] = v3(self.max);
        key(&[a, b, c, d, e, f, surface(self.surface)])
    }
}

impl Words for Line {
    fn words(&self) -> [u32; 12] {
        let [a, b, c] = v3(self.start);
        let [d, e, f] = v3(self.end);
        let (tag, r0, r1) = match self.radii {
            None => (0, 0, 0),
            Some([r0, r1]) => (1, r0.to_bits(), r1.to_bits()),
        };
        key(&[a, b, c, d, e, f, tag, r0, r1])
    }
}

impl Words for Face {
    fn words(&self) -> [u32; 12] {
        let [a, b, c] = self.indices;
        let (tag, s) = match self.surface {
            FaceSurface::Full(s) => (0, surface(s)),
            FaceSurface::Compact { material, light } => {
                (1, u32::from(material) | u32::from(light) << 8)
            }
        };
        key(&[a, b, c, tag, s])
    }
}

impl Words for FaceGroup {
    fn words(&self) -> [u32; 12] {
        let [a, b, c] = v3(self.min);
        let [d, e, f] = v3(self.max);
        key(&[a, b, c, d, e, f, self.first.into(), self.last.into()])
    }
}

/// Reads a section every way it can be read, checks the ways agree and the records lie
/// inside the model, appends its words to `out` and returns the decoded records.
fn section<V1, V2, T>(m: &Model<'_>, records: Records<'_, V1, V2>, out: &mut Vec<u32>) -> Vec<T>
where
    V1: Decode<Output = T>,
    V2: Decode<Output = T>,
    T: Words,
{
    let copy = records;
    let (ptr, len) = match copy {
        Records::Coll(s) => {
            assert_eq!(m.version(), Version::Coll);
            (s.as_ptr().cast::<u8>(), size_of_val(s))
        }
        Records::Col2(s) => {
            assert_ne!(m.version(), Version::Coll);
            (s.as_ptr().cast::<u8>(), size_of_val(s))
        }
    };
    super::common::inside(m.bytes(), ptr, len);
    let n = records.len();
    assert_eq!(records.is_empty(), n == 0);
    let iter = records.iter();
    assert_eq!(iter.size_hint(), (n, Some(n)));
    assert_eq!(iter.len(), n);
    assert_eq!(iter.clone().count(), n);
    let forward: Vec<T> = records.into_iter().collect();
    assert_eq!(forward.len(), n);
    out.push(n as u32);
    for (i, item) in forward.iter().enumerate() {
        let words = item.words();
        let got = records.get(i).expect("get inside the section");
        assert_eq!(got.words(), words);
        out.extend_from_slice(&words);
    }
    assert!(records.get(n).is_none() && records.get(usize::MAX).is_none());
    // Backward.
    let mut k = n;
    for item in records.iter().rev() {
        k -= 1;
        assert_eq!(item.words(), forward[k].words());
    }
    assert_eq!(k, 0);
    // From both ends at once, then fused.
    let mut iter = records.iter();
    let (mut front, mut back) = (0, n);
    loop {
        let from_front = (front + back) % 2 == 0;
        let item = if from_front {
            iter.next()
        } else {
            iter.next_back()
        };
        let Some(item) = item else { break };
        let i = if from_front {
            front += 1;
            front - 1
        } else {
            back -= 1;
            back
        };
        assert_eq!(item.words(), forward[i].words());
        assert_eq!(iter.len(), back - front);
    }
    assert_eq!(front, back);
    assert!(iter.next().is_none() && iter.next_back().is_none());
    forward
}

/// For a section whose layout is the same in every version: `as_slice` is the records.
fn same_layout<R, T>(records: Records<'_, R, R>, decoded: &[T])
where
    R: Decode<Output = T>,
    T: Words,
{
    let raw = records.as_slice();
    assert_eq!(raw.len(), decoded.len());
    let (Records::Coll(s) | Records::Col2(s)) = records;
    assert!(std::ptr::eq(s, raw));
    for (r, d) in raw.iter().zip(decoded) {
        assert_eq!(r.decode().words(), d.words());
    }
}

/// The 8.7 fixed-point value of a COL2+ vertex coordinate, checked to be one.
fn fixed_point(c: f32) {
    let steps = c * gta::FIXED_POINT_SCALE;
    assert!(
        steps.fract() == 0.0 && (-32_768.0..=32_767.0).contains(&steps),
        "{c}"
    );
}

/// Whether a COLL coordinate survives the conversion to COL2+ fixed point (the
/// documented rule of `LintKind::VertexOutsideFixedPoint`).
fn fits_fixed_point(c: f32) -> bool {
    let steps = c * gta::FIXED_POINT_SCALE;
    steps > -32_768.5 && steps < 32_767.5
}

/// Touches every accessor, checks the invariants the parser promises, and returns the
/// model's values.
fn exercise(buffer: &[u8], m: &Model<'_>, options: Options) -> Digest {
    let version = model_version(buffer, m);
    model_header(m, version, options);
    model_bounds_and_flags(m, version);
    let bounds = m.bounds();
    let bits = m.flags().bits();
    let col4_extra = m.col4_extra();

    let mut words = vec![
        version.number().into(),
        m.len() as u32,
        m.size(),
        m.model_id().into(),
        bits,
        col4_extra.unwrap_or(0),
        m.unparsed_tail() as u32,
        m.is_truncated().into(),
    ];
    words.extend(
        m.name_block()
            .chunks(4)
            .map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])),
    );
    words.extend_from_slice(&bounds.words());

    // The sections.
    let spheres = section(m, m.spheres(), &mut words);
    let boxes = section(m, m.boxes(), &mut words);
    same_layout(m.boxes(), &boxes);
    let lines = section(m, m.lines(), &mut words);
    let vertices = section(m, m.vertices(), &mut words);
    let faces = section(m, m.faces(), &mut words);
    let groups = section(m, m.face_groups(), &mut words);
    same_layout(m.face_groups(), &groups);
    let shadow_vertices = section(m, m.shadow_vertices(), &mut words);
    same_layout(m.shadow_vertices(), &shadow_vertices);
    let shadow_faces = section(m, m.shadow_faces(), &mut words);
    same_layout(m.shadow_faces(), &shadow_faces);

    let coll = version == Version::Coll;
    surfaces_and_lines(coll, &spheres, &boxes, &lines);
    if !coll {
        for v in vertices.iter().chain(&shadow_vertices) {
            v.iter().for_each(|&c| fixed_point(c));
        }
    }
    face_lists(
        coll,
        [
            (&faces, vertices.len()),
            (&shadow_faces, shadow_vertices.len()),
        ],
    );
    face_groups(m, &groups, faces.len());
    let counts = Counts {
        spheres: spheres.len(),
        boxes: boxes.len(),
        lines: lines.len(),
        vertices: vertices.len(),
        faces: faces.len(),
        outside_fixed_point: if coll {
            outside_fixed_point(&vertices)
        } else {
            Vec::new()
        },
    };
    section_headers(m, &counts, shadow_faces.len(), &mut words);
    if !version.has_shadow_mesh() {
        assert!(shadow_vertices.is_empty() && shadow_faces.is_empty());
    }
    if !coll {
        assert_eq!(m.unparsed_tail(), 0);
    }
    assert!(m.unparsed_tail() == 0 || options.allow_coll_slack);

    let lints = lints(m, &counts);
    Digest { words, lints }
}

/// The COL2+ header's and the shadow header's counts are the sections'; their offsets
/// go into the digest.
fn section_headers(m: &Model<'_>, n: &Counts, shadow_faces: usize, words: &mut Vec<u32>) {
    if let Some(h) = m.header_v2() {
        assert_eq!(usize::from(h.sphere_count.get()), n.spheres);
        assert_eq!(usize::from(h.box_count.get()), n.boxes);
        assert_eq!(usize::from(h.face_count.get()), n.faces);
        assert_eq!(usize::from(h.line_count), n.lines);
        words.extend([
            h.padding.into(),
            h.sphere_offset.get(),
            h.box_offset.get(),
            h.line_offset.get(),
            h.vertex_offset.get(),
            h.face_offset.get(),
            h.triangle_plane_offset.get(),
        ]);
    }
    if let Some(s) = m.shadow_header() {
        assert_eq!(s.face_count.get() as usize, shadow_faces);
        words.extend([s.vertex_offset.get(), s.face_offset.get()]);
    }
}

/// The COLL vertices whose coordinates COL2+ fixed point cannot hold, by index.
fn outside_fixed_point(vertices: &[Vec3]) -> Vec<usize> {
    vertices
        .iter()
        .enumerate()
        .filter(|(_, v)| !v.iter().all(|&c| fits_fixed_point(c)))
        .map(|(i, _)| i)
        .collect()
}

/// The model lies in the buffer, and its version is one of the four, with a header
/// that fits.
fn model_version(buffer: &[u8], m: &Model<'_>) -> Version {
    let copy = *m;
    assert_eq!(copy.offset(), m.offset());
    super::common::inside(buffer, m.bytes().as_ptr(), m.len());
    assert_eq!(m.bytes().as_ptr(), buffer[m.offset()..].as_ptr());
    assert!(!m.is_empty());
    let version = m.version();
    super::common::one_line(&version);
    assert_eq!(version.to_string().as_bytes(), &version.fourcc());
    assert_eq!(Version::from_fourcc(version.fourcc()), Some(version));
    assert!((1..=4).contains(&version.number()));
    assert_eq!(
        version.has_shadow_mesh(),
        matches!(version, Version::Col3 | Version::Col4)
    );
    assert!(
        m.len() >= version.header_len(),
        "the fixed header is inside"
    );
    version
}

/// Header, size, name.
fn model_header(m: &Model<'_>, version: Version, options: Options) {
    let header = m.header();
    assert_eq!(header.fourcc, version.fourcc());
    assert_eq!(header.size.get(), m.size());
    assert_eq!(m.declared_len(), u64::from(m.size()) + 8);
    assert!(m.size() >= 24);
    assert_eq!(m.is_truncated(), m.declared_len() > m.len() as u64);
    if !m.is_truncated() {
        assert_eq!(m.declared_len(), m.len() as u64);
    }
    assert!(!m.is_truncated() || options.allow_size_past_end);
    assert_eq!(&m.name_block()[..], &m.bytes()[8..32]);
    assert_eq!(&header.name[..], &m.bytes()[8..30]);
    assert_eq!(
        m.model_id(),
        u16::from_le_bytes([m.bytes()[30], m.bytes()[31]])
    );
    assert_eq!(header.model_id.get(), m.model_id());
    let name = m.name();
    let searched = if version == Version::Coll { 24 } else { 22 };
    assert!(name.len() <= searched && !name.contains(&0));
    assert_eq!(name, &m.name_block()[..name.len()]);
    assert!(name.len() == searched || m.name_block()[name.len()] == 0);
}

/// Bounds, flags and the version's headers.
fn model_bounds_and_flags(m: &Model<'_>, version: Version) {
    let bounds = m.bounds();
    let raw_bounds = match m.raw_bounds() {
        RawBounds::Coll(b) => {
            assert_eq!(version, Version::Coll);
            assert_eq!(b.radius.get().to_bits(), bounds.radius.to_bits());
            b.decode()
        }
        RawBounds::Col2(b) => {
            assert_ne!(version, Version::Coll);
            assert_eq!(gta::raw::vec3(&b.min).map(f32::to_bits), v3(bounds.min));
            b.decode()
        }
    };
    assert_eq!(raw_bounds.words(), bounds.words());
    let flags = m.flags();
    let bits = flags.bits();
    assert_eq!(flags, Flags(bits));
    assert_eq!(flags.not_empty(), bits & Flags::NOT_EMPTY != 0);
    assert_eq!(flags.has_face_groups(), bits & Flags::FACE_GROUPS != 0);
    assert_eq!(flags.has_shadow_mesh(), bits & Flags::SHADOW_MESH != 0);
    let _ = Flags::USE_CONES;
    let header_v2 = m.header_v2();
    assert_eq!(header_v2.is_some(), version != Version::Coll);
    let shadow_header = m.shadow_header();
    assert_eq!(shadow_header.is_some(), version.has_shadow_mesh());
    let col4_extra = m.col4_extra();
    assert_eq!(col4_extra.is_some(), version == Version::Col4);
    match header_v2 {
        Some(h) => assert_eq!(h.flags.get(), bits),
        None => assert_eq!(bits, 0),
    }
}

/// Every sphere's and box's light splits into day and night; lines have radii from
/// COL2 on.
fn surfaces_and_lines(coll: bool, spheres: &[Sphere], boxes: &[CollisionBox], lines: &[Line]) {
    for s in spheres
        .iter()
        .map(|s| s.surface)
        .chain(boxes.iter().map(|b| b.surface))
    {
        let (day, night) = gta::day_night(s.light);
        assert_eq!((day, night), (s.light & 0x0f, s.light >> 4));
    }
    for line in lines {
        assert_eq!(line.radii.is_none(), coll);
    }
}

/// Every face (and shadow face) names a vertex, with the version's surface; COL2+
/// derives the vertex count from the largest index.
fn face_lists(coll: bool, lists: [(&[Face], usize); 2]) {
    for (list, count) in lists {
        for face in list {
            assert!(
                face.indices.iter().all(|&i| (i as usize) < count),
                "{face:?}"
            );
            let (material, light) = match face.surface {
                FaceSurface::Full(s) => {
                    assert!(coll);
                    (s.material, s.light)
                }
                FaceSurface::Compact { material, light } => {
                    assert!(!coll);
                    (material, light)
                }
            };
            assert_eq!(face.surface.material(), material);
            assert_eq!(face.surface.light(), light);
        }
        // COL2+ derives the vertex count: the largest index + 1.
        if !coll {
            let largest = list.iter().flat_map(|f| f.indices).max();
            assert_eq!(largest.map_or(0, |i| i as usize + 1), count);
        }
    }
}

/// Every face group's range lies among the faces, and groups need the flag.
fn face_groups(m: &Model<'_>, groups: &[FaceGroup], faces: usize) {
    let coll = m.version() == Version::Coll;
    for g in groups {
        let range = g.faces();
        assert_eq!(
            (*range.start(), *range.end()),
            (g.first.into(), g.last.into())
        );
        assert!(g.first <= g.last && (g.last as usize) < faces, "{g:?}");
        assert!(m.faces().get(*range.end()).is_some());
    }
    if !groups.is_empty() {
        assert!(m.flags().has_face_groups());
    }
    if coll {
        assert!(groups.is_empty() && m.face_groups().as_slice().is_empty());
    }
}

/// The record counts the lints are about.
struct Counts {
    spheres: usize,
    boxes: usize,
    lines: usize,
    vertices: usize,
    faces: usize,
    /// COLL: the vertices outside the fixed-point range.
    outside_fixed_point: Vec<usize>,
}

/// The documented tolerance of the bounds lints: one 1/128 step for COL2+, 0.001 plus
/// 1e-5 times the larger magnitude compared for COLL.
fn tolerance(version: Version, magnitude: f32) -> f32 {
    if version == Version::Coll {
        0.001 + 1e-5 * magnitude.abs()
    } else {
        1.0 / 128.0
    }
}

/// `by`, when it is more than the tolerance for values of `magnitude` (NaN is not).
fn past(by: f32, magnitude: f32, version: Version) -> f32 {
    if by > tolerance(version, magnitude) {
        by
    } else {
        0.0
    }
}

/// How far the box `lo..=hi` reaches outside `min..=max` on its worst axis, beyond
/// the tolerance; NaN differences count as inside.
fn reach(min: Vec3, max: Vec3, lo: Vec3, hi: Vec3, version: Version) -> f32 {
    let mut worst = 0.0f32;
    for axis in 0..3 {
        let below = past(
            min[axis] - lo[axis],
            min[axis].abs().max(lo[axis].abs()),
            version,
        );
        let above = past(
            hi[axis] - max[axis],
            max[axis].abs().max(hi[axis].abs()),
            version,
        );
        worst = worst.max(below).max(above);
    }
    worst
}

/// The smallest float whose (float) square is at least `x` (finite, non-negative).
fn sqrt_up(x: f32) -> f32 {
    // Neighbours of a positive float (`next_up`/`next_down` need Rust 1.86).
    let down = |y: f32| f32::from_bits(y.to_bits() - 1);
    let up = |y: f32| f32::from_bits(y.to_bits() + 1);
    let mut y = (f64::from(x)).sqrt() as f32;
    while y > 0.0 && y.is_finite() && down(y) * down(y) >= x {
        y = down(y);
    }
    while y * y < x {
        y = up(y);
    }
    y
}

/// The distance from `from` to `p`, rounded up.
fn distance(p: Vec3, from: Vec3) -> f32 {
    let [x, y, z] = [p[0] - from[0], p[1] - from[1], p[2] - from[2]];
    sqrt_up(x * x + y * y + z * z)
}

/// One thing the bounds enclose: its box, and how far it reaches from a point.
struct Content {
    section: Section,
    index: usize,
    lo: Vec3,
    hi: Vec3,
    /// A sphere's radius (added to the distance of its centre, the one point).
    radius: f32,
    /// The points whose distance counts: a sphere's centre, a box's corner farthest
    /// from the point asked (chosen then), a line's ends, a face's vertices.
    points: Vec<Vec3>,
    is_box: bool,
}

impl Content {
    fn reach(&self, from: Vec3) -> f32 {
        if self.is_box {
            let corner: Vec3 = std::array::from_fn(|a| {
                if (self.lo[a] - from[a]).abs() > (self.hi[a] - from[a]).abs() {
                    self.lo[a]
                } else {
                    self.hi[a]
                }
            });
            return distance(corner, from);
        }
        let far = self
            .points
            .iter()
            .map(|&p| distance(p, from))
            .fold(f32::NAN, f32::max);
        far + self.radius
    }
}

/// What the documented bounds enclose: spheres, boxes, lines and faces (through the
/// vertices they name), not the shadow mesh.
fn content(m: &Model<'_>) -> Vec<Content> {
    let mut all = Vec::new();
    for (i, s) in m.spheres().iter().enumerate() {
        let (c, r) = (s.center, s.radius);
        all.push(Content {
            section: Section::Spheres,
            index: i,
            lo: c.map(|x| x - r),
            hi: c.map(|x| x + r),
            radius: r,
            points: vec![c],
            is_box: false,
        });
    }
    for (i, b) in m.boxes().iter().enumerate() {
        all.push(Content {
            section: Section::Boxes,
            index: i,
            lo: b.min,
            hi: b.max,
            radius: 0.0,
            points: Vec::new(),
            is_box: true,
        });
    }
    let points = |section, index, points: Vec<Vec3>| Content {
        section,
        index,
        lo: std::array::from_fn(|a| points.iter().map(|p| p[a]).fold(f32::NAN, f32::min)),
        hi: std::array::from_fn(|a| points.iter().map(|p| p[a]).fold(f32::NAN, f32::max)),
        radius: 0.0,
        points,
        is_box: false,
    };
    for (i, l) in m.lines().iter().enumerate() {
        all.push(points(Section::Lines, i, vec![l.start, l.end]));
    }
    let vertices: Vec<Vec3> = m.vertices().iter().collect();
    for (i, f) in m.faces().iter().enumerate() {
        let corners = f.indices.map(|v| vertices[v as usize]);
        all.push(points(Section::Faces, i, corners.to_vec()));
    }
    all
}

/// The documented `OutsideBounds` lint: every sphere, box, line and face reaching past
/// the stored box on an axis or past the stored sphere by more than the tolerance, the
/// first named.
fn outside_bounds(m: &Model<'_>) -> Option<LintKind> {
    let game = Game::loading(m.version())?;
    let b = m.bounds();
    let version = m.version();
    let mut outside: Vec<(Section, usize, f32)> = Vec::new();
    for c in content(m) {
        let reach_out = c.reach(b.center);
        let sphere = past(
            reach_out - b.radius,
            reach_out.abs().max(b.radius.abs()),
            version,
        );
        let by = reach(b.min, b.max, c.lo, c.hi, version).max(sphere);
        if by > 0.0 {
            outside.push((c.section, c.index, by));
        }
    }
    let &(section, first, _) = outside.first()?;
    let farthest = outside.iter().map(|o| o.2).fold(0.0f32, f32::max);
    let steps = (f64::from(farthest) * 128.0)
        .ceil()
        .min(f64::from(u32::MAX)) as u32;
    Some(LintKind::OutsideBounds {
        game,
        section,
        first: u32::try_from(first).unwrap_or(u32::MAX),
        count: u32::try_from(outside.len()).unwrap_or(u32::MAX),
        steps,
    })
}

/// The documented `FaceGroupBox` lint (the first group whose box misses a vertex of
/// one of its faces), with the group's offset in the model.
fn face_group_box(m: &Model<'_>) -> Option<(usize, LintKind)> {
    let Records::Col2(groups) = m.face_groups() else {
        return None;
    };
    Game::loading(m.version())?;
    let vertices: Vec<Vec3> = m.vertices().iter().collect();
    for (g, raw) in groups.iter().enumerate() {
        let group = raw.decode();
        let faces = (group.first as usize..=group.last as usize)
            .filter(|&f| {
                let face = m.faces().get(f).expect("validated group range");
                face.indices.iter().any(|&i| {
                    let v = vertices[i as usize];
                    reach(group.min, group.max, v, v, m.version()) > 0.0
                })
            })
            .count();
        if faces > 0 {
            let at = std::ptr::from_ref(raw) as usize - m.bytes().as_ptr() as usize;
            let u16_at = |o: usize| u16::from_le_bytes([m.bytes()[at + o], m.bytes()[at + o + 1]]);
            assert_eq!((u16_at(24), u16_at(26)), (group.first, group.last));
            return Some((
                at,
                LintKind::FaceGroupBox {
                    group: g as u32,
                    faces: faces as u32,
                },
            ));
        }
    }
    None
}

/// Checks a model's lints are exactly the documented limits it exceeds, in order, where
/// they are documented to be, and displays them. Returns them with offsets from the
/// model start.
fn lints(m: &Model<'_>, n: &Counts) -> Vec<(usize, LintKind)> {
    let mut expected = limit_lints(m, n);
    expected.extend(outside_bounds(m));
    let group_box = face_group_box(m);
    expected.extend(group_box.map(|(_, kind)| kind));
    // Last, the one limit that depends on how the file is loaded: SA's .dat buffer.
    if Game::loading(m.version()).is_some() && m.size() > gta::SA_MODEL_BUFFER {
        expected.push(LintKind::ModelTooLarge {
            game: Game::Sa,
            size: m.size(),
            buffer: gta::SA_MODEL_BUFFER,
        });
    }
    for kind in &expected {
        assert_eq!(
            kind.depends_on_loading(),
            matches!(kind, LintKind::ModelTooLarge { game: Game::Sa, .. })
        );
    }

    let lints: Vec<Lint> = m.lints().collect();
    // `may_crash` is what the text calls a likely crash, but for what depends on how
    // the file is loaded.
    for lint in &lints {
        assert_eq!(
            lint.kind.may_crash(),
            lint.to_string().contains("a likely crash") && !lint.kind.depends_on_loading(),
            "{lint}"
        );
    }
    let kinds: Vec<LintKind> = lints.iter().map(|l| l.kind).collect();
    assert_eq!(kinds, expected, "the lints of the limits the model exceeds");
    let tolerated: Vec<Lint> = m.tolerated().collect();
    let expected_tolerated: Vec<Lint> = lints.iter().copied().filter(Lint::is_tolerated).collect();
    assert_eq!(tolerated, expected_tolerated);
    assert!(lints[tolerated.len()..].iter().all(|l| !l.is_tolerated()));
    let mut again = m.lints();
    again.by_ref().for_each(drop);
    assert!(again.next().is_none());

    lint_offsets(m, &lints, group_box)
}

/// The lints of the limits and sizes the model exceeds, in the order `lints()` gives
/// them, before the bounds' and face groups' lints.
fn limit_lints(m: &Model<'_>, n: &Counts) -> Vec<LintKind> {
    let mut expected = Vec::new();
    size_lints(m, &mut expected);
    cap_lints(m, n, &mut expected);
    expected.extend(crowded_faces(m));
    coll_count_lints(m, n, &mut expected);
    expected
}

/// A count as the `u32` a lint carries, saturated.
fn sat(n: usize) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// The lints on the model's size: truncated, a tail, over a game's buffer.
fn size_lints(m: &Model<'_>, expected: &mut Vec<LintKind>) {
    let coll = m.version() == Version::Coll;
    let size = m.size();
    if m.is_truncated() {
        expected.push(LintKind::SizePastEnd {
            declared_len: m.declared_len(),
            available: m.len(),
        });
    }
    if m.unparsed_tail() > 0 {
        expected.push(LintKind::UnparsedTail {
            bytes: m.unparsed_tail(),
        });
    }
    // SA's buffer comes last (see `lints`).
    if coll && size > gta::III_VC_MODEL_BUFFER {
        expected.push(LintKind::ModelTooLarge {
            game: Game::IiiVc,
            size,
            buffer: gta::III_VC_MODEL_BUFFER,
        });
    }
}

/// The lints on sections over a game's cap.
fn cap_lints(m: &Model<'_>, n: &Counts, expected: &mut Vec<LintKind>) {
    let coll = m.version() == Version::Coll;
    // The games that load the version: all three for COLL, SA for COL2/COL3, none
    // for COL4 (which gets no engine lint).
    let loading = Game::loading(m.version());
    let sa = loading.is_some();
    for (game, section, count, cap, applies) in [
        (
            loading.unwrap_or(Game::All),
            Section::Spheres,
            n.spheres,
            gta::SPHERE_CAP,
            sa,
        ),
        (
            Game::IiiVc,
            Section::Boxes,
            n.boxes,
            gta::III_VC_BOX_CAP,
            coll,
        ),
        (Game::Sa, Section::Boxes, n.boxes, gta::SA_BOX_CAP, sa),
    ] {
        let count = sat(count);
        if applies && count > cap {
            expected.push(LintKind::TooMany {
                game,
                section,
                count,
                cap,
            });
        }
    }
}

/// The boxes of the model's faces whose vertices are all finite, by face index.
fn finite_face_boxes(m: &Model<'_>) -> Vec<(usize, [f64; 3], [f64; 3])> {
    let vertices: Vec<Vec3> = m.vertices().iter().collect();
    m.faces()
        .iter()
        .enumerate()
        .filter_map(|(i, face)| {
            let corners = face.indices.map(|v| vertices[v as usize]);
            if corners.iter().flatten().any(|c| !c.is_finite()) {
                return None;
            }
            let lo = [0, 1, 2].map(|a| {
                corners
                    .iter()
                    .map(|c| f64::from(c[a]))
                    .fold(f64::INFINITY, f64::min)
            });
            let hi = [0, 1, 2].map(|a| {
                corners
                    .iter()
                    .map(|c| f64::from(c[a]))
                    .fold(f64::NEG_INFINITY, f64::max)
            });
            Some((i, lo, hi))
        })
        .collect()
}

/// The documented rule of `LintKind::CrowdedFaces`, by brute force over every window
/// (cells of `max(50, extent / 8)` from the faces' box's minimum corner, windows of
/// three cells, visited x, then y, then z): the first window whose faces (by box)
/// exceed 600. When there is none, checks the rule's promise on a sample of
/// centres: no sphere of radius 50 there meets more than 600 face boxes.
fn crowded_faces(m: &Model<'_>) -> Option<LintKind> {
    let game = Game::loading(m.version())?;
    if m.faces().len() <= gta::TRIANGLE_CAP as usize {
        return None;
    }
    let boxes = finite_face_boxes(m);
    let r = f64::from(gta::LARGEST_COLLIDER_RADIUS);
    assert_eq!(gta::LARGEST_COLLIDER_RADIUS, 50);
    let min = [0, 1, 2].map(|a| boxes.iter().map(|b| b.1[a]).fold(f64::INFINITY, f64::min));
    let max = [0, 1, 2].map(|a| {
        boxes
            .iter()
            .map(|b| b.2[a])
            .fold(f64::NEG_INFINITY, f64::max)
    });
    let cell = [0, 1, 2].map(|a| r.max((max[a] - min[a]) / 8.0));
    let starts = |a: usize| -> Vec<f64> {
        (0..=8u32)
            .map(|k| min[a] + f64::from(k) * cell[a])
            .take_while(|&s| s <= max[a])
            .collect()
    };
    let (xs, ys, zs) = (starts(0), starts(1), starts(2));
    for &x in &xs {
        for &y in &ys {
            for &z in &zs {
                let start = [x, y, z];
                let meets: Vec<usize> = boxes
                    .iter()
                    .filter(|(_, lo, hi)| {
                        (0..3).all(|a| {
                            let slack = cell[a] / 1024.0;
                            hi[a] >= start[a] - slack && lo[a] <= start[a] + 3.0 * cell[a] + slack
                        })
                    })
                    .map(|b| b.0)
                    .collect();
                if meets.len() > gta::TRIANGLE_CAP as usize {
                    return Some(LintKind::CrowdedFaces {
                        game,
                        count: sat(meets.len()),
                        cap: gta::TRIANGLE_CAP,
                        first: sat(meets[0]),
                        centre: [0, 1, 2].map(|a| (start[a] + 1.5 * cell[a]).round() as i32),
                        size: [0, 1, 2].map(|a| (3.0 * cell[a]).ceil() as u32),
                    });
                }
            }
        }
    }
    // No lint: spheres of radius 50 at (a sample of) the faces' corners meet at most
    // 600 face boxes.
    let step = (boxes.len() / 64).max(1);
    for (_, centre, _) in boxes.iter().step_by(step) {
        let near = boxes
            .iter()
            .filter(|(_, lo, hi)| {
                let d2: f64 = (0..3)
                    .map(|a| (lo[a] - centre[a]).max(centre[a] - hi[a]).max(0.0).powi(2))
                    .sum();
                d2 <= r * r
            })
            .count();
        assert!(
            near <= gta::TRIANGLE_CAP as usize,
            "{near} faces near {centre:?}"
        );
    }
    None
}

/// COLL's counts over III and VC's 16-bit counters, and vertices outside the
/// fixed-point range.
fn coll_count_lints(m: &Model<'_>, n: &Counts, expected: &mut Vec<LintKind>) {
    let coll = m.version() == Version::Coll;
    for (section, count) in [
        (Section::Spheres, n.spheres),
        (Section::Lines, n.lines),
        (Section::Boxes, n.boxes),
        (Section::Vertices, n.vertices),
        (Section::Faces, n.faces),
    ] {
        let count = sat(count);
        if coll && count > gta::III_VC_COUNT_CAP {
            expected.push(LintKind::CountOverInt16 { section, count });
        }
    }
    if let Some(&first) = n.outside_fixed_point.first() {
        expected.push(LintKind::VertexOutsideFixedPoint {
            first: sat(first),
            count: sat(n.outside_fixed_point.len()),
        });
    }
}

/// Each lint at its field, formatted on one line; returned as offsets into the model.
fn lint_offsets(
    m: &Model<'_>,
    lints: &[Lint],
    group_box: Option<(usize, LintKind)>,
) -> Vec<(usize, LintKind)> {
    let model = m.offset()..m.offset() + m.len();
    let size_field = m.offset() + 4;
    lints
        .iter()
        .map(|lint| {
            super::common::one_line(lint);
            super::common::one_line(&lint.kind);
            assert_eq!(lint.is_tolerated(), lint.kind.is_tolerated());
            assert!(model.contains(&lint.offset), "{lint}");
            match lint.kind {
                LintKind::SizePastEnd { .. } | LintKind::ModelTooLarge { .. } => {
                    assert_eq!(lint.offset, size_field, "{lint}");
                }
                LintKind::UnparsedTail { bytes } => {
                    assert_eq!(lint.offset, model.end - bytes, "{lint}");
                }
                LintKind::OutsideBounds { section, .. } => {
                    assert_eq!(lint.offset, m.offset() + 32, "{lint}");
                    super::common::one_line(&section);
                }
                LintKind::CrowdedFaces { first, .. } => {
                    // At the first face's record.
                    let at = match m.faces() {
                        gta::Records::Coll(f) => std::ptr::from_ref(&f[first as usize]) as usize,
                        gta::Records::Col2(f) => std::ptr::from_ref(&f[first as usize]) as usize,
                    };
                    assert_eq!(
                        lint.offset,
                        at - m.bytes().as_ptr() as usize + m.offset(),
                        "{lint}"
                    );
                }
                LintKind::FaceGroupBox { .. } => {
                    // At the group's 28-byte record.
                    let (at, _) = group_box.expect("a group lint has its group");
                    assert_eq!(lint.offset, m.offset() + at, "{lint}");
                }
                _ => {}
            }
            match lint.kind {
                LintKind::ModelTooLarge { game, .. } => super::common::one_line(&game),
                LintKind::TooMany { game, section, .. } => {
                    super::common::one_line(&game);
                    super::common::one_line(&section);
                }
                LintKind::CountOverInt16 { section, .. } => super::common::one_line(&section),
                _ => {}
            }
            (lint.offset - m.offset(), lint.kind)
        })
        .collect()
}

/// Collision inside a `.dff`: `dff` read strictly and leniently, and, where it reads,
/// the first model of `col` (read strictly) put into it. The walk's chunks lie
/// inside the buffer and each other; a model payload lies inside its chunk and
/// equals what `Model::parse` reads there; a headerless one frames into scratch of
/// `framed_len` (and not one byte less). The output of `replace` is exactly
/// `replace_len` bytes, reads under the same options with the new model's bytes in
/// its collision chunk, the Clump where it was, and every byte outside the splice
/// and the size fields unchanged.
pub fn dff_round_trip(dff: &[u8], col: &[u8]) {
    use zerocol::gta::dff::Dff;
    let new = gta::Model::parse(col, Options::STRICT).ok();
    dff_strict_error(dff);
    for options in [Options::STRICT, Options::LENIENT] {
        let Ok(parsed) = Dff::parse(dff, options) else {
            continue;
        };
        dff_chunks(dff, &parsed, options);
        dff_collision(dff, &parsed, options);
        if let Some(new) = &new {
            dff_replace(dff, &parsed, new, options);
        }
    }
}

/// A strict error that a lenient read takes: the lenient read gets past it (it may
/// still fail later, never there for that reason); only such errors say what the
/// game does, and none names the tool's `--lenient`.
fn dff_strict_error(dff: &[u8]) {
    use zerocol::gta::dff::Dff;
    if let Err(e) = Dff::parse(dff, Options::STRICT) {
        super::common::one_line(&e);
        assert!(!e.to_string().contains("--lenient"), "{e}");
        if e.to_string().contains("(the game") {
            assert!(e.is_lenient_readable(), "{e}");
        }
        if e.is_lenient_readable()
            && let Err(lenient) = Dff::parse(dff, Options::LENIENT)
        {
            assert_ne!(lenient, e, "{e}");
        }
    }
}

/// The Clump and its Extension lie where they say, inside the buffer.
fn dff_chunks(dff: &[u8], parsed: &zerocol::gta::dff::Dff<'_>, options: Options) {
    use zerocol::gta::dff;
    let clump = parsed.clump();
    assert_eq!(clump.kind(), dff::CLUMP);
    assert!(clump.body_start() <= clump.end() && clump.end() <= dff.len());
    assert_eq!(clump.end() - clump.body_start(), clump.size() as usize);
    if !options.allow_short_clump {
        assert!(!parsed.has_short_clump());
        assert_eq!(parsed.children_end(), clump.end());
    }
    assert!(parsed.children_end() >= clump.end() && parsed.children_end() <= dff.len());
    if let Some(extension) = parsed.extension() {
        assert_eq!(extension.kind(), dff::EXTENSION);
        assert!(extension.offset() >= clump.body_start() && extension.end() <= dff.len());
        if !parsed.has_short_clump() {
            assert!(extension.end() <= clump.end());
        }
    }
}

/// The collision chunk lies in the Extension, and its payload reads on its own.
fn dff_collision(dff: &[u8], parsed: &zerocol::gta::dff::Dff<'_>, options: Options) {
    use zerocol::gta::dff::{self, Payload};
    if let Some(collision) = parsed.collision() {
        let chunk = collision.chunk();
        let extension = parsed
            .extension()
            .expect("a collision chunk is in the Extension");
        assert_eq!(chunk.kind(), dff::COLLISION_PLUGIN);
        assert!(chunk.offset() >= extension.body_start() && chunk.end() <= extension.end());
        match collision.payload() {
            Payload::Model(model) => {
                assert_eq!(model.offset(), chunk.body_start());
                assert!(model.offset() + model.len() <= chunk.end());
                let again = gta::Model::parse(&dff[model.offset()..chunk.end()], options)
                    .expect("the payload reads on its own");
                assert_eq!(again.bytes(), model.bytes());
            }
            Payload::Headerless(headerless) => {
                assert_eq!(headerless.offset(), chunk.body_start());
                assert_eq!(headerless.bytes(), &dff[chunk.body_start()..chunk.end()]);
                let mut scratch = vec![0; headerless.framed_len()];
                if let Ok(model) = headerless.frame(&mut scratch, options) {
                    assert_eq!(model.name(), b"");
                    assert_eq!(model.version(), Version::Coll);
                    let mut short = vec![0; headerless.framed_len() - 1];
                    let error = headerless.frame(&mut short, options).unwrap_err();
                    assert!(matches!(
                        error.kind(),
                        dff::ErrorKind::StorageTooSmall { .. }
                    ));
                }
            }
            _ => unreachable!("a new payload kind"),
        }
    }
}

/// A model put in: the output reads back with it, and only size fields change before
/// the splice and nothing after it.
fn dff_replace(
    dff: &[u8],
    parsed: &zerocol::gta::dff::Dff<'_>,
    new: &gta::Model<'_>,
    options: Options,
) {
    use zerocol::gta::dff::{self, Dff, Payload};
    let clump = parsed.clump();
    let Ok(len) = parsed.replace_len(new.len()) else {
        return;
    };
    let mut out = vec![0xA5; len];
    if len > 0 {
        let error = parsed.replace(new, &mut out[..len - 1]).unwrap_err();
        assert!(
            matches!(error, dff::WriteError::BufferTooSmall { .. }),
            "{error}"
        );
    }
    assert_eq!(parsed.replace(new, &mut out), Ok(len));
    let back = Dff::parse(&out, options).expect("the output reads as its input did");
    assert_eq!(back.clump().offset(), clump.offset());
    let collision = back.collision().expect("the model was put in");
    assert_eq!(collision.chunk().size() as usize, new.len());
    let Payload::Model(model) = collision.payload() else {
        panic!("a model with a header reads as one");
    };
    assert_eq!(model.bytes(), new.bytes());
    // Before the splice, only size fields change.
    // Where the input was cut: its collision chunk, or the end of the Extension
    // (or of the Clump) where one was inserted.
    let insert_at = parsed
        .extension()
        .map_or(parsed.children_end(), |e| e.end());
    let start = parsed.collision().map_or(insert_at, |c| c.chunk().offset());
    let sizes = [
        clump.offset() + 4,
        parsed.extension().map_or(usize::MAX, |e| e.offset() + 4),
    ];
    for (at, (a, b)) in dff[..start].iter().zip(&out[..start]).enumerate() {
        if a != b {
            assert!(
                sizes.iter().any(|s| (*s..s + 4).contains(&at)),
                "byte {at} changed"
            );
        }
    }
    // After it, the input's tail.
    let tail = parsed.collision().map_or(insert_at, |c| c.chunk().end());
    assert!(out.ends_with(&dff[tail..]));
}

/// `roundtrip_dff`'s input: a little-endian u16 `n`, the model file's `n` bytes (fewer
/// if the input ends), then the `.dff`.
pub fn split_dff_input(data: &[u8]) -> (&[u8], &[u8]) {
    let (len, rest) = match data {
        [a, b, rest @ ..] => (usize::from(u16::from_le_bytes([*a, *b])), rest),
        _ => (0, data),
    };
    rest.split_at(len.min(rest.len()))
}
