//! The player's settings and last new-game choices, kept in `settings.json`
//! of the [`Store`] and saved whenever they change.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::GameOptions;
use crate::i18n::Locale;
pub use crate::options::GraphicsQuality;
use crate::options::PlayerKind;
use crate::storage::Store;
use crate::theme::SeatColours;
use games::GameKind;

/// Animation speed, from the settings: 1 is normal, 2 twice as fast, 0
/// turns animations off. A resource read by the board's animations
/// (`play::animation`).
#[derive(Resource, Clone, Copy, Debug, PartialEq)]
pub struct AnimationSettings {
    /// Multiplier of the animation speed; 0 for no animation.
    pub speed: f32,
}

impl Default for AnimationSettings {
    fn default() -> AnimationSettings {
        AnimationSettings { speed: 1.0 }
    }
}

impl AnimationSettings {
    /// `ms` milliseconds at this speed, `None` when animations are off.
    #[must_use]
    pub fn duration(self, ms: u64) -> Option<std::time::Duration> {
        (self.speed > 0.0).then(|| std::time::Duration::from_secs_f32(ms as f32 / 1000.0 / self.speed))
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<SeatColours>()
        .add_systems(PreStartup, load_settings)
        .add_systems(
            Update,
            apply_settings.run_if(resource_changed::<Settings>).in_set(crate::app_state::AppSystems::Apply),
        )
        .add_systems(PostUpdate, save_settings.run_if(resource_changed::<Settings>));
}

/// When the coach's hints may be asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum HintsAllowed {
    /// In every game.
    Always,
    /// In games without clocks (a timed game is a contest).
    #[default]
    WithoutClocks,
    /// Never.
    Never,
}

/// File name of the settings in the store.
pub const SETTINGS_FILE: &str = "settings.json";

/// How fast pieces move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum AnimationSpeed {
    /// No animation: pieces jump to their cell.
    Off,
    /// The designed speed (a move ≈ 320 ms).
    #[default]
    Normal,
    /// Twice as fast.
    Fast,
}

impl AnimationSpeed {
    /// The speed factor for the animation plugin (0 = off).
    #[must_use]
    pub fn factor(self) -> f32 {
        match self {
            AnimationSpeed::Off => 0.0,
            AnimationSpeed::Normal => 1.0,
            AnimationSpeed::Fast => 2.0,
        }
    }
}

/// Seat colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Palette {
    /// Red, green, blue and gold-free yellow-brown: the board-game look.
    #[default]
    Classic,
    /// Okabe–Ito colours, distinct for the common colour blindnesses.
    ColourBlindSafe,
}

/// A clock for each player: `minutes` to start with, `increment` seconds per move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockChoice {
    /// Minutes each player starts with.
    pub minutes: u32,
    /// Seconds added after each move.
    pub increment: u32,
}

/// One seat in the new-game set-up.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(default)]
pub struct SeatChoice {
    /// The name typed for it (empty: the seat's name).
    pub name: String,
    /// Who plays it.
    pub player: PlayerKind,
}

/// The last choices of the new-game screen.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct NewGameChoices {
    /// The game.
    pub game: GameKind,
    /// ARKES: 2, 3 or 4 (Arcanor is for 2).
    pub players: usize,
    /// 5, 7, 9 or 11.
    pub side: u8,
    /// Up to four seats, in turn order of the seats in play.
    pub seats: Vec<SeatChoice>,
    /// The round limit (R15).
    pub rounds: u32,
    /// The limit of rounds without a capture, if any (R15).
    pub rounds_without_capture: Option<u32>,
    /// The clock, if any (R15).
    pub clock: Option<ClockChoice>,
}

impl Default for NewGameChoices {
    fn default() -> NewGameChoices {
        NewGameChoices {
            game: GameKind::default(),
            players: 2,
            side: 9,
            seats: vec![SeatChoice::default(); 4],
            rounds: 100,
            rounds_without_capture: None,
            clock: None,
        }
    }
}

/// Everything the player can set, persisted.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Language code, `None` to follow the system or browser.
    pub language: Option<String>,
    /// Speed of the piece animations.
    pub animation_speed: AnimationSpeed,
    /// Light up the legal destinations of a selected piece.
    pub show_legal_moves: bool,
    /// Turn the camera to the seat to move.
    pub auto_rotate: bool,
    /// Sound volume, 0 to 1.
    pub volume: f32,
    /// Mute the sound when the window is not focused.
    pub mute_unfocused: bool,
    /// Seat colours.
    pub palette: Palette,
    /// Arcanor's memory mode: what is inside a duo is not shown, as on the
    /// physical board (A4).
    pub memory_mode: bool,
    /// Graphics quality.
    pub quality: GraphicsQuality,
    /// When the coach's hints may be asked for (not in games with clocks,
    /// by default).
    pub hints: HintsAllowed,
    /// The last new-game choices.
    pub new_game: NewGameChoices,
}

