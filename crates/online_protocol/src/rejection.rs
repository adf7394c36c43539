//! Why a message from a peer is refused.

use game_core::Seat;

/// Why a message from a peer was refused. Nothing of the game changes on
/// a refusal; [`Rejection::needs_record`] tells when the refusing peer
/// should fetch the host's record instead.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Rejection {
    /// More bytes than [`crate::MAX_MESSAGE_BYTES`].
    #[error("a message of {0} bytes is too long")]
    Oversized(usize),
    /// Not UTF-8 JSON of a message, or a field too long.
    #[error("a malformed message: {0}")]
    Malformed(String),
    /// Another protocol version.
    #[error("a message of protocol version {0}, not this game's")]
    Version(u64),
    /// A message this side never takes from that peer (a guest sending a
    /// record, the host asking for one).
    #[error("a `{0}` message cannot come from that peer")]
    WrongDirection(&'static str),
    /// A move of a seat the sender does not hold.
    #[error("a move of {0:?}, a seat the sender does not hold")]
    NotYours(Seat),
    /// A move of a seat whose turn it is not.
    #[error("a move of {seat:?} while {to_move:?} is to move")]
    OutOfTurn {
        /// The seat the move claims.
        seat: Seat,
        /// The seat to move here.
        to_move: Seat,
    },
    /// A move numbered for another ply (a peer behind or ahead).
    #[error("a move numbered ply {got} while ply {expected} is to be played")]
    WrongPly {
        /// The ply the message gives.
        got: u32,
        /// The next ply here.
        expected: u32,
    },
    /// No legal move of the seat to move is written so.
    #[error("`{0}` is not a legal move here")]
    Illegal(String),
    /// The move is legal but the position after it differs from the
    /// sender's: the peers disagree about the game.
    #[error("the position after the move differs from the sender's")]
    HashMismatch,
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A record that does not load, or seats that are not the game's.
    #[error("a bad record: {0}")]
    BadRecord(String),
    /// An undo request that takes back nothing or more than was played.
    #[error("an undo to ply {0} cannot be done")]
    BadUndo(u32),
    /// Clock readings that cannot be the game's: a game without clocks,
    /// seats that are not the game's, more time than a clock can hold.
    #[error("bad clock readings: {0}")]
    BadClock(String),
    /// Clock readings of another turn (moves crossed them on the way):
    /// dropped, the next readings will do.
    #[error("clock readings of ply {got} while ply {expected} is being played")]
    StaleClock {
        /// The plies played when read.
        got: u32,
        /// The plies played here.
        expected: u32,
    },
    /// A rematch asked while the game goes on.
    #[error("a rematch can only be asked once the game is over")]
    NotOver,
    /// Every remote seat is taken by another guest.
    #[error("every seat of this room is taken")]
    RoomFull,
}

impl Rejection {
    /// Whether the peers disagree about the game (a hash or a ply that
    /// differ): a guest then asks for the host's record
    /// ([`Message::RecordRequest {}`]), the host sends it.
    #[must_use]
    pub fn needs_record(&self) -> bool {
        matches!(self, Rejection::HashMismatch | Rejection::WrongPly { .. })
    }
}
