//! The connection to the room's other peers: a `bevy_matchbox` socket with
//! one reliable, ordered data channel, opened on the signalling server's
//! room named by the code.

use bevy::prelude::*;
use bevy_matchbox::matchbox_socket::RtcIceServerConfig;
use bevy_matchbox::prelude::{MatchboxSocket, PeerState, WebRtcSocketBuilder};
use online_protocol::RoomCode;

use crate::options::GameOptions;

pub use bevy_matchbox::prelude::PeerId;

/// The port `matchbox_server` listens on unless told otherwise (and the
/// one `cargo xtask signal` and `web --serve` use).
pub const DEFAULT_SIGNAL_PORT: u16 = 3536;

/// One room's socket.
pub(super) struct Transport {
    socket: MatchboxSocket,
    url: String,
}

/// The signalling server's address: `--signal`/`?signal=`, else natively
/// `ws://127.0.0.1:3536`, in the browser the page's own host on that port.
fn signal_url(options: &GameOptions) -> String {
    if let Some(url) = &options.signal {
        return url.trim_end_matches('/').to_owned();
    }
    #[cfg(target_arch = "wasm32")]
    if let Some(location) = web_sys::window().map(|w| w.location()) {
        let secure = location.protocol().is_ok_and(|p| p == "https:");
        let host = location.hostname().unwrap_or_else(|_| "127.0.0.1".into());
        return format!("{}://{host}:{DEFAULT_SIGNAL_PORT}", if secure { "wss" } else { "ws" });
    }
    format!("ws://127.0.0.1:{DEFAULT_SIGNAL_PORT}")
}

/// The STUN/TURN servers given (`stun:host:port`,
/// `turn:user:password@host:port`): none by default, which works on one
/// network and on loopback.
fn ice_servers(options: &GameOptions) -> RtcIceServerConfig {
    let mut config = RtcIceServerConfig { urls: Vec::new(), username: None, credential: None };
    for url in &options.ice {
        match url.split_once('@') {
            Some((scheme_user, host)) => {
                let (scheme, user) = scheme_user.split_once(':').unwrap_or((scheme_user, ""));
                let (user, password) = user.split_once(':').unwrap_or((user, ""));
                config.urls.push(format!("{scheme}:{host}"));
                config.username.get_or_insert_with(|| user.to_owned());
                config.credential.get_or_insert_with(|| password.to_owned());
            }
            None => config.urls.push(url.clone()),
        }
    }
    config
}

impl Transport {
    /// Connects to the room of `code` on the signalling server of
    /// `options` (the connection is made in the background: peers appear
    /// in [`Transport::peer_changes`]).
    pub(super) fn open(options: &GameOptions, code: RoomCode) -> Transport {
        let url = format!("{}/{}", signal_url(options), code.room_name());
        let builder =
            WebRtcSocketBuilder::new(url.clone()).ice_server(ice_servers(options)).add_reliable_channel();
        Transport { socket: MatchboxSocket::from(builder), url }
    }

    /// The room's address.
    pub(super) fn room_url(&self) -> &str {
        &self.url
    }

    /// Peers connected (`true`) or gone (`false`) since the last call.
    pub(super) fn peer_changes(&mut self) -> Vec<(PeerId, bool)> {
        match self.socket.try_update_peers() {
            Ok(changes) => {
                changes.into_iter().map(|(peer, state)| (peer, state == PeerState::Connected)).collect()
            }
            Err(e) => {
                warn!("online: the connection to the room is closed: {e}");
                Vec::new()
            }
        }
    }

    /// The messages received since the last call, as bytes.
    pub(super) fn receive(&mut self) -> Vec<(PeerId, Box<[u8]>)> {
        match self.socket.get_channel_mut(0) {
            Ok(channel) => {
                channel.receive().into_iter().map(|(peer, packet)| (peer, packet.to_vec().into())).collect()
            }
            Err(_) => Vec::new(),
        }
    }

    /// Sends the frame `bytes` to `peer` (dropped with a warning if the
    /// channel is closed: the peer gets the whole record when it comes
    /// back).
    pub(super) fn send(&mut self, peer: PeerId, bytes: Vec<u8>) {
        match self.socket.get_channel_mut(0) {
            Ok(channel) => {
                if let Err(e) = channel.try_send(bytes.into(), peer) {
                    warn!("online: cannot send to {peer}: {e}");
                }
            }
            Err(e) => warn!("online: no channel to send on: {e}"),
        }
    }
}
