//! The fixture's `ServerHandler`: process-wide state, the dynamic tool list, call counting and tools/list pagination.

use std::{
    collections::{BTreeMap, HashMap},
    io::Write,
    path::PathBuf,
    sync::{
        Arc, Mutex, MutexGuard, PoisonError,
        atomic::{AtomicU64, Ordering},
    },
};

use rmcp::{
    ErrorData, RoleServer, ServerHandler,
    handler::server::tool::{ToolCallContext, ToolRouter},
    model::{
        CallToolRequestParams, CallToolResponse, CallToolResult, CancelledNotificationParam,
        ContentBlock, Implementation, ListToolsResult, PaginatedRequestParams, ServerCapabilities,
        ServerConfig, Tool,
    },
    service::{NotificationContext, RequestContext},
};

/// Env var: maximum number of tools per tools/list page.
const PAGE_SIZE_ENV: &str = "LOOPCTL_FIXTURE_PAGE_SIZE";
/// Env var: file that receives one line per notable event (e.g. `cancelled hang`).
const EVENTS_ENV: &str = "LOOPCTL_FIXTURE_EVENTS";

/// Locks `mutex`, recovering the data if a previous holder panicked.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

/// State shared by every session of this process (stdio has one; HTTP may have many).
#[derive(Debug, Default)]
pub(crate) struct State {
    /// Calls seen so far per `flaky` key.
    flaky: Mutex<HashMap<String, u64>>,
    /// tools/call requests received, by tool name.
    calls: Mutex<BTreeMap<String, u64>>,
    /// How many `hang` calls were cancelled.
    cancelled: AtomicU64,
    /// How many `tools/list` requests came in (each page counts).
    lists: AtomicU64,
    /// The `loopctl/idempotency-key` of the latest tools/call requests
    /// (`null` for none), oldest first, at most 64.
    keys: Mutex<std::collections::VecDeque<Option<String>>>,
    /// Tools added at runtime by `add_tool`, in insertion order, each with
    /// the error it answers, if it was added failing.
    dynamic: Mutex<Vec<(Tool, Option<String>)>>,
    /// Page size for tools/list, if pagination is enabled.
    page_size: Option<usize>,
    /// Where to append event lines, if anywhere.
    events: Option<PathBuf>,
}

impl State {
    /// Reads the fixture's configuration from the environment.
    pub(crate) fn from_env() -> Self {
        let page_size = match std::env::var(PAGE_SIZE_ENV) {
            Ok(raw) => match raw.trim().parse::<usize>() {
                Ok(n) if n > 0 => Some(n),
                _ => {
                    eprintln!(
                        "loopctl-mcp-fixture: ignoring {PAGE_SIZE_ENV}={raw:?} (want an integer >= 1)"
                    );
                    None
                }
            },
            Err(_) => None,
        };
        let events = std::env::var_os(EVENTS_ENV)
            .filter(|path| !path.is_empty())
            .map(PathBuf::from);
        Self {
            page_size,
            events,
            ..Self::default()
        }
    }

    /// Counts one `flaky` call for `key` and returns how many calls preceded it.
    pub(crate) fn flaky_attempt(&self, key: &str) -> u64 {
        let mut seen = lock(&self.flaky);
        let count = seen.entry(key.to_string()).or_insert(0);
        let before = *count;
        *count = count.saturating_add(1);
        before
    }

    /// Keeps the idempotency key a tools/call request carried in `_meta`.
    pub(crate) fn record_key(&self, key: Option<String>) {
        let mut keys = lock(&self.keys);
        if keys.len() >= 64 {
            keys.pop_front();
        }
        keys.push_back(key);
    }

    /// Counts one tools/call request for `tool`.
    pub(crate) fn record_call(&self, tool: &str) {
        let mut calls = lock(&self.calls);
        let count = calls.entry(tool.to_string()).or_insert(0);
        *count = count.saturating_add(1);
    }

    /// Records a cancelled `hang` call, appending `cancelled hang` to the events file if set.
    pub(crate) fn record_cancelled_hang(&self) {
        // The line first, then the count: a client that sees the count in
        // `stats` then finds the line in the file (a CI run once read the
        // file between the two).
        self.append_event("cancelled hang");
        self.cancelled.fetch_add(1, Ordering::SeqCst);
    }

    /// Appends `line` to the events file, if one is configured.
    fn append_event(&self, line: &str) {
        let Some(path) = &self.events else {
            return;
        };
        let result = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .and_then(|mut file| {
                file.write_all(format!("{line}\n").as_bytes())?;
                file.flush()
            });
        if let Err(e) = result {
            eprintln!(
                "loopctl-mcp-fixture: cannot append to events file {}: {e}",
                path.display()
            );
        }
    }

    /// The `stats` tool's JSON document.
    pub(crate) fn stats(&self) -> serde_json::Value {
        let calls = lock(&self.calls).clone();
        serde_json::json!({
            "calls": calls,
            "cancelled": self.cancelled.load(Ordering::SeqCst),
            "lists": self.lists.load(Ordering::SeqCst),
            "pid": std::process::id(),
            "idempotency_keys": lock(&self.keys).iter().collect::<Vec<_>>(),
        })
    }

