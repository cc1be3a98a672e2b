//! The C API (`zerocol-capi`) through its Rust signatures: the `extern "C"` functions
//! called directly, with pointers to buffers this target owns, arbitrary lengths within
//! them, arbitrary caps and indices, NULL where the API allows or must refuse, and
//! invalid modes. The first `ARGS` bytes feed `Unstructured` for the arguments; the rest
//! is the file, read as every format, and fed to one of the generators, whose output is read back.
//!
//! Checked against the Rust API on the same bytes: the status is OK iff the library's
//! parse is, with the same model, entry and cell counts, the same error offset and the
//! same message (cut as `zc_error` documents); a cast through the face index gives the
//! bits of the model's cast; a write's output reads back; a forged view (one field of a
//! real view changed) is refused; a too-small output buffer is left untouched.
#![no_main]

use std::fmt::Display;
use std::ptr::{null, null_mut};

use libfuzzer_sys::arbitrary::{Arbitrary, Unstructured};
use zerocol::{battleforge, gta, img, mkgp};
use zerocol_capi::*;

use zc_status::*;

/// Trailing bytes the arguments are drawn from. The file is the whole input, so that a
/// committed real file replays whole (its magic first), with arguments from its tail.
const ARGS: usize = 24;
/// Steps of any walk before the target stops following it.
const MAX_STEPS: usize = 4096;
/// Items of a walk whose accessors and queries are driven.
const MAX_ITEMS: usize = 16;
/// A byte no call should have written.
const UNTOUCHED: u8 = 0xA5;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let file = data;
    let args = data.get(data.len().saturating_sub(ARGS)..).unwrap_or_default();
    let u = &mut Unstructured::new(args);
    let _ = zc_sniff(file.as_ptr(), file.len());
    assert_eq!(zc_sniff(null(), 1), zc_format::ZC_FORMAT_NONE as u32);
    assert_eq!(zc_sniff(null(), 0), zc_format::ZC_FORMAT_NONE as u32);
    let len = bounded(u, file.len());
    let _ = zc_sniff(file.as_ptr(), len);
    gta_col(u, file);
    gta_dff(u, file);
    mkgp_course(u, file);
    battleforge_shapes(u, file);
    img_archive(u, file);
    grit(u, file);
    generators(u, file);
});

// ---------------------------------------------------------------------------------
// Arguments

/// A value of a plain C struct with every byte zero (each of them a valid value: zerocol
/// documents a zero-filled view as one it refuses, never as undefined).
fn zeroed<T: Copy>() -> T {
    // SAFETY: only called for the C API's `#[repr(C)]` structs of integers, floats,
    // pointers and arrays of those, for which all-zero bits are a valid value.
    unsafe { std::mem::zeroed() }
}

/// A length or index in `0 ..= max`.
fn bounded(u: &mut Unstructured, max: usize) -> usize {
    u.int_in_range(0..=max).unwrap_or(0)
}

/// A byte from the arguments (0 when they have run out).
fn byte(u: &mut Unstructured) -> u8 {
    u8::arbitrary(u).unwrap_or(0)
}

/// An index: in range, just past it, or far past it.
fn index(u: &mut Unstructured, count: usize) -> usize {
    match byte(u) % 8 {
        0 => count,
        1 => usize::MAX,
        2 => count.saturating_add(1),
        _ => bounded(u, count.saturating_sub(1)),
    }
}

/// A mode that is not 0 or 1.
fn bad_mode(u: &mut Unstructured) -> u32 {
    u32::arbitrary(u).unwrap_or(2).max(2)
}

/// A float: mostly inside `lo ..= hi`, sometimes anything (NaN, infinities).
fn coordinate(u: &mut Unstructured, lo: f32, hi: f32) -> f32 {
    if byte(u).is_multiple_of(8) {
        return f32::arbitrary(u).unwrap_or(0.0);
    }
    let f = f32::from(byte(u)) / 255.0;
    let (lo, hi) = if lo.is_finite() && hi.is_finite() && lo <= hi {
        (lo - 1.0, hi + 1.0)
    } else {
        (-100.0, 100.0)
    };
    lo + (hi - lo) * f
}

fn point(u: &mut Unstructured, lo: [f32; 3], hi: [f32; 3]) -> [f32; 3] {
    [0, 1, 2].map(|i| coordinate(u, lo[i], hi[i]))
}

fn segment(u: &mut Unstructured, lo: [f32; 3], hi: [f32; 3]) -> zc_segment {
    zc_segment {
        start: point(u, lo, hi),
        end: point(u, lo, hi),
    }
}

fn ball(u: &mut Unstructured, lo: [f32; 3], hi: [f32; 3]) -> zc_ball {
    zc_ball {
        center: point(u, lo, hi),
        radius: coordinate(u, 0.0, 10.0),
    }
}

/// A hit as bits (NaN-safe equality).
fn hit_bits(h: &zc_hit) -> ([u32; 7], u32, u64, u32) {
    let f = [
        h.t,
        h.point[0],
        h.point[1],
        h.point[2],
        h.normal[0],
        h.normal[1],
        h.normal[2],
    ];
    (f.map(f32::to_bits), h.primitive, h.index, h.material)
}

/// A contact's identity.
fn contact_id(c: &zc_contact) -> (u32, u64) {
    (c.primitive, c.index)
}

// ---------------------------------------------------------------------------------
// Errors and messages

/// The message a `zc_error` holds for `error`: its `Display`, whole when it fits
/// `ZC_MESSAGE_CAP` bytes, else cut at a character boundary and ended with `...`.
fn stored_message(error: &dyn Display) -> Vec<u8> {
    let text = error.to_string();
    if text.len() <= ZC_MESSAGE_CAP {
        return text.into_bytes();
    }
    let mut take = ZC_MESSAGE_CAP - 3;
    while !text.is_char_boundary(take) {
        take -= 1;
    }
    let mut out = text.as_bytes()[..take].to_vec();
    out.extend_from_slice(b"...");
    out
}

/// `zc_error_message` with an arbitrary cap gives `want` (snprintf's contract).
fn check_message(
    u: &mut Unstructured,
    want: &[u8],
    call: impl Fn(*mut core::ffi::c_char, usize) -> usize,
) {
    assert_eq!(call(null_mut(), 0), want.len(), "message length");
    let cap = bounded(u, want.len() + 2);
    let mut buf = vec![UNTOUCHED; cap + 1];
    let n = call(buf.as_mut_ptr().cast(), cap);
    assert_eq!(n, want.len(), "message length");
    if cap > 0 {
        let k = want.len().min(cap - 1);
        assert_eq!(&buf[..k], &want[..k], "message text");
        assert_eq!(buf[k], 0, "message NUL");
    }
    assert_eq!(buf[cap], UNTOUCHED, "message written past cap");
}

/// The C error of a failed call against the library's error.
fn check_error(
    u: &mut Unstructured,
    c: &zc_error,
    format: zc_format,
    offset: usize,
    error: &dyn Display,
) {
    assert_eq!(c.format, format as u32, "error format");
    assert_eq!(c.offset, offset as u64, "error offset");
    let want = stored_message(error);
    check_message(u, &want, |buf, cap| zc_error_message(c, buf, cap));
}

/// An output buffer one byte short of `required`: refused with BUFFER_TOO_SMALL, untouched,
/// the need reported.
fn check_short(required: usize, call: impl Fn(*mut u8, usize, &mut usize) -> zc_status) {
    let Some(short) = required.checked_sub(1) else {
        return;
    };
    let mut buf = vec![UNTOUCHED; short];
    let mut written = 0usize;
    assert_eq!(
        call(buf.as_mut_ptr(), short, &mut written),
        ZC_STATUS_BUFFER_TOO_SMALL
    );
    assert_eq!(written, required, "needed length");
    assert!(
        buf.iter().all(|&b| b == UNTOUCHED),
        "a short buffer was written"
    );
}

/// Writes into an exact buffer: OK, all of it. Returns the output.
fn write_exact(required: usize, call: impl Fn(*mut u8, usize, &mut usize) -> zc_status) -> Vec<u8> {
    let mut buf = vec![UNTOUCHED; required];
    let mut written = usize::MAX;
    assert_eq!(
        call(buf.as_mut_ptr(), required, &mut written),
        ZC_STATUS_OK,
        "exact buffer"
    );
    assert_eq!(written, required, "bytes written");
    check_short(required, call);
    buf
}

fn gta_options(mode: u32) -> gta::Options {
    if mode == 1 {
        gta::Options::LENIENT
    } else {
        gta::Options::STRICT
    }
}

// ---------------------------------------------------------------------------------
// GTA .col

