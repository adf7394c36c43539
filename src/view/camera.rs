//! The camera: it orbits the board (mouse drag, one-finger drag), zooms (wheel,
//! pinch), and by default turns smoothly to the side of the seat to move.
//! A drag marks the pointer gesture so that releasing it never picks.

use std::f32::consts::{FRAC_PI_2, PI, TAU};

use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll, MouseScrollUnit};
use bevy::input::touch::Touches;
use bevy::prelude::*;
use game_core::Seat;

use crate::GameOptions;
use crate::app_state::AppSystems;
use crate::app_state::Screen;
use crate::play::{BoardGeometry, BoardReset, CLICK_SLOP, Match, MoveApplied, PointerGesture, ToggleTopView};
use crate::settings::Settings;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<DragTravel>()
        .init_resource::<BoardInset>()
        .add_systems(Startup, spawn_camera)
        .add_systems(Update, (orbit_input, top_view_toggle).in_set(AppSystems::Input))
        .add_systems(Update, (follow_turn, apply_orbit).chain().in_set(AppSystems::View));
}

/// Lowest and highest camera elevation, in radians above the table.
const PITCH_RANGE: (f32, f32) = (0.35, FRAC_PI_2 - 0.02);

/// The orbiting camera's state. Angles in radians: `yaw` 0 looks from South's
/// side (+z), `PI` from North's; `pitch` is the elevation above the table.
#[derive(Component, Clone, Copy, Debug)]
pub struct OrbitCamera {
    /// Current angle around the board.
    pub yaw: f32,
    /// Current elevation.
    pub pitch: f32,
    /// Zoom factor on the fitted distance (1 = the whole board fits).
    pub zoom: f32,
    /// The angle the camera turns to.
    pub target_yaw: f32,
    /// Whether the camera is turning to a seat.
    pub settled: bool,
    /// Looking straight down at the board (the T key, the toolbar).
    pub top_view: bool,
    /// The elevation to return to when leaving the top view.
    pub pitch_before_top: f32,
    /// Going back from the top view to that elevation.
    pub returning: bool,
    /// How far the board is moved aside, 0 to 1 (1 on the title screen of
    /// a wide window, where the menu covers the left of the screen).
    pub aside: f32,
    /// How far the board is raised above a panel at the bottom: the
    /// fraction of the window's height the panel covers (0 to 0.7), eased
    /// towards [`BoardInset`].
    pub raised: f32,
}

/// The part of the window a panel covers at the bottom (the coach's review),
/// as a fraction of its height, 0 to 0.7: the board is framed in the rest.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct BoardInset {
    /// The covered fraction of the height, from the bottom edge.
    pub bottom: f32,
}

impl Default for OrbitCamera {
    fn default() -> OrbitCamera {
        OrbitCamera {
            yaw: 0.0,
            pitch: 0.95,
            zoom: 1.0,
            target_yaw: 0.0,
            settled: true,
            top_view: false,
            pitch_before_top: 0.95,
            returning: false,
            aside: 0.0,
            raised: 0.0,
        }
    }
}

/// T (or the toolbar button) switches the top view.
fn top_view_toggle(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    mut requests: MessageReader<ToggleTopView>,
    screen: Option<Res<State<Screen>>>,
    mut cameras: Query<&mut OrbitCamera>,
) {
    let key = keys.is_some_and(|k| k.just_pressed(KeyCode::KeyT))
        && screen.is_none_or(|s| *s.get() == Screen::Gameplay);
    if (requests.read().count() > 0 || key)
        && let Ok(mut orbit) = cameras.single_mut()
    {
        if !orbit.top_view && !orbit.returning {
            orbit.pitch_before_top = orbit.pitch;
        }
        orbit.top_view = !orbit.top_view;
        orbit.returning = !orbit.top_view;
    }
}

/// The camera angle that faces `seat`'s home edge.
#[must_use]
pub fn seat_yaw(seat: Seat) -> f32 {
    match seat {
        Seat::South => 0.0,
        Seat::West => -FRAC_PI_2,
        Seat::North => PI,
        Seat::East => FRAC_PI_2,
    }
}

/// How far the current press has travelled, in logical pixels.
#[derive(Resource, Default, Debug)]
struct DragTravel {
    mouse: f32,
    touch: f32,
    pinch: Option<f32>,
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn((
        Name::new("camera"),
        Camera3d::default(),
        Msaa::Sample4,
        // One hardware-filtered shadow tap per fragment instead of the
        // default Gaussian's many: the board fills the screen, and on phones
        // and software renderers shadow filtering dominated the frame.
        bevy::light::ShadowFilteringMethod::Hardware2x2,
        OrbitCamera::default(),
    ));
}

