//! Colours and marks of the seats, and the board's palette.
//!
//! Seat colours come in two palettes: classic colours, and the Okabe–Ito
//! palette, which stays distinct for the common forms of colour blindness.
//! Each seat also has its own mark (shape) on its tokens and in the HUD, so
//! colour is never the only cue.

use bevy::prelude::*;
use game_core::Seat;

/// The seat colours in use, set from the settings.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SeatColours {
    /// The Okabe–Ito palette instead of the classic colours.
    pub colour_blind_safe: bool,
}

impl SeatColours {
    /// The colour of `seat`'s pieces in this palette.
    #[must_use]
    pub fn of(self, seat: Seat) -> Color {
        seat_color_in(seat, self.colour_blind_safe)
    }
}

/// The colour of a seat's pieces: the classic red, green, blue and purple,
/// or (`colour_blind_safe`) the Okabe–Ito colours.
#[must_use]
pub fn seat_color_in(seat: Seat, colour_blind_safe: bool) -> Color {
    if colour_blind_safe {
        match seat {
            Seat::South => Color::srgb_u8(0xD5, 0x5E, 0x00), // vermillion
            Seat::West => Color::srgb_u8(0x00, 0x9E, 0x73),  // bluish green
            Seat::North => Color::srgb_u8(0x00, 0x72, 0xB2), // blue
            Seat::East => Color::srgb_u8(0xCC, 0x79, 0xA7),  // reddish purple
        }
    } else {
        match seat {
            Seat::South => Color::srgb(0.78, 0.15, 0.13),
            Seat::West => Color::srgb(0.15, 0.52, 0.22),
            Seat::North => Color::srgb(0.13, 0.32, 0.74),
            Seat::East => Color::srgb(0.50, 0.26, 0.64),
        }
    }
}

/// The shape marking a seat's tokens, also shown next to its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// A ring (South).
    Ring,
    /// A triangle (West).
    Triangle,
    /// A square (North).
    Square,
    /// A diamond (East).
    Diamond,
}

/// The mark of a seat.
#[must_use]
pub fn seat_mark(seat: Seat) -> Mark {
    match seat {
        Seat::South => Mark::Ring,
        Seat::West => Mark::Triangle,
        Seat::North => Mark::Square,
        Seat::East => Mark::Diamond,
    }
}

/// A text symbol of the mark, for the HUD.
#[must_use]
pub fn mark_symbol(mark: Mark) -> &'static str {
    match mark {
        Mark::Ring => "●",
        Mark::Triangle => "▲",
        Mark::Square => "■",
        Mark::Diamond => "◆",
    }
}

/// The golden cell.
pub const GOLD: Color = Color::srgb(0.96, 0.62, 0.04);
/// Light wood of the board.
pub const WOOD: Color = Color::srgb(0.78, 0.58, 0.36);
/// The table under the board.
pub const TABLE: Color = Color::srgb(0.13, 0.17, 0.16);
/// Highlight of a plain destination.
pub const MOVE_HINT: Color = Color::srgb(0.35, 0.85, 0.45);
/// Highlight of a capturing destination.
pub const CAPTURE_HINT: Color = Color::srgb(0.95, 0.25, 0.2);
/// Marker of the last move's cells.
pub const LAST_MOVE: Color = Color::srgb(0.98, 0.92, 0.55);

/// The coach's best move (arrows, the hint's glow).
pub const BEST_MOVE: Color = Color::srgb(0.30, 0.85, 0.95);
/// A lesson's or puzzle's sentence for a move it did not play.
pub const REFUSED: Color = Color::srgb(0.98, 0.62, 0.38);

/// The colour of a verdict in the review (after Okabe–Ito: told apart with
/// the common colour blindnesses, and each has its own symbol besides).
#[must_use]
pub fn verdict_color(verdict: games::Verdict) -> Color {
    use games::Verdict;
    match verdict {
        Verdict::Best => Color::srgb_u8(0x56, 0xB4, 0xE9), // sky blue
        Verdict::Good => Color::srgb(0.82, 0.82, 0.80),
        Verdict::Inaccuracy => Color::srgb_u8(0xF0, 0xE4, 0x42), // yellow
        Verdict::Mistake => Color::srgb_u8(0xE6, 0x9F, 0x00),    // orange
        Verdict::Blunder => Color::srgb_u8(0xFF, 0x4D, 0x2E),    // red
    }
}

/// The symbol of a verdict, as in chess annotation: `★` the best move,
/// nothing for a good one, `?!` an inaccuracy, `?` a mistake, `??` a blunder.
#[must_use]
pub fn verdict_symbol(verdict: games::Verdict) -> &'static str {
    use games::Verdict;
    match verdict {
        Verdict::Best => "★",
        Verdict::Good => "",
        Verdict::Inaccuracy => "?!",
        Verdict::Mistake => "?",
        Verdict::Blunder => "??",
    }
}

/// The text key of a verdict's name.
#[must_use]
pub fn verdict_key(verdict: games::Verdict) -> &'static str {
    use games::Verdict;
    match verdict {
        Verdict::Best => "verdict-best",
        Verdict::Good => "verdict-good",
        Verdict::Inaccuracy => "verdict-inaccuracy",
        Verdict::Mistake => "verdict-mistake",
        Verdict::Blunder => "verdict-blunder",
    }
}
