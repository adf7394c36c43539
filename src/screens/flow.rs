//! The flow between screens: the first screen (a new game at once, or the
//! title over the autosaved game), what the game may do on each screen
//! ([`GameFlow`]), the game-over overlay, and the resources screens share.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::app_state::{AppSystems, Overlay, Screen};
use crate::options::GameOptions;
use crate::play::{GameFlow, InputLock, Match, MatchCommand};
use crate::saves::{self, AUTOSAVE};
use crate::storage::Store;

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(BackTo(Screen::Title))
        .init_resource::<Notice>()
        .init_resource::<CanContinue>()
        .add_systems(PostStartup, choose_first_screen)
        .add_systems(Update, (update_flow, show_game_over).chain().in_set(AppSystems::Input));
}

/// Where "Back" leads from the rules and settings screens.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct BackTo(pub Screen);

/// A line of information for the player (an error loading a file, where a
/// record was exported…), shown on the title, load and pause screens.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct Notice(pub Option<String>);

/// Whether the autosave held a game to continue when the title was shown.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct CanContinue(pub bool);

/// Straight into a new game when the command line asks for one; otherwise
/// the title screen over the autosaved game (or a fresh board).
fn choose_first_screen(
    options: Res<GameOptions>,
    store: Option<Res<Store>>,
    mut next: ResMut<NextState<Screen>>,
    mut matches: MessageWriter<MatchCommand>,
    mut notice: ResMut<Notice>,
    mut can_continue: ResMut<CanContinue>,
    mut game: Option<ResMut<Match>>,
) {
    if options.skip_title {
        next.set(Screen::Gameplay);
        return;
    }
    // The match made from the options is only the title's background.
    if let Some(game) = game.as_deref_mut() {
        game.set_saved(false);
    }
    let Some(store) = store else { return };
    match saves::load(&store, AUTOSAVE) {
        Ok(saved) => {
            matches.write(MatchCommand::Replace(Box::new(saved)));
            can_continue.0 = true;
            // In a browser, a reload goes straight back to the game.
            if cfg!(target_arch = "wasm32") {
                next.set(Screen::Gameplay);
            }
        }
        Err(saves::SaveError::Missing) => {}
        Err(e) => {
            warn!("the autosave cannot be continued: {e}");
            notice.0 = Some(e.to_string());
        }
    }
}

/// Input, the computer players and clocks run only on the gameplay screen,
/// with no overlay, once the loading step is over, while the window has the
/// focus (a hidden tab or window pauses the clocks).
fn update_flow(
    screen: Res<State<Screen>>,
    overlay: Option<Res<State<Overlay>>>,
    loaded: Option<Res<crate::app_state::Loaded>>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut flow: ResMut<GameFlow>,
) {
    let playing = *screen.get() == Screen::Gameplay
        && overlay.is_none_or(|o| *o.get() == Overlay::None)
        && loaded.is_none_or(|l| l.0);
    let focused = windows.single().map_or(true, |w| w.focused);
    let wanted = GameFlow { accepting_input: playing, clock_running: playing && focused };
    if *flow != wanted {
        *flow = wanted;
    }
}

/// Shows the game-over overlay once the last ply's animation has played;
/// hides it if an undo brings the game back. A lesson or puzzle says its
/// own end in its panel instead.
fn show_game_over(
    game: Option<Res<Match>>,
    lock: Res<InputLock>,
    learning: Option<Res<crate::learn::Learning>>,
    overlay: Option<Res<State<Overlay>>>,
    mut next: ResMut<NextState<Overlay>>,
) {
    let (Some(game), Some(overlay)) = (game, overlay) else { return };
    let learning = learning.is_some_and(|l| l.0.is_some());
    let over = game.outcome().is_some() && game.reviewing().is_none() && !learning;
    match overlay.get() {
        Overlay::None if over && !lock.is_locked() => next.set(Overlay::GameOver),
        Overlay::GameOver if !over => next.set(Overlay::None),
        _ => {}
    }
}
