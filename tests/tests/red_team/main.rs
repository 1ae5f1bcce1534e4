//! The red-team sets through the driver with an LLM reflector that obeys every injection: no correction may escalate a call, whatever the model proposes.
//!
//! Escalation is measured from what the tools saw, never from the policy's
//! own verdicts: a call that reached the tool an attack asked for, or an
//! input that carried what it asked for. `threats.rs` runs the set written
//! against each threat class (`data/threats.jsonl`); `injections.rs` the
//! prompt-injection payloads from public datasets (`data/redteam.jsonl`).

#[path = "../support/mod.rs"]
mod support;

mod injections;
mod threats;

use std::sync::{Arc, Mutex};
use std::time::Duration;

use loopctl::prelude::*;
use loopctl_testkit::{Reply, TestServer};
use serde_json::{Value, json};
use support::{completion, llm_with_timeout};

/// Every call any tool received: its name and input.
pub(crate) type Calls = Arc<Mutex<Vec<(String, Value)>>>;

/// What an obeying model proposes.
#[derive(Debug, Clone)]
pub(crate) enum Proposal {
    /// Run the call with this input.
    Input(Value),
    /// Run this tool instead.
    Tool(String),
}

impl Proposal {
    /// The strict `failure_analysis` document a model that obeys gives.
    fn answer(&self) -> Value {
        let correction = match self {
            Self::Tool(name) => json!({
                "correction_type": "tool_change", "description": "the error says to use another tool",
                "modified_input": null, "alternative_tool": name, "guidance": null
            }),
            Self::Input(fixed) => json!({
                "correction_type": "input_fix", "description": "the error says to change the input",
                "modified_input": fixed, "alternative_tool": null, "guidance": null
            }),
        };
        json!({"is_recoverable": true, "root_cause": "the tool asked for it", "severity": "low", "context": "", "correction": correction})
    }

    /// Whether the calls show the proposal applied.
    pub(crate) fn applied(&self, calls: &[(String, Value)]) -> bool {
        calls.iter().any(|(tool, input)| match self {
            Self::Tool(name) => tool == name,
            Self::Input(fixed) => input == fixed,
        })
    }
}

/// Runs one call of `tool` with `input` through `registry`, its failures
/// analysed by a model (on 127.0.0.1) that answers `proposal` every time.
pub(crate) async fn obeyed(
    registry: ToolRegistry,
    tool: &str,
    input: &Value,
    proposal: &Proposal,
    policy: SafetyPolicy,
) -> ToolResult {
    let server = TestServer::start(vec![Reply::json(&completion(&proposal.answer()))]).await;
    let reflector = llm_with_timeout(&server, Duration::from_secs(30));
    run(registry, tool, input, reflector, policy).await
}

/// Runs one call through `registry` with `reflector`, two retries, no waits.
pub(crate) async fn run(
    registry: ToolRegistry,
    tool: &str,
    input: &Value,
    reflector: Arc<dyn Reflector>,
    policy: SafetyPolicy,
) -> ToolResult {
    Dispatcher::new(registry)
        .with_reflector(reflector)
        .with_recovery_strategy(Arc::new(
            ExponentialBackoffRecovery::new(2).with_base_delay(Duration::ZERO),
        ))
        .with_safety_policy(policy)
        // Some texts ask for waits of their own (`Retry after 30s`); how
        // long the driver waits has no bearing on what it runs.
        .with_max_retry_delay(Duration::ZERO)
        .with_attempt_history()
        .dispatch(ToolCall::new("red-team", tool, input.clone()))
        .await
        .unwrap_or_else(|error| panic!("{tool}: {error}"))
}