fn gta_col(u: &mut Unstructured, file: &[u8]) {
    let (p, n) = (file.as_ptr(), file.len());
    let mut summary: zc_gta_summary = zeroed();
    assert_eq!(
        zc_gta_check(p, n, bad_mode(u), &mut summary, null_mut()),
        ZC_STATUS_INVALID_ARGUMENT
    );
    if n > 0 {
        assert_eq!(
            zc_gta_check(null(), n, 0, &mut summary, null_mut()),
            ZC_STATUS_NULL_ARGUMENT
        );
    }
    let mut first: Option<zc_gta_model> = None;
    for mode in [0u32, 1] {
        let options = gta_options(mode);
        let mut err = zc_error::NONE;
        let status = zc_gta_check(p, n, mode, &mut summary, &mut err);
        match gta::check(file, options) {
            Ok(s) => {
                assert_eq!(status, ZC_STATUS_OK);
                assert_eq!(summary.models, s.models as u64, "models");
                assert_eq!(summary.end, s.end.offset as u64, "end");
            }
            Err(e) => {
                assert_eq!(status, ZC_STATUS_MALFORMED);
                check_error(u, &err, zc_format::ZC_FORMAT_GTA_COL, e.offset(), &e);
            }
        }
        // NULL outputs are allowed.
        assert_eq!(zc_gta_check(p, n, mode, null_mut(), null_mut()), status);

        // The walk.
        let mut walk: zc_gta_models = zeroed();
        assert_eq!(zc_gta_models_begin(p, n, mode, &mut walk), ZC_STATUS_OK);
        let mut rust = gta::models(file, options);
        for step in 0..MAX_STEPS {
            if step == 1 {
                let mut forged = walk;
                forged.position ^= 1;
                let mut m: zc_gta_model = zeroed();
                assert_eq!(
                    zc_gta_models_next(&mut forged, &mut m, null_mut()),
                    ZC_STATUS_INVALID_ARGUMENT
                );
            }
            let mut m: zc_gta_model = zeroed();
            let mut err = zc_error::NONE;
            let status = zc_gta_models_next(&mut walk, &mut m, &mut err);
            match rust.next() {
                Some(Ok(model)) => {
                    assert_eq!(status, ZC_STATUS_OK, "model {step}");
                    assert_eq!(
                        m.offset,
                        (model.bytes().as_ptr() as usize - p as usize) as u64
                    );
                    if step < MAX_ITEMS {
                        gta_model(u, file, &m, Some(&model));
                    }
                    first.get_or_insert(m);
                }
                Some(Err(e)) => {
                    assert_eq!(status, ZC_STATUS_MALFORMED, "model {step}");
                    check_error(u, &err, zc_format::ZC_FORMAT_GTA_COL, e.offset(), &e);
                    let mut m: zc_gta_model = zeroed();
                    assert_eq!(
                        zc_gta_models_next(&mut walk, &mut m, null_mut()),
                        ZC_STATUS_END
                    );
                    break;
                }
                None => {
                    assert_eq!(status, ZC_STATUS_END, "end after {step}");
                    break;
                }
            }
        }

        // One model.
        let mut m: zc_gta_model = zeroed();
        let mut err = zc_error::NONE;
        let status = zc_gta_model_parse(p, n, mode, &mut m, &mut err);
        match gta::Model::parse(file, options) {
            Ok(model) => {
                assert_eq!(status, ZC_STATUS_OK);
                gta_model(u, file, &m, Some(&model));
            }
            Err(e) => {
                assert_eq!(status, ZC_STATUS_MALFORMED);
                check_error(u, &err, zc_format::ZC_FORMAT_GTA_COL, e.offset(), &e);
            }
        }

        // Recovery.
        let mut rec: zc_gta_recover = zeroed();
        assert_eq!(zc_gta_recover_begin(p, n, mode, &mut rec), ZC_STATUS_OK);
        let mut end = 0u64;
        for _ in 0..MAX_STEPS {
            let mut out: zc_gta_recovered = zeroed();
            match zc_gta_recover_next(&mut rec, &mut out) {
                ZC_STATUS_OK => {
                    assert!(out.offset >= end, "recovery went back");
                    end = out.offset + out.len;
                    assert!(end <= n as u64);
                    if out.kind == zc_gta_recovered_kind::ZC_GTA_RECOVERED_MODEL as u32 {
                        let mut info: zc_gta_model_info = zeroed();
                        assert_eq!(zc_gta_model_describe(&out.model, &mut info), ZC_STATUS_OK);
                    }
                }
                ZC_STATUS_END => break,
                other => panic!("recover: {other:?}"),
            }
        }

        // The library's cast, and its writer.
        let seg = segment(u, [-50.0; 3], [50.0; 3]);
        let mut hit: zc_hit = zeroed();
        let mut model: zc_gta_model = zeroed();
        let mut which = 0u64;
        let mut err = zc_error::NONE;
        let status =
            zc_gta_library_cast(p, n, mode, &seg, &mut hit, &mut model, &mut which, &mut err);
        assert!(
            matches!(
                status,
                ZC_STATUS_OK | ZC_STATUS_NOT_FOUND | ZC_STATUS_MALFORMED
            ),
            "library cast: {status:?}"
        );
        if gta::check(file, options).is_ok() {
            assert_ne!(status, ZC_STATUS_MALFORMED);
        }
        let options = write_options(u);
        let opts = if byte(u).is_multiple_of(4) {
            null()
        } else {
            &options as *const _
        };
        let mut required = 0usize;
        let mut err = zc_error::NONE;
        if zc_gta_library_write_len(p, n, mode, opts, &mut required, &mut err) == ZC_STATUS_OK {
            let out = write_exact(required, |buf, cap, written| {
                zc_gta_library_write(p, n, mode, opts, buf, cap, written, null_mut())
            });
            let mut err = zc_error::NONE;
            let status = zc_gta_check(out.as_ptr(), out.len(), mode, null_mut(), &mut err);
            assert_eq!(status, ZC_STATUS_OK, "library written: {}", message(&err));
            let mut losses: zc_gta_losses = zeroed();
            assert_eq!(
                zc_gta_library_losses(p, n, mode, opts, &mut losses, null_mut()),
                ZC_STATUS_OK
            );
        }
    }
    if let Some(m) = first {
        dff_replace(u, file, &m);
    }
}

fn message(err: &zc_error) -> String {
    let mut buf = [0u8; ZC_MESSAGE_CAP + 1];
    let n = zc_error_message(err, buf.as_mut_ptr().cast(), buf.len());
    String::from_utf8_lossy(&buf[..n.min(ZC_MESSAGE_CAP)]).into_owned()
}

fn write_options(u: &mut Unstructured) -> zc_gta_write_options {
    zc_gta_write_options {
        version: match byte(u) % 8 {
            7 => u32::arbitrary(u).unwrap_or(9),
            v => u32::from(v % 5),
        },
        recompute_bounds: u32::from(byte(u) % 2),
        face_groups: u32::from(byte(u) % 4),
        drop_shadow_mesh: u32::from(byte(u) % 2),
    }
}

