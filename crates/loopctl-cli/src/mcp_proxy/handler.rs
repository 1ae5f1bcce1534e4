//! The proxy's MCP server side: the upstream's tools as its own, each call through the recovery loop.

use std::sync::{Arc, Mutex, RwLock};

use loopctl_driver::{Dispatcher, LoopError, ToolCall, ToolRegistry, ToolResult};
use loopctl_mcp::McpToolSet;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
    InitializeRequestParams, InitializeResult, ListToolsResult, PaginatedRequestParams,
    ServerCapabilities, ServerConfig,
};
use rmcp::service::{NotificationContext, Peer, RequestContext, RoleServer};
use rmcp::{ErrorData, ServerHandler};
use serde_json::Value;

use super::drain::Drain;
use super::session::{SessionMark, Sessions};

/// Builds a dispatcher over a registry: the policy, fixed when the proxy starts.
pub(crate) type Assemble = dyn Fn(ToolRegistry) -> Dispatcher + Send + Sync;

/// The upstream set and the dispatcher over its current tools.
pub(crate) struct Proxy {
    set: McpToolSet,
    assemble: Arc<Assemble>,
    dispatcher: RwLock<Arc<Dispatcher>>,
    instructions: Option<String>,
    /// The clients to tell when the upstream's tools change.
    clients: Mutex<Vec<Peer<RoleServer>>>,
    /// Serving one client on stdio (rather than many over HTTP).
    stdio: bool,
    /// Calls in flight, for a graceful stop.
    drain: Arc<Drain>,
    /// Client sessions alive.
    sessions: Arc<Sessions>,
}

/// The most clients told about a tool change; past it the oldest go.
const MAX_CLIENTS: usize = 65_536;
/// How long one client may take to accept a tool-change notice.
const NOTIFY_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

impl Proxy {
    pub(crate) fn new(
        set: McpToolSet,
        assemble: Arc<Assemble>,
        instructions: Option<String>,
        stdio: bool,
        drain: Arc<Drain>,
    ) -> Arc<Self> {
        let dispatcher = RwLock::new(Arc::new(assemble(registry_of(&set))));
        let proxy = Arc::new(Self {
            set,
            assemble,
            dispatcher,
            instructions,
            clients: Mutex::new(Vec::new()),
            stdio,
            drain,
            sessions: Arc::default(),
        });
        proxy.follow_changes();
        proxy
    }

    /// Rebuilds the dispatcher whenever the upstream's tool list is read again.
    fn follow_changes(self: &Arc<Self>) {
        let mut changes = self.set.changes();
        changes.mark_unchanged();
        let proxy = Arc::downgrade(self);
        tokio::spawn(async move {
            while changes.changed().await.is_ok() {
                let Some(proxy) = proxy.upgrade() else { return };
                let rebuilt = Arc::new((proxy.assemble)(registry_of(&proxy.set)));
                *loopctl_reflect_core::write(&proxy.dispatcher) = rebuilt;
                tracing::info!(
                    tools = proxy.set.listed().len(),
                    "the upstream's tools changed"
                );
                proxy.tell_clients().await;
            }
        });
    }

    /// On stdio, the one client: a client on protocol 2026-07-28 sends no
    /// `notifications/initialized`, so its first request names it. (Over
    /// HTTP every such request has a peer of its own, and none is kept.)
    fn remember_stdio_client(&self, peer: &Peer<RoleServer>) {
        if !self.stdio {
            return;
        }
        let mut clients = loopctl_reflect_core::lock(&self.clients);
        if clients.is_empty() {
            clients.push(peer.clone());
        }
    }

    /// Keeps a client to tell about tool changes, forgetting those whose
    /// session ended.
    fn keep_client(&self, peer: Peer<RoleServer>) {
        let mut clients = loopctl_reflect_core::lock(&self.clients);
        clients.retain(|client| !client.is_transport_closed());
        if clients.len() >= MAX_CLIENTS {
            clients.remove(0);
        }
        clients.push(peer);
    }