impl Default for Settings {
    fn default() -> Settings {
        Settings {
            language: None,
            animation_speed: AnimationSpeed::Normal,
            show_legal_moves: true,
            auto_rotate: true,
            volume: 0.7,
            mute_unfocused: true,
            palette: Palette::Classic,
            memory_mode: false,
            quality: GraphicsQuality::Auto,
            hints: HintsAllowed::WithoutClocks,
            new_game: NewGameChoices::default(),
        }
    }
}

/// The round limits the new-game menu offers (R15, A12): 10 to 999.
pub const ROUNDS: std::ops::RangeInclusive<u32> = 10..=999;

/// The board sides ARKES allows (R1).
pub const SIDES: [u8; 4] = [5, 7, 9, 11];

/// The longest name kept for a seat, in characters (as in saves).
pub const MAX_NAME: usize = 40;

impl Settings {
    /// The settings in `text` (the settings file), every value brought
    /// within what the menus can set ([`Settings::clamped`]).
    ///
    /// # Errors
    /// The text is not JSON shaped like the settings.
    pub fn from_json(text: &str) -> Result<Settings, serde_json::Error> {
        serde_json::from_str::<Settings>(text).map(Settings::clamped)
    }

    /// These settings with every value within what the menus can set: the
    /// volume 0 to 1, a language code of at most 35 letters, digits, `-`
    /// and `_`; ARKES's 2 to 4 players (Arcanor always 2) on sides 5 to 11
    /// (R1, R2); four seats with names of at most [`MAX_NAME`] characters;
    /// rounds within [`ROUNDS`], a capture limit of 1 to 999 rounds, a
    /// clock of 1 to 180 minutes plus 0 to 180 seconds a move (R15, A12).
    /// A file edited by hand (or damaged) cannot then overflow a "+" or
    /// start a game the rules refuse.
    #[must_use]
    pub fn clamped(mut self) -> Settings {
        self.volume =
            if self.volume.is_nan() { Settings::default().volume } else { self.volume.clamp(0.0, 1.0) };
        let language_ok = |code: &String| {
            (1..=35).contains(&code.len())
                && code.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        };
        self.language = self.language.filter(language_ok);
        let game = &mut self.new_game;
        game.players = game.players.clamp(2, 4);
        if !SIDES.contains(&game.side) {
            game.side = NewGameChoices::default().side;
        }
        game.seats.resize(4, SeatChoice::default());
        for seat in &mut game.seats {
            seat.name = seat.name.trim().chars().take(MAX_NAME).collect::<String>().trim().to_owned();
        }
        game.rounds = game.rounds.clamp(*ROUNDS.start(), *ROUNDS.end());
        game.rounds_without_capture = game.rounds_without_capture.map(|k| k.clamp(1, 999));
        game.clock = game
            .clock
            .map(|c| ClockChoice { minutes: c.minutes.clamp(1, 180), increment: c.increment.min(180) });
        self
    }
}

fn load_settings(mut commands: Commands, store: Option<Res<Store>>) {
    let settings = match store.as_deref().map(|s| s.read(SETTINGS_FILE)) {
        Some(Ok(Some(text))) => Settings::from_json(&text).unwrap_or_else(|e| {
            warn!("settings file unreadable ({e}); using defaults");
            Settings::default()
        }),
        Some(Err(e)) => {
            warn!("cannot read the settings: {e}");
            Settings::default()
        }
        _ => Settings::default(),
    };
    commands.insert_resource(settings);
}

/// Applies the settings: language (the command line's `--lang` first),
/// animation speed and palette (the coach reads when hints are allowed).
fn apply_settings(
    settings: Res<Settings>,
    options: Option<Res<GameOptions>>,
    locale: Option<ResMut<Locale>>,
    animation: Option<ResMut<AnimationSettings>>,
    mut colours: ResMut<SeatColours>,
) {
    if let Some(mut locale) = locale {
        let forced = options.as_ref().and_then(|o| o.language.clone());
        if let Some(code) = forced.or_else(|| settings.language.clone()).or_else(sys_locale::get_locale)
            && !locale.code().eq_ignore_ascii_case(&code)
        {
            locale.set(&code);
        }
    }
    if let Some(mut animation) = animation {
        animation.speed = settings.animation_speed.factor();
    }
    let wanted = SeatColours { colour_blind_safe: settings.palette == Palette::ColourBlindSafe };
    if *colours != wanted {
        *colours = wanted;
    }
}

