//! The game-neutral boundary of ARKES 3D: what a front end (the Bevy app,
//! `arkes-cli`, the browser's AI worker) asks about a game, answered by
//! one module per game, and the one list of the games played.
//!
//! - [`BoardGame`]: what a game answers beyond its rules ([`game_core::Rules`])
//!   and its computer player ([`game_ai::SearchGame`]): seats and player
//!   counts, board sides, special cells, the pieces of a cell, actions,
//!   scores, outcome reasons and their text keys, its record's first line.
//!   Implemented once per game: [`arkes`], [`arcanor`].
//! - [`GameKind`]: a game of the list, by its id (`arkes`, `arcanor`), with
//!   its menu data and its constructors ([`GameKind::new_game`]).
//! - [`AnyGame`], [`AnyPosition`] ([`PosRef`] borrowed), [`AnySearcher`]:
//!   a game, a position and a search of whichever game, behind object-safe
//!   traits implemented once for every [`BoardGame`], so the app never asks
//!   which game it is.
//! - [`AnyReport`], [`AnyOutcome`]: what a ply did and how a game ended, in
//!   game-neutral terms for the views.
//!
//! No Bevy, no I/O.
//!
//! # Example
//!
//! A front end plays a game knowing only its id: a new game, its legal
//! actions in the game's notation, a ply, the record, and the computer's
//! move, all without naming the game's types.
//!
//! ```
//! use games::{GameKind, NewGame};
//!
//! for id in ["arkes", "arcanor"] {
//!     let kind = GameKind::from_id(id).expect("a game of the list");
//!     let mut game = kind.new_game(&NewGame {
//!         players: 2,
//!         side: kind.default_side(),
//!         position: None,
//!         limits: Default::default(),
//!     })?;
//!     let first = game.legal_actions()[0];
//!     let text = game.action_text(first).expect("a legal action has a name");
//!     let report = game.play(first)?;
//!     assert_eq!(report.notation.as_deref(), Some(text.as_str()));
//!     // The record (JSON, tagged with the game) loads back as the same game.
//!     let again = kind.load_record_json(&game.record_json()?)?;
//!     assert_eq!(again.record_text(), game.record_text());
//!     // The computer's move for the seat to move (Easy's search, seeded).
//!     let reply = game.best_action(game_ai::Level::Easy.options().seed(1));
//!     assert!(reply.is_some_and(|a| game.legal_actions().contains(&a)));
//! }
//! # Ok::<(), String>(())
//! ```
//!
//! # Adding a game
//!
//! Its engine crate implements [`game_core::Rules`]; its evaluation module
//! in `game_ai` implements [`game_ai::SearchGame`]; its module here
//! implements [`BoardGame`] and [`BoardPosition`] and defines its `KIND`;
//! and it joins the list in `for_each_game!` (in this file): one line.

pub mod arcanor;
pub mod arkes;

mod board_game;
mod def;
mod dyn_searcher;
mod dynamic;
mod impl_game;
mod impl_position;
mod impl_searcher;
mod list;
mod report;
mod values;

pub use board_game::{BoardGame, BoardPosition};
pub use def::Def;
pub use dyn_searcher::{AnySearcher, DynSearcher};
pub use dynamic::{
    AnyGame, AnyPosition, DynGame, DynPosition, GameDef, GameKind, NewGame, PosRef, RecordTextError,
};
pub use game_ai::Verdict;
pub use report::{AnyOutcome, AnyReport, Departure};
pub use values::{Action, CellMark, ClickHelp, PieceId, PlyReview, WinKind};

/// The games, in menu order: the one list a new game joins. Calls this
/// crate's macro `$callback!($args; module::Rules, ...)` with each game's
/// module here and its rules type, for the code written over all games
/// ([`with_rules!`], [`GameKind::all`]).
#[doc(hidden)]
#[macro_export]
macro_rules! for_each_game {
    ($callback:ident, $args:tt) => {
        $crate::$callback!($args; arkes::Arkes, arcanor::Arcanor)
    };
}

/// Runs `$body` with the type `$g` bound to the rules of the game `$kind`
/// (a [`GameKind`]), for front ends whose code is generic over the game
/// (`arkes-cli`). `Some` of the body's value; `None` for a kind not in
/// the list of games.
///
/// ```
/// use game_core::Rules;
/// let name = games::with_rules!(games::arcanor::KIND, G => <G as Rules>::NAME);
/// assert_eq!(name, Some("Arcanor"));
/// ```
#[macro_export]
macro_rules! with_rules {
    ($kind:expr, $g:ident => $body:expr) => {
        $crate::for_each_game!(__with_rules, ($kind, $g, $body))
    };
}

#[doc(hidden)]
#[macro_export]
macro_rules! __with_rules {
    (($kind:expr, $g:ident, $body:expr); $($module:ident::$rules:ident),*) => {{
        let kind: $crate::GameKind = $kind;
        'game: {
            $(
                if kind == $crate::$module::KIND {
                    type $g = $crate::$module::$rules;
                    break 'game Some($body);
                }
            )*
            None
        }
    }};
}

#[doc(hidden)]
#[macro_export]
macro_rules! __kinds {
    ((); $($module:ident::$rules:ident),*) => {
        &[$($crate::$module::KIND),*]
    };
}