    /// Adds a runtime tool called `name`; fails if the name is already taken.
    pub(crate) fn add_dynamic(&self, tool: Tool, fail: Option<String>) -> Result<(), String> {
        let mut dynamic = lock(&self.dynamic);
        if dynamic.iter().any(|(t, _)| t.name == tool.name) {
            return Err(format!("tool {:?} already exists", tool.name));
        }
        dynamic.push((tool, fail));
        Ok(())
    }

    /// The runtime tool called `name`, if any.
    pub(crate) fn dynamic_tool(&self, name: &str) -> Option<Tool> {
        self.dynamic_entry(name).map(|(tool, _)| tool)
    }

    /// The runtime tool called `name` and the error it answers, if any.
    fn dynamic_entry(&self, name: &str) -> Option<(Tool, Option<String>)> {
        lock(&self.dynamic)
            .iter()
            .find(|(t, _)| t.name == name)
            .cloned()
    }

    /// All runtime tools, in insertion order.
    fn dynamic_tools(&self) -> Vec<Tool> {
        lock(&self.dynamic)
            .iter()
            .map(|(tool, _)| tool.clone())
            .collect()
    }
}

/// The fixture server; cheap to clone, all clones share one [`State`].
#[derive(Clone)]
pub(crate) struct Fixture {
    /// Process-wide state.
    pub state: Arc<State>,
    /// The static tools declared in `tools.rs`.
    pub router: Arc<ToolRouter<Fixture>>,
}

impl Fixture {
    /// Builds the fixture, configured from the environment.
    pub(crate) fn from_env() -> Self {
        Self {
            state: Arc::new(State::from_env()),
            router: Arc::new(Self::tool_router()),
        }
    }

    /// Every tool currently offered: the static ones (sorted by name), then runtime ones.
    fn all_tools(&self) -> Vec<Tool> {
        let mut tools = self.router.list_all();
        tools.extend(self.state.dynamic_tools());
        tools
    }
}

/// Cuts one tools/list page out of `tools`; the cursor is the decimal offset of the page.
fn page(
    mut tools: Vec<Tool>,
    page_size: Option<usize>,
    cursor: Option<&str>,
) -> Result<ListToolsResult, ErrorData> {
    let start = match cursor {
        None => 0,
        Some(raw) => raw
            .parse::<usize>()
            .ok()
            .filter(|offset| *offset <= tools.len())
            .ok_or_else(|| ErrorData::invalid_params(format!("invalid cursor {raw:?}"), None))?,
    };
    let Some(size) = page_size else {
        return Ok(ListToolsResult::with_all_items(tools.split_off(start)));
    };
    let total = tools.len();
    let end = start.saturating_add(size).min(total);
    let items: Vec<Tool> = tools.drain(start..end).collect();
    let mut result = ListToolsResult::with_all_items(items);
    if end < total {
        result.next_cursor = Some(end.to_string());
    }
    Ok(result)
}

impl ServerHandler for Fixture {
    fn get_info(&self) -> ServerConfig {
        let mut info = ServerConfig::new(
            ServerCapabilities::builder()
                .enable_tools()
                .enable_tool_list_changed()
                .build(),
        );
        info.server_info = Implementation::new(env!("CARGO_PKG_NAME"), env!("CARGO_PKG_VERSION"));
        info
    }

    async fn list_tools(
        &self,
        request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        if std::env::var_os("LOOPCTL_FIXTURE_HANG_LIST").is_some() {
            // A server that never answers tools/list, for the client's listing time-out.
            std::future::pending::<()>().await;
        }
        self.state.lists.fetch_add(1, Ordering::SeqCst);
        let cursor = request.and_then(|r| r.cursor);
        page(self.all_tools(), self.state.page_size, cursor.as_deref())
    }

    fn get_tool(&self, name: &str) -> Option<Tool> {
        self.router
            .get(name)
            .cloned()
            .or_else(|| self.state.dynamic_tool(name))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        self.state.record_call(&request.name);
        if request.name != "stats" {
            // rmcp moves a request's `_meta` into its context.
            self.state.record_key(
                context
                    .meta
                    .0
                    .0
                    .get("loopctl/idempotency-key")
                    .and_then(|key| key.as_str())
                    .map(str::to_owned),
            );
        }
        if !self.router.has_route(&request.name)
            && let Some((_, fail)) = self.state.dynamic_entry(&request.name)
        {
            if let Some(error) = fail {
                return Ok(CallToolResult::error(vec![ContentBlock::text(error)]).into());
            }
            let arguments = request.arguments.unwrap_or_default();
            let text = serde_json::Value::Object(arguments).to_string();
            return Ok(CallToolResult::success(vec![ContentBlock::text(text)]).into());
        }
        let router = self.router.clone();
        router
            .call(ToolCallContext::new(self, request, context))
            .await
    }

    async fn on_cancelled(
        &self,
        notification: CancelledNotificationParam,
        _context: NotificationContext<RoleServer>,
    ) {
        eprintln!(
            "loopctl-mcp-fixture: notifications/cancelled for request {:?} ({:?})",
            notification.request_id, notification.reason
        );
    }
}
