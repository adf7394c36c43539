//! The online game's automation events: `{"event":"online","state":
//! "hosting|connected|waiting|rejected|watchers","room":…,"seats":…,
//! "watching":…,"watchers":…}`, one per change (a rejection carries its
//! `reason`).

use bevy::prelude::*;
use serde_json::json;

use super::output::emit;
use crate::online::{Online, OnlineChanged, OnlineState};

/// Reports each change of the online game.
pub(super) fn report_online(mut changes: MessageReader<OnlineChanged>, online: Option<Res<Online>>) {
    for change in changes.read() {
        let Some(online) = online.as_deref() else { continue };
        let seats: Vec<_> = online
            .referee
            .seats()
            .iter()
            .map(|(seat, holder)| json!({"seat": seat, "holder": holder, "mine": online.referee.is_mine(*seat)}))
            .collect();
        let (state, reason) = match change {
            OnlineChanged::State(state) => (state.id(), None),
            OnlineChanged::Rejected(reason) => ("rejected", Some(reason.clone())),
            OnlineChanged::Watchers(_) => ("watchers", None),
        };
        emit(&json!({"event": "online", "state": state, "room": online.code.to_string(),
            "url": online.room_url(), "host": online.is_host(), "seats": seats,
            "awaited": online.awaited(), "reason": reason,
            "watching": online.is_watching(), "watchers": online.watchers(),
            "connected": online.state == OnlineState::Connected}));
    }
}
