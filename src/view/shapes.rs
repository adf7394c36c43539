//! Round meshes shaped for rasterizers: discs and cylinders whose flat caps
//! are a few large triangles, not fans of slivers.
//!
//! Bevy's `Circle` and `Cylinder` meshes fill a cap with a fan from one rim
//! corner: `n - 2` triangles, most of them long slivers across the whole
//! disc. Rasterizers shade pixels in blocks (2 × 2 quads on a GPU, 4 × 4
//! blocks in Mesa's llvmpipe and lavapipe), and every triangle shades each
//! block it touches, so a 48-corner fan shades the middle of a token's top
//! a dozen times over. On the 4-player board at High, under lavapipe, the
//! tokens' fans were a third of the frame time.
//!
//! Here a cap is cut the other way ([`polygon_triangles`]): the largest
//! triangle first, then the largest one of each arc left, and so on, so most
//! of the area is in a few big triangles and the small ones hug the rim.
//! The meshes keep Bevy's vertex layout (position, normal, UV), so they
//! share the pipelines of Bevy's own shapes.
//!
//! Coordinates are Bevy's: y up, lengths in world units (a board cell is 1).

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;

/// The triangles covering a convex polygon of `corners` corners numbered in
/// order round its rim (0 … `corners` - 1), as index triples in that same
/// order: the largest first (corners 0, n/3, 2n/3), then, in each arc left
/// between two corners already used, the triangle to the middle corner of
/// the arc, recursively. `corners - 2` triangles in all.
///
/// # Panics
/// If `corners` is less than 3.
#[must_use]
pub fn polygon_triangles(corners: u32) -> Vec<[u32; 3]> {
    assert!(corners >= 3, "a polygon has at least 3 corners, not {corners}");
    fn fill(a: u32, b: u32, n: u32, out: &mut Vec<[u32; 3]>) {
        if b - a < 2 {
            return;
        }
        let m = (a + b) / 2;
        out.push([a, m, b % n]);
        fill(a, m, n, out);
        fill(m, b, n, out);
    }
    let n = corners;
    let (b, c) = (n / 3, 2 * n / 3);
    let mut out = Vec::with_capacity(n as usize - 2);
    out.push([0, b, c]);
    fill(0, b, n, &mut out);
    fill(b, c, n, &mut out);
    fill(c, n, n, &mut out);
    out
}

/// Vertices and triangles of a mesh being made.
#[derive(Default)]
struct MeshParts {
    positions: Vec<Vec3>,
    normals: Vec<Vec3>,
    uvs: Vec<Vec2>,
    indices: Vec<u32>,
}

impl MeshParts {
    fn vertex(&mut self, position: Vec3, normal: Vec3, uv: Vec2) -> u32 {
        self.positions.push(position);
        self.normals.push(normal);
        self.uvs.push(uv);
        self.positions.len() as u32 - 1
    }

    /// A triangle whose front face (counter-clockwise, Bevy's) looks along
    /// `facing`, whichever order its corners come in.
    fn triangle(&mut self, [a, b, c]: [u32; 3], facing: Vec3) {
        let p = |i: u32| self.positions[i as usize];
        let normal = (p(b) - p(a)).cross(p(c) - p(a));
        if normal.dot(facing) >= 0.0 {
            self.indices.extend([a, b, c]);
        } else {
            self.indices.extend([a, c, b]);
        }
    }

    /// A flat polygon through `corners` (in order round its rim) facing
    /// along `facing`, cut by [`polygon_triangles`].
    fn cap(&mut self, corners: &[u32], facing: Vec3) {
        for [a, b, c] in polygon_triangles(corners.len() as u32) {
            self.triangle([corners[a as usize], corners[b as usize], corners[c as usize]], facing);
        }
    }

    /// A flat top facing +y: a ring of `corners` of `radius` at height `y`
    /// (its own vertices, with an upward normal and `Circle`'s UVs), cut by
    /// [`polygon_triangles`].
    fn flat_top(&mut self, radius: f32, y: f32, corners: u32) {
        let step = std::f32::consts::TAU / corners as f32;
        let ring: Vec<u32> = (0..corners)
            .map(|j| {
                let (p, uv) = rim(step * j as f32);
                self.vertex(Vec3::new(p.x * radius, y, p.y * radius), Vec3::Y, uv)
            })
            .collect();
        self.cap(&ring, Vec3::Y);
    }

    fn build(self) -> Mesh {
        Mesh::new(PrimitiveTopology::TriangleList, RenderAssetUsages::default())
            .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, self.positions)
            .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, self.normals)
            .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, self.uvs)
            .with_inserted_indices(Indices::U32(self.indices))
    }
}

