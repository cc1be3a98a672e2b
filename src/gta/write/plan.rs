//! [`Plan`]: everything a write decides before the first byte (the target version,
//! what each section holds, where it goes, the length), and the writing itself.

use zerocopy::IntoBytes;
use zerocopy::byteorder::little_endian::{I16, U16, U32};

use super::error::{InputError, InputErrorKind, Name, WriteError};
use super::face_groups::{self, face_group_ranges};
use super::options::{FaceGroupMode, Losses, WriteOptions};
use super::source::{Mesh, Source};
use crate::gta::layout::{COLL_SECTIONS, OFFSET_ORIGIN};
use crate::gta::records::{
    Bounds, CollisionBox, Face, FaceGroup, FaceSurface, Line, Sphere, Vec3, fixed_vertex,
    to_fixed_point,
};
use crate::gta::{Flags, Section, Version, content, raw, saturate_u32};
use crate::math::zip3;
use crate::wire::{self, Out};

/// `value` as a COL2+ vertex would read back: rounded to the nearest 1/128.
fn rounded(value: Vec3) -> Option<Vec3> {
    let [x, y, z] = value;
    Some([
        crate::gta::records::fixed_point(to_fixed_point(x)?),
        crate::gta::records::fixed_point(to_fixed_point(y)?),
        crate::gta::records::fixed_point(to_fixed_point(z)?),
    ])
}

/// Everything a write decides before the first byte: the target version, what
/// each section holds, and the length. [`required_len`] and [`write()`] both start
/// here, so they cannot disagree.
#[derive(Clone, Copy, Debug)]
pub(super) struct Plan {
    version: Version,
    spheres: usize,
    boxes: usize,
    lines: usize,
    /// Vertices written: COLL's stored count, or COL2+'s largest index + 1.
    vertices: usize,
    faces: usize,
    /// Face groups written (kept or generated).
    groups: usize,
    generate_groups: bool,
    shadow_vertices: usize,
    shadow_faces: usize,
    bounds: Bounds,
    recompute_bounds: bool,
    pub(super) len: usize,
}

impl Plan {
    pub(super) fn new(
        source: &impl Source,
        options: &WriteOptions,
        model: usize,
    ) -> Result<Self, WriteError> {
        let version = options.version.unwrap_or_else(|| source.version());
        let invalid = |kind| {
            WriteError::Invalid(InputError {
                model,
                name: Name::new(source.name()),
                kind,
            })
        };
        let coll = version == Version::Coll;

        let name_max = if coll { 24 } else { 22 };
        let name_len = source.name().len();
        if name_len > name_max {
            return Err(invalid(InputErrorKind::NameTooLong {
                len: name_len,
                max: name_max,
            }));
        }

        // Counts against the target's fields (COLL's are all u32).
        let limit = |section: Section, max: u32| -> Result<usize, WriteError> {
            let count = source.count(section);
            let max = if coll { u32::MAX } else { max };
            if u32::try_from(count).map_or(true, |count| count > max) {
                return Err(invalid(InputErrorKind::TooMany {
                    section,
                    count,
                    max,
                }));
            }
            Ok(count)
        };
        let spheres = limit(Section::Spheres, u16::MAX.into())?;
        let boxes = limit(Section::Boxes, u16::MAX.into())?;
        let lines = limit(Section::Lines, u8::MAX.into())?;
        let faces = limit(Section::Faces, u16::MAX.into())?;
        let mut shadow_faces = limit(Section::ShadowFaces, u32::MAX)?;
        if shadow_faces > 0 && !version.has_shadow_mesh() {
            if !options.drop_shadow_mesh {
                return Err(invalid(InputErrorKind::ShadowMesh {
                    faces: shadow_faces,
                }));
            }
            shadow_faces = 0;
        }

        let vertices = mesh_vertices(source, Mesh::Collision, faces, coll).map_err(invalid)?;
        let shadow_vertices =
            mesh_vertices(source, Mesh::Shadow, shadow_faces, false).map_err(invalid)?;

        let (groups, generate_groups) = match options.face_groups {
            _ if coll || faces == 0 => (0, false),
            FaceGroupMode::Remove => (0, false),
            FaceGroupMode::Generate => {
                // None for 80 faces or fewer: then nothing is generated, not even
                // the count word.
                let groups = face_group_ranges(faces).count();
                (groups, groups > 0)
            }
            FaceGroupMode::Keep => {
                let groups = source.count(Section::FaceGroups);
                for i in 0..groups {
                    let group = wire::validated(source.face_group(i)).unwrap_or(FaceGroup {
                        min: [0.0; 3],
                        max: [0.0; 3],
                        first: 1,
                        last: 0,
                    });
                    if group.first > group.last || usize::from(group.last) >= faces {
                        return Err(invalid(InputErrorKind::FaceGroupRange {
                            group: saturate_u32(i),
                            first: group.first,
                            last: group.last,
                            faces,
                        }));
                    }
                }
                (groups, false)
            }
        };
        if u32::try_from(groups).is_err() {
            return Err(WriteError::TooLarge);
        }

        let mut plan = Self {
            version,
            spheres,
            boxes,
            lines,
            vertices,
            faces,
            groups,
            generate_groups,
            shadow_vertices,
            shadow_faces,
            bounds: source.bounds(),
            recompute_bounds: options.recompute_bounds,
            len: 0,
        };
        if options.recompute_bounds {
            plan.bounds = plan.measure(source);
        }
        plan.len = plan.layout().end.ok_or(WriteError::TooLarge)?;
        // The size field counts the bytes after itself.
        if u32::try_from(plan.len.saturating_sub(8)).is_err() {
            return Err(WriteError::TooLarge);
        }
        Ok(plan)
    }