fn save_settings(settings: Res<Settings>, store: Option<Res<Store>>) {
    if settings.is_added() {
        return;
    }
    let Some(store) = store else { return };
    match serde_json::to_string_pretty(&*settings) {
        Ok(text) => {
            if let Err(e) = store.write(SETTINGS_FILE, &text) {
                warn!("cannot save the settings: {e}");
            }
        }
        Err(e) => warn!("cannot encode the settings: {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The default settings file with `field` (a JSON path like
    /// `new_game.rounds`) set to `value`, loaded.
    fn loaded_with(field: &str, value: serde_json::Value) -> Settings {
        let mut json = serde_json::to_value(Settings::default()).expect("settings serialise");
        let mut at = &mut json;
        let parts: Vec<&str> = field.split('.').collect();
        for part in &parts[..parts.len() - 1] {
            at = &mut at[*part];
        }
        at[parts[parts.len() - 1]] = value;
        Settings::from_json(&json.to_string()).expect("a settings file")
    }

    #[test]
    fn a_huge_round_limit_is_clamped_and_plus_does_not_overflow() {
        let mut settings = loaded_with("new_game.rounds", serde_json::json!(2_147_483_647u32));
        assert_eq!(settings.new_game.rounds, 999);
        crate::screens::Choice::RoundsBy(10).apply(&mut settings);
        assert_eq!(settings.new_game.rounds, 999);
        assert_eq!(loaded_with("new_game.rounds", serde_json::json!(0)).new_game.rounds, 10);
        assert_eq!(loaded_with("new_game.rounds", serde_json::json!(4_294_967_295u32)).new_game.rounds, 999);
    }

    #[test]
    fn the_volume_is_kept_within_0_and_1() {
        assert_eq!(loaded_with("volume", serde_json::json!(7.5)).volume, 1.0);
        assert_eq!(loaded_with("volume", serde_json::json!(-2)).volume, 0.0);
        assert_eq!(loaded_with("volume", serde_json::json!(1e300)).volume, 1.0);
        assert_eq!(loaded_with("volume", serde_json::json!(0.25)).volume, 0.25);
    }

    #[test]
    fn r02_players_are_2_to_4() {
        assert_eq!(loaded_with("new_game.players", serde_json::json!(0)).new_game.players, 2);
        assert_eq!(loaded_with("new_game.players", serde_json::json!(1_000_000)).new_game.players, 4);
        assert_eq!(loaded_with("new_game.players", serde_json::json!(3)).new_game.players, 3);
    }

    #[test]
    fn r01_the_side_is_one_the_rules_allow() {
        for bad in [0, 4, 8, 13, 255] {
            assert_eq!(loaded_with("new_game.side", serde_json::json!(bad)).new_game.side, 9, "{bad}");
        }
        assert_eq!(loaded_with("new_game.side", serde_json::json!(7)).new_game.side, 7);
    }

    #[test]
    fn there_are_four_seats_with_names_of_at_most_40_characters() {
        let long = "x".repeat(500);
        let seats = serde_json::json!([{"name": long, "player": "hard"}]);
        let settings = loaded_with("new_game.seats", seats);
        assert_eq!(settings.new_game.seats.len(), 4);
        assert_eq!(settings.new_game.seats[0].name.chars().count(), MAX_NAME);
        assert_eq!(settings.new_game.seats[0].player, PlayerKind::Hard);
        let many = serde_json::json!(vec![serde_json::json!({"name": "a"}); 9]);
        assert_eq!(loaded_with("new_game.seats", many).new_game.seats.len(), 4);
    }

    #[test]
    fn r15_the_capture_limit_is_1_to_999_rounds() {
        let k = |v| loaded_with("new_game.rounds_without_capture", v).new_game.rounds_without_capture;
        assert_eq!(k(serde_json::json!(0)), Some(1));
        assert_eq!(k(serde_json::json!(4_000_000_000u32)), Some(999));
        assert_eq!(k(serde_json::json!(null)), None);
        assert_eq!(k(serde_json::json!(20)), Some(20));
    }

    #[test]
    fn r15_the_clock_makes_a_valid_clock() {
        let clock = |m: u32, i: u32| {
            loaded_with("new_game.clock", serde_json::json!({"minutes": m, "increment": i})).new_game.clock
        };
        assert_eq!(clock(0, 0), Some(ClockChoice { minutes: 1, increment: 0 }));
        assert_eq!(clock(u32::MAX, u32::MAX), Some(ClockChoice { minutes: 180, increment: 180 }));
        assert_eq!(clock(10, 5), Some(ClockChoice { minutes: 10, increment: 5 }));
        let largest = clock(u32::MAX, u32::MAX).expect("a clock");
        let made =
            game_core::Clock::new(u64::from(largest.minutes) * 60_000, u64::from(largest.increment) * 1000);
        assert!(made.is_ok(), "a clamped clock is one the engine accepts: {made:?}");
    }

    #[test]
    fn a_language_code_is_short_and_plain() {
        assert_eq!(loaded_with("language", serde_json::json!("fr")).language.as_deref(), Some("fr"));
        assert_eq!(loaded_with("language", serde_json::json!("x".repeat(5000))).language, None);
        assert_eq!(loaded_with("language", serde_json::json!("fr\u{0}; rm")).language, None);
        assert_eq!(loaded_with("language", serde_json::json!("")).language, None);
    }
}