/// The point at `angle` (radians, from +x towards +y) on a circle of radius
/// 1, and its texture coordinates as Bevy's `Circle` mesh has them.
fn rim(angle: f32) -> (Vec2, Vec2) {
    let (sin, cos) = angle.sin_cos();
    (Vec2::new(cos, sin), Vec2::new(0.5 * (cos + 1.0), 1.0 - 0.5 * (sin + 1.0)))
}

/// Turns a flat shape made in the xy plane facing +z (a [`disc`], Bevy's
/// `Circle`, `Annulus`, …) to lie on the board facing up: a quarter turn
/// about -x (`Quat::from_rotation_x(-FRAC_PI_2)`).
pub const FLAT: Quat =
    Quat::from_xyzw(-std::f32::consts::FRAC_1_SQRT_2, 0.0, 0.0, std::f32::consts::FRAC_1_SQRT_2);

/// A flat disc of `radius` with `corners` round its rim, centred on the
/// origin in the xy plane and facing +z, as Bevy's `Circle` mesh (lay it on
/// the board by turning it -90° about x).
///
/// # Panics
/// If `corners` is less than 3.
#[must_use]
pub fn disc(radius: f32, corners: u32) -> Mesh {
    let mut parts = MeshParts::default();
    let rim: Vec<u32> = (0..corners)
        .map(|i| {
            let (p, uv) = rim(std::f32::consts::TAU * i as f32 / corners as f32);
            parts.vertex((p * radius).extend(0.0), Vec3::Z, uv)
        })
        .collect();
    parts.cap(&rim, Vec3::Z);
    parts.build()
}

/// A flat arrow along +x from the origin, `length` long, in the xy plane
/// facing +z (lay it on the board by [`FLAT`]): a shaft `width` wide, then
/// a head `head` long and `head_width` wide at its base. A head longer than
/// the arrow is cut to its length.
#[must_use]
pub fn arrow(length: f32, width: f32, head: f32, head_width: f32) -> Mesh {
    let head = head.min(length);
    let neck = length - head;
    let mut parts = MeshParts::default();
    let uv = |x: f32, y: f32| Vec2::new(x / length.max(1e-6), 0.5 - y / head_width.max(1e-6));
    let corners = |parts: &mut MeshParts, points: &[(f32, f32)]| -> Vec<u32> {
        points.iter().map(|&(x, y)| parts.vertex(Vec3::new(x, y, 0.0), Vec3::Z, uv(x, y))).collect()
    };
    let (w, hw) = (width / 2.0, head_width / 2.0);
    if neck > 0.0 {
        let shaft = corners(&mut parts, &[(0.0, -w), (neck, -w), (neck, w), (0.0, w)]);
        parts.cap(&shaft, Vec3::Z);
    }
    let tip = corners(&mut parts, &[(neck, -hw), (length, 0.0), (neck, hw)]);
    parts.cap(&tip, Vec3::Z);
    parts.build()
}

/// An upright cylinder of `radius` and `height`, centred on the origin,
/// with `corners` round it: its side, and its top when `top` is true. No
/// bottom: the pieces made of it lie on the board or on one another and
/// the camera is always above them.
///
/// # Panics
/// If `corners` is less than 3.
#[must_use]
pub fn cylinder(radius: f32, height: f32, corners: u32, top: bool) -> Mesh {
    let mut parts = MeshParts::default();
    let half = height / 2.0;
    let step = std::f32::consts::TAU / corners as f32;
    // The side: a column of two vertices at each corner, the first one
    // repeated at the end for the texture's seam.
    let column = |parts: &mut MeshParts, j: u32| {
        let (p, _) = rim(step * j as f32);
        let normal = Vec3::new(p.x, 0.0, p.y);
        let u = j as f32 / corners as f32;
        let foot = parts.vertex(normal * radius - Vec3::Y * half, normal, Vec2::new(u, 1.0));
        let head = parts.vertex(normal * radius + Vec3::Y * half, normal, Vec2::new(u, 0.0));
        (foot, head)
    };
    let mut previous = column(&mut parts, 0);
    for j in 1..=corners {
        let next = column(&mut parts, j);
        let (p, _) = rim(step * (j as f32 - 0.5));
        let outwards = Vec3::new(p.x, 0.0, p.y);
        parts.triangle([previous.0, next.0, next.1], outwards);
        parts.triangle([previous.0, next.1, previous.1], outwards);
        previous = next;
    }
    if top {
        parts.flat_top(radius, half, corners);
    }
    parts.build()
}

