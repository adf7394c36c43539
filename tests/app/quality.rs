//! The graphics quality setting, headless: Auto picks Low for a software
//! renderer, steps down on slow frames, never oscillates; a choice in the
//! settings wins and persists; the loading step waits for the pipelines.

use std::time::Duration;

use arkes::quality::{FrameWatch, QualityLevel, QualityReason, RenderQuality};
use arkes::settings::{GraphicsQuality, Settings};
use bevy::prelude::*;
use bevy::render::renderer::{RenderAdapterInfo, WgpuWrapper};
use bevy::time::TimeUpdateStrategy;
use wgpu_types::{AdapterInfo, Backend, DeviceType};

use crate::flow::{flow_app, press, temp_store};

/// A made-up adapter of `device_type`, as wgpu would report it.
fn adapter(device_type: DeviceType) -> RenderAdapterInfo {
    RenderAdapterInfo(WgpuWrapper::new(AdapterInfo {
        name: format!("test {device_type:?}"),
        vendor: 0,
        device: 0,
        device_type,
        device_pci_bus_id: String::new(),
        driver: String::new(),
        driver_info: String::new(),
        backend: Backend::Vulkan,
        subgroup_min_size: 4,
        subgroup_max_size: 128,
        transient_saves_memory: false,
    }))
}

fn quality(app: &App) -> RenderQuality {
    *app.world().resource::<RenderQuality>()
}

/// Runs `seconds` of frames of `ms` milliseconds each.
fn frames(app: &mut App, ms: u64, seconds: u64) {
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(ms)));
    for _ in 0..(seconds * 1000).div_ceil(ms) {
        app.update();
    }
}

fn app_on(name: &str, device_type: DeviceType) -> App {
    let (store, _) = temp_store(name);
    let mut app = flow_app(store);
    app.insert_resource(adapter(device_type));
    app.update();
    app
}

#[test]
fn auto_picks_low_for_a_software_renderer() {
    let app = app_on("quality-cpu", DeviceType::Cpu);
    assert_eq!(app.world().resource::<Settings>().quality, GraphicsQuality::Auto);
    let q = quality(&app);
    assert_eq!((q.level, q.reason), (QualityLevel::Low, QualityReason::SoftwareRenderer));
    // A GPU keeps High.
    let app = app_on("quality-gpu", DeviceType::IntegratedGpu);
    assert_eq!((quality(&app).level, quality(&app).reason), (QualityLevel::High, QualityReason::Auto));
}

#[test]
fn auto_steps_down_on_slow_frames_and_never_back_up() {
    let mut app = app_on("quality-slow", DeviceType::DiscreteGpu);
    frames(&mut app, 16, 5);
    assert_eq!(quality(&app).level, QualityLevel::High, "60 fps stays High");
    // One slow second is a hitch, not a trend.
    frames(&mut app, 50, 1);
    frames(&mut app, 16, 3);
    assert_eq!(quality(&app).level, QualityLevel::High, "one slow second does not step down");
    // Frames just under the limit do not count as slow.
    frames(&mut app, 30, 5);
    assert_eq!(quality(&app).level, QualityLevel::High, "30 ms frames (33 fps) stay High");
    frames(&mut app, 50, 3);
    let q = quality(&app);
    assert_eq!((q.level, q.reason), (QualityLevel::Low, QualityReason::SlowFrames), "slow frames step down");
    // Low is faster: Auto stays at Low, with no flip back to High.
    let mut levels = Vec::new();
    for _ in 0..20 {
        frames(&mut app, 8, 1);
        levels.push(quality(&app).level);
    }
    assert!(levels.iter().all(|&l| l == QualityLevel::Low), "no oscillation: {levels:?}");
}

/// Bug: the watch restarted on any change to the window, which bevy_winit
/// makes on every cursor move, so a moving mouse kept Auto at High.
#[test]
fn auto_steps_down_while_the_cursor_moves() {
    let mut app = app_on("quality-cursor", DeviceType::DiscreteGpu);
    let window = app.world_mut().spawn(Window::default()).id();
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(50)));
    for i in 0..80 {
        let mut entity = app.world_mut().entity_mut(window);
        let mut w = entity.get_mut::<Window>().expect("window");
        w.set_cursor_position(Some(Vec2::new(100.0 + i as f32, 200.0)));
        app.update();
    }
    assert_eq!(quality(&app).level, QualityLevel::Low, "4 s of 50 ms frames with the mouse moving");
}

