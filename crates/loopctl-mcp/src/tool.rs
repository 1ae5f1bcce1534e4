//! One MCP tool as a loopctl `Tool`: a `tools/call` per attempt, its outcome mapped to an output.

use std::fmt;
use std::sync::Arc;
use std::time::Duration;

use loopctl_driver::{Effect, Repeatability, Tool, ToolFuture, ToolOutput, idempotency_key};
use loopctl_reflect_core::{RecoveryAction, ToolSchema};
use rmcp::ErrorData;
use rmcp::ServiceError;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ElicitRequestParams,
    InputRequest, InputRequiredResult, MetaObject, RequestMetaObject, ToolAnnotations,
};
use serde_json::Value;

use crate::connection::{Inner, Live};
use crate::outcome::{result_output, rpc_error_output};
use crate::raw;

/// The `_meta` key that carries a call's idempotency key on every
/// `tools/call` request of that call.
pub const IDEMPOTENCY_META_KEY: &str = "loopctl/idempotency-key";

/// A tool of an MCP server, callable through a loopctl `Dispatcher`.
///
/// Each attempt is one `tools/call` on the set's live connection. The name,
/// description and input schema are the server's, unchanged.
#[derive(Clone)]
pub struct McpTool {
    inner: Arc<Inner>,
    schema: ToolSchema,
    annotations: Option<ToolAnnotations>,
    effect: Effect,
    repeatability: Repeatability,
}

impl McpTool {
    pub(crate) fn new(inner: Arc<Inner>, tool: &rmcp::model::Tool) -> Self {
        let schema = ToolSchema::new(
            tool.name.as_ref(),
            tool.description.as_deref().unwrap_or_default(),
            Value::Object((*tool.input_schema).clone()),
        );
        let (effect, repeatability) = if inner.options.trust_annotations {
            from_hints(tool.annotations.as_ref())
        } else {
            (Effect::Unknown, Repeatability::Unknown)
        };
        Self {
            inner,
            schema,
            annotations: tool.annotations.clone(),
            effect,
            repeatability,
        }
    }

    /// The hints the server gave for this tool (read-only, idempotent,
    /// destructive). Hints from a server that may not be trusted.
    pub fn annotations(&self) -> Option<&ToolAnnotations> {
        self.annotations.as_ref()
    }

    async fn run(&self, input: &Value) -> ToolOutput {
        raw::clear();
        let name = self.schema.name.as_str();
        let mut params = CallToolRequestParams::new(name.to_owned());
        // The same key on every attempt of the call, so a server that
        // deduplicates can tell a resend from a new request.
        if let Some(key) = idempotency_key() {
            let mut meta = serde_json::Map::new();
            meta.insert(IDEMPOTENCY_META_KEY.to_owned(), Value::String(key));
            params.meta = Some(RequestMetaObject(MetaObject(meta)));
        }
        match input {
            Value::Object(arguments) => params = params.with_arguments(arguments.clone()),
            Value::Null => {}
            other => {
                return ToolOutput::error(format!(
                    "invalid params: the MCP tool `{name}` takes a JSON object of arguments, not {other}"
                ));
            }
        }
        let limit = self.inner.options.call_timeout;
        // A child that died since the last call is noticed only when the
        // request cannot be written; that request never left, so it is
        // sent once more, on a new child, within the same attempt.
        let mut resent = false;
        loop {
            let live = match self.inner.live().await {
                Ok(live) => live,
                Err(error) => {
                    return ToolOutput::error(format!(
                        "{error} (server unavailable; the request was not sent)"
                    ));
                }
            };
            let decision = match &self.inner.options.faults {
                Some(plan) if !resent => self.injected(plan),
                _ => None,
            };
            if let Some(fault) = decision
                .as_ref()
                .and_then(|decision| decision.fault.clone())
            {
                return self
                    .fail_injected(
                        &fault,
                        decision.map_or(Duration::ZERO, |d| d.delay),
                        limit,
                        &live,
                    )
                    .await;
            }
            let delay = decision.map_or(Duration::ZERO, |decision| decision.delay);
            // Dropping the request future, here or when the driver cancels the
            // attempt, makes rmcp send `notifications/cancelled` for it.
            let answered = tokio::time::timeout(limit, async {
                if !delay.is_zero() {
                    tokio::time::sleep(delay).await;
                }
                live.peer.call_tool_once(params.clone()).await
            })
            .await;
            let Ok(response) = answered else {
                // A server that answers nothing at all is hung: retire it, so
                // the next attempt gets a new connection.
                self.inner.probe(&live).await;
                return self.unknown_outcome(&format!(
                    "the MCP server did not answer within {} ms (timed out); the request was cancelled",
                    limit.as_millis()
                ));
            };
            if !resent
                && self.inner.server.is_stdio()
                && matches!(response, Err(ServiceError::TransportSend(_)))
            {
                self.inner.lost(live.generation).await;
                resent = true;
                continue;
            }
            return self.map_response(response, &live).await;
        }
    }