/// A surface of revolution about the y axis through `profile`, a list of
/// (radius, height) points from bottom to top, with `corners` round it and
/// normals smoothed along the profile. When the profile ends on the axis
/// (a last radius of 0), its last ring off the axis is closed by a flat
/// cap facing up instead of a fan of slivers to the pole. Open at the
/// bottom. Texture coordinates: u round the axis (0 to 1 from +x towards
/// +z), v up the profile (0 to 1 by point).
///
/// # Panics
/// If `corners` is less than 3, or the profile has fewer than 2 points off
/// the axis.
#[must_use]
pub fn lathe(profile: &[(f32, f32)], corners: u32) -> Mesh {
    let closed = profile.last().is_some_and(|&(r, _)| r == 0.0);
    let rings = &profile[..profile.len() - usize::from(closed)];
    assert!(rings.len() >= 2, "a lathe needs two points off the axis");
    let mut parts = MeshParts::default();
    let step = std::f32::consts::TAU / corners as f32;
    let last = rings.len() - 1;
    let mut columns: Vec<Vec<u32>> = Vec::with_capacity(rings.len());
    for (i, &(r, y)) in rings.iter().enumerate() {
        let (prev, next) = (rings[i.saturating_sub(1)], rings[(i + 1).min(last)]);
        let slope = Vec2::new(next.1 - prev.1, prev.0 - next.0).normalize_or(Vec2::Y);
        let v = i as f32 / last as f32;
        columns.push(
            (0..=corners)
                .map(|j| {
                    let (p, _) = rim(step * j as f32);
                    let normal = Vec3::new(p.x * slope.x, slope.y, p.y * slope.x);
                    parts.vertex(
                        Vec3::new(p.x * r, y, p.y * r),
                        normal,
                        Vec2::new(j as f32 / corners as f32, v),
                    )
                })
                .collect(),
        );
    }
    for i in 0..last {
        for j in 0..corners as usize {
            let (a, b) = (columns[i][j], columns[i][j + 1]);
            let (c, d) = (columns[i + 1][j], columns[i + 1][j + 1]);
            let facing = parts.normals[a as usize] + parts.normals[d as usize];
            parts.triangle([a, b, d], facing);
            parts.triangle([a, d, c], facing);
        }
    }
    if closed {
        let (r, y) = rings[last];
        parts.flat_top(r, y, corners);
    }
    parts.build()
}

#[cfg(test)]
mod tests {
    use bevy::mesh::VertexAttributeValues;

    use super::*;

    #[test]
    fn flat_is_a_quarter_turn_about_minus_x_that_makes_plus_z_face_up() {
        assert!(FLAT.abs_diff_eq(Quat::from_rotation_x(-std::f32::consts::FRAC_PI_2), 1e-6));
        assert!((FLAT * Vec3::Z).abs_diff_eq(Vec3::Y, 1e-6));
    }

    fn positions(mesh: &Mesh) -> Vec<Vec3> {
        match mesh.attribute(Mesh::ATTRIBUTE_POSITION) {
            Some(VertexAttributeValues::Float32x3(v)) => v.iter().map(|p| Vec3::from(*p)).collect(),
            _ => panic!("no positions"),
        }
    }

    fn normals(mesh: &Mesh) -> Vec<Vec3> {
        match mesh.attribute(Mesh::ATTRIBUTE_NORMAL) {
            Some(VertexAttributeValues::Float32x3(v)) => v.iter().map(|p| Vec3::from(*p)).collect(),
            _ => panic!("no normals"),
        }
    }

    fn triangles(mesh: &Mesh) -> Vec<[usize; 3]> {
        let indices: Vec<usize> = mesh.indices().expect("indices").iter().collect();
        indices.chunks(3).map(|t| [t[0], t[1], t[2]]).collect()
    }

    /// Each triangle's front face (counter-clockwise) looks the way its
    /// corners' normals point, and the triangles' areas sum to `area`.
    fn check_faces(mesh: &Mesh, area: f32) {
        let (p, n) = (positions(mesh), normals(mesh));
        let mut total = 0.0;
        for [a, b, c] in triangles(mesh) {
            let face = (p[b] - p[a]).cross(p[c] - p[a]);
            total += face.length() / 2.0;
            assert!(face.dot(n[a] + n[b] + n[c]) > 0.0, "triangle {a} {b} {c} faces inwards");
        }
        assert!((total - area).abs() < area * 1e-4, "area {total}, expected {area}");
    }

