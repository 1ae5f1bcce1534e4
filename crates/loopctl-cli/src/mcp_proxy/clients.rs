//! The clients to tell when the tools the proxy lists change: bounded, forgetting those whose session ended, each told within its own time-out.

use std::sync::Mutex;
use std::time::Duration;

use rmcp::service::{Peer, RoleServer};

/// The most clients told about a tool change; past it the oldest go.
const MAX_CLIENTS: usize = 65_536;
/// How long one client may take to accept a tool-change notice.
const NOTIFY_TIMEOUT: Duration = Duration::from_secs(5);

/// Clients to tell about tool changes.
#[derive(Default)]
pub(crate) struct Clients {
    peers: Mutex<Vec<Peer<RoleServer>>>,
}

impl Clients {
    /// Keeps `peer`, forgetting those whose session ended; `only_one`
    /// keeps the first client alone (stdio).
    pub(crate) fn keep(&self, peer: &Peer<RoleServer>, only_one: bool) {
        let mut peers = loopctl_reflect_core::lock(&self.peers);
        peers.retain(|client| !client.is_transport_closed());
        if only_one && !peers.is_empty() {
            return;
        }
        if peers.len() >= MAX_CLIENTS {
            peers.remove(0);
        }
        peers.push(peer.clone());
    }

    /// Sends `notifications/tools/list_changed` to every client still
    /// there, all at once, each within its own time-out: a stuck client
    /// delays nobody else.
    pub(crate) async fn tell(&self) {
        let peers: Vec<Peer<RoleServer>> = {
            let mut peers = loopctl_reflect_core::lock(&self.peers);
            peers.retain(|client| !client.is_transport_closed());
            peers.clone()
        };
        let told =
            futures::future::join_all(peers.iter().map(|client| {
                tokio::time::timeout(NOTIFY_TIMEOUT, client.notify_tool_list_changed())
            }))
            .await;
        let failed = told
            .iter()
            .filter(|told| !matches!(told, Ok(Ok(()))))
            .count();
        if failed > 0 {
            tracing::debug!(failed, "some clients were not told that the tools changed");
        }
    }
}
