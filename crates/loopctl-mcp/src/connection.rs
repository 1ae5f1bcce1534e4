//! One live connection to a server, replaced when it dies, and the tool list it last gave.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, RwLock, Weak};
use std::time::Duration;

use rmcp::ClientHandler;
use rmcp::model::{
    ClientConfig, PaginatedRequestParams, ProtocolVersion, ServerNotification, SubscriptionFilter,
};
use rmcp::service::{NotificationContext, Peer, RoleClient, RunningService};
use tokio::sync::{Mutex, watch};

use crate::error::McpError;
use crate::extras::{ExtraFields, MAX_LIST_BYTES, MAX_TOOLS, ToolTap};
use crate::server::{McpServer, client_config};

/// What a set is configured with; see `McpToolSetBuilder` for each value.
#[derive(Debug, Clone)]
pub(crate) struct Options {
    pub(crate) call_timeout: Duration,
    pub(crate) connect_timeout: Duration,
    pub(crate) reconnect_attempts: u32,
    pub(crate) reconnect_delay: Duration,
    /// Whether the server's annotations count as each tool's own word.
    pub(crate) trust_annotations: bool,
    /// Faults injected in front of the server, for testing.
    pub(crate) faults: Option<Arc<crate::FaultPlan>>,
}

/// The longest pause between two reconnection attempts.
const MAX_RECONNECT_DELAY: Duration = Duration::from_secs(2);

/// The longest a health probe after a timed-out call waits.
const PROBE_TIMEOUT: Duration = Duration::from_secs(2);

/// The live client, and why the last reconnection cycle failed.
struct State {
    client: Option<RunningService<RoleClient, Handler>>,
    last_failure: Option<McpError>,
}

/// The most pages a tool list may have: a server that keeps sending
/// cursors is cut off rather than followed for ever.
const MAX_PAGES: usize = 1000;
/// However often a server says its tools changed, they are read again at
/// most this often.
const MIN_REFRESH_INTERVAL: Duration = Duration::from_secs(1);

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
    /// How many reconnection cycles failed: a call that waited through one
    /// gets its error instead of starting another.
    failed_cycles: AtomicU64,
    /// One tool-list read at a time, so an older list never lands last.
    refreshing: Mutex<()>,
    /// A background refresher is running; `again` asks it for one more read.
    refresher: AtomicBool,
    again: AtomicBool,
    tools: RwLock<Arc<Vec<rmcp::model::Tool>>>,
    /// What the connections' readers saw of the raw tool lists.
    tap: Arc<ToolTap>,
    /// The extra fields of `tools`, taken with them.
    extras: RwLock<Arc<ExtraFields>>,
    /// Bumped after every tool list that was read.
    changes: watch::Sender<u64>,
}

impl Inner {
    pub(crate) fn new(server: McpServer, options: Options) -> Arc<Self> {
        Arc::new(Self {
            server,
            options,
            state: Mutex::new(State {
                client: None,
                last_failure: None,
            }),
            connections: AtomicU64::new(0),
            failed_cycles: AtomicU64::new(0),
            refreshing: Mutex::new(()),
            refresher: AtomicBool::new(false),
            again: AtomicBool::new(false),
            tools: RwLock::new(Arc::new(Vec::new())),
            tap: Arc::default(),
            extras: RwLock::default(),
            changes: watch::Sender::new(0),
        })
    }

