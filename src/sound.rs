//! Sound effects: a move, a stack, a capture, a marble taken, an
//! elimination (ARKES); a piece eating, one leaving its duo, one settling on
//! its target row (Arcanor); a victory, the clock warning and UI clicks. The sounds were
//! made for this game with SoX (`tools/make-sounds.sh`) and are built into
//! the binary (the same way natively and on the web).

use std::sync::Arc;

use bevy::audio::{AudioPlayer, AudioSource, PlaybackSettings, Volume};
use bevy::platform::collections::HashMap;
use bevy::prelude::*;
use bevy::ui_widgets::Activate;
use bevy::window::PrimaryWindow;

use crate::app_state::AppSystems;
use crate::play::{Match, MoveApplied};
use crate::settings::Settings;
use games::{AnyOutcome, AnyReport};

/// The sounds and what plays them.
pub struct SoundPlugin;

impl Plugin for SoundPlugin {
    fn build(&self, app: &mut App) {
        app.init_resource::<ClockWarned>()
            .init_resource::<AudioUnlocked>()
            .add_systems(Startup, load_sounds)
            .add_observer(click_sound)
            .add_systems(Update, (unlock_audio, ply_sounds, clock_warning).in_set(AppSystems::View));
    }
}

/// A sound effect.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sfx {
    /// A token or marble steps.
    Move,
    /// A token is put on a token.
    Stack,
    /// A token is captured (R8).
    Capture,
    /// A marble is captured (R7).
    MarbleCapture,
    /// A seat is out (R12).
    Elimination,
    /// An Arcanor piece covers the piece it eats (A6, A7).
    Eat,
    /// An Arcanor piece leaves its duo, freeing the inner one (A5).
    Release,
    /// An Arcanor formation settles, frozen on its target row (A8).
    Settle,
    /// A win (R11, R14).
    Victory,
    /// The clock of the seat to move fell under ten seconds.
    ClockWarning,
    /// A button.
    Click,
}

impl Sfx {
    /// Every sound.
    pub const ALL: [Sfx; 11] = [
        Sfx::Move,
        Sfx::Stack,
        Sfx::Capture,
        Sfx::MarbleCapture,
        Sfx::Elimination,
        Sfx::Eat,
        Sfx::Release,
        Sfx::Settle,
        Sfx::Victory,
        Sfx::ClockWarning,
        Sfx::Click,
    ];

    /// The OGG Vorbis file.
    #[must_use]
    pub fn bytes(self) -> &'static [u8] {
        match self {
            Sfx::Move => include_bytes!("../assets/sounds/move.ogg"),
            Sfx::Stack => include_bytes!("../assets/sounds/stack.ogg"),
            Sfx::Capture => include_bytes!("../assets/sounds/capture.ogg"),
            Sfx::MarbleCapture => include_bytes!("../assets/sounds/marble-capture.ogg"),
            Sfx::Elimination => include_bytes!("../assets/sounds/elimination.ogg"),
            Sfx::Eat => include_bytes!("../assets/sounds/eat.ogg"),
            Sfx::Release => include_bytes!("../assets/sounds/release.ogg"),
            Sfx::Settle => include_bytes!("../assets/sounds/settle.ogg"),
            Sfx::Victory => include_bytes!("../assets/sounds/victory.ogg"),
            Sfx::ClockWarning => include_bytes!("../assets/sounds/clock-warning.ogg"),
            Sfx::Click => include_bytes!("../assets/sounds/click.ogg"),
        }
    }
}

/// The loaded sounds.
#[derive(Resource, Clone, Debug)]
pub struct Sounds(HashMap<Sfx, Handle<AudioSource>>);

fn load_sounds(mut commands: Commands, assets: Option<ResMut<Assets<AudioSource>>>) {
    let Some(mut assets) = assets else { return };
    let handles = Sfx::ALL
        .into_iter()
        .map(|sfx| (sfx, assets.add(AudioSource { bytes: Arc::from(sfx.bytes()) })))
        .collect();
    commands.insert_resource(Sounds(handles));
}

/// Browsers only let pages make sound after a first gesture: until then (on
/// the web) nothing is played.
#[derive(Resource, Clone, Copy, Debug)]
pub struct AudioUnlocked(pub bool);

impl Default for AudioUnlocked {
    fn default() -> AudioUnlocked {
        AudioUnlocked(!cfg!(target_arch = "wasm32"))
    }
}

