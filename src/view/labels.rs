//! Coordinates around the board (files a, b, c… along South's and North's
//! edges, ranks 1, 2, 3… along West's and East's), drawn as UI text kept on
//! their place of the board frame as the camera moves.

use bevy::prelude::*;
use game_core::Coord;

use super::camera::OrbitCamera;
use crate::app_state::AppSystems;
use crate::app_state::Screen;
use crate::play::BoardGeometry;
use crate::ui::Fonts;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (respawn_labels, place_labels).chain().in_set(AppSystems::View));
}

/// A coordinate label and the point of the board frame it stands on.
#[derive(Component, Clone, Copy, Debug)]
struct CoordLabel {
    anchor: Vec3,
}

fn respawn_labels(
    mut commands: Commands,
    geometry: Option<Res<BoardGeometry>>,
    fonts: Option<Res<Fonts>>,
    old: Query<Entity, With<CoordLabel>>,
) {
    let (Some(g), Some(fonts)) = (geometry, fonts) else { return };
    if !g.is_changed() {
        return;
    }
    for entity in &old {
        commands.entity(entity).despawn();
    }
    let edge = g.half_extents() + Vec2::splat(0.3);
    let mut labels = Vec::new();
    for i in 0..g.files() {
        let letter = ((b'a' + i) as char).to_string();
        let file_x = g.cell_center(Coord::new(i, 0)).x;
        labels.push((letter.clone(), Vec3::new(file_x, 0.0, edge.y)));
        labels.push((letter, Vec3::new(file_x, 0.0, -edge.y)));
    }
    for i in 0..g.ranks() {
        let number = (i + 1).to_string();
        let rank_z = g.cell_center(Coord::new(0, i)).z;
        labels.push((number.clone(), Vec3::new(-edge.x, 0.0, rank_z)));
        labels.push((number, Vec3::new(edge.x, 0.0, rank_z)));
    }
    for (text, anchor) in labels {
        commands.spawn((
            Name::new(format!("label {text}")),
            CoordLabel { anchor },
            Text::new(text),
            TextFont::from(fonts.bold.clone()).with_font_size(14.0),
            TextColor(Color::srgba(0.95, 0.88, 0.74, 0.9)),
            Node { position_type: PositionType::Absolute, ..default() },
            ZIndex(-1),
            Pickable::IGNORE,
            Visibility::Hidden,
        ));
    }
}

/// Moves the labels when the camera or the window has changed (laying out
/// text is not free, so still frames leave them alone).
fn place_labels(
    cameras: Query<(Ref<Camera>, &GlobalTransform, Ref<GlobalTransform>), With<OrbitCamera>>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    mut labels: Query<(&CoordLabel, &mut Node, &mut Visibility, Ref<ComputedNode>)>,
    screen: Option<Res<State<Screen>>>,
    ui_scale: Res<UiScale>,
) {
    let (Ok((camera, camera_transform, moved)), Ok(window)) = (cameras.single(), windows.single()) else {
        return;
    };
    // Coordinates are for playing; menus keep the board plain.
    let shown = screen.as_ref().is_none_or(|s| *s.get() == Screen::Gameplay);
    let screen_changed = screen.as_ref().is_some_and(|s| s.is_changed());
    let labels_changed = labels.iter().any(|(_, _, _, computed)| computed.is_changed());
    // A resize or a new scale factor changes the camera's viewport even when
    // the camera does not move (at Low, `view::render_scale` marks it so
    // when the image keeps its size).
    if !moved.is_changed()
        && !camera.is_changed()
        && !labels_changed
        && !screen_changed
        && !ui_scale.is_changed()
    {
        return;
    }
    for (label, mut node, mut visibility, computed) in &mut labels {
        if !shown {
            *visibility = Visibility::Hidden;
            continue;
        }
        match camera.world_to_viewport(camera_transform, label.anchor) {
            Ok(p) => {
                // `p` is in the camera's pixels, maybe of a smaller image
                // than the window (`RenderScale`); node offsets are in UI
                // pixels, which the `UiScale` multiplies.
                let p = super::render_scale::viewport_to_window(&camera, window, p) / ui_scale.0;
                let size = computed.size() * computed.inverse_scale_factor();
                node.left = px(p.x - size.x / 2.0);
                node.top = px(p.y - size.y / 2.0);
                *visibility = Visibility::Inherited;
            }
            Err(_) => *visibility = Visibility::Hidden,
        }
    }
}
