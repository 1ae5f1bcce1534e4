//! The proxy's MCP server side: each client session served by an upstream connection of its own (or by the shared one), each call through the recovery loop.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use loopctl_mcp::{McpToolSet, McpToolSetBuilder};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, Implementation, InitializeRequestParams,
    InitializeResult, ListToolsResult, PaginatedRequestParams, ProtocolVersion, ServerCapabilities,
    ServerConfig,
};
use rmcp::service::{NotificationContext, RequestContext, RoleServer};
use rmcp::{ErrorData, ServerHandler};

use super::circuits::Circuits;
use super::drain::Drain;
pub(crate) use super::served::Assemble;
use super::served::Served;
use super::session::{SessionMark, Sessions};

/// What every session of the proxy shares.
pub(crate) struct Proxy {
    /// The first connection: the stdio client's, every client's in the
    /// shared mode.
    shared: Arc<Served>,
    /// How to open a connection of a session's own; `None` when clients
    /// share the first one.
    per_client: Option<McpToolSetBuilder>,
    assemble: Arc<Assemble>,
    instructions: Option<String>,
    /// Serving one client on stdio (rather than many over HTTP).
    stdio: bool,
    /// Calls in flight, for a graceful stop.
    drain: Arc<Drain>,
    /// Client sessions alive.
    sessions: Arc<Sessions>,
    /// Numbers handlers, so that call ids are unique in the process.
    serials: AtomicU64,
    /// One circuit per tool, for every session.
    circuits: Arc<Circuits>,
}

impl Proxy {
    /// A proxy over `set`; with `per_client`, each HTTP session gets a
    /// connection of its own from that builder.
    pub(crate) fn new(
        set: McpToolSet,
        per_client: Option<McpToolSetBuilder>,
        assemble: Arc<Assemble>,
        stdio: bool,
        drain: Arc<Drain>,
        circuits: Arc<Circuits>,
    ) -> Arc<Self> {
        Arc::new(Self {
            shared: Served::new(set, Arc::clone(&assemble)),
            per_client: per_client.filter(|_| !stdio),
            assemble,
            instructions: None,
            stdio,
            drain,
            sessions: Arc::default(),
            serials: AtomicU64::new(0),
            circuits,
        })
    }
}

/// What one handler knows of its session.
struct Session {
    mark: SessionMark,
    serial: u64,
    own: tokio::sync::OnceCell<Arc<Served>>,
}

/// The rmcp server handler: a cheap handle on the shared proxy, and its
/// own session.
#[derive(Clone)]
pub(crate) struct ProxyHandler {
    proxy: Arc<Proxy>,
    session: Arc<Session>,
}

impl ProxyHandler {
    /// A handler for the stdio client, or for a new HTTP session (or
    /// request, for a client without sessions).
    pub(crate) fn new(proxy: Arc<Proxy>) -> Self {
        let session = Session {
            mark: SessionMark::new(&proxy.sessions),
            serial: proxy.serials.fetch_add(1, Ordering::Relaxed),
            own: tokio::sync::OnceCell::new(),
        };
        Self {
            proxy,
            session: Arc::new(session),
        }
    }

    /// A handler for the next session.
    pub(crate) fn for_session(&self) -> Self {
        Self::new(Arc::clone(&self.proxy))
    }

    /// The connection this session's calls go to.
    fn served(&self) -> &Arc<Served> {
        self.session.own.get().unwrap_or(&self.proxy.shared)
    }

    /// Opens this session's own connection, in the per-client mode.
    async fn open_own(&self) -> Result<(), ErrorData> {
        let Some(builder) = &self.proxy.per_client else {
            return Ok(());
        };
        let set = builder.clone().connect().await.map_err(|error| {
            let shown = loopctl_redact::Redactor::standard()
                .text(&error.to_string())
                .into_owned();
            tracing::warn!(error = %shown, "the upstream did not start for a new session");
            ErrorData::internal_error(
                format!("the upstream did not start for this session: {shown}"),
                None,
            )
        })?;
        let served = Served::new(set, Arc::clone(&self.proxy.assemble));
        let _ = self.session.own.set(served);
        Ok(())
    }
}

impl ServerHandler for ProxyHandler {
    fn get_info(&self) -> ServerConfig {
        let capabilities = ServerCapabilities::builder()
            .enable_tools()
            .enable_tool_list_changed()
            .build();
        let mut config = ServerConfig::new(capabilities).with_server_info(Implementation::new(
            "loopctl-mcp-proxy",
            env!("CARGO_PKG_VERSION"),
        ));
        if let Some(instructions) = &self.proxy.instructions {
            config = config.with_instructions(instructions.clone());
        }
        config
    }

    /// With a connection per session, a client must open a session: a
    /// client on 2026-07-28 (which has none) falls back to the handshake.
    fn supported_protocol_versions(&self) -> std::borrow::Cow<'static, [ProtocolVersion]> {
        if self.proxy.per_client.is_some() {
            std::borrow::Cow::Borrowed(ProtocolVersion::known_up_to(
                &ProtocolVersion::LATEST_WITH_INITIALIZE,
            ))
        } else {
            std::borrow::Cow::Borrowed(ProtocolVersion::KNOWN_VERSIONS)
        }
    }

    async fn initialize(
        &self,
        request: InitializeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<InitializeResult, ErrorData> {
        self.session.mark.open();
        self.open_own().await?;
        context.peer.set_peer_info(request.clone());
        self.negotiate_initialize(&request)
    }

    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        self.served().keep_client(&context.peer, self.proxy.stdio);
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        // On stdio, the one client: a client on 2026-07-28 sends no
        // `notifications/initialized`, so its first request names it.
        if self.proxy.stdio {
            self.served().keep_client(&context.peer, true);
        }
        let mut tools = self.served().listed().as_ref().clone();
        if self.proxy.stdio || has_session(&context) {
            super::transparent::mark(&mut tools, &self.served().extra_fields());
        }
        Ok(ListToolsResult::with_all_items(tools))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        if self.proxy.stdio {
            self.served().keep_client(&context.peer, true);
        }
        let id = format!("{}.{}", self.session.serial, context.id);
        let result = self
            .served()
            .call(
                id,
                request,
                &context,
                &self.proxy.drain,
                &self.proxy.circuits,
            )
            .await;
        Ok(CallToolResponse::Complete(result))
    }
}

/// Whether an HTTP request came within a session, whose transport lifts
/// the carried fields; a request without one is answered by rmcp alone,
/// so its tools are listed as rmcp knows them.
fn has_session(context: &RequestContext<RoleServer>) -> bool {
    context
        .extensions
        .get::<http::request::Parts>()
        .is_some_and(|parts| parts.headers.contains_key("mcp-session-id"))
}