    /// Records of `section` written.
    fn count(&self, section: Section) -> usize {
        match section {
            Section::Spheres => self.spheres,
            Section::Boxes => self.boxes,
            Section::Lines => self.lines,
            Section::Vertices => self.vertices,
            Section::Faces => self.faces,
            Section::FaceGroups => self.groups,
            Section::ShadowVertices => self.shadow_vertices,
            Section::ShadowFaces => self.shadow_faces,
            _ => 0,
        }
    }

    fn coll(&self) -> bool {
        self.version == Version::Coll
    }

    /// The vertex of `mesh` as the target stores it.
    fn vertex(&self, source: &impl Source, mesh: Mesh, i: usize) -> Vec3 {
        let v = wire::validated(source.vertex(mesh, i)).unwrap_or([0.0; 3]);
        if self.coll() {
            v
        } else {
            wire::validated(rounded(v)).unwrap_or([0.0; 3])
        }
    }

    /// Bounds of the content as written, by the one definition of what the bounds
    /// enclose ([`guide::gta`](crate::guide::gta), "What the bounds enclose"): the box around the
    /// spheres, boxes, lines and faces (not the shadow mesh), the centre halfway,
    /// and the radius the smallest that reaches all of them from it. All zero for
    /// an empty model. The bounds lint checks the same definition, so it never
    /// fires on what this writes.
    fn measure(&self, source: &impl Source) -> Bounds {
        content::enclosing(&Written { plan: self, source })
    }

    /// Where each section goes, model-relative.
    fn layout(&self) -> Layout {
        let mut at = Position(Some(self.version.header_len()));
        if self.coll() {
            // Each section is its u32 count, then its records; COLL has no offsets.
            for &(section, stride) in &COLL_SECTIONS {
                at.skip(4);
                at.section(self.count(section), stride.into());
            }
            return Layout {
                end: at.0,
                ..Layout::default()
            };
        }
        let spheres = at.section(self.spheres, size_of::<raw::SphereV2>());
        let boxes = at.section(self.boxes, size_of::<raw::CollisionBox>());
        let lines = at.section(self.lines, size_of::<raw::LineV2>());
        let vertices = at.section(self.vertices, size_of::<raw::VertexV2>());
        at.pad(self.vertices);
        if self.groups > 0 {
            at.section(self.groups, size_of::<raw::FaceGroup>());
            at.skip(4);
        }
        let faces = at.section(self.faces, size_of::<raw::FaceV2>());
        let shadow_vertices = at.section(self.shadow_vertices, size_of::<raw::VertexV2>());
        at.pad(self.shadow_vertices);
        let shadow_faces = at.section(self.shadow_faces, size_of::<raw::FaceV2>());
        Layout {
            spheres,
            boxes,
            lines,
            vertices,
            faces,
            shadow_vertices,
            shadow_faces,
            end: at.0,
        }
    }

