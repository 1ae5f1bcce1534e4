//! One live connection to a server, replaced when it dies, and the tool list it last gave.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock, Weak};
use std::time::Duration;

use loopctl_driver::ToolRisk;
use rmcp::ClientHandler;
use rmcp::model::{ClientConfig, ProtocolVersion, ServerNotification, SubscriptionFilter};
use rmcp::service::{NotificationContext, Peer, RoleClient, RunningService};
use tokio::sync::{Mutex, watch};

use crate::error::McpError;
use crate::server::{McpServer, client_config};

/// What a set is configured with; see `McpToolSetBuilder` for each value.
#[derive(Debug, Clone)]
pub(crate) struct Options {
    pub(crate) call_timeout: Duration,
    pub(crate) connect_timeout: Duration,
    pub(crate) reconnect_attempts: u32,
    pub(crate) reconnect_delay: Duration,
    pub(crate) trust_annotations: bool,
    /// The user's word on whether a tool may run again after an unknown outcome.
    pub(crate) repeat_unknown: HashMap<String, bool>,
    /// The user's word on what tools do, over the server's hints.
    pub(crate) risks: HashMap<String, ToolRisk>,
}

/// The longest pause between two reconnection attempts.
const MAX_RECONNECT_DELAY: Duration = Duration::from_secs(2);

/// The live client and the number of the connection it belongs to.
struct State {
    client: Option<RunningService<RoleClient, Handler>>,
}

/// A connection a call can use: a cheap handle on the running client and
/// the connection's number, so a failure retires only the connection it saw.
pub(crate) struct Live {
    pub(crate) peer: Peer<RoleClient>,
    pub(crate) generation: u64,
}

/// Everything the tools of one set share.
pub(crate) struct Inner {
    pub(crate) server: McpServer,
    pub(crate) options: Options,
    state: Mutex<State>,
    /// How many connections were made; the live one has this number.
    connections: AtomicU64,
    tools: RwLock<Arc<Vec<rmcp::model::Tool>>>,
    /// Bumped after every tool list that was read.
    changes: watch::Sender<u64>,
}

impl Inner {
    pub(crate) fn new(server: McpServer, options: Options) -> Arc<Self> {
        Arc::new(Self {
            server,
            options,
            state: Mutex::new(State { client: None }),
            connections: AtomicU64::new(0),
            tools: RwLock::new(Arc::new(Vec::new())),
            changes: watch::Sender::new(0),
        })
    }

    /// The live connection, reconnecting first when there is none: a
    /// child is spawned again, an HTTP endpoint reopened, with a bounded
    /// backoff. Calls that arrive meanwhile wait for the same attempt.
    pub(crate) async fn live(self: &Arc<Self>) -> Result<Live, McpError> {
        let mut state = self.state.lock().await;
        if let Some(client) = &state.client
            && !client.is_closed()
        {
            return Ok(Live {
                peer: client.peer().clone(),
                generation: self.connections.load(Ordering::Acquire),
            });
        }
        let mut delay = self.options.reconnect_delay;
        let mut last_error = None;
        let attempts = self.options.reconnect_attempts.max(1);
        for attempt in 0..attempts {
            if attempt > 0 {
                tokio::time::sleep(delay).await;
                delay = (delay * 2).min(MAX_RECONNECT_DELAY);
            }
            let handler = Handler {
                inner: Arc::downgrade(self),
            };
            let connecting = self.server.connect(handler);
            let error = match tokio::time::timeout(self.options.connect_timeout, connecting).await {
                Ok(Ok(client)) => {
                    let generation = self.connections.fetch_add(1, Ordering::AcqRel) + 1;
                    if generation > 1 {
                        tracing::info!(server = %self.server, connection = generation, "reconnected to the MCP server");
                    }
                    let peer = client.peer().clone();
                    self.listen_for_changes(&client);
                    state.client = Some(client);
                    if generation > 1 {
                        // A restarted server may list other tools than the one before it.
                        self.refresh_in_background();
                    }
                    return Ok(Live { peer, generation });
                }
                Ok(Err(error)) => error,
                Err(_) => McpError::Handshake {
                    server: self.server.to_string(),
                    reason: format!(
                        "no answer within {} ms",
                        self.options.connect_timeout.as_millis()
                    ),
                },
            };
            tracing::warn!(server = %self.server, attempt = attempt + 1, %error, "connecting to the MCP server failed");
            last_error = Some(error);
        }
        Err(McpError::Unreachable {
            server: self.server.to_string(),
            attempts,
            reason: last_error.map_or_else(String::new, |error| error.to_string()),
        })
    }

