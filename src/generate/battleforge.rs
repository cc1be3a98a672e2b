//! BattleForge: bare `collisionShape` payloads ([`CollisionShapePayload`]) and DRS
//! containers holding one among other nodes ([`DrsFile`]), written by
//! [`battleforge::write_payload`] and [`battleforge::write`].

use std::vec::Vec;

use arbitrary::{Arbitrary, Unstructured};

use super::Generated;
use crate::battleforge::{
    self, BoxShape, COLLISION_SHAPE_CLASS, COLLISION_SHAPE_NAME, CylinderShape, NodeSpec,
    SphereShape, Transform,
};

/// Most shapes of one kind a draw makes (a few hundred records in all at most).
const MAX_SHAPES: usize = 64;
/// Most nodes besides the collisionShape one.
const MAX_OTHER_NODES: usize = 8;
/// Longest opaque payload of another node.
const MAX_OTHER_PAYLOAD: usize = 256;
/// Longest name drawn byte by byte.
const MAX_NAME: usize = 40;

/// The shapes of a `collisionShape` payload, in the order the payload stores them.
///
/// ```
/// use zerocol::battleforge::{SphereShape, Transform};
/// use zerocol::generate::{CollisionShapeDescription, CollisionShapePayload, Generated};
///
/// let sphere = SphereShape { transform: Transform::IDENTITY, radius: 2.0, center: [0.0; 3] };
/// let description = CollisionShapeDescription { spheres: vec![sphere], ..Default::default() };
/// let payload = CollisionShapePayload::new(description).ok_or("the writer refused it")?;
/// assert_eq!(payload.bytes().len(), 13 + 64);
/// # Ok::<(), &str>(())
/// ```
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CollisionShapeDescription {
    /// The boxes, written first.
    pub boxes: Vec<BoxShape>,
    /// The spheres, written second.
    pub spheres: Vec<SphereShape>,
    /// The cylinders, written last.
    pub cylinders: Vec<CylinderShape>,
}

/// A bare version-1 `collisionShape` payload, as [`battleforge::write_payload`]
/// writes it: every float finite, rotations mostly exact (identity, quarter turns or
/// turns about Y) and now and then any matrix, centres mostly copied from the
/// position, so that every lint shows up now and then.
///
/// ```
/// use arbitrary::{Arbitrary, Unstructured};
/// use zerocol::battleforge::{CollisionShape, Options};
/// use zerocol::generate::{CollisionShapePayload, Generated};
///
/// # let fuzzer_bytes = [3u8; 400];
/// let payload = CollisionShapePayload::arbitrary(&mut Unstructured::new(&fuzzer_bytes))?;
/// let shapes = CollisionShape::parse(payload.bytes(), Options::STRICT)?;
/// assert_eq!(shapes.boxes().len(), payload.description().boxes.len());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct CollisionShapePayload {
    description: CollisionShapeDescription,
    bytes: Vec<u8>,
}

impl CollisionShapePayload {
    /// Writes `description` with [`battleforge::write_payload`]; `None` when the
    /// writer refuses it (counts beyond `u32`).
    pub fn new(description: CollisionShapeDescription) -> Option<Self> {
        let bytes = payload_bytes(&description)?;
        Some(Self { description, bytes })
    }
}

impl Generated for CollisionShapePayload {
    type Description = CollisionShapeDescription;

    fn description(&self) -> &CollisionShapeDescription {
        &self.description
    }

    fn bytes(&self) -> &[u8] {
        &self.bytes
    }
}

impl<'a> Arbitrary<'a> for CollisionShapePayload {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        let description = shapes(u)?;
        Self::new(description).ok_or(arbitrary::Error::IncorrectFormat)
    }
}