    pub(super) fn losses(&self, source: &impl Source) -> Losses {
        let coll_source = source.version() == Version::Coll;
        let mut losses = Losses {
            shadow_faces: source
                .count(Section::ShadowFaces)
                .saturating_sub(self.shadow_faces),
            face_groups: if self.generate_groups {
                0
            } else {
                source
                    .count(Section::FaceGroups)
                    .saturating_sub(self.groups)
            },
            unused_vertices: source
                .count(Section::Vertices)
                .saturating_sub(self.vertices),
            col4_extra: usize::from(self.version != Version::Col4 && source.col4_extra() != 0),
            ..Losses::default()
        };
        if self.coll() {
            losses.line_radii = (0..self.lines)
                .filter_map(|i| source.line(i)?.radii)
                .filter(|r| *r != [0.0; 2])
                .count();
        } else if coll_source {
            losses.face_surfaces = (0..self.faces)
                .filter_map(|i| source.face(Mesh::Collision, i))
                .filter(|f| matches!(f.surface, FaceSurface::Full(s) if s.flag != 0 || s.brightness != 0))
                .count();
            losses.rounded_vertices = (0..self.vertices)
                .filter(|&i| {
                    source
                        .vertex(Mesh::Collision, i)
                        .is_some_and(|v| rounded(v) != Some(v))
                })
                .count();
        }
        losses
    }

    /// Writes the model; `w` has room for `self.len` bytes.
    pub(super) fn write(&self, source: &impl Source, w: &mut Out<'_>) -> Result<(), WriteError> {
        let layout = self.layout();
        let size = u32::try_from(self.len.saturating_sub(8)).map_err(|_| WriteError::TooLarge)?;
        w.put(&self.version.fourcc())?;
        w.put(&size.to_le_bytes())?;
        let mut name = [0u8; 24];
        for (slot, &b) in name.iter_mut().zip(source.name()) {
            *slot = b;
        }
        if !self.coll() {
            let [.., id_lo, id_hi] = &mut name;
            [*id_lo, *id_hi] = source.model_id().to_le_bytes();
        }
        w.put(&name)?;
        let b = &self.bounds;
        if self.coll() {
            w.put(raw::BoundsV1::from(b).as_bytes())?;
            return self.write_coll(source, w);
        }
        w.put(raw::BoundsV2::from(b).as_bytes())?;
        self.write_col2(source, &layout, w)
    }

    /// COLL's sections, in the order [`COLL_SECTIONS`] gives: each its u32 count,
    /// then its records.
    fn write_coll(&self, source: &impl Source, w: &mut Out<'_>) -> Result<(), WriteError> {
        for &(section, _) in &COLL_SECTIONS {
            let count = self.count(section);
            w.put(
                &u32::try_from(count)
                    .map_err(|_| WriteError::TooLarge)?
                    .to_le_bytes(),
            )?;
            match section {
                Section::Spheres => {
                    for i in 0..count {
                        let s = wire::validated(source.sphere(i)).ok_or(WriteError::TooLarge)?;
                        w.put(raw::SphereV1::from(&s).as_bytes())?;
                    }
                }
                Section::Lines => {
                    for i in 0..count {
                        let l = wire::validated(source.line(i)).ok_or(WriteError::TooLarge)?;
                        w.put(raw::LineV1::from(&l).as_bytes())?;
                    }
                }
                Section::Boxes => self.write_boxes(source, w)?,
                Section::Vertices => {
                    for i in 0..count {
                        let v = self.vertex(source, Mesh::Collision, i);
                        w.put(raw::VertexV1::from(&v).as_bytes())?;
                    }
                }
                Section::Faces => {
                    for i in 0..count {
                        let f = wire::validated(source.face(Mesh::Collision, i))
                            .ok_or(WriteError::TooLarge)?;
                        w.put(raw::FaceV1::from(&f).as_bytes())?;
                    }
                }
                // COLL has no other section (and a count of 0 for them).
                _ => {}
            }
        }
        Ok(())
    }