fn orbit_input(
    buttons: Option<Res<ButtonInput<MouseButton>>>,
    motion: Option<Res<AccumulatedMouseMotion>>,
    scroll: Option<Res<AccumulatedMouseScroll>>,
    touches: Option<Res<Touches>>,
    mut travel: ResMut<DragTravel>,
    mut gesture: ResMut<PointerGesture>,
    mut cameras: Query<&mut OrbitCamera>,
) {
    let Ok(mut orbit) = cameras.single_mut() else { return };
    let mut delta = Vec2::ZERO;
    if let (Some(buttons), Some(motion)) = (buttons, motion) {
        let orbit_buttons = [MouseButton::Left, MouseButton::Right];
        if buttons.any_just_pressed(orbit_buttons) {
            // Motion in the frame of the press happened before it (the
            // pointer arriving), so it does not count as dragging.
            travel.mouse = 0.0;
            gesture.dragged = false;
        } else if buttons.any_pressed(orbit_buttons) {
            travel.mouse += motion.delta.length();
            if travel.mouse > CLICK_SLOP {
                gesture.dragged = true;
                delta += motion.delta;
            }
        }
    }
    if let Some(touches) = touches {
        let active: Vec<_> = touches.iter().collect();
        if touches.any_just_pressed() && active.len() == 1 {
            travel.touch = 0.0;
            travel.pinch = None;
            gesture.dragged = false;
        }
        match active.as_slice() {
            [one] => {
                travel.touch = travel.touch.max(one.distance().length());
                if travel.touch > CLICK_SLOP {
                    gesture.dragged = true;
                    delta += one.delta();
                }
            }
            [a, b, ..] => {
                gesture.dragged = true;
                let span = a.position().distance(b.position());
                if let Some(previous) = travel.pinch.filter(|p| *p > 1.0) {
                    orbit.zoom = (orbit.zoom * previous / span.max(1.0)).clamp(0.45, 1.8);
                }
                travel.pinch = Some(span);
            }
            [] => travel.pinch = None,
        }
    }
    if delta != Vec2::ZERO {
        orbit.top_view = false;
        orbit.returning = false;
        orbit.yaw -= delta.x * 0.008;
        orbit.pitch = (orbit.pitch + delta.y * 0.006).clamp(PITCH_RANGE.0, PITCH_RANGE.1);
        orbit.target_yaw = orbit.yaw;
    }
    if let Some(scroll) = scroll
        && scroll.delta.y != 0.0
    {
        let steps = match scroll.unit {
            MouseScrollUnit::Line => scroll.delta.y,
            MouseScrollUnit::Pixel => scroll.delta.y / 40.0,
        };
        orbit.zoom = (orbit.zoom * (-steps * 0.1).exp()).clamp(0.45, 1.8);
    }
}

/// Turns the camera to the seat to move after each ply, when it is a person's
/// turn and auto-rotation is on.
fn follow_turn(
    mut applied: MessageReader<MoveApplied>,
    mut resets: MessageReader<BoardReset>,
    game: Option<Res<Match>>,
    options: Res<GameOptions>,
    settings: Option<Res<Settings>>,
    screen: Option<Res<State<Screen>>>,
    mut cameras: Query<&mut OrbitCamera>,
) {
    let entered = screen.as_ref().is_some_and(|s| s.is_changed() && *s.get() == Screen::Gameplay);
    let changed = applied.read().count() + resets.read().count() > 0 || entered;
    let (Some(game), Ok(mut orbit)) = (game, cameras.single_mut()) else { return };
    let auto = options.auto_rotate && settings.is_none_or(|s| s.auto_rotate);
    let playing = screen.is_none_or(|s| *s.get() == Screen::Gameplay);
    if !changed || !auto || !playing || game.outcome().is_some() {
        return;
    }
    let seat = game.to_move();
    if !game.is_human(seat) {
        return;
    }
    // The same angle, taken the short way round from where the camera is.
    let target = seat_yaw(seat);
    let turns = ((orbit.yaw - target) / TAU).round();
    orbit.target_yaw = target + turns * TAU;
    orbit.settled = false;
}

/// How far the title screen slides the board to the right when fully
/// aside, as a share of half the screen's width.
const ASIDE_SHIFT: f32 = 0.42;