/// A node of a DRS container other than its `collisionShape` node: an opaque payload
/// of some class.
///
/// ```
/// use zerocol::generate::DrsNode;
///
/// let mesh = DrsNode { name: b"CGeoMesh".to_vec(), class_id: 7, identifier: 1, payload: vec![0; 8] };
/// assert_eq!(mesh.name, b"CGeoMesh");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DrsNode {
    /// Name in the hierarchy (no NUL).
    pub name: Vec<u8>,
    /// Class id.
    pub class_id: i32,
    /// Identifier in the information table.
    pub identifier: i32,
    /// The payload, opaque.
    pub payload: Vec<u8>,
}

/// A DRS container: its nodes in hierarchy order, one of them the `collisionShape`
/// node.
///
/// ```
/// use zerocol::battleforge::{Drs, Options};
/// use zerocol::generate::{DrsDescription, DrsFile, DrsNode, Generated};
///
/// let tree = DrsNode { name: b"CGeoOBBTree".to_vec(), class_id: 9, identifier: 2, payload: vec![] };
/// let description = DrsDescription {
///     others: vec![tree],
///     collision_at: 0, // the collisionShape node first, then the tree
///     collision_identifier: 1,
///     shapes: Default::default(),
/// };
/// let file = DrsFile::new(description).ok_or("the writer refused it")?;
/// let drs = Drs::parse(file.bytes(), Options::STRICT)?;
/// let (node, _) = drs.collision_shape().ok_or("no collisionShape node")?;
/// assert_eq!(node.info_index(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct DrsDescription {
    /// The nodes other than the `collisionShape` one, in hierarchy order. Those
    /// before it never have its name or class id (the file would not parse); those
    /// after it may (the reader takes the first node of the name).
    pub others: Vec<DrsNode>,
    /// Where the `collisionShape` node stands: before `others[collision_at]`, or last
    /// when `collision_at == others.len()`. Its information index is
    /// `collision_at + 1`.
    pub collision_at: usize,
    /// The `collisionShape` node's identifier.
    pub collision_identifier: i32,
    /// The `collisionShape` node's shapes.
    pub shapes: CollisionShapeDescription,
}

/// A DRS container as [`battleforge::write`] writes it: a few nodes of other classes
/// (known class ids and names, or any) with opaque payloads, and one `collisionShape`
/// node whose payload [`battleforge::write_payload`] made from a
/// [`CollisionShapeDescription`].
///
/// ```
/// use arbitrary::{Arbitrary, Unstructured};
/// use zerocol::battleforge::{Drs, Options};
/// use zerocol::generate::{DrsFile, Generated};
///
/// # let fuzzer_bytes = [5u8; 600];
/// let file = DrsFile::arbitrary(&mut Unstructured::new(&fuzzer_bytes))?;
/// let drs = Drs::parse(file.bytes(), Options::STRICT)?;
/// assert_eq!(drs.nodes().len(), file.description().others.len() + 1);
/// assert!(drs.collision_shape().is_some());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct DrsFile {
    description: DrsDescription,
    bytes: Vec<u8>,
}

impl DrsFile {
    /// Writes `description` with [`battleforge::write`]; `None` when the writer
    /// refuses it (sizes beyond the format's signed 32-bit fields) or when
    /// `collision_at` is past the end of `others`.
    pub fn new(description: DrsDescription) -> Option<Self> {
        let payload = payload_bytes(&description.shapes)?;
        let collision = NodeSpec {
            name: COLLISION_SHAPE_NAME,
            class_id: COLLISION_SHAPE_CLASS,
            identifier: description.collision_identifier,
            payload: &payload,
        };
        let others = description.others.iter().map(|n| NodeSpec {
            name: &n.name,
            class_id: n.class_id,
            identifier: n.identifier,
            payload: &n.payload,
        });
        let mut nodes: Vec<NodeSpec<'_>> = others.collect();
        if description.collision_at > nodes.len() {
            return None;
        }
        nodes.insert(description.collision_at, collision);
        let len = battleforge::required_len(&nodes).ok()?;
        let mut bytes = std::vec![0; len];
        let written = battleforge::write(&nodes, &mut bytes).ok()?;
        bytes.truncate(written);
        Some(Self { description, bytes })
    }
}