fn unlock_audio(
    mut unlocked: ResMut<AudioUnlocked>,
    mouse: Option<Res<ButtonInput<MouseButton>>>,
    keys: Option<Res<ButtonInput<KeyCode>>>,
    touches: Option<Res<Touches>>,
) {
    if unlocked.0 {
        return;
    }
    let gesture = mouse.is_some_and(|m| m.get_just_pressed().next().is_some())
        || keys.is_some_and(|k| k.get_just_pressed().next().is_some())
        || touches.is_some_and(|t| t.any_just_pressed());
    if gesture {
        unlocked.0 = true;
    }
}

/// Plays `sfx` at the settings' volume, unless muted.
pub fn play(
    commands: &mut Commands,
    sounds: Option<&Sounds>,
    settings: &Settings,
    focused: bool,
    unlocked: bool,
    sfx: Sfx,
) {
    let Some(handle) = sounds.and_then(|s| s.0.get(&sfx)) else { return };
    if !unlocked || settings.volume <= 0.0 || (settings.mute_unfocused && !focused) {
        return;
    }
    commands.spawn((
        Name::new(format!("sound {sfx:?}")),
        sfx,
        AudioPlayer(handle.clone()),
        PlaybackSettings::DESPAWN.with_volume(Volume::Linear(settings.volume)),
    ));
}

fn window_focused(windows: &Query<&Window, With<PrimaryWindow>>) -> bool {
    windows.single().map_or(true, |w| w.focused)
}

/// The sounds of a ply: the move's, then an elimination, then a victory.
fn ply_sounds(
    mut applied: MessageReader<MoveApplied>,
    mut commands: Commands,
    sounds: Option<Res<Sounds>>,
    settings: Res<Settings>,
    unlocked: Res<AudioUnlocked>,
    windows: Query<&Window, With<PrimaryWindow>>,
) {
    let focused = window_focused(&windows);
    for MoveApplied { report } in applied.read() {
        for sfx in effects(report) {
            play(&mut commands, sounds.as_deref(), &settings, focused, unlocked.0, sfx);
        }
    }
}

/// The sounds of a ply, in order: the move's, then an elimination, a
/// settling, a victory.
#[must_use]
pub fn effects(report: &AnyReport) -> Vec<Sfx> {
    let mut effects = Vec::new();
    if let Some(action) = report.action {
        let captured = report.departures.iter().find(|d| d.by.is_some());
        effects.push(match (captured.map(|d| d.leader), report.eaten, report.freed) {
            // A piece that leads its seat (an ARKES marble, R7).
            (Some(true), _, _) => Sfx::MarbleCapture,
            (Some(_), _, _) => Sfx::Capture,
            (None, Some(_), _) => Sfx::Eat,
            (None, None, Some(_)) => Sfx::Release,
            // An ARKES token onto a single token (R5): a tower or a siege.
            _ if report.stacked && !action.capture => Sfx::Stack,
            _ => Sfx::Move,
        });
    }
    if !report.eliminated.is_empty() {
        effects.push(Sfx::Elimination);
    }
    if !report.froze.is_empty() {
        effects.push(Sfx::Settle);
    }
    if matches!(report.outcome, Some(AnyOutcome::Win { .. })) {
        effects.push(Sfx::Victory);
    }
    effects
}

/// The ply at which the clock warning last sounded.
#[derive(Resource, Default)]
struct ClockWarned(Option<usize>);

/// Warns once a turn when the clock of the seat to move falls under ten
/// seconds.
fn clock_warning(
    game: Option<Res<Match>>,
    mut warned: ResMut<ClockWarned>,
    mut commands: Commands,
    sounds: Option<Res<Sounds>>,
    settings: Res<Settings>,
    unlocked: Res<AudioUnlocked>,
    windows: Query<&Window, With<PrimaryWindow>>,
) {
    let Some(game) = game else { return };
    let g = game.game();
    let ply = g.ply_count();
    let low = g.outcome().is_none() && g.clock_ms(g.to_move()).is_some_and(|ms| ms < 10_000);
    if low && warned.0 != Some(ply) {
        warned.0 = Some(ply);
        play(
            &mut commands,
            sounds.as_deref(),
            &settings,
            window_focused(&windows),
            unlocked.0,
            Sfx::ClockWarning,
        );
    }
}

fn click_sound(
    _: On<Activate>,
    mut commands: Commands,
    sounds: Option<Res<Sounds>>,
    settings: Option<Res<Settings>>,
    unlocked: Res<AudioUnlocked>,
    windows: Query<&Window, With<PrimaryWindow>>,
) {
    if let Some(settings) = settings {
        play(&mut commands, sounds.as_deref(), &settings, window_focused(&windows), unlocked.0, Sfx::Click);
    }
}