/// Where the camera stands for `orbit`'s angles, zoom and sideways shift,
/// so that a board of half extents `half` (world units, frame included)
/// fits a view of vertical field of view `fov` (radians) and `aspect`
/// (width / height). With the board moved aside, the camera stands back
/// far enough for the board to fit in what is left of the width; raised,
/// it fits above the bottom `orbit.raised` of the height, centred there.
#[must_use]
pub fn placement(orbit: &OrbitCamera, half: Vec2, fov: f32, aspect: f32) -> Transform {
    // The board's half width across the view and half depth along it, for
    // this angle round the board (a rectangular board turns).
    let (sy, cy) = (orbit.yaw.sin().abs(), orbit.yaw.cos().abs());
    let across = half.x * cy + half.y * sy;
    let along = half.x * sy + half.y * cy;
    // Distance at which the board (with its frame) fits both ways, plus margin.
    let tan = (fov / 2.0).tan();
    // What is left of the width once the board is moved aside, less a
    // little for the perspective (the near corners look wider).
    let room = 1.0 - (ASIDE_SHIFT + 0.08) * orbit.aside.clamp(0.0, 1.0);
    let raised = orbit.raised.clamp(0.0, 0.7);
    let vertical = along * (0.45 + 0.55 * orbit.pitch.sin()) / (tan * (1.0 - raised));
    let horizontal = across / (tan * aspect.max(0.3) * room);
    let distance = vertical.max(horizontal) * 1.32 * orbit.zoom + 1.5;
    let (sy, cy) = orbit.yaw.sin_cos();
    let (sp, cp) = orbit.pitch.sin_cos();
    let eye = Vec3::new(sy * cp, sp, cy * cp) * distance;
    let look = Vec3::new(0.0, -0.4, 0.0);
    // From straight above, "up" on screen points away from the seat.
    let up = if orbit.pitch > 1.4 { Vec3::new(-sy, 0.0, -cy) } else { Vec3::Y };
    let mut placed = Transform::from_translation(eye).looking_at(look, up);
    if orbit.aside > 0.0 {
        // Sliding the camera left moves the board right, by ASIDE_SHIFT of
        // half the screen's width at the board's distance.
        let half_width = (eye - look).length() * tan * aspect;
        placed.translation -= placed.right() * (half_width * ASIDE_SHIFT * orbit.aside);
    }
    if raised > 0.0 {
        // Sliding the camera down moves the board up: its centre to the
        // middle of the height the panel leaves (`raised` in device units).
        let half_height = (eye - look).length() * tan;
        placed.translation -= placed.up() * (half_height * raised);
    }
    placed
}