    #[test]
    fn a_polygon_is_cut_into_corners_minus_two_triangles_using_every_corner() {
        for n in 3..=64 {
            let triangles = polygon_triangles(n);
            assert_eq!(triangles.len() as u32, n - 2);
            let mut used: Vec<u32> = triangles.iter().flatten().copied().collect();
            used.sort_unstable();
            used.dedup();
            assert_eq!(used, (0..n).collect::<Vec<_>>(), "{n} corners");
        }
    }

    #[test]
    fn the_first_triangles_of_a_cap_are_its_largest() {
        let mesh = disc(1.0, 48);
        let p = positions(&mesh);
        let areas: Vec<f32> = triangles(&mesh)
            .iter()
            .map(|&[a, b, c]| (p[b] - p[a]).cross(p[c] - p[a]).length() / 2.0)
            .collect();
        // An equilateral triangle inscribed in the unit circle: 1.299.
        assert!(areas[0] > 1.29, "{}", areas[0]);
        // Bevy's fan from one corner cuts the disc into slivers: its largest
        // is about 0.13 of the unit disc; here half the disc is in 4 triangles.
        let mut sorted = areas.clone();
        sorted.sort_by(|a, b| b.total_cmp(a));
        assert!(sorted[..4].iter().sum::<f32>() > std::f32::consts::PI / 2.0);
    }

    #[test]
    fn a_disc_faces_up_its_normal_and_covers_its_polygon() {
        let n = 40;
        let polygon_area = 0.5 * n as f32 * (std::f32::consts::TAU / n as f32).sin() * 0.46 * 0.46;
        check_faces(&disc(0.46, n), polygon_area);
    }

    #[test]
    fn a_lathe_faces_outwards_and_closes_its_top_with_a_cap() {
        let profile = [(1.0, 0.0), (0.8, 0.5), (0.5, 0.9), (0.0, 1.0)];
        let n = 24;
        let mesh = lathe(&profile, n);
        let p = positions(&mesh);
        // Outwards: every triangle's front looks away from the axis or up.
        for [a, b, c] in triangles(&mesh) {
            let face = (p[b] - p[a]).cross(p[c] - p[a]);
            let centre = (p[a] + p[b] + p[c]) / 3.0;
            assert!(face.dot(Vec3::new(centre.x, 0.0, centre.z)) > 0.0 || face.y > 0.0, "{a} {b} {c}");
        }
        // Three bands of quads round it, then a cap of n - 2 triangles at the
        // last ring off the axis (y = 0.9), and nothing reaches the pole.
        assert_eq!(triangles(&mesh).len() as u32, 2 * 2 * n + n - 2);
        assert!(p.iter().all(|v| v.y <= 0.9 + 1e-6));
        // An open band: two points, no cap.
        assert_eq!(triangles(&lathe(&[(0.3, 0.0), (0.28, 0.02)], n)).len() as u32, 2 * n);
    }

    #[test]
    fn a_cylinder_faces_outwards_and_has_a_top_but_no_bottom() {
        let (r, h, n) = (0.37, 0.18, 32);
        let side = n as f32 * 2.0 * r * (std::f32::consts::PI / n as f32).sin() * h;
        let top = 0.5 * n as f32 * (std::f32::consts::TAU / n as f32).sin() * r * r;
        check_faces(&cylinder(r, h, n, false), side);
        let mesh = cylinder(r, h, n, true);
        check_faces(&mesh, side + top);
        let p = positions(&mesh);
        assert!(p.iter().all(|v| (v.y.abs() - h / 2.0).abs() < 1e-6), "every vertex on a rim");
        assert!(
            triangles(&mesh).iter().all(|t| t.iter().any(|&i| p[i].y > 0.0)),
            "no triangle lies on the bottom"
        );
    }

    #[test]
    fn an_arrow_faces_up_and_covers_its_shaft_and_head() {
        let (length, width, head, head_width) = (2.0, 0.1, 0.3, 0.4);
        check_faces(
            &arrow(length, width, head, head_width),
            (length - head) * width + head * head_width / 2.0,
        );
        let p = positions(&arrow(length, width, head, head_width));
        let tip = p.iter().map(|v| v.x).fold(f32::MIN, f32::max);
        assert!((tip - length).abs() < 1e-6 && p.iter().all(|v| v.x >= 0.0), "from 0 to {length}");
        // A short arrow is all head.
        check_faces(&arrow(0.2, width, head, head_width), 0.2 * head_width / 2.0);
    }
}