    fn write_boxes(&self, source: &impl Source, w: &mut Out<'_>) -> Result<(), WriteError> {
        for i in 0..self.boxes {
            let b = wire::validated(source.collision_box(i)).ok_or(WriteError::TooLarge)?;
            w.put(raw::CollisionBox::from(&b).as_bytes())?;
        }
        Ok(())
    }

    fn write_col2(
        &self,
        source: &impl Source,
        layout: &Layout,
        w: &mut Out<'_>,
    ) -> Result<(), WriteError> {
        let small = |n: usize| u16::try_from(n).map_err(|_| WriteError::TooLarge);
        let mut flags = 0;
        if self.spheres > 0 || self.boxes > 0 || self.faces > 0 || self.shadow_faces > 0 {
            flags |= Flags::NOT_EMPTY;
        }
        if self.groups > 0 {
            flags |= Flags::FACE_GROUPS;
        }
        if self.shadow_faces > 0 {
            flags |= Flags::SHADOW_MESH;
        }
        w.put(
            raw::HeaderV2 {
                sphere_count: U16::new(small(self.spheres)?),
                box_count: U16::new(small(self.boxes)?),
                face_count: U16::new(small(self.faces)?),
                line_count: u8::try_from(self.lines).map_err(|_| WriteError::TooLarge)?,
                padding: 0,
                flags: U32::new(flags),
                sphere_offset: offset(layout.spheres)?,
                box_offset: offset(layout.boxes)?,
                line_offset: offset(layout.lines)?,
                vertex_offset: offset(layout.vertices)?,
                face_offset: offset(layout.faces)?,
                triangle_plane_offset: U32::ZERO,
            }
            .as_bytes(),
        )?;
        if self.version.has_shadow_mesh() {
            let shadow = self.shadow_faces > 0;
            w.put(
                raw::ShadowHeader {
                    face_count: U32::new(
                        u32::try_from(self.shadow_faces).map_err(|_| WriteError::TooLarge)?,
                    ),
                    vertex_offset: offset(layout.shadow_vertices.filter(|_| shadow))?,
                    face_offset: offset(layout.shadow_faces)?,
                }
                .as_bytes(),
            )?;
        }
        if self.version == Version::Col4 {
            w.put(&source.col4_extra().to_le_bytes())?;
        }
        for i in 0..self.spheres {
            let s = wire::validated(source.sphere(i)).ok_or(WriteError::TooLarge)?;
            w.put(raw::SphereV2::from(&s).as_bytes())?;
        }
        self.write_boxes(source, w)?;
        for i in 0..self.lines {
            let l = wire::validated(source.line(i)).ok_or(WriteError::TooLarge)?;
            w.put(raw::LineV2::from(&l).as_bytes())?;
        }
        self.write_fixed_vertices(source, Mesh::Collision, self.vertices, w)?;
        if self.generate_groups {
            self.write_generated_groups(source, w)?;
        } else {
            if self.groups > 0 {
                for i in 0..self.groups {
                    let g = wire::validated(source.face_group(i)).ok_or(WriteError::TooLarge)?;
                    let (min, max) = if self.bounds_recomputed() {
                        self.faces_box(
                            source,
                            usize::from(g.first)..usize::from(g.last).saturating_add(1),
                        )
                    } else {
                        (g.min, g.max)
                    };
                    w.put(raw::FaceGroup::from(&FaceGroup { min, max, ..g }).as_bytes())?;
                }
                w.put(
                    &u32::try_from(self.groups)
                        .map_err(|_| WriteError::TooLarge)?
                        .to_le_bytes(),
                )?;
            }
            for i in 0..self.faces {
                let f =
                    wire::validated(source.face(Mesh::Collision, i)).ok_or(WriteError::TooLarge)?;
                w.put(compact_face(&f)?.as_bytes())?;
            }
        }
        self.write_fixed_vertices(source, Mesh::Shadow, self.shadow_vertices, w)?;
        for i in 0..self.shadow_faces {
            let f = wire::validated(source.face(Mesh::Shadow, i)).ok_or(WriteError::TooLarge)?;
            w.put(compact_face(&f)?.as_bytes())?;
        }
        Ok(())
    }

