//! One MCP tool as a loopctl `Tool`: a `tools/call` per attempt, its outcome mapped to an output.

use std::fmt;
use std::sync::Arc;

use loopctl_driver::{Tool, ToolFuture, ToolOutput, ToolRisk};
use loopctl_reflect_core::{RecoveryAction, ToolSchema};
use rmcp::ServiceError;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, ElicitRequestParams, InputRequest,
    InputRequiredResult, ToolAnnotations,
};
use serde_json::Value;

use crate::connection::{Inner, Live};
use crate::outcome::{result_output, rpc_error_output};
use crate::raw;

/// A tool of an MCP server, callable through a loopctl `Dispatcher`.
///
/// Each attempt is one `tools/call` on the set's live connection. The name,
/// description and input schema are the server's, unchanged.
#[derive(Clone)]
pub struct McpTool {
    inner: Arc<Inner>,
    schema: ToolSchema,
    annotations: Option<ToolAnnotations>,
    risk: ToolRisk,
    repeat_unknown: bool,
}

impl McpTool {
    pub(crate) fn new(inner: Arc<Inner>, tool: &rmcp::model::Tool) -> Self {
        let schema = ToolSchema::new(
            tool.name.as_ref(),
            tool.description.as_deref().unwrap_or_default(),
            Value::Object((*tool.input_schema).clone()),
        );
        let name = tool.name.as_ref();
        let hinted = if inner.options.trust_annotations {
            risk_from_hints(tool.annotations.as_ref())
        } else {
            ToolRisk::Unknown
        };
        // The user's word beats the server's hints, in both directions.
        let risk = inner.options.risks.get(name).copied().unwrap_or(hinted);
        let repeat_unknown = inner
            .options
            .repeat_unknown
            .get(name)
            .copied()
            .unwrap_or(matches!(risk, ToolRisk::ReadOnly | ToolRisk::Idempotent));
        Self {
            inner,
            schema,
            annotations: tool.annotations.clone(),
            risk,
            repeat_unknown,
        }
    }

    /// The hints the server gave for this tool (read-only, idempotent,
    /// destructive). Hints from a server that may not be trusted.
    pub fn annotations(&self) -> Option<&ToolAnnotations> {
        self.annotations.as_ref()
    }

    /// Whether a call whose outcome is unknown (the request went out, then
    /// the answer was lost) may be sent again: from the user's override,
    /// else whether the tool's [`risk`](Tool::risk) is read-only or idempotent.
    pub fn repeats_unknown_outcomes(&self) -> bool {
        self.repeat_unknown
    }

    async fn run(&self, input: &Value) -> ToolOutput {
        raw::clear();
        let name = self.schema.name.as_str();
        let mut params = CallToolRequestParams::new(name.to_owned());
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
            // Dropping the request future, here or when the driver cancels the
            // attempt, makes rmcp send `notifications/cancelled` for it.
            let answered =
                tokio::time::timeout(limit, live.peer.call_tool_once(params.clone())).await;
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
                        "could not send the request to the MCP server (connection closed: {error}); it was not sent, and the server is started again for the next attempt"
                    ))
                } else {
                    // One failed POST leaves the HTTP transport (and the
                    // other calls on it) running; only a closed one is retired.
                    if live.peer.is_transport_closed() {
                        self.inner.lost(live.generation).await;
                    }
                    if never_connected(&error) {
                        ToolOutput::error(format!(
                            "could not connect to the MCP server (connection refused: {error}); the request was not sent"
                        ))
                    } else {
                        self.unknown_outcome(&format!(
                            "sending the request to the MCP server failed part-way (connection lost: {error})"
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
                "MCP protocol error from tool `{name}`: {other}"
            )),
        }
    }

    /// The request reached the server and its answer was lost. A tool that
    /// may run twice is left to the reflector (the text reads as transient);
    /// any other ends here, so it is not repeated by accident.
    fn unknown_outcome(&self, why: &str) -> ToolOutput {
        let name = self.schema.name.as_str();
        if self.repeat_unknown {
            return ToolOutput::error(format!(
                "{why}; `{name}` may safely run again (read-only or idempotent), on a new connection when this one was lost"
            ));
        }
        ToolOutput::error(format!(
            "the outcome of this call to `{name}` is unknown: {why}. The tool is not marked read-only or idempotent, so it was not sent again; check whether it took effect before calling it again"
        ))
        .settled(RecoveryAction::Fail(format!(
            "outcome unknown; `{name}` is not repeated because it is not marked read-only or idempotent"
        )))
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

/// What the server's hints say a tool does: `readOnlyHint` first, then
/// `idempotentHint`, then an explicit `destructiveHint`; nothing said is
/// [`ToolRisk::Unknown`].
fn risk_from_hints(hints: Option<&ToolAnnotations>) -> ToolRisk {
    let Some(hints) = hints else {
        return ToolRisk::Unknown;
    };
    if hints.read_only_hint == Some(true) {
        ToolRisk::ReadOnly
    } else if hints.idempotent_hint == Some(true) {
        ToolRisk::Idempotent
    } else if hints.destructive_hint == Some(true) {
        ToolRisk::Destructive
    } else {
        ToolRisk::Unknown
    }
}

impl Tool for McpTool {
    fn schema(&self) -> &ToolSchema {
        &self.schema
    }

    /// The user's declaration for this tool, else the server's hints (when
    /// trusted), else unknown.
    fn risk(&self) -> ToolRisk {
        self.risk
    }

    /// The same rule as for the set's own time-out, so a driver time-out
    /// shorter than the set's cannot send a non-idempotent call twice.
    fn may_run_twice(&self) -> bool {
        self.repeat_unknown
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
            .field("risk", &self.risk)
            .field("repeats_unknown_outcomes", &self.repeat_unknown)
            .finish_non_exhaustive()
    }
}
