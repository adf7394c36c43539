//! Buttons that set a value of the [`Settings`] (new-game choices and the
//! settings screen): each carries a [`Choice`]; activating it applies the
//! choice, and the buttons showing the current values are marked
//! [`Selected`].

use bevy::prelude::*;
use bevy::ui_widgets::Activate;

use crate::app_state::AppSystems;
use crate::options::PlayerKind;
use crate::settings::{AnimationSpeed, ClockChoice, GraphicsQuality, HintsAllowed, Palette, Settings};
use crate::ui::Selected;

pub(super) fn plugin(app: &mut App) {
    app.add_observer(apply_choice).add_systems(Update, mark_selected.in_set(AppSystems::View));
}

/// A value a button sets.
#[derive(Component, Clone, Debug, PartialEq)]
pub enum Choice {
    /// Number of players of a new game.
    Players(usize),
    /// Board side of a new game.
    Side(u8),
    /// Who plays the `n`-th seat in play of a new game.
    SeatPlayer(usize, PlayerKind),
    /// Change the round limit by this many rounds.
    RoundsBy(i32),
    /// The limit of rounds without capture.
    CaptureLimit(Option<u32>),
    /// The clock of a new game.
    Clock(Option<ClockChoice>),
    /// Interface language (`None`: the system's).
    Language(Option<String>),
    /// Animation speed.
    Animation(AnimationSpeed),
    /// Show the legal destinations.
    ShowLegalMoves(bool),
    /// Turn the camera to the player to move.
    AutoRotate(bool),
    /// Change the volume by this many percent.
    VolumeBy(i32),
    /// Mute when the window loses the focus.
    MuteUnfocused(bool),
    /// Seat colours.
    Palette(Palette),
    /// Arcanor's memory mode (what duos hold is not shown).
    MemoryMode(bool),
    /// Graphics quality.
    Quality(GraphicsQuality),
    /// When the coach's hints may be asked for.
    Hints(HintsAllowed),
}

impl Choice {
    /// Applies the choice to the settings.
    pub fn apply(&self, settings: &mut Settings) {
        let game = &mut settings.new_game;
        match self {
            Choice::Players(n) => game.players = *n,
            Choice::Side(s) => game.side = *s,
            Choice::SeatPlayer(i, kind) => {
                if let Some(seat) = game.seats.get_mut(*i) {
                    seat.player = *kind;
                }
            }
            Choice::RoundsBy(d) => {
                let (low, high) = (*crate::settings::ROUNDS.start(), *crate::settings::ROUNDS.end());
                game.rounds =
                    (i64::from(game.rounds) + i64::from(*d)).clamp(i64::from(low), i64::from(high)) as u32;
            }
            Choice::CaptureLimit(k) => game.rounds_without_capture = *k,
            Choice::Clock(c) => game.clock = *c,
            Choice::Language(code) => settings.language.clone_from(code),
            Choice::Animation(speed) => settings.animation_speed = *speed,
            Choice::ShowLegalMoves(on) => settings.show_legal_moves = *on,
            Choice::AutoRotate(on) => settings.auto_rotate = *on,
            Choice::VolumeBy(d) => {
                settings.volume = ((settings.volume * 100.0).round() + *d as f32).clamp(0.0, 100.0) / 100.0
            }
            Choice::MuteUnfocused(on) => settings.mute_unfocused = *on,
            Choice::Palette(p) => settings.palette = *p,
            Choice::MemoryMode(on) => settings.memory_mode = *on,
            Choice::Quality(q) => settings.quality = *q,
            Choice::Hints(h) => settings.hints = *h,
        }
    }

    /// Whether the choice is the current value (steps never are).
    #[must_use]
    pub fn is_current(&self, settings: &Settings) -> bool {
        let game = &settings.new_game;
        match self {
            Choice::Players(n) => game.players == *n,
            Choice::Side(s) => game.side == *s,
            Choice::SeatPlayer(i, kind) => game.seats.get(*i).is_some_and(|s| s.player == *kind),
            Choice::RoundsBy(_) | Choice::VolumeBy(_) => false,
            Choice::CaptureLimit(k) => game.rounds_without_capture == *k,
            Choice::Clock(c) => game.clock == *c,
            Choice::Language(code) => settings.language == *code,
            Choice::Animation(speed) => settings.animation_speed == *speed,
            Choice::ShowLegalMoves(on) => settings.show_legal_moves == *on,
            Choice::AutoRotate(on) => settings.auto_rotate == *on,
            Choice::MuteUnfocused(on) => settings.mute_unfocused == *on,
            Choice::Palette(p) => settings.palette == *p,
            Choice::MemoryMode(on) => settings.memory_mode == *on,
            Choice::Quality(q) => settings.quality == *q,
            Choice::Hints(h) => settings.hints == *h,
        }
    }
}

fn apply_choice(activate: On<Activate>, choices: Query<&Choice>, mut settings: ResMut<Settings>) {
    if let Ok(choice) = choices.get(activate.entity) {
        choice.apply(&mut settings);
    }
}

fn mark_selected(
    settings: Res<Settings>,
    mut commands: Commands,
    choices: Query<(Entity, &Choice, Has<Selected>)>,
    added: Query<(), Added<Choice>>,
) {
    if !settings.is_changed() && added.is_empty() {
        return;
    }
    for (entity, choice, selected) in &choices {
        match (choice.is_current(&settings), selected) {
            (true, false) => {
                commands.entity(entity).insert(Selected);
            }
            (false, true) => {
                commands.entity(entity).remove::<Selected>();
            }
            _ => {}
        }
    }
}

/// A button that sets `choice`.
pub fn choice_button(id: &str, label: crate::i18n::Tr, choice: Choice) -> impl Bundle {
    (crate::ui::padded_button(id, label, 18.0, 0.25, |_: On<Activate>| {}), choice)
}
