//! Quick taps and clicks that would otherwise be lost.
//!
//! Bevy's touch pointer is created when a touch starts and removed when it
//! ends; when both arrive in the same frame (a quick tap on a slow device,
//! or a synthetic tap), the pointer never hovers anything and the tap
//! produces no click. One tap must always be enough (issue: the original
//! game needs two taps on iOS), so such a tap is replayed through a pointer
//! of our own over the next frames: move there, press, release. The replay
//! goes through `bevy_picking` like any other pointer, so the board, its
//! pieces and the UI buttons receive the same `Pointer<Click>`.
//!
//! The mouse loses clicks the same way on slow frames: `bevy_picking`
//! presses what the pointer hovers this frame and releases (and clicks)
//! what it hovered the frame before, so a press and release in one frame
//! just after the mouse moved onto a piece (a quick click at a few frames a
//! second) clicks nothing. A left press and release in the same frame that
//! produced no click becomes a click on what the mouse hovers, in that
//! frame.

use std::collections::VecDeque;
use std::time::Duration;

use bevy::asset::uuid::Uuid;
use bevy::camera::RenderTarget;
use bevy::input::ButtonState;
use bevy::input::mouse::MouseButtonInput;
use bevy::input::touch::{TouchInput, TouchPhase};
use bevy::picking::PickingSystems;
use bevy::picking::events::{Click, Pointer};
use bevy::picking::hover::HoverMap;
use bevy::picking::pointer::{
    Location, PointerAction, PointerButton, PointerId, PointerInput, PointerLocation,
};
use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use bevy::window::{PrimaryWindow, WindowRef};

use super::selection::CLICK_SLOP;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<TouchInput>()
        .add_message::<MouseButtonInput>()
        .add_message::<PointerInput>()
        .add_message::<Pointer<Click>>()
        .init_resource::<TapReplay>()
        .add_systems(
            PreUpdate,
            (find_lost_taps, find_lost_clicks, replay_taps).chain().after(PickingSystems::Last),
        );
}

/// The pointer that replays lost taps.
pub const TAP_POINTER: PointerId =
    PointerId::Custom(Uuid::from_u128(0x6172_6b65_735f_7461_705f_7265_706c_6179));

/// Taps waiting to be replayed, oldest first, and the stage of the first.
#[derive(Resource, Default, Debug)]
pub struct TapReplay {
    queue: VecDeque<Location>,
    stage: u8,
}

impl TapReplay {
    /// Whether a replay is waiting or under way.
    #[must_use]
    pub fn is_pending(&self) -> bool {
        !self.queue.is_empty()
    }
}

/// Finds taps that began and ended in the same frame without moving further
/// than a click may ([`CLICK_SLOP`], logical pixels).
fn find_lost_taps(
    mut touches: MessageReader<TouchInput>,
    primary: Query<Entity, With<PrimaryWindow>>,
    mut replay: ResMut<TapReplay>,
) {
    let mut started_now: HashMap<u64, Vec2> = HashMap::default();
    for touch in touches.read() {
        match touch.phase {
            TouchPhase::Started => {
                started_now.insert(touch.id, touch.position);
            }
            TouchPhase::Ended => {
                let Some(from) = started_now.remove(&touch.id) else { continue };
                let target =
                    RenderTarget::Window(WindowRef::Entity(touch.window)).normalize(primary.single().ok());
                if let Some(target) = target
                    && from.distance(touch.position) <= CLICK_SLOP
                {
                    replay.queue.push_back(Location { target, position: touch.position });
                }
            }
            TouchPhase::Moved | TouchPhase::Canceled => {}
        }
    }
}