impl Generated for DrsFile {
    type Description = DrsDescription;

    fn description(&self) -> &DrsDescription {
        &self.description
    }

    fn bytes(&self) -> &[u8] {
        &self.bytes
    }
}

impl<'a> Arbitrary<'a> for DrsFile {
    fn arbitrary(u: &mut Unstructured<'a>) -> arbitrary::Result<Self> {
        let count = u.int_in_range(0..=MAX_OTHER_NODES)?;
        let collision_at = u.int_in_range(0..=count)?;
        let mut others = Vec::with_capacity(count);
        for i in 0..count {
            let mut node = other_node(u)?;
            // Before the collisionShape node, its name or class id would make the
            // file fail (the first node of the name, and the first of the class,
            // must be the collisionShape node).
            if i < collision_at {
                if node.name == COLLISION_SHAPE_NAME {
                    node.name.push(b'2');
                }
                if node.class_id == COLLISION_SHAPE_CLASS {
                    node.class_id = node.class_id.wrapping_add(1);
                }
            }
            others.push(node);
        }
        let description = DrsDescription {
            others,
            collision_at,
            collision_identifier: u.arbitrary()?,
            shapes: shapes(u)?,
        };
        Self::new(description).ok_or(arbitrary::Error::IncorrectFormat)
    }
}

/// The payload [`battleforge::write_payload`] makes of `d`.
fn payload_bytes(d: &CollisionShapeDescription) -> Option<Vec<u8>> {
    let len = battleforge::payload_required_len(&d.boxes, &d.spheres, &d.cylinders).ok()?;
    let mut bytes = std::vec![0; len];
    let written =
        battleforge::write_payload(&d.boxes, &d.spheres, &d.cylinders, &mut bytes).ok()?;
    bytes.truncate(written);
    Some(bytes)
}

/// Names of nodes found beside `collisionShape` in real files, with stand-in class
/// ids (any id but the collision one does).
const KNOWN: [(i32, &[u8]); 6] = [
    (100_449_016, b"CGeoMesh"),
    (479_466_400, b"CGeoOBBTree"),
    (0x0BC4_E2E5, b"CGeoPrimitiveContainer"),
    (0x0725_45F4, b"CDspJointMap"),
    (0x0D3D_0A39, b"CDrwLocatorList"),
    (0x0F07_7E6E, b"CSkSkinInfo"),
];

fn other_node(u: &mut Unstructured<'_>) -> arbitrary::Result<DrsNode> {
    let (class_id, name) = match u.int_in_range(0u8..=7)? {
        // Any class and name.
        0 => (u.arbitrary()?, some_bytes(u, MAX_NAME)?),
        // The collisionShape node's own name or class (kept only after it).
        1 => (COLLISION_SHAPE_CLASS, b"collisionShape2".to_vec()),
        2 => (KNOWN[0].0, COLLISION_SHAPE_NAME.to_vec()),
        _ => {
            let (class, name) = *u.choose(&KNOWN)?;
            (class, name.to_vec())
        }
    };
    Ok(DrsNode {
        name,
        class_id,
        identifier: u.arbitrary()?,
        payload: some_bytes(u, MAX_OTHER_PAYLOAD)?,
    })
}

/// Up to `max` bytes, fewer when the input runs out (never an error for that).
fn some_bytes(u: &mut Unstructured<'_>, max: usize) -> arbitrary::Result<Vec<u8>> {
    let len = u.int_in_range(0..=max)?.min(u.len());
    Ok(u.bytes(len)?.to_vec())
}