/// Every accessor, lint and query of a model view, against the library's model when
/// there is one.
fn gta_model(u: &mut Unstructured, file: &[u8], m: &zc_gta_model, model: Option<&gta::Model>) {
    let mut info: zc_gta_model_info = zeroed();
    assert_eq!(zc_gta_model_describe(m, &mut info), ZC_STATUS_OK);
    assert_eq!(
        zc_gta_model_describe(m, null_mut()),
        ZC_STATUS_NULL_ARGUMENT
    );
    if let Some(model) = model {
        assert_eq!(info.spheres as usize, model.spheres().len(), "spheres");
        assert_eq!(info.boxes as usize, model.boxes().len(), "boxes");
        assert_eq!(info.lines as usize, model.lines().len(), "lines");
        assert_eq!(info.vertices as usize, model.vertices().len(), "vertices");
        assert_eq!(info.faces as usize, model.faces().len(), "faces");
        assert_eq!(
            info.face_groups as usize,
            model.face_groups().len(),
            "face groups"
        );
        assert_eq!(
            info.shadow_vertices as usize,
            model.shadow_vertices().len(),
            "shadow vertices"
        );
        assert_eq!(
            info.shadow_faces as usize,
            model.shadow_faces().len(),
            "shadow faces"
        );
        let (mut name, mut len) = (null(), 0usize);
        assert_eq!(zc_gta_model_name(m, &mut name, &mut len), ZC_STATUS_OK);
        let at = (name as usize).wrapping_sub(file.as_ptr() as usize);
        assert_eq!(file.get(at..at + len), Some(model.name()), "name");
    }

    // Accessors, in range and past it.
    macro_rules! item {
        ($f:ident, $count:expr, $out:ty) => {{
            let count = $count as usize;
            let i = index(u, count);
            let mut out: $out = zeroed();
            let want = if i < count {
                ZC_STATUS_OK
            } else {
                ZC_STATUS_OUT_OF_RANGE
            };
            assert_eq!($f(m, i, &mut out), want, stringify!($f));
        }};
    }
    item!(zc_gta_model_sphere, info.spheres, zc_gta_sphere);
    item!(zc_gta_model_box, info.boxes, zc_gta_box);
    item!(zc_gta_model_line, info.lines, zc_gta_line);
    item!(zc_gta_model_face, info.faces, zc_gta_face);
    item!(zc_gta_model_shadow_face, info.shadow_faces, zc_gta_face);
    item!(zc_gta_model_face_group, info.face_groups, zc_gta_face_group);
    for (count, shadow) in [(info.vertices, false), (info.shadow_vertices, true)] {
        let i = index(u, count as usize);
        let mut out = [0f32; 3];
        let want = if i < count as usize {
            ZC_STATUS_OK
        } else {
            ZC_STATUS_OUT_OF_RANGE
        };
        let f = if shadow {
            zc_gta_model_shadow_vertex
        } else {
            zc_gta_model_vertex
        };
        assert_eq!(f(m, i, out.as_mut_ptr()), want);
    }

    // Lints, all and tolerated only.
    for tolerated in [0u32, 1] {
        let mut walk: zc_gta_lints = zeroed();
        assert_eq!(zc_gta_lints_begin(m, tolerated, &mut walk), ZC_STATUS_OK);
        let mut rust = model.map(|model| {
            if tolerated == 1 {
                model.tolerated()
            } else {
                model.lints()
            }
        });
        for _ in 0..MAX_STEPS {
            let cap = bounded(u, 80);
            let mut buf = vec![UNTOUCHED; cap];
            let mut lint: zc_gta_lint = zeroed();
            let ptr = if cap == 0 && byte(u).is_multiple_of(2) {
                null_mut()
            } else {
                buf.as_mut_ptr().cast()
            };
            let status = zc_gta_lints_next(&mut walk, &mut lint, ptr, cap);
            let want = rust.as_mut().map(|r| r.next());
            match status {
                ZC_STATUS_OK => {
                    if let Some(want) = want {
                        let want = want
                            .expect("a C lint the library does not have")
                            .to_string();
                        let want = &want.as_bytes()[..want.len().min(1024)];
                        assert_eq!(lint.message_len as usize, want.len(), "lint message length");
                        if cap > 0 {
                            let k = want.len().min(cap - 1);
                            assert_eq!(&buf[..k], &want[..k], "lint message");
                            assert_eq!(buf[k], 0);
                        }
                    }
                }
                ZC_STATUS_END => {
                    if let Some(want) = want {
                        assert!(want.is_none(), "a lint the C walk missed");
                    }
                    break;
                }
                other => panic!("lint walk: {other:?}"),
            }
        }
    }
    let mut walk: zc_gta_lints = zeroed();
    assert_eq!(
        zc_gta_lints_begin(m, 2 + u32::from(byte(u)), &mut walk),
        ZC_STATUS_INVALID_ARGUMENT
    );

    // A forged view: one field changed, its pointers still naming this memory.
    let mut forged = *m;
    match byte(u) % 6 {
        0 => forged.offset ^= 1,
        1 => forged.len ^= 1,
        2 => forged.version ^= 1,
        3 => forged.vertex_count ^= 1,
        4 => forged.buffer_len = forged.buffer_len.saturating_sub(1),
        _ => forged.shadow_vertex_count ^= 1,
    }
    let mut info2: zc_gta_model_info = zeroed();
    assert_eq!(
        zc_gta_model_describe(&forged, &mut info2),
        ZC_STATUS_INVALID_ARGUMENT,
        "forged model"
    );
    let zero: zc_gta_model = zeroed();
    assert_eq!(
        zc_gta_model_describe(&zero, &mut info2),
        ZC_STATUS_INVALID_ARGUMENT
    );

    // Queries: the model's, and the face index's, which must agree bit for bit where
    // the games' culls drop nothing.
    let exact = model.is_some_and(culls_nothing);
    let (lo, hi) = (info.bounds.min, info.bounds.max);
    let mut words = 0usize;
    assert_eq!(zc_gta_face_index_words(m, &mut words), ZC_STATUS_OK);
    let mut storage = vec![0u32; words];
    let mut index: zc_gta_face_index = zeroed();
    assert_eq!(
        zc_gta_face_index_build(m, storage.as_mut_ptr(), words, &mut index),
        ZC_STATUS_OK,
        "face index"
    );
    if words >= ZC_GTA_FACE_INDEX_NODE_WORDS {
        let short = words - ZC_GTA_FACE_INDEX_NODE_WORDS;
        let mut small = vec![0x5A5A_5A5Au32; short];
        let mut untouched: zc_gta_face_index = zeroed();
        assert_eq!(
            zc_gta_face_index_build(m, small.as_mut_ptr(), short, &mut untouched),
            ZC_STATUS_BUFFER_TOO_SMALL
        );
        assert!(
            small.iter().all(|&w| w == 0x5A5A_5A5A),
            "short storage written"
        );
        assert!(untouched.nodes.is_null(), "index written on failure");
    }
    let mut forged_index = index;
    forged_index.words ^= ZC_GTA_FACE_INDEX_NODE_WORDS;
    let seg = segment(u, lo, hi);
    let mut hit: zc_hit = zeroed();
    if forged_index.words <= words {
        assert_eq!(
            zc_gta_face_index_cast(&forged_index, &seg, &mut hit),
            ZC_STATUS_INVALID_ARGUMENT
        );
    }
    for _ in 0..1 + byte(u) % 4 {
        let seg = segment(u, lo, hi);
        let (mut a, mut b): (zc_hit, zc_hit) = (zeroed(), zeroed());
        let sa = zc_gta_model_cast(m, &seg, &mut a);
        let sb = zc_gta_face_index_cast(&index, &seg, &mut b);
        same_hit(exact, (sa, &a), (sb, &b), "cast");
        let mut mask = zc_gta_material_mask { bits: [0; 32] };
        for bit in &mut mask.bits {
            *bit = byte(u);
        }
        let (mut a, mut b): (zc_hit, zc_hit) = (zeroed(), zeroed());
        let sa = zc_gta_model_cast_filtered(m, &seg, &mask, &mut a);
        let sb = zc_gta_face_index_cast_filtered(&index, &seg, &mask, &mut b);
        same_hit(exact, (sa, &a), (sb, &b), "filtered cast");
        let [x, y, z] = point(u, lo, hi);
        let depth = coordinate(u, 0.0, 100.0);
        let (mut a, mut b): (zc_hit, zc_hit) = (zeroed(), zeroed());
        let sa = zc_gta_model_ground(m, x, y, z, depth, &mut a);
        let sb = zc_gta_face_index_ground(&index, x, y, z, depth, &mut b);
        same_hit(exact, (sa, &a), (sb, &b), "ground");
        let b = ball(u, lo, hi);
        let cap = bounded(u, 8);
        let (mut ca, mut cb) = (
            vec![zeroed::<zc_contact>(); cap],
            vec![zeroed::<zc_contact>(); cap],
        );
        let (mut fa, mut fb) = (0usize, 0usize);
        let pa = if cap == 0 {
            null_mut()
        } else {
            ca.as_mut_ptr()
        };
        let pb = if cap == 0 {
            null_mut()
        } else {
            cb.as_mut_ptr()
        };
        assert_eq!(zc_gta_model_overlap(m, &b, pa, cap, &mut fa), ZC_STATUS_OK);
        assert_eq!(
            zc_gta_face_index_overlap(&index, &b, pb, cap, &mut fb),
            ZC_STATUS_OK
        );
        if !exact {
            assert!(
                fa <= fb,
                "the model's culled overlap found more than the index"
            );
            continue;
        }
        assert_eq!(fa, fb, "overlap count");
        if fa <= cap {
            let mut ia: Vec<_> = ca[..fa].iter().map(contact_id).collect();
            let mut ib: Vec<_> = cb[..fb].iter().map(contact_id).collect();
            ia.sort_unstable();
            ib.sort_unstable();
            assert_eq!(ia, ib, "overlap contacts");
        }
    }

    // Writers.
    let options = write_options(u);
    let opts = if byte(u).is_multiple_of(4) {
        null()
    } else {
        &options as *const _
    };
    let mut required = 0usize;
    let mut err = zc_error::NONE;
    let status = zc_gta_model_write_len(m, opts, &mut required, &mut err);
    let mut losses: zc_gta_losses = zeroed();
    assert_eq!(
        zc_gta_model_losses(m, opts, &mut losses, null_mut()),
        status,
        "losses"
    );
    if status == ZC_STATUS_OK {
        let out = write_exact(required, |buf, cap, written| {
            zc_gta_model_write(m, opts, buf, cap, written, null_mut())
        });
        let mut err = zc_error::NONE;
        let status = zc_gta_check(out.as_ptr(), out.len(), 0, null_mut(), &mut err);
        assert_eq!(status, ZC_STATUS_OK, "model written: {}", message(&err));
    } else {
        assert!(
            matches!(status, ZC_STATUS_UNWRITABLE | ZC_STATUS_INVALID_ARGUMENT),
            "write_len: {status:?}"
        );
    }
}

