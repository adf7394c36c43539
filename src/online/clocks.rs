//! The clocks of an online game: the host's are the truth.

use bevy::prelude::*;
use online_protocol::{Message, Referee};

use super::room::Online;
use super::state::OnlineState;
use crate::play::{ClockControl, Match, MoveApplied};

/// Seconds between two clock readings the host sends while a clock runs
/// (each ply sends them too).
pub(super) const CLOCK_READINGS_EVERY_SECS: f32 = 3.0;

/// The clocks of an online game: the host's are the truth. The host's
/// clocks stop while a remote player is awaited (not while the host
/// reviews the game: a host cannot pause a timed game so), and the host sends its
/// readings after each ply, when the clocks stop or start, and every few
/// seconds while one runs; a guest's clocks run between readings, stop
/// with the host's or when the host is gone, never end a turn themselves,
/// and are set to each reading once the guest's game has its plies (a
/// reading of 0 for the seat to move is its time-out, R15, A12). A game
/// without a room leaves the clocks to this device.
pub(super) fn share_clocks(
    mut applied: MessageReader<MoveApplied>,
    online: Option<ResMut<Online>>,
    game: Option<Res<Match>>,
    mut control: ResMut<ClockControl>,
    time: Res<Time>,
) {
    let plies: Vec<bool> =
        applied.read().map(|a| a.report.notation.is_none() && !a.report.resigned).collect();
    let timed_out = plies.last().copied().unwrap_or(false);
    let (Some(mut online), Some(game)) = (online, game) else {
        control.set_if_neq(ClockControl::default());
        return;
    };
    let online = &mut *online;
    if !online.is_host() {
        control.set_if_neq(ClockControl {
            paused: online.host.is_none() || !online.host_clocks_run,
            kept_elsewhere: true,
            keeper: false,
        });
        return;
    }
    // The host's clocks run whatever its screen shows (its menu, another
    // window, a review of the game), but not while a player is awaited:
    // the readings say so.
    let running = online.state == OnlineState::Connected;
    control.set_if_neq(ClockControl {
        paused: online.state != OnlineState::Connected,
        kept_elsewhere: false,
        keeper: true,
    });
    if !plies.is_empty() {
        online.clocks_due = true;
    }
    let seated = online.proven_peers();
    if game.game().limits().clock.is_none() || seated.is_empty() {
        return;
    }
    online.clocks_sent_ago += time.delta_secs();
    let message = if timed_out {
        // The readings as the time ran out, for the turn before the
        // time-out: each guest's reading of 0 is that time-out.
        match Referee::clock_message(game.game(), true) {
            Some(Message::Clock { ply, clocks, .. }) => {
                Some(Message::Clock { ply: ply.saturating_sub(1), clocks, running: true })
            }
            _ => None,
        }
    } else if game.outcome().is_none()
        && (online.clocks_due
            || running != online.clocks_ran
            || (running && online.clocks_sent_ago >= CLOCK_READINGS_EVERY_SECS))
    {
        Referee::clock_message(game.game(), running)
    } else {
        None
    };
    let Some(message) = message else { return };
    online.clocks_due = false;
    online.clocks_sent_ago = 0.0;
    online.clocks_ran = running;
    for peer in seated {
        online.send(peer, &message);
    }
}

/// Guest: sets the clocks to the host's last readings once this device's
/// game has their plies (see [`share_clocks`]); a reading of 0 for the
/// seat to move ends its turn by time-out, as on the host.
pub(super) fn follow_host_clocks(
    online: Option<ResMut<Online>>,
    game: Option<ResMut<Match>>,
    mut reports: MessageWriter<MoveApplied>,
) {
    let (Some(mut online), Some(mut game)) = (online, game) else { return };
    // Under review the readings wait (a time-out among them must not be
    // lost).
    if game.reviewing().is_some() {
        return;
    }
    let played = game.game().ply_count();
    // Readings of plies this device has not had yet wait for them; older
    // ones are dropped.
    let Some((ply, clocks)) = online.host_clocks.take_if(|(ply, _)| *ply as usize <= played) else { return };
    let to_move = game.to_move();
    let Some(&(_, ms)) = clocks.iter().find(|(seat, _)| *seat == to_move) else { return };
    if ply as usize != played {
        return;
    }
    // A reading changes the clock every few seconds, as a tick does: only
    // a time-out counts as a change of the match.
    if let Some(report) = game.bypass_change_detection().set_clock(ms) {
        game.set_changed();
        info!("online: {} ran out of time on the host's clock", report.mover);
        reports.write(MoveApplied { report });
    }
}
