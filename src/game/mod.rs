//! The game logic around the engine, without rendering: the [`Match`]
//! resource, move commands, pieces as entities synced from the engine,
//! selection by picking, and animation timing (input lock).

mod ai;
mod animation;
mod cursor;
mod geometry;
mod pieces;
mod selection;
mod state;
mod tap;

use bevy::prelude::*;

pub use ai::{AiSettings, AiThinking};
pub use animation::{AnimationSettings, HopLens, InputLock, LeaveReason, Leaving, Victory};
pub use cursor::{BoardCursor, ControllerHint, Controllers, CursorAction, PauseRequest, oriented};
pub use geometry::BoardGeometry;
pub use pieces::{BoardPos, Cell, Marble, PieceMoved, Token};
pub use selection::{
    CLICK_SLOP, CellPicked, Destination, PickBackground, PointerGesture, Selection, picked_cell,
};
pub use state::{
    BoardReset, GameFlow, HistoryCommand, Match, MoveApplied, MoveCommand, RestartCommand, SeatInfo,
};
pub use tap::{TAP_POINTER, TapReplay};

use crate::GameOptions;

/// Everything of the game that works headless (no window, no GPU): add it to
/// `MinimalPlugins`, `TransformPlugin`, `StatesPlugin` and
/// `bevy_tweening::TweeningPlugin` in tests.
pub struct GameLogicPlugin {
    /// The session's options (players, side, seats).
    pub options: GameOptions,
}

impl Plugin for GameLogicPlugin {
    fn build(&self, app: &mut App) {
        crate::configure_sets(app);
        app.insert_resource(self.options.clone());
        app.add_plugins((
            state::plugin,
            pieces::plugin,
            selection::plugin,
            animation::plugin,
            ai::plugin,
            cursor::plugin,
            tap::plugin,
        ));
    }
}
