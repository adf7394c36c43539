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
//! Works headless: without a camera or light there is nothing to apply,
//! and the level is still chosen (the tests give the app a made-up adapter).

use bevy::core_pipeline::tonemapping::Tonemapping;
use bevy::prelude::*;
use bevy::render::renderer::RenderAdapterInfo;
use bevy::window::WindowResized;

use crate::GameOptions;
use crate::settings::{GraphicsQuality, Settings};

pub(crate) fn plugin(app: &mut App) {
    // Registered by bevy_window in the game; here too for headless apps.
    app.add_message::<WindowResized>();
    app.init_resource::<RenderQuality>().init_resource::<FrameWatch>().add_systems(
        Update,
        (watch_frames, choose_quality, apply_quality).chain().in_set(crate::AppSystems::View),
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

/// What is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum QualityLevel {
    /// Shadow maps, 4× MSAA, tone mapping: the designed look.
    #[default]
    High,
    /// No shadow maps (a soft contact shadow under each piece instead), no
    /// MSAA, no tone mapping.
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
    loaded: Option<Res<crate::loading::Loaded>>,
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
