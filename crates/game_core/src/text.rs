//! What both engines' positions share in text: the error of a text that is
//! not a valid position ([`ParsePositionError`]), the pieces of a cell as
//! set-up data ([`Placement`]), and a move shown in its notation
//! ([`crate::impl_display_by_text!`]).

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::coord::Coord;

/// Why a text is not a valid position: not in the position format (`T`,
/// the game's set-up parse error), or well formed but against a rule (`S`,
/// its set-up error, naming the rule).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ParsePositionError<T, S> {
    /// The text is not in the position format.
    #[error(transparent)]
    Text(T),
    /// The text is well formed but breaks a rule.
    #[error(transparent)]
    Setup(S),
}

/// The pieces on one cell of a set-up, bottom first (plain data: the game's
/// set-up checks them).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Placement<P> {
    /// The cell.
    pub cell: Coord,
    /// Its pieces, bottom first.
    pub pieces: Vec<P>,
}

/// Implements `Display` and `Debug` for a move type by its `text()` (the
/// canonical notation).
#[macro_export]
macro_rules! impl_display_by_text {
    ($ty:ty) => {
        impl ::std::fmt::Display for $ty {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                ::std::fmt::Display::fmt(&self.text(), f)
            }
        }

        impl ::std::fmt::Debug for $ty {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                ::std::fmt::Display::fmt(self, f)
            }
        }
    };
}