    /// The live connection, reconnecting first when there is none (or its
    /// transport closed, as when the child exited between calls): a child
    /// is spawned again, an HTTP endpoint reopened, with a bounded backoff.
    /// Calls that arrive meanwhile wait for the same cycle, and share its
    /// error when it fails.
    pub(crate) async fn live(self: &Arc<Self>) -> Result<Live, McpError> {
        let failed_before = self.failed_cycles.load(Ordering::Acquire);
        let mut state = self.state.lock().await;
        if let Some(client) = &state.client
            && !client.is_closed()
            && !client.peer().is_transport_closed()
        {
            return Ok(Live {
                peer: client.peer().clone(),
                generation: self.connections.load(Ordering::Acquire),
            });
        }
        if self.failed_cycles.load(Ordering::Acquire) != failed_before
            && let Some(error) = &state.last_failure
        {
            return Err(error.clone());
        }
        if let Some(mut dead) = state.client.take() {
            let _ = dead.close_with_timeout(Duration::from_secs(2)).await;
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
            let connecting = self.server.connect(handler, &self.tap);
            let error = match tokio::time::timeout(self.options.connect_timeout, connecting).await {
                Ok(Ok(client)) => {
                    let generation = self.connections.fetch_add(1, Ordering::AcqRel) + 1;
                    if generation > 1 {
                        tracing::info!(server = %self.server, connection = generation, "reconnected to the MCP server");
                    }
                    let peer = client.peer().clone();
                    self.listen_for_changes(&client);
                    state.client = Some(client);
                    state.last_failure = None;
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
        let error = McpError::Unreachable {
            server: self.server.to_string(),
            attempts,
            reason: last_error.map_or_else(String::new, |error| error.to_string()),
        };
        state.last_failure = Some(error.clone());
        self.failed_cycles.fetch_add(1, Ordering::AcqRel);
        Err(error)
    }

    /// After a call timed out: whether the server still answers at all. A
    /// server that does not answer a `tools/list` within the probe's limit
    /// is hung, and its connection is retired so the next call gets a new one.
    pub(crate) async fn probe(&self, live: &Live) {
        let limit = self.options.call_timeout.min(PROBE_TIMEOUT);
        let answered = tokio::time::timeout(limit, live.peer.list_tools(None)).await;
        if !matches!(answered, Ok(Ok(_))) {
            tracing::warn!(server = %self.server, "the MCP server does not answer; its connection is retired");
            self.lost(live.generation).await;
        }
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
            // Closed here, within a bound, so that no child outlives its
            // connection even when the runtime stops right after.
            let _ = client.close_with_timeout(Duration::from_secs(2)).await;
        }
    }

    /// Closes the live connection and waits (briefly) until it is closed,
    /// so a child process does not outlive a set that failed to start.
    pub(crate) async fn shut_down(&self) {
        let client = self.state.lock().await.client.take();
        if let Some(mut client) = client {
            let _ = client.close_with_timeout(Duration::from_secs(2)).await;
        }
    }

    /// Whether a connection is live: made, and its transport not closed.
    pub(crate) async fn is_connected(&self) -> bool {
        let state = self.state.lock().await;
        state
            .client
            .as_ref()
            .is_some_and(|client| !client.is_closed() && !client.peer().is_transport_closed())
    }

    /// How many connections have been made (1 until the first reconnect).
    pub(crate) fn connections(&self) -> u64 {
        self.connections.load(Ordering::Acquire)
    }

    /// The tools the server listed last.
    pub(crate) fn tools(&self) -> Arc<Vec<rmcp::model::Tool>> {
        Arc::clone(&loopctl_reflect_core::read(&self.tools))
    }

    /// The fields of the tools listed last that rmcp's `Tool` does not keep.
    pub(crate) fn extras(&self) -> Arc<ExtraFields> {
        Arc::clone(&loopctl_reflect_core::read(&self.extras))
    }

    /// A receiver that changes after every tool list read.
    pub(crate) fn changes(&self) -> watch::Receiver<u64> {
        self.changes.subscribe()
    }

    /// Reads the whole tool list again, following pagination, within the
    /// connect time-out and [`MAX_PAGES`] pages.
    pub(crate) async fn refresh(self: &Arc<Self>) -> Result<usize, McpError> {
        let _one_at_a_time = self.refreshing.lock().await;
        let live = self.live().await?;
        let failed = |reason: String| McpError::ListTools {
            server: self.server.to_string(),
            reason,
        };
        let limit = self.options.connect_timeout;
        let listed = match tokio::time::timeout(limit, list_every_page(&live.peer)).await {
            Ok(Ok(listed)) => listed,
            Ok(Err(ListError::Service(error))) => {
                if matches!(error, rmcp::ServiceError::TransportClosed)
                    || live.peer.is_transport_closed()
                {
                    self.lost(live.generation).await;
                }
                return Err(failed(self.server.scrub(&error.to_string())));
            }
            Ok(Err(ListError::Endless)) => {
                return Err(failed(format!(
                    "its tool list did not end after {MAX_PAGES} pages or repeated a cursor"
                )));
            }
            Ok(Err(ListError::TooLarge)) => {
                return Err(failed(format!(
                    "its tool list is over {MAX_TOOLS} tools or {MAX_LIST_BYTES} bytes; the last list is kept"
                )));
            }
            Err(_) => {
                self.lost(live.generation).await;
                return Err(failed(format!("no answer within {} ms", limit.as_millis())));
            }
        };
        let count = listed.len();
        let extras = self
            .tap
            .for_tools(listed.iter().map(|tool| tool.name.as_ref()));
        *loopctl_reflect_core::write(&self.extras) = Arc::new(extras);
        *loopctl_reflect_core::write(&self.tools) = Arc::new(listed);
        self.changes.send_modify(|version| *version += 1);
        tracing::debug!(server = %self.server, tools = count, "tool list read");
        Ok(count)
    }

    /// Reads the tool list again soon. However many notifications arrive,
    /// one refresher runs, at most once per [`MIN_REFRESH_INTERVAL`], and
    /// reads once more if another came while it read.
    fn refresh_in_background(self: &Arc<Self>) {
        self.again.store(true, Ordering::Release);
        if self.refresher.swap(true, Ordering::AcqRel) {
            return;
        }
        // Weak, so that a refresh that hangs does not keep a dropped set's server alive.
        let inner = Arc::downgrade(self);
        tokio::spawn(async move {
            let mut last: Option<tokio::time::Instant> = None;
            loop {
                if let Some(last) = last {
                    tokio::time::sleep_until(last + MIN_REFRESH_INTERVAL).await;
                }
                let Some(inner) = inner.upgrade() else { return };
                if !inner.again.swap(false, Ordering::AcqRel) {
                    inner.refresher.store(false, Ordering::Release);
                    // A notification between the swap and the store would
                    // find the flag still set and leave its read undone.
                    if inner.again.load(Ordering::Acquire)
                        && !inner.refresher.swap(true, Ordering::AcqRel)
                    {
                        continue;
                    }
                    return;
                }
                last = Some(tokio::time::Instant::now());
                if let Err(error) = inner.refresh().await {
                    tracing::warn!(%error, "refreshing the tool list failed");
                }
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
        let server = self.server.clone();
        tokio::spawn(async move {
            let filter = SubscriptionFilter::builder().tools_list_changed().build();
            let mut subscription = match peer.listen(filter).await {
                Ok(subscription) => subscription,
                Err(error) => {
                    tracing::debug!(error = %server.scrub(&error.to_string()), "the server did not accept a tools/list_changed subscription");
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

/// Why a tool list could not be read.
enum ListError {
    Service(rmcp::ServiceError),
    /// More than [`MAX_PAGES`] pages, or a cursor seen before.
    Endless,
    /// More than [`MAX_TOOLS`] tools or [`MAX_LIST_BYTES`] bytes.
    TooLarge,
}

/// Every page of `tools/list`, following `nextCursor`.
async fn list_every_page(peer: &Peer<RoleClient>) -> Result<Vec<rmcp::model::Tool>, ListError> {
    let mut tools = Vec::new();
    let mut bytes = 0;
    let mut cursors = HashSet::new();
    let mut cursor: Option<String> = None;
    for _ in 0..MAX_PAGES {
        let params = cursor
            .take()
            .map(|next| PaginatedRequestParams::default().with_cursor(Some(next)));
        let page = peer.list_tools(params).await.map_err(ListError::Service)?;
        bytes += page
            .tools
            .iter()
            .map(|tool| serde_json::to_vec(tool).map_or(0, |json| json.len()))
            .sum::<usize>();
        tools.extend(page.tools);
        if tools.len() > MAX_TOOLS || bytes > MAX_LIST_BYTES {
            return Err(ListError::TooLarge);
        }
        match page.next_cursor {
            Some(next) if !cursors.insert(next.clone()) => return Err(ListError::Endless),
            Some(next) => cursor = Some(next),
            None => return Ok(tools),
        }
    }
    Err(ListError::Endless)
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