    fn bounds_recomputed(&self) -> bool {
        self.recompute_bounds
    }

    /// A COL2+ vertex array, then 2 zero bytes when its length is odd, so the next
    /// section is 4-aligned.
    fn write_fixed_vertices(
        &self,
        source: &impl Source,
        mesh: Mesh,
        count: usize,
        w: &mut Out<'_>,
    ) -> Result<(), WriteError> {
        for i in 0..count {
            let v = wire::validated(source.vertex(mesh, i)).unwrap_or([0.0; 3]);
            // Every vertex written fits: `mesh_vertices` checked each.
            let fixed = wire::validated(fixed_vertex(&v)).unwrap_or(raw::VertexV2 {
                position: [I16::ZERO; 3],
            });
            w.put(fixed.as_bytes())?;
        }
        if count % 2 == 1 {
            w.put(&[0; 2])?;
        }
        Ok(())
    }

    /// Generated face groups, their count, and the faces reordered to match
    /// ([`face_groups::generate`]).
    fn write_generated_groups(
        &self,
        source: &impl Source,
        w: &mut Out<'_>,
    ) -> Result<(), WriteError> {
        let groups = w.take(self.groups.saturating_mul(size_of::<raw::FaceGroup>()))?;
        w.put(
            &u32::try_from(self.groups)
                .map_err(|_| WriteError::TooLarge)?
                .to_le_bytes(),
        )?;
        let faces = w.take(self.faces.saturating_mul(size_of::<raw::FaceV2>()))?;
        face_groups::generate(
            groups,
            faces,
            |face| self.face_centre(source, face),
            |faces| self.faces_box(source, faces),
            |face| {
                let face = wire::validated(source.face(Mesh::Collision, face))
                    .ok_or(WriteError::TooLarge)?;
                compact_face(&face)
            },
        )
    }

    /// The sum of a face's three vertices as written (three times its centre).
    fn face_centre(&self, source: &impl Source, face: usize) -> Vec3 {
        let Some(face) = wire::validated(source.face(Mesh::Collision, face)) else {
            return [0.0; 3];
        };
        let [a, b, c] = face
            .indices
            .map(|i| self.vertex(source, Mesh::Collision, i as usize));
        zip3(zip3(a, b, |x, y| x + y), c, |x, y| x + y)
    }

    /// The box around the vertices of `faces`, as written; all zero for none.
    fn faces_box(&self, source: &impl Source, faces: impl Iterator<Item = usize>) -> (Vec3, Vec3) {
        content::faces_box(&Written { plan: self, source }, faces).unwrap_or(([0.0; 3], [0.0; 3]))
    }
}

/// A model as a [`Plan`] writes it: its sections' counts and its vertices in the
/// target version (COL2+ rounded to 1/128), for [`content`]'s measures.
struct Written<'p, S> {
    plan: &'p Plan,
    source: &'p S,
}

impl<S: Source> content::Content for Written<'_, S> {
    fn count(&self, section: Section) -> usize {
        match section {
            Section::Spheres => self.plan.spheres,
            Section::Boxes => self.plan.boxes,
            Section::Lines => self.plan.lines,
            Section::Faces => self.plan.faces,
            _ => 0,
        }
    }
    fn sphere(&self, i: usize) -> Option<Sphere> {
        wire::validated(self.source.sphere(i))
    }
    fn collision_box(&self, i: usize) -> Option<CollisionBox> {
        wire::validated(self.source.collision_box(i))
    }
    fn line(&self, i: usize) -> Option<Line> {
        wire::validated(self.source.line(i))
    }
    fn face(&self, i: usize) -> Option<Face> {
        wire::validated(self.source.face(Mesh::Collision, i))
    }
    fn vertex(&self, i: usize) -> Option<Vec3> {
        Some(self.plan.vertex(self.source, Mesh::Collision, i))
    }
}

