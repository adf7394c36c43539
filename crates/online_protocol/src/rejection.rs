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
    /// A message that must be signed is not, or not by the peer's key over
    /// this side's challenge: forged, changed, or from another
    /// conversation.
    #[error("a message not signed by the peer's key")]
    Unsigned,
    /// A signed message out of its conversation's order (replayed or
    /// lost).
    #[error("a message numbered {got:?} while {expected} is next")]
    OutOfSequence {
        /// The number the message gives, if any.
        got: Option<u64>,
        /// The next number here.
        expected: u64,
    },
    /// A request only a player may make (an undo, a rematch), from a peer
    /// holding no seat (one watching).
    #[error("a `{0}` from a peer holding no seat")]
    NotSeated(&'static str),
    /// A peer claiming to host the room with a key that is not the room's
    /// (its code is another's).
    #[error("a peer claiming to host this room with another key ({0})")]
    FalseHost(String),
    /// A guest's hello whose proof is not its key's, for this room and
    /// connection.
    #[error("a hello without the proof of its key")]
    BadProof,
    /// A question (an undo, a rematch) while another waits for its answer.
    #[error("another question waits for its answer")]
    Busy,
    /// An answer to an undo this side did not ask of that peer (or for
    /// other plies).
    #[error("an answer to an undo to ply {0} that was not asked")]
    NotAsked(u32),
    /// The other side's screen said no (a rematch).
    #[error("the {0} was declined")]
    Declined(&'static str),
    /// More messages than a peer may send in a while: dropped unread.
    #[error("{0} messages dropped: the peer sends too many")]
    Flood(u64),
}

impl Rejection {
    /// A [`Rejection::Malformed`] whose text (a parser's error, which may
    /// quote what the peer sent) is cut to [`crate::limits::MAX_FIELD_BYTES`].
    #[must_use]
    pub fn malformed(mut text: String) -> Rejection {
        if text.len() > crate::limits::MAX_FIELD_BYTES {
            let mut end = crate::limits::MAX_FIELD_BYTES;
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            text.truncate(end);
        }
        Rejection::Malformed(text)
    }

    /// Whether the peers disagree about the game (a hash or a ply that
    /// differ): a guest then asks for the host's record
    /// ([`Message::RecordRequest {}`]), the host sends it.
    #[must_use]
    pub fn needs_record(&self) -> bool {
        matches!(self, Rejection::HashMismatch | Rejection::WrongPly { .. })
    }
}
