//! The game logic around the engines, without rendering: the [`Match`]
//! resource, the commands that change it, pieces as entities synced from the
//! engine, selection by picking, animation timing (input lock), the
//! computer players and the controllers.
//!
//! The modules form a one-way stack: `input_lock` and `geometry` at the
//! bottom, then `match_state`, `commands`, `pieces`, `animation`,
//! `selection`, and the input modules on top.

mod ai;
#[cfg(target_arch = "wasm32")]
pub(crate) mod ai_worker;
mod animation;
mod commands;
mod cursor;
mod geometry;
mod input_lock;
mod match_state;
mod pieces;
mod selection;
mod tap;

use bevy::prelude::*;

pub use ai::{AiSettings, AiThinking};
pub use animation::{HopLens, Victory};
pub use commands::{
    BoardReset, ClockControl, CommandsApplied, GameFlow, HistoryCommand, MatchCommand, MoveApplied,
    MoveCommand, MoveFilter, ResignCommand,
};
pub use cursor::{
    BoardCursor, ControllerHint, Controllers, CursorAction, PauseRequest, ToggleTopView, oriented,
};
pub use geometry::BoardGeometry;
pub use input_lock::InputLock;
pub use match_state::{Match, MatchRoom, SeatInfo};
pub use pieces::{BoardPiece, BoardPos, Cell, LeaveReason, Leaving, PieceMoved};
pub use selection::{
    CLICK_SLOP, CellPicked, Destination, PickBackground, PointerGesture, Selection, picked_cell,
};
pub use tap::{TAP_POINTER, TapReplay};

use crate::GameOptions;

/// Everything of the game that works headless (no window, no GPU): add it to
/// `MinimalPlugins`, `TransformPlugin`, `StatesPlugin` and
/// `bevy_tweening::TweeningPlugin` in tests.
pub struct GameLogicPlugin {
    /// The session's options (game, players, side, seats).
    pub options: GameOptions,
}

impl Plugin for GameLogicPlugin {
    fn build(&self, app: &mut App) {
        crate::app_state::configure_sets(app);
        app.insert_resource(self.options.clone());
        app.add_plugins((
            input_lock::plugin,
            commands::plugin,
            pieces::plugin,
            selection::plugin,
            animation::plugin,
            ai::plugin,
            cursor::plugin,
            tap::plugin,
        ));
    }
}
