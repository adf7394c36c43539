//! [`Stack`]: the contents of one cell of a game whose cells hold at most
//! two pieces (an ARKES formation, R4; an Arcanor duo, A4), packed in a
//! byte: the bottom piece's code in the low four bits, the upper piece's in
//! the high four, 0 for none. Each game's piece type gives the codes
//! ([`StackPiece`]); the Zobrist key of a stack is [`crate::zobrist::stack_key`].

use std::fmt;
use std::hash::{Hash, Hasher};
use std::marker::PhantomData;

/// A piece a [`Stack`] can hold: it has a code from 1 to 15, and back.
pub trait StackPiece: Copy {
    /// The piece's code, 1…15 (0 is "no piece").
    fn code(self) -> u8;
    /// The piece of `code` (one [`StackPiece::code`] gave: a stack only
    /// holds such codes).
    fn from_code(code: u8) -> Self;
    /// Writes the piece as a diagram cell does (ARKES `S`, `s`; Arcanor `S2`).
    fn write_text(self, out: &mut String);
}

/// Up to two pieces on one cell, bottom first: empty, a single piece, or a
/// pair (the upper piece on, or covering, the bottom one).
pub struct Stack<P>(u8, PhantomData<P>);

impl<P> Clone for Stack<P> {
    fn clone(&self) -> Stack<P> {
        *self
    }
}

impl<P> Copy for Stack<P> {}

impl<P> PartialEq for Stack<P> {
    fn eq(&self, other: &Stack<P>) -> bool {
        self.0 == other.0
    }
}

impl<P> Eq for Stack<P> {}

impl<P> Hash for Stack<P> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.0.hash(state);
    }
}

impl<P> Default for Stack<P> {
    fn default() -> Stack<P> {
        Stack::EMPTY
    }
}

impl<P> Stack<P> {
    /// The empty cell.
    pub const EMPTY: Stack<P> = Stack(0, PhantomData);

    /// Whether the cell is empty.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Number of pieces, 0…2.
    #[must_use]
    pub const fn len(self) -> usize {
        (self.0 & 0x0f != 0) as usize + (self.0 >> 4 != 0) as usize
    }

    /// Whether two pieces are there.
    #[must_use]
    pub const fn is_pair(self) -> bool {
        self.0 >> 4 != 0
    }

    /// The packed byte: the bottom code, and the upper code times 16 (for
    /// Zobrist keys, [`crate::zobrist::stack_key`]).
    #[must_use]
    pub const fn raw(self) -> u8 {
        self.0
    }
}

impl<P: StackPiece> Stack<P> {
    /// A single piece.
    #[inline]
    #[must_use]
    pub fn single(piece: P) -> Stack<P> {
        Stack(piece.code(), PhantomData)
    }

    /// Two pieces: `upper` on (or covering) `bottom`.
    #[inline]
    #[must_use]
    pub fn pair(bottom: P, upper: P) -> Stack<P> {
        Stack(bottom.code() | (upper.code() << 4), PhantomData)
    }

    /// The stack of up to two pieces, bottom first; `None` for more.
    #[must_use]
    pub fn from_pieces(pieces: &[P]) -> Option<Stack<P>> {
        match *pieces {
            [] => Some(Stack::EMPTY),
            [p] => Some(Stack::single(p)),
            [bottom, upper] => Some(Stack::pair(bottom, upper)),
            _ => None,
        }
    }

    /// The bottom piece (the only one of a single piece).
    #[inline]
    #[must_use]
    pub fn bottom(self) -> Option<P> {
        match self.0 & 0x0f {
            0 => None,
            c => Some(P::from_code(c)),
        }
    }

    /// The upper piece of a pair.
    #[inline]
    #[must_use]
    pub fn upper(self) -> Option<P> {
        match self.0 >> 4 {
            0 => None,
            c => Some(P::from_code(c)),
        }
    }

    /// The top piece: the upper one of a pair, else the single one.
    #[inline]
    #[must_use]
    pub fn top(self) -> Option<P> {
        match (self.0 >> 4, self.0 & 0x0f) {
            (0, 0) => None,
            (0, c) | (c, _) => Some(P::from_code(c)),
        }
    }

    /// The piece under the top one: the bottom piece of a pair (an
    /// Arcanor duo's inner piece); `None` for a single piece.
    #[inline]
    #[must_use]
    pub fn under(self) -> Option<P> {
        if self.is_pair() { self.bottom() } else { None }
    }

    /// The piece at `level` (0 = bottom, 1 = upper).
    #[inline]
    #[must_use]
    pub fn at(self, level: u8) -> Option<P> {
        if level == 0 { self.bottom() } else { self.upper() }
    }

    /// The pieces, bottom first.
    pub fn pieces(self) -> impl Iterator<Item = P> {
        self.bottom().into_iter().chain(self.upper())
    }

    /// The stack with its top piece removed.
    #[inline]
    #[must_use]
    pub fn without_top(self) -> Stack<P> {
        if self.is_pair() { Stack(self.0 & 0x0f, PhantomData) } else { Stack::EMPTY }
    }

    /// The stack with `piece` put on top; `None` if the cell is full.
    #[inline]
    #[must_use]
    pub fn with_on_top(self, piece: P) -> Option<Stack<P>> {
        match self.len() {
            0 => Some(Stack::single(piece)),
            1 => Some(Stack(self.0 | (piece.code() << 4), PhantomData)),
            _ => None,
        }
    }
}

impl<P: StackPiece> Stack<P> {
    /// The diagram text: `.` for empty, then the pieces bottom first as the
    /// piece type writes them (ARKES `S`, `Ss`; Arcanor `S2S1`).
    #[must_use]
    pub fn to_text(self) -> String {
        if self.is_empty() {
            return ".".to_owned();
        }
        let mut text = String::new();
        for piece in self.pieces() {
            piece.write_text(&mut text);
        }
        text
    }
}

impl<P: StackPiece> fmt::Debug for Stack<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A made-up piece: its code is its number.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    struct P(u8);

    impl StackPiece for P {
        fn code(self) -> u8 {
            self.0
        }
        fn from_code(code: u8) -> P {
            P(code)
        }
        fn write_text(self, out: &mut String) {
            out.push_str(&format!("p{}", self.0));
        }
    }

    #[test]
    fn a_stack_holds_up_to_two_pieces_bottom_first() {
        let empty = Stack::<P>::EMPTY;
        assert!(empty.is_empty() && empty.top().is_none() && empty.to_text() == ".");
        let one = Stack::single(P(3));
        assert_eq!(
            (one.len(), one.top(), one.bottom(), one.upper(), one.under()),
            (1, Some(P(3)), Some(P(3)), None, None)
        );
        let two = one.with_on_top(P(9)).expect("room for a second");
        assert_eq!(two, Stack::pair(P(3), P(9)));
        assert_eq!(
            (two.len(), two.top(), two.under(), two.at(0), two.at(1)),
            (2, Some(P(9)), Some(P(3)), Some(P(3)), Some(P(9)))
        );
        assert!(two.is_pair() && two.with_on_top(P(1)).is_none());
        assert_eq!(two.without_top(), one);
        assert_eq!(one.without_top(), empty);
        assert_eq!(two.pieces().collect::<Vec<_>>(), vec![P(3), P(9)]);
        assert_eq!(two.to_text(), "p3p9");
        assert_eq!(two.raw(), 3 | (9 << 4));
        assert_eq!(Stack::from_pieces(&[P(1), P(2), P(3)]), None);
        assert_eq!(Stack::from_pieces(&[P(3), P(9)]), Some(two));
    }
}