    async fn map_response(
        &self,
        response: Result<CallToolResponse, ServiceError>,
        live: &Live,
    ) -> ToolOutput {
        let name = self.schema.name.as_str();
        match response {
            Ok(CallToolResponse::Complete(result)) => {
                raw::offer(&result);
                result_output(name, &result)
            }
            Ok(CallToolResponse::InputRequired(request)) => self.needs_input(&request),
            Ok(CallToolResponse::Task(_)) => ToolOutput::error(format!(
                "the MCP tool `{name}` started a long-running task; polling MCP tasks is unsupported here, so the call is not retried"
            ))
            .settled(RecoveryAction::Fail("the server answered with a task".into())),
            // The server answered, so the tool ran: never repeated on a guess.
            Ok(_) => self.unknown_outcome(&format!(
                "the MCP tool `{name}` answered in a form this client does not understand"
            )),
            Err(ServiceError::McpError(error)) => {
                let listed = self.inner.tools();
                let others: Vec<&str> = listed
                    .iter()
                    .map(|tool| tool.name.as_ref())
                    .filter(|other| *other != name)
                    .collect();
                rpc_error_output(name, &error, &others)
            }
            Err(ServiceError::TransportSend(error)) => {
                if self.inner.server.is_stdio() {
                    self.inner.lost(live.generation).await;
                    ToolOutput::error(format!(
                        "could not send the request to the MCP server (connection closed: {}); it was not sent, and the server is started again for the next attempt",
                        self.inner.server.scrub(&error.to_string())
                    ))
                } else {
                    // One failed POST leaves the HTTP transport (and the
                    // other calls on it) running; only a closed one is retired.
                    if live.peer.is_transport_closed() {
                        self.inner.lost(live.generation).await;
                    }
                    if never_connected(&error) {
                        ToolOutput::error(format!(
                            "could not connect to the MCP server (connection refused: {}); the request was not sent",
                            self.inner.server.scrub(&error.to_string())
                        ))
                    } else {
                        self.unknown_outcome(&format!(
                            "sending the request to the MCP server failed part-way (connection lost: {})",
                            self.inner.server.scrub(&error.to_string())
                        ))
                    }
                }
            }
            Err(ServiceError::TransportClosed) => {
                self.inner.lost(live.generation).await;
                self.unknown_outcome(
                    "the connection closed before the MCP server answered (the server process exited or the stream ended)",
                )
            }
            Err(ServiceError::Timeout { timeout }) => {
                self.inner.probe(live).await;
                self.unknown_outcome(&format!(
                    "the MCP server did not answer within {} ms (timed out)",
                    timeout.as_millis()
                ))
            }
            Err(ServiceError::Cancelled { reason }) => self.unknown_outcome(&format!(
                "the request was cancelled before the MCP server answered, as if timed out ({})",
                reason.as_deref().unwrap_or("no reason given")
            )),
            // The request went out and something other than a result came
            // back: the tool may have run.
            Err(other) => self.unknown_outcome(&format!(
                "MCP protocol error from tool `{name}`: {}",
                self.inner.server.scrub(&other.to_string())
            )),
        }
    }

    /// The request reached the server and its answer was lost: the call
    /// may have taken effect. The driver's safety policy decides whether it
    /// runs again, is checked first, or ends.
    fn unknown_outcome(&self, why: &str) -> ToolOutput {
        let name = self.schema.name.as_str();
        ToolOutput::error(format!(
            "the outcome of this call to `{name}` is unknown: {why}"
        ))
        .outcome_unknown()
    }

    /// The next call's faults under `plan`, logged when there are any.
    fn injected(&self, plan: &crate::FaultPlan) -> Option<crate::Decision> {
        let name = self.schema.name.as_str();
        let (call, decision) = plan.next(name);
        let decided = decision.as_ref()?;
        tracing::warn!(
            target: "loopctl::inject",
            tool = name,
            call,
            seed = plan.seed(),
            fault = decided.fault.as_ref().map_or("latency", crate::FaultKind::name),
            delay_ms = u64::try_from(decided.delay.as_millis()).unwrap_or(u64::MAX),
            "injected fault"
        );
        decision
    }

