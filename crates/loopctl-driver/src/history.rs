//! [`AttemptRecord`]: what happened to one failed attempt, kept on the result when asked for.

use std::time::Duration;

use loopctl_reflect_core::{FailureAnalysis, RecoveryAction};
use serde_json::Value;

/// One failed attempt of a call, as [`ToolResult::history`](crate::ToolResult::history)
/// keeps it when the driver was built with
/// [`Dispatcher::with_attempt_history`](crate::Dispatcher::with_attempt_history).
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct AttemptRecord {
    /// 0 for the original call.
    pub attempt: u32,
    /// The tool that ran (after any `ToolChange`).
    pub tool: String,
    /// The input it ran with, when a correction had changed it; `None` when
    /// it was the call's own input.
    pub corrected_input: Option<Value>,
    /// The tool's error text.
    pub error: String,
    /// The reflector's analysis; `None` when reflection failed.
    pub analysis: Option<FailureAnalysis>,
    /// Why the analysis's correction was rejected (a fix that breaks the
    /// tool's schema), when it was.
    pub rejected_correction: Option<String>,
    /// What the strategy decided.
    pub action: RecoveryAction,
    /// How long the driver waited before the next attempt (zero when none
    /// followed).
    pub delay: Duration,
}

impl AttemptRecord {
    /// The record of a failed attempt before its analysis and decision are
    /// filled in: no analysis, no rejection, `Fail` with no reason, no delay.
    pub(crate) fn failed(
        attempt: u32,
        tool: &str,
        corrected_input: Option<Value>,
        error: &str,
    ) -> Self {
        Self {
            attempt,
            tool: tool.to_owned(),
            corrected_input,
            error: error.to_owned(),
            analysis: None,
            rejected_correction: None,
            action: RecoveryAction::Fail(String::new()),
            delay: Duration::ZERO,
        }
    }
}