/// Checks every face index of `mesh` and returns how many vertices to write: the
/// stored count for COLL, the largest index + 1 for COL2+ (whose every written
/// vertex must fit fixed point).
fn mesh_vertices(
    source: &impl Source,
    mesh: Mesh,
    faces: usize,
    coll: bool,
) -> Result<usize, InputErrorKind> {
    let available = source.count(match mesh {
        Mesh::Collision => Section::Vertices,
        Mesh::Shadow => Section::ShadowVertices,
    });
    let mut used = 0usize;
    for i in 0..faces {
        let Some(face) = source.face(mesh, i) else {
            continue;
        };
        for index in face.indices {
            let face = saturate_u32(i);
            let at = usize::try_from(index).unwrap_or(usize::MAX);
            if at >= available {
                return Err(InputErrorKind::IndexOutOfRange {
                    mesh,
                    face,
                    index,
                    vertices: available,
                });
            }
            if !coll && index > u16::MAX.into() {
                return Err(InputErrorKind::IndexTooLarge { mesh, face, index });
            }
            used = used.max(at.saturating_add(1));
        }
    }
    if coll {
        return Ok(available);
    }
    for i in 0..used {
        let Some(v) = source.vertex(mesh, i) else {
            continue;
        };
        for (axis, value) in (0u8..).zip(v) {
            if to_fixed_point(value).is_none() {
                return Err(InputErrorKind::VertexOutOfRange {
                    mesh,
                    vertex: saturate_u32(i),
                    axis,
                    value,
                });
            }
        }
    }
    Ok(used)
}

/// Where each COL2+ section of a planned model starts (model-relative; `None` for
/// an empty section, and for every COLL section), and where the model ends (`None`
/// past `usize::MAX`).
#[derive(Clone, Copy, Debug, Default)]
struct Layout {
    spheres: Option<usize>,
    boxes: Option<usize>,
    lines: Option<usize>,
    vertices: Option<usize>,
    faces: Option<usize>,
    shadow_vertices: Option<usize>,
    shadow_faces: Option<usize>,
    end: Option<usize>,
}

/// A position in a model being laid out; `None` once past `usize::MAX`.
#[derive(Clone, Copy, Debug)]
struct Position(Option<usize>);

impl Position {
    fn skip(&mut self, n: usize) {
        self.0 = self.0.and_then(|at| at.checked_add(n));
    }

    /// Moves past `count` records of `stride` bytes; where they start, if any.
    fn section(&mut self, count: usize, stride: usize) -> Option<usize> {
        let start = self.0.filter(|_| count > 0);
        match count.checked_mul(stride) {
            Some(n) => self.skip(n),
            None => self.0 = None,
        }
        start
    }

    /// The 2 zero bytes after a COL2+ vertex array of odd length.
    fn pad(&mut self, vertices: usize) {
        if vertices % 2 == 1 {
            self.skip(2);
        }
    }
}

/// A COL2+ header offset for a section at model byte `at` (offsets count from
/// just after the FourCC); 0 for an empty section.
fn offset(at: Option<usize>) -> Result<U32, WriteError> {
    let Some(at) = at else {
        return Ok(U32::ZERO);
    };
    let offset = at.checked_sub(OFFSET_ORIGIN).ok_or(WriteError::TooLarge)?;
    Ok(U32::new(
        u32::try_from(offset).map_err(|_| WriteError::TooLarge)?,
    ))
}

/// A face as COL2+ stores it; too large an index is [`WriteError::TooLarge`]
/// (`mesh_vertices` refused it first).
fn compact_face(face: &Face) -> Result<raw::FaceV2, WriteError> {
    raw::FaceV2::try_from(face).map_err(|_| WriteError::TooLarge)
}