fn shapes(u: &mut Unstructured<'_>) -> arbitrary::Result<CollisionShapeDescription> {
    let boxes = u.int_in_range(0..=MAX_SHAPES)?;
    let spheres = u.int_in_range(0..=MAX_SHAPES)?;
    let cylinders = u.int_in_range(0..=MAX_SHAPES)?;
    let mut d = CollisionShapeDescription::default();
    for _ in 0..boxes {
        d.boxes.push(BoxShape {
            transform: transform(u)?,
            lower: vec3(u)?,
            upper: vec3(u)?,
        });
    }
    for _ in 0..spheres {
        let transform = transform(u)?;
        d.spheres.push(SphereShape {
            transform,
            radius: float(u)?,
            center: center(u, transform)?,
        });
    }
    for _ in 0..cylinders {
        let transform = transform(u)?;
        d.cylinders.push(CylinderShape {
            transform,
            center: center(u, transform)?,
            height: float(u)?,
            radius: float(u)?,
        });
    }
    Ok(d)
}

/// The position, as writers copy it, mostly; any point now and then.
fn center(u: &mut Unstructured<'_>, t: Transform) -> arbitrary::Result<[f32; 3]> {
    if u.ratio(1u8, 8)? {
        vec3(u)
    } else {
        Ok(t.position)
    }
}

fn transform(u: &mut Unstructured<'_>) -> arbitrary::Result<Transform> {
    let rotation = match u.int_in_range(0u8..=7)? {
        0..=2 => Transform::IDENTITY.rotation,
        // A quarter-turn rotation: a signed permutation with determinant 1.
        3 | 4 => {
            let perms = [
                [0, 1, 2],
                [1, 2, 0],
                [2, 0, 1],
                [0, 2, 1],
                [2, 1, 0],
                [1, 0, 2],
            ];
            let perm = *u.choose(&perms)?;
            let odd = u8::from(perm == [0, 2, 1] || perm == [2, 1, 0] || perm == [1, 0, 2]);
            let flips: u8 = u.int_in_range(0..=7)?;
            let mut r = [[0.0f32; 3]; 3];
            let mut negatives = odd;
            for (i, (row, col)) in r.iter_mut().zip(perm).enumerate() {
                let negative = if i < 2 {
                    flips & (1 << i) != 0
                } else {
                    // The last sign makes the determinant 1.
                    negatives % 2 == 1
                };
                negatives = negatives.wrapping_add(u8::from(negative));
                if let Some(v) = row.get_mut(col) {
                    *v = if negative { -1.0 } else { 1.0 };
                }
            }
            r
        }
        // A turn about Y by any angle.
        5 | 6 => {
            let angle = f32::from(u.arbitrary::<u16>()?) * (core::f32::consts::TAU / 65536.0);
            let (s, c) = angle.sin_cos();
            [[c, 0.0, s], [0.0, 1.0, 0.0], [-s, 0.0, c]]
        }
        // Any matrix, rarely a rotation.
        _ => [vec3(u)?, vec3(u)?, vec3(u)?],
    };
    Ok(Transform {
        rotation,
        position: vec3(u)?,
    })
}

fn vec3(u: &mut Unstructured<'_>) -> arbitrary::Result<[f32; 3]> {
    Ok([float(u)?, float(u)?, float(u)?])
}

/// A finite float: quarters from -64 to 64 mostly, now and then any finite value or
/// an edge (zero of both signs, the extremes, the smallest normal and subnormal).
fn float(u: &mut Unstructured<'_>) -> arbitrary::Result<f32> {
    Ok(match u.int_in_range(0u8..=15)? {
        0 => {
            let v = f32::from_bits(u.arbitrary()?);
            if v.is_finite() { v } else { 0.0 }
        }
        1 => *u.choose(&[
            0.0,
            -0.0,
            f32::MAX,
            f32::MIN,
            f32::MIN_POSITIVE,
            f32::from_bits(1),
            1e-3,
            1e6,
        ])?,
        _ => f32::from(u.int_in_range(-256i16..=256)?) * 0.25,
    })
}