/// Whether the games' culls (a model's bounds, its face groups' boxes) drop nothing
/// from `m`, so that its queries equal those through its face index (which culls
/// nothing): as `zerocol_oracle::query` decides it.
fn culls_nothing(m: &gta::Model<'_>) -> bool {
    if m.version() == gta::Version::Col4 {
        return false;
    }
    let lints = m.lints().any(|l| {
        matches!(
            l.kind,
            gta::LintKind::OutsideBounds { .. } | gta::LintKind::FaceGroupBox { .. }
        )
    });
    let groups = m.face_groups();
    let covered = groups.is_empty()
        || (0..m.faces().len()).all(|f| groups.iter().any(|g| g.faces().contains(&f)));
    !lints && covered
}

/// A model query against the same through the face index: the same bits when `exact`,
/// else the index finds whatever the culled model finds, never farther.
fn same_hit(exact: bool, (sa, a): (zc_status, &zc_hit), (sb, b): (zc_status, &zc_hit), what: &str) {
    assert!(
        matches!(sa, ZC_STATUS_OK | ZC_STATUS_NOT_FOUND),
        "{what}: {sa:?}"
    );
    assert!(
        matches!(sb, ZC_STATUS_OK | ZC_STATUS_NOT_FOUND),
        "{what} (index): {sb:?}"
    );
    if exact {
        assert_eq!(sa, sb, "{what} status");
        if sa == ZC_STATUS_OK {
            assert_eq!(hit_bits(a), hit_bits(b), "{what} hit");
        }
    } else if sa == ZC_STATUS_OK {
        assert_eq!(
            sb, ZC_STATUS_OK,
            "{what}: the index missed the culled model's hit"
        );
        assert!(
            b.t <= a.t,
            "{what}: the index's hit is farther than the culled model's"
        );
    }
}

/// Puts `m` into the file read as a `.dff`.
fn dff_replace(u: &mut Unstructured, file: &[u8], m: &zc_gta_model) {
    let mode = u32::from(byte(u) % 2);
    let mut required = 0usize;
    let (p, n) = (file.as_ptr(), file.len());
    if zc_gta_dff_replace_len(p, n, mode, m, &mut required, null_mut()) != ZC_STATUS_OK {
        return;
    }
    let out = write_exact(required, |buf, cap, written| {
        zc_gta_dff_replace(p, n, mode, m, buf, cap, written, null_mut())
    });
    let mut dff: zc_gta_dff = zeroed();
    let mut err = zc_error::NONE;
    let status = zc_gta_dff_parse(out.as_ptr(), out.len(), mode, &mut dff, &mut err);
    assert_eq!(status, ZC_STATUS_OK, ".dff written: {}", message(&err));
}

// ---------------------------------------------------------------------------------
// GTA .dff

fn gta_dff(u: &mut Unstructured, file: &[u8]) {
    let (p, n) = (file.as_ptr(), file.len());
    let mut dff: zc_gta_dff = zeroed();
    assert_eq!(
        zc_gta_dff_parse(p, n, bad_mode(u), &mut dff, null_mut()),
        ZC_STATUS_INVALID_ARGUMENT
    );
    for mode in [0u32, 1] {
        let mut dff: zc_gta_dff = zeroed();
        let mut err = zc_error::NONE;
        let status = zc_gta_dff_parse(p, n, mode, &mut dff, &mut err);
        match gta::dff::Dff::parse(file, gta_options(mode)) {
            Ok(_) => assert_eq!(status, ZC_STATUS_OK),
            Err(e) => {
                assert_eq!(status, ZC_STATUS_MALFORMED);
                check_error(u, &err, zc_format::ZC_FORMAT_DFF, e.offset(), &e);
                continue;
            }
        }
        let mut m: zc_gta_model = zeroed();
        match zc_gta_dff_model(&dff, &mut m) {
            ZC_STATUS_OK => gta_model(u, file, &m, None),
            ZC_STATUS_NOT_FOUND => {}
            other => panic!("dff model: {other:?}"),
        }
        let mut required = 0usize;
        let status = zc_gta_dff_frame(&dff, null_mut(), 0, &mut required, &mut m, null_mut());
        if status == ZC_STATUS_BUFFER_TOO_SMALL {
            let cap = if byte(u).is_multiple_of(4) {
                bounded(u, required)
            } else {
                required
            };
            let mut scratch = vec![UNTOUCHED; cap];
            let mut m: zc_gta_model = zeroed();
            let mut err = zc_error::NONE;
            let status = zc_gta_dff_frame(
                &dff,
                scratch.as_mut_ptr(),
                cap,
                null_mut(),
                &mut m,
                &mut err,
            );
            match status {
                ZC_STATUS_OK => gta_model(u, &scratch, &m, None),
                ZC_STATUS_BUFFER_TOO_SMALL => {
                    assert!(cap < required);
                    assert!(
                        scratch.iter().all(|&b| b == UNTOUCHED),
                        "short scratch written"
                    );
                }
                ZC_STATUS_MALFORMED => {}
                other => panic!("dff frame: {other:?}"),
            }
        } else {
            assert!(
                matches!(status, ZC_STATUS_NOT_FOUND | ZC_STATUS_OK),
                "dff frame: {status:?}"
            );
        }
        let mut forged = dff;
        forged.clump_offset ^= 1;
        assert_eq!(
            zc_gta_dff_model(&forged, &mut m),
            ZC_STATUS_INVALID_ARGUMENT,
            "forged dff"
        );
    }
}

// ---------------------------------------------------------------------------------
// MKGP

