//! Collision inside `.dff` files: the chunk walk, its errors, strict and lenient
//! Clumps, the headerless PS2 payload, and putting a model back.

use zerocol::gta::dff::{
    CHUNK_HEADER_LEN, CLUMP, COLLISION_PLUGIN, Dff, EXTENSION, ErrorKind, FRAME_LEN, Payload,
    UV_ANIMATION_DICTIONARY,
};
use zerocol::gta::{self, Model, Options, Version};

use crate::support::bytes::{RW_STAMP as STAMP, rw_chunk as chunk};

const SAMPLE: &[u8] = include_bytes!("../../../samples/sample.col");
const VEHICLE: &[u8] = include_bytes!("../../../samples/vehicle.dff");

/// A Clump with a Struct and an Extension holding `plugins`.
fn clump(plugins: &[u8]) -> Vec<u8> {
    let mut body = chunk(0x01, &[0; 12]);
    body.extend(chunk(EXTENSION, plugins));
    chunk(CLUMP, &body)
}

fn sample_model(i: usize) -> Model<'static> {
    gta::models(SAMPLE, Options::STRICT)
        .nth(i)
        .unwrap()
        .unwrap()
}

fn model_of(dff: &Dff<'_>) -> Model<'static> {
    match dff.collision().unwrap().payload() {
        Payload::Model(model) => {
            // Same lifetime trick free: reparse the bytes it names.
            let bytes = model.bytes().to_vec().leak();
            Model::parse(bytes, Options::STRICT).unwrap()
        }
        Payload::Headerless(_) => panic!("expected a model with a header"),
        _ => unreachable!("a new payload kind"),
    }
}

fn assert_same_model(a: &Model<'_>, b: &Model<'_>) {
    assert_eq!(a.version(), b.version());
    assert_eq!(a.bounds(), b.bounds());
    assert_eq!(
        a.spheres().iter().collect::<Vec<_>>(),
        b.spheres().iter().collect::<Vec<_>>()
    );
    assert_eq!(
        a.boxes().iter().collect::<Vec<_>>(),
        b.boxes().iter().collect::<Vec<_>>()
    );
    assert_eq!(
        a.lines().iter().collect::<Vec<_>>(),
        b.lines().iter().collect::<Vec<_>>()
    );
    assert_eq!(
        a.vertices().iter().collect::<Vec<_>>(),
        b.vertices().iter().collect::<Vec<_>>()
    );
    assert_eq!(
        a.faces().iter().collect::<Vec<_>>(),
        b.faces().iter().collect::<Vec<_>>()
    );
}

#[test]
fn the_sample_vehicle_holds_the_sample_lamppost() {
    let dff = Dff::parse(VEHICLE, Options::STRICT).unwrap();
    assert_eq!(dff.clump().offset(), 0);
    assert_eq!(dff.clump().kind(), CLUMP);
    assert_eq!(dff.clump().size() as usize, VEHICLE.len() - 12);
    assert_eq!(dff.clump().end(), VEHICLE.len());
    // Clump header 12, Struct 24, then the Extension.
    let extension = dff.extension().unwrap();
    assert_eq!((extension.offset(), extension.kind()), (36, EXTENSION));
    assert_eq!(extension.end(), VEHICLE.len());
    let collision = dff.collision().unwrap();
    assert_eq!(collision.chunk().offset(), 48);
    assert_eq!(collision.chunk().kind(), COLLISION_PLUGIN);
    assert_eq!(collision.chunk().body_start(), 60);
    assert_eq!(collision.chunk().size(), 404);
    assert!(!collision.is_headerless());
    assert!(!dff.has_short_clump());
    let Payload::Model(model) = collision.payload() else {
        panic!()
    };
    assert_eq!(model.offset(), 60);
    assert_eq!(model.name(), b"lamppost_sa");
    assert_eq!(model.version(), Version::Col3);
    assert_eq!(model.bytes(), &SAMPLE[428..832]);
    assert_same_model(&model, &sample_model(1));
}

#[test]
fn a_uv_animation_dictionary_may_come_first() {
    let mut file = chunk(UV_ANIMATION_DICTIONARY, &[7; 20]);
    file.extend_from_slice(VEHICLE);
    let dff = Dff::parse(&file, Options::STRICT).unwrap();
    assert_eq!(dff.clump().offset(), 32);
    assert_eq!(dff.collision().unwrap().chunk().offset(), 32 + 48);
}

#[test]
fn every_chunk_rule_has_its_error() {
    let err = |bytes: &[u8]| Dff::parse(bytes, Options::STRICT).unwrap_err();
    // Too short for a chunk header.
    let e = err(&[0x10, 0, 0]);
    assert_eq!(
        (e.offset(), e.kind()),
        (
            0,
            ErrorKind::Truncated {
                needed: 12,
                available: 3
            }
        )
    );
    // Not a Clump first.
    let e = err(&chunk(0x0E, &[]));
    assert_eq!(
        e.kind(),
        ErrorKind::BadMagic {
            found: [0x0E, 0, 0, 0]
        }
    );
    // A UV dictionary and nothing else.
    let only = chunk(UV_ANIMATION_DICTIONARY, &[1, 2, 3, 4]);
    let e = err(&only);
    assert_eq!((e.offset(), e.kind()), (16, ErrorKind::NoClump));
    // A top-level chunk past the file's end.
    let mut cut = VEHICLE.to_vec();
    cut.truncate(100);
    let e = err(&cut);
    assert_eq!(
        (e.offset(), e.kind()),
        (
            0,
            ErrorKind::ChunkPastParent {
                kind: CLUMP,
                size: 452,
                limit: 100
            }
        )
    );
    // A child past the Clump: the collision chunk grows by 4 inside its Extension.
    let mut long = VEHICLE.to_vec();
    long[52..56].copy_from_slice(&408u32.to_le_bytes());
    let e = err(&long);
    assert_eq!(
        (e.offset(), e.kind()),
        (
            48,
            ErrorKind::ChunkPastParent {
                kind: COLLISION_PLUGIN,
                size: 408,
                limit: 464
            }
        )
    );
    // Leftover bytes in the Clump too few for a header.
    let mut body = chunk(0x01, &[0; 12]);
    body.extend_from_slice(&[0; 5]);
    let e = err(&chunk(CLUMP, &body));
    assert_eq!(
        (e.offset(), e.kind()),
        (
            36,
            ErrorKind::Truncated {
                needed: 12,
                available: 5
            }
        )
    );
    // Lenient reading says the same of all of these.
    for bytes in [&cut[..], &long[..]] {
        assert!(Dff::parse(bytes, Options::LENIENT).is_err());
    }
}

#[test]
fn a_short_clump_is_strict_error_and_lenient_warning() {
    // The Clump declares 100 bytes fewer: the Extension runs past its end.
    let mut short = VEHICLE.to_vec();
    short[4..8].copy_from_slice(&(452u32 - 100).to_le_bytes());
    let e = Dff::parse(&short, Options::STRICT).unwrap_err();
    assert_eq!(
        (e.offset(), e.kind()),
        (
            36,
            ErrorKind::ClumpChildPastEnd {
                kind: EXTENSION,
                size: 416,
                clump_end: 364
            }
        )
    );
    // The game reads it, and the message says how (the byte offset kept).
    assert!(e.is_lenient_readable() && e.kind().is_lenient_readable());
    assert_eq!(
        e.to_string(),
        "byte 36 (0x24): chunk type 0x3 of 416 bytes runs past the Clump's end at byte 364, \
         inside the file: the Clump's size is short (the game reads past it)"
    );
    let dff = Dff::parse(&short, Options::LENIENT).unwrap();
    assert!(dff.has_short_clump());
    assert_same_model(&model_of(&dff), &sample_model(1));
    // Only the lenient flag for it: strict reading of the model stays.
    let mut options = Options::STRICT;
    options.allow_short_clump = true;
    assert!(Dff::parse(&short, options).unwrap().has_short_clump());
    // The real file's shape: the Extension lies wholly past the Clump's end.
    let mut outside = VEHICLE.to_vec();
    outside[4..8].copy_from_slice(&24u32.to_le_bytes());
    let e = Dff::parse(&outside, Options::STRICT).unwrap_err();
    assert_eq!(
        (e.offset(), e.kind()),
        (
            4,
            ErrorKind::ShortClump {
                size: 24,
                extension: 36,
                needed: 452
            }
        )
    );
    assert_eq!(
        e.to_string(),
        "byte 4 (0x4): the Clump declares 24 bytes, but the Extension at byte 36 right after it \
         needs a size of 452: the Clump's size is short (the game reads past it)"
    );
    assert!(e.is_lenient_readable());
    let dff = Dff::parse(&outside, Options::LENIENT).unwrap();
    assert_eq!(dff.extension().unwrap().offset(), 36);
    assert!(dff.collision().is_some());
    // Junk after a short Clump ends the lenient walk quietly.
    let mut junk = outside.clone();
    junk.extend_from_slice(&[0xFF; 7]);
    assert!(
        Dff::parse(&junk, Options::LENIENT)
            .unwrap()
            .collision()
            .is_some()
    );
}

#[test]
fn the_embedded_model_is_checked_at_its_dff_offset() {
    // A face index past the vertices, as the `.col` reader reports it, shifted by 60.
    let mut bad = SAMPLE[428..832].to_vec();
    bad[4..8].copy_from_slice(&10u32.to_le_bytes()); // size below the header
    let file = clump(&chunk(COLLISION_PLUGIN, &bad));
    let e = Dff::parse(&file, Options::STRICT).unwrap_err();
    let col = Model::parse(&bad, Options::STRICT).unwrap_err();
    assert_eq!(e.offset(), 60 + col.offset());
    assert_eq!(e.kind(), ErrorKind::Model(col.kind()));
    // Non-zero bytes after the model inside the chunk: strict error, lenient ok.
    let mut tail = SAMPLE[428..832].to_vec();
    tail.extend_from_slice(&[0, 0, 9]);
    let file = clump(&chunk(COLLISION_PLUGIN, &tail));
    let e = Dff::parse(&file, Options::STRICT).unwrap_err();
    assert_eq!(
        (e.offset(), e.kind()),
        (
            60 + 404 + 2,
            ErrorKind::Model(gta::ErrorKind::NonZeroPadding { found: 9 })
        )
    );
    assert!(Dff::parse(&file, Options::LENIENT).is_ok());
    // Zero padding is fine.
    let mut padded = SAMPLE[428..832].to_vec();
    padded.extend_from_slice(&[0; 4]);
    assert!(Dff::parse(&clump(&chunk(COLLISION_PLUGIN, &padded)), Options::STRICT).is_ok());
}

#[test]
fn without_collision_there_is_none() {
    let file = clump(&chunk(0x0253_F2F8, &[1, 2, 3]));
    let dff = Dff::parse(&file, Options::STRICT).unwrap();
    assert!(dff.collision().is_none());
    assert_eq!(dff.extension().unwrap().size(), 15);
    // Only a collision chunk inside the Clump's Extension counts.
    let body = chunk(COLLISION_PLUGIN, &SAMPLE[428..832]);
    let file = chunk(CLUMP, &body);
    let dff = Dff::parse(&file, Options::STRICT).unwrap();
    assert!(dff.collision().is_none());
    assert!(dff.extension().is_none());
}

#[test]
fn a_headerless_payload_reads_as_coll_with_an_empty_name() {
    let coll = sample_model(0);
    assert_eq!(coll.version(), Version::Coll);
    let payload = &coll.bytes()[32..];
    let file = clump(&chunk(COLLISION_PLUGIN, payload));
    let dff = Dff::parse(&file, Options::STRICT).unwrap();
    let collision = dff.collision().unwrap();
    assert!(collision.is_headerless());
    let Payload::Headerless(headerless) = collision.payload() else {
        panic!()
    };
    assert_eq!(headerless.offset(), 60);
    assert_eq!(headerless.bytes(), payload);
    assert_eq!(headerless.framed_len(), payload.len() + FRAME_LEN);
    let mut scratch = vec![0xAA; headerless.framed_len()];
    let model = headerless.frame(&mut scratch, Options::STRICT).unwrap();
    assert_eq!(model.name(), b"");
    assert_eq!(model.version(), Version::Coll);
    assert_eq!(model.size() as usize, payload.len() + 24);
    assert_eq!(model.header().model_id.get(), 0);
    assert_same_model(&model, &coll);
    // Too little scratch.
    let e = headerless.frame(&mut [0; 8], Options::STRICT).unwrap_err();
    assert_eq!(
        (e.offset(), e.kind()),
        (
            60,
            ErrorKind::StorageTooSmall {
                needed: payload.len() + 32,
                available: 8
            }
        )
    );
    // A broken payload: the error is at its `.dff` position.
    let cut = &payload[..payload.len() - 4];
    let file = clump(&chunk(COLLISION_PLUGIN, cut));
    let dff = Dff::parse(&file, Options::STRICT).unwrap();
    let Payload::Headerless(headerless) = dff.collision().unwrap().payload() else {
        panic!()
    };
    let mut scratch = vec![0; headerless.framed_len()];
    let e = headerless.frame(&mut scratch, Options::STRICT).unwrap_err();
    let mut framed = b"COLL".to_vec();
    framed.extend_from_slice(&(cut.len() as u32 + 24).to_le_bytes());
    framed.extend_from_slice(&[0; 24]);
    framed.extend_from_slice(cut);
    let col = Model::parse(&framed, Options::STRICT).unwrap_err();
    assert_eq!(e.kind(), ErrorKind::Model(col.kind()));
    assert_eq!(e.offset(), col.offset() - 32 + 60);
}

fn replaced(dff: &Dff<'_>, model: &Model<'_>) -> Vec<u8> {
    let len = dff.replace_len(model.len()).unwrap();
    let mut out = vec![0xAA; len + 5];
    assert_eq!(dff.replace(model, &mut out).unwrap(), len);
    out.truncate(len);
    out
}

fn size_at(bytes: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(bytes[at + 4..at + 8].try_into().unwrap())
}

#[test]
fn replacing_the_collision_fixes_the_enclosing_sizes() {
    let dff = Dff::parse(VEHICLE, Options::STRICT).unwrap();
    let coll = sample_model(0); // 428 bytes for 404
    let out = replaced(&dff, &coll);
    assert_eq!(out.len(), VEHICLE.len() + 24);
    assert_eq!(
        &out[..48],
        &{
            let mut head = VEHICLE[..48].to_vec();
            head[4..8].copy_from_slice(&(452u32 + 24).to_le_bytes());
            head[40..44].copy_from_slice(&(416u32 + 24).to_le_bytes());
            head
        }[..]
    );
    assert_eq!(size_at(&out, 48), 428);
    assert_eq!(&out[52 + 4..60], &STAMP.to_le_bytes());
    let back = Dff::parse(&out, Options::STRICT).unwrap();
    assert_same_model(&model_of(&back), &coll);
    assert_eq!(model_of(&back).name(), b"bollard_iii");
    // Replacing with the same model gives the same bytes.
    assert_eq!(replaced(&dff, &sample_model(1)), VEHICLE);
    // A buffer one byte short writes nothing.
    let mut small = vec![0; out.len() - 1];
    assert_eq!(
        dff.replace(&coll, &mut small),
        Err(gta::dff::WriteError::BufferTooSmall {
            needed: out.len(),
            available: out.len() - 1
        })
    );
}

#[test]
fn inserting_a_collision_adds_its_chunk_and_if_needed_an_extension() {
    let coll = sample_model(0);
    // An Extension with another plugin: the collision goes after it.
    let other = chunk(0x0253_F2F8, &[1, 2, 3]);
    let file = clump(&other);
    let dff = Dff::parse(&file, Options::STRICT).unwrap();
    let out = replaced(&dff, &coll);
    assert_eq!(out.len(), file.len() + CHUNK_HEADER_LEN + coll.len());
    assert_eq!(&out[..file.len()][8..36], &file[8..36]);
    assert_eq!(size_at(&out, 0), size_at(&file, 0) + 12 + 428);
    assert_eq!(size_at(&out, 36), 15 + 12 + 428);
    let back = Dff::parse(&out, Options::STRICT).unwrap();
    let collision = back.collision().unwrap();
    assert_eq!(collision.chunk().offset(), file.len());
    assert_same_model(&model_of(&back), &coll);
    // No Extension at all: one is appended to the Clump.
    let bare = chunk(CLUMP, &chunk(0x01, &[0; 12]));
    let dff = Dff::parse(&bare, Options::STRICT).unwrap();
    let out = replaced(&dff, &coll);
    assert_eq!(out.len(), bare.len() + 24 + 428);
    let back = Dff::parse(&out, Options::STRICT).unwrap();
    assert_eq!(back.extension().unwrap().offset(), bare.len());
    assert_eq!(back.extension().unwrap().size(), 12 + 428);
    assert_same_model(&model_of(&back), &coll);
    // Chunks after the Clump are kept.
    let mut two = VEHICLE.to_vec();
    two.extend(chunk(0x99, &[5; 8]));
    let dff = Dff::parse(&two, Options::STRICT).unwrap();
    let out = replaced(&dff, &coll);
    assert_eq!(&out[out.len() - 20..], &two[two.len() - 20..]);
}

#[test]
fn a_short_clump_keeps_its_size_when_the_collision_lies_past_it() {
    let mut outside = VEHICLE.to_vec();
    outside[4..8].copy_from_slice(&24u32.to_le_bytes());
    let dff = Dff::parse(&outside, Options::LENIENT).unwrap();
    let out = replaced(&dff, &sample_model(0));
    assert_eq!(size_at(&out, 0), 24);
    assert_eq!(size_at(&out, 36), 416 + 24);
    let back = Dff::parse(&out, Options::LENIENT).unwrap();
    assert_same_model(&model_of(&back), &sample_model(0));
}

#[test]
fn a_headerless_payload_is_replaced_by_a_whole_model() {
    let coll = sample_model(0);
    let file = clump(&chunk(COLLISION_PLUGIN, &coll.bytes()[32..]));
    let dff = Dff::parse(&file, Options::STRICT).unwrap();
    let out = replaced(&dff, &coll);
    assert_eq!(out.len(), file.len() + 32);
    let back = Dff::parse(&out, Options::STRICT).unwrap();
    assert!(!back.collision().unwrap().is_headerless());
    assert_same_model(&model_of(&back), &coll);
}

/// Every `.dff` error only strict reading gives says what the game does, and a
/// lenient read takes it:
/// a Clump child past the Clump's end (the 37 real files with a Clump 12 bytes short),
/// an Extension wholly past it, and non-zero bytes after the model in its chunk.
#[test]
fn strict_only_dff_errors_say_what_the_game_does() {
    let note = " (the game reads past it)";
    // 12 bytes short: the Extension straddles the Clump's end.
    let mut straddle = VEHICLE.to_vec();
    straddle[4..8].copy_from_slice(&(452u32 - 12).to_le_bytes());
    let mut outside = VEHICLE.to_vec();
    outside[4..8].copy_from_slice(&24u32.to_le_bytes());
    for (bytes, offset) in [(&straddle, 36), (&outside, 4)] {
        let e = Dff::parse(bytes, Options::STRICT).unwrap_err();
        assert_eq!(e.offset(), offset, "{e}");
        assert!(e.is_lenient_readable(), "{e}");
        assert!(e.to_string().ends_with(note), "{e}");
        assert!(Dff::parse(bytes, Options::LENIENT).is_ok());
    }
    // Non-zero bytes after the model, inside its chunk: the embedded model's error,
    // which says the same.
    let mut tail = VEHICLE.to_vec();
    let grow = |bytes: &mut Vec<u8>, at: usize, by: u32| {
        let size = u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap()) + by;
        bytes[at..at + 4].copy_from_slice(&size.to_le_bytes());
    };
    // The collision chunk is the file's last: append 4 bytes and grow the three sizes.
    tail.extend_from_slice(&[0, 0, 5, 0]);
    for at in [4, 40, 52] {
        grow(&mut tail, at, 4);
    }
    let e = Dff::parse(&tail, Options::STRICT).unwrap_err();
    assert_eq!(e.offset(), 466, "{e}");
    assert!(e.is_lenient_readable(), "{e}");
    assert!(
        e.to_string().ends_with("(the game stops reading there)"),
        "{e}"
    );
    assert!(Dff::parse(&tail, Options::LENIENT).is_ok());
    // A chunk past the end of the file is no short Clump: nothing reads it.
    let mut cut = VEHICLE.to_vec();
    cut.truncate(400);
    let e = Dff::parse(&cut, Options::STRICT).unwrap_err();
    assert!(
        !e.is_lenient_readable() && !e.to_string().contains("the game reads"),
        "{e}"
    );
    assert!(Dff::parse(&cut, Options::LENIENT).is_err());
}
