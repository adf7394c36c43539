//! The graphics quality in use: the player's choice ([`GraphicsQuality`] in
//! the settings, or `--quality` / `?quality=` for a session), resolved to a
//! [`QualityLevel`] (High or Low) and applied to the camera, the light and
//! the pieces' contact shadows.
//!
//! Auto is High, except:
//! - Low from the start on a software renderer (wgpu reports
//!   `DeviceType::Cpu`: lavapipe, llvmpipe, SwiftShader), where High costs
//!   several hundred milliseconds a frame;
//! - Low once frames stay slow: [`FrameWatch`] takes the median frame time
//!   of each second of real time, and two seconds running above
//!   [`SLOW_FRAME_MS`] step Auto down. It steps down once per session and
//!   never back up (Low being faster would otherwise send it back to High,
//!   and back down again): no oscillation.
//!
//! Low also draws the board at fewer pixels than the window has
//! ([`RenderScale`]): the 3D camera renders to an image of about
//! [`LOW_PIXELS`] pixels (never below half of each side of the window),
//! which a 2D camera stretches over the window (`view::render_scale`),
//! while text and buttons keep the window's full resolution. On a
//! software renderer much of a frame's cost is per pixel.
//!
//! Works headless: without a camera or light there is nothing to apply,
//! and the level is still chosen (the tests give the app a made-up adapter).

use bevy::core_pipeline::tonemapping::Tonemapping;
use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;
use bevy::window::{PrimaryWindow, WindowResized};

use crate::GameOptions;
use crate::settings::{GraphicsQuality, Settings};

pub(crate) fn plugin(app: &mut App) {
    // Registered by bevy_window in the game; here too for headless apps.
    app.add_message::<WindowResized>();
    app.init_resource::<RenderQuality>()
        .init_resource::<FrameWatch>()
        .init_resource::<RenderScale>()
        .add_systems(
            Update,
            (watch_frames, choose_quality, apply_quality, choose_render_scale)
                .chain()
                .in_set(crate::app_state::AppSystems::View),
        );
}

/// A frame slower than this (milliseconds) is slow for Auto: under 30 frames
/// a second, with room for a 30 Hz display's 33.3 ms frames and their jitter.
pub const SLOW_FRAME_MS: f32 = 34.0;

/// Auto steps down after this many seconds running whose median frame was slow.
pub const SLOW_SECONDS: u32 = 2;

/// A frame longer than this (milliseconds) is a hitch (a window hidden or
/// moved, a pipeline compiling), not a trend: it restarts the second.
const HITCH_MS: f32 = 1000.0;

/// At Low, the board is drawn at about this many pixels (640 × 360), then
/// stretched over the window; a window above 1280 × 720 gets more, as the
/// scale stops at [`LOW_MIN_SCALE`].
pub const LOW_PIXELS: f32 = 640.0 * 360.0;

/// At Low, the board is drawn at least this share of the window's width
/// and height (below, it would blur too much to read).
pub const LOW_MIN_SCALE: f32 = 0.5;

/// What is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum QualityLevel {
    /// Shadow maps, 4× MSAA, tone mapping: the designed look.
    #[default]
    High,
    /// No shadow maps (a soft contact shadow under each piece instead), no
    /// MSAA, no tone mapping, the light baked in: the cell tiles unlit in
    /// the colour the light gives them (but the golden cell: `view::scene`),
    /// the frame, the ARKES tokens (but the marbles) and Arcanor's inner
    /// bands and frozen bases (but the pieces) unlit with their diffuse
    /// light in their vertex colours (`view::baked_light`), all lit again
    /// while the victory's light shines; and the board drawn at a lower
    /// resolution ([`RenderScale`]).
    Low,
}

impl QualityLevel {
    /// `high` or `low`, for automation and logs.
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            QualityLevel::High => "high",
            QualityLevel::Low => "low",
        }
    }
}

/// Why the level in use is what it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum QualityReason {
    /// The player chose it in the settings.
    Chosen,
    /// The session's option (`--quality`, `?quality=`), whatever the
    /// settings say.
    Session,
    /// Auto, on a renderer that is fast enough so far.
    #[default]
    Auto,
    /// Auto, on a software renderer (`DeviceType::Cpu`).
    SoftwareRenderer,
    /// Auto, after frames stayed slow.
    SlowFrames,
}

/// The graphics quality in use.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct RenderQuality {
    /// What is drawn.
    pub level: QualityLevel,
    /// Why.
    pub reason: QualityReason,
}