/// Finds left clicks whose press and release came in the same frame and
/// that `bevy_picking` turned into no click (it presses what the mouse
/// hovers this frame, but releases over what it hovered a frame earlier),
/// and clicks what the mouse hovers now, in this same frame, so that a
/// later click can never overtake it.
fn find_lost_clicks(
    mut commands: Commands,
    mut buttons: MessageReader<MouseButtonInput>,
    mut clicks: MessageReader<Pointer<Click>>,
    pointers: Query<(&PointerId, &PointerLocation)>,
    hover: Option<Res<HoverMap>>,
) {
    let clicked =
        clicks.read().any(|c| c.pointer_id == PointerId::Mouse && c.button == PointerButton::Primary);
    let mut pressed = false;
    let mut lost = false;
    for input in buttons.read().filter(|b| b.button == MouseButton::Left) {
        match input.state {
            ButtonState::Pressed => pressed = true,
            ButtonState::Released => lost |= pressed,
        }
    }
    if !lost || clicked {
        return;
    }
    let mouse = pointers.iter().find(|(id, _)| **id == PointerId::Mouse);
    let (Some(location), Some(hover)) = (mouse.and_then(|(_, l)| l.location()), hover) else { return };
    for (entity, hit) in hover.get(&PointerId::Mouse).into_iter().flatten() {
        let click =
            Click { button: PointerButton::Primary, hit: hit.clone(), duration: Duration::ZERO, count: 1 };
        commands.trigger(Pointer::new(PointerId::Mouse, location.clone(), click, *entity));
    }
}

/// Replays the oldest lost tap over four frames: the pointer appears there
/// (so the picking backends see what is under it), presses, releases, and
/// goes away (so nothing stays hovered).
fn replay_taps(
    mut commands: Commands,
    mut replay: ResMut<TapReplay>,
    pointers: Query<(Entity, &PointerId)>,
    mut inputs: MessageWriter<PointerInput>,
) {
    let Some(location) = replay.queue.front().cloned() else { return };
    let action = match replay.stage {
        0 => {
            commands.spawn((TAP_POINTER, PointerLocation::new(location.clone())));
            PointerAction::Move { delta: Vec2::ZERO }
        }
        1 => PointerAction::Press(PointerButton::Primary),
        2 => PointerAction::Release(PointerButton::Primary),
        _ => {
            for (entity, _) in pointers.iter().filter(|(_, id)| **id == TAP_POINTER) {
                commands.entity(entity).despawn();
            }
            replay.queue.pop_front();
            replay.stage = 0;
            return;
        }
    };
    inputs.write(PointerInput::new(TAP_POINTER, location, action));
    replay.stage += 1;
}

#[cfg(test)]
mod tests {
    use super::*;

    fn app() -> App {
        let mut app = App::new();
        app.add_plugins(MinimalPlugins).add_plugins(plugin);
        let window = app.world_mut().spawn((Window::default(), PrimaryWindow)).id();
        app.insert_resource(WindowEntity(window));
        app.update();
        app
    }

    #[derive(Resource)]
    struct WindowEntity(Entity);

    fn touch(app: &mut App, phase: TouchPhase, position: Vec2) {
        let window = app.world().resource::<WindowEntity>().0;
        app.world_mut().write_message(TouchInput { phase, position, window, force: None, id: 7 });
    }

    /// The tap pointer's inputs over the next `frames` frames.
    fn replayed(app: &mut App, frames: usize) -> Vec<(String, Vec2)> {
        let mut seen = Vec::new();
        let mut cursor = app.world().resource::<Messages<PointerInput>>().get_cursor();
        for _ in 0..frames {
            app.update();
            let messages = app.world().resource::<Messages<PointerInput>>();
            seen.extend(
                cursor
                    .read(messages)
                    .filter(|i| i.pointer_id == TAP_POINTER)
                    .map(|i| (format!("{:?}", i.action), i.location.position)),
            );
        }
        seen
    }

    #[test]
    fn a_tap_within_one_frame_is_replayed_as_move_press_release() {
        let mut app = app();
        let at = Vec2::new(120.0, 340.0);
        touch(&mut app, TouchPhase::Started, at);
        touch(&mut app, TouchPhase::Ended, at + Vec2::new(2.0, 0.0));
        let inputs = replayed(&mut app, 5);
        let actions: Vec<&str> = inputs.iter().map(|(a, _)| a.as_str()).collect();
        assert_eq!(actions, ["Move { delta: Vec2(0.0, 0.0) }", "Press(Primary)", "Release(Primary)"]);
        assert!(inputs.iter().all(|(_, p)| *p == at + Vec2::new(2.0, 0.0)));
        assert!(!app.world().resource::<TapReplay>().is_pending());
        let mut pointers = app.world_mut().query::<&PointerId>();
        assert!(pointers.iter(app.world()).all(|p| *p != TAP_POINTER), "the tap pointer goes away");
    }