#[test]
fn a_window_resize_restarts_the_frame_watch() {
    let mut app = app_on("quality-resize", DeviceType::DiscreteGpu);
    let window = app.world_mut().spawn(Window::default()).id();
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(50)));
    // Slow frames, but the window is resized every 1.5 s: never two slow
    // seconds of one size.
    for i in 1..=120 {
        if i % 30 == 0 {
            app.world_mut().write_message(bevy::window::WindowResized {
                window,
                width: 800.0,
                height: 600.0,
            });
        }
        app.update();
    }
    assert_eq!(quality(&app).level, QualityLevel::High, "resizes restart the count");
    frames(&mut app, 50, 3);
    assert_eq!(quality(&app).level, QualityLevel::Low, "then two slow seconds of one size step down");
}

#[test]
fn a_chosen_quality_wins_over_auto_and_persists() {
    let (store, dir) = temp_store("quality-choice");
    let mut app = flow_app(store.clone());
    app.insert_resource(adapter(DeviceType::Cpu));
    press(&mut app, "settings");
    press(&mut app, "quality-high");
    app.update();
    let q = quality(&app);
    assert_eq!((q.level, q.reason), (QualityLevel::High, QualityReason::Chosen), "High even in software");
    // Chosen High never steps down, however slow the frames.
    frames(&mut app, 120, 4);
    assert_eq!(quality(&app).level, QualityLevel::High);
    let saved = std::fs::read_to_string(dir.join(arkes::settings::SETTINGS_FILE)).expect("settings saved");
    assert!(saved.contains("\"quality\": \"high\""), "{saved}");

    let mut again = flow_app(store);
    again.insert_resource(adapter(DeviceType::Cpu));
    again.update();
    assert_eq!(again.world().resource::<Settings>().quality, GraphicsQuality::High);
    assert_eq!(quality(&again).level, QualityLevel::High, "the choice is remembered");
    press(&mut again, "settings");
    press(&mut again, "quality-auto");
    again.update();
    assert_eq!(quality(&again).level, QualityLevel::Low, "back to Auto: Low in software");
}

#[test]
fn the_session_quality_overrides_the_settings() {
    let (store, _) = temp_store("quality-option");
    let mut app = crate::common::headless_app();
    app.insert_resource(store);
    app.insert_resource(adapter(DeviceType::DiscreteGpu));
    let options = arkes::GameOptions { quality: Some(GraphicsQuality::Low), ..arkes::GameOptions::default() };
    app.add_plugins((arkes::play::GameLogicPlugin { options }, arkes::FlowPlugin));
    app.update();
    app.update();
    assert_eq!((quality(&app).level, quality(&app).reason), (QualityLevel::Low, QualityReason::Session));
}

#[test]
fn the_frame_watch_needs_two_slow_seconds_running() {
    let mut watch = FrameWatch::default();
    // Slow spells of 1.2 s between fast ones of 2 s never step down: each
    // holds at most one second whose median frame is slow.
    for _ in 0..10 {
        assert!(!(0..30).any(|_| watch.record(40.0)));
        assert!(!(0..125).any(|_| watch.record(16.0)));
    }
    // A hitch over a second restarts the count.
    assert!(!(0..30).any(|_| watch.record(40.0)), "one slow second");
    assert!(!watch.record(1500.0));
    assert!(!(0..30).any(|_| watch.record(40.0)), "one slow second after the hitch");
    assert!(!watch.stepped_down());
    assert!((0..25).any(|_| watch.record(40.0)), "two slow seconds running step down");
    assert!(watch.stepped_down());
    watch.restart();
    assert!(watch.stepped_down(), "a restart keeps the step down");
    assert!(!(0..100).any(|_| watch.record(40.0)), "it steps down once");
}

#[test]
fn loading_waits_for_the_pipelines_to_settle() {
    use arkes::loading::{LoadingWatch, PipelineStatus, STABLE_FRAMES};
    let status = |ready, compiling, waiting| PipelineStatus { ready, compiling, waiting };
    let mut watch = LoadingWatch::default();
    // Nothing ready yet, or something compiling: never done.
    assert!(!(0..10).any(|_| watch.settled(status(0, 0, 0))));
    assert!(!(0..10).any(|_| watch.settled(status(12, 3, 0))));
    // A shader still loading: its pipeline waits, then is queued and ready.
    let mut waiting = LoadingWatch::default();
    assert!(!waiting.settled(status(20, 0, 2)));
    assert!(!waiting.settled(status(20, 0, 1)), "a waiting pipeline moved on: not settled");
    assert!(!waiting.settled(status(21, 0, 1)), "it is ready: not settled yet");
    // Pipelines that wait forever (WebGL2 lacks their features) do not hold
    // it back once the counts stay the same for STABLE_FRAMES frames more.
    let done: Vec<bool> = (0..STABLE_FRAMES).map(|_| waiting.settled(status(21, 0, 1))).collect();
    let expected: Vec<bool> = (1..=STABLE_FRAMES).map(|n| n == STABLE_FRAMES).collect();
    assert_eq!(done, expected);
    // A change starts the count again.
    assert!(!waiting.settled(status(22, 0, 1)));
}
