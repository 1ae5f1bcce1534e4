//! loopctl decides what an LLM agent does when one of its tool calls fails.
//!
//! A *reflector* works out what went wrong (is it recoverable, how severe is
//! it, is there a fix a machine can apply?), a *recovery strategy* decides
//! what to do about it (retry after a delay with the fix applied, skip, ask
//! the user, or fail), and a *driver* carries that out around every tool
//! call, under a hard ceiling of [`reflection::MAX_RECOVERY_ATTEMPTS`]
//! retries so that nothing retries forever.
//!
//! ```
//! use std::sync::Arc;
//! use loopctl::prelude::*;
//! use serde_json::json;
//!
//! # tokio::runtime::Builder::new_current_thread().enable_time().build().unwrap().block_on(async {
//! let registry = ToolRegistry::new().with(FnTool::new(
//!     ToolSchema::new("fetch", "Fetches a URL", json!({"type": "object"})),
//!     |_input| async { ToolOutput::error("connect ECONNREFUSED 127.0.0.1:9") },
//! ));
//! let driver = Dispatcher::new(registry)
//!     .with_reflector(Arc::new(RuleReflector::new()))
//!     .with_recovery_strategy(Arc::new(ExponentialBackoffRecovery::new(2).with_base_delay(std::time::Duration::ZERO)));
//! let result = driver.dispatch(ToolCall::new("call-1", "fetch", json!({"url": "http://127.0.0.1:9"}))).await?;
//! // Refused connections are transient: two retries, then a soft failure the model can plan around.
//! assert!(result.is_error);
//! assert_eq!(result.attempts, 3);
//! # Ok::<(), loopctl::driver::LoopError>(())
//! # }).unwrap();
//! ```
//!
//! # Features
//!
//! | feature | default | what it turns on |
//! |---|---|---|
//! | `backoff` | yes | [`reflection::backoff`]: `ExponentialBackoffRecovery` and the other strategies |
//! | `driver` | yes | [`driver`]: tools, the registry, `Dispatcher`, batches (implies `backoff`) |
//! | `agent` | no | [`agent`]: `Agent`, a chat model's turns of tool calls run through the driver (implies `driver` and the LLM traits) |
//! | `rules` | yes | [`reflection::rules`]: `RuleReflector`, `FallbackReflector`, `CachingReflector` |
//! | `typed` | yes | `driver::TypedTool`: a tool over a Rust input type, its schema derived with schemars (implies `driver`) |
//! | `record` | no | [`record`]: `JsonlRecorder`, a JSON Lines log of failed attempts for `loopctl replay` (implies `driver`) |
//! | `mcp` | no | [`mcp`]: `McpToolSet`, every tool of an MCP server started as a child process, recovering through the driver (implies `driver`) |
//! | `mcp-http` | no | [`mcp`] over MCP's streamable HTTP transport (implies `driver`) |
//! | `rig` | no | [`rig`]: `Recovery` (a dispatcher's tools as rig dynamic tools, and the hook that stops runs on hard errors and repairs invalid calls) and `RigTool` (implies `driver`) |
//! | `redis` | no | [`fleet`]: `SharedBudget` and `SharedBreaker`, one retry budget and one circuit per tool for a fleet of replicas, held in Redis (implies `driver`) |
//! | `otel-conventions` | no | one `execute_tool` span per call and per attempt in [`driver`], after the OpenTelemetry GenAI conventions, through `tracing` (attach `tracing-opentelemetry` to export) |
//! | `metrics` | no | recovery metrics from [`driver`] through the `metrics` facade (the application installs the exporter) |
//! | `llm` | no | [`reflection::llm`]: `LlmReflector`, and the provider-neutral traits in [`llm`] |
//! | `openai` | no | the OpenAI-compatible provider in [`llm`] (implies `llm`) |
//! | `anthropic` | no | the Anthropic provider in [`llm`] (implies `llm`) |
//! | `schema_validation` | no | [`schema`], and every proposed `InputFix` is checked against the tool's JSON Schema |
//! | `full` | no | all of the above |
//!
//! Without `schema_validation` nothing in the build pulls in a JSON Schema
//! validator, and without `openai` and `anthropic` there is no HTTP client.
//! Each sub-crate can also be used on its own.
//!
//! # The defaults, and the surprise in them
//!
//! The default reflector, `NoopReflector`, calls every failure
//! unrecoverable, and the default strategy fails unrecoverable failures at
//! once. So out of the box every tool call gets exactly one attempt: retrying
//! is opt-in. Pick a reflector (`RuleReflector`, `LlmReflector` or your own)
//! to turn it on.

#![cfg_attr(docsrs, feature(doc_cfg))]