/// Auto's watch over frame times (see the module's documentation).
#[derive(Resource, Debug, Default, Clone)]
pub struct FrameWatch {
    /// Frame times of the current second, milliseconds.
    second: Vec<f32>,
    /// Seconds of real time in `second`.
    elapsed: f32,
    /// Seconds running whose median frame was slow.
    slow_seconds: u32,
    /// Whether the watch has stepped down (for the rest of the session).
    stepped_down: bool,
}

impl FrameWatch {
    /// Records a frame that took `ms` milliseconds; true on the frame where
    /// the watch steps down (once in a session: false ever after).
    pub fn record(&mut self, ms: f32) -> bool {
        if self.stepped_down || !ms.is_finite() || ms < 0.0 {
            return false;
        }
        if ms > HITCH_MS {
            self.restart();
            return false;
        }
        self.second.push(ms);
        self.elapsed += ms / 1000.0;
        if self.elapsed < 1.0 {
            return false;
        }
        self.second.sort_by(f32::total_cmp);
        let median = self.second[self.second.len() / 2];
        self.second.clear();
        self.elapsed = 0.0;
        if median > SLOW_FRAME_MS {
            self.slow_seconds += 1;
        } else {
            self.slow_seconds = 0;
        }
        self.stepped_down = self.slow_seconds >= SLOW_SECONDS;
        self.stepped_down
    }

    /// Forgets the frames seen so far (after the level or the window
    /// changed), keeping a step down already taken.
    pub fn restart(&mut self) {
        self.second.clear();
        self.elapsed = 0.0;
        self.slow_seconds = 0;
    }

    /// Whether the watch has stepped down.
    #[must_use]
    pub fn stepped_down(&self) -> bool {
        self.stepped_down
    }
}

/// The quality asked for, and whether by the session's `--quality` (else
/// by the settings).
fn asked(options: Option<&GameOptions>, settings: Option<&Settings>) -> (GraphicsQuality, bool) {
    match options.and_then(|o| o.quality) {
        Some(session) => (session, true),
        None => (settings.map(|s| s.quality).unwrap_or_default(), false),
    }
}

/// Whether wgpu's adapter is a software one.
fn is_software(adapter: Option<&RenderAdapterInfo>) -> bool {
    adapter.is_some_and(|a| a.device_type == wgpu_types::DeviceType::Cpu)
}

/// Feeds Auto's watch while Auto runs at High and the game has loaded. A
/// resized window restarts it (the frames before were of another size);
/// other changes to the window (bevy_winit changes it on every cursor move)
/// do not.
fn watch_frames(
    time: Res<Time<Real>>,
    quality: Res<RenderQuality>,
    loaded: Option<Res<crate::app_state::Loaded>>,
    mut resized: MessageReader<WindowResized>,
    mut watch: ResMut<FrameWatch>,
) {
    if resized.read().count() > 0 {
        watch.restart();
        return;
    }
    if quality.reason != QualityReason::Auto || loaded.is_some_and(|l| !l.0) {
        return;
    }
    if watch.record(time.delta_secs() * 1000.0) {
        warn!("frames stayed above {SLOW_FRAME_MS} ms: graphics quality Auto steps down to Low");
    }
}

/// Resolves the quality asked for into the level in use.
fn choose_quality(
    options: Option<Res<GameOptions>>,
    settings: Option<Res<Settings>>,
    adapter: Option<Res<RenderAdapterInfo>>,
    watch: Res<FrameWatch>,
    mut quality: ResMut<RenderQuality>,
) {
    let software = is_software(adapter.as_deref());
    let (asked, session) = asked(options.as_deref(), settings.as_deref());
    let chosen = if session { QualityReason::Session } else { QualityReason::Chosen };
    let (level, reason) = match asked {
        GraphicsQuality::High => (QualityLevel::High, chosen),
        GraphicsQuality::Low => (QualityLevel::Low, chosen),
        GraphicsQuality::Auto if software => (QualityLevel::Low, QualityReason::SoftwareRenderer),
        GraphicsQuality::Auto if watch.stepped_down() => (QualityLevel::Low, QualityReason::SlowFrames),
        GraphicsQuality::Auto => (QualityLevel::High, QualityReason::Auto),
    };
    let wanted = RenderQuality { level, reason };
    if *quality != wanted {
        if quality.level != wanted.level {
            info!("graphics quality: {} ({:?})", level.id(), reason);
        }
        *quality = wanted;
    }
}

