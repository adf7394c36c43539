//! A bare Bevy 3D scene built with the game's features and profile: the
//! baseline for the game's frame time and start-up measurements
//! (`cargo xtask bench-frames` runs it beside the game).
//!
//! - no option: one cube, one light, a camera (Bevy's fixed cost);
//! - `--same-coverage`: what the game draws at its 4-player start, as
//!   plainly as possible: the game's camera placement, light, shadow map,
//!   shadow filtering, ambient light and MSAA, one board-sized box and the
//!   32 pieces of the start (28 tokens, 4 marbles), each a single mesh and
//!   material (the game's token and marble meshes, so that the ratio
//!   measures the game's scene and not its triangulation); `--low` with it
//!   takes the Low quality's settings (no shadow maps, no MSAA, no tone
//!   mapping).
//!
//! `--exit-after-frames N` prints the median, 95th percentile and maximum
//! frame time (milliseconds, the first 30 frames not counted) as a JSON line
//! and exits. As in the game, frames are counted once the pipelines have
//! settled (the game's [`LoadingWatch`]): the frames before are cheaper
//! (nothing drawn yet) or far slower (compiling).

use bevy::core_pipeline::tonemapping::Tonemapping;
use bevy::light::{CascadeShadowConfigBuilder, DirectionalLightShadowMap, GlobalAmbientLight};
use bevy::prelude::*;
use bevy::render::{ExtractSchedule, RenderApp};

use arkes::loading::{LoadingWatch, PipelineStatus, report_pipelines};

/// Frame times since the pipelines settled, milliseconds (`None` before).
#[derive(Resource, Default)]
struct Frames(Option<Vec<f32>>);

/// Which scene, from the command line.
#[derive(Resource, Clone, Copy)]
struct Scene {
    same_coverage: bool,
    low: bool,
}

fn main() -> AppExit {
    let args: Vec<String> = std::env::args().collect();
    let limit: Option<u32> =
        args.iter().skip_while(|a| *a != "--exit-after-frames").nth(1).and_then(|n| n.parse().ok());
    let scene = Scene {
        same_coverage: args.iter().any(|a| a == "--same-coverage"),
        low: args.iter().any(|a| a == "--low"),
    };
    let mut app = App::new();
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window {
            title: "bare scene".into(),
            resolution: (1280, 720).into(),
            ..default()
        }),
        ..default()
    }))
    .insert_resource(scene)
    .init_resource::<Frames>()
    .init_resource::<PipelineStatus>()
    .add_systems(
        Startup,
        (cube.run_if(move || !scene.same_coverage), same_coverage.run_if(move || scene.same_coverage)),
    )
    .add_systems(
        Update,
        move |time: Res<Time<Real>>,
              status: Res<PipelineStatus>,
              mut watch: Local<LoadingWatch>,
              mut frames: ResMut<Frames>,
              mut exit: MessageWriter<AppExit>| {
            let Some(log) = frames.0.as_mut() else {
                if watch.settled(*status) {
                    frames.0 = Some(Vec::new());
                }
                return;
            };
            log.push(time.delta_secs() * 1000.0);
            if limit.is_some_and(|n| log.len() >= n as usize) {
                let mut v: Vec<f32> = log.iter().skip(30).copied().collect();
                v.sort_by(f32::total_cmp);
                if !v.is_empty() {
                    println!(
                        "{{\"event\":\"frames\",\"count\":{},\"median_ms\":{},\"p95_ms\":{},\"max_ms\":{}}}",
                        v.len(),
                        v[v.len() / 2],
                        v[(v.len() * 95 / 100).min(v.len() - 1)],
                        v[v.len() - 1]
                    );
                }
                exit.write(AppExit::Success);
            }
        },
    );
    if std::env::var_os("ARKES_PASS_TIMES").is_some() {
        app.add_plugins((
            bevy::render::diagnostic::RenderDiagnosticsPlugin,
            bevy::diagnostic::LogDiagnosticsPlugin::default(),
        ));
    }
    if let Some(render_app) = app.get_sub_app_mut(RenderApp) {
        render_app.add_systems(ExtractSchedule, report_pipelines);
    }
    app.run()
}