pub mod reflection;

/// The facade's features this build was compiled with, in the order of the
/// feature table (`full` is not listed; it turns on all the others).
///
/// Features are unified across a build, so a library that asks for the
/// defaults still sees `schema_validation` when another crate in the same
/// build turns it on; this tells a program which behaviour it got.
///
/// ```
/// assert!(loopctl::FEATURES.contains(&"driver") || !cfg!(feature = "driver"));
/// ```
pub const FEATURES: &[&str] = &[
    #[cfg(feature = "backoff")]
    "backoff",
    #[cfg(feature = "driver")]
    "driver",
    #[cfg(feature = "redact")]
    "redact",
    #[cfg(feature = "agent")]
    "agent",
    #[cfg(feature = "rules")]
    "rules",
    #[cfg(feature = "typed")]
    "typed",
    #[cfg(feature = "record")]
    "record",
    #[cfg(feature = "mcp")]
    "mcp",
    #[cfg(feature = "mcp-http")]
    "mcp-http",
    #[cfg(feature = "rig")]
    "rig",
    #[cfg(feature = "redis")]
    "redis",
    #[cfg(feature = "otel-conventions")]
    "otel-conventions",
    #[cfg(feature = "metrics")]
    "metrics",
    #[cfg(feature = "llm")]
    "llm",
    #[cfg(feature = "openai")]
    "openai",
    #[cfg(feature = "anthropic")]
    "anthropic",
    #[cfg(feature = "schema_validation")]
    "schema_validation",
    #[cfg(feature = "policy")]
    "policy",
];

/// Schema validation, correction checks and strict schemas.
#[cfg(feature = "schema_validation")]
#[cfg_attr(docsrs, doc(cfg(feature = "schema_validation")))]
pub mod schema {
    #[doc(inline)]
    pub use loopctl_schema::*;
}

/// loopctl.toml: the policy file, read and checked, and what it gives each tool.
#[cfg(feature = "policy")]
#[cfg_attr(docsrs, doc(cfg(feature = "policy")))]
pub mod policy {
    #[doc(inline)]
    pub use loopctl_policy::*;
}

/// The redactor: what hides secrets in the recorder, the LLM prompt, span
/// payloads, MCP errors and the command line.
#[cfg(feature = "redact")]
#[cfg_attr(docsrs, doc(cfg(feature = "redact")))]
pub mod redact {
    #[doc(inline)]
    pub use loopctl_redact::*;
}

/// The driver: tools, the registry, the recovery loop, the per-attempt
/// pipeline, batches, the agent, and the hard errors.
#[cfg(feature = "driver")]
#[cfg_attr(docsrs, doc(cfg(feature = "driver")))]
pub mod driver {
    #[doc(inline)]
    pub use loopctl_driver::*;
}

/// The agent loop: a chat model's turns of tool calls, each run through the driver.
#[cfg(feature = "agent")]
#[cfg_attr(docsrs, doc(cfg(feature = "agent")))]
pub mod agent {
    #[doc(inline)]
    pub use loopctl_agent::*;
}

/// Model clients: the structured-output and chat traits, and the providers.
#[cfg(any(feature = "llm", feature = "agent"))]
#[cfg_attr(docsrs, doc(cfg(any(feature = "llm", feature = "agent"))))]
pub mod llm {
    #[doc(inline)]
    pub use loopctl_llm::*;
}

/// The JSON Lines recorder of failed attempts and call outcomes.
#[cfg(feature = "record")]
#[cfg_attr(docsrs, doc(cfg(feature = "record")))]
pub mod record {
    #[doc(inline)]
    pub use loopctl_record::*;
}

/// MCP servers' tools as loopctl tools: connection, reconnection, the
/// outcome mapping and the unknown-outcome rule.
#[cfg(any(feature = "mcp", feature = "mcp-http"))]
#[cfg_attr(docsrs, doc(cfg(any(feature = "mcp", feature = "mcp-http"))))]
pub mod mcp {
    #[doc(inline)]
    pub use loopctl_mcp::*;
}

/// rig agents whose tool calls recover through loopctl, and rig tools as loopctl tools.
#[cfg(feature = "rig")]
#[cfg_attr(docsrs, doc(cfg(feature = "rig")))]
pub mod rig {
    #[doc(inline)]
    pub use loopctl_rig::*;
}

/// A fleet's shared retry budget and circuit breaker, held in Redis.
#[cfg(feature = "redis")]
#[cfg_attr(docsrs, doc(cfg(feature = "redis")))]
pub mod fleet {
    #[doc(inline)]
    pub use loopctl_redis::*;
}

pub mod prelude;

#[cfg(doctest)]
mod docs;