fn mkgp_course(u: &mut Unstructured, file: &[u8]) {
    let (p, n) = (file.as_ptr(), file.len());
    let mut course: zc_mkgp_course = zeroed();
    assert_eq!(
        zc_mkgp_parse(p, n, bad_mode(u), &mut course, null_mut()),
        ZC_STATUS_INVALID_ARGUMENT
    );
    for mode in [0u32, 1] {
        let options = if mode == 1 {
            mkgp::Options::LENIENT
        } else {
            mkgp::Options::STRICT
        };
        let mut course: zc_mkgp_course = zeroed();
        let mut err = zc_error::NONE;
        let status = zc_mkgp_parse(p, n, mode, &mut course, &mut err);
        let rust = match mkgp::Course::parse(file, options) {
            Ok(c) => {
                assert_eq!(status, ZC_STATUS_OK);
                c
            }
            Err(e) => {
                assert_eq!(status, ZC_STATUS_MALFORMED);
                check_error(u, &err, zc_format::ZC_FORMAT_MKGP_COL, e.offset(), &e);
                continue;
            }
        };
        let mut grid: zc_mkgp_grid = zeroed();
        assert_eq!(zc_mkgp_course_grid(&course, &mut grid), ZC_STATUS_OK);
        let g = rust.grid();
        assert_eq!((grid.width, grid.length), (g.width, g.length), "grid");
        let mut summary: zc_mkgp_summary = zeroed();
        assert_eq!(zc_mkgp_course_summary(&course, &mut summary), ZC_STATUS_OK);
        let cells = u64::from(grid.width) * u64::from(grid.length);
        assert_eq!(u64::from(summary.cell_count), cells);

        // The cell walk.
        let mut walk: zc_mkgp_cells = zeroed();
        assert_eq!(zc_mkgp_cells_begin(&course, &mut walk), ZC_STATUS_OK);
        let mut seen = 0u64;
        for step in 0..MAX_STEPS {
            let mut cell: zc_mkgp_cell = zeroed();
            match zc_mkgp_cells_next(&mut walk, &mut cell) {
                ZC_STATUS_OK => {
                    seen += 1;
                    if step < MAX_ITEMS {
                        mkgp_cell(u, &cell);
                    }
                }
                ZC_STATUS_END => break,
                other => panic!("cells: {other:?}"),
            }
        }
        if cells < MAX_STEPS as u64 {
            assert_eq!(seen, cells, "cells walked");
        }

        // The index, exact and short.
        let len = zc_mkgp_index_len(&course) as usize;
        assert_eq!(len as u64, cells * 2);
        let mut index = vec![0u32; len];
        let status = zc_mkgp_index_build(&course, index.as_mut_ptr(), len);
        assert!(
            matches!(status, ZC_STATUS_OK | ZC_STATUS_OUT_OF_RANGE),
            "index: {status:?}"
        );
        let indexed = status == ZC_STATUS_OK;
        if len > 0 {
            let mut short = vec![0x5A5A_5A5Au32; len - 1];
            assert_eq!(
                zc_mkgp_index_build(&course, short.as_mut_ptr(), len - 1),
                ZC_STATUS_BUFFER_TOO_SMALL
            );
            assert!(
                short.iter().all(|&w| w == 0x5A5A_5A5A),
                "short index written"
            );
        }
        let (ip, il) = if indexed {
            (index.as_ptr(), len)
        } else {
            (null(), 0)
        };
        let lo = [grid.min[0], -100.0, grid.min[1]];
        let hi = [grid.max[0], 100.0, grid.max[1]];
        for _ in 0..1 + byte(u) % 3 {
            let seg = segment(u, lo, hi);
            let (mut a, mut b): (zc_hit, zc_hit) = (zeroed(), zeroed());
            let sa = zc_mkgp_cast(&course, null(), 0, &seg, &mut a);
            let sb = zc_mkgp_cast(&course, ip, il, &seg, &mut b);
            assert_eq!(sa, sb, "mkgp cast");
            if sa == ZC_STATUS_OK {
                assert_eq!(hit_bits(&a), hit_bits(&b));
            }
            let [x, y, z] = point(u, lo, hi);
            let depth = coordinate(u, 0.0, 100.0);
            let (mut a, mut b): (zc_hit, zc_hit) = (zeroed(), zeroed());
            let sa = zc_mkgp_ground(&course, null(), 0, x, y, z, depth, &mut a);
            let sb = zc_mkgp_ground(&course, ip, il, x, y, z, depth, &mut b);
            assert_eq!(sa, sb, "mkgp ground");
            if sa == ZC_STATUS_OK {
                assert_eq!(hit_bits(&a), hit_bits(&b));
            }
            let mut h: zc_mkgp_height = zeroed();
            let _ = zc_mkgp_ground_height(&course, ip, il, x, z, &mut h);
            let mut cell: zc_mkgp_cell = zeroed();
            let _ = zc_mkgp_course_cell_at(&course, ip, il, x, z, &mut cell);
            let (cx, cz) = (index_u32(u, grid.width), index_u32(u, grid.length));
            let want = if cx < grid.width && cz < grid.length {
                ZC_STATUS_OK
            } else {
                ZC_STATUS_OUT_OF_RANGE
            };
            assert_eq!(
                zc_mkgp_course_cell(&course, ip, il, cx, cz, &mut cell),
                want,
                "cell ({cx}, {cz})"
            );
            let (mut ox, mut oz) = (0u32, 0u32);
            let _ = zc_mkgp_cell_of(&course, x, z, &mut ox, &mut oz);
            let b = ball(u, lo, hi);
            let cap = bounded(u, 8);
            let mut contacts = vec![zeroed::<zc_contact>(); cap];
            let (mut fa, mut fb) = (0u64, 0u64);
            let cp = if cap == 0 {
                null_mut()
            } else {
                contacts.as_mut_ptr()
            };
            assert_eq!(
                zc_mkgp_overlap(&course, null(), 0, &b, cp, cap, &mut fa),
                ZC_STATUS_OK
            );
            assert_eq!(
                zc_mkgp_overlap(&course, ip, il, &b, cp, cap, &mut fb),
                ZC_STATUS_OK
            );
            assert_eq!(fa, fb, "mkgp overlap");
        }

        // Lints.
        let mut walk: zc_mkgp_lints = zeroed();
        assert_eq!(zc_mkgp_lints_begin(&course, &mut walk), ZC_STATUS_OK);
        for _ in 0..MAX_STEPS {
            let cap = bounded(u, 80);
            let mut buf = vec![UNTOUCHED; cap];
            let mut lint: zc_mkgp_lint = zeroed();
            let bp = if cap == 0 {
                null_mut()
            } else {
                buf.as_mut_ptr().cast()
            };
            match zc_mkgp_lints_next(&mut walk, &mut lint, bp, cap) {
                ZC_STATUS_OK => {
                    if cap > 0 {
                        assert_eq!(buf[(lint.message_len as usize).min(cap - 1)], 0, "lint NUL");
                    }
                }
                ZC_STATUS_END => break,
                other => panic!("mkgp lints: {other:?}"),
            }
        }

        let mut forged = course;
        match byte(u) % 3 {
            0 => forged.width ^= 1,
            1 => forged.secondary ^= 4,
            _ => forged.buffer_len = forged.buffer_len.saturating_sub(1),
        }
        assert_eq!(
            zc_mkgp_course_grid(&forged, &mut grid),
            ZC_STATUS_INVALID_ARGUMENT,
            "forged course"
        );
    }
}

fn index_u32(u: &mut Unstructured, count: u32) -> u32 {
    u32::try_from(index(u, count as usize)).unwrap_or(u32::MAX)
}

fn mkgp_cell(u: &mut Unstructured, cell: &zc_mkgp_cell) {
    let i = index_u32(u, cell.triangle_count);
    let mut t: zc_mkgp_triangle = zeroed();
    let want = if i < cell.triangle_count {
        ZC_STATUS_OK
    } else {
        ZC_STATUS_OUT_OF_RANGE
    };
    assert_eq!(zc_mkgp_cell_triangle(cell, i, &mut t), want, "triangle");
    let i = index_u32(u, cell.wall_count);
    let mut w: zc_mkgp_wall = zeroed();
    let want = if i < cell.wall_count {
        ZC_STATUS_OK
    } else {
        ZC_STATUS_OUT_OF_RANGE
    };
    assert_eq!(zc_mkgp_cell_wall(cell, i, &mut w), want, "wall");
    let i = index_u32(u, cell.triangle_wall_count);
    let mut tw: zc_mkgp_triangle_wall = zeroed();
    let want = if i < cell.triangle_wall_count {
        ZC_STATUS_OK
    } else {
        ZC_STATUS_OUT_OF_RANGE
    };
    assert_eq!(
        zc_mkgp_cell_triangle_wall(cell, i, &mut tw),
        want,
        "triangle wall"
    );
    let mut forged = *cell;
    forged.triangle_count ^= 1;
    assert_eq!(
        zc_mkgp_cell_triangle(&forged, 0, &mut t),
        ZC_STATUS_INVALID_ARGUMENT,
        "forged cell"
    );
}

// ---------------------------------------------------------------------------------
// BattleForge

fn battleforge_shapes(u: &mut Unstructured, file: &[u8]) {
    let (p, n) = (file.as_ptr(), file.len());
    let mut shapes: zc_battleforge_shapes = zeroed();
    assert_eq!(
        zc_battleforge_parse_payload(p, n, bad_mode(u), &mut shapes, null_mut()),
        ZC_STATUS_INVALID_ARGUMENT
    );
    for mode in [0u32, 1] {
        let options = if mode == 1 {
            battleforge::Options::LENIENT
        } else {
            battleforge::Options::STRICT
        };
        // The bare payload.
        let mut shapes: zc_battleforge_shapes = zeroed();
        let mut err = zc_error::NONE;
        let status = zc_battleforge_parse_payload(p, n, mode, &mut shapes, &mut err);
        match battleforge::CollisionShape::parse(file, options) {
            Ok(_) => {
                assert_eq!(status, ZC_STATUS_OK);
                bf_shapes(u, &shapes);
            }
            Err(e) => {
                assert_eq!(status, ZC_STATUS_MALFORMED);
                check_error(
                    u,
                    &err,
                    zc_format::ZC_FORMAT_COLLISION_SHAPE,
                    e.offset(),
                    &e,
                );
            }
        }
        // The DRS container.
        let mut drs: zc_battleforge_drs = zeroed();
        let mut err = zc_error::NONE;
        let status = zc_battleforge_drs_parse(p, n, mode, &mut drs, &mut err);
        match battleforge::Drs::parse(file, options) {
            Ok(_) => assert_eq!(status, ZC_STATUS_OK),
            Err(e) => {
                assert_eq!(status, ZC_STATUS_MALFORMED);
                check_error(
                    u,
                    &err,
                    zc_format::ZC_FORMAT_COLLISION_SHAPE,
                    e.offset(),
                    &e,
                );
                continue;
            }
        }
        let mut walk: zc_battleforge_nodes = zeroed();
        assert_eq!(zc_battleforge_nodes_begin(&drs, &mut walk), ZC_STATUS_OK);
        for _ in 0..MAX_STEPS {
            let mut node: zc_battleforge_node = zeroed();
            match zc_battleforge_nodes_next(&mut walk, &mut node) {
                ZC_STATUS_OK => {}
                ZC_STATUS_END => break,
                other => panic!("nodes: {other:?}"),
            }
        }
        let mut shapes: zc_battleforge_shapes = zeroed();
        match zc_battleforge_parse(p, n, mode, &mut shapes, null_mut()) {
            ZC_STATUS_OK => bf_shapes(u, &shapes),
            ZC_STATUS_NOT_FOUND | ZC_STATUS_MALFORMED => {}
            other => panic!("battleforge parse: {other:?}"),
        }
        let mut forged = drs;
        forged.node_count ^= 1;
        assert_eq!(
            zc_battleforge_nodes_begin(&forged, &mut walk),
            ZC_STATUS_INVALID_ARGUMENT,
            "forged drs"
        );
    }
}

