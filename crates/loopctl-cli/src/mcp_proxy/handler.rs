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
use super::upstreams::{Upstream, Upstreams};

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

/// A session's own connections, one per upstream (empty for a server that
/// has not started for it yet), and its one client.
struct Own {
    served: Vec<tokio::sync::OnceCell<Arc<Served>>>,
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
            Some(own) => own.served.get(index)?.get().cloned(),
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

    /// Opens this session's own connections, in the per-client mode, to
    /// each server that is up. With one upstream, one that does not start
    /// fails the session; with several, the session goes on without it,
    /// and its first call to that server tries again.
    async fn open_own(&self) -> Result<(), ErrorData> {
        if !self.proxy.per_client {
            return Ok(());
        }
        let upstreams = self.proxy.upstreams.list();
        let own = Own {
            served: upstreams
                .iter()
                .map(|_| tokio::sync::OnceCell::new())
                .collect(),
            clients: Arc::new(Clients::default()),
        };
        let opened = futures::future::join_all(
            upstreams
                .iter()
                .zip(&own.served)
                .filter(|(upstream, _)| upstreams.len() == 1 || upstream.is_up())
                .map(|(upstream, cell)| async {
                    cell.get_or_try_init(|| open(upstream, &own.clients))
                        .await
                        .map(|_| ())
                }),
        )
        .await;
        if upstreams.len() == 1
            && let Some(Err(shown)) = opened.into_iter().next()
        {
            return Err(ErrorData::internal_error(
                format!("the upstream did not start for this session: {shown}"),
                None,
            ));
        }
        let _ = self.session.own.set(own);
        Ok(())
    }

    /// The connection for a call to upstream `index`: in the per-client
    /// mode, one the session has not got yet is opened now.
    async fn served_for_call(&self, index: usize) -> Option<Arc<Served>> {
        let Some(own) = self.session.own.get() else {
            return self.served(index);
        };
        let upstream = self.proxy.upstreams.list().get(index)?;
        let cell = own.served.get(index)?;
        cell.get_or_try_init(|| open(upstream, &own.clients))
            .await
            .ok()
            .cloned()
    }
}

/// A connection of a session's own to `upstream`; the error as the log
/// and the client may see it.
async fn open(upstream: &Upstream, clients: &Arc<Clients>) -> Result<Arc<Served>, String> {
    match upstream.builder.clone().connect().await {
        Ok(set) => Ok(Served::new(
            set,
            Arc::clone(&upstream.assemble),
            Arc::clone(clients),
        )),
        Err(error) => {
            let shown = loopctl_redact::Redactor::standard()
                .text(&error.to_string())
                .into_owned();
            tracing::warn!(upstream = %upstream.name, error = %shown, "the upstream did not start for a session");
            Err(shown)
        }
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
                &upstreams.suggestions(&request.name, |index| self.served(index)),
            )));
        };
        let upstream = &upstreams.list()[index];
        let Some(served) = self.served_for_call(index).await else {
            return Ok(CallToolResponse::Complete(CallToolResult::error(vec![
                ContentBlock::text(format!(
                    "loopctl did not run this call: the server `{}` that gives `{}` is not connected; call again later",
                    upstream.name, request.name
                )),
            ])));
        };
        // Several servers: a name is run only when its server lists it, so an
        // unknown name gets the names meant under their prefixes.
        if !upstreams.passthrough() && !served.listed().iter().any(|listed| listed.name == tool) {
            return Ok(CallToolResponse::Complete(no_such_tool(
                &request.name,
                &upstreams.suggestions(tool, |index| self.served(index)),
            )));
        }
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
