//! The loopctl driver: runs every tool call through reflection and recovery, under a hard ceiling.
//!
//! For each call, [`Dispatcher::dispatch`] follows five steps:
//!
//! 1. The tool runs. On an error result, the reflector analyzes it, with the
//!    tool's schema when the tool is registered (`None` otherwise) and
//!    `ReflectionContext { task, attempt, max_attempts: 6 }`.
//! 2. The strategy decides, told the same attempt and `max_attempts`.
//! 3. `Retry { delay }`: the driver sleeps (a cancel cuts the sleep short),
//!    applies the correction, and runs the call again.
//! 4. `Skip`, `AskUser` or `Fail`: the last error result comes back softly,
//!    with the decision in [`ToolResult::final_action`].
//! 5. A strategy that asks for a seventh execution ends the run with
//!    [`LoopError::ToolRecoveryExhausted`]; nothing retries forever.
//!
//! Around every attempt, retries included, the per-attempt pipeline fires
//! again: observers ([`AttemptObserver`]), pre- and post-tool hooks
//! ([`PreToolHook`], [`PostToolHook`]), the [`LoopDetector`] and the
//! [`HealthMonitor`] with its optional circuit breaker. None is configured by
//! default, and then the pipeline costs a few branches and no allocation.
//! [`Dispatcher::dispatch_batch`] runs a turn's calls concurrently;
//! `loopctl-agent` drives a chat model through turns of tool calls.
//!
//! Only a cancel, the ceiling and a loop-detector stop are hard errors. A reflector that errors,
//! panics or hangs means "unrecoverable", so the call fails softly; a
//! strategy that panics means `Fail`; a tool that panics or runs past its
//! time-out gives an error result, which is reflected on like any other.
//!
//! ```
//! use std::sync::Arc;
//! use loopctl_driver::{Dispatcher, FnTool, ToolCall, ToolOutput, ToolRegistry};
//! use loopctl_reflect_core::ToolSchema;
//! use serde_json::json;
//!
//! # tokio::runtime::Builder::new_current_thread().enable_time().build().unwrap().block_on(async {
//! let mut registry = ToolRegistry::new();
//! registry.register(FnTool::new(
//!     ToolSchema::new("delete", "Deletes a file", json!({"type": "object"})),
//!     |_input| async { ToolOutput::error("EACCES: permission denied") },
//! ));
//! let driver = Dispatcher::new(registry);
//! let result = driver.dispatch(ToolCall::new("c1", "delete", json!({"path": "/etc"}))).await.unwrap();
//! // The stock defaults retry nothing: one attempt, a soft failure.
//! assert!(result.is_error);
//! assert_eq!(result.attempts, 1);
//! assert_eq!(result.content, "EACCES: permission denied");
//! # });
//! ```

#![cfg_attr(docsrs, feature(doc_cfg))]

mod effect;
mod error;
mod history;
mod idempotency;
mod output;
mod registry;
mod result;
mod run;
mod safety;
mod stages;
mod telemetry;
mod tool;
#[cfg(feature = "typed")]
mod typed;

pub use effect::{Effect, Repeatability};
pub use error::LoopError;
pub use history::AttemptRecord;
pub use idempotency::{IDEMPOTENCY_KEY_HEADER, idempotency_header, idempotency_key};
pub use output::ToolOutput;
pub use registry::ToolRegistry;
pub use result::ToolResult;
pub use run::{CallRef, CancelSignal, Dispatcher, Finished, Guarded, ToolOverrides, guard};
pub use safety::{
    CheckFuture, Outcome, OutcomeCheck, SafetyPolicy, ToolCheck, Unsure,
    same_name_but_for_case_and_separators,
};
pub use stages::{
    Admission, AdmissionFuture, Admit, AllowListHook, AttemptFinished, AttemptObserver,
    AttemptStarted, AttemptView, BreakerConfig, Bulkhead, CircuitBreaker, CircuitState,
    DefaultToolSignature, HealthMonitor, HookVerdict, LoopDetector, LoopVerdict, PostToolHook,
    PreToolHook, RateLimit, Recorded, RecoveryDecided, ToolHealth, ToolSignature,
};
#[cfg(feature = "metrics")]
#[cfg_attr(docsrs, doc(cfg(feature = "metrics")))]
pub use telemetry::describe_metrics;
pub use tool::{FnTool, Tool, ToolCall, ToolFuture};
#[cfg(feature = "typed")]
#[cfg_attr(docsrs, doc(cfg(feature = "typed")))]
pub use typed::TypedTool;