fn bf_shapes(u: &mut Unstructured, s: &zc_battleforge_shapes) {
    let i = index_u32(u, s.box_count);
    let mut b: zc_battleforge_box = zeroed();
    let want = if i < s.box_count {
        ZC_STATUS_OK
    } else {
        ZC_STATUS_OUT_OF_RANGE
    };
    assert_eq!(zc_battleforge_shapes_box(s, i, &mut b), want);
    let i = index_u32(u, s.sphere_count);
    let mut sp: zc_battleforge_sphere = zeroed();
    let want = if i < s.sphere_count {
        ZC_STATUS_OK
    } else {
        ZC_STATUS_OUT_OF_RANGE
    };
    assert_eq!(zc_battleforge_shapes_sphere(s, i, &mut sp), want);
    let i = index_u32(u, s.cylinder_count);
    let mut c: zc_battleforge_cylinder = zeroed();
    let want = if i < s.cylinder_count {
        ZC_STATUS_OK
    } else {
        ZC_STATUS_OUT_OF_RANGE
    };
    assert_eq!(zc_battleforge_shapes_cylinder(s, i, &mut c), want);
    let mut aabb: zc_battleforge_aabb = zeroed();
    let status = zc_battleforge_shapes_aabb(s, &mut aabb);
    assert!(
        matches!(status, ZC_STATUS_OK | ZC_STATUS_NOT_FOUND),
        "aabb: {status:?}"
    );
    let (lo, hi) = if status == ZC_STATUS_OK {
        (aabb.min, aabb.max)
    } else {
        ([-10.0; 3], [10.0; 3])
    };
    let [x, y, z] = point(u, lo, hi);
    let (mut kind, mut which) = (0u32, 0u32);
    let _ = zc_battleforge_contains(s, x, y, z, &mut kind, &mut which);
    let seg = segment(u, lo, hi);
    let mut hit: zc_hit = zeroed();
    let _ = zc_battleforge_cast(s, &seg, &mut hit);
    let _ = zc_battleforge_ground(s, x, y, z, coordinate(u, 0.0, 50.0), &mut hit);
    let ball = ball(u, lo, hi);
    let cap = bounded(u, 8);
    let mut contacts = vec![zeroed::<zc_contact>(); cap];
    let mut found = 0u64;
    let cp = if cap == 0 {
        null_mut()
    } else {
        contacts.as_mut_ptr()
    };
    assert_eq!(
        zc_battleforge_overlap(s, &ball, cp, cap, &mut found),
        ZC_STATUS_OK
    );
    let mut walk: zc_battleforge_lints = zeroed();
    assert_eq!(zc_battleforge_lints_begin(s, &mut walk), ZC_STATUS_OK);
    for _ in 0..MAX_STEPS {
        let cap = bounded(u, 80);
        let mut buf = vec![UNTOUCHED; cap];
        let mut lint: zc_battleforge_lint = zeroed();
        let bp = if cap == 0 {
            null_mut()
        } else {
            buf.as_mut_ptr().cast()
        };
        match zc_battleforge_lints_next(&mut walk, &mut lint, bp, cap) {
            ZC_STATUS_OK => {
                if cap > 0 {
                    assert_eq!(buf[(lint.message_len as usize).min(cap - 1)], 0, "lint NUL");
                }
            }
            ZC_STATUS_END => break,
            other => panic!("battleforge lints: {other:?}"),
        }
    }
    let mut forged = *s;
    forged.box_count ^= 1;
    assert_eq!(
        zc_battleforge_shapes_aabb(&forged, &mut aabb),
        ZC_STATUS_INVALID_ARGUMENT,
        "forged shapes"
    );
}

// ---------------------------------------------------------------------------------
// IMG

fn img_archive(u: &mut Unstructured, file: &[u8]) {
    let (p, n) = (file.as_ptr(), file.len());
    let mut archive: zc_img_archive = zeroed();
    assert_eq!(
        zc_img_parse(p, n, bad_mode(u), &mut archive, null_mut()),
        ZC_STATUS_INVALID_ARGUMENT
    );
    assert_eq!(
        zc_img_parse(p, n, 0, null_mut(), null_mut()),
        ZC_STATUS_NULL_ARGUMENT
    );
    for mode in [0u32, 1] {
        let options = if mode == 1 {
            img::Options::LENIENT
        } else {
            img::Options::STRICT
        };
        let mut archive: zc_img_archive = zeroed();
        let mut err = zc_error::NONE;
        let status = zc_img_parse(p, n, mode, &mut archive, &mut err);
        match img::Archive::parse(file, options) {
            Ok(a) => {
                assert_eq!(status, ZC_STATUS_OK);
                assert_eq!(archive.directory.count, a.directory().declared(), "entries");
                img_entries(u, file, &archive);
            }
            Err(e) => {
                assert_eq!(status, ZC_STATUS_MALFORMED);
                check_error(u, &err, zc_format::ZC_FORMAT_IMG, e.offset(), &e);
            }
        }
        // A III/VC pair: the file cut in two.
        let cut = bounded(u, n);
        let (dir, rest) = file.split_at(cut);
        let mut archive: zc_img_archive = zeroed();
        let mut err = zc_error::NONE;
        let status = zc_img_parse_v1(
            dir.as_ptr(),
            dir.len(),
            rest.as_ptr(),
            rest.len(),
            mode,
            &mut archive,
            &mut err,
        );
        match img::Archive::parse_v1(dir, rest, options) {
            Ok(a) => {
                assert_eq!(status, ZC_STATUS_OK);
                assert_eq!(
                    archive.directory.count,
                    a.directory().declared(),
                    "v1 entries"
                );
                img_entries(u, rest, &archive);
            }
            Err(e) => {
                assert_eq!(status, ZC_STATUS_MALFORMED);
                check_error(u, &err, zc_format::ZC_FORMAT_IMG, e.offset(), &e);
            }
        }
        // The streaming directory.
        let mut needed = 0usize;
        if zc_img_directory_v2_len(p, n, &mut needed, null_mut()) == ZC_STATUS_OK && needed <= n {
            let mut directory: zc_img_directory = zeroed();
            let archive_len = if byte(u).is_multiple_of(2) {
                n as u64
            } else {
                ZC_IMG_LEN_UNKNOWN
            };
            let _ =
                zc_img_directory_parse(p, needed, archive_len, mode, &mut directory, null_mut());
        }
    }
}

