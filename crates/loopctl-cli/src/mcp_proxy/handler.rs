//! The proxy's MCP server side: each client session served by an upstream connection of its own (or by the shared one), each call through the recovery loop.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
    InitializeRequestParams, InitializeResult, ListToolsResult, PaginatedRequestParams,
    ProtocolVersion, ServerCapabilities, ServerConfig,
};
use rmcp::service::{NotificationContext, RequestContext, RoleServer};
use rmcp::{ErrorData, ServerHandler};
use tracing::Instrument;

use super::clients::Clients;
use super::drain::Drain;
pub(crate) use super::served::Assemble;
use super::served::Served;
use super::session::{SessionMark, Sessions};
use super::upstreams::Upstreams;

/// What every session of the proxy shares.
pub(crate) struct Proxy {
    /// The servers behind the proxy, and where each name leads.
    upstreams: Arc<Upstreams>,
    /// Whether each HTTP session gets connections of its own.
    per_client: bool,
    instructions: Option<String>,
    /// Serving one client on stdio (rather than many over HTTP).
    stdio: bool,
    /// Calls in flight, for a graceful stop.
    drain: Arc<Drain>,
    /// Client sessions alive.
    sessions: Arc<Sessions>,
    /// Numbers handlers, so that call ids are unique in the process.
    serials: AtomicU64,
    /// The clients of the shared connections, told when tools change.
    clients: Arc<Clients>,
}

impl Proxy {
    /// A proxy over `upstreams`; with `per_client`, each HTTP session gets
    /// connections of its own from each upstream's builder.
    pub(crate) fn new(
        upstreams: Arc<Upstreams>,
        clients: Arc<Clients>,
        per_client: bool,
        stdio: bool,
        drain: Arc<Drain>,
    ) -> Arc<Self> {
        Arc::new(Self {
            upstreams,
            per_client: per_client && !stdio,
            instructions: None,
            stdio,
            drain,
            sessions: Arc::default(),
            serials: AtomicU64::new(0),
            clients,
        })
    }
}

/// A session's own connections, one per upstream (`None` for a server
/// that did not start for it), and its one client.
struct Own {
    served: Vec<Option<Arc<Served>>>,
    clients: Arc<Clients>,
}

/// What one handler knows of its session.
struct Session {
    mark: SessionMark,
    serial: u64,
    own: tokio::sync::OnceCell<Own>,
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

    /// The connection this session's calls to upstream `index` go to.
    fn served(&self, index: usize) -> Option<Arc<Served>> {
        match self.session.own.get() {
            Some(own) => own.served.get(index).cloned().flatten(),
            None => self.proxy.upstreams.list().get(index)?.shared(),
        }
    }

    /// The clients told when this session's tools change.
    fn clients(&self) -> &Arc<Clients> {
        self.session
            .own
            .get()
            .map_or(&self.proxy.clients, |own| &own.clients)
    }

    /// Opens this session's own connections, in the per-client mode. With
    /// one upstream, one that does not start fails the session; with
    /// several, the session goes on without it.
    async fn open_own(&self) -> Result<(), ErrorData> {
        if !self.proxy.per_client {
            return Ok(());
        }
        let upstreams = self.proxy.upstreams.list();
        let clients = Arc::new(Clients::default());
        let connected = futures::future::join_all(
            upstreams
                .iter()
                .map(|upstream| upstream.builder.clone().connect()),
        )
        .await;
        let mut served = Vec::with_capacity(upstreams.len());
        for (upstream, connected) in upstreams.iter().zip(connected) {
            match connected {
                Ok(set) => served.push(Some(Served::new(
                    set,
                    Arc::clone(&upstream.assemble),
                    Arc::clone(&clients),
                    None,
                ))),
                Err(error) => {
                    let shown = loopctl_redact::Redactor::standard()
                        .text(&error.to_string())
                        .into_owned();
                    tracing::warn!(upstream = %upstream.name, error = %shown, "the upstream did not start for a new session");
                    if upstreams.len() == 1 {
                        return Err(ErrorData::internal_error(
                            format!("the upstream did not start for this session: {shown}"),
                            None,
                        ));
                    }
                    served.push(None);
                }
            }
        }
        let _ = self.session.own.set(Own { served, clients });
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
        if self.proxy.per_client {
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
        self.clients().keep(&context.peer, self.proxy.stdio);
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        // On stdio, the one client: a client on 2026-07-28 sends no
        // `notifications/initialized`, so its first request names it.
        if self.proxy.stdio {
            self.clients().keep(&context.peer, true);
        }
        let mark = self.proxy.stdio || has_session(&context);
        let tools = self
            .proxy
            .upstreams
            .listed(|index| self.served(index), mark);
        Ok(ListToolsResult::with_all_items(tools))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        if self.proxy.stdio {
            self.clients().keep(&context.peer, true);
        }
        let upstreams = &self.proxy.upstreams;
        let Some((index, tool)) = upstreams.route(&request.name) else {
            return Ok(CallToolResponse::Complete(no_such_tool(
                &request.name,
                &upstreams.suggestions(&request.name),
            )));
        };
        let upstream = &upstreams.list()[index];
        let Some(served) = self.served(index) else {
            return Ok(CallToolResponse::Complete(CallToolResult::error(vec![
                ContentBlock::text(format!(
                    "loopctl did not run this call: the server `{}` that gives `{}` is not connected; call again later",
                    upstream.name, request.name
                )),
            ])));
        };
        let tool = tool.to_owned();
        let mut request = request;
        request.name = tool.into();
        let id = format!("{}.{}", self.session.serial, context.id);
        // At warn, so the upstream's name is on the warnings a call logs
        // (an injected fault, a lost connection) at the default level too.
        let span = tracing::warn_span!("upstream", upstream = %upstream.name);
        let result = served
            .call(id, request, &context, &self.proxy.drain, &upstream.circuits)
            .instrument(span)
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

/// The answer to a name no server gives, with the names meant most likely.
fn no_such_tool(name: &str, suggestions: &[String]) -> CallToolResult {
    let quoted: Vec<String> = suggestions.iter().map(|tool| format!("`{tool}`")).collect();
    let hint = match quoted.as_slice() {
        [] => String::new(),
        [only] => format!("; did you mean {only}?"),
        [rest @ .., last] => format!("; did you mean {} or {last}?", rest.join(", ")),
    };
    CallToolResult::error(vec![ContentBlock::text(format!(
        "no server behind this proxy gives a tool called `{name}`{hint}"
    ))])
}
