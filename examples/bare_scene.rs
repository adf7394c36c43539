//! A bare Bevy 3D scene (one cube, one light, a camera) built with the game's
//! features and profile: the baseline for the game's frame time and start-up
//! measurements. `--exit-after-frames N` prints the median frame time.

use bevy::diagnostic::FrameCount;
use bevy::prelude::*;

#[derive(Resource, Default)]
struct Frames(Vec<f32>);

fn main() -> AppExit {
    let limit: Option<u32> =
        std::env::args().skip_while(|a| a != "--exit-after-frames").nth(1).and_then(|n| n.parse().ok());
    App::new()
        .add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                title: "bare scene".into(),
                resolution: (1280, 720).into(),
                ..default()
            }),
            ..default()
        }))
        .init_resource::<Frames>()
        .add_systems(Startup, setup)
        .add_systems(
            Update,
            move |time: Res<Time<Real>>,
                  frames: Res<FrameCount>,
                  mut log: ResMut<Frames>,
                  mut exit: MessageWriter<AppExit>| {
                log.0.push(time.delta_secs() * 1000.0);
                if limit.is_some_and(|n| frames.0 >= n) {
                    let mut v: Vec<f32> = log.0.iter().skip(30).copied().collect();
                    v.sort_by(f32::total_cmp);
                    if !v.is_empty() {
                        println!(
                            "{{\"event\":\"frames\",\"count\":{},\"median_ms\":{}}}",
                            v.len(),
                            v[v.len() / 2]
                        );
                    }
                    exit.write(AppExit::Success);
                }
            },
        )
        .run()
}

fn setup(
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