    /// What the call gets when `fault` stands in for the server's answer:
    /// the same output a real one of its kind gives.
    async fn fail_injected(
        &self,
        fault: &crate::FaultKind,
        delay: Duration,
        limit: Duration,
        live: &Live,
    ) -> ToolOutput {
        if !delay.is_zero() {
            tokio::time::sleep(delay.min(limit)).await;
        }
        let name = self.schema.name.as_str();
        let response = match fault {
            crate::FaultKind::ErrorResult => {
                Ok(CallToolResponse::Complete(CallToolResult::error(vec![
                    ContentBlock::text(format!(
                        "503 Service Unavailable: injected fault in `{name}` (an error result injected by loopctl for testing)"
                    )),
                ])))
            }
            crate::FaultKind::RpcError => Err(ServiceError::McpError(ErrorData::internal_error(
                "injected fault: internal error (a JSON-RPC error injected by loopctl for testing)",
                None,
            ))),
            // The connection really goes: the next call makes a new one.
            _ => Err(ServiceError::TransportClosed),
        };
        self.map_response(response, live).await
    }

    /// The server needs something only the client's user can give.
    fn needs_input(&self, request: &InputRequiredResult) -> ToolOutput {
        let name = self.schema.name.as_str();
        let mut asks: Vec<String> = Vec::new();
        for input in request
            .input_requests
            .iter()
            .flat_map(|requests| requests.values())
        {
            asks.push(match input {
                InputRequest::Elicitation(elicit) => match &elicit.params {
                    ElicitRequestParams::FormElicitationParams { message, .. } => message.clone(),
                    ElicitRequestParams::UrlElicitationParams { message, url, .. } => {
                        format!("{message} ({url})")
                    }
                    _ => "the server asks for input in a form this client does not know".to_owned(),
                },
                InputRequest::CreateMessage(_) => {
                    "the server asks the client's model for a completion (sampling)".to_owned()
                }
                InputRequest::ListRoots(_) => {
                    "the server asks which roots the client exposes".to_owned()
                }
                _ => "the server asks for input of a kind this client does not know".to_owned(),
            });
        }
        if asks.is_empty() {
            asks.push("the server needs more input to finish the call".to_owned());
        }
        let question = asks.join("; ");
        ToolOutput::error(format!(
            "the MCP tool `{name}` needs input from a person before it can finish: {question}"
        ))
        .settled(RecoveryAction::AskUser(format!(
            "`{name}` asks: {question}"
        )))
    }
}

/// Whether a send error means the HTTP connection was never made, so the
/// request never left: reqwest's connect error inside rmcp's client error
/// (which does not expose it as a source), or a refused connection among
/// the causes.
fn never_connected(error: &rmcp::transport::DynamicTransportError) -> bool {
    #[cfg(feature = "http")]
    {
        use rmcp::transport::streamable_http_client::StreamableHttpError;
        if let Some(StreamableHttpError::Client(client)) = error
            .error
            .downcast_ref::<StreamableHttpError<reqwest::Error>>()
            && client.is_connect()
        {
            return true;
        }
    }
    let mut cause: Option<&(dyn std::error::Error + 'static)> = Some(error);
    while let Some(current) = cause {
        if let Some(io) = current.downcast_ref::<std::io::Error>()
            && io.kind() == std::io::ErrorKind::ConnectionRefused
        {
            return true;
        }
        cause = current.source();
    }
    false
}

/// What the server's hints say a tool does, read as the MCP specification
/// defines them: `readOnlyHint` (default false) first; otherwise
/// `destructiveHint` (default true) tells destructive from writes; and
/// `idempotentHint` (default false) the repeatability. No annotations at all
/// is unknown on both axes.
fn from_hints(hints: Option<&ToolAnnotations>) -> (Effect, Repeatability) {
    let Some(hints) = hints else {
        return (Effect::Unknown, Repeatability::Unknown);
    };
    if hints.read_only_hint == Some(true) {
        return (Effect::ReadOnly, Repeatability::Idempotent);
    }
    let effect = if hints.destructive_hint == Some(false) {
        Effect::Writes
    } else {
        Effect::Destructive
    };
    let repeatability = if hints.idempotent_hint == Some(true) {
        Repeatability::Idempotent
    } else {
        Repeatability::NotIdempotent
    };
    (effect, repeatability)
}

impl Tool for McpTool {
    fn schema(&self) -> &ToolSchema {
        &self.schema
    }

    /// The server's hints, when the set trusts them; unknown otherwise.
    fn effect(&self) -> Effect {
        self.effect
    }

    /// The server's `idempotentHint`, when the set trusts it.
    fn repeatability(&self) -> Repeatability {
        self.repeatability
    }

    fn call<'a>(&'a self, input: &'a Value) -> ToolFuture<'a> {
        Box::pin(self.run(input))
    }
}

impl fmt::Debug for McpTool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("McpTool")
            .field("name", &self.schema.name)
            .field("server", &self.inner.server)
            .field("effect", &self.effect)
            .field("repeatability", &self.repeatability)
            .finish_non_exhaustive()
    }
}
