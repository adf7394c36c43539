//! Learn by playing: lessons (one idea each, on a small position, with
//! scripted replies) and puzzles ("find the move", found and checked by
//! exact searches), for every game of the `games` list. Front-end neutral:
//! the app shows them, the command line finds puzzles, the tests play every
//! lesson through and re-check every puzzle.
//!
//! - [`lesson`]: the lesson files (`assets/lessons/<game>.json`).
//! - [`puzzle`]: the puzzle files (`assets/puzzles/<game>.json`).
//! - [`solve`]: the exact searches behind puzzles.
//! - [`run`]: a lesson or puzzle being played.
//! - [`progress`]: the stars earned, saved like the settings.
//!
//! # Example
//!
//! The first ARKES lesson played through as a front end plays it: the
//! learner's move judged, the scripted replies played, stars at the end.
//!
//! ```
//! use games::GameKind;
//! use learn::{Judgement, LessonRun, lesson_file, load_lessons};
//!
//! let kind = GameKind::from_id("arkes").unwrap();
//! let lessons = load_lessons(kind, lesson_file(kind).expect("ARKES has lessons"))?;
//! let lesson = lessons[0].clone();
//! let mut game = lesson.start(kind)?;
//! let mut run = LessonRun::new(lesson, &game);
//! while !run.is_complete(&game) {
//!     // The learner plays a move the step accepts.
//!     let wanted = run.accepts()[0].clone();
//!     let action = game
//!         .legal_actions()
//!         .into_iter()
//!         .find(|&a| game.action_text(a).as_deref() == Some(wanted.as_str()))
//!         .expect("a lesson's moves are legal");
//!     assert_eq!(run.judge(&game, action), Judgement::Accepted);
//!     game.play(action)?;
//!     while let Some(reply) = run.next_reply(&game)? {
//!         game.play(reply)?;
//!     }
//! }
//! assert_eq!(run.stars(), 3, "no mistake, three stars");
//! # Ok::<(), String>(())
//! ```

pub mod lesson;
pub mod progress;
pub mod puzzle;
pub mod run;
pub mod solve;

pub use lesson::{Finish, Lesson, Step, load_lessons};
pub use progress::Progress;
pub use puzzle::{Puzzle, load_puzzles, verify};
pub use run::{Judgement, LessonRun, PuzzleRun};
pub use solve::PuzzleKind;

use games::GameKind;

mod files {
    include!(concat!(env!("OUT_DIR"), "/files.rs"));
}

fn file_of(table: &[(&str, &'static str)], kind: GameKind) -> Option<&'static str> {
    table.iter().find(|(id, _)| *id == kind.id()).map(|(_, text)| *text)
}

/// The text of `kind`'s lesson file as shipped (embedded at build time from
/// `assets/lessons/<id>.json`, so the native and web builds read the same),
/// `None` when the game has none.
#[must_use]
pub fn lesson_file(kind: GameKind) -> Option<&'static str> {
    file_of(files::LESSON_FILES, kind)
}

/// The text of `kind`'s puzzle file as shipped (`assets/puzzles/<id>.json`).
#[must_use]
pub fn puzzle_file(kind: GameKind) -> Option<&'static str> {
    file_of(files::PUZZLE_FILES, kind)
}
