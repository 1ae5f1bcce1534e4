//! [`McpToolSet`]: connect to a server, list its tools, and hand them to a registry.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use loopctl_driver::ToolRegistry;
use tokio::sync::watch;

use crate::connection::{Inner, Options};
use crate::error::McpError;
use crate::server::McpServer;
use crate::tool::McpTool;

/// Every tool of one MCP server, as loopctl tools that share one connection.
///
/// The connection is re-made when it dies (a child process is spawned again,
/// an HTTP endpoint reopened) before the next call, with a bounded backoff
/// of its own. When the server announces `notifications/tools/list_changed`,
/// the list is read again and [`changes`](Self::changes) ticks.
///
/// ```no_run
/// # async fn run() -> Result<(), loopctl_mcp::McpError> {
/// use loopctl_driver::{Dispatcher, ToolRegistry};
/// use loopctl_mcp::{McpServer, McpToolSet};
///
/// let server = McpServer::stdio("npx")
///     .args(["-y", "@modelcontextprotocol/server-filesystem", "/data"]);
/// let set = McpToolSet::connect(server).await?;
/// let mut registry = ToolRegistry::new();
/// set.register_into(&mut registry);
/// let dispatcher = Dispatcher::new(registry);
/// # let _ = dispatcher;
/// # Ok(())
/// # }
/// ```
#[derive(Clone)]
pub struct McpToolSet {
    inner: Arc<Inner>,
}

impl McpToolSet {
    /// Connects with the default settings and lists the server's tools.
    ///
    /// # Errors
    /// When the server cannot be started or reached, or does not list its tools.
    pub async fn connect(server: McpServer) -> Result<Self, McpError> {
        Self::builder(server).connect().await
    }

    /// A builder, to change time-outs, reconnection or the unknown-outcome rule.
    pub fn builder(server: McpServer) -> McpToolSetBuilder {
        McpToolSetBuilder {
            server,
            options: Options {
                call_timeout: McpToolSetBuilder::DEFAULT_CALL_TIMEOUT,
                connect_timeout: McpToolSetBuilder::DEFAULT_CONNECT_TIMEOUT,
                reconnect_attempts: McpToolSetBuilder::DEFAULT_RECONNECT_ATTEMPTS,
                reconnect_delay: McpToolSetBuilder::DEFAULT_RECONNECT_DELAY,
                trust_annotations: false,
                faults: None,
            },
        }
    }

    /// One loopctl tool per tool the server listed last, in its order.
    pub fn tools(&self) -> Vec<McpTool> {
        self.inner
            .tools()
            .iter()
            .map(|tool| McpTool::new(Arc::clone(&self.inner), tool))
            .collect()
    }

    /// The tool called `name`, when the server lists it.
    pub fn tool(&self, name: &str) -> Option<McpTool> {
        self.inner
            .tools()
            .iter()
            .find(|tool| tool.name == name)
            .map(|tool| McpTool::new(Arc::clone(&self.inner), tool))
    }

    /// The server's tools as it listed them (annotations, output schemas
    /// and all), for a proxy that lists them as its own; fields rmcp does
    /// not know are in [`extra_fields`](Self::extra_fields).
    pub fn listed(&self) -> Arc<Vec<rmcp::model::Tool>> {
        self.inner.tools()
    }

    /// The fields of each listed tool that [`listed`](Self::listed)'s
    /// `Tool` has no place for (such as `execution`), by tool name, as the
    /// server sent them, so that a proxy can list the tools unchanged.
    /// Read from the server's raw answers: a child's stdout as it is read,
    /// an HTTP event stream as it passes, or (for an answer in one JSON
    /// body, which rmcp types before anyone sees it) one more raw
    /// `tools/list` in the same session.
    pub fn extra_fields(&self) -> Arc<crate::ExtraFields> {
        self.inner.extras()
    }

    /// Registers every tool; returns how many. A tool of the same name
    /// already in `registry` is replaced.
    pub fn register_into(&self, registry: &mut ToolRegistry) -> usize {
        let tools = self.tools();
        let count = tools.len();
        for tool in tools {
            registry.register(tool);
        }
        count
    }

    /// Reads the tool list again now; returns how many tools it has.
    ///
    /// # Errors
    /// When the server cannot be reached or does not list its tools.
    pub async fn refresh(&self) -> Result<usize, McpError> {
        self.inner.refresh().await
    }