/// The share of the window's width and height, in physical pixels, at which
/// the board (the 3D camera) is drawn: 1 draws straight into the window;
/// below 1 it draws into an image of [`RenderScale::scene_size`], stretched
/// over the window (`view::render_scale`). The interface is always drawn
/// at the window's resolution.
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct RenderScale {
    /// Between [`LOW_MIN_SCALE`] and 1.
    pub factor: f32,
}

impl Default for RenderScale {
    fn default() -> RenderScale {
        RenderScale { factor: 1.0 }
    }
}

impl RenderScale {
    /// The scale for `level` in a window of `physical` pixels: 1 at High;
    /// at Low, the factor that draws [`LOW_PIXELS`] pixels, within
    /// [`LOW_MIN_SCALE`]..=1 (a small window is drawn whole).
    #[must_use]
    pub fn for_level(level: QualityLevel, physical: UVec2) -> RenderScale {
        let pixels = physical.x as f32 * physical.y as f32;
        let factor = match level {
            QualityLevel::High => 1.0,
            QualityLevel::Low if pixels <= LOW_PIXELS => 1.0,
            QualityLevel::Low => (LOW_PIXELS / pixels).sqrt().clamp(LOW_MIN_SCALE, 1.0),
        };
        RenderScale { factor }
    }

    /// Whether the board is drawn into the window itself (no image).
    #[must_use]
    pub fn is_full(self) -> bool {
        self.factor >= 1.0
    }

    /// The size in pixels of the board's image for a window of `physical`
    /// pixels: each side scaled and rounded, at least 1.
    #[must_use]
    pub fn scene_size(self, physical: UVec2) -> UVec2 {
        (physical.as_vec2() * self.factor).round().as_uvec2().max(UVec2::ONE)
    }
}

/// Resolves the level and the window's size into the [`RenderScale`].
fn choose_render_scale(
    quality: Res<RenderQuality>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut scale: ResMut<RenderScale>,
) {
    let Ok(window) = windows.single() else { return };
    if window.physical_width() == 0 || window.physical_height() == 0 {
        // Minimised: keep what is drawn for when the window comes back.
        return;
    }
    let wanted = RenderScale::for_level(quality.level, window.physical_size());
    if *scale != wanted {
        info!("board drawn at {:.0} % of the window's resolution", wanted.factor * 100.0);
        *scale = wanted;
    }
}

/// A soft round shadow on the board under a piece (or on the piece below
/// it), shown at Low, where the light casts none.
#[derive(Component, Clone, Copy, Debug)]
pub struct ContactShadow;

/// Applies the level to the camera and the sun; also to those spawned later
/// (a new camera or light). Only a change of level is applied (not one of
/// reason alone). The pieces' contact shadows follow the level by
/// themselves (`view::pieces`).
fn apply_quality(
    quality: Res<RenderQuality>,
    mut applied: Local<Option<QualityLevel>>,
    mut commands: Commands,
    cameras: Query<(Entity, Ref<Camera3d>)>,
    mut lights: Query<&mut DirectionalLight>,
) {
    let changed = *applied != Some(quality.level);
    *applied = Some(quality.level);
    let high = quality.level == QualityLevel::High;
    for (entity, camera) in &cameras {
        if changed || camera.is_added() {
            if high {
                commands.entity(entity).insert((Msaa::Sample4, Tonemapping::default()));
            } else {
                commands.entity(entity).insert((Msaa::Off, Tonemapping::None));
            }
        }
    }
    for mut light in &mut lights {
        if (changed || light.is_added()) && light.shadow_maps_enabled != high {
            light.shadow_maps_enabled = high;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn low_draws_at_most_its_pixel_budget_and_at_least_half_each_side() {
        let at = |w, h| RenderScale::for_level(QualityLevel::Low, UVec2::new(w, h));
        assert_eq!(RenderScale::for_level(QualityLevel::High, UVec2::new(3840, 2160)).factor, 1.0);
        assert!(at(640, 360).is_full(), "a small window is drawn whole");
        assert!(at(320, 240).is_full());
        let scale = at(800, 600);
        let size = scale.scene_size(UVec2::new(800, 600));
        assert!(!scale.is_full() && (size.x * size.y) as f32 <= LOW_PIXELS * 1.01, "{size}");
        assert_eq!(at(1280, 720).scene_size(UVec2::new(1280, 720)), UVec2::new(640, 360));
        // A phone at device pixel ratio 3 is not blurred below half.
        assert_eq!(at(1170, 2532).factor, LOW_MIN_SCALE);
    }
}
