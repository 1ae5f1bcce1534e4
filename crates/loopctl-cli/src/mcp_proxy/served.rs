//! One upstream connection as the proxy serves it: its tools, the dispatcher over them, the clients to tell when they change, and one call through the recovery loop.

use std::sync::{Arc, RwLock};

use loopctl_driver::{Dispatcher, ToolCall, ToolRegistry};
use loopctl_mcp::McpToolSet;
use rmcp::model::{CallToolRequestParams, CallToolResult, ContentBlock};
use rmcp::service::{RequestContext, RoleServer};
use serde_json::Value;

use super::answer::{answer, hard_error, hidden, marked};
pub(crate) use super::assemble::Assemble;
use super::circuits::Circuits;
use super::clients::Clients;
use super::drain::Drain;

/// An upstream connection and what the proxy keeps around it.
pub(crate) struct Served {
    set: McpToolSet,
    assemble: Arc<Assemble>,
    /// The dispatcher, and the policy generation it was built under.
    dispatcher: RwLock<(u64, Arc<Dispatcher>)>,
    /// The clients to tell when the upstream's tools change.
    clients: Arc<Clients>,
}

impl Served {
    /// Serves `set`, following its tool list from now on and telling
    /// `clients` of each change.
    pub(crate) fn new(
        set: McpToolSet,
        assemble: Arc<Assemble>,
        clients: Arc<Clients>,
    ) -> Arc<Self> {
        let (generation, dispatcher) = assemble.dispatcher(registry_of(&set));
        let dispatcher = RwLock::new((generation, Arc::new(dispatcher)));
        let served = Arc::new(Self {
            set,
            assemble,
            dispatcher,
            clients,
        });
        served.follow_changes();
        served
    }

    /// The upstream's tools as it lists them.
    pub(crate) fn listed(&self) -> Arc<Vec<rmcp::model::Tool>> {
        self.set.listed()
    }

    /// The upstream tools' fields that rmcp's `Tool` does not keep.
    pub(crate) fn extra_fields(&self) -> Arc<loopctl_mcp::ExtraFields> {
        self.set.extra_fields()
    }

    /// Rebuilds the dispatcher whenever the upstream's tool list is read
    /// again; ends with the connection.
    fn follow_changes(self: &Arc<Self>) {
        let mut changes = self.set.changes();
        changes.mark_unchanged();
        let served = Arc::downgrade(self);
        tokio::spawn(async move {
            while changes.changed().await.is_ok() {
                let Some(served) = served.upgrade() else {
                    return;
                };
                served.rebuild();
                tracing::info!(
                    tools = served.set.listed().len(),
                    "the upstream's tools changed"
                );
                served.clients.tell().await;
            }
        });
    }

    /// A dispatcher over the tools listed now, under the policy in force.
    fn rebuild(&self) -> Arc<Dispatcher> {
        let (generation, dispatcher) = self.assemble.dispatcher(registry_of(&self.set));
        let dispatcher = Arc::new(dispatcher);
        *loopctl_reflect_core::write(&self.dispatcher) = (generation, Arc::clone(&dispatcher));
        dispatcher
    }

    /// The dispatcher for a new call: rebuilt first when the policy was
    /// reloaded since it was built. A call keeps the one it got to its end,
    /// so calls in flight finish under the policy they started with.
    fn current(&self) -> Arc<Dispatcher> {
        {
            let held = loopctl_reflect_core::read(&self.dispatcher);
            if held.0 == self.assemble.generation() {
                return Arc::clone(&held.1);
            }
        }
        self.rebuild()
    }

    /// The connection to the server.
    pub(crate) fn set(&self) -> &McpToolSet {
        &self.set
    }

    /// One `tools/call` from a client, through the recovery loop. `id` is
    /// unique in the process: logs and spans tell sessions apart by it.
    pub(crate) async fn call(
        &self,
        id: String,
        request: CallToolRequestParams,
        context: &RequestContext<RoleServer>,
        drain: &Arc<Drain>,
        circuits: &Circuits,
    ) -> CallToolResult {
        let Some(_in_flight) = drain.enter() else {
            return CallToolResult::error(vec![ContentBlock::text(
                "loopctl did not run this call: the proxy is shutting down; call again when it is back",
            )]);
        };
        let input = request.arguments.map_or(Value::Null, Value::Object);
        let requested = request.name.into_owned();
        let call = ToolCall::new(id, requested.clone(), input);
        let dispatcher = self.current();
        let dispatching = loopctl_mcp::with_raw_result(dispatcher.dispatch(call));
        // The client's cancel drops the dispatch, which cancels the upstream request.
        let (outcome, raw) = tokio::select! {
            ended = dispatching => ended,
            () = context.ct.cancelled() => {
                return CallToolResult::error(vec![ContentBlock::text("cancelled by the client")]);
            }
            () = drain.cut() => {
                return CallToolResult::error(vec![ContentBlock::text(
                    "loopctl stopped this call: the proxy shut down before it finished; it may have run upstream",
                )]);
            }
        };
        circuits.observe(&requested);
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
