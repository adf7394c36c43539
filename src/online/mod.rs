//! Online play over WebRTC (`bevy_matchbox`): a game with a
//! [`PlayerKind::Remote`] seat is hosted in a room; `--online CODE`
//! (`?room=CODE`) joins one. The room's code is the fingerprint of the
//! host's key: a guest takes the game only from the peer that proves it
//! holds that key, and every message after the handshake is signed
//! ([`online_protocol::Session`]). Every peer runs the engine; what a peer
//! sends is untrusted, limited in size and rate, and judged by
//! [`online_protocol::Referee`] before it becomes a [`MoveCommand`] like
//! any other. The host's record is the truth: a guest gets it whole on
//! joining, on rejoining, and whenever its position's hash disagrees. A
//! peer joining a room whose seats are all held watches.
//!
//! Nothing here runs, and no request is made, unless the match has a
//! remote seat or the session joins a room.

mod announce;
mod clocks;
mod exchange;
mod join;
mod questions;
mod room;
mod state;
mod transport;

use bevy::prelude::*;

use crate::app_state::AppSystems;
use crate::play::CommandsApplied;

pub use room::Online;
pub use state::{JoinRoom, OnlineChanged, OnlineLimits, OnlineNote, OnlineState, QuestionReply};
pub use transport::DEFAULT_SIGNAL_PORT;

/// Online play: add beside [`crate::play::GameLogicPlugin`] (the app's
/// `FlowPlugin` does).
pub struct OnlinePlugin;

impl Plugin for OnlinePlugin {
    fn build(&self, app: &mut App) {
        plugin(app);
    }
}

fn plugin(app: &mut App) {
    app.init_resource::<OnlineLimits>()
        .add_message::<OnlineChanged>()
        .add_message::<JoinRoom>()
        .add_message::<QuestionReply>()
        .add_systems(Startup, join::join_from_options)
        .add_systems(
            Update,
            (
                (
                    join::join_rooms,
                    join::open_or_close_room,
                    join::guest_waits,
                    exchange::exchange,
                    questions::ask_undo,
                    questions::answer_question,
                )
                    .chain()
                    .before(AppSystems::Apply),
                (
                    announce::announce_moves,
                    clocks::share_clocks,
                    clocks::follow_host_clocks,
                    announce::remember_room,
                )
                    .chain()
                    .after(CommandsApplied),
            ),
        );
}