    /// Ticks after every tool list read, including those a server's
    /// `list_changed` notification causes: the moment to rebuild a
    /// registry from [`tools`](Self::tools).
    pub fn changes(&self) -> watch::Receiver<u64> {
        self.inner.changes()
    }

    /// Whether the connection to the server is live right now: made, and its
    /// transport not closed (a child that exited, a dropped stream). The next
    /// call reconnects when it is not.
    pub async fn is_connected(&self) -> bool {
        self.inner.is_connected().await
    }

    /// How many connections have been made: 1 until the first reconnect.
    pub fn connections(&self) -> u64 {
        self.inner.connections()
    }

    /// The server this set talks to.
    pub fn server(&self) -> &McpServer {
        &self.inner.server
    }
}

impl fmt::Debug for McpToolSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("McpToolSet")
            .field("server", &self.inner.server)
            .field("tools", &self.inner.tools().len())
            .field("connections", &self.inner.connections())
            .finish()
    }
}

/// Settings for an [`McpToolSet`]; [`connect`](Self::connect) finishes.
#[derive(Debug, Clone)]
#[must_use]
pub struct McpToolSetBuilder {
    server: McpServer,
    options: Options,
}

impl McpToolSetBuilder {
    /// How long one `tools/call` may take before it is cancelled: 30 s.
    /// Below the driver's limits, so that the set, which knows whether the
    /// request went out, is the one that reports it.
    pub const DEFAULT_CALL_TIMEOUT: Duration = Duration::from_secs(30);
    /// How long starting a server and its handshake may take: 60 s, since
    /// `npx` may install the server first.
    pub const DEFAULT_CONNECT_TIMEOUT: Duration = Duration::from_secs(60);
    /// Connection attempts before a call reports the server unreachable: 3.
    pub const DEFAULT_RECONNECT_ATTEMPTS: u32 = 3;
    /// The first pause between connection attempts: 100 ms, doubling up to 2 s.
    pub const DEFAULT_RECONNECT_DELAY: Duration = Duration::from_millis(100);

    /// Sets how long one `tools/call` may take before it is cancelled.
    pub fn call_timeout(mut self, timeout: Duration) -> Self {
        self.options.call_timeout = timeout;
        self
    }

    /// Sets how long starting the server and its handshake may take.
    pub fn connect_timeout(mut self, timeout: Duration) -> Self {
        self.options.connect_timeout = timeout;
        self
    }

    /// Sets how many times a lost connection is re-made before a call
    /// reports the server unreachable (at least 1), and the first pause.
    pub fn reconnect(mut self, attempts: u32, first_delay: Duration) -> Self {
        self.options.reconnect_attempts = attempts.max(1);
        self.options.reconnect_delay = first_delay;
        self
    }

    /// With `true`, the server's annotations (`readOnlyHint`,
    /// `destructiveHint`, `idempotentHint`) count as each tool's own word on
    /// what it does; a declaration in the dispatcher's `SafetyPolicy` still
    /// wins. Off by default, as the MCP specification advises: a server may
    /// say anything of its tools, and without trust every tool is of unknown
    /// effect until the user declares it.
    pub fn trust_annotations(mut self, trust: bool) -> Self {
        self.options.trust_annotations = trust;
        self
    }

    /// Injects the faults of `plan` in front of the server, for testing how
    /// an agent copes when its tools fail: each call of a tool is numbered,
    /// and the plan decides from its seed whether the call is delayed,
    /// answered with an error result or a JSON-RPC error, or loses its
    /// connection. Every injected fault is logged at `warn` with target
    /// `loopctl::inject`, and its text says it was injected.
    pub fn faults(mut self, plan: Arc<crate::FaultPlan>) -> Self {
        self.options.faults = Some(plan);
        self
    }

    /// Connects and lists the tools.
    ///
    /// # Errors
    /// When the server cannot be started or reached, or does not list its tools.
    pub async fn connect(self) -> Result<McpToolSet, McpError> {
        let inner = Inner::new(self.server, self.options);
        if let Err(error) = inner.refresh().await {
            inner.shut_down().await;
            return Err(error);
        }
        Ok(McpToolSet { inner })
    }
}
