//! The player's settings and last new-game choices, kept in `settings.json`
//! of the [`Store`] and saved whenever they change.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

use crate::GameOptions;
use crate::game::AnimationSettings;
use crate::games::GameKind;
use crate::i18n::Locale;
use crate::options::PlayerKind;
use crate::storage::Store;
use crate::theme::SeatColours;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<SeatColours>()
        .add_systems(PreStartup, load_settings)
        .add_systems(
            Update,
            apply_settings.run_if(resource_changed::<Settings>).in_set(crate::AppSystems::Apply),
        )
        .add_systems(PostUpdate, save_settings.run_if(resource_changed::<Settings>));
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

/// The graphics quality the player asks for (Settings, `--quality`,
/// `?quality=`); [`crate::quality::RenderQuality`] is what is in use.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum GraphicsQuality {
    /// High, except Low on a software renderer (wgpu's `DeviceType::Cpu`)
    /// or once frames have stayed slow (median above
    /// [`crate::quality::SLOW_FRAME_MS`] a second, two seconds running).
    #[default]
    Auto,
    /// Shadow maps, 4× MSAA, tone mapping: the designed look (the materials
    /// are the same at both levels).
    High,
    /// No shadow maps (a soft contact shadow under each piece instead), no
    /// MSAA, no tone mapping: for phones, software renderers and old laptops.
    Low,
}

impl GraphicsQuality {
    /// Short name for the command line, the URL and automation.
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            GraphicsQuality::Auto => "auto",
            GraphicsQuality::High => "high",
            GraphicsQuality::Low => "low",
        }
    }

    /// The quality named `text` (`auto`, `high`, `low`, any case).
    #[must_use]
    pub fn from_id(text: &str) -> Option<GraphicsQuality> {
        [GraphicsQuality::Auto, GraphicsQuality::High, GraphicsQuality::Low]
            .into_iter()
            .find(|q| q.id().eq_ignore_ascii_case(text.trim()))
    }
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
            game: GameKind::Arkes,
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
            new_game: NewGameChoices::default(),
        }
    }
}

fn load_settings(mut commands: Commands, store: Option<Res<Store>>) {
    let settings = match store.as_deref().map(|s| s.read(SETTINGS_FILE)) {
        Some(Ok(Some(text))) => serde_json::from_str(&text).unwrap_or_else(|e| {
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
/// animation speed and palette.
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
