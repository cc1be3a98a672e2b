//! Mesh-wide lints of a TCOL trimesh, with caller scratch and no allocation:
//! zero-area faces, duplicate faces, unreferenced vertices.

use super::lint::Lint;
use super::view::Tcol;
use crate::grit::body::{DEGENERATE_SINE, LintKind, TextFaces, TextVertices};

pub use crate::wire::StorageTooSmall;

fn position_of(v: &[u32; 4]) -> [f64; 3] {
    let [x, y, z, _] = *v;
    [x, y, z].map(|bits| f64::from(f32::from_bits(bits)))
}

fn sub(a: [f64; 3], b: [f64; 3]) -> [f64; 3] {
    let ([ax, ay, az], [bx, by, bz]) = (a, b);
    [ax - bx, ay - by, az - bz]
}

fn dot(a: [f64; 3], b: [f64; 3]) -> f64 {
    let ([ax, ay, az], [bx, by, bz]) = (a, b);
    ax * bx + ay * by + az * bz
}

/// Whether a triangle's corners are coincident or collinear (see
/// [`DEGENERATE_SINE`]).
fn zero_area(p: [[f64; 3]; 3]) -> bool {
    let [p0, p1, p2] = p;
    let e1 = sub(p1, p0);
    let e2 = sub(p2, p0);
    let ([ax, ay, az], [bx, by, bz]) = (e1, e2);
    let cross = [ay * bz - az * by, az * bx - ax * bz, ax * by - ay * bx];
    let sine = f64::from(DEGENERATE_SINE);
    dot(cross, cross) <= sine * sine * dot(e1, e1) * dot(e2, e2)
}

/// Mesh-wide lints of the trimesh, computed as they are iterated with the
/// caller's scratch: each face in file order (zero area, duplicate), then each
/// unreferenced vertex.
///
/// The scratch holds one entry per vertex (its coordinates' bits and a
/// "used" flag) and one per face (its sorted indices and its number), sorted
/// so a duplicate is found by binary search: O((V + F) log F), no allocation.
#[derive(Clone, Debug)]
pub struct MeshLints<'a, 's> {
    vertex_table: &'s [[u32; 4]],
    sorted_faces: &'s [[u32; 4]],
    faces: Option<TextFaces<'a>>,
    vertices: Option<TextVertices<'a>>,
    face_index: usize,
    vertex_index: usize,
    queued: Option<Lint>,
}

impl<'a> Tcol<'a> {
    /// Entries of scratch [`Tcol::mesh_lints`] needs: one per trimesh vertex and
    /// one per face.
    pub fn mesh_scratch_len(&self) -> usize {
        self.trimesh
            .map_or(0, |t| t.vertices.count.saturating_add(t.faces.count))
    }

    /// Checks of the trimesh as a whole, with caller storage (no allocation):
    /// zero-area faces, duplicate faces, unreferenced vertices.
    pub fn mesh_lints<'s>(
        &self,
        scratch: &'s mut [[u32; 4]],
    ) -> Result<MeshLints<'a, 's>, StorageTooSmall> {
        MeshLints::new(self, scratch)
    }
}

impl<'a, 's> MeshLints<'a, 's> {
    fn new(tcol: &Tcol<'a>, scratch: &'s mut [[u32; 4]]) -> Result<Self, StorageTooSmall> {
        let Some(t) = tcol.trimesh_span() else {
            return Ok(Self {
                vertex_table: &[],
                sorted_faces: &[],
                faces: None,
                vertices: None,
                face_index: 0,
                vertex_index: 0,
                queued: None,
            });
        };
        let too_small = StorageTooSmall {
            needed: tcol.mesh_scratch_len(),
            available: scratch.len(),
        };
        let (vertex_table, rest) = scratch
            .split_at_mut_checked(t.vertices.count)
            .ok_or(too_small)?;
        let sorted_faces = rest.get_mut(..t.faces.count).ok_or(too_small)?;
        for (slot, [x, y, z]) in vertex_table.iter_mut().zip(TextVertices::of(t.vertices)) {
            *slot = [x.to_bits(), y.to_bits(), z.to_bits(), 0];
        }
        let faces = TextFaces::of(t.faces, t.vertices.count);
        for (number, (slot, face)) in sorted_faces.iter_mut().zip(faces).enumerate() {
            for i in face.indices {
                if let Some([_, _, _, used]) = usize::try_from(i)
                    .ok()
                    .and_then(|i| vertex_table.get_mut(i))
                {
                    *used = 1;
                }
            }
            let mut key = face.indices;
            key.sort_unstable();
            let [a, b, c] = key;
            *slot = [a, b, c, u32::try_from(number).unwrap_or(u32::MAX)];
        }
        sorted_faces.sort_unstable();
        Ok(Self {
            vertex_table,
            sorted_faces,
            faces: Some(TextFaces::of(t.faces, t.vertices.count)),
            vertices: Some(TextVertices::of(t.vertices)),
            face_index: 0,
            vertex_index: 0,
            queued: None,
        })
    }

    fn corner(&self, i: u32) -> [f64; 3] {
        usize::try_from(i)
            .ok()
            .and_then(|i| self.vertex_table.get(i))
            .map_or([0.0; 3], position_of)
    }

    /// The lints of one face: zero area, then duplicate.
    fn face_lints(&self, index: usize, indices: [u32; 3]) -> [Option<LintKind>; 2] {
        let [a, b, c] = indices;
        let distinct = a != b && b != c && a != c;
        let flat = (distinct && zero_area([self.corner(a), self.corner(b), self.corner(c)]))
            .then_some(LintKind::ZeroAreaFace {
                face: index,
                indices,
            });
        let mut key = indices;
        key.sort_unstable();
        let first = self
            .sorted_faces
            .partition_point(|&[x, y, z, _]| [x, y, z] < key);
        let duplicate = match self.sorted_faces.get(first) {
            Some(&[x, y, z, number])
                if [x, y, z] == key && usize::try_from(number).is_ok_and(|n| n != index) =>
            {
                Some(LintKind::DuplicateFace {
                    face: index,
                    first: usize::try_from(number).unwrap_or(usize::MAX),
                })
            }
            _ => None,
        };
        [flat, duplicate]
    }
}

impl Iterator for MeshLints<'_, '_> {
    type Item = Lint;

    fn next(&mut self) -> Option<Lint> {
        if let Some(lint) = self.queued.take() {
            return Some(lint);
        }
        while let Some((position, face)) = self.faces.as_mut().and_then(TextFaces::next_positioned)
        {
            let index = self.face_index;
            self.face_index = self.face_index.saturating_add(1);
            let lint = |kind| Lint {
                position,
                shape: None,
                kind,
            };
            match self.face_lints(index, face.indices) {
                [Some(a), b] => {
                    self.queued = b.map(lint);
                    return Some(lint(a));
                }
                [None, Some(b)] => return Some(lint(b)),
                [None, None] => {}
            }
        }
        self.faces = None;
        loop {
            let (position, _) = self.vertices.as_mut()?.next_positioned()?;
            let vertex = self.vertex_index;
            self.vertex_index = self.vertex_index.saturating_add(1);
            if let Some([_, _, _, 0]) = self.vertex_table.get(vertex) {
                return Some(Lint {
                    position,
                    shape: None,
                    kind: LintKind::UnreferencedVertex { vertex },
                });
            }
        }
    }
}

impl core::iter::FusedIterator for MeshLints<'_, '_> {}
