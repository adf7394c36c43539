//! Victories: on ARKES's golden cell the winning marble rises in a golden
//! light (its rise is the logic's animation) while gold sparks burst from
//! the cell; an Arcanor win by 12 points sends sparks up all along the
//! winner's target row.

use std::f32::consts::TAU;
use std::time::Duration;

use bevy::picking::Pickable;
use bevy::prelude::*;
use bevy_tweening::{AnimCompletedEvent, AnimTargetKind, EaseMethod, Tween, TweenAnim};

use crate::app_state::AppSystems;
use crate::play::{BoardGeometry, BoardReset, HopLens, Match, MoveApplied, Victory};
use crate::theme::{self, SeatColours};
use games::{AnyOutcome, CellMark};

pub(super) fn plugin(app: &mut App) {
    app.add_observer(celebrate)
        .add_systems(Update, (celebrate_points, clear_sparks, reset).in_set(AppSystems::View));
}

/// Sparks up and out from `centre`, `count` of them, in `material`.
fn burst(
    commands: &mut Commands,
    mesh: &Handle<Mesh>,
    material: &Handle<StandardMaterial>,
    centre: Vec3,
    count: usize,
    reach: f32,
    delay_ms: u64,
) {
    for i in 0..count {
        let angle = TAU * i as f32 / count as f32;
        let out = reach * (0.6 + 0.4 * ((i * 7 % 5) as f32 / 4.0));
        let end = centre + Vec3::new(angle.cos() * out, -0.3, angle.sin() * out);
        let height = 1.0 + 0.5 * ((i * 3 % 4) as f32 / 3.0);
        let delay = Duration::from_millis(delay_ms + (i as u64 % 4) * 60);
        let flight = Tween::new(
            EaseMethod::EaseFunction(EaseFunction::QuadraticOut),
            Duration::from_millis(900),
            SparkLens { hop: HopLens { start: centre, end, height } },
        );
        commands.spawn((
            Name::new("spark"),
            Spark,
            Pickable::IGNORE,
            Mesh3d(mesh.clone()),
            MeshMaterial3d(material.clone()),
            Transform::from_translation(centre).with_scale(Vec3::ZERO),
            // Invisible (scale 0) until its delay is over.
            TweenAnim::new(bevy_tweening::Delay::new(delay).then(flight)),
        ));
    }
}

/// An Arcanor win by 12 points (A10): sparks in the winner's colour and gold
/// rise along its target row, cell after cell.
fn celebrate_points(
    mut applied: MessageReader<MoveApplied>,
    mut commands: Commands,
    geometry: Option<Res<BoardGeometry>>,
    game: Option<Res<Match>>,
    colours: Res<SeatColours>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let (Some(g), Some(game)) = (geometry, game) else {
        applied.clear();
        return;
    };
    for report in applied.read().map(|a| &a.report) {
        // A win on the winner's target row (Arcanor's points, A10); a win
        // on a goal cell is celebrated where the piece lands (`celebrate`).
        let Some(AnyOutcome::Win { seat, reason }) = report.outcome else { continue };
        let row = game.displayed().cells_marked(CellMark::Target(seat));
        if reason.on_goal || row.is_empty() {
            continue;
        }
        let mesh = meshes.add(Sphere::new(0.05).mesh().uv(8, 6));
        let gold = materials.add(StandardMaterial {
            base_color: theme::GOLD,
            emissive: LinearRgba::rgb(2.0, 1.3, 0.2),
            ..default()
        });
        let c = colours.of(seat).to_linear();
        let own = materials.add(StandardMaterial {
            base_color: colours.of(seat),
            emissive: LinearRgba::rgb(c.red * 2.5, c.green * 2.5, c.blue * 2.5),
            ..default()
        });
        for cell in row {
            let centre = g.cell_center(cell) + Vec3::Y * 0.6;
            let material = if cell.file() % 2 == 0 { &gold } else { &own };
            burst(&mut commands, &mesh, material, centre, 10, 0.8, 250 + 90 * u64::from(cell.file()));
        }
    }
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
    game: Option<Res<Match>>,
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
    let goal = game.as_deref().and_then(|m| m.displayed().cells_marked(CellMark::Goal).first().copied());
    let Some(gold) = goal else { return };
    let centre = g.cell_center(gold) + Vec3::Y * 0.3;
    burst(&mut commands, &spark, &material, centre, 28, 2.1, 300);
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
