//! The victory on the golden cell: the winning marble rises in a golden light
//! (its rise is the logic's animation) while gold sparks burst from the cell.

use std::f32::consts::TAU;
use std::time::Duration;

use bevy::picking::Pickable;
use bevy::prelude::*;
use bevy_tweening::{AnimCompletedEvent, AnimTargetKind, EaseMethod, Tween, TweenAnim};

use crate::AppSystems;
use crate::game::{BoardGeometry, BoardReset, HopLens, Victory};
use crate::theme;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(celebrate).add_systems(Update, (clear_sparks, reset).in_set(AppSystems::View));
}

/// A spark of the victory burst; despawned when its flight ends.
#[derive(Component)]
struct Spark;

/// The golden light of a winning marble.
#[derive(Component)]
struct VictoryLight;

fn celebrate(
    add: On<Add, Victory>,
    mut commands: Commands,
    geometry: Option<Res<BoardGeometry>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let Some(g) = geometry else { return };
    commands.entity(add.entity).with_child((
        Name::new("victory light"),
        VictoryLight,
        PointLight { color: theme::GOLD, intensity: 400_000.0, range: 8.0, ..default() },
        Transform::from_xyz(0.0, 0.6, 0.0),
    ));
    let spark =
        meshes.add(Sphere::new(0.06).mesh().ico(2).unwrap_or_else(|_| Sphere::new(0.06).mesh().uv(8, 6)));
    let material = materials.add(StandardMaterial {
        base_color: theme::GOLD,
        emissive: LinearRgba::rgb(2.0, 1.3, 0.2),
        ..default()
    });
    let centre = g.cell_center(g.golden_cell()) + Vec3::Y * 0.3;
    for i in 0..28 {
        let angle = TAU * i as f32 / 28.0;
        let reach = 1.2 + 0.9 * ((i * 7 % 5) as f32 / 4.0);
        let end = centre + Vec3::new(angle.cos() * reach, -0.3, angle.sin() * reach);
        let height = 1.2 + 0.5 * ((i * 3 % 4) as f32 / 3.0);
        let delay = Duration::from_millis(300 + (i as u64 % 4) * 60);
        let flight = Tween::new(
            EaseMethod::EaseFunction(EaseFunction::QuadraticOut),
            Duration::from_millis(900),
            SparkLens { hop: HopLens { start: centre, end, height } },
        );
        commands.spawn((
            Name::new("spark"),
            Spark,
            Pickable::IGNORE,
            Mesh3d(spark.clone()),
            MeshMaterial3d(material.clone()),
            Transform::from_translation(centre).with_scale(Vec3::ZERO),
            // Invisible (scale 0) until its delay is over.
            TweenAnim::new(bevy_tweening::Delay::new(delay).then(flight)),
        ));
    }
}

/// A spark's flight: a hop outwards, shrinking as it lands.
#[derive(Clone, Copy)]
struct SparkLens {
    hop: HopLens,
}

impl bevy_tweening::Lens<Transform> for SparkLens {
    fn lerp(&mut self, mut target: Mut<Transform>, ratio: f32) {
        self.hop.lerp(target.reborrow(), ratio);
        target.scale = Vec3::splat(1.0 - 0.85 * ratio * ratio);
    }
}

fn clear_sparks(
    mut completed: MessageReader<AnimCompletedEvent>,
    sparks: Query<(), With<Spark>>,
    mut commands: Commands,
) {
    for event in completed.read() {
        if let AnimTargetKind::Component { entity } = event.target
            && sparks.contains(entity)
        {
            commands.entity(entity).despawn();
        }
    }
}

fn reset(
    mut resets: MessageReader<BoardReset>,
    mut commands: Commands,
    leftovers: Query<Entity, Or<(With<Spark>, With<VictoryLight>)>>,
) {
    if resets.read().count() > 0 {
        for entity in &leftovers {
            commands.entity(entity).despawn();
        }
    }
}