    /// Retires connection `generation` after a transport failure, so the
    /// next call reconnects; a newer connection is left alone.
    pub(crate) async fn lost(&self, generation: u64) {
        let mut state = self.state.lock().await;
        if self.connections.load(Ordering::Acquire) != generation {
            return;
        }
        if let Some(mut client) = state.client.take() {
            tracing::warn!(server = %self.server, connection = generation, "the MCP connection was lost; the next call reconnects");
            // Closing waits for the transport to wind down; the caller must not.
            tokio::spawn(async move {
                let _ = client.close_with_timeout(Duration::from_secs(2)).await;
            });
        }
    }

    /// How many connections have been made (1 until the first reconnect).
    pub(crate) fn connections(&self) -> u64 {
        self.connections.load(Ordering::Acquire)
    }

    /// The tools the server listed last.
    pub(crate) fn tools(&self) -> Arc<Vec<rmcp::model::Tool>> {
        Arc::clone(
            &self
                .tools
                .read()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
        )
    }

    /// A receiver that changes after every tool list read.
    pub(crate) fn changes(&self) -> watch::Receiver<u64> {
        self.changes.subscribe()
    }

    /// Reads the whole tool list again, following pagination.
    pub(crate) async fn refresh(self: &Arc<Self>) -> Result<usize, McpError> {
        let live = self.live().await?;
        let listed = match live.peer.list_all_tools().await {
            Ok(listed) => listed,
            Err(error) => {
                if matches!(
                    error,
                    rmcp::ServiceError::TransportClosed | rmcp::ServiceError::TransportSend(_)
                ) {
                    self.lost(live.generation).await;
                }
                return Err(McpError::ListTools {
                    server: self.server.to_string(),
                    reason: error.to_string(),
                });
            }
        };
        let count = listed.len();
        *self
            .tools
            .write()
            .unwrap_or_else(std::sync::PoisonError::into_inner) = Arc::new(listed);
        self.changes.send_modify(|version| *version += 1);
        tracing::debug!(server = %self.server, tools = count, "tool list read");
        Ok(count)
    }

    fn refresh_in_background(self: &Arc<Self>) {
        let inner = Arc::clone(self);
        tokio::spawn(async move {
            if let Err(error) = inner.refresh().await {
                tracing::warn!(%error, "refreshing the tool list failed");
            }
        });
    }

    /// On protocol 2026-07-28 and later, change notifications come through
    /// a subscription; older servers send them unasked to the handler.
    fn listen_for_changes(self: &Arc<Self>, client: &RunningService<RoleClient, Handler>) {
        let Some(info) = client.peer().peer_info() else {
            return;
        };
        let announces = info
            .capabilities
            .tools
            .as_ref()
            .and_then(|tools| tools.list_changed)
            == Some(true);
        if !announces || info.protocol_version.as_str() < ProtocolVersion::V_2026_07_28.as_str() {
            return;
        }
        let peer = client.peer().clone();
        let inner = Arc::downgrade(self);
        tokio::spawn(async move {
            let filter = SubscriptionFilter::builder().tools_list_changed().build();
            let mut subscription = match peer.listen(filter).await {
                Ok(subscription) => subscription,
                Err(error) => {
                    tracing::debug!(%error, "the server did not accept a tools/list_changed subscription");
                    return;
                }
            };
            while let Ok(Some(notification)) = subscription.next().await {
                if let ServerNotification::ToolListChangedNotification(_) = notification {
                    let Some(inner) = inner.upgrade() else { return };
                    inner.refresh_in_background();
                }
            }
        });
    }
}

/// The client side of the connection: answers the server's notifications.
#[derive(Clone)]
pub(crate) struct Handler {
    inner: Weak<Inner>,
}

impl ClientHandler for Handler {
    async fn on_tool_list_changed(&self, _context: NotificationContext<RoleClient>) {
        if let Some(inner) = self.inner.upgrade() {
            tracing::debug!(server = %inner.server, "the server says its tools changed");
            inner.refresh_in_background();
        }
    }

    fn get_info(&self) -> ClientConfig {
        client_config()
    }
}