/// Places the camera from its angles, fitting the board to the window.
fn apply_orbit(
    mut cameras: Query<(&mut OrbitCamera, &mut Transform, &Projection)>,
    geometry: Option<Res<BoardGeometry>>,
    screen: Option<Res<State<Screen>>>,
    inset: Res<BoardInset>,
    time: Res<Time>,
) {
    let Ok((mut orbit, mut transform, projection)) = cameras.single_mut() else { return };
    // The top view raises the camera over the board's centre, smoothly, and
    // leaving it brings the camera back down.
    if orbit.top_view || orbit.returning {
        let wanted = if orbit.top_view { PITCH_RANGE.1 } else { orbit.pitch_before_top };
        let kp = 1.0 - (-time.delta_secs() * 6.0).exp();
        orbit.pitch += (wanted - orbit.pitch) * kp;
        if orbit.returning && (orbit.pitch - wanted).abs() < 1e-3 {
            orbit.pitch = wanted;
            orbit.returning = false;
        }
    }
    // Behind the title and menus the board turns slowly.
    if screen.as_ref().is_some_and(|s| matches!(s.get(), Screen::Title | Screen::NewGame | Screen::Load)) {
        orbit.yaw += time.delta_secs() * 0.12;
        orbit.target_yaw = orbit.yaw;
    }
    // On the title screen of a wide window the board stands to the right
    // of the menu; it glides back to the centre for the game.
    let (fov, aspect) = match projection {
        Projection::Perspective(p) => (p.fov, p.aspect_ratio),
        _ => (PI / 4.0, 16.0 / 9.0),
    };
    let title = screen.as_ref().is_some_and(|s| *s.get() == Screen::Title);
    let aside = if title && aspect > 1.2 { 1.0 } else { 0.0 };
    let ka = 1.0 - (-time.delta_secs() * 4.0).exp();
    orbit.aside =
        if (orbit.aside - aside).abs() < 1e-3 { aside } else { orbit.aside + (aside - orbit.aside) * ka };
    let half = geometry.map_or(Vec2::splat(4.5), |g| g.half_extents()) + Vec2::splat(0.9);
    let k = 1.0 - (-time.delta_secs() * 5.0).exp();
    let gap = orbit.target_yaw - orbit.yaw;
    if gap.abs() > 1e-3 {
        orbit.yaw += gap * k;
    } else {
        orbit.yaw = orbit.target_yaw;
        orbit.settled = true;
    }
    let raised = inset.bottom.clamp(0.0, 0.7);
    orbit.raised = if (orbit.raised - raised).abs() < 1e-3 {
        raised
    } else {
        orbit.raised + (raised - orbit.raised) * ka
    };
    // Gliding aside, up or back is moving too (what is reported waits for it).
    if orbit.aside != aside || orbit.raised != raised {
        orbit.settled = false;
    }
    let placed = placement(&orbit, half, fov, aspect);
    // Only write when it moves, so what follows the camera can skip still frames.
    if *transform != placed {
        *transform = placed;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The board's corners (with frame, on the table and a piece's height
    /// above it) in normalized device coordinates seen from `placed`.
    fn corners_ndc(placed: Transform, half: Vec2, fov: f32, aspect: f32) -> Vec<Vec3> {
        let clip = Mat4::perspective_rh(fov, aspect, 0.1, 1000.0) * placed.to_matrix().inverse();
        let mut out = Vec::new();
        for (x, z) in [(-1.0, -1.0), (1.0, -1.0), (-1.0, 1.0), (1.0, 1.0)] {
            for y in [0.0, 0.6] {
                out.push(clip.project_point3(Vec3::new(x * half.x, y, z * half.y)));
            }
        }
        out
    }

    #[test]
    fn the_title_board_moved_aside_stays_on_screen() {
        let fov = PI / 4.0;
        // ARKES 9x9 and Arcanor 8x7, with the frame's margin.
        for half in [Vec2::splat(5.4), Vec2::new(4.9, 4.4)] {
            for aspect in [4.0 / 3.0, 16.0 / 10.0, 16.0 / 9.0, 21.0 / 9.0] {
                for yaw in [0.0, 0.4, FRAC_PI_2 / 2.0, 1.2] {
                    let orbit = OrbitCamera { yaw, target_yaw: yaw, aside: 1.0, ..OrbitCamera::default() };
                    let placed = placement(&orbit, half, fov, aspect);
                    let ndc = corners_ndc(placed, half, fov, aspect);
                    let (lo, hi) =
                        ndc.iter().fold((f32::MAX, f32::MIN), |(lo, hi), p| (lo.min(p.x), hi.max(p.x)));
                    assert!(hi < 1.0, "off the right edge at aspect {aspect}, yaw {yaw}: {hi}");
                    // Aside means right of the centre, clear of the menu.
                    assert!((lo + hi) / 2.0 > 0.25, "not aside at aspect {aspect}: {lo}..{hi}");
                    assert!(ndc.iter().all(|p| p.y.abs() < 1.0), "off the top or bottom at {aspect}");
                }
            }
        }
    }

    #[test]
    fn the_board_raised_over_a_panel_stays_above_it_and_whole() {
        let fov = PI / 4.0;
        for half in [Vec2::splat(5.4), Vec2::new(4.9, 4.4), Vec2::splat(3.4)] {
            for aspect in [0.6, 4.0 / 3.0, 16.0 / 9.0] {
                for raised in [0.3, 0.45, 0.6] {
                    let orbit = OrbitCamera { raised, ..OrbitCamera::default() };
                    let ndc = corners_ndc(placement(&orbit, half, fov, aspect), half, fov, aspect);
                    // The panel covers device y from -1 up to -1 + 2 * raised.
                    let floor = -1.0 + 2.0 * raised;
                    assert!(ndc.iter().all(|p| p.y > floor && p.y < 1.0), "{aspect} {raised}: {ndc:?}");
                    assert!(ndc.iter().all(|p| p.x.abs() < 1.0), "{aspect} {raised}: {ndc:?}");
                    // It uses the room: nearly the whole free height.
                    let (lo, hi) =
                        ndc.iter().fold((f32::MAX, f32::MIN), |(lo, hi), p| (lo.min(p.y), hi.max(p.y)));
                    let (x_lo, x_hi) =
                        ndc.iter().fold((f32::MAX, f32::MIN), |(lo, hi), p| (lo.min(p.x), hi.max(p.x)));
                    assert!(
                        hi - lo > 0.5 * (1.0 - floor) || x_hi - x_lo > 1.0,
                        "{aspect} {raised}: the board is small ({lo}..{hi}, {x_lo}..{x_hi})"
                    );
                }
            }
        }
    }

    #[test]
    fn the_board_in_play_is_centred_and_whole() {
        let fov = PI / 4.0;
        let half = Vec2::splat(5.4);
        for aspect in [0.5, 1.0, 16.0 / 9.0] {
            let placed = placement(&OrbitCamera::default(), half, fov, aspect);
            let ndc = corners_ndc(placed, half, fov, aspect);
            assert!(ndc.iter().all(|p| p.x.abs() < 1.0 && p.y.abs() < 1.0), "{aspect}: {ndc:?}");
            let (lo, hi) = ndc.iter().fold((f32::MAX, f32::MIN), |(lo, hi), p| (lo.min(p.x), hi.max(p.x)));
            assert!(((lo + hi) / 2.0).abs() < 0.05, "centred at {aspect}: {lo}..{hi}");
        }
    }
}