fn img_entries(u: &mut Unstructured, data: &[u8], archive: &zc_img_archive) {
    let dir = &archive.directory;
    let count = dir.count as usize;
    let mut sources = Vec::new();
    for step in 0..count.min(MAX_ITEMS) {
        let i = if step == 0 { index(u, count) } else { step };
        let i = u32::try_from(i).unwrap_or(u32::MAX);
        let mut entry: zc_img_entry = zeroed();
        let status = zc_img_directory_entry(dir, i, &mut entry);
        if (i as usize) >= count {
            assert_eq!(status, ZC_STATUS_OUT_OF_RANGE);
            continue;
        }
        assert_eq!(status, ZC_STATUS_OK);
        let (mut bytes, mut len) = (null(), 0usize);
        let status = zc_img_archive_entry_data(archive, i, &mut bytes, &mut len);
        if status != ZC_STATUS_OK {
            continue;
        }
        let at = (bytes as usize).wrapping_sub(data.as_ptr() as usize);
        let Some(entry_bytes) = data.get(at..at + len) else {
            panic!("entry bytes outside the archive");
        };
        // The entry's models.
        let mut walk: zc_img_models = zeroed();
        let mode = u32::from(byte(u) % 2);
        if zc_img_entry_models_begin(
            dir,
            i,
            entry_bytes.as_ptr(),
            entry_bytes.len(),
            mode,
            &mut walk,
        ) == ZC_STATUS_OK
        {
            for _ in 0..MAX_STEPS {
                let mut m: zc_gta_model = zeroed();
                match zc_img_entry_models_next(&mut walk, &mut m, null_mut()) {
                    ZC_STATUS_OK => {
                        let mut info: zc_gta_model_info = zeroed();
                        assert_eq!(zc_gta_model_describe(&m, &mut info), ZC_STATUS_OK);
                    }
                    _ => break,
                }
            }
        }
        // Looked up by its own name.
        let name_at = (entry.name as usize).wrapping_sub(dir.bytes as usize);
        if entry.skipped == 0 && name_at < dir.bytes_len && entry.name_len > 0 {
            let mut found: zc_img_entry = zeroed();
            let status = zc_img_directory_find(dir, entry.name, entry.name_len, &mut found);
            assert_eq!(status, ZC_STATUS_OK, "find by its own name");
            if sources.len() < 8 {
                sources.push(zc_img_source {
                    name: entry.name,
                    name_len: entry.name_len,
                    data: entry_bytes.as_ptr(),
                    len: entry_bytes.len().min(4096),
                });
            }
        }
    }
    // The archive edited: a put (a new name, or an entry's) or a removal.
    let fresh = b"fuzz.col";
    let (name, name_len) = match sources.first() {
        Some(s) if byte(u) % 2 == 1 => (s.name, s.name_len),
        _ => (fresh.as_ptr(), fresh.len()),
    };
    let put = bounded(u, data.len().min(4096));
    let change = zc_img_change {
        name,
        name_len,
        data: data.as_ptr(),
        len: put,
        remove: match byte(u) % 8 {
            7 => 2 + u32::from(byte(u)),
            r => u32::from(r % 2),
        },
    };
    let count = usize::from(byte(u) % 2);
    let mut required = 0usize;
    let status = zc_img_write_edited(
        archive,
        &change,
        count,
        null_mut(),
        0,
        &mut required,
        null_mut(),
    );
    if status == ZC_STATUS_BUFFER_TOO_SMALL {
        let out = write_exact(required, |buf, cap, written| {
            zc_img_write_edited(archive, &change, count, buf, cap, written, null_mut())
        });
        let mut again: zc_img_archive = zeroed();
        let mut err = zc_error::NONE;
        let status = zc_img_parse(out.as_ptr(), out.len(), 1, &mut again, &mut err);
        assert_eq!(status, ZC_STATUS_OK, "edited archive: {}", message(&err));
    } else {
        assert!(
            matches!(status, ZC_STATUS_UNWRITABLE | ZC_STATUS_INVALID_ARGUMENT),
            "write_edited: {status:?}"
        );
        if count == 1 && change.remove > 1 {
            assert_eq!(status, ZC_STATUS_INVALID_ARGUMENT);
        }
    }

    // Lints.
    let mut walk: zc_img_lints = zeroed();
    assert_eq!(zc_img_lints_begin(dir, &mut walk), ZC_STATUS_OK);
    for _ in 0..MAX_STEPS {
        let mut lint: zc_img_lint = zeroed();
        match zc_img_lints_next(&mut walk, &mut lint) {
            ZC_STATUS_OK => {
                let full = zc_img_lint_message(&lint, null_mut(), 0);
                let mut all = vec![0u8; full + 1];
                assert_eq!(
                    zc_img_lint_message(&lint, all.as_mut_ptr().cast(), full + 1),
                    full
                );
                let want = all[..full].to_vec();
                check_message(u, &want, |buf, cap| zc_img_lint_message(&lint, buf, cap));
            }
            ZC_STATUS_END => break,
            other => panic!("img lints: {other:?}"),
        }
    }
    let mut forged = *dir;
    forged.count ^= 1;
    let mut entry: zc_img_entry = zeroed();
    assert_eq!(
        zc_img_directory_entry(&forged, 0, &mut entry),
        ZC_STATUS_INVALID_ARGUMENT,
        "forged directory"
    );
    // The entries written again.
    let mut required = 0usize;
    if zc_img_required_len(sources.as_ptr(), sources.len(), &mut required, null_mut())
        == ZC_STATUS_OK
    {
        let out = write_exact(required, |buf, cap, written| {
            zc_img_write(
                sources.as_ptr(),
                sources.len(),
                buf,
                cap,
                written,
                null_mut(),
            )
        });
        let mut again: zc_img_archive = zeroed();
        let mut err = zc_error::NONE;
        let status = zc_img_parse(out.as_ptr(), out.len(), 1, &mut again, &mut err);
        assert_eq!(status, ZC_STATUS_OK, "archive written: {}", message(&err));
        assert_eq!(again.directory.count as usize, sources.len());
    }
}

// ---------------------------------------------------------------------------------
// Grit (TCOL, BCOL)

/// The bytes as TCOL and as BCOL (and as whichever `zc_grit_sniff` names), strict and
/// lenient, against `zerocol::grit`.
fn grit(u: &mut Unstructured, file: &[u8]) {
    use zerocol::grit::{bcol, tcol};
    let (p, n) = (file.as_ptr(), file.len());
    let _ = zc_grit_sniff(p, n);
    let mut body: zc_grit_body = zeroed();
    assert_eq!(
        zc_grit_parse(p, n, bad_mode(u), &mut body, null_mut()),
        ZC_STATUS_INVALID_ARGUMENT
    );
    assert_eq!(
        zc_grit_parse(p, n, 0, null_mut(), null_mut()),
        ZC_STATUS_NULL_ARGUMENT
    );
    for mode in [0u32, 1] {
        let lenient = mode == 1;
        let mut body: zc_grit_body = zeroed();
        let mut err = zc_error::NONE;
        let status = zc_tcol_parse(p, n, mode, &mut body, &mut err);
        let options = if lenient {
            tcol::Options::LENIENT
        } else {
            tcol::Options::STRICT
        };
        match tcol::Tcol::parse(file, options) {
            Ok(t) => {
                assert_eq!(status, ZC_STATUS_OK);
                assert_eq!(body.shape_count as usize, t.shapes().len(), "TCOL shapes");
                grit_body(u, &body);
            }
            Err(e) => {
                assert_eq!(status, ZC_STATUS_MALFORMED);
                check_error(u, &err, zc_format::ZC_FORMAT_TCOL, e.offset(), &e);
                assert_eq!(
                    (err.line, err.column),
                    (e.line(), e.column()),
                    "TCOL line and column"
                );
            }
        }
        let mut body: zc_grit_body = zeroed();
        let mut err = zc_error::NONE;
        let status = zc_bcol_parse(p, n, mode, &mut body, &mut err);
        let options = if lenient {
            bcol::Options::LENIENT
        } else {
            bcol::Options::STRICT
        };
        match bcol::Bcol::parse(file, options) {
            Ok(b) => {
                assert_eq!(status, ZC_STATUS_OK);
                assert_eq!(body.shape_count as usize, b.shapes().len(), "BCOL shapes");
                grit_body(u, &body);
            }
            Err(e) => {
                assert_eq!(status, ZC_STATUS_MALFORMED);
                check_error(u, &err, zc_format::ZC_FORMAT_BCOL, e.offset(), &e);
            }
        }
    }
}

/// A batch accessor (`first`, `out`, `cap`, `written`) over `count` items: past the
/// end refused, else `min(cap, count - first)` written.
fn batch<T: Copy>(
    u: &mut Unstructured,
    count: u64,
    call: impl Fn(u64, *mut T, usize, &mut usize) -> zc_status,
) {
    let first = index(u, count as usize) as u64;
    let cap = bounded(u, 6);
    let mut out = vec![zeroed::<T>(); cap];
    let mut written = usize::MAX;
    let ptr = if cap == 0 {
        null_mut()
    } else {
        out.as_mut_ptr()
    };
    let status = call(first, ptr, cap, &mut written);
    if first > count {
        assert_eq!(status, ZC_STATUS_OUT_OF_RANGE, "batch past the end");
    } else {
        assert_eq!(status, ZC_STATUS_OK, "batch");
        assert_eq!(
            written as u64,
            (count - first).min(cap as u64),
            "batch written"
        );
    }
}