    /// The mouse pointer at `at`, as `bevy_picking` keeps it, hovering `entity`.
    fn mouse_over(app: &mut App, at: Vec2, entity: Entity) {
        let window = app.world().resource::<WindowEntity>().0;
        let target = RenderTarget::Window(WindowRef::Entity(window)).normalize(Some(window)).unwrap();
        app.world_mut().spawn((PointerId::Mouse, PointerLocation::new(Location { target, position: at })));
        let hit = bevy::picking::backend::HitData::new(Entity::PLACEHOLDER, 1.0, None, None);
        let mut hover = HoverMap::default();
        hover.insert(PointerId::Mouse, [(entity, hit)].into_iter().collect());
        app.insert_resource(hover);
    }

    fn mouse_button(app: &mut App, state: ButtonState) {
        let window = app.world().resource::<WindowEntity>().0;
        app.world_mut().write_message(MouseButtonInput { button: MouseButton::Left, state, window });
    }

    #[derive(Resource, Default)]
    struct Clicked(Vec<(Entity, Vec2)>);

    /// An entity that records the clicks it receives.
    fn clickable(app: &mut App) -> Entity {
        app.init_resource::<Clicked>();
        app.world_mut()
            .spawn_empty()
            .observe(|click: On<Pointer<Click>>, mut clicked: ResMut<Clicked>| {
                clicked.0.push((click.entity, click.pointer_location.position));
            })
            .id()
    }

    #[test]
    fn a_mouse_click_within_one_frame_that_clicked_nothing_clicks_what_the_mouse_hovers() {
        let mut app = app();
        let piece = clickable(&mut app);
        let at = Vec2::new(300.0, 200.0);
        mouse_over(&mut app, at, piece);
        mouse_button(&mut app, ButtonState::Pressed);
        mouse_button(&mut app, ButtonState::Released);
        app.update();
        assert_eq!(app.world().resource::<Clicked>().0, [(piece, at)], "clicked in the same frame");
        app.update();
        assert_eq!(app.world().resource::<Clicked>().0.len(), 1, "once");
    }

    #[test]
    fn a_mouse_click_that_clicked_or_spans_frames_is_not_clicked_again() {
        let mut app = app();
        let piece = clickable(&mut app);
        mouse_over(&mut app, Vec2::new(10.0, 20.0), piece);
        // Over two frames: bevy_picking handles it.
        mouse_button(&mut app, ButtonState::Pressed);
        app.update();
        mouse_button(&mut app, ButtonState::Released);
        app.update();
        assert!(app.world().resource::<Clicked>().0.is_empty());
        // In one frame, but the click reached something.
        mouse_button(&mut app, ButtonState::Pressed);
        mouse_button(&mut app, ButtonState::Released);
        let window = app.world().resource::<WindowEntity>().0;
        let target = RenderTarget::Window(WindowRef::Entity(window)).normalize(Some(window)).unwrap();
        let location = Location { target, position: Vec2::new(10.0, 20.0) };
        let hit = bevy::picking::backend::HitData::new(Entity::PLACEHOLDER, 0.0, None, None);
        app.world_mut().write_message(Pointer::new(
            PointerId::Mouse,
            location,
            Click { button: PointerButton::Primary, hit, duration: std::time::Duration::ZERO, count: 1 },
            Entity::PLACEHOLDER,
        ));
        app.update();
        assert!(app.world().resource::<Clicked>().0.is_empty(), "a click that arrived is not played twice");
    }

    #[test]
    fn a_tap_over_several_frames_or_a_drag_is_left_to_bevy() {
        let mut app = app();
        let at = Vec2::new(50.0, 60.0);
        touch(&mut app, TouchPhase::Started, at);
        app.update();
        touch(&mut app, TouchPhase::Ended, at);
        assert!(replayed(&mut app, 4).is_empty());
        touch(&mut app, TouchPhase::Started, at);
        touch(&mut app, TouchPhase::Ended, at + Vec2::new(40.0, 0.0));
        assert!(replayed(&mut app, 4).is_empty(), "a swipe is not a tap");
    }
}