    /// Sends `notifications/tools/list_changed` to every client still
    /// there, all at once, each within its own time-out: a stuck client
    /// delays nobody else.
    async fn tell_clients(&self) {
        let clients: Vec<Peer<RoleServer>> = {
            let mut clients = loopctl_reflect_core::lock(&self.clients);
            clients.retain(|client| !client.is_transport_closed());
            clients.clone()
        };
        let told =
            futures::future::join_all(clients.iter().map(|client| {
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

    fn dispatcher(&self) -> Arc<Dispatcher> {
        Arc::clone(&loopctl_reflect_core::read(&self.dispatcher))
    }

    /// One `tools/call` from the client, through the recovery loop.
    async fn call(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> CallToolResult {
        let Some(_in_flight) = self.drain.enter() else {
            return CallToolResult::error(vec![ContentBlock::text(
                "loopctl did not run this call: the proxy is shutting down; call again when it is back",
            )]);
        };
        let input = request.arguments.map_or(Value::Null, Value::Object);
        let requested = request.name.into_owned();
        let call = ToolCall::new(context.id.to_string(), requested.clone(), input);
        let dispatcher = self.dispatcher();
        let dispatching = loopctl_mcp::with_raw_result(dispatcher.dispatch(call));
        // The client's cancel drops the dispatch, which cancels the upstream request.
        let (outcome, raw) = tokio::select! {
            ended = dispatching => ended,
            () = context.ct.cancelled() => {
                return CallToolResult::error(vec![ContentBlock::text("cancelled by the client")]);
            }
            () = self.drain.cut() => {
                return CallToolResult::error(vec![ContentBlock::text(
                    "loopctl stopped this call: the proxy shut down before it finished; it may have run upstream",
                )]);
            }
        };
        match outcome {
            Ok(result) => hidden(marked(answer(&result, raw), &result, &requested)),
            Err(error) => hidden(hard_error(&error)),
        }
    }
}

fn registry_of(set: &McpToolSet) -> ToolRegistry {
    let mut registry = ToolRegistry::new();
    set.register_into(&mut registry);
    registry
}

/// What the client sees for a call that ended: the upstream's own last
/// result when the model needs nothing more, else the loop's text.
fn answer(result: &ToolResult, raw: Option<CallToolResult>) -> CallToolResult {
    let text = result.content_for_model();
    // The raw result is the upstream's answer to the last attempt only when
    // its text is what the loop ended with (a blocked attempt has none).
    if let Some(raw) = raw
        && raw.is_error.unwrap_or(false) == result.is_error
        && text == result.content
        && loopctl_mcp::result_text(&raw) == result.content
    {
        return raw;
    }
    let content = vec![ContentBlock::text(text.into_owned())];
    if result.is_error {
        CallToolResult::error(content)
    } else {
        CallToolResult::success(content)
    }
}

/// The `_meta` key that tells a client what ran when a correction changed
/// the call: `{"tool": …, "input": …}`.
pub(crate) const CORRECTED_META_KEY: &str = "loopctl/corrected";

/// `answer`, marked in `_meta` when a correction moved the call to another
/// tool or replaced its input, so the client knows what really ran.
fn marked(mut answer: CallToolResult, result: &ToolResult, requested: &str) -> CallToolResult {
    if result.tool == requested && result.corrected_input.is_none() {
        return answer;
    }
    let mut what_ran = serde_json::Map::new();
    what_ran.insert("tool".to_owned(), Value::String(result.tool.clone()));
    if let Some(input) = &result.corrected_input {
        // The client's model reads this too: the secrets in it are hidden.
        let input = loopctl_redact::Redactor::standard().value(input);
        what_ran.insert("input".to_owned(), input.into_owned());
    }
    let mut meta = answer.meta.take().unwrap_or_default();
    meta.0
        .insert(CORRECTED_META_KEY.to_owned(), Value::Object(what_ran));
    answer.with_meta(Some(meta))
}

/// An error result with its secrets hidden: its text is diagnostics that the
/// client hands to its model, and a key an upstream or a failure echoed has
/// no business there. A successful result is the data the client asked for
/// and passes unchanged.
fn hidden(mut result: CallToolResult) -> CallToolResult {
    if !result.is_error.unwrap_or(false) {
        return result;
    }
    let redactor = loopctl_redact::Redactor::standard();
    if let Ok(content) = serde_json::to_value(&result.content)
        && let std::borrow::Cow::Owned(shown) = redactor.value(&content)
        && let Ok(blocks) = serde_json::from_value(shown)
    {
        result.content = blocks;
    }
    if let Some(structured) = &result.structured_content
        && let std::borrow::Cow::Owned(shown) = redactor.value(structured)
    {
        result.structured_content = Some(shown);
    }
    result
}

/// The ceiling, a loop or a shutdown: an error result the client's model reads.
fn hard_error(error: &LoopError) -> CallToolResult {
    CallToolResult::error(vec![ContentBlock::text(format!(
        "loopctl stopped this call: {error}"
    ))])
}

/// The rmcp server handler: a cheap handle on the shared proxy, and what
/// it knows of its own session.
#[derive(Clone)]
pub(crate) struct ProxyHandler(pub(crate) Arc<Proxy>, Arc<SessionMark>);

impl ProxyHandler {
    /// The handler for the proxy's one stdio client.
    pub(crate) fn new(proxy: Arc<Proxy>) -> Self {
        let mark = SessionMark::new(&proxy.sessions);
        Self(proxy, Arc::new(mark))
    }

    /// A handler for a new HTTP session (or request, for a client without
    /// sessions).
    pub(crate) fn for_session(&self) -> Self {
        Self::new(Arc::clone(&self.0))
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
        if let Some(instructions) = &self.0.instructions {
            config = config.with_instructions(instructions.clone());
        }
        config
    }

    async fn initialize(
        &self,
        request: InitializeRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<InitializeResult, ErrorData> {
        self.1.open();
        context.peer.set_peer_info(request.clone());
        self.negotiate_initialize(&request)
    }

    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        self.0.keep_client(context.peer);
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        self.0.remember_stdio_client(&context.peer);
        Ok(ListToolsResult::with_all_items(
            self.0.set.listed().as_ref().clone(),
        ))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        self.0.remember_stdio_client(&context.peer);
        Ok(CallToolResponse::Complete(
            self.0.call(request, context).await,
        ))
    }
}
