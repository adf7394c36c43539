//! The scene's light: the sun and the ambient light, and what a surface
//! receives of them ([`diffuse_light`]), for the scene that places the
//! lights and for Low's light baked into vertex colours.

use bevy::prelude::*;

/// The sun's illuminance, lux.
pub const SUN_ILLUMINANCE: f32 = 5_500.0;

/// The sun's colour.
pub const SUN_COLOUR: Color = Color::srgb(1.0, 0.97, 0.92);

/// Where the sun shines from (world units; it looks at the board's centre,
/// the origin).
pub const SUN_POSITION: Vec3 = Vec3::new(-5.0, 9.0, 4.0);

/// The ambient light's colour.
pub const AMBIENT_COLOUR: Color = Color::srgb(1.0, 0.96, 0.9);

/// The ambient light's brightness (Bevy's `GlobalAmbientLight` units,
/// cd/m²).
pub const AMBIENT_BRIGHTNESS: f32 = 140.0;

/// The share of the ambient light that a surface's diffuse colour returns
/// in Bevy's shading (its environment BRDF approximation, which it takes
/// at full roughness for every diffuse colour: about 0.45).
pub const AMBIENT_DIFFUSE_SHARE: f32 = 0.45;

/// What a surface facing `normal` (world space, unit length) receives
/// from the sun and the ambient light, as Bevy's lit shading computes it
/// with the camera's default exposure, diffuse part only (Bevy's Burley
/// diffuse taken as Lambert's, within 2 % at the camera's slants; no
/// shadow): a factor per channel of the surface's linear colour. A level
/// surface gets about 1.49, 1.39, 1.23; one facing away from the sun the
/// ambient part alone, about 0.06.
#[must_use]
pub fn diffuse_light(normal: Vec3) -> LinearRgba {
    let exposure = bevy::camera::Exposure::default().exposure();
    let n_dot_l = SUN_POSITION.normalize().dot(normal).max(0.0);
    let sun = SUN_COLOUR.to_linear() * (SUN_ILLUMINANCE * exposure * n_dot_l / std::f32::consts::PI);
    let ambient = AMBIENT_COLOUR.to_linear() * (AMBIENT_BRIGHTNESS * exposure * AMBIENT_DIFFUSE_SHARE);
    LinearRgba::rgb(sun.red + ambient.red, sun.green + ambient.green, sun.blue + ambient.blue)
}

/// What a level surface (a cell tile: its normal +y) receives:
/// [`diffuse_light`] of +y.
#[must_use]
pub fn level_surface_light() -> LinearRgba {
    diffuse_light(Vec3::Y)
}