fn grit_body(u: &mut Unstructured, body: &zc_grit_body) {
    let mut summary: zc_grit_summary = zeroed();
    assert_eq!(zc_grit_body_summary(body, &mut summary), ZC_STATUS_OK);
    assert_eq!(summary.shapes, body.shape_count);
    let mut attributes: zc_grit_attributes = zeroed();
    assert_eq!(zc_grit_body_attributes(body, &mut attributes), ZC_STATUS_OK);
    batch(u, body.shape_count, |first, out, cap, written| {
        zc_grit_shapes(body, first, out, cap, written)
    });
    batch(u, summary.hull_vertices, |first, out, cap, written| {
        zc_grit_hull_vertices(body, first, out, cap, written)
    });
    batch(u, body.vertex_count, |first, out, cap, written| {
        zc_grit_vertices(body, first, out, cap, written)
    });
    batch(u, body.face_count, |first, out, cap, written| {
        zc_grit_faces(body, first, out, cap, written)
    });
    let mut trimesh: zc_grit_trimesh = zeroed();
    let status = zc_grit_body_trimesh(body, &mut trimesh);
    if body.has_trimesh == 1 {
        assert_eq!(status, ZC_STATUS_OK);
        assert_eq!(
            (trimesh.vertex_count, trimesh.face_count),
            (body.vertex_count, body.face_count)
        );
    } else {
        assert_ne!(status, ZC_STATUS_OK);
    }

    // Lints, each message through `zc_grit_lint_message` at an arbitrary cap.
    let mut total = 0u64;
    let mut written = 0usize;
    assert_eq!(
        zc_grit_lints(body, 0, null_mut(), 0, &mut written, &mut total),
        ZC_STATUS_OK
    );
    assert_eq!(total, summary.lints, "lints");
    let first = index(u, total as usize) as u64;
    let mut lints = vec![zeroed::<zc_grit_lint>(); 4];
    let status = zc_grit_lints(
        body,
        first,
        lints.as_mut_ptr(),
        lints.len(),
        &mut written,
        null_mut(),
    );
    if first > total {
        assert_eq!(status, ZC_STATUS_OUT_OF_RANGE);
    } else {
        assert_eq!(status, ZC_STATUS_OK);
        for lint in &lints[..written] {
            let want = lint.message[..usize::from(lint.message_len)].to_vec();
            check_message(u, &want, |buf, cap| zc_grit_lint_message(lint, buf, cap));
        }
    }
    let mut len = 0usize;
    if zc_tcol_mesh_scratch_len(body, &mut len) == ZC_STATUS_OK {
        let mut scratch = vec![[0u32; 4]; len];
        let mut total = 0u64;
        let sp = if len == 0 {
            null_mut()
        } else {
            scratch.as_mut_ptr()
        };
        let status = zc_tcol_mesh_lints(
            body,
            sp,
            len,
            0,
            lints.as_mut_ptr(),
            lints.len(),
            &mut written,
            &mut total,
        );
        assert_eq!(status, ZC_STATUS_OK, "mesh lints");
        if len > 0 {
            let status = zc_tcol_mesh_lints(
                body,
                scratch.as_mut_ptr(),
                len - 1,
                0,
                null_mut(),
                0,
                &mut written,
                null_mut(),
            );
            assert_eq!(
                status, ZC_STATUS_BUFFER_TOO_SMALL,
                "mesh lints, short scratch"
            );
        }
    }

    // Queries: the body's casts, and the same segments through the face index.
    let (lo, hi) = (summary.bounds_min, summary.bounds_max);
    let count = 1 + usize::from(byte(u) % 4);
    let segments: Vec<zc_segment> = (0..count).map(|_| segment(u, lo, hi)).collect();
    let mut direct = Vec::new();
    for seg in &segments {
        let mut hit: zc_grit_hit = zeroed();
        let status = zc_grit_cast(body, seg, &mut hit);
        assert!(
            matches!(status, ZC_STATUS_OK | ZC_STATUS_NOT_FOUND),
            "grit cast: {status:?}"
        );
        direct.push((status == ZC_STATUS_OK).then(|| hit_bits(&hit.hit)));
    }
    let mut words = 0usize;
    if zc_grit_face_index_words(body, &mut words) == ZC_STATUS_OK {
        let mut storage = vec![0u32; words];
        let sp = if words == 0 {
            null_mut()
        } else {
            storage.as_mut_ptr()
        };
        let mut index: zc_grit_face_index = zeroed();
        let status = zc_grit_face_index_build(body, sp, words, &mut index);
        assert_eq!(status, ZC_STATUS_OK, "grit face index");
        for (seg, want) in segments.iter().zip(&direct) {
            let mut hit: zc_grit_hit = zeroed();
            let status = zc_grit_face_index_cast(&index, seg, &mut hit);
            let got = (status == ZC_STATUS_OK).then(|| hit_bits(&hit.hit));
            assert_eq!(&got, want, "grit cast through the face index");
        }
        if words > 0 {
            let mut short = vec![0x5A5A_5A5Au32; words - 1];
            let mut untouched: zc_grit_face_index = zeroed();
            let status =
                zc_grit_face_index_build(body, short.as_mut_ptr(), words - 1, &mut untouched);
            assert_eq!(
                status, ZC_STATUS_BUFFER_TOO_SMALL,
                "grit face index, short storage"
            );
            assert!(
                short.iter().all(|&w| w == 0x5A5A_5A5A),
                "short storage written"
            );
            assert!(untouched.storage.is_null(), "index written on failure");
        }
    }
    let [x, y, z] = point(u, lo, hi);
    let mut hit: zc_grit_hit = zeroed();
    let _ = zc_grit_ground(body, x, y, z, coordinate(u, 0.0, 50.0), &mut hit);
    let ball = ball(u, lo, hi);
    let cap = bounded(u, 8);
    let mut contacts = vec![zeroed::<zc_grit_contact>(); cap];
    let mut found = 0usize;
    let cp = if cap == 0 {
        null_mut()
    } else {
        contacts.as_mut_ptr()
    };
    assert_eq!(
        zc_grit_overlap(body, &ball, cp, cap, &mut found),
        ZC_STATUS_OK
    );

    let mut forged = *body;
    match byte(u) % 3 {
        0 => forged.shape_count ^= 1,
        1 => forged.face_count ^= 1,
        _ => forged.buffer_len = forged.buffer_len.saturating_sub(1),
    }
    assert_eq!(
        zc_grit_body_summary(&forged, &mut summary),
        ZC_STATUS_INVALID_ARGUMENT,
        "forged body"
    );
}

// ---------------------------------------------------------------------------------
// Generators

type Generator = extern "C" fn(*const u8, usize, *mut u8, usize, *mut usize) -> zc_status;

fn generators(u: &mut Unstructured, file: &[u8]) {
    let all: [(Generator, &str); 6] = [
        (zc_generate_mkgp_course, "mkgp course"),
        (zc_generate_mkgp_soup, "mkgp soup"),
        (zc_generate_collision_shape, "collision shape"),
        (zc_generate_drs, "drs"),
        (zc_generate_tcol, "tcol"),
        (zc_generate_bcol, "bcol"),
    ];
    let (which, name) = all[usize::from(byte(u)) % all.len()];
    let (p, n) = (file.as_ptr(), file.len());
    let mut required = 0usize;
    let status = which(p, n, null_mut(), 0, &mut required);
    if status == ZC_STATUS_UNWRITABLE {
        return;
    }
    assert_eq!(
        which(p, n, null_mut(), 0, null_mut()),
        ZC_STATUS_NULL_ARGUMENT
    );
    if required == 0 {
        assert_eq!(status, ZC_STATUS_OK);
        return;
    }
    assert_eq!(status, ZC_STATUS_BUFFER_TOO_SMALL, "{name}");
    let out = write_exact(required, |buf, cap, written| which(p, n, buf, cap, written));
    let mode = 0;
    match name {
        "mkgp course" => {
            let mut course: zc_mkgp_course = zeroed();
            let mut err = zc_error::NONE;
            let status = zc_mkgp_parse(out.as_ptr(), out.len(), mode, &mut course, &mut err);
            assert_eq!(status, ZC_STATUS_OK, "generated course: {}", message(&err));
            mkgp_course(u, &out);
        }
        "collision shape" => {
            let mut shapes: zc_battleforge_shapes = zeroed();
            let mut err = zc_error::NONE;
            let status =
                zc_battleforge_parse_payload(out.as_ptr(), out.len(), mode, &mut shapes, &mut err);
            assert_eq!(status, ZC_STATUS_OK, "generated shape: {}", message(&err));
            battleforge_shapes(u, &out);
        }
        "drs" => {
            let mut shapes: zc_battleforge_shapes = zeroed();
            let mut err = zc_error::NONE;
            let status = zc_battleforge_parse(out.as_ptr(), out.len(), mode, &mut shapes, &mut err);
            assert_eq!(status, ZC_STATUS_OK, "generated drs: {}", message(&err));
            battleforge_shapes(u, &out);
        }
        "tcol" | "bcol" => {
            let mut body: zc_grit_body = zeroed();
            let mut err = zc_error::NONE;
            let status = zc_grit_parse(out.as_ptr(), out.len(), mode, &mut body, &mut err);
            assert_eq!(status, ZC_STATUS_OK, "generated {name}: {}", message(&err));
            grit(u, &out);
        }
        _ => {}
    }
}