fn cube(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    commands.spawn((
        Mesh3d(meshes.add(Cuboid::new(1.0, 1.0, 1.0))),
        MeshMaterial3d(materials.add(Color::srgb(0.8, 0.6, 0.4))),
    ));
    commands.spawn((
        DirectionalLight { shadow_maps_enabled: true, ..default() },
        Transform::from_xyz(3.0, 8.0, 5.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    commands.spawn((Camera3d::default(), Transform::from_xyz(0.0, 3.0, 6.0).looking_at(Vec3::ZERO, Vec3::Y)));
}

/// The 4-player start of a 9×9 board, as plainly as possible (see the
/// crate's documentation). Cells: file 0–8 → x −4…4, rank 0–8 → z 4…−4.
fn same_coverage(
    mut commands: Commands,
    scene: Res<Scene>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    commands.insert_resource(ClearColor(Color::srgb(0.13, 0.16, 0.16)));
    commands.insert_resource(GlobalAmbientLight { brightness: 140.0, ..default() });
    commands.insert_resource(DirectionalLightShadowMap { size: 2048 });
    commands.spawn((
        Mesh3d(meshes.add(Cuboid::new(10.2, 0.3, 10.2))),
        MeshMaterial3d(materials.add(StandardMaterial {
            base_color: Color::srgb(0.8, 0.6, 0.4),
            perceptual_roughness: 0.62,
            ..default()
        })),
        Transform::from_xyz(0.0, -0.15, 0.0),
    ));
    // The game's own piece meshes (`arkes::view::shapes`): Bevy's cylinder
    // and UV sphere fill their tops with fans of slivers, which cost a
    // software renderer more than the pieces' pixels.
    let token = meshes.add(arkes::view::shapes::cylinder(0.37, 0.18, 32, true));
    let token_material = materials.add(StandardMaterial {
        base_color: Color::srgb(0.85, 0.15, 0.12),
        perceptual_roughness: 0.5,
        ..default()
    });
    let marble = meshes.add(Sphere::new(0.28).mesh().ico(3).expect("3 subdivisions are few enough"));
    let marble_material = materials.add(StandardMaterial {
        base_color: Color::srgb(0.2, 0.3, 0.9),
        perceptual_roughness: 0.08,
        ..default()
    });
    let at = |file: i32, rank: i32, y: f32| Transform::from_xyz(file as f32 - 4.0, y, 4.0 - rank as f32);
    for i in 1..8 {
        for (file, rank) in [(i, 0), (i, 8), (0, i), (8, i)] {
            commands.spawn((
                Mesh3d(token.clone()),
                MeshMaterial3d(token_material.clone()),
                at(file, rank, 0.09),
            ));
        }
    }
    for (file, rank) in [(4, 0), (4, 8), (0, 4), (8, 4)] {
        commands.spawn((
            Mesh3d(marble.clone()),
            MeshMaterial3d(marble_material.clone()),
            at(file, rank, 0.43),
        ));
    }
    commands.spawn((
        DirectionalLight { illuminance: 5_500.0, shadow_maps_enabled: !scene.low, ..default() },
        CascadeShadowConfigBuilder { num_cascades: 1, maximum_distance: 30.0, ..default() }.build(),
        Transform::from_xyz(-5.0, 9.0, 4.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    // The game's camera at the start: from South's side, 0.95 rad above the
    // table, at the distance that fits a 9×9 board in a 16:9 window.
    let (pitch, distance) = (0.95_f32, 16.94);
    let eye = Vec3::new(0.0, pitch.sin(), pitch.cos()) * distance;
    let camera = commands
        .spawn((
            Camera3d::default(),
            bevy::light::ShadowFilteringMethod::Hardware2x2,
            Transform::from_translation(eye).looking_at(Vec3::new(0.0, -0.4, 0.0), Vec3::Y),
        ))
        .id();
    if scene.low {
        commands.entity(camera).insert((Msaa::Off, Tonemapping::None));
    } else {
        commands.entity(camera).insert(Msaa::Sample4);
    }
}
