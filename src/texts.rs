//! Game texts shared by the HUD and the screens: seat names, outcomes and
//! clocks, in the player's language.

use game_core::Seat;

use crate::i18n::{Locale, seat_id};
use crate::play::Match;
use games::AnyOutcome;

/// Below this many milliseconds a clock shows tenths (and the HUD turns it red).
pub const CLOCK_WARNING_MS: u64 = 10_000;

/// A seat's name: the one given, or the seat's name in the current language.
#[must_use]
pub fn seat_name(game: &Match, seat: Seat, locale: &Locale) -> String {
    let name = &game.seat(seat).name;
    if name.trim().is_empty() {
        locale.t_args("seat-name", &[("seat", seat_id(seat).into())])
    } else {
        name.clone()
    }
}

/// The outcome in words.
#[must_use]
pub fn outcome_text(game: &Match, outcome: AnyOutcome, locale: &Locale) -> String {
    match outcome {
        AnyOutcome::Win { seat, .. } => {
            locale.t_args(outcome.key(), &[("name", seat_name(game, seat, locale).into())])
        }
        AnyOutcome::Draw(_) => locale.t(outcome.key()),
    }
}

/// A clock: minutes and seconds, with tenths under ten seconds.
#[must_use]
pub fn clock_text(ms: u64) -> String {
    if ms < CLOCK_WARNING_MS {
        format!("{}.{}", ms / 1000, (ms % 1000) / 100)
    } else {
        let s = ms.div_ceil(1000);
        format!("{}:{:02}", s / 60, s % 60)
    }
}

#[cfg(test)]
mod tests {
    use super::clock_text;

    #[test]
    fn clocks_show_tenths_under_ten_seconds() {
        assert_eq!(clock_text(600_000), "10:00");
        assert_eq!(clock_text(61_001), "1:02");
        assert_eq!(clock_text(10_000), "0:10");
        assert_eq!(clock_text(9_999), "9.9");
        assert_eq!(clock_text(450), "0.4");
    }
}
